//! `pond solve PACK [--level N] [--json] [--trace]`

use super::pick_levels;
use crate::levels;
use crate::rules::PuzzleMove;
use crate::solve::{self, Budget, Outcome, Sink, SolverEvent};
use clap::Args;
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The pack file (a shipped pack's file name works from anywhere).
    pack: PathBuf,
    /// Only this level, counted from 1 in file order.
    #[arg(long)]
    level: Option<usize>,
    /// One JSON object per level per line.
    #[arg(long)]
    json: bool,
    /// Print the search as it happens: every move tried and taken back.
    #[arg(long)]
    trace: bool,
    /// Seconds each level's search may take.
    #[arg(long, default_value_t = 60.0, value_parser = super::seconds)]
    seconds: f64,
    /// Nodes each level's search may visit.
    #[arg(long)]
    nodes: Option<u64>,
}

pub fn run(args: SolveArgs) -> ExitCode {
    let pack = match levels::load(&args.pack) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let chosen = match pick_levels(pack.levels.len(), args.level) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    for i in chosen {
        let level = &pack.levels[i];
        let budget = Budget {
            nodes: args.nodes,
            time: Some(Duration::from_secs_f64(args.seconds.max(0.0))),
            ..Budget::default()
        };
        let mut print_event = |e: &SolverEvent<PuzzleMove>| match e {
            SolverEvent::Tried { mv, depth } => println!("  try  {depth:>4} {mv}"),
            SolverEvent::TakenBack { mv, depth } => println!("  back {depth:>4} {mv}"),
            SolverEvent::Progress { nodes, depth } => {
                println!("  progress: {nodes} nodes, depth {depth}")
            }
            SolverEvent::Done(_) => {}
        };
        let sink: Option<Sink<'_, PuzzleMove>> = if args.trace {
            Some(&mut print_event)
        } else {
            None
        };
        let report = solve::solve(&level.puzzle, budget, sink, args.trace);
        let millis = report.elapsed.as_secs_f64() * 1000.0;
        let moves: Option<Vec<String>> = report
            .outcome
            .moves()
            .map(|m| m.iter().map(|mv| mv.to_string()).collect());
        let (solvable, optimal) = match &report.outcome {
            Outcome::Solved { optimal, .. } => (Some(true), *optimal),
            Outcome::Unsolvable => (Some(false), false),
            Outcome::OutOfBudget { best: Some(_), .. } => (Some(true), false),
            Outcome::OutOfBudget { best: None, .. } => (None, false),
        };
        // The level's move limit, as `check` and the game hold it: a line
        // longer than the limit does not win the level; proven shortest, the
        // level cannot be won.
        let limit = level.puzzle.moves_left();
        let over = match (limit, &moves) {
            (Some(l), Some(m)) => m.len() as i64 > l,
            _ => false,
        };
        let solvable = match solvable {
            Some(true) if over && optimal => Some(false),
            Some(true) if over => None,
            other => other,
        };
        let kind = level.puzzle.kind().name();
        if args.json {
            let line = json!({
                "level": i + 1,
                "name": level.name,
                "puzzle": kind,
                "solvable": solvable,
                "moves": moves.as_ref().map(|m| m.len()),
                "optimal": optimal,
                "solution": moves.clone().unwrap_or_default(),
                "limit": limit,
                "within_limit": moves.is_some().then_some(!over),
                "nodes": report.nodes,
                "millis": (millis * 1000.0).round() / 1000.0,
                "stopped": match &report.outcome {
                    Outcome::OutOfBudget { reason, .. } => Some(reason.to_string()),
                    _ => None,
                },
            });
            println!("{line}");
            continue;
        }
        let figures = format!("{} nodes, {millis:.1} ms", report.nodes);
        let summary = match &report.outcome {
            Outcome::Solved { moves, optimal } => format!(
                "solved in {} moves ({}), {figures}",
                moves.len(),
                if *optimal {
                    "optimal"
                } else {
                    "not proven optimal"
                }
            ),
            Outcome::Unsolvable => format!("unsolvable (proven), {figures}"),
            Outcome::OutOfBudget {
                best: Some(b),
                reason,
            } => {
                format!(
                    "out of budget ({reason}); best found {} moves, not proven optimal, {figures}",
                    b.len()
                )
            }
            Outcome::OutOfBudget { best: None, reason } => {
                format!("undecided: out of budget ({reason}), {figures}")
            }
        };
        let summary = match limit {
            Some(l) if over && optimal => {
                format!("{summary}; over the level's limit of {l} moves: it cannot be won")
            }
            Some(l) if over => {
                format!("{summary}; over the level's limit of {l} moves: undecided within it")
            }
            _ => summary,
        };
        println!("level {} \"{}\" ({kind}): {summary}", i + 1, level.name);
        if let Some(m) = moves {
            println!("  {}", m.join(" "));
        }
    }
    ExitCode::SUCCESS
}
