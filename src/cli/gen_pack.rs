//! `pond gen swap|hop|flood|escape [options] --seed N [--count K]`

use crate::levels::PackFile;
use crate::levels::generate::{self, write_pack};
use crate::rules::PuzzleKind;
use clap::Args;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Debug, Args)]
pub struct GenArgs {
    /// The puzzle of the pack's levels.
    #[arg(value_parser = super::puzzle_kind())]
    puzzle: PuzzleKind,
    /// The seed: the same seed and options make the same pack.
    #[arg(long)]
    seed: u64,
    /// How many levels (1 to 1000).
    #[arg(long, default_value_t = 10)]
    count: usize,
    /// Swap: most frogs a side.
    #[arg(long, default_value_t = 6)]
    max_side: usize,
    /// Flood: the board's width.
    #[arg(long, default_value_t = 14)]
    width: u16,
    /// Flood: the board's height.
    #[arg(long, default_value_t = 14)]
    height: u16,
    /// Flood and Escape: number of colours (Flood 6, Escape as many as types).
    #[arg(long)]
    colours: Option<u8>,
    /// Flood: moves allowed beyond the solver's best.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=1000))]
    slack: u32,
    /// Flood: seconds the solver may think about each board.
    #[arg(long, default_value_t = 10.0, value_parser = super::seconds)]
    think: f64,
    /// Escape: the prison's rows.
    #[arg(long, default_value_t = 4)]
    rows: u8,
    /// Escape: the animals in a row.
    #[arg(long, default_value_t = 4)]
    cols: u8,
    /// Escape: the kinds of animal (1 to 12).
    #[arg(long, default_value_t = 4)]
    types: u8,
    /// The pack's name.
    #[arg(long)]
    name: Option<String>,
}

pub fn run(a: GenArgs) -> ExitCode {
    if a.count == 0 || a.count > crate::levels::limits::LEVELS {
        eprintln!(
            "error: --count must be 1 to {}",
            crate::levels::limits::LEVELS
        );
        return ExitCode::FAILURE;
    }
    let colours = a.colours.unwrap_or(match a.puzzle {
        PuzzleKind::Escape => a.types,
        PuzzleKind::Swap | PuzzleKind::Hop | PuzzleKind::Flood => 6,
    });
    let levels = match a.puzzle {
        PuzzleKind::Swap => generate::swap_levels(a.seed, a.count, a.max_side),
        PuzzleKind::Hop => generate::hop_levels(a.seed, a.count),
        PuzzleKind::Flood => {
            let max = crate::levels::limits::FLOOD_SIDE as u16;
            if !(1..=max).contains(&a.width)
                || !(1..=max).contains(&a.height)
                || !(2..=10).contains(&colours)
            {
                eprintln!("error: Flood boards are 1 to {max} cells a side with 2 to 10 colours");
                return ExitCode::FAILURE;
            }
            let think = Duration::from_secs_f64(a.think.max(0.0));
            generate::flood_levels(
                a.seed,
                a.count,
                (a.width, a.height),
                colours,
                a.slack,
                think,
            )
            .into_iter()
            .map(|(l, _)| l)
            .collect()
        }
        PuzzleKind::Escape => {
            let side = crate::levels::limits::ESCAPE_SIDE as u8;
            if !(1..=side).contains(&a.rows)
                || !(1..=side).contains(&a.cols)
                || !(1..=12).contains(&a.types)
                || !(1..=9).contains(&colours)
            {
                eprintln!(
                    "error: Escape grids are 1 to {side} a side, with 1 to 12 types and 1 to 9 colours"
                );
                return ExitCode::FAILURE;
            }
            generate::escape_levels(a.seed, a.count, a.rows, a.cols, a.types, colours)
        }
    };
    // Few deals of a large prison with many kinds can be won: the search for
    // them is bounded, and says what it found.
    if levels.is_empty() {
        eprintln!(
            "error: no winnable level was found in the tries allowed: try another seed, or fewer kinds or colours"
        );
        return ExitCode::FAILURE;
    }
    if levels.len() < a.count {
        eprintln!(
            "warning: {} of the {} levels asked for were found in the tries allowed",
            levels.len(),
            a.count
        );
    }
    let name = a
        .name
        .clone()
        .unwrap_or_else(|| format!("Generated {} (seed {})", a.puzzle_name(), a.seed));
    let pack = PackFile {
        name,
        author: Some("pond gen".into()),
        levels,
    };
    print!(
        "{}",
        write_pack(&pack, &format!("Made by `{}`.", a.command(colours)))
    );
    ExitCode::SUCCESS
}

impl GenArgs {
    fn puzzle_name(&self) -> &'static str {
        self.puzzle.name()
    }

    /// The whole command that makes this pack again: every option the
    /// puzzle reads, with the value used (`colours` as worked out).
    fn command(&self, colours: u8) -> String {
        let mut words = vec![
            "pond gen".to_string(),
            self.puzzle_name().to_string(),
            format!("--seed {}", self.seed),
            format!("--count {}", self.count),
        ];
        match self.puzzle {
            PuzzleKind::Swap => words.push(format!("--max-side {}", self.max_side)),
            PuzzleKind::Hop => {}
            PuzzleKind::Flood => words.extend([
                format!("--width {} --height {}", self.width, self.height),
                format!("--colours {colours} --slack {}", self.slack),
                format!("--think {}", self.think),
            ]),
            PuzzleKind::Escape => words.extend([
                format!("--rows {} --cols {}", self.rows, self.cols),
                format!("--types {} --colours {colours}", self.types),
            ]),
        }
        if let Some(name) = &self.name {
            words.push(format!("--name {}", quoted(name)));
        }
        words.join(" ")
    }
}

/// `text` quoted for a shell: in single quotes, a quote inside written as
/// `'\''`.
fn quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}
