//! Flood solvers. The board is reduced to its graph of one-colour blobs; the
//! flooded region is a set of blobs. The exact solver is A* with an admissible
//! bound (a relaxed game in which one move takes every colour, see
//! `AStar::relaxed`); it plays a colour at once when that move clears the
//! colour from the board, which never costs a move, and skips a move that
//! could have been played a move earlier to the same effect. The fast solver is greedy
//! with a short look-ahead, for hints and huge boards.

mod ahead;
mod below;
mod blobs;
mod exact;
mod greedy;

/// A quick player: its line from a position, not always shortest.
type QuickPlayer = dyn Fn(&Flood) -> Vec<FloodMove>;

/// The move map's part: the fewest moves to win, and winnable only within
/// the level's move limit.
impl crate::solve::moves::Marks for Flood {
    const COUNTS_WAYS: bool = false;

    /// Winnable at once where a quick player wins within the limit (the
    /// greedy player, one looking two moves ahead, then the fast player:
    /// each slower and shorter than the last), else searched.
    fn winnable(&self, budget: &Budget) -> Option<bool> {
        let Some(left) = self.moves_left() else {
            // Without a limit every board is won in the end.
            return Some(true);
        };
        let fits = |n: usize| n <= left as usize;
        if fits(greedy_line(self).len())
            || fits(solve_lookahead(self, 2).len())
            || fits(solve_fast(self).len())
        {
            return Some(true);
        }
        crate::solve::moves::with_search(budget, |search| within(self, left as usize, search))
    }

    /// A line from here that wins with a move to spare wins after any
    /// first move too (a flood after a move holds the flood before it, and
    /// a line only grows a flood it starts from, so the same moves flood
    /// all of the board from there); a line's first move wins with the
    /// rest of it. The quick players' lines are tried first (the greedy
    /// one, two moves ahead, the fast one: each slower and shorter), then
    /// the exact search for a line with a move to spare, within `budget`.
    fn winnable_after(&self, moves: &[FloodMove], budget: &Budget) -> Vec<Option<bool>> {
        let Some(left) = self.moves_left() else {
            return vec![Some(true); moves.len()];
        };
        let spare = left.checked_sub(1).map(|n| n as usize);
        let mut first = Vec::new();
        let quick: [&QuickPlayer; 3] = [&greedy_line, &|f| solve_lookahead(f, 2), &solve_fast];
        for line in quick {
            let line = line(self);
            if spare.is_some_and(|n| line.len() <= n) {
                return vec![Some(true); moves.len()];
            }
            if line.len() <= left as usize {
                first.extend(line.first().copied());
            }
        }
        let all = spare.and_then(|n| {
            crate::solve::moves::with_search(budget, |search| within(self, n, search))
        });
        moves
            .iter()
            .map(|mv| (all == Some(true) || first.contains(mv)).then_some(true))
            .collect()
    }

    /// The fewest moves to win from here, the move limit set aside.
    fn shortest_for_moves(&self, budget: &Budget) -> Option<u32> {
        // Remembered with its search's nodes for its moves' questions.
        below::shortest_remembering(self, budget)
    }

    /// After a move from a position won in `parent` moves at the fewest,
    /// the fewest is `parent - 1` or `parent`: never less, and never more,
    /// as a flood after a move holds the flood before it and a line only
    /// grows a flood it starts from (the parent's line floods the board
    /// from here too, a move it no longer needs left out). So one bounded
    /// question settles it: can it be flooded within `parent - 1`? (A
    /// move that needs `parent` no longer searches the lines that long.)
    fn left_below(&self, parent: u32, budget: &Budget) -> crate::solve::moves::Left {
        use crate::solve::moves::Left;
        let Some(least) = parent.checked_sub(1) else {
            return self.left(budget);
        };
        let fits = |n: u32| self.moves_left().is_none_or(|left| n <= left);
        if !fits(least) {
            return Left::LOST;
        }
        match crate::solve::moves::with_search(budget, |search| {
            // Asked of the position before, where it is the one remembered.
            below::within_below(self, parent, search)
                .unwrap_or_else(|| within(self, least as usize, search))
        }) {
            Some(true) => Left {
                winnable: Some(true),
                shortest: Some(least),
                ways: None,
            },
            Some(false) if fits(parent) => Left {
                winnable: Some(true),
                shortest: Some(parent),
                ways: None,
            },
            Some(false) => Left::LOST,
            // Out of time: the parent's line still wins from here.
            None if fits(parent) => Left {
                winnable: Some(true),
                ..Left::UNKNOWN
            },
            None => Left::UNKNOWN,
        }
    }

    fn left(&self, budget: &Budget) -> crate::solve::moves::Left {
        use crate::solve::moves::Left;
        let outcome = crate::solve::moves::solved(self, budget, solve);
        let within = |n: usize| self.moves_left().is_none_or(|left| n <= left as usize);
        match &outcome {
            Outcome::Solved {
                moves,
                optimal: true,
            } if !within(moves.len()) => Left::LOST,
            Outcome::Solved {
                optimal: false,
                moves,
            }
            | Outcome::OutOfBudget {
                best: Some(moves), ..
            } if !within(moves.len()) => Left::UNKNOWN,
            _ => Left::from_outcome(&outcome),
        }
    }
}

#[cfg(test)]
mod tests;

pub use ahead::solve_lookahead;
pub use blobs::Blobs;

/// Lets go of what the Flood searches keep on the calling thread: the exact
/// search's buffers, and the position whose moves were last marked.
pub(crate) fn let_go_kept() {
    exact::let_go_kept();
    below::forget();
}
pub use exact::{Bound, Exact};

impl crate::solve::Solve for Flood {
    fn order(&self) -> crate::solve::Order {
        crate::solve::Order::BestFirst
    }
    const IDEAS: &'static [&'static str] = &[
        "Best-first (A*): the line that looks shortest in all is grown first.",
        "A lower bound that never overestimates drops every line that cannot win sooner.",
        "A move that could have been played a move earlier is not tried later.",
    ];

    fn solve(&self, search: &mut Search<'_, FloodMove>) -> Outcome<FloodMove> {
        solve(self, search)
    }

    /// To the move limit, or without one, to the length of a line the
    /// greedy player finds (a solution no longer than that exists).
    fn plain_depth(&self) -> usize {
        match self.limit {
            Some(l) => (l as usize).saturating_sub(self.moves as usize),
            None => solve_fast(self).len(),
        }
    }

    /// The greedy player's line, when it wins within the limit.
    fn quick_line(&self) -> Option<Vec<FloodMove>> {
        let fast = solve_fast(self);
        self.limit
            .is_none_or(|l| fast.len() as u32 + self.moves <= l)
            .then_some(fast)
    }
}

use crate::rules::Rules;
use crate::rules::flood::{Flood, FloodMove};
use crate::solve::{Budget, Outcome, Search};
use ahead::Ahead;
use exact::AStar;
use greedy::greedy;

/// The greedy player's line (one move ahead).
fn greedy_line(f: &Flood) -> Vec<FloodMove> {
    if f.is_goal_board() {
        return Vec::new();
    }
    greedy(&Blobs::of(f))
        .into_iter()
        .map(|colour| FloodMove { colour })
        .collect()
}

pub fn solve(f: &Flood, search: &mut Search<'_, FloodMove>) -> Outcome<FloodMove> {
    solve_with(f, search, Exact::FAST)
}

/// `solve` with a chosen bound and pruning (the tests compare them).
pub fn solve_with(
    f: &Flood,
    search: &mut Search<'_, FloodMove>,
    exact: Exact,
) -> Outcome<FloodMove> {
    if f.cells.is_empty() || f.is_goal_board() {
        return Outcome::Solved {
            moves: Vec::new(),
            optimal: true,
        };
    }
    let blobs = Blobs::of(f).in_walk_order();
    let fast = greedy(&blobs);
    search.knows_a_win(fast.len() as u32);
    let outcome = shorter_than(&blobs, exact, search, fast.len());
    let as_moves = |colours: &[u8]| colours.iter().map(|&colour| FloodMove { colour }).collect();
    match outcome {
        Some(Some(path)) => Outcome::Solved {
            moves: as_moves(&path),
            optimal: true,
        },
        // Nothing shorter than the greedy line exists: it is optimal.
        Some(None) if search.stopped().is_none() => Outcome::Solved {
            moves: as_moves(&fast),
            optimal: true,
        },
        _ => {
            if search.stopped().is_none() {
                // Too many blobs for the exact search's tables.
                search.memory(usize::MAX);
            }
            // The best line known: the greedy one, or the look-ahead's.
            let (ahead, _) = Ahead::new(&blobs).run(3, true, false, 0);
            let best = if ahead.len() < fast.len() {
                ahead
            } else {
                as_moves(&fast)
            };
            search.out_of_budget(Some(best))
        }
    }
}

/// The exact search for a line shorter than `upper`, its tables as wide as
/// the board's blobs need: Some(Some(line)), Some(None) when there is none,
/// None when the budget ran out or the board has too many blobs.
fn shorter_than(
    blobs: &Blobs,
    exact: Exact,
    search: &mut Search<'_, FloodMove>,
    upper: usize,
) -> Option<Option<Vec<u8>>> {
    match blobs.len() {
        0..=128 => AStar::<2>::new(blobs, exact).run(search, upper),
        129..=192 => AStar::<3>::new(blobs, exact).run(search, upper),
        193..=256 => AStar::<4>::new(blobs, exact).run(search, upper),
        // The big boards players draw (18x18 and 20x20 have about 200 to
        // 320 blobs) in sets no wider than they need: a node of 5 words and
        // its frontier take 96 bytes, of 8 words 144.
        257..=320 => AStar::<5>::new(blobs, exact).run(search, upper),
        321..=384 => AStar::<6>::new(blobs, exact).run(search, upper),
        385..=512 => AStar::<8>::new(blobs, exact).run(search, upper),
        513..=1024 => AStar::<16>::new(blobs, exact).run(search, upper),
        _ => None,
    }
}

/// Whether `f` can be flooded within `most` moves: the exact search asked
/// only for a line that short, so that a move that loses is proven so
/// without searching the lines between the limit and the shortest win.
/// None when the budget ran out or the board is too big for the search.
pub fn within(f: &Flood, most: usize, search: &mut Search<'_, FloodMove>) -> Option<bool> {
    if f.cells.is_empty() || f.is_goal_board() {
        return Some(true);
    }
    let blobs = Blobs::of(f).in_walk_order();
    let found = shorter_than(&blobs, Exact::FAST, search, most.saturating_add(1));
    match found {
        Some(line) if search.stopped().is_none() => Some(line.is_some()),
        _ => None,
    }
}

/// A fast, not always shortest, solution: clear a colour when one move can,
/// otherwise play the first move of the line of three that leaves the
/// farthest blob nearest (then the fewest blobs that far, then the most
/// cells flooded); the end of the game by exact search when it is shorter.
pub fn solve_fast(f: &Flood) -> Vec<FloodMove> {
    if f.is_goal_board() {
        return Vec::new();
    }
    let (mut line, end) = Ahead::new(&Blobs::of(f)).run(3, true, false, ENDGAME_BLOBS);
    // The end of the game, from where few blobs are left, by exact search
    // when it finds a shorter way (within its node budget).
    if let Some(k) = end {
        let mut rest = f.clone();
        rest.limit = None;
        if line[..k].iter().all(|&mv| rest.apply(mv).is_ok()) {
            let mut search = Search::new(Budget::nodes(ENDGAME_NODES));
            let finish = match solve(&rest, &mut search) {
                Outcome::Solved { moves, .. } => Some(moves),
                Outcome::OutOfBudget {
                    best: Some(moves), ..
                } => Some(moves),
                _ => None,
            };
            if let Some(finish) = finish.filter(|m| m.len() < line.len() - k) {
                line.truncate(k);
                line.extend(finish);
            }
        }
    }
    line
}

/// Blobs left outside the region when `solve_fast` hands the rest of the
/// game to the exact search, and the nodes that search may take.
const ENDGAME_BLOBS: usize = 400;
const ENDGAME_NODES: u64 = 10_000;

impl Flood {
    /// True when every cell has one colour (whatever the move count).
    pub fn is_goal_board(&self) -> bool {
        let c = self.region_colour();
        self.cells.iter().all(|&x| x == c)
    }
}
