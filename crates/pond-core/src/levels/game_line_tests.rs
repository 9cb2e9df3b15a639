//! Tests of `game_line`.

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
