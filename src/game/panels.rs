//! The panels around the board and the room they leave it: whether the
//! solver panel and the search tree are open, the right-hand column, and the
//! panels the board keeps clear of. The camera (`board::layout`) and the panels read them.

use crate::rules::Puzzle;
use bevy::prelude::*;

/// Whether the solver panel is unfolded. Folded, it is one button and the
/// board takes the room; auto-play unfolds it.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolverPanelOpen(pub bool);

impl SolverPanelOpen {
    /// Whether the right-hand column takes its full width: while the panel
    /// is open, or while it shows the way out of a dead end (or of a goal
    /// reached over the limit).
    pub fn column_wide(&self, p: &Puzzle) -> bool {
        self.0 || p.is_stuck()
    }
}

/// The right-hand column of the play screen: the solver panel, then the
/// banner of a won or lost level.
#[derive(Component)]
pub struct SideColumn;

/// A panel of the play screen the board keeps clear of: it stays below a
/// `Top` panel and above a `Bottom` one, by their laid-out sizes (a bar
/// whose lines wrap in a narrow window, the win's banner).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardEdge {
    Top,
    Bottom,
}

/// A bottom edge whose width comes and goes with its words (the keys'
/// line, its words on how to move gone at a win): the search's column
/// keeps clear of it wherever it stands across, so that its timeline's
/// buttons do not move when the words come back (they stood 45 pixels
/// lower while a search's win had the line narrow).
#[derive(Component, Debug, Clone, Copy)]
pub struct WideEdge;

/// Whether the search tree is shown, in a column left of the board.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TreeViewOpen(pub bool);

/// Whether the arrows move the search's timeline rather than the board's
/// ring: with the search's column open, once the board is not the player's
/// to play (won by a search, or a search running, paused or scrubbed
/// back). Shift with an arrow always moves the timeline.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArrowsOnTimeline(pub bool);

/// The tree column's width in a window `width` pixels wide: narrower in a
/// narrow window, so the board keeps some room.
pub fn tree_width(width: f32) -> f32 {
    (width * 0.26).clamp(200.0, 340.0)
}

/// The right-hand column's width in a window `width` pixels wide: 300,
/// or with the search tree open, narrower below 1000 pixels (the panel
/// then keeps to its counters), so that at 800x600 the board keeps about
/// half the window's height between the two.
pub fn side_width(width: f32, tree: bool) -> f32 {
    if tree {
        (width * 0.3).clamp(240.0, 300.0)
    } else {
        300.0
    }
}

/// The won banner's card under the board: a panel that comes with a win and
/// goes with it (the search's column makes room for it only while it is
/// there).
#[derive(Component)]
pub struct WonCard;

/// Pixels the board keeps from the window's sides.
pub const BOARD_SIDE: f32 = 24.0;
/// Pixels the board keeps from the right-hand column's left edge.
pub const BOARD_BESIDE_PANEL: f32 = 30.0;

/// The pixels the board keeps from the window's left and right sides in a
/// window `width` wide: the search tree's column, when shown, is its left
/// edge; the right-hand column needs its room while it is wide, else the
/// board has it. What stands under the board is centred on the same span.
pub fn board_span(width: f32, wide: bool, tree: bool) -> (f32, f32) {
    // Between the two columns of a narrow window the board takes nearly
    // all the room (at 800x600, half the window's height).
    let tight = tight(width, tree);
    let (side, beside) = if tight {
        (TIGHT_SIDE, TIGHT_SIDE)
    } else {
        (BOARD_SIDE, BOARD_BESIDE_PANEL)
    };
    let left = if tree {
        side + tree_width(width)
    } else {
        BOARD_SIDE
    };
    let right = if wide {
        side_width(width, tree) + beside
    } else {
        BOARD_SIDE
    };
    (left, right)
}

/// Whether a window `width` wide is narrow for the search tree's column
/// (`tree`, whether it is shown): the board, the panels and the lines
/// under the board keep to their least room.
pub fn tight(width: f32, tree: bool) -> bool {
    tree && width < 1000.0
}

/// Pixels the board keeps from each column between the two columns of a
/// narrow window.
const TIGHT_SIDE: f32 = 10.0;

/// How far the `Top` panels reach down from the window's top and the
/// `Bottom` ones up from its bottom, in logical pixels, plus `gap` (nothing
/// before they are laid out); with `across`, only the panels that reach
/// into that span of x.
pub fn edge_reach<'a>(
    edges: impl IntoIterator<Item = (&'a BoardEdge, &'a ComputedNode, &'a UiGlobalTransform)>,
    height: f32,
    gap: f32,
    across: Option<(f32, f32)>,
) -> (f32, f32) {
    let (mut top, mut bottom) = (0.0_f32, 0.0_f32);
    for (edge, node, at) in edges {
        if node.size().y <= 0.0 {
            continue;
        }
        let k = node.inverse_scale_factor();
        let half = node.size().y * k / 2.0;
        let y = at.translation.y * k;
        let (x, half_w) = (at.translation.x * k, node.size().x * k / 2.0);
        if across.is_some_and(|(from, to)| x + half_w < from || x - half_w > to) {
            continue;
        }
        match edge {
            BoardEdge::Top => top = top.max(y + half + gap),
            BoardEdge::Bottom => bottom = bottom.max(height - (y - half) + gap),
        }
    }
    (top, bottom)
}

/// Where a laid-out node shows, in logical pixels.
pub fn node_rect(node: &ComputedNode, at: &UiGlobalTransform) -> Rect {
    let k = node.inverse_scale_factor();
    Rect::from_center_size(at.translation * k, node.size() * k)
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SolverPanelOpen>()
        .init_resource::<TreeViewOpen>()
        .init_resource::<ArrowsOnTimeline>()
        .add_systems(First, grow_with_window);
}

/// The size the game is laid out for, in logical pixels.
pub const LAID_OUT_FOR: Vec2 = Vec2::new(1280.0, 720.0);

/// How much bigger than its logical pixels a window of `size` draws
/// everything: 1 up to 1280x720, then as the window grows past it (the
/// smaller of its two ratios), in eighths, at most 2. From 1600x900 (1.25)
/// the panels' text grows with the window as the board does, and every
/// screen keeps the layout it has at 1280x720.
pub fn growth(size: Vec2) -> f32 {
    let ratio = (size / LAID_OUT_FOR).min_element();
    ((ratio * 8.0).floor() / 8.0).clamp(1.0, 2.0)
}

/// Draws the whole game bigger in a big window, by the window's scale
/// factor (its physical size kept): the UI, the board and the pointer all
/// follow it.
fn grow_with_window(
    mut windows: Query<&mut Window, (With<bevy::window::PrimaryWindow>, Changed<Window>)>,
) {
    for mut w in &mut windows {
        let base = w.resolution.base_scale_factor();
        let physical = Vec2::new(
            w.resolution.physical_width() as f32,
            w.resolution.physical_height() as f32,
        );
        let grow = growth(physical / base);
        let want = (grow > 1.0).then_some(base * grow);
        if w.resolution.scale_factor_override() != want {
            w.resolution.set_scale_factor_override(want);
        }
    }
}

/// Whether the board's camera is still easing towards its place, and where
/// the board's centre shows across the window (logical pixels): what stands
/// under the board (the palette, the keys' line, the won banner) is centred
/// there. The board's layout keeps it.
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct CameraAim {
    pub moving: bool,
    pub across: f32,
}

/// What stands under the board (`least` pixels wide at least), centred
/// where the board's centre shows across a window `width` wide and kept
/// `left` and `right` pixels from its sides: the pixels it keeps from the
/// window's left and right sides; None when the span there is too narrow.
pub fn under_board(
    width: f32,
    across: f32,
    least: f32,
    (left, right): (f32, f32),
) -> Option<(f32, f32)> {
    let c = if across > 0.0 { across } else { width / 2.0 };
    let half = (c - left).min(width - right - c);
    (2.0 * half >= least).then_some((c - half, width - c - half))
}
