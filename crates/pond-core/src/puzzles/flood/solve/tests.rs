//! The Flood solvers against breadth-first search, against each other, and
//! on every shape of board.

use super::*;
use crate::solve::{Budget, brute_force_shortest, replay};

pub(crate) fn board(w: u16, h: u16, k: u8, code: u64) -> Flood {
    let mut x = code;
    let cells = (0..w as usize * h as usize)
        .map(|_| {
            let c = (x % k as u64) as u8;
            x /= k as u64;
            c
        })
        .collect();
    Flood::new(w, h, k, cells, None)
}

/// The `i`th of a run of random boards from `x`: sides from `side` to
/// `side` + 3, 3 to 6 colours.
fn random_board(x: &mut u64, i: usize, side: u16) -> Flood {
    let (w, h) = (side + (i % 4) as u16, side + (i / 4 % 4) as u16);
    let k = 3 + (i % 4) as u8;
    let cells = (0..w as usize * h as usize)
        .map(|_| (crate::solve::swap::splitmix(x) % k as u64) as u8)
        .collect();
    Flood::new(w, h, k, cells, None)
}

fn optimal_len(f: &Flood) -> usize {
    optimal_len_with(f, Exact::FAST)
}

fn optimal_len_with(f: &Flood, exact: Exact) -> usize {
    let mut search = Search::new(Budget::unlimited());
    match solve_with(f, &mut search, exact) {
        Outcome::Solved { moves, optimal } => {
            assert!(optimal);
            replay(f, &moves).unwrap();
            moves.len()
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn each_bound_and_pruning_alone_is_exact() {
    for exact in [
        Exact::PLAIN,
        Exact {
            bound: Bound::Relaxed,
            prune: false,
        },
        Exact {
            bound: Bound::Layers,
            prune: true,
        },
    ] {
        for code in (0..3u64.pow(9)).step_by(7) {
            let f = board(3, 3, 3, code);
            assert_eq!(
                Some(optimal_len_with(&f, exact)),
                brute_force_shortest(&f),
                "{code} {exact:?}"
            );
        }
    }
}

#[test]
fn fast_search_matches_the_plain_one_on_random_boards() {
    // Every shortcut of the fast search (its bound, its pruning, its lazy
    // bounds, its frontiers) must leave the optimal move count unchanged.
    let mut x = 2026u64;
    for i in 0..300 {
        let f = random_board(&mut x, i, 6);
        let (w, h, k) = (f.width, f.height, f.colours);
        assert_eq!(
            optimal_len_with(&f, Exact::FAST),
            optimal_len_with(&f, Exact::PLAIN),
            "board {i}: {w}x{h}, {k} colours"
        );
    }
}

#[test]
fn agrees_with_breadth_first_on_every_3x3_board_with_3_colours() {
    for code in 0..3u64.pow(9) {
        let f = board(3, 3, 3, code);
        assert_eq!(Some(optimal_len(&f)), brute_force_shortest(&f), "{code}");
    }
}

#[test]
fn agrees_with_breadth_first_on_4x4_boards_with_3_colours() {
    // Every 4x4 board is 43 million; a fixed stride walks a spread of them.
    let total = 3u64.pow(16);
    let mut code = 17;
    while code < total {
        let f = board(4, 4, 3, code);
        assert_eq!(Some(optimal_len(&f)), brute_force_shortest(&f), "{code}");
        code += 9_973;
    }
}

#[test]
fn fast_solution_replays() {
    let mut x = 99u64;
    let cells = (0..144)
        .map(|_| (crate::solve::swap::splitmix(&mut x) % 6) as u8)
        .collect();
    let f = Flood::new(12, 12, 6, cells, None);
    let moves = solve_fast(&f);
    replay(&f, &moves).unwrap();
    assert!(moves.len() >= optimal_len(&f));
}

#[test]
fn fast_and_look_ahead_finish_every_shape() {
    let mut x = 5u64;
    for i in 0..120u64 {
        let w = 1 + (crate::solve::swap::splitmix(&mut x) % 30) as u16;
        let h = 1 + (crate::solve::swap::splitmix(&mut x) % 30) as u16;
        let k = 2 + (i % 7) as u8;
        let cells = (0..w as usize * h as usize)
            .map(|_| (crate::solve::swap::splitmix(&mut x) % k as u64) as u8)
            .collect();
        let f = Flood::new(w, h, k, cells, None);
        for (name, moves) in [
            ("fast", solve_fast(&f)),
            ("look-ahead 1", solve_lookahead(&f, 1)),
            ("look-ahead 3", solve_lookahead(&f, 3)),
        ] {
            replay(&f, &moves).unwrap_or_else(|e| panic!("{name} on {w}x{h}: {e:?}"));
            let mut g = f.clone();
            for m in &moves {
                crate::rules::Rules::apply(&mut g, *m).unwrap();
            }
            assert!(g.is_goal_board(), "{name} left {w}x{h} unfinished");
        }
    }
}

#[test]
fn the_exact_end_game_only_ever_shortens_the_fast_line() {
    let mut x = 11u64;
    let mut shorter = 0;
    for _ in 0..6 {
        let cells = (0..50 * 50)
            .map(|_| (crate::solve::swap::splitmix(&mut x) % 6) as u8)
            .collect();
        let f = Flood::new(50, 50, 6, cells, None);
        let (alone, end) = Ahead::new(&Blobs::of(&f)).run(3, true, false, ENDGAME_BLOBS);
        assert!(end.is_some(), "the end game is handed over");
        let moves = solve_fast(&f);
        replay(&f, &moves).unwrap();
        let mut g = f.clone();
        for m in &moves {
            crate::rules::Rules::apply(&mut g, *m).unwrap();
        }
        assert!(g.is_goal_board());
        assert!(moves.len() <= alone.len());
        shorter += usize::from(moves.len() < alone.len());
    }
    assert!(shorter > 0, "the exact end game never helped");
}
#[test]
fn out_of_budget_still_offers_a_line() {
    let mut x = 7u64;
    let cells = (0..26 * 26)
        .map(|_| (crate::solve::swap::splitmix(&mut x) % 8) as u8)
        .collect();
    let f = Flood::new(26, 26, 8, cells, None);
    let mut search = Search::new(Budget::nodes(5_000));
    match solve(&f, &mut search) {
        Outcome::OutOfBudget { best: Some(b), .. } => replay(&f, &b).unwrap(),
        Outcome::Solved { moves, .. } => replay(&f, &moves).unwrap(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_kept_buffers_are_let_go_on_request() {
    let f = board(14, 14, 6, 7);
    let report = crate::solve::solve(
        &crate::rules::Puzzle::Flood(f),
        Budget::nodes(200_000),
        None,
        false,
    );
    assert!(report.outcome.moves().is_some());
    assert!(
        super::exact::kept_sets() > 0,
        "the search keeps its buffers"
    );
    crate::solve::let_go_thread_buffers();
    assert_eq!(super::exact::kept_sets(), 0);
}

/// Asked only whether a board floods within so many moves, the search says
/// yes exactly up from the shortest win's length (on random boards, at the
/// shortest, one short of it and one over).
#[test]
fn within_a_limit_is_yes_exactly_from_the_shortest_win() {
    let mut x = 46u64;
    for i in 0..120 {
        let f = random_board(&mut x, i, 5);
        let (w, h, k) = (f.width, f.height, f.colours);
        let shortest = optimal_len(&f);
        for most in shortest.saturating_sub(1)..=shortest + 1 {
            let mut search = Search::new(Budget::unlimited());
            assert_eq!(
                within(&f, most, &mut search),
                Some(most >= shortest),
                "board {i}: {w}x{h}, {k} colours, shortest {shortest}, within {most}"
            );
        }
    }
    // Out of time, it says nothing, or only what its bound proves at once.
    let f = board(8, 8, 5, 0x1234_5678_9abc_def0);
    let shortest = optimal_len(&f);
    for most in 0..shortest + 2 {
        let mut search = Search::new(Budget::time(std::time::Duration::ZERO));
        let said = within(&f, most, &mut search);
        assert!(
            said.is_none() || said == Some(most >= shortest),
            "{most}: {said:?}"
        );
    }
}

#[test]
fn every_width_of_set_finds_the_same_shortest_line() {
    // Boards of 257 to 384 blobs take sets of 5 or 6 words, the next ones
    // 8: each width, given the same board, must find a line as short. A
    // 17x17 board of three colours in diagonal stripes (each cell its own
    // blob) with some cells joined at random, so that its blobs fill bits
    // of every word of the narrower sets.
    let mut x = 46u64;
    for (side, words) in [(17u16, 5), (19, 6)] {
        let cells = (0..side as usize * side as usize)
            .map(|i| {
                let (cx, cy) = (i % side as usize, i / side as usize);
                let r = crate::solve::swap::splitmix(&mut x);
                if r.is_multiple_of(16) {
                    (r / 16 % 3) as u8
                } else {
                    ((cx + 2 * cy) % 3) as u8
                }
            })
            .collect();
        let f = Flood::new(side, side, 3, cells, None);
        let blobs = Blobs::of(&f).in_walk_order();
        assert!(
            blobs.len() > 64 * (words - 1) && blobs.len() <= 64 * words,
            "{}",
            blobs.len()
        );
        // One past the greedy line, so that both find a line.
        let upper = greedy(&blobs).len() + 1;
        let search = || Search::new(Budget::unlimited());
        let narrow = shorter_than(&blobs, Exact::FAST, &mut search(), upper);
        let wide = AStar::<16>::new(&blobs, Exact::FAST).run(&mut search(), upper);
        let (narrow, wide) = (
            narrow.unwrap().map(|l| l.len()),
            wide.unwrap().map(|l| l.len()),
        );
        assert!(narrow.is_some());
        assert_eq!(narrow, wide, "{side}x{side}");
    }
}

/// Each move's fewest moves asked as the move map asks them, of the
/// position before (`shortest_for_moves`, then `left_below` of each move:
/// the first search's nodes and the failed questions' shared), are the
/// fewest a search of the board after the move finds on its own; asked in
/// another order, twice, or after another board's, the same.
#[test]
fn moves_asked_of_the_position_before_match_their_own_searches() {
    use crate::solve::moves::Marks;
    let unlimited = Budget::unlimited();
    let mut x = 91u64;
    let mut boards: Vec<Flood> = (0..160).map(|i| random_board(&mut x, i, 5)).collect();
    // A checkerboard: 144 blobs, sets of 3 words.
    boards.push(Flood::new(
        12,
        12,
        2,
        (0..144).map(|i| (i + i / 12) as u8 % 2).collect(),
        None,
    ));
    let mut before: Option<(Flood, u32)> = None;
    for (i, f) in boards.iter().enumerate() {
        let d = f.shortest_for_moves(&unlimited).unwrap();
        assert_eq!(d as usize, optimal_len(f), "board {i}");
        let mut moves = Vec::new();
        f.legal_moves(&mut moves);
        let mut order: Vec<FloodMove> = moves.iter().rev().copied().collect();
        order.extend(moves.first());
        for mv in order {
            let mut a = f.clone();
            a.apply(mv).unwrap();
            let own = optimal_len(&a) as u32;
            let left = a.left_below(d, &unlimited);
            assert_eq!(left.shortest, Some(own), "board {i}, move {}", mv.colour);
            assert_eq!(left.winnable, Some(true));
        }
        // A move of the board before, asked after this one's.
        if let Some((b, e)) = &before {
            let mut moves = Vec::new();
            b.legal_moves(&mut moves);
            let mut a = b.clone();
            a.apply(moves[i % moves.len()]).unwrap();
            assert_eq!(
                a.left_below(*e, &unlimited).shortest,
                Some(optimal_len(&a) as u32)
            );
        }
        before = Some((f.clone(), d));
    }
}

/// The search built for processors without AVX2 and the bit instructions
/// finds lines as short as the one built with them (the machines that run
/// the tests have them, so the plain build is asked here by name), on sets
/// of 2 words and of 6.
#[test]
fn the_plain_build_finds_what_the_fast_one_finds() {
    let mut x = 7u64;
    let mut boards: Vec<Flood> = (0..24).map(|i| random_board(&mut x, i, 6)).collect();
    boards.extend((0..4).map(|i| random_board(&mut x, i, 16)));
    let mut wide = 0;
    for (i, f) in boards.iter().enumerate() {
        let blobs = Blobs::of(f).in_walk_order();
        wide += usize::from(blobs.len() > 128);
        let upper = greedy(&blobs).len() + 1;
        let search = || Search::new(Budget::unlimited());
        let fast = shorter_than(&blobs, Exact::FAST, &mut search(), upper);
        let plain = match blobs.len() {
            0..=128 => AStar::<2>::new(&blobs, Exact::FAST)
                .plain_build()
                .run(&mut search(), upper),
            _ => AStar::<6>::new(&blobs, Exact::FAST)
                .plain_build()
                .run(&mut search(), upper),
        };
        let (fast, plain) = (fast.unwrap().unwrap(), plain.unwrap().unwrap());
        assert_eq!(fast.len(), plain.len(), "board {i}");
        let moves: Vec<FloodMove> = plain.iter().map(|&colour| FloodMove { colour }).collect();
        replay(f, &moves).unwrap_or_else(|e| panic!("board {i}: {e}"));
    }
    assert!(wide > 0, "no board took sets of 6 words");
}
