//! The editor's Swap board: a row of pads, its goal, and whether frogs may
//! jump their own kind.

use super::edit_code;
use crate::levels::edit::part::{Brush, DraftBoard, DraftPart, Editable};
use crate::levels::edit::{PaletteRow, Setting, choice, set};
use crate::levels::{LevelFile, Spot, limits};
use crate::rules::Puzzle;
use crate::rules::swap::{Cell, Swap, mirrored, row_text};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwapDraft {
    pub cells: Vec<Cell>,
    /// None: the row mirrored (the usual goal).
    pub goal: Option<Vec<Cell>>,
    pub jump_own: bool,
}

/// The palette's one row, in its order.
const PUT: [Cell; 3] = [Cell::L, Cell::R, Cell::Empty];

impl DraftPart for SwapDraft {
    fn code(&self) -> String {
        edit_code::code(&self.cells, self.goal.as_deref(), self.jump_own)
    }

    fn to_file(&self, name: String) -> LevelFile {
        LevelFile::Swap {
            name,
            row: row_text(&self.cells),
            goal: self.goal.as_deref().map(row_text),
            jump_own: self.jump_own,
            grade: None,
        }
    }

    fn cell_of(&self, spot: &Spot, ch: usize) -> Option<(usize, usize)> {
        Some((usize::from(spot.field == "goal"), ch))
    }

    fn drawn(&self) -> Puzzle {
        Puzzle::Swap(Swap {
            cells: self.cells.clone(),
            goal: self.goal.clone().unwrap_or_else(|| mirrored(&self.cells)),
            jump_own: self.jump_own,
        })
    }

    fn paint(&mut self, row: usize, col: usize, brush: Brush) -> bool {
        let cell = PUT[brush.pick(0).min(PUT.len() - 1)];
        if row == 0 {
            return set(self.cells.get_mut(col), cell);
        }
        // Row 1 is the goal: painting it makes it a drawn goal.
        if col >= self.cells.len() {
            return false;
        }
        let drawn_now = self.goal.is_none();
        let goal = self.goal.get_or_insert_with(|| mirrored(&self.cells));
        set(goal.get_mut(col), cell) || drawn_now
    }

    fn palette(&self) -> Vec<PaletteRow> {
        vec![PaletteRow {
            title: "Put",
            choices: vec![
                choice("Yellow frog"),
                choice("Blue frog"),
                choice("Empty pad"),
            ],
        }]
    }

    fn dimensions(&self) -> Vec<(&'static str, u32)> {
        vec![("pads", self.cells.len() as u32)]
    }

    fn step(&mut self, index: usize, by: i32) {
        if index == 0 {
            let n = crate::levels::edit::moved(
                self.cells.len() as u32,
                by,
                2,
                limits::SWAP_CELLS as u32,
            );
            self.cells.resize(n as usize, Cell::Empty);
            self.goal = None;
        }
    }

    fn neighbours(&self) -> Vec<(DraftBoard, Vec<(usize, usize)>)> {
        let mut out: Vec<(DraftBoard, Vec<(usize, usize)>)> = Vec::new();
        // A frog more or less at either end, a pad more in the middle.
        let n = self.cells.len();
        for (at, cell) in [(0, Cell::L), (n, Cell::R), (n / 2, Cell::Empty)] {
            let mut e = self.clone();
            e.cells.insert(at, cell);
            e.goal = None;
            out.push((DraftBoard::of(e), vec![(0, at)]));
        }
        if n > 2 {
            for at in [0, n - 1] {
                let mut e = self.clone();
                e.cells.remove(at);
                e.goal = None;
                out.push((DraftBoard::of(e), vec![(0, at)]));
            }
        }
        out
    }

    fn settings(&self) -> Vec<(String, Option<bool>, Setting)> {
        vec![
            (
                "Frogs jump own kind".into(),
                Some(self.jump_own),
                Setting::JumpOwn,
            ),
            (
                "Draw the goal".into(),
                Some(self.goal.is_some()),
                Setting::DrawnGoal,
            ),
        ]
    }

    fn apply(&mut self, setting: Setting) -> bool {
        match setting {
            Setting::JumpOwn => self.jump_own = !self.jump_own,
            Setting::DrawnGoal => {
                self.goal = match self.goal {
                    Some(_) => None,
                    None => Some(mirrored(&self.cells)),
                }
            }
            Setting::Shape(_) | Setting::Shuffle => return false,
        }
        true
    }

    fn row(&self) -> Option<String> {
        Some(row_text(&self.cells))
    }

    /// The row typed as the files write it (`L`, `R`, `_` for an empty pad;
    /// `l` and `r` too, spaces ignored). A drawn goal stays while the row
    /// keeps its length.
    fn set_row(&mut self, text: &str) -> Result<bool, String> {
        let mut row = Vec::new();
        for (i, ch) in text.chars().filter(|c| !c.is_whitespace()).enumerate() {
            match Cell::from_char(ch.to_ascii_uppercase()) {
                Some(cell) => row.push(cell),
                None => {
                    return Err(format!(
                        "pad {} is `{ch}`: a row holds L, R and _ (an empty pad)",
                        i + 1
                    ));
                }
            }
        }
        if !(2..=limits::SWAP_CELLS).contains(&row.len()) {
            return Err(format!(
                "the row has {}; a row has 2 to {}",
                crate::levels::count_of(row.len(), "pad", "pads"),
                limits::SWAP_CELLS
            ));
        }
        if row == self.cells {
            return Ok(false);
        }
        if row.len() != self.cells.len() {
            self.goal = None;
        }
        self.cells = row;
        Ok(true)
    }

    /// A frog or a pad added or taken away, when the row's length changed.
    fn change_words(&self, from: &dyn DraftPart, changed: &[(usize, usize)]) -> Option<String> {
        let old = &from.as_any().downcast_ref::<SwapDraft>()?.cells;
        let new = &self.cells;
        if new.len() == old.len() {
            return None;
        }
        let added = new.len() > old.len();
        let at = changed.first().map_or(0, |&(_, c)| c);
        let cell = if added { new.get(at) } else { old.get(at) };
        let what = match cell {
            Some(Cell::Empty) => "a pad",
            _ => "a frog",
        };
        Some(format!(
            "{what} {}",
            if added { "added" } else { "taken away" }
        ))
    }
}

impl Editable for Swap {
    const NEW: &'static [(&'static str, bool)] = &[("Swap", false)];
    const CODE: &'static str = "BS";

    fn start(_pegs: bool) -> DraftBoard {
        DraftBoard::of(SwapDraft {
            cells: "LLL_RRR".chars().filter_map(Cell::from_char).collect(),
            goal: None,
            jump_own: false,
        })
    }

    fn draft(&self) -> DraftBoard {
        DraftBoard::of(SwapDraft {
            cells: self.cells.clone(),
            goal: (self.goal != mirrored(&self.cells)).then(|| self.goal.clone()),
            jump_own: self.jump_own,
        })
    }

    fn read_code(parts: &[&str]) -> Result<DraftBoard, String> {
        Ok(DraftBoard::of(edit_code::board(parts)?))
    }
}
