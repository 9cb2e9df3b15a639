//! Swap: its level's fields checked and built into the rules state, with
//! the place of any mistake, and the levels of its codes.

use crate::levels::code::{LevelCode, RandomCode, RandomPart, fields, in_range};
use crate::levels::{Built, Level, Spot, count_of, limits};
use crate::rules::Puzzle;
use crate::rules::swap::{Cell, Swap, mirrored, parse_row};

fn swap_row(text: &str, field: &'static str) -> Built<Vec<Cell>> {
    let len = text.chars().count();
    if len > limits::SWAP_CELLS {
        return Err((
            Spot::field(field),
            format!(
                "the row has {len} cells; a row may have at most {} (a longer row cannot be seen whole in the game's window)",
                limits::SWAP_CELLS
            ),
        ));
    }
    if len == 0 {
        return Err((
            Spot::field(field),
            "the row is empty: expected L, R and _".into(),
        ));
    }
    if let Some((i, c)) = text
        .chars()
        .enumerate()
        .find(|&(_, c)| Cell::from_char(c).is_none())
    {
        return Err((
            Spot::ch(field, None, i),
            format!(
                "unexpected `{c}` in the row: expected L (a frog facing right), R (facing left) or _ (an empty pad)"
            ),
        ));
    }
    Ok(parse_row(text).unwrap_or_default())
}

pub(crate) fn build_swap(row: &str, goal: Option<&str>, jump_own: bool) -> Built<Swap> {
    let cells = swap_row(row, "row")?;
    let goal = match goal {
        None => mirrored(&cells),
        Some(g) => {
            let goal = swap_row(g, "goal")?;
            if goal.len() != cells.len() {
                return Err((
                    Spot::field("goal"),
                    format!(
                        "the goal has {}; expected {} like the row",
                        count_of(goal.len(), "cell", "cells"),
                        cells.len()
                    ),
                ));
            }
            for kind in [Cell::L, Cell::R] {
                let count = |r: &[Cell]| r.iter().filter(|&&c| c == kind).count();
                if count(&goal) != count(&cells) {
                    // The cell to mend: the last frog of this kind too many,
                    // or the first cell that should have been one.
                    let at = if count(&goal) > count(&cells) {
                        goal.iter().rposition(|&c| c == kind)
                    } else {
                        goal.iter().position(|&c| c != kind)
                    };
                    let spot = at.map_or(Spot::field("goal"), |i| Spot::ch("goal", None, i));
                    return Err((
                        spot,
                        format!(
                            "the goal has {}; expected {} like the row",
                            crate::levels::count_of(
                                count(&goal),
                                &format!("{} frog", kind.to_char()),
                                &format!("{} frogs", kind.to_char())
                            ),
                            count(&cells)
                        ),
                    ));
                }
            }
            goal
        }
    };
    Ok(Swap {
        cells,
        goal,
        jump_own,
    })
}

/// The level of the code `S<left>v<right>g<gaps>`: the frogs facing each
/// other across the empty pads.
pub(crate) fn coded(left: u8, right: u8, gaps: u8) -> Level {
    let cells: Vec<Cell> = std::iter::repeat_n(Cell::L, left as usize)
        .chain(std::iter::repeat_n(Cell::Empty, gaps as usize))
        .chain(std::iter::repeat_n(Cell::R, right as usize))
        .collect();
    let gap = if gaps > 1 {
        format!(", {gaps} empty pads")
    } else {
        String::new()
    };
    Level {
        name: format!("{left} and {right}{gap}"),
        grade: None,
        puzzle: Puzzle::Swap(Swap::new(cells, false)),
    }
}

impl crate::levels::Coded for crate::rules::swap::Swap {
    const GRADED: bool = false;

    /// 3 or 4 frogs a side (by the seed's two lowest bits), 2 empty pads:
    /// a row's shape is its difficulty.
    fn daily_code(seed: u64, _difficulty: u8) -> LevelCode {
        LevelCode::random(SwapCode {
            left: 3 + (seed % 2) as u8,
            right: 3 + (seed / 2 % 2) as u8,
            gaps: 2,
        })
    }

    const LETTER: char = 'S';

    fn read_code(head: &str, _seed: Option<u64>) -> Result<RandomCode, String> {
        let f = fields(head, &['S', 'V', 'G'])
            .or_else(|| fields(head, &['S', 'V']).map(|f| vec![f[0], f[1], 1]))
            .ok_or("expected S<left>v<right>, or S<left>v<right>g<gaps>, as `S3v4` or `S3v4g2`")?;
        Ok(RandomCode::of(SwapCode {
            left: in_range(f[0], 1, 40, "frogs a side")? as u8,
            right: in_range(f[1], 1, 40, "frogs a side")? as u8,
            gaps: in_range(f[2], 1, 5, "the empty pads")? as u8,
        }))
    }
}

/// A random Swap row's code: `S3v4` (3 frogs against 4, one empty pad),
/// `S3v4g2` (two).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SwapCode {
    pub left: u8,
    pub right: u8,
    /// Empty pads between the two sides (1 unless the code says `g`).
    pub gaps: u8,
}

impl RandomPart for SwapCode {
    fn text(&self) -> String {
        let SwapCode { left, right, gaps } = *self;
        match gaps {
            1 => format!("S{left}v{right}"),
            _ => format!("S{left}v{right}g{gaps}"),
        }
    }

    fn level(&self) -> Result<Level, String> {
        Ok(coded(self.left, self.right, self.gaps))
    }
}

impl crate::levels::pack_grade::PackGraded for crate::rules::swap::Swap {
    const LOG_SCALE: bool = false;

    fn shipped_pack(&self) -> &'static str {
        "swap.ron"
    }

    /// The shortest win's length (the pack was graded by hand on it).
    fn measure(&self) -> Option<f64> {
        use crate::solve::{Budget, Outcome, Search, Solve, solve_puzzle};
        let report = solve_puzzle(self, Search::new(Budget::nodes(2_000_000)), Solve::solve);
        match report.outcome {
            Outcome::Solved { moves, .. } => Some(moves.len() as f64),
            _ => None,
        }
    }
}

/// Swap: the most moves of each grade's shortest solution.
const SWAP_MOVES: [usize; 4] = [8, 15, 24, 35];

impl crate::levels::verdict::Judged for Swap {
    /// The goal that asks a frog to go back the way it faces (frogs of one
    /// kind never pass each other, unless they may jump their own kind).
    fn lost_why(&self) -> Option<String> {
        (!self.jump_own && !super::solve::in_reach(self)).then(|| {
            "Why: an L frog only ever moves right and an R frog only left, and frogs of one \
             kind never pass each other: the goal would take a frog back the way it came."
                .into()
        })
    }

    /// A row is graded by its shortest solution's length.
    fn grade_answer(
        &self,
        answer: &mut crate::levels::verdict::Answer,
        verdict: &mut crate::levels::verdict::Verdict,
    ) {
        use crate::levels::code::DIFFICULTIES;
        if let crate::levels::verdict::Answer::Won {
            moves,
            proven: true,
        } = answer
        {
            let band = SWAP_MOVES.iter().position(|&m| moves.len() <= m);
            verdict.grade = Some(DIFFICULTIES[band.unwrap_or(4)].to_string());
            verdict.measure = Some(moves.len() as f64);
        }
    }

    /// The row read from either end (the frogs' sides swapped).
    fn shape_key(&self) -> String {
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
        let a = format!(
            "{}/{}/{}",
            text(&self.cells),
            text(&self.goal),
            self.jump_own
        );
        let b = format!(
            "{}/{}/{}",
            turned(&self.cells),
            turned(&self.goal),
            self.jump_own
        );
        format!("S{}", a.min(b))
    }
}
