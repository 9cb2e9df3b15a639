//! The panels around the board and the room they leave it: whether the
//! solver panel is open, the right-hand column, and the panels the board
//! keeps clear of. The camera (`board::layout`) and the panels read them.

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

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SolverPanelOpen>();
}
