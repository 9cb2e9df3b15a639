//! Hop: frogs jump each other off a pond (the 13-pad frog puzzle), or pegs off a
//! peg solitaire board (square masks, triangles). One engine for all of them.

use crate::rules::{MoveError, Rules, parse_index, refuse};
use serde::{Deserialize, Serialize};

/// The most pads a board may have: a position is two 64-bit sets.
pub const MAX_PADS: usize = 64;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Shape {
    /// The 13-pad pond: cells of a 5x5 grid with row + col even.
    Pond,
    /// Orthogonal jumps on a grid of holes.
    Square,
    /// A triangular lattice; row `r` has `r + 1` holes.
    Triangle,
}

/// One directed jump line `from - over - to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Line {
    pub from: u8,
    pub over: u8,
    pub to: u8,
}

/// The pads of a board and its jump lines. Pads are numbered row by row.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    pub shape: Shape,
    pub rows: u8,
    pub cols: u8,
    /// `(row, col)` of each pad.
    pub pads: Vec<(u8, u8)>,
    pub lines: Vec<Line>,
    /// Pad permutations that keep the board and its lines (identity first).
    pub symmetries: Vec<Vec<u8>>,
}

impl Board {
    /// Builds a board from a grid of present cells. The caller has checked sizes
    /// (at most `MAX_PADS` pads, and for the Pond a 5x5 grid of even cells).
    pub fn new(shape: Shape, present: &[Vec<bool>]) -> Board {
        let rows = present.len() as u8;
        let cols = present.iter().map(|r| r.len()).max().unwrap_or(0) as u8;
        let mut pads = Vec::new();
        for (r, row) in present.iter().enumerate() {
            for (c, &here) in row.iter().enumerate() {
                if here {
                    pads.push((r as u8, c as u8));
                }
            }
        }
        let at = |r: i32, c: i32| -> Option<u8> {
            pads.iter()
                .position(|&(pr, pc)| pr as i32 == r && pc as i32 == c)
                .map(|i| i as u8)
        };
        let dirs: &[(i32, i32)] = match shape {
            Shape::Pond => &[(0, 2), (2, 0), (1, 1), (1, -1)],
            Shape::Square => &[(0, 1), (1, 0)],
            Shape::Triangle => &[(0, 1), (1, 0), (1, 1)],
        };
        let mut lines = Vec::new();
        for &(r, c) in &pads {
            for &(dr, dc) in dirs {
                let (r, c) = (r as i32, c as i32);
                let cells = [(r, c), (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)];
                if shape == Shape::Pond && !pond_line(cells) {
                    continue;
                }
                if let (Some(a), Some(b), Some(e)) = (
                    at(cells[0].0, cells[0].1),
                    at(cells[1].0, cells[1].1),
                    at(cells[2].0, cells[2].1),
                ) {
                    lines.push(Line {
                        from: a,
                        over: b,
                        to: e,
                    });
                    lines.push(Line {
                        from: e,
                        over: b,
                        to: a,
                    });
                }
            }
        }
        lines.sort_by_key(|l| (l.from, l.to));
        let mut board = Board {
            shape,
            rows,
            cols,
            pads,
            lines,
            symmetries: Vec::new(),
        };
        board.symmetries = board.find_symmetries();
        board
    }

    /// The full 13-pad pond.
    pub fn pond() -> Board {
        let present: Vec<Vec<bool>> = (0..5)
            .map(|r| (0..5).map(|c| (r + c) % 2 == 0).collect())
            .collect();
        Board::new(Shape::Pond, &present)
    }

    /// The English 33-hole cross.
    pub fn english() -> Board {
        let present: Vec<Vec<bool>> = (0..7)
            .map(|r| {
                (0..7)
                    .map(|c| (2..5).contains(&r) || (2..5).contains(&c))
                    .collect()
            })
            .collect();
        Board::new(Shape::Square, &present)
    }

    pub fn pad_at(&self, row: u8, col: u8) -> Option<u8> {
        self.pads
            .iter()
            .position(|&p| p == (row, col))
            .map(|i| i as u8)
    }

    pub fn line(&self, from: u8, to: u8) -> Option<Line> {
        self.lines
            .iter()
            .copied()
            .find(|l| l.from == from && l.to == to)
    }

    pub fn all_pads(&self) -> u64 {
        if self.pads.len() >= 64 {
            u64::MAX
        } else {
            (1u64 << self.pads.len()) - 1
        }
    }

    /// Applies a symmetry to a set of pads.
    pub fn map_set(perm: &[u8], set: u64) -> u64 {
        let mut out = 0u64;
        let mut rest = set;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            out |= 1u64 << perm[i];
        }
        out
    }

    fn find_symmetries(&self) -> Vec<Vec<u8>> {
        let (h, w) = (self.rows as i32 - 1, self.cols as i32 - 1);
        let candidates: Vec<CellMap> = match self.shape {
            Shape::Triangle => {
                let n = h;
                // Barycentric coordinates (a, b, g) = (c, r - c, n - r), permuted.
                let perms: [[usize; 3]; 6] = [
                    [0, 1, 2],
                    [1, 0, 2],
                    [0, 2, 1],
                    [2, 1, 0],
                    [1, 2, 0],
                    [2, 0, 1],
                ];
                perms
                    .into_iter()
                    .map(|p| {
                        Box::new(move |r: i32, c: i32| {
                            let bary = [c, r - c, n - r];
                            let (a, b) = (bary[p[0]], bary[p[1]]);
                            (a + b, a)
                        }) as CellMap
                    })
                    .collect()
            }
            _ => vec![
                Box::new(|r, c| (r, c)),
                Box::new(move |r, c| (r, w - c)),
                Box::new(move |r, c| (h - r, c)),
                Box::new(move |r, c| (h - r, w - c)),
                Box::new(|r, c| (c, r)),
                Box::new(move |r, c| (w - c, r)),
                Box::new(move |r, c| (c, h - r)),
                Box::new(move |r, c| (w - c, h - r)),
            ],
        };
        let mut found = Vec::new();
        'next: for map in candidates {
            let mut perm = Vec::with_capacity(self.pads.len());
            for &(r, c) in &self.pads {
                let (nr, nc) = map(r as i32, c as i32);
                if nr < 0 || nc < 0 || nr > 255 || nc > 255 {
                    continue 'next;
                }
                match self.pad_at(nr as u8, nc as u8) {
                    Some(p) => perm.push(p),
                    None => continue 'next,
                }
            }
            let keeps_lines = self.lines.iter().all(|l| {
                self.line(perm[l.from as usize], perm[l.to as usize])
                    .is_some_and(|m| m.over == perm[l.over as usize])
            });
            if keeps_lines && !found.contains(&perm) {
                found.push(perm);
            }
        }
        found
    }
}

/// A map of grid cells `(row, col)`, a candidate symmetry.
type CellMap = Box<dyn Fn(i32, i32) -> (i32, i32)>;

/// The pond's jump lines: rows and columns on even cells, the long diagonals,
/// and the four short diagonals through the odd cells.
fn pond_line(cells: [(i32, i32); 3]) -> bool {
    let [(r0, c0), (r1, c1), _] = cells;
    let (dr, dc) = (r1 - r0, c1 - c0);
    if dr == 0 || dc == 0 {
        return r0 % 2 == 0 && c0 % 2 == 0;
    }
    let on_long_diagonal = |(r, c): (i32, i32)| r == c || r + c == 4;
    if cells.iter().all(|&p| on_long_diagonal(p)) && (dr == dc || dr == -dc) {
        let same = if dr == dc {
            cells.iter().all(|&(r, c)| r == c)
        } else {
            cells.iter().all(|&(r, c)| r + c == 4)
        };
        if same {
            return true;
        }
    }
    // Short diagonals run from the middle of one edge to the middle of the next.
    let mids = [(0, 2), (2, 0), (2, 4), (4, 2)];
    mids.contains(&cells[0]) && mids.contains(&cells[2])
}

/// Frogs on a board. Green frogs are a set of pads; the red frog, if any, is one.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Hop {
    pub board: Board,
    pub green: u64,
    pub red: Option<u8>,
    /// The pad the last frog must end on, if the level asks for one.
    pub finish: Option<u8>,
}

/// A frog jumps from pad `from` to pad `to`; the pad between is implied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HopMove {
    pub from: u8,
    pub to: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HopUndo {
    pub line: Line,
}

impl Hop {
    /// The English central game: every hole filled but the centre, and the
    /// last peg must end in the centre.
    pub fn english_central() -> Hop {
        let board = Board::english();
        let centre = board.pad_at(3, 3);
        Hop {
            green: board.all_pads() & !centre.map_or(0, |c| 1u64 << c),
            red: None,
            finish: centre,
            board,
        }
    }

    pub fn occupied(&self) -> u64 {
        self.green | self.red.map_or(0, |r| 1u64 << r)
    }

    pub fn frogs(&self) -> u32 {
        self.occupied().count_ones()
    }

    fn has_frog(&self, pad: u8) -> bool {
        self.occupied() >> pad & 1 == 1
    }
}

impl Rules for Hop {
    type Move = HopMove;
    type Undo = HopUndo;

    const NOTATION: &'static str = "a jump FROM-TO of pad numbers, as `5-17`";
    const WRITTEN_AS: &'static str = "a jump FROM-TO";

    fn in_notation(text: &str) -> bool {
        text.split_once('-')
            .is_some_and(|(a, b)| crate::rules::is_number(a) && crate::rules::is_number(b))
    }

    crate::rules::variant_glue!(Hop);

    fn legal_moves(&self, out: &mut Vec<HopMove>) {
        out.clear();
        let occ = self.occupied();
        for l in &self.board.lines {
            if occ >> l.from & 1 == 1 && self.green >> l.over & 1 == 1 && occ >> l.to & 1 == 0 {
                out.push(HopMove {
                    from: l.from,
                    to: l.to,
                });
            }
        }
    }

    fn apply(&mut self, mv: HopMove) -> Result<HopUndo, MoveError> {
        let pads = self.board.pads.len();
        for pad in [mv.from, mv.to] {
            if pad as usize >= pads {
                return refuse(format!("there is no pad {pad}"));
            }
        }
        if !self.has_frog(mv.from) {
            return refuse(format!("there is no frog on pad {}", mv.from));
        }
        if self.has_frog(mv.to) {
            return refuse(format!(
                "pad {} is taken: a frog lands only on an empty pad",
                mv.to
            ));
        }
        let Some(line) = self.board.line(mv.from, mv.to) else {
            return refuse(format!(
                "pads {} and {} are not two apart on a jump line",
                mv.from, mv.to
            ));
        };
        if self.red == Some(line.over) {
            return refuse("the red frog may never be jumped");
        }
        if self.green >> line.over & 1 == 0 {
            return refuse(format!(
                "a frog jumps only over another frog, and pad {} is empty",
                line.over
            ));
        }
        self.green &= !(1u64 << line.over);
        if self.red == Some(mv.from) {
            self.red = Some(mv.to);
        } else {
            self.green = self.green & !(1u64 << mv.from) | 1u64 << mv.to;
        }
        Ok(HopUndo { line })
    }

    fn undo(&mut self, undo: &HopUndo) {
        let l = undo.line;
        if self.red == Some(l.to) {
            self.red = Some(l.from);
        } else {
            self.green = self.green & !(1u64 << l.to) | 1u64 << l.from;
        }
        self.green |= 1u64 << l.over;
    }

    /// Every jump takes a frog away; a win leaves one.
    fn moves_to_win(&self) -> Option<u32> {
        Some(self.frogs().saturating_sub(1))
    }

    fn is_goal(&self) -> bool {
        let last = match self.red {
            Some(r) if self.green == 0 => r,
            Some(_) => return false,
            None if self.green.count_ones() == 1 => self.green.trailing_zeros() as u8,
            None => return false,
        };
        self.finish.is_none_or(|f| f == last)
    }

    fn move_text(mv: HopMove) -> String {
        format!("{}-{}", mv.from, mv.to)
    }

    fn parse_move(&self, text: &str) -> Result<HopMove, MoveError> {
        let Some((a, b)) = text.split_once('-') else {
            return refuse(format!(
                "expected a jump as FROM-TO (pad numbers), found `{}`",
                text.trim()
            ));
        };
        let from = parse_index(a, "pad")?;
        let to = parse_index(b, "pad")?;
        let pads = self.board.pads.len();
        if from >= pads || to >= pads {
            return refuse(format!("pads are numbered 0 to {}", pads - 1));
        }
        Ok(HopMove {
            from: from as u8,
            to: to as u8,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pond_has_sixteen_lines_and_eight_symmetries() {
        let b = Board::pond();
        assert_eq!(b.pads.len(), 13);
        assert_eq!(b.lines.len(), 32);
        assert_eq!(b.symmetries.len(), 8);
        let from0: Vec<(u8, u8)> = b
            .lines
            .iter()
            .filter(|l| l.from == 0)
            .map(|l| (l.over, l.to))
            .collect();
        assert_eq!(from0, vec![(1, 2), (3, 6), (5, 10)]);
        // The short diagonals of the rulebook.
        assert!(b.line(1, 5).is_some_and(|l| l.over == 3));
        assert!(b.line(1, 7).is_some_and(|l| l.over == 4));
        assert!(b.line(5, 11).is_some_and(|l| l.over == 8));
        assert!(b.line(7, 11).is_some_and(|l| l.over == 9));
        assert!(b.line(3, 9).is_some_and(|l| l.over == 6));
    }

    #[test]
    fn english_board_shape() {
        let b = Board::english();
        assert_eq!(b.pads.len(), 33);
        assert_eq!(b.lines.len(), 76);
        assert_eq!(b.symmetries.len(), 8);
    }

    #[test]
    fn triangle_has_six_symmetries() {
        let present: Vec<Vec<bool>> = (0..5).map(|r| vec![true; r + 1]).collect();
        let b = Board::new(Shape::Triangle, &present);
        assert_eq!(b.pads.len(), 15);
        assert_eq!(b.lines.len(), 36);
        assert_eq!(b.symmetries.len(), 6);
    }

    fn pond_game(green: &[u8], red: Option<u8>) -> Hop {
        Hop {
            board: Board::pond(),
            green: green.iter().fold(0, |s, &p| s | 1 << p),
            red,
            finish: None,
        }
    }

    #[test]
    fn red_frog_jumps_but_is_never_jumped() {
        let mut h = pond_game(&[1], Some(0));
        let mut moves = Vec::new();
        h.legal_moves(&mut moves);
        assert_eq!(moves, vec![HopMove { from: 0, to: 2 }]);
        h.apply(moves[0]).unwrap();
        assert!(h.is_goal());
        let mut h = pond_game(&[0], Some(1));
        let err = h.apply(HopMove { from: 0, to: 2 }).unwrap_err();
        assert!(err.0.contains("red frog"), "{err}");
    }

    #[test]
    fn refusals_leave_state_alone() {
        let mut h = pond_game(&[0, 1, 2], Some(6));
        let before = h.clone();
        assert!(h.apply(HopMove { from: 0, to: 2 }).is_err());
        assert!(h.apply(HopMove { from: 3, to: 9 }).is_err());
        assert!(h.apply(HopMove { from: 0, to: 12 }).is_err());
        assert!(h.apply(HopMove { from: 40, to: 2 }).is_err());
        assert_eq!(h, before);
    }

    #[test]
    fn undo_restores_jumped_frog() {
        let mut h = pond_game(&[0, 1, 3], Some(6));
        let before = h.clone();
        let u = h.apply(HopMove { from: 1, to: 5 }).unwrap();
        assert_eq!(h.frogs(), 3);
        h.undo(&u);
        assert_eq!(h, before);
    }

    #[test]
    fn finish_pad_is_required() {
        let mut h = pond_game(&[12], None);
        assert!(h.is_goal());
        h.finish = Some(6);
        assert!(!h.is_goal());
        assert!(h.is_dead_end());
    }

    #[test]
    fn notation_round_trips() {
        let h = pond_game(&[], None);
        for l in &h.board.lines {
            let m = HopMove {
                from: l.from,
                to: l.to,
            };
            assert_eq!(h.parse_move(&Hop::move_text(m)).unwrap(), m);
        }
        assert!(h.parse_move("0").is_err());
        assert!(h.parse_move("0-13").is_err());
    }
}
