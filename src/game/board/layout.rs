//! The camera that keeps the board whole (its extent is the puzzle's own)
//! and centred in the room the panels leave.

pub use crate::game::panels::CameraAim;
use crate::game::panels::{self, BoardEdge, SideColumn, SolverPanelOpen, TreeViewOpen};
use crate::game::play::{PlayState, WinShown};
use crate::game::puzzles;
use bevy::camera::ScalingMode;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// Room kept above and below the board, in pixels, for the panels (the
/// sides' are `panels::board_span`'s).
struct Margins {
    top: f32,
    bottom: f32,
}

/// The least room above and below the board (the level panel above; the
/// palette and the keys below, as far as they reach).
const PANEL_PX: Margins = Margins {
    top: 150.0,
    bottom: 56.0,
};
/// World units of water kept around the board.
const BOARD_PAD: f32 = 40.0;

/// Pixels of overlap (across and down) under which a card at the side is
/// not taken to cover the board (the layout tests' slack).
const SLIVER: f32 = 1.0;

/// How much shorter, in pixels, the level panel may grow without the board
/// growing back (two lines of its text).
const HELD_LINES_PX: f32 = 48.0;

/// Pixels kept between the board's room and a panel.
const PANEL_GAP: f32 = 8.0;

/// Keeps the whole board in view, centred in the part of the window the
/// panels leave free, whatever the window's size: at least the fixed
/// margins, more where a panel is laid out taller than they allow.
#[allow(clippy::too_many_arguments)]
pub(super) fn fit_camera(
    state: Res<PlayState>,
    won: Res<WinShown>,
    panel: Res<SolverPanelOpen>,
    tree: Res<TreeViewOpen>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    edges: Query<(&BoardEdge, &ComputedNode, &UiGlobalTransform)>,
    column: Query<(&ComputedNode, &UiGlobalTransform), With<SideColumn>>,
    mut camera: Query<(&mut Projection, &mut Transform), With<Camera2d>>,
    mut aim: ResMut<CameraAim>,
    time: Res<Time>,
    screen: Res<State<crate::game::Screen>>,
    mut level: Local<Option<crate::rules::Puzzle>>,
    mut since_win: Local<Option<f32>>,
    mut held_top: Local<(Option<f32>, Vec2)>,
) {
    let Some(window) = window else { return };
    let size = Vec2::new(window.width(), window.height());
    // How far the panels reach in from the top and the bottom.
    let (top_reach, bottom_reach) = panels::edge_reach(edges, size.y, PANEL_GAP, None);
    let p = &state.puzzle;
    // The fixed margins shrink with a window shorter than the one the game
    // is laid out for (the panels' own reach still holds).
    let k = (size.y / panels::LAID_OUT_FOR.y).min(1.0);
    // A won level's banner sits below the board (smaller in a short
    // window; its laid-out reach still holds), once the winning move has
    // landed.
    let bottom = if won.0 {
        (PANEL_PX.bottom * k).max(crate::game::banner::WON_BANNER_ROOM * k)
    } else {
        PANEL_PX.bottom * k
    }
    .max(bottom_reach);
    let mut top = (PANEL_PX.top * k).max(top_reach);
    let board = if won.0 {
        puzzles::won_extent(&state.puzzle)
    } else {
        puzzles::extent(&state.puzzle)
    };
    // The way out of a dead end, in the right-hand column, takes the
    // board's room only where it would cover the board: the board stays
    // under the player's pointer for the undo.
    let wide = panel.0
        || (p.is_stuck() && {
            let (left, right) = panels::board_span(size.x, false, tree.0);
            let (fitted, centre) = fitted_place(size, [left, right, top, bottom], board, true);
            let shown = Rect::from_center_size(centre, board / fitted);
            column.iter().any(|(node, at)| {
                let covered = panels::node_rect(node, at).intersect(shown);
                covered.width().min(covered.height()) > SLIVER
            })
        });
    let (left, right) = panels::board_span(size.x, wide, tree.0);
    // A new level, the play screen entered, or a window resized: the board
    // is placed at once; a panel or a banner that comes or goes leaves the
    // board where it is if it still fits there, and moves it smoothly if not.
    let new_level = state.is_changed() && level.as_ref() != Some(&state.level.puzzle);
    if new_level {
        *level = Some(state.level.puzzle.clone());
    }
    // (The window's size, not its every change: the pointer's moves
    // change the window too; they let the board grow back under it, and
    // placed it at once where a panel's change should have eased it.)
    let resized = std::mem::replace(&mut held_top.1, size) != size;
    let anew = new_level || screen.is_changed() || resized;
    let at_once = anew;
    // A line of the level panel that comes and goes (the move map's key,
    // a message) leaves the board's size as it is: the room above is held
    // while the panel is at most `HELD_LINES_PX` shorter than it was; the
    // board shrinks at once for a taller panel, and grows back for a new
    // level, a new window size, or a panel much shorter.
    match held_top.0 {
        Some(held) if !anew && top < held && held - top <= HELD_LINES_PX * k => top = held,
        _ => held_top.0 = Some(top),
    }
    // The board makes room for the won banner gently (the banner waits for
    // it).
    if won.is_changed() {
        *since_win = won.0.then_some(0.0);
    }
    let gentle = since_win.is_some_and(|t| t < WIN_EASE_SECS);
    *since_win = since_win.map(|t| t + time.delta_secs());
    let rate = if gentle { WIN_EASE_RATE } else { EASE_RATE };
    let step = (!at_once).then(|| (time.delta_secs(), rate));
    let (moving, across) = aim_camera_eased(
        &mut camera,
        size,
        [left, right, top, bottom],
        board,
        step,
        true,
    );
    if aim.moving != moving || (aim.across - across).abs() > 0.25 {
        *aim = CameraAim { moving, across };
    }
}

/// The part of a window of `size` inside `margins` (left, right, top,
/// bottom), at least 100 pixels each way.
fn room_inside(size: Vec2, [left, right, top, bottom]: [f32; 4]) -> Vec2 {
    (size - Vec2::new(left + right, top + bottom)).max(Vec2::splat(100.0))
}

/// Where a board of `extent` world units fitted anew shows in the window's
/// room inside `margins`: its world units per pixel and its centre, in the
/// middle of the window while it keeps clear of the side panels there (with
/// `middle`), else in the middle of its room.
fn fitted_place(size: Vec2, margins: [f32; 4], extent: Vec2, middle: bool) -> (f32, Vec2) {
    let [left, _, top, _] = margins;
    let free = room_inside(size, margins);
    let board = extent + Vec2::splat(BOARD_PAD);
    // World units per pixel: the larger need of the two directions.
    let fitted = (board.x / free.x).max(board.y / free.y);
    // The middle of the window, or the place nearest it where the board
    // keeps clear of the side panels.
    let half = board.x / fitted / 2.0;
    let (from, to) = (left + half, left + free.x - half);
    let across = if from <= to && middle {
        (size.x / 2.0).clamp(from, to)
    } else {
        left + free.x / 2.0
    };
    (fitted, Vec2::new(across, top + free.y / 2.0))
}

/// How fast the camera eases to a new place: the part of the way left
/// after one second is e^-RATE.
const EASE_RATE: f32 = 12.0;
/// The rate for the room a won banner takes, for a while after the win.
const WIN_EASE_RATE: f32 = 7.0;
const WIN_EASE_SECS: f32 = 0.8;

/// Points the camera so that a board of `extent` world units (and its
/// water) fills the window's room inside `margins` (left, right, top,
/// bottom, in pixels), centred in it.
pub fn aim_camera(
    camera: &mut Query<(&mut Projection, &mut Transform), With<Camera2d>>,
    size: Vec2,
    margins: [f32; 4],
    extent: Vec2,
) {
    aim_camera_eased(camera, size, margins, extent, None, false);
}

/// `aim_camera`, with `step` (the frame's seconds and the ease's rate,
/// `EASE_RATE` or slower) easing the camera from
/// where it is instead of jumping, and keeping it where it is while the
/// board, as big as it would be fitted anew and at its place across, lies in
/// the room there (a banner or a taller bar above or below leaves it in
/// place). Across, the board stays in the middle of the window while it fits
/// beside the side panels, and else moves as little as it must (a panel
/// that opens beside a small board leaves it where it is); without
/// `middle`, it is centred in its room. Whether the camera is still on its
/// way, and where the board's centre shows across.
fn aim_camera_eased(
    camera: &mut Query<(&mut Projection, &mut Transform), With<Camera2d>>,
    size: Vec2,
    margins: [f32; 4],
    extent: Vec2,
    step: Option<(f32, f32)>,
    middle: bool,
) -> (bool, f32) {
    let [left, _, top, _] = margins;
    let free = room_inside(size, margins);
    let board = extent + Vec2::splat(BOARD_PAD);
    let (fitted, centre) = fitted_place(size, margins, extent, middle);
    // The camera sits so that the world's origin shows at `centre`.
    let place = |scale: f32, centre: Vec2| {
        Vec3::new(
            (size.x / 2.0 - centre.x) * scale,
            (centre.y - size.y / 2.0) * scale,
            0.0,
        )
    };
    let room = Rect::new(left, top, left + free.x, top + free.y);
    let mut moving = false;
    let mut shown_across = centre.x;
    for (mut projection, mut transform) in camera.iter_mut() {
        let (mut scale, mut at) = (fitted, place(fitted, centre));
        if let (Some((dt, rate)), Projection::Orthographic(o)) = (step, projection.as_ref()) {
            let now = (o.scale, transform.translation);
            // Where the board's centre shows now, in pixels.
            let shown = Vec2::new(
                size.x / 2.0 - now.1.x / now.0,
                size.y / 2.0 + now.1.y / now.0,
            );
            let kept = Rect::from_center_size(shown, board / now.0);
            let same_size = (now.0 - fitted).abs() <= fitted * 1e-3;
            // Across, the board keeps to its place (what stands under it is
            // centred under it wherever it is).
            let across = (shown.x - centre.x).abs() < 0.5;
            if same_size && across && room.contains(kept.min + 0.5) && room.contains(kept.max - 0.5)
            {
                // It keeps its place.
                (scale, at) = now;
                shown_across = shown.x;
            } else {
                let k = 1.0 - (-rate * dt).exp();
                let s = now.0 + (fitted - now.0) * k;
                let c = shown + (centre - shown) * k;
                let near = (s - fitted).abs() <= fitted * 2e-3 && c.distance(centre) < 0.75;
                if !near {
                    (scale, at) = (s, place(s, c));
                    moving = true;
                    shown_across = c.x;
                }
            }
        }
        let aimed = OrthographicProjection {
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
        *projection = Projection::Orthographic(aimed);
        transform.translation = at;
    }
    (moving, shown_across)
}

/// Back to a plain camera for the menus.
pub fn reset_camera(mut camera: Query<(&mut Projection, &mut Transform), With<Camera2d>>) {
    for (mut projection, mut transform) in &mut camera {
        *projection = Projection::Orthographic(OrthographicProjection::default_2d());
        transform.translation = Vec3::ZERO;
    }
}

/// A node laid out anew or anything moved (the camera, the board).
type Moved = Or<(Changed<ComputedNode>, Changed<GlobalTransform>)>;

/// The part of the reeds' and stones' square their drawing fills (about).
pub const SCENERY_INK: f32 = 0.9;

/// Reeds and stones show only where nothing covers them: not under a panel
/// (the bar, the solver panel, the won banner, the palette or the keys'
/// line) and not cut by the window's edge. They stand just outside the
/// board, so a panel close to it can reach them; there they are hidden.
pub(super) fn keep_scenery_clear(
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Query<(&Projection, &GlobalTransform), With<Camera2d>>,
    panels: Query<(&ComputedNode, &UiGlobalTransform, &BackgroundColor)>,
    mut scenery: Query<(&GlobalTransform, &mut Visibility), With<crate::game::theme::art::Scenery>>,
    moved: Query<(), Moved>,
) {
    // Only when something was laid out or moved anew, not every frame.
    if moved.is_empty() {
        return;
    }
    let Some(window) = window else { return };
    let Some((Projection::Orthographic(o), eye)) = camera.iter().next() else {
        return;
    };
    let size = Vec2::new(window.width(), window.height());
    // The panels and buttons: what has a solid background and is not the
    // whole screen (a menu's dimming).
    let covers: Vec<Rect> = panels
        .iter()
        // (A node not shown is laid out with no size.)
        .filter(|(n, _, bg)| n.size().x > 0.0 && bg.0.alpha() > 0.5)
        .map(|(n, at, ..)| {
            let k = n.inverse_scale_factor();
            Rect::from_center_size(at.translation * k, n.size() * k)
        })
        .filter(|r| r.width() < size.x * 0.9)
        .collect();
    let whole = Rect::from_corners(Vec2::ZERO, size);
    for (at, mut visibility) in &mut scenery {
        let world = at.translation().truncate() - eye.translation().truncate();
        let centre = Vec2::new(
            size.x / 2.0 + world.x / o.scale,
            size.y / 2.0 - world.y / o.scale,
        );
        let side = crate::game::theme::art::EDGE_SIZE * at.scale().x.abs() / o.scale;
        let rect = Rect::from_center_size(centre, Vec2::splat(side * SCENERY_INK));
        let clear = whole.contains(rect.min)
            && whole.contains(rect.max)
            && covers.iter().all(|c| c.intersect(rect).is_empty());
        let want = if clear {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if *visibility != want {
            *visibility = want;
        }
    }
}
