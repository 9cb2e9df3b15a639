//! Escape: its level's fields checked and built into the rules state, with
//! the place of any mistake, and the levels of its codes.

use crate::levels::code::DIFFICULTIES;
use crate::levels::code::{LevelCode, RandomCode, RandomPart, fields, in_range, seeded};
use crate::levels::generate::deal;
use crate::levels::rng::SplitMix64;
use crate::levels::{Built, Level, Spot, limits};
use crate::rules::Puzzle;
use crate::rules::escape::{Animal, Escape};
use crate::solve;

pub(crate) fn build_escape(rows: &[String]) -> Built<Escape> {
    if rows.is_empty() || rows.len() > limits::ESCAPE_SIDE {
        return Err((
            Spot::field("rows"),
            format!("{} rows; expected 1 to {}", rows.len(), limits::ESCAPE_SIDE),
        ));
    }
    let mut animals = Vec::new();
    let mut width = None;
    for (r, row) in rows.iter().enumerate() {
        let mut count = 0;
        let chars: Vec<char> = row.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            if chars[i] == ' ' {
                i += 1;
                continue;
            }
            let kind = chars[i];
            let colour = chars.get(i + 1).copied().unwrap_or(' ');
            let kind_ok =
                kind.is_ascii_lowercase() && ((kind as u8 - b'a') as usize) < limits::ESCAPE_TYPES;
            if !kind_ok {
                let last = (b'a' + limits::ESCAPE_TYPES as u8 - 1) as char;
                return Err((
                    Spot::ch("rows", Some(r), i),
                    format!("unexpected `{kind}`: expected an animal type letter a to {last}"),
                ));
            }
            if !('1'..='9').contains(&colour) {
                return Err((
                    Spot::ch("rows", Some(r), i + 1),
                    format!("expected a colour digit 1 to 9 after `{kind}`"),
                ));
            }
            if chars.get(i + 2).is_some_and(|&c| c != ' ') {
                return Err((
                    Spot::ch("rows", Some(r), i + 2),
                    "expected a space between animals (each is a letter and a digit, like a1)"
                        .into(),
                ));
            }
            animals.push(Animal {
                kind: kind as u8 - b'a',
                colour: colour as u8 - b'1',
            });
            count += 1;
            i += 2;
        }
        if count == 0 || count > limits::ESCAPE_SIDE {
            return Err((
                Spot::item("rows", r),
                format!(
                    "row {} has {}; expected 1 to {}",
                    r + 1,
                    crate::levels::count_of(count, "animal", "animals"),
                    limits::ESCAPE_SIDE
                ),
            ));
        }
        match width {
            None => width = Some(count),
            Some(w) if w != count => {
                return Err((
                    Spot::item("rows", r),
                    format!(
                        "row {} has {}; expected {w} like the first row",
                        r + 1,
                        crate::levels::count_of(count, "animal", "animals")
                    ),
                ));
            }
            _ => {}
        }
    }
    let cols = width.unwrap_or(0) as u8;
    Ok(Escape::new(rows.len() as u8, cols, animals))
}

/// Escape: the fewest ways out a deal of each difficulty has (and below the
/// one before).
pub(crate) const ESCAPE_WAYS: [u64; 5] = [150, 50, 15, 4, 1];
/// The work spent on an Escape code, in positions counted over all the deals
/// tried (each deal's count visits up to `(cols+1)^rows * (rows+1)` of them),
/// before the nearest difficulty found is taken: bounded, so any code answers
/// in well under a second.
const ESCAPE_WORK: usize = 5_000_000;
/// The level of an Escape code: seeded deals until one has as many ways out
/// as the difficulty asks (or the nearest solvable one, in bounded work).
pub(crate) fn coded(
    rows: u8,
    cols: u8,
    types: u8,
    colours: u8,
    difficulty: u8,
    seed: u64,
) -> Result<Level, String> {
    let d = (difficulty.clamp(1, 5) - 1) as usize;
    let mut rng = SplitMix64::new(seed);
    let mut nearest: Option<(Escape, u64)> = None;
    let positions = (cols as usize + 1).pow(rows as u32) * (rows as usize + 1);
    let tries = (ESCAPE_WORK / positions).clamp(5, 20_000);
    for _ in 0..tries {
        let e = deal(&mut rng, rows, cols, types, colours);
        // A random code's prison (at most 6 by 6) is always counted.
        let Some(ways) = solve::escape::count_solutions(&e, 1 << 40).filter(|&w| w > 0) else {
            continue;
        };
        if in_band(d, ways) {
            nearest = Some((e, ways));
            break;
        }
        // Otherwise the solvable deal closest to the band.
        let gap = |w: u64| w.abs_diff(ESCAPE_WAYS[d]);
        if nearest.as_ref().is_none_or(|(_, n)| gap(ways) < gap(*n)) {
            nearest = Some((e, ways));
        }
    }
    let (e, ways) = nearest.ok_or_else(|| {
        format!("no solvable {rows}x{cols} deal of {types} types and {colours} colours found")
    })?;
    Ok(Level {
        name: format!(
            "Random {rows}x{cols} ({ways} way{} out)",
            if ways == 1 { "" } else { "s" }
        ),
        grade: Some(DIFFICULTIES[d].to_string()),
        puzzle: Puzzle::Escape(e),
    })
}

/// Whether a deal with `ways` ways out is of difficulty `d` (from 0).
pub(crate) fn in_band(d: usize, ways: u64) -> bool {
    ways >= ESCAPE_WAYS[d] && (d == 0 || ways < ESCAPE_WAYS[d - 1])
}

impl crate::levels::Coded for crate::rules::escape::Escape {
    const GRADED: bool = true;

    fn daily_code(seed: u64, difficulty: u8) -> LevelCode {
        LevelCode::random(EscapeCode {
            rows: 4,
            cols: 4,
            types: 4,
            colours: 4,
            difficulty,
            seed,
        })
    }

    const LETTER: char = 'E';

    fn read_code(head: &str, seed: Option<u64>) -> Result<RandomCode, String> {
        let f = fields(head, &['E', 'X', 'T', 'C', 'D']).ok_or(
            "expected E<rows>x<cols>t<types>c<colours>d<difficulty>-<seed>, as `E4x4t4c4d2-77`",
        )?;
        Ok(RandomCode::of(EscapeCode {
            rows: in_range(f[0], 2, 6, "the rows")? as u8,
            cols: in_range(f[1], 2, 6, "the columns")? as u8,
            types: in_range(f[2], 1, 9, "the types")? as u8,
            colours: in_range(f[3], 1, 9, "the colours")? as u8,
            difficulty: in_range(f[4], 1, 5, "the difficulty")? as u8,
            seed: seeded(seed)?,
        }))
    }
}

/// A random prison's code: `E4x4t4c4d2-77` (rows, columns, kinds,
/// colours, difficulty and seed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EscapeCode {
    pub rows: u8,
    pub cols: u8,
    pub types: u8,
    pub colours: u8,
    pub difficulty: u8,
    pub seed: u64,
}

impl RandomPart for EscapeCode {
    fn text(&self) -> String {
        let EscapeCode {
            rows,
            cols,
            types,
            colours,
            difficulty,
            seed,
        } = *self;
        format!("E{rows}x{cols}t{types}c{colours}d{difficulty}-{seed}")
    }

    fn level(&self) -> Result<Level, String> {
        let c = *self;
        coded(c.rows, c.cols, c.types, c.colours, c.difficulty, c.seed)
    }
}

impl crate::levels::pack_grade::PackGraded for crate::rules::escape::Escape {
    const LOG_SCALE: bool = true;

    fn shipped_pack(&self) -> &'static str {
        "escape.ron"
    }

    /// The ways out (up to a cap).
    fn measure(&self) -> Option<f64> {
        use crate::levels::verdict::WAYS_CAP;
        crate::solve::escape::count_solutions(self, WAYS_CAP).map(|w| w as f64)
    }

    /// Each size of prison is graded on its own.
    fn comparable(&self, other: &Self) -> bool {
        (self.rows, self.cols) == (other.rows, other.cols)
    }
}

impl crate::levels::verdict::Judged for Escape {
    /// Its ways out, and its grade by them (a prison too big to count has
    /// none).
    fn grade_won(
        &self,
        verdict: &mut crate::levels::verdict::Verdict,
        _cancel: Option<&std::sync::atomic::AtomicBool>,
    ) {
        use crate::levels::verdict::{COUNT_ESCAPE, WAYS_CAP};
        let positions = (self.cols as usize + 1)
            .saturating_pow(self.rows as u32)
            .saturating_mul(self.rows as usize + 1);
        if positions > COUNT_ESCAPE {
            verdict.ungraded = Some("the prison is too big to count its ways out".into());
        } else if let Some(ways) = solve::escape::count_solutions(self, WAYS_CAP) {
            verdict.ways = Some((ways, ways >= WAYS_CAP));
            let band = (0..ESCAPE_WAYS.len())
                .find(|&d| ways >= ESCAPE_WAYS[d])
                .unwrap_or(ESCAPE_WAYS.len() - 1);
            verdict.grade = Some(DIFFICULTIES[band].to_string());
            verdict.measure = Some(ways as f64);
        }
    }

    /// The rows in any order.
    fn shape_key(&self) -> String {
        let mut rows = crate::levels::generate::escape_rows(self);
        rows.sort();
        format!("E{}", rows.join("/"))
    }
}
