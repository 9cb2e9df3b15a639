//! Flood's part of `pond gen`, of the benchmarks and of the pack writer:
//! seeded random boards with a move limit, and a Flood level as a pack file
//! writes it.

use crate::levels::generate::{grade_field, quoted, string_list};
use crate::levels::rng::{SplitMix64, flood_cells};
use crate::levels::{LevelFile, RandomFlood};
use crate::rules::flood::Flood;
use crate::solve::{self, Budget, Outcome, Search};
use std::fmt::Write;
use std::time::Duration;

/// A Flood level as a pack file writes it.
pub(crate) fn text(
    name: &str,
    cells: Option<&[String]>,
    random: Option<&RandomFlood>,
    colours: Option<u8>,
    moves: Option<u32>,
    grade: &Option<String>,
) -> String {
    let mut t = format!("Flood(name: {}", quoted(name));
    if let Some(c) = cells {
        let _ = write!(t, ", cells: {}", string_list(c, "        "));
    }
    if let Some(r) = random {
        let _ = write!(
            t,
            ", random: (width: {}, height: {}, colours: {}, seed: {})",
            r.width, r.height, r.colours, r.seed
        );
    }
    if let Some(k) = colours {
        let _ = write!(t, ", colours: Some({k})");
    }
    if let Some(m) = moves {
        let _ = write!(t, ", moves: Some({m})");
    }
    format!("{t}{})", grade_field(grade))
}

/// Flood levels on seeded random boards, each with a move limit of the best
/// solution the solver finds in `think` (proven optimal where it can) plus
/// `slack`.
/// Six colours unless asked.
fn flood_colours(o: &crate::levels::generate::GenOptions) -> u8 {
    o.colours.unwrap_or(6)
}

impl crate::levels::generate::Generated for Flood {
    fn generate(o: &crate::levels::generate::GenOptions) -> Result<Vec<LevelFile>, String> {
        let max = crate::levels::limits::FLOOD_SIDE as u16;
        let colours = flood_colours(o);
        if !(1..=max).contains(&o.width)
            || !(1..=max).contains(&o.height)
            || !(2..=10).contains(&colours)
        {
            return Err(format!(
                "Flood boards are 1 to {max} cells a side with 2 to 10 colours"
            ));
        }
        let think = Duration::from_secs_f64(o.think.max(0.0));
        let levels = flood_levels(
            o.seed,
            o.count,
            (o.width, o.height),
            colours,
            o.slack,
            think,
        );
        Ok(levels.into_iter().map(|(l, _)| l).collect())
    }
    fn flags(o: &crate::levels::generate::GenOptions) -> Vec<String> {
        vec![
            format!("--width {} --height {}", o.width, o.height),
            format!("--colours {} --slack {}", flood_colours(o), o.slack),
            format!("--think {}", o.think),
        ]
    }
}

pub fn flood_levels(
    seed: u64,
    count: usize,
    size: (u16, u16),
    colours: u8,
    slack: u32,
    think: Duration,
) -> Vec<(LevelFile, bool)> {
    let mut rng = SplitMix64::new(seed);
    (0..count)
        .map(|i| {
            let board_seed = rng.next_u64() % 1_000_000;
            let (width, height) = size;
            let f = Flood::new(
                width,
                height,
                colours,
                flood_cells(width, height, colours, board_seed),
                None,
            );
            let mut search = Search::new(Budget::time(think));
            let outcome = solve::flood::solve(&f, &mut search);
            let (best, proven) = match &outcome {
                Outcome::Solved { moves, optimal } => (moves.len() as u32, *optimal),
                Outcome::OutOfBudget { best: Some(b), .. } => (b.len() as u32, false),
                _ => (solve::flood::solve_fast(&f).len() as u32, false),
            };
            let level = LevelFile::Flood {
                name: format!("{width}x{height}, {colours} colours #{}", i + 1),
                cells: None,
                random: Some(RandomFlood {
                    width,
                    height,
                    colours,
                    seed: board_seed,
                }),
                colours: None,
                moves: Some(best.saturating_add(slack)),
                grade: None,
            };
            (level, proven)
        })
        .collect()
}

/// `count` random square Flood boards of `side` cells with six colours, each
/// seeded from one SplitMix64 stream: the benchmark workloads.
pub fn flood_boards(seed: u64, count: usize, side: u16) -> Vec<Flood> {
    let mut rng = SplitMix64::new(seed);
    (0..count)
        .map(|_| {
            Flood::new(
                side,
                side,
                6,
                flood_cells(side, side, 6, rng.next_u64()),
                None,
            )
        })
        .collect()
}
