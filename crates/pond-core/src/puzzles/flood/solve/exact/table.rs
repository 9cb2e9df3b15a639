//! The table of regions reached: open addressing, a byte of each region's
//! hash in one array (0 for an empty slot; probed 16 at a time) and the
//! number of the node that holds the region in another, the same 5 bytes a
//! slot as `hashbrown`'s table of `u32` (but at most 3/4 full, see `FULL`).
//! It is its own so that a child's slots can be asked for (`prefetch`)
//! before the children ahead of it are bounded, and so that it grows by
//! letting the old arrays go first and reading the nodes in order (every
//! node not superseded is in the table), never side by side with the old
//! arrays and never reading a node at random.

/// Slots are probed in groups of this many tag bytes (one SSE2 register).
const GROUP: usize = 16;

/// Slots past the last home slot to start with: a probe runs on into them
/// instead of wrapping round, and a run that would go past them makes the
/// table again with twice as many.
const SPILL: usize = 64;

/// The table grows when more than `FULL.0 / FULL.1` of its home slots are
/// taken. A probe runs on from slot to slot (it does not jump as
/// hashbrown's does), so a fuller table makes a longer run to pass over
/// before an empty slot says a region is not there: at 7/8 (hashbrown's)
/// 10 boards 20x20 took 2.63-2.97 s against 2.27-2.85 s at 3/4 in two sets
/// of alternated runs, at the cost of 15 MB more at the 50 boards' peak
/// (the slowest board's table twice as large).
const FULL: (usize, usize) = (3, 4);

pub(crate) struct Table {
    /// A byte of each slot's hash with its high bit set, 0 for empty; as
    /// long as `ids`, plus a group of 0s the last probe may read.
    tags: Vec<u8>,
    ids: Vec<u32>,
    /// The home slots' count less one (a power of two less one).
    mask: usize,
    /// The slots past the last home slot.
    spill: usize,
    len: usize,
}

/// The byte kept for a hash: its top 7 bits, the high bit set (the home
/// slot is from the low bits).
#[inline(always)]
fn tag_of(hash: u64) -> u8 {
    (hash >> 57) as u8 | 0x80
}

/// Asks the processor for the cache line that holds `at`.
#[inline(always)]
pub(crate) fn prefetch<T>(at: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: a prefetch changes nothing but the caches.
        unsafe { _mm_prefetch::<_MM_HINT_T0>((at as *const T).cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}

/// Where a lookup ended: the slot of the node found, or the empty slot
/// where the region would go.
pub(crate) enum Slot {
    Found(usize, u32),
    Empty(usize),
}

impl Default for Table {
    fn default() -> Table {
        Table::with_capacity(0)
    }
}

impl Table {
    /// Room for `n` regions (a power of two) before it grows.
    pub(crate) fn with_capacity(n: usize) -> Table {
        let homes = (n * FULL.1 / FULL.0).next_power_of_two().max(16);
        Table {
            tags: vec![0; homes + SPILL + GROUP],
            ids: vec![0; homes + SPILL],
            mask: homes - 1,
            spill: SPILL,
            len: 0,
        }
    }

    /// The home slots' count.
    pub(crate) fn capacity(&self) -> usize {
        self.mask + 1
    }

    /// Empties the table, keeping its size.
    pub(crate) fn clear(&mut self) {
        self.tags.fill(0);
        self.len = 0;
    }

    /// Asks the processor for the slots a lookup of `hash` starts at.
    #[inline(always)]
    pub(crate) fn prefetch(&self, hash: u64) {
        let at = hash as usize & self.mask;
        prefetch(&self.tags[at]);
        prefetch(&self.ids[at]);
    }

    /// The slots of group `at` (one bit a slot) whose tag is `tag`, and
    /// those that are empty.
    #[inline(always)]
    fn group(&self, at: usize, tag: u8) -> (u32, u32) {
        let tags = &self.tags[at..at + GROUP];
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{__m128i, _mm_set1_epi8};
            use std::arch::x86_64::{_mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8};
            // SAFETY: SSE2 is in every x86-64 CPU, and `tags` holds the 16
            // bytes read (no alignment needed).
            unsafe {
                let v = _mm_loadu_si128(tags.as_ptr().cast::<__m128i>());
                let same = _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(tag as i8))) as u32;
                // An empty slot's tag is 0, every other's has its high bit set.
                let empty = !(_mm_movemask_epi8(v) as u32) & 0xFFFF;
                (same, empty)
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let mut out = (0, 0);
            for (i, &t) in tags.iter().enumerate() {
                out.0 |= u32::from(t == tag) << i;
                out.1 |= u32::from(t == 0) << i;
            }
            out
        }
    }

    /// The slot of the node `is` recognises among those whose region has
    /// this hash, or the empty slot where such a region would go.
    #[inline(always)]
    pub(crate) fn find(&self, hash: u64, mut is: impl FnMut(u32) -> bool) -> Slot {
        let tag = tag_of(hash);
        let mut at = hash as usize & self.mask;
        loop {
            let (mut matches, empty) = self.group(at, tag);
            // Only the matches before the first empty slot count.
            if empty != 0 {
                matches &= (empty & empty.wrapping_neg()) - 1;
            }
            while matches != 0 {
                let slot = at + matches.trailing_zeros() as usize;
                let id = self.ids[slot];
                if is(id) {
                    return Slot::Found(slot, id);
                }
                matches &= matches - 1;
            }
            if empty != 0 {
                return Slot::Empty(at + empty.trailing_zeros() as usize);
            }
            at += GROUP;
        }
    }

    /// Puts node `id` in place of the one found at `slot`.
    pub(crate) fn replace(&mut self, slot: usize, id: u32) {
        self.ids[slot] = id;
    }

    /// Puts node `id` (its region's hash `hash`) in the empty `slot` that
    /// `find` gave. When the table is full (or the slot is in the last
    /// group of spill slots), it grows: its arrays are let go and made
    /// again twice the size from `regions`, every region kept with its
    /// node's number (`id`'s among them).
    pub(crate) fn insert<I>(&mut self, slot: usize, hash: u64, id: u32, regions: impl Fn() -> I)
    where
        I: Iterator<Item = (u64, u32)>,
    {
        self.tags[slot] = tag_of(hash);
        self.ids[slot] = id;
        self.len += 1;
        if self.len * FULL.1 > self.capacity() * FULL.0 {
            self.rebuild(self.capacity() * 2, self.spill, regions);
        } else if slot >= self.capacity() + self.spill - GROUP {
            self.rebuild(self.capacity(), self.spill * 2, regions);
        }
    }

    /// The table made again with `homes` home slots and `spill` slots past
    /// them (or more, where a run of slots would go past the end), from
    /// `regions` (hash, node).
    fn rebuild<I>(&mut self, homes: usize, mut spill: usize, regions: impl Fn() -> I)
    where
        I: Iterator<Item = (u64, u32)>,
    {
        'size: loop {
            self.tags = Vec::new();
            self.ids = Vec::new();
            self.tags = vec![0; homes + spill + GROUP];
            self.ids = vec![0; homes + spill];
            self.mask = homes - 1;
            self.spill = spill;
            self.len = 0;
            for (hash, id) in regions() {
                let mut at = hash as usize & self.mask;
                while self.tags[at] != 0 {
                    at += 1;
                }
                if at >= homes + spill - GROUP {
                    spill *= 2;
                    continue 'size;
                }
                self.tags[at] = tag_of(hash);
                self.ids[at] = id;
                self.len += 1;
            }
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Slot, Table};

    #[test]
    fn finds_what_was_put_through_growth() {
        let mut t = Table::with_capacity(4);
        let key = |i: u32| u64::from(i).wrapping_mul(0x2545_F491_4F6C_DD1D);
        let mut kept: Vec<u32> = Vec::new();
        for i in 0..5000u32 {
            match t.find(key(i), |j| j == i) {
                Slot::Found(..) => panic!("{i} found before it was put"),
                Slot::Empty(slot) => {
                    kept.push(i);
                    let all = kept.clone();
                    t.insert(slot, key(i), i, || all.iter().map(|&j| (key(j), j)));
                }
            }
        }
        assert!(t.capacity() >= 5000);
        for i in 0..5000u32 {
            assert!(matches!(t.find(key(i), |j| j == i), Slot::Found(_, j) if j == i));
        }
        assert!(matches!(t.find(key(9000), |j| j == 9000), Slot::Empty(_)));
        // Many regions of the same home slot: each found, the rest empty.
        let mut t = Table::with_capacity(4);
        let same = |i: u32| u64::from(i) << 57 | 5;
        let mut kept: Vec<u32> = Vec::new();
        for i in 0..100u32 {
            if let Slot::Empty(slot) = t.find(same(i), |j| j == i) {
                kept.push(i);
                let all = kept.clone();
                t.insert(slot, same(i), i, || all.iter().map(|&j| (same(j), j)));
            }
        }
        for i in 0..100u32 {
            assert!(matches!(t.find(same(i), |j| j == i), Slot::Found(_, j) if j == i));
        }
        t.clear();
        assert!(matches!(t.find(key(7), |j| j == 7), Slot::Empty(_)));
    }
}
