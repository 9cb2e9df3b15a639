//! Tests of `random`.

use super::*;
use crate::levels::code::SwapCode;

/// Random Swap levels differ from seed to seed within a difficulty,
/// follow the - and + of their size, and leave less room when harder.
#[test]
fn random_swap_levels_vary_with_the_seed_size_and_difficulty() {
    let swap = crate::swap_row("L_R");
    let shape = RandomShape::default();
    let codes: std::collections::HashSet<String> = (0..4)
        .map(|seed| code_of_seed(&swap, 2, &shape, seed).unwrap().to_string())
        .collect();
    assert_eq!(codes.len(), 4, "{codes:?}");
    let swap_code = |d: u8, s: &RandomShape| {
        code_of_seed(&swap, d, s, 0)
            .and_then(|c| c.random_as::<SwapCode>().copied())
            .expect("a Swap row's code")
    };
    let gaps = |d: u8| swap_code(d, &shape).gaps;
    assert!(gaps(1) > gaps(3) && gaps(3) >= gaps(5));
    let mut bigger = shape.clone();
    bigger.step(&swap, 0, 2);
    let left = |s: &RandomShape| swap_code(3, s).left;
    assert_eq!(left(&bigger), left(&shape) + 2);
    // Every one of them is a level that can be won.
    for d in 1..=5 {
        for seed in 0..4 {
            let code = code_of_seed(&swap, d, &shape, seed).unwrap();
            let level = code.level().unwrap();
            let report = crate::solve::solve(
                &level.puzzle,
                crate::solve::Budget::unlimited(),
                None,
                false,
            );
            assert!(report.outcome.moves().is_some(), "{code}");
        }
    }
}
