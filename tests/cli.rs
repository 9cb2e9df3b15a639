//! The `pond` command line, run as a user runs it.

use std::path::PathBuf;
use std::process::{Command, Output};

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
    assert_eq!(v["solution"].as_array().unwrap().len(), 15);
    assert!(v["nodes"].as_u64().unwrap() >= 15);
    assert!(v["millis"].is_number());
}

#[test]
fn solve_prints_moves_and_figures() {
    let out = pond(&["solve", "levels/swap.ron", "--level", "1"]);
    let text = stdout(&out);
    assert!(text.contains("solved in 3 moves (optimal)"), "{text}");
    assert!(
        text.lines()
            .nth(1)
            .is_some_and(|l| l.split_whitespace().count() == 3),
        "{text}"
    );
}

#[test]
fn trace_shows_moves_tried_and_taken_back() {
    let out = pond(&["solve", "levels/hop.ron", "--level", "40", "--trace"]);
    let text = stdout(&out);
    assert!(text.contains("try "), "{text}");
    assert!(text.contains("solved in"), "{text}");
}

#[test]
fn a_missing_level_is_a_clear_error() {
    let out = pond(&["solve", "levels/swap.ron", "--level", "999"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no level 999"));
}

#[test]
fn check_passes_shipped_packs_and_fails_broken_ones() {
    let out = pond(&["check", "levels/swap.ron", "levels/escape.ron"]);
    assert!(out.status.success(), "{out:?}");
    let broken = temp_file(
        "broken.ron",
        "Pack(\n  name: \"b\",\n  levels: [Swap(name: \"s\", row: \"LQ_R\")],\n)\n",
    );
    let out = pond(&["check", "levels/swap.ron", broken.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("broken.ron:3:"), "{err}");
    assert!(err.contains("`Q`"), "{err}");
}

#[test]
fn check_warns_about_unsolvable_levels_but_passes() {
    let pack = temp_file(
        "stuck.ron",
        "Pack(name: \"s\", levels: [Escape(name: \"no way\", rows: [\"a1\", \"b2\"])])",
    );
    let out = pond(&["check", pack.to_str().unwrap()]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("unsolvable"), "{}", stdout(&out));
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
