//! Numbering a level's positions densely: a position's 33 holes read as a
//! 33-bit number cut into two parts, ranked within its class and its count
//! of pegs, and back.

#[allow(unused_imports)]
use super::*;

/// The board's 33 holes, in order, as the bits of a 33-bit number (the
/// position's "holes"): `a` the first three rows (3 + 3 + 7 holes), `b` the
/// middle row (7), `c` the last three (7 + 3 + 3).
pub(crate) fn holes(x: u64) -> u64 {
    let a = (x >> 2 & 7) | (x >> 10 & 7) << 3 | (x >> 16 & 0x7F) << 6;
    let b = x >> 24 & 0x7F;
    let c = (x >> 32 & 0x7F) | (x >> 42 & 7) << 7 | (x >> 50 & 7) << 10;
    a | b << 13 | c << 20
}

/// `holes` in one instruction.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
#[inline]
pub(crate) fn holes_bmi2(x: u64) -> u64 {
    core::arch::x86_64::_pext_u64(x, HOLES)
}

/// The position of the given holes (the inverse of `holes`).
pub(crate) fn from_holes(z: u64) -> u64 {
    let (a, b, c) = (z & 0x1FFF, z >> 13 & 0x7F, z >> 20);
    (a & 7) << 2
        | (a >> 3 & 7) << 10
        | (a >> 6) << 16
        | b << 24
        | (c & 0x7F) << 32
        | (c >> 7 & 7) << 42
        | (c >> 10) << 50
}

/// `from_holes` in one instruction.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
#[inline]
pub(crate) fn from_holes_bmi2(z: u64) -> u64 {
    core::arch::x86_64::_pdep_u64(z, HOLES)
}

/// Every hole set, as `holes` gives them: the complement of a position's
/// holes is theirs XORed with this.
pub(crate) const ALL_HOLES: u64 = (1 << 33) - 1;

/// The low part of a position's holes (its first 16) and the high part
/// (the other 17).
#[inline(always)]
pub(crate) fn split(z: u64) -> (usize, usize) {
    ((z & 0xFFFF) as usize, (z >> 16) as usize)
}

/// The parts `Ranks` numbers a position by.
pub(crate) fn parts(x: u64) -> (usize, usize) {
    split(holes(x))
}

/// `parts` with `holes_bmi2`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
#[inline]
pub(crate) fn parts_bmi2(x: u64) -> (usize, usize) {
    split(holes_bmi2(x))
}

/// The high parts by pegs `l` (0 to 17) and class `k` (as a part of a
/// position) at `l * 16 + k`.
const GROUPS: usize = 18 * 16;

/// Numbers densely, 0 to about 33 choose `pegs` over 16, the positions of
/// `pegs` pegs in the winning class (every position the census meets), in
/// the order of their parts (`lo`, then `hi`): the offset of `lo`'s block,
/// plus the rank of `hi` among the 17-bit values with as many pegs and the
/// class that completes the position's. Two lookups a number. Sixteen times
/// fewer numbers than all positions of `pegs` pegs: a level's bit set (at
/// most 9 MiB, at 16 pegs) fits in the last-level cache.
pub(crate) struct Ranks {
    pub(crate) pegs: i64,
    /// How many positions the current level has.
    pub(crate) size: u64,
    /// Per `lo`: its block's offset in the current level.
    pub(crate) lo_offset: Box<[u32; 1 << 16]>,
    /// Per `lo`: where the group of its block's `hi` starts in `hi_values`,
    /// less its block's offset (wrapping), so that the number plus this is
    /// its `hi`'s place.
    pub(crate) lo_values: Box<[u32; 1 << 16]>,
    /// Per `lo`: its pegs times 16 plus its class as a part of a position.
    pub(crate) lo_kind: Box<[u16; 1 << 16]>,
    /// Per `hi`: how many 17-bit values with as many pegs and the same class
    /// come before it.
    pub(crate) hi_rank: Box<[u16; 1 << 17]>,
    /// The 17-bit values by pegs and class, ascending, one group after
    /// another, and where each group starts (`GROUPS` + 1 entries).
    pub(crate) hi_values: Box<[u32; 1 << 17]>,
    pub(crate) group_at: Vec<u32>,
}

/// A boxed array of zeros.
fn zeros<T: Copy + Default, const N: usize>() -> Box<[T; N]> {
    vec![T::default(); N]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!())
}

impl Ranks {
    pub(crate) fn new() -> Ranks {
        let hi_class = |hi: usize| class(from_holes((hi as u64) << 16));
        let mut groups = vec![Vec::new(); GROUPS];
        let mut hi_rank = zeros::<u16, { 1 << 17 }>();
        for (hi, rank) in hi_rank.iter_mut().enumerate() {
            let group: &mut Vec<u32> = &mut groups[hi.count_ones() as usize * 16 + hi_class(hi)];
            *rank = group.len() as u16;
            group.push(hi as u32);
        }
        let mut hi_values = zeros::<u32, { 1 << 17 }>();
        let mut group_at = Vec::with_capacity(GROUPS + 1);
        let mut at = 0;
        for group in &groups {
            group_at.push(at as u32);
            hi_values[at..at + group.len()].copy_from_slice(group);
            at += group.len();
        }
        group_at.push(at as u32);
        let mut lo_kind = zeros::<u16, { 1 << 16 }>();
        for (lo, kind) in lo_kind.iter_mut().enumerate() {
            *kind = (lo.count_ones() as usize * 16 + class(from_holes(lo as u64))) as u16;
        }
        Ranks {
            pegs: -1,
            size: 0,
            lo_offset: zeros(),
            lo_values: zeros(),
            lo_kind,
            hi_rank,
            hi_values,
            group_at,
        }
    }

    /// Switches to the positions of `pegs` pegs; returns how many there are.
    pub(crate) fn level(&mut self, pegs: u32) -> u64 {
        self.pegs = pegs as i64;
        // Per kind of `lo` (see `lo_kind`): where the group of the `hi` that
        // complete it starts, and how many it holds.
        let mut groups = [(0u32, 0u32); 512];
        for (kind, group) in groups.iter_mut().enumerate().take(17 * 16) {
            let m = self.pegs - (kind / 16) as i64;
            if (0..=17).contains(&m) {
                let g = m as usize * 16 + (winning_class() ^ (kind % 16));
                let start = self.group_at[g];
                *group = (start, self.group_at[g + 1] - start);
            }
        }
        let mut sum = 0u32;
        for lo in 0..1 << 16 {
            let (start, len) = groups[self.lo_kind[lo] as usize % 512];
            self.lo_offset[lo] = sum;
            self.lo_values[lo] = start.wrapping_sub(sum);
            sum = sum.checked_add(len).expect("a level of fewer than 2^32");
        }
        self.size = sum as u64;
        self.size
    }

    /// The number of a position of the current level's number of pegs,
    /// of the winning class.
    #[inline]
    pub(crate) fn rank(&self, x: u64) -> u64 {
        self.rank_of(parts(x))
    }

    /// `rank` of a position given by its `parts`.
    #[inline(always)]
    pub(crate) fn rank_of(&self, parts: (usize, usize)) -> u64 {
        self.numbering().of(parts)
    }

    /// The tables that number the current level, for a loop to hold in
    /// registers (through `&self`, their addresses would be read again
    /// after every store the loop makes).
    pub(crate) fn numbering(&self) -> Numbering<'_> {
        Numbering {
            lo_offset: &self.lo_offset,
            hi_rank: &self.hi_rank,
        }
    }
}

/// `Ranks::rank_of` with the tables' addresses in hand.
#[derive(Clone, Copy)]
pub(crate) struct Numbering<'r> {
    lo_offset: &'r [u32; 1 << 16],
    hi_rank: &'r [u16; 1 << 17],
}

impl Numbering<'_> {
    /// The number of a position given by its `parts`.
    #[inline(always)]
    pub(crate) fn of(self, (lo, hi): (usize, usize)) -> u64 {
        // The masks change nothing (every part is in range) but spare the
        // bounds checks.
        self.lo_offset[lo & 0xFFFF] as u64 + self.hi_rank[hi & 0x1FFFF] as u64
    }
}

/// Turns the numbers of a level's positions, taken in ascending order, back
/// into positions: it follows the blocks of positions sharing their `lo`;
/// within one, a number gives its `hi` by one lookup (`Ranks::hi_values`).
pub(crate) struct Block<'r> {
    pub(crate) ranks: &'r Ranks,
    pub(crate) lo: usize,
    /// Where the current block ends, and its `Ranks::lo_values`.
    pub(crate) end: u64,
    pub(crate) values: u32,
}

impl<'r> Block<'r> {
    pub(crate) fn new(ranks: &'r Ranks) -> Block<'r> {
        Block {
            ranks,
            lo: 0,
            end: 0,
            values: 0,
        }
    }

    /// The holes (see `holes`) of the position numbered `i`, at or after
    /// the last one asked for.
    #[inline(always)]
    pub(crate) fn holes(&mut self, i: u64) -> u64 {
        let r = self.ranks;
        if i >= self.end {
            // The last block starting at or before `i` holds it (blocks
            // with no positions end where they start).
            while r.lo_offset.get(self.lo + 1).is_some_and(|&o| o as u64 <= i) {
                self.lo += 1;
            }
            self.end = r.lo_offset.get(self.lo + 1).map_or(r.size, |&o| o as u64);
            self.values = r.lo_values[self.lo & 0xFFFF];
        }
        let hi = r.hi_values[self.values.wrapping_add(i as u32) as usize & 0x1FFFF];
        self.lo as u64 | (hi as u64) << 16
    }

    /// The position numbered `i`, at or after the last one asked for.
    #[cfg(test)]
    pub(crate) fn position(&mut self, i: u64) -> u64 {
        from_holes(self.holes(i))
    }
}
