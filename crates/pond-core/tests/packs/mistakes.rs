//! Every class of mistake a player can make in a pack: each is told at its
//! line and column in the player's words, a bad level hides no other, a
//! damaged file is refused without a panic, and no file is read past the
//! size limit.

use super::*;
use pond_core::levels::PackError;

fn error_of(text: &str) -> PackError {
    match parse_pack("bad.ron", text) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => e,
    }
}

fn one_level(level: &str) -> String {
    format!("Pack(\n    name: \"p\",\n    levels: [\n        {level},\n    ],\n)\n")
}

#[test]
fn syntax_errors_name_line_and_column() {
    let e = error_of("Pack(\n    name: \"p\"\n    levels: [],\n)");
    assert_eq!(e.file, "bad.ron");
    assert_eq!(e.line, 3);
    assert!(e.col >= 1);
    let e = error_of("Pack(name: \"p\", levels: [Swap(name: \"a\", row: \"L_R\")]");
    assert_eq!(e.line, 1);
    assert!(e.to_string().starts_with("bad.ron:1:"), "{e}");
}

#[test]
fn unknown_fields_are_errors() {
    let e = error_of(&one_level("Swap(name: \"a\", row: \"L_R\", colour: 3)"));
    assert_eq!(e.line, 4);
    assert!(e.message.contains("colour"), "{e}");
    let e = error_of("Pack(name: \"p\", levels: [], difficulty: 2)");
    assert!(e.message.contains("difficulty"), "{e}");
    let e = error_of(&one_level("Sokoban(name: \"a\")"));
    assert!(e.message.contains("Sokoban"), "{e}");
}

#[test]
fn wrong_characters_point_at_the_character() {
    let e = error_of(&one_level("Swap(name: \"a\", row: \"LLX_RR\")"));
    assert_eq!((e.line, e.col), (4, 33), "{e}");
    assert!(
        e.message.contains("`X`") && e.message.contains("expected L"),
        "{e}"
    );
    let text = "Pack(name: \"p\", levels: [\n  Hop(name: \"h\", board: Pond, layout: [\n    \"o . g . o\",\n    \". g . x .\",\n    \"o . r . o\",\n    \". o . o .\",\n    \"o . o . o\",\n  ]),\n])";
    let e = error_of(text);
    assert_eq!((e.line, e.col), (4, 12), "{e}");
    let e = error_of(&one_level("Flood(name: \"f\", cells: [\"01\", \"1a\"])"));
    assert!(e.message.contains("`a`"), "{e}");
    let e = error_of(&one_level(
        "Escape(name: \"e\", rows: [\"a1 b2\", \"c0 d4\"])",
    ));
    assert!(e.message.contains("colour digit"), "{e}");
}

#[test]
fn wrong_row_lengths_are_errors() {
    let e = error_of(&one_level("Flood(name: \"f\", cells: [\"012\", \"01\"])"));
    assert!(e.message.contains("row 2 has 2 cells"), "{e}");
    assert_eq!(e.line, 4);
    let e = error_of(&one_level(
        "Hop(name: \"h\", board: Square, layout: [\"g g o\", \"g o\"])",
    ));
    assert!(e.message.contains("row 2"), "{e}");
    let e = error_of(&one_level(
        "Hop(name: \"h\", board: Triangle, layout: [\"o\", \"g g g\"])",
    ));
    assert!(e.message.contains("triangle"), "{e}");
    let e = error_of(&one_level("Escape(name: \"e\", rows: [\"a1 b2\", \"c3\"])"));
    assert!(e.message.contains("row 2 has 1 animal;"), "{e}");
    let e = error_of(&one_level(
        "Swap(name: \"s\", row: \"L_R\", goal: Some(\"R_LL\"))",
    ));
    assert!(e.message.contains("goal"), "{e}");
}

#[test]
fn pads_off_the_board_and_other_rule_breaks() {
    // (0, 1) has row + col odd: water on the Pond.
    let text = one_level(
        "Hop(name: \"h\", board: Pond, layout: [\"o g g . o\", \". g . o .\", \"o . r . o\", \". o . o .\", \"o . o . o\"])",
    );
    let e = error_of(&text);
    assert!(e.message.contains("no pad here"), "{e}");
    assert_eq!(e.line, 4);
    let e = error_of(&one_level(
        "Hop(name: \"h\", board: Pond, layout: [\"r . g . r\", \". g . o .\", \"o . o . o\", \". o . o .\", \"o . o . o\"])",
    ));
    assert!(e.message.contains("second red frog"), "{e}");
    let e = error_of(&one_level(
        "Hop(name: \"h\", board: Square, layout: [\"g g o\"], finish: Some((2, 2)))",
    ));
    assert!(e.message.contains("no pad at row 2"), "{e}");
    let e = error_of(&one_level(
        "Flood(name: \"f\", cells: [\"012\"], colours: Some(2))",
    ));
    assert!(e.message.contains("beyond"), "{e}");
    let e = error_of(&one_level(
        "Flood(name: \"f\", random: (width: 5, height: 5, colours: 11, seed: 1))",
    ));
    assert!(e.message.contains("11 colours"), "{e}");
}

#[test]
fn too_large_is_refused_clearly() {
    let e = error_of(&one_level(
        "Flood(name: \"f\", random: (width: 5000, height: 5000, colours: 6, seed: 1))",
    ));
    assert!(e.message.contains("5000x5000"), "{e}");
    let row = format!("{}_{}", "L".repeat(43), "R".repeat(42));
    let e = error_of(&one_level(&format!("Swap(name: \"s\", row: \"{row}\")")));
    assert!(
        e.message
            .contains("the row has 86 cells; a row may have at most 85"),
        "{e}"
    );
    let longest = format!("{}_____{}", "L".repeat(40), "R".repeat(40));
    parse_pack(
        "t",
        &one_level(&format!("Swap(name: \"s\", row: \"{longest}\")")),
    )
    .expect("the longest row a code makes loads");
    let big = format!("Pack(name: \"{}\", levels: [])", "x".repeat(2 << 20));
    let e = error_of(&big);
    assert!(e.message.contains("bytes"), "{e}");
    let layout: Vec<String> = (0..9).map(|_| "\"g g g g g g g g\"".to_string()).collect();
    let e = error_of(&one_level(&format!(
        "Hop(name: \"h\", board: Square, layout: [{}])",
        layout.join(", ")
    )));
    assert!(
        e.message
            .ends_with("the board has 72 pads; a board may have at most 64 (this is pad 65)"),
        "{e}"
    );
    let levels: Vec<&str> = (0..1001)
        .map(|_| "Swap(name: \"s\", row: \"L_R\")")
        .collect();
    let e = error_of(&format!(
        "Pack(name: \"p\", levels: [{}])",
        levels.join(",")
    ));
    assert!(e.message.contains("at most 1000"), "{e}");
}

/// A hostile level among good ones: its mistake is told on its own line,
/// the good levels around it are not blamed, a mistake in a level after it
/// is still found (one bad level hides no other), and nothing panics.
#[test]
fn errors_never_take_other_levels_down_with_a_panic() {
    let hostile = [
        "Flood(name: \"f\", cells: [])",
        "Escape(name: \"e\", rows: [\"\"])",
        "Hop(name: \"h\", board: Pond, layout: [])",
        "Swap(name: \"s\", row: \"\")",
        "Flood(name: \"f\", cells: [\"0123456789\"], limit: 0)",
    ];
    let good = "Swap(name: \"good\", row: \"LL_RR\"),";
    let later = "Swap(name: \"later\", row: \"LLX_RR\"),";
    for level in hostile {
        // Lines 1 to 7: the pack, a good level, the hostile one, a good
        // one, a level with a mistake of its own, a good one, the end.
        let text =
            format!("Pack(name: \"p\", levels: [\n{good}\n{level},\n{good}\n{later}\n{good}\n])\n");
        let errors = match levels::parse_pack_all("p.ron", &text) {
            Ok(_) => panic!("accepted: {level}"),
            Err(errors) => errors,
        };
        let lines: Vec<usize> = errors.iter().map(|e| e.line).collect();
        assert!(
            lines.contains(&3),
            "{level}: not told on its line: {errors:#?}"
        );
        assert!(
            lines.contains(&5),
            "{level}: hides the later level's mistake: {errors:#?}"
        );
        for good_line in [2, 4, 6] {
            assert!(
                !lines.contains(&good_line),
                "{level}: blames a good level on line {good_line}: {errors:#?}"
            );
        }
    }
    // Brackets nested past any sense: a clear error, no stack overflow.
    let deep = format!(
        "Pack(name: \"p\", levels: {}{})",
        "[".repeat(10_000),
        "]".repeat(10_000)
    );
    assert!(!error_of(&deep).message.is_empty());
    assert!(!error_of("").message.is_empty());
    assert!(!error_of("\u{feff}").message.is_empty());
}

/// Thousands of damaged copies of the shipped packs and the example: each is
/// loaded or refused with an error, and none panics.
#[test]
fn mutated_packs_are_loaded_or_refused() {
    let mut rng = levels::rng::SplitMix64::new(2026);
    let mut sources: Vec<&str> = SHIPPED.iter().map(|(_, t)| *t).collect();
    sources.push(FORMAT_EXAMPLE);
    let mut refused = 0;
    let rounds = 4000;
    for round in 0..rounds {
        let src = sources[round % sources.len()].as_bytes();
        let mut bytes = src.to_vec();
        let edits = 1 + rng.below(4);
        for _ in 0..edits {
            let at = rng.below(bytes.len().max(1) as u64) as usize;
            match rng.below(5) {
                0 => {
                    if let Some(b) = bytes.get_mut(at) {
                        *b ^= 1 << rng.below(8);
                    }
                }
                1 => bytes.truncate(at),
                2 => {
                    let end = (at + 1 + rng.below(64) as usize).min(bytes.len());
                    let piece = bytes[at.min(end)..end].to_vec();
                    for _ in 0..1 + rng.below(8) {
                        bytes.splice(at..at, piece.iter().copied());
                    }
                }
                3 => {
                    // Make a number huge.
                    if let Some(p) = bytes[at..].iter().position(|b| b.is_ascii_digit()) {
                        let p = at + p;
                        bytes.splice(p..p, b"99999999999999999999".iter().copied());
                    }
                }
                _ => {
                    if at < bytes.len() {
                        bytes.remove(at);
                    }
                }
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Err(e) = parse_pack("mutant.ron", &text) {
            assert!(!e.message.is_empty());
            refused += 1;
        }
    }
    assert!(
        refused > rounds / 4,
        "only {refused} of {rounds} mutants were refused"
    );
}

/// A pack is read to its limit and one byte more, never further: a file
/// that never ends (a device) and one just over the limit are refused with
/// the limit named, and a pipe is refused without waiting for a writer.
#[test]
fn a_pack_is_read_no_further_than_its_limit() {
    use pond_core::levels::{limits, load_file, read_at_most};
    let dir = std::env::temp_dir().join(format!("pond-limit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let big = dir.join("big.ron");
    std::fs::write(&big, vec![b' '; limits::FILE_BYTES + 1]).unwrap();
    let err = load_file(&big).unwrap_err();
    assert!(err.message.contains("the most a pack may be"), "{err}");
    let just = dir.join("just.ron");
    std::fs::write(&just, vec![b' '; limits::FILE_BYTES]).unwrap();
    assert!(read_at_most(&just, limits::FILE_BYTES).unwrap().is_some());
    #[cfg(unix)]
    {
        let err = load_file(std::path::Path::new("/dev/zero")).unwrap_err();
        assert!(err.message.contains("the most a pack may be"), "{err}");
        let pipe = dir.join("pipe.ron");
        let made = std::process::Command::new("mkfifo").arg(&pipe).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo made no pipe");
        let err = load_file(&pipe).unwrap_err();
        assert!(err.message.contains("a pipe"), "{err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
