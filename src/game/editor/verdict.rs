//! The verdict, live: after every change of the draft a solver task starts
//! for the new board (the one before is cancelled at once), and only the
//! verdict of the board on screen is ever shown.

use super::Editor;
use crate::game::packs::Packs;
use crate::levels::edit::Mistake;
use crate::levels::verdict::{self, Verdict};
use crate::solve::Budget;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How long the solvers may think about one board.
const THINK: Duration = Duration::from_secs(10);
/// The tables they may hold.
const MEMORY: usize = 1 << 30;

/// The verdict on the board being edited.
#[derive(Resource, Default)]
pub struct EditVerdict {
    /// The change of the draft this verdict (or its task) is for.
    pub generation: u64,
    task: Option<Task<Verdict>>,
    cancel: Option<Arc<AtomicBool>>,
    /// The level judged, for the verdict's second part (its ways and
    /// grades) once the first (can it be won, in how many moves) shows.
    level: Option<crate::rules::Puzzle>,
    /// The verdict on the board shown, once it is known.
    pub shown: Option<Verdict>,
    /// What the loader cannot accept in the board shown.
    pub mistake: Option<Mistake>,
    /// The pack the draft came from (its place in the list), and its level
    /// that the draft is the same as.
    pub same: Option<(usize, usize)>,
}

impl EditVerdict {
    /// Whether the solvers are still thinking about the board shown.
    pub fn pending(&self) -> bool {
        self.task.is_some()
    }

    fn stop(&mut self) {
        if let Some(c) = self.cancel.take() {
            c.store(true, Ordering::Relaxed);
        }
        self.task = None;
    }
}

/// After a change: the old task is cancelled, and a new one starts if the
/// board is a level.
pub(super) fn restart(
    editor: Res<Editor>,
    packs: Res<Packs>,
    mut verdict: ResMut<EditVerdict>,
    memory: Res<crate::game::memory::SearchMemory>,
) {
    if verdict.generation == editor.generation {
        return;
    }
    verdict.stop();
    verdict.generation = editor.generation;
    verdict.shown = None;
    verdict.same = None;
    match editor.draft.check() {
        Err(m) => verdict.mistake = Some(m),
        Ok(level) => {
            verdict.mistake = None;
            verdict.same = editor.from.and_then(|(p, _)| {
                let pack = packs.0.get(p)?.pack.as_ref().ok()?;
                Some((p, verdict::same_as(pack, &level.puzzle)?))
            });
            let cancel = Arc::new(AtomicBool::new(false));
            let budget = Budget {
                time: Some(THINK),
                memory: Some(MEMORY),
                cancel: Some(cancel.clone()),
                shared: Some(memory.0.clone()),
                ..Budget::unlimited()
            };
            let puzzle = level.puzzle;
            verdict.level = Some(puzzle.clone());
            verdict.cancel = Some(cancel);
            verdict.task = Some(AsyncComputeTaskPool::get().spawn(async move {
                crate::game::memory::then_let_go(|| verdict::answer(&puzzle, budget))
            }));
        }
    }
}

/// A finished task's verdict shows, if its board is still the one shown.
pub(super) fn receive(editor: Res<Editor>, mut verdict: ResMut<EditVerdict>) {
    // Polling is not a change; only an answer is.
    let Some(task) = verdict.bypass_change_detection().task.as_mut() else {
        return;
    };
    let Some(found) = futures::check_ready(task) else {
        return;
    };
    verdict.task = None;
    if verdict.generation != editor.generation {
        verdict.cancel = None;
        return;
    }
    // The answer shows at once; its ways and grades are counted after it.
    if !found.graded
        && let (Some(level), Some(cancel)) = (verdict.level.clone(), verdict.cancel.clone())
    {
        let first = found.clone();
        verdict.task = Some(AsyncComputeTaskPool::get().spawn(async move {
            crate::game::memory::then_let_go(|| verdict::grade(&level, first, Some(&cancel)))
        }));
    } else {
        verdict.cancel = None;
    }
    verdict.shown = Some(found);
}

/// Leaving the editor stops its search.
pub(super) fn stop(mut verdict: ResMut<EditVerdict>) {
    verdict.stop();
    verdict.generation = 0;
}
