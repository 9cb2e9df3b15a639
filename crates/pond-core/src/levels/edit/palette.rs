//! What the editor's panels offer for a draft: the puzzles of "New level
//! of", the palette (and the brush its picks make) and the option buttons.

use super::{Brush, Draft, Editable, PALETTE_ROWS};
use crate::rules::PuzzleKind;
use crate::rules::hop::Shape;

/// The editor's "New level of" choices: words, the puzzle, and whether
/// it is the peg board, in the order of `PuzzleKind::ALL`.
pub fn new_levels() -> Vec<(&'static str, PuzzleKind, bool)> {
    fn of<T: Editable>() -> &'static [(&'static str, bool)] {
        T::NEW
    }
    PuzzleKind::ALL
        .into_iter()
        .flat_map(|k| {
            let new: &[(&str, bool)] = crate::each_kind!(k, T => of::<T>());
            new.iter().map(move |&(words, pegs)| (words, k, pegs))
        })
        .collect()
}

/// The puzzle of a level in the words of "New level of" ("Pegs" for a peg
/// board, where the puzzle's own name is Hop's).
pub fn puzzle_words(puzzle: &crate::rules::Puzzle) -> &'static str {
    let pegs = crate::each_puzzle!(puzzle, p => p.on_pegs());
    new_levels()
        .into_iter()
        .find(|&(_, kind, on_pegs)| kind == puzzle.kind() && on_pegs == pegs)
        .map_or(puzzle.kind().name(), |(words, ..)| words)
}

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

pub(crate) fn choice(label: impl Into<String>) -> Choice {
    Choice {
        label: label.into(),
        colour: None,
    }
}

/// What the editor's option buttons do to a board beyond its cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setting {
    /// Hop: the board's shape (a pond, a square or a triangle of pegs):
    /// a new board of that shape, the one drawn let go.
    Shape(Shape),
    JumpOwn,
    /// Swap: the goal drawn, or the row mirrored.
    DrawnGoal,
    Shuffle,
}

impl Draft {
    /// A new level of `kind` (Hop: the peg board when `pegs`).
    pub fn new_of(kind: PuzzleKind, pegs: bool) -> Draft {
        Draft {
            name: "My level".into(),
            board: crate::each_kind!(kind, T => T::start(pegs)),
        }
    }

    /// The palette: what a click on a cell can put there.
    pub fn palette(&self) -> Vec<PaletteRow> {
        self.board.palette()
    }

    /// The brush the palette's picks make (one index per row; a pick past
    /// a row's end takes its last choice).
    pub fn brush(&self, picks: &[usize]) -> Brush {
        let rows = self.palette();
        let clamped: Vec<usize> = (0..PALETTE_ROWS.min(rows.len().max(1)))
            .map(|i| {
                let n = rows.get(i).map_or(1, |r| r.choices.len());
                picks.get(i).copied().unwrap_or(0).min(n.saturating_sub(1))
            })
            .collect();
        Brush::of(&clamped)
    }

    /// The option buttons beyond the cells: each one's words, whether it is
    /// on (for a toggle or a choice), and what it does.
    pub fn settings(&self) -> Vec<(String, Option<bool>, Setting)> {
        self.board.settings()
    }

    /// Whether option `setting` would put a new board in place of the one
    /// drawn (not when it is the option already on).
    pub fn replaces_board(&self, setting: Setting) -> bool {
        matches!(setting, Setting::Shape(_))
            && self
                .settings()
                .iter()
                .any(|(_, on, s)| *s == setting && *on != Some(true))
    }

    /// Applies an option button; whether anything changed.
    pub fn apply(&mut self, setting: Setting, seed: u64) -> bool {
        match setting {
            Setting::Shuffle => self.shuffle(seed),
            other => self.board.apply(other),
        }
    }

    /// Whether this is a peg board (Hop on a Square or a Triangle).
    pub fn is_pegs(&self) -> bool {
        self.board.is_pegs()
    }

    /// Sets the move limit, on a board that has one; whether it changed.
    pub fn set_limit(&mut self, to: u32) -> bool {
        self.board.set_limit(to)
    }
}
