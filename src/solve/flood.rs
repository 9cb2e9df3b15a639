//! Flood solvers. The board is reduced to its graph of one-colour blobs; the
//! flooded region is a set of blobs. The exact solver is A* with an admissible
//! bound (a relaxed game in which one move takes every colour, see
//! `AStar::relaxed`); it plays a colour at once when that move clears the
//! colour from the board, which never costs a move, and skips a move that
//! could have been played a move earlier to the same effect. The fast solver is greedy
//! with a short look-ahead, for hints and huge boards.

use super::{Budget, FastMap, Outcome, Search};
use crate::rules::Rules;
use crate::rules::flood::{Flood, FloodMove, MAX_COLOURS};
use std::collections::hash_map::Entry;

/// The board's blobs: maximal one-colour groups of orthogonally joined cells.
#[derive(Debug, Clone)]
pub struct Blobs {
    pub colour: Vec<u8>,
    pub size: Vec<u32>,
    pub neighbours: Vec<Vec<u32>>,
    pub colours: u8,
}

impl Blobs {
    pub fn of(f: &Flood) -> Blobs {
        let (w, h) = (f.width as usize, f.height as usize);
        let n = w * h;
        let mut label = vec![u32::MAX; n];
        let mut colour = Vec::new();
        let mut size = Vec::new();
        let mut stack = Vec::new();
        for start in 0..n {
            if label[start] != u32::MAX {
                continue;
            }
            let id = colour.len() as u32;
            let c = f.cells[start];
            colour.push(c);
            size.push(0);
            label[start] = id;
            stack.push(start);
            while let Some(i) = stack.pop() {
                size[id as usize] += 1;
                let (x, y) = (i % w, i / w);
                for (ok, j) in [
                    (x > 0, i.wrapping_sub(1)),
                    (x + 1 < w, i + 1),
                    (y > 0, i.wrapping_sub(w)),
                    (y + 1 < h, i + w),
                ] {
                    if ok && label[j] == u32::MAX && f.cells[j] == c {
                        label[j] = id;
                        stack.push(j);
                    }
                }
            }
        }
        let mut neighbours = vec![Vec::new(); colour.len()];
        for i in 0..n {
            let (x, y) = (i % w, i / w);
            for (ok, j) in [(x + 1 < w, i + 1), (y + 1 < h, i + w)] {
                if ok && label[i] != label[j] {
                    neighbours[label[i] as usize].push(label[j]);
                    neighbours[label[j] as usize].push(label[i]);
                }
            }
        }
        for list in &mut neighbours {
            list.sort_unstable();
            list.dedup();
        }
        Blobs {
            colour,
            size,
            neighbours,
            colours: f.colours,
        }
    }

    pub fn len(&self) -> usize {
        self.colour.len()
    }

    /// The same blobs numbered in the order a breadth-first walk from blob
    /// 0 (the flooded corner) meets them: the region and the layers around
    /// it then fill runs of neighbouring bits, so a set of them spans few
    /// words.
    fn in_walk_order(&self) -> Blobs {
        let n = self.len();
        let mut order = Vec::with_capacity(n);
        let mut new_id = vec![u32::MAX; n];
        if n > 0 {
            order.push(0);
            new_id[0] = 0;
        }
        let mut head = 0;
        while head < order.len() {
            let b = order[head];
            head += 1;
            for &m in &self.neighbours[b] {
                if new_id[m as usize] == u32::MAX {
                    new_id[m as usize] = order.len() as u32;
                    order.push(m as usize);
                }
            }
        }
        // A board's blobs are all joined; any the walk missed keep their
        // place after the others.
        for (b, id) in new_id.iter_mut().enumerate() {
            if *id == u32::MAX {
                *id = order.len() as u32;
                order.push(b);
            }
        }
        Blobs {
            colour: order.iter().map(|&b| self.colour[b]).collect(),
            size: order.iter().map(|&b| self.size[b]).collect(),
            neighbours: order
                .iter()
                .map(|&b| {
                    let mut list: Vec<u32> = self.neighbours[b]
                        .iter()
                        .map(|&m| new_id[m as usize])
                        .collect();
                    list.sort_unstable();
                    list
                })
                .collect(),
            colours: self.colours,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.colour.is_empty()
    }
}

pub fn solve(f: &Flood, search: &mut Search<'_, FloodMove>) -> Outcome<FloodMove> {
    solve_with(f, search, Exact::FAST)
}

/// `solve` with a chosen bound and pruning (the tests compare them).
pub fn solve_with(
    f: &Flood,
    search: &mut Search<'_, FloodMove>,
    exact: Exact,
) -> Outcome<FloodMove> {
    if f.cells.is_empty() || f.is_goal_board() {
        return Outcome::Solved {
            moves: Vec::new(),
            optimal: true,
        };
    }
    let blobs = Blobs::of(f).in_walk_order();
    let fast = greedy(&blobs);
    let outcome = match blobs.len() {
        0..=128 => AStar::<2>::new(&blobs, exact).run(search, fast.len()),
        129..=192 => AStar::<3>::new(&blobs, exact).run(search, fast.len()),
        193..=256 => AStar::<4>::new(&blobs, exact).run(search, fast.len()),
        257..=512 => AStar::<8>::new(&blobs, exact).run(search, fast.len()),
        513..=1024 => AStar::<16>::new(&blobs, exact).run(search, fast.len()),
        _ => None,
    };
    let as_moves = |colours: &[u8]| colours.iter().map(|&colour| FloodMove { colour }).collect();
    match outcome {
        Some(Some(path)) => Outcome::Solved {
            moves: as_moves(&path),
            optimal: true,
        },
        // Nothing shorter than the greedy line exists: it is optimal.
        Some(None) if search.stopped().is_none() => Outcome::Solved {
            moves: as_moves(&fast),
            optimal: true,
        },
        _ => {
            if search.stopped().is_none() {
                // Too many blobs for the exact search's tables.
                search.memory(usize::MAX);
            }
            // The best line known: the greedy one, or the look-ahead's.
            let (ahead, _) = Ahead::new(&blobs).run(3, true, false, 0);
            let best = if ahead.len() < fast.len() {
                ahead
            } else {
                as_moves(&fast)
            };
            search.out_of_budget(Some(best))
        }
    }
}

/// A fast, not always shortest, solution: clear a colour when one move can,
/// otherwise play the first move of the line of three that leaves the
/// farthest blob nearest (then the fewest blobs that far, then the most
/// cells flooded); the end of the game by exact search when it is shorter.
pub fn solve_fast(f: &Flood) -> Vec<FloodMove> {
    if f.is_goal_board() {
        return Vec::new();
    }
    let (mut line, end) = Ahead::new(&Blobs::of(f)).run(3, true, false, ENDGAME_BLOBS);
    // The end of the game, from where few blobs are left, by exact search
    // when it finds a shorter way (within its node budget).
    if let Some(k) = end {
        let mut rest = f.clone();
        rest.limit = None;
        if line[..k].iter().all(|&mv| rest.apply(mv).is_ok()) {
            let mut search = Search::new(Budget::nodes(ENDGAME_NODES));
            let finish = match solve(&rest, &mut search) {
                Outcome::Solved { moves, .. } => Some(moves),
                Outcome::OutOfBudget {
                    best: Some(moves), ..
                } => Some(moves),
                _ => None,
            };
            if let Some(finish) = finish.filter(|m| m.len() < line.len() - k) {
                line.truncate(k);
                line.extend(finish);
            }
        }
    }
    line
}

/// Blobs left outside the region when `solve_fast` hands the rest of the
/// game to the exact search, and the nodes that search may take.
const ENDGAME_BLOBS: usize = 400;
const ENDGAME_NODES: u64 = 10_000;

impl Flood {
    /// True when every cell has one colour (whatever the move count).
    pub fn is_goal_board(&self) -> bool {
        let c = self.region_colour();
        self.cells.iter().all(|&x| x == c)
    }
}

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

fn greedy(blobs: &Blobs) -> Vec<u8> {
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
struct Ahead<'b> {
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
    fn new(blobs: &'b Blobs) -> Self {
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
    fn run(
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

/// How many colours a set of colours (as bits) holds: a table, as the
/// build targets processors without a population count instruction.
fn colour_count(colours: u32) -> u8 {
    const COUNTS: [u8; 1 << MAX_COLOURS] = {
        let mut t = [0u8; 1 << MAX_COLOURS];
        let mut i = 1;
        while i < t.len() {
            t[i] = t[i >> 1] + (i & 1) as u8;
            i += 1;
        }
        t
    };
    COUNTS[colours as usize & ((1 << MAX_COLOURS) - 1)]
}

/// A set of blobs in `W` words.
type Set<const W: usize> = [u64; W];

fn has<const W: usize>(s: &Set<W>, i: usize) -> bool {
    s[i / 64] >> (i % 64) & 1 == 1
}

fn put<const W: usize>(s: &mut Set<W>, i: usize) {
    s[i / 64] |= 1 << (i % 64);
}

fn and<const W: usize>(a: &Set<W>, b: &Set<W>) -> Set<W> {
    std::array::from_fn(|w| a[w] & b[w])
}

fn and_not<const W: usize>(a: &Set<W>, b: &Set<W>) -> Set<W> {
    std::array::from_fn(|w| a[w] & !b[w])
}

fn or<const W: usize>(a: &Set<W>, b: &Set<W>) -> Set<W> {
    std::array::from_fn(|w| a[w] | b[w])
}

fn empty<const W: usize>(s: &Set<W>) -> bool {
    s.iter().all(|&w| w == 0)
}

fn subset<const W: usize>(a: &Set<W>, b: &Set<W>) -> bool {
    // One test at the end: the words' outcomes are not predictable.
    (0..W).fold(0, |acc, w| acc | (a[w] & !b[w])) == 0
}

/// The lower bound and move pruning of the exact search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exact {
    pub bound: Bound,
    /// Skip a move that could have been played one move earlier to at least
    /// the same effect (see `AStar::redundant`).
    pub prune: bool,
}

impl Exact {
    /// What `solve` uses.
    pub const FAST: Exact = Exact {
        bound: Bound::Relaxed,
        prune: true,
    };
    /// The first, simpler search, kept to check the fast one against.
    pub const PLAIN: Exact = Exact {
        bound: Bound::Layers,
        prune: false,
    };
}

/// A lower bound on the moves a region still needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// Colours left in the farthest layers of blobs (`AStar::layers`).
    Layers,
    /// A relaxed game where one move may take every colour at once, but each
    /// colour must still be cleared by a move of its own (`AStar::relaxed`).
    Relaxed,
}

struct Node<const W: usize> {
    region: Set<W>,
    parent: u32,
    /// Where the frontier of an expanded node is kept (`u32::MAX` until it
    /// is expanded): its children's frontiers are worked out from it.
    expanded: u32,
    g: u8,
    colour: u8,
    /// The move was the only one offered (it cleared a colour), so its
    /// parent never tried the others.
    forced: bool,
    /// The bound has been worked out in full (it is when the node is made,
    /// if it belongs to the current round, else when it comes out of the
    /// open list; a bound cut short at the node's limit leaves this false,
    /// so it is worked out again if the node comes out later).
    bounded: bool,
    /// The colours (as bits) with a blob outside the region.
    left: u16,
}

/// The exact search's largest buffers, kept on the thread from one search
/// to the next (one set for each size of set), so that a board does not
/// take all its memory fresh from the system, a page fault a page: about 4%
/// of the time over 1000 boards, and most of the page faults.
struct Kept<const W: usize> {
    nodes: Vec<Node<W>>,
    frontiers: Vec<Set<W>>,
    best_g: FastMap<Set<W>, u8>,
}

thread_local! {
    static KEPT: std::cell::RefCell<Vec<Box<dyn std::any::Any>>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// The table of regions reached starts with room for this many and is kept
/// for the next search up to `KEPT_TABLE` slots: a larger one costs a pass
/// over all of it to empty, and spreads the next board's lookups over more
/// memory. Over 1000 14x14 boards, starting at 2^12 and keeping up to 2^14
/// was 3-10% faster than starting at 2^14 and keeping up to 2^16, and no
/// other pair tried was faster.
const FIRST_TABLE: usize = 1 << 12;
const KEPT_TABLE: usize = 1 << 14;

/// The most memory a list of nodes or of frontiers keeps for the next
/// search: past that, it goes back to the system.
const KEPT_BYTES: usize = 32 << 20;

impl<const W: usize> Kept<W> {
    /// The thread's buffers for sets of `W` words, or new ones.
    fn take() -> Kept<W> {
        KEPT.with(|k| {
            let mut kept = k.borrow_mut();
            let at = kept.iter().position(|b| b.is::<Kept<W>>())?;
            kept.swap_remove(at).downcast::<Kept<W>>().ok()
        })
        .map(|b| *b)
        .unwrap_or_else(|| Kept {
            nodes: Vec::new(),
            frontiers: Vec::new(),
            best_g: FastMap::with_capacity_and_hasher(FIRST_TABLE, Default::default()),
        })
    }

    /// Keeps the buffers, emptied, for the thread's next search.
    fn give_back(mut self) {
        if self.best_g.capacity() > KEPT_TABLE {
            self.best_g = FastMap::with_capacity_and_hasher(FIRST_TABLE, Default::default());
        } else {
            self.best_g.clear();
        }
        if self.nodes.capacity() * std::mem::size_of::<Node<W>>() > KEPT_BYTES {
            self.nodes = Vec::new();
        }
        self.nodes.clear();
        if self.frontiers.capacity() * std::mem::size_of::<Set<W>>() > KEPT_BYTES {
            self.frontiers = Vec::new();
        }
        self.frontiers.clear();
        KEPT.with(|k| k.borrow_mut().push(Box::new(self)));
    }
}

struct AStar<'b, const W: usize> {
    blobs: &'b Blobs,
    exact: Exact,
    /// Each colour's blobs, as a set.
    of_colour: Vec<Set<W>>,
    /// The neighbours of a set's blobs, by byte: `near[j][v]` holds every
    /// neighbour of the blobs whose bits are `v` in byte `j` of a set (one
    /// table for each of its `8 * W` bytes).
    near: Vec<[Set<W>; 256]>,
    all: Set<W>,
    nodes: Vec<Node<W>>,
    best_g: FastMap<Set<W>, u8>,
    // Scratch space for the layer bound.
    distance: Vec<u8>,
    queue: Vec<u32>,
}

impl<'b, const W: usize> AStar<'b, W> {
    fn new(blobs: &'b Blobs, exact: Exact) -> Self {
        let mut of_colour = vec![[0u64; W]; blobs.colours as usize];
        let mut all = [0u64; W];
        let mut adjacent = vec![[0u64; W]; blobs.len()];
        for (b, &c) in blobs.colour.iter().enumerate() {
            put(&mut of_colour[c as usize], b);
            put(&mut all, b);
            for &n in &blobs.neighbours[b] {
                put(&mut adjacent[b], n as usize);
            }
        }
        // Each entry is the one with its lowest bit cleared plus that blob's
        // neighbours.
        let mut near = vec![[[0u64; W]; 256]; W * 8];
        for (j, table) in near.iter_mut().enumerate() {
            for v in 1..256usize {
                let b = j * 8 + v.trailing_zeros() as usize;
                let rest = table[v & (v - 1)];
                table[v] = match adjacent.get(b) {
                    Some(adj) => or(&rest, adj),
                    None => rest,
                };
            }
        }
        AStar {
            blobs,
            exact,
            of_colour,
            near,
            all,
            nodes: Vec::new(),
            best_g: FastMap::default(),
            distance: vec![0; blobs.len()],
            queue: Vec::with_capacity(blobs.len()),
        }
    }

    /// Every neighbour of the blobs of `set`.
    fn around(&self, set: &Set<W>) -> Set<W> {
        let mut out = [0u64; W];
        for (&word, tables) in set.iter().zip(self.near.chunks_exact(8)) {
            if word == 0 {
                continue;
            }
            // The entry for a zero byte is empty: no test a byte.
            for (k, table) in tables.iter().enumerate() {
                let adj = &table[(word >> (8 * k)) as u8 as usize];
                for v in 0..W {
                    out[v] |= adj[v];
                }
            }
        }
        out
    }

    /// The blobs next to `region`.
    fn frontier(&self, region: &Set<W>) -> Set<W> {
        and_not(&self.around(region), region)
    }

    /// The blobs next to `region`, which a move made by taking `taken`
    /// from next to a region whose frontier was `before`.
    fn frontier_after(&self, before: &Set<W>, taken: &Set<W>, region: &Set<W>) -> Set<W> {
        and_not(&or(before, &self.around(taken)), region)
    }

    /// Colours (as bits) with a blob outside `region`.
    fn colours_left(&self, region: &Set<W>) -> u32 {
        let mut left = 0;
        for (c, set) in self.of_colour.iter().enumerate() {
            if !subset(set, region) {
                left |= 1 << c;
            }
        }
        left
    }

    /// `left`: the colours (as bits) with a blob outside `region`.
    fn bound(&mut self, region: &Set<W>, frontier: &Set<W>, left: u32, limit: u8) -> u8 {
        match self.exact.bound {
            Bound::Layers => self.layers(region),
            Bound::Relaxed => self.relaxed(region, frontier, left, limit),
        }
    }

    /// A lower bound on the moves left. Number the blobs outside the region by
    /// their distance from it (layer 1 touches it). A blob in layer `l` joins
    /// at move `l` at the earliest, and only by a move of its own colour, so if
    /// `n_k` colours still have a blob in layer `k` or beyond, moves `k` and on
    /// must name at least `n_k` colours: at least `k - 1 + n_k` moves in all.
    /// With `k = 1` this is the number of colours left; with the last layer it
    /// is at least the distance to the farthest blob.
    fn layers(&mut self, region: &Set<W>) -> u8 {
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
    fn relaxed(&self, region: &Set<W>, frontier: &Set<W>, mut left: u32, limit: u8) -> u8 {
        if left == 0 {
            return 0;
        }
        let mut seen = *region;
        let mut layer = *frontier;
        let mut moves = 0u8;
        loop {
            seen = or(&seen, &layer);
            let mut cleared = 0u32;
            let mut bits = left;
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if subset(&self.of_colour[c], &seen) {
                    cleared |= 1 << c;
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
                let beyond = and_not(&self.around(&joined), &seen);
                layer = or(&and_not(&layer, &joined), &beyond);
            } else {
                moves += 1;
                if moves + colour_count(left) > limit {
                    return moves + colour_count(left);
                }
                layer = and_not(&self.around(&layer), &seen);
            }
            if empty(&layer) {
                // Cannot happen on a joined board; a safe answer all the same.
                return moves + colour_count(left);
            }
        }
    }

    /// True when the move of `colour` from node `id` is never needed: every
    /// blob of that colour it would take already touched the region before
    /// the node's own move, so playing `colour` first and the node's colour
    /// second reaches at least the same region in as many moves. When both
    /// orders reach the same region, the lower colour goes first. (Not applied
    /// after a forced move: its parent offered no other.)
    /// `frontier` is the node's, `before` its parent's.
    fn redundant(&self, id: u32, colour: usize, frontier: &Set<W>, before: &Set<W>) -> bool {
        let node = &self.nodes[id as usize];
        if node.forced || node.parent == u32::MAX {
            return false;
        }
        let taken = and(frontier, &self.of_colour[colour]);
        if !subset(&taken, before) {
            return false;
        }
        let previous = node.colour as usize;
        if colour < previous {
            return true;
        }
        // Playing `colour` first would also bring blobs of the previous colour
        // next to the region; if one is not in this node's region, the other
        // order reaches more.
        let brought = and_not(
            &and(&self.around(&taken), &self.of_colour[previous]),
            &node.region,
        );
        !empty(&brought)
    }

    fn path_to(&self, mut id: u32) -> Vec<u8> {
        let mut path = Vec::new();
        while id != u32::MAX {
            let n = &self.nodes[id as usize];
            if n.parent == u32::MAX {
                break;
            }
            path.push(n.colour);
            id = n.parent;
        }
        path.reverse();
        path
    }

    /// Some(Some(path)) for a solution shorter than `upper`, Some(None) when
    /// none is, None when the budget ran out.
    fn run(mut self, search: &mut Search<'_, FloodMove>, upper: usize) -> Option<Option<Vec<u8>>> {
        let mut kept = Kept::<W>::take();
        self.nodes = std::mem::take(&mut kept.nodes);
        self.best_g = std::mem::take(&mut kept.best_g);
        let out = self.search(search, upper, &mut kept.frontiers);
        kept.nodes = std::mem::take(&mut self.nodes);
        kept.best_g = std::mem::take(&mut self.best_g);
        kept.give_back();
        out
    }

    /// `run`, with `frontiers` (empty) to keep the expanded nodes'
    /// frontiers in.
    fn search(
        &mut self,
        search: &mut Search<'_, FloodMove>,
        upper: usize,
        frontiers: &mut Vec<Set<W>>,
    ) -> Option<Option<Vec<u8>>> {
        let mut start = [0u64; W];
        put(&mut start, 0);
        let left0 = self.colours_left(&start);
        let h0 = self.bound(&start, &self.frontier(&start), left0, u8::MAX);
        if h0 as usize >= upper {
            return Some(None);
        }
        // open[f][g]: nodes to expand by estimated length, deepest first.
        let mut open: Vec<Vec<Vec<u32>>> = vec![vec![Vec::new(); upper + 1]; upper + 1];
        self.nodes.push(Node {
            region: start,
            parent: u32::MAX,
            expanded: u32::MAX,
            g: 0,
            colour: self.blobs.colour[0],
            forced: false,
            bounded: true,
            left: left0 as u16,
        });
        self.best_g.insert(start, 0);
        open[h0 as usize][0].push(0);
        let mut f = h0 as usize;
        let mut deepest = 0usize;
        let mut shown: Vec<u8> = Vec::new();
        let bytes_per_node = std::mem::size_of::<Node<W>>() + std::mem::size_of::<Set<W>>() + 16;
        let colours = self.blobs.colours as usize;
        let mut choices = Vec::with_capacity(colours);
        while f < upper {
            let Some(id) = open[f][deepest].pop() else {
                if deepest == 0 {
                    f += 1;
                    deepest = upper;
                } else {
                    deepest -= 1;
                }
                continue;
            };
            let (region, g, bounded, parent, left_here) = {
                let n = &self.nodes[id as usize];
                (n.region, n.g, n.bounded, n.parent, u32::from(n.left))
            };
            if self.best_g.get(&region).is_some_and(|&best| best < g) {
                continue;
            }
            // The parent's frontier, and this node's from it.
            let (before, frontier) = match parent {
                u32::MAX => ([0; W], self.frontier(&region)),
                p => {
                    let p = &self.nodes[p as usize];
                    let before = frontiers[p.expanded as usize];
                    let taken = and_not(&region, &p.region);
                    (before, self.frontier_after(&before, &taken, &region))
                }
            };
            if !bounded {
                let limit = (f - g as usize) as u8;
                let h = self.bound(&region, &frontier, left_here, limit);
                // Above the limit, `h` may be only a lower bound: the node is
                // bounded again if it comes out at its new estimate.
                self.nodes[id as usize].bounded = h <= limit;
                let f2 = g as usize + h as usize;
                if f2 > f {
                    if f2 < upper {
                        open[f2][g as usize].push(id);
                    }
                    continue;
                }
            }
            if !search.node(g as u32)
                || !search.memory(
                    self.nodes.len() * bytes_per_node
                        + frontiers.len() * std::mem::size_of::<Set<W>>(),
                )
            {
                return None;
            }
            if search.tracing() {
                let path = self.path_to(id);
                follow(search, &mut shown, &path);
            }
            if region == self.all {
                return Some(Some(self.path_to(id)));
            }
            // A colour whose every remaining blob touches the region is cleared
            // by one move; playing it first never costs a move.
            let clearing = (0..colours).find(|&c| {
                let set = &self.of_colour[c];
                !subset(set, &region) && subset(set, &or(&region, &frontier))
            });
            choices.clear();
            match clearing {
                Some(c) => choices.push(c),
                None => choices
                    .extend((0..colours).filter(|&c| !empty(&and(&frontier, &self.of_colour[c])))),
            }
            self.nodes[id as usize].expanded = frontiers.len() as u32;
            frontiers.push(frontier);
            for &c in &choices {
                if self.exact.prune && self.redundant(id, c, &frontier, &before) {
                    continue;
                }
                let taken = and(&frontier, &self.of_colour[c]);
                let next = or(&region, &taken);
                let g2 = g + 1;
                match self.best_g.entry(next) {
                    Entry::Occupied(mut e) => {
                        if *e.get() <= g2 {
                            continue;
                        }
                        e.insert(g2);
                    }
                    Entry::Vacant(e) => {
                        e.insert(g2);
                    }
                }
                let done = next == self.all;
                // The child's estimate to start with: its parent's (one move
                // nearer), at least the colours left. Only the colour played
                // can have been cleared.
                let cleared = u32::from(subset(&self.of_colour[c], &next)) << c;
                let left = left_here & !cleared;
                let mut f2 = (g2 as usize + colour_count(left) as usize).max(f);
                if f2 >= upper {
                    continue;
                }
                // A child that would come out in this round is bounded now,
                // while its parent's frontier is at hand: most children of
                // the last round that finds nothing are pushed on to a later
                // round, and this spares them a trip through the open list.
                let mut bounded = done;
                if !done && f2 == f {
                    let beside = self.frontier_after(&frontier, &taken, &next);
                    let limit = (f - g2 as usize) as u8;
                    let h = self.bound(&next, &beside, left, limit);
                    bounded = h <= limit;
                    f2 = f2.max(g2 as usize + h as usize);
                    if f2 >= upper {
                        continue;
                    }
                }
                let nid = self.nodes.len() as u32;
                self.nodes.push(Node {
                    region: next,
                    parent: id,
                    expanded: u32::MAX,
                    g: g2,
                    colour: c as u8,
                    forced: clearing.is_some(),
                    bounded,
                    left: left as u16,
                });
                if f2 == f && done {
                    // Nothing open is shorter.
                    return Some(Some(self.path_to(nid)));
                }
                open[f2][g2 as usize].push(nid);
                if f2 == f {
                    deepest = deepest.max(g2 as usize);
                }
            }
        }
        Some(None)
    }
}

/// Reports the jump from the line last shown to `path` as moves taken back
/// and tried, so a watcher sees one consistent line of play.
fn follow(search: &mut Search<'_, FloodMove>, shown: &mut Vec<u8>, path: &[u8]) {
    let common = shown.iter().zip(path).take_while(|(a, b)| a == b).count();
    while shown.len() > common {
        let depth = shown.len() as u32;
        if let Some(c) = shown.pop() {
            search.taken_back(FloodMove { colour: c }, depth);
        }
    }
    for &c in &path[common..] {
        shown.push(c);
        search.tried(FloodMove { colour: c }, shown.len() as u32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{Budget, brute_force_shortest, replay};

    fn board(w: u16, h: u16, k: u8, code: u64) -> Flood {
        let mut x = code;
        let cells = (0..w as usize * h as usize)
            .map(|_| {
                let c = (x % k as u64) as u8;
                x /= k as u64;
                c
            })
            .collect();
        Flood::new(w, h, k, cells, None)
    }

    fn optimal_len(f: &Flood) -> usize {
        optimal_len_with(f, Exact::FAST)
    }

    fn optimal_len_with(f: &Flood, exact: Exact) -> usize {
        let mut search = Search::new(Budget::unlimited());
        match solve_with(f, &mut search, exact) {
            Outcome::Solved { moves, optimal } => {
                assert!(optimal);
                replay(f, &moves).unwrap();
                moves.len()
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn each_bound_and_pruning_alone_is_exact() {
        for exact in [
            Exact::PLAIN,
            Exact {
                bound: Bound::Relaxed,
                prune: false,
            },
            Exact {
                bound: Bound::Layers,
                prune: true,
            },
        ] {
            for code in (0..3u64.pow(9)).step_by(7) {
                let f = board(3, 3, 3, code);
                assert_eq!(
                    Some(optimal_len_with(&f, exact)),
                    brute_force_shortest(&f),
                    "{code} {exact:?}"
                );
            }
        }
    }

    #[test]
    fn fast_search_matches_the_plain_one_on_random_boards() {
        // Every shortcut of the fast search (its bound, its pruning, its lazy
        // bounds, its frontiers) must leave the optimal move count unchanged.
        let mut x = 2026u64;
        for i in 0..300 {
            let (w, h) = (6 + (i % 4) as u16, 6 + (i / 4 % 4) as u16);
            let k = 3 + (i % 4) as u8;
            let cells = (0..w as usize * h as usize)
                .map(|_| (super::super::swap::splitmix(&mut x) % k as u64) as u8)
                .collect();
            let f = Flood::new(w, h, k, cells, None);
            assert_eq!(
                optimal_len_with(&f, Exact::FAST),
                optimal_len_with(&f, Exact::PLAIN),
                "board {i}: {w}x{h}, {k} colours"
            );
        }
    }

    #[test]
    fn buffers_kept_between_searches_change_no_answer() {
        // Two sizes of set (up to 128 blobs, and more), each search after
        // the first on buffers kept from one before.
        let mut x = 77u64;
        let mut random = |w: u16, k: u8| {
            let cells = (0..w as usize * w as usize)
                .map(|_| (super::super::swap::splitmix(&mut x) % k as u64) as u8)
                .collect();
            Flood::new(w, w, k, cells, None)
        };
        // A checkerboard: every cell a blob of its own, and quickly solved.
        let checkers = Flood::new(
            12,
            12,
            2,
            (0..144).map(|i| (i + i / 12) as u8 % 2).collect(),
            None,
        );
        let boards = [random(8, 4), checkers, random(9, 5)];
        assert!(Blobs::of(&boards[0]).len() <= 128 && Blobs::of(&boards[1]).len() > 128);
        let solve_all = || {
            boards
                .iter()
                .map(|f| {
                    let mut search = Search::new(Budget::unlimited());
                    match solve(f, &mut search) {
                        Outcome::Solved { moves, .. } => moves,
                        other => panic!("{other:?}"),
                    }
                })
                .collect::<Vec<_>>()
        };
        let first = solve_all();
        assert_eq!(solve_all(), first);
        KEPT.with(|k| assert_eq!(k.borrow().len(), 2));
    }

    #[test]
    fn agrees_with_breadth_first_on_every_3x3_board_with_3_colours() {
        for code in 0..3u64.pow(9) {
            let f = board(3, 3, 3, code);
            assert_eq!(Some(optimal_len(&f)), brute_force_shortest(&f), "{code}");
        }
    }

    #[test]
    fn agrees_with_breadth_first_on_4x4_boards_with_3_colours() {
        // Every 4x4 board is 43 million; a fixed stride walks a spread of them.
        let total = 3u64.pow(16);
        let mut code = 17;
        while code < total {
            let f = board(4, 4, 3, code);
            assert_eq!(Some(optimal_len(&f)), brute_force_shortest(&f), "{code}");
            code += 9_973;
        }
    }

    #[test]
    fn fast_solution_replays() {
        let mut x = 99u64;
        let cells = (0..144)
            .map(|_| (super::super::swap::splitmix(&mut x) % 6) as u8)
            .collect();
        let f = Flood::new(12, 12, 6, cells, None);
        let moves = solve_fast(&f);
        replay(&f, &moves).unwrap();
        assert!(moves.len() >= optimal_len(&f));
    }

    #[test]
    fn fast_and_look_ahead_finish_every_shape() {
        let mut x = 5u64;
        for i in 0..120u64 {
            let w = 1 + (super::super::swap::splitmix(&mut x) % 30) as u16;
            let h = 1 + (super::super::swap::splitmix(&mut x) % 30) as u16;
            let k = 2 + (i % 7) as u8;
            let cells = (0..w as usize * h as usize)
                .map(|_| (super::super::swap::splitmix(&mut x) % k as u64) as u8)
                .collect();
            let f = Flood::new(w, h, k, cells, None);
            for (name, moves) in [
                ("fast", solve_fast(&f)),
                ("look-ahead 1", solve_lookahead(&f, 1)),
                ("look-ahead 3", solve_lookahead(&f, 3)),
            ] {
                replay(&f, &moves).unwrap_or_else(|e| panic!("{name} on {w}x{h}: {e:?}"));
                let mut g = f.clone();
                for m in &moves {
                    crate::rules::Rules::apply(&mut g, *m).unwrap();
                }
                assert!(g.is_goal_board(), "{name} left {w}x{h} unfinished");
            }
        }
    }

    #[test]
    fn the_exact_end_game_only_ever_shortens_the_fast_line() {
        let mut x = 11u64;
        let mut shorter = 0;
        for _ in 0..6 {
            let cells = (0..50 * 50)
                .map(|_| (super::super::swap::splitmix(&mut x) % 6) as u8)
                .collect();
            let f = Flood::new(50, 50, 6, cells, None);
            let (alone, end) = Ahead::new(&Blobs::of(&f)).run(3, true, false, ENDGAME_BLOBS);
            assert!(end.is_some(), "the end game is handed over");
            let moves = solve_fast(&f);
            replay(&f, &moves).unwrap();
            let mut g = f.clone();
            for m in &moves {
                crate::rules::Rules::apply(&mut g, *m).unwrap();
            }
            assert!(g.is_goal_board());
            assert!(moves.len() <= alone.len());
            shorter += usize::from(moves.len() < alone.len());
        }
        assert!(shorter > 0, "the exact end game never helped");
    }

    /// The region after a line of moves from `a`'s (as a flag a blob), and
    /// the blobs the line took.
    fn take_line(a: &Ahead<'_>, line: &[u8]) -> (Vec<bool>, Vec<usize>) {
        let n = a.blobs.len();
        let mut region = a.inside.clone();
        let mut taken = Vec::new();
        for &c in line {
            let grab: Vec<usize> = (0..n)
                .filter(|&b| {
                    !region[b]
                        && a.blobs.colour[b] == c
                        && a.blobs.neighbours[b].iter().any(|&m| region[m as usize])
                })
                .collect();
            for &b in &grab {
                region[b] = true;
            }
            taken.extend(grab);
        }
        (region, taken)
    }

    /// The farthest distance from `region` and how many blobs are that far,
    /// by a plain walk.
    fn farthest_by_walk(blobs: &Blobs, region: &[bool]) -> (u32, u32) {
        let n = blobs.len();
        let mut distance = vec![u32::MAX; n];
        let mut queue: std::collections::VecDeque<usize> = (0..n).filter(|&b| region[b]).collect();
        for &b in &queue {
            distance[b] = 0;
        }
        while let Some(b) = queue.pop_front() {
            for &m in &blobs.neighbours[b] {
                if distance[m as usize] == u32::MAX {
                    distance[m as usize] = distance[b] + 1;
                    queue.push_back(m as usize);
                }
            }
        }
        let far = distance.iter().copied().max().unwrap_or(0);
        (far, distance.iter().filter(|&&d| d == far).count() as u32)
    }

    #[test]
    fn the_estimate_is_exact_for_two_moves_and_never_low_for_three() {
        // The estimate follows gains along shortest paths and paths one step
        // longer: every gain of a blob at distance 1 or 2, so for lines of
        // two moves it must be the walk's answer; on three it may only miss
        // gains, never invent them.
        let mut x = 31u64;
        let (mut lines, mut exact3) = (0, 0);
        for i in 0..24u16 {
            let (w, h, k) = (10 + i % 9, 9 + i % 7, 3 + (i % 4) as u8);
            let cells = (0..w as usize * h as usize)
                .map(|_| (super::super::swap::splitmix(&mut x) % k as u64) as u8)
                .collect();
            let f = Flood::new(w, h, k, cells, None);
            let blobs = Blobs::of(&f);
            let mut a = Ahead::new(&blobs);
            for _ in 0..i % 4 {
                if let Some(&b) = a.frontier.first() {
                    a.play(blobs.colour[b as usize]);
                }
            }
            if a.done() {
                continue;
            }
            a.prepare();
            for code in 0..(k as usize).pow(3) {
                let line = [
                    code % k as usize,
                    code / k as usize % k as usize,
                    code / (k as usize).pow(2),
                ];
                for len in [2, 3] {
                    let line: Vec<u8> = line[..len].iter().map(|&c| c as u8).collect();
                    let (region, taken) = take_line(&a, &line);
                    if region.iter().all(|&r| r) {
                        continue;
                    }
                    let mut unions = vec![0u64; 4 * a.words];
                    for &b in &taken {
                        a.add_gains(b, &mut unions);
                    }
                    let estimate = a.estimate(&unions);
                    let walk = farthest_by_walk(&blobs, &region);
                    if len == 2 {
                        assert_eq!(estimate, walk, "board {i}, line {line:?}");
                        lines += 1;
                    } else {
                        assert!(estimate >= walk, "board {i}, line {line:?}");
                        exact3 += usize::from(estimate == walk);
                    }
                }
            }
        }
        assert!(lines > 500 && exact3 > 500, "{lines} {exact3}");
    }

    #[test]
    fn out_of_budget_still_offers_a_line() {
        let mut x = 7u64;
        let cells = (0..26 * 26)
            .map(|_| (super::super::swap::splitmix(&mut x) % 8) as u8)
            .collect();
        let f = Flood::new(26, 26, 8, cells, None);
        let mut search = Search::new(Budget::nodes(5_000));
        match solve(&f, &mut search) {
            Outcome::OutOfBudget { best: Some(b), .. } => replay(&f, &b).unwrap(),
            Outcome::Solved { moves, .. } => replay(&f, &moves).unwrap(),
            other => panic!("{other:?}"),
        }
    }
}
