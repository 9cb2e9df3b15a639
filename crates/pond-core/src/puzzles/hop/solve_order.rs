//! The order the move map's searches try the jumps in, on peg boards.

use super::NO_RED;
use crate::rules::hop::Board;

/// What orders the move map's search: after a jump, the frogs with no
/// neighbour (a lone frog needs others brought to it before it can go)
/// and each frog's distance from the board's middle (a frog at the edge
/// has few ways out). A jump that leaves fewer of both is tried first: on
/// the European board a quarter of the first positions' moves that a
/// second left undecided in the row's order are decided this way.
pub(super) struct Weights {
    /// Each pad's neighbours in a row or a column.
    near: Vec<u64>,
    /// Each pad's distance from the middle, in steps.
    far: Vec<u32>,
}

/// What a lone frog weighs beside a step from the middle.
const LONE: u32 = 8;

impl Weights {
    pub(super) fn of(board: &Board) -> Weights {
        let near = board
            .pads
            .iter()
            .map(|&(r, c)| {
                [(-1, 0), (1, 0), (0, -1), (0, 1)]
                    .iter()
                    .filter_map(|&(dr, dc)| {
                        let (r, c) = (u8::try_from(r as i32 + dr), u8::try_from(c as i32 + dc));
                        board.pad_at(r.ok()?, c.ok()?)
                    })
                    .fold(0u64, |m, p| m | 1 << p)
            })
            .collect();
        // In half steps, so that a board of an even side has a middle too.
        let (mr, mc) = (board.rows as i32 - 1, board.cols as i32 - 1);
        let far = board
            .pads
            .iter()
            .map(|&(r, c)| {
                ((2 * r as i32 - mr).unsigned_abs() + (2 * c as i32 - mc).unsigned_abs()) / 2
            })
            .collect();
        Weights { near, far }
    }

    /// The position's score: lower is tried first.
    pub(super) fn score(&self, green: u64, red: u8) -> u32 {
        let frogs = green | if red == NO_RED { 0 } else { 1u64 << red };
        let mut bits = frogs;
        let mut score = 0;
        while bits != 0 {
            let p = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            score += LONE * u32::from(frogs & self.near[p] == 0) + self.far[p];
        }
        score
    }
}
