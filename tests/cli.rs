//! The `pond` command line, run as a user runs it.

use std::path::PathBuf;
use std::process::{Command, Output};

#[path = "cli/check.rs"]
mod check;

#[path = "cli/writes.rs"]
mod writes;

fn pond(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pond"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("pond runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Plays `moves` (in the solver's notation) on level `level` (from 1) of a
/// shipped pack through the rules, and tells whether they win it.
fn wins(pack: &str, level: usize, moves: &[&str]) -> bool {
    let pack = pond_puzzles::levels::load(std::path::Path::new(pack)).expect("the pack loads");
    let mut p = pack.levels[level - 1].puzzle.clone();
    for text in moves {
        let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        p.apply(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    p.is_won()
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pond-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn solve_json_has_the_documented_fields() {
    let out = pond(&["solve", "levels/swap.ron", "--level", "5", "--json"]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1);
    let v: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(v["level"], 5);
    assert_eq!(v["puzzle"], "swap");
    assert_eq!(v["solvable"], true);
    assert_eq!(v["moves"], 15);
    assert_eq!(v["optimal"], true);
    let solution: Vec<&str> = v["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().expect("a move in the notation"))
        .collect();
    assert_eq!(solution.len(), 15);
    assert!(wins("levels/swap.ron", 5, &solution), "{solution:?}");
    assert!(v["nodes"].as_u64().unwrap() >= 15);
    assert!(v["millis"].is_number());
}

#[test]
fn solve_prints_moves_and_figures() {
    let out = pond(&["solve", "levels/swap.ron", "--level", "1"]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    assert!(text.contains("solved in 3 moves (optimal)"), "{text}");
    let moves: Vec<&str> = text
        .lines()
        .nth(1)
        .map(|l| l.split_whitespace().collect())
        .unwrap_or_default();
    assert_eq!(moves.len(), 3, "{text}");
    assert!(wins("levels/swap.ron", 1, &moves), "{text}");
}

/// The trace is the search itself: each move taken back is the last one
/// tried and not yet taken back, at its depth, some are taken back, and the
/// moves still standing at the end are the solution printed, which wins.
#[test]
fn trace_shows_moves_tried_and_taken_back() {
    let out = pond(&["solve", "levels/hop.ron", "--level", "40", "--trace"]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    let mut line: Vec<(String, String)> = Vec::new();
    let (mut tried, mut back) = (0, 0);
    for l in text.lines() {
        let words: Vec<&str> = l.split_whitespace().collect();
        match words.as_slice() {
            ["try", depth, mv] => {
                tried += 1;
                line.push((depth.to_string(), mv.to_string()));
            }
            ["back", depth, mv] => {
                back += 1;
                let last = line.pop();
                assert_eq!(last, Some((depth.to_string(), mv.to_string())), "{l}");
            }
            _ => {}
        }
    }
    assert!(tried > 0 && back > 0, "{tried} tried, {back} taken back");
    let solved = text
        .lines()
        .position(|l| l.contains("solved in"))
        .expect("the trace ends solved");
    let solution: Vec<&str> = text
        .lines()
        .nth(solved + 1)
        .map(|l| l.split_whitespace().collect())
        .unwrap_or_default();
    let standing: Vec<&str> = line.iter().map(|(_, mv)| mv.as_str()).collect();
    assert_eq!(standing, solution, "{text}");
    assert!(wins("levels/hop.ron", 40, &solution));
}

#[test]
fn a_missing_level_is_a_clear_error() {
    let out = pond(&["solve", "levels/swap.ron", "--level", "999"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no level 999"));
}

#[test]
fn gen_prints_a_pack_that_loads() {
    for args in [
        vec!["gen", "swap", "--seed", "3", "--count", "4"],
        vec!["gen", "hop", "--seed", "3", "--count", "4"],
        vec![
            "gen",
            "flood",
            "--seed",
            "3",
            "--count",
            "2",
            "--width",
            "6",
            "--height",
            "6",
            "--colours",
            "4",
        ],
        vec!["gen", "escape", "--seed", "3", "--count", "5"],
    ] {
        let out = pond(&args);
        assert!(out.status.success(), "{args:?}: {out:?}");
        let text = stdout(&out);
        let pack = pond_puzzles::levels::parse_pack("gen.ron", &text).unwrap();
        assert!(!pack.levels.is_empty(), "{args:?}");
        // The same seed prints the same pack.
        assert_eq!(stdout(&pond(&args)), text);
    }
}

#[test]
fn a_bad_level_code_is_refused_with_what_was_expected() {
    for (code, words) in [
        ("nope.1", "no shipped pack `nope`"),
        ("hop.99", "1 to 40"),
        ("F14x14c6d3", "needs `-SEED`"),
        ("Z9", "expected PACK.LEVEL"),
    ] {
        let out = pond(&["play", "--code", code]);
        assert!(!out.status.success(), "{code}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(words), "{code}: {err}");
    }
    let out = pond(&["play", "swap.ron", "--autoplay", "solution"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("needs a level"));
}

/// Every number on the command line has a range: out of it (or not a number
/// at all) is a clear error from the parser, never a panic.
#[test]
fn numbers_out_of_range_are_clear_errors() {
    for args in [
        &["solve", "levels/swap.ron", "--seconds", "inf"][..],
        &["solve", "levels/swap.ron", "--seconds", "NaN"],
        &["solve", "levels/swap.ron", "--seconds=-1"],
        &["solve", "levels/swap.ron", "--seconds", "1e20"],
        &["check", "levels/swap.ron", "--seconds", "inf"],
        &["gen", "flood", "--seed", "1", "--think", "1e20"],
        &["play", "swap.ron", "--frame-stats", "NaN"],
    ] {
        let out = pond(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("expected a number of seconds from 0 to 1000000"),
            "{args:?}: {err}"
        );
    }
    let out = pond(&["gen", "flood", "--seed", "1", "--slack", "4294967295"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("0..=1000"), "{err}");
}

/// `solve` holds a level to its move limit as `check` does: a Flood level
/// whose limit is under its shortest solution cannot be won, and both say so.
#[test]
fn solve_and_check_agree_on_a_limit_under_the_optimum() {
    let pack = temp_file(
        "limit.ron",
        r#"Pack(name: "Limits", levels: [
            Flood(name: "None allowed", cells: ["011", "021", "221"], moves: Some(0)),
            Flood(name: "Enough", cells: ["011", "021", "221"], moves: Some(5)),
        ])"#,
    );
    let path = pack.to_str().unwrap();
    let out = pond(&["solve", path, "--json"]);
    assert!(out.status.success(), "{out:?}");
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["solvable"], false, "{}", lines[0]);
    assert_eq!(lines[0]["limit"], 0);
    assert_eq!(lines[0]["within_limit"], false);
    assert_eq!(lines[1]["solvable"], true, "{}", lines[1]);
    assert_eq!(lines[1]["within_limit"], true);
    let text = stdout(&pond(&["solve", path, "--level", "1"]));
    assert!(
        text.contains("over the level's limit of 0 moves: it cannot be won"),
        "{text}"
    );
    let check = stdout(&pond(&["check", path]));
    assert!(
        check.contains("None allowed") && check.contains("cannot be won"),
        "{check}"
    );
    assert!(!check.contains("Enough"), "{check}");
}

/// `pond render` says what is wrong before it opens a window: a level the
/// pack does not have, a broken pack, no display to draw in. (The picture
/// itself is taken by the window test, which has a display.)
#[test]
fn render_refuses_clearly_before_drawing() {
    let out = pond(&["render", "hop.ron", "--level", "99", "/tmp/none.png"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "error: hop.ron: there is no level 99: the pack has levels 1 to 40"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_pond"))
        .args(["render", "hop.ron", "--level", "3", "/tmp/none.png"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("pond runs");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "error: pond render draws in a window, and there is no display here: run it as `xvfb-run -a pond render ...`"
    );
    assert!(!std::path::Path::new("/tmp/none.png").exists());
}

/// `pond daily`: a date's codes, one a puzzle, the first four as the core
/// pins them (a puzzle added later comes after them); a bad date is refused
/// in words; with no date, today's.
#[test]
fn daily_prints_the_codes_of_a_day() {
    use pond_puzzles::rules::PuzzleKind;
    let out = pond(&["daily", "--date", "2026-11-23"]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    assert!(
        text.starts_with(
            "2026-11-23\nswap S4v3g2\nhop H8d3-773380\nflood F14x14c6d3-658052\nescape E4x4t4c4d3-407214\n"
        ),
        "{text}"
    );
    assert_eq!(text.lines().count(), 1 + PuzzleKind::ALL.len(), "{text}");
    for (date, words) in [
        ("2026-02-30", "has days 1 to 28"),
        ("23/11/2026", "expected a date as YYYY-MM-DD"),
    ] {
        let out = pond(&["daily", "--date", date]);
        assert!(!out.status.success(), "{out:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(words), "{date}: {err}");
    }
    let out = pond(&["daily"]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1 + PuzzleKind::ALL.len(), "{text}");
    assert!(
        pond_puzzles::levels::daily::Date::parse(lines[0]).is_ok(),
        "{text}"
    );
    for (line, kind) in lines[1..].iter().zip(PuzzleKind::ALL) {
        let kind = format!("{} ", kind.name());
        assert!(line.starts_with(&kind), "{text}");
        let code = &line[kind.len()..];
        let out = pond(&["check", "--replay", code]);
        assert!(out.status.success(), "{code}: {out:?}");
    }
}

/// `pond play --replay`: a line whose code is unknown is refused before any
/// window opens, and `--exit-when-done` needs something that ends.
#[test]
fn play_replay_refuses_a_bad_line_before_opening() {
    let out = pond(&["play", "--replay", "nope.1: 1 2"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no shipped pack `nope`"), "{err}");
    let out = pond(&["play", "--code", "S3v4", "--exit-when-done"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("needs --autoplay or --replay"), "{err}");
    let out = pond(&["play", "--replay", "swap.1: 1", "--code", "S3v4"]);
    assert!(!out.status.success(), "{out:?}");
}

/// `pond moves --json`: the position's line, then one per legal move, each
/// move's mark replayed: a winnable move with `shortest` N is followed by a
/// solution of N moves, a losing one has no solution.
#[test]
fn moves_marks_every_legal_move_and_refuses_an_illegal_after() {
    let o = pond(&["moves", "hop.ron", "--level", "12", "--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    let position = &lines[0];
    for key in ["won", "winnable", "shortest", "legal", "ways"] {
        assert!(position.get(key).is_some(), "position lacks {key}");
    }
    let legal = position["legal"].as_u64().unwrap() as usize;
    assert_eq!(lines.len(), 1 + legal);
    let pack = pond_puzzles::levels::load(std::path::Path::new("hop.ron")).unwrap();
    let start = pack.levels[11].puzzle.clone();
    assert_eq!(start.legal_moves().len(), legal);
    let mut winning = 0;
    for m in &lines[1..] {
        let mut after = start.clone();
        let mv = after.parse_move(m["move"].as_str().unwrap()).unwrap();
        after.apply(mv).unwrap();
        let solved = pond_puzzles::solve::solve(
            &after,
            pond_puzzles::solve::Budget::unlimited(),
            None,
            false,
        );
        match m["winnable"].as_bool() {
            Some(true) => {
                winning += 1;
                let n = solved.outcome.moves().expect("winnable").len();
                assert_eq!(m["shortest"].as_u64(), Some(n as u64), "{m}");
                assert!(m["ways"].as_u64().is_some_and(|w| w >= 1), "{m}");
            }
            Some(false) => assert!(solved.outcome.moves().is_none(), "{m}"),
            None => panic!("undecided on a small pond: {m}"),
        }
    }
    assert!(
        winning > 0 && winning < legal,
        "a pond with both kinds of move"
    );
    assert_eq!(position["winnable"], serde_json::json!(true));

    // In words, after a move; a move that cannot be played is refused with
    // its index.
    let o = pond(&["moves", "swap.ron", "--level", "2", "--after", "1"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.contains("after 1 move: winnable"), "{text}");
    let o = pond(&["moves", "swap.ron", "--level", "2", "--after", "1 1"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("move 2 of 2 (`1`)"), "{err}");
}

/// A reader that stops after one line (`pond solve ... | head -1`) ends the
/// command quietly: no panic, no "failed printing" on the error output.
#[test]
fn a_reader_that_stops_early_ends_the_command_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_pond"))
        .args(["solve", "levels/flood.ron"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pond runs");
    let mut first = String::new();
    let mut out = BufReader::new(child.stdout.take().expect("its output"));
    out.read_line(&mut first).expect("a first line");
    assert!(first.starts_with("level 1 "), "{first}");
    drop(out);
    let done = child.wait_with_output().expect("pond ends");
    let err = String::from_utf8_lossy(&done.stderr);
    assert!(
        !err.contains("panicked") && !err.contains("failed printing"),
        "{err}"
    );
    assert!(
        !done.status.success(),
        "it stopped before printing every level"
    );
}
