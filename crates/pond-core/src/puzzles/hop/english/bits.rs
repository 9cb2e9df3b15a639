//! A level's bit sets, one bit a number, one set a thread, and reading
//! the numbers they hold back in order.

#[allow(unused_imports)]
use super::*;

/// Asks for the cache line of `x` to be brought in.
#[inline]
pub(crate) fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch never faults and changes nothing a program sees.
    unsafe {
        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(
            (x as *const T).cast(),
        )
    };
    // Elsewhere the word simply comes when it is set.
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

/// A level's bit set, one bit a number. Each thread has its own, on cache
/// lines of its own: the sets of two threads lie side by side, and a line
/// one thread writes at every number and another reads would go back and
/// forth between their caches.
#[repr(align(64))]
pub(crate) struct Bits {
    pub(crate) words: Vec<u64>,
    /// Numbers to set, in the order they came: each is set `AHEAD` numbers
    /// after its word was asked for (see `set`).
    pub(crate) ring: [u64; AHEAD],
    /// Numbers that came since the last `flush`.
    pub(crate) count: usize,
}

/// How many numbers ahead a word is fetched before its bit is set: the
/// jumps of the numbers between do their work while it comes.
pub(crate) const AHEAD: usize = 32;

impl Bits {
    /// Room for the numbers below `size` (the memory is the system's zeroed
    /// pages, touched only where bits are set).
    pub(crate) fn new(size: u64) -> Bits {
        Bits {
            words: vec![0; size.div_ceil(64) as usize],
            ring: [0; AHEAD],
            count: 0,
        }
    }

    /// Sets number `i`, or will by the next `flush`: the set is a level's
    /// (up to 9 MiB), so its words are fetched ahead of their use.
    #[inline]
    pub(crate) fn set(&mut self, i: u64) {
        let w = (i >> 6) as usize;
        if w < self.words.len() {
            prefetch(&self.words[w]);
        }
        let slot = self.count % AHEAD;
        if self.count >= AHEAD {
            self.set_now(self.ring[slot]);
        }
        self.ring[slot] = i;
        self.count += 1;
    }

    #[inline]
    pub(crate) fn set_now(&mut self, i: u64) {
        self.words[(i >> 6) as usize] |= 1 << (i & 63);
    }

    /// Sets the numbers `set` has not set yet.
    pub(crate) fn flush(&mut self) {
        for k in self.count.saturating_sub(AHEAD)..self.count {
            self.set_now(self.ring[k % AHEAD]);
        }
        self.count = 0;
    }
}

/// One run of a bit set: its words, and the number of its first bit.
pub(crate) struct BitsPart<'a> {
    pub(crate) words: &'a mut [u64],
    pub(crate) first: u64,
}

/// Calls `f` with each number set in any of `parts` (runs of several
/// threads' bit sets, over the same numbers), ascending, and clears them.
/// Every word is read: a summary of the words in use, kept up at every
/// number set, cost more than it saved.
pub(crate) fn drain(parts: &mut [BitsPart<'_>], mut f: impl FnMut(u64)) {
    let Some(first) = parts.first().map(|p| p.first) else {
        return;
    };
    for w in 0..parts[0].words.len() {
        let mut word = 0;
        for p in parts.iter() {
            word |= p.words[w];
        }
        if word == 0 {
            continue;
        }
        for p in parts.iter_mut() {
            p.words[w] = 0;
        }
        while word != 0 {
            f(first + ((w as u64) << 6 | word.trailing_zeros() as u64));
            word &= word - 1;
        }
    }
}

/// Whether number `i` is set in any of `parts` (which hold it).
#[inline]
pub(crate) fn any_set(parts: &[BitsPart<'_>], i: u64) -> bool {
    parts.iter().any(|p| {
        let j = i - p.first;
        p.words[(j >> 6) as usize] >> (j & 63) & 1 == 1
    })
}
