//! Board codes: a draft as a line of letters, digits and `-` that carries
//! the whole board, and back.

use super::{Draft, DraftBoard, Editable};
use crate::levels::limits;
use crate::rules::PuzzleKind;

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
        self.board.code()
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
        let first = parts.first().copied().unwrap_or("");
        let mut known = Vec::new();
        for kind in PuzzleKind::ALL {
            let (prefix, read): (&str, ReadBoard) =
                crate::each_kind!(kind, T => (T::CODE, T::read_code));
            if prefix == first {
                return Ok(Draft {
                    name: "A shared level".into(),
                    board: read(&parts)?,
                });
            }
            known.push(format!("{prefix}- ({})", kind.title()));
        }
        Err(format!(
            "a board code starts with {}",
            crate::levels::words::or_list(&known)
        ))
    }
}

/// How one puzzle reads its board codes (`Editable::read_code`).
type ReadBoard = fn(&[&str]) -> Result<DraftBoard, String>;

/// The number `text` gives, `what` in the words of a mistake, from 1 to
/// `most`.
pub(crate) fn number(text: &str, what: &str, most: usize) -> Result<usize, String> {
    text.parse::<usize>()
        .ok()
        .filter(|n| (1..=most).contains(n))
        .ok_or_else(|| format!("expected {what} from 1 to {most}, found `{text}`"))
}
