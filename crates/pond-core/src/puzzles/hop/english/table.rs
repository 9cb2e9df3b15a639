//! The census's positions kept, so that whether a position of the English
//! central game can still be won is a look-up (the move map asks it of every
//! move of every position the player reaches).

use super::*;
use crate::rules::hop::{Board, Hop};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

static TABLE: OnceLock<Table> = OnceLock::new();
/// One census at a time makes the table; a second caller waits for it.
static MAKING: Mutex<()> = Mutex::new(());

/// The positions the census found, canonical and sorted, by their pegs.
pub struct Table {
    /// Index 1 to `MIDDLE`: every position that can be won and whose
    /// complement passes the pagoda test (every winnable one that might be
    /// reached from the start, and some that cannot).
    built: Vec<Vec<u64>>,
    /// Index `MIDDLE + 1` to 32: the positions reached from the start that
    /// can be won.
    reached: Vec<Vec<u64>>,
    pagodas: Pagodas,
}

impl Table {
    pub(crate) fn new(built: Vec<Vec<u64>>, reached: Vec<Vec<u64>>, pagodas: Pagodas) -> Table {
        let tidy = |mut v: Vec<u64>| {
            for x in &mut v {
                *x = canonical(*x);
            }
            v.sort_unstable();
            v.dedup();
            v.shrink_to_fit();
            v
        };
        Table {
            built: built.into_iter().map(tidy).collect(),
            reached: reached.into_iter().map(tidy).collect(),
            pagodas,
        }
    }

    /// The table, made by the census on its first use (on one thread: about
    /// a second, and about 100 MiB while it runs) and kept (about 45 MiB).
    pub fn get() -> &'static Table {
        Table::made_unless(None).unwrap_or_else(|| {
            TABLE.get_or_init(|| Table::new(Vec::new(), Vec::new(), Pagodas::new()))
        })
    }

    /// The table, made here if it is not yet (as `get`), unless `stop` is
    /// raised before the census ends (a player who moved on): then None, and
    /// a later call starts it again.
    pub fn made_unless(stop: Option<&AtomicBool>) -> Option<&'static Table> {
        if let Some(table) = TABLE.get() {
            return Some(table);
        }
        let _one = MAKING.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(table) = TABLE.get() {
            return Some(table);
        }
        let (_, table) = census_kept(1, true, stop);
        table.map(|t| TABLE.get_or_init(|| t))
    }

    /// The table if it has been made, without making it.
    pub fn made() -> Option<&'static Table> {
        TABLE.get()
    }

    /// The bytes the table keeps.
    pub fn bytes(&self) -> usize {
        let lists: usize = self
            .built
            .iter()
            .chain(&self.reached)
            .map(|v| v.capacity() * size_of::<u64>() + size_of::<Vec<u64>>())
            .sum();
        lists
            + self.pagodas.rows.len() * size_of::<[u64; 256]>()
            + size_of_val(&*self.pagodas.holes)
            + size_of::<Table>()
    }

    /// The number of positions kept.
    pub fn len(&self) -> usize {
        self.built.iter().chain(&self.reached).map(Vec::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether position `x` (a word of the board: row `r`, column `c` at bit
    /// `8r + c`) can still be won, one peg ending in the centre. None where
    /// the table does not know: a position that cannot be reached from the
    /// English start and is not among those it built.
    pub fn winnable(&self, x: u64) -> Option<bool> {
        let pegs = x.count_ones() as usize;
        if x & !HOLES != 0 || pegs >= 33 {
            return None;
        }
        if class(x) != winning_class() || pegs == 0 || !self.pagodas.may_win(x, pegs as u32) {
            return Some(false);
        }
        let has = |set: Option<&Vec<u64>>, y: u64| {
            set.is_some_and(|set| set.binary_search(&canonical(y)).is_ok())
        };
        if pegs <= MIDDLE {
            if has(self.built.get(pegs), x) {
                Some(true)
            } else if self.pagodas.may_win(HOLES ^ x, 33 - pegs as u32) {
                // Built holds every winnable position that passes that test.
                Some(false)
            } else {
                None
            }
        } else if has(self.reached.get(pegs), x) {
            Some(true)
        } else if has(self.built.get(33 - pegs), HOLES ^ x) {
            // Its complement can be won, so it is reached from the start:
            // reached and not winnable.
            Some(false)
        } else {
            None
        }
    }

    /// The number of ways (orders of jumps) to win from `x`, counted up to
    /// `cap`. None where a position on the way is one the table does not
    /// know, or when `stop` is raised.
    pub fn ways(&self, x: u64, cap: u64, stop: &AtomicBool) -> Option<u64> {
        let mut memo = HashMap::new();
        self.count(x, cap, stop, &mut memo)
    }

    fn count(
        &self,
        x: u64,
        cap: u64,
        stop: &AtomicBool,
        memo: &mut HashMap<u64, u64>,
    ) -> Option<u64> {
        if x.count_ones() <= 1 {
            return Some(u64::from(x == CENTRE));
        }
        let key = canonical(x);
        if let Some(&n) = memo.get(&key) {
            return Some(n);
        }
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let mut after = Vec::with_capacity(16);
        moves(x, true, |y| after.push(y));
        let mut total = 0;
        for y in after {
            if self.winnable(y)? {
                total = (total + self.count(y, cap, stop, memo)?).min(cap);
                if total >= cap {
                    break;
                }
            }
        }
        memo.insert(key, total);
        Some(total)
    }
}

/// The position of a Hop level as a word of the English board, where the
/// level is the English central game's (its board, no red frog, the last
/// peg to end in the centre).
pub fn word(h: &Hop) -> Option<u64> {
    static ENGLISH: OnceLock<Board> = OnceLock::new();
    let english = ENGLISH.get_or_init(Board::english);
    if h.board != *english || h.red.is_some() || h.finish != english.pad_at(3, 3) {
        return None;
    }
    let mut x = 0u64;
    let mut rest = h.green;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let &(r, c) = h.board.pads.get(i)?;
        x |= 1 << (8 * r as u32 + c as u32);
    }
    Some(x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::levels::rng::SplitMix64;
    use crate::rules::Rules;
    use crate::rules::hop::HopMove;
    use crate::solve::hop::count_solutions;

    /// A census told to stop gives up between two levels: no table, a
    /// census of nothing; and a stop raised from another thread while it
    /// runs ends it before its last level.
    #[test]
    fn a_stopped_census_makes_no_table() {
        let raised = AtomicBool::new(true);
        let (census, table) = census_kept(1, true, Some(&raised));
        assert!(table.is_none());
        assert_eq!(census.winnable, 0);
        let stop = AtomicBool::new(false);
        let (census, table) = std::thread::scope(|s| {
            let run = s.spawn(|| census_kept(1, true, Some(&stop)));
            stop.store(true, Ordering::Relaxed);
            run.join().expect("the census")
        });
        assert!(table.is_none() && census.by_pegs.is_empty());
    }

    fn after(h: &Hop, mv: HopMove) -> Hop {
        let mut next = h.clone();
        next.apply(mv).expect("a legal jump");
        next
    }

    fn legal(h: &Hop) -> Vec<HopMove> {
        let mut out = Vec::new();
        h.legal_moves(&mut out);
        out
    }

    /// Random games from `start`, half of the jumps picked among those the
    /// table says keep the game winnable: `check` sees every position.
    fn games(start: &Hop, seed: u64, n: usize, mut check: impl FnMut(&Hop)) {
        let table = Table::get();
        let mut rng = SplitMix64::new(seed);
        for _ in 0..n {
            let mut h = start.clone();
            loop {
                check(&h);
                let moves = legal(&h);
                if moves.is_empty() {
                    break;
                }
                let good: Vec<HopMove> = moves
                    .iter()
                    .copied()
                    .filter(|&mv| table.winnable(word(&after(&h, mv)).unwrap()) == Some(true))
                    .collect();
                let pick = if !good.is_empty() && rng.next_u64().is_multiple_of(2) {
                    &good
                } else {
                    &moves
                };
                let mv = pick[(rng.next_u64() % pick.len() as u64) as usize];
                h = after(&h, mv);
            }
        }
    }

    #[test]
    fn the_table_holds_the_census() {
        let table = Table::get();
        let reached: usize = table.reached.iter().map(Vec::len).sum();
        // The positions of more than MIDDLE pegs: half of the 1,679,072
        // (a position and its complement are counted on either side).
        assert_eq!(reached, 1_679_072 / 2);
        assert_eq!(table.winnable(HOLES & !CENTRE), Some(true));
        assert_eq!(table.winnable(CENTRE), Some(true));
        assert_eq!(table.winnable(1 << 2), Some(false));
        // What it keeps is counted in a program's shared memory: at least
        // its positions' words, and about 45 MiB in all.
        let bytes = crate::solve::moves::kept_bytes();
        assert_eq!(bytes, table.bytes());
        assert!(bytes >= table.len() * 8 && bytes < 80 << 20, "{bytes}");
        let shared = crate::solve::SharedMemory::new(1 << 30);
        shared.set_kept(bytes);
        shared.set_kept(bytes);
        assert_eq!(shared.held(), bytes);
        shared.set_kept(0);
        assert_eq!(shared.held(), 0);
    }

    /// Every position of random games from the English start is known to
    /// the table, its answer is the rules' (won with one peg in the
    /// centre; else winnable exactly when a jump leads to a winnable
    /// position), and, from 14 pegs down, the answer and the ways to win are
    /// those of a count by the Hop solver.
    #[test]
    fn the_table_agrees_with_the_rules_and_a_count_along_random_games() {
        let table = Table::get();
        let stop = AtomicBool::new(false);
        let mut counted = 0;
        games(&Hop::english_central(), 5, 12, |h| {
            let x = word(h).expect("the English game");
            let here = table.winnable(x).expect("reached from the start");
            let moves = legal(h);
            if moves.is_empty() {
                assert_eq!(here, h.is_goal(), "{x:#x}");
            } else {
                let some = moves
                    .iter()
                    .any(|&mv| table.winnable(word(&after(h, mv)).unwrap()) == Some(true));
                assert_eq!(here, some, "{x:#x}");
            }
            if h.frogs() <= 14 {
                let n = count_solutions(h, 1000);
                assert_eq!(here, n > 0, "{x:#x}");
                assert_eq!(table.ways(x, 1000, &stop), Some(n), "{x:#x}");
                counted += 1;
            }
        });
        assert!(counted > 50, "{counted}");
    }

    /// From another start on the same board, whose positions need not be
    /// reached from the English one, the table answers only what is true.
    #[test]
    fn off_the_english_start_the_table_says_only_what_is_true() {
        let table = Table::get();
        let mut start = Hop::english_central();
        // The hole at the top of the cross: of the centre's class, but not
        // reached from the English start (its complement, one peg at the
        // top, cannot be won).
        let top = start.board.pad_at(0, 3).unwrap();
        start.green = start.board.all_pads() & !(1 << top);
        let (mut known, mut unknown) = (0, 0);
        games(&start, 9, 12, |h| {
            let x = word(h).unwrap();
            match table.winnable(x) {
                Some(w) if h.frogs() <= 14 => {
                    assert_eq!(w, count_solutions(h, 1) > 0, "{x:#x}");
                    known += 1;
                }
                Some(_) => known += 1,
                None => unknown += 1,
            }
        });
        assert!(known > 0 && unknown > 0, "{known} {unknown}");
    }

    /// The move map's marks of the English game come from the table: with
    /// no time at all to search, a lost position of many pegs is still
    /// marked lost and a winnable one winnable, with its fewest moves.
    #[test]
    fn the_english_marks_are_looked_up_not_searched() {
        use crate::rules::Puzzle;
        use crate::solve::Budget;
        use crate::solve::moves::left_of;
        let table = Table::get();
        let none = Budget::time(std::time::Duration::ZERO);
        let (mut lost, mut won) = (0, 0);
        games(&Hop::english_central(), 11, 4, |h| {
            if h.frogs() < 20 {
                return;
            }
            let left = left_of(&Puzzle::Hop(h.clone()), &none);
            match table.winnable(word(h).unwrap()) {
                Some(true) => {
                    assert_eq!(left.winnable, Some(true));
                    assert_eq!(left.shortest, Some(h.frogs() - 1));
                    won += 1;
                }
                Some(false) => {
                    assert_eq!(left.winnable, Some(false));
                    lost += 1;
                }
                None => panic!("reached from the start"),
            }
        });
        assert!(lost > 0 && won > 0, "{lost} {won}");
    }

    #[test]
    fn only_the_english_central_game_is_looked_up() {
        let h = Hop::english_central();
        assert!(word(&h).is_some());
        let mut elsewhere = h.clone();
        elsewhere.finish = h.board.pad_at(2, 3);
        assert_eq!(word(&elsewhere), None);
        let mut anywhere = h.clone();
        anywhere.finish = None;
        assert_eq!(word(&anywhere), None);
    }
}
