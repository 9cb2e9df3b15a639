//! What the editor asks of a puzzle: its draft's board (`DraftPart`, one
//! type per puzzle in the puzzle's own file of this folder) and how a
//! board of the puzzle starts (`Editable`, on the puzzle's rules). The
//! shared editor calls these two traits and names no puzzle.

use super::{PaletteRow, Setting};
use crate::levels::{LevelFile, Spot};
use crate::rules::{Puzzle, Rules};
use std::fmt::Debug;

/// The most rows a palette has: a brush is one pick of each.
pub const PALETTE_ROWS: usize = 3;

/// What one click of the editor puts on a cell: a pick of each of the
/// palette's rows, read by the puzzle's draft.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Brush {
    picks: [usize; PALETTE_ROWS],
}

impl Brush {
    /// The brush of these picks (one per palette row, the first rows).
    pub fn of(picks: &[usize]) -> Brush {
        let mut b = Brush::default();
        for (slot, &p) in b.picks.iter_mut().zip(picks) {
            *slot = p;
        }
        b
    }

    /// The choice picked in palette row `row`.
    pub fn pick(&self, row: usize) -> usize {
        self.picks.get(row).copied().unwrap_or(0)
    }
}

/// A puzzle's board as the editor changes it, cell by cell.
pub trait DraftPart: DraftAny + Debug + Send + Sync {
    /// The board's code (see `Draft::code`).
    fn code(&self) -> String;
    /// The level as a pack file writes it, named `name`.
    fn to_file(&self, name: String) -> LevelFile;
    /// The cell of a mistake the loader found at `spot`, whose character
    /// in its line is `ch`.
    fn cell_of(&self, spot: &Spot, ch: usize) -> Option<(usize, usize)>;
    /// The board as its rules state, whether or not it is a level yet.
    fn drawn(&self) -> Puzzle;
    /// Puts `brush` on the cell at `(row, col)`; whether anything changed.
    fn paint(&mut self, row: usize, col: usize, brush: Brush) -> bool;
    /// The palette: what a click on a cell can put there.
    fn palette(&self) -> Vec<PaletteRow>;
    /// The board's dimensions the editor steps, each one's name and value.
    fn dimensions(&self) -> Vec<(&'static str, u32)>;
    /// Steps dimension `index` by `by`, keeping what was drawn where the
    /// board still has it.
    fn step(&mut self, index: usize, by: i32);
    /// Every board one change from this one, with the cells it changes
    /// (the tuner's "make it harder" and "easier" try them).
    fn neighbours(&self) -> Vec<(DraftBoard, Vec<(usize, usize)>)>;

    /// The option buttons beyond the cells: words, whether on, what it does.
    fn settings(&self) -> Vec<(String, Option<bool>, Setting)> {
        Vec::new()
    }
    /// Applies an option button other than `Shuffle`; whether it changed.
    fn apply(&mut self, _setting: Setting) -> bool {
        false
    }
    /// Deals the board again from `seed`; whether it can.
    fn shuffle(&mut self, _seed: u64) -> bool {
        false
    }
    /// The row as the files write it, for a level typed as a row.
    fn row(&self) -> Option<String> {
        None
    }
    /// Sets the row typed: Ok(whether it changed), or why it cannot.
    fn set_row(&mut self, _text: &str) -> Result<bool, String> {
        Err("this level has no row to type".into())
    }
    /// Whether the board is dealt from a seed (the seed field shows).
    fn dealt(&self) -> bool {
        false
    }
    /// Whether this is a peg board.
    fn is_pegs(&self) -> bool {
        false
    }
    /// Whether the board has a move limit that grades it.
    fn takes_limit(&self) -> bool {
        false
    }
    /// Sets the move limit; whether it changed.
    fn set_limit(&mut self, _to: u32) -> bool {
        false
    }
    /// What the loader accepts but an author would want to know, in words.
    fn warnings(&self) -> Vec<String> {
        Vec::new()
    }
    /// A change from `from` said better than "n cells changed", if any.
    fn change_words(&self, _from: &dyn DraftPart, _changed: &[(usize, usize)]) -> Option<String> {
        None
    }
}

crate::levels::dyn_value::dyn_value!(DraftBoard, DraftPart, DraftAny);

/// How a puzzle's boards start in the editor.
pub trait Editable: Rules {
    /// Its "New level of" buttons: their words, and whether each is the
    /// peg board.
    const NEW: &'static [(&'static str, bool)];
    /// The first part of its board codes (`BS`).
    const CODE: &'static str;
    /// A small board to start from (the peg board when `pegs`).
    fn start(pegs: bool) -> DraftBoard;
    /// This state's board, to change.
    fn draft(&self) -> DraftBoard;
    /// Whether this state is played on a peg board.
    fn on_pegs(&self) -> bool {
        false
    }
    /// The board of a code's parts (split at `-`, the first is `CODE`).
    fn read_code(parts: &[&str]) -> Result<DraftBoard, String>;
}
