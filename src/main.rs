//! `pond`: plays the game, or solves, checks, generates and benchmarks levels.

use clap::Parser;
use pond_puzzles::cli::{self, Cli};
use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run(Cli::parse())
}
