//! The Hop solver's tests: against plain search on every pond position, its
//! counts against enumeration, and the random games' estimate.

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
/// symmetry, no parity): can the goal be reached? (The lost table's tests
/// ask it too.)
pub(crate) fn reachable<S: std::hash::BuildHasher>(
    h: &mut Hop,
    memo: &mut HashMap<(u64, Option<u8>), bool, S>,
) -> bool {
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

/// The move map's searches keep the positions they proved lost for the
/// next search of the level: a lost pond position that takes a search to
/// prove is proven again at once, within a budget of one position.
#[test]
fn the_move_maps_searches_keep_what_they_proved_lost() {
    let within = |h: &Hop, nodes: u64, remembering: bool| {
        let mut search = Search::new(Budget::nodes(nodes));
        if remembering {
            solve_remembering(h, &mut search)
        } else {
            solve(h, &mut search)
        }
    };
    // Lost, but not at a glance: no answer within one position.
    let h = (0..(1u64 << 13))
        .filter(|bits| bits & 1 == 0 && bits.count_ones() >= 5)
        .map(|bits| pond(bits, Some(0)))
        .find(|h| {
            matches!(within(h, u64::MAX, false), Outcome::Unsolvable)
                && !matches!(within(h, 1, false), Outcome::Unsolvable)
        })
        .expect("a lost position that takes a search");
    // (Another test's search of another level may take the kept set in
    // between: a few tries.)
    let kept = (0..5).any(|_| {
        assert_eq!(within(&h, u64::MAX, true), Outcome::Unsolvable);
        matches!(within(&h, 1, true), Outcome::Unsolvable)
    });
    assert!(kept, "the second search proved it again from scratch");
}

/// A short search between the move map's beams stops at its count of
/// positions, in the search it counts in, and leaves that search going:
/// from the European start (far from decided in a thousand positions),
/// and the same search then runs on to an answer on a small board.
#[test]
fn a_short_search_stops_at_its_count_and_leaves_the_search_going() {
    let h = super::ends::tests::level("European");
    let mut solver = Solver::new(&h);
    solver.weights = Some(Weights::of(&h.board));
    let mut search = Search::new(Budget::unlimited());
    solver.probe_end = 1_000;
    assert_eq!(
        solver.dfs(h.green, NO_RED, &mut Vec::new(), &mut search),
        None
    );
    assert_eq!(search.nodes, 1_000);
    assert_eq!(search.stopped(), None);
    let small = super::ends::tests::level("Triangle");
    let mut solver = Solver::new(&small);
    solver.weights = Some(Weights::of(&small.board));
    let mut path = Vec::new();
    let answer = solver.dfs(small.green, NO_RED, &mut path, &mut search);
    assert_eq!(answer, Some(true));
    replay(&small, &path).expect("a win");
}
