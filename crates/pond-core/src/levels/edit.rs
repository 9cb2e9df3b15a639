//! The level editor's pure side: a level being drawn (`Draft`), changed one
//! edit at a time, drawn as a rules state even while it is not yet a level,
//! checked by the loader's own rules (the same words, at the cell they
//! concern), and written as the `LevelFile` a pack holds.

use super::{Level, LevelFile, Spot, build_level, generate, limits, rng};
use crate::rules::Puzzle;
use crate::rules::escape::{Animal, Escape};
use crate::rules::flood::{Flood, MAX_COLOURS};
use crate::rules::hop::{Board, Hop, MAX_PADS, Shape};
use crate::rules::swap::{Cell, Swap, mirrored};

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
                    limit,
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
                let _ = limit;
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

    /// Swap: toggles the variant where a frog may jump its own kind.
    pub fn toggle_jump_own(&mut self) -> bool {
        if let DraftBoard::Swap { jump_own, .. } = &mut self.board {
            *jump_own = !*jump_own;
            return true;
        }
        false
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

fn set<T: PartialEq>(slot: Option<&mut T>, value: T) -> bool {
    match slot {
        Some(s) if *s != value => {
            *s = value;
            true
        }
        _ => false,
    }
}

fn row_text(cells: &[Cell]) -> String {
    cells.iter().map(|c| c.to_char()).collect()
}

/// The 13-pad pond, every pad empty.
fn pond_grid() -> Vec<Vec<char>> {
    (0..5)
        .map(|r| {
            (0..5)
                .map(|c| if (r + c) % 2 == 0 { 'o' } else { '.' })
                .collect()
        })
        .collect()
}

/// The English cross, full but for its centre.
fn english_grid() -> Vec<Vec<char>> {
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

/// The comment at the top of a pack the editor writes.
const HEADER: &str = "A pack of levels made in Pond Puzzles' level editor.\nThe format: levels/README.md in the game's sources.";

/// Adds `level` to the pack file at `path`, or puts it in place of the
/// pack's level `replace` (from 0); a new pack named `pack_name` when there
/// is no file yet. The file is written whole beside the old one and renamed
/// over it, so a pack is never half written. Returns the level's place in
/// the pack (from 0).
pub fn save_into(
    path: &std::path::Path,
    pack_name: &str,
    level: &Draft,
    replace: Option<usize>,
) -> Result<usize, String> {
    level.check().map_err(|m| m.message)?;
    let mut pack = if path.exists() {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        super::parse_pack(&path.display().to_string(), &text).map_err(|e| {
            format!("{e}; the pack has a mistake, so the level was not added to it")
        })?;
        ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .from_str::<super::PackFile>(&text)
            .map_err(|e| format!("{}: {e}", path.display()))?
    } else {
        super::PackFile {
            name: pack_name.to_string(),
            author: None,
            levels: Vec::new(),
        }
    };
    let at = match replace {
        Some(i) if i < pack.levels.len() => {
            pack.levels[i] = level.to_file();
            i
        }
        _ => {
            if pack.levels.len() >= limits::LEVELS {
                return Err(format!(
                    "the pack has {} levels already, the most a pack may have",
                    limits::LEVELS
                ));
            }
            pack.levels.push(level.to_file());
            pack.levels.len() - 1
        }
    };
    let text = generate::write_pack(&pack, HEADER);
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot make the folder {}: {e}", dir.display()))?;
    }
    let tmp = path.with_extension(format!("ron.tmp-{}", std::process::id()));
    let written = std::fs::File::create(&tmp).and_then(|mut f| {
        use std::io::Write;
        f.write_all(text.as_bytes())?;
        f.sync_all()
    });
    if let Err(e) = written.and_then(|()| std::fs::rename(&tmp, path)) {
        let _ = std::fs::remove_file(&tmp);
        return Err(format!("cannot write {}: {e}", path.display()));
    }
    Ok(at)
}

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
                    choice("Yellow frog (L)"),
                    choice("Blue frog (R)"),
                    choice("Empty pad (_)"),
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
                            label: (c + 1).to_string(),
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

/// The longest board code: a 100x100 Flood board and its fields.
pub const MAX_BOARD_CODE: usize = limits::FLOOD_SIDE * limits::FLOOD_SIDE + 32;

impl Draft {
    /// The board as a code that carries it whole (letters, digits and `-`
    /// only, read in any case): `BS-LLLORRR` (a Swap row, O an empty pad;
    /// `-` and a drawn goal; `-J` when frogs jump their own kind),
    /// `BH-P-...` (Hop: P the Pond, S7 a square of 7, T5 a triangle of 5;
    /// its cells row by row, X no pad, O an empty pad, G and R the frogs;
    /// `-F3C3` the finish pad), `BF-8X8C4M11-...` (Flood: its size, its
    /// colours, its move limit if any, its cells' digits), `BE-4X4-A1B2...`
    /// (Escape: its size, each animal's kind and colour).
    pub fn code(&self) -> String {
        let swap = |cells: &[Cell]| -> String {
            cells
                .iter()
                .map(|c| match c {
                    Cell::L => 'L',
                    Cell::R => 'R',
                    Cell::Empty => 'O',
                })
                .collect()
        };
        match &self.board {
            DraftBoard::Swap {
                cells,
                goal,
                jump_own,
            } => {
                let mut out = format!("BS-{}", swap(cells));
                if let Some(g) = goal {
                    out.push('-');
                    out.push_str(&swap(g));
                }
                if *jump_own {
                    out.push_str("-J");
                }
                out
            }
            DraftBoard::Hop {
                shape,
                grid,
                finish,
            } => {
                let shape = match shape {
                    Shape::Pond => "P".to_string(),
                    Shape::Square => format!("S{}", grid.len()),
                    Shape::Triangle => format!("T{}", grid.len()),
                };
                let cells: String = grid
                    .iter()
                    .flatten()
                    .map(|&c| {
                        if c == '.' {
                            'X'
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect();
                let mut out = format!("BH-{shape}-{cells}");
                if let Some((r, c)) = finish {
                    out.push_str(&format!("-F{r}C{c}"));
                }
                out
            }
            DraftBoard::Flood {
                width,
                height,
                colours,
                cells,
                limit,
            } => {
                let limit = limit.map(|m| format!("M{m}")).unwrap_or_default();
                let cells: String = cells.iter().map(|&c| char::from(b'0' + c)).collect();
                format!("BF-{width}X{height}C{colours}{limit}-{cells}")
            }
            DraftBoard::Escape {
                rows,
                cols,
                animals,
            } => {
                let cells: String = animals
                    .iter()
                    .map(|a| a.code().to_ascii_uppercase())
                    .collect();
                format!("BE-{rows}X{cols}-{cells}")
            }
        }
    }

    /// The board of a code `code` gives (the level's rules are checked by
    /// `check`, as for a board drawn).
    pub fn from_code(code: &str) -> Result<Draft, String> {
        let code = code.trim().to_ascii_uppercase();
        if code.len() > MAX_BOARD_CODE {
            return Err(format!(
                "the board code has {} characters; the longest board (100x100) has {MAX_BOARD_CODE}",
                code.len()
            ));
        }
        let parts: Vec<&str> = code.split('-').collect();
        let number = |text: &str, what: &str, most: usize| -> Result<usize, String> {
            text.parse::<usize>()
                .ok()
                .filter(|n| (1..=most).contains(n))
                .ok_or_else(|| format!("expected {what} from 1 to {most}, found `{text}`"))
        };
        let board = match parts.first().copied() {
            Some("BS") => {
                let row = |text: &str| -> Result<Vec<Cell>, String> {
                    if text.is_empty() || text.len() > limits::SWAP_CELLS {
                        return Err(format!(
                            "a Swap row has 1 to {} pads, found {}",
                            limits::SWAP_CELLS,
                            text.len()
                        ));
                    }
                    text.chars()
                        .map(|c| match c {
                            'L' => Ok(Cell::L),
                            'R' => Ok(Cell::R),
                            'O' => Ok(Cell::Empty),
                            other => Err(format!(
                                "unexpected `{other}` in a Swap row: expected L, R or O (an empty pad)"
                            )),
                        })
                        .collect()
                };
                let cells = row(parts.get(1).copied().unwrap_or(""))?;
                let mut goal = None;
                let mut jump_own = false;
                for p in &parts[2.min(parts.len())..] {
                    if *p == "J" {
                        jump_own = true;
                    } else {
                        goal = Some(row(p)?);
                    }
                }
                DraftBoard::Swap {
                    cells,
                    goal,
                    jump_own,
                }
            }
            Some("BH") => {
                let shape_text = parts.get(1).copied().unwrap_or("");
                // By characters: a code may hold any text.
                let mut chars = shape_text.chars();
                let (first, rest) = (chars.next(), chars.as_str());
                let (shape, side) = match (first, rest) {
                    (Some('P'), "") => (Shape::Pond, 5),
                    (Some('S'), n) => (Shape::Square, number(n, "a square's side", 8)?),
                    (Some('T'), n) => (Shape::Triangle, number(n, "a triangle's rows", 10)?),
                    _ => {
                        return Err(format!(
                            "expected the board's shape after BH-: P (the Pond), S and a side, or T and rows, found `{shape_text}`"
                        ));
                    }
                };
                let widths: Vec<usize> = (0..side)
                    .map(|r| {
                        if shape == Shape::Triangle {
                            r + 1
                        } else {
                            side
                        }
                    })
                    .collect();
                let cells: Vec<char> = parts.get(2).copied().unwrap_or("").chars().collect();
                let want: usize = widths.iter().sum();
                if cells.len() != want {
                    return Err(format!(
                        "this board has {want} cells; the code gives {}",
                        cells.len()
                    ));
                }
                let mut grid = Vec::new();
                let mut at = 0;
                for w in widths {
                    let row: Result<Vec<char>, String> = cells[at..at + w]
                        .iter()
                        .map(|&c| match c {
                            'X' => Ok('.'),
                            'O' | 'G' | 'R' => Ok(c.to_ascii_lowercase()),
                            other => Err(format!(
                                "unexpected `{other}` in a Hop board: expected O, G, R or X (no pad)"
                            )),
                        })
                        .collect();
                    grid.push(row?);
                    at += w;
                }
                let finish = match parts.get(3) {
                    None => None,
                    Some(f) => {
                        let (r, c) = f
                            .strip_prefix('F')
                            .and_then(|rc| rc.split_once('C'))
                            .and_then(|(r, c)| Some((r.parse::<u8>().ok()?, c.parse::<u8>().ok()?)))
                            .ok_or_else(|| {
                                format!("expected the finish pad as F<row>C<column>, found `{f}`")
                            })?;
                        Some((r, c))
                    }
                };
                DraftBoard::Hop {
                    shape,
                    grid,
                    finish,
                }
            }
            Some("BF") => {
                let head = parts.get(1).copied().unwrap_or("");
                let bad = || {
                    format!(
                        "expected <width>X<height>C<colours> (and M<limit>) after BF-, found `{head}`"
                    )
                };
                let (w, rest) = head.split_once('X').ok_or_else(bad)?;
                let (h, rest) = rest.split_once('C').ok_or_else(bad)?;
                let (k, m) = match rest.split_once('M') {
                    Some((k, m)) => (k, Some(m)),
                    None => (rest, None),
                };
                let width = number(w, "a width", limits::FLOOD_SIDE)?;
                let height = number(h, "a height", limits::FLOOD_SIDE)?;
                let colours = number(k, "colours", MAX_COLOURS as usize)?;
                let limit = m.map(|m| number(m, "a move limit", 999)).transpose()?;
                let cells: Vec<u8> = parts
                    .get(2)
                    .copied()
                    .unwrap_or("")
                    .chars()
                    .map(|c| {
                        c.to_digit(10).map(|d| d as u8).ok_or_else(|| {
                            format!(
                                "unexpected `{c}` among a Flood board's cells: expected a digit"
                            )
                        })
                    })
                    .collect::<Result<_, _>>()?;
                if cells.len() != width * height {
                    return Err(format!(
                        "a {width}x{height} board has {} cells; the code gives {}",
                        width * height,
                        cells.len()
                    ));
                }
                DraftBoard::Flood {
                    width: width as u16,
                    height: height as u16,
                    colours: colours as u8,
                    cells,
                    limit: limit.map(|m| m as u32),
                }
            }
            Some("BE") => {
                let head = parts.get(1).copied().unwrap_or("");
                let (r, c) = head.split_once('X').ok_or_else(|| {
                    format!("expected <rows>X<columns> after BE-, found `{head}`")
                })?;
                let rows = number(r, "rows", limits::ESCAPE_SIDE)?;
                let cols = number(c, "columns", limits::ESCAPE_SIDE)?;
                let cells: Vec<char> = parts.get(2).copied().unwrap_or("").chars().collect();
                if cells.len() != rows * cols * 2 {
                    return Err(format!(
                        "a {rows}x{cols} prison holds {} animals; the code gives {} characters for them",
                        rows * cols,
                        cells.len()
                    ));
                }
                let animals = cells
                    .chunks(2)
                    .map(|p| {
                        let kind = p[0] as u32;
                        let ok = (u32::from(b'A')..u32::from(b'A') + limits::ESCAPE_TYPES as u32)
                            .contains(&kind);
                        match (ok, p[1].to_digit(10)) {
                            (true, Some(d)) if d >= 1 => Ok(Animal {
                                kind: (kind - u32::from(b'A')) as u8,
                                colour: (d - 1) as u8,
                            }),
                            _ => Err(format!(
                                "unexpected `{}{}`: expected an animal as a kind letter A to L and a colour digit 1 to 9",
                                p[0], p[1]
                            )),
                        }
                    })
                    .collect::<Result<_, _>>()?;
                DraftBoard::Escape {
                    rows: rows as u8,
                    cols: cols as u8,
                    animals,
                }
            }
            _ => {
                return Err(
                    "a board code starts with BS- (Swap), BH- (Hop), BF- (Flood) or BE- (Escape)"
                        .into(),
                );
            }
        };
        Ok(Draft {
            name: "A shared level".into(),
            board,
        })
    }
}
