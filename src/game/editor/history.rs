//! The editor's history: every change a step that Undo takes back and Redo
//! brings again (with where its level came from, its lineage and its
//! seed), a name typed one step once the typing is over, and a level saved
//! saved again in its own place by every version of it.

use super::{Editor, UNDO_MOST};
use crate::levels::edit::Draft;

/// A step of the history: a draft, where its level came from (and, once
/// saved, its place there), and which level it is a version of.
#[derive(Debug, Clone)]
pub(super) struct Step {
    draft: Draft,
    from: Option<(usize, Option<usize>)>,
    lineage: u64,
    /// The seed that dealt the board, if one did: it comes back with it.
    seed: Option<u64>,
}

impl Editor {
    /// The draft is saved as it is now, where `from` says: every version of
    /// the same level in the history is saved there from now on.
    pub(super) fn saved(&mut self, from: (usize, Option<usize>)) {
        self.kept = self.draft.clone();
        self.from = Some(from);
        let lineage = self.lineage;
        for step in self.undo.iter_mut().chain(self.redo.iter_mut()) {
            if step.lineage == lineage {
                step.from = Some(from);
            }
        }
    }

    /// The draft as it is now, as a step of the history.
    fn step_now(&self) -> Step {
        Step {
            draft: self.draft.clone(),
            from: self.from,
            lineage: self.lineage,
            seed: self.seed,
        }
    }

    /// Back (`back`) or on a step in the history: the draft, where it came
    /// from and its lineage come back together.
    pub(super) fn travel(&mut self, back: bool) {
        self.end_rename();
        let (from, to) = if back {
            (&mut self.undo, &mut self.redo)
        } else {
            (&mut self.redo, &mut self.undo)
        };
        let Some(step) = from.pop() else { return };
        to.push(Step {
            draft: std::mem::replace(&mut self.draft, step.draft),
            from: std::mem::replace(&mut self.from, step.from),
            lineage: std::mem::replace(&mut self.lineage, step.lineage),
            seed: std::mem::replace(&mut self.seed, step.seed),
        });
        self.stepped();
    }

    /// The draft is a new level from now on: a lineage of its own, from
    /// no pack.
    pub(super) fn begin_level(&mut self) {
        self.lineages += 1;
        self.lineage = self.lineages;
        self.from = None;
    }

    /// A step of the history that undo brings back.
    fn keep_step(&mut self, step: Step) {
        self.undo.push(step);
        if self.undo.len() > UNDO_MOST {
            self.undo.remove(0);
        }
    }

    /// The name's field took the keys: the name it holds now is the one
    /// Esc puts back and undo brings back.
    pub(super) fn begin_rename(&mut self) {
        if self.name_before.is_none() {
            self.name_before = Some(self.draft.name.clone());
        }
    }

    /// The name's field let the keys go: Esc's name, if Esc let them go.
    pub(super) fn abandon_rename(&mut self) -> Option<String> {
        self.name_before.take()
    }

    /// A name typed is a step of the history (the same board under its
    /// old name), once, when the typing is over.
    pub(super) fn end_rename(&mut self) {
        let Some(old) = self.name_before.take() else {
            return;
        };
        if old == self.draft.name {
            return;
        }
        let mut before = self.step_now();
        before.draft.name = old;
        self.keep_step(before);
        self.redo.clear();
    }

    /// Whether there is an edit to undo, and one to redo.
    pub fn history(&self) -> (bool, bool) {
        (!self.undo.is_empty(), !self.redo.is_empty())
    }

    /// The draft went a step back or on in its history: a new generation,
    /// with no notice (its seed came back with it).
    fn stepped(&mut self) {
        self.generation += 1;
        self.notice = None;
        self.field_notice = None;
    }

    /// Makes a change through `f`; if it changed the draft, it can be undone.
    pub(super) fn change(&mut self, keep: bool, f: impl FnOnce(&mut Draft) -> bool) -> bool {
        self.end_rename();
        let before = self.step_now();
        if !f(&mut self.draft) {
            return false;
        }
        if keep {
            self.keep_step(before);
        }
        self.redo.clear();
        self.generation += 1;
        self.notice = None;
        self.field_notice = None;
        self.seed = None;
        true
    }
}
