//! Flood: its level's fields checked and built into the rules state, with
//! the place of any mistake, and the levels of its codes.

use crate::levels::code::DIFFICULTIES;
use crate::levels::code::{LevelCode, RandomCode, RandomPart, fields, in_range, seeded};
use crate::levels::{Built, Spot, count_of, limits};
use crate::levels::{Level, RandomFlood, rng};
use crate::rules::Puzzle;
use crate::rules::flood::{Flood, MAX_COLOURS};
use crate::solve::{self, Budget, Outcome, Search};

pub(crate) fn build_flood(
    cells: Option<&[String]>,
    random: Option<&RandomFlood>,
    colours: Option<u8>,
    moves: Option<u32>,
) -> Built<Flood> {
    let side_check = |w: usize, h: usize, spot: Spot| -> Built<()> {
        if w == 0 || h == 0 || w > limits::FLOOD_SIDE || h > limits::FLOOD_SIDE {
            return Err((
                spot,
                format!(
                    "the board is {w}x{h}; expected 1 to {} cells a side",
                    limits::FLOOD_SIDE
                ),
            ));
        }
        Ok(())
    };
    let colour_check = |k: u8, spot: Spot| -> Built<()> {
        if !(2..=MAX_COLOURS).contains(&k) {
            return Err((
                spot,
                format!(
                    "{}; expected 2 to {MAX_COLOURS}",
                    crate::levels::count_of(k as usize, "colour", "colours")
                ),
            ));
        }
        Ok(())
    };
    match (cells, random) {
        (Some(_), Some(_)) => Err((
            Spot::field("random"),
            "give either `cells` or `random`, not both".into(),
        )),
        (None, None) => Err((
            Spot::field("name"),
            "a Flood level needs `cells` or `random`".into(),
        )),
        (None, Some(r)) => {
            side_check(r.width as usize, r.height as usize, Spot::field("random"))?;
            colour_check(r.colours, Spot::field("random"))?;
            if let Some(k) = colours.filter(|&k| k != r.colours) {
                return Err((
                    Spot::field("colours"),
                    format!("`colours` is {k} but `random` has {}", r.colours),
                ));
            }
            let grid = rng::flood_cells(r.width, r.height, r.colours, r.seed);
            Ok(Flood::new(r.width, r.height, r.colours, grid, moves))
        }
        (Some(rows), None) => {
            let height = rows.len();
            let width = rows.first().map_or(0, |r| r.chars().count());
            side_check(width, height, Spot::field("cells"))?;
            let mut grid = Vec::with_capacity(width * height);
            for (r, row) in rows.iter().enumerate() {
                let len = row.chars().count();
                if len != width {
                    return Err((
                        Spot::item("cells", r),
                        format!(
                            "row {} has {}; expected {width} like the first row",
                            r + 1,
                            count_of(len, "cell", "cells")
                        ),
                    ));
                }
                // The colours are checked first: each cell is measured by them.
                if let Some(k) = colours {
                    colour_check(k, Spot::field("colours"))?;
                }
                for (i, c) in row.chars().enumerate() {
                    let Some(d) = c.to_digit(10) else {
                        return Err((
                            Spot::ch("cells", Some(r), i),
                            format!("unexpected `{c}`: expected a colour digit 0 to 9"),
                        ));
                    };
                    if let Some(k) = colours
                        && d as u8 >= k
                    {
                        return Err((
                            Spot::ch("cells", Some(r), i),
                            format!(
                                "colour {d} is beyond the level's {k} colours (0 to {})",
                                k - 1
                            ),
                        ));
                    }
                    grid.push(d as u8);
                }
            }
            let k = match colours {
                Some(k) => {
                    colour_check(k, Spot::field("colours"))?;
                    k
                }
                None => grid.iter().max().map_or(2, |&m| (m + 1).max(2)),
            };
            Ok(Flood::new(width as u16, height as u16, k, grid, moves))
        }
    }
}

/// Flood: moves allowed beyond the solver's best, by difficulty.
pub(crate) const FLOOD_SLACK: [u32; 5] = [4, 3, 2, 1, 0];
/// Flood's exact search per code on a 14x14 board: a node budget, so every
/// machine finds the same limit; bigger boards get fewer (their nodes cost
/// more), so any code answers in about a second.
const FLOOD_NODES: u64 = 100_000;

/// The level of a Flood code: a seeded board, its limit the solver's best
/// (within a node budget, the same on every machine) and the difficulty's
/// slack.
pub(crate) fn coded(width: u16, height: u16, colours: u8, difficulty: u8, seed: u64) -> Level {
    let cells = rng::flood_cells(width, height, colours, seed);
    let open = Flood::new(width, height, colours, cells.clone(), None);
    let scale = (width as f64 * height as f64 / 196.0).max(1.0);
    let nodes = ((FLOOD_NODES as f64 / (scale * scale)) as u64).max(2_000);
    let mut search = Search::new(Budget::nodes(nodes));
    let best = match solve::flood::solve(&open, &mut search) {
        Outcome::Solved { moves, .. } => moves.len(),
        Outcome::OutOfBudget { best: Some(b), .. } => b.len(),
        _ => solve::flood::solve_fast(&open).len(),
    } as u32;
    let d = (difficulty.clamp(1, 5) - 1) as usize;
    Level {
        name: format!("Random {width}x{height}, {colours} colours"),
        grade: Some(DIFFICULTIES[d].to_string()),
        puzzle: Puzzle::Flood(Flood::new(
            width,
            height,
            colours,
            cells,
            Some(best + FLOOD_SLACK[d]),
        )),
    }
}

impl crate::levels::Coded for crate::rules::flood::Flood {
    const GRADED: bool = true;

    fn daily_code(seed: u64, difficulty: u8) -> LevelCode {
        LevelCode::random(FloodCode {
            width: 14,
            height: 14,
            colours: 6,
            difficulty,
            seed,
        })
    }

    const LETTER: char = 'F';

    fn read_code(head: &str, seed: Option<u64>) -> Result<RandomCode, String> {
        let f = fields(head, &['F', 'X', 'C', 'D']).ok_or(
            "expected F<width>x<height>c<colours>d<difficulty>-<seed>, as `F14x14c6d3-4821`",
        )?;
        Ok(RandomCode::of(FloodCode {
            width: in_range(f[0], 2, 30, "the width")? as u16,
            height: in_range(f[1], 2, 30, "the height")? as u16,
            colours: in_range(f[2], 2, 9, "the colours")? as u8,
            difficulty: in_range(f[3], 1, 5, "the difficulty")? as u8,
            seed: seeded(seed)?,
        }))
    }
}

/// A random Flood board's code: `F14x14c6d3-4821` (its size, colours,
/// difficulty and seed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FloodCode {
    pub width: u16,
    pub height: u16,
    pub colours: u8,
    pub difficulty: u8,
    pub seed: u64,
}

impl RandomPart for FloodCode {
    fn text(&self) -> String {
        let FloodCode {
            width,
            height,
            colours,
            difficulty,
            seed,
        } = *self;
        format!("F{width}x{height}c{colours}d{difficulty}-{seed}")
    }

    fn level(&self) -> Result<Level, String> {
        let c = *self;
        Ok(coded(c.width, c.height, c.colours, c.difficulty, c.seed))
    }
}

impl crate::levels::pack_grade::PackGraded for crate::rules::flood::Flood {
    const LOG_SCALE: bool = true;

    fn shipped_pack(&self) -> &'static str {
        "flood.ron"
    }

    /// The pack grades by its rule, not by a level's measure.
    fn measure(&self) -> Option<f64> {
        None
    }

    /// The moves the limit spares over the best solution: 4, 3, 2, 1, 0.
    fn grade_by_rule(spare: f64) -> Option<&'static str> {
        use crate::levels::pack_grade::FLOOD_PACK_GRADES;
        let spare = spare.clamp(0.0, 4.0) as usize;
        Some(FLOOD_PACK_GRADES[4 - spare])
    }
}

impl crate::levels::verdict::Judged for Flood {
    /// Without the limit: the optimum is held against it after.
    fn searched(&self) -> Puzzle {
        let mut open = self.clone();
        open.limit = None;
        crate::rules::Rules::lift(open)
    }

    /// Graded by the moves the limit spares over the optimum; an optimum
    /// over the limit loses, and a line over it proves nothing.
    fn grade_answer(
        &self,
        answer: &mut crate::levels::verdict::Answer,
        verdict: &mut crate::levels::verdict::Verdict,
    ) {
        use crate::levels::code::DIFFICULTIES;
        use crate::levels::verdict::Answer;
        if let Answer::Won {
            moves,
            proven: true,
        } = answer
        {
            let best = moves.len() as u32;
            verdict.limits = Some(FLOOD_SLACK.map(|s| best + s));
            if let Some(limit) = self.limit {
                if limit < best {
                    *answer = Answer::Lost {
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
        } else if let (Some(limit), Answer::Won { moves, .. }) = (self.limit, &*answer)
            && moves.len() as u32 > limit
        {
            // A line over the limit proves nothing either way.
            *answer = Answer::Undecided {
                best: Some(moves.clone()),
            };
        }
    }

    /// The grid or its transpose (the corner stays).
    fn shape_key(&self) -> String {
        let (w, h) = (self.width as usize, self.height as usize);
        let rows: String = self.cells.iter().map(|c| char::from(b'0' + c)).collect();
        let cols: String = (0..w * h)
            .map(|i| char::from(b'0' + self.cells[(i % h) * w + i / h]))
            .collect();
        let (a, b) = (format!("{w}x{h}:{rows}"), format!("{h}x{w}:{cols}"));
        format!("F{}", a.min(b))
    }
}

#[cfg(test)]
mod tests {
    /// A level of no colours is refused, named where it is, before its cells
    /// are measured against it (no underflow, in any build).
    #[test]
    fn no_colours_is_a_mistake_not_an_underflow() {
        for k in [0, 1] {
            let text = format!(
                r#"Pack(name: "P", levels: [Flood(name: "F", cells: ["01", "10"], colours: Some({k}))])"#
            );
            let err = crate::levels::parse_pack("p.ron", &text).unwrap_err();
            assert!(
                err.to_string().contains(&format!(
                    "{}; expected 2 to",
                    if k == 1 { "1 colour" } else { "0 colours" }
                )),
                "{err}"
            );
        }
    }
}
