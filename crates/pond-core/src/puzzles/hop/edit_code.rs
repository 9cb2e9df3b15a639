//! A Hop board's code: `BH-`, its shape (P the Pond, S7 a square of 7, T5 a
//! triangle of 5), its cells row by row (X no pad, O an empty pad, G and R
//! the frogs), and `-F3C3` the finish pad.

use crate::levels::edit::code::number;
use crate::puzzles::hop::edit::HopDraft;
use crate::rules::hop::Shape;

pub(crate) fn code(shape: Shape, grid: &[Vec<char>], finish: Option<(u8, u8)>) -> String {
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

/// A Hop board's code after `BH`: its shape, its cells and its finish pad,
/// if any.
pub(crate) fn board(parts: &[&str]) -> Result<HopDraft, String> {
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
    Ok(HopDraft {
        shape,
        grid,
        finish,
    })
}
