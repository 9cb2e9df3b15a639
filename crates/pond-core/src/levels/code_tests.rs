//! The level codes' tests: read back as written, the same level on every
//! machine, and each random level within its difficulty.

use super::*;
use crate::levels::escape;
use crate::levels::flood::FLOOD_SLACK;
use crate::levels::hop::HOP_CHANCE;
use crate::rules::Puzzle;
use crate::solve::{self, Budget};

/// Hop: the frogs of the random pond the game offers at each difficulty.
const HOP_FROGS: [u8; 5] = [4, 6, 8, 10, 11];
use crate::solve::replay;

#[test]
fn codes_read_back_as_written() {
    for code in [
        "hop.12",
        "S3v4",
        "F14x14c6d3-4821",
        "E4x4t4c4d2-77",
        "H8d3-5",
        "swap.1",
    ] {
        assert_eq!(LevelCode::parse(code).unwrap().to_string(), code);
    }
    assert_eq!(
        LevelCode::parse(" f8x8c4d1-5 ").unwrap().to_string(),
        "F8x8c4d1-5"
    );
    for bad in [
        "",
        "hop",
        "hop.x",
        "nope.3",
        "F14x14c6d3",
        "F14x14c6d9-1",
        "E4x4-1",
        "Q1",
        "S0v3",
        "F99x9c6d1-1",
    ] {
        let e = LevelCode::parse(bad).unwrap_err();
        assert!(e.contains("level code"), "{bad}: {e}");
    }
    assert!(
        LevelCode::parse("hop.99")
            .unwrap()
            .level()
            .unwrap_err()
            .contains("1 to 40")
    );
}

#[test]
fn the_same_code_gives_the_same_level() {
    for code in ["F10x10c5d2-99", "E4x4t4c4d3-12345", "swap.4", "S2v5"] {
        let c = LevelCode::parse(code).unwrap();
        assert_eq!(c.level().unwrap(), c.level().unwrap(), "{code}");
    }
    assert_eq!(
        shipped_code("levels/hop.ron", 11),
        Some(LevelCode::Shipped {
            pack: "hop".into(),
            level: 12
        })
    );
    assert_eq!(shipped_code("mine.ron", 0), None);
}

#[test]
fn words_that_are_no_code_are_told_every_form_not_one_puzzles() {
    // "hello" starts like Hop's `H8d3-5`, "sun" like Swap's `S3v4`:
    // neither is a puzzle's code, so the answer names all the forms.
    for junk in ["hello world", "hello", "sun", "Frog", "e", "H-3"] {
        let why = LevelCode::parse(junk).unwrap_err();
        assert!(why.contains("expected PACK.LEVEL"), "{junk}: {why}");
        assert!(why.contains("S (Swap), H (Hop)"), "{junk}: {why}");
    }
    // A code of one puzzle with a slip is told that puzzle's form.
    let why = LevelCode::parse("H8x3-5").unwrap_err();
    assert!(why.contains("H<frogs>d<difficulty>"), "{why}");
    let why = LevelCode::parse("F14x14c6-1").unwrap_err();
    assert!(why.contains("F<width>x<height>"), "{why}");
}

#[test]
fn a_hostile_code_answers_without_hanging() {
    // Every deal of one type and one colour has 36! ways out: never
    // fiendish. The bounded tries give the nearest found, or say none.
    let code = LevelCode::parse("E6x6t1c1d5-1").unwrap();
    let level = code.level().unwrap();
    assert_eq!(level.grade.as_deref(), Some("fiendish"));
    let none = LevelCode::parse("E6x6t9c9d5-3").unwrap().level();
    assert!(none.unwrap_err().contains("no solvable"));
    let big = LevelCode::parse("F30x30c9d5-1").unwrap().level().unwrap();
    let Puzzle::Flood(f) = &big.puzzle else {
        panic!()
    };
    assert!(f.limit.is_some());
}

#[test]
fn a_thousand_random_escape_levels_are_solvable_and_graded() {
    let mut in_band = 0;
    for seed in 0..1000u64 {
        let difficulty = (seed % 5) as u8 + 1;
        let code = LevelCode::random(EscapeCode {
            rows: 4,
            cols: 4,
            types: 4,
            colours: 4,
            difficulty,
            seed,
        });
        let level = code.level().unwrap();
        let Puzzle::Escape(e) = &level.puzzle else {
            panic!()
        };
        let ways = solve::escape::count_solutions(e, 1 << 40).expect("counted");
        assert!(ways > 0, "{code}");
        let d = difficulty as usize - 1;
        if escape::in_band(d, ways) {
            in_band += 1;
        }
        assert_eq!(level.grade.as_deref(), Some(DIFFICULTIES[d]));
    }
    // Nearly all land in their band; the rest are the nearest found.
    assert!(in_band >= 950, "{in_band}");
}

#[test]
fn a_thousand_random_hop_levels_are_winnable_and_graded() {
    let mut in_band = 0;
    for seed in 0..1000u64 {
        let difficulty = (seed % 5) as u8 + 1;
        let frogs = HOP_FROGS[difficulty as usize - 1];
        let code = LevelCode::random(HopCode {
            frogs,
            difficulty,
            seed,
        });
        let level = code.level().unwrap();
        let Puzzle::Hop(h) = &level.puzzle else {
            panic!()
        };
        assert_eq!(h.frogs(), frogs as u32, "{code}");
        let report = solve::solve(&level.puzzle, Budget::unlimited(), None, false);
        assert!(report.outcome.moves().is_some(), "{code} is not winnable");
        // The grade shown is the band of the position's chance.
        let p = solve::hop::random_win_chance(h);
        let band = (0..5).find(|&b| p >= HOP_CHANCE[b]).unwrap();
        assert_eq!(level.grade.as_deref(), Some(DIFFICULTIES[band]), "{code}");
        if band == difficulty as usize - 1 {
            in_band += 1;
        }
    }
    assert!(in_band >= 950, "{in_band}");
}

#[test]
fn a_thousand_random_flood_levels_are_won_within_their_grade() {
    // Small boards, so the exact search (a debug build here) proves each
    // limit: the limit is the optimum plus the difficulty's slack.
    for seed in 0..1000u64 {
        let difficulty = (seed % 5) as u8 + 1;
        let code = LevelCode::random(FloodCode {
            width: 5 + (seed % 4) as u16,
            height: 5 + (seed / 4 % 4) as u16,
            colours: 3 + (seed / 16 % 4) as u8,
            difficulty,
            seed,
        });
        let level = code.level().unwrap();
        let Puzzle::Flood(f) = &level.puzzle else {
            panic!()
        };
        let report = solve::solve(&level.puzzle, Budget::unlimited(), None, false);
        let moves = report.outcome.moves().unwrap();
        let slack = FLOOD_SLACK[difficulty as usize - 1];
        assert_eq!(f.limit, Some(moves.len() as u32 + slack), "{code}");
        assert_eq!(
            level.grade.as_deref(),
            Some(DIFFICULTIES[difficulty as usize - 1])
        );
    }
}

/// Codes with more empty pads: each is won, every answer replayed, and
/// the code reads back as written.
#[test]
fn swap_codes_with_more_empty_pads_are_won() {
    for l in 1..=6u8 {
        for r in 1..=6u8 {
            for gaps in 1..=3u8 {
                let code = LevelCode::random(SwapCode {
                    left: l,
                    right: r,
                    gaps,
                });
                assert_eq!(LevelCode::parse(&code.to_string()).unwrap(), code);
                let level = code.level().unwrap();
                let report = solve::solve(&level.puzzle, Budget::unlimited(), None, false);
                let moves = report.outcome.moves().unwrap_or_else(|| panic!("{code}"));
                let mut p = level.puzzle.clone();
                p.play_all(moves).unwrap();
                assert!(p.is_won(), "{code}");
            }
        }
    }
    assert_eq!(
        LevelCode::parse("s3v4").unwrap().to_string(),
        "S3v4",
        "one empty pad is the short form"
    );
    assert!(LevelCode::parse("S3v4g9").is_err());
}

#[test]
fn every_swap_code_is_solved_in_its_move_count() {
    // All 1600 Swap codes: each is solved, in l*r + l + r moves.
    for l in 1..=40u8 {
        for r in 1..=40u8 {
            let level = LevelCode::random(SwapCode {
                left: l,
                right: r,
                gaps: 1,
            })
            .level()
            .unwrap();
            let report = solve::solve(&level.puzzle, Budget::unlimited(), None, false);
            let moves = report.outcome.moves().unwrap_or_else(|| panic!("S{l}v{r}"));
            let (l, r) = (l as usize, r as usize);
            assert_eq!(moves.len(), l * r + l + r, "S{l}v{r}");
        }
    }
}

#[test]
fn random_flood_and_swap_levels_are_won_within_their_limit() {
    for seed in 0..40u64 {
        let difficulty = (seed % 5) as u8 + 1;
        let code = LevelCode::random(FloodCode {
            width: 8,
            height: 8,
            colours: 5,
            difficulty,
            seed,
        });
        let level = code.level().unwrap();
        let Puzzle::Flood(f) = &level.puzzle else {
            panic!()
        };
        let report = solve::solve(&level.puzzle, Budget::unlimited(), None, false);
        let moves = report.outcome.moves().unwrap();
        replay(
            f,
            &moves
                .iter()
                .map(|m| match m {
                    crate::rules::PuzzleMove::Flood(m) => *m,
                    _ => panic!(),
                })
                .collect::<Vec<_>>(),
        )
        .unwrap();
        assert!(moves.len() as u32 <= f.limit.unwrap(), "{code}");
    }
    for (l, r) in [(1, 1), (3, 5), (7, 2)] {
        let level = LevelCode::random(SwapCode {
            left: l,
            right: r,
            gaps: 1,
        })
        .level()
        .unwrap();
        let report = solve::solve(&level.puzzle, Budget::unlimited(), None, false);
        assert_eq!(
            report.outcome.moves().unwrap().len(),
            (l * r + l + r) as usize
        );
    }
}

/// Each puzzle's random codes start with a letter of its own, and its board
/// codes with a prefix of its own: a puzzle added with another's would have
/// its codes read as the other's.
#[test]
fn every_puzzle_has_letters_of_its_own() {
    let forms = forms();
    assert_eq!(forms.len(), PuzzleKind::ALL.len());
    for (i, a) in forms.iter().enumerate() {
        for b in &forms[i + 1..] {
            assert_ne!(a.0, b.0, "{} and {} share a code letter", a.2, b.2);
            assert_ne!(a.1, b.1, "{} and {} share a board code", a.2, b.2);
        }
        // B starts the board codes, which are read first.
        assert!(a.1.starts_with('B'), "{}: board codes start with B", a.2);
        assert_ne!(a.0, 'B', "{}: B starts the board codes", a.2);
    }
}
