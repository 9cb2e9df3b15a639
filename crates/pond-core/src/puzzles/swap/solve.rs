//! Swap solver. Without `jump_own` every solution has the same length (each
//! move is a step or a jump that crosses one pair of opposite frogs, and both
//! totals are fixed by the start and the goal), so a depth-first search that
//! prunes frozen blocks finds a shortest one. With `jump_own`, breadth first.

impl crate::solve::Solve for Swap {
    fn order(&self) -> crate::solve::Order {
        if self.jump_own {
            crate::solve::Order::BreadthFirst
        } else {
            crate::solve::Order::DepthFirst
        }
    }
    const IDEAS: &'static [&'static str] = &[
        "The classic row is played by its known pattern, with no search at all.",
        "Positions already known to be lost are not searched again.",
        "A line that leaves a block of frogs that can never move is given up at once.",
    ];

    fn solve(&self, search: &mut Search<'_, SwapMove>) -> Outcome<SwapMove> {
        solve(self, search)
    }

    /// Every move uses up a frog's way: the search ends by itself.
    fn plain_depth(&self) -> usize {
        usize::MAX
    }
}

use crate::rules::swap::{Cell, Swap, SwapMove, target_in};
use crate::solve::{CutReason, Outcome, Search, breadth_first};
use std::collections::HashMap;

pub fn solve(s: &Swap, search: &mut Search<'_, SwapMove>) -> Outcome<SwapMove> {
    if s.cells.len() != s.goal.len()
        || s.count(Cell::L) != s.goal.iter().filter(|&&c| c == Cell::L).count()
        || s.count(Cell::R) != s.goal.iter().filter(|&&c| c == Cell::R).count()
    {
        return Outcome::Unsolvable;
    }
    if s.cells == s.goal {
        return Outcome::Solved {
            moves: Vec::new(),
            optimal: true,
        };
    }
    if s.jump_own {
        shortest_by_breadth(s, search)
    } else if !in_reach(s) {
        Outcome::Unsolvable
    } else if let Some(moves) = classic_pattern(s, search) {
        moves
    } else {
        DepthFirst::new(s).run(search)
    }
}

/// The known pattern for the classic row `L..L_R..R` with its mirrored goal:
/// frogs of one kind jump while they can, then one of them steps and the other
/// kind takes over. It never backtracks, so a thousand frogs a side take a
/// million moves and no search. Tests check it against breadth-first search.
fn classic_pattern(s: &Swap, search: &mut Search<'_, SwapMove>) -> Option<Outcome<SwapMove>> {
    let n = s.count(Cell::L);
    let m = s.count(Cell::R);
    let classic = s.cells.len() == n + m + 1
        && s.cells[..n].iter().all(|&c| c == Cell::L)
        && s.cells[n] == Cell::Empty
        && s.goal == crate::rules::swap::mirrored(&s.cells);
    if !classic {
        return None;
    }
    let mut cells = s.cells.clone();
    let mut gap = n;
    let other = |k: Cell| if k == Cell::L { Cell::R } else { Cell::L };
    // The frog of kind `k` that would step or jump into the gap.
    let from = |cells: &[Cell], gap: usize, k: Cell, jump: bool| -> Option<usize> {
        let d = 1 + jump as usize;
        let f = if k == Cell::L {
            gap.checked_sub(d)?
        } else {
            gap + d
        };
        let ok = cells.get(f) == Some(&k) && (!jump || cells[(f + gap) / 2] == other(k));
        ok.then_some(f)
    };
    // Every solution has exactly this many moves; the row is compared with
    // the goal once, at the end, rather than after every move.
    let total = n * m + n + m;
    let mut moves = Vec::with_capacity(total);
    let mut current = if n > 0 { Cell::L } else { Cell::R };
    let mut first = true;
    while moves.len() < total {
        let (f, next) = if first {
            first = false;
            (from(&cells, gap, current, false)?, other(current))
        } else if let Some(f) = from(&cells, gap, current, true) {
            (f, current)
        } else if let Some(f) = from(&cells, gap, current, false) {
            (f, other(current))
        } else if let Some(f) = from(&cells, gap, other(current), true) {
            (f, other(current))
        } else {
            (from(&cells, gap, other(current), false)?, current)
        };
        current = next;
        cells.swap(f, gap);
        let mv = SwapMove { from: f as u32 };
        gap = f;
        moves.push(mv);
        search.tried(mv, moves.len() as u32);
        if !search.node(moves.len() as u32) {
            return Some(search.out_of_budget(None));
        }
    }
    (cells == s.goal).then_some(Outcome::Solved {
        moves,
        optimal: true,
    })
}

/// Without `jump_own` frogs of one kind keep their order, so the i-th L frog
/// must end at or right of where it starts, and the i-th R frog at or left.
pub(crate) fn in_reach(s: &Swap) -> bool {
    fn places(row: &[Cell], kind: Cell) -> impl Iterator<Item = usize> + '_ {
        row.iter()
            .enumerate()
            .filter(move |&(_, &c)| c == kind)
            .map(|(i, _)| i)
    }
    places(&s.cells, Cell::L)
        .zip(places(&s.goal, Cell::L))
        .all(|(a, b)| a <= b)
        && places(&s.cells, Cell::R)
            .zip(places(&s.goal, Cell::R))
            .all(|(a, b)| a >= b)
}

fn shortest_by_breadth(s: &Swap, search: &mut Search<'_, SwapMove>) -> Outcome<SwapMove> {
    let jump_own = s.jump_own;
    breadth_first(
        s.cells.clone(),
        search,
        |cells: &Vec<Cell>, out| {
            for from in 0..cells.len() {
                if let Some(to) = target_in(cells, jump_own, from) {
                    let mut next = cells.clone();
                    next.swap(from, to);
                    out.push((SwapMove { from: from as u32 }, next));
                }
            }
        },
        |cells| *cells == s.goal,
        s.cells.len() + 48,
    )
}

/// Depth-first search with an explicit stack (solutions of a million moves are
/// fair), a table of positions known to fail, and a check for frozen blocks.
struct DepthFirst<'g> {
    cells: Vec<Cell>,
    goal: &'g [Cell],
    gaps: Vec<u32>,
    keys: Vec<[u64; 3]>,
    hash: u64,
    /// Positions known to fail, by hash, each with its exact packed row.
    dead: HashMap<u64, Vec<Box<[u64]>>>,
    dead_bytes: usize,
}

struct Frame {
    from: u32,
    to: u32,
    index: u32,
}

impl<'g> DepthFirst<'g> {
    fn new(s: &'g Swap) -> Self {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let keys: Vec<[u64; 3]> = (0..s.cells.len())
            .map(|_| [0, splitmix(&mut seed), splitmix(&mut seed)])
            .collect();
        let hash = s
            .cells
            .iter()
            .zip(&keys)
            .fold(0, |h, (&c, k)| h ^ k[c as usize]);
        let gaps = (0..s.cells.len() as u32)
            .filter(|&i| s.cells[i as usize] == Cell::Empty)
            .collect();
        DepthFirst {
            cells: s.cells.clone(),
            goal: &s.goal,
            gaps,
            keys,
            hash,
            dead: HashMap::new(),
            dead_bytes: 0,
        }
    }

    /// The moves from here, jumps first: the `index`-th one, if any.
    fn candidate(&self, index: u32) -> Option<(u32, u32)> {
        let c = &self.cells;
        let mut k = 0u32;
        for pass in 0..2 {
            for &g in &self.gaps {
                let g = g as usize;
                let options = if pass == 0 {
                    [
                        (g >= 2 && c[g - 2] == Cell::L && c[g - 1] == Cell::R).then(|| g - 2),
                        (g + 2 < c.len() && c[g + 2] == Cell::R && c[g + 1] == Cell::L)
                            .then(|| g + 2),
                    ]
                } else {
                    [
                        (g >= 1 && c[g - 1] == Cell::L).then(|| g - 1),
                        (g + 1 < c.len() && c[g + 1] == Cell::R).then(|| g + 1),
                    ]
                };
                for from in options.into_iter().flatten() {
                    if k == index {
                        return Some((from as u32, g as u32));
                    }
                    k += 1;
                }
            }
        }
        None
    }

    fn play(&mut self, from: u32, to: u32) {
        let (f, t) = (from as usize, to as usize);
        let frog = self.cells[f];
        self.hash ^= self.keys[f][frog as usize] ^ self.keys[t][frog as usize];
        self.cells.swap(f, t);
        if let Some(g) = self.gaps.iter_mut().find(|g| **g == to) {
            *g = from;
        }
    }

    /// True when the move just played left a block of frogs that can never move
    /// again and that differs from the goal.
    fn frozen_near(&self, from: u32, to: u32) -> bool {
        let n = self.cells.len();
        let c = &self.cells;
        let pattern = [Cell::L, Cell::L, Cell::R, Cell::R];
        for p in [from as usize, to as usize] {
            for w in p.saturating_sub(3)..=p {
                if w + 4 <= n && c[w..w + 4] == pattern && self.goal[w..w + 4] != pattern {
                    return true;
                }
            }
        }
        let left = [Cell::L, Cell::R, Cell::R];
        let right = [Cell::L, Cell::L, Cell::R];
        (n >= 3 && c[..3] == left && self.goal[..3] != left)
            || (n >= 3 && c[n - 3..] == right && self.goal[n - 3..] != right)
    }

    fn packed(&self) -> Box<[u64]> {
        let mut words = vec![0u64; self.cells.len().div_ceil(32)];
        for (i, &c) in self.cells.iter().enumerate() {
            words[i / 32] |= (c as u64) << (2 * (i % 32));
        }
        words.into_boxed_slice()
    }

    fn is_dead(&self) -> bool {
        self.dead
            .get(&self.hash)
            .is_some_and(|rows| rows.iter().any(|r| **r == *self.packed()))
    }

    fn mark_dead(&mut self) {
        let row = self.packed();
        self.dead_bytes += row.len() * 8 + 48;
        self.dead.entry(self.hash).or_default().push(row);
    }

    fn run(mut self, search: &mut Search<'_, SwapMove>) -> Outcome<SwapMove> {
        let mut stack: Vec<Frame> = Vec::new();
        let mut index = 0u32;
        loop {
            if self.cells == self.goal {
                let moves = stack.iter().map(|f| SwapMove { from: f.from }).collect();
                return Outcome::Solved {
                    moves,
                    optimal: true,
                };
            }
            let depth = stack.len() as u32;
            let mut advanced = false;
            while let Some((from, to)) = self.candidate(index) {
                self.play(from, to);
                let frozen = self.frozen_near(from, to);
                if frozen || self.is_dead() {
                    let why = if frozen {
                        CutReason::Proven
                    } else {
                        CutReason::Seen
                    };
                    search.cut(depth + 1, why);
                    self.play(to, from);
                    index += 1;
                    continue;
                }
                if !search.node(depth + 1) || !search.memory(self.dead_bytes) {
                    return search.out_of_budget(None);
                }
                search.tried(SwapMove { from }, depth + 1);
                stack.push(Frame { from, to, index });
                index = 0;
                advanced = true;
                break;
            }
            if advanced {
                continue;
            }
            let Some(frame) = stack.pop() else {
                return Outcome::Unsolvable;
            };
            self.mark_dead();
            self.play(frame.to, frame.from);
            search.taken_back(SwapMove { from: frame.from }, depth);
            index = frame.index + 1;
        }
    }
}

/// A fixed mixing function for table keys: the same on every machine.
pub(crate) fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The move map's part: the fewest moves to win, from the solver (its
/// answers are shortest).
impl crate::solve::moves::Marks for Swap {
    const COUNTS_WAYS: bool = false;

    fn left(&self, budget: &crate::solve::Budget) -> crate::solve::moves::Left {
        crate::solve::moves::Left::from_outcome(&crate::solve::moves::solved(self, budget, solve))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::swap::parse_row;
    use crate::solve::{Budget, brute_force_shortest, replay};

    fn solve_row(row: &str, jump_own: bool) -> Outcome<SwapMove> {
        let s = Swap::new(parse_row(row).unwrap(), jump_own);
        let mut search = Search::new(Budget::unlimited());
        solve(&s, &mut search)
    }

    /// Every row of up to `max` cells with at least one gap.
    fn all_rows(max: usize) -> Vec<String> {
        let mut rows = Vec::new();
        for len in 1..=max {
            for code in 0..3usize.pow(len as u32) {
                let mut x = code;
                let row: String = (0..len)
                    .map(|_| {
                        let ch = ['_', 'L', 'R'][x % 3];
                        x /= 3;
                        ch
                    })
                    .collect();
                rows.push(row);
            }
        }
        rows
    }

    #[test]
    fn classic_counts_match_the_formula() {
        for n in 1..=6usize {
            for m in 1..=6usize {
                let row = format!("{}_{}", "L".repeat(n), "R".repeat(m));
                match solve_row(&row, false) {
                    Outcome::Solved { moves, optimal } => {
                        assert!(optimal);
                        assert_eq!(moves.len(), n * m + n + m, "{row}");
                    }
                    other => panic!("{row}: {other:?}"),
                }
            }
        }
    }

    #[test]
    fn agrees_with_brute_force_on_every_row_up_to_nine_cells() {
        for row in all_rows(9) {
            for jump_own in [false, true] {
                let s = Swap::new(parse_row(&row).unwrap(), jump_own);
                let expected = brute_force_shortest(&s);
                let outcome = solve_row(&row, jump_own);
                match (&outcome, expected) {
                    (Outcome::Solved { moves, optimal }, Some(len)) => {
                        assert!(optimal);
                        assert_eq!(moves.len(), len, "{row} jump_own={jump_own}");
                        replay(&s, moves).unwrap();
                    }
                    (Outcome::Unsolvable, None) => {}
                    (got, want) => panic!("{row} jump_own={jump_own}: {got:?} vs {want:?}"),
                }
            }
        }
    }

    #[test]
    fn the_classic_pattern_matches_the_formula_up_to_forty_a_side() {
        for n in 0..=40usize {
            for m in 0..=40usize {
                let row = format!("{}_{}", "L".repeat(n), "R".repeat(m));
                let s = Swap::new(parse_row(&row).unwrap(), false);
                let mut search = Search::new(Budget::unlimited());
                let outcome = classic_pattern(&s, &mut search).unwrap();
                let moves = outcome.moves().unwrap();
                assert_eq!(moves.len(), n * m + n + m, "{row}");
                replay(&s, moves).unwrap();
            }
        }
    }

    #[test]
    fn a_thousand_against_a_thousand() {
        let row = format!("{}_{}", "L".repeat(1000), "R".repeat(1000));
        let s = Swap::new(parse_row(&row).unwrap(), false);
        let mut search = Search::new(Budget::unlimited());
        let outcome = solve(&s, &mut search);
        let moves = outcome.moves().expect("solved");
        assert_eq!(moves.len(), 1_002_000);
        replay(&s, moves).unwrap();
    }

    #[test]
    fn unreachable_goal_is_unsolvable() {
        // The L frog would have to move left.
        let mut s = Swap::new(parse_row("_LR").unwrap(), false);
        s.goal = parse_row("L_R").unwrap();
        let mut search = Search::new(Budget::unlimited());
        assert_eq!(solve(&s, &mut search), Outcome::Unsolvable);
    }
}
