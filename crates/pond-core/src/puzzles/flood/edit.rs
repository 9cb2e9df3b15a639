//! The editor's Flood board: a grid of colours and its move limit.

use super::edit_code;
use crate::levels::edit::part::{Brush, DraftBoard, DraftPart, Editable};
use crate::levels::edit::{PaletteRow, Setting, choice, set};
use crate::levels::{LevelFile, Spot, limits, rng};
use crate::rules::Puzzle;
use crate::rules::flood::{Flood, MAX_COLOURS};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FloodDraft {
    pub width: u16,
    pub height: u16,
    pub colours: u8,
    pub cells: Vec<u8>,
    pub limit: Option<u32>,
}

impl FloodDraft {
    /// Paints the whole region of one colour around `(row, col)` with `c`.
    fn fill(&mut self, row: usize, col: usize, c: u8) -> bool {
        let (w, h) = (self.width as usize, self.height as usize);
        let cells = &mut self.cells;
        if col >= w || row >= h || cells[row * w + col] == c {
            return false;
        }
        let old = cells[row * w + col];
        let mut todo = vec![row * w + col];
        while let Some(i) = todo.pop() {
            if cells[i] != old {
                continue;
            }
            cells[i] = c;
            let (r, k) = (i / w, i % w);
            if r > 0 {
                todo.push(i - w);
            }
            if r + 1 < h {
                todo.push(i + w);
            }
            if k > 0 {
                todo.push(i - 1);
            }
            if k + 1 < w {
                todo.push(i + 1);
            }
        }
        true
    }

    /// A new width and height, keeping the cells both sizes have and
    /// dealing the new ones.
    fn resize(&mut self, nw: usize, nh: usize) {
        let (w, h) = (self.width as usize, self.height as usize);
        let fresh = rng::flood_cells(nw as u16, nh as u16, self.colours, (nw * 131 + nh) as u64);
        let old = std::mem::take(&mut self.cells);
        self.cells = (0..nw * nh)
            .map(|i| {
                let (r, c) = (i / nw, i % nw);
                if r < h && c < w {
                    old[r * w + c]
                } else {
                    fresh[i]
                }
            })
            .collect();
        (self.width, self.height) = (nw as u16, nh as u16);
    }
}

impl DraftPart for FloodDraft {
    fn code(&self) -> String {
        edit_code::code(
            self.width,
            self.height,
            self.colours,
            &self.cells,
            self.limit,
        )
    }

    fn to_file(&self, name: String) -> LevelFile {
        LevelFile::Flood {
            name,
            cells: Some(
                self.cells
                    .chunks(self.width as usize)
                    .map(|r| r.iter().map(|c| char::from(b'0' + c)).collect())
                    .collect(),
            ),
            random: None,
            colours: Some(self.colours),
            moves: self.limit,
            grade: None,
        }
    }

    fn cell_of(&self, spot: &Spot, ch: usize) -> Option<(usize, usize)> {
        Some((spot.item?, ch))
    }

    fn drawn(&self) -> Puzzle {
        Puzzle::Flood(Flood::new(
            self.width,
            self.height,
            self.colours,
            self.cells.clone(),
            self.limit,
        ))
    }

    /// The first row's pick is the colour; the second's, one cell (0) or
    /// the cell's whole region (1).
    fn paint(&mut self, row: usize, col: usize, brush: Brush) -> bool {
        let c = brush.pick(0).min(self.colours.saturating_sub(1) as usize) as u8;
        if brush.pick(1) == 1 {
            return self.fill(row, col, c);
        }
        if col >= self.width as usize || row >= self.height as usize {
            return false;
        }
        set(self.cells.get_mut(row * self.width as usize + col), c)
    }

    fn palette(&self) -> Vec<PaletteRow> {
        vec![
            PaletteRow {
                title: "Colour",
                choices: (0..self.colours)
                    .map(|c| crate::levels::edit::Choice {
                        label: c.to_string(),
                        colour: Some(c),
                    })
                    .collect(),
            },
            PaletteRow {
                title: "Brush",
                choices: vec![choice("One cell"), choice("Fill region")],
            },
        ]
    }

    fn dimensions(&self) -> Vec<(&'static str, u32)> {
        vec![
            ("width", self.width as u32),
            ("height", self.height as u32),
            ("colours", self.colours as u32),
            ("move limit", self.limit.unwrap_or(0)),
        ]
    }

    fn step(&mut self, index: usize, by: i32) {
        let side = |v: u16| {
            crate::levels::edit::moved(v as u32, by, 2, limits::FLOOD_SIDE as u32) as usize
        };
        match index {
            0 => self.resize(side(self.width), self.height as usize),
            1 => self.resize(self.width as usize, side(self.height)),
            2 => {
                self.colours =
                    crate::levels::edit::moved(self.colours as u32, by, 2, MAX_COLOURS as u32)
                        as u8;
                let k = self.colours;
                for c in self.cells.iter_mut() {
                    *c %= k;
                }
            }
            3 => {
                let n = crate::levels::edit::moved(self.limit.unwrap_or(0), by, 0, 999);
                self.limit = (n > 0).then_some(n);
            }
            _ => {}
        }
    }

    /// The move limit one up or down: a Flood board's grade is the room
    /// its limit leaves.
    fn neighbours(&self) -> Vec<(DraftBoard, Vec<(usize, usize)>)> {
        let mut out: Vec<(DraftBoard, Vec<(usize, usize)>)> = Vec::new();
        if let Some(m) = self.limit {
            for to in [m.saturating_sub(1), m + 1] {
                let mut e = self.clone();
                e.limit = Some(to).filter(|&t| t > 0);
                if e != *self {
                    out.push((DraftBoard::of(e), Vec::new()));
                }
            }
        }
        out
    }

    fn settings(&self) -> Vec<(String, Option<bool>, Setting)> {
        vec![("Colour at random".into(), None, Setting::Shuffle)]
    }

    fn shuffle(&mut self, seed: u64) -> bool {
        self.cells = rng::flood_cells(self.width, self.height, self.colours, seed);
        true
    }

    fn dealt(&self) -> bool {
        true
    }

    fn takes_limit(&self) -> bool {
        true
    }

    fn set_limit(&mut self, to: u32) -> bool {
        if self.limit == Some(to) {
            return false;
        }
        self.limit = Some(to);
        true
    }
}

impl Editable for Flood {
    const NEW: &'static [(&'static str, bool)] = &[("Flood", false)];
    const CODE: &'static str = "BF";

    fn start(_pegs: bool) -> DraftBoard {
        DraftBoard::of(FloodDraft {
            width: 8,
            height: 8,
            colours: 4,
            cells: rng::flood_cells(8, 8, 4, 1),
            limit: None,
        })
    }

    fn draft(&self) -> DraftBoard {
        DraftBoard::of(FloodDraft {
            width: self.width,
            height: self.height,
            colours: self.colours,
            cells: self.cells.clone(),
            limit: self.limit,
        })
    }

    fn read_code(parts: &[&str]) -> Result<DraftBoard, String> {
        Ok(DraftBoard::of(edit_code::board(parts)?))
    }
}
