//! Flood: flood the grid to one colour from the top-left corner.

use crate::rules::{MoveError, Rules, refuse};
use serde::{Deserialize, Serialize};

/// The most colours a board may use (one digit each).
pub const MAX_COLOURS: u8 = 10;

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Flood {
    pub width: u16,
    pub height: u16,
    pub colours: u8,
    /// Row-major colours, each below `colours`.
    pub cells: Vec<u8>,
    /// Moves allowed to win, if the level sets a limit.
    pub limit: Option<u32>,
    /// Moves played so far.
    pub moves: u32,
}

/// Floods the region with a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FloodMove {
    pub colour: u8,
}

/// The region as it was, to paint it back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FloodUndo {
    pub old: u8,
    pub region: Vec<u32>,
}

impl Flood {
    pub fn new(width: u16, height: u16, colours: u8, cells: Vec<u8>, limit: Option<u32>) -> Flood {
        Flood {
            width,
            height,
            colours,
            cells,
            limit,
            moves: 0,
        }
    }

    pub fn region_colour(&self) -> u8 {
        self.cells.first().copied().unwrap_or(0)
    }

    /// The flooded cells, in breadth-first order from the corner: the order a
    /// wave of paint reaches them.
    pub fn region(&self) -> Vec<u32> {
        flood_region(self.width as usize, self.height as usize, &self.cells)
    }

    pub fn over_limit(&self) -> bool {
        self.limit.is_some_and(|l| self.moves > l)
    }

    pub fn moves_left(&self) -> Option<u32> {
        self.limit.map(|l| l.saturating_sub(self.moves))
    }
}

/// The cells joined to cell 0 through its colour, breadth first.
pub fn flood_region(width: usize, height: usize, cells: &[u8]) -> Vec<u32> {
    if cells.is_empty() {
        return Vec::new();
    }
    let colour = cells[0];
    let mut seen = vec![false; cells.len()];
    let mut order = vec![0u32];
    seen[0] = true;
    let mut head = 0;
    while head < order.len() {
        let i = order[head] as usize;
        head += 1;
        let (x, y) = (i % width, i / width);
        let mut visit = |j: usize| {
            if !seen[j] && cells[j] == colour {
                seen[j] = true;
                order.push(j as u32);
            }
        };
        if x > 0 {
            visit(i - 1);
        }
        if x + 1 < width {
            visit(i + 1);
        }
        if y > 0 {
            visit(i - width);
        }
        if y + 1 < height {
            visit(i + width);
        }
    }
    order
}

impl Rules for Flood {
    type Move = FloodMove;
    type Undo = FloodUndo;

    const NOTATION: &'static str = "a colour number, as `2`";
    const WRITTEN_AS: &'static str = "a number";

    fn in_notation(text: &str) -> bool {
        crate::rules::is_number(text)
    }

    crate::rules::variant_glue!(Flood);

    fn moves_left(&self) -> Option<i64> {
        self.limit.map(|l| l as i64 - self.moves as i64)
    }

    fn legal_moves(&self, out: &mut Vec<FloodMove>) {
        out.clear();
        if self.is_goal() {
            return;
        }
        let here = self.region_colour();
        out.extend(
            (0..self.colours)
                .filter(|&c| c != here)
                .map(|colour| FloodMove { colour }),
        );
    }

    fn apply(&mut self, mv: FloodMove) -> Result<FloodUndo, MoveError> {
        if mv.colour >= self.colours {
            return refuse(format!(
                "this board has colours 0 to {}, not {}",
                self.colours.saturating_sub(1),
                mv.colour
            ));
        }
        let old = self.region_colour();
        if mv.colour == old {
            return refuse(format!(
                "the flood is colour {old} already: pick another colour"
            ));
        }
        if self.is_goal() {
            return refuse("the board is one colour already");
        }
        let region = self.region();
        for &i in &region {
            self.cells[i as usize] = mv.colour;
        }
        self.moves += 1;
        Ok(FloodUndo { old, region })
    }

    fn undo(&mut self, undo: &FloodUndo) {
        for &i in &undo.region {
            if let Some(c) = self.cells.get_mut(i as usize) {
                *c = undo.old;
            }
        }
        self.moves = self.moves.saturating_sub(1);
    }

    fn is_goal(&self) -> bool {
        let c = self.region_colour();
        self.cells.iter().all(|&x| x == c)
    }

    fn move_text(mv: FloodMove) -> String {
        mv.colour.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<FloodMove, MoveError> {
        let t = text.trim();
        match t.parse::<u8>() {
            Ok(c) if c < self.colours => Ok(FloodMove { colour: c }),
            _ => refuse(format!(
                "expected a colour from 0 to {}, found `{t}`",
                self.colours.saturating_sub(1)
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str], colours: u8) -> Flood {
        let width = rows[0].len() as u16;
        let cells = rows
            .iter()
            .flat_map(|r| r.bytes().map(|b| b - b'0'))
            .collect();
        Flood::new(width, rows.len() as u16, colours, cells, Some(3))
    }

    #[test]
    fn region_grows_through_its_colour() {
        let f = board(&["0012", "1002", "2220"], 3);
        let mut r = f.region();
        r.sort();
        assert_eq!(r, vec![0, 1, 5, 6]);
    }

    #[test]
    fn a_move_swallows_neighbours_and_undoes() {
        let mut f = board(&["0012", "1002", "2220"], 3);
        let before = f.clone();
        let u = f.apply(FloodMove { colour: 1 }).unwrap();
        assert_eq!(f.region().len(), 6);
        assert_eq!(f.moves, 1);
        f.undo(&u);
        assert_eq!(f, before);
    }

    #[test]
    fn same_colour_and_unknown_colour_are_refused() {
        let mut f = board(&["01", "10"], 2);
        assert!(f.apply(FloodMove { colour: 0 }).is_err());
        assert!(f.apply(FloodMove { colour: 5 }).is_err());
        assert_eq!(f.moves, 0);
    }

    #[test]
    fn past_the_limit_is_lost_but_playable() {
        let mut f = board(&["012", "120", "201"], 3);
        f.limit = Some(1);
        let mut colour = 1;
        while !f.is_goal() {
            f.apply(FloodMove { colour }).unwrap();
            colour = (colour + 1) % 3;
        }
        assert!(f.moves > 1);
        assert!(f.over_limit());
        assert_eq!(f.moves_left(), Some(0));
    }

    #[test]
    fn notation_round_trips() {
        let f = board(&["0123"], 4);
        for c in 0..4 {
            let m = FloodMove { colour: c };
            assert_eq!(f.parse_move(&Flood::move_text(m)).unwrap(), m);
        }
        assert!(f.parse_move("4").is_err());
        assert!(f.parse_move("red").is_err());
    }
}
