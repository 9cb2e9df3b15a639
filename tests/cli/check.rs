//! `pond check`: shipped packs pass, broken ones fail with every mistake,
//! its warnings, and its replay of a solution.

use super::*;

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
    let path = pack.to_str().unwrap();
    let out = pond(&["check", path]);
    assert!(out.status.success());
    let line = format!(
        "warning: {path}:1:26: level 1 \"no way\": the solver proves it unsolvable: no line of moves reaches the goal, so no player can win it"
    );
    assert!(
        stdout(&out).lines().any(|l| l == line),
        "no line {line:?} in:\n{}",
        stdout(&out)
    );
}

/// `check` tells every mistake of a file, each with its place, and counts
/// them.
#[test]
fn check_lists_every_mistake_of_a_file() {
    let pack = temp_file(
        "three.ron",
        "Pack(\n  name: \"t\", levls: 2,\n  levels: [\n    Swap(name: \"a\", row: \"LX_R\"),\n    Escape(name: \"b\", rows: [\"a1 b\"]),\n  ],\n)\n",
    );
    let path = pack.to_str().unwrap();
    let out = pond(&["check", path]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines,
        [
            format!(
                "error: {path}:2:14: a pack has no field `levls`; its fields are `name`, `author` and `levels` (did you mean `levels`?)"
            ),
            format!(
                "error: {path}:4:28: level 1: unexpected `X` in the row: expected L (a frog facing right), R (facing left) or _ (an empty pad)"
            ),
            format!("error: {path}:5:35: level 2: expected a colour digit 1 to 9 after `b`"),
            format!("{path}: 3 errors"),
        ]
    );
}

/// `check` counts in words ("1 level", "2 levels") and warns of a pack with
/// no level at all.
#[test]
fn check_counts_in_words_and_warns_of_an_empty_pack() {
    let empty = temp_file("empty.ron", r#"Pack(name: "Nothing", levels: [])"#);
    let out = pond(&["check", empty.to_str().unwrap()]);
    let text = stdout(&out);
    assert!(out.status.success(), "{out:?}");
    assert!(
        text.contains("warning: ") && text.contains("the pack holds no level"),
        "{text}"
    );
    assert!(text.trim_end().ends_with(": no levels"), "{text}");
    let one = temp_file(
        "one.ron",
        r#"Pack(name: "One", levels: [Swap(name: "A", row: "L_R")])"#,
    );
    let text = stdout(&pond(&["check", one.to_str().unwrap()]));
    assert!(
        text.trim_end()
            .ends_with(": 1 level, all sound and solvable"),
        "{text}"
    );
}

/// `check` warns of a level won before any move and of a limit far above the
/// shortest solution, in these words; `--strict` fails on warnings.
#[test]
fn check_warns_of_levels_won_at_the_start_and_loose_limits_and_strict_fails() {
    let pack = temp_file(
        "warnings.ron",
        r#"Pack(name: "w", levels: [
  Swap(name: "same", row: "L_R", goal: Some("L_R")),
  Flood(name: "one colour", cells: ["00", "00"], colours: Some(2)),
  Flood(name: "loose", cells: ["01", "10"], moves: Some(40)),
  Flood(name: "fair", cells: ["01", "10"], moves: Some(4)),
])"#,
    );
    let path = pack.to_str().expect("a path in words");
    let out = pond(&["check", path]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    for line in [
        format!(
            "warning: {path}:2:3: level 1 \"same\": it is won before any move (its start is already its goal)"
        ),
        format!(
            "warning: {path}:3:3: level 2 \"one colour\": it is won before any move (its start is already its goal)"
        ),
        format!(
            "warning: {path}:4:3: level 3 \"loose\": the limit of 40 moves is 38 more than the shortest solution's 2: it hardly limits anything"
        ),
        format!("{path}: 4 levels, 3 warnings"),
    ] {
        assert!(
            text.lines().any(|l| l == line),
            "no line {line:?} in:\n{text}"
        );
    }
    assert!(!text.contains("\"fair\""), "{text}");
    let strict = pond(&["check", "--strict", path]);
    assert_eq!(strict.status.code(), Some(1), "{strict:?}");
    let shipped = pond(&["check", "--strict", "levels/swap.ron"]);
    assert!(shipped.status.success(), "{shipped:?}");
}

/// A level with no name and two levels of one name load, but `check` warns
/// of them, each at its level, and counts them.
#[test]
fn check_warns_of_empty_and_repeated_level_names() {
    let pack = temp_file(
        "names.ron",
        r#"Pack(name: "n", levels: [
  Swap(name: "Twin", row: "L_R"),
  Swap(name: "", row: "LL_R"),
  Swap(name: "Twin", row: "L_RR"),
])"#,
    );
    let path = pack.to_str().expect("a path in words");
    let out = pond(&["check", path]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    for line in [
        format!(
            "warning: {path}:3:3: level 2 \"\": its name is empty: the level select shows a card with no name; give it one"
        ),
        format!(
            "warning: {path}:4:3: level 3 \"Twin\": it has the same name as level 1: the level select shows two cards alike; give each level a name of its own"
        ),
        format!("{path}: 3 levels, 2 warnings"),
    ] {
        assert!(
            text.lines().any(|l| l == line),
            "no line {line:?} in:\n{text}"
        );
    }
    let strict = pond(&["check", "--strict", path]);
    assert_eq!(strict.status.code(), Some(1), "{strict:?}");
}

/// A pack saved by a Windows editor (a byte order mark first) is read; one
/// saved in another encoding than UTF-8 is refused with the line and column
/// of its first such byte and how to mend it.
#[test]
fn check_reads_a_byte_order_mark_and_places_a_byte_not_in_utf8() {
    let pack = "Pack(name: \"b\", levels: [\n  Swap(name: \"Caf\u{E9}\", row: \"L_R\"),\n])";
    let marked = temp_file("marked.ron", &format!("\u{FEFF}{pack}"));
    let out = pond(&["check", marked.to_str().expect("a path in words")]);
    assert!(out.status.success(), "{out:?}");
    assert!(stdout(&out).contains("1 level, all sound"), "{out:?}");

    let latin1 = temp_file("latin1.ron", "");
    let bytes: Vec<u8> = pack.chars().map(|c| c as u32 as u8).collect();
    std::fs::write(&latin1, bytes).expect("the file is written");
    let path = latin1.to_str().expect("a path in words");
    let out = pond(&["check", path]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with(&format!(
            "error: {path}:2:18: the byte 0xE9 here is not UTF-8 text"
        )),
        "{err}"
    );
    assert!(err.contains("save the file as UTF-8"), "{err}");
}

/// `pond check --replay`: a line of a shipped level's solution (as `pond
/// solve --json` gives it) is legal and won; cut short it is legal and not
/// finished.
#[test]
fn check_replay_says_a_solution_is_legal_and_won() {
    let out = pond(&["solve", "levels/pegs.ron", "--level", "8", "--json"]);
    assert!(out.status.success(), "{out:?}");
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let moves: Vec<&str> = v["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().expect("a move in the notation"))
        .collect();
    let line = format!("pegs.8: {}", moves.join(" "));
    let out = pond(&["check", "--replay", &line]);
    assert!(out.status.success(), "{out:?}");
    let said = format!("pegs.8: legal, {} moves, won", moves.len());
    assert_eq!(stdout(&out).trim(), said);
    let cut = format!("pegs.8: {}", moves[..3].join(" "));
    let out = pond(&["check", "--replay", &cut]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(stdout(&out).trim(), "pegs.8: legal, 3 moves, not finished");
}

/// A line that stops being legal names the move, counted from 1, and why;
/// the status is 1.
#[test]
fn check_replay_names_the_first_move_that_cannot_be_played() {
    let out = pond(&["check", "--replay", "pegs.8: 4-16 7-9 4-16 0-8"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let text = stdout(&out);
    assert!(
        text.contains("pegs.8: not legal: move 3 `4-16` cannot be played: an illegal move"),
        "{text}"
    );
    assert!(
        text.contains("pegs.8: the 2 moves before it can be replayed, and leave it not finished"),
        "{text}"
    );
    let out = pond(&["check", "--replay", "hop.3: 10-6 2"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        stdout(&out).contains("move 2 `2` cannot be played: a move of another puzzle"),
        "{out:?}"
    );
    let out = pond(&["check", "--replay", "swap.1: left"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        stdout(&out).contains("move 1 `left` cannot be played: not a move of this level"),
        "{out:?}"
    );
    for (line, words) in [
        ("nope.3: 1 2", "no shipped pack `nope`"),
        ("swap.99: 1", "levels 1 to"),
    ] {
        let out = pond(&["check", "--replay", line]);
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(words), "{line}: {err}");
    }
}
