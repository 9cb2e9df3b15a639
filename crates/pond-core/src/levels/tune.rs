//! "Make it harder" and "make it easier": a variant of a board one grade
//! up or down, found by the solvers, with as few cells changed as they can
//! find (boards one change away first, then two).

use super::edit::Draft;
use super::verdict::{self, Verdict};
use crate::levels::code::DIFFICULTIES;
use crate::solve::Budget;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Boards judged at most for one proposal.
const MOST_TRIED: usize = 4000;
/// The time one proposal may take.
const TIME: Duration = Duration::from_secs(8);

/// A variant of a board: the board, its verdict, and the cells changed
/// (row, column) from the board it was made from.
#[derive(Debug, Clone, PartialEq)]
pub struct Proposal {
    pub draft: Draft,
    pub verdict: Verdict,
    pub changed: Vec<(usize, usize)>,
}

impl Proposal {
    /// What changed from `from` (the board it was made from), in words: a
    /// Swap row's frog or pad added or taken away, the move limit alone, or
    /// the number of cells changed (which the editor rings).
    pub fn change_words(&self, from: &Draft) -> String {
        if let Some(words) = self.draft.board.change_words(&*from.board, &self.changed) {
            return words;
        }
        let limit = |d: &Draft| {
            d.dimensions()
                .into_iter()
                .find(|(name, _)| *name == "move limit")
                .map(|(_, n)| n)
        };
        match self.changed.len() {
            0 => match (limit(from), limit(&self.draft)) {
                (Some(a), Some(b)) if a != b => format!("the move limit from {a} to {b}"),
                _ => "the move limit changed".to_string(),
            },
            n => format!("{} changed (ringed)", super::count_of(n, "cell", "cells")),
        }
    }
}

/// The place of a verdict's grade among the grades, easiest first.
pub fn grade_index(v: &Verdict) -> Option<usize> {
    let g = v.grade.as_deref()?;
    DIFFICULTIES.iter().position(|d| *d == g)
}

/// A board one grade harder (or easier) than `draft`'s, as close to it as
/// found; `cancel` stops the search.
pub fn propose(draft: &Draft, harder: bool, cancel: &Arc<AtomicBool>) -> Result<Proposal, String> {
    let level = draft.check().map_err(|m| m.message)?;
    let judge = |d: &Draft| -> Option<Verdict> {
        let level = d.check().ok()?;
        Some(verdict::judge(
            &level.puzzle,
            Budget {
                time: Some(Duration::from_secs(1)),
                cancel: Some(cancel.clone()),
                ..Budget::unlimited()
            },
        ))
    };
    let now = verdict::judge(&level.puzzle, Budget::time(Duration::from_secs(5)));
    let grade = grade_index(&now).ok_or("the board has no grade to move from")?;
    let target = if harder {
        grade.checked_add(1).filter(|&g| g < DIFFICULTIES.len())
    } else {
        grade.checked_sub(1)
    }
    .ok_or_else(|| {
        format!(
            "it is {} already, the {} grade",
            DIFFICULTIES[grade],
            if harder { "hardest" } else { "easiest" }
        )
    })?;
    // Flood's grade is the room its limit leaves over the optimum: the
    // limit of the grade asked for is the one change.
    if let (true, Some(limits)) = (draft.board.takes_limit(), now.limits) {
        let mut d = draft.clone();
        d.set_limit(limits[target]);
        let v = judge(&d).ok_or("the board could not be judged")?;
        return Ok(Proposal {
            draft: d,
            verdict: v,
            changed: Vec::new(),
        });
    }
    let start = Instant::now();
    let mut tried = 0;
    // One change away, then two (from the first change's boards).
    let first = neighbours(draft);
    for (d, changed) in &first {
        if cancel.load(Ordering::Relaxed) || start.elapsed() > TIME || tried >= MOST_TRIED {
            break;
        }
        tried += 1;
        if let Some(v) = judge(d)
            && grade_index(&v) == Some(target)
        {
            return Ok(Proposal {
                draft: d.clone(),
                verdict: v,
                changed: changed.clone(),
            });
        }
    }
    for (d, changed) in &first {
        for (e, more) in neighbours(d) {
            if cancel.load(Ordering::Relaxed) || start.elapsed() > TIME || tried >= MOST_TRIED {
                return Err(format!(
                    "no {} board found within two changes ({tried} boards tried)",
                    DIFFICULTIES[target]
                ));
            }
            tried += 1;
            if let Some(v) = judge(&e)
                && grade_index(&v) == Some(target)
            {
                let mut all = changed.clone();
                all.extend(more.into_iter().filter(|c| !changed.contains(c)));
                return Ok(Proposal {
                    draft: e,
                    verdict: v,
                    changed: all,
                });
            }
        }
    }
    Err(format!(
        "no {} board found within two changes ({tried} boards tried)",
        DIFFICULTIES[target]
    ))
}

/// Every board one change from `d`, with the cells it changes: a pad, a
/// frog, a cell's colour, two animals swapped; Flood's move limit one up or
/// down (its grade is the room the limit leaves).
fn neighbours(d: &Draft) -> Vec<(Draft, Vec<(usize, usize)>)> {
    d.board
        .neighbours()
        .into_iter()
        .map(|(board, cells)| {
            (
                Draft {
                    name: d.name.clone(),
                    board,
                },
                cells,
            )
        })
        .filter(|(e, _)| e != d)
        .collect()
}
