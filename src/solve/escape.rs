//! Escape solver: depth-first search over (animals left in each row, the row
//! the last animal left from), with a table of positions known to fail, and a
//! memoised count of solutions for grading.

use super::{FastMap, FastSet, Outcome, Search};
use crate::rules::escape::{Escape, EscapeMove};

/// Rows and columns a position key can hold: 4 bits a row, 16 rows.
pub const MAX_ROWS: u8 = 16;
pub const MAX_COLS: u8 = 15;

type Key = (u64, u8);

/// The largest flat table of lost positions, in entries; bigger boards use a
/// hash set.
const DENSE_MAX: usize = 1 << 20;

thread_local! {
    /// The flat table, kept between searches: an entry is a position lost in
    /// the search whose stamp it holds, so a new search needs no clearing.
    static DENSE: std::cell::RefCell<(Vec<u16>, u16)> = const {
        std::cell::RefCell::new((Vec::new(), 0))
    };
}

/// Positions known to be lost, by (animals left per row as a number, the row
/// the last animal left from).
enum Dead {
    Dense {
        table: Vec<u16>,
        stamp: u16,
        rows: usize,
    },
    Sparse(FastSet<Key>),
}

impl Dead {
    /// A flat table when `(cols+1)^rows * (rows+1)` entries are few enough.
    fn new(rows: usize, cols: usize, dense: bool) -> Dead {
        let size = (0..rows)
            .try_fold(rows + 1, |n, _| n.checked_mul(cols + 1))
            .filter(|&n| n <= DENSE_MAX);
        let Some(size) = size.filter(|_| dense) else {
            return Dead::Sparse(FastSet::default());
        };
        DENSE.with(|cell| {
            let mut cell = cell.borrow_mut();
            let (table, stamp) = &mut *cell;
            if table.len() < size {
                *table = vec![0; size];
                *stamp = 0;
            }
            *stamp = stamp.wrapping_add(1);
            if *stamp == 0 {
                table.fill(0);
                *stamp = 1;
            }
            Dead::Dense {
                table: std::mem::take(table),
                stamp: *stamp,
                rows,
            }
        })
    }

    fn is_dense(&self) -> bool {
        matches!(self, Dead::Dense { .. })
    }

    #[inline]
    fn index(left: u64, last_row: u8, rows: usize) -> usize {
        let last = if last_row == NONE {
            rows
        } else {
            last_row as usize
        };
        left as usize * (rows + 1) + last
    }

    #[inline]
    fn contains(&self, left: u64, last_row: u8) -> bool {
        match self {
            Dead::Dense { table, stamp, rows } => {
                table[Self::index(left, last_row, *rows)] == *stamp
            }
            Dead::Sparse(set) => set.contains(&(left, last_row)),
        }
    }

    #[inline]
    fn insert(&mut self, left: u64, last_row: u8) {
        match self {
            Dead::Dense { table, stamp, rows } => {
                table[Self::index(left, last_row, *rows)] = *stamp;
            }
            Dead::Sparse(set) => {
                set.insert((left, last_row));
            }
        }
    }

    fn bytes(&self) -> usize {
        match self {
            Dead::Dense { .. } => 0,
            Dead::Sparse(set) => set.len() * 32,
        }
    }
}

impl Drop for Dead {
    fn drop(&mut self) {
        // The flat table goes back for the next search on this thread.
        if let Dead::Dense { table, .. } = self {
            let table = std::mem::take(table);
            DENSE.with(|cell| cell.borrow_mut().0 = table);
        }
    }
}

struct Solver<'e> {
    e: &'e Escape,
    cols: usize,
    dead: Dead,
    /// What one animal leaving row r takes off the position's number: the
    /// animals left per row are its digits, base `cols + 1` for the flat
    /// table and base 16 (4 bits a row) for the hash set.
    strides: [u64; MAX_ROWS as usize],
}

const NONE: u8 = u8::MAX;

impl<'e> Solver<'e> {
    fn new(e: &'e Escape, dense: bool) -> Self {
        let dead = Dead::new(e.rows as usize, e.cols as usize, dense);
        let radix = if dead.is_dense() {
            e.cols as u64 + 1
        } else {
            16
        };
        let mut strides = [0u64; MAX_ROWS as usize];
        let mut s = 1u64;
        for stride in strides.iter_mut().take(e.rows as usize) {
            *stride = s;
            s = s.wrapping_mul(radix);
        }
        Solver {
            e,
            cols: e.cols as usize,
            dead,
            strides,
        }
    }

    /// The position's number for `left`.
    fn key(&self, left: &[u8]) -> u64 {
        left.iter()
            .zip(&self.strides)
            .map(|(&l, &s)| l as u64 * s)
            .sum()
    }

    fn animal(&self, row: usize, col: u8) -> crate::rules::escape::Animal {
        self.e.animals[row * self.cols + col as usize]
    }

    /// Rows whose front animal may leave after the animal from `last_row`
    /// left, written into `out`; returns how many.
    fn options(&self, left: &[u8], last_row: u8, out: &mut [u8; MAX_ROWS as usize]) -> usize {
        let last =
            (last_row != NONE).then(|| self.animal(last_row as usize, left[last_row as usize]));
        let mut n = 0;
        for (r, &l) in left.iter().enumerate() {
            if l > 0 && last.is_none_or(|a| self.animal(r, l - 1).shares_with(a)) {
                out[n] = r as u8;
                n += 1;
            }
        }
        n
    }

    fn dfs(
        &mut self,
        left: &mut [u8],
        key: u64,
        last_row: u8,
        remaining: usize,
        path: &mut Vec<EscapeMove>,
        search: &mut Search<'_, EscapeMove>,
    ) -> Option<bool> {
        if remaining == 0 {
            return Some(true);
        }
        if self.dead.contains(key, last_row) {
            return Some(false);
        }
        let depth = path.len() as u32;
        if !search.node(depth) || !search.memory(self.dead.bytes()) {
            return None;
        }
        let mut rows = [0u8; MAX_ROWS as usize];
        let n = self.options(left, last_row, &mut rows);
        for &row in &rows[..n] {
            let mv = EscapeMove { row };
            left[row as usize] -= 1;
            path.push(mv);
            search.tried(mv, depth + 1);
            let next = key - self.strides[row as usize];
            let r = self.dfs(left, next, row, remaining - 1, path, search);
            left[row as usize] += 1;
            match r {
                Some(true) => return Some(true),
                None => return None,
                Some(false) => {}
            }
            path.pop();
            search.taken_back(mv, depth + 1);
        }
        self.dead.insert(key, last_row);
        Some(false)
    }

    fn count(
        &mut self,
        left: &mut [u8],
        last_row: u8,
        remaining: usize,
        cap: u64,
        memo: &mut FastMap<Key, u64>,
    ) -> u64 {
        if remaining == 0 {
            return 1;
        }
        let key = (self.key(left), last_row);
        if let Some(&n) = memo.get(&key) {
            return n;
        }
        let mut rows = [0u8; MAX_ROWS as usize];
        let n = self.options(left, last_row, &mut rows);
        let mut total = 0u64;
        for &row in &rows[..n] {
            left[row as usize] -= 1;
            total = total
                .saturating_add(self.count(left, row, remaining - 1, cap, memo))
                .min(cap);
            left[row as usize] += 1;
        }
        memo.insert(key, total);
        total
    }
}

/// The row the last animal out came from, if any.
fn last_row(e: &Escape) -> u8 {
    e.queue.last().map_or(NONE, |&(r, _)| r)
}

pub fn solve(e: &Escape, search: &mut Search<'_, EscapeMove>) -> Outcome<EscapeMove> {
    solve_with(e, search, true)
}

/// `solve`, with the flat table of lost positions allowed or not (the hash
/// set is the plain version the flat one is checked against).
fn solve_with(e: &Escape, search: &mut Search<'_, EscapeMove>, dense: bool) -> Outcome<EscapeMove> {
    if e.rows > MAX_ROWS || e.cols > MAX_COLS {
        search.memory(usize::MAX);
        return search.out_of_budget(None);
    }
    let mut solver = Solver::new(e, dense);
    let mut left = e.left.clone();
    let mut path = Vec::with_capacity(e.remaining());
    let key = solver.key(&left);
    match solver.dfs(
        &mut left,
        key,
        last_row(e),
        e.remaining(),
        &mut path,
        search,
    ) {
        // Every animal leaves once: every solution has the same length.
        Some(true) => Outcome::Solved {
            moves: path,
            optimal: true,
        },
        Some(false) => Outcome::Unsolvable,
        None => search.out_of_budget(None),
    }
}

/// How many orders let every animal out, counting up to `cap`.
pub fn count_solutions(e: &Escape, cap: u64) -> u64 {
    if e.rows > MAX_ROWS || e.cols > MAX_COLS {
        return 0;
    }
    let mut solver = Solver::new(e, false);
    let mut left = e.left.clone();
    solver.count(
        &mut left,
        last_row(e),
        e.remaining(),
        cap,
        &mut FastMap::default(),
    )
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
                assert_eq!(count_solutions(&e, u64::MAX), truth);
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
    fn solves_from_the_middle_of_a_game() {
        let animals = (0..16)
            .map(|i| Animal {
                kind: (i % 4) as u8,
                colour: ((i / 4 + i % 4) % 4) as u8,
            })
            .collect();
        let mut e = Escape::new(4, 4, animals);
        e.apply(EscapeMove { row: 2 }).unwrap();
        let mut search = Search::new(Budget::unlimited());
        if let Outcome::Solved { moves, .. } = solve(&e, &mut search) {
            assert_eq!(moves.len(), 15);
            replay(&e, &moves).unwrap();
        }
    }
}
