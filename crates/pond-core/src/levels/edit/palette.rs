//! What the editor's panels offer for a draft: the puzzles of "New level
//! of", the palette (and the brush its picks make) and the option buttons.

use super::{Brush, Draft, DraftBoard};
use crate::levels::limits;
use crate::rules::Puzzle;
use crate::rules::escape::{Animal, Escape};
use crate::rules::flood::Flood;
use crate::rules::hop::{Board, Hop, Shape};
use crate::rules::swap::{Cell, Swap, mirrored};

/// The editor's "New level of" choices: words, the puzzle, and whether
/// Hop's is the peg board.
pub const NEW_LEVELS: [(&str, crate::rules::PuzzleKind, bool); 5] = [
    ("Swap", crate::rules::PuzzleKind::Swap, false),
    ("Hop", crate::rules::PuzzleKind::Hop, false),
    ("Pegs", crate::rules::PuzzleKind::Hop, true),
    ("Flood", crate::rules::PuzzleKind::Flood, false),
    ("Escape", crate::rules::PuzzleKind::Escape, false),
];

/// A row of the editor's palette: a title and its choices; one choice of
/// each row is picked, and together they make the brush.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaletteRow {
    pub title: &'static str,
    pub choices: Vec<Choice>,
}

/// One choice of the palette: its words, and the colour it shows (the
/// puzzle's colour by its number, from 0), if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub label: String,
    pub colour: Option<u8>,
}

fn choice(label: impl Into<String>) -> Choice {
    Choice {
        label: label.into(),
        colour: None,
    }
}

/// What the editor's option buttons do to a board beyond its cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setting {
    Shape(Shape),
    JumpOwn,
    /// Swap: the goal drawn, or the row mirrored.
    DrawnGoal,
    Shuffle,
}

impl Draft {
    /// A new level of `kind` (Hop: the peg board when `pegs`).
    pub fn new_of(kind: crate::rules::PuzzleKind, pegs: bool) -> Draft {
        use crate::rules::PuzzleKind as K;
        let like = match kind {
            K::Swap => Puzzle::Swap(Swap::new(vec![Cell::L, Cell::Empty, Cell::R], false)),
            K::Hop => {
                let shape = if pegs { Shape::Square } else { Shape::Pond };
                let board = Board::new(shape, &[vec![true]]);
                Puzzle::Hop(Hop {
                    board,
                    green: 0,
                    red: None,
                    finish: None,
                })
            }
            K::Flood => Puzzle::Flood(Flood::new(2, 1, 2, vec![0, 1], None)),
            K::Escape => Puzzle::Escape(Escape::new(1, 1, vec![Animal { kind: 0, colour: 0 }])),
        };
        Draft::new_like(&like)
    }

    /// The palette: what a click on a cell can put there.
    pub fn palette(&self) -> Vec<PaletteRow> {
        match &self.board {
            DraftBoard::Swap { .. } => vec![PaletteRow {
                title: "Put",
                choices: vec![
                    choice("Yellow frog"),
                    choice("Blue frog"),
                    choice("Empty pad"),
                ],
            }],
            DraftBoard::Hop { shape, .. } => {
                let mut choices = vec![
                    choice("Green frog"),
                    choice("Red frog"),
                    choice("Empty pad"),
                    choice("Finish pad"),
                ];
                if *shape == Shape::Square {
                    choices.push(choice("No pad"));
                }
                vec![PaletteRow {
                    title: "Put",
                    choices,
                }]
            }
            DraftBoard::Flood { colours, .. } => vec![
                PaletteRow {
                    title: "Colour",
                    choices: (0..*colours)
                        .map(|c| Choice {
                            label: c.to_string(),
                            colour: Some(c),
                        })
                        .collect(),
                },
                PaletteRow {
                    title: "Brush",
                    choices: vec![choice("One cell"), choice("Fill region")],
                },
            ],
            DraftBoard::Escape { .. } => {
                let dims = self.dimensions();
                let (kinds, colours) = (dims[2].1 as u8 + 1, dims[3].1 as u8 + 1);
                let kinds = kinds.min(limits::ESCAPE_TYPES as u8);
                vec![
                    PaletteRow {
                        title: "Animal",
                        choices: (0..kinds)
                            .map(|k| choice(Animal { kind: k, colour: 0 }.describe_parts().1))
                            .collect(),
                    },
                    PaletteRow {
                        title: "Colour",
                        choices: (0..colours.min(9))
                            .map(|c| Choice {
                                label: Animal { kind: 0, colour: c }.describe_parts().0.into(),
                                colour: Some(c),
                            })
                            .collect(),
                    },
                ]
            }
        }
    }

    /// The brush the palette's picks make (one index per row; a pick past
    /// a row's end takes its last choice).
    pub fn brush(&self, picks: &[usize]) -> Brush {
        let rows = self.palette();
        let pick = |i: usize| {
            let n = rows.get(i).map_or(1, |r| r.choices.len());
            picks.get(i).copied().unwrap_or(0).min(n.saturating_sub(1))
        };
        match &self.board {
            DraftBoard::Swap { .. } => Brush::Swap([Cell::L, Cell::R, Cell::Empty][pick(0)]),
            DraftBoard::Hop { .. } => match pick(0) {
                0 => Brush::Hop('g'),
                1 => Brush::Hop('r'),
                2 => Brush::Hop('o'),
                3 => Brush::Finish,
                _ => Brush::Hop('.'),
            },
            DraftBoard::Flood { .. } => {
                let c = pick(0) as u8;
                if pick(1) == 1 {
                    Brush::Fill(c)
                } else {
                    Brush::Paint(c)
                }
            }
            DraftBoard::Escape { .. } => Brush::Animal(Animal {
                kind: pick(0) as u8,
                colour: pick(1) as u8,
            }),
        }
    }

    /// The option buttons beyond the cells: each one's words, whether it is
    /// on (for a toggle or a choice), and what it does.
    pub fn settings(&self) -> Vec<(String, Option<bool>, Setting)> {
        match &self.board {
            DraftBoard::Swap { jump_own, goal, .. } => vec![
                (
                    "Frogs may jump their own kind".into(),
                    Some(*jump_own),
                    Setting::JumpOwn,
                ),
                (
                    "Goal drawn (else mirrored)".into(),
                    Some(goal.is_some()),
                    Setting::DrawnGoal,
                ),
            ],
            DraftBoard::Hop { shape, .. } => [
                ("Pond", Shape::Pond),
                ("Square", Shape::Square),
                ("Triangle", Shape::Triangle),
            ]
            .into_iter()
            .map(|(w, s)| (w.to_string(), Some(*shape == s), Setting::Shape(s)))
            .collect(),
            DraftBoard::Flood { .. } => {
                vec![("Colour at random".into(), None, Setting::Shuffle)]
            }
            DraftBoard::Escape { .. } => vec![("Shuffle".into(), None, Setting::Shuffle)],
        }
    }

    /// Applies an option button; whether anything changed.
    pub fn apply(&mut self, setting: Setting, seed: u64) -> bool {
        match setting {
            Setting::Shape(s) => self.set_shape(s),
            Setting::JumpOwn => self.toggle_jump_own(),
            Setting::DrawnGoal => match &mut self.board {
                DraftBoard::Swap { cells, goal, .. } => {
                    *goal = match goal {
                        Some(_) => None,
                        None => Some(mirrored(cells)),
                    };
                    true
                }
                _ => false,
            },
            Setting::Shuffle => self.shuffle(seed),
        }
    }
}

impl Draft {
    /// Whether this is a peg board (Hop on a Square or a Triangle).
    pub fn is_pegs(&self) -> bool {
        matches!(&self.board, DraftBoard::Hop { shape, .. } if *shape != Shape::Pond)
    }

    /// Flood: sets the move limit; whether it changed.
    pub fn set_limit(&mut self, to: u32) -> bool {
        match &mut self.board {
            DraftBoard::Flood { limit, .. } if *limit != Some(to) => {
                *limit = Some(to);
                true
            }
            _ => false,
        }
    }
}
