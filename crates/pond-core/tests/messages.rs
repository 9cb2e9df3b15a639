//! The words of a pack's mistakes, exactly: each says where (line and
//! column), which level, and what was expected, in the format page's terms.

use pond_core::levels::parse_pack_all;

const GOOD: &str = r#"Pack(
    name: "Mistakes",
    levels: [
        Swap(name: "One", row: "LL_RR"),
        Hop(name: "Two", board: Pond, layout: ["g.g.g", ".g.g.", "g.r.g", ".o.o.", "o.o.o"]),
        Flood(name: "Three", cells: ["012", "120", "201"], moves: 4),
        Escape(name: "Four", rows: ["a1 b2", "b1 a2"]),
    ],
)
"#;

/// Every mistake of the good pack with `from` written as `to`.
fn mistakes(from: &str, to: &str) -> Vec<String> {
    assert!(GOOD.contains(from), "{from}");
    let text = GOOD.replacen(from, to, 1);
    match parse_pack_all("p.ron", &text) {
        Ok(_) => vec![],
        Err(all) => all.iter().map(|e| e.to_string()).collect(),
    }
}

fn one(from: &str, to: &str) -> String {
    let all = mistakes(from, to);
    assert_eq!(all.len(), 1, "{all:?}");
    all[0].clone()
}

#[test]
fn the_good_pack_loads() {
    assert_eq!(mistakes("", ""), Vec::<String>::new());
}

#[test]
fn brackets_and_strings_say_what_is_open_and_where() {
    assert_eq!(
        one(r#""o.o.o"])"#, r#""o.o.o"))"#),
        "p.ron:5:91: the `[` of `layout` opened at 5:47 is not closed: a `]` is missing before this `)`"
    );
    assert_eq!(
        one("    ],\n)", "    ,\n)"),
        "p.ron:9:1: the `[` of `levels` opened at 3:13 is not closed: a `]` is missing before this `)`"
    );
    assert_eq!(
        one(r#"row: "LL_RR"),"#, r#"row: "LL_RR","#),
        "p.ron:5:9: the `(` of `Swap` opened at 4:13 is not closed: a `)` is missing before `Hop`"
    );
    assert_eq!(
        one(r#"name: "One""#, r#"name: "One"#),
        "p.ron:4:20: the string opened at 4:20 is not closed: a `\"` is missing (text goes on after it at 4:32)"
    );
    assert_eq!(
        one(r#""One", row"#, r#""One" row"#),
        "p.ron:4:26: a `,` is missing before `row`"
    );
    assert_eq!(
        one("    ],\n)\n", "    ],\n))\n"),
        "p.ron:9:2: this `)` closes nothing: every bracket before it is closed already"
    );
    assert_eq!(
        one("    ],\n)\n", "    ],\n"),
        "p.ron:9:1: the `(` of `Pack` opened at 1:5 is not closed: a `)` is missing at the end of the file"
    );
}

#[test]
fn fields_name_the_level_and_point_at_it() {
    assert_eq!(
        one(r#"Escape(name: "Four", "#, "Escape("),
        "p.ron:7:9: level 4: the field `name` is missing: an Escape level needs it (a string in double quotes)"
    );
    assert_eq!(
        one(r#"name: "Two","#, r#"name: "Two", name: "Two again","#),
        "p.ron:5:26: level 2: the field `name` is given twice in a Hop level"
    );
    assert_eq!(
        one(r#"name: "Mistakes","#, ""),
        "p.ron:1:1: the field `name` is missing: a pack needs it (a string in double quotes)"
    );
    assert_eq!(
        one(r#"name: "Mistakes","#, r#"name: "Mistakes", authr: "me","#),
        "p.ron:2:23: a pack has no field `authr`; its fields are `name`, `author` and `levels` (did you mean `author`?)"
    );
    assert_eq!(
        one("Pack(", "Pak("),
        "p.ron:1:1: a pack file starts with `Pack(`, not `Pak(`"
    );
    // Every puzzle named (a puzzle added later among them).
    let not_a_puzzle = one("Escape(", "Prison(");
    assert!(
        not_a_puzzle.starts_with(
            "p.ron:7:9: level 4: `Prison` is not a puzzle of this game: expected `Swap`, `Hop`, `Flood`"
        ),
        "{not_a_puzzle}"
    );
    for kind in pond_core::rules::PuzzleKind::ALL {
        let word = format!("`{}`", kind.title());
        assert!(not_a_puzzle.contains(&word), "{word}: {not_a_puzzle}");
    }
    assert_eq!(
        one("board: Pond", "board: Circle"),
        "p.ron:5:33: level 2: `Circle` is not a board shape: expected `Pond`, `Square` or `Triangle`"
    );
    assert_eq!(
        one("Swap(name: \"One\"", "Swap(nmae: \"One\""),
        "p.ron:4:14: level 1: a Swap level has no field `nmae`; its fields are `name`, `row`, `goal`, `jump_own` and `grade` (did you mean `name`?)"
    );
}

#[test]
fn values_say_what_their_field_takes_and_its_range() {
    let random = r#"cells: ["012", "120", "201"], moves: 4"#;
    assert_eq!(
        one(
            random,
            "random: (width: 5, height: 5, colours: 3, seed: -1)"
        ),
        "p.ron:6:78: level 3: this number is out of range: `seed` takes a whole number from 0 to 18446744073709551615"
    );
    assert_eq!(
        one(random, "random: (width: 5, height: 5, colours: 3)"),
        "p.ron:6:38: level 3: the field `seed` is missing: `random` needs it (a whole number from 0 to 18446744073709551615)"
    );
    assert_eq!(
        one(
            random,
            "random: Random(width: 5, height: 5, colours: 3, seed: 2)"
        ),
        "p.ron:6:38: level 3: `random` takes (width: W, height: H, colours: C, seed: S) with no name before the `(` (found `Random`)"
    );
    assert_eq!(
        one(
            random,
            "random: (width: 5000, height: 5, colours: 3, seed: 1)"
        ),
        "p.ron:6:38: level 3: the board is 5000x5; expected 1 to 100 cells a side"
    );
    // A goal of the wrong frogs points at the cell to mend.
    assert_eq!(
        one(r#"row: "LL_RR""#, r#"row: "LL_RR", goal: Some("RRRL_")"#),
        "p.ron:4:53: level 1: the goal has 1 L frog; expected 2 like the row"
    );
    assert_eq!(
        one(r#"row: "LL_RR""#, r#"row: "LL_RR", goal: Some("RLLL_")"#),
        "p.ron:4:56: level 1: the goal has 3 L frogs; expected 2 like the row"
    );
    assert_eq!(
        one("board: Pond", "board: 3"),
        "p.ron:5:33: level 2: `board` takes Pond, Square or Triangle"
    );
    assert_eq!(
        one("moves: 4", "moves: \"four\""),
        "p.ron:6:67: level 3: `moves` takes a whole number from 0 to 4294967295"
    );
    assert_eq!(
        one(r#"row: "LL_RR""#, r#"row: "LL_RR", jump_own: yes"#),
        "p.ron:4:51: level 1: `jump_own` takes true or false"
    );
    assert_eq!(
        one("board: Pond,", "board: Pond, finish: (1, 2, 3),"),
        "p.ron:5:54: level 2: expected a `)` here: `finish` takes a (row, column) pair, each a whole number from 0 to 15"
    );
    let big = format!(
        "board: Square, layout: [{}], finish: (0, 0)",
        ["\"gggggggggr\""]
            .into_iter()
            .chain(["\"oooooooooo\""; 6])
            .collect::<Vec<_>>()
            .join(", ")
    );
    let layout = r#"board: Pond, layout: ["g.g.g", ".g.g.", "g.r.g", ".o.o.", "o.o.o"]"#;
    assert_eq!(
        one(layout, &big),
        "p.ron:5:139: level 2: the board has 70 pads; a board may have at most 64 (this is pad 65)"
    );
}

#[test]
fn every_mistake_of_a_file_is_told_in_order() {
    let text = GOOD
        .replacen(r#"name: "Mistakes","#, r#"name: "Mistakes", levls: 3,"#, 1)
        .replacen(r#"name: "One""#, "name: 3", 1)
        .replacen("a1 b2", "a1 b", 1);
    let all: Vec<String> = parse_pack_all("p.ron", &text)
        .unwrap_err()
        .iter()
        .map(|e| e.to_string())
        .collect();
    assert_eq!(
        all,
        [
            "p.ron:2:23: a pack has no field `levls`; its fields are `name`, `author` and `levels` (did you mean `levels`?)",
            "p.ron:4:20: level 1: `name` takes a string in double quotes",
            "p.ron:7:42: level 4: expected a colour digit 1 to 9 after `b`",
        ]
    );
    // Mistakes found once the file is read: every level's, not the first.
    let text = GOOD
        .replacen("LL_RR", "LL_RX", 1)
        .replacen("a1 b2", "a1 b", 1);
    let all: Vec<String> = parse_pack_all("p.ron", &text)
        .unwrap_err()
        .iter()
        .map(|e| e.to_string())
        .collect();
    assert_eq!(
        all,
        [
            "p.ron:4:37: level 1: unexpected `X` in the row: expected L (a frog facing right), R (facing left) or _ (an empty pad)",
            "p.ron:7:42: level 4: expected a colour digit 1 to 9 after `b`",
        ]
    );
}

#[test]
fn no_message_names_a_type_of_the_program() {
    let tries = [
        ("board: Pond", "board: 3"),
        ("board: Pond", "board: \"Pond\""),
        ("Escape(", "Escap("),
        ("moves: 4", "moves: (4)"),
        ("moves: 4", "moves: [4]"),
        (r#"cells: ["012", "120", "201"]"#, "random: 3"),
        (r#"cells: ["012", "120", "201"]"#, "random: (width: 1)"),
        ("levels: [", "levels: ("),
        ("Pack(", "Pack[("),
    ];
    for (from, to) in tries {
        for e in mistakes(from, to) {
            for inner in [
                "LevelFile",
                "RandomFlood",
                "PackFile",
                "PackHead",
                "Shape",
                "u8",
                "u16",
                "u32",
                "u64",
                "Option",
            ] {
                assert!(!e.contains(inner), "{to}: {e}");
            }
        }
    }
}

/// A file as Windows editors save it: UTF-8 with a byte order mark, which
/// takes no column of the first line.
#[test]
fn a_byte_order_mark_is_read_past() {
    let with_mark = format!("\u{FEFF}{GOOD}");
    assert!(parse_pack_all("p.ron", &with_mark).is_ok());
    let bad = with_mark.replacen("LL_RR", "LL_RX", 1);
    let all: Vec<String> = parse_pack_all("p.ron", &bad)
        .unwrap_err()
        .iter()
        .map(|e| e.to_string())
        .collect();
    assert_eq!(
        all,
        [
            "p.ron:4:37: level 1: unexpected `X` in the row: expected L (a frog facing right), R (facing left) or _ (an empty pad)"
        ]
    );
    // Read from disk, as `pond check` and the game's loader read it.
    let dir = std::env::temp_dir().join(format!("pond-bom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join("bom.ron");
    std::fs::write(&path, &with_mark).expect("the file is written");
    let loaded = pond_core::levels::load_file(&path);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(loaded.map(|p| p.levels.len()), Ok(4));
}

/// A file saved in another encoding: where its first such byte is, and how
/// to mend it, not a byte offset.
#[test]
fn a_file_not_in_utf8_is_told_by_line_and_column() {
    let dir = std::env::temp_dir().join(format!("pond-latin1-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join("latin1.ron");
    let text = GOOD.replacen("\"One\"", "\"Caf\u{E9}\"", 1);
    // The same text in Latin-1: é is the one byte 0xE9.
    let bytes: Vec<u8> = text.chars().map(|c| c as u32 as u8).collect();
    std::fs::write(&path, bytes).expect("the file is written");
    let e = pond_core::levels::load_file(&path).expect_err("not UTF-8");
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!((e.line, e.col), (4, 24), "{e}");
    assert!(e.message.contains("save the file as UTF-8"), "{e}");
    assert!(!e.message.contains("offset"), "{e}");
}

/// A count of one takes its noun in the singular: "1 cell", never "1 cells".
#[test]
fn a_count_of_one_is_singular() {
    let all = mistakes(
        r#"board: Pond, layout: ["g.g.g", ".g.g.", "g.r.g", ".o.o.", "o.o.o"]"#,
        r#"board: Triangle, layout: ["o o", "g g"]"#,
    );
    assert_eq!(all.len(), 1, "{all:?}");
    assert!(
        all[0].ends_with("row 1 has 2 cells; expected 1: row 1 of a triangle has 1 cell"),
        "{all:?}"
    );
    let all = mistakes(r#"["012", "120", "201"]"#, r#"["012", "1"]"#);
    assert_eq!(all.len(), 1, "{all:?}");
    assert!(
        all[0].ends_with("row 2 has 1 cell; expected 3 like the first row"),
        "{all:?}"
    );
}
