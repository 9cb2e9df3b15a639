//! Where things stand: the board's positions in world units around the
//! origin, its extent, and the camera that keeps it whole and centred in the
//! room the panels leave.

use crate::game::play::{BoardEdge, PlayState, SolverPanelOpen};
use crate::rules::Puzzle;
use crate::rules::escape::Escape;
use crate::rules::flood::Flood;
use crate::rules::hop::{Hop, Shape};
use bevy::camera::ScalingMode;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

pub const SWAP_STEP: f32 = 84.0;
pub const SQUARE_STEP: f32 = 84.0;
pub const POND_STEP: f32 = 62.0;
pub const FLOOD_TILE: f32 = 34.0;
pub const ESCAPE_STEP: f32 = 74.0;
pub const QUEUE_STEP: f32 = 60.0;
pub const QUEUE_PER_ROW: usize = 8;
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

/// Where the path east of the prison runs, down to the meadow.
pub fn escape_path_x(e: &Escape) -> f32 {
    escape_pos(e, 0, e.cols).x + ESCAPE_STEP * 0.25
}

pub fn queue_height(e: &Escape) -> f32 {
    let slots = e.rows as usize * e.cols as usize;
    (slots.div_ceil(QUEUE_PER_ROW) as f32) * QUEUE_STEP + 64.0
}

pub fn queue_pos(e: &Escape, slot: usize) -> Vec2 {
    let per_row = QUEUE_PER_ROW.min(e.rows as usize * e.cols as usize);
    let (r, c) = (slot / per_row, slot % per_row);
    let grid_bottom = -(e.rows as f32) / 2.0 * ESCAPE_STEP + queue_height(e) / 2.0;
    Vec2::new(
        (c as f32 - (per_row as f32 - 1.0) / 2.0) * QUEUE_STEP,
        grid_bottom - 66.0 - r as f32 * QUEUE_STEP,
    )
}

/// The board's width and height in world units.
pub fn extent(p: &Puzzle) -> Vec2 {
    match p {
        // The row, and its goal under it (the extent is kept centred).
        Puzzle::Swap(s) => Vec2::new(s.cells.len() as f32 * SWAP_STEP, SWAP_STEP * 2.0),
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
        // The path east of the prison counts on both sides, to keep the
        // prison centred.
        Puzzle::Escape(e) => Vec2::new(
            ((e.cols as f32 + 2.2) * ESCAPE_STEP).max(QUEUE_PER_ROW as f32 * QUEUE_STEP + 30.0),
            e.rows as f32 * ESCAPE_STEP + queue_height(e) + 20.0,
        ),
    }
}

/// Pixels kept between the board's room and a panel.
const PANEL_GAP: f32 = 8.0;

/// Keeps the whole board in view, centred in the part of the window the
/// panels leave free, whatever the window's size: at least the fixed
/// margins, more where a panel is laid out taller than they allow.
pub(super) fn fit_camera(
    state: Res<PlayState>,
    panel: Res<SolverPanelOpen>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    edges: Query<(&BoardEdge, &ComputedNode, &UiGlobalTransform)>,
    mut camera: Query<(&mut Projection, &mut Transform), With<Camera2d>>,
) {
    let Some(window) = window else { return };
    let size = Vec2::new(window.width(), window.height());
    // How far the panels reach in from the top and the bottom, in logical
    // pixels (nothing before they are laid out).
    let (mut top_reach, mut bottom_reach) = (0.0_f32, 0.0_f32);
    for (edge, node, at) in &edges {
        if node.size().y <= 0.0 {
            continue;
        }
        let k = node.inverse_scale_factor();
        let half = node.size().y * k / 2.0;
        let y = at.translation.y * k;
        match edge {
            BoardEdge::Top => top_reach = top_reach.max(y + half + PANEL_GAP),
            BoardEdge::Bottom => bottom_reach = bottom_reach.max(size.y - (y - half) + PANEL_GAP),
        }
    }
    // The right-hand column needs its room while it is wide; else the
    // board has it.
    let p = &state.puzzle;
    let right = if panel.column_wide(p) {
        PANEL_PX.right
    } else {
        PANEL_PX.left
    };
    // A won level's banner sits below the board.
    let bottom = if p.is_won() {
        PANEL_PX.bottom.max(crate::game::banner::WON_BANNER_ROOM)
    } else {
        PANEL_PX.bottom
    }
    .max(bottom_reach);
    let top = PANEL_PX.top.max(top_reach);
    let free = (size - Vec2::new(PANEL_PX.left + right, top + bottom)).max(Vec2::splat(100.0));
    let board = extent(&state.puzzle) + Vec2::splat(BOARD_PAD);
    // World units per pixel: the larger need of the two directions.
    let scale = (board.x / free.x).max(board.y / free.y);
    let centre = Vec2::new(PANEL_PX.left + free.x / 2.0, top + free.y / 2.0);
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
pub(super) fn reset_camera(mut camera: Query<(&mut Projection, &mut Transform), With<Camera2d>>) {
    for (mut projection, mut transform) in &mut camera {
        *projection = Projection::Orthographic(OrthographicProjection::default_2d());
        transform.translation = Vec3::ZERO;
    }
}
