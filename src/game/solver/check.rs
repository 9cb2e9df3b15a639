//! What the solver tells without playing: the hint (the next move of a
//! solution, ringed on the board) and, after each of the player's moves, the
//! background check of whether the position can still be won.

use super::job::SolverJob;
use super::{Autoplay, SolverBudget};
use crate::game::play::{Hint, MoveApplied, PlayState, PlaySystems};
use crate::rules::swap::Cell;
use crate::rules::{Puzzle, PuzzleMove};
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
                    format!("Hint: {}", describe(&state.puzzle, mv))
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

/// A move in a few characters, for the search path: pads as the notation
/// numbers them, colours and rows as the buttons and the board show them.
pub fn short(mv: PuzzleMove) -> String {
    match mv {
        PuzzleMove::Swap(m) => format!("pad {}", m.from),
        PuzzleMove::Hop(m) => format!("{}-{}", m.from, m.to),
        PuzzleMove::Flood(m) => format!("colour {}", m.colour + 1),
        PuzzleMove::Escape(m) => format!("row {}", m.row + 1),
    }
}

/// A step of the search's line in a few of the player's words, from the
/// position before it: "yellow jumps", "red jumps up-left", "colour 3",
/// "blue dog out".
pub fn step_words(before: &Puzzle, mv: PuzzleMove) -> String {
    match (before, mv) {
        (Puzzle::Swap(s), PuzzleMove::Swap(m)) => {
            let from = m.from as usize;
            let who = match s.cells.get(from) {
                Some(Cell::L) => "yellow",
                _ => "blue",
            };
            // A step lands on the pad beside; a jump two pads on.
            let beside = |i: usize| s.cells.get(i) == Some(&Cell::Empty);
            let step = beside(from + 1) || from.checked_sub(1).is_some_and(beside);
            format!("{who} {}", if step { "steps" } else { "jumps" })
        }
        (Puzzle::Hop(h), PuzzleMove::Hop(m)) => {
            let who = if h.red == Some(m.from) {
                "red"
            } else {
                "green"
            };
            let (Some(&(r0, c0)), Some(&(r1, c1))) = (
                h.board.pads.get(m.from as usize),
                h.board.pads.get(m.to as usize),
            ) else {
                return format!("{who} jumps");
            };
            let up_down = match r1.cmp(&r0) {
                std::cmp::Ordering::Less => "up",
                std::cmp::Ordering::Greater => "down",
                std::cmp::Ordering::Equal => "",
            };
            let left_right = match c1.cmp(&c0) {
                std::cmp::Ordering::Less => "left",
                std::cmp::Ordering::Greater => "right",
                std::cmp::Ordering::Equal => "",
            };
            let way = match (up_down, left_right) {
                ("", lr) => lr.to_string(),
                (ud, "") => ud.to_string(),
                (ud, lr) => format!("{ud}-{lr}"),
            };
            format!("{who} jumps {way}")
        }
        (Puzzle::Flood(_), PuzzleMove::Flood(m)) => format!("colour {}", m.colour + 1),
        (Puzzle::Escape(e), PuzzleMove::Escape(m)) => {
            let col = e.left[m.row as usize].saturating_sub(1);
            format!("{} out", e.animal(m.row, col).describe())
        }
        _ => short(mv),
    }
}

/// A move in the player's words.
pub fn describe(p: &Puzzle, mv: PuzzleMove) -> String {
    match (p, mv) {
        (Puzzle::Swap(s), PuzzleMove::Swap(m)) => match s.cells.get(m.from as usize) {
            Some(Cell::L) => "move the ringed yellow frog".into(),
            _ => "move the ringed blue frog".into(),
        },
        (Puzzle::Hop(_), PuzzleMove::Hop(_)) => {
            "jump the ringed frog to the ringed pad (or click that pad)".into()
        }
        (Puzzle::Flood(_), PuzzleMove::Flood(m)) => format!("flood with colour {}", m.colour + 1),
        (Puzzle::Escape(e), PuzzleMove::Escape(m)) => {
            let col = e.left[m.row as usize].saturating_sub(1);
            format!(
                "let the {} out of row {}",
                e.animal(m.row, col).describe(),
                m.row + 1
            )
        }
        _ => "no move".into(),
    }
}

/// After each of the player's moves, checks in the background whether the
/// position can still be won; if not, how many moves back it last could.
fn check_solvable(
    state: Res<PlayState>,
    autoplay: Option<Res<Autoplay>>,
    budget: Res<SolverBudget>,
    mut check: ResMut<Solvability>,
    mut applied: MessageReader<MoveApplied>,
) {
    let moved = applied.read().count() > 0;
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
    if autoplay.is_some_and(|a| a.is_active()) || state.puzzle.is_goal() {
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
    check.task = Some(pool.spawn(async move { verdict(&positions, &budget) }));
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
    match (&report.outcome, p) {
        (Outcome::Solved { moves, optimal }, Puzzle::Flood(f)) => match f.limit {
            None => Some(true),
            Some(limit) => {
                let left = limit.saturating_sub(f.moves) as usize;
                if moves.len() <= left {
                    Some(true)
                } else if *optimal {
                    Some(false)
                } else {
                    None
                }
            }
        },
        (Outcome::Solved { .. }, _) => Some(true),
        (Outcome::Unsolvable, _) => Some(false),
        (Outcome::OutOfBudget { .. }, _) => None,
    }
}
