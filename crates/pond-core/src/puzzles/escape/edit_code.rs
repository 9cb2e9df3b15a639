//! An Escape board's code: `BE-`, its size (`4X4`), then each animal's kind
//! letter and colour digit.

use crate::levels::edit::code::number;
use crate::levels::limits;
use crate::puzzles::escape::edit::EscapeDraft;
use crate::rules::escape::Animal;

pub(crate) fn code(rows: u8, cols: u8, animals: &[Animal]) -> String {
    let cells: String = animals
        .iter()
        .map(|a| a.code().to_ascii_uppercase())
        .collect();
    format!("BE-{rows}X{cols}-{cells}")
}

/// An Escape board's code after `BE`: its size, then its animals.
pub(crate) fn board(parts: &[&str]) -> Result<EscapeDraft, String> {
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
    Ok(EscapeDraft {
        rows: rows as u8,
        cols: cols as u8,
        animals,
    })
}
