//! Short level codes that give the same level on every machine: a shipped
//! level by pack and number (`hop.12`), or a random level by its puzzle, size,
//! difficulty and seed (`F14x14c6d3-4821`, `E4x4t4c4d2-77`, `H8d3-5`, `S3v4`). Random
//! levels are checked by the solver: always solvable, within their difficulty.

use super::{Level, SHIPPED, parse_pack};
use std::fmt;

/// Difficulties, 1 (easiest) to 5.
pub const DIFFICULTIES: [&str; 5] = ["easy", "fair", "tricky", "hard", "fiendish"];
/// A level's code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LevelCode {
    /// A shipped pack (by file name without `.ron`) and a level from 1.
    Shipped { pack: String, level: usize },
    Swap {
        left: u8,
        right: u8,
        /// Empty pads between the two sides (1 unless the code says `g`).
        gaps: u8,
    },
    Flood {
        width: u16,
        height: u16,
        colours: u8,
        difficulty: u8,
        seed: u64,
    },
    Escape {
        rows: u8,
        cols: u8,
        types: u8,
        colours: u8,
        difficulty: u8,
        seed: u64,
    },
    /// The 13-pad pond with this many frogs, the red one among them.
    Hop {
        frogs: u8,
        difficulty: u8,
        seed: u64,
    },
    /// A whole board, as the level editor shares it (`BS-LLOR`, ...).
    Board(Box<super::edit::Draft>),
}

impl fmt::Display for LevelCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LevelCode::Shipped { pack, level } => write!(f, "{pack}.{level}"),
            LevelCode::Swap {
                left,
                right,
                gaps: 1,
            } => write!(f, "S{left}v{right}"),
            LevelCode::Swap { left, right, gaps } => write!(f, "S{left}v{right}g{gaps}"),
            LevelCode::Flood {
                width,
                height,
                colours,
                difficulty,
                seed,
            } => {
                write!(f, "F{width}x{height}c{colours}d{difficulty}-{seed}")
            }
            LevelCode::Escape {
                rows,
                cols,
                types,
                colours,
                difficulty,
                seed,
            } => {
                write!(f, "E{rows}x{cols}t{types}c{colours}d{difficulty}-{seed}")
            }
            LevelCode::Hop {
                frogs,
                difficulty,
                seed,
            } => write!(f, "H{frogs}d{difficulty}-{seed}"),
            LevelCode::Board(d) => f.write_str(&d.code()),
        }
    }
}

/// Reads the numbers of `text` after each of `tags`, in order: `F14x14c6d3`
/// with tags "F","x","c","d" gives [14, 14, 6, 3].
fn fields(text: &str, tags: &[char]) -> Option<Vec<u64>> {
    let mut rest = text;
    let mut out = Vec::new();
    for &tag in tags {
        rest = rest.strip_prefix(tag)?;
        let end = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        out.push(rest[..end].parse().ok()?);
        rest = &rest[end..];
    }
    rest.is_empty().then_some(out)
}

impl LevelCode {
    pub fn parse(code: &str) -> Result<LevelCode, String> {
        let code = code.trim();
        // A board code carries the board itself.
        let upper = code.get(..3).map(|h| h.to_ascii_uppercase());
        if upper.is_some_and(|h| ["BS-", "BH-", "BF-", "BE-"].contains(&h.as_str())) {
            return super::edit::Draft::from_code(code)
                .map(|d| LevelCode::Board(Box::new(d)))
                .map_err(|e| format!("board code: {e}"));
        }
        let bad = |what: &str| format!("level code `{code}`: {what}");
        let in_range = |v: u64, lo: u64, hi: u64, what: &str| {
            if (lo..=hi).contains(&v) {
                Ok(v)
            } else {
                Err(bad(&format!("{what} must be {lo} to {hi}, found {v}")))
            }
        };
        if let Some((pack, level)) = code.split_once('.') {
            let level = level
                .parse::<usize>()
                .map_err(|_| bad("expected PACK.LEVEL, as `hop.12`"))?;
            let file = format!("{pack}.ron");
            if !SHIPPED.iter().any(|(n, _)| *n == file) {
                let names: Vec<&str> = SHIPPED
                    .iter()
                    .map(|(n, _)| n.trim_end_matches(".ron"))
                    .collect();
                return Err(bad(&format!(
                    "no shipped pack `{pack}`; the packs are {}",
                    names.join(", ")
                )));
            }
            return Ok(LevelCode::Shipped {
                pack: pack.to_string(),
                level,
            });
        }
        let (head, seed) = match code.split_once('-') {
            Some((h, s)) => (
                h,
                Some(
                    s.parse::<u64>()
                        .map_err(|_| bad("the seed after `-` must be a number"))?,
                ),
            ),
            None => (code, None),
        };
        // A random level's code is a letter and a number (`S3v4`, `H8d3`):
        // anything else ("hello") is not a code of one puzzle, so the answer
        // names every form instead of one puzzle's.
        let letter = head
            .chars()
            .next()
            .filter(|_| head.chars().nth(1).is_some_and(|c| c.is_ascii_digit()))
            .map(|c| c.to_ascii_uppercase());
        match letter {
            Some('S') => {
                let upper = head.to_ascii_uppercase();
                let f = fields(&upper, &['S', 'V', 'G'])
                    .or_else(|| fields(&upper, &['S', 'V']).map(|f| vec![f[0], f[1], 1]))
                    .ok_or_else(|| {
                        bad("expected S<left>v<right>, or S<left>v<right>g<gaps>, as `S3v4` or `S3v4g2`")
                    })?;
                Ok(LevelCode::Swap {
                    left: in_range(f[0], 1, 40, "frogs a side")? as u8,
                    right: in_range(f[1], 1, 40, "frogs a side")? as u8,
                    gaps: in_range(f[2], 1, 5, "the empty pads")? as u8,
                })
            }
            Some('F') => {
                let f = fields(&head.to_ascii_uppercase(), &['F', 'X', 'C', 'D'])
                    .ok_or_else(|| bad("expected F<width>x<height>c<colours>d<difficulty>-<seed>, as `F14x14c6d3-4821`"))?;
                Ok(LevelCode::Flood {
                    width: in_range(f[0], 2, 30, "the width")? as u16,
                    height: in_range(f[1], 2, 30, "the height")? as u16,
                    colours: in_range(f[2], 2, 9, "the colours")? as u8,
                    difficulty: in_range(f[3], 1, 5, "the difficulty")? as u8,
                    seed: seed.ok_or_else(|| bad("a random level needs `-SEED` at the end"))?,
                })
            }
            Some('E') => {
                let f = fields(&head.to_ascii_uppercase(), &['E', 'X', 'T', 'C', 'D'])
                    .ok_or_else(|| bad("expected E<rows>x<cols>t<types>c<colours>d<difficulty>-<seed>, as `E4x4t4c4d2-77`"))?;
                Ok(LevelCode::Escape {
                    rows: in_range(f[0], 2, 6, "the rows")? as u8,
                    cols: in_range(f[1], 2, 6, "the columns")? as u8,
                    types: in_range(f[2], 1, 9, "the types")? as u8,
                    colours: in_range(f[3], 1, 9, "the colours")? as u8,
                    difficulty: in_range(f[4], 1, 5, "the difficulty")? as u8,
                    seed: seed.ok_or_else(|| bad("a random level needs `-SEED` at the end"))?,
                })
            }
            Some('H') => {
                let f = fields(&head.to_ascii_uppercase(), &['H', 'D'])
                    .ok_or_else(|| bad("expected H<frogs>d<difficulty>-<seed>, as `H8d3-5`"))?;
                Ok(LevelCode::Hop {
                    frogs: in_range(f[0], 2, 12, "the frogs")? as u8,
                    difficulty: in_range(f[1], 1, 5, "the difficulty")? as u8,
                    seed: seed.ok_or_else(|| bad("a random level needs `-SEED` at the end"))?,
                })
            }
            _ => Err(bad(
                "expected PACK.LEVEL (as `hop.12`), a random level: S (Swap), H (Hop), F (Flood) or E (Escape), or a board: BS-, BH-, BF- or BE-",
            )),
        }
    }

    /// The level this code stands for: the same on every machine.
    pub fn level(&self) -> Result<Level, String> {
        match *self {
            LevelCode::Shipped { ref pack, level } => {
                let file = format!("{pack}.ron");
                let text = SHIPPED
                    .iter()
                    .find(|(n, _)| *n == file)
                    .map(|(_, t)| *t)
                    .ok_or_else(|| format!("no shipped pack `{pack}`"))?;
                let p = parse_pack(&file, text).map_err(|e| e.to_string())?;
                let count = p.levels.len();
                level
                    .checked_sub(1)
                    .and_then(|i| p.levels.into_iter().nth(i))
                    .ok_or_else(|| format!("{file} has levels 1 to {count}, not {level}"))
            }
            LevelCode::Swap { left, right, gaps } => Ok(super::swap::coded(left, right, gaps)),
            LevelCode::Flood {
                width,
                height,
                colours,
                difficulty,
                seed,
            } => Ok(super::flood::coded(
                width, height, colours, difficulty, seed,
            )),
            LevelCode::Escape {
                rows,
                cols,
                types,
                colours,
                difficulty,
                seed,
            } => super::escape::coded(rows, cols, types, colours, difficulty, seed),
            LevelCode::Hop {
                frogs,
                difficulty,
                seed,
            } => super::hop::coded(frogs, difficulty, seed),
            LevelCode::Board(ref d) => d.check().map_err(|m| format!("board code: {}", m.message)),
        }
    }
}

/// The code of level `index` (from 0) of a shipped pack file, if it is one.
pub fn shipped_code(file: &str, index: usize) -> Option<LevelCode> {
    let name = std::path::Path::new(file).file_name()?.to_str()?;
    SHIPPED
        .iter()
        .any(|(n, _)| *n == name)
        .then(|| LevelCode::Shipped {
            pack: name.trim_end_matches(".ron").to_string(),
            level: index + 1,
        })
}

#[cfg(test)]
mod tests {
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
            let code = LevelCode::Escape {
                rows: 4,
                cols: 4,
                types: 4,
                colours: 4,
                difficulty,
                seed,
            };
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
            let code = LevelCode::Hop {
                frogs,
                difficulty,
                seed,
            };
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
            let code = LevelCode::Flood {
                width: 5 + (seed % 4) as u16,
                height: 5 + (seed / 4 % 4) as u16,
                colours: 3 + (seed / 16 % 4) as u8,
                difficulty,
                seed,
            };
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
                    let code = LevelCode::Swap {
                        left: l,
                        right: r,
                        gaps,
                    };
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
                let level = LevelCode::Swap {
                    left: l,
                    right: r,
                    gaps: 1,
                }
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
            let code = LevelCode::Flood {
                width: 8,
                height: 8,
                colours: 5,
                difficulty,
                seed,
            };
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
            let level = LevelCode::Swap {
                left: l,
                right: r,
                gaps: 1,
            }
            .level()
            .unwrap();
            let report = solve::solve(&level.puzzle, Budget::unlimited(), None, false);
            assert_eq!(
                report.outcome.moves().unwrap().len(),
                (l * r + l + r) as usize
            );
        }
    }
}
