//! Pagoda functions of a peg board: a weight per pad such that no jump
//! raises the frogs' total (the two pads a jump empties weigh at least as
//! much as the one it fills). The total then never grows, so a position
//! that weighs less than a lone frog on every pad the game may end on is
//! lost, and the move map's searches stop there at once.
//!
//! They are found for the board at hand, not written down: positions of
//! random games are each asked, by a small linear program, for the weights
//! that make them lightest against an end pad; weights that prove one
//! position lost often prove many. Each is checked in whole numbers
//! against every jump before it is kept.

use super::*;
use crate::levels::rng::SplitMix64;
use std::sync::Arc;

/// The pagoda functions of one board for one set of end pads, four to a
/// word: each function's weights raised by `raise` (so that none is below
/// 0) in a 16-bit lane, so that four totals come from one look-up a byte.
pub(super) struct Pagodas {
    /// Bytes of a position (pads / 8, rounded up).
    bytes: usize,
    /// Per end pad, the range of words whose functions prove a position
    /// lost for that pad.
    ends: Vec<std::ops::Range<usize>>,
    /// Each word's weight of every byte value of every byte of a position:
    /// word `k`'s byte `b` at `k * bytes + b`.
    tables: Vec<[u64; 256]>,
    /// Per word, a lone frog's weight on the end pad, lane by lane.
    need: Vec<u64>,
    /// Per word, `raise` in each lane that holds a function.
    raised: Vec<u64>,
    /// Frogs at or under which no position is tested (the ends table
    /// knows them all).
    floor: u32,
    /// The functions themselves, with the end pad each was found for.
    #[cfg(test)]
    functions: Vec<(u8, Vec<i32>)>,
}

/// The high bit of each 16-bit lane.
const HIGH: u64 = 0x8000_8000_8000_8000;

/// Linear programs asked at most while the functions are found.
const ASKED_MOST: usize = 2000;
/// Functions kept at most for one end pad.
const KEPT_MOST: usize = 32;
/// Random games whose positions are asked, or whose searches' are.
const GAMES: usize = 200;
/// Positions of each search that finds lost positions to ask about.
const SEARCHED: u64 = 5_000;
/// Lost positions of each search asked about at most.
const ASKED_A_SEARCH: usize = 40;

impl Pagodas {
    /// Whether the frogs `frogs` can never be cut down to one: for every
    /// end pad, a function weighs them less than a frog there.
    #[inline]
    pub(super) fn lost(&self, frogs: u64) -> bool {
        let count = u64::from(frogs.count_ones());
        if count <= u64::from(self.floor) {
            return false;
        }
        self.ends.iter().all(|range| {
            range.clone().any(|k| {
                let tables = &self.tables[k * self.bytes..(k + 1) * self.bytes];
                let weight: u64 = tables
                    .iter()
                    .enumerate()
                    .map(|(b, t)| t[(frogs >> (8 * b)) as usize & 0xFF])
                    .sum();
                // Lane by lane: the frogs' raised weight against the end's
                // weight raised as much (the high bit stays where they weigh
                // at least as much, with no borrow between lanes: both are
                // under 2^15).
                let need = self.need[k] + count * self.raised[k];
                ((weight | HIGH) - need) & HIGH != HIGH
            })
        })
    }

    /// Functions for a game from `h` that may end with one frog on any of
    /// `ends`, learnt from the positions the move map's own search finds
    /// lost (searches of a few thousand positions from random positions of
    /// the game) and, first, from positions of random games; the positions
    /// of `floor` frogs or fewer are not asked (the ends table knows them).
    /// Fewer when `stop` is raised.
    pub(super) fn find(
        h: &Hop,
        ends: &[u8],
        table: Option<Arc<Ends>>,
        stop: Option<&AtomicBool>,
    ) -> Pagodas {
        let board = &h.board;
        let floor = table.as_ref().map_or(1, |t| t.most());
        let mut learning = Learning {
            ends,
            found: vec![Vec::new(); ends.len()],
            asked: 0,
        };
        let mut rng = SplitMix64::new(43);
        let mut open: Vec<&crate::rules::hop::Line> = Vec::new();
        for round in 0..GAMES {
            // A random game, its positions asked; every second one cut short
            // where its search starts.
            let mut frogs = h.green;
            let cut = (round % 2 == 1).then(|| rng.below(12) as u32);
            let mut played = 0;
            loop {
                open.clear();
                open.extend(board.lines.iter().filter(|l| {
                    frogs >> l.from & 1 == 1 && frogs >> l.over & 1 == 1 && frogs >> l.to & 1 == 0
                }));
                if open.is_empty() || frogs.count_ones() <= floor || cut == Some(played) {
                    break;
                }
                let l = open[rng.below(open.len() as u64) as usize];
                frogs = (frogs & !(1u64 << l.from) & !(1u64 << l.over)) | 1u64 << l.to;
                played += 1;
                if cut.is_none() && !learning.learn(board, frogs, stop) {
                    return Pagodas::of(board.pads.len(), ends, &learning.found, floor);
                }
            }
            if cut.is_none() {
                continue;
            }
            // The search's lost positions, the most frogs first.
            let mut solver = Solver::new(&Hop {
                green: frogs,
                ..h.clone()
            });
            solver.weights = Some(Weights::of(board));
            solver.ends = table.clone();
            solver.pagodas = Some(Arc::new(Pagodas::of(
                board.pads.len(),
                ends,
                &learning.found,
                floor,
            )));
            let mut search = Search::new(crate::solve::Budget::nodes(SEARCHED));
            solver.dfs(frogs, NO_RED, &mut Vec::new(), &mut search);
            let mut lost: Vec<u64> = solver.dead.iter().map(|k| k.0).collect();
            lost.sort_by_key(|g| std::cmp::Reverse(g.count_ones()));
            for &g in lost
                .iter()
                .filter(|g| g.count_ones() > floor)
                .take(ASKED_A_SEARCH)
            {
                if !learning.learn(board, g, stop) {
                    return Pagodas::of(board.pads.len(), ends, &learning.found, floor);
                }
            }
        }
        Pagodas::of(board.pads.len(), ends, &learning.found, floor)
    }

    /// The look-up tables of `found`, the functions of each of `ends`
    /// (a function whose raised totals would not fit in a lane is left out).
    fn of(pads: usize, ends: &[u8], found: &[Vec<Vec<i32>>], floor: u32) -> Pagodas {
        let bytes = pads.div_ceil(8);
        let mut pagodas = Pagodas {
            bytes,
            ends: Vec::new(),
            tables: Vec::new(),
            need: Vec::new(),
            raised: Vec::new(),
            floor,
            #[cfg(test)]
            functions: Vec::new(),
        };
        for (&end, functions) in ends.iter().zip(found) {
            let first = pagodas.need.len();
            let fitting: Vec<(&Vec<i32>, u64)> = functions
                .iter()
                .filter_map(|w| {
                    let raise = -w.iter().copied().min().unwrap_or(0).min(0);
                    let most = w.iter().map(|&x| i64::from(x + raise)).sum::<i64>();
                    let need = i64::from(w[end as usize]) + i64::from(raise) * pads as i64;
                    let fits = most.max(need) < 1 << 15 && w[end as usize] > 0;
                    fits.then_some((w, raise as u64))
                })
                .collect();
            #[cfg(test)]
            pagodas
                .functions
                .extend(fitting.iter().map(|(w, _)| (end, w.to_vec())));
            for four in fitting.chunks(4) {
                let (mut need, mut raised) = (0u64, 0u64);
                for (lane, &(w, raise)) in four.iter().enumerate() {
                    need |= (w[end as usize] as u64) << (16 * lane);
                    raised |= raise << (16 * lane);
                }
                for b in 0..bytes {
                    let mut t = [0u64; 256];
                    for (v, slot) in t.iter_mut().enumerate() {
                        for (lane, &(w, raise)) in four.iter().enumerate() {
                            let sum: i64 = (0..8)
                                .filter(|i| v >> i & 1 == 1 && 8 * b + i < pads)
                                .map(|i| i64::from(w[8 * b + i]) + raise as i64)
                                .sum();
                            *slot |= (sum as u64) << (16 * lane);
                        }
                    }
                    pagodas.tables.push(t);
                }
                pagodas.need.push(need);
                pagodas.raised.push(raised);
            }
            pagodas.ends.push(first..pagodas.need.len());
        }
        pagodas
    }

    pub(super) fn bytes(&self) -> usize {
        self.tables.len() * 256 * 8
    }
}

/// The functions found so far, per end pad, and the questions asked.
struct Learning<'a> {
    ends: &'a [u8],
    found: Vec<Vec<Vec<i32>>>,
    asked: usize,
}

impl Learning<'_> {
    /// Asks for the functions that prove `frogs` lost for each end pad no
    /// function found so far proves it for; false when no more may be asked.
    fn learn(&mut self, board: &Board, frogs: u64, stop: Option<&AtomicBool>) -> bool {
        for (e, &end) in self.ends.iter().enumerate() {
            let found = &self.found[e];
            if found.len() >= KEPT_MOST || found.iter().any(|w| proves(w, frogs, end)) {
                continue;
            }
            if self.asked >= ASKED_MOST || stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                return false;
            }
            self.asked += 1;
            let Some(w) = lightest(board, end, frogs) else {
                continue;
            };
            // The same weights turned by each symmetry of the board prove
            // as much for the end pad they take this one to.
            for perm in &board.symmetries {
                let Some(e2) = self.ends.iter().position(|&p| p == perm[end as usize]) else {
                    continue;
                };
                let mut turned = vec![0; w.len()];
                for (i, &x) in w.iter().enumerate() {
                    turned[perm[i] as usize] = x;
                }
                if self.found[e2].len() < KEPT_MOST && !self.found[e2].contains(&turned) {
                    self.found[e2].push(turned);
                }
            }
        }
        true
    }
}

/// Whether weights `w` make `frogs` lighter than one frog on `end`.
fn proves(w: &[i32], frogs: u64, end: u8) -> bool {
    let weight: i32 = (0..w.len())
        .filter(|&i| frogs >> i & 1 == 1)
        .map(|i| w[i])
        .sum();
    weight < w[end as usize]
}

/// Whether weights `w` are a pagoda function of `board`: no jump raises
/// the total.
pub(super) fn is_pagoda(board: &Board, w: &[i32]) -> bool {
    board
        .lines
        .iter()
        .all(|l| w[l.to as usize] <= w[l.from as usize] + w[l.over as usize])
}

/// The pagoda function that makes `frogs` lightest against one frog on
/// `end` (weights from -2 to 4 in units of the end's weight), in whole
/// numbers: None when none makes it lighter (the position may still be
/// won on `end`), or when the program's answer is not a clean fraction.
///
/// The weights are one plus a change per pad (none on `end`), the change
/// split into a part up and a part down so that every part is at least 0:
/// all weights 1 is a pagoda function (no jump fills a pad worth more
/// than the two it empties), so the program starts from a point it allows.
fn lightest(board: &Board, end: u8, frogs: u64) -> Option<Vec<i32>> {
    let pads = board.pads.len();
    // The pads whose weight may change, and their columns (up, down).
    let free: Vec<usize> = (0..pads).filter(|&i| i != end as usize).collect();
    let column = |pad: usize| free.iter().position(|&i| i == pad).map(|k| 2 * k);
    let mut rows: Vec<(Vec<(usize, f64)>, f64)> = Vec::new();
    for l in &board.lines {
        // change(to) - change(from) - change(over) <= 1
        let mut row = Vec::new();
        for (pad, sign) in [(l.to, 1.0), (l.from, -1.0), (l.over, -1.0)] {
            if let Some(c) = column(pad as usize) {
                row.push((c, sign));
                row.push((c + 1, -sign));
            }
        }
        rows.push((row, 1.0));
    }
    for k in 0..free.len() {
        rows.push((vec![(2 * k, 1.0), (2 * k + 1, -1.0)], 3.0));
        rows.push((vec![(2 * k, -1.0), (2 * k + 1, 1.0)], 3.0));
    }
    // Lightest: the least sum of the changes on the frogs' pads.
    let mut gain = vec![0.0; 2 * free.len()];
    for (k, &i) in free.iter().enumerate() {
        if frogs >> i & 1 == 1 {
            gain[2 * k] = -1.0;
            gain[2 * k + 1] = 1.0;
        }
    }
    let z = simplex(&rows, &gain)?;
    let mut weights = vec![1.0; pads];
    for (k, &i) in free.iter().enumerate() {
        weights[i] = 1.0 + z[2 * k] - z[2 * k + 1];
    }
    // The answer is a corner of the allowed region: a fraction of small
    // whole numbers, made whole by its denominator.
    let scale = (1..=60).find(|&d| {
        weights
            .iter()
            .all(|&x| (x * d as f64 - (x * d as f64).round()).abs() < 1e-6)
    })?;
    let w: Vec<i32> = weights
        .iter()
        .map(|&x| (x * scale as f64).round() as i32)
        .collect();
    (is_pagoda(board, &w) && proves(&w, frogs, end)).then_some(w)
}

/// The most of `gain . z` over `z >= 0` with `row . z <= limit` for each
/// of `rows` (each limit at least 0, so that `z = 0` is allowed): the
/// simplex method on a dense table. None when it takes too many steps.
fn simplex(rows: &[(Vec<(usize, f64)>, f64)], gain: &[f64]) -> Option<Vec<f64>> {
    let (m, n) = (rows.len(), gain.len());
    let width = n + m + 1;
    // Row r: its coefficients, its slack's 1 and its limit last.
    let mut t = vec![0.0; (m + 1) * width];
    for (r, (row, limit)) in rows.iter().enumerate() {
        for &(c, x) in row {
            t[r * width + c] += x;
        }
        t[r * width + n + r] = 1.0;
        t[r * width + width - 1] = *limit;
    }
    // The last row: the gain of raising each column (minus the reduced cost).
    for (c, &g) in gain.iter().enumerate() {
        t[m * width + c] = -g;
    }
    let mut basis: Vec<usize> = (n..n + m).collect();
    for _ in 0..20 * (m + n) {
        let objective = &t[m * width..m * width + width - 1];
        let Some(enter) = (0..width - 1)
            .filter(|&c| objective[c] < -1e-9)
            .min_by(|&a, &b| objective[a].total_cmp(&objective[b]))
        else {
            let mut z = vec![0.0; n];
            for (r, &v) in basis.iter().enumerate() {
                if v < n {
                    z[v] = t[r * width + width - 1];
                }
            }
            return Some(z);
        };
        let leave = (0..m)
            .filter(|&r| t[r * width + enter] > 1e-9)
            .min_by(|&a, &b| {
                let ra = t[a * width + width - 1] / t[a * width + enter];
                let rb = t[b * width + width - 1] / t[b * width + enter];
                ra.total_cmp(&rb).then(basis[a].cmp(&basis[b]))
            })?;
        let p = t[leave * width + enter];
        for c in 0..width {
            t[leave * width + c] /= p;
        }
        for r in 0..=m {
            let f = t[r * width + enter];
            if r != leave && f != 0.0 {
                for c in 0..width {
                    t[r * width + c] -= f * t[leave * width + c];
                }
            }
        }
        basis[leave] = enter;
    }
    None
}

/// One board's functions at a time, as `ENDS` keeps one board's ends: for
/// the board, its finish pad and the pads a game from the position that
/// made them may end on.
type PagodasKey = (Board, Option<u8>, Vec<u8>);
static PAGODAS: std::sync::Mutex<Option<(PagodasKey, Arc<Pagodas>)>> = std::sync::Mutex::new(None);

/// The pads a game from `h` may end on: its finish pad, else every pad
/// the position classes allow.
pub(super) fn end_pads(h: &Hop) -> Vec<u8> {
    let colourings = colourings(&h.board);
    let start = h.occupied();
    match h.finish {
        Some(f) => vec![f],
        None => (0..h.board.pads.len() as u8)
            .filter(|&p| {
                colourings
                    .iter()
                    .all(|c| class_of(c, start) == class_of(c, 1u64 << p))
            })
            .collect(),
    }
}

/// The functions of `h`'s board, found unless they are kept already (a
/// board of pegs alone) or the ends table knows every position of as many
/// frogs as `h` has; given up if `stop` is raised first.
pub(super) fn make_pagodas(h: &Hop, stop: Option<&AtomicBool>) {
    let table = ends_made(h);
    if h.red.is_some()
        || pagodas_made(h).is_some()
        || table.as_ref().is_some_and(|t| t.most() >= h.frogs())
    {
        return;
    }
    let ends = end_pads(h);
    let pagodas = Pagodas::find(h, &ends, table, stop);
    if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
        return;
    }
    let key: PagodasKey = (h.board.clone(), h.finish, ends);
    *PAGODAS.lock().unwrap_or_else(|e| e.into_inner()) = Some((key, Arc::new(pagodas)));
}

/// The functions of `h`'s board, where they are made.
pub(super) fn pagodas_made(h: &Hop) -> Option<Arc<Pagodas>> {
    if h.red.is_some() {
        return None;
    }
    let kept = PAGODAS.lock().unwrap_or_else(|e| e.into_inner());
    let (key, pagodas) = kept.as_ref()?;
    (key.0 == h.board && key.1 == h.finish && key.2 == end_pads(h)).then(|| pagodas.clone())
}

/// The bytes `PAGODAS` holds now, about.
pub(super) fn pagodas_kept() -> usize {
    PAGODAS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
        .map_or(0, |(_, p)| p.bytes())
}

#[cfg(test)]
#[path = "solve_pagoda_tests.rs"]
mod tests;
