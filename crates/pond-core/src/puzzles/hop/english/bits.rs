//! A level's bit sets, one bit a number, one set a thread, and reading
//! the numbers they hold back in order.

#[allow(unused_imports)]
use super::*;

/// Asks for the cache line of `words[w]` to be brought in (nothing when
/// `w` is out of range: a prefetch never faults).
#[inline(always)]
pub(crate) fn prefetch_word(words: &[u64], w: usize) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch never faults and changes nothing a program sees;
    // the address is only computed (`wrapping_add`), never read.
    unsafe {
        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(
            words.as_ptr().wrapping_add(w).cast(),
        )
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (words, w);
}

/// Sets in `words` the number `number` gives each position one jump before
/// each of `xs` (whose images `images` gives), taken as the image `extreme`
/// picks (see `extreme_image`).
/// Each word is fetched `AHEAD` numbers before its bit is set. The ring and
/// the tables live in locals and arguments, not behind the bit set, so that
/// the stores to `words` do not make the compiler read them again at every
/// jump; the ring's slot and the word's index are masked to the lengths of
/// their arrays, so neither is checked against a bound.
#[inline(always)]
pub(crate) fn set_moves(
    xs: &[u64],
    extreme: impl Fn(&[u64; 8], &[u64; 8]) -> u64 + Copy,
    jumps: &[[u64; 8]; 256],
    words: &mut [u64; WORDS],
    images: impl Fn(u64) -> [u64; 8],
    number: impl Fn(u64) -> u64,
) {
    // The ring starts full of a number beyond every level (its bit is in
    // the last word, never read), so that every jump sets the number of
    // `AHEAD` jumps before without asking whether there was one.
    let mut ring = [NOWHERE; AHEAD];
    let mut slot = 0usize;
    for &x in xs {
        images_of_moves(x, images(x), false, extreme, jumps, |p| {
            let i = number(p);
            prefetch_word(words, (i >> 6) as usize);
            let j = ring[slot % AHEAD];
            words[(j >> 6) as usize % WORDS] |= 1 << (j & 63);
            ring[slot % AHEAD] = i;
            slot = (slot + 1) % AHEAD;
        });
    }
    for j in ring {
        words[(j >> 6) as usize % WORDS] |= 1 << (j & 63);
    }
}

/// A level's bit set, one bit a number. Each thread has its own, on cache
/// lines of its own: the sets of two threads lie side by side, and a line
/// one thread writes and another reads would go back and forth between
/// their caches.
#[repr(align(64))]
pub(crate) struct Bits {
    pub(crate) words: Box<[u64; WORDS]>,
}

/// The words of every bit set: a power of two above the largest level's
/// (72.9 million numbers at 16 pegs, 1.14 million words), so that an index
/// masked to it needs no bounds check. The words past a level's are never
/// touched (the system's zeroed pages cost nothing until written) but for
/// the last, which holds `NOWHERE`.
pub(crate) const WORDS: usize = 1 << 21;

/// A number beyond every level, in the last word of a bit set.
pub(crate) const NOWHERE: u64 = WORDS as u64 * 64 - 1;

/// How many numbers ahead a word is fetched before its bit is set: the
/// jumps of the numbers between do their work while it comes.
pub(crate) const AHEAD: usize = 32;

impl Bits {
    /// Room for the numbers below `size` (the memory is the system's zeroed
    /// pages, touched only where bits are set).
    pub(crate) fn new(size: u64) -> Bits {
        assert!(size.div_ceil(64) < WORDS as u64, "a level of {size}");
        let words = vec![0; WORDS].into_boxed_slice();
        Bits {
            words: words.try_into().unwrap_or_else(|_| unreachable!()),
        }
    }

    /// Sets number `i`.
    #[cfg(test)]
    pub(crate) fn set(&mut self, i: u64) {
        self.words[(i >> 6) as usize % WORDS] |= 1 << (i & 63);
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
#[inline(always)]
pub(crate) fn drain(parts: &mut [BitsPart<'_>], mut f: impl FnMut(u64)) {
    let Some(first) = parts.first().map(|p| p.first) else {
        return;
    };
    if let [only] = parts {
        // One thread's set: each word read once, cleared where it held any.
        for (w, word) in only.words.iter_mut().enumerate() {
            let mut bits = *word;
            if bits == 0 {
                continue;
            }
            *word = 0;
            while bits != 0 {
                f(first + ((w as u64) << 6 | bits.trailing_zeros() as u64));
                bits &= bits - 1;
            }
        }
        return;
    }
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

/// The numbers set in `parts` (see `drain`), read back into a run of a
/// level: those whose holes (see `holes`) `keep` keeps, with their
/// positions (`from_holes`). The run's arrays are made as long as the
/// numbers set and cut back after, so that each number is written without
/// a test of room and kept or dropped by its length alone, without a branch.
#[inline(always)]
pub(crate) fn read_back(
    parts: &mut [BitsPart<'_>],
    ranks: &Ranks,
    keep: impl Fn(u64) -> bool,
    from_holes: impl Fn(u64) -> u64,
) -> Run {
    let most: usize = parts
        .iter()
        .flat_map(|p| p.words.iter())
        .map(|w| w.count_ones() as usize)
        .sum();
    let mut positions = vec![0u64; most];
    let mut numbers = vec![0u32; most];
    let mut len = 0;
    let mut block = Block::new(ranks);
    drain(parts, |i| {
        let z = block.holes(i);
        if let (Some(p), Some(n)) = (positions.get_mut(len), numbers.get_mut(len)) {
            *p = from_holes(z);
            *n = i as u32;
        }
        len += keep(z) as usize;
    });
    positions.truncate(len);
    numbers.truncate(len);
    positions.shrink_to_fit();
    numbers.shrink_to_fit();
    Run { positions, numbers }
}

/// The complements of the positions of `runs` (numbers and positions)
/// whose number is set in any of `parts`, in order: made as `read_back`
/// makes its run, without a branch on whether a number is set.
#[inline(always)]
pub(crate) fn complements_set<'a>(
    parts: &[BitsPart<'_>],
    runs: impl Iterator<Item = (&'a [u32], &'a [u64])>,
) -> Vec<u64> {
    let runs: Vec<_> = runs.collect();
    let most = runs.iter().map(|(numbers, _)| numbers.len()).sum();
    let mut out = vec![0u64; most];
    let mut len = 0;
    let mut keep = |is_set: &dyn Fn(u64) -> bool| {
        for &(numbers, positions) in &runs {
            for (&n, &y) in numbers.iter().zip(positions) {
                if let Some(slot) = out.get_mut(len) {
                    *slot = HOLES ^ y;
                }
                len += is_set(n as u64) as usize;
            }
        }
    };
    match parts {
        [only] => keep(&|n| {
            let j = n - only.first;
            only.words
                .get((j >> 6) as usize)
                .is_some_and(|w| w >> (j & 63) & 1 == 1)
        }),
        _ => keep(&|n| any_set(parts, n)),
    }
    out.truncate(len);
    out.shrink_to_fit();
    out
}
