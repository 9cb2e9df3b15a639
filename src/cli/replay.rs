//! `pond check --replay "LINE"`: whether a game's line (`CODE: M1 M2 ...`)
//! is legal, where it stops being legal and why, and how it ends. The exit
//! status is 0 only for a legal line. Also the level and moves that `pond
//! play --replay` plays.

use crate::levels::Level;
use crate::levels::game_line::{GameLine, Replay};
use crate::rules::PuzzleMove;
use std::process::ExitCode;

/// The level of a game's line (its code as written back, and the level),
/// the moves to replay (those up to the first that cannot be played), and
/// where it stopped being legal, in words, which is told as a warning too.
pub type Opened = ((String, Level), Vec<PuzzleMove>, Option<String>);

pub fn open(line: &str) -> Result<Opened, String> {
    let replay = GameLine::parse(line)?.replay()?;
    let stop = replay.stop.as_ref().map(|stop| {
        format!(
            "{stop}; {}.",
            crate::levels::game_line::replayed_before(replay.moves.len())
        )
    });
    if let Some(stop) = &stop {
        eprintln!("warning: {stop}");
    }
    Ok(((replay.code.to_string(), replay.level), replay.moves, stop))
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
                "{}: the {played} before it can be replayed, and leave it {}",
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

/// The biggest file of games read: a class's worth of games is far less.
const MOST_FILE_BYTES: u64 = 16 << 20;

/// `pond replay FILE`: a file of games' lines replayed one after another in
/// the game, for a demonstration.
#[derive(Debug, clap::Args)]
pub struct ReplayArgs {
    /// A file of games, one line each (`CODE: M1 M2 ...`, as Ctrl+C copies
    /// them); empty lines and lines that start with `#` are passed over.
    file: std::path::PathBuf,
    /// Auto-play's speed: 0.25 to 16, or "instant".
    #[arg(long, value_parser = crate::game::solver::Speed::parse)]
    speed: Option<crate::game::solver::Speed>,
    /// Seconds between the end of one game and the start of the next.
    #[arg(long, default_value = "2", value_parser = super::seconds)]
    pause: f64,
    /// Exit when the last game has been replayed, printing how each ended
    /// (`line N: won: M moves`); the status is 0 only when the last is won.
    #[arg(long)]
    exit_when_done: bool,
    /// Keep progress in this directory instead of the platform's data
    /// directory.
    #[arg(long)]
    data_dir: Option<std::path::PathBuf>,
}

/// The games of a file: each line read and replayed on its level here, so
/// that a mistake is told by file and line before the window opens. A line
/// that cannot be read is left out; one with a move that cannot be played
/// replays the moves before it.
pub fn read_file(path: &std::path::Path) -> Result<Vec<(usize, GameLine, Replay)>, String> {
    let file = path.display().to_string();
    let size = std::fs::metadata(path)
        .map_err(|e| format!("{file}: cannot read: {e}"))?
        .len();
    if size > MOST_FILE_BYTES {
        return Err(format!(
            "{file}: {size} bytes; a file of games is at most {MOST_FILE_BYTES}"
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("{file}: cannot read: {e}"))?;
    let text = crate::levels::decode(&file, bytes).map_err(|e| e.to_string())?;
    let mut games = Vec::new();
    for (i, text) in text.lines().enumerate() {
        let number = i + 1;
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        match GameLine::parse(text).and_then(|l| l.replay().map(|r| (l, r))) {
            Ok((line, replay)) => {
                if let Some(stop) = &replay.stop {
                    eprintln!(
                        "{file}:{number}: warning: {stop}; the {} before it are replayed",
                        moves(replay.moves.len())
                    );
                }
                games.push((number, line, replay));
            }
            Err(e) => eprintln!("{file}:{number}: error: {e}; this game is left out"),
        }
    }
    if games.is_empty() {
        return Err(format!("{file}: no game to replay"));
    }
    Ok(games)
}

pub fn run_file(args: ReplayArgs) -> ExitCode {
    let mut games = match read_file(&args.file) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let (first, _, replay) = games.remove(0);
    super::play(crate::game::GameOptions {
        code: Some((replay.code.to_string(), replay.level)),
        level: Some(1),
        replay: Some(replay.moves),
        line_queue: Some(crate::game::QueuedLines {
            first,
            lines: games.into_iter().map(|(n, line, _)| (n, line)).collect(),
            pause: args.pause as f32,
        }),
        speed: args.speed,
        exit_when_done: args.exit_when_done,
        data_dir: args.data_dir,
        daily: Some(crate::game::daily::today()),
        ..crate::game::GameOptions::default()
    })
}
