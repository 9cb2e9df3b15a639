//! The level editor's pure side: a level being drawn (`Draft`), changed one
//! edit at a time, drawn as a rules state even while it is not yet a level,
//! checked by the loader's own rules (the same words, at the cell they
//! concern), and written as the `LevelFile` a pack holds.

mod code;
mod escape_code;
mod flood_code;
mod hop_code;
mod palette;
mod resize;
mod save;
mod swap_code;

pub use code::MAX_BOARD_CODE;
pub use palette::{Choice, NEW_LEVELS, PaletteRow, Setting};
pub use save::save_into;

use super::{Level, LevelFile, Spot, build_level, generate, rng};
use crate::rules::Puzzle;
use crate::rules::escape::{Animal, Escape};
use crate::rules::flood::Flood;
use crate::rules::hop::{Board, Hop, MAX_PADS, Shape};
use crate::rules::swap::{Cell, Swap, mirrored, row_text};

/// A level being drawn: its name and its board, cell by cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    pub name: String,
    pub board: DraftBoard,
}

/// The board of a draft, as the editor changes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DraftBoard {
    Swap {
        cells: Vec<Cell>,
        /// None: the row mirrored (the usual goal).
        goal: Option<Vec<Cell>>,
        jump_own: bool,
    },
    Hop {
        shape: Shape,
        /// Row by row: `.` no pad, `o` an empty pad, `g` a green frog, `r`
        /// the red frog. A triangle's row `r` has `r + 1` cells.
        grid: Vec<Vec<char>>,
        finish: Option<(u8, u8)>,
    },
    Flood {
        width: u16,
        height: u16,
        colours: u8,
        cells: Vec<u8>,
        limit: Option<u32>,
    },
    Escape {
        rows: u8,
        cols: u8,
        /// Row-major, west to east.
        animals: Vec<Animal>,
    },
}

/// What one click of the editor puts on a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Brush {
    /// Swap: a frog facing right (L), left (R), or an empty pad.
    Swap(Cell),
    /// Hop: `o`, `g`, `r` or `.` (no pad, on a Square board).
    Hop(char),
    /// Hop: the pad the last frog must finish on (again: none).
    Finish,
    /// Flood: paint one cell.
    Paint(u8),
    /// Flood: paint the cell's whole region of its colour.
    Fill(u8),
    /// Escape: an animal of this kind and colour.
    Animal(Animal),
}

/// A mistake the loader finds in a draft: its words, and the cell it
/// concerns when it concerns one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mistake {
    pub message: String,
    pub cell: Option<(usize, usize)>,
}

impl DraftBoard {
    /// The board's code (`Draft::code`), written by its puzzle's part.
    fn code(&self) -> String {
        match self {
            DraftBoard::Swap {
                cells,
                goal,
                jump_own,
            } => swap_code::code(cells, goal.as_deref(), *jump_own),
            DraftBoard::Hop {
                shape,
                grid,
                finish,
            } => hop_code::code(*shape, grid, *finish),
            DraftBoard::Flood {
                width,
                height,
                colours,
                cells,
                limit,
            } => flood_code::code(*width, *height, *colours, cells, *limit),
            DraftBoard::Escape {
                rows,
                cols,
                animals,
            } => escape_code::code(*rows, *cols, animals),
        }
    }
}

impl Draft {
    /// A new level of the puzzle `like` plays: a small board to start from.
    pub fn new_like(like: &Puzzle) -> Draft {
        let board = match like {
            Puzzle::Swap(_) => DraftBoard::Swap {
                cells: "LLL_RRR".chars().filter_map(Cell::from_char).collect(),
                goal: None,
                jump_own: false,
            },
            Puzzle::Hop(h) if h.board.shape != Shape::Pond => DraftBoard::Hop {
                shape: Shape::Square,
                grid: english_grid(),
                finish: Some((3, 3)),
            },
            Puzzle::Hop(_) => {
                let mut grid = pond_grid();
                grid[0][0] = 'g';
                grid[1][1] = 'g';
                grid[2][2] = 'r';
                DraftBoard::Hop {
                    shape: Shape::Pond,
                    grid,
                    finish: None,
                }
            }
            Puzzle::Flood(_) => DraftBoard::Flood {
                width: 8,
                height: 8,
                colours: 4,
                cells: rng::flood_cells(8, 8, 4, 1),
                limit: None,
            },
            Puzzle::Escape(_) => {
                let e = generate::deal(&mut rng::SplitMix64::new(1), 4, 4, 4, 4);
                DraftBoard::Escape {
                    rows: e.rows,
                    cols: e.cols,
                    animals: e.animals,
                }
            }
        };
        Draft {
            name: "My level".into(),
            board,
        }
    }

    /// A copy of a level to change.
    pub fn of_level(level: &Level) -> Draft {
        let board = match &level.puzzle {
            Puzzle::Swap(s) => DraftBoard::Swap {
                cells: s.cells.clone(),
                goal: (s.goal != mirrored(&s.cells)).then(|| s.goal.clone()),
                jump_own: s.jump_own,
            },
            Puzzle::Hop(h) => DraftBoard::Hop {
                shape: h.board.shape,
                grid: generate::hop_layout(h)
                    .iter()
                    .map(|r| r.chars().filter(|&c| c != ' ').collect())
                    .collect(),
                finish: h.finish.map(|p| h.board.pads[p as usize]),
            },
            Puzzle::Flood(f) => DraftBoard::Flood {
                width: f.width,
                height: f.height,
                colours: f.colours,
                cells: f.cells.clone(),
                limit: f.limit,
            },
            Puzzle::Escape(e) => DraftBoard::Escape {
                rows: e.rows,
                cols: e.cols,
                animals: e.animals.clone(),
            },
        };
        Draft {
            name: level.name.clone(),
            board,
        }
    }

    /// The level as a pack file writes it.
    pub fn to_file(&self) -> LevelFile {
        let name = self.name.clone();
        match &self.board {
            DraftBoard::Swap {
                cells,
                goal,
                jump_own,
            } => LevelFile::Swap {
                name,
                row: row_text(cells),
                goal: goal.as_deref().map(row_text),
                jump_own: *jump_own,
                grade: None,
            },
            DraftBoard::Hop {
                shape,
                grid,
                finish,
            } => LevelFile::Hop {
                name,
                board: *shape,
                layout: grid
                    .iter()
                    .map(|r| {
                        r.iter()
                            .map(|c| c.to_string())
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect(),
                finish: *finish,
                grade: None,
            },
            DraftBoard::Flood {
                width,
                cells,
                colours,
                limit,
                ..
            } => LevelFile::Flood {
                name,
                cells: Some(
                    cells
                        .chunks(*width as usize)
                        .map(|r| r.iter().map(|c| char::from(b'0' + c)).collect())
                        .collect(),
                ),
                random: None,
                colours: Some(*colours),
                moves: *limit,
                grade: None,
            },
            DraftBoard::Escape { cols, animals, .. } => LevelFile::Escape {
                name,
                rows: animals
                    .chunks(*cols as usize)
                    .map(|r| r.iter().map(|a| a.code()).collect::<Vec<_>>().join(" "))
                    .collect(),
                grade: None,
            },
        }
    }

    /// The level, or the loader's first mistake in it.
    pub fn check(&self) -> Result<Level, Mistake> {
        build_level(&self.to_file()).map_err(|(spot, message)| Mistake {
            cell: self.cell_of(&spot),
            message,
        })
    }

    /// The cell a mistake's place in the file names, if it names one.
    fn cell_of(&self, spot: &Spot) -> Option<(usize, usize)> {
        let ch = spot.ch?;
        match &self.board {
            DraftBoard::Swap { .. } => Some((usize::from(spot.field == "goal"), ch)),
            DraftBoard::Hop { .. } => Some((spot.item?, ch / 2)),
            DraftBoard::Flood { .. } => Some((spot.item?, ch)),
            DraftBoard::Escape { .. } => Some((spot.item?, ch / 3)),
        }
    }

    /// The board as its rules state, to draw, whether or not it is a level
    /// yet (a pond with no frog, a goal of the wrong frogs).
    pub fn drawn(&self) -> Puzzle {
        match &self.board {
            DraftBoard::Swap {
                cells,
                goal,
                jump_own,
            } => Puzzle::Swap(Swap {
                cells: cells.clone(),
                goal: goal.clone().unwrap_or_else(|| mirrored(cells)),
                jump_own: *jump_own,
            }),
            DraftBoard::Hop {
                shape,
                grid,
                finish,
            } => {
                let present: Vec<Vec<bool>> = grid
                    .iter()
                    .map(|r| r.iter().map(|&c| c != '.').collect())
                    .collect();
                let board = Board::new(*shape, &present);
                let mut green = 0u64;
                let mut red = None;
                for (i, &(r, c)) in board.pads.iter().enumerate().take(MAX_PADS) {
                    match grid[r as usize][c as usize] {
                        'g' => green |= 1 << i,
                        'r' if red.is_none() => red = Some(i as u8),
                        _ => {}
                    }
                }
                let finish = finish.and_then(|(r, c)| board.pad_at(r, c));
                Puzzle::Hop(Hop {
                    board,
                    green,
                    red,
                    finish,
                })
            }
            DraftBoard::Flood {
                width,
                height,
                colours,
                cells,
                limit,
            } => Puzzle::Flood(Flood::new(*width, *height, *colours, cells.clone(), *limit)),
            DraftBoard::Escape {
                rows,
                cols,
                animals,
            } => Puzzle::Escape(Escape::new(*rows, *cols, animals.clone())),
        }
    }

    /// Puts `brush` on the cell at `(row, col)`; whether anything changed.
    pub fn paint(&mut self, row: usize, col: usize, brush: Brush) -> bool {
        match (&mut self.board, brush) {
            (DraftBoard::Swap { cells, goal, .. }, Brush::Swap(cell)) => {
                if row == 0 {
                    return set(cells.get_mut(col), cell);
                }
                // Row 1 is the goal: painting it makes it a drawn goal.
                if col >= cells.len() {
                    return false;
                }
                let drawn_now = goal.is_none();
                let goal = goal.get_or_insert_with(|| mirrored(cells));
                set(goal.get_mut(col), cell) || drawn_now
            }
            (DraftBoard::Hop { shape, grid, .. }, Brush::Hop(c)) => {
                let Some(here) = grid.get_mut(row).and_then(|r| r.get_mut(col)) else {
                    return false;
                };
                // The Pond's and a triangle's pads are fixed: only frogs change.
                if (*here == '.' || c == '.') && *shape != Shape::Square {
                    return false;
                }
                if c == 'r' {
                    for cell in grid.iter_mut().flatten() {
                        if *cell == 'r' {
                            *cell = 'o';
                        }
                    }
                }
                set(grid.get_mut(row).and_then(|r| r.get_mut(col)), c)
            }
            (DraftBoard::Hop { grid, finish, .. }, Brush::Finish) => {
                let on_pad = grid
                    .get(row)
                    .and_then(|r| r.get(col))
                    .is_some_and(|&c| c != '.');
                let at = (row as u8, col as u8);
                if !on_pad {
                    return false;
                }
                *finish = if *finish == Some(at) { None } else { Some(at) };
                true
            }
            (
                DraftBoard::Flood {
                    width,
                    height,
                    cells,
                    ..
                },
                Brush::Paint(c),
            ) => {
                if col >= *width as usize || row >= *height as usize {
                    return false;
                }
                set(cells.get_mut(row * *width as usize + col), c)
            }
            (
                DraftBoard::Flood {
                    width,
                    height,
                    cells,
                    ..
                },
                Brush::Fill(c),
            ) => {
                let (w, h) = (*width as usize, *height as usize);
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
            (
                DraftBoard::Escape {
                    rows,
                    cols,
                    animals,
                },
                Brush::Animal(a),
            ) => {
                if row >= *rows as usize || col >= *cols as usize {
                    return false;
                }
                set(animals.get_mut(row * *cols as usize + col), a)
            }
            _ => false,
        }
    }

    /// The row as the files write it, for a level typed as a row (Swap):
    /// the editor's row field shows it.
    pub fn row(&self) -> Option<String> {
        match &self.board {
            DraftBoard::Swap { cells, .. } => Some(row_text(cells)),
            DraftBoard::Hop { .. } | DraftBoard::Flood { .. } | DraftBoard::Escape { .. } => None,
        }
    }

    /// Whether the board is dealt from a seed (Flood, Escape): the
    /// editor's seed field shows it.
    pub fn dealt(&self) -> bool {
        match &self.board {
            DraftBoard::Flood { .. } | DraftBoard::Escape { .. } => true,
            DraftBoard::Swap { .. } | DraftBoard::Hop { .. } => false,
        }
    }

    /// What the loader accepts but a level's author would want to know: an
    /// animal of the same kind and colour twice, in words.
    pub fn warnings(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let DraftBoard::Escape { animals, cols, .. } = &self.board {
            let mut seen = std::collections::HashMap::new();
            for (i, a) in animals.iter().enumerate() {
                let at = (i / *cols as usize + 1, i % *cols as usize + 1);
                if let Some((r, c)) = seen.insert((a.kind, a.colour), at) {
                    out.push(format!(
                        "the {} at row {}, column {} is also at row {r}, column {c}",
                        a.describe(),
                        at.0,
                        at.1
                    ));
                }
            }
        }
        out
    }
}

pub(super) fn set<T: PartialEq>(slot: Option<&mut T>, value: T) -> bool {
    match slot {
        Some(s) if *s != value => {
            *s = value;
            true
        }
        _ => false,
    }
}

/// The 13-pad pond, every pad empty.
pub(super) fn pond_grid() -> Vec<Vec<char>> {
    (0..5)
        .map(|r| {
            (0..5)
                .map(|c| if (r + c) % 2 == 0 { 'o' } else { '.' })
                .collect()
        })
        .collect()
}

/// The English cross, full but for its centre.
pub(super) fn english_grid() -> Vec<Vec<char>> {
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
