//! Hop and peg solitaire solver: depth-first search over bit sets with a table
//! of failed positions folded by the board's symmetries, after a parity test
//! (position classes) that proves many starts hopeless at once.

use super::{FastMap, FastSet, Outcome, Search};
use crate::rules::hop::{Board, Hop, HopMove};

const NO_RED: u8 = u8::MAX;

pub fn solve(h: &Hop, search: &mut Search<'_, HopMove>) -> Outcome<HopMove> {
    if !classes_allow_goal(h) {
        return Outcome::Unsolvable;
    }
    let mut solver = Solver::new(h);
    let mut path = Vec::new();
    match solver.dfs(h.green, h.red.unwrap_or(NO_RED), &mut path, search) {
        // Every jump removes one frog, so every solution has the same length.
        Some(true) => Outcome::Solved {
            moves: path,
            optimal: true,
        },
        Some(false) => Outcome::Unsolvable,
        None => search.out_of_budget(None),
    }
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
    cancel: Option<&std::sync::atomic::AtomicBool>,
) -> Option<u64> {
    let mut solver = Solver::new(h);
    let mut memo = FastMap::default();
    let bound = Bound { most, cancel };
    solver.count(h.green, h.red.unwrap_or(NO_RED), cap, &bound, &mut memo)
}

/// What stops a count: a full table or a raised flag.
struct Bound<'a> {
    most: usize,
    cancel: Option<&'a std::sync::atomic::AtomicBool>,
}

/// `random_win_chance` for boards too big to count every position: the
/// share of `games` random games (each jump picked at random among those
/// open, as the chance is defined) that win, from a fixed seed. None when
/// `cancel` is raised first.
pub fn random_win_estimate(
    h: &Hop,
    games: u32,
    seed: u64,
    cancel: Option<&std::sync::atomic::AtomicBool>,
) -> Option<f64> {
    let solver = Solver::new(h);
    let mut rng = crate::levels::rng::SplitMix64::new(seed);
    let mut open = Vec::with_capacity(solver.jumps.len());
    let mut won = 0u32;
    for game in 0..games {
        if game.is_multiple_of(1024)
            && cancel.is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
        {
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
    dead: FastSet<(u64, u8)>,
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

    fn canonical(&self, green: u64, red: u8) -> (u64, u8) {
        let mut best = (green, red);
        for (tables, perm) in &self.symmetries {
            let mut g = 0u64;
            for (b, t) in tables.iter().enumerate() {
                g |= t[(green >> (8 * b)) as usize & 0xFF];
            }
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

    /// Some(true) when solved (the moves are in `path`), Some(false) when the
    /// position is lost, None when the budget ran out.
    fn dfs(
        &mut self,
        green: u64,
        red: u8,
        path: &mut Vec<HopMove>,
        search: &mut Search<'_, HopMove>,
    ) -> Option<bool> {
        if self.is_goal(green, red) {
            return Some(true);
        }
        let key = self.canonical(green, red);
        if self.dead.contains(&key) {
            return Some(false);
        }
        let depth = path.len() as u32;
        if !search.node(depth) || !search.memory(self.dead.len() * 24) {
            return None;
        }
        for i in 0..self.jumps.len() {
            let Some((next_green, next_red)) = Solver::after(&self.jumps[i], green, red) else {
                continue;
            };
            let mv = self.jumps[i].mv;
            path.push(mv);
            search.tried(mv, depth + 1);
            match self.dfs(next_green, next_red, path, search) {
                Some(true) => return Some(true),
                Some(false) => {}
                None => return None,
            }
            path.pop();
            search.taken_back(mv, depth + 1);
        }
        self.dead.insert(key);
        Some(false)
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
                && bound
                    .cancel
                    .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed)))
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
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::rules::hop::Shape;
    use crate::solve::{Budget, replay};
    use std::collections::HashMap;

    fn pond(green: u64, red: Option<u8>) -> Hop {
        Hop {
            board: Board::pond(),
            green,
            red,
            finish: None,
        }
    }

    /// Plain search over the rules (memoised on exact positions, no
    /// symmetry, no parity): can the goal be reached?
    fn reachable(h: &mut Hop, memo: &mut HashMap<(u64, Option<u8>), bool>) -> bool {
        if h.is_goal() {
            return true;
        }
        if let Some(&known) = memo.get(&(h.green, h.red)) {
            return known;
        }
        let mut moves = Vec::new();
        h.legal_moves(&mut moves);
        let mut ok = false;
        for mv in moves {
            let u = h.apply(mv).unwrap();
            ok = reachable(h, memo);
            h.undo(&u);
            if ok {
                break;
            }
        }
        memo.insert((h.green, h.red), ok);
        ok
    }

    #[test]
    fn agrees_with_plain_search_on_every_pond_position_with_a_red_frog() {
        let mut solved = 0;
        let mut memo = HashMap::new();
        for red in 0..13u8 {
            for bits in 0..(1u64 << 13) {
                if bits >> red & 1 == 1 {
                    continue;
                }
                let mut h = pond(bits, Some(red));
                let mut search = Search::new(Budget::unlimited());
                let outcome = solve(&h, &mut search);
                let truth = reachable(&mut h, &mut memo);
                match outcome {
                    Outcome::Solved { moves, .. } => {
                        assert!(truth);
                        replay(&h, &moves).unwrap();
                        assert_eq!(moves.len() as u32, h.frogs() - 1);
                        solved += 1;
                    }
                    Outcome::Unsolvable => assert!(!truth, "{bits:b} red {red}"),
                    other => panic!("{other:?}"),
                }
            }
        }
        assert!(solved > 13);
    }

    #[test]
    fn the_table_of_every_pond_position_agrees_with_the_solver() {
        let board = Board::pond();
        let table = classify_red_positions(&board);
        let mut memo = HashMap::new();
        let mut winnable = 0;
        for red in 0..13u8 {
            for green in 0..(1u64 << 13) {
                if green >> red & 1 == 1 {
                    continue;
                }
                let mut h = pond(green, Some(red));
                let won = table[(red as usize) << 13 | green as usize];
                assert_eq!(won, reachable(&mut h, &mut memo), "{green:b} red {red}");
                winnable += won as u32;
            }
        }
        assert!(winnable > 13);
    }

    #[test]
    fn a_capped_count_stops_at_its_cap_and_a_bounded_one_says_when_it_cannot() {
        let (green, red) = (0b1_1011_0110_1010u64 & !(1 << 6), 6u8);
        let h = pond(green, Some(red));
        let all = count_solutions(&h, u64::MAX);
        assert!(all > 2, "{all}");
        assert_eq!(count_solutions(&h, 2), 2);
        assert_eq!(
            count_solutions_within(&h, u64::MAX, usize::MAX, None),
            Some(all)
        );
        assert_eq!(count_solutions_within(&h, u64::MAX, 1, None), None);
    }

    #[test]
    fn random_games_estimate_the_chance_that_random_jumps_win() {
        // Positions of the pond with chances from about 1 in 30 to 1.
        let mut checked = 0;
        for seed in 0..400u64 {
            let mut rng = crate::levels::rng::SplitMix64::new(seed);
            let red = rng.below(13) as u8;
            let green = rng.next_u64() & 0x1FFF & !(1 << red);
            let h = pond(green, Some(red));
            let exact = random_win_chance(&h);
            if exact == 0.0 {
                continue;
            }
            let games = 20_000;
            let estimate = random_win_estimate(&h, games, seed, None).unwrap();
            // Four standard errors of the share of wins.
            let error = 4.0 * (exact * (1.0 - exact) / f64::from(games)).sqrt() + 1e-9;
            assert!(
                (estimate - exact).abs() <= error,
                "{green:b} red {red}: {estimate} against {exact}"
            );
            checked += 1;
        }
        assert!(checked >= 20, "{checked}");
        // A lost position never wins; a raised cancel stops at once.
        let lost = pond(1 | 1 << 12, None);
        assert_eq!(random_win_chance(&lost), 0.0);
        assert_eq!(random_win_estimate(&lost, 100, 1, None), Some(0.0));
        let stop = std::sync::atomic::AtomicBool::new(true);
        assert_eq!(random_win_estimate(&lost, 100, 1, Some(&stop)), None);
    }

    #[test]
    fn counts_agree_with_enumeration() {
        fn all(h: &mut Hop) -> u64 {
            if h.is_goal() {
                return 1;
            }
            let mut moves = Vec::new();
            h.legal_moves(&mut moves);
            moves
                .into_iter()
                .map(|mv| {
                    let u = h.apply(mv).unwrap();
                    let n = all(h);
                    h.undo(&u);
                    n
                })
                .sum()
        }
        for (green, red) in [(0b1_1011_0110_1010u64, 6u8), (0b0_0110_1001_0110, 12)] {
            let green = green & !(1 << red);
            let mut h = pond(green, Some(red));
            assert_eq!(count_solutions(&h, u64::MAX), all(&mut h));
        }
    }

    fn square(rows: &[&str]) -> Board {
        let present: Vec<Vec<bool>> = rows
            .iter()
            .map(|r| r.chars().map(|c| c != '.').collect())
            .collect();
        Board::new(Shape::Square, &present)
    }

    fn cross(board: Board, rows: &[&str], finish: Option<(u8, u8)>) -> Hop {
        let mut green = 0;
        let mut i = 0;
        for r in rows {
            for c in r.chars() {
                if c != '.' {
                    if c == 'g' {
                        green |= 1u64 << i;
                    }
                    i += 1;
                }
            }
        }
        let finish = finish.and_then(|(r, c)| board.pad_at(r, c));
        Hop {
            board,
            green,
            red: None,
            finish,
        }
    }

    const ENGLISH: [&str; 7] = [
        "..ggg..", "..ggg..", "ggggggg", "gggoggg", "ggggggg", "..ggg..", "..ggg..",
    ];

    #[test]
    fn english_central_game_is_solved() {
        let h = cross(square(&ENGLISH), &ENGLISH, Some((3, 3)));
        let mut search = Search::new(Budget::unlimited());
        let outcome = solve(&h, &mut search);
        let moves = outcome.moves().expect("solved");
        assert_eq!(moves.len(), 31);
        replay(&h, moves).unwrap();
    }

    #[test]
    fn european_centre_start_is_proven_hopeless() {
        let rows = [
            "..ggg..", ".ggggg.", "ggggggg", "gggoggg", "ggggggg", ".ggggg.", "..ggg..",
        ];
        let h = cross(square(&rows), &rows, None);
        assert!(!classes_allow_goal(&h));
        let mut search = Search::new(Budget::unlimited());
        assert_eq!(solve(&h, &mut search), Outcome::Unsolvable);
    }

    #[test]
    fn out_of_budget_is_reported() {
        let rows = [
            "..ggg..", ".ggggg.", "ggggggg", "ggggggg", "gggoggg", ".ggggg.", "..ggg..",
        ];
        let h = cross(square(&rows), &rows, None);
        let mut search = Search::new(Budget::nodes(10_000));
        let outcome = solve(&h, &mut search);
        assert!(
            matches!(outcome, Outcome::OutOfBudget { .. }),
            "{outcome:?}"
        );
    }
}
