//! Escape solver: depth-first search over (animals left in each row, the row
//! the last animal left from), with a table of positions known to fail, and a
//! memoised count of solutions for grading.

use super::{CutReason, FastMap, Outcome, Search};
use crate::rules::escape::{Escape, EscapeMove};
use dead::Dead;
pub(crate) use dead::let_go_kept;

mod dead;

/// Rows and columns a position key can hold: 4 bits a row, 16 rows.
pub const MAX_ROWS: u8 = 16;
pub const MAX_COLS: u8 = 15;

/// A position: animals left per row as a number, and the row the last
/// animal left from.
type Key = (u64, u8);

/// A set of cells, row-major, in `N` words of 64 bits.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Cells<const N: usize>([u64; N]);

impl<const N: usize> Cells<N> {
    const EMPTY: Self = Cells([0; N]);

    #[inline]
    fn with(mut self, cell: usize) -> Self {
        self.0[cell / 64] |= 1 << (cell % 64);
        self
    }

    #[inline]
    fn without(mut self, cell: usize) -> Self {
        self.0[cell / 64] &= !(1 << (cell % 64));
        self
    }

    #[inline]
    fn and(self, other: &Self) -> Self {
        let mut out = self;
        for (o, b) in out.0.iter_mut().zip(other.0) {
            *o &= b;
        }
        out
    }

    #[inline]
    fn or(self, other: &Self) -> Self {
        let mut out = self;
        for (o, b) in out.0.iter_mut().zip(other.0) {
            *o |= b;
        }
        out
    }

    #[inline]
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The cells in the set, lowest first.
    #[inline]
    fn iter(self) -> CellIter<N> {
        CellIter {
            words: self.0,
            at: 0,
        }
    }
}

struct CellIter<const N: usize> {
    words: [u64; N],
    at: usize,
}

impl<const N: usize> Iterator for CellIter<N> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.at < N {
            let w = self.words[self.at];
            if w != 0 {
                self.words[self.at] = w & (w - 1);
                return Some(self.at * 64 + w.trailing_zeros() as usize);
            }
            self.at += 1;
        }
        None
    }
}

/// `NONE` as the row of the last animal out, in a position's key.
const NO_ROW: u8 = u8::MAX;

/// A position: the animals at the east end of each row (the only ones that
/// may leave), the position's key, and the cell of the last animal out (the
/// number of cells when none has left yet).
#[derive(Clone, Copy)]
struct Position<const N: usize> {
    front: Cells<N>,
    key: u64,
    last: usize,
}

/// What the search needs to know of a cell.
#[derive(Clone, Copy)]
struct Cell<const N: usize> {
    /// The cells whose animals share a type or a colour with this one's (for
    /// the one past the last cell, standing for "no animal out yet": all).
    shares: Cells<N>,
    row: u8,
    /// Whether a cell lies west of it in its row.
    west: bool,
    /// What its animal leaving takes off the position's key: the animals left
    /// per row are the key's digits, base `cols + 1` for the flat table and
    /// base 16 (4 bits a row) for the hash set.
    stride: u64,
    /// Where the lost positions whose last animal out is this one's start in
    /// the flat table.
    base: usize,
}

struct Solver<const N: usize> {
    dead: Dead,
    /// Every cell, then one for "no animal out yet".
    cells: Vec<Cell<N>>,
}

/// For each animal, the cells whose animals share its type or its colour;
/// `K` bounds the types and colours.
fn sharing<const N: usize, const K: usize>(e: &Escape) -> impl Iterator<Item = Cells<N>> + '_ {
    let mut of_kind = [Cells::EMPTY; K];
    let mut of_colour = [Cells::EMPTY; K];
    for (c, a) in e.animals.iter().enumerate() {
        of_kind[a.kind as usize] = of_kind[a.kind as usize].with(c);
        of_colour[a.colour as usize] = of_colour[a.colour as usize].with(c);
    }
    e.animals
        .iter()
        .map(move |a| of_kind[a.kind as usize].or(&of_colour[a.colour as usize]))
}

impl<const N: usize> Solver<N> {
    fn new(e: &Escape, dense: bool) -> (Self, Position<N>) {
        let (rows, cols) = (e.rows as usize, e.cols as usize);
        let dead = Dead::new(rows, cols, dense);
        let radix = if dead.is_dense() { cols as u64 + 1 } else { 16 };
        let mut strides = [0u64; MAX_ROWS as usize];
        let mut s = 1u64;
        for stride in strides.iter_mut().take(rows) {
            *stride = s;
            s = s.wrapping_mul(radix);
        }
        let count = rows * cols;
        let mut cells = Vec::with_capacity(count + 1);
        let cell = |(c, shares)| Cell {
            shares,
            row: (c / cols) as u8,
            west: c % cols != 0,
            stride: strides[c / cols],
            base: dead.base((c / cols) as u8, rows),
        };
        if e.animals.iter().all(|a| a.kind < 16 && a.colour < 16) {
            cells.extend(sharing::<N, 16>(e).enumerate().map(cell));
        } else {
            cells.extend(sharing::<N, 256>(e).enumerate().map(cell));
        }
        cells.push(Cell {
            shares: (0..count).fold(Cells::EMPTY, Cells::with),
            row: NO_ROW,
            west: false,
            stride: 0,
            base: dead.base(NO_ROW, rows),
        });
        let mut start = Position {
            front: Cells::EMPTY,
            key: 0,
            last: count,
        };
        for (r, &l) in e.left.iter().enumerate() {
            start.key = start.key.wrapping_add(l as u64 * strides[r]);
            if l > 0 {
                start.front = start.front.with(r * cols + l as usize - 1);
            }
        }
        if let Some(&(r, c)) = e.queue.last() {
            start.last = r as usize * cols + c as usize;
        }
        (Solver { dead, cells }, start)
    }

    fn last_row(&self, p: &Position<N>) -> u8 {
        self.cells[p.last].row
    }

    /// The cells whose animal may leave next.
    #[inline]
    fn options(&self, p: &Position<N>) -> Cells<N> {
        p.front.and(&self.cells[p.last].shares)
    }

    /// The position after the animal in `cell` leaves; the one west of it
    /// comes to the front.
    #[inline]
    fn leave(&self, p: &Position<N>, cell: usize) -> Position<N> {
        let info = &self.cells[cell];
        let mut front = p.front.without(cell);
        if info.west {
            front = front.with(cell - 1);
        }
        Position {
            front,
            key: p.key.wrapping_sub(info.stride),
            last: cell,
        }
    }

    /// Whether every animal can leave from `p`, which is neither won nor
    /// known to be lost; `None` when the search stopped first.
    fn dfs(
        &mut self,
        p: Position<N>,
        path: &mut Vec<EscapeMove>,
        search: &mut Search<'_, EscapeMove>,
    ) -> Option<bool> {
        let depth = path.len() as u32;
        if !search.node(depth) || !(self.dead.is_dense() || search.memory(self.dead.bytes())) {
            return None;
        }
        for cell in self.options(&p).iter() {
            let next = self.leave(&p, cell);
            let row = self.cells[cell].row;
            let won = next.front.is_empty();
            // A position already lost is not entered again.
            if !won && self.dead.contains(next.key, row, self.cells[cell].base) {
                search.cut(depth + 1, CutReason::Seen);
                continue;
            }
            let mv = EscapeMove { row };
            path.push(mv);
            search.tried(mv, depth + 1);
            if won {
                return Some(true);
            }
            match self.dfs(next, path, search) {
                Some(true) => return Some(true),
                None => return None,
                Some(false) => {}
            }
            path.pop();
            search.taken_back(mv, depth + 1);
        }
        self.dead
            .insert(p.key, self.last_row(&p), self.cells[p.last].base);
        Some(false)
    }

    /// The orders that win from `p`, up to `cap`; None once the positions
    /// counted would pass `MOST_COUNTED`.
    fn count(&self, p: Position<N>, cap: u64, memo: &mut FastMap<Key, u64>) -> Option<u64> {
        if p.front.is_empty() {
            return Some(1);
        }
        let key = (p.key, self.last_row(&p));
        if let Some(&n) = memo.get(&key) {
            return Some(n);
        }
        if memo.len() >= MOST_COUNTED {
            return None;
        }
        let mut total = 0u64;
        for cell in self.options(&p).iter() {
            total = total
                .saturating_add(self.count(self.leave(&p, cell), cap, memo)?)
                .min(cap);
        }
        memo.insert(key, total);
        Some(total)
    }
}

impl super::Solve for Escape {
    const BEST_FIRST: bool = false;
    const IDEAS: &'static [&'static str] = &[
        "A position is the animals left in each row and the row of the last one out.",
        "Positions already known to be lost are not searched again.",
    ];

    fn solve(&self, search: &mut Search<'_, EscapeMove>) -> Outcome<EscapeMove> {
        solve(self, search)
    }

    /// Every move takes an animal out: the search ends by itself.
    fn plain_depth(&self) -> usize {
        usize::MAX
    }
}

/// Whether the solver's keys hold the board, and its parts agree on its size.
fn fits(e: &Escape) -> bool {
    e.rows <= MAX_ROWS
        && e.cols <= MAX_COLS
        && e.animals.len() == e.rows as usize * e.cols as usize
        && e.left.len() == e.rows as usize
        && e.left.iter().all(|&l| l <= e.cols)
        && e.queue
            .last()
            .is_none_or(|&(r, c)| r < e.rows && c < e.cols)
}

pub fn solve(e: &Escape, search: &mut Search<'_, EscapeMove>) -> Outcome<EscapeMove> {
    solve_with(e, search, true)
}

/// `solve`, with the flat table of lost positions allowed or not (the hash
/// set is the plain version the flat one is checked against).
fn solve_with(e: &Escape, search: &mut Search<'_, EscapeMove>, dense: bool) -> Outcome<EscapeMove> {
    if !fits(e) {
        search.memory(usize::MAX);
        return search.out_of_budget(None);
    }
    if e.animals.len() <= 64 {
        solve_in::<1>(e, search, dense)
    } else {
        solve_in::<4>(e, search, dense)
    }
}

fn solve_in<const N: usize>(
    e: &Escape,
    search: &mut Search<'_, EscapeMove>,
    dense: bool,
) -> Outcome<EscapeMove> {
    let (mut solver, start) = Solver::<N>::new(e, dense);
    let mut path = Vec::with_capacity(e.remaining());
    let won = if start.front.is_empty() {
        Some(true)
    } else {
        solver.dfs(start, &mut path, search)
    };
    match won {
        // Every animal leaves once: every solution has the same length.
        Some(true) => Outcome::Solved {
            moves: path,
            optimal: true,
        },
        Some(false) => Outcome::Unsolvable,
        None => search.out_of_budget(None),
    }
}

/// The most positions `count_solutions` keeps in memory (about 64 MiB).
pub const MOST_COUNTED: usize = 1 << 21;

/// How many orders let every animal out, counting up to `cap`; None when
/// the prison has too many positions to count them in bounded memory (more
/// than `MOST_COUNTED`).
pub fn count_solutions(e: &Escape, cap: u64) -> Option<u64> {
    if !fits(e) {
        return Some(0);
    }
    let memo = &mut FastMap::default();
    if e.animals.len() <= 64 {
        let (solver, start) = Solver::<1>::new(e, false);
        solver.count(start, cap, memo)
    } else {
        let (solver, start) = Solver::<4>::new(e, false);
        solver.count(start, cap, memo)
    }
}

/// The move map's part: every win lets each animal out once, so the marks
/// count the orders that win (up to the cap), after the solver has decided
/// whether there is one.
impl super::moves::Marks for Escape {
    const COUNTS_WAYS: bool = true;

    fn left(&self, budget: &super::Budget) -> super::moves::Left {
        use super::moves::{Left, WAYS_CAP, Ways, solved};
        let mut left = Left::from_outcome(&solved(self, budget, solve));
        if left.winnable == Some(true) {
            left.shortest = Some(self.remaining() as u32);
            left.ways = count_solutions(self, WAYS_CAP).map(Ways::capped);
        }
        left
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::rules::escape::Animal;
    use crate::solve::{Budget, replay};

    /// Every order, tried one by one.
    fn all_orders(e: &mut Escape) -> u64 {
        if e.is_goal() {
            return 1;
        }
        let mut moves = Vec::new();
        e.legal_moves(&mut moves);
        let mut n = 0;
        for mv in moves {
            let u = e.apply(mv).unwrap();
            n += all_orders(e);
            e.undo(&u);
        }
        n
    }

    #[test]
    fn agrees_with_enumeration_on_3x3_deals_of_3_types_and_3_colours() {
        // Every arrangement of the nine animals.
        let base: Vec<Animal> = (0..9)
            .map(|i| Animal {
                kind: (i / 3) as u8,
                colour: (i % 3) as u8,
            })
            .collect();
        let mut perm: Vec<usize> = (0..9).collect();
        let mut checked = 0;
        let mut unsolvable = 0;
        loop {
            {
                let animals = perm.iter().map(|&i| base[i]).collect();
                let mut e = Escape::new(3, 3, animals);
                let truth = all_orders(&mut e);
                assert_eq!(count_solutions(&e, u64::MAX), Some(truth));
                let mut search = Search::new(Budget::unlimited());
                match solve(&e, &mut search) {
                    Outcome::Solved { moves, .. } => {
                        assert!(truth > 0);
                        replay(&e, &moves).unwrap();
                    }
                    Outcome::Unsolvable => {
                        assert_eq!(truth, 0);
                        unsolvable += 1;
                    }
                    other => panic!("{other:?}"),
                }
                checked += 1;
            }
            if !next_permutation(&mut perm) {
                break;
            }
        }
        assert_eq!(checked, 362_880);
        assert!(unsolvable > 0);
    }

    fn next_permutation(p: &mut [usize]) -> bool {
        let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
            return false;
        };
        let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).unwrap_or(i);
        p.swap(i - 1, j);
        p[i..].reverse();
        true
    }

    #[test]
    fn the_flat_table_agrees_with_the_hash_set_on_random_deals() {
        let mut rng = crate::levels::rng::SplitMix64::new(77);
        let mut solvable = 0;
        for i in 0..3000 {
            let (rows, cols) = [(4, 4), (3, 5), (2, 6), (4, 3)][i % 4];
            let types = 2 + (i % 3) as u8;
            let animals = (0..rows * cols)
                .map(|_| Animal {
                    kind: (rng.next_u64() % types as u64) as u8,
                    colour: (rng.next_u64() % types as u64) as u8,
                })
                .collect();
            let mut e = Escape::new(rows, cols, animals);
            // Some from the middle of a game, after a legal first move.
            let mut first = Vec::new();
            e.legal_moves(&mut first);
            if i % 3 == 0
                && let Some(&mv) = first.first()
            {
                e.apply(mv).unwrap();
            }
            let dense = solve_with(&e, &mut Search::new(Budget::unlimited()), true);
            let sparse = solve_with(&e, &mut Search::new(Budget::unlimited()), false);
            assert_eq!(dense, sparse, "deal {i}");
            if let Outcome::Solved { moves, .. } = &dense {
                replay(&e, moves).unwrap();
                solvable += 1;
            }
        }
        assert!(solvable > 100 && solvable < 3000, "{solvable}");
    }

    #[test]
    fn one_word_and_four_word_cell_sets_agree() {
        // Boards of up to 64 cells solved with cell sets of one word and of
        // four, and boards past 64 cells with the flat table and the hash set.
        let mut rng = crate::levels::rng::SplitMix64::new(91);
        let (mut solvable, mut out_of_budget) = ([0, 0], 0);
        for i in 0..600 {
            let big = i % 2 == 1;
            let (rows, cols) = if big {
                [(5, 13), (6, 11), (8, 9), (16, 15)][i / 2 % 4]
            } else {
                [(4, 4), (8, 8), (3, 7)][i / 2 % 3]
            };
            let types = 2 + (i % 5) as u8;
            let animals = (0..rows as usize * cols as usize)
                .map(|_| Animal {
                    kind: (rng.next_u64() % types as u64) as u8,
                    colour: (rng.next_u64() % types as u64) as u8,
                })
                .collect();
            let e = Escape::new(rows, cols, animals);
            // Both ways search in the same order: the same outcome, even
            // when the node budget runs out first.
            let run =
                |f: fn(&Escape, &mut Search<'_, EscapeMove>, bool) -> Outcome<EscapeMove>,
                 dense| f(&e, &mut Search::new(Budget::nodes(20_000)), dense);
            let (a, b) = if big {
                (run(solve_in::<4>, true), run(solve_in::<4>, false))
            } else {
                (run(solve_in::<1>, true), run(solve_in::<4>, true))
            };
            assert_eq!(a, b, "deal {i}");
            match &a {
                Outcome::Solved { moves, .. } => {
                    replay(&e, moves).unwrap();
                    solvable[big as usize] += 1;
                }
                Outcome::OutOfBudget { .. } => out_of_budget += 1,
                _ => {}
            }
        }
        assert!(solvable.iter().all(|&n| n > 20 && n < 300), "{solvable:?}");
        assert!(out_of_budget < 300, "{out_of_budget}");
    }

    #[test]
    fn a_board_whose_parts_disagree_is_not_searched() {
        let animal = Animal { kind: 0, colour: 0 };
        let short = Escape::new(2, 2, vec![animal; 3]);
        let mut rows = Escape::new(2, 2, vec![animal; 4]);
        rows.left = vec![2, 2, 2];
        let mut over = Escape::new(2, 2, vec![animal; 4]);
        over.left = vec![3, 2];
        for e in [short, rows, over] {
            let outcome = solve(&e, &mut Search::new(Budget::unlimited()));
            assert!(
                matches!(outcome, Outcome::OutOfBudget { .. }),
                "{outcome:?}"
            );
            assert_eq!(count_solutions(&e, 10), Some(0));
        }
    }

    #[test]
    fn solves_from_the_middle_of_a_game() {
        let animals = (0..16)
            .map(|i| Animal {
                kind: (i % 4) as u8,
                colour: ((i / 4 + i % 4) % 4) as u8,
            })
            .collect();
        let mut e = Escape::new(4, 4, animals);
        e.apply(EscapeMove { row: 2 }).unwrap();
        // The deal can still be won after that first move: an independent
        // count of the ways out says so.
        assert!(count_solutions(&e, 1 << 20).is_some_and(|n| n > 0));
        let mut search = Search::new(Budget::unlimited());
        match solve(&e, &mut search) {
            Outcome::Solved { moves, .. } => {
                assert_eq!(moves.len(), 15);
                replay(&e, &moves).unwrap();
            }
            other => panic!("{other:?}"),
        }
    }
}
