//! The editor's Hop board: the Pond, a square or a triangle of pads, its
//! frogs, and the pad the last frog must finish on.

use super::edit_code;
use crate::levels::edit::part::{Brush, DraftBoard, DraftPart, Editable};
use crate::levels::edit::{PaletteRow, Setting, choice, set};
use crate::levels::{LevelFile, Spot, generate};
use crate::rules::Puzzle;
use crate::rules::hop::{Board, Hop, MAX_PADS, Shape};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HopDraft {
    pub shape: Shape,
    /// Row by row: `.` no pad, `o` an empty pad, `g` a green frog, `r`
    /// the red frog. A triangle's row `r` has `r + 1` cells.
    pub grid: Vec<Vec<char>>,
    pub finish: Option<(u8, u8)>,
}

/// The palette's choices, in order: what each puts on a pad (`F` the
/// finish pad), the last only on a square board.
const PUT: [char; 5] = ['g', 'r', 'o', 'F', '.'];

impl HopDraft {
    /// The pond's new level: the red frog jumps the green one and wins,
    /// a level that can be won to build on (it began lost: the two frogs
    /// stood in the red one's way).
    fn pond() -> HopDraft {
        let mut grid = pond_grid();
        grid[0][0] = 'r';
        grid[1][1] = 'g';
        HopDraft {
            shape: Shape::Pond,
            grid,
            finish: None,
        }
    }

    /// Changes the board's shape; whether anything changed.
    fn set_shape(&mut self, to: Shape) -> bool {
        if self.shape == to {
            return false;
        }
        self.shape = to;
        self.finish = None;
        self.grid = match to {
            Shape::Pond => pond_grid(),
            Shape::Square => english_grid(),
            Shape::Triangle => (0..5).map(|r| vec!['g'; r + 1]).collect(),
        };
        if to == Shape::Triangle {
            self.grid[0][0] = 'o';
        }
        if to == Shape::Square {
            self.grid[3][3] = 'o';
        }
        true
    }
}

impl DraftPart for HopDraft {
    fn code(&self) -> String {
        edit_code::code(self.shape, &self.grid, self.finish)
    }

    fn to_file(&self, name: String) -> LevelFile {
        LevelFile::Hop {
            name,
            board: self.shape,
            layout: self
                .grid
                .iter()
                .map(|r| {
                    r.iter()
                        .map(|c| c.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect(),
            finish: self.finish,
            grade: None,
        }
    }

    fn cell_of(&self, spot: &Spot, ch: usize) -> Option<(usize, usize)> {
        Some((spot.item?, ch / 2))
    }

    fn drawn(&self) -> Puzzle {
        let present: Vec<Vec<bool>> = self
            .grid
            .iter()
            .map(|r| r.iter().map(|&c| c != '.').collect())
            .collect();
        let board = Board::new(self.shape, &present);
        let mut green = 0u64;
        let mut red = None;
        for (i, &(r, c)) in board.pads.iter().enumerate().take(MAX_PADS) {
            match self.grid[r as usize][c as usize] {
                'g' => green |= 1 << i,
                'r' if red.is_none() => red = Some(i as u8),
                _ => {}
            }
        }
        let finish = self.finish.and_then(|(r, c)| board.pad_at(r, c));
        Puzzle::Hop(Hop {
            board,
            green,
            red,
            finish,
        })
    }

    fn paint(&mut self, row: usize, col: usize, brush: Brush) -> bool {
        let c = PUT[brush.pick(0).min(PUT.len() - 1)];
        if c == 'F' {
            let on_pad = self
                .grid
                .get(row)
                .and_then(|r| r.get(col))
                .is_some_and(|&c| c != '.');
            let at = (row as u8, col as u8);
            if !on_pad {
                return false;
            }
            self.finish = if self.finish == Some(at) {
                None
            } else {
                Some(at)
            };
            return true;
        }
        let Some(here) = self.grid.get_mut(row).and_then(|r| r.get_mut(col)) else {
            return false;
        };
        // The Pond's and a triangle's pads are fixed: only frogs change.
        if (*here == '.' || c == '.') && self.shape != Shape::Square {
            return false;
        }
        if c == 'r' {
            for cell in self.grid.iter_mut().flatten() {
                if *cell == 'r' {
                    *cell = 'o';
                }
            }
        }
        set(self.grid.get_mut(row).and_then(|r| r.get_mut(col)), c)
    }

    fn palette(&self) -> Vec<PaletteRow> {
        let mut choices = vec![
            choice("Green frog"),
            choice("Red frog"),
            choice("Empty pad"),
            choice("Finish pad"),
        ];
        if self.shape == Shape::Square {
            choices.push(choice("No pad"));
        }
        vec![PaletteRow {
            title: "Put",
            choices,
        }]
    }

    fn dimensions(&self) -> Vec<(&'static str, u32)> {
        match self.shape {
            Shape::Pond => Vec::new(),
            _ => vec![("size", self.grid.len() as u32)],
        }
    }

    fn step(&mut self, index: usize, by: i32) {
        if index != 0 || self.shape == Shape::Pond {
            return;
        }
        let triangle = self.shape == Shape::Triangle;
        let n = crate::levels::edit::moved(
            self.grid.len() as u32,
            by,
            3,
            if triangle { 10 } else { 8 },
        ) as usize;
        let old = std::mem::take(&mut self.grid);
        self.grid = (0..n)
            .map(|r| {
                let w = if triangle { r + 1 } else { n };
                (0..w)
                    .map(|c| old.get(r).and_then(|o| o.get(c)).copied().unwrap_or('o'))
                    .collect()
            })
            .collect();
        if self
            .finish
            .is_some_and(|(r, c)| r as usize >= n || c as usize >= n)
        {
            self.finish = None;
        }
    }

    fn neighbours(&self) -> Vec<(DraftBoard, Vec<(usize, usize)>)> {
        let mut out: Vec<(DraftBoard, Vec<(usize, usize)>)> = Vec::new();
        let cells: Vec<(usize, usize, char)> = self
            .grid
            .iter()
            .enumerate()
            .flat_map(|(r, row)| row.iter().enumerate().map(move |(c, &ch)| (r, c, ch)))
            .filter(|&(_, _, ch)| ch != '.')
            .collect();
        // A green frog added, taken off, or moved to an empty pad.
        for &(r, c, ch) in &cells {
            let to = match ch {
                'o' => 'g',
                'g' => 'o',
                _ => continue,
            };
            let mut e = self.clone();
            e.grid[r][c] = to;
            out.push((DraftBoard::of(e), vec![(r, c)]));
        }
        for &(r, c, ch) in &cells {
            for &(r2, c2, ch2) in &cells {
                if ch == 'g' && ch2 == 'o' {
                    let mut e = self.clone();
                    e.grid[r][c] = 'o';
                    e.grid[r2][c2] = 'g';
                    out.push((DraftBoard::of(e), vec![(r, c), (r2, c2)]));
                }
            }
        }
        out
    }

    fn settings(&self) -> Vec<(String, Option<bool>, Setting)> {
        [
            ("Pond", Shape::Pond),
            ("Square", Shape::Square),
            ("Triangle", Shape::Triangle),
        ]
        .into_iter()
        .map(|(w, s)| (w.to_string(), Some(self.shape == s), Setting::Shape(s)))
        .collect()
    }

    fn apply(&mut self, setting: Setting) -> bool {
        match setting {
            Setting::Shape(s) => self.set_shape(s),
            Setting::JumpOwn | Setting::DrawnGoal | Setting::Shuffle => false,
        }
    }

    fn is_pegs(&self) -> bool {
        self.shape != Shape::Pond
    }
}

impl Editable for Hop {
    const NEW: &'static [(&'static str, bool)] = &[("Hop", false), ("Pegs", true)];
    const CODE: &'static str = "BH";

    fn start(pegs: bool) -> DraftBoard {
        if pegs {
            // The English cross with the Latin cross's six pegs on it: an
            // easy level to build on (the full board is graded expert and
            // takes seconds to judge).
            let mut grid = english_grid();
            for row in &mut grid {
                for c in row.iter_mut().filter(|c| **c == 'g') {
                    *c = 'o';
                }
            }
            for (r, c) in [(1, 3), (2, 2), (2, 3), (2, 4), (3, 3), (4, 3)] {
                grid[r][c] = 'g';
            }
            DraftBoard::of(HopDraft {
                shape: Shape::Square,
                grid,
                finish: Some((3, 3)),
            })
        } else {
            DraftBoard::of(HopDraft::pond())
        }
    }

    fn draft(&self) -> DraftBoard {
        DraftBoard::of(HopDraft {
            shape: self.board.shape,
            grid: generate::hop_layout(self)
                .iter()
                .map(|r| r.chars().filter(|&c| c != ' ').collect())
                .collect(),
            finish: self.finish.map(|p| self.board.pads[p as usize]),
        })
    }

    fn on_pegs(&self) -> bool {
        self.board.shape != Shape::Pond
    }

    fn read_code(parts: &[&str]) -> Result<DraftBoard, String> {
        Ok(DraftBoard::of(edit_code::board(parts)?))
    }
}

/// The 13-pad pond, every pad empty.
pub(crate) fn pond_grid() -> Vec<Vec<char>> {
    (0..5)
        .map(|r| {
            (0..5)
                .map(|c| if (r + c) % 2 == 0 { 'o' } else { '.' })
                .collect()
        })
        .collect()
}

/// The English cross, full but for its centre.
pub(crate) fn english_grid() -> Vec<Vec<char>> {
    (0..7)
        .map(|r| {
            (0..7)
                .map(|c| {
                    if (2..5).contains(&r) || (2..5).contains(&c) {
                        if (r, c) == (3, 3) { 'o' } else { 'g' }
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect()
}
