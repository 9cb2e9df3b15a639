//! The pack format: the documented examples, the shipped packs (every level
//! solved and replayed), and every class of mistake a player can make
//! (`mistakes`).

use pond_core::levels::{self, SHIPPED, parse_pack};
use pond_core::rules::Puzzle;
use pond_core::solve::{self, Budget, Outcome, replay};

#[path = "packs/mistakes.rs"]
mod mistakes;

/// The example of `LEVEL-FORMAT.md`, as written there.
const FORMAT_EXAMPLE: &str = r#"
// Comments are allowed anywhere.
Pack(
    name: "Lily pond: beginner",
    author: Some("Pond Puzzles"),          // optional
    levels: [
        // Swap. `row` uses L, R and _; `goal` defaults to the row mirrored.
        Swap(name: "Three and three", row: "LLL_RRR"),
        Swap(name: "Two gaps", row: "LLL__RRR", jump_own: false),

        // Hop. `board`: Pond, Square or Triangle. `layout` rows, one character
        // per cell, spaces between cells ignored:
        //   o empty pad   g green frog   r red frog   . no pad (water / off-board)
        // On the Pond only cells with row+col even may hold a pad.
        Hop(name: "First jump", board: Pond, layout: [
            "o . g . o",
            ". g . o .",
            "o . r . o",
            ". o . o .",
            "o . o . o",
        ]),
        Hop(name: "English", board: Square, layout: [
            ". . g g g . .",
            ". . g g g . .",
            "g g g g g g g",
            "g g g o g g g",
            "g g g g g g g",
            ". . g g g . .",
            ". . g g g . .",
        ], finish: Some((3, 3))),           // optional pad (row, col) for the last frog
        Hop(name: "Triangle", board: Triangle, layout: [
            "o",
            "g g",
            "g g g",
            "g g g g",
            "g g g g g",
        ]),

        // Flood. Either `cells` (one digit or letter per cell: 0-9 = colour) or
        // `random` (seeded, reproducible on every machine and version).
        Flood(name: "Warm-up", cells: ["0120", "1201", "2012", "0120"], moves: Some(7)),
        Flood(name: "Classic", random: (width: 14, height: 14, colours: 6, seed: 7), moves: Some(25)),

        // Escape. Each animal is a type letter (a, b, c, ...) and a colour digit
        // (1, 2, ...); rows are written west to east, the exit is on the east.
        Escape(name: "Easy deal", rows: [
            "a1 b2 c3 d4",
            "b1 c2 d3 a4",
            "c1 d2 a3 b4",
            "d1 a2 b3 c4",
        ]),
    ],
)
"#;

#[test]
fn the_documented_example_loads_as_written() {
    let pack = parse_pack("example.ron", FORMAT_EXAMPLE).unwrap();
    assert_eq!(pack.name, "Lily pond: beginner");
    assert_eq!(pack.author.as_deref(), Some("Pond Puzzles"));
    assert_eq!(pack.levels.len(), 8);
    let kinds: Vec<&str> = pack.levels.iter().map(|l| l.puzzle.kind().name()).collect();
    assert_eq!(
        kinds,
        [
            "swap", "swap", "hop", "hop", "hop", "flood", "flood", "escape"
        ]
    );
    let Puzzle::Hop(english) = &pack.levels[3].puzzle else {
        panic!("level 4 is Hop")
    };
    assert_eq!(english.board.pads.len(), 33);
    assert_eq!(english.finish, english.board.pad_at(3, 3));
    let Puzzle::Flood(classic) = &pack.levels[6].puzzle else {
        panic!("level 7 is Flood")
    };
    assert_eq!(
        (classic.width, classic.height, classic.colours),
        (14, 14, 6)
    );
    assert_eq!(classic.limit, Some(25));
}

fn must_solve(file: &str, index: usize, level: &levels::Level) {
    let label = format!("{file} level {}", index + 1);
    if let Puzzle::Flood(f) = &level.puzzle {
        // The fast solver often fits the limit at once; the exact one (with a
        // node budget, so the test does the same work everywhere) must otherwise.
        let limit = f.limit.expect("shipped Flood levels have a move limit");
        let fast = solve::flood::solve_fast(f);
        replay(f, &fast).unwrap_or_else(|e| panic!("{label}: {e}"));
        if fast.len() as u32 <= limit {
            return;
        }
        let report = solve::solve(&level.puzzle, Budget::nodes(1_000_000), None, false);
        let moves = report
            .outcome
            .moves()
            .unwrap_or_else(|| panic!("{label}: {:?}", report.outcome));
        assert!(
            moves.len() as u32 <= limit,
            "{label}: limit {limit} below {} moves",
            moves.len()
        );
        return;
    }
    let report = solve::solve(&level.puzzle, Budget::nodes(20_000_000), None, false);
    let moves = report
        .outcome
        .moves()
        .unwrap_or_else(|| panic!("{label}: {:?}", report.outcome));
    // Where every win is as long, the solution is that long.
    if let Some(n) = level.puzzle.moves_to_win() {
        assert_eq!(moves.len(), n as usize, "{label}: moves to win");
    }
    let mut state = level.puzzle.clone();
    state
        .play_all(moves)
        .unwrap_or_else(|(i, e)| panic!("{label}: move {i}: {e}"));
    assert!(state.is_goal(), "{label}");
    assert!(matches!(state.moves_to_win(), None | Some(0)), "{label}");
}

#[test]
fn every_shipped_level_is_solved_and_replayed() {
    for (file, text) in SHIPPED {
        let pack = parse_pack(file, text).unwrap_or_else(|e| panic!("{e}"));
        assert!(!pack.levels.is_empty(), "{file}");
        for (i, level) in pack.levels.iter().enumerate() {
            must_solve(file, i, level);
        }
    }
}

fn shipped(name: &str) -> levels::Pack {
    let text = SHIPPED.iter().find(|(n, _)| *n == name).unwrap().1;
    parse_pack(name, text).unwrap()
}

#[test]
fn shipped_packs_have_what_the_game_promises() {
    let swap = shipped("swap.ron");
    assert!(swap.levels.len() >= 12);
    let hop = shipped("hop.ron");
    assert!(hop.levels.len() >= 40);
    for grade in ["beginner", "intermediate", "advanced", "expert"] {
        let n = hop
            .levels
            .iter()
            .filter(|l| l.grade.as_deref() == Some(grade))
            .count();
        assert!(n >= 10, "{grade}: {n}");
    }
    let mut seen = std::collections::HashSet::new();
    for l in &hop.levels {
        let Puzzle::Hop(h) = &l.puzzle else { panic!() };
        assert!(h.red.is_some());
        assert!(
            seen.insert(pond_core::levels::generate::canonical(h)),
            "{}",
            l.name
        );
    }
    let flood = shipped("flood.ron");
    assert!(flood.levels.len() >= 30);
    let escape = shipped("escape.ron");
    let classic = escape
        .levels
        .iter()
        .filter(|l| matches!(&l.puzzle, Puzzle::Escape(e) if e.rows == 4 && e.cols == 4))
        .count();
    assert!(classic >= 60);
    for l in &escape.levels {
        let Puzzle::Escape(e) = &l.puzzle else {
            panic!()
        };
        let mut pairs: Vec<(u8, u8)> = e.animals.iter().map(|a| (a.kind, a.colour)).collect();
        pairs.sort();
        pairs.dedup();
        assert_eq!(
            pairs.len(),
            e.animals.len(),
            "{}: every type-colour pair once",
            l.name
        );
        assert_eq!(e.rows, e.cols, "{}", l.name);
    }
}

#[test]
fn the_english_game_and_european_start_are_solved() {
    let pegs = shipped("pegs.ron");
    for name in ["English", "European", "Triangle"] {
        let level = pegs.levels.iter().find(|l| l.name == name).unwrap();
        let report = solve::solve(&level.puzzle, Budget::unlimited(), None, false);
        let Outcome::Solved { moves, .. } = &report.outcome else {
            panic!("{name}: {:?}", report.outcome)
        };
        let Puzzle::Hop(h) = &level.puzzle else {
            panic!()
        };
        replay(
            h,
            &moves
                .iter()
                .map(|m| match m {
                    pond_core::rules::PuzzleMove::Hop(m) => *m,
                    _ => panic!(),
                })
                .collect::<Vec<_>>(),
        )
        .unwrap();
    }
}

/// The `ron` blocks of a Markdown page.
fn ron_blocks(page: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in page.lines() {
        match (&mut current, line.trim_start()) {
            (None, l) if l.starts_with("```ron") => current = Some(String::new()),
            (Some(_), l) if l.starts_with("```") => blocks.extend(current.take()),
            (Some(block), _) => {
                block.push_str(line);
                block.push('\n');
            }
            (None, _) => {}
        }
    }
    blocks
}

/// Every example on the format page (its `ron` blocks, read from the page
/// itself) loads, and every level of them is solved within its limit: what
/// an author copies from the page works.
#[test]
fn every_example_on_the_format_page_loads_and_is_solved() {
    let page = include_str!("../../../levels/README.md");
    let blocks = ron_blocks(page);
    assert!(blocks.len() >= 2, "{} examples on the page", blocks.len());
    for (i, block) in blocks.iter().enumerate() {
        let file = format!("levels/README.md example {}", i + 1);
        let pack = parse_pack(&file, block).unwrap_or_else(|e| panic!("{e}"));
        assert!(!pack.levels.is_empty(), "{file}");
        for (index, level) in pack.levels.iter().enumerate() {
            must_solve(&file, index, level);
        }
    }
}

/// The format page's colour table names the colours in the rules' order:
/// Flood's digit from 0, Escape's from 1, the same colour on each row.
#[test]
fn the_format_pages_colour_table_follows_the_rules() {
    use pond_core::rules::escape::{Animal, COLOUR_NAMES};
    let page = include_str!("../../../levels/README.md");
    let rows: Vec<Vec<&str>> = page
        .lines()
        .skip_while(|l| !l.starts_with("| colour | Flood digit"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| l.trim_matches('|').split('|').map(str::trim).collect())
        .collect();
    assert_eq!(rows.len(), 10, "{rows:?}");
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row[1], format!("`{i}`"), "row {i}: {row:?}");
        match COLOUR_NAMES.get(i) {
            Some(&name) => {
                assert_eq!(row[0], name, "row {i}");
                assert_eq!(row[2], format!("`{}`", i + 1), "row {i}");
                let animal = Animal {
                    kind: 0,
                    colour: i as u8,
                };
                assert_eq!(animal.describe_parts().0, name);
            }
            None => assert_eq!(row[2], "(none)", "row {i}"),
        }
    }
}

/// The format page's examples of the Hop and Escape notations and of
/// Escape's rule play as the page says, on the page's own levels.
#[test]
fn the_format_pages_move_examples_play_as_it_says() {
    let page = include_str!("../../../levels/README.md");
    let first =
        parse_pack("levels/README.md", &ron_blocks(page)[0]).unwrap_or_else(|e| panic!("{e}"));
    let level = |name: &str| {
        let found = first.levels.iter().find(|l| l.name == name);
        found
            .unwrap_or_else(|| panic!("no level {name:?}"))
            .puzzle
            .clone()
    };
    for said in [
        "`6-0` is the red frog (pad 6)",
        "pads of the first row are 0, 1, 2",
    ] {
        assert!(page.contains(said), "the page does not say {said:?}");
    }
    let mut hop = level("First jump");
    let mv = hop.parse_move("6-0").unwrap_or_else(|e| panic!("{e}"));
    hop.apply(mv).unwrap_or_else(|e| panic!("{e}"));
    // Pad 3 was jumped and is empty now: no frog leaves it.
    assert!(
        hop.parse_move("3-0")
            .is_ok_and(|m| hop.clone().apply(m).is_err())
    );

    assert!(page.contains("The rule: only the animal at the east end of a row"));
    assert!(page.contains("`0` lets out the yellow penguin `d4`, and `1` may follow it"));
    let mut escape = level("Easy deal");
    for text in ["0", "1"] {
        let mv = escape.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
        escape.apply(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    // After the yellow crab only a yellow animal or a crab: row 2's east
    // animal, `b4`, is yellow; `d3` of row 1 is neither.
    let mv = escape.parse_move("1").unwrap_or_else(|e| panic!("{e}"));
    assert!(escape.apply(mv).is_err(), "d3 may not follow a4");
}

/// A shipped pack opens by its file name or that name without `.ron`,
/// from any folder; a name no pack has is a file not found.
#[test]
fn a_shipped_pack_opens_by_its_name() {
    for (file, _) in SHIPPED {
        let bare = file.trim_end_matches(".ron");
        for name in [*file, bare] {
            let pack = levels::load(std::path::Path::new(name))
                .unwrap_or_else(|e| panic!("{name}: {}", e.message));
            assert_eq!(pack.levels.len(), shipped(file).levels.len(), "{name}");
        }
    }
    assert!(levels::load(std::path::Path::new("no-such-pack")).is_err());
}
