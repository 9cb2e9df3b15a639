//! The level editor's pure side: a level being drawn (`Draft`), changed one
//! edit at a time, drawn as a rules state even while it is not yet a level,
//! checked by the loader's own rules (the same words, at the cell they
//! concern), and written as the `LevelFile` a pack holds.

pub(crate) mod code;
mod palette;
pub(crate) mod part;
mod save;

use crate::puzzles::{
    escape::edit as escape, flood::edit as flood, hop::edit as hop, swap::edit as swap,
};
pub use code::MAX_BOARD_CODE;
pub use escape::EscapeDraft;
pub use flood::FloodDraft;
pub use hop::HopDraft;
pub use palette::{Choice, PaletteRow, Setting, new_levels, puzzle_words};
pub use part::{Brush, DraftBoard, DraftPart, Editable, PALETTE_ROWS};
pub use save::save_into;
pub use swap::SwapDraft;

use super::{Level, LevelFile, build_level};
use crate::rules::Puzzle;
pub(crate) use palette::choice;

/// A level being drawn: its name and its board, cell by cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    pub name: String,
    pub board: DraftBoard,
}

/// A mistake the loader finds in a draft: its words, and the cell it
/// concerns when it concerns one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mistake {
    pub message: String,
    pub cell: Option<(usize, usize)>,
}

impl Draft {
    /// A new level of the puzzle `like` plays: a small board to start from.
    pub fn new_like(like: &Puzzle) -> Draft {
        fn start<T: Editable>(p: &T) -> DraftBoard {
            T::start(p.on_pegs())
        }
        Draft {
            name: "My level".into(),
            board: crate::each_puzzle!(like, p => start(p)),
        }
    }

    /// A copy of a level to change.
    pub fn of_level(level: &Level) -> Draft {
        Draft {
            name: level.name.clone(),
            board: crate::each_puzzle!(&level.puzzle, p => p.draft()),
        }
    }

    /// The draft's board as its own type (`SwapDraft`, ...), if it is one.
    pub fn part<T: DraftPart + 'static>(&self) -> Option<&T> {
        self.board.get()
    }

    /// The draft's board as its own type, to change.
    pub fn part_mut<T: DraftPart + 'static>(&mut self) -> Option<&mut T> {
        self.board.get_mut()
    }

    /// The level as a pack file writes it.
    pub fn to_file(&self) -> LevelFile {
        self.board.to_file(self.name.clone())
    }

    /// The level, or the loader's first mistake in it.
    pub fn check(&self) -> Result<Level, Mistake> {
        build_level(&self.to_file()).map_err(|(spot, message)| Mistake {
            cell: spot.ch.and_then(|ch| self.board.cell_of(&spot, ch)),
            message,
        })
    }

    /// The board as its rules state, to draw, whether or not it is a level
    /// yet (a pond with no frog, a goal of the wrong frogs).
    pub fn drawn(&self) -> Puzzle {
        self.board.drawn()
    }

    /// Puts `brush` on the cell at `(row, col)`; whether anything changed.
    pub fn paint(&mut self, row: usize, col: usize, brush: Brush) -> bool {
        self.board.paint(row, col, brush)
    }

    /// The row as the files write it, for a level typed as a row (Swap):
    /// the editor's row field shows it.
    pub fn row(&self) -> Option<String> {
        self.board.row()
    }

    /// Whether the board is dealt from a seed (Flood, Escape): the
    /// editor's seed field shows it.
    pub fn dealt(&self) -> bool {
        self.board.dealt()
    }

    /// What the loader accepts but a level's author would want to know (an
    /// animal of the same kind and colour twice), in words.
    pub fn warnings(&self) -> Vec<String> {
        self.board.warnings()
    }
}

impl Draft {
    /// The board's dimensions the editor steps with - and +, by index: each
    /// one's name and value.
    pub fn dimensions(&self) -> Vec<(&'static str, u32)> {
        self.board.dimensions()
    }

    /// Steps dimension `index` by `by`, keeping what was drawn where the
    /// board still has it; whether anything changed.
    pub fn step(&mut self, index: usize, by: i32) -> bool {
        let before = self.board.clone();
        self.board.step(index, by);
        self.board != before
    }

    /// Deals the board again from `seed`: Flood's colours at random, or
    /// Escape's animals shuffled between their cells.
    pub fn shuffle(&mut self, seed: u64) -> bool {
        self.board.shuffle(seed)
    }

    /// The row typed as the files write it (Swap: `L`, `R`, `_` for an
    /// empty pad). Ok(whether it changed), or why it cannot.
    pub fn set_row(&mut self, text: &str) -> Result<bool, String> {
        self.board.set_row(text)
    }
}

pub(crate) fn set<T: PartialEq>(slot: Option<&mut T>, value: T) -> bool {
    match slot {
        Some(s) if *s != value => {
            *s = value;
            true
        }
        _ => false,
    }
}

/// `v` moved by `by`, kept from `lo` to `hi`.
pub(crate) fn moved(v: u32, by: i32, lo: u32, hi: u32) -> u32 {
    (v as i64 + by as i64).clamp(lo as i64, hi as i64) as u32
}
