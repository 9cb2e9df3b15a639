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

/// The least of the position's eight images under the board's symmetries.
pub fn canonical(x: u64) -> u64 {
    let v = flip_rows(x);
    let h = flip_columns(x);
    let vh = flip_columns(v);
    let four = [x, v, h, vh];
    let mut best = u64::MAX;
    for p in four {
        best = best.min(p).min(transpose(p));
    }
    best
}

/// Calls `f` with the position after each legal jump of `pegs` (`forward`),
/// or with each position one jump before it: all the jumps of a direction at
/// once, by shifts of the whole board.
#[inline]
fn moves(pegs: u64, forward: bool, mut f: impl FnMut(u64)) {
    let holes = HOLES & !pegs;
    // The peg jumped over and the hole landed in, as shifts of the jumping peg.
    for (over, to) in [(1i32, 2i32), (-1, -2), (8, 16), (-8, -16)] {
        let sh = |x: u64, by: i32| if by >= 0 { x << by } else { x >> -by };
        // Forward: a peg, a peg beyond it, then a hole. Back: a hole where
        // the peg came from, a hole it jumped over, and the peg it became.
        let mut from = if forward {
            pegs & sh(pegs, -over) & sh(holes, -to)
        } else {
            holes & sh(holes, -over) & sh(pegs, -to)
        };
        while from != 0 {
            let bit = from & from.wrapping_neg();
            from &= from - 1;
            let (gone, come) = if forward {
                (bit | sh(bit, over), sh(bit, to))
            } else {
                (sh(bit, to), bit | sh(bit, over))
            };
            f(pegs & !gone | come);
        }
    }
}

/// What the enumeration found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Census {
    /// Canonical positions built on the way (reached from the start, or
    /// leading to the won position).
    pub built: u64,
    /// Of those, the ones from which the game can still be won.
    pub winnable: u64,
}

/// Every position one jump after (`forward`) or before the positions of
/// `from`, canonical, sorted, each once.
fn step(from: &[u64], forward: bool) -> Vec<u64> {
    let mut next = Vec::with_capacity(from.len() * 4);
    for &x in from {
        moves(x, forward, |p| next.push(canonical(p)));
    }
    next.sort_unstable();
    next.dedup();
    next
}

/// The positions of sorted `a` that sorted `b` has too.
fn intersect(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut out = Vec::new();
    let mut it = b.iter().peekable();
    for &x in a {
        while it.next_if(|&&y| y < x).is_some() {}
        if it.peek() == Some(&&x) {
            out.push(x);
        }
    }
    out
}

/// Pegs at which the two halves meet: positions with more come forward from
/// the start, positions with this many or fewer back from the won position.
const MIDDLE: usize = 16;

/// Decides which positions reached from the English start (all holes but
/// the centre filled) can still be won (one peg, in the centre), meeting in
/// the middle, each level a sorted array (no table looked into at random):
/// forward from the start the positions of 31 pegs down to `MIDDLE + 1`
/// (what the start reaches), back from the won position those of 2 pegs up
/// to `MIDDLE` (what can still win). A position of `MIDDLE + 1` pegs is
/// winnable when it is reached and a jump before a winnable one; from there
/// the winnable positions are the reached ones a jump before winnable ones
/// (going up), and the winnable ones a jump after reached winnable ones
/// (going down).
pub fn census() -> Census {
    let start = HOLES & !CENTRE;
    // reached[i]: what the start reaches with 32 - i pegs.
    let mut reached = vec![vec![canonical(start)]];
    while 32 - reached.len() > MIDDLE {
        let next = step(reached.last().map_or(&[][..], |l| l), true);
        reached.push(next);
    }
    // winning[i]: positions of i + 1 pegs from which the won one is reached.
    let mut winning = vec![vec![CENTRE]];
    while winning.len() < MIDDLE {
        let next = step(winning.last().map_or(&[][..], |l| l), false);
        winning.push(next);
    }
    let built = reached.iter().chain(&winning).map(|l| l.len() as u64).sum();
    let meet = intersect(
        &step(winning.last().map_or(&[][..], |l| l), false),
        reached.last().map_or(&[][..], |l| l),
    );
    let mut winnable = meet.len() as u64;
    // Up from the meeting level towards the start.
    let mut level = meet.clone();
    for above in reached.iter().rev().skip(1) {
        level = intersect(&step(&level, false), above);
        winnable += level.len() as u64;
    }
    // Down from the meeting level to the won position.
    let mut level = meet;
    for below in winning.iter().rev() {
        level = intersect(&step(&level, true), below);
        winnable += level.len() as u64;
    }
    Census { built, winnable }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` positions on the cross, from a xorshift generator seeded `x`.
    fn random_positions(mut x: u64, n: usize) -> impl Iterator<Item = u64> {
        (0..n).map(move |_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x & HOLES
        })
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
