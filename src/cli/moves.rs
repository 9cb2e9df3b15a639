//! `pond moves PACK --level N [--after "M1 M2 ..."] [--json] [--seconds S]`:
//! the move map of a position, every legal move marked as keeping the level
//! winnable or losing it, as the game draws it on the board.

use crate::levels;
use crate::solve::Budget;
use crate::solve::moves::{Left, MoveMap, Ways, move_map};
use clap::Args;
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(Debug, Args)]
pub struct MovesArgs {
    /// The pack file (a shipped pack's name works from anywhere: `pegs` or `pegs.ron`).
    pack: PathBuf,
    /// The level, counted from 1 in file order.
    #[arg(long)]
    level: usize,
    /// Moves to play first, in the level format's notation, separated by
    /// spaces (`--after "3-8 12-4"`).
    #[arg(long, value_name = "MOVES", default_value = "")]
    after: String,
    /// One JSON object instead of lines.
    #[arg(long)]
    json: bool,
    /// Seconds the whole map may take; a move not decided by then is marked
    /// as not known.
    #[arg(long, default_value_t = 20.0, value_parser = super::seconds)]
    seconds: f64,
}

pub fn run(args: MovesArgs) -> ExitCode {
    let pack = match levels::load(&args.pack) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let i = match super::pick_levels(pack.levels.len(), Some(args.level)) {
        Ok(c) => c[0],
        Err(e) => {
            eprintln!("error: {}: {e}", args.pack.display());
            return ExitCode::FAILURE;
        }
    };
    let mut puzzle = pack.levels[i].puzzle.clone();
    let after: Vec<&str> = args.after.split_whitespace().collect();
    for (n, text) in after.iter().enumerate() {
        let played = puzzle.parse_move(text).and_then(|mv| puzzle.apply(mv));
        if let Err(e) = played {
            eprintln!(
                "error: --after: move {} of {} (`{text}`) cannot be played: {e}",
                n + 1,
                after.len()
            );
            return ExitCode::FAILURE;
        }
    }
    let started = Instant::now();
    let map = move_map(
        &puzzle,
        &Budget::time(Duration::from_secs_f64(args.seconds)),
    );
    let millis = started.elapsed().as_secs_f64() * 1000.0;
    let file = args.pack.display().to_string();
    if args.json {
        // The position's object, then one per legal move.
        let mut position = left_json(&map.left);
        for (key, value) in [
            ("pack", json!(file)),
            ("level", json!(args.level)),
            ("name", json!(pack.levels[i].name)),
            ("after", json!(after)),
            ("won", json!(map.won)),
            ("legal", json!(map.moves.len())),
            ("winning", json!(map.winning())),
            ("undecided", json!(map.undecided())),
            ("millis", json!(millis)),
        ] {
            position[key] = value;
        }
        println!("{position}");
        for m in &map.moves {
            let mut o = left_json(&m.left);
            o["move"] = json!(m.mv.to_string());
            println!("{o}");
        }
    } else {
        println!(
            "{file} level {} \"{}\"{}: {}",
            args.level,
            pack.levels[i].name,
            if after.is_empty() {
                String::new()
            } else {
                format!(" after {}", levels::count_of(after.len(), "move", "moves"))
            },
            position_line(&map)
        );
        let width = map
            .moves
            .iter()
            .map(|m| m.mv.to_string().len())
            .max()
            .unwrap_or(0);
        for m in &map.moves {
            println!("  {:<width$}  {}", m.mv.to_string(), move_line(&m.left));
        }
        println!("  ({millis:.0} ms)");
    }
    ExitCode::SUCCESS
}

/// The position's line: won, lost, or winnable with its legal moves and how
/// many keep it winnable.
fn position_line(map: &MoveMap) -> String {
    if map.won {
        return "won".to_string();
    }
    let legal = levels::count_of(map.moves.len(), "legal move", "legal moves");
    let undecided = match map.undecided() {
        0 => String::new(),
        n => format!(", {n} not decided in time"),
    };
    match map.left.winnable {
        Some(false) => format!("lost, {legal}{undecided}"),
        None => format!("not known, {legal}{undecided}"),
        Some(true) => format!(
            "winnable{}, {legal}, {} winnable{undecided}",
            fewest(&map.left),
            map.winning(),
        ),
    }
}

/// One move's line: what is left after it.
fn move_line(left: &Left) -> String {
    match left.winnable {
        Some(false) => "loses".to_string(),
        None => "not known in time".to_string(),
        Some(true) => format!("keeps it winnable{}", fewest(left)),
    }
}

/// ", fewest moves N, W ways" as far as known.
fn fewest(left: &Left) -> String {
    let mut s = String::new();
    if let Some(n) = left.shortest {
        s += &format!(", {} to win", levels::count_of(n as usize, "move", "moves"));
    }
    match left.ways {
        Some(Ways::Exactly(n)) => {
            s += &format!(", {}", levels::count_of(n as usize, "way", "ways"))
        }
        Some(Ways::Many) => s += &format!(", {} ways or more", crate::solve::moves::WAYS_CAP),
        None => {}
    }
    s
}

/// A mark as JSON: `ways` is null past the cap (with `many` true then).
fn left_json(left: &Left) -> serde_json::Value {
    json!({
        "winnable": left.winnable,
        "shortest": left.shortest,
        "ways": match left.ways {
            Some(Ways::Exactly(n)) => json!(n),
            _ => json!(null),
        },
        "many": left.ways == Some(Ways::Many),
    })
}
