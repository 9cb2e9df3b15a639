//! The exact search's lower bounds on the moves a region still needs.

use super::{AStar, Set, and, and_not, around_in, empty, has, or, put};
use crate::puzzles::flood::solve::blobs::colour_count;

impl<const W: usize> AStar<'_, W> {
    /// A lower bound on the moves left. Number the blobs outside the region by
    /// their distance from it (layer 1 touches it). A blob in layer `l` joins
    /// at move `l` at the earliest, and only by a move of its own colour, so if
    /// `n_k` colours still have a blob in layer `k` or beyond, moves `k` and on
    /// must name at least `n_k` colours: at least `k - 1 + n_k` moves in all.
    /// With `k = 1` this is the number of colours left; with the last layer it
    /// is at least the distance to the farthest blob.
    pub(super) fn layers(&mut self, region: &Set<W>) -> u8 {
        self.queue.clear();
        for b in 0..self.blobs.len() {
            if has(region, b) {
                self.distance[b] = 0;
                self.queue.push(b as u32);
            } else {
                self.distance[b] = u8::MAX;
            }
        }
        let mut last_layer = [0u8; crate::rules::flood::MAX_COLOURS as usize];
        let mut head = 0;
        while head < self.queue.len() {
            let b = self.queue[head] as usize;
            head += 1;
            let d = self.distance[b];
            let colour = self.blobs.colour[b] as usize;
            last_layer[colour] = last_layer[colour].max(d);
            for &n in &self.blobs.neighbours[b] {
                if self.distance[n as usize] == u8::MAX {
                    self.distance[n as usize] = d.saturating_add(1);
                    self.queue.push(n);
                }
            }
        }
        let mut layers = last_layer;
        layers.sort_unstable_by(|a, b| b.cmp(a));
        // layers[i] is the (i+1)-th latest last layer: n_k >= i + 1 for k <= layers[i].
        let mut best = 0u8;
        for (i, &k) in layers.iter().enumerate() {
            if k == 0 {
                break;
            }
            best = best.max(k - 1 + i as u8 + 1);
        }
        best
    }

    /// A lower bound from a relaxed game: one move may take every blob next
    /// to the region whatever its colour, except that each colour still needs
    /// a move of its own to be cleared. Count the moves of the relaxed game
    /// played well: clear every colour that one move can clear (its last blobs
    /// touch the region), and when none can be, take a whole layer in one
    /// move. Any real line of play is also a line of the relaxed game, so it
    /// is no shorter. (The idea is from A. and S. Puchert's Flood-It solver.)
    #[inline(always)]
    pub(super) fn relaxed(&self, region: &Set<W>, frontier: &Set<W>, left: u32, limit: u8) -> u8 {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is set only where the CPU has AVX2.
            return unsafe { relaxed_avx2(self, region, frontier, left, limit) };
        }
        self.relaxed_in(region, frontier, left, limit)
    }

    /// `relaxed`'s work, inlined into each build of it.
    #[inline(always)]
    fn relaxed_in(&self, region: &Set<W>, frontier: &Set<W>, mut left: u32, limit: u8) -> u8 {
        if left == 0 {
            return 0;
        }
        let mut seen = *region;
        let mut layer = *frontier;
        let mut moves = 0u8;
        // A blob of each colour left that is not yet seen: while it is not,
        // the colour is not cleared (one bit tested, not the colour's every
        // word). It starts as the colour's last blob in the walk's order,
        // the farthest from the flooded corner, and when it is seen the next
        // is the last one of that colour still unseen: `seen` only grows.
        // The witnesses are kept as a set too, so that one test a move
        // says whether the blobs just seen hold any (they seldom do).
        let mut witness = self.last_of_colour;
        let mut witnesses = [0u64; W];
        let mut bits = left;
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            put(&mut witnesses, witness[c] as usize);
        }
        // The first move's blobs just seen are the region's too.
        let mut new = or(region, frontier);
        loop {
            seen = or(&seen, &layer);
            let mut cleared = 0u32;
            if !empty(&and(&witnesses, &new)) {
                let mut bits = left;
                while bits != 0 {
                    let c = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let at = witness[c] as usize;
                    if has(&seen, at) {
                        witnesses[at / 64] &= !(1 << (at % 64));
                        match last_outside(&self.of_colour[c], &seen, at / 64) {
                            Some(b) => {
                                witness[c] = b as u16;
                                put(&mut witnesses, b);
                            }
                            None => cleared |= 1 << c,
                        }
                    }
                }
            }
            if cleared != 0 {
                left &= !cleared;
                moves += colour_count(cleared);
                if left & left.wrapping_sub(1) == 0 {
                    return moves + u8::from(left != 0);
                }
                // Each colour left needs a move of its own: past the limit
                // the exact count is not needed.
                if moves + colour_count(left) > limit {
                    return moves + colour_count(left);
                }
                // The cleared colours' blobs of this layer join now; the rest
                // of the layer waits for its own colours.
                let mut joined = [0u64; W];
                let mut bits = cleared;
                while bits != 0 {
                    let c = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    joined = or(&joined, &and(&layer, &self.of_colour[c]));
                }
                let beyond = and_not(&around_in(&self.near, &joined), &seen);
                layer = or(&and_not(&layer, &joined), &beyond);
            } else {
                moves += 1;
                if moves + colour_count(left) > limit {
                    return moves + colour_count(left);
                }
                layer = and_not(&around_in(&self.near, &layer), &seen);
            }
            if empty(&layer) {
                // Cannot happen on a joined board; a safe answer all the same.
                return moves + colour_count(left);
            }
            // The witnesses are all outside `seen`: the next blobs seen are
            // in the layer.
            new = layer;
        }
    }
}

/// The last blob of `set` outside `seen`, looked for from word `from`
/// down (the words above it hold none).
#[inline(always)]
fn last_outside<const W: usize>(set: &Set<W>, seen: &Set<W>, from: usize) -> Option<usize> {
    (0..=from).rev().find_map(|w| {
        let rest = set[w] & !seen[w];
        (rest != 0).then(|| w * 64 + 63 - rest.leading_zeros() as usize)
    })
}

/// `AStar::relaxed` built with AVX2: the sets' words four at a time, and
/// `around_in` inlined, its answer kept in registers.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
fn relaxed_avx2<const W: usize>(
    a: &AStar<'_, W>,
    region: &Set<W>,
    frontier: &Set<W>,
    left: u32,
    limit: u8,
) -> u8 {
    a.relaxed_in(region, frontier, left, limit)
}
