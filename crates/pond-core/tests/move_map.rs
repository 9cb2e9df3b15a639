//! The move map against independent searches: on small boards every move's
//! mark equals what plain breadth-first search and a plain enumeration of
//! every line find from the position after it; on random levels of every
//! puzzle, the position's own mark agrees with its moves'.

use pond_core::levels::{SHIPPED, parse_pack};
use pond_core::rules::escape::{Animal, Escape};
use pond_core::rules::flood::Flood;
use pond_core::rules::hop::{Board, Hop, Shape};
use pond_core::rules::swap::{Cell, Swap};
use pond_core::rules::{Puzzle, Rules};
use pond_core::solve::moves::{
    Left, MoveMap, MoveMark, WAYS_CAP, Ways, mirror_of_earlier, move_map, position_left,
    positions_after, winnable_map, winnable_of,
};
use pond_core::solve::{self, Budget, Outcome, brute_force_shortest};
use proptest::prelude::*;

/// Every line of moves from `r` that wins, counted one by one up to `cap`.
fn enumerate_wins<R: Rules>(r: &mut R, cap: u64) -> u64 {
    if r.is_goal() {
        return 1;
    }
    let mut moves = Vec::new();
    r.legal_moves(&mut moves);
    let mut n = 0;
    for mv in moves {
        let undo = r.apply(mv).expect("a legal move");
        n += enumerate_wins(r, cap - n);
        r.undo(&undo);
        if n >= cap {
            break;
        }
    }
    n
}

/// What plain breadth-first search says is left after each legal move, and
/// (where the puzzle counts them) the ways by enumeration.
fn independent<R: Rules + Eq + std::hash::Hash>(start: &R, ways: bool) -> Vec<(R::Move, Left)> {
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut after = start.clone();
            after.apply(mv).expect("a legal move");
            let shortest = brute_force_shortest(&after);
            let left = Left {
                winnable: Some(shortest.is_some()),
                shortest: shortest.map(|s| s as u32),
                ways: (ways && shortest.is_some())
                    .then(|| Ways::capped(enumerate_wins(&mut after, WAYS_CAP))),
            };
            (mv, left)
        })
        .collect()
}

fn assert_agrees<R: Rules + Eq + std::hash::Hash>(
    start: &R,
    puzzle: &Puzzle,
    ways: bool,
    what: &str,
) {
    let map = move_map(puzzle, &Budget::unlimited());
    if start.is_goal() {
        // Won at its start: nothing is left to play, so no move is marked.
        assert!(map.won && map.moves.is_empty(), "{what}: won");
        assert_eq!(map.left, Left::won(ways), "{what}: won");
        return;
    }
    let truth = independent(start, ways);
    assert_eq!(map.moves.len(), truth.len(), "{what}: legal moves");
    for (mark, (mv, left)) in map.moves.iter().zip(truth) {
        assert_eq!(
            mark.mv.to_string(),
            R::move_text(mv),
            "{what}: the same order"
        );
        assert_eq!(mark.left, left, "{what}: move {}", mark.mv);
    }
    position_agrees(puzzle, &map, what);
}

/// The position's own mark: winnable exactly when a move is; the least
/// `shortest` after a move, plus one, is the position's shortest solution;
/// the winning move with the least `shortest` wins in that many moves.
fn position_agrees(puzzle: &Puzzle, map: &MoveMap, what: &str) {
    // The colours alone, decided apart, are the map's.
    let colours = winnable_map(puzzle, &Budget::unlimited());
    let marks: Vec<_> = map.moves.iter().map(|m| (m.mv, m.left.winnable)).collect();
    assert_eq!(colours, marks, "{what}: the colours alone");
    let any = map.moves.iter().any(|m| m.left.winnable == Some(true));
    assert_eq!(map.left.winnable, Some(any || map.won), "{what}: winnable");
    let report = solve::solve(puzzle, Budget::unlimited(), None, false);
    match &report.outcome {
        Outcome::Solved { moves, .. }
            if puzzle.moves_left().is_none_or(|l| moves.len() as i64 <= l) =>
        {
            assert_eq!(map.left.winnable, Some(true), "{what}: the solver wins");
            assert_eq!(
                map.left.shortest,
                Some(moves.len() as u32),
                "{what}: shortest"
            );
            let best = map
                .moves
                .iter()
                .filter(|m| m.left.winnable == Some(true))
                .min_by_key(|m| m.left.shortest);
            if let Some(best) = best {
                let mut p = puzzle.clone();
                p.apply(best.mv).expect("legal");
                let rest = solve::solve(&p, Budget::unlimited(), None, false);
                let rest = rest.outcome.moves().expect("winnable").len();
                assert_eq!(rest + 1, moves.len(), "{what}: following the best move");
            }
        }
        _ => assert_eq!(map.left.winnable, Some(map.won), "{what}: lost"),
    }
}

/// Every row of frogs and pads up to 7 cells, with and without jumps over
/// one's own kind.
#[test]
fn every_swap_row_up_to_7_cells() {
    let mut checked = 0;
    for len in 1..=7u32 {
        for code in 0..3u32.pow(len) {
            let cells: Vec<Cell> = (0..len)
                .map(|i| [Cell::Empty, Cell::L, Cell::R][(code / 3u32.pow(i) % 3) as usize])
                .collect();
            for jump_own in [false, true] {
                let s = Swap::new(cells.clone(), jump_own);
                let what = format!(
                    "{} jump_own {jump_own}",
                    pond_core::rules::swap::row_text(&cells)
                );
                assert_agrees(&s, &Puzzle::Swap(s.clone()), false, &what);
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 2 * (3 + 9 + 27 + 81 + 243 + 729 + 2187));
}

/// Every prison up to 3x3 with two kinds and two colours (deals that differ
/// only by the names of the kinds or colours once: the first animal is a
/// kind 0 of colour 0).
#[test]
fn every_escape_prison_up_to_3x3_of_2_kinds_and_2_colours() {
    let mut checked = 0;
    for rows in 1..=3u8 {
        for cols in 1..=3u8 {
            let n = rows as u32 * cols as u32;
            for code in 0..4u32.pow(n - 1) {
                let animals: Vec<Animal> = (0..n)
                    .map(|i| {
                        let a = if i == 0 {
                            0
                        } else {
                            code / 4u32.pow(i - 1) % 4
                        };
                        Animal {
                            kind: (a / 2) as u8,
                            colour: (a % 2) as u8,
                        }
                    })
                    .collect();
                let e = Escape::new(rows, cols, animals);
                assert_agrees(&e, &Puzzle::Escape(e.clone()), true, &format!("{e:?}"));
                checked += 1;
            }
        }
    }
    // Every rows x cols shape with its first animal fixed.
    let shapes: u32 = [1, 2, 3, 2, 4, 6, 3, 6, 9]
        .iter()
        .map(|n| 4u32.pow(n - 1))
        .sum();
    assert_eq!(checked, shapes);
}

/// The shipped Hop pack's ponds, from their starts and a jump in.
#[test]
fn the_shipped_ponds() {
    let (file, text) = SHIPPED[1];
    let pack = parse_pack(file, text).expect("the shipped pack");
    for (i, level) in pack.levels.iter().enumerate().step_by(3) {
        let Puzzle::Hop(h) = &level.puzzle else {
            panic!("a Hop pack")
        };
        assert_agrees(h, &level.puzzle, true, &format!("hop level {}", i + 1));
        let mut moves = Vec::new();
        h.legal_moves(&mut moves);
        if let Some(&first) = moves.first() {
            let mut after = h.clone();
            after.apply(first).expect("legal");
            let what = format!("hop level {} after {}", i + 1, Hop::move_text(first));
            assert_agrees(&after, &Puzzle::Hop(after.clone()), true, &what);
        }
    }
}

/// Small Flood boards with a move limit: a move that wins only past the
/// limit is marked lost.
#[test]
fn flood_moves_within_the_limit() {
    let mut lost_by_limit = 0;
    for seed in 0..60u64 {
        let cells = pond_core::levels::rng::flood_cells(4, 4, 4, seed);
        let free = Flood::new(4, 4, 4, cells.clone(), None);
        let Some(shortest) = brute_force_shortest(&free) else {
            continue;
        };
        let tight = Flood::new(4, 4, 4, cells, Some(shortest as u32));
        let map = move_map(&Puzzle::Flood(tight.clone()), &Budget::unlimited());
        for mark in &map.moves {
            let mut after = tight.clone();
            after
                .apply(after.parse_move(&mark.mv.to_string()).expect("notation"))
                .expect("legal");
            let rest = brute_force_shortest(&after).expect("a flood is always won");
            let within = rest < shortest;
            assert_eq!(mark.left.winnable, Some(within), "seed {seed} {}", mark.mv);
            assert_eq!(mark.left.shortest, within.then_some(rest as u32));
            lost_by_limit += usize::from(!within);
        }
        position_agrees(&Puzzle::Flood(tight), &map, &format!("flood seed {seed}"));
    }
    assert!(lost_by_limit > 0, "some move should lose by the limit");
}

/// Flood boards on which the fast player's line is longer than the
/// shortest: with a move to spare over the shortest, every move keeps the
/// level winnable, decided for all of them at once (the exact search from
/// the position finds the line with a move to spare); with none to spare,
/// a move marked at once is one that begins a shortest line.
#[test]
fn flood_moves_are_all_winnable_with_a_move_to_spare() {
    use pond_core::solve::moves::winnable_after;
    let mut past_the_fast_player = 0;
    for seed in 0..40u64 {
        let cells = pond_core::levels::rng::flood_cells(14, 14, 6, seed);
        let free = Flood::new(14, 14, 6, cells.clone(), None);
        let report = solve::solve(
            &Puzzle::Flood(free.clone()),
            Budget::unlimited(),
            None,
            false,
        );
        let shortest = report.outcome.moves().expect("a flood is always won").len();
        if solve::flood::solve_fast(&free).len() <= shortest {
            continue;
        }
        past_the_fast_player += 1;
        for spare in [1, 0] {
            let level = Flood::new(14, 14, 6, cells.clone(), Some((shortest + spare) as u32));
            let p = Puzzle::Flood(level.clone());
            let moves = p.legal_moves();
            let said = winnable_after(&p, &moves, &Budget::unlimited());
            for (mv, w) in moves.iter().zip(&said) {
                let mut after = level.clone();
                after
                    .apply(after.parse_move(&mv.to_string()).expect("notation"))
                    .expect("legal");
                let mut rest = after.clone();
                rest.limit = None;
                let rest = solve::solve(&Puzzle::Flood(rest), Budget::unlimited(), None, false);
                let rest = rest.outcome.moves().expect("won").len();
                let wins = rest < shortest + spare;
                match spare {
                    1 => assert_eq!(*w, Some(true), "seed {seed} {mv}"),
                    _ => assert!(w.is_none() || *w == Some(wins), "seed {seed} {mv}"),
                }
            }
        }
    }
    assert!(
        past_the_fast_player > 0,
        "some board should beat the fast player"
    );
}

/// A won position and a stuck one have no moves to mark.
#[test]
fn won_and_stuck_positions() {
    let won = Puzzle::Swap(Swap::new(vec![Cell::Empty; 3], false));
    let map = move_map(&won, &Budget::unlimited());
    assert!(map.won && map.moves.is_empty());
    assert_eq!(map.left.shortest, Some(0));
    // Two frogs in opposite corners of the pond: no jump is open.
    let stuck = Puzzle::Hop(Hop {
        green: 1 | 1 << 12,
        red: None,
        finish: None,
        board: Board::pond(),
    });
    let map = move_map(&stuck, &Budget::unlimited());
    assert_eq!(map.left.winnable, Some(false));
}

/// A position's ways are past the cap as soon as the moves counted so far
/// are, whatever the moves not counted (the European start's line had no
/// ways at all: one of its three winning moves was not counted in time);
/// under the cap they are known only when every move is.
#[test]
fn a_positions_ways_past_the_cap_need_not_wait_for_every_move() {
    let p = Puzzle::Hop(Hop::english_central());
    let moves = p.legal_moves();
    let mark = |k: usize, ways: Option<Ways>| MoveMark {
        mv: moves[k],
        left: Left {
            winnable: Some(true),
            shortest: Some(30),
            ways,
        },
    };
    let ways = |marks: &[MoveMark]| position_left(&p, false, marks).ways;
    let half = WAYS_CAP / 2;
    let many = [mark(0, Some(Ways::Many)), mark(1, None)];
    assert_eq!(ways(&many), Some(Ways::Many));
    let two_halves = [
        mark(0, Some(Ways::Exactly(half))),
        mark(1, None),
        mark(2, Some(Ways::Exactly(half))),
    ];
    assert_eq!(ways(&two_halves), Some(Ways::Many));
    let short = [mark(0, Some(Ways::Exactly(3))), mark(1, None)];
    assert_eq!(
        ways(&short),
        None,
        "a move not counted could add any number"
    );
    let counted = [
        mark(0, Some(Ways::Exactly(3))),
        mark(1, Some(Ways::Exactly(4))),
    ];
    assert_eq!(ways(&counted), Some(Ways::Exactly(7)));
    // Every move counted exactly: the sum, past the cap too.
    let exact = [
        mark(0, Some(Ways::Exactly(half + 10))),
        mark(1, Some(Ways::Exactly(half + 20))),
    ];
    assert_eq!(ways(&exact), Some(Ways::Exactly(WAYS_CAP + 30)));
}

/// A move into the mirror image of an earlier move's position takes that
/// move's marks and no time of its own: on the European board, the two
/// jumps along the second row into its hole are each other's mirror
/// images, and the second is known as soon as the first is (it was "not
/// known" in the time before).
#[test]
fn mirror_images_share_their_marks() {
    let (file, text) = SHIPPED[2];
    let pack = parse_pack(file, text).expect("the shipped pegs");
    let level = pack
        .levels
        .iter()
        .find(|l| l.name == "European")
        .expect("the European board");
    let p = &level.puzzle;
    let legal = p.legal_moves();
    assert_eq!(legal.len(), 3);
    let mirror = mirror_of_earlier(&positions_after(p, &legal));
    assert_eq!(mirror, vec![None, Some(0), None], "{legal:?}");
    // (Whether the first is decided in the time depends on the machine's
    // load; its twin's marks are its marks either way.)
    let map = move_map(p, &Budget::time(std::time::Duration::from_secs(6)));
    assert_ne!(map.moves[0].left.winnable, Some(false));
    assert_eq!(map.moves[1].left, map.moves[0].left);
    // No position is the mirror of another that is not its turn or its
    // reflection: the start of the English game has four jumps, all alike.
    let english = Puzzle::Hop(Hop::english_central());
    let legal = english.legal_moves();
    let mirror = mirror_of_earlier(&positions_after(&english, &legal));
    assert_eq!(mirror, vec![None, Some(0), Some(0), Some(0)]);
    // And a position with no symmetry has no twins.
    let h = Hop {
        green: Hop::english_central().green & !0b11,
        ..Hop::english_central()
    };
    let lopsided = Puzzle::Hop(h);
    let legal = lopsided.legal_moves();
    let mirror = mirror_of_earlier(&positions_after(&lopsided, &legal));
    assert!(mirror.iter().all(Option::is_none), "{mirror:?}");
}

/// A search that is out of time marks nothing as won or lost.
#[test]
fn out_of_time_says_not_known() {
    let p = Puzzle::Hop(Hop::english_central());
    let map = move_map(&p, &Budget::time(std::time::Duration::ZERO));
    assert_eq!(map.moves.len(), 4);
    assert!(map.moves.iter().all(|m| m.left == Left::UNKNOWN));
    assert_eq!(map.left, Left::UNKNOWN);
}

/// The biggest shipped Flood boards: with no time to search, each move's
/// colour is still known where the greedy player wins within the limit after
/// it, and it is winnable then.
#[test]
fn big_flood_boards_are_coloured_without_a_search() {
    let (file, text) = SHIPPED
        .iter()
        .find(|(f, _)| f.starts_with("flood"))
        .expect("a Flood pack");
    let pack = parse_pack(file, text).expect("it parses");
    let mut coloured = 0;
    for level in pack.levels.iter().rev().take(3) {
        let p = &level.puzzle;
        for mv in p.legal_moves() {
            let mut after = p.clone();
            after.apply(mv).expect("legal");
            let quick = solve::quick_line(&after);
            let none = Budget::time(std::time::Duration::ZERO);
            if quick.is_some() {
                assert_eq!(winnable_of(&after, &none), Some(true), "{}", level.name);
                coloured += 1;
            }
        }
    }
    assert!(coloured > 0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn random_swap_rows(cells in prop::collection::vec(0u8..3, 1..12), jump_own: bool) {
        let cells: Vec<Cell> = cells.into_iter().map(|c| [Cell::Empty, Cell::L, Cell::R][c as usize]).collect();
        let p = Puzzle::Swap(Swap::new(cells, jump_own));
        position_agrees(&p, &move_map(&p, &Budget::unlimited()), "swap");
    }

    #[test]
    fn random_peg_boards(mask in 0u32..(1 << 16), pegs in 0u32..(1 << 16)) {
        let present: Vec<Vec<bool>> = (0..4).map(|r| (0..4).map(|c| mask >> (r * 4 + c) & 1 == 1).collect()).collect();
        let board = Board::new(Shape::Square, &present);
        let green = pegs as u64 & board.all_pads();
        prop_assume!(green != 0);
        let h = Hop { board, green, red: None, finish: None };
        let p = Puzzle::Hop(h.clone());
        assert_agrees(&h, &p, true, "pegs");
    }

    #[test]
    fn random_flood_boards(w in 1u16..6, h in 1u16..6, k in 2u8..6, seed: u64, slack in 0u32..3) {
        let cells = pond_core::levels::rng::flood_cells(w, h, k, seed);
        let free = Flood::new(w, h, k, cells.clone(), None);
        let shortest = brute_force_shortest(&free).expect("a flood is always won") as u32;
        let limit = (shortest + slack).saturating_sub(1);
        let p = Puzzle::Flood(Flood::new(w, h, k, cells, Some(limit)));
        position_agrees(&p, &move_map(&p, &Budget::unlimited()), "flood");
    }

    #[test]
    fn random_escape_deals(rows in 1u8..5, cols in 1u8..5, animals in prop::collection::vec((0u8..3, 0u8..3), 16)) {
        let n = rows as usize * cols as usize;
        let animals = animals[..n].iter().map(|&(kind, colour)| Animal { kind, colour }).collect();
        let e = Escape::new(rows, cols, animals);
        let p = Puzzle::Escape(e);
        position_agrees(&p, &move_map(&p, &Budget::unlimited()), "escape");
    }
}
