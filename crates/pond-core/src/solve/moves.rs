//! The move map: every legal move of a position, marked as keeping the level
//! winnable or losing it, with what is left after it (the fewest moves to win,
//! or the number of ways to win where every win is as long). The shared part
//! here names no puzzle: each puzzle says what is left from one of its
//! positions (`Left`), beside its solver.

use super::{Budget, Outcome, Search};
use crate::rules::{Puzzle, PuzzleMove, Rules};
use serde::Serialize;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Ways to win are counted up to this many; more reads as "many".
pub const WAYS_CAP: u64 = 1000;

/// How many ways to win a position has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Ways {
    Exactly(u64),
    /// At least `WAYS_CAP`.
    Many,
}

impl Ways {
    /// A count that may have stopped at the cap.
    pub fn capped(n: u64) -> Ways {
        if n >= WAYS_CAP {
            Ways::Many
        } else {
            Ways::Exactly(n)
        }
    }
}

/// What is left from one position, as far as it was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Left {
    /// Whether the level can still be won (within its move limit): None when
    /// it was not decided in time.
    pub winnable: Option<bool>,
    /// The fewest moves to win from here, when winnable and known.
    pub shortest: Option<u32>,
    /// The number of ways to win from here, for puzzles whose wins all have
    /// the same length (None where not counted, or not decided).
    pub ways: Option<Ways>,
}

impl Left {
    pub const UNKNOWN: Left = Left {
        winnable: None,
        shortest: None,
        ways: None,
    };

    pub const LOST: Left = Left {
        winnable: Some(false),
        shortest: None,
        ways: None,
    };

    /// Whether all of it is decided: lost, or winnable with its fewest moves
    /// (and its ways, where the puzzle counts them: `counts_ways`).
    pub fn complete(&self, counts_ways: bool) -> bool {
        match self.winnable {
            Some(false) => true,
            Some(true) => self.shortest.is_some() && (!counts_ways || self.ways.is_some()),
            None => false,
        }
    }

    /// Won here: nothing left to play, one way (the empty one).
    pub fn won(counts_ways: bool) -> Left {
        Left {
            winnable: Some(true),
            shortest: Some(0),
            ways: counts_ways.then_some(Ways::Exactly(1)),
        }
    }

    /// What a search's outcome says is left, for a puzzle without a move
    /// limit whose solver's answers are shortest.
    pub fn from_outcome<M>(outcome: &Outcome<M>) -> Left {
        match outcome {
            Outcome::Solved {
                moves,
                optimal: true,
            } => Left {
                winnable: Some(true),
                shortest: Some(moves.len() as u32),
                ways: None,
            },
            Outcome::Solved { .. } | Outcome::OutOfBudget { best: Some(_), .. } => Left {
                winnable: Some(true),
                ..Left::UNKNOWN
            },
            Outcome::Unsolvable => Left::LOST,
            Outcome::OutOfBudget { best: None, .. } => Left::UNKNOWN,
        }
    }
}

/// A puzzle that can tell what is left from one of its positions.
pub trait Marks: Rules {
    /// True where every win from a position is as long, so the marks count
    /// the ways to win instead.
    const COUNTS_WAYS: bool;
    /// What is left from `self`, within `budget` (its time, memory and
    /// cancel flag); undecided parts are None, never guessed.
    fn left(&self, budget: &Budget) -> Left;
    /// Work done once, before a map's clock starts, that later maps share
    /// (a table the marks look up), given up when `budget`'s cancel flag is
    /// raised. Nothing by default.
    fn prepare(&self, _budget: &Budget) {}
    /// The bytes that what `prepare` made keeps for the program's life
    /// (none before it is made). None by default.
    fn kept() -> usize {
        0
    }
    /// Only whether the level can still be won from `self`, within `budget`
    /// (the marks' colours, before their numbers). By default `left`'s.
    fn winnable(&self, budget: &Budget) -> Option<bool> {
        self.left(budget).winnable
    }
    /// Whether each of `moves` (legal here) keeps the level winnable, where
    /// the puzzle can tell for all of them at once from `self` within
    /// `budget` (None where not): Flood's line from here that wins with a
    /// move to spare wins after any first move, as a flood after a move
    /// holds the flood before it. None by default.
    fn winnable_after(&self, moves: &[Self::Move], _budget: &Budget) -> Vec<Option<bool>> {
        vec![None; moves.len()]
    }
    /// The fewest moves to win from `self`, for a puzzle whose moves' own
    /// fewest follow from it by one question each (`left_below`); None
    /// where not (the default), or not found within `budget`.
    fn shortest_for_moves(&self, _budget: &Budget) -> Option<u32> {
        None
    }
    /// What is left from `self`, a position one move after a position whose
    /// fewest moves to win are `parent` (`shortest_for_moves`'s answer).
    /// By default `left`.
    fn left_below(&self, _parent: u32, budget: &Budget) -> Left {
        self.left(budget)
    }
    /// Whether `other` is `self` turned or mirrored by a symmetry of the
    /// level, so that the marks of the one are the other's: a move into
    /// such a position is decided once. False by default.
    fn mirrors(&self, _other: &Self) -> bool {
        false
    }
}

/// Whether two positions of one level are each other's mirror images
/// (`Marks::mirrors`).
fn mirrored(a: &Puzzle, b: &Puzzle) -> bool {
    fn of<R: Marks>(a: &R, b: &Puzzle) -> bool {
        R::of(b).is_some_and(|b| a.mirrors(b))
    }
    crate::each_puzzle!(a, p => of(p, b))
}

/// For each position after a move (None where the move could not be
/// made), the first earlier one that it is a mirror image of, whose marks
/// it shares: None for the first of its kind.
pub fn mirror_of_earlier(after: &[Option<Puzzle>]) -> Vec<Option<usize>> {
    (0..after.len())
        .map(|i| {
            let a = after[i].as_ref()?;
            (0..i).find(|&j| after[j].as_ref().is_some_and(|b| mirrored(b, a)))
        })
        .collect()
}

/// The position after each of `moves` (None where one cannot be made).
pub fn positions_after(puzzle: &Puzzle, moves: &[PuzzleMove]) -> Vec<Option<Puzzle>> {
    moves
        .iter()
        .map(|&mv| {
            let mut a = puzzle.clone();
            a.apply(mv).ok().map(|_| a)
        })
        .collect()
}

/// `Marks::winnable_after` for any puzzle's position and legal moves.
pub fn winnable_after(puzzle: &Puzzle, moves: &[PuzzleMove], budget: &Budget) -> Vec<Option<bool>> {
    fn of<R: Marks>(p: &R, moves: &[PuzzleMove], budget: &Budget) -> Vec<Option<bool>> {
        let own: Vec<Option<R::Move>> = moves.iter().map(|&m| R::own(m)).collect();
        let legal: Vec<R::Move> = own.iter().flatten().copied().collect();
        let mut said = p.winnable_after(&legal, budget).into_iter();
        own.iter()
            .map(|m| m.and_then(|_| said.next().flatten()))
            .collect()
    }
    crate::each_puzzle!(puzzle, p => of(p, moves, budget))
}

/// One legal move and what is left after it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MoveMark {
    pub mv: PuzzleMove,
    pub left: Left,
}

/// A position's move map.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MoveMap {
    /// The level is won in this position.
    pub won: bool,
    /// What is left from the position itself, from its moves' marks.
    pub left: Left,
    /// Every legal move, in the rules' order.
    pub moves: Vec<MoveMark>,
}

impl MoveMap {
    /// The moves marked winnable.
    pub fn winning(&self) -> usize {
        self.count(Some(true))
    }

    /// The moves not decided yet.
    pub fn undecided(&self) -> usize {
        self.count(None)
    }

    fn count(&self, winnable: Option<bool>) -> usize {
        self.moves
            .iter()
            .filter(|m| m.left.winnable == winnable)
            .count()
    }

    /// The mark of a move, if it is legal here.
    pub fn mark(&self, mv: PuzzleMove) -> Option<&MoveMark> {
        self.moves.iter().find(|m| m.mv == mv)
    }
}

/// Marks every legal move of `puzzle`. `budget.time` bounds the whole map
/// (each move gets an equal share of what is left) after the puzzle has
/// prepared what its marks share (`Marks::prepare`, once); the cancel flag
/// and the shared memory are honoured by each move's search.
pub fn move_map(puzzle: &Puzzle, budget: &Budget) -> MoveMap {
    let legal = playable(puzzle);
    // Where the position's own fewest moves tell each move's by one
    // question (Flood's), they are found first, in at most half the map's
    // time (with three quarters, one run of `pond bench --moves` left 21
    // Flood moves undecided); without them each move is searched on its own.
    let start = Instant::now();
    let first = Budget {
        time: budget.time.map(|t| t / 2),
        ..budget.clone()
    };
    let parent = match legal.is_empty() {
        true => None,
        false => shortest_for_moves(puzzle, &first),
    };
    let rest = Budget {
        time: budget.time.map(|t| t.saturating_sub(start.elapsed())),
        ..budget.clone()
    };
    let mut moves: Vec<MoveMark> = each_move(puzzle, legal, &rest, |_, a, b| match parent {
        Some(parent) => left_below_of(a, parent, b),
        None => left_of(a, b),
    })
    .into_iter()
    .map(|(mv, left)| MoveMark {
        mv,
        left: left.unwrap_or(Left::UNKNOWN),
    })
    .collect();
    if let Some(parent) = parent {
        again_below(puzzle, parent, &mut moves, start, budget);
    }
    let won = puzzle.is_won();
    let left = position_left(puzzle, won, &moves);
    MoveMap { won, left, moves }
}

/// The moves of a map by `left_below` (`parent`, the position's fewest)
/// left incomplete in their share of the time are asked again in what the
/// map's time (`budget`, from `start`) has left, an equal share each: a
/// move decided quickly leaves its time to those cut short (Flood's
/// questions share their searches' work, so the first ones cost the most).
fn again_below(
    puzzle: &Puzzle,
    parent: u32,
    moves: &mut [MoveMark],
    start: Instant,
    budget: &Budget,
) {
    let Some(time) = budget.time else {
        return;
    };
    let counts = counts_ways(puzzle);
    let legal: Vec<PuzzleMove> = moves.iter().map(|m| m.mv).collect();
    let after = positions_after(puzzle, &legal);
    let mirror = mirror_of_earlier(&after);
    let open: Vec<usize> = (0..moves.len())
        .filter(|&i| mirror[i].is_none() && after[i].is_some())
        .filter(|&i| !moves[i].left.complete(counts))
        .collect();
    for (k, &i) in open.iter().enumerate() {
        let rest = time.saturating_sub(start.elapsed());
        if rest.is_zero() || cancelled(budget) {
            return;
        }
        let Some(a) = &after[i] else { continue };
        let one = Budget {
            time: Some(rest / (open.len() - k) as u32),
            ..budget.clone()
        };
        let left = left_below_of(a, parent, &one);
        let was = moves[i].left;
        let now = Left {
            winnable: left.winnable.or(was.winnable),
            shortest: left.shortest.or(was.shortest),
            ways: left.ways.or(was.ways),
        };
        for m in (0..moves.len()).filter(|&m| m == i || mirror[m] == Some(i)) {
            moves[m].left = now;
        }
    }
}

/// Only whether each legal move of `puzzle` keeps the level winnable (None
/// where not decided), the time shared as `move_map` shares it: the marks'
/// colours, which a player sees before their numbers.
pub fn winnable_map(puzzle: &Puzzle, budget: &Budget) -> Vec<(PuzzleMove, Option<bool>)> {
    let legal = playable(puzzle);
    // The question for all the moves at once takes at most one move's share.
    let start = Instant::now();
    let first = Budget {
        time: budget.time.map(|t| t / (legal.len() as u32 + 1)),
        ..budget.clone()
    };
    let known = winnable_after(puzzle, &legal, &first);
    let budget = &Budget {
        time: budget.time.map(|t| t.saturating_sub(start.elapsed())),
        ..budget.clone()
    };
    each_move(puzzle, legal, budget, |i, after, one| {
        match known.get(i).copied().flatten() {
            Some(w) => Some(w),
            None => winnable_of(after, one),
        }
    })
    .into_iter()
    .map(|(mv, w)| (mv, w.flatten()))
    .collect()
}

/// The legal moves of a position still in play (none once won or stuck).
fn playable(puzzle: &Puzzle) -> Vec<PuzzleMove> {
    if puzzle.is_won() || puzzle.is_stuck() {
        Vec::new()
    } else {
        puzzle.legal_moves()
    }
}

/// `decide` of each legal move (`legal`, the position's) by its index and
/// the position after it, after the puzzle has prepared; each gets an
/// equal share of the time left (None where no time or a cancel left it
/// undecided). A move into the mirror image of an earlier move's position
/// takes that move's answer, and no time.
fn each_move<T: Clone>(
    puzzle: &Puzzle,
    legal: Vec<PuzzleMove>,
    budget: &Budget,
    mut decide: impl FnMut(usize, &Puzzle, &Budget) -> T,
) -> Vec<(PuzzleMove, Option<T>)> {
    prepare(puzzle, budget);
    let start = Instant::now();
    let after = positions_after(puzzle, &legal);
    let mirror = mirror_of_earlier(&after);
    let mut to_decide = after
        .iter()
        .zip(&mirror)
        .filter(|(a, m)| a.is_some() && m.is_none())
        .count();
    let mut out: Vec<(PuzzleMove, Option<T>)> = Vec::with_capacity(legal.len());
    for (i, &mv) in legal.iter().enumerate() {
        let decided = match (&after[i], mirror[i]) {
            (_, Some(twin)) => out[twin].1.clone(),
            (None, None) => None,
            (Some(after), None) => {
                let share = budget.time.map(|t| {
                    let rest = t.saturating_sub(start.elapsed());
                    rest / to_decide.max(1) as u32
                });
                to_decide = to_decide.saturating_sub(1);
                let one = Budget {
                    time: share,
                    ..budget.clone()
                };
                if share.is_some_and(|s| s.is_zero()) || cancelled(budget) {
                    None
                } else {
                    Some(decide(i, after, &one))
                }
            }
        };
        out.push((mv, decided));
    }
    out
}

/// Whether the level can still be won from `puzzle`: won or stuck settle
/// it at once; else the puzzle decides within `budget` (Flood's quick
/// players first).
pub fn winnable_of(puzzle: &Puzzle, budget: &Budget) -> Option<bool> {
    if puzzle.is_won() {
        return Some(true);
    }
    if puzzle.is_stuck() {
        return Some(false);
    }
    crate::each_puzzle!(puzzle, p => p.winnable(budget))
}

/// What any puzzle's marks share, made once (`Marks::prepare`).
pub fn prepare(puzzle: &Puzzle, budget: &Budget) {
    crate::each_puzzle!(puzzle, p => p.prepare(budget));
}

/// The bytes the marks' tables keep for the program's life, every
/// puzzle's together (`Marks::kept`): a program that shares its memory
/// among searches counts them in (`SharedMemory::set_kept`).
pub fn kept_bytes() -> usize {
    crate::rules::PuzzleKind::ALL
        .iter()
        .map(|&kind| crate::each_kind!(kind, T => T::kept()))
        .sum()
}

/// What is left from any puzzle's position.
pub fn left_of(puzzle: &Puzzle, budget: &Budget) -> Left {
    if puzzle.is_won() {
        return Left::won(counts_ways(puzzle));
    }
    if puzzle.is_stuck() {
        return Left::LOST;
    }
    crate::each_puzzle!(puzzle, p => p.left(budget))
}

/// The fewest moves to win from any puzzle's position, where its moves'
/// marks follow from it (`Marks::shortest_for_moves`).
pub fn shortest_for_moves(puzzle: &Puzzle, budget: &Budget) -> Option<u32> {
    crate::each_puzzle!(puzzle, p => p.shortest_for_moves(budget))
}

/// What is left from any puzzle's position one move after a position whose
/// fewest moves to win are `parent` (`Marks::left_below`).
pub fn left_below_of(puzzle: &Puzzle, parent: u32, budget: &Budget) -> Left {
    if puzzle.is_won() {
        return Left::won(counts_ways(puzzle));
    }
    if puzzle.is_stuck() {
        return Left::LOST;
    }
    crate::each_puzzle!(puzzle, p => p.left_below(parent, budget))
}

/// Whether the puzzle's marks count ways to win (every win as long) rather
/// than only the fewest moves.
pub fn counts_ways(puzzle: &Puzzle) -> bool {
    fn counts<R: Marks>(_: &R) -> bool {
        R::COUNTS_WAYS
    }
    crate::each_puzzle!(puzzle, p => counts(p))
}

/// The position's own mark from its moves': winnable when a move is, lost
/// when every move is decided and none is; the fewest moves one more than the
/// least after a winning move; the ways the sum of the moves'.
pub fn position_left(puzzle: &Puzzle, won: bool, moves: &[MoveMark]) -> Left {
    if won {
        return Left::won(counts_ways(puzzle));
    }
    if moves.is_empty() {
        return Left::LOST;
    }
    let winning: Vec<&Left> = moves
        .iter()
        .map(|m| &m.left)
        .filter(|l| l.winnable == Some(true))
        .collect();
    if winning.is_empty() {
        return if moves.iter().all(|m| m.left.winnable == Some(false)) {
            Left::LOST
        } else {
            Left::UNKNOWN
        };
    }
    let every_decided = moves.iter().all(|m| m.left.winnable.is_some());
    // The least is known only when every winning move's is and no move is
    // undecided (an undecided one could be shorter).
    let shortest = if every_decided && winning.iter().all(|l| l.shortest.is_some()) {
        winning
            .iter()
            .filter_map(|l| l.shortest)
            .min()
            .map(|s| s + 1)
    } else {
        None
    };
    // Past the cap as soon as the moves counted so far are, whatever the
    // others (the European start's first move alone has a thousand ways
    // and more, its third none counted in time: its line said nothing).
    let counted: u64 = winning
        .iter()
        .map(|l| match l.ways {
            Some(Ways::Exactly(n)) => n,
            Some(Ways::Many) => WAYS_CAP,
            None => 0,
        })
        .fold(0, u64::saturating_add);
    let every_counted = every_decided && winning.iter().all(|l| l.ways.is_some());
    let every_exact = every_counted && winning.iter().all(|l| l.ways != Some(Ways::Many));
    // Every move counted exactly: their sum, past the cap too (an Escape
    // deal of 1,506 ways out said "1000+" under four numbers that add up
    // to 1,506).
    let ways = match every_exact {
        true => Some(Ways::Exactly(counted)),
        false => (every_counted || counted >= WAYS_CAP).then(|| Ways::capped(counted)),
    };
    Left {
        winnable: Some(true),
        shortest,
        ways,
    }
}

fn cancelled(budget: &Budget) -> bool {
    budget
        .cancel
        .as_ref()
        .is_some_and(|c| c.load(Ordering::Relaxed))
}

/// Runs `work` with a flag that is raised when `budget`'s time is up or its
/// own cancel flag is, for counts that watch a flag but not a clock.
pub(crate) fn with_deadline<T>(budget: &Budget, work: impl FnOnce(&AtomicBool) -> T) -> T {
    let flag = Arc::new(AtomicBool::new(cancelled(budget)));
    if budget.time.is_none() && budget.cancel.is_none() {
        return work(&flag);
    }
    let done = AtomicBool::new(false);
    let deadline = budget.time.map(|t| Instant::now() + t);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                if deadline.is_some_and(|d| Instant::now() >= d) || cancelled(budget) {
                    flag.store(true, Ordering::Relaxed);
                    return;
                }
                std::thread::sleep(Duration::from_millis(1));
            }
        });
        let out = work(&flag);
        done.store(true, Ordering::Relaxed);
        out
    })
}

/// Runs `work` with a search held to `budget` (its time, memory and cancel
/// flag), for a question narrower than a solve.
pub(crate) fn with_search<M: Copy, T>(
    budget: &Budget,
    work: impl FnOnce(&mut Search<'_, M>) -> T,
) -> T {
    work(&mut Search::new(budget.clone()))
}

/// Runs a puzzle's solver from `p` within `budget`.
pub(crate) fn solved<R: Rules>(
    p: &R,
    budget: &Budget,
    solver: impl FnOnce(&R, &mut Search<'_, R::Move>) -> Outcome<R::Move>,
) -> Outcome<R::Move> {
    super::solve_puzzle(p, Search::new(budget.clone()), solver).outcome
}
