//! The command line: one file per subcommand.

mod bench;
mod check;
mod gen_pack;
mod solve;

use clap::{Parser, Subcommand, ValueEnum};
use std::process::ExitCode;

#[derive(Debug, Parser)]
#[command(
    name = "pond",
    version,
    about = "Pond Puzzles: Swap, Hop, Flood and Escape, with exact solvers"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve every level of a pack (or one) and print the moves and figures.
    Solve(solve::SolveArgs),
    /// Load and validate packs; warn about unsolvable levels.
    Check(check::CheckArgs),
    /// Generate a pack of levels from a seed and print it.
    Gen(gen_pack::GenArgs),
    /// Run the solver workloads and print a table of timings.
    Bench(bench::BenchArgs),
}

/// The puzzles, as the command line names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PuzzleName {
    Swap,
    Hop,
    Flood,
    Escape,
}

pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        None => {
            eprintln!(
                "The game window is not built yet. Try `pond solve levels/hop.ron`, `pond check levels/*.ron` or `pond --help`."
            );
            ExitCode::SUCCESS
        }
        Some(Command::Solve(args)) => solve::run(args),
        Some(Command::Check(args)) => check::run(args),
        Some(Command::Gen(args)) => gen_pack::run(args),
        Some(Command::Bench(args)) => bench::run(args),
    }
}

/// Picks levels by their 1-based number, or all of them.
fn pick_levels(count: usize, level: Option<usize>) -> Result<Vec<usize>, String> {
    match level {
        None => Ok((0..count).collect()),
        Some(n) if n >= 1 && n <= count => Ok(vec![n - 1]),
        Some(n) => Err(format!(
            "there is no level {n}: the pack has levels 1 to {count}"
        )),
    }
}
