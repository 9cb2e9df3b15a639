//! `pond check PACK...`: exit status 0 only if every file is sound (and,
//! with `--strict`, gave no warning). `pond check --replay LINE` checks a
//! game's line instead (in `replay.rs`).

use crate::levels;
use crate::solve::{self, Budget, Outcome};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Pack files.
    #[arg(required_unless_present = "replay")]
    packs: Vec<PathBuf>,
    /// Seconds the solver may spend on each level.
    #[arg(long, default_value_t = 5.0, value_parser = super::seconds)]
    seconds: f64,
    /// Fail (exit status 1) on warnings too, as a pack's own CI may want.
    #[arg(long)]
    strict: bool,
    /// Check a game's line instead (`CODE: M1 M2 ...`): whether it is legal,
    /// where it stops being legal and why, and how it ends.
    #[arg(long, value_name = "LINE", conflicts_with = "packs")]
    replay: Option<String>,
}

/// A move limit this far above the shortest solution (and half as far
/// again as the solution is long) is worth an author's second look.
const LOOSE_LIMIT: i64 = 5;

pub fn run(args: CheckArgs) -> ExitCode {
    if let Some(line) = &args.replay {
        return super::replay::check(line);
    }
    let mut sound = true;
    let mut warned = false;
    for path in &args.packs {
        let pack = match levels::load_all(path) {
            Ok(p) => p,
            Err(errors) => {
                for e in &errors {
                    eprintln!("error: {e}");
                }
                if errors.len() > 1 {
                    eprintln!(
                        "{}: {}",
                        path.display(),
                        levels::count_of(errors.len(), "error", "errors")
                    );
                }
                sound = false;
                continue;
            }
        };
        let mut warnings = 0;
        let names = levels::name_warnings(&pack, &crate::typeface::drawable);
        for (i, level) in pack.levels.iter().enumerate() {
            let budget = Budget::time(Duration::from_secs_f64(args.seconds.max(0.0)));
            let report = solve::solve(&level.puzzle, budget, None, false);
            let place = pack
                .places
                .get(i)
                .map(|p| format!(":{}:{}", p.line, p.col))
                .unwrap_or_default();
            let label = format!(
                "{}{place}: level {} \"{}\"",
                path.display(),
                i + 1,
                level.name
            );
            for w in names.iter().filter(|w| w.level == i) {
                warnings += 1;
                println!("warning: {label}: {}", w.message);
            }
            if level.puzzle.is_won() {
                warnings += 1;
                println!(
                    "warning: {label}: it is won before any move (its start is already its goal)"
                );
                continue;
            }
            match &report.outcome {
                Outcome::Unsolvable => {
                    warnings += 1;
                    println!(
                        "warning: {label}: the solver proves it unsolvable: no line of moves reaches the goal, so no player can win it"
                    );
                }
                Outcome::OutOfBudget { best: None, reason } => {
                    warnings += 1;
                    println!(
                        "warning: {label}: undecided ({reason}): the solver could not tell in {} s whether it can be won; `--seconds` gives it longer",
                        args.seconds
                    );
                }
                outcome => {
                    if let (Some(limit), Some(moves)) = (level.puzzle.moves_left(), outcome.moves())
                        && moves.len() as i64 > limit
                        && matches!(outcome, Outcome::Solved { optimal: true, .. })
                    {
                        warnings += 1;
                        println!(
                            "warning: {label}: needs {} but the limit is {limit}: it cannot be won",
                            levels::count_of(moves.len(), "move", "moves")
                        );
                    }
                    if let (
                        Some(limit),
                        Outcome::Solved {
                            moves,
                            optimal: true,
                        },
                    ) = (level.puzzle.moves_left(), outcome)
                    {
                        let shortest = moves.len() as i64;
                        if limit - shortest > LOOSE_LIMIT.max(shortest / 2) {
                            warnings += 1;
                            println!(
                                "warning: {label}: the limit of {} is {} more than the shortest solution's {shortest}: it hardly limits anything",
                                levels::count_of(limit as usize, "move", "moves"),
                                limit - shortest
                            );
                        }
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
            (n, 0) => format!(
                "{}, all sound and solvable",
                levels::count_of(n, "level", "levels")
            ),
            (n, w) => format!(
                "{}, {}",
                levels::count_of(n, "level", "levels"),
                levels::count_of(w, "warning", "warnings")
            ),
        };
        println!("{}: {summary}", path.display());
        warned |= warnings > 0;
    }
    if sound && !(args.strict && warned) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
