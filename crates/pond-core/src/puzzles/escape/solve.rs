//! Escape solver: depth-first search over (animals left in each row, the row
//! the last animal left from), with a table of positions known to fail, and a
//! memoised count of solutions for grading.

use crate::rules::escape::{Escape, EscapeMove};
use crate::solve::{CutReason, FastMap, Outcome, Search};
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

impl crate::solve::Solve for Escape {
    fn order(&self) -> crate::solve::Order {
        crate::solve::Order::DepthFirst
    }
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
impl crate::solve::moves::Marks for Escape {
    const COUNTS_WAYS: bool = true;

    fn left(&self, budget: &crate::solve::Budget) -> crate::solve::moves::Left {
        use crate::solve::moves::{Left, WAYS_CAP, Ways, solved};
        let mut left = Left::from_outcome(&solved(self, budget, solve));
        if left.winnable == Some(true) {
            left.shortest = Some(self.remaining() as u32);
            left.ways = count_solutions(self, WAYS_CAP).map(Ways::capped);
        }
        left
    }
}

#[cfg(test)]
mod tests;
