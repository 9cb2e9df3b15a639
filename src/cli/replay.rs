//! `pond check --replay "LINE"`: whether a game's line (`CODE: M1 M2 ...`)
//! is legal, where it stops being legal and why, and how it ends. The exit
//! status is 0 only for a legal line. Also the level and moves that `pond
//! play --replay` plays.

use crate::levels::Level;
use crate::levels::game_line::GameLine;
use crate::rules::PuzzleMove;
use std::process::ExitCode;

/// The level of a game's line (its code as written back, and the level) and
/// the moves to replay: those up to the first that cannot be played, which
/// is told as a warning.
pub fn open(line: &str) -> Result<((String, Level), Vec<PuzzleMove>), String> {
    let replay = GameLine::parse(line)?.replay()?;
    if let Some(stop) = &replay.stop {
        eprintln!(
            "warning: {stop}; the {} before it are replayed",
            moves(replay.moves.len())
        );
    }
    Ok(((replay.code.to_string(), replay.level), replay.moves))
}

pub fn check(line: &str) -> ExitCode {
    let replay = match GameLine::parse(line).and_then(|l| l.replay()) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let played = moves(replay.moves.len());
    match &replay.stop {
        None => {
            println!("{}: legal, {played}, {}", replay.code, replay.ending());
            ExitCode::SUCCESS
        }
        Some(stop) => {
            println!("{}: not legal: {stop}", replay.code);
            println!(
                "{}: {played} before it replay, {}",
                replay.code,
                replay.ending()
            );
            ExitCode::FAILURE
        }
    }
}

/// "1 move", "2 moves".
fn moves(n: usize) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}
