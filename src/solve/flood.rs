//! Flood solvers. The board is reduced to its graph of one-colour blobs; the
//! flooded region is a set of blobs. The exact solver is A* with an admissible
//! bound (colours still present in the farthest layers of blobs, see `bound`),
//! and it plays a colour at once when that move clears the
//! colour from the board, which never costs a move. The fast solver is greedy
//! with a short look-ahead, for hints and huge boards.

use super::{FastMap, Outcome, Search};
use crate::rules::flood::{Flood, FloodMove};
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

    pub fn is_empty(&self) -> bool {
        self.colour.is_empty()
    }
}

pub fn solve(f: &Flood, search: &mut Search<'_, FloodMove>) -> Outcome<FloodMove> {
    if f.cells.is_empty() || f.is_goal_board() {
        return Outcome::Solved {
            moves: Vec::new(),
            optimal: true,
        };
    }
    let blobs = Blobs::of(f);
    let fast = greedy(&blobs);
    let outcome = match blobs.len() {
        0..=128 => AStar::<2>::new(&blobs).run(search, fast.len()),
        129..=256 => AStar::<4>::new(&blobs).run(search, fast.len()),
        257..=512 => AStar::<8>::new(&blobs).run(search, fast.len()),
        513..=1024 => AStar::<16>::new(&blobs).run(search, fast.len()),
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
            search.out_of_budget(Some(as_moves(&fast)))
        }
    }
}

/// A fast, not always shortest, solution: clear a colour when one move can,
/// otherwise take the colour that gains most over the next two moves.
pub fn solve_fast(f: &Flood) -> Vec<FloodMove> {
    if f.is_goal_board() {
        return Vec::new();
    }
    greedy(&Blobs::of(f))
        .into_iter()
        .map(|colour| FloodMove { colour })
        .collect()
}

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
            if !self.inside[n as usize] {
                self.frontier[n as usize] = true;
            }
        }
    }

    fn play(&mut self, colour: u8) {
        let picked: Vec<usize> = (0..self.blobs.len())
            .filter(|&b| self.frontier[b] && self.blobs.colour[b] == colour)
            .collect();
        for b in picked {
            self.take(b);
        }
        self.colour = colour;
    }

    /// Cells and blobs each colour would add now.
    fn gains(&self) -> (Vec<u64>, Vec<u32>) {
        let k = self.blobs.colours as usize;
        let mut cells = vec![0u64; k];
        let mut count = vec![0u32; k];
        for b in 0..self.blobs.len() {
            if self.frontier[b] {
                let c = self.blobs.colour[b] as usize;
                cells[c] += self.blobs.size[b] as u64;
                count[c] += 1;
            }
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
    while !region.done() {
        let (cells, count) = region.gains();
        let k = blobs.colours as usize;
        let clearing = (0..k)
            .filter(|&c| count[c] > 0 && count[c] == region.remaining[c])
            .max_by_key(|&c| cells[c]);
        let pick = match clearing {
            Some(c) => c as u8,
            None => {
                let mut best = (0u64, 0u8);
                for c in (0..k).filter(|&c| count[c] > 0) {
                    let mut trial = Region {
                        blobs,
                        inside: region.inside.clone(),
                        frontier: region.frontier.clone(),
                        remaining: region.remaining.clone(),
                        colour: region.colour,
                        count: region.count,
                    };
                    trial.play(c as u8);
                    let (after, _) = trial.gains();
                    let score = cells[c] + after.iter().max().copied().unwrap_or(0);
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

/// A set of blobs in `W` words.
type Set<const W: usize> = [u64; W];

fn has<const W: usize>(s: &Set<W>, i: usize) -> bool {
    s[i / 64] >> (i % 64) & 1 == 1
}

fn put<const W: usize>(s: &mut Set<W>, i: usize) {
    s[i / 64] |= 1 << (i % 64);
}

struct Node<const W: usize> {
    region: Set<W>,
    g: u8,
    parent: u32,
    colour: u8,
}

struct AStar<'b, const W: usize> {
    blobs: &'b Blobs,
    /// Each colour's blobs, as a set.
    of_colour: Vec<Set<W>>,
    all: Set<W>,
    nodes: Vec<Node<W>>,
    best_g: FastMap<Set<W>, u8>,
    // Scratch space for the distance bound.
    distance: Vec<u8>,
    queue: Vec<u32>,
}

impl<'b, const W: usize> AStar<'b, W> {
    fn new(blobs: &'b Blobs) -> Self {
        let mut of_colour = vec![[0u64; W]; blobs.colours as usize];
        let mut all = [0u64; W];
        for (b, &c) in blobs.colour.iter().enumerate() {
            put(&mut of_colour[c as usize], b);
            put(&mut all, b);
        }
        AStar {
            blobs,
            of_colour,
            all,
            nodes: Vec::new(),
            best_g: FastMap::default(),
            distance: vec![0; blobs.len()],
            queue: Vec::with_capacity(blobs.len()),
        }
    }

    /// Blobs next to the region.
    fn frontier(&self, region: &Set<W>) -> Set<W> {
        let mut out = [0u64; W];
        for (w, &word) in region.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let b = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                for &n in &self.blobs.neighbours[b] {
                    put(&mut out, n as usize);
                }
            }
        }
        for w in 0..W {
            out[w] &= !region[w];
        }
        out
    }

    /// A lower bound on the moves left. Number the blobs outside the region by
    /// their distance from it (layer 1 touches it). A blob in layer `l` joins
    /// at move `l` at the earliest, and only by a move of its own colour, so if
    /// `n_k` colours still have a blob in layer `k` or beyond, moves `k` and on
    /// must name at least `n_k` colours: at least `k - 1 + n_k` moves in all.
    /// With `k = 1` this is the number of colours left; with the last layer it
    /// is at least the distance to the farthest blob.
    fn bound(&mut self, region: &Set<W>) -> u8 {
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
        let mut start = [0u64; W];
        put(&mut start, 0);
        let h0 = self.bound(&start);
        if h0 as usize >= upper {
            return Some(None);
        }
        let mut open: Vec<Vec<u32>> = vec![Vec::new(); upper + 1];
        self.nodes.push(Node {
            region: start,
            g: 0,
            parent: u32::MAX,
            colour: self.blobs.colour[0],
        });
        self.best_g.insert(start, 0);
        open[h0 as usize].push(0);
        let mut f = h0 as usize;
        let mut shown: Vec<u8> = Vec::new();
        let bytes_per_node = std::mem::size_of::<Node<W>>() + std::mem::size_of::<Set<W>>() + 16;
        while f < upper {
            let Some(id) = open[f].pop() else {
                f += 1;
                continue;
            };
            let (region, g) = {
                let n = &self.nodes[id as usize];
                (n.region, n.g)
            };
            if self.best_g.get(&region).is_some_and(|&best| best < g) {
                continue;
            }
            if !search.node(g as u32) || !search.memory(self.nodes.len() * bytes_per_node) {
                return None;
            }
            if search.tracing() {
                let path = self.path_to(id);
                follow(search, &mut shown, &path);
            }
            if region == self.all {
                return Some(Some(self.path_to(id)));
            }
            let frontier = self.frontier(&region);
            let colours = self.blobs.colours as usize;
            // A colour whose every remaining blob touches the region is cleared
            // by one move; playing it first never costs a move.
            let clearing = (0..colours).find(|&c| {
                let set = &self.of_colour[c];
                let left = (0..W).any(|w| set[w] & !region[w] != 0);
                left && (0..W).all(|w| set[w] & !region[w] & !frontier[w] == 0)
            });
            let choices: Vec<usize> = match clearing {
                Some(c) => vec![c],
                None => (0..colours)
                    .filter(|&c| (0..W).any(|w| frontier[w] & self.of_colour[c][w] != 0))
                    .collect(),
            };
            for c in choices {
                let mut next = region;
                for w in 0..W {
                    next[w] |= frontier[w] & self.of_colour[c][w];
                }
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
                let f2 = g2 as usize + self.bound(&next) as usize;
                if f2 >= upper {
                    continue;
                }
                let nid = self.nodes.len() as u32;
                self.nodes.push(Node {
                    region: next,
                    g: g2,
                    parent: id,
                    colour: c as u8,
                });
                open[f2.max(f)].push(nid);
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
        let mut search = Search::new(Budget::unlimited());
        match solve(f, &mut search) {
            Outcome::Solved { moves, optimal } => {
                assert!(optimal);
                replay(f, &moves).unwrap();
                moves.len()
            }
            other => panic!("{other:?}"),
        }
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
