//! Every position of the English central game that can be reached from its
//! start and can still be won, counted up to the board's eight symmetries.
//!
//! The board lives in a 64-bit word as a 7x7 square in the low seven bits of
//! the low seven bytes (row `r`, column `c` at bit `8r + c`), so the jumps of
//! every peg in one direction are found at once with shifts, and each of the
//! eight symmetries is a few word operations: a byte swap flips the rows, a
//! bit reversal of the bytes flips the columns, and three delta swaps
//! transpose. Positions are kept in their canonical form, the least of their
//! eight images.

/// The 33 holes of the English board.
pub const HOLES: u64 = {
    let mut m = 0u64;
    let mut r = 0;
    while r < 7 {
        let mut c = 0;
        while c < 7 {
            if (r >= 2 && r <= 4) || (c >= 2 && c <= 4) {
                m |= 1 << (8 * r + c);
            }
            c += 1;
        }
        r += 1;
    }
    m
};

/// The centre hole.
pub const CENTRE: u64 = 1 << (8 * 3 + 3);

/// Rows upside down (row `r` to `6 - r`).
fn flip_rows(x: u64) -> u64 {
    x.swap_bytes() >> 8
}

/// Columns mirrored (column `c` to `6 - c`).
fn flip_columns(x: u64) -> u64 {
    x.reverse_bits().swap_bytes() >> 1
}

/// Row `r`, column `c` to row `c`, column `r`.
fn transpose(mut x: u64) -> u64 {
    let t = 0x0F0F_0F0F_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// The position's eight images under the board's symmetries: itself, rows
/// flipped, columns flipped, both, and the transposes of those four. Each is
/// a permutation of the squares, so the images of `x ^ m` are those of `x`
/// each XORed with the same image of `m`.
fn images(x: u64) -> [u64; 8] {
    let v = flip_rows(x);
    let h = flip_columns(x);
    let vh = flip_columns(v);
    [
        x,
        v,
        h,
        vh,
        transpose(x),
        transpose(v),
        transpose(h),
        transpose(vh),
    ]
}

/// The least of the position's eight images under the board's symmetries.
#[cfg(test)]
fn canonical(x: u64) -> u64 {
    images(x).into_iter().min().unwrap_or(x)
}

/// The four directions of a jump: the peg jumped over and the hole landed
/// in, as shifts of the jumping peg.
const DIRECTIONS: [(i32, i32); 4] = [(1, 2), (-1, -2), (8, 16), (-8, -16)];

fn shift(x: u64, by: i32) -> u64 {
    if by >= 0 { x << by } else { x >> -by }
}

/// The squares from which a jump in direction `d` can start: forward, a peg
/// with a peg beyond it and then a hole; back (undoing a jump), a hole where
/// the peg came from, a hole it jumped over, and the peg it became.
#[inline]
fn starts(pegs: u64, d: usize, forward: bool) -> u64 {
    let holes = HOLES & !pegs;
    let (over, to) = DIRECTIONS[d];
    if forward {
        pegs & shift(pegs, -over) & shift(holes, -to)
    } else {
        holes & shift(holes, -over) & shift(pegs, -to)
    }
}

/// The three squares a jump in direction `d` from square `from` changes.
fn jump_mask(d: usize, from: u32) -> u64 {
    let (over, to) = DIRECTIONS[d];
    let bit = 1u64 << from;
    bit | shift(bit, over) | shift(bit, to)
}

#[cfg(test)]
/// Calls `f` with the position after each legal jump of `pegs` (`forward`),
/// or with each position one jump before it.
fn moves(pegs: u64, forward: bool, mut f: impl FnMut(u64)) {
    for d in 0..4 {
        let mut from = starts(pegs, d, forward);
        while from != 0 {
            let square = from.trailing_zeros();
            from &= from - 1;
            f(pegs ^ jump_mask(d, square));
        }
    }
}

/// What the enumeration found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Census {
    /// Canonical positions built on the way: those of 1 to `MIDDLE` pegs
    /// that can still be won and pass the pagoda test for being reached.
    pub built: u64,
    /// Positions reached from the start from which the game can still be
    /// won, up to symmetry.
    pub winnable: u64,
    /// `winnable` by the number of pegs (index 0 to 33).
    pub by_pegs: Vec<u64>,
}

/// The squares of each of the four position classes' parities: a jump
/// changes three squares in a line, one of each residue of `row + column`
/// (and of `row - column`) modulo 3, so it flips the parity of the pegs on
/// every residue, and the parity of the pegs on any two residues together
/// never changes. Those four parities (two residue pairs for each diagonal
/// direction) sort the positions into 16 classes; a jump keeps a position
/// in its class (Conway's position classes, known since the 1960s).
const CLASS_SQUARES: [u64; 4] = {
    let mut masks = [0u64; 4];
    let mut r = 0;
    while r < 7 {
        let mut c = 0;
        while c < 7 {
            let bit = 1u64 << (8 * r + c);
            if HOLES & bit != 0 {
                let sum = (r + c) % 3;
                let diff = (r + 6 - c) % 3;
                if sum != 2 {
                    masks[0] |= bit;
                }
                if sum != 0 {
                    masks[1] |= bit;
                }
                if diff != 2 {
                    masks[2] |= bit;
                }
                if diff != 0 {
                    masks[3] |= bit;
                }
            }
            c += 1;
        }
        r += 1;
    }
    masks
};

/// The position's class, 0 to 15 (see `CLASS_SQUARES`). It is additive:
/// the class of `x ^ y` is that of `x` XOR that of `y`.
fn class(x: u64) -> usize {
    let mut k = 0;
    for (j, mask) in CLASS_SQUARES.iter().enumerate() {
        k |= ((x & mask).count_ones() as usize & 1) << j;
    }
    k
}

/// The class of every winnable position: the won position's. Every image
/// of one under a symmetry, and its complement, is of this class too (the
/// full board's class is 0, see the tests).
fn winning_class() -> usize {
    class(CENTRE)
}

/// The board's 33 holes as three parts: `a` the first three rows (3 + 3 + 7
/// holes), `b` the middle row (7), `c` the last three (7 + 3 + 3).
fn parts(x: u64) -> (usize, usize, usize) {
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
fn parts_bmi2(x: u64) -> (usize, usize, usize) {
    let holes = core::arch::x86_64::_pext_u64(x, HOLES);
    (
        (holes & 0x1FFF) as usize,
        (holes >> 13 & 0x7F) as usize,
        (holes >> 20) as usize,
    )
}

/// The position made of three parts (the inverse of `parts`).
fn from_parts(a: usize, b: usize, c: usize) -> u64 {
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
struct Ranks {
    pegs: i64,
    /// How many positions the current level has.
    size: u64,
    /// Per `a`: its block's offset in the low 32 bits, and above them where
    /// the row of `b_offset` for its pegs and class left to `b` and `c`
    /// starts.
    a: Vec<u64>,
    /// Per pegs left `m` (0 to 20), class left `q` and `b`, at
    /// `(m * 16 + q) * 128 + b`: the offset of `b`'s block among the
    /// positions of `b` and `c` with `m` pegs and class `q`.
    b_offset: Vec<u32>,
    /// The class of each `a` as a part of a position.
    a_class: Vec<u8>,
    /// Per `c`: how many 13-bit values with as many pegs and the same class
    /// come before it.
    c_rank: Vec<u16>,
    /// For turning numbers back into positions, per pegs left `m` and class
    /// left `q`: from `b_row[m * 16 + q]` on, the `b` of each of the
    /// positions of `b` and `c` in order (1 MiB in all), so that the next
    /// row starts where these positions end.
    b_of: Vec<u8>,
    b_row: Vec<u32>,
    /// The 13-bit values by pegs and class as a part `c`, ascending, one
    /// group after another; and per `(m * 16 + q) * 128 + b`, where the
    /// group of `b`'s block starts in it, less the block's offset.
    c_values: Vec<u16>,
    c_at: Vec<u32>,
}

impl Ranks {
    fn new() -> Ranks {
        // The values of `c` by pegs `l` and class `k`, at `l * 16 + k`.
        let mut groups = vec![Vec::new(); 14 * 16];
        let mut c_rank = vec![0u16; 1 << 13];
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
        let mut b_offset = vec![0u32; 21 * 16 * 128];
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
            a: vec![0; 1 << 13],
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
    fn block(&self, m: usize, q: usize) -> u64 {
        (self.b_row[m * 16 + q + 1] - self.b_row[m * 16 + q]) as u64
    }

    /// Switches to the positions of `pegs` pegs; returns how many there are.
    fn level(&mut self, pegs: u32) -> u64 {
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
    fn rank(&self, x: u64) -> u64 {
        self.rank_of(parts(x))
    }

    /// `rank` of a position given by its `parts`.
    #[inline]
    fn rank_of(&self, (a, b, c): (usize, usize, usize)) -> u64 {
        let e = self.a[a];
        (e & 0xFFFF_FFFF) + self.b_offset[(e >> 32) as usize + b] as u64 + self.c_rank[c] as u64
    }
}

/// Turns the numbers of a level's positions, taken in ascending order, back
/// into positions: it follows the blocks of positions sharing their part
/// `a` (numbers `a_start` to `a_end`); within one, a number's offset gives
/// its `b` and `c` by two lookups (`Ranks::b_of`, `Ranks::c_at`).
struct Block<'r> {
    ranks: &'r Ranks,
    a: usize,
    a_start: u64,
    a_end: u64,
    /// The rows of `b_of` and `c_at` for this `a`.
    b_row: usize,
    row: usize,
}

impl<'r> Block<'r> {
    fn new(ranks: &'r Ranks) -> Block<'r> {
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
    fn position(&mut self, i: u64) -> u64 {
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

/// Asks for the cache line of `x` to be brought in.
#[inline]
fn prefetch<T>(x: &T) {
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
struct Bits {
    words: Vec<u64>,
    /// Numbers to set, in the order they came: each is set `AHEAD` numbers
    /// after its word was asked for (see `set`).
    ring: [u64; AHEAD],
    /// Numbers that came since the last `flush`.
    count: usize,
}

/// How many numbers ahead a word is fetched before its bit is set: the
/// jumps of the numbers between do their work while it comes.
const AHEAD: usize = 32;

impl Bits {
    /// Room for the numbers below `size` (the memory is the system's zeroed
    /// pages, touched only where bits are set).
    fn new(size: u64) -> Bits {
        Bits {
            words: vec![0; size.div_ceil(64) as usize],
            ring: [0; AHEAD],
            count: 0,
        }
    }

    /// Sets number `i`, or will by the next `flush`: the set is a level's
    /// (up to 9 MiB), so its words are fetched ahead of their use.
    #[inline]
    fn set(&mut self, i: u64) {
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
    fn set_now(&mut self, i: u64) {
        self.words[(i >> 6) as usize] |= 1 << (i & 63);
    }

    /// Sets the numbers `set` has not set yet.
    fn flush(&mut self) {
        for k in self.count.saturating_sub(AHEAD)..self.count {
            self.set_now(self.ring[k % AHEAD]);
        }
        self.count = 0;
    }
}

/// One run of a bit set: its words, and the number of its first bit.
struct BitsPart<'a> {
    words: &'a mut [u64],
    first: u64,
}

/// Calls `f` with each number set in any of `parts` (runs of several
/// threads' bit sets, over the same numbers), ascending, and clears them.
/// Every word is read: a summary of the words in use, kept up at every
/// number set, cost more than it saved.
fn drain(parts: &mut [BitsPart<'_>], mut f: impl FnMut(u64)) {
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
fn any_set(parts: &[BitsPart<'_>], i: u64) -> bool {
    parts.iter().any(|p| {
        let j = i - p.first;
        p.words[(j >> 6) as usize] >> (j & 63) & 1 == 1
    })
}

/// The words of a bit set of `size` numbers cut into `parts` runs of about
/// as many each.
fn runs(size: u64, parts: usize) -> Vec<std::ops::Range<usize>> {
    let words = size.div_ceil(64) as usize;
    let parts = parts.max(1);
    (0..parts)
        .map(|t| words * t / parts..words * (t + 1) / parts)
        .collect()
}

/// Calls `f` with each of `sources` (the runs of a level, in order) and a
/// bit set, the sources shared out in order between the bit sets, one
/// thread each.
fn spread(sets: &mut [Bits], sources: &[&[u64]], f: impl Fn(&mut Bits, u64) + Sync) {
    if let [only] = sets {
        for &x in sources.iter().copied().flatten() {
            f(only, x);
        }
        only.flush();
        return;
    }
    let shares = share(sources, sets.len());
    std::thread::scope(|s| {
        for (set, share) in sets.iter_mut().zip(shares) {
            let f = &f;
            s.spawn(move || {
                for &x in share.into_iter().flatten() {
                    f(set, x);
                }
                set.flush();
            });
        }
    });
}

/// `runs` (slices one after another) cut into `n` shares of about as many
/// items each, in order, each share a list of slices.
fn share<'a, T>(runs: &[&'a [T]], n: usize) -> Vec<Vec<&'a [T]>> {
    let n = n.max(1);
    let total: usize = runs.iter().map(|r| r.len()).sum();
    let per = total.div_ceil(n).max(1);
    let mut shares = vec![Vec::new(); n];
    let mut offset = 0;
    for &run in runs.iter().filter(|r| !r.is_empty()) {
        let end = offset + run.len();
        for (t, share) in shares
            .iter_mut()
            .enumerate()
            .take((end - 1) / per + 1)
            .skip(offset / per)
        {
            let from = offset.max(t * per) - offset;
            let to = end.min((t + 1) * per) - offset;
            share.push(&run[from..to]);
        }
        offset = end;
    }
    shares
}

/// The bit sets cut into a run of numbers for each thread (the same
/// numbers from every set), and `f` called on each thread with its runs.
/// The threads' results come back in order.
fn on_runs<R: Send>(
    sets: &mut [Bits],
    size: u64,
    threads: usize,
    f: impl Fn(&mut [BitsPart<'_>]) -> R + Sync,
) -> Vec<R> {
    let runs = runs(size, threads);
    // Each set cut at the same places, then regrouped by run.
    let mut by_run: Vec<Vec<BitsPart<'_>>> = runs.iter().map(|_| Vec::new()).collect();
    for set in sets.iter_mut() {
        let mut words = &mut set.words[..];
        let mut at = 0;
        for (t, run) in runs.iter().enumerate() {
            let (w, rest) = std::mem::take(&mut words).split_at_mut(run.end - at);
            by_run[t].push(BitsPart {
                words: &mut w[run.start - at..],
                first: run.start as u64 * 64,
            });
            (words, at) = (rest, run.end);
        }
    }
    if by_run.len() == 1 {
        return by_run.iter_mut().map(|parts| f(parts)).collect();
    }
    std::thread::scope(|s| {
        let f = &f;
        let handles: Vec<_> = by_run
            .into_iter()
            .map(|mut parts| s.spawn(move || f(&mut parts)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// A level's positions, ascending by number, with their numbers, kept as
/// the runs the threads found them in (in order): joined, the level would
/// be copied into memory new to the process, a page fault a page.
#[derive(Clone, Default)]
struct Level {
    runs: Vec<Run>,
}

/// A run of a level.
#[derive(Clone, Default)]
struct Run {
    positions: Vec<u64>,
    numbers: Vec<u32>,
}

impl Level {
    fn len(&self) -> usize {
        self.runs.iter().map(|r| r.numbers.len()).sum()
    }

    /// The positions, run by run.
    fn positions(&self) -> Vec<&[u64]> {
        self.runs.iter().map(|r| &r.positions[..]).collect()
    }

    /// The numbers, and the positions, of the level from `first` to `end`
    /// (not included), run by run.
    fn between(&self, first: u64, end: u64) -> impl Iterator<Item = (&[u32], &[u64])> {
        self.runs.iter().map(move |r| {
            let from = r.numbers.partition_point(|&n| (n as u64) < first);
            let to = r.numbers.partition_point(|&n| (n as u64) < end);
            (&r.numbers[from..to], &r.positions[from..to])
        })
    }
}

/// Per direction and square (at `d * 64 + square`), the eight images of the
/// squares the jump changes, in the order of `images`.
fn jump_images() -> Vec<[u64; 8]> {
    let mut t = vec![[0u64; 8]; 4 * 64];
    for d in 0..4 {
        for s in 0..64u32 {
            let m = jump_mask(d, s);
            if m & !HOLES == 0 && m.count_ones() == 3 {
                t[d * 64 + s as usize] = images(m);
            }
        }
    }
    t
}

/// Calls `f` with the least (`least`) or greatest image of each position one
/// jump after (`forward`) or before `x`.
#[inline]
fn images_of_moves(x: u64, forward: bool, least: bool, jumps: &[[u64; 8]], mut f: impl FnMut(u64)) {
    let img = images(x);
    for d in 0..4 {
        let mut from = starts(x, d, forward);
        while from != 0 {
            let m = &jumps[d * 64 + from.trailing_zeros() as usize];
            from &= from - 1;
            // Positions are below 2^55: as signed numbers they compare alike.
            let mut best = (img[0] ^ m[0]) as i64;
            for i in 1..8 {
                let y = (img[i] ^ m[i]) as i64;
                best = if least { best.min(y) } else { best.max(y) };
            }
            f(best as u64);
        }
    }
}

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
const PAGODAS: [[i64; 7]; 3] = [
    [-1, 0, 1, 1, 0, 1, 2],
    [0, 0, 0, 1, 0, 0, 1],
    [-1, 1, 1, 0, 0, 1, 1],
];

/// A 1 in the low bit of each pagoda function's lane.
const LANES: u64 = {
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
struct Pagodas {
    rows: Vec<[u64; 256]>,
    /// Per lane, the centre's weight (raised by 2).
    centre: u64,
}

impl Pagodas {
    fn new() -> Pagodas {
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
        Pagodas { rows, centre }
    }

    /// Whether position `x`, of `pegs` pegs, might still be won: it weighs
    /// at least the centre under every pagoda function.
    #[inline]
    fn may_win(&self, x: u64, pegs: u32) -> bool {
        let weight: u64 = (0..7)
            .map(|r| self.rows[r][(x >> (8 * r) & 0xFF) as usize])
            .sum();
        // Lane by lane: the true weight (raised weight less 2 a peg)
        // against the centre's (raised by 2), both raised by 2 a peg.
        let need = self.centre - 2 * LANES + 2 * pegs as u64 * LANES;
        let high = LANES << 15;
        ((weight | high) - need) & high == high
    }
}

/// Pegs at which the two halves meet.
const MIDDLE: usize = 16;

/// Decides which positions reached from the English start (all holes but
/// the centre filled) can still be won (one peg, in the centre).
///
/// A jump read on the complement of the board (pegs for holes) is a jump
/// backwards, so a position is reached from the start exactly when its
/// complement can be won: one search back from the won position gives both
/// halves. It finds the winnable positions of 1 to `MIDDLE` pegs, level by
/// level (each position numbered densely among those of its class with as
/// many pegs, `Ranks`, the numbers deduplicated in a bit set, `Bits`);
/// their complements are the reached positions of 33 - `MIDDLE` to 32 pegs.
/// Then up from `MIDDLE`: a position one jump before a winnable one is
/// winnable, and it is reached when its complement is among the winnable
/// positions found on the way back. The winnable reached positions of
/// `MIDDLE` pegs or fewer are the complements of those of more, so they are
/// counted, not searched.
///
/// `threads` (1 to 64; other counts are brought into that range) share out
/// the jumps of every level, each into a bit set of its own, then the
/// numbers of the bit sets, in runs.
pub fn census(threads: usize) -> Census {
    let threads = threads.clamp(1, 64);
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("lzcnt")
    {
        // SAFETY: this CPU has every feature `census_v3` is built for.
        return unsafe { census_v3(threads) };
    }
    census_portable(threads)
}

/// `census` for any CPU.
fn census_portable(threads: usize) -> Census {
    census_body!(threads, parts)
}

/// `census` built for x86-64-v3 (AVX2, BMI1 and 2, POPCNT, LZCNT): the
/// least of eight images a few vector instructions, a position's parts one
/// `pext`, about 15% less time than the baseline build. The body is the same
/// text as the portable one (a macro), so that the closures that do the
/// work are inside this function and take its features.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
fn census_v3(threads: usize) -> Census {
    census_body!(threads, parts_bmi2)
}

/// The body of `census`, with `$parts` the function that cuts a position
/// into the parts `Ranks` numbers it by.
macro_rules! census_body {
    ($threads:ident, $parts:ident) => {{
        let threads = $threads;
        let jumps = jump_images();
        let mut ranks = Ranks::new();
        // The largest level the bit sets hold: numbers of MIDDLE pegs.
        let most = ranks.level(MIDDLE as u32);
        let mut sets: Vec<Bits> = (0..threads).map(|_| Bits::new(most)).collect();
        // winning[k]: positions of k pegs that can be won.
        let mut winning: Vec<Level> = vec![Level::default(); 2];
        ranks.level(1);
        winning[1].runs.push(Run {
            positions: vec![CENTRE],
            numbers: vec![ranks.rank(CENTRE) as u32],
        });
        let pagodas = Pagodas::new();
        for pegs in 1..MIDDLE {
            let size = ranks.level(pegs as u32 + 1);
            spread(&mut sets, &winning[pegs].positions(), |set, y| {
                images_of_moves(y, false, true, &jumps, |p| {
                    set.set(ranks.rank_of($parts(p)))
                })
            });
            let parts = on_runs(&mut sets, size, threads, |bits| {
                let mut next = Run::default();
                let mut block = Block::new(&ranks);
                drain(bits, |i| {
                    let p = block.position(i);
                    // Its complement must be able to win for it to be reached.
                    if pagodas.may_win(HOLES ^ p, 32 - pegs as u32) {
                        next.numbers.push(i as u32);
                        next.positions.push(p);
                    }
                });
                next
            });
            winning.push(Level { runs: parts });
        }
        let built = winning.iter().map(|l| l.len() as u64).sum();

        // Up from the meeting level: a position of k + 1 pegs one jump
        // before a winnable one of k (the winnable ones of MIDDLE to start
        // with) is winnable, and reached when its complement, of 32 - k
        // pegs, can be won. Numbered by its complement, it is looked up
        // among those: the winnable positions whose bit is set are, by
        // complement, the next level.
        let mut level: Vec<Vec<u64>> = Vec::new();
        let mut by_pegs = vec![0u64; 34];
        for k in MIDDLE..32 {
            let below = &winning[32 - k];
            let size = ranks.level(32 - k as u32);
            let sources = if k == MIDDLE {
                winning[MIDDLE].positions()
            } else {
                level.iter().map(|run| &run[..]).collect()
            };
            spread(&mut sets, &sources, |set, x| {
                // The complement's canonical form is the complement of the
                // greatest image.
                images_of_moves(x, false, false, &jumps, |p| {
                    set.set(ranks.rank_of($parts(HOLES ^ p)))
                })
            });
            let parts = on_runs(&mut sets, size, threads, |bits| {
                let first = bits[0].first;
                let end = first + bits[0].words.len() as u64 * 64;
                let next: Vec<u64> = below
                    .between(first, end)
                    .flat_map(|(numbers, positions)| numbers.iter().zip(positions))
                    .filter(|&(&n, _)| any_set(bits, n as u64))
                    .map(|(_, &y)| HOLES ^ y)
                    .collect();
                // Cleared whole: sparse, but one pass of stores is quicker
                // than looking for the words in use.
                for part in bits.iter_mut() {
                    part.words.fill(0);
                }
                next
            });
            by_pegs[k + 1] = parts.iter().map(|run| run.len() as u64).sum();
            level = parts;
        }
        for k in 1..=MIDDLE {
            by_pegs[k] = by_pegs[33 - k];
        }
        Census {
            built,
            winnable: by_pegs.iter().sum(),
            by_pegs,
        }
    }};
}
use census_body;

#[cfg(test)]
mod tests {
    use super::*;

    /// The binomial coefficient `n` choose `k`, zero when `k` is out of range.
    fn choose(n: i64, k: i64) -> u64 {
        if k < 0 || k > n {
            return 0;
        }
        let k = k.min(n - k);
        (0..k).fold(1u64, |c, i| c * (n - i) as u64 / (i + 1) as u64)
    }

    /// `n` positions on the cross, from a xorshift generator seeded `x`.
    fn random_positions(mut x: u64, n: usize) -> impl Iterator<Item = u64> {
        (0..n).map(move |_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x & HOLES
        })
    }

    /// Every position of `pegs` pegs on the board, ascending.
    fn every_position(pegs: u32) -> Vec<u64> {
        let squares: Vec<u32> = (0..64).filter(|&s| HOLES >> s & 1 == 1).collect();
        let mut out = Vec::new();
        let mut pick = |set: u64| {
            if set.count_ones() == pegs {
                out.push(
                    squares
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| set >> i & 1 == 1)
                        .map(|(_, &s)| 1u64 << s)
                        .sum(),
                );
            }
        };
        // Few or many pegs: walk the subsets of the 33 squares with that
        // many (or that many holes).
        fn subsets(n: u32, k: u32, from: u32, set: u64, f: &mut impl FnMut(u64)) {
            if k == 0 {
                f(set);
                return;
            }
            for i in from..n {
                subsets(n, k - 1, i + 1, set | 1 << i, f);
            }
        }
        if pegs <= 16 {
            subsets(33, pegs, 0, 0, &mut pick);
        } else {
            subsets(33, 33 - pegs, 0, 0, &mut |holes| {
                pick(((1u64 << 33) - 1) ^ holes)
            });
        }
        out.sort_unstable();
        out
    }

    #[test]
    fn numbers_are_dense_and_turn_back_into_their_positions() {
        let mut ranks = Ranks::new();
        for pegs in [0, 1, 2, 3, 4, 29, 30, 31, 32, 33] {
            let size = ranks.level(pegs);
            let mut numbered: Vec<(u64, u64)> = every_position(pegs)
                .into_iter()
                .filter(|&x| class(x) == winning_class())
                .map(|x| (ranks.rank(x), x))
                .collect();
            assert_eq!(numbered.len() as u64, size);
            numbered.sort_unstable();
            // Every number from 0 to size - 1, once each.
            assert!(
                numbered
                    .iter()
                    .enumerate()
                    .all(|(i, &(n, _))| n == i as u64)
            );
            let mut block = Block::new(&ranks);
            for &(n, x) in &numbered {
                assert_eq!(block.position(n), x);
            }
        }
        // Random positions of the middle levels: numbers in range, and the
        // cursor finds them again in ascending order.
        for pegs in [10, 16, 20] {
            let size = ranks.level(pegs);
            // About a sixteenth of all positions of as many pegs.
            let all = choose(33, pegs as i64);
            assert!(size > all / 17 && size < all / 15, "{size} of {all}");
            let mut numbered: Vec<(u64, u64)> = random_positions(pegs as u64 + 5, 400_000)
                .filter(|&x| x.count_ones() == pegs && class(x) == winning_class())
                .map(|x| (ranks.rank(x), x))
                .collect();
            assert!(numbered.len() > 100);
            numbered.sort_unstable();
            numbered.dedup();
            let mut block = Block::new(&ranks);
            for &(n, x) in &numbered {
                assert!(n < size);
                assert_eq!(block.position(n), x);
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn parts_by_pext_are_the_parts() {
        if !std::arch::is_x86_feature_detected!("bmi2") {
            return;
        }
        for x in random_positions(5, 20_000).chain([0, HOLES, CENTRE]) {
            // SAFETY: this CPU has BMI2 (checked above).
            assert_eq!(unsafe { parts_bmi2(x) }, parts(x));
        }
    }

    #[test]
    fn shares_cover_the_runs_in_order() {
        let items: Vec<u32> = (0..100).collect();
        for cuts in [
            vec![0, 100],
            vec![0, 0, 37, 37, 90, 100],
            vec![0, 1, 2, 3, 100],
        ] {
            let runs: Vec<&[u32]> = cuts.windows(2).map(|w| &items[w[0]..w[1]]).collect();
            for n in 1..=7 {
                let shares = share(&runs, n);
                assert_eq!(shares.len(), n);
                let sizes: Vec<usize> = shares
                    .iter()
                    .map(|s| s.iter().map(|r| r.len()).sum())
                    .collect();
                assert!(
                    sizes.iter().all(|&k| k <= 100usize.div_ceil(n)),
                    "{sizes:?}"
                );
                let flat: Vec<u32> = shares.into_iter().flatten().flatten().copied().collect();
                assert_eq!(flat, items);
            }
        }
        assert!(share::<u32>(&[], 2).iter().all(Vec::is_empty));
    }

    #[test]
    fn jumps_and_symmetries_keep_the_winning_class() {
        // The full board is of class 0, so a complement keeps the class.
        assert_eq!(class(HOLES), 0);
        assert_eq!(class(HOLES ^ CENTRE), winning_class());
        let mut of_every_class = [0; 16];
        for x in random_positions(9, 5_000) {
            of_every_class[class(x)] += 1;
            moves(x, true, |y| assert_eq!(class(y), class(x)));
            moves(x, false, |y| assert_eq!(class(y), class(x)));
            assert_eq!(class(HOLES ^ x), class(x));
            if class(x) == winning_class() {
                assert!(images(x).iter().all(|&y| class(y) == winning_class()));
            }
        }
        assert!(of_every_class.iter().all(|&n| n > 100));
    }

    #[test]
    fn bit_sets_give_each_number_once_in_order() {
        let mut ranks = Ranks::new();
        let size = ranks.level(16);
        let mut sets = [Bits::new(size), Bits::new(size)];
        let mut positions: Vec<u64> = random_positions(3, 400_000)
            .filter(|&x| x.count_ones() == 16 && class(x) == winning_class())
            .collect();
        assert!(positions.len() > 1_000);
        // Each twice, by two threads' sets.
        for (n, &x) in positions.iter().enumerate() {
            sets[n % 2].set(ranks.rank(x));
            sets[(n + 1) % 2].set(ranks.rank(x));
        }
        sets.iter_mut().for_each(Bits::flush);
        positions.sort_unstable_by_key(|&x| ranks.rank(x));
        positions.dedup();
        // Looked up, each from the run of the thread that holds it.
        let found = on_runs(&mut sets, size, 3, |bits| {
            let first = bits[0].first;
            let end = first + bits[0].words.len() as u64 * 64;
            positions
                .iter()
                .map(|&x| ranks.rank(x))
                .filter(|n| (first..end).contains(n))
                .all(|n| any_set(bits, n))
        });
        assert_eq!(found, [true; 3]);
        // Read back in order, each once, in three runs.
        let runs = on_runs(&mut sets, size, 3, |bits| {
            let mut block = Block::new(&ranks);
            let mut out = Vec::new();
            drain(bits, |i| out.push(block.position(i)));
            out
        });
        assert_eq!(runs.concat(), positions);
        assert!(sets.iter().all(|s| s.words.iter().all(|&w| w == 0)));
    }

    #[test]
    fn pagodas_never_gain_weight_by_a_jump() {
        let p = Pagodas::new();
        let weight = |x: u64| -> u64 {
            (0..7)
                .map(|r| p.rows[r][(x >> (8 * r) & 0xFF) as usize])
                .sum()
        };
        // Per lane, with weights raised by 2 a peg: a jump loses a peg, so
        // it must lose at least 2 in every lane.
        for x in random_positions(11, 2_000) {
            moves(x, true, |y| {
                for j in 0..PAGODAS.len() {
                    let lane = |w: u64| w >> (16 * j) & 0xFFFF;
                    assert!(lane(weight(y)) + 2 <= lane(weight(x)), "{x:#x} to {y:#x}");
                }
            });
        }
        assert!(p.may_win(CENTRE, 1));
        assert!(p.may_win(HOLES & !CENTRE, 32));
        // A lone peg in a corner of the cross never reaches the centre.
        assert!(!p.may_win(1 << 2, 1));
    }

    /// Measured by the earlier solver, which went forward from the start
    /// and back from the won position separately, with sorted arrays.
    #[test]
    fn census_counts_every_winnable_position_reached() {
        let c = census(1);
        assert_eq!(census(2), c);
        // Runs of numbers and shares of sources that do not divide evenly.
        assert_eq!(census(3), c);
        // The build for any CPU, whichever this one runs.
        assert_eq!(census_portable(2), c);
        assert_eq!(c.winnable, 1_679_072);
        let above = [
            230_230, 204_992, 162_319, 112_788, 68_326, 35_749, 16_020, 6_174, 2_089, 635, 164, 38,
            8, 2, 1, 1,
        ];
        assert_eq!(c.by_pegs[17..33], above);
        assert_eq!(c.by_pegs[33], 0);
        for k in 1..=16 {
            assert_eq!(c.by_pegs[k], c.by_pegs[33 - k]);
        }
        assert_eq!(c.by_pegs[1], 1);
    }

    #[test]
    fn symmetries_keep_the_board_and_undo_themselves() {
        for f in [flip_rows, flip_columns, transpose] {
            assert_eq!(f(HOLES), HOLES);
            assert_eq!(f(CENTRE), CENTRE);
            for p in random_positions(0x1234_5678_9ABC_DEF1, 200) {
                assert_eq!(f(f(p)), p);
                assert_eq!(f(p) & !HOLES, 0);
                assert_eq!(f(p).count_ones(), p.count_ones());
                assert_eq!(canonical(p), canonical(f(p)));
            }
        }
        // A corner hole of the cross: row 0, column 2 maps to row 6 (rows
        // flipped), column 4 (columns flipped), row 2 column 0 (transposed).
        let a = 1u64 << 2;
        assert_eq!(flip_rows(a), 1 << (8 * 6 + 2));
        assert_eq!(flip_columns(a), 1 << 4);
        assert_eq!(transpose(a), 1 << (8 * 2));
    }

    #[test]
    fn moves_back_undo_moves_forward() {
        for p in random_positions(7, 300) {
            let mut after = Vec::new();
            moves(p, true, |q| after.push(q));
            for q in after {
                let mut before = Vec::new();
                moves(q, false, |r| before.push(r));
                assert!(before.contains(&p));
                for r in before {
                    let mut back = Vec::new();
                    moves(r, true, |s| back.push(s));
                    assert!(back.contains(&q));
                }
            }
        }
    }

    #[test]
    fn jumps_agree_with_the_rules() {
        use crate::rules::Rules;
        use crate::rules::hop::Hop;
        // The rules' board numbers its holes in reading order: map them.
        let h = Hop::english_central();
        let bit = |pad: u8| {
            let p = &h.board.pads[pad as usize];
            1u64 << (8 * p.0 as u32 + p.1 as u32)
        };
        let to_word = |set: u64| {
            (0..33u8)
                .filter(|&i| set >> i & 1 == 1)
                .map(bit)
                .sum::<u64>()
        };
        let mut pos = h.clone();
        let mut x = 99u64;
        for _ in 0..31 {
            let mut ours = Vec::new();
            moves(to_word(pos.green), true, |p| ours.push(p));
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            let mut theirs: Vec<u64> = moves
                .iter()
                .map(|&m| {
                    let mut q = pos.clone();
                    q.apply(m).unwrap();
                    to_word(q.green)
                })
                .collect();
            ours.sort_unstable();
            theirs.sort_unstable();
            assert_eq!(ours, theirs);
            if theirs.is_empty() {
                break;
            }
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            pos.apply(moves[(x >> 33) as usize % moves.len()]).unwrap();
        }
    }
}
