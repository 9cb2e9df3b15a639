//! `pond check --replay "LINE"`: whether a game's line (`CODE: M1 M2 ...`)
//! is legal, where it stops being legal and why, and how it ends. The exit
//! status is 0 only for a legal line.

use crate::levels::game_line::GameLine;
use std::process::ExitCode;

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
