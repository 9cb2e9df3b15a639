//! The editor's verdict on a level: can it be won (proven), in how many
//! moves, in how many ways, the grade the game's own grading gives it (the
//! grades of its random levels: `code::DIFFICULTIES`), Flood's limit for
//! each grade, and the pack's level it is the same as, up to the board's
//! symmetries.

use super::{Level, Pack};
use crate::rules::{Puzzle, PuzzleMove, Rules};
use crate::solve::{self, Budget, Outcome};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Random games that estimate a big peg board's chance of a random win.
pub const HOP_GAMES: u32 = 50_000;
/// Escape positions beyond which its ways out are not counted.
pub(crate) const COUNT_ESCAPE: usize = 20_000_000;
/// Ways counted at most.
pub const WAYS_CAP: u64 = 1_000_000_000;

/// What the verdict reads of a puzzle beyond its solver; each puzzle's
/// level file implements it.
pub trait Judged: Rules {
    /// The position the verdict's search starts from: the level's own, or
    /// a Flood board without its limit (its optimum is held against the
    /// limit after).
    fn searched(&self) -> Puzzle {
        self.clone().lift()
    }
    /// The grade that the first answer gives alone (Swap's shortest
    /// solution, Flood's moves to spare), which may change the answer (a
    /// Flood optimum over the limit loses). None for the others.
    fn grade_answer(&self, _answer: &mut Answer, _verdict: &mut Verdict) {}
    /// The rest of the grade of a won level (Hop's and Escape's ways to
    /// win), which may take a while; `cancel` stops it.
    fn grade_won(&self, _verdict: &mut Verdict, _cancel: Option<&AtomicBool>) {}
    /// Why the level cannot be won, in the player's words, where a test
    /// proves it before any search (Hop's parity classes); None for the
    /// plain reason, that every line of moves was played out.
    fn lost_why(&self) -> Option<String> {
        None
    }
    /// A text that two boards share exactly when they are the same up to
    /// the board's symmetries.
    fn shape_key(&self) -> String;
}

/// What the solvers say of a level.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    pub answer: Answer,
    /// How many ways win, and whether the count stopped at its cap (None:
    /// not counted for this puzzle or board).
    pub ways: Option<(u64, bool)>,
    pub grade: Option<String>,
    /// Flood: the move limit each grade would set, easiest first.
    pub limits: Option<[u32; 5]>,
    /// Why there is no grade, when there is none for a level that can be won.
    pub ungraded: Option<String>,
    /// What the grading read: Swap's shortest solution, Hop's chance that
    /// random jumps win, Flood's moves to spare, Escape's ways out.
    pub measure: Option<f64>,
    /// The grade the shipped pack of the puzzle would give it, in its words,
    /// and its level nearest in that measure (from 0; none for Flood, whose
    /// pack grades by a rule).
    pub pack_grade: Option<(String, &'static str, Option<usize>)>,
    /// More to know: how the grade or the ways were found.
    pub notes: Vec<String>,
    /// Whether the ways and grades are counted yet (`grade`).
    pub graded: bool,
    pub positions: u64,
    pub elapsed: Duration,
}

/// Whether the level can be won.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// A solution; `proven`: none is shorter.
    Won {
        moves: Vec<PuzzleMove>,
        proven: bool,
    },
    /// No solution exists (Flood: none within the move limit, whose
    /// shortest solution is given when known).
    Lost { shortest: Option<usize> },
    /// The budget ran out first; the best line found, if any.
    Undecided { best: Option<Vec<PuzzleMove>> },
}

/// The words of Flood's limits (4 moves to spare down to none), the Flood
/// pack's own: the grade its level select shows for a level of that limit.
pub const LIMIT_GRADES: [&str; 5] = super::pack_grade::FLOOD_PACK_GRADES;

impl Verdict {
    /// The verdict in a few lines of the player's words.
    pub fn words(&self) -> Vec<String> {
        let mut out = Vec::new();
        match &self.answer {
            Answer::Won { moves, proven } => {
                out.push("Can be won".into());
                out.push(format!(
                    "{} {} move{}",
                    if *proven { "Shortest:" } else { "Best found:" },
                    moves.len(),
                    if moves.len() == 1 { "" } else { "s" }
                ));
            }
            Answer::Lost { shortest } => {
                out.push("Cannot be won (proven)".into());
                if let Some(n) = shortest {
                    out.push(format!(
                        "It needs {}: over the limit",
                        super::count_of(*n, "move", "moves")
                    ));
                }
            }
            Answer::Undecided { best } => {
                out.push("Undecided within the time given".into());
                if let Some(b) = best {
                    out.push(format!(
                        "Best found: {}",
                        super::count_of(b.len(), "move", "moves")
                    ));
                }
            }
        }
        if let Some((n, capped)) = self.ways {
            out.push(format!(
                "{}{} way{} to win",
                if capped { "over " } else { "" },
                grouped(n),
                if n == 1 { "" } else { "s" }
            ));
        }
        if !self.graded && matches!(self.answer, Answer::Won { .. }) {
            out.push("Counting the ways and the grade...".into());
        }
        // One scale: the shipped pack's own grades, as its level select
        // shows them (the game's five where no pack grades the level).
        match (&self.pack_grade, &self.grade, &self.ungraded) {
            (Some((grade, pack, Some(n))), ..) => {
                out.push(format!("Grade: {grade}, like level {} of {pack}", n + 1));
            }
            (Some((grade, ..)), ..) | (None, Some(grade), _) => out.push(format!("Grade: {grade}")),
            (None, None, Some(why)) => out.push(format!("No grade: {why}")),
            (None, None, None) => {}
        }
        out.extend(self.notes.iter().cloned());
        if let Some(l) = self.limits {
            let each: Vec<String> = LIMIT_GRADES
                .iter()
                .zip(l)
                .map(|(g, n)| format!("{g} {n}"))
                .collect();
            out.push(format!("Limits: {}", each.join(", ")));
        }
        out
    }

    /// The solution to show, proven or not.
    pub fn solution(&self) -> Option<&[PuzzleMove]> {
        match &self.answer {
            Answer::Won { moves, .. } => Some(moves),
            _ => None,
        }
    }
}

/// The solvers' verdict on `level` within `budget` (its cancel flag stops
/// the search at once): `answer`, then `grade`.
pub fn judge(level: &Puzzle, budget: Budget) -> Verdict {
    let cancel = budget.cancel.clone();
    grade(level, answer(level, budget), cancel.as_deref())
}

/// The first part of the verdict, quick to find: can the level be won,
/// in how many moves; Swap's and Flood's grades (which read only that).
/// `graded` is false until `grade` counts the rest.
pub fn answer(level: &Puzzle, budget: Budget) -> Verdict {
    // (Flood's optimum is searched without the limit, then held against it.)
    let open = crate::each_puzzle!(level, p => Judged::searched(p));
    let report = solve::solve(&open, budget, None, false);
    let mut answer = match report.outcome {
        Outcome::Solved { moves, optimal } => Answer::Won {
            moves,
            proven: optimal,
        },
        Outcome::Unsolvable => Answer::Lost { shortest: None },
        Outcome::OutOfBudget { best, .. } => Answer::Undecided { best },
    };
    let mut verdict = Verdict {
        answer: Answer::Lost { shortest: None },
        ways: None,
        grade: None,
        limits: None,
        ungraded: None,
        measure: None,
        pack_grade: None,
        notes: Vec::new(),
        graded: false,
        positions: report.nodes,
        elapsed: report.elapsed,
    };
    crate::each_puzzle!(level, p => p.grade_answer(&mut answer, &mut verdict));
    // A level that cannot be won says why (Flood's says how many moves it
    // needs instead).
    if answer == (Answer::Lost { shortest: None }) {
        verdict.notes.insert(0, lost_why(level, report.nodes));
    }
    verdict.answer = answer;
    verdict
}

/// Why `level` cannot be won, after a search of `positions` proved it: no
/// move at the start, the puzzle's own test, or every line played out.
fn lost_why(level: &Puzzle, positions: u64) -> String {
    let stuck = crate::each_puzzle!(level, p => {
        let mut legal = Vec::new();
        p.legal_moves(&mut legal);
        legal.is_empty()
    });
    if stuck {
        "Why: no move can be made from the start.".into()
    } else if let Some(why) = crate::each_puzzle!(level, p => p.lost_why()) {
        why
    } else {
        // (A search that settled it before any position counts none.)
        let counted = match positions {
            0 => String::new(),
            1 => " (1 position)".into(),
            n => format!(" ({} positions)", grouped(n)),
        };
        format!("Why: every line of moves from the start was played out{counted}, and none wins.")
    }
}

/// The rest of the verdict, which may take a while on a big board: the
/// ways to win and the grade they give (Hop, Escape), and the shipped
/// pack's grade. `cancel` stops it; the time is added to the verdict's.
pub fn grade(
    level: &Puzzle,
    mut verdict: Verdict,
    cancel: Option<&std::sync::atomic::AtomicBool>,
) -> Verdict {
    let start = std::time::Instant::now();
    if matches!(verdict.answer, Answer::Won { .. }) {
        crate::each_puzzle!(level, p => p.grade_won(&mut verdict, cancel));
    }
    verdict.elapsed += start.elapsed();
    // Not counted in the level's time: the shipped packs are measured once
    // for every level (a second, the first time, on the peg boards).
    if let Some(m) = verdict.measure {
        verdict.pack_grade = super::pack_grade::grade(level, m);
    }
    verdict.graded = true;
    verdict
}

/// A whole number with its thousands set apart: 1,000,000.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// The level of `pack` (from 0) whose board is the same as `level`'s, up to
/// the board's symmetries: Swap read from the other end, Hop's turns and
/// mirrors, Flood's transpose (the corner stays), Escape's rows in any
/// order; colours and kinds as they are.
pub fn same_as(pack: &Pack, level: &Puzzle) -> Option<usize> {
    let key = shape_key(level);
    pack.levels
        .iter()
        .position(|l: &Level| shape_key(&l.puzzle) == key)
}

/// A text that two boards share exactly when they are the same up to
/// symmetry.
fn shape_key(p: &Puzzle) -> String {
    crate::each_puzzle!(p, p => p.shape_key())
}
