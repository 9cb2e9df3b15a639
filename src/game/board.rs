//! The board: entities spawned from the rules state (lilies, frogs, tiles,
//! animals and the freedom queue), clicks turned into `MoveRequested`, and the
//! animation of each change, found by comparing the state before and after.

use super::Screen;
use super::anim::{self, DespawnWhenDone, JumpLens, PopLens, ShakeLens, SinkLens, SplashLens};
use super::autoplay::{Hint, PlayerInput};
use super::moves::{BoardCommand, MoveApplied, MoveRejected, MoveRequested, PlayState};
use super::settings::Settings;
use super::theme::Art;
use crate::rules::escape::{Escape, EscapeMove};
use crate::rules::flood::{Flood, FloodMove};
use crate::rules::hop::{Hop, HopMove, Shape};
use crate::rules::swap::{Cell, SwapMove};
use crate::rules::{Puzzle, PuzzleMove};
use bevy::camera::ScalingMode;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use std::collections::HashMap;

const SWAP_STEP: f32 = 84.0;
const SQUARE_STEP: f32 = 84.0;
const POND_STEP: f32 = 62.0;
const FLOOD_TILE: f32 = 34.0;
const ESCAPE_STEP: f32 = 74.0;
const QUEUE_STEP: f32 = 60.0;
const QUEUE_PER_ROW: usize = 8;
/// Room kept around the board, in pixels, for the panels.
struct Margins {
    left: f32,
    right: f32,
    top: f32,
    bottom: f32,
}

/// The level panel above, the solver panel on the right, the palette and the
/// controls below.
const PANEL_PX: Margins = Margins {
    left: 24.0,
    right: 330.0,
    top: 150.0,
    bottom: 130.0,
};
/// World units of water kept around the board.
const BOARD_PAD: f32 = 40.0;

/// The parent of every board entity; respawned whole after each change.
#[derive(Component)]
pub struct BoardRoot;

#[derive(Component)]
pub struct Lily;

#[derive(Component)]
pub struct Frog;

#[derive(Component)]
pub struct Tile;

#[derive(Component)]
pub struct Animal;

#[derive(Component)]
pub struct FreedomQueue;

/// What a click on this entity asks for.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Clickable {
    SwapFrog(u32),
    HopPad(u8),
    FloodTile(u8),
    EscapeRow(u8),
    /// The last animal of the queue: clicking it takes it back.
    QueueLast,
}

/// The Hop frog picked by a first click, waiting for a pad.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HopPick(pub Option<u8>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HopPick>()
        .init_resource::<KeyCursor>()
        .add_systems(OnEnter(Screen::Play), spawn_fresh)
        .add_systems(OnExit(Screen::Play), reset_camera)
        .add_systems(
            Update,
            (
                respawn_after_move,
                shake_on_reject,
                show_pick,
                show_hint,
                cursor_keys,
                show_cursor,
                fit_camera,
            )
                .chain()
                .run_if(in_state(Screen::Play).and_then(resource_exists::<PlayState>)),
        );
}

/// Where things stand on the board, in world units around the origin.
pub fn swap_pos(i: usize, n: usize) -> Vec2 {
    Vec2::new((i as f32 - (n as f32 - 1.0) / 2.0) * SWAP_STEP, 0.0)
}

pub fn hop_pos(h: &Hop, pad: u8) -> Vec2 {
    let (r, c) = h.board.pads[pad as usize];
    let (r, c) = (r as f32, c as f32);
    let rows = h.board.rows as f32;
    let cols = h.board.cols as f32;
    match h.board.shape {
        Shape::Triangle => Vec2::new(
            (c - r / 2.0) * SQUARE_STEP,
            -(r - (rows - 1.0) / 2.0) * SQUARE_STEP * 0.87,
        ),
        Shape::Pond => Vec2::new(
            (c - (cols - 1.0) / 2.0) * POND_STEP,
            -(r - (rows - 1.0) / 2.0) * POND_STEP,
        ),
        Shape::Square => Vec2::new(
            (c - (cols - 1.0) / 2.0) * SQUARE_STEP,
            -(r - (rows - 1.0) / 2.0) * SQUARE_STEP,
        ),
    }
}

pub fn flood_pos(f: &Flood, i: usize) -> Vec2 {
    let (w, h) = (f.width as usize, f.height as usize);
    let (x, y) = (i % w, i / w);
    Vec2::new(
        (x as f32 - (w as f32 - 1.0) / 2.0) * FLOOD_TILE,
        -(y as f32 - (h as f32 - 1.0) / 2.0) * FLOOD_TILE,
    )
}

pub fn escape_pos(e: &Escape, row: u8, col: u8) -> Vec2 {
    let (rows, cols) = (e.rows as f32, e.cols as f32);
    Vec2::new(
        (col as f32 - (cols - 1.0) / 2.0) * ESCAPE_STEP,
        -(row as f32 - (rows - 1.0) / 2.0) * ESCAPE_STEP + queue_height(e) / 2.0,
    )
}

fn queue_height(e: &Escape) -> f32 {
    let slots = e.rows as usize * e.cols as usize;
    (slots.div_ceil(QUEUE_PER_ROW) as f32) * QUEUE_STEP + 40.0
}

pub fn queue_pos(e: &Escape, slot: usize) -> Vec2 {
    let per_row = QUEUE_PER_ROW.min(e.rows as usize * e.cols as usize);
    let (r, c) = (slot / per_row, slot % per_row);
    let grid_bottom = -(e.rows as f32) / 2.0 * ESCAPE_STEP + queue_height(e) / 2.0;
    Vec2::new(
        (c as f32 - (per_row as f32 - 1.0) / 2.0) * QUEUE_STEP,
        grid_bottom - 50.0 - r as f32 * QUEUE_STEP,
    )
}

/// The board's width and height in world units.
pub fn extent(p: &Puzzle) -> Vec2 {
    match p {
        Puzzle::Swap(s) => Vec2::new(s.cells.len() as f32 * SWAP_STEP, SWAP_STEP),
        Puzzle::Hop(h) => {
            let pts: Vec<Vec2> = (0..h.board.pads.len() as u8)
                .map(|p| hop_pos(h, p))
                .collect();
            let (min, max) = pts.iter().fold(
                (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
                |(a, b), &p| (a.min(p), b.max(p)),
            );
            (max - min).max(Vec2::ZERO) + Vec2::splat(SQUARE_STEP)
        }
        Puzzle::Flood(f) => Vec2::new(f.width as f32, f.height as f32) * FLOOD_TILE,
        Puzzle::Escape(e) => Vec2::new(
            (e.cols as f32 * ESCAPE_STEP).max(QUEUE_PER_ROW as f32 * QUEUE_STEP),
            e.rows as f32 * ESCAPE_STEP + queue_height(e),
        ),
    }
}

fn spawn_fresh(
    mut commands: Commands,
    state: Option<Res<PlayState>>,
    art: Res<Art>,
    mut pick: ResMut<HopPick>,
    mut cursor: ResMut<KeyCursor>,
    settings: Res<Settings>,
) {
    let Some(state) = state else { return };
    pick.0 = None;
    cursor.0 = None;
    spawn_board(&mut commands, &art, &state.puzzle, settings.colour_blind);
}

/// Keeps the whole board in view, centred in the part of the window the
/// panels leave free, whatever the window's size.
fn fit_camera(
    state: Res<PlayState>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut camera: Query<(&mut Projection, &mut Transform), With<Camera2d>>,
) {
    let Some(window) = window else { return };
    let size = Vec2::new(window.width(), window.height());
    let free = (size
        - Vec2::new(
            PANEL_PX.left + PANEL_PX.right,
            PANEL_PX.top + PANEL_PX.bottom,
        ))
    .max(Vec2::splat(100.0));
    let board = extent(&state.puzzle) + Vec2::splat(BOARD_PAD);
    // World units per pixel: the larger need of the two directions.
    let scale = (board.x / free.x).max(board.y / free.y);
    let centre = Vec2::new(PANEL_PX.left + free.x / 2.0, PANEL_PX.top + free.y / 2.0);
    // The camera sits so that the world's origin shows at `centre`.
    let at = Vec3::new(
        (size.x / 2.0 - centre.x) * scale,
        (centre.y - size.y / 2.0) * scale,
        0.0,
    );
    for (mut projection, mut transform) in &mut camera {
        let fitted = OrthographicProjection {
            scaling_mode: ScalingMode::WindowSize,
            scale,
            ..OrthographicProjection::default_2d()
        };
        if let Projection::Orthographic(o) = projection.as_ref()
            && o.scale == scale
            && transform.translation == at
        {
            continue;
        }
        *projection = Projection::Orthographic(fitted);
        transform.translation = at;
    }
}

/// Back to a plain camera for the menus.
fn reset_camera(mut camera: Query<(&mut Projection, &mut Transform), With<Camera2d>>) {
    for (mut projection, mut transform) in &mut camera {
        *projection = Projection::Orthographic(OrthographicProjection::default_2d());
        transform.translation = Vec3::ZERO;
    }
}

fn frog_bundle(art: &Art, material: Handle<ColorMaterial>, at: Vec2, facing: Vec2) -> impl Bundle {
    let side = Vec2::new(-facing.y, facing.x) * 10.0;
    let ahead = facing * 11.0;
    let eye = |offset: Vec2| {
        (
            Mesh2d(art.eye.clone()),
            MeshMaterial2d(art.eye_mat.clone()),
            Transform::from_translation((offset + ahead).extend(1.0)),
            Pickable::IGNORE,
            children![(
                Mesh2d(art.pupil.clone()),
                MeshMaterial2d(art.pupil_mat.clone()),
                Transform::from_translation((facing * 3.0).extend(1.0)),
                Pickable::IGNORE,
            )],
        )
    };
    (
        Frog,
        Name::new("Frog"),
        Mesh2d(art.frog.clone()),
        MeshMaterial2d(material),
        Transform::from_translation(at.extend(2.0)),
        children![eye(side), eye(-side)],
    )
}

fn lily_bundle(art: &Art, at: Vec2, dark: bool) -> impl Bundle {
    (
        Lily,
        Name::new("Lily"),
        Mesh2d(art.lily.clone()),
        MeshMaterial2d(if dark {
            art.lily_dark_mat.clone()
        } else {
            art.lily_mat.clone()
        }),
        Transform::from_translation(at.extend(0.0)),
    )
}

/// Where a piece stands, to find its entity again for an animation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    Cell(usize),
    Grid(u8, u8),
    Slot(usize),
}

/// Spawns the board of `p` under a new root; returns the root and the pieces
/// by place.
pub fn spawn_board(
    commands: &mut Commands,
    art: &Art,
    p: &Puzzle,
    numbered: bool,
) -> (Entity, HashMap<Place, Entity>) {
    let mut places = HashMap::new();
    let root = commands
        .spawn((
            BoardRoot,
            Name::new("Board"),
            Transform::from_xyz(0.0, -20.0, 0.0),
            Visibility::default(),
            DespawnOnExit(Screen::Play),
        ))
        .id();
    let add = |commands: &mut Commands, bundle: (Entity, Option<Clickable>)| {
        commands.entity(root).add_child(bundle.0);
        if let Some(c) = bundle.1 {
            commands.entity(bundle.0).insert(c).observe(on_click);
            commands.entity(bundle.0).observe(on_over).observe(on_out);
            if matches!(c, Clickable::HopPad(_)) {
                commands
                    .entity(bundle.0)
                    .observe(on_drag_start)
                    .observe(on_drag)
                    .observe(on_drop)
                    .observe(on_drag_end);
            }
        }
    };
    match p {
        Puzzle::Swap(s) => {
            let n = s.cells.len();
            for (i, &cell) in s.cells.iter().enumerate() {
                let at = swap_pos(i, n);
                let lily = commands.spawn(lily_bundle(art, at, false)).id();
                add(commands, (lily, None));
                let (mat, facing) = match cell {
                    Cell::L => (art.l_mat.clone(), Vec2::X),
                    Cell::R => (art.r_mat.clone(), -Vec2::X),
                    Cell::Empty => continue,
                };
                let frog = commands.spawn(frog_bundle(art, mat, at, facing)).id();
                places.insert(Place::Cell(i), frog);
                add(commands, (frog, Some(Clickable::SwapFrog(i as u32))));
            }
        }
        Puzzle::Hop(h) => {
            for pad in 0..h.board.pads.len() as u8 {
                let at = hop_pos(h, pad);
                let lily = commands
                    .spawn(lily_bundle(art, at, h.finish == Some(pad)))
                    .id();
                add(commands, (lily, Some(Clickable::HopPad(pad))));
                let material = if h.red == Some(pad) {
                    art.red_mat.clone()
                } else if h.green >> pad & 1 == 1 {
                    art.green_mat.clone()
                } else {
                    continue;
                };
                let frog = commands.spawn(frog_bundle(art, material, at, Vec2::Y)).id();
                places.insert(Place::Cell(pad as usize), frog);
                add(commands, (frog, Some(Clickable::HopPad(pad))));
            }
        }
        Puzzle::Flood(f) => {
            for (i, &c) in f.cells.iter().enumerate() {
                let tile = commands
                    .spawn((
                        Tile,
                        Mesh2d(art.tile.clone()),
                        MeshMaterial2d(art.palette[c as usize % art.palette.len()].clone()),
                        Transform::from_translation(flood_pos(f, i).extend(0.0))
                            .with_scale(Vec3::new(FLOOD_TILE - 2.0, FLOOD_TILE - 2.0, 1.0)),
                    ))
                    .id();
                if numbered {
                    commands
                        .entity(tile)
                        .with_child(number_label(c, 17.0, FLOOD_TILE - 2.0));
                }
                add(commands, (tile, Some(Clickable::FloodTile(c))));
            }
        }
        Puzzle::Escape(e) => {
            let queue = commands
                .spawn((
                    FreedomQueue,
                    Name::new("Freedom queue"),
                    Transform::default(),
                    Visibility::default(),
                ))
                .id();
            add(commands, (queue, None));
            for slot in 0..e.rows as usize * e.cols as usize {
                let s = commands
                    .spawn((
                        Mesh2d(art.slot.clone()),
                        MeshMaterial2d(art.slot_mat.clone()),
                        Transform::from_translation(queue_pos(e, slot).extend(0.0)),
                        Pickable::IGNORE,
                    ))
                    .id();
                add(commands, (s, None));
            }
            // The exit: a gate on the east side of every row.
            for row in 0..e.rows {
                let at = escape_pos(e, row, e.cols) - Vec2::new(ESCAPE_STEP * 0.45, 0.0);
                let gate = commands
                    .spawn((
                        Mesh2d(art.tile.clone()),
                        MeshMaterial2d(art.lily_mat.clone()),
                        Transform::from_translation(at.extend(0.0)).with_scale(Vec3::new(
                            6.0,
                            ESCAPE_STEP * 0.8,
                            1.0,
                        )),
                        Pickable::IGNORE,
                    ))
                    .id();
                add(commands, (gate, None));
            }
            for row in 0..e.rows {
                for col in 0..e.left[row as usize] {
                    let a = e.animal(row, col);
                    let front = col + 1 == e.left[row as usize];
                    let entity = spawn_animal(commands, art, a, escape_pos(e, row, col), numbered);
                    places.insert(Place::Grid(row, col), entity);
                    add(
                        commands,
                        (entity, front.then_some(Clickable::EscapeRow(row))),
                    );
                }
            }
            for (slot, &(row, col)) in e.queue.iter().enumerate() {
                let last = slot + 1 == e.queue.len();
                let entity = spawn_animal(
                    commands,
                    art,
                    e.animal(row, col),
                    queue_pos(e, slot),
                    numbered,
                );
                places.insert(Place::Slot(slot), entity);
                add(commands, (entity, last.then_some(Clickable::QueueLast)));
            }
        }
    }
    (root, places)
}

fn spawn_animal(
    commands: &mut Commands,
    art: &Art,
    a: crate::rules::escape::Animal,
    at: Vec2,
    numbered: bool,
) -> Entity {
    let mesh = art.animals[a.kind as usize % art.animals.len()].clone();
    let animal = commands
        .spawn((
            Animal,
            Name::new(a.describe()),
            Mesh2d(mesh),
            MeshMaterial2d(art.palette[a.colour as usize % art.palette.len()].clone()),
            Transform::from_translation(at.extend(2.0)),
        ))
        .id();
    if numbered {
        commands
            .entity(animal)
            .with_child(number_label(a.colour, 18.0, 1.0));
    }
    animal
}

/// A colour's number (from 1, as on the palette), drawn over a piece whose
/// transform is scaled by `scale` (tiles are unit squares scaled up).
fn number_label(colour: u8, size: f32, scale: f32) -> impl Bundle {
    (
        Text2d::new(format!("{}", colour + 1)),
        TextFont {
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(Color::BLACK),
        bevy::sprite::Text2dShadow {
            color: Color::srgba(1.0, 1.0, 1.0, 0.8),
            offset: Vec2::new(1.0, -1.0),
        },
        Transform::from_xyz(0.0, 0.0, 1.0).with_scale(Vec3::new(1.0 / scale, 1.0 / scale, 1.0)),
        Pickable::IGNORE,
    )
}

fn on_click(
    click: On<Pointer<Click>>,
    clickables: Query<&Clickable>,
    state: Option<Res<PlayState>>,
    mut pick: ResMut<HopPick>,
    mut moves: MessageWriter<MoveRequested>,
    mut commands: MessageWriter<BoardCommand>,
    mut input: MessageWriter<PlayerInput>,
) {
    let (Ok(&target), Some(state)) = (clickables.get(click.entity), state) else {
        return;
    };
    input.write(PlayerInput);
    act(target, &state.puzzle, &mut pick, &mut moves, &mut commands);
}

/// What a click (or Enter on the keyboard cursor) on `target` does.
fn act(
    target: Clickable,
    puzzle: &Puzzle,
    pick: &mut HopPick,
    moves: &mut MessageWriter<MoveRequested>,
    commands: &mut MessageWriter<BoardCommand>,
) {
    let mv = match (target, puzzle) {
        (Clickable::SwapFrog(from), Puzzle::Swap(_)) => Some(PuzzleMove::Swap(SwapMove { from })),
        (Clickable::HopPad(pad), Puzzle::Hop(h)) => {
            let has_frog = h.occupied() >> pad & 1 == 1;
            match pick.0 {
                Some(from) if from != pad && !has_frog => {
                    pick.0 = None;
                    Some(PuzzleMove::Hop(HopMove { from, to: pad }))
                }
                _ if has_frog => {
                    pick.0 = if pick.0 == Some(pad) { None } else { Some(pad) };
                    None
                }
                _ => None,
            }
        }
        (Clickable::FloodTile(colour), Puzzle::Flood(_)) => {
            Some(PuzzleMove::Flood(FloodMove { colour }))
        }
        (Clickable::EscapeRow(row), Puzzle::Escape(_)) => {
            Some(PuzzleMove::Escape(EscapeMove { row }))
        }
        (Clickable::QueueLast, Puzzle::Escape(_)) => {
            commands.write(BoardCommand::Undo);
            None
        }
        _ => None,
    };
    if let Some(mv) = mv {
        moves.write(MoveRequested(mv));
    }
}

/// Where a dragged Hop frog stood before the drag.
#[derive(Component)]
struct DragHome(Vec3);

/// Hop: a frog picked up by a drag follows the pointer.
fn on_drag_start(
    drag: On<Pointer<DragStart>>,
    mut commands: Commands,
    state: Option<Res<PlayState>>,
    mut frogs: Query<(&Clickable, &Transform), With<Frog>>,
    mut pick: ResMut<HopPick>,
    mut input: MessageWriter<PlayerInput>,
) {
    let (Some(state), Ok((&Clickable::HopPad(pad), t))) = (state, frogs.get_mut(drag.entity))
    else {
        return;
    };
    if !matches!(state.puzzle, Puzzle::Hop(_)) {
        return;
    }
    input.write(PlayerInput);
    pick.0 = Some(pad);
    // The pads under the frog must see the pointer while it is carried.
    commands
        .entity(drag.entity)
        .insert((DragHome(t.translation), Pickable::IGNORE));
}

fn on_drag(
    drag: On<Pointer<Drag>>,
    mut frogs: Query<&mut Transform, With<DragHome>>,
    camera: Query<&Projection, With<Camera2d>>,
) {
    let Ok(mut t) = frogs.get_mut(drag.entity) else {
        return;
    };
    let scale = match camera.iter().next() {
        Some(Projection::Orthographic(o)) => o.scale,
        _ => 1.0,
    };
    t.translation.x += drag.delta.x * scale;
    t.translation.y -= drag.delta.y * scale;
    t.translation.z = 9.0;
}

/// Dropped on a pad: the jump is asked for; the rules decide.
fn on_drop(
    drop: On<Pointer<DragDrop>>,
    pads: Query<&Clickable>,
    carried: Query<(), With<DragHome>>,
    mut pick: ResMut<HopPick>,
    mut moves: MessageWriter<MoveRequested>,
) {
    if carried.get(drop.dropped).is_err() {
        return;
    }
    let (Ok(&Clickable::HopPad(to)), Some(from)) = (pads.get(drop.entity), pick.0) else {
        return;
    };
    pick.0 = None;
    if from != to {
        moves.write(MoveRequested(PuzzleMove::Hop(HopMove { from, to })));
    }
}

/// A frog let go anywhere goes home; a legal jump respawns the board anyway.
fn on_drag_end(
    end: On<Pointer<DragEnd>>,
    mut commands: Commands,
    mut frogs: Query<(&mut Transform, &DragHome)>,
    mut pick: ResMut<HopPick>,
) {
    if let Ok((mut t, home)) = frogs.get_mut(end.entity) {
        t.translation = home.0;
        pick.0 = None;
        commands
            .entity(end.entity)
            .remove::<DragHome>()
            .insert(Pickable::default());
    }
}

/// The keyboard's cursor on the board: arrows move it to the nearest piece
/// that way, Enter acts as a click there.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct KeyCursor(pub Option<Vec2>);

#[derive(Component)]
struct CursorRing;

fn cursor_keys(
    keys: Res<ButtonInput<KeyCode>>,
    menu: Res<super::overlay::MenuOpen>,
    state: Res<PlayState>,
    targets: Query<(&Clickable, &Transform)>,
    mut cursor: ResMut<KeyCursor>,
    mut pick: ResMut<HopPick>,
    mut moves: MessageWriter<MoveRequested>,
    mut commands: MessageWriter<BoardCommand>,
    mut input: MessageWriter<PlayerInput>,
) {
    if menu.0 {
        return;
    }
    let way = super::keys::arrow(&keys, false);
    let spots: Vec<(Clickable, Vec2)> = targets
        .iter()
        .map(|(c, t)| (*c, t.translation.truncate()))
        .collect();
    if spots.is_empty() {
        return;
    }
    if let Some(way) = way {
        let from = cursor.0;
        cursor.0 = match from {
            None => spots
                .iter()
                .min_by(|a, b| a.1.length().total_cmp(&b.1.length()))
                .map(|s| s.1),
            Some(at) => super::keys::nearest_toward(at, way, 2.0, spots.iter().map(|s| (s.1, s.1)))
                .or(Some(at)),
        };
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter])
        && let Some(at) = cursor.0
        && let Some(&(target, _)) = spots
            .iter()
            .min_by(|a, b| (a.1 - at).length().total_cmp(&(b.1 - at).length()))
    {
        input.write(PlayerInput);
        act(target, &state.puzzle, &mut pick, &mut moves, &mut commands);
    }
}

fn show_cursor(
    mut commands: Commands,
    cursor: Res<KeyCursor>,
    state: Res<PlayState>,
    art: Res<Art>,
    mut rings: Query<(Entity, &mut Transform), With<CursorRing>>,
    roots: Query<Entity, With<BoardRoot>>,
) {
    let Some(at) = cursor.0 else { return };
    let size = match &state.puzzle {
        Puzzle::Flood(_) => 0.45,
        Puzzle::Escape(_) => 0.85,
        _ => 1.05,
    };
    let place = Transform::from_translation(at.extend(9.0)).with_scale(Vec3::splat(size));
    if let Ok((_, mut t)) = rings.single_mut() {
        *t = place;
        return;
    }
    // The ring went with the last board; put one on this one.
    for (ring, _) in &rings {
        commands.entity(ring).despawn();
    }
    if let Some(root) = roots.iter().next() {
        commands.spawn((
            CursorRing,
            Mesh2d(art.pad_ring.clone()),
            MeshMaterial2d(art.eye_mat.clone()),
            place,
            Pickable::IGNORE,
            ChildOf(root),
        ));
    }
}

/// Hover shows what is clickable: the piece grows a little.
fn on_over(over: On<Pointer<Over>>, mut pieces: Query<&mut Transform, With<Clickable>>) {
    if let Ok(mut t) = pieces.get_mut(over.entity)
        && t.scale.z == 1.0
    {
        t.scale.x *= 1.1;
        t.scale.y *= 1.1;
        t.scale.z = 1.001;
    }
}

fn on_out(out: On<Pointer<Out>>, mut pieces: Query<&mut Transform, With<Clickable>>) {
    if let Ok(mut t) = pieces.get_mut(out.entity)
        && t.scale.z != 1.0
    {
        t.scale.x /= 1.1;
        t.scale.y /= 1.1;
        t.scale.z = 1.0;
    }
}

fn respawn_after_move(
    mut commands: Commands,
    mut applied: MessageReader<MoveApplied>,
    state: Res<PlayState>,
    art: Res<Art>,
    roots: Query<Entity, With<BoardRoot>>,
    mut pick: ResMut<HopPick>,
    settings: Res<Settings>,
) {
    let Some(change) = applied.read().last() else {
        return;
    };
    pick.0 = None;
    for root in &roots {
        commands.entity(root).despawn();
    }
    let (root, places) = spawn_board(&mut commands, &art, &state.puzzle, settings.colour_blind);
    animate_change(
        &mut commands,
        &art,
        root,
        &places,
        &change.before,
        &state.puzzle,
    );
}

/// Adds the animation from `before` to `after` onto the freshly spawned board:
/// the piece that moved flies from where it stood, found by where it stands now.
fn animate_change(
    commands: &mut Commands,
    art: &Art,
    root: Entity,
    places: &HashMap<Place, Entity>,
    before: &Puzzle,
    after: &Puzzle,
) {
    let mut fly = |place: Place, from: Vec2, to: Vec2, height: f32, ms: u64| {
        if let Some(&e) = places.get(&place) {
            commands.entity(e).insert(anim::tween(
                ms,
                JumpLens {
                    start: from.extend(5.0),
                    end: to.extend(2.0),
                    height,
                },
            ));
        }
    };
    match (before, after) {
        (Puzzle::Swap(b), Puzzle::Swap(a)) => {
            let n = a.cells.len();
            let src = (0..n).find(|&i| b.cells[i] != Cell::Empty && a.cells[i] == Cell::Empty);
            let dst = (0..n).find(|&i| b.cells[i] == Cell::Empty && a.cells[i] != Cell::Empty);
            if let (Some(s), Some(d)) = (src, dst) {
                let height = if s.abs_diff(d) > 1 { 70.0 } else { 26.0 };
                fly(Place::Cell(d), swap_pos(s, n), swap_pos(d, n), height, 340);
            }
        }
        (Puzzle::Hop(b), Puzzle::Hop(a)) => {
            let (ob, oa) = (b.occupied(), a.occupied());
            let appeared = oa & !ob;
            let vanished = ob & !oa;
            let pads = |set: u64| (0..64u8).filter(move |&p| set >> p & 1 == 1);
            if a.frogs() < b.frogs() {
                // Forward: one frog lands; the jumper's pad and the jumped pad empty.
                let to = appeared.trailing_zeros() as u8;
                if let Some(line) = pads(vanished).find_map(|f| a.board.line(f, to)) {
                    fly(
                        Place::Cell(to as usize),
                        hop_pos(a, line.from),
                        hop_pos(a, to),
                        80.0,
                        380,
                    );
                    sink(commands, art, root, hop_pos(a, line.over));
                }
            } else if a.frogs() > b.frogs() {
                // Taken back: the frog jumps home and the jumped frog comes up.
                let to = vanished.trailing_zeros() as u8;
                if let Some(line) = pads(appeared).find_map(|f| a.board.line(f, to)) {
                    fly(
                        Place::Cell(line.from as usize),
                        hop_pos(a, to),
                        hop_pos(a, line.from),
                        80.0,
                        380,
                    );
                    if let Some(&e) = places.get(&Place::Cell(line.over as usize)) {
                        commands.entity(e).insert(anim::tween(
                            380,
                            PopLens {
                                delay: 0.3,
                                from: 0.0,
                            },
                        ));
                    }
                }
            }
        }
        (Puzzle::Flood(b), Puzzle::Flood(a)) => {
            let order = a.region();
            let n = order.len().max(1) as f32;
            for (k, &i) in order.iter().enumerate() {
                let i = i as usize;
                if b.cells[i] != a.cells[i] {
                    let colour = a.cells[i] as usize % art.palette.len();
                    let old = b.cells[i] as usize % art.palette.len();
                    // The old colour stays underneath until the wave covers it.
                    commands.spawn((
                        Mesh2d(art.tile.clone()),
                        MeshMaterial2d(art.palette[old].clone()),
                        Transform::from_translation(flood_pos(a, i).extend(0.5))
                            .with_scale(Vec3::new(FLOOD_TILE - 2.0, FLOOD_TILE - 2.0, 1.0)),
                        anim::tween(500, Hold),
                        DespawnWhenDone,
                        Pickable::IGNORE,
                        ChildOf(root),
                    ));
                    commands.spawn((
                        Mesh2d(art.tile.clone()),
                        MeshMaterial2d(art.palette[colour].clone()),
                        Transform::from_translation(flood_pos(a, i).extend(1.0))
                            .with_scale(Vec3::ZERO),
                        anim::tween(
                            500,
                            FloodWave {
                                delay: 0.7 * k as f32 / n,
                                size: FLOOD_TILE - 2.0,
                            },
                        ),
                        DespawnWhenDone,
                        Pickable::IGNORE,
                        ChildOf(root),
                    ));
                }
            }
        }
        (Puzzle::Escape(b), Puzzle::Escape(a)) => {
            // The animal walks out east through the gate, down the east side
            // and along to its slot; taken back, it walks the same way home.
            let route = |row: u8, col: u8, slot: usize| {
                let home = escape_pos(a, row, col);
                let outside = escape_pos(a, row, a.cols) + Vec2::new(ESCAPE_STEP * 0.1, 0.0);
                let end = queue_pos(a, slot);
                let below = Vec2::new(outside.x, end.y);
                [home, outside, below, end]
            };
            let walk = |place: Place, points: [Vec2; 4], commands: &mut Commands| {
                if let Some(&e) = places.get(&place) {
                    commands.entity(e).insert(anim::tween(
                        820,
                        WalkLens::new(points.map(|p| p.extend(5.0))),
                    ));
                }
            };
            if a.queue.len() > b.queue.len() {
                let slot = a.queue.len() - 1;
                let (row, col) = a.queue[slot];
                walk(Place::Slot(slot), route(row, col, slot), commands);
            } else if let Some(&(row, col)) = b.queue.last() {
                let slot = b.queue.len() - 1;
                let mut back = route(row, col, slot);
                back.reverse();
                walk(Place::Grid(row, col), back, commands);
            }
        }
        _ => {}
    }
}

/// Walks along a line of points at an even pace, bobbing a little.
#[derive(Debug, Clone, Copy)]
struct WalkLens {
    points: [Vec3; 4],
    /// The distance along the line at each point.
    at: [f32; 4],
}

impl WalkLens {
    fn new(points: [Vec3; 4]) -> WalkLens {
        let mut at = [0.0; 4];
        for i in 1..4 {
            at[i] = at[i - 1] + points[i].distance(points[i - 1]);
        }
        WalkLens { points, at }
    }
}

impl bevy_tweening::Lens<Transform> for WalkLens {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        let total = self.at[3].max(1e-3);
        let d = ratio * total;
        let i = (1..4).find(|&i| d <= self.at[i]).unwrap_or(3);
        let span = (self.at[i] - self.at[i - 1]).max(1e-3);
        let t = ((d - self.at[i - 1]) / span).clamp(0.0, 1.0);
        let p = self.points[i - 1].lerp(self.points[i], t);
        let bob = (ratio * total / 18.0).sin().abs() * 5.0 * (1.0 - ratio);
        target.translation = p + Vec3::new(0.0, bob, 0.0);
    }
}

/// Keeps an old tile in place for the length of the wave.
#[derive(Debug, Clone, Copy)]
struct Hold;

impl bevy_tweening::Lens<Transform> for Hold {
    fn lerp(&mut self, _target: Mut<'_, Transform>, _ratio: f32) {}
}

/// The jumped frog sinks with a splash where it stood.
fn sink(commands: &mut Commands, art: &Art, root: Entity, at: Vec2) {
    commands.spawn((
        Mesh2d(art.splash.clone()),
        MeshMaterial2d(art.splash_mat.clone()),
        Transform::from_translation(at.extend(6.0)),
        anim::tween(600, SplashLens),
        DespawnWhenDone,
        Pickable::IGNORE,
        ChildOf(root),
    ));
    commands.spawn((
        frog_bundle(art, art.green_mat.clone(), at, Vec2::Y),
        anim::tween(420, SinkLens),
        DespawnWhenDone,
        Pickable::IGNORE,
        ChildOf(root),
    ));
}

/// A tile's new colour spreading in: it grows over the old tile in wave order.
#[derive(Debug, Clone, Copy)]
struct FloodWave {
    delay: f32,
    size: f32,
}

impl bevy_tweening::Lens<Transform> for FloodWave {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        let span = (1.0 - self.delay).max(0.01);
        let t = ((ratio - self.delay) / span).clamp(0.0, 1.0);
        target.scale = Vec3::new(self.size * t, self.size * t, 1.0);
    }
}

/// The ring that marks the Hop frog picked by a first click.
#[derive(Component)]
struct PickRing;

fn show_pick(
    mut commands: Commands,
    pick: Res<HopPick>,
    state: Res<PlayState>,
    art: Res<Art>,
    rings: Query<Entity, With<PickRing>>,
    roots: Query<Entity, With<BoardRoot>>,
) {
    if !pick.is_changed() {
        return;
    }
    for ring in &rings {
        commands.entity(ring).despawn();
    }
    let (Some(pad), Puzzle::Hop(h)) = (pick.0, &state.puzzle) else {
        return;
    };
    for root in &roots {
        commands.spawn((
            PickRing,
            Mesh2d(art.pad_ring.clone()),
            MeshMaterial2d(art.highlight_mat.clone()),
            Transform::from_translation(hop_pos(h, pad).extend(1.0)),
            Pickable::IGNORE,
            ChildOf(root),
        ));
    }
}

/// A ring on the pieces the hint's move involves.
#[derive(Component)]
pub struct HintMark;

fn show_hint(
    mut commands: Commands,
    hint: Option<Res<Hint>>,
    state: Res<PlayState>,
    art: Res<Art>,
    marks: Query<Entity, With<HintMark>>,
    roots: Query<Entity, With<BoardRoot>>,
) {
    let Some(hint) = hint else { return };
    if !hint.is_changed() {
        return;
    }
    for mark in &marks {
        commands.entity(mark).despawn();
    }
    let Some((at, mv)) = hint.shown.as_ref() else {
        return;
    };
    if *at != state.puzzle {
        return;
    }
    let mut rings: Vec<(Vec2, f32)> = Vec::new();
    match (&state.puzzle, *mv) {
        (Puzzle::Swap(s), PuzzleMove::Swap(m)) => {
            rings.push((swap_pos(m.from as usize, s.cells.len()), 1.0));
        }
        (Puzzle::Hop(h), PuzzleMove::Hop(m)) => {
            rings.push((hop_pos(h, m.from), 1.0));
            rings.push((hop_pos(h, m.to), 1.0));
        }
        (Puzzle::Flood(f), PuzzleMove::Flood(_)) => {
            // The cells the move would join to the flooded region.
            let before: std::collections::HashSet<u32> = f.region().into_iter().collect();
            let mut after = state.puzzle.clone();
            if after.apply(*mv).is_ok()
                && let Puzzle::Flood(a) = &after
            {
                for i in a.region() {
                    if !before.contains(&i) {
                        rings.push((flood_pos(f, i as usize), 0.35));
                    }
                }
            }
        }
        (Puzzle::Escape(e), PuzzleMove::Escape(m)) => {
            let col = e.left[m.row as usize].saturating_sub(1);
            rings.push((escape_pos(e, m.row, col), 0.9));
        }
        _ => {}
    }
    for root in &roots {
        for &(at, size) in &rings {
            commands.spawn((
                HintMark,
                Mesh2d(art.pad_ring.clone()),
                MeshMaterial2d(art.highlight_mat.clone()),
                Transform::from_translation(at.extend(8.0)).with_scale(Vec3::splat(size)),
                Pickable::IGNORE,
                ChildOf(root),
            ));
        }
    }
}

/// A refused move shakes the piece that was asked to move (the whole board
/// when there is none, as for an undo with nothing to undo).
fn shake_on_reject(
    mut commands: Commands,
    mut rejected: MessageReader<MoveRejected>,
    roots: Query<(Entity, &Transform), With<BoardRoot>>,
    pieces: Query<(Entity, &Clickable, &Transform, Has<Frog>), Without<BoardRoot>>,
) {
    let Some(MoveRejected(_, mv)) = rejected.read().last() else {
        return;
    };
    let wanted = match mv {
        Some(PuzzleMove::Swap(m)) => Some((Clickable::SwapFrog(m.from), true)),
        Some(PuzzleMove::Hop(m)) => Some((Clickable::HopPad(m.from), true)),
        Some(PuzzleMove::Escape(m)) => Some((Clickable::EscapeRow(m.row), false)),
        _ => None,
    };
    let piece = wanted.and_then(|(clickable, frog)| {
        pieces
            .iter()
            .find(|(_, c, _, is_frog)| **c == clickable && *is_frog == frog)
    });
    let (entity, rest) = match piece {
        Some((e, _, t, _)) => (e, t.translation),
        None => match roots.iter().next() {
            Some((e, t)) => (e, t.translation),
            None => return,
        },
    };
    commands
        .entity(entity)
        .insert(anim::tween(300, ShakeLens { rest }));
}
