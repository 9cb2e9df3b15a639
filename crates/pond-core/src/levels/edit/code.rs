//! Board codes: a draft as a line of letters, digits and `-` that carries
//! the whole board, and back.

use super::{Draft, DraftBoard};
use crate::levels::limits;
use crate::rules::escape::Animal;
use crate::rules::flood::MAX_COLOURS;
use crate::rules::hop::Shape;
use crate::rules::swap::Cell;

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
        let board = match parts.first().copied() {
            Some("BS") => swap_board(&parts)?,
            Some("BH") => hop_board(&parts)?,
            Some("BF") => flood_board(&parts)?,
            Some("BE") => escape_board(&parts)?,
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

/// The number `text` gives, `what` in the words of a mistake, from 1 to
/// `most`.
fn number(text: &str, what: &str, most: usize) -> Result<usize, String> {
    text.parse::<usize>()
        .ok()
        .filter(|n| (1..=most).contains(n))
        .ok_or_else(|| format!("expected {what} from 1 to {most}, found `{text}`"))
}

/// A Swap board's code after `BS`: its row, then its goal and `J`, if any.
fn swap_board(parts: &[&str]) -> Result<DraftBoard, String> {
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
    Ok(DraftBoard::Swap {
        cells,
        goal,
        jump_own,
    })
}

/// A Hop board's code after `BH`: its shape, its cells and its finish pad,
/// if any.
fn hop_board(parts: &[&str]) -> Result<DraftBoard, String> {
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
            "this board has {}; the code gives {}",
            crate::levels::count_of(want, "cell", "cells"),
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
    Ok(DraftBoard::Hop {
        shape,
        grid,
        finish,
    })
}

/// A Flood board's code after `BF`: its size, colours and limit, then its
/// cells.
fn flood_board(parts: &[&str]) -> Result<DraftBoard, String> {
    let head = parts.get(1).copied().unwrap_or("");
    let bad =
        || format!("expected <width>X<height>C<colours> (and M<limit>) after BF-, found `{head}`");
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
                format!("unexpected `{c}` among a Flood board's cells: expected a digit")
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
    Ok(DraftBoard::Flood {
        width: width as u16,
        height: height as u16,
        colours: colours as u8,
        cells,
        limit: limit.map(|m| m as u32),
    })
}

/// An Escape board's code after `BE`: its size, then its animals.
fn escape_board(parts: &[&str]) -> Result<DraftBoard, String> {
    let head = parts.get(1).copied().unwrap_or("");
    let (r, c) = head
        .split_once('X')
        .ok_or_else(|| format!("expected <rows>X<columns> after BE-, found `{head}`"))?;
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
    Ok(DraftBoard::Escape {
        rows: rows as u8,
        cols: cols as u8,
        animals,
    })
}
