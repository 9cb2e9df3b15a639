//! Hop and peg solitaire: the level's fields checked and built into the
//! rules state, with the place of any mistake, and the ponds of Hop's codes.

use crate::levels::code::DIFFICULTIES;
use crate::levels::code::{LevelCode, RandomCode, RandomPart, fields, in_range, seeded};
use crate::levels::generate::unplay;
use crate::levels::rng::SplitMix64;
use crate::levels::{Built, Level, Spot, count_of, limits};
use crate::rules::Puzzle;
use crate::rules::hop::{Board, Hop, MAX_PADS, Shape};
use crate::solve;

pub(crate) fn build_hop(shape: Shape, layout: &[String], finish: Option<(u8, u8)>) -> Built<Hop> {
    if layout.is_empty() {
        return Err((Spot::field("layout"), "the layout has no rows".into()));
    }
    if layout.len() > limits::HOP_SIDE {
        return Err((
            Spot::field("layout"),
            format!(
                "the layout has {} rows; at most {}",
                layout.len(),
                limits::HOP_SIDE
            ),
        ));
    }
    // (character index in the text, cell character) of each cell of each row.
    let rows: Vec<Vec<(usize, char)>> = layout
        .iter()
        .map(|r| r.chars().enumerate().filter(|(_, c)| *c != ' ').collect())
        .collect();
    for (r, row) in rows.iter().enumerate() {
        let expected = match shape {
            Shape::Pond => Some(5),
            Shape::Triangle => Some(r + 1),
            Shape::Square => None,
        };
        let width = expected.unwrap_or(rows[0].len());
        if row.len() > limits::HOP_SIDE
            || (expected.is_none() && row.len() != width)
            || expected.is_some_and(|w| w != row.len())
        {
            let why = match shape {
                Shape::Pond => "the Pond is 5 cells wide".to_string(),
                Shape::Triangle => format!(
                    "row {} of a triangle has {}",
                    r + 1,
                    count_of(r + 1, "cell", "cells")
                ),
                Shape::Square => format!("every row is as long as the first ({width} cells)"),
            };
            return Err((
                Spot::item("layout", r),
                format!(
                    "row {} has {}; expected {width}: {why}",
                    r + 1,
                    count_of(row.len(), "cell", "cells")
                ),
            ));
        }
        for &(i, c) in row {
            if !"ogr.".contains(c) {
                return Err((
                    Spot::ch("layout", Some(r), i),
                    format!(
                        "unexpected `{c}`: expected o (empty pad), g (green frog), r (red frog) or . (no pad)"
                    ),
                ));
            }
        }
    }
    if shape == Shape::Pond && rows.len() != 5 {
        return Err((
            Spot::field("layout"),
            format!("the Pond has 5 rows, not {}", rows.len()),
        ));
    }
    let mut present = Vec::new();
    let mut red = None;
    let mut green = 0u64;
    let mut pads = 0usize;
    for (r, row) in rows.iter().enumerate() {
        let mut line = Vec::new();
        for (c, &(i, ch)) in row.iter().enumerate() {
            let pad = ch != '.';
            if pad && shape == Shape::Pond && (r + c) % 2 == 1 {
                return Err((
                    Spot::ch("layout", Some(r), i),
                    format!(
                        "row {}, cell {}: the Pond has no pad here (only cells with row + column even hold pads)",
                        r + 1,
                        c + 1
                    ),
                ));
            }
            if pad {
                if pads == MAX_PADS {
                    let all = rows.iter().flatten().filter(|(_, ch)| *ch != '.').count();
                    return Err((
                        Spot::ch("layout", Some(r), i),
                        format!(
                            "the board has {all} pads; a board may have at most {MAX_PADS} (this is pad {})",
                            MAX_PADS + 1
                        ),
                    ));
                }
                match ch {
                    'g' => green |= 1u64 << pads,
                    'r' if red.is_some() => {
                        return Err((
                            Spot::ch("layout", Some(r), i),
                            "a second red frog: a board has at most one".into(),
                        ));
                    }
                    'r' => red = Some(pads as u8),
                    _ => {}
                }
                pads += 1;
            }
            line.push(pad);
        }
        present.push(line);
    }
    if green == 0 && red.is_none() {
        return Err((
            Spot::field("layout"),
            "the board has no frogs: expected at least one g or r".into(),
        ));
    }
    let board = Board::new(shape, &present);
    let finish = match finish {
        None => None,
        Some((r, c)) => match board.pad_at(r, c) {
            Some(p) => Some(p),
            None => {
                return Err((
                    Spot::field("finish"),
                    format!(
                        "there is no pad at row {r}, column {c} (counted from 0) for the last frog"
                    ),
                ));
            }
        },
    };
    Ok(Hop {
        board,
        green,
        red,
        finish,
    })
}

/// Hop: the least chance that jumps picked at random win, by difficulty (and
/// below the one before).
pub(crate) const HOP_CHANCE: [f64; 5] = [0.4, 0.15, 0.05, 0.015, 0.0];
/// Hop: positions tried per code before the nearest difficulty is taken.
const HOP_TRIES: usize = 400;
/// The level of a Hop code: a random pond of `frogs` frogs. The grade shown
/// is the one the position has: a few frogs cannot make a fiendish pond, nor
/// many an easy one.
pub(crate) fn coded(frogs: u8, difficulty: u8, seed: u64) -> Result<Level, String> {
    let (h, band) = random_pond(frogs, (difficulty.clamp(1, 5) - 1) as usize, seed)?;
    Ok(Level {
        name: format!("Random pond, {frogs} frogs"),
        grade: Some(DIFFICULTIES[band].to_string()),
        puzzle: Puzzle::Hop(h),
    })
}

/// A winnable pond of `frogs` frogs whose chance of being won by random
/// jumps is in difficulty `d`'s band, or the nearest found in bounded tries;
/// with that difficulty (from 0).
fn random_pond(frogs: u8, d: usize, seed: u64) -> Result<(Hop, usize), String> {
    let board = Board::pond();
    let mut rng = SplitMix64::new(seed);
    let mut nearest: Option<(Hop, f64)> = None;
    // How far a chance is from the band, on a log scale.
    let gap = |p: f64| {
        let lo = HOP_CHANCE[d].max(1e-6);
        let hi = if d == 0 { 1.0 } else { HOP_CHANCE[d - 1] };
        if p < lo {
            (lo / p.max(1e-9)).ln()
        } else if p >= hi {
            (p / hi).ln() + 1e-9
        } else {
            0.0
        }
    };
    for _ in 0..HOP_TRIES {
        let Some(h) = unplay(&board, frogs as u32, &mut rng) else {
            continue;
        };
        let p = solve::hop::random_win_chance(&h);
        if nearest.as_ref().is_none_or(|(_, q)| gap(p) < gap(*q)) {
            let done = gap(p) == 0.0;
            nearest = Some((h, p));
            if done {
                break;
            }
        }
    }
    let (h, p) = nearest.ok_or_else(|| format!("no winnable pond of {frogs} frogs found"))?;
    let band = (0..HOP_CHANCE.len())
        .find(|&b| p >= HOP_CHANCE[b])
        .unwrap_or(HOP_CHANCE.len() - 1);
    Ok((h, band))
}

impl crate::levels::Coded for crate::rules::hop::Hop {
    const GRADED: bool = true;

    fn daily_code(seed: u64, difficulty: u8) -> LevelCode {
        LevelCode::random(HopCode {
            frogs: 8,
            difficulty,
            seed,
        })
    }

    const LETTER: char = 'H';

    fn read_code(head: &str, seed: Option<u64>) -> Result<RandomCode, String> {
        let f = fields(head, &['H', 'D'])
            .ok_or("expected H<frogs>d<difficulty>-<seed>, as `H8d3-5`")?;
        Ok(RandomCode::of(HopCode {
            frogs: in_range(f[0], 2, 12, "the frogs")? as u8,
            difficulty: in_range(f[1], 1, 5, "the difficulty")? as u8,
            seed: seeded(seed)?,
        }))
    }
}

/// A random pond's code: `H8d3-5` (8 frogs, the red one among them,
/// difficulty 3, seed 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HopCode {
    pub frogs: u8,
    pub difficulty: u8,
    pub seed: u64,
}

impl RandomPart for HopCode {
    fn text(&self) -> String {
        format!("H{}d{}-{}", self.frogs, self.difficulty, self.seed)
    }

    fn level(&self) -> Result<Level, String> {
        coded(self.frogs, self.difficulty, self.seed)
    }
}

impl crate::levels::pack_grade::PackGraded for crate::rules::hop::Hop {
    const LOG_SCALE: bool = true;

    /// A pond is held against the Hop pack, a peg board against the pegs.
    fn shipped_pack(&self) -> &'static str {
        if self.board.shape == crate::rules::hop::Shape::Pond {
            "hop.ron"
        } else {
            "pegs.ron"
        }
    }

    /// The chance that random jumps win (exact up to 20 frogs, else
    /// estimated from random games).
    fn measure(&self) -> Option<f64> {
        use crate::levels::verdict::HOP_GAMES;
        use crate::solve::hop::{random_win_chance, random_win_estimate};
        if self.green.count_ones() <= 20 {
            Some(random_win_chance(self))
        } else {
            random_win_estimate(self, HOP_GAMES, 1, None)
        }
    }
}

/// Frogs beyond which Hop's ways are counted within `COUNT_HOP` positions
/// (the count's table would hold every position reachable, which grows past
/// memory on a full peg board) and its grade is estimated from random games.
const COUNT_FROGS: u32 = 20;
/// Positions a count of a big peg board may hold.
const COUNT_HOP: usize = 4_000_000;

impl crate::levels::verdict::Judged for Hop {
    /// The parity test that rules a board out before any search, in words.
    fn lost_why(&self) -> Option<String> {
        (!crate::solve::hop::classes_allow_goal(self)).then(|| {
            "Why: a parity test rules it out. Paint the pads in three colours, one of each on \
             every jump's line: each jump changes every colour's count of frogs by one, so the \
             start's odd and even counts never turn into the finish's."
                .into()
        })
    }

    /// Its ways to win, and its grade by the chance that random jumps win
    /// (a full peg board's counted within a bound, its chance estimated).
    fn grade_won(
        &self,
        verdict: &mut crate::levels::verdict::Verdict,
        cancel: Option<&std::sync::atomic::AtomicBool>,
    ) {
        use crate::levels::code::DIFFICULTIES;
        use crate::levels::verdict::{HOP_GAMES, WAYS_CAP, grouped};
        use crate::solve::hop;
        let chance = if self.green.count_ones() <= COUNT_FROGS {
            let ways = hop::count_solutions(self, WAYS_CAP);
            verdict.ways = Some((ways, ways >= WAYS_CAP));
            Some(hop::random_win_chance(self))
        } else {
            // A full peg board: its ways counted until they pass the cap
            // (within a bound of positions), its chance from random games.
            match hop::count_solutions_within(self, WAYS_CAP, COUNT_HOP, cancel) {
                Some(ways) => verdict.ways = Some((ways, ways >= WAYS_CAP)),
                None => verdict.notes.push(format!(
                    "Ways to win not counted: more than {} positions",
                    grouped(COUNT_HOP as u64)
                )),
            }
            let p = hop::random_win_estimate(self, HOP_GAMES, 1, cancel);
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

    /// The frogs, the red frog and the finish, turned and mirrored by the
    /// board's symmetries.
    fn shape_key(&self) -> String {
        let best = self
            .board
            .symmetries
            .iter()
            .map(|perm| {
                let at = |p: Option<u8>| p.map_or(u8::MAX, |p| perm[p as usize]);
                (
                    Board::map_set(perm, self.green),
                    at(self.red),
                    at(self.finish),
                )
            })
            .min();
        format!(
            "H{:?}{:?}{:?}",
            self.board.shape,
            self.board.pads,
            best.unwrap_or((self.green, u8::MAX, u8::MAX))
        )
    }
}
