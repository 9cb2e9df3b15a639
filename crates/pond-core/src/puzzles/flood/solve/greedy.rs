//! The greedy line: the colour that floods most cells, a move at a time. It
//! is the exact search's first upper bound.

use super::Blobs;

/// The flooded blobs as a growing set, for the greedy solver.
struct Region<'b> {
    blobs: &'b Blobs,
    inside: Vec<bool>,
    frontier: Vec<bool>,
    /// The blobs next to the region (each once), so that a move looks at
    /// them, not at every blob.
    near: Vec<u32>,
    remaining: Vec<u32>,
    colour: u8,
    count: usize,
}

impl<'b> Region<'b> {
    fn new(blobs: &'b Blobs) -> Self {
        let mut r = Region {
            blobs,
            inside: vec![false; blobs.len()],
            frontier: vec![false; blobs.len()],
            near: Vec::new(),
            remaining: vec![0; blobs.colours as usize],
            colour: blobs.colour[0],
            count: 0,
        };
        for &c in &blobs.colour {
            r.remaining[c as usize] += 1;
        }
        r.take(0);
        r
    }

    fn take(&mut self, b: usize) {
        self.inside[b] = true;
        self.frontier[b] = false;
        self.count += 1;
        self.remaining[self.blobs.colour[b] as usize] -= 1;
        for &n in &self.blobs.neighbours[b] {
            if !self.inside[n as usize] && !self.frontier[n as usize] {
                self.frontier[n as usize] = true;
                self.near.push(n);
            }
        }
    }

    /// The blobs next to the region of colour `c`.
    fn near_of(&self, c: usize) -> impl Iterator<Item = usize> + '_ {
        self.near
            .iter()
            .map(|&b| b as usize)
            .filter(move |&b| self.blobs.colour[b] as usize == c)
    }

    fn play(&mut self, colour: u8) {
        let picked: Vec<usize> = self.near_of(colour as usize).collect();
        for b in picked {
            self.take(b);
        }
        let inside = &self.inside;
        self.near.retain(|&b| !inside[b as usize]);
        self.colour = colour;
    }

    /// Cells and blobs each colour would add now.
    fn gains(&self) -> (Vec<u64>, Vec<u32>) {
        let k = self.blobs.colours as usize;
        let mut cells = vec![0u64; k];
        let mut count = vec![0u32; k];
        for &b in &self.near {
            let c = self.blobs.colour[b as usize] as usize;
            cells[c] += self.blobs.size[b as usize] as u64;
            count[c] += 1;
        }
        (cells, count)
    }

    fn done(&self) -> bool {
        self.count == self.blobs.len()
    }
}

pub(crate) fn greedy(blobs: &Blobs) -> Vec<u8> {
    let mut region = Region::new(blobs);
    let mut moves = Vec::new();
    // `seen[b] == stamp`: blob b already counted for the colour tried.
    let mut seen = vec![0u32; blobs.len()];
    let mut stamp = 0;
    while !region.done() {
        let (cells, count) = region.gains();
        let k = blobs.colours as usize;
        let clearing = (0..k)
            .filter(|&c| count[c] > 0 && count[c] == region.remaining[c])
            .max_by_key(|&c| cells[c]);
        let pick = match clearing {
            Some(c) => c as u8,
            None => {
                // Each colour's gain now plus the best gain a move after it:
                // after colour c, another colour d gains its blobs next to
                // the region now and those next to c's blobs (none of c's
                // own colour can be; no blob is counted twice).
                let mut best = (0u64, 0u8);
                for c in (0..k).filter(|&c| count[c] > 0) {
                    stamp += 1;
                    let mut later = cells.clone();
                    later[c] = 0;
                    for b in region.near_of(c) {
                        for &m in &blobs.neighbours[b] {
                            let m = m as usize;
                            if !region.inside[m] && !region.frontier[m] && seen[m] != stamp {
                                seen[m] = stamp;
                                later[blobs.colour[m] as usize] += blobs.size[m] as u64;
                            }
                        }
                    }
                    let score = cells[c] + later.iter().max().copied().unwrap_or(0);
                    if score > best.0 || best.0 == 0 {
                        best = (score, c as u8);
                    }
                }
                best.1
            }
        };
        region.play(pick);
        moves.push(pick);
    }
    moves
}
