//! Hop and peg solitaire solver: depth-first search over bit sets with a table
//! of failed positions folded by the board's symmetries, after a parity test
//! (position classes) that proves many starts hopeless at once.

use crate::rules::hop::{Board, Hop, HopMove};
use crate::solve::{CutReason, FastMap, FastSet, Outcome, Search};
use std::sync::atomic::{AtomicBool, Ordering};

impl crate::solve::Solve for Hop {
    fn order(&self) -> crate::solve::Order {
        crate::solve::Order::DepthFirst
    }
    const IDEAS: &'static [&'static str] = &[
        "A parity test on three classes of pads proves many boards hopeless before any search.",
        "Positions already known to be lost are not searched again.",
        "A position and its mirror images count as one.",
    ];

    fn solve(&self, search: &mut Search<'_, HopMove>) -> Outcome<HopMove> {
        solve(self, search)
    }

    /// Every jump takes a frog: the search ends by itself.
    fn plain_depth(&self) -> usize {
        usize::MAX
    }
}

const NO_RED: u8 = u8::MAX;

#[path = "solve_lost.rs"]
mod lost;
use lost::{Known, Learnt, lost_kept, solve_remembering};
#[path = "solve_order.rs"]
mod order;
use order::Weights;
#[path = "solve_ends.rs"]
mod ends;
use ends::{Ends, ends_kept, ends_made, make_ends};
#[path = "solve_pagoda.rs"]
mod pagoda;
use pagoda::{Pagodas, make_pagodas, pagodas_kept, pagodas_made};
#[path = "solve_beam.rs"]
mod beam;
#[path = "solve_dfs.rs"]
mod dfs;
#[path = "solve_marks.rs"]
mod marks;
use dfs::Kid;

pub fn solve(h: &Hop, search: &mut Search<'_, HopMove>) -> Outcome<HopMove> {
    solve_knowing(h, search, Learnt::default(), false).0
}

/// `solve`, starting from `known`, what earlier searches of the same level
/// learnt (positions lost, positions on winning lines, up to its
/// symmetries); with what it learnt itself beside.
fn solve_knowing(
    h: &Hop,
    search: &mut Search<'_, HopMove>,
    known: Learnt,
    ordered: bool,
) -> (Outcome<HopMove>, Learnt) {
    if !classes_allow_goal(h) {
        search.cut(0, CutReason::Proven);
        return (Outcome::Unsolvable, known);
    }
    let mut solver = Solver::new(h);
    solver.dead = known.lost;
    solver.won = known.won;
    if ordered {
        solver.weights = Some(Weights::of(&h.board));
        solver.ends = ends_made(h);
        solver.pagodas = pagodas_made(h);
    }
    let (green, red) = (h.green, h.red.unwrap_or(NO_RED));
    let mut path = Vec::new();
    let quick = match ordered && h.red.is_none() {
        true => solver.quick_looks(h.green, &mut path, search),
        false => None,
    };
    let answer = quick.or_else(|| solver.dfs(green, red, &mut path, search));
    if answer == Some(true) {
        solver.learn_line(green, red, &path);
    }
    let outcome = match answer {
        // Every jump removes one frog, so every solution has the same length.
        Some(true) => Outcome::Solved {
            moves: path,
            optimal: true,
        },
        Some(false) => Outcome::Unsolvable,
        None => search.out_of_budget(None),
    };
    let learnt = Learnt {
        lost: solver.dead,
        won: solver.won,
    };
    (outcome, learnt)
}

/// How many different jump sequences win from `h`, counting up to `cap`.
pub fn count_solutions(h: &Hop, cap: u64) -> u64 {
    count_solutions_within(h, cap, usize::MAX, None).unwrap_or(cap)
}

/// `count_solutions`, holding at most `most` positions in its table: None
/// when the count needs more. A count that reaches `cap` stops there, so a
/// full peg board with more ways than the cap is counted from a part of
/// its positions. None also when `cancel` is raised.
pub fn count_solutions_within(
    h: &Hop,
    cap: u64,
    most: usize,
    cancel: Option<&AtomicBool>,
) -> Option<u64> {
    let mut solver = Solver::new(h);
    let mut memo = FastMap::default();
    let bound = Bound { most, cancel };
    solver.count(h.green, h.red.unwrap_or(NO_RED), cap, &bound, &mut memo)
}

/// What stops a count: a full table or a raised flag.
struct Bound<'a> {
    most: usize,
    cancel: Option<&'a AtomicBool>,
}

/// `random_win_chance` for boards too big to count every position: the
/// share of `games` random games (each jump picked at random among those
/// open, as the chance is defined) that win, from a fixed seed. None when
/// `cancel` is raised first.
pub fn random_win_estimate(
    h: &Hop,
    games: u32,
    seed: u64,
    cancel: Option<&AtomicBool>,
) -> Option<f64> {
    let solver = Solver::new(h);
    let mut rng = crate::levels::rng::SplitMix64::new(seed);
    let mut open = Vec::with_capacity(solver.jumps.len());
    let mut won = 0u32;
    for game in 0..games {
        if game.is_multiple_of(1024) && cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return None;
        }
        let (mut green, mut red) = (h.green, h.red.unwrap_or(NO_RED));
        loop {
            open.clear();
            open.extend(
                solver
                    .jumps
                    .iter()
                    .filter_map(|j| Solver::after(j, green, red)),
            );
            if open.is_empty() {
                break;
            }
            (green, red) = open[rng.below(open.len() as u64) as usize];
        }
        won += u32::from(solver.is_goal(green, red));
    }
    Some(f64::from(won) / f64::from(games.max(1)))
}

/// The chance that a player who picks each jump at random wins from `h`: a
/// difficulty measure that weighs frog count, ways to win and ways to go wrong.
pub fn random_win_chance(h: &Hop) -> f64 {
    fn chance(s: &Solver, green: u64, red: u8, memo: &mut FastMap<(u64, u8), f64>) -> f64 {
        if s.is_goal(green, red) {
            return 1.0;
        }
        if let Some(&p) = memo.get(&(green, red)) {
            return p;
        }
        let mut total = 0.0;
        let mut options = 0u32;
        for j in &s.jumps {
            let Some((g, r)) = Solver::after(j, green, red) else {
                continue;
            };
            options += 1;
            total += chance(s, g, r, memo);
        }
        let p = if options == 0 {
            0.0
        } else {
            total / options as f64
        };
        memo.insert((green, red), p);
        p
    }
    let solver = Solver::new(h);
    chance(
        &solver,
        h.green,
        h.red.unwrap_or(NO_RED),
        &mut FastMap::default(),
    )
}

/// Decides every position of a board (at most 20 pads) that has one red frog
/// and any green frogs. Entry `red << pads | green` is true when that position
/// can be won (a position whose green set holds the red pad is never read).
/// Every jump removes one frog, so positions are settled in order of frog count.
pub fn classify_red_positions(board: &Board) -> Vec<bool> {
    let pads = board.pads.len();
    assert!(pads <= 20, "a table of every position needs a small board");
    let size = 1usize << pads;
    let mut by_count: Vec<Vec<u32>> = vec![Vec::new(); pads + 1];
    for green in 0..size as u32 {
        by_count[green.count_ones() as usize].push(green);
    }
    let lines: Vec<(u32, u32, u32, usize)> = board
        .lines
        .iter()
        .map(|l| (1u32 << l.from, 1u32 << l.over, 1u32 << l.to, l.to as usize))
        .collect();
    let mut table = vec![false; pads * size];
    for greens in &by_count {
        for &green in greens {
            for red in 0..pads {
                let red_bit = 1u32 << red;
                if green & red_bit != 0 {
                    continue;
                }
                let occupied = green | red_bit;
                let won = green == 0
                    || lines.iter().any(|&(from, over, to, to_pad)| {
                        occupied & from != 0
                            && green & over != 0
                            && occupied & to == 0
                            && if from == red_bit {
                                table[(to_pad << pads) | (green & !over) as usize]
                            } else {
                                table[(red << pads) | ((green & !over & !from) | to) as usize]
                            }
                    });
                table[(red << pads) | green as usize] = won;
            }
        }
    }
    table
}

/// Pads coloured by `(a*row + b*col) mod 3` such that every jump line has
/// one pad of each colour. A jump then flips the parity of all three colour
/// counts, so the differences of those parities never change.
fn colourings(board: &Board) -> Vec<Vec<u8>> {
    let forms = [(1, 1), (1, 2), (1, 0), (0, 1), (2, 1)];
    forms
        .iter()
        .map(|&(a, b)| {
            board
                .pads
                .iter()
                .map(|&(r, c)| ((a * r as u32 + b * c as u32) % 3) as u8)
                .collect::<Vec<u8>>()
        })
        .filter(|colour| {
            board.lines.iter().all(|l| {
                let (x, y, z) = (
                    colour[l.from as usize],
                    colour[l.over as usize],
                    colour[l.to as usize],
                );
                x != y && y != z && x != z
            })
        })
        .collect()
}

fn class_of(colour: &[u8], frogs: u64) -> (bool, bool) {
    let mut counts = [0u32; 3];
    for (i, &c) in colour.iter().enumerate() {
        counts[c as usize] += (frogs >> i & 1) as u32;
    }
    (
        (counts[0] ^ counts[1]) & 1 == 1,
        (counts[1] ^ counts[2]) & 1 == 1,
    )
}

/// False when no winning end position is in the start's position class.
pub fn classes_allow_goal(h: &Hop) -> bool {
    let colourings = colourings(&h.board);
    let start = h.occupied();
    let ends: Vec<u8> = match h.finish {
        Some(f) => vec![f],
        None => (0..h.board.pads.len() as u8).collect(),
    };
    ends.iter().any(|&p| {
        colourings
            .iter()
            .all(|c| class_of(c, start) == class_of(c, 1u64 << p))
    })
}

struct Jump {
    from: u64,
    over: u64,
    to: u64,
    mv: HopMove,
}

struct Solver {
    jumps: Vec<Jump>,
    finish: Option<u8>,
    /// For each symmetry that keeps the finish pad: byte-wise lookup tables.
    symmetries: Vec<(Vec<[u64; 256]>, Vec<u8>)>,
    dead: Known,
    /// Positions known to be winnable, on lines found earlier (the move
    /// map's: `Learnt::won`).
    won: Known,
    /// How the jumps are ordered, when they are (see `Weights`).
    weights: Option<Weights>,
    /// The jumps open at each depth of `dfs`.
    kids: Vec<Kid>,
    /// The search's node count at which `dfs` gives up (a short search's,
    /// between the move map's beams).
    probe_end: u64,
    /// The board's winnable positions of a few frogs, where the search
    /// looks them up instead of searching below them (the move map's).
    ends: Option<std::sync::Arc<Ends>>,
    /// Pagoda functions that prove positions lost (the move map's).
    pagodas: Option<std::sync::Arc<Pagodas>>,
}

impl Solver {
    fn new(h: &Hop) -> Solver {
        let board = &h.board;
        let jumps = board
            .lines
            .iter()
            .map(|l| Jump {
                from: 1u64 << l.from,
                over: 1u64 << l.over,
                to: 1u64 << l.to,
                mv: HopMove {
                    from: l.from,
                    to: l.to,
                },
            })
            .collect();
        let symmetries = board
            .symmetries
            .iter()
            .skip(1)
            .filter(|perm| h.finish.is_none_or(|f| perm[f as usize] == f))
            .map(|perm| {
                let bytes = board.pads.len().div_ceil(8);
                let tables = (0..bytes)
                    .map(|b| {
                        let mut t = [0u64; 256];
                        for (v, slot) in t.iter_mut().enumerate() {
                            let bits = ((v as u64) << (8 * b)) & board.all_pads();
                            *slot = Board::map_set(perm, bits);
                        }
                        t
                    })
                    .collect();
                (tables, perm.clone())
            })
            .collect();
        Solver {
            jumps,
            finish: h.finish,
            symmetries,
            dead: FastSet::default(),
            won: FastSet::default(),
            weights: None,
            kids: Vec::new(),
            probe_end: u64::MAX,
            ends: None,
            pagodas: None,
        }
    }

    /// The position after jump `j`, if it is legal from (`green`, `red`).
    #[inline]
    fn after(j: &Jump, green: u64, red: u8) -> Option<(u64, u8)> {
        let red_bit = if red == NO_RED { 0 } else { 1u64 << red };
        let occupied = green | red_bit;
        if occupied & j.from == 0 || green & j.over == 0 || occupied & j.to != 0 {
            return None;
        }
        Some(if j.from == red_bit {
            (green & !j.over, j.mv.to)
        } else {
            ((green & !j.over & !j.from) | j.to, red)
        })
    }

    /// The pads `green` taken by a symmetry (its byte-wise `tables`).
    #[inline]
    fn mapped(tables: &[[u64; 256]], green: u64) -> u64 {
        let mut g = 0u64;
        for (b, t) in tables.iter().enumerate() {
            g |= t[(green >> (8 * b)) as usize & 0xFF];
        }
        g
    }

    fn canonical(&self, green: u64, red: u8) -> (u64, u8) {
        let mut best = (green, red);
        for (tables, perm) in &self.symmetries {
            let g = Solver::mapped(tables, green);
            let r = if red == NO_RED {
                NO_RED
            } else {
                perm[red as usize]
            };
            best = best.min((g, r));
        }
        best
    }

    fn is_goal(&self, green: u64, red: u8) -> bool {
        let last = if red != NO_RED {
            if green != 0 {
                return false;
            }
            red
        } else if green.count_ones() == 1 {
            green.trailing_zeros() as u8
        } else {
            return false;
        };
        self.finish.is_none_or(|f| f == last)
    }

    /// Ways to win from the position, up to `cap` (a count that reaches it
    /// stops there: it is the cap however many more there are); None when
    /// the table would pass `most` positions.
    fn count(
        &mut self,
        green: u64,
        red: u8,
        cap: u64,
        bound: &Bound<'_>,
        memo: &mut FastMap<(u64, u8), u64>,
    ) -> Option<u64> {
        if self.is_goal(green, red) {
            return Some(1);
        }
        let key = self.canonical(green, red);
        if let Some(&n) = memo.get(&key) {
            return Some(n);
        }
        if memo.len() >= bound.most
            || (memo.len().is_multiple_of(4096)
                && bound.cancel.is_some_and(|c| c.load(Ordering::Relaxed)))
        {
            return None;
        }
        let mut total = 0u64;
        for i in 0..self.jumps.len() {
            let Some((g, r)) = Solver::after(&self.jumps[i], green, red) else {
                continue;
            };
            total = total
                .saturating_add(self.count(g, r, cap, bound, memo)?)
                .min(cap);
            if total >= cap {
                break;
            }
        }
        memo.insert(key, total);
        Some(total)
    }
}

#[cfg(test)]
#[path = "solve_tests.rs"]
mod tests;
