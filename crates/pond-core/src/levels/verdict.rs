//! The editor's verdict on a level: can it be won (proven), in how many
//! moves, in how many ways, the grade the game's own grading gives it (the
//! grades of its random levels: `code::DIFFICULTIES`), Flood's limit for
//! each grade, and the pack's level it is the same as, up to the board's
//! symmetries.

use super::code::DIFFICULTIES;
use super::escape::ESCAPE_WAYS;
use super::flood::FLOOD_SLACK;
use super::hop::HOP_CHANCE;
use super::{Level, Pack, generate};
use crate::rules::hop::Board;
use crate::rules::swap::Cell;
use crate::rules::{Puzzle, PuzzleMove};
use crate::solve::{self, Budget, Outcome};
use std::time::Duration;

/// Frogs beyond which Hop's ways are counted within `COUNT_HOP` positions
/// (the count's table would hold every position reachable, which grows past
/// memory on a full peg board) and its grade is estimated from random games.
const COUNT_FROGS: u32 = 20;
/// Positions a count of a big peg board may hold.
const COUNT_HOP: usize = 4_000_000;
/// Random games that estimate a big peg board's chance of a random win.
pub const HOP_GAMES: u32 = 50_000;
/// Escape positions beyond which its ways out are not counted.
pub(crate) const COUNT_ESCAPE: usize = 20_000_000;
/// Ways counted at most.
pub const WAYS_CAP: u64 = 1_000_000_000;
/// Swap: the most moves of each grade's shortest solution.
const SWAP_MOVES: [usize; 4] = [8, 15, 24, 35];

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
    // Flood's optimum is searched without the limit, then held against it.
    let open = match level {
        Puzzle::Flood(f) => {
            let mut f = f.clone();
            f.limit = None;
            Puzzle::Flood(f)
        }
        other => other.clone(),
    };
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
    match level {
        Puzzle::Swap(_) => {
            if let Answer::Won {
                moves,
                proven: true,
            } = &answer
            {
                let band = SWAP_MOVES.iter().position(|&m| moves.len() <= m);
                verdict.grade = Some(DIFFICULTIES[band.unwrap_or(4)].to_string());
                verdict.measure = Some(moves.len() as f64);
            }
        }
        Puzzle::Flood(f) => {
            if let Answer::Won {
                moves,
                proven: true,
            } = &answer
            {
                let best = moves.len() as u32;
                verdict.limits = Some(FLOOD_SLACK.map(|s| best + s));
                if let Some(limit) = f.limit {
                    if limit < best {
                        answer = Answer::Lost {
                            shortest: Some(best as usize),
                        };
                    } else {
                        let slack = limit - best;
                        let band = FLOOD_SLACK.iter().position(|&s| slack >= s).unwrap_or(4);
                        verdict.grade = Some(DIFFICULTIES[band].to_string());
                        verdict.measure = Some(f64::from(slack));
                    }
                } else {
                    verdict.ungraded = Some("the level has no move limit".into());
                }
            } else if let (Some(limit), Answer::Won { moves, .. }) = (f.limit, &answer)
                && moves.len() as u32 > limit
            {
                // A line over the limit proves nothing either way.
                answer = Answer::Undecided {
                    best: Some(moves.clone()),
                };
            }
        }
        Puzzle::Hop(_) | Puzzle::Escape(_) => {}
    }
    verdict.answer = answer;
    verdict
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
    let won = matches!(verdict.answer, Answer::Won { .. });
    match level {
        Puzzle::Hop(h) if won => {
            let chance = if h.green.count_ones() <= COUNT_FROGS {
                let ways = solve::hop::count_solutions(h, WAYS_CAP);
                verdict.ways = Some((ways, ways >= WAYS_CAP));
                Some(solve::hop::random_win_chance(h))
            } else {
                // A full peg board: its ways counted until they pass the cap
                // (within a bound of positions), its chance from random games.
                match solve::hop::count_solutions_within(h, WAYS_CAP, COUNT_HOP, cancel) {
                    Some(ways) => verdict.ways = Some((ways, ways >= WAYS_CAP)),
                    None => verdict.notes.push(format!(
                        "Ways to win not counted: more than {} positions",
                        grouped(COUNT_HOP as u64)
                    )),
                }
                let p = solve::hop::random_win_estimate(h, HOP_GAMES, 1, cancel);
                verdict.notes.push(format!(
                    "Grade from {} random games (too many frogs to count)",
                    grouped(u64::from(HOP_GAMES))
                ));
                p
            };
            if let Some(p) = chance {
                let band = (0..HOP_CHANCE.len())
                    .find(|&b| p >= HOP_CHANCE[b])
                    .unwrap_or(HOP_CHANCE.len() - 1);
                verdict.grade = Some(DIFFICULTIES[band].to_string());
                verdict.measure = Some(p);
            }
        }
        Puzzle::Escape(e) if won => {
            let positions = (e.cols as usize + 1)
                .saturating_pow(e.rows as u32)
                .saturating_mul(e.rows as usize + 1);
            if positions > COUNT_ESCAPE {
                verdict.ungraded = Some("the prison is too big to count its ways out".into());
            } else if let Some(ways) = solve::escape::count_solutions(e, WAYS_CAP) {
                verdict.ways = Some((ways, ways >= WAYS_CAP));
                let band = (0..ESCAPE_WAYS.len())
                    .find(|&d| ways >= ESCAPE_WAYS[d])
                    .unwrap_or(ESCAPE_WAYS.len() - 1);
                verdict.grade = Some(DIFFICULTIES[band].to_string());
                verdict.measure = Some(ways as f64);
            }
        }
        _ => {}
    }
    if let Some(m) = verdict.measure {
        verdict.pack_grade = super::pack_grade::grade(level, m);
    }
    verdict.graded = true;
    verdict.elapsed += start.elapsed();
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
    match p {
        Puzzle::Swap(s) => {
            let text = |cells: &[Cell]| cells.iter().map(|c| c.to_char()).collect::<String>();
            let turned = |cells: &[Cell]| {
                cells
                    .iter()
                    .rev()
                    .map(|c| match c {
                        Cell::L => 'R',
                        Cell::R => 'L',
                        Cell::Empty => '_',
                    })
                    .collect::<String>()
            };
            let a = format!("{}/{}/{}", text(&s.cells), text(&s.goal), s.jump_own);
            let b = format!("{}/{}/{}", turned(&s.cells), turned(&s.goal), s.jump_own);
            format!("S{}", a.min(b))
        }
        Puzzle::Hop(h) => {
            let best = h
                .board
                .symmetries
                .iter()
                .map(|perm| {
                    let at = |p: Option<u8>| p.map_or(u8::MAX, |p| perm[p as usize]);
                    (Board::map_set(perm, h.green), at(h.red), at(h.finish))
                })
                .min();
            format!(
                "H{:?}{:?}{:?}",
                h.board.shape,
                h.board.pads,
                best.unwrap_or((h.green, u8::MAX, u8::MAX))
            )
        }
        Puzzle::Flood(f) => {
            let (w, h) = (f.width as usize, f.height as usize);
            let rows: String = f.cells.iter().map(|c| char::from(b'0' + c)).collect();
            let cols: String = (0..w * h)
                .map(|i| char::from(b'0' + f.cells[(i % h) * w + i / h]))
                .collect();
            let (a, b) = (format!("{w}x{h}:{rows}"), format!("{h}x{w}:{cols}"));
            format!("F{}", a.min(b))
        }
        Puzzle::Escape(e) => {
            let mut rows = generate::escape_rows(e);
            rows.sort();
            format!("E{}", rows.join("/"))
        }
    }
}
