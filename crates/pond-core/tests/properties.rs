//! Property tests: random boards of every puzzle; every answer replays to the
//! goal, and the solvers agree with plain breadth-first search over the rules.

use pond_core::rules::Rules;
use pond_core::rules::escape::{Animal, Escape};
use pond_core::rules::flood::Flood;
use pond_core::rules::hop::{Board, Hop, Shape};
use pond_core::rules::swap::{Cell, Swap};
use pond_core::solve::{self, Budget, Outcome, Search, brute_force_shortest, replay};
use proptest::prelude::*;

/// Checks a solver's outcome against the length of a shortest solution.
fn agrees<R: Rules>(start: &R, outcome: &Outcome<R::Move>, shortest: Option<usize>, exact: bool) {
    match (outcome, shortest) {
        (Outcome::Solved { moves, optimal }, Some(len)) => {
            replay(start, moves).unwrap();
            if exact {
                assert!(*optimal);
                assert_eq!(moves.len(), len);
            }
        }
        (Outcome::Unsolvable, None) => {}
        (got, want) => panic!("solver {got:?}, breadth first {want:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn swap_rows(cells in prop::collection::vec(0u8..3, 1..11), jump_own: bool) {
        let cells: Vec<Cell> = cells.into_iter().map(|c| [Cell::Empty, Cell::L, Cell::R][c as usize]).collect();
        let s = Swap::new(cells, jump_own);
        let mut search = Search::new(Budget::unlimited());
        let outcome = solve::swap::solve(&s, &mut search);
        agrees(&s, &outcome, brute_force_shortest(&s), true);
    }

    #[test]
    fn hop_boards(mask in 0u32..(1 << 16), pegs in 0u32..(1 << 16), triangle: bool) {
        let (shape, present): (Shape, Vec<Vec<bool>>) = if triangle {
            (Shape::Triangle, (0..5).map(|r| (0..=r).map(|c| mask >> (r * (r + 1) / 2 + c) & 1 == 1 || r < 2).collect()).collect())
        } else {
            (Shape::Square, (0..4).map(|r| (0..4).map(|c| mask >> (r * 4 + c) & 1 == 1).collect()).collect())
        };
        let board = Board::new(shape, &present);
        let pads = board.pads.len();
        prop_assume!(pads > 0);
        let green = pegs as u64 & board.all_pads();
        prop_assume!(green != 0);
        let h = Hop { board, green, red: None, finish: None };
        let mut search = Search::new(Budget::unlimited());
        let outcome = solve::hop::solve(&h, &mut search);
        agrees(&h, &outcome, brute_force_shortest(&h), true);
    }

    #[test]
    fn flood_boards(w in 1u16..5, h in 1u16..5, k in 2u8..5, seed: u64) {
        let cells = pond_core::levels::rng::flood_cells(w, h, k, seed);
        let f = Flood::new(w, h, k, cells, None);
        let mut search = Search::new(Budget::unlimited());
        let outcome = solve::flood::solve(&f, &mut search);
        agrees(&f, &outcome, brute_force_shortest(&f), true);
        let fast = solve::flood::solve_fast(&f);
        replay(&f, &fast).unwrap();
    }

    #[test]
    fn escape_deals(rows in 1u8..4, cols in 1u8..4, animals in prop::collection::vec((0u8..3, 0u8..3), 9)) {
        let n = rows as usize * cols as usize;
        let animals = animals[..n].iter().map(|&(kind, colour)| Animal { kind, colour }).collect();
        let e = Escape::new(rows, cols, animals);
        let mut search = Search::new(Budget::unlimited());
        let outcome = solve::escape::solve(&e, &mut search);
        let shortest = brute_force_shortest(&e);
        agrees(&e, &outcome, shortest, true);
        prop_assert_eq!(solve::escape::count_solutions(&e, u64::MAX).expect("counted") > 0, shortest.is_some());
    }
}
