//! The pagoda functions' tests: each is one, the packed look-up says what
//! the functions say, no position that can be won is called lost, and the
//! beam's lines win.

use super::*;
use crate::rules::Rules;
use crate::solve::{Budget, replay};

// A shipped level's start, and whether a position wins by the rules alone:
// the ends table's tests' own.
use super::super::ends::tests::{level, wins};

/// Positions of random games from `h`, each game cut short after a random
/// number of jumps under `jumps`, kept where they have more than `floor`
/// frogs.
fn random_positions(h: &Hop, games: usize, jumps: u32, floor: u32, seed: u64) -> Vec<u64> {
    let mut rng = crate::levels::rng::SplitMix64::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = h.clone();
        let stop = rng.below(u64::from(jumps));
        for _ in 0..stop {
            let mut moves = Vec::new();
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            p.apply(moves[rng.below(moves.len() as u64) as usize])
                .expect("a legal jump");
        }
        if p.frogs() > floor {
            out.push(p.green);
        }
    }
    out
}

/// The functions found on the biggest peg board (and the small triangle
/// with no ends table) are pagoda functions: no jump of the board raises
/// the total (and the check sees a weight raised past what a jump into it
/// allows).
#[test]
fn the_functions_found_are_pagoda_functions() {
    for name in ["European", "Triangle"] {
        let h = level(name);
        let table = (name != "Triangle").then(|| {
            make_ends(&h, None);
            ends_made(&h).expect("the ends")
        });
        let pagodas = Pagodas::find(&h, &end_pads(&h), table, None);
        assert!(
            pagodas.functions.len() >= 8,
            "{name}: {}",
            pagodas.functions.len()
        );
        for (end, w) in &pagodas.functions {
            assert!(is_pagoda(&h.board, w), "{name} for {end}: {w:?}");
            assert!(w[*end as usize] > 0, "{name}: {w:?}");
            let l = h.board.lines[0];
            let mut raised = w.clone();
            raised[l.to as usize] = w[l.from as usize] + w[l.over as usize] + 1;
            assert!(!is_pagoda(&h.board, &raised), "{name}: {raised:?}");
        }
    }
}

/// Four functions to a word say what each says on its own, on positions
/// of random European games.
#[test]
fn the_packed_look_up_says_what_the_functions_say() {
    let h = level("European");
    make_ends(&h, None);
    let ends = end_pads(&h);
    let pagodas = Pagodas::find(&h, &ends, ends_made(&h), None);
    let mut lost = 0;
    for green in random_positions(&h, 3_000, h.frogs(), pagodas.floor, 5) {
        let each = ends.iter().all(|&e| {
            pagodas
                .functions
                .iter()
                .any(|(end, w)| *end == e && proves(w, green, e))
        });
        assert_eq!(pagodas.lost(green), each, "{green:b}");
        lost += u32::from(each);
    }
    assert!(lost > 100, "only {lost} positions called lost");
}

/// No position that can be won is called lost: every position of the
/// 15-pad triangle of the start's class (an end anywhere), against the
/// rules; and on the European board, every winnable position of its ends
/// table of the start's class, and positions of 11 to 16 frogs of random
/// games against a search without the functions.
#[test]
fn no_winnable_position_is_called_lost() {
    let triangle = level("Triangle");
    let ends = end_pads(&triangle);
    let pagodas = Pagodas::find(&triangle, &ends, None, None);
    let mut memo = FastMap::default();
    let (mut lost, mut winnable) = (0, 0);
    for green in 1..=triangle.board.all_pads() {
        let mut p = Hop {
            green,
            ..triangle.clone()
        };
        if end_pads(&p) != ends {
            continue;
        }
        let wins = wins(&mut p, &mut memo);
        if pagodas.lost(green) {
            assert!(!wins, "{green:b} wins");
            lost += 1;
        }
        winnable += u32::from(wins);
    }
    assert!(lost > 100 && winnable > 100, "{lost} lost, {winnable} won");

    let h = level("European");
    make_ends(&h, None);
    let table = ends_made(&h).expect("the ends");
    let ends = end_pads(&h);
    let found = Pagodas::find(&h, &ends, Some(table.clone()), None);
    let mut functions = vec![Vec::new(); ends.len()];
    for (end, w) in &found.functions {
        let e = ends.iter().position(|p| p == end).expect("an end pad");
        functions[e].push(w.clone());
    }
    // The same functions, asked of every frog count.
    let all = Pagodas::of(h.board.pads.len(), &ends, &functions, 0);
    let mut asked = 0;
    for layer in &table.layers {
        for &green in layer {
            if end_pads(&Hop { green, ..h.clone() }) == ends {
                assert!(!all.lost(green), "{green:b} is in the ends table");
                asked += 1;
            }
        }
    }
    assert!(asked > 100_000, "{asked} positions of the table");
    let mut lost = 0;
    for green in random_positions(&h, 400, h.frogs(), table.most(), 11) {
        if green.count_ones() > 16 || !found.lost(green) {
            continue;
        }
        let mut solver = Solver::new(&Hop { green, ..h.clone() });
        solver.ends = Some(table.clone());
        let mut search = Search::new(Budget::unlimited());
        let answer = solver.dfs(green, NO_RED, &mut Vec::new(), &mut search);
        assert_eq!(answer, Some(false), "{green:b}");
        lost += 1;
    }
    assert!(lost > 10, "{lost} positions called lost");
}

/// Every line the beam finds replays to a win, one jump a frog but one, on
/// positions of random European games.
#[test]
fn the_beams_lines_win() {
    let h = level("European");
    make_ends(&h, None);
    make_pagodas(&h, None);
    let mut found = 0;
    for green in random_positions(&h, 40, 12, 1, 3) {
        let p = Hop { green, ..h.clone() };
        let mut solver = Solver::new(&p);
        solver.weights = Some(Weights::of(&p.board));
        solver.ends = ends_made(&p);
        solver.pagodas = pagodas_made(&p);
        let mut search = Search::new(Budget::unlimited());
        if let Some(line) = solver.beam_line(green, &[16, 128, 1024], &mut search) {
            replay(&p, &line).unwrap_or_else(|e| panic!("{green:b}: {e}"));
            assert_eq!(line.len() as u32, p.frogs() - 1);
            found += 1;
        }
    }
    assert!(found >= 20, "{found} lines");
}
