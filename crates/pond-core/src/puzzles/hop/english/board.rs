//! The English board in a word: its holes, its symmetries, the jumps of
//! every peg in a direction at once, and the position classes.

#[allow(unused_imports)]
use super::*;

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
pub(crate) fn flip_rows(x: u64) -> u64 {
    x.swap_bytes() >> 8
}

/// Columns mirrored (column `c` to `6 - c`).
pub(crate) fn flip_columns(x: u64) -> u64 {
    x.reverse_bits().swap_bytes() >> 1
}

/// Row `r`, column `c` to row `c`, column `r`.
pub(crate) fn transpose(mut x: u64) -> u64 {
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
pub(crate) fn images(x: u64) -> [u64; 8] {
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
pub(crate) fn canonical(x: u64) -> u64 {
    images(x).into_iter().min().unwrap_or(x)
}

/// The four directions of a jump: the peg jumped over and the hole landed
/// in, as shifts of the jumping peg.
pub(crate) const DIRECTIONS: [(i32, i32); 4] = [(1, 2), (-1, -2), (8, 16), (-8, -16)];

pub(crate) fn shift(x: u64, by: i32) -> u64 {
    if by >= 0 { x << by } else { x >> -by }
}

/// The squares from which a jump in direction `d` can start: forward, a peg
/// with a peg beyond it and then a hole; back (undoing a jump), a hole where
/// the peg came from, a hole it jumped over, and the peg it became.
#[inline]
pub(crate) fn starts(pegs: u64, d: usize, forward: bool) -> u64 {
    let holes = HOLES & !pegs;
    let (over, to) = DIRECTIONS[d];
    if forward {
        pegs & shift(pegs, -over) & shift(holes, -to)
    } else {
        holes & shift(holes, -over) & shift(pegs, -to)
    }
}

/// The three squares a jump in direction `d` from square `from` changes.
pub(crate) fn jump_mask(d: usize, from: u32) -> u64 {
    let (over, to) = DIRECTIONS[d];
    let bit = 1u64 << from;
    bit | shift(bit, over) | shift(bit, to)
}

/// Calls `f` with the position after each legal jump of `pegs` (`forward`),
/// or with each position one jump before it.
pub(crate) fn moves(pegs: u64, forward: bool, mut f: impl FnMut(u64)) {
    for d in 0..4 {
        let mut from = starts(pegs, d, forward);
        while from != 0 {
            let square = from.trailing_zeros();
            from &= from - 1;
            f(pegs ^ jump_mask(d, square));
        }
    }
}

/// The squares of each of the four position classes' parities: a jump
/// changes three squares in a line, one of each residue of `row + column`
/// (and of `row - column`) modulo 3, so it flips the parity of the pegs on
/// every residue, and the parity of the pegs on any two residues together
/// never changes. Those four parities (two residue pairs for each diagonal
/// direction) sort the positions into 16 classes; a jump keeps a position
/// in its class (Conway's position classes, known since the 1960s).
pub(crate) const CLASS_SQUARES: [u64; 4] = {
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
pub(crate) fn class(x: u64) -> usize {
    let mut k = 0;
    for (j, mask) in CLASS_SQUARES.iter().enumerate() {
        k |= ((x & mask).count_ones() as usize & 1) << j;
    }
    k
}

/// The class of every winnable position: the won position's. Every image
/// of one under a symmetry, and its complement, is of this class too (the
/// full board's class is 0, see the tests).
pub(crate) fn winning_class() -> usize {
    class(CENTRE)
}

/// Per direction and square (at `d * 64 + square`), the eight images of the
/// squares the jump changes, in the order of `images`.
pub(crate) fn jump_images() -> Box<[[u64; 8]; 256]> {
    let mut t = Box::new([[0u64; 8]; 4 * 64]);
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

/// The least (`least`) or greatest of the eight images of `x ^ m`, given
/// the images of `x` and those of `m` (`jump_images`).
#[inline(always)]
pub(crate) fn extreme_image(img: &[u64; 8], m: &[u64; 8], least: bool) -> u64 {
    // Positions are below 2^55: as signed numbers they compare alike.
    let mut best = (img[0] ^ m[0]) as i64;
    for i in 1..8 {
        let y = (img[i] ^ m[i]) as i64;
        best = if least { best.min(y) } else { best.max(y) };
    }
    best as u64
}

/// `extreme_image` with AVX: the images compared as the bits of
/// floating-point numbers. Every position is below 2^55, so its bits are
/// those of a positive number (its exponent field never all ones: no NaN),
/// and positive floating-point numbers order as their bits do: the least of
/// four pairs is one `vminpd`, where 64-bit integers take a compare and a
/// blend.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn extreme_image_avx(img: &[u64; 8], m: &[u64; 8], least: bool) -> u64 {
    use core::arch::x86_64::*;
    let (a, b) = (
        _mm256_set_epi64x(
            (img[3] ^ m[3]) as i64,
            (img[2] ^ m[2]) as i64,
            (img[1] ^ m[1]) as i64,
            (img[0] ^ m[0]) as i64,
        ),
        _mm256_set_epi64x(
            (img[7] ^ m[7]) as i64,
            (img[6] ^ m[6]) as i64,
            (img[5] ^ m[5]) as i64,
            (img[4] ^ m[4]) as i64,
        ),
    );
    let (a, b) = (_mm256_castsi256_pd(a), _mm256_castsi256_pd(b));
    let best = if least {
        let four = _mm256_min_pd(a, b);
        let two = _mm_min_pd(
            _mm256_castpd256_pd128(four),
            _mm256_extractf128_pd::<1>(four),
        );
        _mm_min_sd(two, _mm_unpackhi_pd(two, two))
    } else {
        let four = _mm256_max_pd(a, b);
        let two = _mm_max_pd(
            _mm256_castpd256_pd128(four),
            _mm256_extractf128_pd::<1>(four),
        );
        _mm_max_sd(two, _mm_unpackhi_pd(two, two))
    };
    _mm_cvtsi128_si64(_mm_castpd_si128(best)) as u64
}

/// The eight images (see `images`) of a position by its holes (see
/// `holes`), eight or nine at a time: the images of `x` are the XOR of
/// those of its four runs of holes, four lookups in 80 KiB of tables
/// instead of the bit reversals and transposes.
pub(crate) struct HoleImages {
    chunks: Box<ImageTable>,
}

/// The images of holes 0 to 7, 8 to 15 and 16 to 23 (by byte), and of
/// holes 24 to 32.
pub(crate) type ImageTable = ([[[u64; 8]; 256]; 3], [[u64; 8]; 512]);

impl HoleImages {
    pub(crate) fn new() -> HoleImages {
        let mut chunks = Box::new(([[[0; 8]; 256]; 3], [[0; 8]; 512]));
        for (j, table) in chunks.0.iter_mut().enumerate() {
            for (v, img) in table.iter_mut().enumerate() {
                *img = images(from_holes((v as u64) << (8 * j)));
            }
        }
        for (v, img) in chunks.1.iter_mut().enumerate() {
            *img = images(from_holes((v as u64) << 24));
        }
        HoleImages { chunks }
    }

    /// The tables, for a loop to hold in a register.
    pub(crate) fn table(&self) -> &ImageTable {
        &self.chunks
    }
}

/// The images of the position of holes `z`, from `HoleImages::table`.
#[inline(always)]
pub(crate) fn images_of_holes(t: &ImageTable, z: u64) -> [u64; 8] {
    let (a, b, c, d) = (
        &t.0[0][(z & 0xFF) as usize],
        &t.0[1][(z >> 8 & 0xFF) as usize],
        &t.0[2][(z >> 16 & 0xFF) as usize],
        &t.1[(z >> 24 & 0x1FF) as usize],
    );
    std::array::from_fn(|i| a[i] ^ b[i] ^ c[i] ^ d[i])
}

/// Calls `f` with the image `extreme` picks (`extreme_image`) of each
/// position one jump after (`forward`) or before `x`, given the images of
/// `x`.
#[inline(always)]
pub(crate) fn images_of_moves(
    x: u64,
    img: [u64; 8],
    forward: bool,
    extreme: impl Fn(&[u64; 8], &[u64; 8]) -> u64 + Copy,
    jumps: &[[u64; 8]; 256],
    mut f: impl FnMut(u64),
) {
    // The directions one by one, so that their shifts are constants.
    images_in_direction::<0>(x, &img, forward, extreme, jumps, &mut f);
    images_in_direction::<1>(x, &img, forward, extreme, jumps, &mut f);
    images_in_direction::<2>(x, &img, forward, extreme, jumps, &mut f);
    images_in_direction::<3>(x, &img, forward, extreme, jumps, &mut f);
}

/// `images_of_moves` in direction `D`, given the images of `x`.
#[inline(always)]
fn images_in_direction<const D: usize>(
    x: u64,
    img: &[u64; 8],
    forward: bool,
    extreme: impl Fn(&[u64; 8], &[u64; 8]) -> u64,
    jumps: &[[u64; 8]; 256],
    f: &mut impl FnMut(u64),
) {
    let mut from = starts(x, D, forward);
    while from != 0 {
        let m = &jumps[(D * 64 + from.trailing_zeros() as usize) & 255];
        from &= from - 1;
        f(extreme(img, m));
    }
}
