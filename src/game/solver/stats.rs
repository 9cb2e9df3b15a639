//! What a watched search has done: its counters and the line it is on
//! (for the panel), and the moves it tried and took back (for the tree
//! view's timeline).

use crate::rules::PuzzleMove;
use crate::solve::{CutReason, SolverEvent};

/// Moves tried and taken back the timeline keeps (48 bytes each, tested:
/// 48 MB at most).
pub const LOG_MOST: usize = 1_000_000;

/// A move the search tried (or took back) at a depth: an event of its
/// timeline, kept small.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LogStep {
    pub mv: PuzzleMove,
    pub depth: u32,
    pub back: bool,
    /// A best-first search's round then: its bound and the positions it had
    /// expanded when it rose to it.
    pub round: Option<(u32, u64)>,
    /// Positions the search cut just before this step: by reason
    /// (`CutReason::ALL`), each the end of the line then (even index) or a
    /// move from there not entered (odd).
    pub cuts: [u8; 4],
}

impl LogStep {
    /// The step of a move tried or taken back, under the round `round`.
    pub(super) fn of(
        event: &SolverEvent<PuzzleMove>,
        round: Option<(u32, u64)>,
    ) -> Option<LogStep> {
        match *event {
            SolverEvent::Tried { mv, depth } => Some(LogStep {
                mv,
                depth,
                back: false,
                round,
                cuts: [0; 4],
            }),
            SolverEvent::TakenBack { mv, depth } => Some(LogStep {
                mv,
                depth,
                back: true,
                round,
                cuts: [0; 4],
            }),
            _ => None,
        }
    }

    /// Counts a cut at `depth` made while the line was `line` deep, into
    /// the counts the next step carries.
    pub fn count_cut(cuts: &mut [u8; 4], why: CutReason, depth: u32, line: u32) {
        let slot = &mut cuts[why.index() * 2 + usize::from(depth > line)];
        *slot = slot.saturating_add(1);
    }

    /// The solver's events it stands for: the rise of the bound first
    /// when the tree is under another.
    pub fn events(self, bound_now: Option<u32>) -> Vec<SolverEvent<PuzzleMove>> {
        let LogStep {
            mv,
            depth,
            back,
            round,
            cuts,
        } = self;
        let mut out = Vec::with_capacity(2);
        if let Some((moves, nodes)) = round
            && bound_now != Some(moves)
        {
            // (The win known before the search is the tree's from its
            // start: `SearchTree::restarted`.)
            out.push(SolverEvent::Bound {
                moves,
                nodes,
                known: None,
            });
        }
        // The cuts before the step, at the depths they were made: the line
        // then ended where a step taking back ends it, or one short of
        // where a step tried goes.
        let line = if back { depth } else { depth.saturating_sub(1) };
        for why in CutReason::ALL {
            for deeper in [0, 1] {
                for _ in 0..cuts[why.index() * 2 + deeper as usize] {
                    out.push(SolverEvent::Cut {
                        depth: line + deeper,
                        why,
                    });
                }
            }
        }
        out.push(if back {
            SolverEvent::TakenBack { mv, depth }
        } else {
            SolverEvent::Tried { mv, depth }
        });
        out
    }
}

/// One step of the line the search is on: the move, and how many legal moves
/// at that position the search has not tried yet.
#[derive(Debug, Clone, Copy)]
pub struct PathStep {
    pub mv: PuzzleMove,
    pub untried: usize,
}

/// What the search has done so far, as the panel shows it.
#[derive(Debug, Clone, Default)]
pub struct SearchStats {
    /// Nodes the solver has counted.
    pub nodes: u64,
    /// Moves tried and taken back on the board.
    pub tried: u64,
    pub backtracks: u64,
    pub path: Vec<PathStep>,
    /// A best-first search's rounds: each bound on the moves a winning line
    /// takes, and the positions expanded when it was reached.
    pub bounds: Vec<(u32, u64)>,
    /// Legal moves at each position of the path (and the one after it).
    legal: Vec<usize>,
    /// Moves already tried at each position of the path.
    done: Vec<usize>,
}

impl SearchStats {
    pub(super) fn on_tried(&mut self, depth: usize, mv: PuzzleMove, legal_here: usize) {
        self.tried += 1;
        self.legal.truncate(depth);
        self.done.truncate(depth);
        if self.legal.len() < depth {
            self.legal.resize(depth, legal_here);
            self.done.resize(depth, 0);
        }
        self.done[depth - 1] += 1;
        self.path.truncate(depth - 1);
        self.path.push(PathStep {
            mv,
            untried: self.legal[depth - 1].saturating_sub(self.done[depth - 1]),
        });
    }

    pub(super) fn on_taken_back(&mut self, depth: usize) {
        self.backtracks += 1;
        self.path.truncate(depth.saturating_sub(1));
        self.legal.truncate(depth);
        self.done.truncate(depth);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn the_search_path_counts_untried_moves() {
        let row = crate::swap_row("LL_RR");
        let mv = |from: u32| row.parse_move(&from.to_string()).expect("a pad of the row");
        let mut s = SearchStats::default();
        s.on_tried(1, mv(0), 3);
        s.on_tried(2, mv(1), 2);
        assert_eq!(s.path.iter().map(|p| p.untried).collect::<Vec<_>>(), [2, 1]);
        s.on_taken_back(2);
        s.on_tried(2, mv(2), 2);
        assert_eq!(s.path.iter().map(|p| p.untried).collect::<Vec<_>>(), [2, 0]);
        s.on_taken_back(2);
        s.on_taken_back(1);
        s.on_tried(1, mv(3), 3);
        assert_eq!(s.path.iter().map(|p| p.untried).collect::<Vec<_>>(), [1]);
        assert_eq!((s.tried, s.backtracks), (4, 3));
    }

    /// The timeline's bound on memory holds: its steps stay small.
    #[test]
    fn a_step_of_the_timeline_stays_small() {
        let size = std::mem::size_of::<LogStep>();
        eprintln!("LogStep: {size} bytes");
        assert!(size <= 48, "{size} bytes");
    }
}
