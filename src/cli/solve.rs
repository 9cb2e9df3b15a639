//! `pond solve PACK [--level N] [--json] [--trace] [--plain] [--tree FILE] [--map FILE.svg]`

use super::pick_levels;
use crate::levels;
use crate::rules::PuzzleMove;
use crate::solve::map::{self, SearchMap};
use crate::solve::tree::SearchTree;
use crate::solve::{self, Budget, Outcome, Report, Sink, SolverEvent, plain, tree_draw};
use clap::Args;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The pack file (a shipped pack's name works from anywhere: `pegs` or `pegs.ron`).
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
    /// Search as the puzzles' first programs did: depth first, every move in
    /// order, no memory of positions, no pruning, the first answer kept.
    #[arg(long)]
    plain: bool,
    /// Write the search tree to FILE: an SVG picture (`.svg`) or a Graphviz
    /// graph (`.dot`). With several levels, each gets its own file
    /// (`FILE-level-N.svg`).
    #[arg(long, value_name = "FILE", value_parser = tree_file)]
    tree: Option<PathBuf>,
    /// Write the map of the whole search to FILE.svg: a band a depth, each
    /// position's moves sharing its width, the branches given up closed in
    /// their reason's colour, and the share of the search done.
    #[arg(long, value_name = "FILE", value_parser = map_file)]
    map: Option<PathBuf>,
}

fn map_file(text: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(text);
    match path.extension().and_then(|e| e.to_str()) {
        Some("svg") => Ok(path),
        _ => Err(format!(
            "`{text}` does not end in .svg (the map is a picture)"
        )),
    }
}

/// Nodes a written tree holds before branches given up are folded.
const TREE_NODES: usize = 3000;

fn tree_file(text: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(text);
    match path.extension().and_then(|e| e.to_str()) {
        Some("svg" | "dot") => Ok(path),
        _ => Err(format!(
            "`{text}` ends in neither .svg (a picture) nor .dot (a Graphviz graph)"
        )),
    }
}

/// The file for one level's tree: FILE itself, or with the level's number
/// when several levels are solved.
fn tree_path(path: &Path, level: usize, several: bool) -> PathBuf {
    if !several {
        return path.to_path_buf();
    }
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("tree");
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("svg");
    path.with_file_name(format!("{stem}-level-{level}.{ext}"))
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
    let several = chosen.len() > 1;
    for i in chosen {
        let level = &pack.levels[i];
        let (report, tree) = match search(&args, level) {
            Ok(found) => found,
            Err(why) => {
                eprintln!("error: {why}");
                return ExitCode::FAILURE;
            }
        };
        if let Some(tree) = &tree {
            let title = format!(
                "{} search of level {} \"{}\" ({})",
                if args.plain { "Plain" } else { "Solver's" },
                i + 1,
                level.name,
                level.puzzle.kind().name()
            );
            if let Err(why) = write_pictures(&args, tree, &title, i + 1, several) {
                eprintln!("error: {why}");
                return ExitCode::FAILURE;
            }
        }
        let found = Found::of(level, &report);
        if args.json {
            println!("{}", found.json(&args, i, level, &report));
        } else {
            found.print(&args, i, level, &report);
        }
    }
    ExitCode::SUCCESS
}

/// A search event as `--trace` prints it.
fn print_event(e: &SolverEvent<PuzzleMove>) {
    match e {
        SolverEvent::Tried { mv, depth } => println!("  try  {depth:>4} {mv}"),
        SolverEvent::TakenBack { mv, depth } => println!("  back {depth:>4} {mv}"),
        SolverEvent::Progress { nodes, depth } => {
            println!("  progress: {nodes} nodes, depth {depth}")
        }
        SolverEvent::Bound {
            moves,
            nodes,
            known,
        } => {
            let known = known.map_or(String::new(), |k| format!("; a win of {k} is known"));
            println!("  bound: no line under {moves} moves wins ({nodes} nodes expanded{known})")
        }
        SolverEvent::Cut { depth, why } => println!("  cut  {depth:>4} {}", why.words()),
        SolverEvent::Done(_) => {}
    }
}

/// Searches a level as the arguments say (the plain search or ours, with
/// its events traced and its tree kept when asked for).
fn search(
    args: &SolveArgs,
    level: &levels::Level,
) -> Result<(Report<PuzzleMove>, Option<SearchTree>), String> {
    let budget = Budget {
        nodes: args.nodes,
        time: Some(Duration::from_secs_f64(args.seconds.max(0.0))),
        ..Budget::default()
    };
    let mut tree = (args.tree.is_some() || args.map.is_some())
        .then(|| SearchTree::new(&level.puzzle, TREE_NODES));
    let mut lost = None;
    let trace = args.trace;
    let watched = args.trace || tree.is_some();
    let mut on_event = |e: &SolverEvent<PuzzleMove>| {
        if trace {
            print_event(e);
        }
        if let Some(t) = tree.as_mut()
            && let Err(why) = t.feed(e)
        {
            lost.get_or_insert(why);
        }
    };
    let sink: Option<Sink<'_, PuzzleMove>> = if watched { Some(&mut on_event) } else { None };
    let report = if args.plain {
        plain::solve_plain(&level.puzzle, budget, sink, watched)
    } else {
        solve::solve(&level.puzzle, budget, sink, watched)
    };
    match lost {
        Some(why) => Err(format!("the search tree lost its place: {}", why.0)),
        None => Ok((report, tree)),
    }
}

/// Writes the search's map (`--map`) and tree (`--tree`) of level `number`.
fn write_pictures(
    args: &SolveArgs,
    tree: &SearchTree,
    title: &str,
    number: usize,
    several: bool,
) -> Result<(), String> {
    let write = |path: &Path, text: String| {
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    if let Some(path) = &args.map {
        let path = tree_path(path, number, several);
        let map = SearchMap::of(tree);
        write(&path, map::svg(&map, title))?;
        let done = map
            .done_words()
            .unwrap_or_else(|| "best first, drawn by rounds".into());
        eprintln!("wrote {}: {done}", path.display());
    }
    if let Some(path) = &args.tree {
        let path = tree_path(path, number, several);
        let words = |mv: PuzzleMove| mv.to_string();
        let text = if path.extension().is_some_and(|e| e == "dot") {
            tree_draw::dot(tree, title, &words)
        } else {
            tree_draw::svg(tree, title, &words)
        };
        write(&path, text)?;
        eprintln!("wrote {}: {}", path.display(), tree.stats().words());
    }
    Ok(())
}

/// What a search found of a level, held against the level's move limit.
struct Found {
    moves: Option<Vec<String>>,
    /// Known winnable (within the limit), known not, or undecided.
    solvable: Option<bool>,
    optimal: bool,
    limit: Option<i64>,
    /// The line found is longer than the limit.
    over: bool,
    millis: f64,
}

impl Found {
    fn of(level: &levels::Level, report: &Report<PuzzleMove>) -> Found {
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
        Found {
            moves,
            solvable,
            optimal,
            limit,
            over,
            millis: report.elapsed.as_secs_f64() * 1000.0,
        }
    }

    /// The level's line of `--json`.
    fn json(
        &self,
        args: &SolveArgs,
        i: usize,
        level: &levels::Level,
        report: &Report<PuzzleMove>,
    ) -> serde_json::Value {
        json!({
            "level": i + 1,
            "name": level.name,
            "puzzle": level.puzzle.kind().name(),
            "search": if args.plain { "plain" } else { "solver" },
            "solvable": self.solvable,
            "moves": self.moves.as_ref().map(|m| m.len()),
            "optimal": self.optimal,
            "solution": self.moves.clone().unwrap_or_default(),
            "limit": self.limit,
            "within_limit": self.moves.is_some().then_some(!self.over),
            "nodes": report.nodes,
            "millis": (self.millis * 1000.0).round() / 1000.0,
            "stopped": match &report.outcome {
                Outcome::OutOfBudget { reason, .. } => Some(reason.to_string()),
                _ => None,
            },
        })
    }

    /// The level's lines in words: the verdict, then the moves found.
    fn print(
        &self,
        args: &SolveArgs,
        i: usize,
        level: &levels::Level,
        report: &Report<PuzzleMove>,
    ) {
        let figures = format!("{} nodes, {:.1} ms", report.nodes, self.millis);
        let summary = match &report.outcome {
            Outcome::Solved { moves, optimal } => format!(
                "solved in {} ({}), {figures}",
                levels::count_of(moves.len(), "move", "moves"),
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
                    "out of budget ({reason}); best found {}, not proven optimal, {figures}",
                    levels::count_of(b.len(), "move", "moves")
                )
            }
            Outcome::OutOfBudget { best: None, reason } => {
                format!("undecided: out of budget ({reason}), {figures}")
            }
        };
        let summary = match self.limit {
            Some(l) if self.over && self.optimal => {
                format!(
                    "{summary}; over the level's limit of {}: it cannot be won",
                    levels::count_of(l as usize, "move", "moves")
                )
            }
            Some(l) if self.over => {
                format!(
                    "{summary}; over the level's limit of {}: undecided within it",
                    levels::count_of(l as usize, "move", "moves")
                )
            }
            _ => summary,
        };
        let search = if args.plain { "plain search: " } else { "" };
        println!(
            "level {} \"{}\" ({}): {search}{summary}",
            i + 1,
            level.name,
            level.puzzle.kind().name()
        );
        if let Some(m) = &self.moves {
            println!("  {}", m.join(" "));
        }
    }
}
