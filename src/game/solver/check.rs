//! What the solver tells without playing: the hint (the next move of a
//! solution, ringed on the board) and, after each of the player's moves, the
//! background check of whether the position can still be won.

use super::job::SolverJob;
use super::{Autoplay, SolverBudget};
use crate::game::play::{Hint, MoveApplied, PlayState, PlaySystems};
use crate::game::puzzles::describe;
use crate::rules::Puzzle;
use crate::solve::{self, Budget, Outcome, SolverEvent};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, TaskPool};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The still-solvable check gives up on a position after this long.
const CHECK_TIME: Duration = Duration::from_secs(1);
/// How many positions back the still-solvable check looks.
const CHECK_BACK: usize = 40;

/// The solver looking for a hint (H), while it runs.
#[derive(Resource, Default)]
pub struct HintJob(pub Option<SolverJob>);

/// Whether the position can still be won, decided in the background.
#[derive(Resource, Default)]
pub struct Solvability {
    task: Option<Task<Verdict>>,
    cancel: Option<Arc<AtomicBool>>,
    /// The last verdict, for the position with this many moves played.
    pub verdict: Option<(usize, Verdict)>,
}

impl Solvability {
    /// Whether a check is running.
    pub fn pending(&self) -> bool {
        self.task.is_some()
    }
}

/// What the background check found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Winnable,
    /// Lost; it could still be won this many moves back (None: not within
    /// the positions checked).
    Lost {
        back: Option<usize>,
    },
    /// The solver could not decide quickly.
    Unknown,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (hint_step, check_solvable)
            .chain()
            .in_set(PlaySystems::Solver)
            .after(super::autoplay::commands_and_input),
    );
}

/// Shows the hint once its solver answers; any change of the board clears it.
fn hint_step(
    state: Res<PlayState>,
    mut hint: ResMut<Hint>,
    mut job: ResMut<HintJob>,
    mut applied: MessageReader<MoveApplied>,
    settings: Res<crate::game::settings::Settings>,
) {
    if applied.read().count() > 0 {
        job.0 = None;
        hint.shown = None;
        hint.words = None;
    }
    let Some(running) = job.0.as_ref() else {
        return;
    };
    while let Some(event) = running.next_event() {
        if let SolverEvent::Done(outcome) = event {
            job.0 = None;
            let first = outcome.moves().and_then(|m| m.first().copied());
            hint.words = Some(match (&outcome, first) {
                (_, Some(mv)) => {
                    hint.shown = Some((state.puzzle.clone(), mv));
                    // Said before it costs anything: playing it is help.
                    let words = describe(&state.puzzle, mv, settings.colour_blind);
                    const COST: &str = "playing it costs this win its stars";
                    // Within the words' own brackets where they end in one
                    // ("(or click that pad) (playing it ...)" read as two
                    // afterthoughts).
                    match words.strip_suffix(')') {
                        _ if state.helped => format!("Hint: {words}"),
                        Some(open) => format!("Hint: {open}; {COST})"),
                        None => format!("Hint: {words} ({COST})"),
                    }
                }
                (Outcome::Unsolvable, _) => {
                    "No hint: this position cannot be won. Undo (U) or restart (Backspace).".into()
                }
                _ => "No hint: the solver found nothing in time.".into(),
            });
            return;
        }
    }
}

/// After each of the player's moves (and at a level's start), checks in the
/// background whether the position can still be won; if not, how many moves
/// back it last could.
#[allow(clippy::too_many_arguments)]
fn check_solvable(
    state: Res<PlayState>,
    autoplay: Option<Res<Autoplay>>,
    budget: Res<SolverBudget>,
    mut check: ResMut<Solvability>,
    mut applied: MessageReader<MoveApplied>,
    view: Option<Res<super::tree_view::TreeViewState>>,
    jump: Res<super::tree_view::TreeJump>,
    mut was_away: Local<bool>,
) {
    // The board going to a moment of a search (the timeline, a row of the
    // tree) is the search's, not the player's game: it is checked once the
    // player plays from there.
    // So is the board a stopped search left.
    let away = super::board_is_the_searchs(view.as_deref(), autoplay.as_deref(), state.moves())
        || !jump.0.is_empty();
    let back = std::mem::replace(&mut *was_away, away) && !away;
    // A move, or a level just opened (or restarted): an unsolvable level is
    // told at once, not after the first move.
    let moved = back
        || applied.read().count() > 0
        || ((state.is_changed() || check.is_added())
            && state.done.is_empty()
            && check.verdict.is_none()
            && check.task.is_none());
    // Polling is not a change; only a verdict is.
    if let Some(task) = check.bypass_change_detection().task.as_mut()
        && let Some(verdict) = bevy::tasks::futures::check_ready(task)
    {
        check.task = None;
        check.verdict = Some((state.moves(), verdict));
    }
    if !moved {
        return;
    }
    if let Some(c) = check.cancel.take() {
        c.store(true, Ordering::Relaxed);
    }
    check.task = None;
    check.verdict = None;
    if away || autoplay.is_some_and(|a| a.is_active()) || state.puzzle.is_goal() {
        return;
    }
    // The positions from now back to where the check gives up, newest first.
    let mut positions = vec![state.puzzle.clone()];
    let mut p = state.puzzle.clone();
    for (_, undo) in state.done.iter().rev().take(CHECK_BACK) {
        p.undo(undo);
        positions.push(p.clone());
    }
    let cancel = Arc::new(AtomicBool::new(false));
    let budget = Budget {
        time: Some(CHECK_TIME),
        cancel: Some(cancel.clone()),
        ..budget.0.clone()
    };
    let pool = AsyncComputeTaskPool::get_or_init(TaskPool::new);
    check.task =
        Some(pool.spawn(async move {
            crate::game::memory::then_let_go(|| verdict(&positions, &budget))
        }));
    check.cancel = Some(cancel);
}

/// Whether `positions[0]` can still be won, and if not, the first position
/// back that could.
fn verdict(positions: &[Puzzle], budget: &Budget) -> Verdict {
    for (back, p) in positions.iter().enumerate() {
        match winnable(p, budget) {
            Some(true) if back == 0 => return Verdict::Winnable,
            Some(true) => return Verdict::Lost { back: Some(back) },
            Some(false) => {}
            None => {
                return if back == 0 {
                    Verdict::Unknown
                } else {
                    Verdict::Lost { back: None }
                };
            }
        }
    }
    Verdict::Lost { back: None }
}

/// Some(true) if `p` can be won (within its move limit), None if undecided.
fn winnable(p: &Puzzle, budget: &Budget) -> Option<bool> {
    let report = solve::solve(p, budget.clone(), None, false);
    match &report.outcome {
        Outcome::Solved { moves, optimal } => match p.moves_left() {
            None => Some(true),
            Some(left) => {
                if moves.len() as i64 <= left {
                    Some(true)
                } else if *optimal {
                    Some(false)
                } else {
                    None
                }
            }
        },
        Outcome::Unsolvable => Some(false),
        Outcome::OutOfBudget { .. } => None,
    }
}
