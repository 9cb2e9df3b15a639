//! The solvers: exact searches that stream what they do, honour a budget, and
//! replay every answer through the rules before returning it.

pub mod map;
pub mod moves;
pub mod plain;
pub use crate::puzzles::escape::solve as escape;
pub use crate::puzzles::flood::solve as flood;
pub use crate::puzzles::hop::english;
pub use crate::puzzles::hop::solve as hop;
pub use crate::puzzles::swap::solve as swap;
pub mod tree;
pub mod tree_draw;

mod breadth;
mod events;
mod shared;
pub use breadth::{breadth_first, brute_force_shortest, follow_line};
pub use events::{CutReason, Outcome, SolverEvent, StopReason};
pub use shared::{SharedMemory, let_go_thread_buffers};

use crate::rules::{Puzzle, PuzzleMove, Rules};
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A fast hash for the solvers' tables, whose keys are bit sets and counters
/// made by the solver itself (not by anyone who could pick colliding keys).
#[derive(Debug, Default, Clone, Copy)]
pub struct FastHasher(u64);

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        // A final mix so the low bits, which pick the bucket, depend on every bit.
        let z = self.0 ^ (self.0 >> 29);
        z.wrapping_mul(0xBF58_476D_1CE4_E5B9) ^ (z >> 32)
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(c);
            self.write_u64(u64::from_le_bytes(word));
        }
        for &b in chunks.remainder() {
            self.write_u64(b as u64);
        }
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517C_C1B7_2722_0A95);
    }

    fn write_u8(&mut self, x: u8) {
        self.write_u64(x as u64);
    }

    fn write_u32(&mut self, x: u32) {
        self.write_u64(x as u64);
    }

    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;
pub type FastSet<K> = HashSet<K, BuildHasherDefault<FastHasher>>;

/// What a search may spend. Every limit is optional; the cancel flag is checked
/// as often as the clock.
#[derive(Debug, Clone, Default)]
pub struct Budget {
    pub nodes: Option<u64>,
    pub time: Option<Duration>,
    /// Bytes of tables the search may hold.
    pub memory: Option<usize>,
    pub cancel: Option<Arc<AtomicBool>>,
    /// Memory shared with the searches running beside it: their tables
    /// together stay under its limit.
    pub shared: Option<Arc<SharedMemory>>,
}

impl Budget {
    pub fn unlimited() -> Budget {
        Budget::default()
    }

    pub fn nodes(n: u64) -> Budget {
        Budget {
            nodes: Some(n),
            ..Budget::default()
        }
    }

    pub fn time(t: Duration) -> Budget {
        Budget {
            time: Some(t),
            ..Budget::default()
        }
    }
}

/// Whoever watches a search: called with every event.
pub type Sink<'a, M> = &'a mut dyn FnMut(&SolverEvent<M>);

/// A finished search: its outcome and what it cost.
#[derive(Debug, Clone)]
pub struct Report<M> {
    pub outcome: Outcome<M>,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// The book-keeping every search shares: counting nodes, checking the budget,
/// and passing events to whoever watches.
pub struct Search<'a, M> {
    budget: Budget,
    start: Instant,
    pub nodes: u64,
    next_check: u64,
    /// Nodes between checks: fewer when nodes are slow, so a cancel or a
    /// deadline is seen within a few milliseconds on any board.
    check_every: u64,
    last_check: Instant,
    stopped: Option<StopReason>,
    sink: Option<Sink<'a, M>>,
    /// Whether the watcher wants every move tried and taken back.
    trace: bool,
    /// Time spent handing moves tried and taken back to the watcher (who may
    /// hold the search back to watch it): not the search's own, so a time
    /// budget does not count it.
    waited: Duration,
    /// Bytes this search holds in the budget's shared memory.
    held: usize,
    /// The length of a win known before the search (it looks only for
    /// shorter lines), told to a watcher with each bound.
    known: Option<u32>,
}

impl<M> Drop for Search<'_, M> {
    /// A search's tables are gone with it: its share is given back.
    fn drop(&mut self) {
        if let Some(shared) = &self.budget.shared {
            shared.hold(&mut self.held, 0);
        }
    }
}

/// At most this many nodes pass between looks at the clock and the cancel flag.
const CHECK_EVERY: u64 = 1 << 12;
/// The time between two looks the search aims to stay under.
const CHECK_INTERVAL: Duration = Duration::from_millis(2);
/// Nodes before the first look: few, so a slow search is seen early too.
const FIRST_CHECK: u64 = 64;

impl<'a, M: Copy> Search<'a, M> {
    pub fn new(budget: Budget) -> Self {
        let now = Instant::now();
        Search {
            next_check: budget.nodes.map_or(FIRST_CHECK, |n| n.min(FIRST_CHECK)),
            budget,
            start: now,
            nodes: 0,
            check_every: FIRST_CHECK,
            last_check: now,
            stopped: None,
            sink: None,
            trace: false,
            waited: Duration::ZERO,
            held: 0,
            known: None,
        }
    }

    /// Sends events to `sink`; with `trace`, every move tried and taken back too.
    pub fn with_sink(mut self, sink: Sink<'a, M>, trace: bool) -> Self {
        self.sink = Some(sink);
        self.trace = trace;
        self
    }

    pub fn tracing(&self) -> bool {
        self.trace && self.sink.is_some()
    }

    pub fn stopped(&self) -> Option<StopReason> {
        self.stopped
    }

    /// Counts one node; false once the search must stop.
    #[inline]
    pub fn node(&mut self, depth: u32) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.check(depth);
        }
        self.stopped.is_none()
    }

    #[cold]
    fn check(&mut self, depth: u32) {
        let now = Instant::now();
        let took = now - self.last_check;
        self.last_check = now;
        if took < CHECK_INTERVAL / 4 {
            self.check_every = (self.check_every * 2).min(CHECK_EVERY);
        } else {
            // Aim the next interval at the target from the nodes' pace now.
            let pace = self.check_every as f64 / took.as_secs_f64().max(1e-9);
            let next = pace * CHECK_INTERVAL.as_secs_f64();
            self.check_every = (next as u64).clamp(1, CHECK_EVERY);
        }
        self.next_check = self.nodes + self.check_every;
        if let Some(n) = self.budget.nodes.filter(|&n| n > self.nodes) {
            // A node budget stops the search at the same node on any machine.
            self.next_check = self.next_check.min(n);
        }
        if self.stopped.is_some() {
            return;
        }
        if self.budget.nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = Some(StopReason::Nodes);
        } else if self
            .budget
            .time
            .is_some_and(|t| self.start.elapsed().saturating_sub(self.waited) >= t)
        {
            self.stopped = Some(StopReason::Time);
        } else if self
            .budget
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            self.stopped = Some(StopReason::Cancelled);
        }
        if let Some(sink) = self.sink.as_mut() {
            sink(&SolverEvent::Progress {
                nodes: self.nodes,
                depth,
            });
        }
    }

    /// Reports the bytes the search's tables hold; false once over the budget.
    pub fn memory(&mut self, bytes: usize) -> bool {
        if self.budget.memory.is_some_and(|m| bytes > m) {
            self.stopped = Some(StopReason::Memory);
        }
        if let Some(shared) = &self.budget.shared
            && !shared.hold(&mut self.held, bytes)
        {
            self.stopped = Some(StopReason::Memory);
        }
        self.stopped.is_none()
    }

    /// Hands an event of every move to a watcher that wants them, the time
    /// it keeps the search waiting left out of the search's own.
    #[inline]
    fn tell(&mut self, event: impl FnOnce() -> SolverEvent<M>) {
        if self.trace
            && let Some(sink) = self.sink.as_mut()
        {
            let handed = Instant::now();
            sink(&event());
            self.waited += handed.elapsed();
        }
    }

    #[inline]
    pub fn tried(&mut self, mv: M, depth: u32) {
        self.tell(|| SolverEvent::Tried { mv, depth });
    }

    #[inline]
    pub fn taken_back(&mut self, mv: M, depth: u32) {
        self.tell(|| SolverEvent::TakenBack { mv, depth });
    }

    /// A position at `depth` given up without a search, for `why` (told to
    /// a watcher of every move).
    #[inline]
    pub fn cut(&mut self, depth: u32, why: CutReason) {
        self.tell(|| SolverEvent::Cut { depth, why });
    }

    /// A best-first search's bound rises to `moves` (told to any watcher).
    pub fn bound(&mut self, moves: u32) {
        if let Some(sink) = self.sink.as_mut() {
            sink(&SolverEvent::Bound {
                moves,
                nodes: self.nodes,
                known: self.known,
            });
        }
    }

    /// A win of `moves` moves is known before the search (a quick player's):
    /// it looks only for shorter lines, so the shortest lies between its
    /// bound and this (told with each bound).
    pub fn knows_a_win(&mut self, moves: u32) {
        self.known = Some(self.known.map_or(moves, |k| k.min(moves)));
    }

    /// Time spent by the watcher on the moves tried and taken back (the
    /// time budget leaves it out).
    pub fn waited(&self) -> Duration {
        self.waited
    }

    /// The outcome for a search that stopped early, with the best line found.
    pub fn out_of_budget(&self, best: Option<Vec<M>>) -> Outcome<M> {
        Outcome::OutOfBudget {
            best,
            reason: self.stopped.unwrap_or(StopReason::Nodes),
        }
    }

    fn finish(mut self, outcome: Outcome<M>) -> Report<M> {
        if let Some(sink) = self.sink.as_mut() {
            sink(&SolverEvent::Done(outcome.clone()));
        }
        Report {
            outcome,
            nodes: self.nodes,
            elapsed: self.start.elapsed(),
        }
    }
}

/// Plays `moves` on a copy of `start`; Ok only if every move is legal and the
/// last one reaches the goal.
pub fn replay<R: Rules>(start: &R, moves: &[R::Move]) -> Result<(), String> {
    let mut state = start.clone();
    for (i, &mv) in moves.iter().enumerate() {
        state
            .apply(mv)
            .map_err(|e| format!("move {} ({}) is illegal: {e}", i + 1, R::move_text(mv)))?;
    }
    if state.is_goal() {
        Ok(())
    } else {
        Err(format!("{} moves do not reach the goal", moves.len()))
    }
}

/// Replays a solver's answer; a solution that fails the rules is a solver bug,
/// reported as an unsolved outcome rather than shown to anyone.
fn verified<R: Rules>(start: &R, outcome: Outcome<R::Move>) -> Outcome<R::Move> {
    match outcome {
        Outcome::Solved { ref moves, .. } => match replay(start, moves) {
            Ok(()) => outcome,
            Err(e) => {
                debug_assert!(false, "solver answer failed its replay: {e}");
                Outcome::OutOfBudget {
                    best: None,
                    reason: StopReason::ReplayFailed,
                }
            }
        },
        Outcome::OutOfBudget {
            best: Some(ref b),
            reason,
        } if replay(start, b).is_err() => Outcome::OutOfBudget { best: None, reason },
        other => other,
    }
}

/// Solves one puzzle, replaying the answer through the rules before returning.
pub fn solve_puzzle<R: Rules>(
    start: &R,
    mut search: Search<'_, R::Move>,
    solver: impl FnOnce(&R, &mut Search<'_, R::Move>) -> Outcome<R::Move>,
) -> Report<R::Move> {
    let outcome = solver(start, &mut search);
    let outcome = verified(start, outcome);
    search.finish(outcome)
}

/// A puzzle's exact solver, and what the watched search says of it. Each
/// puzzle's solver file implements it.
pub trait Solve: Rules {
    /// The ideas the solver uses that the plain search does not, one
    /// sentence each, for the player who compares them.
    const IDEAS: &'static [&'static str];

    /// Solves from this position, the search's events streamed to `search`.
    fn solve(&self, search: &mut Search<'_, Self::Move>) -> Outcome<Self::Move>;

    /// The order in which the solver searches from this position.
    fn order(&self) -> Order;

    /// How deep the plain search goes from this position: a puzzle that ends
    /// by itself (every move uses up a frog's way, a frog or an animal) goes
    /// as deep as it ends, `usize::MAX`.
    fn plain_depth(&self) -> usize;

    /// A winning line found at once without a search (Flood's greedy
    /// player's, when it fits the move limit), if the puzzle has such a
    /// player: it proves a level winnable sooner than the solver.
    fn quick_line(&self) -> Option<Vec<Self::Move>> {
        None
    }
}

/// A winning line of the puzzle's quick player, without a search, if it
/// has one and its line wins.
pub fn quick_line(puzzle: &Puzzle) -> Option<Vec<PuzzleMove>> {
    fn of<P: Solve>(p: &P) -> Option<Vec<PuzzleMove>> {
        Some(p.quick_line()?.into_iter().map(P::wrap).collect())
    }
    crate::each_puzzle!(puzzle, p => of(p))
}

/// The order in which a solver searches: what its tree's given-up
/// branches mean, and how its picture is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// Backtracking: a branch given up is proven lost.
    DepthFirst,
    /// Best-first (A*): the line that looks shortest grows first; a line
    /// set aside may be taken up again.
    BestFirst,
    /// Every line of one move, then of two, and so on, each position once.
    BreadthFirst,
}

impl Order {
    /// Whether a branch given up is only set aside (it may be taken up
    /// again), not proven lost.
    pub fn sets_aside(self) -> bool {
        self != Order::DepthFirst
    }
}

/// The order in which the puzzle's solver searches from `puzzle`.
pub fn order(puzzle: &Puzzle) -> Order {
    crate::each_puzzle!(puzzle, p => Solve::order(p))
}

/// Solves any puzzle with its exact solver.
pub fn solve(
    puzzle: &Puzzle,
    budget: Budget,
    sink: Option<Sink<'_, PuzzleMove>>,
    trace: bool,
) -> Report<PuzzleMove> {
    crate::each_puzzle!(puzzle, p => run_wrapped(p, budget, sink, trace, Solve::solve))
}

/// Runs `solver` on one puzzle's rules state, with the events and the
/// answer in `PuzzleMove`s for a watcher of any puzzle.
pub(crate) fn run_wrapped<R: Rules>(
    p: &R,
    budget: Budget,
    sink: Option<Sink<'_, PuzzleMove>>,
    trace: bool,
    solver: impl FnOnce(&R, &mut Search<'_, R::Move>) -> Outcome<R::Move>,
) -> Report<PuzzleMove> {
    let wrap = R::wrap;
    let report = match sink {
        Some(outer) => {
            let mut inner = |e: &SolverEvent<R::Move>| outer(&e.map(wrap));
            let search = Search::new(budget).with_sink(&mut inner, trace);
            solve_puzzle(p, search, solver)
        }
        None => solve_puzzle(p, Search::new(budget), solver),
    };
    Report {
        outcome: report.outcome.map(wrap),
        nodes: report.nodes,
        elapsed: report.elapsed,
    }
}

#[cfg(test)]
#[path = "search_tests.rs"]
mod tests;
