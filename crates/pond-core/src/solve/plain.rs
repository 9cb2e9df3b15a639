//! The plain search of the puzzles' first programs: depth-first, every legal
//! move in the rules' order, no memory of positions seen, no pruning, the
//! first solution found kept. It is here to be compared with the solvers, so
//! a player (and `pond solve --plain`) sees what each of their ideas saves.

use super::{Budget, Outcome, Report, Search, Sink, Solve, run_wrapped};
use crate::rules::{Puzzle, PuzzleMove, Rules};

/// Depth-first search over the rules, in the order `legal_moves` gives, to
/// at most `deepest` moves. A solution is not proven shortest; "unsolvable"
/// means none within `deepest` moves.
pub fn backtrack<R: Rules>(
    start: &R,
    search: &mut Search<'_, R::Move>,
    deepest: usize,
) -> Outcome<R::Move> {
    if start.is_goal() {
        return Outcome::Solved {
            moves: Vec::new(),
            optimal: true,
        };
    }
    struct Frame<M> {
        moves: Vec<M>,
        next: usize,
    }
    let mut state = start.clone();
    let mut first = Vec::new();
    state.legal_moves(&mut first);
    let mut frames = vec![Frame {
        moves: first,
        next: 0,
    }];
    let mut line: Vec<(R::Move, R::Undo)> = Vec::new();
    while let Some(frame) = frames.last_mut() {
        if frame.next < frame.moves.len() {
            let mv = frame.moves[frame.next];
            frame.next += 1;
            let depth = line.len() as u32 + 1;
            if !search.node(depth) {
                return search.out_of_budget(None);
            }
            let Ok(undo) = state.apply(mv) else { continue };
            search.tried(mv, depth);
            line.push((mv, undo));
            if state.is_goal() {
                return Outcome::Solved {
                    moves: line.iter().map(|(m, _)| *m).collect(),
                    optimal: false,
                };
            }
            let mut moves = Vec::new();
            if line.len() < deepest {
                state.legal_moves(&mut moves);
            }
            frames.push(Frame { moves, next: 0 });
        } else {
            frames.pop();
            if let Some((mv, undo)) = line.pop() {
                state.undo(&undo);
                search.taken_back(mv, line.len() as u32 + 1);
            }
        }
    }
    Outcome::Unsolvable
}

/// How deep the plain search goes on a puzzle: Swap, Hop and Escape end by
/// themselves (every move uses up a frog's way, a frog or an animal); a
/// Flood board goes to its move limit, or, without one, to the length of a
/// line the greedy player finds (a solution no longer than that exists).
pub fn plain_depth(puzzle: &Puzzle) -> usize {
    crate::each_puzzle!(puzzle, p => p.plain_depth())
}

/// Runs the plain search on any puzzle, with the same budget, events and
/// replay of its answer as the solvers.
pub fn solve_plain(
    puzzle: &Puzzle,
    budget: Budget,
    sink: Option<Sink<'_, PuzzleMove>>,
    trace: bool,
) -> Report<PuzzleMove> {
    let deepest = plain_depth(puzzle);
    crate::each_puzzle!(puzzle, p => run_wrapped(p, budget, sink, trace, |p, s| backtrack(p, s, deepest)))
}

/// Whether the puzzle's solver searches best-first (a line it sets aside is
/// not lost, and may be taken up again) rather than depth first.
pub fn best_first(puzzle: &Puzzle) -> bool {
    super::order(puzzle).sets_aside()
}

/// The ideas a puzzle's solver uses that the plain search does not, one
/// sentence each, for the player who compares them.
pub fn ideas(puzzle: &Puzzle) -> &'static [&'static str] {
    fn of<P: Solve>(_: &P) -> &'static [&'static str] {
        P::IDEAS
    }
    crate::each_puzzle!(puzzle, p => of(p))
}

#[cfg(test)]
#[path = "plain_tests.rs"]
mod tests;
