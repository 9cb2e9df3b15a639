//! The generator's packs: they load, they are solvable, they are fixed by
//! their seed, and a prison too big to count is still made.

use super::*;
use crate::levels::parse_pack;
use crate::rules::Puzzle;
use crate::solve::{self, Budget};
use std::collections::HashSet;
use std::time::Duration;

#[test]
fn generated_packs_load_and_are_solvable() {
    let mut levels = swap_levels(1, 5, 4);
    levels.extend(hop_levels(2, 8));
    levels.extend(
        flood_levels(3, 2, (6, 6), 4, 2, Duration::from_secs(5))
            .into_iter()
            .map(|(l, _)| l),
    );
    levels.extend(escape_levels(4, 5, 4, 4, 4, 4));
    let pack = PackFile {
        name: "Generated \"test\"".into(),
        author: Some("tests".into()),
        levels,
    };
    let text = write_pack(&pack, "generated in a test");
    let loaded = parse_pack("gen.ron", &text).unwrap();
    assert_eq!(loaded.levels.len(), 20);
    for level in &loaded.levels {
        let report = solve::solve(
            &level.puzzle,
            Budget::time(Duration::from_secs(20)),
            None,
            false,
        );
        let moves = report.outcome.moves().expect("solvable");
        if let Puzzle::Flood(f) = &level.puzzle {
            assert!(moves.len() as u32 <= f.limit.unwrap_or(u32::MAX));
        }
    }
}

/// A prison too big to count (10 by 10, 12 kinds, 9 colours) is counted
/// no further than the memory counting may hold, and its pack is still
/// made: solvable deals, ungraded, said so in their names.
#[test]
fn a_prison_too_big_to_count_is_generated_ungraded_and_solvable() {
    let levels = escape_levels(5, 1, 10, 10, 12, 9);
    assert_eq!(levels.len(), 1);
    let text = write_pack(
        &PackFile {
            name: "big".into(),
            author: None,
            levels,
        },
        "",
    );
    let pack = parse_pack("big.ron", &text).unwrap();
    for level in &pack.levels {
        assert_eq!(level.grade, None);
        assert!(level.name.contains("too many ways out to count"));
        let Puzzle::Escape(e) = &level.puzzle else {
            panic!("{}", level.name)
        };
        assert_eq!(solve::escape::count_solutions(e, 1 << 40), None);
        let report = solve::solve(&level.puzzle, Budget::nodes(2_000_000), None, false);
        assert!(report.outcome.moves().is_some(), "{}", level.name);
    }
}

#[test]
fn generation_is_fixed_by_the_seed() {
    let a = write_pack(
        &PackFile {
            name: "a".into(),
            author: None,
            levels: hop_levels(9, 4),
        },
        "",
    );
    let b = write_pack(
        &PackFile {
            name: "a".into(),
            author: None,
            levels: hop_levels(9, 4),
        },
        "",
    );
    assert_eq!(a, b);
}

#[test]
fn pond_levels_are_distinct_up_to_symmetry() {
    let levels = hop_levels(5, 12);
    let mut keys = HashSet::new();
    for l in &levels {
        let text = write_pack(
            &PackFile {
                name: "p".into(),
                author: None,
                levels: vec![l.clone()],
            },
            "",
        );
        let pack = parse_pack("p.ron", &text).unwrap();
        let Puzzle::Hop(h) = &pack.levels[0].puzzle else {
            panic!()
        };
        assert!(keys.insert(canonical(h)));
    }
    assert_eq!(levels.len(), 12);
}
