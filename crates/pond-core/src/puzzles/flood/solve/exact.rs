//! The exact search: A* over flooded regions as sets of blobs, with the
//! relaxed game's admissible bound and the pruning of moves that could have
//! come a move earlier.

use super::Blobs;
use super::blobs::colour_count;
use crate::rules::flood::{FloodMove, MAX_COLOURS};
use crate::solve::Search;
pub use choice::{Bound, Exact};
use kept::Kept;
use table::{Slot, Table};

mod bounds;
mod choice;
mod kept;
mod many;
mod table;
#[cfg(test)]
pub(crate) use kept::kept_sets;
pub(crate) use kept::let_go_kept;
pub(crate) use many::Dead;

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

/// A region's hash for the table of regions reached (the words mixed as
/// `FastHasher` mixes them, the high bits folded down, as the table picks a
/// slot by the low bits).
fn hash<const W: usize>(s: &Set<W>) -> u64 {
    let h = s.iter().fold(0u64, |h, &w| {
        (h.rotate_left(5) ^ w).wrapping_mul(0x517C_C1B7_2722_0A95)
    });
    h ^ (h >> 29)
}

/// Whether two sets are the same (one test at the end, as in `subset`).
fn same<const W: usize>(a: &Set<W>, b: &Set<W>) -> bool {
    (0..W).fold(0, |acc, w| acc | (a[w] ^ b[w])) == 0
}

fn empty<const W: usize>(s: &Set<W>) -> bool {
    s.iter().all(|&w| w == 0)
}

fn subset<const W: usize>(a: &Set<W>, b: &Set<W>) -> bool {
    // One test at the end: the words' outcomes are not predictable.
    (0..W).fold(0, |acc, w| acc | (a[w] & !b[w])) == 0
}

/// Every neighbour of the blobs of `set`, by the tables of `AStar::near`.
#[inline(always)]
fn around_in<const W: usize>(near: &[[Set<W>; 256]], set: &Set<W>) -> Set<W> {
    let mut out = [0u64; W];
    for (&word, tables) in set.iter().zip(near.chunks_exact(8)) {
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

/// The table of regions reached's size (home slots) from which a child's
/// slots are fetched ahead: a smaller table stays in the caches.
const FETCH_AHEAD: usize = 1 << 17;

/// Every region kept in the table of regions reached, with its hash: the
/// region of every node not superseded.
fn regions_of<const W: usize>(nodes: &[Node<W>]) -> impl Iterator<Item = (u64, u32)> + '_ {
    (nodes.iter().enumerate())
        .filter(|(_, n)| !n.superseded)
        .map(|(i, n)| (hash(&n.region), i as u32))
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
    /// A shorter way to the same region was found after this node was made:
    /// it is skipped when it comes out.
    superseded: bool,
    /// The colours (as bits) with a blob outside the region.
    left: u16,
    /// The moves (colours as bits) whose children were found to belong to
    /// the round the node was put back for: when it comes out again in that
    /// round they are made without bounding them once more. (Their estimate
    /// stays what it was, a lower bound all the same. The field takes room
    /// the node's alignment left free.)
    ready: u16,
}

pub(crate) struct AStar<'b, const W: usize> {
    blobs: &'b Blobs,
    exact: Exact,
    /// Each colour's blobs, as a set.
    of_colour: Vec<Set<W>>,
    /// The neighbours of a set's blobs, by byte: `near[j][v]` holds every
    /// neighbour of the blobs whose bits are `v` in byte `j` of a set (one
    /// table for each of its `8 * W` bytes).
    near: Vec<[Set<W>; 256]>,
    /// Each colour's last blob in the walk's order (0 for a colour with
    /// none), where the relaxed bound starts looking for one not yet taken.
    last_of_colour: [u16; MAX_COLOURS as usize],
    /// The CPU has AVX2 and the bit instructions (BMI1, BMI2, LZCNT,
    /// POPCNT): the search and the relaxed bound run as built for them.
    avx2: bool,
    nodes: Vec<Node<W>>,
    /// Every region reached, as the index of the node that reached it in
    /// the fewest moves (the region is kept once, in its node).
    reached: Table,
    // Scratch space for the layer bound.
    distance: Vec<u8>,
    queue: Vec<u32>,
    /// The nodes before this one are earlier searches' (`many`), each of
    /// which found no line within its bound: a region they reached in as
    /// few moves or fewer needs no search again.
    dead_below: u32,
    /// Those earlier nodes that this search superseded (reached in fewer
    /// moves), to be restored if its nodes are let go.
    revived: Vec<u32>,
}

impl<'b, const W: usize> AStar<'b, W> {
    pub(crate) fn new(blobs: &'b Blobs, exact: Exact) -> Self {
        let mut of_colour = vec![[0u64; W]; blobs.colours as usize];
        let mut adjacent = vec![[0u64; W]; blobs.len()];
        for (b, &c) in blobs.colour.iter().enumerate() {
            put(&mut of_colour[c as usize], b);
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
        let mut last_of_colour = [0u16; MAX_COLOURS as usize];
        for (b, &c) in blobs.colour.iter().enumerate() {
            last_of_colour[c as usize] = b as u16;
        }
        AStar {
            blobs,
            exact,
            of_colour,
            last_of_colour,
            near,
            #[cfg(target_arch = "x86_64")]
            avx2: std::arch::is_x86_feature_detected!("avx2")
                && std::arch::is_x86_feature_detected!("bmi1")
                && std::arch::is_x86_feature_detected!("bmi2")
                && std::arch::is_x86_feature_detected!("lzcnt")
                && std::arch::is_x86_feature_detected!("popcnt"),
            #[cfg(not(target_arch = "x86_64"))]
            avx2: false,
            nodes: Vec::new(),
            reached: Table::default(),
            distance: vec![0; blobs.len()],
            queue: Vec::with_capacity(blobs.len()),
            dead_below: 0,
            revived: Vec::new(),
        }
    }

    /// The same search built without AVX2 and the bit instructions, as on a
    /// processor that lacks them.
    #[cfg(test)]
    pub(crate) fn plain_build(mut self) -> Self {
        self.avx2 = false;
        self
    }

    /// Every neighbour of the blobs of `set` (inlined: in the search built
    /// with AVX2 it is built so too).
    #[inline(always)]
    fn around(&self, set: &Set<W>) -> Set<W> {
        around_in(&self.near, set)
    }

    /// The blobs next to `region`.
    #[inline(always)]
    fn frontier(&self, region: &Set<W>) -> Set<W> {
        and_not(&self.around(region), region)
    }

    /// The blobs next to `region`, which a move made by taking `taken`
    /// from next to a region whose frontier was `before`.
    #[inline(always)]
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
    #[inline(always)]
    fn bound(&mut self, region: &Set<W>, frontier: &Set<W>, left: u32, limit: u8) -> u8 {
        match self.exact.bound {
            Bound::Layers => self.layers(region),
            Bound::Relaxed => self.relaxed(region, frontier, left, limit),
        }
    }

    /// True when the move of `colour` from node `id` is never needed: every
    /// blob of that colour it would take already touched the region before
    /// the node's own move, so playing `colour` first and the node's colour
    /// second reaches at least the same region in as many moves. When both
    /// orders reach the same region, the lower colour goes first. (Not applied
    /// after a forced move: its parent offered no other.)
    /// `frontier` is the node's, `before` its parent's.
    #[inline(always)]
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
    pub(crate) fn run(
        mut self,
        search: &mut Search<'_, FloodMove>,
        upper: usize,
    ) -> Option<Option<Vec<u8>>> {
        let mut kept = Kept::<W>::take();
        self.nodes = std::mem::take(&mut kept.nodes);
        self.reached = std::mem::take(&mut kept.reached);
        let mut start = [0u64; W];
        put(&mut start, 0);
        let out = self.search(search, start, upper, &mut kept.frontiers);
        kept.nodes = std::mem::take(&mut self.nodes);
        kept.reached = std::mem::take(&mut self.reached);
        kept.give_back();
        out
    }

    /// The start's node (`start`, its region), the first of the search:
    /// its estimate of the moves to win and its number; None where even that is
    /// `upper` or more, or where an earlier search of the same table (a
    /// node before `dead_below`) reached the region already.
    fn seed(&mut self, start: Set<W>, upper: usize) -> Option<(usize, u32)> {
        let left0 = self.colours_left(&start);
        let h0 = self.bound(&start, &self.frontier(&start), left0, u8::MAX) as usize;
        if h0 >= upper {
            return None;
        }
        let key = hash(&start);
        let nodes = &self.nodes;
        let seen = (self.reached).find(key, |i| same(&nodes[i as usize].region, &start));
        if let Slot::Found(_, i) = seen
            && nodes[i as usize].g == 0
        {
            return None;
        }
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            region: start,
            parent: u32::MAX,
            expanded: u32::MAX,
            g: 0,
            colour: self.blobs.colour[0],
            forced: false,
            superseded: false,
            left: left0 as u16,
            ready: 0,
        });
        self.put_reached(seen, key, id);
        Some((h0, id))
    }

    /// Node `id` put in the table of regions reached where `seen` (its
    /// region's lookup) says: in place of a node it supersedes (noted in
    /// `revived` where that node is an earlier search's), or in an empty
    /// slot.
    fn put_reached(&mut self, seen: Slot, key: u64, id: u32) {
        match seen {
            Slot::Found(slot, old) => {
                self.nodes[old as usize].superseded = true;
                if old < self.dead_below {
                    self.revived.push(old);
                }
                self.reached.replace(slot, id);
            }
            Slot::Empty(slot) => {
                let nodes = &self.nodes;
                (self.reached).insert(slot, key, id, || regions_of(nodes));
            }
        }
    }

    /// The colours worth playing from `region` (its `frontier` beside it),
    /// into `out`: a colour whose every remaining blob touches the region is
    /// cleared by one move, and playing it first never costs a move, so it
    /// is the only choice (the answer is true); else every colour on the
    /// frontier.
    #[inline(always)]
    fn choices(&self, region: &Set<W>, frontier: &Set<W>, out: &mut Vec<usize>) -> bool {
        let colours = self.blobs.colours as usize;
        let clearing = (0..colours).find(|&c| {
            let set = &self.of_colour[c];
            !subset(set, region) && subset(set, &or(region, frontier))
        });
        out.clear();
        match clearing {
            Some(c) => out.push(c),
            None => {
                out.extend((0..colours).filter(|&c| !empty(&and(frontier, &self.of_colour[c]))))
            }
        }
        clearing.is_some()
    }

    /// `run` from the region `start`, with `frontiers` to keep the expanded
    /// nodes' frontiers in.
    fn search(
        &mut self,
        search: &mut Search<'_, FloodMove>,
        start: Set<W>,
        upper: usize,
        frontiers: &mut Vec<Set<W>>,
    ) -> Option<Option<Vec<u8>>> {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is set only where the CPU has AVX2 and the bit
            // instructions `search_avx2` is built with.
            return unsafe { search_avx2(self, search, start, upper, frontiers) };
        }
        self.search_in(search, start, upper, frontiers)
    }

    /// `search`'s work, inlined into each build of it.
    #[inline(always)]
    fn search_in(
        &mut self,
        search: &mut Search<'_, FloodMove>,
        start: Set<W>,
        upper: usize,
        frontiers: &mut Vec<Set<W>>,
    ) -> Option<Option<Vec<u8>>> {
        let Some((h0, first)) = self.seed(start, upper) else {
            return Some(None);
        };
        // open[f][g]: nodes to expand by estimated length, deepest first.
        let mut open: Vec<Vec<Vec<u32>>> = vec![vec![Vec::new(); upper + 1]; upper + 1];
        open[h0][0].push(first);
        let mut f = h0;
        search.bound(f as u32);
        let mut deepest = 0usize;
        let mut shown: Vec<FloodMove> = Vec::new();
        // A node, its slot in the table of regions (a number and a control
        // byte, with the table's spare room) and its place in the open list.
        let bytes_per_node = std::mem::size_of::<Node<W>>() + 12;
        let colours = self.blobs.colours as usize;
        let mut choices = Vec::with_capacity(colours);
        while f < upper {
            let Some(id) = open[f][deepest].pop() else {
                if deepest == 0 {
                    f += 1;
                    search.bound(f as u32);
                    deepest = upper;
                } else {
                    deepest -= 1;
                }
                continue;
            };
            let (region, g, parent, left_here, ready) = {
                let n = &self.nodes[id as usize];
                (n.region, n.g, n.parent, u32::from(n.left), n.ready)
            };
            if self.nodes[id as usize].superseded {
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
            // A node out again for its children of a later round is counted
            // once: the count is of positions expanded (as the tree of its
            // events counts them).
            let again = self.nodes[id as usize].expanded != u32::MAX;
            if !(again || search.node(g as u32))
                || !search.memory(
                    self.nodes.len() * bytes_per_node
                        + frontiers.len() * std::mem::size_of::<Set<W>>(),
                )
            {
                return None;
            }
            if search.tracing() {
                let path: Vec<FloodMove> = (self.path_to(id).into_iter())
                    .map(|colour| FloodMove { colour })
                    .collect();
                crate::solve::follow_line(search, &mut shown, &path);
            }
            // No colour left outside the region: it is the whole board.
            if left_here == 0 {
                return Some(Some(self.path_to(id)));
            }
            let forced = self.choices(&region, &frontier, &mut choices);
            if self.nodes[id as usize].expanded == u32::MAX {
                self.nodes[id as usize].expanded = frontiers.len() as u32;
                frontiers.push(frontier);
            }
            // The least estimate of a child left for a later round, and the
            // children that have it.
            let mut later = upper;
            let mut at_later = 0u16;
            // Each child's hash, and where the table of regions is larger
            // than the caches, its slots asked for before any child is
            // looked up (the lookups' cache misses then overlap the bounds
            // before them).
            let mut keys = [0u64; MAX_COLOURS as usize];
            let ahead = self.reached.capacity() >= FETCH_AHEAD;
            for (key, &c) in keys.iter_mut().zip(&choices) {
                *key = hash(&or(&region, &and(&frontier, &self.of_colour[c])));
                if ahead {
                    self.reached.prefetch(*key);
                }
            }
            for (&key, &c) in keys.iter().zip(&choices) {
                let known = again && ready >> c & 1 == 1;
                if !known && self.exact.prune && self.redundant(id, c, &frontier, &before) {
                    continue;
                }
                let taken = and(&frontier, &self.of_colour[c]);
                let next = or(&region, &taken);
                let g2 = g + 1;
                let nodes = &self.nodes;
                let seen = (self.reached).find(key, |i| same(&nodes[i as usize].region, &next));
                if let Slot::Found(_, i) = seen
                    && nodes[i as usize].g <= g2
                {
                    continue;
                }
                // The child's estimate to start with: its parent's (one move
                // nearer), at least the colours left. Only the colour played
                // can have been cleared.
                let cleared = u32::from(subset(&self.of_colour[c], &next)) << c;
                let left = left_here & !cleared;
                // No colour left outside: the child is the whole board.
                let done = left == 0;
                let mut f2 = (g2 as usize + colour_count(left) as usize).max(f);
                // A child that would come out in this round is bounded now,
                // while its parent's frontier is at hand.
                if !done && f2 == f && !known {
                    let beside = self.frontier_after(&frontier, &taken, &next);
                    let limit = (f - g2 as usize) as u8;
                    let h = self.bound(&next, &beside, left, limit);
                    f2 = f2.max(g2 as usize + h as usize);
                }
                // A child for a later round is not kept: its parent comes out
                // again in that round and makes it then (partial expansion).
                // Most children of the last round that finds nothing are such,
                // and the round that wins seldom gets to them all, so the
                // search keeps about the nodes it expands.
                if f2 > f {
                    if f2 < later {
                        (later, at_later) = (f2, 0);
                    }
                    if f2 == later {
                        at_later |= 1 << c;
                    }
                    continue;
                }
                let nid = self.nodes.len() as u32;
                self.nodes.push(Node {
                    region: next,
                    parent: id,
                    expanded: u32::MAX,
                    g: g2,
                    colour: c as u8,
                    forced,
                    superseded: false,
                    left: left as u16,
                    ready: 0,
                });
                self.put_reached(seen, key, nid);
                if f2 == f && done {
                    // Nothing open is shorter.
                    return Some(Some(self.path_to(nid)));
                }
                open[f2][g2 as usize].push(nid);
                deepest = deepest.max(g2 as usize);
            }
            if later < upper {
                self.nodes[id as usize].ready = at_later;
                open[later][g as usize].push(id);
            }
        }
        Some(None)
    }
}

/// `AStar::search` built with AVX2 and the bit instructions: the sets' tests
/// and the lookups in the table of regions without a call for each.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
fn search_avx2<const W: usize>(
    a: &mut AStar<'_, W>,
    search: &mut Search<'_, FloodMove>,
    start: Set<W>,
    upper: usize,
    frontiers: &mut Vec<Set<W>>,
) -> Option<Option<Vec<u8>>> {
    a.search_in(search, start, upper, frontiers)
}
