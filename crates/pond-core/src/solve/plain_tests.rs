//! Tests of `plain`.

use super::*;
use crate::levels::{SHIPPED, parse_pack};
use crate::solve::solve;

/// Where both finish, the plain search agrees with the solver on whether
/// a level can be won, its answer replays, and it never visits fewer
/// positions than the solver's depth-first searches.
#[test]
fn the_plain_search_agrees_with_the_solver_and_never_visits_fewer_positions() {
    let mut both = 0;
    for (file, text) in SHIPPED {
        let pack = parse_pack(file, text).expect("a shipped pack loads");
        for level in &pack.levels {
            let p = &level.puzzle;
            let ours = solve(p, Budget::nodes(200_000), None, false);
            let plain = solve_plain(p, Budget::nodes(20_000), None, false);
            if matches!(plain.outcome, Outcome::OutOfBudget { .. })
                || matches!(ours.outcome, Outcome::OutOfBudget { .. })
            {
                continue;
            }
            both += 1;
            let won = |o: &Outcome<PuzzleMove>| matches!(o, Outcome::Solved { .. });
            let name = format!("{file} {}", level.name);
            assert_eq!(won(&plain.outcome), won(&ours.outcome), "{name}");
            if let Some(moves) = plain.outcome.moves() {
                let mut q = p.clone();
                assert!(q.play_all(moves).is_ok() && q.is_goal(), "{name}");
            }
            // With `jump_own`, Swap's solver searches breadth first to
            // prove its line the shortest: the plain search's first line
            // (not the shortest) may take fewer positions.
            let breadth_first = matches!(p, Puzzle::Swap(s) if s.jump_own);
            assert!(
                breadth_first || plain.nodes >= ours.nodes,
                "{name}: plain {} < ours {}",
                plain.nodes,
                ours.nodes
            );
        }
    }
    assert!(both > 60, "{both} levels finished by both");
}
