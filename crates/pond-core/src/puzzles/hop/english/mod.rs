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

use std::sync::atomic::{AtomicBool, Ordering};

mod bits;
mod board;
mod pagoda;
mod rank;
mod split;
mod table;

use bits::*;
use board::*;
pub use board::{CENTRE, HOLES};
use pagoda::*;
use rank::*;
use split::*;
pub use table::{Table, word};

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
    census_kept(threads, false, None).0
}

/// `census`, and with `keep` the positions it found, kept for look-ups.
/// A `stop` raised before it ends gives up between two levels: no table,
/// and a census of nothing.
fn census_kept(threads: usize, keep: bool, stop: Option<&AtomicBool>) -> (Census, Option<Table>) {
    let threads = threads.clamp(1, 64);
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("lzcnt")
    {
        // SAFETY: this CPU has every feature `census_v3` is built for.
        return unsafe { census_v3(threads, keep, stop) };
    }
    census_portable(threads, keep, stop)
}

/// `census` for any CPU.
fn census_portable(
    threads: usize,
    keep: bool,
    stop: Option<&AtomicBool>,
) -> (Census, Option<Table>) {
    census_body!(threads, keep, stop, holes, parts, from_holes, extreme_image)
}

/// `census` built for x86-64-v3 (AVX2, BMI1 and 2, POPCNT, LZCNT): the
/// least of eight images a few vector instructions, a position's parts one
/// `pext`, about 15% less time than the baseline build. The body is the same
/// text as the portable one (a macro), so that the closures that do the
/// work are inside this function and take its features.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
fn census_v3(threads: usize, keep: bool, stop: Option<&AtomicBool>) -> (Census, Option<Table>) {
    census_body!(
        threads,
        keep,
        stop,
        holes_bmi2,
        parts_bmi2,
        from_holes_bmi2,
        extreme_image_avx
    )
}

/// The body of `census`, with `$holes` the function that gives a
/// position's holes, `$parts` the one that cuts a position into the parts
/// `Ranks` numbers it by, and `$from_holes` the one that makes a position
/// of its holes, `$extreme` the one that picks the least or greatest of
/// eight images.
macro_rules! census_body {
    (
        $threads:ident,
        $keep:ident,
        $stop:ident,
        $holes:ident,
        $parts:ident,
        $from_holes:ident,
        $extreme:ident
    ) => {{
        let threads = $threads;
        let stopped = || $stop.is_some_and(|s| s.load(Ordering::Relaxed));
        let nothing = || {
            let census = Census {
                built: 0,
                winnable: 0,
                by_pegs: Vec::new(),
            };
            (census, None)
        };
        // With `$keep`, the winnable reached positions of more than
        // MIDDLE pegs, by their number of pegs.
        let mut reached: Vec<Vec<u64>> = vec![Vec::new(); 34];
        let jumps = jump_images();
        let hole_images = HoleImages::new();
        let image_table = hole_images.table();
        let images = move |x| images_of_holes(image_table, $holes(x));
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
            if stopped() {
                return nothing();
            }
            let size = ranks.level(pegs as u32 + 1);
            let numbering = ranks.numbering();
            spread(&mut sets, &winning[pegs].positions(), |words, ys| {
                set_moves(
                    ys,
                    |a, b| $extreme(a, b, true),
                    &jumps,
                    words,
                    images,
                    move |p| numbering.of($parts(p)),
                )
            });
            // Its complement must be able to win for it to be reached.
            let test = pagodas.of_holes(32 - pegs as u32);
            let parts = on_runs(&mut sets, size, threads, |bits| {
                read_back(
                    bits,
                    &ranks,
                    move |z| test.may_win(ALL_HOLES ^ z),
                    |z| $from_holes(z),
                )
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
            if stopped() {
                return nothing();
            }
            let below = &winning[32 - k];
            let size = ranks.level(32 - k as u32);
            let sources = if k == MIDDLE {
                winning[MIDDLE].positions()
            } else {
                level.iter().map(|run| &run[..]).collect()
            };
            // The complement's canonical form is the complement of the
            // greatest image.
            let numbering = ranks.numbering();
            spread(&mut sets, &sources, |words, xs| {
                set_moves(
                    xs,
                    |a, b| $extreme(a, b, false),
                    &jumps,
                    words,
                    images,
                    move |p| numbering.of($parts(HOLES ^ p)),
                )
            });
            let parts = on_runs(&mut sets, size, threads, |bits| {
                let first = bits[0].first;
                let end = first + bits[0].words.len() as u64 * 64;
                let next = complements_set(bits, below.between(first, end));
                // Cleared whole: sparse, but one pass of stores is quicker
                // than looking for the words in use.
                for part in bits.iter_mut() {
                    part.words.fill(0);
                }
                next
            });
            by_pegs[k + 1] = parts.iter().map(|run| run.len() as u64).sum();
            if $keep {
                reached[k + 1] = parts.iter().flatten().copied().collect();
            }
            level = parts;
        }
        for k in 1..=MIDDLE {
            by_pegs[k] = by_pegs[33 - k];
        }
        let census = Census {
            built,
            winnable: by_pegs.iter().sum(),
            by_pegs,
        };
        let table = $keep.then(|| {
            let built = winning.iter().map(|l| l.positions().concat()).collect();
            Table::new(built, reached, pagodas)
        });
        (census, table)
    }};
}
use census_body;

#[cfg(test)]
mod tests;
