//! The look-ahead lines of the fast solver (`solve_fast`) and of Tatham's
//! method (`solve_lookahead`): lines of a few moves scored by how near they
//! leave the farthest blob.

use super::Blobs;
use crate::rules::flood::{Flood, FloodMove};

/// The method of Simon Tatham's Flood, kept as a yardstick for `solve_fast`:
/// try every line of up to `depth` moves and play the first move of the one
/// that leaves the farthest blob nearest (counted in blobs crossed), more
/// cells flooded breaking ties; a line that finishes wins.
pub fn solve_lookahead(f: &Flood, depth: usize) -> Vec<FloodMove> {
    if f.is_goal_board() {
        return Vec::new();
    }
    let blobs = Blobs::of(f);
    Ahead::new(&blobs).run(depth, false, true, 0).0
}

/// Lines of a few moves scored by the farthest blob, on flat arrays with
/// stamps so a line costs one walk over the blobs outside the region.
pub(crate) struct Ahead<'b> {
    blobs: &'b Blobs,
    inside: Vec<bool>,
    /// Blobs next to the region (each once).
    frontier: Vec<u32>,
    in_frontier: Vec<bool>,
    /// Blobs of each colour outside the region.
    left: Vec<u32>,
    count: usize,
    cells: u64,
    /// Scratch for lines: the move of the line that took a blob (0: none).
    added: Vec<u32>,
    // `seen[b] == walk` marks a blob the current walk reached.
    seen: Vec<u32>,
    walk: u32,
    queue: Vec<u32>,
    /// Walk every line out (Tatham's way), or estimate it from the shortest
    /// paths (see `prepare`).
    exact_walk: bool,
    // For the estimate, worked out once a move: each blob's distance from
    // the region, and which far blobs (those within 3 of the farthest, as
    // bits, `words` a blob) it lies on a shortest path to (`paths[b]`), or
    // on a path one step longer (`paths[n + b]`, n the number of blobs);
    // `on_path` tells which of these sets are not empty.
    distance: Vec<u32>,
    paths: Vec<u64>,
    on_path: Vec<bool>,
    words: usize,
    /// The far blobs of each distance, farthest first, as bits.
    far_layers: Vec<(u32, Vec<u64>)>,
    /// Buffers for `lines`, one set a level.
    scratch: Vec<Scratch>,
}

/// What one level of `lines` works in: the blobs next to the line by
/// colour, the blobs a move takes, the blobs
/// next to the line after it, and the far blobs the line brings nearer.
#[derive(Default)]
struct Scratch {
    by_colour: Vec<Vec<u32>>,
    grab: Vec<u32>,
    next: Vec<u32>,
    mine: Vec<u64>,
}

/// 0 and the moves for a line that finishes, else 1, the farthest distance,
/// (for the estimate) how many blobs are that far, and (reversed) the cells
/// flooded: lower is better.
type Score = (u8, u32, u32, std::cmp::Reverse<u64>);

impl<'b> Ahead<'b> {
    pub(crate) fn new(blobs: &'b Blobs) -> Self {
        let n = blobs.len();
        let mut a = Ahead {
            blobs,
            inside: vec![false; n],
            frontier: Vec::new(),
            in_frontier: vec![false; n],
            left: vec![0; blobs.colours as usize],
            count: 0,
            cells: 0,
            added: vec![0; n],
            seen: vec![0; n],
            walk: 0,
            queue: Vec::with_capacity(n),
            exact_walk: true,
            distance: vec![0; n],
            paths: Vec::new(),
            on_path: Vec::new(),
            words: 0,
            far_layers: Vec::new(),
            scratch: Vec::new(),
        };
        for &c in &blobs.colour {
            a.left[c as usize] += 1;
        }
        a.take(0);
        a
    }

    fn take(&mut self, b: usize) {
        self.inside[b] = true;
        self.in_frontier[b] = false;
        self.count += 1;
        self.cells += self.blobs.size[b] as u64;
        self.left[self.blobs.colour[b] as usize] -= 1;
        for &m in &self.blobs.neighbours[b] {
            if !self.inside[m as usize] && !self.in_frontier[m as usize] {
                self.in_frontier[m as usize] = true;
                self.frontier.push(m);
            }
        }
    }

    fn play(&mut self, colour: u8) {
        let taken: Vec<u32> = self
            .frontier
            .iter()
            .copied()
            .filter(|&b| self.blobs.colour[b as usize] == colour)
            .collect();
        for b in taken {
            self.take(b as usize);
        }
        let inside = &self.inside;
        self.frontier.retain(|&b| !inside[b as usize]);
    }

    fn done(&self) -> bool {
        self.count == self.blobs.len()
    }

    /// A colour one move clears from the board, the largest if several.
    fn clearing(&self) -> Option<u8> {
        let k = self.blobs.colours as usize;
        let mut next = vec![0u32; k];
        let mut cells = vec![0u64; k];
        for &b in &self.frontier {
            let c = self.blobs.colour[b as usize] as usize;
            next[c] += 1;
            cells[c] += self.blobs.size[b as usize] as u64;
        }
        (0..k)
            .filter(|&c| next[c] > 0 && next[c] == self.left[c])
            .max_by_key(|&c| cells[c])
            .map(|c| c as u8)
    }

    /// The line, and the first move after which at most `end` blobs were
    /// left outside the region (if it came).
    pub(crate) fn run(
        mut self,
        depth: usize,
        clear: bool,
        exact_walk: bool,
        end: usize,
    ) -> (Vec<FloodMove>, Option<usize>) {
        self.exact_walk = exact_walk;
        let mut moves = Vec::new();
        let mut ending = None;
        while !self.done() {
            if ending.is_none() && self.blobs.len() - self.count <= end {
                ending = Some(moves.len());
            }
            let pick = match clear.then(|| self.clearing()).flatten() {
                Some(c) => c,
                None => {
                    let mut best = None;
                    let start = self.frontier.clone();
                    if !self.exact_walk {
                        self.prepare();
                    }
                    let unions = vec![0u64; 4 * self.words];
                    self.lines(&start, 1, depth.max(1), None, 0, 0, &unions, &mut best);
                    match best {
                        Some((_, c)) => c,
                        None => break,
                    }
                }
            };
            self.play(pick);
            moves.push(FloodMove { colour: pick });
        }
        (moves, ending)
    }

    /// Extends a line: the blobs it took are marked in `added` with the
    /// move that took them (1 for its first); `frontier` lists the blobs next
    /// to the region and the line (some more than once, some taken: skipped).
    #[allow(clippy::too_many_arguments)]
    fn lines(
        &mut self,
        frontier: &[u32],
        level: u32,
        depth: usize,
        first: Option<u8>,
        taken: usize,
        cells: u64,
        unions: &[u64],
        best: &mut Option<(Score, u8)>,
    ) {
        // This level's buffers, kept from line to line.
        if self.scratch.len() <= level as usize {
            self.scratch
                .resize_with(level as usize + 1, Scratch::default);
        }
        let mut scratch = std::mem::take(&mut self.scratch[level as usize]);
        let Scratch {
            by_colour,
            grab,
            next,
            mine,
        } = &mut scratch;
        mine.clear();
        mine.extend_from_slice(unions);
        by_colour.resize_with(self.blobs.colours as usize, Vec::new);
        by_colour.iter_mut().for_each(Vec::clear);
        for &b in frontier {
            if self.added[b as usize] == 0 {
                by_colour[self.blobs.colour[b as usize] as usize].push(b);
            }
        }
        for c in 0..self.blobs.colours {
            grab.clear();
            let mut more = cells;
            for &b in &by_colour[c as usize] {
                let i = b as usize;
                if self.added[i] == 0 {
                    self.added[i] = level;
                    more += self.blobs.size[i] as u64;
                    grab.push(b);
                }
            }
            if grab.is_empty() {
                continue;
            }
            let first = first.unwrap_or(c);
            let now = taken + grab.len();
            if !self.exact_walk {
                mine.copy_from_slice(unions);
                for &b in grab.iter() {
                    self.add_gains(b as usize, mine);
                }
            }
            let score = if self.count + now == self.blobs.len() {
                Some((0, level, 0, std::cmp::Reverse(0)))
            } else if depth == 1 && !self.exact_walk {
                let (far, many) = self.estimate(mine);
                Some((1, far, many, std::cmp::Reverse(self.cells + more)))
            } else {
                next.clear();
                next.extend(
                    frontier
                        .iter()
                        .copied()
                        .filter(|&b| self.added[b as usize] == 0),
                );
                for &b in grab.iter() {
                    for &m in &self.blobs.neighbours[b as usize] {
                        if !self.inside[m as usize] && self.added[m as usize] == 0 {
                            next.push(m);
                        }
                    }
                }
                if depth > 1 {
                    self.lines(
                        next,
                        level + 1,
                        depth - 1,
                        Some(first),
                        now,
                        more,
                        mine,
                        best,
                    );
                    None
                } else {
                    let cutoff = match best {
                        Some(((1, far, _, _), _)) => *far,
                        Some(_) => 0,
                        None => u32::MAX,
                    };
                    self.farthest(next, cutoff)
                        .map(|far| (1, far, 0, std::cmp::Reverse(self.cells + more)))
                }
            };
            if let Some(score) = score
                && best.as_ref().is_none_or(|(s, _)| score < *s)
            {
                *best = Some((score, first));
            }
            for &b in grab.iter() {
                self.added[b as usize] = 0;
            }
        }
        self.scratch[level as usize] = scratch;
    }

    /// Adds to `unions` (the far blobs brought at least 1, 2 and 3 nearer,
    /// `words` each from 1) those that taking blob `b` brings nearer: a blob
    /// at distance d brings a far one `gain` nearer when it lies at most
    /// d - gain steps off a shortest path to it.
    fn add_gains(&self, b: usize, unions: &mut [u64]) {
        let (n, words) = (self.blobs.len(), self.words);
        let d = self.distance[b].min(3) as usize;
        for gain in (1..=d).rev() {
            let slack = d - gain;
            if slack > 1 {
                break;
            }
            let at = (slack * n + b) * words;
            let from = &self.paths[at..at + words];
            for (u, p) in unions[gain * words..(gain + 1) * words]
                .iter_mut()
                .zip(from)
            {
                *u |= p;
            }
        }
    }

    /// Distances from the region, and for each blob the far blobs it lies on
    /// a shortest path to (a blob is on its own), and those it lies on a
    /// path one step longer than the shortest to. A line that takes a blob
    /// at distance `d` brings the first far blobs `d` nearer and the second
    /// `d - 1`. A line's blobs lie within 3 of the region, so each far blob's
    /// distance after it is found exactly, except that a gain through a path
    /// two steps longer (from a blob at distance 3, a gain of 1) is missed.
    fn prepare(&mut self) {
        let n = self.blobs.len();
        // The fields the loops below use, as locals.
        let Ahead {
            blobs,
            inside,
            frontier,
            queue,
            distance,
            paths,
            on_path,
            far_layers,
            ..
        } = self;
        queue.clear();
        for (d, &inside) in distance.iter_mut().zip(inside.iter()) {
            *d = if inside { 0 } else { u32::MAX };
        }
        for &b in frontier.iter() {
            distance[b as usize] = 1;
            queue.push(b);
        }
        let mut head = 0;
        while head < queue.len() {
            let b = queue[head] as usize;
            head += 1;
            let d = distance[b] + 1;
            for &m in &blobs.neighbours[b] {
                if distance[m as usize] == u32::MAX {
                    distance[m as usize] = d;
                    queue.push(m);
                }
            }
        }
        let farthest = queue.last().map_or(0, |&b| distance[b as usize]);
        let near = farthest.saturating_sub(3).max(1);
        // The queue is in order of distance: the far blobs are its tail.
        let first_far = queue.partition_point(|&b| distance[b as usize] < near);
        let far = queue.len() - first_far;
        let words = far.div_ceil(64).max(1);
        self.words = words;
        paths.clear();
        paths.resize(2 * n * words, 0);
        far_layers.clear();
        for v in (near..=farthest).rev() {
            far_layers.push((v, vec![0; words]));
        }
        // Whether a blob's set (of each slack) has any far blob: most do
        // not, and pass nothing back.
        on_path.clear();
        on_path.resize(2 * n, false);
        // Backwards, a distance at a time: a blob gets the sets of its
        // neighbours one further away (of the same slack), and for slack 1
        // the sets without slack of its neighbours as far (a step along a
        // distance spends the slack).
        let mut end = queue.len();
        let mut sideways = Vec::new();
        while end > 0 {
            let d = distance[queue[end - 1] as usize];
            let begin = queue[..end].partition_point(|&b| distance[b as usize] < d);
            sideways.clear();
            for (i, &b) in queue.iter().enumerate().take(end).skip(begin) {
                let b = b as usize;
                if i >= first_far {
                    let bit = i - first_far;
                    let layer = (farthest - d) as usize;
                    far_layers[layer].1[bit / 64] |= 1 << (bit % 64);
                    for s in 0..2 {
                        paths[(s * n + b) * words + bit / 64] |= 1 << (bit % 64);
                        on_path[s * n + b] = true;
                    }
                }
                for &m in &blobs.neighbours[b] {
                    let m = m as usize;
                    let dm = distance[m];
                    if dm == d + 1 {
                        for s in 0..2 {
                            if on_path[s * n + m] {
                                on_path[s * n + b] = true;
                                let (to, from) = ((s * n + b) * words, (s * n + m) * words);
                                for w in 0..words {
                                    paths[to + w] |= paths[from + w];
                                }
                            }
                        }
                    } else if dm == d {
                        sideways.push((b, m));
                    }
                }
            }
            for &(b, m) in &sideways {
                if on_path[m] {
                    on_path[n + b] = true;
                    let (to, from) = ((n + b) * words, m * words);
                    for w in 0..words {
                        paths[to + w] |= paths[from + w];
                    }
                }
            }
            end = begin;
        }
    }

    /// The farthest distance after a line, and how many far blobs are that
    /// far, from the far blobs its blobs bring at least 1, 2 and 3 nearer
    /// (`unions`, `words` each from 1).
    fn estimate(&self, unions: &[u64]) -> (u32, u32) {
        let words = self.words;
        let Some(&(top, _)) = self.far_layers.first() else {
            return (0, 0);
        };
        // The blobs of a layer's word `w` that come exactly `gain` nearer.
        let gained = |layer: &[u64], gain: u32, w: usize| {
            let c3 = unions[3 * words + w];
            let c2 = c3 | unions[2 * words + w];
            let c1 = c2 | unions[words + w];
            layer[w]
                & match gain {
                    0 => !c1,
                    1 => c1 & !c2,
                    2 => c2 & !c3,
                    _ => c3,
                }
        };
        // From the farthest distance down, the first that some far blob
        // still has, and how many have it (layers are farthest first).
        for d in (0..=top).rev() {
            let mut count = 0;
            for (v, layer) in self.far_layers.iter().take_while(|(v, _)| *v >= d) {
                // The gains that leave a blob of this layer `d` away (a
                // gain past the layer's distance leaves it at 0).
                let gains = if d > 0 { v - d..=v - d } else { *v..=3 };
                for gain in gains.filter(|&g| g <= 3) {
                    for w in 0..words {
                        let bits = gained(layer, gain, w);
                        if bits != 0 {
                            count += bits.count_ones();
                        }
                    }
                }
            }
            if count > 0 {
                return (d, count);
            }
        }
        (0, 0)
    }

    /// The distance (in blobs crossed) from the region and the line's blobs
    /// to the farthest blob; None once it is beyond `cutoff`.
    fn farthest(&mut self, frontier: &[u32], cutoff: u32) -> Option<u32> {
        self.walk += 1;
        let walk = self.walk;
        self.queue.clear();
        for &b in frontier {
            let b = b as usize;
            if self.added[b] == 0 && self.seen[b] != walk {
                self.seen[b] = walk;
                self.queue.push(b as u32);
            }
        }
        let mut far = 0;
        let mut head = 0;
        let mut layer_end = self.queue.len();
        let mut d = 1;
        while head < self.queue.len() {
            if head == layer_end {
                d += 1;
                layer_end = self.queue.len();
                if d > cutoff {
                    return None;
                }
            }
            let b = self.queue[head] as usize;
            head += 1;
            far = d;
            for &m in &self.blobs.neighbours[b] {
                let m = m as usize;
                if !self.inside[m] && self.seen[m] != walk && self.added[m] == 0 {
                    self.seen[m] = walk;
                    self.queue.push(m as u32);
                }
            }
        }
        Some(far)
    }
}

#[cfg(test)]
#[path = "ahead_tests.rs"]
mod tests;
