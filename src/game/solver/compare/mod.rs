//! The plain search and the solver, run side by side in the background on
//! the position the tree's search started from (or the board, before any
//! search), so the tree view can show what each of the solver's ideas
//! saves: positions reached, dead ends, time, and the answer.

use super::tree_view::TreeViewState;
use super::{Autoplay, SolverBudget};
use crate::game::play::{PlayState, PlaySystems};
/// 1234567 as "1,234,567" (the core's).
pub use crate::levels::verdict::grouped as group;
use crate::rules::{Puzzle, PuzzleMove};
use crate::solve::{self, Budget, CutReason, Outcome, Report, SharedMemory, SolverEvent, plain};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, TaskPool};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

mod chart;
pub use chart::*;

/// The positions the plain search may reach before it is stopped: a count,
/// not a time, so that a level's "at least 259 times fewer positions" is
/// the same on every run and every machine. (The English board's plain
/// search is done in 7.7 million.)
pub const PLAIN_POSITIONS: u64 = 8_000_000;

/// What each search may spend: the plain one `PLAIN_POSITIONS`, ours 5 s;
/// either at most 20 s, a guard for a slow machine.
fn budget(cancel: &Arc<AtomicBool>, shared: Option<Arc<SharedMemory>>, is_plain: bool) -> Budget {
    Budget {
        time: Some(Duration::from_secs(if is_plain { 20 } else { 5 })),
        nodes: is_plain.then_some(PLAIN_POSITIONS),
        memory: Some(256 << 20),
        cancel: Some(cancel.clone()),
        shared,
    }
}

/// One search's figures.
#[derive(Debug, Clone, PartialEq)]
pub struct Figures {
    /// Positions reached (the start, and one a move tried).
    pub positions: u64,
    /// Positions given up with no move tried from them.
    pub dead_ends: u64,
    pub millis: f64,
    pub answer: String,
    /// Positions given up without a search, by reason (`CutReason::ALL`):
    /// what each of the solver's ideas saved.
    pub cuts: [u64; 2],
    /// False when the budget stopped it: its counts are a least.
    pub whole: bool,
    /// Its win's moves, and whether they are known to be the fewest.
    pub win: Option<(usize, bool)>,
}

/// The two searches on one position: the plain one's figures, then the
/// solver's, each once it has finished.
#[derive(Resource)]
pub struct Comparison {
    pub position: Puzzle,
    results: Arc<Mutex<[Option<Figures>; 2]>>,
    cancel: Arc<AtomicBool>,
    _task: Task<()>,
}

impl Comparison {
    fn start(position: Puzzle, shared: Option<Arc<SharedMemory>>) -> Comparison {
        let results = Arc::new(Mutex::new([None, None]));
        let cancel = Arc::new(AtomicBool::new(false));
        let (out, stop, p) = (results.clone(), cancel.clone(), position.clone());
        let pool = AsyncComputeTaskPool::get_or_init(TaskPool::new);
        let task = pool.spawn(async move {
            // The solver first: it is quick, and the player sees it at once.
            for (slot, is_plain) in [(1, false), (0, true)] {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let figures = crate::game::memory::then_let_go(|| {
                    run(&p, is_plain, budget(&stop, shared.clone(), is_plain))
                });
                if let Ok(mut r) = out.lock() {
                    r[slot] = Some(figures);
                }
            }
        });
        Comparison {
            position,
            results,
            cancel,
            _task: task,
        }
    }

    /// The plain search's figures and the solver's, as far as they are done.
    pub fn figures(&self) -> [Option<Figures>; 2] {
        self.results
            .lock()
            .map(|r| r.clone())
            .unwrap_or([None, None])
    }
}

impl Drop for Comparison {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// Runs one search, counting its positions and dead ends from its events.
pub fn run(p: &Puzzle, is_plain: bool, budget: Budget) -> Figures {
    let (mut tried, mut dead_ends) = (0u64, 0u64);
    let mut cuts = [0u64; 2];
    let mut last_tried: Option<u32> = None;
    let mut count = |e: &SolverEvent<PuzzleMove>| match e {
        SolverEvent::Tried { depth, .. } => {
            tried += 1;
            last_tried = Some(*depth);
        }
        SolverEvent::TakenBack { depth, .. } => {
            // Taken back right after it was tried: nothing was tried from it.
            if last_tried == Some(*depth) {
                dead_ends += 1;
            }
            last_tried = None;
        }
        SolverEvent::Cut { why, .. } => cuts[why.index()] += 1,
        _ => {}
    };
    let by_depth = counts_by_depth(p, is_plain);
    let report: Report<PuzzleMove> = if is_plain {
        plain::solve_plain(p, budget, Some(&mut count), true)
    } else {
        solve::solve(p, budget, Some(&mut count), true)
    };
    let answer = match &report.outcome {
        Outcome::Solved {
            moves,
            optimal: true,
        } => {
            format!("{} moves, the shortest", moves.len())
        }
        // Where every win is as long, a win is a shortest one ("not proven
        // shortest" beside the English board's 31 moves puzzled a player).
        Outcome::Solved { moves, .. } if p.moves_to_win().is_some() => {
            format!("{} moves, as every win takes", moves.len())
        }
        Outcome::Solved { moves, .. } => format!("{} moves, not proven shortest", moves.len()),
        Outcome::Unsolvable => "none (proven)".into(),
        Outcome::OutOfBudget { reason, .. } => format!("out of budget ({reason})"),
    };
    Figures {
        // (A search that settles it without expanding anything, Flood's
        // quick line proven shortest, looked at the start and its line's
        // positions, as its tree counts them.)
        positions: match (&report.outcome, by_depth) {
            (_, true) => tried + 1,
            (Outcome::Solved { moves, .. }, false) if report.nodes == 0 => moves.len() as u64 + 1,
            _ => report.nodes.max(1),
        },
        dead_ends,
        millis: report.elapsed.as_secs_f64() * 1000.0,
        whole: !matches!(report.outcome, Outcome::OutOfBudget { .. }),
        answer,
        cuts,
        win: match &report.outcome {
            Outcome::Solved { moves, optimal } => {
                Some((moves.len(), *optimal || p.moves_to_win().is_some()))
            }
            _ => None,
        },
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        keep_comparison
            .in_set(PlaySystems::Present)
            .run_if(crate::game::play::level_open),
    );
}

/// While the tree is shown, the comparison is of the position its search
/// started from (or of the board before any search); it starts once no
/// search is being watched, so it never slows one down.
fn keep_comparison(
    mut commands: Commands,
    view: Option<Res<TreeViewState>>,
    autoplay: Option<Res<Autoplay>>,
    state: Res<PlayState>,
    mut comparison: Option<ResMut<Comparison>>,
    solver: Res<SolverBudget>,
    mut done: Local<usize>,
) {
    // A search's figures came in: the view shows them.
    if let Some(c) = comparison.as_mut() {
        let n = c.figures().iter().flatten().count();
        if n != *done {
            *done = n;
            c.set_changed();
        }
    }
    if view.is_none() {
        if comparison.is_some() {
            commands.remove_resource::<Comparison>();
        }
        return;
    }
    let position = match autoplay.as_deref() {
        Some(a) => match a.tree.as_ref() {
            Some(t) => t.start(),
            None => &state.puzzle,
        },
        None => &state.puzzle,
    };
    if comparison.as_ref().is_some_and(|c| &c.position == position) {
        return;
    }
    // While a search is watched, from where it began (the map opened during
    // its first run on a level: the band under the map stood empty to its
    // end); not while a solution plays (its position moves at every step).
    let searching = autoplay
        .as_deref()
        .is_some_and(|a| a.is_active() && a.watch.searches() && a.tree.is_some());
    if autoplay.as_deref().is_some_and(Autoplay::is_active) && !searching || position.is_won() {
        return;
    }
    commands.insert_resource(Comparison::start(position.clone(), solver.0.shared.clone()));
}

/// Whether a search's positions are the moves it tried (and its start):
/// a search by depth reaches a new position with each move it tries; one
/// by rounds or best first walks again along lines it has shown, so its
/// own count of the positions it expanded is the one (as the tree's).
pub fn counts_by_depth(start: &Puzzle, is_plain: bool) -> bool {
    is_plain || solve::order(start) == solve::Order::DepthFirst
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plain_search_reaches_more_positions_on_the_english_board() {
        let pack = crate::levels::load(std::path::Path::new("pegs.ron")).expect("shipped");
        let english = &pack.levels[7].puzzle;
        let ours = run(english, false, Budget::nodes(1_000_000));
        let plain = run(english, true, Budget::nodes(20_000_000));
        assert_eq!(ours.answer, "31 moves, the shortest");
        assert_eq!(plain.answer, "31 moves, as every win takes");
        assert!(plain.positions > 100 * ours.positions, "{plain:?} {ours:?}");
        assert!(
            plain.dead_ends > 100 * ours.dead_ends.max(1),
            "{plain:?} {ours:?}"
        );
        // Known-lost positions are what our search cuts; the plain one cuts
        // nothing.
        assert!(ours.cuts[CutReason::Seen.index()] > 1000, "{ours:?}");
        assert_eq!(plain.cuts, [0, 0]);
        assert!(saved_words(&ours.cuts).contains("mirror images skipped"));
    }

    /// Our search's count is the positions its tree holds, whatever its
    /// order: depth first (the pond), breadth first (Swap's jump-own row),
    /// best first (Flood, which walks again along lines it set aside), and
    /// a quick line proven shortest with nothing expanded (Flood's level 3).
    #[test]
    fn ours_counts_the_positions_its_tree_holds() {
        use crate::solve::tree::SearchTree;
        for (file, level) in [
            ("hop.ron", 0),
            ("swap.ron", 9),
            ("flood.ron", 13),
            ("flood.ron", 2),
        ] {
            let pack = crate::levels::load(std::path::Path::new(file)).expect("shipped");
            let p = &pack.levels[level].puzzle;
            let ours = run(p, false, Budget::nodes(1_000_000));
            let mut tree = SearchTree::new(p, usize::MAX);
            let mut feed = |e: &SolverEvent<PuzzleMove>| tree.feed(e).expect("the events fit");
            solve::solve(p, Budget::nodes(1_000_000), Some(&mut feed), true);
            assert_eq!(ours.positions, tree.stats().positions, "{file} {level}");
        }
    }

    /// The plain search is stopped by a count: cut short, its figures are
    /// the same every run (a time gave "at least 240" one run and "at
    /// least 259" the next).
    #[test]
    fn the_plain_searchs_least_is_the_same_every_run() {
        let pack = crate::levels::load(std::path::Path::new("pegs.ron")).expect("shipped");
        let european = &pack.levels[8].puzzle;
        let cancel = Arc::new(AtomicBool::new(false));
        let runs: Vec<Figures> = (0..2)
            .map(|_| run(european, true, budget(&cancel, None, true)))
            .collect();
        assert!(!runs[0].whole, "{:?}", runs[0]);
        assert!(
            runs[0].positions >= PLAIN_POSITIONS - 1 && runs[0].positions <= PLAIN_POSITIONS + 1,
            "{:?}",
            runs[0]
        );
        assert_eq!(runs[0].positions, runs[1].positions);
        assert_eq!(runs[0].dead_ends, runs[1].dead_ends);
    }

    #[test]
    fn a_plain_search_stopped_by_its_budget_gives_a_least() {
        let f = |positions, whole| Figures {
            positions,
            dead_ends: 0,
            millis: 5000.0,
            answer: String::new(),
            cuts: [0, 0],
            whole,
            win: None,
        };
        assert_eq!(
            ratio_of(&f(6_422_450, false), &f(26_730, true)),
            "at least 240 times fewer positions"
        );
        assert_eq!(
            ratio_of(&f(7_667_771, true), &f(26_730, true)),
            "287 times fewer positions"
        );
        assert_eq!(value_words(&f(6_422_450, false)), "over 6,422,450 in 5.0 s");
        assert_eq!(value_words(&f(26_730, true)), "26,730 in 5.0 s");
    }

    #[test]
    fn savings_are_said_only_where_an_idea_cut_something() {
        assert_eq!(saved_words(&[0, 0]), "");
        assert_eq!(
            saved_words(&[8120, 0]),
            "8,120 repeats and mirror images skipped"
        );
        assert_eq!(saved_words(&[1, 2]).lines().count(), 2);
    }
}
