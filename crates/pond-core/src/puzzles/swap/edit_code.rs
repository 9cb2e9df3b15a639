//! A Swap board's code: `BS-` and its row (O an empty pad), then `-` and a
//! drawn goal, and `-J` when frogs jump their own kind.

use crate::levels::limits;
use crate::puzzles::swap::edit::SwapDraft;
use crate::rules::swap::Cell;

/// A row as a code writes it.
fn row(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|c| match c {
            Cell::L => 'L',
            Cell::R => 'R',
            Cell::Empty => 'O',
        })
        .collect()
}

pub(crate) fn code(cells: &[Cell], goal: Option<&[Cell]>, jump_own: bool) -> String {
    let mut out = format!("BS-{}", row(cells));
    if let Some(g) = goal {
        out.push('-');
        out.push_str(&row(g));
    }
    if jump_own {
        out.push_str("-J");
    }
    out
}

/// A Swap board's code after `BS`: its row, then its goal and `J`, if any.
pub(crate) fn board(parts: &[&str]) -> Result<SwapDraft, String> {
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
    Ok(SwapDraft {
        cells,
        goal,
        jump_own,
    })
}
