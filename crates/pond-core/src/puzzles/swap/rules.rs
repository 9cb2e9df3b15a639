//! Swap: frogs facing each other on a row of lily pads change sides.

use crate::rules::{MoveError, Rules, parse_index, refuse};
use serde::{Deserialize, Serialize};

/// One cell of the row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cell {
    Empty,
    /// A frog that came from the left and faces right.
    L,
    /// A frog that came from the right and faces left.
    R,
}

impl Cell {
    pub fn from_char(c: char) -> Option<Cell> {
        match c {
            '_' => Some(Cell::Empty),
            'L' => Some(Cell::L),
            'R' => Some(Cell::R),
            _ => None,
        }
    }

    pub fn to_char(self) -> char {
        match self {
            Cell::Empty => '_',
            Cell::L => 'L',
            Cell::R => 'R',
        }
    }
}

/// A row of lily pads with frogs, and the row to reach.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Swap {
    pub cells: Vec<Cell>,
    pub goal: Vec<Cell>,
    /// Variant: a frog may also jump a frog of its own kind.
    pub jump_own: bool,
}

/// Moves the frog on cell `from`; a frog has at most one legal move, so the cell
/// names the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SwapMove {
    pub from: u32,
}

/// Where the frog went, to bring it back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SwapUndo {
    pub from: u32,
    pub to: u32,
}

pub fn parse_row(text: &str) -> Option<Vec<Cell>> {
    text.chars().map(Cell::from_char).collect()
}

pub fn row_text(cells: &[Cell]) -> String {
    cells.iter().map(|c| c.to_char()).collect()
}

/// The cell a frog on `from` of `cells` would land on, if it can move.
pub fn target_in(cells: &[Cell], jump_own: bool, from: usize) -> Option<usize> {
    let me = *cells.get(from)?;
    let dir: isize = match me {
        Cell::L => 1,
        Cell::R => -1,
        Cell::Empty => return None,
    };
    let step = from.checked_add_signed(dir)?;
    match *cells.get(step)? {
        Cell::Empty => Some(step),
        other if other != me || jump_own => {
            let land = step.checked_add_signed(dir)?;
            (*cells.get(land)? == Cell::Empty).then_some(land)
        }
        _ => None,
    }
}

/// The classic goal: the row read backwards (`LLL_RRR` becomes `RRR_LLL`);
/// the frogs keep facing the way they go.
pub fn mirrored(cells: &[Cell]) -> Vec<Cell> {
    cells.iter().rev().copied().collect()
}

impl Swap {
    /// A row whose goal is its mirror image.
    pub fn new(cells: Vec<Cell>, jump_own: bool) -> Swap {
        let goal = mirrored(&cells);
        Swap {
            cells,
            goal,
            jump_own,
        }
    }

    /// The cell a frog on `from` would land on, if it can move.
    pub fn target(&self, from: usize) -> Option<usize> {
        target_in(&self.cells, self.jump_own, from)
    }

    pub fn count(&self, kind: Cell) -> usize {
        self.cells.iter().filter(|&&c| c == kind).count()
    }
}

impl Rules for Swap {
    type Move = SwapMove;
    type Undo = SwapUndo;

    const NOTATION: &'static str = "a pad number (of the frog that moves), as `3`";
    const WRITTEN_AS: &'static str = "a number";

    fn in_notation(text: &str) -> bool {
        crate::rules::is_number(text)
    }

    crate::rules::variant_glue!(Swap);

    fn legal_moves(&self, out: &mut Vec<SwapMove>) {
        out.clear();
        for i in 0..self.cells.len() {
            if self.target(i).is_some() {
                out.push(SwapMove { from: i as u32 });
            }
        }
    }

    fn apply(&mut self, mv: SwapMove) -> Result<SwapUndo, MoveError> {
        let from = mv.from as usize;
        let Some(&frog) = self.cells.get(from) else {
            return refuse(format!("there is no pad {from}"));
        };
        let Some(to) = self.target(from) else {
            return match frog {
                Cell::Empty => refuse(format!("there is no frog on pad {from}")),
                Cell::L if self.jump_own => {
                    refuse("an L frog only moves right: one step to an empty pad, or over one frog")
                }
                Cell::L => refuse(
                    "an L frog only moves right: one step to an empty pad, or over one R frog",
                ),
                Cell::R if self.jump_own => {
                    refuse("an R frog only moves left: one step to an empty pad, or over one frog")
                }
                Cell::R => refuse(
                    "an R frog only moves left: one step to an empty pad, or over one L frog",
                ),
            };
        };
        self.cells[to] = frog;
        self.cells[from] = Cell::Empty;
        Ok(SwapUndo {
            from: mv.from,
            to: to as u32,
        })
    }

    fn undo(&mut self, undo: &SwapUndo) {
        let (from, to) = (undo.from as usize, undo.to as usize);
        if to < self.cells.len() && from < self.cells.len() {
            self.cells.swap(from, to);
        }
    }

    fn is_goal(&self) -> bool {
        self.cells == self.goal
    }

    fn move_text(mv: SwapMove) -> String {
        mv.from.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<SwapMove, MoveError> {
        let from = parse_index(text, "pad")?;
        if from >= self.cells.len() {
            return refuse(format!("there is no pad {from}"));
        }
        Ok(SwapMove { from: from as u32 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn swap(row: &str) -> Swap {
        Swap::new(parse_row(row).unwrap(), false)
    }

    #[test]
    fn steps_and_jumps_forward_only() {
        let s = swap("LLL_RRR");
        let mut moves = Vec::new();
        s.legal_moves(&mut moves);
        let froms: Vec<u32> = moves.iter().map(|m| m.from).collect();
        assert_eq!(froms, vec![2, 4]);
        assert_eq!(s.target(2), Some(3));
        assert_eq!(s.target(4), Some(3));
        assert_eq!(s.target(1), None);
        let s = swap("LR_");
        assert_eq!(s.target(0), Some(2));
        assert_eq!(s.target(1), None);
    }

    #[test]
    fn own_kind_is_jumped_only_in_the_variant() {
        let mut s = swap("LL_");
        assert_eq!(s.target(0), None);
        s.jump_own = true;
        assert_eq!(s.target(0), Some(2));
    }

    #[test]
    fn refusal_says_why_and_changes_nothing() {
        let mut s = swap("LLL_RRR");
        let before = s.clone();
        let err = s.apply(SwapMove { from: 0 }).unwrap_err();
        assert!(err.0.contains("L frog only moves right"), "{err}");
        assert!(
            s.apply(SwapMove { from: 3 })
                .unwrap_err()
                .0
                .contains("no frog")
        );
        assert!(s.apply(SwapMove { from: 70 }).is_err());
        assert_eq!(s, before);
    }

    #[test]
    fn apply_then_undo_restores() {
        let mut s = swap("LL_RR");
        let u = s.apply(SwapMove { from: 3 }).unwrap();
        assert_eq!(row_text(&s.cells), "LLR_R");
        s.undo(&u);
        assert_eq!(row_text(&s.cells), "LL_RR");
    }

    #[test]
    fn classic_solution_reaches_goal() {
        let mut s = swap("L_R");
        for m in ["0", "2", "1"] {
            let mv = s.parse_move(m).unwrap();
            s.apply(mv).unwrap();
        }
        assert!(s.is_goal());
        assert_eq!(row_text(&s.cells), "R_L");
    }

    #[test]
    fn dead_end_detected() {
        assert!(swap("LLRR_").is_dead_end());
        assert!(!swap("L_R").is_dead_end());
        assert!(swap("R_L").is_dead_end());
        let stuck = swap("_LLRR");
        // The R frogs face the L frogs and nothing can jump: no move at all.
        assert!(stuck.is_dead_end());
    }

    #[test]
    fn notation_round_trips() {
        let s = swap("LLL_RRR");
        for i in 0..7u32 {
            let m = SwapMove { from: i };
            assert_eq!(s.parse_move(&Swap::move_text(m)).unwrap(), m);
        }
        assert!(s.parse_move("x").is_err());
        assert!(s.parse_move("7").is_err());
    }
}
