//! What the move map's searches keep for the next: the sets cut down as
//! they say, and searches that start from what earlier ones learnt answer
//! as the rules do.

use super::super::ends::tests::level;
use super::super::tests::reachable;
use super::*;
use crate::rules::Rules;
use crate::solve::{Budget, replay};

/// A set of positions of every count from 1 to 12 frogs, `n` of `n` frogs.
fn by_counts() -> Known {
    let mut set = Known::default();
    for n in 1..=12u32 {
        for i in 0..u64::from(n) {
            // `n` frogs: the low `n - 1` bits and one more above them.
            set.insert((((1u64 << (n - 1)) - 1) | (1u64 << (20 + i)), NO_RED));
        }
    }
    set
}

/// A set past its most keeps the counts nearest the position's that fit,
/// whole: from the top down, or from the bottom up; one that fits is kept
/// as it is, counts above the position's too.
#[test]
fn a_set_past_its_most_keeps_the_counts_that_fit_nearest_its_end() {
    let all = by_counts();
    assert_eq!(all.len(), 78);
    let counts = |set: &Known| {
        let mut c: Vec<u32> = set.iter().map(frogs_of).collect();
        c.sort_unstable();
        c.dedup();
        c
    };
    assert_eq!(trimmed(all.clone(), 5, 78, false).len(), 78);
    // Above 10 frogs: gone; 10 + 9 + 8 fit in 30, 7 more do not.
    let top = trimmed(all.clone(), 10, 30, false);
    assert_eq!(counts(&top), vec![8, 9, 10]);
    assert_eq!(top.len(), 27);
    // From the bottom: 1 + 2 + ... + 7 = 28 fit in 30, 8 more do not.
    let bottom = trimmed(all.clone(), 10, 30, true);
    assert_eq!(counts(&bottom), (1..=7).collect::<Vec<u32>>());
    assert_eq!(bottom.len(), 28);
    // Not even the position's own count fits: nothing is kept.
    assert!(trimmed(all, 12, 11, false).is_empty());
}

/// Each move of each position of random games from `start` searched from
/// what the searches before it learnt: every answer is the rules' own,
/// every win replays, and a position once decided is decided again within
/// one position's budget. What they learnt, with the wins and losses.
fn learn_along_games(start: &Hop, games: u64) -> (Learnt, u32, u32) {
    let mut learnt = Learnt::default();
    let mut memo = FastMap::default();
    let (mut won, mut lost) = (0, 0);
    for seed in 0..games {
        let mut rng = crate::levels::rng::SplitMix64::new(seed);
        let mut h = start.clone();
        loop {
            let mut moves = Vec::new();
            h.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            for &mv in &moves {
                let mut after = h.clone();
                after.apply(mv).expect("a legal jump");
                let right = reachable(&mut after.clone(), &mut memo);
                let said =
                    |o: &Outcome<HopMove>| format!("{:b} {:?}: {o:?}", after.green, after.red);
                let mut search = Search::new(Budget::unlimited());
                let (outcome, found) = solve_knowing(&after, &mut search, learnt, true);
                learnt = found;
                assert_eq!(outcome.moves().is_some(), right, "{}", said(&outcome));
                if let Some(line) = outcome.moves() {
                    replay(&after, line).unwrap_or_else(|e| panic!("{}: {e}", said(&outcome)));
                }
                won += u32::from(right);
                lost += u32::from(!right);
                let mut one = Search::new(Budget::nodes(1));
                let (again, found) = solve_knowing(&after, &mut one, learnt, true);
                learnt = found;
                // The board's tables are the process's, one board at a
                // time: a test beside this one may have made another's
                // meanwhile, and a position the first search decided by
                // them is then not decided in one position (it failed so
                // under the whole suite, and never alone).
                // (The pond, with its red frog, has no tables: there the
                // learnt positions alone must answer.)
                let peg_board = after.red.is_none();
                let tables_kept = ends_made(&after).is_some() && pagodas_made(&after).is_some();
                if matches!(again, Outcome::OutOfBudget { .. }) && peg_board && !tables_kept {
                    continue;
                }
                assert_eq!(again.moves().is_some(), right, "again {}", said(&again));
                if let Some(line) = again.moves() {
                    replay(&after, line).unwrap_or_else(|e| panic!("{}: {e}", said(&again)));
                }
            }
            let mv = moves[rng.below(moves.len() as u64) as usize];
            h.apply(mv).expect("a legal jump");
        }
    }
    // Every position kept is what it is kept as, by the rules.
    for (set, right) in [(&learnt.won, true), (&learnt.lost, false)] {
        for &(green, red) in set {
            let red = (red != NO_RED).then_some(red);
            let mut p = Hop {
                green,
                red,
                ..start.clone()
            };
            assert_eq!(reachable(&mut p, &mut memo), right, "{green:b} {red:?}");
        }
    }
    (learnt, won, lost)
}

/// Peg boards the ends table does not cover whole (their positions of
/// many frogs are searched, the beams and tables beside), and the pond
/// with a red frog (no tables: the search alone keeps and finds the wins).
#[test]
fn searches_from_what_earlier_searches_learnt_answer_as_the_rules_do() {
    for name in ["Arrow", "Fireplace"] {
        let start = level(name);
        make_ends(&start, None);
        make_pagodas(&start, None);
        let (_, won, lost) = learn_along_games(&start, 4);
        assert!(won > 5 && lost > 20, "{name}: {won} won, {lost} lost");
    }
    // The first full pond but one pad, with a red frog, that can be won.
    let all = Board::pond().all_pads();
    let pond = (0..13u8)
        .flat_map(|hole| (0..13u8).map(move |red| (hole, red)))
        .filter(|(hole, red)| hole != red)
        .map(|(hole, red)| Hop {
            board: Board::pond(),
            green: all & !(1u64 << hole) & !(1u64 << red),
            red: Some(red),
            finish: None,
        })
        .find(|h| reachable(&mut h.clone(), &mut FastMap::default()))
        .expect("a pond that can be won");
    let (learnt, won, lost) = learn_along_games(&pond, 6);
    assert!(won > 10 && lost > 10, "pond: {won} won, {lost} lost");
    assert!(learnt.won.len() > 10 && learnt.lost.len() > 10, "pond");
}
