//! The exact search's choices: the lower bound it uses and whether it
//! prunes moves that could have come a move earlier.

/// The lower bound and move pruning of the exact search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exact {
    pub bound: Bound,
    /// Skip a move that could have been played one move earlier to at least
    /// the same effect (see `AStar::redundant`).
    pub prune: bool,
}

impl Exact {
    /// What `solve` uses.
    pub const FAST: Exact = Exact {
        bound: Bound::Relaxed,
        prune: true,
    };
    /// The first, simpler search, kept to check the fast one against.
    pub const PLAIN: Exact = Exact {
        bound: Bound::Layers,
        prune: false,
    };
}

/// A lower bound on the moves a region still needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// Colours left in the farthest layers of blobs (`AStar::layers`).
    Layers,
    /// A relaxed game where one move may take every colour at once, but each
    /// colour must still be cleared by a move of its own (`AStar::relaxed`).
    Relaxed,
}
