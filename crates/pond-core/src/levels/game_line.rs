//! A game as one line of text, `CODE: M1 M2 ...`: a level code (`pegs.8`,
//! `F14x14c6d3-4821`, a board code) and the moves in the notation `pond
//! solve` prints. Players copy, paste and share these lines, so the line is a
//! contract (documented in `levels/README.md`): read, written, and replayed
//! here, move by move, up to the first move that cannot be played.

use super::Level;
use super::code::LevelCode;
use crate::rules::{MoveError, Puzzle, PuzzleKind, PuzzleMove};
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
        written_as: &'static str,
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

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} `{}` cannot be played: {}",
            self.index, self.text, self.why
        )
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

/// What a move of each puzzle looks like, in words.
fn notation(kind: PuzzleKind) -> &'static str {
    match kind {
        PuzzleKind::Swap => "a pad number (of the frog that moves), as `3`",
        PuzzleKind::Hop => "a jump FROM-TO of pad numbers, as `5-17`",
        PuzzleKind::Flood => "a colour number, as `2`",
        PuzzleKind::Escape => "a row number, as `1`",
    }
}

/// Why `text` is no move of `at`'s puzzle: written in another puzzle's
/// notation, or no move at all (the rules' own words).
fn why_not_read(at: &Puzzle, text: &str, error: MoveError) -> Refusal {
    let number = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    let jump = text
        .split_once('-')
        .is_some_and(|(a, b)| number(a) && number(b));
    let written_as = match at.kind() {
        PuzzleKind::Hop if number(text) => Some("a number (a move of Swap, Flood or Escape)"),
        PuzzleKind::Swap | PuzzleKind::Flood | PuzzleKind::Escape if jump => {
            Some("a jump FROM-TO (a move of Hop)")
        }
        _ => None,
    };
    match written_as {
        Some(written_as) => Refusal::OtherPuzzle {
            written_as,
            expected: notation(at.kind()),
        },
        None => Refusal::NotAMove(error.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::levels::{SHIPPED, parse_pack};
    use crate::solve::{self, Budget};

    fn replay(line: &str) -> Replay {
        GameLine::parse(line)
            .and_then(|l| l.replay())
            .unwrap_or_else(|e| panic!("{line}: {e}"))
    }

    /// The solver's answer for a level, in the line's words.
    fn solution(puzzle: &Puzzle) -> Vec<PuzzleMove> {
        if let Puzzle::Flood(f) = puzzle {
            // The fast answer fits most shipped limits at once.
            let fast = solve::flood::solve_fast(f);
            if f.limit.is_none_or(|l| fast.len() as u32 <= l) {
                return fast.into_iter().map(PuzzleMove::Flood).collect();
            }
            let report = solve::solve(puzzle, Budget::nodes(1_000_000), None, false);
            return report.outcome.moves().expect("solved").to_vec();
        }
        let report = solve::solve(puzzle, Budget::nodes(20_000_000), None, false);
        report.outcome.moves().expect("solved").to_vec()
    }

    #[test]
    fn every_shipped_solution_as_a_line_replays_to_a_win() {
        for (file, text) in SHIPPED {
            let pack = parse_pack(file, text).expect("a shipped pack loads");
            for (i, level) in pack.levels.iter().enumerate() {
                let code = LevelCode::Shipped {
                    pack: file.trim_end_matches(".ron").to_string(),
                    level: i + 1,
                };
                let moves = solution(&level.puzzle);
                let line = GameLine::new(code, &moves).to_string();
                let r = replay(&line);
                assert!(r.is_legal(), "{line}: {:?}", r.stop);
                assert_eq!(r.moves, moves, "{line}");
                assert_eq!(r.ending(), Ending::Won, "{line}");
                assert_eq!(r.legal_line().to_string(), line);
            }
        }
    }

    #[test]
    fn a_line_cut_in_the_middle_replays_to_that_position() {
        for code in ["pegs.8", "flood.3", "escape.5", "swap.5", "hop.12"] {
            let level = LevelCode::parse(code).and_then(|c| c.level()).unwrap();
            let moves = solution(&level.puzzle);
            let half = moves.len() / 2;
            let mut expected = level.puzzle.clone();
            expected.play_all(&moves[..half]).unwrap();
            let line = GameLine::new(LevelCode::parse(code).unwrap(), &moves[..half]);
            let r = replay(&line.to_string());
            assert!(r.is_legal(), "{line}");
            assert_eq!(r.end, expected, "{line}");
            assert_eq!(r.ending(), Ending::Unfinished, "{line}");
            // The positions are the start and one after each move.
            let positions: Vec<Puzzle> = r.positions().collect();
            assert_eq!(positions.len(), half + 1);
            assert_eq!(positions[0], level.puzzle);
            assert_eq!(positions.last(), Some(&expected));
        }
    }

    #[test]
    fn an_illegal_move_stops_the_replay_at_that_move() {
        // Pegs level 8: the solution's first three moves, then its first
        // move again (its frog has left that pad).
        let level = LevelCode::parse("pegs.8").and_then(|c| c.level()).unwrap();
        let moves = solution(&level.puzzle);
        let mut line = GameLine::new(LevelCode::parse("pegs.8").unwrap(), &moves[..3]);
        line.moves.push(moves[0].to_string());
        line.moves.push(moves[3].to_string());
        let r = replay(&line.to_string());
        let stop = r.stop.clone().expect("refused");
        assert_eq!(stop.index, 4);
        assert!(matches!(stop.why, Refusal::Illegal(_)), "{stop}");
        assert_eq!(r.moves, moves[..3]);
        let mut expected = level.puzzle.clone();
        expected.play_all(&moves[..3]).unwrap();
        assert_eq!(r.end, expected);
        assert!(stop.to_string().starts_with("move 4 `"), "{stop}");
    }

    #[test]
    fn moves_of_another_notation_or_no_move_are_told_apart() {
        // Flood level 1: a legal first move, then a Hop jump.
        let level = LevelCode::parse("flood.1").and_then(|c| c.level()).unwrap();
        let first = level.puzzle.legal_moves()[0];
        let r = replay(&format!("flood.1: {first} 5-17 1"));
        assert_eq!(r.moves, [first]);
        let stop = r.stop.expect("refused");
        assert_eq!((stop.index, stop.text.as_str()), (2, "5-17"));
        assert!(
            stop.to_string().contains("a jump FROM-TO (a move of Hop)"),
            "{stop}"
        );
        let stop = replay("pegs.8: 3").stop.expect("refused");
        assert!(matches!(stop.why, Refusal::OtherPuzzle { .. }), "{stop}");
        assert!(stop.to_string().contains("FROM-TO"), "{stop}");
        let stop = replay("swap.1: frog").stop.expect("refused");
        assert!(matches!(stop.why, Refusal::NotAMove(_)), "{stop}");
        let stop = replay("escape.1: 99").stop.expect("refused");
        assert!(stop.to_string().contains("rows are numbered"), "{stop}");
        assert_eq!(stop.index, 1);
    }

    #[test]
    fn unknown_codes_and_empty_lines_are_refused_in_words() {
        for (line, words) in [
            ("nope.3: 1 2", "no shipped pack `nope`"),
            ("Q7: 1", "level code `Q7`"),
            ("", "empty line"),
            ("F14x14c6d3: 1", "needs `-SEED`"),
        ] {
            let e = GameLine::parse(line).unwrap_err();
            assert!(e.contains(words), "{line}: {e}");
        }
        let e = GameLine::parse("swap.99: 1").unwrap().replay().unwrap_err();
        assert!(e.contains("levels 1 to"), "{e}");
        let long = format!("swap.1: {}", "1 ".repeat(MAX_LINE_BYTES));
        assert!(GameLine::parse(&long).unwrap_err().contains("at most"));
    }

    #[test]
    fn a_line_reads_back_as_written() {
        let line = GameLine::parse("  f8x8c4d1-5 :  1   2\t3 ").unwrap();
        assert_eq!(line.to_string(), "F8x8c4d1-5: 1 2 3");
        assert_eq!(GameLine::parse("S3v4").unwrap().to_string(), "S3v4:");
        assert_eq!(GameLine::parse("S3v4:").unwrap().moves.len(), 0);
        let board = GameLine::parse("BS-LLOR: 1").unwrap();
        assert_eq!(board.to_string(), "BS-LLOR: 1");
        let r = board.replay().unwrap();
        assert!(r.is_legal());
    }

    /// The lines shown on the format page replay as written: the first is
    /// a won game, the others are legal.
    #[test]
    fn the_format_pages_lines_replay() {
        let page = include_str!("../../../../levels/README.md");
        let section = page
            .split("## A game as one line")
            .nth(1)
            .expect("the page has the section");
        let block = section.split("```").nth(1).expect("a block of lines");
        let lines: Vec<&str> = block.lines().filter(|l| !l.trim().is_empty()).collect();
        assert!(lines.len() >= 4, "{lines:?}");
        for (i, line) in lines.iter().enumerate() {
            let r = replay(line);
            assert!(r.is_legal(), "{line}: {:?}", r.stop);
            assert_eq!(r.legal_line().to_string(), *line);
            assert_eq!(r.ending() == Ending::Won, i == 0, "{line}");
        }
    }
}
