//! The Escape solver's tests: against enumeration of every order, the flat
//! table against a hash set, one-word and four-word cell sets alike, a board
//! whose parts disagree, and a game solved from its middle.

use super::*;
use crate::rules::Rules;
use crate::rules::escape::Animal;
use crate::solve::{Budget, replay};

/// Every order, tried one by one.
fn all_orders(e: &mut Escape) -> u64 {
    if e.is_goal() {
        return 1;
    }
    let mut moves = Vec::new();
    e.legal_moves(&mut moves);
    let mut n = 0;
    for mv in moves {
        let u = e.apply(mv).unwrap();
        n += all_orders(e);
        e.undo(&u);
    }
    n
}

#[test]
fn agrees_with_enumeration_on_3x3_deals_of_3_types_and_3_colours() {
    // Every arrangement of the nine animals.
    let base: Vec<Animal> = (0..9)
        .map(|i| Animal {
            kind: (i / 3) as u8,
            colour: (i % 3) as u8,
        })
        .collect();
    let mut perm: Vec<usize> = (0..9).collect();
    let mut checked = 0;
    let mut unsolvable = 0;
    loop {
        {
            let animals = perm.iter().map(|&i| base[i]).collect();
            let mut e = Escape::new(3, 3, animals);
            let truth = all_orders(&mut e);
            assert_eq!(count_solutions(&e, u64::MAX), Some(truth));
            let mut search = Search::new(Budget::unlimited());
            match solve(&e, &mut search) {
                Outcome::Solved { moves, .. } => {
                    assert!(truth > 0);
                    replay(&e, &moves).unwrap();
                }
                Outcome::Unsolvable => {
                    assert_eq!(truth, 0);
                    unsolvable += 1;
                }
                other => panic!("{other:?}"),
            }
            checked += 1;
        }
        if !next_permutation(&mut perm) {
            break;
        }
    }
    assert_eq!(checked, 362_880);
    assert!(unsolvable > 0);
}

fn next_permutation(p: &mut [usize]) -> bool {
    let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
        return false;
    };
    let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).unwrap_or(i);
    p.swap(i - 1, j);
    p[i..].reverse();
    true
}

#[test]
fn the_flat_table_agrees_with_the_hash_set_on_random_deals() {
    let mut rng = crate::levels::rng::SplitMix64::new(77);
    let mut solvable = 0;
    for i in 0..3000 {
        let (rows, cols) = [(4, 4), (3, 5), (2, 6), (4, 3)][i % 4];
        let types = 2 + (i % 3) as u8;
        let animals = (0..rows * cols)
            .map(|_| Animal {
                kind: (rng.next_u64() % types as u64) as u8,
                colour: (rng.next_u64() % types as u64) as u8,
            })
            .collect();
        let mut e = Escape::new(rows, cols, animals);
        // Some from the middle of a game, after a legal first move.
        let mut first = Vec::new();
        e.legal_moves(&mut first);
        if i % 3 == 0
            && let Some(&mv) = first.first()
        {
            e.apply(mv).unwrap();
        }
        let dense = solve_with(&e, &mut Search::new(Budget::unlimited()), true);
        let sparse = solve_with(&e, &mut Search::new(Budget::unlimited()), false);
        assert_eq!(dense, sparse, "deal {i}");
        if let Outcome::Solved { moves, .. } = &dense {
            replay(&e, moves).unwrap();
            solvable += 1;
        }
    }
    assert!(solvable > 100 && solvable < 3000, "{solvable}");
}

#[test]
fn one_word_and_four_word_cell_sets_agree() {
    // Boards of up to 64 cells solved with cell sets of one word and of
    // four, and boards past 64 cells with the flat table and the hash set.
    let mut rng = crate::levels::rng::SplitMix64::new(91);
    let (mut solvable, mut out_of_budget) = ([0, 0], 0);
    for i in 0..600 {
        let big = i % 2 == 1;
        let (rows, cols) = if big {
            [(5, 13), (6, 11), (8, 9), (16, 15)][i / 2 % 4]
        } else {
            [(4, 4), (8, 8), (3, 7)][i / 2 % 3]
        };
        let types = 2 + (i % 5) as u8;
        let animals = (0..rows as usize * cols as usize)
            .map(|_| Animal {
                kind: (rng.next_u64() % types as u64) as u8,
                colour: (rng.next_u64() % types as u64) as u8,
            })
            .collect();
        let e = Escape::new(rows, cols, animals);
        // Both ways search in the same order: the same outcome, even
        // when the node budget runs out first.
        let run = |f: fn(&Escape, &mut Search<'_, EscapeMove>, bool) -> Outcome<EscapeMove>,
                   dense| f(&e, &mut Search::new(Budget::nodes(20_000)), dense);
        let (a, b) = if big {
            (run(solve_in::<4>, true), run(solve_in::<4>, false))
        } else {
            (run(solve_in::<1>, true), run(solve_in::<4>, true))
        };
        assert_eq!(a, b, "deal {i}");
        match &a {
            Outcome::Solved { moves, .. } => {
                replay(&e, moves).unwrap();
                solvable[big as usize] += 1;
            }
            Outcome::OutOfBudget { .. } => out_of_budget += 1,
            _ => {}
        }
    }
    assert!(solvable.iter().all(|&n| n > 20 && n < 300), "{solvable:?}");
    assert!(out_of_budget < 300, "{out_of_budget}");
}

#[test]
fn a_board_whose_parts_disagree_is_not_searched() {
    let animal = Animal { kind: 0, colour: 0 };
    let short = Escape::new(2, 2, vec![animal; 3]);
    let mut rows = Escape::new(2, 2, vec![animal; 4]);
    rows.left = vec![2, 2, 2];
    let mut over = Escape::new(2, 2, vec![animal; 4]);
    over.left = vec![3, 2];
    for e in [short, rows, over] {
        let outcome = solve(&e, &mut Search::new(Budget::unlimited()));
        assert!(
            matches!(outcome, Outcome::OutOfBudget { .. }),
            "{outcome:?}"
        );
        assert_eq!(count_solutions(&e, 10), Some(0));
    }
}

#[test]
fn solves_from_the_middle_of_a_game() {
    let animals = (0..16)
        .map(|i| Animal {
            kind: (i % 4) as u8,
            colour: ((i / 4 + i % 4) % 4) as u8,
        })
        .collect();
    let mut e = Escape::new(4, 4, animals);
    e.apply(EscapeMove { row: 2 }).unwrap();
    // The deal can still be won after that first move: an independent
    // count of the ways out says so.
    assert!(count_solutions(&e, 1 << 20).is_some_and(|n| n > 0));
    let mut search = Search::new(Budget::unlimited());
    match solve(&e, &mut search) {
        Outcome::Solved { moves, .. } => {
            assert_eq!(moves.len(), 15);
            replay(&e, &moves).unwrap();
        }
        other => panic!("{other:?}"),
    }
}
