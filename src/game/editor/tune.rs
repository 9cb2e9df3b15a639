//! "Harder" and "Easier": the solvers look, in the background, for a board
//! one grade up or down with the fewest changes they can find; the board
//! shows the proposal with its changed cells ringed, and the player takes
//! it (a step of the history) or keeps the board as it was.

use super::Editor;
use crate::levels::tune::{self, Proposal};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The search for a proposal, and what it found.
#[derive(Resource, Default)]
pub struct Tuning {
    task: Option<Task<Result<Proposal, String>>>,
    cancel: Option<Arc<AtomicBool>>,
    /// Whether the search is for a harder board.
    pub harder: bool,
    /// The board's change the search started from.
    generation: u64,
    /// The proposal shown, or why there is none.
    pub found: Option<Result<Proposal, String>>,
}

impl Tuning {
    /// Whether the solvers are looking.
    pub fn looking(&self) -> bool {
        self.task.is_some()
    }

    /// The proposal on show, if any.
    pub fn proposal(&self) -> Option<&Proposal> {
        self.found.as_ref().and_then(|f| f.as_ref().ok())
    }

    /// Stops looking and forgets what was found.
    pub fn clear(&mut self) {
        if let Some(c) = self.cancel.take() {
            c.store(true, Ordering::Relaxed);
        }
        self.task = None;
        self.found = None;
    }

    /// Starts looking for a board one grade harder (or easier).
    pub fn start(&mut self, editor: &Editor, harder: bool) {
        self.clear();
        let cancel = Arc::new(AtomicBool::new(false));
        let draft = editor.draft.clone();
        let flag = cancel.clone();
        self.task = Some(AsyncComputeTaskPool::get().spawn(async move {
            crate::game::memory::then_let_go(|| tune::propose(&draft, harder, &flag))
        }));
        self.cancel = Some(cancel);
        self.harder = harder;
        self.generation = editor.generation;
    }
}

/// A finished search's proposal shows if the board is still the one it
/// started from; any change of the board drops it.
pub(super) fn receive(editor: Res<Editor>, mut tuning: ResMut<Tuning>) {
    if (tuning.task.is_some() || tuning.found.is_some()) && tuning.generation != editor.generation {
        tuning.clear();
        return;
    }
    // Polling is not a change; only an answer is.
    let Some(task) = tuning.bypass_change_detection().task.as_mut() else {
        return;
    };
    if let Some(found) = futures::check_ready(task) {
        tuning.task = None;
        tuning.cancel = None;
        tuning.found = Some(found);
    }
}
