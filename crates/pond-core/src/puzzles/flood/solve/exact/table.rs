//! The table of regions reached: open addressing, each slot a node's number
//! with 32 bits of its region's hash beside it, so that a slot can be
//! fetched ahead of need (while the child before it is bounded), most slots
//! that hold another region are passed over without reading that region's
//! node, and the table grows without reading any node.

/// A slot: the hash's 32 bits high, the node's number plus one low (0: empty).
type Slot = u64;

pub(crate) struct Table {
    slots: Vec<Slot>,
    len: usize,
    /// log2 of the slots' count.
    bits: u32,
}

/// The 32 bits of a region's hash the table keeps.
pub(crate) fn tag(hash: u64) -> u32 {
    (hash ^ (hash >> 32)) as u32
}

impl Default for Table {
    fn default() -> Table {
        Table::with_capacity(0)
    }
}

impl Table {
    /// Room for about `n` regions before it grows.
    pub(crate) fn with_capacity(n: usize) -> Table {
        let slots = (n * 10 / 7).next_power_of_two().max(16);
        Table {
            slots: vec![0; slots],
            len: 0,
            bits: slots.trailing_zeros(),
        }
    }

    pub(crate) fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Empties the table, keeping its size.
    pub(crate) fn clear(&mut self) {
        self.slots.fill(0);
        self.len = 0;
    }

    /// The first slot looked at for `tag` (the tag's bits mixed, the high
    /// ones kept).
    #[inline(always)]
    fn home(&self, tag: u32) -> usize {
        (u64::from(tag).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)) as usize
    }

    /// Asks the processor for the slot a lookup of `tag` starts at.
    #[inline(always)]
    pub(crate) fn prefetch(&self, tag: u32) {
        #[cfg(target_arch = "x86_64")]
        {
            let at = self.slots.as_ptr().wrapping_add(self.home(tag));
            // SAFETY: a prefetch has no effect but on the caches; the
            // address is inside the slots.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    at.cast::<i8>(),
                )
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = tag;
    }

    /// The slot of the node whose region is the one `is` recognises (its
    /// tag `tag`), or the empty slot where it would go.
    #[inline(always)]
    fn slot_of(&self, tag: u32, mut is: impl FnMut(u32) -> bool) -> (usize, Option<u32>) {
        let mask = self.slots.len() - 1;
        let mut at = self.home(tag);
        loop {
            let slot = self.slots[at];
            if slot == 0 {
                return (at, None);
            }
            if (slot >> 32) as u32 == tag {
                let id = (slot as u32).wrapping_sub(1);
                if is(id) {
                    return (at, Some(id));
                }
            }
            at = (at + 1) & mask;
        }
    }

    /// The node whose region `is` recognises (its tag `tag`), if any, and
    /// its slot, or the empty slot where it would go (for `fill`, before
    /// the table changes).
    #[inline(always)]
    pub(crate) fn find(&self, tag: u32, is: impl FnMut(u32) -> bool) -> (usize, Option<u32>) {
        self.slot_of(tag, is)
    }

    /// Puts node `id` (its region's tag `tag`) in slot `at` that `find`
    /// gave: in the place of the node found there, or `new` in an empty one.
    pub(crate) fn fill(&mut self, at: usize, tag: u32, id: u32, new: bool) {
        self.slots[at] = u64::from(tag) << 32 | u64::from(id + 1);
        if new {
            self.len += 1;
            if self.len * 10 > self.slots.len() * 7 {
                self.grow();
            }
        }
    }

    /// Puts `id` in the place of the node `is` recognises, or adds it.
    pub(crate) fn put(&mut self, tag: u32, id: u32, is: impl FnMut(u32) -> bool) {
        let (at, old) = self.slot_of(tag, is);
        self.fill(at, tag, id, old.is_none());
    }

    /// Twice the slots, each kept region put again by its tag.
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        self.slots = vec![0; old.len() * 2];
        self.bits += 1;
        let mask = self.slots.len() - 1;
        for slot in old.into_iter().filter(|&s| s != 0) {
            let mut at = self.home((slot >> 32) as u32);
            while self.slots[at] != 0 {
                at = (at + 1) & mask;
            }
            self.slots[at] = slot;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Table, tag};

    #[test]
    fn finds_what_was_put_through_growth() {
        let mut t = Table::with_capacity(4);
        let key = |i: u64| i.wrapping_mul(0x2545_F491_4F6C_DD1D);
        for i in 0..1000u32 {
            t.put(tag(key(u64::from(i))), i, |j| j == i);
        }
        assert!(t.capacity() >= 1000);
        for i in 0..1000u32 {
            assert_eq!(t.find(tag(key(u64::from(i))), |j| j == i).1, Some(i));
        }
        assert_eq!(t.find(tag(key(5000)), |j| j == 5000).1, None);
        // Put again: replaced, not added.
        t.put(tag(key(7)), 7, |j| j == 7);
        assert_eq!(t.len, 1000);
        t.clear();
        assert_eq!(t.find(tag(key(7)), |j| j == 7).1, None);
    }
}
