//! What a search tells whoever watches it (each move tried and taken
//! back, its progress, its bound, a position cut and why) and how it ended.

use serde::Serialize;

/// Why a search stopped before it knew the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum StopReason {
    Nodes,
    Time,
    Memory,
    Cancelled,
    /// The solver's answer failed its replay through the rules (a solver bug).
    ReplayFailed,
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StopReason::Nodes => "node limit reached",
            StopReason::Time => "time limit reached",
            StopReason::Memory => "memory limit reached",
            StopReason::Cancelled => "cancelled",
            StopReason::ReplayFailed => "the solver's answer failed its replay",
        })
    }
}

/// What a search is doing, for a caller that watches it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum SolverEvent<M> {
    /// The search plays `mv` at `depth` (the first move is at depth 1).
    Tried {
        mv: M,
        depth: u32,
    },
    /// The search takes back `mv`, which it played at `depth`.
    TakenBack {
        mv: M,
        depth: u32,
    },
    Progress {
        nodes: u64,
        depth: u32,
    },
    /// A best-first search raises its bound: no line shorter than `moves`
    /// can win, and it has expanded `nodes` positions so far; `known`, a
    /// win of that many moves was known before it (it looks only for
    /// shorter lines).
    Bound {
        moves: u32,
        nodes: u64,
        known: Option<u32>,
    },
    /// The search gives up a position at `depth` without searching it, for
    /// the reason `why`: the position the line ends at (it was tried), or a
    /// move from there one deeper that it does not enter.
    Cut {
        depth: u32,
        why: CutReason,
    },
    Done(Outcome<M>),
}

/// Why a search gave a position up without searching on from it: what one
/// of its ideas saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum CutReason {
    /// Known lost: it (or, where the board has mirror images, one of them)
    /// was searched before and lost.
    Seen,
    /// A test proved it lost without a search (the peg boards' parity
    /// classes, Swap's frogs frozen for good).
    Proven,
}

impl CutReason {
    pub const ALL: [CutReason; 2] = [CutReason::Seen, CutReason::Proven];

    /// Its index in `ALL`.
    pub fn index(self) -> usize {
        self as usize
    }

    /// What it saved, in words, after a count of positions.
    pub fn saved_words(self) -> &'static str {
        match self {
            CutReason::Seen => "repeats and mirror images skipped",
            CutReason::Proven => "proven lost by a quick test",
        }
    }

    /// Why a position was cut, in words (the map's hover).
    pub fn words(self) -> &'static str {
        match self {
            CutReason::Seen => "skipped: known lost, searched before (it or a mirror image)",
            CutReason::Proven => "skipped: a test proved it lost",
        }
    }
}

impl<M: Copy> SolverEvent<M> {
    pub fn map<N>(&self, f: impl Fn(M) -> N) -> SolverEvent<N> {
        match self {
            SolverEvent::Tried { mv, depth } => SolverEvent::Tried {
                mv: f(*mv),
                depth: *depth,
            },
            SolverEvent::TakenBack { mv, depth } => SolverEvent::TakenBack {
                mv: f(*mv),
                depth: *depth,
            },
            SolverEvent::Progress { nodes, depth } => SolverEvent::Progress {
                nodes: *nodes,
                depth: *depth,
            },
            SolverEvent::Bound {
                moves,
                nodes,
                known,
            } => SolverEvent::Bound {
                moves: *moves,
                nodes: *nodes,
                known: *known,
            },
            SolverEvent::Cut { depth, why } => SolverEvent::Cut {
                depth: *depth,
                why: *why,
            },
            SolverEvent::Done(o) => SolverEvent::Done(o.map(f)),
        }
    }
}

/// How a search ended.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Outcome<M> {
    Solved {
        moves: Vec<M>,
        /// True when no shorter solution exists.
        optimal: bool,
    },
    Unsolvable,
    OutOfBudget {
        /// The best solution found so far, if any (not proven optimal).
        best: Option<Vec<M>>,
        reason: StopReason,
    },
}

impl<M: Copy> Outcome<M> {
    pub fn map<N>(&self, f: impl Fn(M) -> N) -> Outcome<N> {
        match self {
            Outcome::Solved { moves, optimal } => Outcome::Solved {
                moves: moves.iter().map(|&m| f(m)).collect(),
                optimal: *optimal,
            },
            Outcome::Unsolvable => Outcome::Unsolvable,
            Outcome::OutOfBudget { best, reason } => Outcome::OutOfBudget {
                best: best.as_ref().map(|b| b.iter().map(|&m| f(m)).collect()),
                reason: *reason,
            },
        }
    }

    /// The moves to play, proven or not.
    pub fn moves(&self) -> Option<&[M]> {
        match self {
            Outcome::Solved { moves, .. } => Some(moves),
            Outcome::OutOfBudget { best: Some(b), .. } => Some(b),
            _ => None,
        }
    }
}
