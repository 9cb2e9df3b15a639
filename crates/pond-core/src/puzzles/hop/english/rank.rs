//! Numbering a level's positions densely: a position cut into three
//! parts, ranked within its class and its count of pegs, and back.

#[allow(unused_imports)]
use super::*;

/// The board's 33 holes as three parts: `a` the first three rows (3 + 3 + 7
/// holes), `b` the middle row (7), `c` the last three (7 + 3 + 3).
pub(crate) fn parts(x: u64) -> (usize, usize, usize) {
    let a = (x >> 2 & 7) | (x >> 10 & 7) << 3 | (x >> 16 & 0x7F) << 6;
    let b = x >> 24 & 0x7F;
    let c = (x >> 32 & 0x7F) | (x >> 42 & 7) << 7 | (x >> 50 & 7) << 10;
    (a as usize, b as usize, c as usize)
}

/// `parts` in one instruction: the holes of the board, in order, are `a`,
/// then `b`, then `c`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
#[inline]
pub(crate) fn parts_bmi2(x: u64) -> (usize, usize, usize) {
    let holes = core::arch::x86_64::_pext_u64(x, HOLES);
    (
        (holes & 0x1FFF) as usize,
        (holes >> 13 & 0x7F) as usize,
        (holes >> 20) as usize,
    )
}

/// The position made of three parts (the inverse of `parts`).
pub(crate) fn from_parts(a: usize, b: usize, c: usize) -> u64 {
    let (a, b, c) = (a as u64, b as u64, c as u64);
    (a & 7) << 2
        | (a >> 3 & 7) << 10
        | (a >> 6) << 16
        | b << 24
        | (c & 0x7F) << 32
        | (c >> 7 & 7) << 42
        | (c >> 10) << 50
}

/// Numbers densely, 0 to about 33 choose `pegs` over 16, the positions of
/// `pegs` pegs in the winning class (every position the census meets), in
/// the order of their parts (`a`, then `b`, then `c`): the offset of `a`'s
/// block, plus that of `b` within it, plus the rank of `c` among the 13-bit
/// values with as many pegs and the class that completes the position's.
/// Sixteen times fewer numbers than all positions of `pegs` pegs: a level's
/// bit set (at most 9 MiB, at 16 pegs) fits in the last-level cache.
pub(crate) struct Ranks {
    pub(crate) pegs: i64,
    /// How many positions the current level has.
    pub(crate) size: u64,
    /// Per `a`: its block's offset in the low 32 bits, and above them where
    /// the row of `b_offset` for its pegs and class left to `b` and `c`
    /// starts.
    pub(crate) a: Box<[u64; 1 << 13]>,
    /// Per pegs left `m` (0 to 20), class left `q` and `b`, at
    /// `(m * 16 + q) * 128 + b`: the offset of `b`'s block among the
    /// positions of `b` and `c` with `m` pegs and class `q` (padded to a
    /// power of two, so that a masked index needs no bounds check).
    pub(crate) b_offset: Box<[u32; 1 << 16]>,
    /// The class of each `a` as a part of a position.
    pub(crate) a_class: Vec<u8>,
    /// Per `c`: how many 13-bit values with as many pegs and the same class
    /// come before it.
    pub(crate) c_rank: Box<[u16; 1 << 13]>,
    /// For turning numbers back into positions, per pegs left `m` and class
    /// left `q`: from `b_row[m * 16 + q]` on, the `b` of each of the
    /// positions of `b` and `c` in order (1 MiB in all), so that the next
    /// row starts where these positions end.
    pub(crate) b_of: Vec<u8>,
    pub(crate) b_row: Vec<u32>,
    /// The 13-bit values by pegs and class as a part `c`, ascending, one
    /// group after another; and per `(m * 16 + q) * 128 + b`, where the
    /// group of `b`'s block starts in it, less the block's offset.
    pub(crate) c_values: Vec<u16>,
    pub(crate) c_at: Vec<u32>,
}

impl Ranks {
    pub(crate) fn new() -> Ranks {
        // The values of `c` by pegs `l` and class `k`, at `l * 16 + k`.
        let mut groups = vec![Vec::new(); 14 * 16];
        let mut c_rank = Box::new([0u16; 1 << 13]);
        for (c, rank) in c_rank.iter_mut().enumerate() {
            let group: &mut Vec<u16> =
                &mut groups[c.count_ones() as usize * 16 + class(from_parts(0, 0, c))];
            *rank = group.len() as u16;
            group.push(c as u16);
        }
        let mut c_values = Vec::new();
        let mut group_at = Vec::new();
        for group in &groups {
            group_at.push(c_values.len() as u32);
            c_values.extend_from_slice(group);
        }
        let a_class: Vec<u8> = (0..1 << 13)
            .map(|a| class(from_parts(a, 0, 0)) as u8)
            .collect();
        let b_class: Vec<usize> = (0..128).map(|b| class(from_parts(0, b, 0))).collect();
        let mut b_offset = Box::new([0u32; 1 << 16]);
        let mut c_at = vec![0u32; 21 * 16 * 128];
        let mut b_of = Vec::new();
        let mut b_row = Vec::new();
        for m in 0..21 {
            for q in 0..16 {
                let row = (m * 16 + q) * 128;
                b_row.push(b_of.len() as u32);
                let mut sum = 0u32;
                for b in 0..128usize {
                    b_offset[row + b] = sum;
                    let left = m as i64 - b.count_ones() as i64;
                    if (0..=13).contains(&left) {
                        let g = left as usize * 16 + (q ^ b_class[b]);
                        c_at[row + b] = group_at[g].wrapping_sub(sum);
                        sum += groups[g].len() as u32;
                        b_of.resize(b_of.len() + groups[g].len(), b as u8);
                    }
                }
            }
        }
        b_row.push(b_of.len() as u32);
        Ranks {
            pegs: -1,
            size: 0,
            a: Box::new([0; 1 << 13]),
            b_offset,
            a_class,
            c_rank,
            b_of,
            b_row,
            c_values,
            c_at,
        }
    }

    /// How many positions of `b` and `c` have `m` pegs and class `q`.
    pub(crate) fn block(&self, m: usize, q: usize) -> u64 {
        (self.b_row[m * 16 + q + 1] - self.b_row[m * 16 + q]) as u64
    }

    /// Switches to the positions of `pegs` pegs; returns how many there are.
    pub(crate) fn level(&mut self, pegs: u32) -> u64 {
        self.pegs = pegs as i64;
        let mut sum = 0u64;
        for a in 0..self.a.len() {
            let m = self.pegs - a.count_ones() as i64;
            let q = winning_class() ^ self.a_class[a] as usize;
            let (row, size) = if (0..=20).contains(&m) {
                let m = m as usize;
                ((m * 16 + q) * 128, self.block(m, q))
            } else {
                (0, 0)
            };
            self.a[a] = sum | (row as u64) << 32;
            sum += size;
        }
        self.size = sum;
        sum
    }

    /// The number of a position of the current level's number of pegs,
    /// of the winning class.
    #[inline]
    pub(crate) fn rank(&self, x: u64) -> u64 {
        self.rank_of(parts(x))
    }

    /// `rank` of a position given by its `parts`.
    #[inline]
    pub(crate) fn rank_of(&self, (a, b, c): (usize, usize, usize)) -> u64 {
        // The masks change nothing (every part is in range) but spare the
        // bounds checks.
        let e = self.a[a & 0x1FFF];
        (e & 0xFFFF_FFFF)
            + self.b_offset[((e >> 32) as usize + b) & 0xFFFF] as u64
            + self.c_rank[c & 0x1FFF] as u64
    }
}

/// Turns the numbers of a level's positions, taken in ascending order, back
/// into positions: it follows the blocks of positions sharing their part
/// `a` (numbers `a_start` to `a_end`); within one, a number's offset gives
/// its `b` and `c` by two lookups (`Ranks::b_of`, `Ranks::c_at`).
pub(crate) struct Block<'r> {
    pub(crate) ranks: &'r Ranks,
    pub(crate) a: usize,
    pub(crate) a_start: u64,
    pub(crate) a_end: u64,
    /// The rows of `b_of` and `c_at` for this `a`.
    pub(crate) b_row: usize,
    pub(crate) row: usize,
}

impl<'r> Block<'r> {
    pub(crate) fn new(ranks: &'r Ranks) -> Block<'r> {
        Block {
            ranks,
            a: 0,
            a_start: 0,
            a_end: 0,
            b_row: 0,
            row: 0,
        }
    }

    /// The position numbered `i`, at or after the last one asked for.
    #[inline]
    pub(crate) fn position(&mut self, i: u64) -> u64 {
        let r = self.ranks;
        if i >= self.a_end {
            // The last block starting at or before `i` holds it (blocks
            // with no positions end where they start).
            while r.a.get(self.a + 1).is_some_and(|e| e & 0xFFFF_FFFF <= i) {
                self.a += 1;
            }
            let e = r.a[self.a];
            self.a_start = e & 0xFFFF_FFFF;
            self.a_end = r.a.get(self.a + 1).map_or(r.size, |e| e & 0xFFFF_FFFF);
            self.row = (e >> 32) as usize;
            self.b_row = r.b_row[self.row / 128] as usize;
        }
        let offset = (i - self.a_start) as usize;
        let b = r.b_of[self.b_row + offset] as usize;
        let c = r.c_values[r.c_at[self.row + b].wrapping_add(offset as u32) as usize];
        from_parts(self.a, b, c as usize)
    }
}
