//! A Flood board's code: `BF-`, its size, its colours and its move limit if
//! any (`8X8C4M11`), then its cells' digits.

use crate::levels::edit::code::number;
use crate::levels::limits;
use crate::puzzles::flood::edit::FloodDraft;
use crate::rules::flood::MAX_COLOURS;

pub(crate) fn code(
    width: u16,
    height: u16,
    colours: u8,
    cells: &[u8],
    limit: Option<u32>,
) -> String {
    let limit = limit.map(|m| format!("M{m}")).unwrap_or_default();
    let cells: String = cells.iter().map(|&c| char::from(b'0' + c)).collect();
    format!("BF-{width}X{height}C{colours}{limit}-{cells}")
}

/// A Flood board's code after `BF`: its size, colours and limit, then its
/// cells.
pub(crate) fn board(parts: &[&str]) -> Result<FloodDraft, String> {
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
    Ok(FloodDraft {
        width: width as u16,
        height: height as u16,
        colours: colours as u8,
        cells,
        limit: limit.map(|m| m as u32),
    })
}
