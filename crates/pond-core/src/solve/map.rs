//! The map of a whole search: one band a depth, each position a cell, each
//! of a position's n legal moves given 1/n of its width, so that the root's
//! width stands for every order of moves. A branch the search gave up closes
//! its part of every band below it; the share of the root closed is how much
//! of the search is done (an estimate: say "about"). The game paints it into
//! one texture and `pond solve --map` writes it as an SVG picture; both read
//! the cells laid out here.

use super::tree::{Mark, ROOT, SearchTree};

/// What a cell of the map stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MapMark {
    /// On the line the search is on now.
    Line,
    /// On the solution's line.
    Solution,
    /// Searched and given up: every line through it was tried and lost.
    Lost,
    /// A position with no legal move, not the goal.
    DeadEnd,
    /// Given up with moves left untried: cut by a test (a position seen
    /// before, or known lost, a mirror image, a count that cannot win, the
    /// move limit) before its moves were tried.
    Cut,
    /// A move not tried yet from a position on the line.
    Untried,
    /// A best-first search's line set aside, in the round (bound) it was
    /// reached in: it may be taken up again.
    SetAside(u32),
}

impl MapMark {
    /// The mark's colour, the same in the game and in the written picture.
    pub fn colour(self) -> [u8; 3] {
        match self {
            MapMark::Line => [0xff, 0x85, 0x73],
            MapMark::Solution => [0x6c, 0xd4, 0x6a],
            MapMark::Lost => [0x8f, 0xa4, 0xb8],
            MapMark::DeadEnd => [0x9a, 0x78, 0x52],
            MapMark::Cut => [0xb4, 0x8c, 0xd8],
            MapMark::Untried => [0x33, 0x41, 0x4b],
            MapMark::SetAside(_) => [0xc9, 0xb7, 0x7a],
        }
    }

    /// Why the search is done with a cell, in a few words (for a hover, a
    /// tip, the key): two short lines at most beside the map's widths
    /// switch (a longer one wrapped to four and pushed the chart down).
    pub fn words(self) -> &'static str {
        match self {
            MapMark::Line => "the line tried now",
            MapMark::Solution => "the solution",
            MapMark::Lost => "searched: every line lost",
            MapMark::DeadEnd => "a dead end: no move left",
            MapMark::Cut => "skipped: seen before or proved lost",
            MapMark::Untried => "not tried yet",
            MapMark::SetAside(_) => "set aside: too long for this round",
        }
    }

    /// Whether the search is done with the cell's part of the map.
    pub fn closed(self) -> bool {
        matches!(self, MapMark::Lost | MapMark::DeadEnd | MapMark::Cut)
    }
}

/// How a position's width is shared among its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Layout {
    /// Each of its n legal moves 1/n: the root's width is every order of
    /// moves, and the part closed is the share of the search done.
    Orders,
    /// Each move tried by the positions the search reached through it, a
    /// sliver for each move not tried: where the search spent its work
    /// (the game's first picture: the whole search at once).
    #[default]
    Work,
}

/// The marks the key shows, in its order.
pub const KEY: [MapMark; 6] = [
    MapMark::Line,
    MapMark::Solution,
    MapMark::Lost,
    MapMark::Cut,
    MapMark::DeadEnd,
    MapMark::Untried,
];

/// The marks a key shows: `KEY`'s, then the set-aside lines of a
/// best-first search.
pub fn key_all() -> impl Iterator<Item = MapMark> {
    KEY.into_iter().chain([MapMark::SetAside(0)])
}

/// Whether the map holds a cell of `mark`'s kind (any round, for the
/// set-aside lines): the key lists only what the map shows.
pub fn shows(map: &SearchMap, mark: MapMark) -> bool {
    let kind = std::mem::discriminant(&mark);
    map.cells
        .iter()
        .any(|c| std::mem::discriminant(&c.mark) == kind)
}

/// One cell: its band (the depth below the map's top), its span of the
/// top's width (0 to 1),
/// what it stands for, and its node in the tree (none for moves not tried).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MapCell {
    pub depth: u32,
    pub x0: f64,
    pub x1: f64,
    pub mark: MapMark,
    pub node: Option<u32>,
}

/// The map of a search as it stands.
#[derive(Debug, Clone, Default)]
pub struct SearchMap {
    /// The cells, parents before their children.
    pub cells: Vec<MapCell>,
    /// The bands drawn: one a depth, from the start to the deepest cell.
    pub bands: u32,
    /// The share of the root closed (given up or cut), 0 to 1. None for a
    /// best-first search, which sets lines aside instead of closing them.
    pub done: Option<f64>,
    /// The share closed at each depth, from depth 1: at depth d, the cells
    /// closed at depth d or above it.
    pub done_by_depth: Vec<f64>,
}

/// Cells narrower than this share of the root are not laid out (they count
/// towards the share done; their parents' cells stand for them in the
/// picture); with a picture some thousand pixels wide that is well under a
/// pixel, and it bounds the cells whatever the tree.
pub const NARROWEST: f64 = 1.0 / 65_536.0;

impl SearchMap {
    /// The map before any search: the start, one cell as wide as the
    /// picture and as tall, not tried yet (the whole search is left).
    pub fn not_started() -> SearchMap {
        SearchMap {
            cells: vec![MapCell {
                depth: 0,
                x0: 0.0,
                x1: 1.0,
                mark: MapMark::Untried,
                node: None,
            }],
            bands: 1,
            done: Some(0.0),
            done_by_depth: Vec::new(),
        }
    }

    /// Lays the map of a tree out.
    pub fn of(tree: &SearchTree) -> SearchMap {
        SearchMap::from_node(tree, ROOT)
    }

    /// Lays out the map of the part of a tree under node `top` (a zoom into
    /// it): its width the whole picture's, its depth the first band. The
    /// shares done are of that part.
    pub fn from_node(tree: &SearchTree, top: u32) -> SearchMap {
        SearchMap::laid_out(tree, top, Layout::Orders)
    }

    /// Lays out the part of a tree under `top` as `layout` says; the shares
    /// done are the move orders' whatever the layout.
    pub fn laid_out(tree: &SearchTree, top: u32, layout: Layout) -> SearchMap {
        let best_first = tree.node(ROOT).round.is_some();
        // Once won, nothing is tried now: a best-first search leaves the
        // lines it turned from open, and they are drawn as set aside.
        let won = tree.node(ROOT).mark == Mark::Solution;
        let first = tree.node(top).depth;
        let mut cells = Vec::new();
        // The closed cells that no closed cell holds: depth and share.
        let mut closes: Vec<(u32, f64)> = Vec::new();
        // (node, x0, x1, its share of the move orders, whether an ancestor
        // is closed)
        let mut stack = vec![(top, 0.0f64, 1.0f64, 1.0f64, false)];
        while let Some((id, x0, x1, share, inside)) = stack.pop() {
            let n = tree.node(id);
            let mark = match n.mark {
                Mark::Line if won && best_first => MapMark::SetAside(n.round.unwrap_or(0)),
                Mark::Line if won => MapMark::Lost,
                Mark::Line => MapMark::Line,
                Mark::Solution => MapMark::Solution,
                Mark::GivenUp if best_first => MapMark::SetAside(n.round.unwrap_or(0)),
                Mark::GivenUp if n.leaf => MapMark::DeadEnd,
                Mark::GivenUp if n.tried == 0 => MapMark::Cut,
                Mark::GivenUp => MapMark::Lost,
            };
            // Every node counts towards the share; only those wide enough
            // to be seen are laid out.
            let seen = x1 - x0 >= NARROWEST;
            if seen {
                cells.push(MapCell {
                    depth: n.depth - first,
                    x0,
                    x1,
                    mark,
                    node: Some(id),
                });
            }
            if mark.closed() && !inside {
                closes.push((n.depth - first, share));
            }
            let slots = n.legal.max(n.tried).max(n.children.len() as u32);
            if slots == 0 {
                continue;
            }
            let shown = n.children.len() as u32;
            // The moves not tried: open under the line, cut under a branch
            // given up (folded branches were searched; their insides are
            // not kept).
            let untried = if n.folded { 0 } else { slots - shown };
            // Each child's weight, and the untried moves' together: one
            // each by the move orders; by the work, the positions reached
            // in each branch, and one for each move not tried.
            let weights: Vec<f64> = match layout {
                Layout::Orders => vec![1.0; shown as usize],
                Layout::Work => n
                    .children
                    .iter()
                    .map(|&c| tree.positions(c) as f64)
                    .collect(),
            };
            let rest = match layout {
                Layout::Orders => (slots - shown) as f64,
                Layout::Work => untried as f64,
            };
            let total: f64 = weights.iter().sum::<f64>() + rest;
            if total <= 0.0 {
                continue;
            }
            let scale = (x1 - x0) / total;
            let mut a = x0;
            let mut placed = Vec::with_capacity(weights.len());
            for (&c, w) in n.children.iter().zip(&weights) {
                placed.push((c, a, a + w * scale));
                a += w * scale;
            }
            let each = share / slots as f64;
            // Of the moves not tried, those the search ruled out without
            // entering them (Swap's frozen frogs, Escape's known lost
            // positions) are cut, and done; under a branch given up, all.
            let given_up = n.mark == Mark::GivenUp && !best_first;
            let cut = if given_up {
                untried
            } else {
                n.cut_moves.min(untried)
            };
            if cut > 0 && !given_up && !inside && !mark.closed() {
                closes.push((n.depth + 1 - first, each * f64::from(cut)));
            }
            if seen && untried > 0 && x1 - a >= NARROWEST {
                let split = a + (x1 - a) * f64::from(cut) / f64::from(untried);
                for (from, to, mark) in [(a, split, MapMark::Cut), (split, x1, MapMark::Untried)] {
                    if to - from > 0.0 {
                        cells.push(MapCell {
                            depth: n.depth + 1 - first,
                            x0: from,
                            x1: to,
                            mark,
                            node: None,
                        });
                    }
                }
            }
            for &(c, a, b) in placed.iter().rev() {
                stack.push((c, a, b, each, inside || mark.closed()));
            }
        }
        let deepest = cells.iter().map(|c| c.depth).max().unwrap_or(0);
        let bands = deepest.max(tree.stats().deepest.saturating_sub(first)) + 1;
        let mut by_depth = vec![0.0f64; bands as usize];
        for &(depth, w) in &closes {
            for d in by_depth.iter_mut().skip(depth as usize) {
                *d += w;
            }
        }
        let done: f64 = closes.iter().map(|c| c.1).sum();
        let clamp = |v: f64| v.clamp(0.0, 1.0);
        SearchMap {
            cells,
            bands,
            done: (!best_first).then_some(clamp(done)),
            done_by_depth: by_depth.into_iter().skip(1).map(clamp).collect(),
        }
    }

    /// The part of the map from `a` to `b` of its width (0 <= a < b <= 1)
    /// drawn across the whole width (a zoom into that part): the cells that
    /// reach into it, cut to it. The shares done stay the whole map's.
    pub fn cropped(&self, a: f64, b: f64) -> SearchMap {
        let width = (b - a).max(f64::MIN_POSITIVE);
        let cells: Vec<MapCell> = (self.cells.iter())
            .filter(|c| c.x1 > a && c.x0 < b)
            .map(|c| MapCell {
                x0: ((c.x0 - a) / width).max(0.0),
                x1: ((c.x1 - a) / width).min(1.0),
                ..*c
            })
            .collect();
        // The part's own depth fills the height (a shallow part of a deep
        // map would stand in its top rows over an empty map).
        let deepest = cells.iter().map(|c| c.depth + 1).max().unwrap_or(1);
        SearchMap {
            cells,
            bands: deepest.min(self.bands).max(1),
            done: self.done,
            done_by_depth: self.done_by_depth.clone(),
        }
    }

    /// The cell under a point of a picture `width` by `height` laid out by
    /// `paint` (the deepest cell there).
    pub fn cell_at(&self, width: f64, height: f64, x: f64, y: f64) -> Option<&MapCell> {
        let band = height / self.bands.max(1) as f64;
        let depth = (y / band).floor() as u32;
        let at = x / width;
        self.cells
            .iter()
            .rev()
            .find(|c| c.depth == depth && c.x0 <= at && at < c.x1)
    }

    /// What the map's empty dark under a cell stands for, at a point of a
    /// picture `width` by `height` where no cell is: the mark of the
    /// nearest cell above it, as the part under it is (under a move not
    /// tried, or the line tried now, moves not tried yet; under a dead
    /// end, a skip or a searched branch, that); None under the solution's
    /// end or above every cell.
    pub fn mark_under(&self, width: f64, height: f64, x: f64, y: f64) -> Option<MapMark> {
        let band = height / self.bands.max(1) as f64;
        let depth = (y / band).floor() as u32;
        let at = x / width;
        let above = (self.cells.iter())
            .filter(|c| c.depth < depth && c.x0 <= at && at < c.x1)
            .max_by_key(|c| c.depth)?;
        match above.mark {
            MapMark::Solution => None,
            MapMark::Line => Some(MapMark::Untried),
            mark => Some(mark),
        }
    }

    /// The share done in words: "about 38% of the ways to play ruled out";
    /// under 0.1%, to two figures ("0.0083%", then "0.034%": a figure that
    /// grows as the share does, where "1 in 12,000" then "1 in 2,900" read
    /// as going backwards), down to a millionth of a percent.
    pub fn done_words(&self) -> Option<String> {
        let share = self.done?;
        Some(if share >= 1.0 {
            "every way to play ruled out".to_string()
        } else if share <= 0.0 {
            "no ways to play ruled out yet".to_string()
        } else if share * 100.0 < LEAST_PERCENT {
            format!("under {LEAST_PERCENT_WORDS}% of the ways to play ruled out")
        } else {
            let about = if share * 100.0 < 0.1 { "" } else { "about " };
            format!("{about}{}% of the ways to play ruled out", percent(share))
        })
    }
}

/// The least share said as a figure, in percent, and as it is written.
const LEAST_PERCENT: f64 = 1e-6;
const LEAST_PERCENT_WORDS: &str = "0.000001";

/// A share as a percentage without its sign: under 0.1%, two significant
/// figures ("0.0083", "0.034"); under 10%, one decimal ("1.6"); else whole
/// ("38", floored: never "100" short of the end).
fn percent(share: f64) -> String {
    let p = share * 100.0;
    if p < 0.1 {
        let decimals = (1 - p.log10().floor() as i32).clamp(1, 8) as usize;
        let s = format!("{p:.decimals$}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else if p < 10.0 {
        format!("{p:.1}")
    } else {
        format!("{}", (p.floor() as u32).min(99))
    }
}

/// A share done as a bar's percentage, in the words of `done_words`
/// ("0.0083%", "1.6%" beside "about 1.6%", "38%" beside "about 38%"): never
/// "-0%" nor "100%" short of the end.
pub fn share_words(share: f64) -> String {
    let share = share.clamp(0.0, 1.0);
    let p = share * 100.0;
    if p <= 0.0 {
        "0%".to_string()
    } else if p < LEAST_PERCENT {
        format!("<{LEAST_PERCENT_WORDS}%")
    } else if share >= 1.0 {
        "100%".to_string()
    } else {
        format!("{}%", percent(share))
    }
}

/// A mark's name in the key: one or two words.
pub fn key_word(mark: MapMark) -> &'static str {
    match mark {
        MapMark::Line => "tried now",
        MapMark::Solution => "solution",
        MapMark::Lost => "lost",
        MapMark::DeadEnd => "dead end",
        MapMark::Cut => "skipped",
        MapMark::Untried => "not tried",
        MapMark::SetAside(_) => "set aside",
    }
}

/// A mark's word and what it means, for a key with room for both: how
/// "lost", "cut", "dead end" and "set aside" differ.
pub fn key_meaning(mark: MapMark) -> &'static str {
    match mark {
        MapMark::Line => "tried now: the line searched at this moment",
        MapMark::Solution => "solution: the winning line",
        MapMark::Lost => "lost: searched, no win under it",
        MapMark::DeadEnd => "dead end: no move left",
        MapMark::Cut => "skipped: known lost, so not searched",
        MapMark::Untried => "not tried: not reached yet",
        MapMark::SetAside(_) => "set aside: a best-first search may come back",
    }
}

/// How strongly the part below a branch given up is washed in its mark's
/// colour (a share of the colour over the background).
pub const WASH: f64 = 0.35;

/// How opaque the inside of the line tried now is where it is drawn
/// hollow (its edges in its colour): the work under way, not work done.
pub const LINE_FILL: f64 = 0.3;

/// What the wash means, for a key with room for it.
pub const WASH_MEANING: &str = "faded: under a branch given up, so never searched";

#[path = "map_picture.rs"]
mod picture;
pub use picture::{paint, paint_into, svg};

#[cfg(test)]
#[path = "map_tests.rs"]
mod tests;
