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
    /// Per byte of a position, for each value of the byte: the pads next
    /// to its frogs in a row or a column, and their distances from the
    /// middle in steps, summed.
    near: Vec<[u64; 256]>,
    far: Vec<[u32; 256]>,
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
            .collect::<Vec<u64>>();
        // In half steps, so that a board of an even side has a middle too.
        let (mr, mc) = (board.rows as i32 - 1, board.cols as i32 - 1);
        let far = board
            .pads
            .iter()
            .map(|&(r, c)| {
                ((2 * r as i32 - mr).unsigned_abs() + (2 * c as i32 - mc).unsigned_abs()) / 2
            })
            .collect::<Vec<u32>>();
        // Byte `b`'s value `v` holds the pads `8 * b + i` of its bits `i`.
        let bytes = board.pads.len().div_ceil(8);
        let pads_of = |b: usize, v: usize| {
            (0..8)
                .filter(move |i| v >> i & 1 == 1)
                .map(move |i| 8 * b + i)
        };
        let near = (0..bytes)
            .map(|b| {
                std::array::from_fn(|v| {
                    pads_of(b, v)
                        .filter_map(|p| near.get(p))
                        .fold(0, |m, n| m | n)
                })
            })
            .collect();
        let far = (0..bytes)
            .map(|b| std::array::from_fn(|v| pads_of(b, v).filter_map(|p| far.get(p)).sum()))
            .collect();
        Weights { near, far }
    }

    /// The position's score: lower is tried first.
    pub(super) fn score(&self, green: u64, red: u8) -> u32 {
        let frogs = green | if red == NO_RED { 0 } else { 1u64 << red };
        // A frog is lone where it is next to no frog: not among the pads
        // next to the frogs.
        let (mut beside, mut far) = (0u64, 0u32);
        for (b, (near, far_of)) in self.near.iter().zip(&self.far).enumerate() {
            let v = (frogs >> (8 * b)) as usize & 0xFF;
            beside |= near[v];
            far += far_of[v];
        }
        far + LONE * (frogs & !beside).count_ones()
    }
}
