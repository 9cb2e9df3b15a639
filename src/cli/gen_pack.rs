//! `pond gen swap|hop|flood|escape [options] --seed N [--count K]`

use crate::levels::PackFile;
use crate::levels::generate::{GenOptions, Generated, write_pack};
use crate::rules::PuzzleKind;
use clap::Args;
use std::process::ExitCode;

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
    // Each puzzle reads the options it has (the registration says which
    // puzzle's generator to call: nothing here names one).
    let opts = a.options();
    let made = pond_core::each_kind!(a.puzzle, T => <T as Generated>::generate(&opts));
    let levels = match made {
        Ok(levels) => levels,
        Err(why) => {
            eprintln!("error: {why}");
            return ExitCode::FAILURE;
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
        write_pack(&pack, &format!("Made by `{}`.", a.command(&opts)))
    );
    ExitCode::SUCCESS
}

impl GenArgs {
    fn puzzle_name(&self) -> &'static str {
        self.puzzle.name()
    }

    /// The options as the puzzles' generators read them.
    fn options(&self) -> GenOptions {
        GenOptions {
            seed: self.seed,
            count: self.count,
            max_side: self.max_side,
            width: self.width,
            height: self.height,
            colours: self.colours,
            slack: self.slack,
            think: self.think,
            rows: self.rows,
            cols: self.cols,
            types: self.types,
        }
    }

    /// The whole command that makes this pack again: every option the
    /// puzzle reads, with the value used (`colours` as worked out).
    fn command(&self, opts: &GenOptions) -> String {
        let mut words = vec![
            "pond gen".to_string(),
            self.puzzle_name().to_string(),
            format!("--seed {}", self.seed),
            format!("--count {}", self.count),
        ];
        words.extend(pond_core::each_kind!(self.puzzle, T => <T as Generated>::flags(opts)));
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
