//! `pond check PACK...`: exit status 0 only if every file is sound.

use crate::levels;
use crate::solve::{self, Budget, Outcome};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Pack files.
    #[arg(required = true)]
    packs: Vec<PathBuf>,
    /// Seconds the solver may spend on each level.
    #[arg(long, default_value_t = 5.0, value_parser = super::seconds)]
    seconds: f64,
}

pub fn run(args: CheckArgs) -> ExitCode {
    let mut sound = true;
    for path in &args.packs {
        let pack = match levels::load(path) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("error: {e}");
                sound = false;
                continue;
            }
        };
        let mut warnings = 0;
        for (i, level) in pack.levels.iter().enumerate() {
            let budget = Budget::time(Duration::from_secs_f64(args.seconds.max(0.0)));
            let report = solve::solve(&level.puzzle, budget, None, false);
            let label = format!("{}: level {} \"{}\"", path.display(), i + 1, level.name);
            match &report.outcome {
                Outcome::Unsolvable => {
                    warnings += 1;
                    println!("warning: {label}: the solver proves it unsolvable");
                }
                Outcome::OutOfBudget { best: None, reason } => {
                    warnings += 1;
                    println!("warning: {label}: undecided ({reason})");
                }
                outcome => {
                    if let (Some(limit), Some(moves)) = (level.puzzle.moves_left(), outcome.moves())
                        && moves.len() as i64 > limit
                        && matches!(outcome, Outcome::Solved { optimal: true, .. })
                    {
                        warnings += 1;
                        println!(
                            "warning: {label}: needs {} moves but the limit is {limit}: it cannot be won",
                            moves.len()
                        );
                    }
                }
            }
        }
        // A pack with nothing in it is no mistake of the format, but an
        // author wants to hear of it.
        if pack.levels.is_empty() {
            warnings += 1;
            println!(
                "warning: {}: the pack holds no level; add one to `levels`",
                path.display()
            );
        }
        let summary = match (pack.levels.len(), warnings) {
            (0, _) => "no levels".to_string(),
            (n, 0) => format!("{}, all sound and solvable", count(n, "level")),
            (n, w) => format!("{}, {}", count(n, "level"), count(w, "warning")),
        };
        println!("{}: {summary}", path.display());
    }
    if sound {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// "1 level", "2 levels".
fn count(n: usize, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}
