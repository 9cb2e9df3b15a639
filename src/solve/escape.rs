//! Escape solver: depth-first search over (animals left in each row, the row
//! the last animal left from), with a table of positions known to fail, and a
//! memoised count of solutions for grading.

use super::{FastMap, FastSet, Outcome, Search};
use crate::rules::escape::{Escape, EscapeMove};

/// Rows and columns a position key can hold: 4 bits a row, 16 rows.
pub const MAX_ROWS: u8 = 16;
pub const MAX_COLS: u8 = 15;

type Key = (u64, u8);

struct Solver<'e> {
    e: &'e Escape,
    cols: usize,
    dead: FastSet<Key>,
}

fn pack(left: &[u8]) -> u64 {
    left.iter()
        .enumerate()
        .fold(0, |k, (i, &l)| k | (l as u64) << (4 * i))
}

const NONE: u8 = u8::MAX;

impl<'e> Solver<'e> {
    fn new(e: &'e Escape) -> Self {
        Solver {
            e,
            cols: e.cols as usize,
            dead: FastSet::default(),
        }
    }

    fn animal(&self, row: usize, col: u8) -> crate::rules::escape::Animal {
        self.e.animals[row * self.cols + col as usize]
    }

    /// Rows whose front animal may leave after the animal from `last_row` left.
    fn options(&self, left: &[u8], last_row: u8) -> impl Iterator<Item = usize> + '_ {
        let last =
            (last_row != NONE).then(|| self.animal(last_row as usize, left[last_row as usize]));
        let fronts: Vec<(usize, crate::rules::escape::Animal)> = left
            .iter()
            .enumerate()
            .filter(|&(_, &l)| l > 0)
            .map(|(r, &l)| (r, self.animal(r, l - 1)))
            .collect();
        fronts
            .into_iter()
            .filter(move |&(_, a)| last.is_none_or(|l| a.shares_with(l)))
            .map(|(r, _)| r)
    }

    fn dfs(
        &mut self,
        left: &mut [u8],
        last_row: u8,
        remaining: usize,
        path: &mut Vec<EscapeMove>,
        search: &mut Search<'_, EscapeMove>,
    ) -> Option<bool> {
        if remaining == 0 {
            return Some(true);
        }
        let key = (pack(left), last_row);
        if self.dead.contains(&key) {
            return Some(false);
        }
        let depth = path.len() as u32;
        if !search.node(depth) || !search.memory(self.dead.len() * 32) {
            return None;
        }
        let rows: Vec<usize> = self.options(left, last_row).collect();
        for row in rows {
            let mv = EscapeMove { row: row as u8 };
            left[row] -= 1;
            path.push(mv);
            search.tried(mv, depth + 1);
            let r = self.dfs(left, row as u8, remaining - 1, path, search);
            left[row] += 1;
            match r {
                Some(true) => return Some(true),
                None => return None,
                Some(false) => {}
            }
            path.pop();
            search.taken_back(mv, depth + 1);
        }
        self.dead.insert(key);
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
        let key = (pack(left), last_row);
        if let Some(&n) = memo.get(&key) {
            return n;
        }
        let rows: Vec<usize> = self.options(left, last_row).collect();
        let mut total = 0u64;
        for row in rows {
            left[row] -= 1;
            total = total
                .saturating_add(self.count(left, row as u8, remaining - 1, cap, memo))
                .min(cap);
            left[row] += 1;
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
    if e.rows > MAX_ROWS || e.cols > MAX_COLS {
        search.memory(usize::MAX);
        return search.out_of_budget(None);
    }
    let mut solver = Solver::new(e);
    let mut left = e.left.clone();
    let mut path = Vec::new();
    match solver.dfs(&mut left, last_row(e), e.remaining(), &mut path, search) {
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
    let mut solver = Solver::new(e);
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
