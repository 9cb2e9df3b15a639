//! A game as one line of text, `CODE: M1 M2 ...`: a level code (`pegs.8`,
//! `F14x14c6d3-4821`, a board code) and the moves in the notation `pond
//! solve` prints. Players copy, paste and share these lines, so the line is a
//! contract (documented in `levels/README.md`): read, written, and replayed
//! here, move by move, up to the first move that cannot be played.

use super::Level;
use super::code::LevelCode;
use crate::rules::{MoveError, Puzzle, PuzzleKind, PuzzleMove, Rules};
use std::fmt;

/// The longest line read, in bytes: these lines come from strangers.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// A game as written: the level's code and the moves' text, not yet played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameLine {
    pub code: LevelCode,
    /// Each move as written, in order.
    pub moves: Vec<String>,
}

impl GameLine {
    /// The line of a game: `code` and the moves played on its level.
    pub fn new(code: LevelCode, moves: &[PuzzleMove]) -> GameLine {
        GameLine {
            code,
            moves: moves.iter().map(PuzzleMove::to_string).collect(),
        }
    }

    /// Reads `CODE: M1 M2 ...`. A line with no `:` is a code and no moves.
    /// The code must be known; the moves are only read as words here and
    /// judged by `replay`.
    pub fn parse(text: &str) -> Result<GameLine, String> {
        if text.len() > MAX_LINE_BYTES {
            return Err(format!(
                "a game line is at most {MAX_LINE_BYTES} bytes; this one has {}",
                text.len()
            ));
        }
        let text = text.trim();
        if text.is_empty() {
            return Err("an empty line: expected `CODE: MOVES`, as `pegs.8: 5-17 8-10`".into());
        }
        let (code, moves) = text.split_once(':').unwrap_or((text, ""));
        let code = LevelCode::parse(code)?;
        Ok(GameLine {
            code,
            moves: moves.split_whitespace().map(str::to_string).collect(),
        })
    }

    /// Makes the code's level and plays the moves on it, stopping at the
    /// first that cannot be played. Err only when the level cannot be made
    /// (a shipped pack has no such level, a board the loader refuses).
    pub fn replay(&self) -> Result<Replay, String> {
        let level = self.code.level()?;
        let (moves, end, stop) = self.play_on(&level.puzzle);
        Ok(Replay {
            code: self.code.clone(),
            level,
            moves,
            end,
            stop,
        })
    }

    /// Plays the moves on `start` (the code's level, already made), up to
    /// the first that cannot be played: the moves played, where they end,
    /// and the stop if one could not be played.
    pub fn play_on(&self, start: &Puzzle) -> (Vec<PuzzleMove>, Puzzle, Option<Stop>) {
        play_moves(start, &self.moves)
    }
}

/// What was replayed of a line that stopped after `n` moves: "the 3 moves
/// before it were replayed", "the move before it was replayed", "no move
/// before it".
pub fn replayed_before(n: usize) -> String {
    match n {
        0 => "no move before it".to_string(),
        1 => "the move before it was replayed".to_string(),
        n => format!("the {n} moves before it were replayed"),
    }
}

/// Plays moves written as a line writes them on `start`, up to the first
/// that cannot be played: the moves played, where they end, and the stop.
pub fn play_moves(start: &Puzzle, texts: &[String]) -> (Vec<PuzzleMove>, Puzzle, Option<Stop>) {
    let mut end = start.clone();
    let mut moves = Vec::new();
    let mut stop = None;
    for (i, text) in texts.iter().enumerate() {
        let played = end
            .parse_move(text)
            .map_err(|e| why_not_read(&end, text, e));
        let played =
            played.and_then(|mv| end.apply(mv).map(|_| mv).map_err(|e| Refusal::Illegal(e.0)));
        match played {
            Ok(mv) => moves.push(mv),
            Err(why) => {
                stop = Some(Stop {
                    index: i + 1,
                    text: text.clone(),
                    why,
                });
                break;
            }
        }
    }
    (moves, end, stop)
}

impl fmt::Display for GameLine {
    /// `CODE: M1 M2 ...`, or `CODE:` with no moves.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.code)?;
        for m in &self.moves {
            write!(f, " {m}")?;
        }
        Ok(())
    }
}

/// Why a move of a line cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// A move of this puzzle's notation that the rules refuse here.
    Illegal(String),
    /// Written in the notation of other puzzles (a Hop jump in a Flood game).
    OtherPuzzle {
        /// What the text looks like.
        written_as: String,
        /// What a move of this level looks like.
        expected: &'static str,
    },
    /// Not a move of this level at all (a word, a pad that is not there).
    NotAMove(String),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Illegal(why) => write!(f, "an illegal move: {why}"),
            Refusal::OtherPuzzle {
                written_as,
                expected,
            } => write!(
                f,
                "a move of another puzzle: it is written as {written_as}, and a move here is {expected}"
            ),
            Refusal::NotAMove(why) => write!(f, "not a move of this level: {why}"),
        }
    }
}

/// The first move of a line that cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stop {
    /// Its place in the line, counted from 1.
    pub index: usize,
    /// The move as written.
    pub text: String,
    pub why: Refusal,
}

impl Stop {
    /// Where the line stops and `why`, the move quoted with `quote` (the
    /// command line's backticks, the game's plain quotes).
    pub fn words(&self, why: impl fmt::Display, quote: char) -> String {
        format!(
            "move {} {quote}{}{quote} cannot be played: {why}",
            self.index, self.text
        )
    }
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(&self.why, '`'))
    }
}

/// A line played out: every legal move up to the first that is not.
#[derive(Debug, Clone)]
pub struct Replay {
    pub code: LevelCode,
    pub level: Level,
    /// The moves played, in order (all of the line's, when `stop` is None).
    pub moves: Vec<PuzzleMove>,
    /// The position after the last move played.
    pub end: Puzzle,
    /// The first move that could not be played, if any.
    pub stop: Option<Stop>,
}

impl Replay {
    /// True when every move of the line was played.
    pub fn is_legal(&self) -> bool {
        self.stop.is_none()
    }

    /// The start, then the position after each move played, in order
    /// (made one at a time: a long game of a big board is not held whole).
    pub fn positions(&self) -> impl Iterator<Item = Puzzle> + '_ {
        let mut at = self.level.puzzle.clone();
        std::iter::once(at.clone()).chain(self.moves.iter().map(move |&mv| {
            // Each was played once already, on the same positions.
            let _ = at.apply(mv);
            at.clone()
        }))
    }

    /// The line of the moves played (without the refused move and those after it).
    pub fn legal_line(&self) -> GameLine {
        GameLine::new(self.code.clone(), &self.moves)
    }

    /// How the game ends after the moves played, in words.
    pub fn ending(&self) -> Ending {
        if self.end.is_won() {
            Ending::Won
        } else if self.end.is_stuck() {
            Ending::Lost
        } else {
            Ending::Unfinished
        }
    }
}

/// Where a replayed game stands after its last move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    Won,
    /// It can no longer be won: no move left, or its move limit used up.
    Lost,
    /// Moves are left and it is not won yet.
    Unfinished,
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ending::Won => "won",
            Ending::Lost => "lost (it can no longer be won)",
            Ending::Unfinished => "not finished",
        })
    }
}

/// `a`, `b` or `c`.
fn one_of(names: &[String]) -> String {
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// What a move of each puzzle looks like, in words.
fn notation(kind: PuzzleKind) -> &'static str {
    crate::each_kind!(kind, P => <P as Rules>::NOTATION)
}

/// Why `text` is no move of `at`'s puzzle: written in other puzzles'
/// notation ("a jump FROM-TO (a move of Hop)"), or no move at all (the
/// rules' own words).
fn why_not_read(at: &Puzzle, text: &str, error: MoveError) -> Refusal {
    let here = at.kind();
    let written = |kind: PuzzleKind| crate::each_kind!(kind, P => <P as Rules>::in_notation(text));
    let others: Vec<PuzzleKind> = PuzzleKind::ALL
        .into_iter()
        .filter(|&k| k != here && written(k))
        .collect();
    match others.first() {
        Some(&first) if !written(here) => {
            let names: Vec<String> = others.iter().map(|k| k.title()).collect();
            let shape = crate::each_kind!(first, P => <P as Rules>::WRITTEN_AS);
            Refusal::OtherPuzzle {
                written_as: format!("{shape} (a move of {})", one_of(&names)),
                expected: notation(here),
            }
        }
        _ => Refusal::NotAMove(error.0),
    }
}

#[cfg(test)]
#[path = "game_line_tests.rs"]
mod tests;
