//! Pagoda functions: weights that no jump raises, which prove a position
//! can never be won.

#[allow(unused_imports)]
use super::*;

/// Pagoda functions for the centre finish: weights on the holes such that
/// a jump never raises the total weight of the pegs (the two squares a jump
/// empties weigh at least as much as the one it fills), so a position that
/// weighs less than a lone peg in the centre can never be won. Each weighs
/// symmetric squares alike and is given for the squares (0,2), (0,3),
/// (1,2), (1,3), (2,2), (2,3) and (3,3) (row, column), the others by
/// symmetry. They were chosen by trying every such weighting with weights
/// -2 to 3 on the winnable positions of 16 pegs: the three together tell
/// 24% of them apart as never reached from the start (their complement
/// could not be won).
pub(crate) const PAGODAS: [[i64; 7]; 3] = [
    [-1, 0, 1, 1, 0, 1, 2],
    [0, 0, 0, 1, 0, 0, 1],
    [-1, 1, 1, 0, 0, 1, 1],
];

/// A 1 in the low bit of each pagoda function's lane.
pub(crate) const LANES: u64 = {
    let mut lanes = 0;
    let mut j = 0;
    while j < PAGODAS.len() {
        lanes |= 1 << (16 * j);
        j += 1;
    }
    lanes
};

/// The weight of the pegs under every pagoda function at once, each in a
/// 16-bit lane of a word, weights raised by 2 so that none is negative:
/// one table per row of the board, indexed by the row's byte.
pub(crate) struct Pagodas {
    pub(crate) rows: Vec<[u64; 256]>,
    /// The same weights by a position's holes (see `holes`), eleven at a
    /// time: three lookups instead of seven.
    pub(crate) holes: Box<[[u64; 2048]; 3]>,
    /// Per lane, the centre's weight (raised by 2).
    pub(crate) centre: u64,
}

impl Pagodas {
    pub(crate) fn new() -> Pagodas {
        let squares = [(0, 2), (0, 3), (1, 2), (1, 3), (2, 2), (2, 3), (3, 3)];
        let weight = |j: usize, r: i32, c: i32| -> u64 {
            // The square's image among `squares`: fold into rows and
            // columns 0 to 3, then below the diagonal.
            let (r, c) = (r.min(6 - r), c.min(6 - c));
            let (r, c) = (r.min(c), r.max(c));
            let at = squares.iter().position(|&q| q == (r, c)).unwrap_or(0);
            (PAGODAS[j][at] + 2) as u64
        };
        let mut rows = vec![[0u64; 256]; 7];
        for (r, table) in rows.iter_mut().enumerate() {
            for (byte, sum) in table.iter_mut().enumerate() {
                for c in 0..7i32 {
                    if byte >> c & 1 == 1 && HOLES >> (8 * r as i32 + c) & 1 == 1 {
                        for j in 0..PAGODAS.len() {
                            *sum += weight(j, r as i32, c) << (16 * j);
                        }
                    }
                }
            }
        }
        let centre = (0..PAGODAS.len())
            .map(|j| weight(j, 3, 3) << (16 * j))
            .sum();
        let mut holes = Box::new([[0u64; 2048]; 3]);
        for (j, table) in holes.iter_mut().enumerate() {
            for (v, sum) in table.iter_mut().enumerate() {
                let x = from_holes((v as u64) << (11 * j));
                *sum = (0..7)
                    .map(|r| rows[r][(x >> (8 * r) & 0xFF) as usize])
                    .sum();
            }
        }
        Pagodas {
            rows,
            holes,
            centre,
        }
    }

    /// Whether position `x`, of `pegs` pegs, might still be won: it weighs
    /// at least the centre under every pagoda function.
    #[inline]
    pub(crate) fn may_win(&self, x: u64, pegs: u32) -> bool {
        let weight: u64 = (0..7)
            .map(|r| self.rows[r][(x >> (8 * r) & 0xFF) as usize])
            .sum();
        self.weighs_enough(weight, pegs)
    }

    /// `may_win` of the position of holes `z` (see `holes`).
    #[cfg(test)]
    pub(crate) fn may_win_holes(&self, z: u64, pegs: u32) -> bool {
        self.of_holes(pegs).may_win(z)
    }

    /// `may_win` by holes for positions of `pegs` pegs, with the tables in
    /// hand and the weight they must reach worked out once.
    pub(crate) fn of_holes(&self, pegs: u32) -> HolesTest<'_> {
        HolesTest {
            holes: &self.holes,
            need: self.need(pegs),
        }
    }

    /// Lane by lane, the weight (raised by 2 a square) a position of `pegs`
    /// pegs must have: the centre's (raised by 2) plus 2 a peg.
    fn need(&self, pegs: u32) -> u64 {
        self.centre - 2 * LANES + 2 * pegs as u64 * LANES
    }

    /// Whether `weight` (the raised weights of a position of `pegs` pegs,
    /// lane by lane) is at least the centre's under every function.
    #[inline(always)]
    fn weighs_enough(&self, weight: u64, pegs: u32) -> bool {
        weighs_enough(weight, self.need(pegs))
    }
}

/// Whether `weight` is at least `need` in every lane: the true weight
/// (raised weight less 2 a peg) against the centre's (raised by 2), both
/// raised by 2 a peg.
#[inline(always)]
fn weighs_enough(weight: u64, need: u64) -> bool {
    let high = LANES << 15;
    ((weight | high) - need) & high == high
}

/// `Pagodas::may_win` for the positions of one count of pegs, by their holes
/// (see `Pagodas::of_holes`).
#[derive(Clone, Copy)]
pub(crate) struct HolesTest<'p> {
    holes: &'p [[u64; 2048]; 3],
    need: u64,
}

impl HolesTest<'_> {
    /// Whether the position of holes `z` might still be won.
    #[inline(always)]
    pub(crate) fn may_win(self, z: u64) -> bool {
        let t = self.holes;
        let weight = t[0][(z & 0x7FF) as usize]
            + t[1][(z >> 11 & 0x7FF) as usize]
            + t[2][(z >> 22 & 0x7FF) as usize];
        weighs_enough(weight, self.need)
    }
}
