//! The board's dimensions, stepped with - and +, keeping what was drawn
//! where the board still has it; its shape, and the deals at random.

use super::{Draft, DraftBoard, english_grid, pond_grid};
use crate::levels::{limits, rng};
use crate::rules::escape::Animal;
use crate::rules::flood::MAX_COLOURS;
use crate::rules::hop::Shape;
use crate::rules::swap::Cell;

impl Draft {
    /// The board's dimensions the editor steps with - and +, by index: each
    /// one's name and value.
    pub fn dimensions(&self) -> Vec<(&'static str, u32)> {
        match &self.board {
            DraftBoard::Swap { cells, .. } => vec![("pads", cells.len() as u32)],
            DraftBoard::Hop { shape, grid, .. } => match shape {
                Shape::Pond => Vec::new(),
                _ => vec![("size", grid.len() as u32)],
            },
            DraftBoard::Flood {
                width,
                height,
                colours,
                limit,
                ..
            } => vec![
                ("width", *width as u32),
                ("height", *height as u32),
                ("colours", *colours as u32),
                ("move limit", limit.unwrap_or(0)),
            ],
            DraftBoard::Escape {
                rows,
                cols,
                animals,
                ..
            } => vec![
                ("rows", *rows as u32),
                ("columns", *cols as u32),
                (
                    "kinds",
                    animals
                        .iter()
                        .map(|a| a.kind)
                        .max()
                        .map_or(1, |k| k as u32 + 1),
                ),
                (
                    "colours",
                    animals
                        .iter()
                        .map(|a| a.colour)
                        .max()
                        .map_or(1, |k| k as u32 + 1),
                ),
            ],
        }
    }

    /// Steps dimension `index` by `by`, keeping what was drawn where the
    /// board still has it; whether anything changed.
    pub fn step(&mut self, index: usize, by: i32) -> bool {
        let before = self.clone();
        let dims = self.dimensions();
        let moved =
            |v: u32, lo: u32, hi: u32| (v as i64 + by as i64).clamp(lo as i64, hi as i64) as u32;
        match (&mut self.board, index) {
            (DraftBoard::Swap { cells, goal, .. }, 0) => {
                let n = moved(cells.len() as u32, 2, limits::SWAP_CELLS as u32) as usize;
                cells.resize(n, Cell::Empty);
                *goal = None;
            }
            (
                DraftBoard::Hop {
                    shape,
                    grid,
                    finish,
                },
                0,
            ) if *shape != Shape::Pond => {
                let n = moved(
                    grid.len() as u32,
                    3,
                    if *shape == Shape::Triangle { 10 } else { 8 },
                ) as usize;
                let old = std::mem::take(grid);
                *grid = (0..n)
                    .map(|r| {
                        let w = if *shape == Shape::Triangle { r + 1 } else { n };
                        (0..w)
                            .map(|c| old.get(r).and_then(|o| o.get(c)).copied().unwrap_or('o'))
                            .collect()
                    })
                    .collect();
                if finish.is_some_and(|(r, c)| r as usize >= n || c as usize >= n) {
                    *finish = None;
                }
            }
            (
                DraftBoard::Flood {
                    width,
                    height,
                    colours,
                    cells,
                    ..
                },
                0 | 1,
            ) => {
                let (w, h) = (*width as usize, *height as usize);
                let (nw, nh) = if index == 0 {
                    (moved(w as u32, 2, limits::FLOOD_SIDE as u32) as usize, h)
                } else {
                    (w, moved(h as u32, 2, limits::FLOOD_SIDE as u32) as usize)
                };
                let fresh =
                    rng::flood_cells(nw as u16, nh as u16, *colours, (nw * 131 + nh) as u64);
                let old = std::mem::take(cells);
                *cells = (0..nw * nh)
                    .map(|i| {
                        let (r, c) = (i / nw, i % nw);
                        if r < h && c < w {
                            old[r * w + c]
                        } else {
                            fresh[i]
                        }
                    })
                    .collect();
                (*width, *height) = (nw as u16, nh as u16);
            }
            (DraftBoard::Flood { colours, cells, .. }, 2) => {
                *colours = moved(*colours as u32, 2, MAX_COLOURS as u32) as u8;
                let k = *colours;
                for c in cells.iter_mut() {
                    *c %= k;
                }
            }
            (DraftBoard::Flood { limit, .. }, 3) => {
                let n = moved(limit.unwrap_or(0), 0, 999);
                *limit = (n > 0).then_some(n);
            }
            (
                DraftBoard::Escape {
                    rows,
                    cols,
                    animals,
                },
                0 | 1,
            ) => {
                let (r0, c0) = (*rows as usize, *cols as usize);
                let side = |v: usize| moved(v as u32, 1, limits::ESCAPE_SIDE as u32) as usize;
                let (nr, nc) = if index == 0 {
                    (side(r0), c0)
                } else {
                    (r0, side(c0))
                };
                let kinds = animals.iter().map(|a| a.kind).max().unwrap_or(0) + 1;
                let colours = animals.iter().map(|a| a.colour).max().unwrap_or(0) + 1;
                let old = std::mem::take(animals);
                *animals = (0..nr * nc)
                    .map(|i| {
                        let (r, c) = (i / nc, i % nc);
                        if r < r0 && c < c0 {
                            old[r * c0 + c]
                        } else {
                            Animal {
                                kind: (i % kinds as usize) as u8,
                                colour: ((i / kinds as usize) % colours as usize) as u8,
                            }
                        }
                    })
                    .collect();
                (*rows, *cols) = (nr as u8, nc as u8);
            }
            (DraftBoard::Escape { animals, .. }, 2 | 3) => {
                let most = if index == 2 { limits::ESCAPE_TYPES } else { 9 } as u32;
                let now = dims[index].1;
                let n = moved(now, 1, most) as u8;
                for (i, animal) in animals.iter_mut().enumerate() {
                    let part = if index == 2 {
                        &mut animal.kind
                    } else {
                        &mut animal.colour
                    };
                    if *part >= n {
                        *part = (i % n as usize) as u8;
                    }
                }
                // A new kind or colour appears at once, on the last animal.
                if n as u32 > now
                    && let Some(last) = animals.last_mut()
                {
                    if index == 2 {
                        last.kind = n - 1;
                    } else {
                        last.colour = n - 1;
                    }
                }
            }
            _ => {}
        }
        *self != before
    }

    /// Changes the board's shape (Hop: the Pond, a Square or a Triangle);
    /// whether anything changed.
    pub fn set_shape(&mut self, to: Shape) -> bool {
        let DraftBoard::Hop {
            shape,
            grid,
            finish,
        } = &mut self.board
        else {
            return false;
        };
        if *shape == to {
            return false;
        }
        *shape = to;
        *finish = None;
        *grid = match to {
            Shape::Pond => pond_grid(),
            Shape::Square => english_grid(),
            Shape::Triangle => (0..5).map(|r| vec!['g'; r + 1]).collect(),
        };
        if to == Shape::Triangle {
            grid[0][0] = 'o';
        }
        if to == Shape::Square {
            grid[3][3] = 'o';
        }
        true
    }

    /// Deals the board again from `seed`: Flood's colours at random, or
    /// Escape's animals shuffled between their cells.
    pub fn shuffle(&mut self, seed: u64) -> bool {
        let mut rng = rng::SplitMix64::new(seed);
        match &mut self.board {
            DraftBoard::Flood {
                width,
                height,
                colours,
                cells,
                ..
            } => *cells = rng::flood_cells(*width, *height, *colours, seed),
            DraftBoard::Escape { animals, .. } => rng.shuffle(animals),
            _ => return false,
        }
        true
    }

    /// Swap: the row typed as the files write it (`L`, `R`, `_` for an
    /// empty pad; `l` and `r` too, spaces ignored). A drawn goal stays while
    /// the row keeps its length. Ok(whether it changed), or why it cannot.
    pub fn set_row(&mut self, text: &str) -> Result<bool, String> {
        let DraftBoard::Swap { cells, goal, .. } = &mut self.board else {
            return Err("only a Swap level has a row".into());
        };
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
        if row == *cells {
            return Ok(false);
        }
        if row.len() != cells.len() {
            *goal = None;
        }
        *cells = row;
        Ok(true)
    }

    /// Swap: toggles the variant where a frog may jump its own kind.
    pub fn toggle_jump_own(&mut self) -> bool {
        if let DraftBoard::Swap { jump_own, .. } = &mut self.board {
            *jump_own = !*jump_own;
            return true;
        }
        false
    }
}
