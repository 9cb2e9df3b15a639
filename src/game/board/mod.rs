//! The board: entities spawned from the rules state under one root, respawned
//! whole after each change (the only place a board is spawned), with the
//! change animated by the puzzle's own file (`swap`, `hop`, `flood`,
//! `escape`). A fifth puzzle is a new file here and its arms below.

mod celebrate;
mod escape;
mod flood;
mod hop;
mod idle;
mod input;
pub mod layout;
mod marks;
mod showcase;
mod swap;

pub use input::KeyCursor;
pub use marks::HintMark;

use super::Screen;
use super::play::{Change, HopPick, MoveApplied, PlayState, PlaySystems, Request};
use super::settings::Settings;
use super::theme::Art;
use crate::rules::{Puzzle, PuzzleMove};
use bevy::prelude::*;
use std::collections::HashMap;

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

/// The path out of the prison where freed animals wait in line, and the
/// parent of their slots.
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

/// Where a piece stands, to find its entity again for an animation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    Cell(usize),
    Grid(u8, u8),
    Slot(usize),
    /// Not a piece: the gate of an Escape row, lifted as an animal passes.
    Gate(u8),
}

/// A freshly spawned board: its root, and its pieces by place.
pub struct Spawned {
    pub root: Entity,
    pub places: HashMap<Place, Entity>,
}

impl Spawned {
    /// Adds `bundle` under the root; a clickable piece is remembered by place.
    fn add(
        &mut self,
        commands: &mut Commands,
        bundle: impl Bundle,
        place: Option<Place>,
        click: Option<Clickable>,
    ) -> Entity {
        let e = commands.spawn((bundle, ChildOf(self.root))).id();
        if let Some(c) = click {
            commands.entity(e).insert(c);
        }
        if let Some(p) = place {
            self.places.insert(p, e);
        }
        e
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Play), spawn_fresh)
        .add_systems(OnExit(Screen::Play), layout::reset_camera)
        .add_systems(
            Update,
            (respawn, layout::fit_camera)
                .chain()
                .in_set(PlaySystems::Present),
        )
        .add_plugins((
            input::plugin,
            marks::plugin,
            idle::plugin,
            showcase::plugin,
            celebrate::plugin,
        ));
}

fn spawn_fresh(
    mut commands: Commands,
    state: Option<Res<PlayState>>,
    art: Res<Art>,
    settings: Res<Settings>,
) {
    let Some(state) = state else { return };
    spawn_board(&mut commands, &art, &state.puzzle, settings.colour_blind);
}

/// Spawns the board of `p` under a new root. `numbered`: colour-blind mode's
/// numbers on Flood's tiles and Escape's animals.
pub fn spawn_board(commands: &mut Commands, art: &Art, p: &Puzzle, numbered: bool) -> Spawned {
    let root = commands
        .spawn((
            BoardRoot,
            Name::new("Board"),
            Transform::from_xyz(0.0, -20.0, 0.0),
            Visibility::default(),
            DespawnOnExit(Screen::Play),
        ))
        .id();
    input::observe(commands, root);
    let mut board = Spawned {
        root,
        places: HashMap::new(),
    };
    match p {
        Puzzle::Swap(s) => swap::spawn(commands, art, &mut board, s),
        Puzzle::Hop(h) => hop::spawn(commands, art, &mut board, h),
        _ => {}
    }
    if matches!(p, Puzzle::Swap(_) | Puzzle::Hop(_)) {
        pond_edges(commands, art, &board, layout::extent(p));
    }
    match p {
        Puzzle::Swap(_) | Puzzle::Hop(_) => {}
        Puzzle::Flood(f) => flood::spawn(commands, art, &mut board, f, numbered),
        Puzzle::Escape(e) => escape::spawn(commands, art, &mut board, e, numbered),
    }
    board
}

/// After each change, and when colour-blind mode changes, the board is
/// respawned from the rules state; a change is then animated on it.
fn respawn(
    mut commands: Commands,
    mut applied: MessageReader<MoveApplied>,
    state: Res<PlayState>,
    art: Res<Art>,
    settings: Res<Settings>,
    mut numbered: Local<Option<bool>>,
    roots: Query<Entity, With<BoardRoot>>,
    mut pick: ResMut<HopPick>,
) {
    let change = applied.read().last().cloned();
    let was = numbered.replace(settings.colour_blind);
    let mode_changed = was.is_some_and(|was| was != settings.colour_blind);
    if change.is_none() && !mode_changed {
        return;
    }
    pick.0 = None;
    for root in &roots {
        commands.entity(root).despawn();
    }
    let board = spawn_board(&mut commands, &art, &state.puzzle, settings.colour_blind);
    let Some(change) = change else { return };
    let (before, after) = (&change.before, &state.puzzle);
    match (before, after) {
        (Puzzle::Swap(b), Puzzle::Swap(a)) => {
            swap::animate(&mut commands, &board, b, a, change.change)
        }
        (Puzzle::Hop(b), Puzzle::Hop(a)) => {
            hop::animate(&mut commands, &art, &board, b, a, change.change)
        }
        (Puzzle::Flood(b), Puzzle::Flood(a)) => flood::animate(&mut commands, &art, &board, b, a),
        (Puzzle::Escape(b), Puzzle::Escape(a)) => {
            escape::animate(&mut commands, &board, b, a, change.change)
        }
        _ => {}
    }
}

/// The rings of a hint's move: where, and how large.
pub fn hint_rings(p: &Puzzle, mv: PuzzleMove) -> Vec<(Vec2, f32)> {
    match (p, mv) {
        (Puzzle::Swap(s), PuzzleMove::Swap(m)) => swap::hint_rings(s, m),
        (Puzzle::Hop(h), PuzzleMove::Hop(m)) => hop::hint_rings(h, m),
        (Puzzle::Flood(f), PuzzleMove::Flood(m)) => flood::hint_rings(f, m),
        (Puzzle::Escape(e), PuzzleMove::Escape(m)) => escape::hint_rings(e, m),
        _ => Vec::new(),
    }
}

/// What a click (or Enter on the keyboard cursor) on `target` asks for;
/// `hinted` is the move of the hint shown, if any.
fn request(
    target: Clickable,
    p: &Puzzle,
    hinted: Option<PuzzleMove>,
    pick: &mut HopPick,
) -> Option<Request> {
    match (target, p) {
        (Clickable::SwapFrog(from), Puzzle::Swap(_)) => swap::click(from),
        (Clickable::HopPad(pad), Puzzle::Hop(h)) => {
            let hinted = match hinted {
                Some(PuzzleMove::Hop(m)) => Some(m),
                _ => None,
            };
            hop::click(h, pad, hinted, pick)
        }
        (Clickable::FloodTile(colour), Puzzle::Flood(_)) => flood::click(colour),
        (Clickable::EscapeRow(_) | Clickable::QueueLast, Puzzle::Escape(_)) => {
            escape::click(target)
        }
        _ => None,
    }
}

/// The piece that a refused move asked to move, as a click target, and
/// whether it is a frog (a Hop pad holds a lily and a frog).
fn mover(mv: PuzzleMove) -> Option<(Clickable, bool)> {
    match mv {
        PuzzleMove::Swap(m) => Some((Clickable::SwapFrog(m.from), true)),
        PuzzleMove::Hop(m) => Some((Clickable::HopPad(m.from), true)),
        PuzzleMove::Escape(m) => Some((Clickable::EscapeRow(m.row), false)),
        PuzzleMove::Flood(_) => None,
    }
}

/// Whether a change is a move forward (played or redone), and which.
fn forward(change: Change) -> Option<PuzzleMove> {
    match change {
        Change::Played(mv) | Change::Redone(mv) => Some(mv),
        _ => None,
    }
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

/// A frog looking `facing`, in `material`.
/// A frog facing `facing`: its body in its colour, its eyes over it (they
/// blink), and a crown if it is the red frog that must stay.
fn frog_bundle(art: &Art, material: Handle<ColorMaterial>, at: Vec2, facing: Vec2) -> impl Bundle {
    let crowned = material == art.red_mat;
    let turn = Quat::from_rotation_z(facing.to_angle() - std::f32::consts::FRAC_PI_2);
    let eye_line = super::theme::drawing::FROG_EYE_LINE * super::theme::art::FROG_SIZE;
    (
        Frog,
        Name::new(if crowned { "Red frog" } else { "Frog" }),
        Mesh2d(art.frog.clone()),
        MeshMaterial2d(material),
        Transform::from_translation(at.extend(2.0)).with_rotation(turn),
        idle::Idle::new(),
        Children::spawn((
            Spawn((
                idle::Eyes,
                Mesh2d(art.frog_eyes.clone()),
                MeshMaterial2d(art.frog_eyes_mat.clone()),
                Transform::from_xyz(0.0, eye_line, 0.1),
                Pickable::IGNORE,
            )),
            SpawnIter(
                crowned
                    .then(|| {
                        (
                            Mesh2d(art.crown.clone()),
                            MeshMaterial2d(art.crown_mat.clone()),
                            Transform::from_xyz(0.0, -2.0, 0.2),
                            Pickable::IGNORE,
                        )
                    })
                    .into_iter(),
            ),
        )),
    )
}

/// Reeds and stones at two corners of a pond, just outside its pads.
fn pond_edges(commands: &mut Commands, art: &Art, board: &Spawned, extent: Vec2) {
    let half = extent / 2.0;
    for (at, mat, flip) in [
        (
            Vec2::new(-half.x - 18.0, -half.y + 6.0),
            &art.reeds_mat,
            false,
        ),
        (Vec2::new(half.x + 14.0, half.y - 4.0), &art.reeds_mat, true),
        (
            Vec2::new(half.x + 20.0, -half.y - 2.0),
            &art.stones_mat,
            false,
        ),
        (
            Vec2::new(-half.x - 20.0, half.y + 4.0),
            &art.stones_mat,
            true,
        ),
    ] {
        commands.spawn((
            Mesh2d(art.edge.clone()),
            MeshMaterial2d(mat.clone()),
            Transform::from_translation(at.extend(-1.0)).with_scale(Vec3::new(
                if flip { -0.8 } else { 0.8 },
                0.8,
                1.0,
            )),
            Pickable::IGNORE,
            ChildOf(board.root),
        ));
    }
}

/// A lily pad, each turned its own way (the same way each time for the
/// same place); the finish pad is paler and carries a flower.
fn lily_bundle(art: &Art, at: Vec2, finish: bool) -> impl Bundle {
    let turn = (at.x * 0.37 + at.y * 0.61).sin() * std::f32::consts::PI;
    (
        Lily,
        Name::new(if finish { "Finish pad" } else { "Lily" }),
        Mesh2d(art.lily.clone()),
        MeshMaterial2d(if finish {
            art.lily_dark_mat.clone()
        } else {
            art.lily_mat.clone()
        }),
        Transform::from_translation(at.extend(0.0)).with_rotation(Quat::from_rotation_z(turn)),
        Children::spawn(SpawnIter(
            finish
                .then(|| {
                    (
                        Mesh2d(art.lotus.clone()),
                        MeshMaterial2d(art.lotus_mat.clone()),
                        Transform::from_xyz(-25.0, -22.0, 0.5).with_scale(Vec3::splat(1.25)),
                        Pickable::IGNORE,
                    )
                })
                .into_iter(),
        )),
    )
}

/// The arc of a frog's jump from `from` to `to`.
fn jump(from: Vec2, to: Vec2, height: f32, ms: u64) -> bevy_tweening::TweenAnim {
    super::anim::tween(
        ms,
        super::anim::JumpLens {
            start: from.extend(5.0),
            end: to.extend(2.0),
            height,
        },
    )
}
