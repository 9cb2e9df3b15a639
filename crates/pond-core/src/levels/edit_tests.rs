//! The editor's pure side: every shipped level survives a copy into the
//! editor and back (and through its board code), a saved pack loads back
//! the same, edits do what they say, and mistakes name their cell.

use super::edit::{Draft, FloodDraft, HopDraft, SwapDraft, save_into};
use super::{SHIPPED, load_file, parse_pack};
use crate::rules::hop::Shape;
use crate::rules::swap::Cell;
use crate::rules::{Puzzle, PuzzleKind};
use proptest::prelude::*;

fn shipped() -> Vec<super::Pack> {
    SHIPPED
        .iter()
        .map(|(f, t)| parse_pack(f, t).expect("shipped packs load"))
        .collect()
}

fn temp_dir(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("pond-edit-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A draft of each puzzle, as "New level" makes it.
fn new_drafts() -> Vec<Draft> {
    shipped()
        .iter()
        .map(|p| Draft::new_like(&p.levels[0].puzzle))
        .collect()
}

#[test]
fn every_shipped_level_copied_into_the_editor_checks_as_itself() {
    for pack in shipped() {
        for level in &pack.levels {
            let draft = Draft::of_level(level);
            let back = draft.check().expect("a shipped level is a level");
            assert_eq!(back.puzzle, level.puzzle, "{}", level.name);
            assert_eq!(back.name, level.name);
            assert_eq!(draft.drawn(), level.puzzle, "{}", level.name);
        }
    }
}

#[test]
fn new_levels_of_every_puzzle_are_levels_and_save_and_load_back_the_same() {
    let dir = temp_dir("save");
    let path = dir.join("packs").join("mine.ron");
    let drafts = new_drafts();
    for (i, d) in drafts.iter().enumerate() {
        d.check().expect("a new level is a level");
        assert_eq!(save_into(&path, "Mine", d, None, None), Ok(i));
    }
    let pack = load_file(&path).expect("the editor's pack loads");
    assert_eq!(pack.name, "Mine");
    assert_eq!(pack.levels.len(), drafts.len());
    for (level, d) in pack.levels.iter().zip(&drafts) {
        assert_eq!(level.puzzle, d.check().unwrap().puzzle);
    }
    // Saving in place of a level replaces it; nothing else moves.
    let mut changed = drafts[0].clone();
    changed.name = "Changed".into();
    assert_eq!(save_into(&path, "ignored", &changed, Some(0), None), Ok(0));
    let pack = load_file(&path).unwrap();
    assert_eq!(pack.levels[0].name, "Changed");
    assert_eq!(pack.levels.len(), drafts.len());
    // No temporary file is left beside it.
    let files: Vec<_> = std::fs::read_dir(dir.join("packs")).unwrap().collect();
    assert_eq!(files.len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A pack the player wrote by hand keeps its text when the editor saves
/// into it: its header, its comments (between levels, inside one, after
/// the last), its layout and its odd characters; only the level's own
/// text is added or put in place.
#[test]
fn saving_into_a_hand_written_pack_keeps_its_comments_and_layout() {
    let dir = temp_dir("keep");
    let path = dir.join("hand.ron");
    let hand = "// My pond levels, by Ana\u{e9}.\n// Tried on the big screen first.\nPack(\n  name: \"Ana's \u{1f438} levels\", // the frog stays\n  levels: [\n    // the easy one\n    Swap(name: \"First\", row: \"L_R\"),\n    /* a block comment */ Swap(\n      name: \"Second\", // two a side\n      row: \"LL_RR\",\n    ),\n    // more to come\n  ],\n)\n// the end\n";
    std::fs::write(&path, hand).unwrap();
    let added = Draft::new_like(&shipped()[0].levels[2].puzzle);
    assert_eq!(save_into(&path, "ignored", &added, None, None), Ok(2));
    let text = std::fs::read_to_string(&path).unwrap();
    for kept in [
        "// My pond levels, by Ana\u{e9}.\n// Tried on the big screen first.\nPack(\n",
        "  name: \"Ana's \u{1f438} levels\", // the frog stays\n",
        "    // the easy one\n    Swap(name: \"First\", row: \"L_R\"),\n",
        "/* a block comment */ Swap(\n      name: \"Second\", // two a side\n",
        "    // more to come\n  ],\n)\n// the end\n",
    ] {
        assert!(text.contains(kept), "lost {kept:?} from:\n{text}");
    }
    let pack = load_file(&path).expect("it loads");
    assert_eq!(pack.levels.len(), 3);
    assert_eq!(pack.levels[2].puzzle, added.check().unwrap().puzzle);
    // In place of the second: the first and every comment stay.
    let mut changed = Draft::of_level(&pack.levels[1]);
    changed.name = "Second, mended".into();
    assert_eq!(save_into(&path, "ignored", &changed, Some(1), None), Ok(1));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("/* a block comment */ Swap(name: \"Second, mended\""),
        "{text}"
    );
    assert!(
        text.contains("// the easy one") && text.contains("// the end"),
        "{text}"
    );
    assert!(
        !text.contains("// two a side"),
        "the level's own text is the new one"
    );
    let pack = load_file(&path).unwrap();
    let names: Vec<&str> = pack.levels.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names[..2], ["First", "Second, mended"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A comment after the pack's last level, on its line, stays on that line
/// when a level is added after it (it went after the new level), with the
/// file's own line breaks and commas.
#[test]
fn a_comment_after_the_last_level_stays_on_its_line() {
    let dir = temp_dir("trailing");
    let path = dir.join("hand.ron");
    let added = Draft::new_like(&shipped()[0].levels[2].puzzle);
    for (hand, kept, break_) in [
        (
            "Pack(\n  name: \"Hand\",\n  levels: [\n    Swap(name: \"Tiny\", row: \"L_R\"),   // trailing note\n  ],\n)\n",
            "    Swap(name: \"Tiny\", row: \"L_R\"),   // trailing note\n    Swap(",
            "\n",
        ),
        (
            "Pack(\r\n  name: \"Hand\",\r\n  levels: [\r\n    Swap(name: \"Tiny\", row: \"L_R\") // no comma\r\n  ],\r\n)\r\n",
            "    Swap(name: \"Tiny\", row: \"L_R\"), // no comma\r\n    Swap(",
            "\r\n",
        ),
    ] {
        std::fs::write(&path, hand).unwrap();
        assert_eq!(save_into(&path, "ignored", &added, None, None), Ok(1));
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(kept), "{text:?}");
        assert_eq!(
            text.matches('\n').count(),
            text.matches(break_).count(),
            "one kind of line break: {text:?}"
        );
        let pack = load_file(&path).expect("it loads");
        assert_eq!(pack.levels.len(), 2);
        assert_eq!(pack.levels[1].puzzle, added.check().unwrap().puzzle);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A level saved carries the verdict's grade (the level select shows it),
/// but one put in place of a level its author graded keeps the author's.
#[test]
fn a_saved_level_carries_its_grade_and_an_authors_grade_is_kept() {
    let dir = temp_dir("grade");
    let path = dir.join("graded.ron");
    std::fs::write(
        &path,
        "Pack(name: \"G\", levels: [Swap(name: \"A\", row: \"L_R\", grade: Some(\"mine\"))])",
    )
    .unwrap();
    let added = Draft::new_like(&shipped()[0].levels[2].puzzle);
    assert_eq!(save_into(&path, "G", &added, None, Some("easy")), Ok(1));
    let mut again = Draft::of_level(&load_file(&path).unwrap().levels[0]);
    again.name = "A, mended".into();
    assert_eq!(save_into(&path, "G", &again, Some(0), Some("hard")), Ok(0));
    let pack = load_file(&path).unwrap();
    let grades: Vec<Option<&str>> = pack.levels.iter().map(|l| l.grade.as_deref()).collect();
    assert_eq!(grades, [Some("mine"), Some("easy")]);
    assert_eq!(pack.levels[0].name, "A, mended");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_level_with_a_mistake_is_not_saved_and_says_why() {
    let dir = temp_dir("mistake");
    let path = dir.join("mine.ron");
    let mut pond = Draft::new_like(&shipped()[1].levels[0].puzzle);
    let Some(HopDraft { grid, .. }) = pond.part_mut() else {
        panic!()
    };
    for c in grid.iter_mut().flatten() {
        if *c != '.' {
            *c = 'o';
        }
    }
    let why = pond.check().unwrap_err();
    assert!(why.message.contains("no frogs"), "{}", why.message);
    assert!(save_into(&path, "Mine", &pond, None, None).is_err());
    assert!(!path.exists());
    // A pack with a mistake is never written over.
    std::fs::write(&path, "Pack(name: \"x\", levels: [").unwrap();
    let good = Draft::new_like(&shipped()[0].levels[0].puzzle);
    let why = save_into(&path, "Mine", &good, None, None).unwrap_err();
    assert!(why.contains("was not added"), "{why}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "Pack(name: \"x\", levels: ["
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_mistake_names_the_cell_it_concerns() {
    let mut flood = Draft::new_like(&shipped()[3].levels[0].puzzle);
    let Some(FloodDraft { cells, width, .. }) = flood.part_mut() else {
        panic!()
    };
    // A colour beyond the level's colours, at row 3, column 5.
    cells[2 * *width as usize + 4] = 9;
    let why = flood.check().unwrap_err();
    assert_eq!(why.cell, Some((2, 4)), "{why:?}");
    assert!(why.message.contains("colour 9"), "{}", why.message);
}

#[test]
fn edits_do_what_they_say() {
    let drafts = new_drafts();
    // Swap: a pad painted, the row grown.
    let mut swap = drafts[0].clone();
    assert!(swap.paint(0, 3, swap.brush(&[0])));
    assert!(!swap.paint(0, 3, swap.brush(&[0])), "no change, no edit");
    assert!(swap.step(0, 2));
    assert_eq!(swap.dimensions()[0].1, 9);
    // Its goal drawn: row 1 paints the goal, which must keep the row's frogs.
    assert!(swap.paint(1, 0, swap.brush(&[1])));
    let why = swap.check().unwrap_err();
    assert!(why.message.contains("the goal has"), "{}", why.message);
    // The ring is on a goal cell to mend (row 1 is the goal).
    assert!(matches!(why.cell, Some((1, _))), "{why:?}");
    assert!(
        swap.apply(super::edit::Setting::DrawnGoal, 0),
        "back to the mirror"
    );
    swap.check().expect("a mirrored goal always fits");
    // Hop: one red frog at most; the Pond's water is not a pad.
    let mut pond = drafts[1].clone();
    assert!(pond.paint(4, 4, pond.brush(&[1])));
    assert!(!pond.paint(0, 1, pond.brush(&[0])));
    let Puzzle::Hop(h) = pond.drawn() else {
        panic!()
    };
    assert_eq!(h.red, h.board.pad_at(4, 4));
    // A Square board's holes come and go.
    assert!(pond.apply(super::edit::Setting::Shape(Shape::Square), 0));
    assert!(pond.paint(0, 0, pond.brush(&[2])));
    assert!(pond.step(0, -2));
    assert_eq!(pond.dimensions()[0].1, 5);
    // Flood: a region filled is the whole region.
    let mut flood = drafts[3].clone();
    assert!(flood.paint(0, 0, flood.brush(&[3, 1])));
    let Puzzle::Flood(f) = flood.drawn() else {
        panic!()
    };
    assert_eq!(f.region_colour(), 3);
    assert!(flood.step(0, 3) && flood.step(1, -1));
    let Puzzle::Flood(g) = flood.drawn() else {
        panic!()
    };
    assert_eq!((g.width, g.height), (11, 7));
    assert_eq!(g.cells[..8], f.cells[..8], "what was drawn stays");
    // Escape: an animal put, a duplicate warned of.
    let mut esc = drafts[4].clone();
    let Puzzle::Escape(e) = esc.drawn() else {
        panic!()
    };
    let first = e.animal(0, 0);
    assert!(esc.warnings().is_empty());
    assert!(
        esc.paint(
            1,
            1,
            esc.brush(&[first.kind as usize, first.colour as usize])
        ) || e.animal(1, 1) == first
    );
    assert_eq!(esc.warnings().len(), 1, "{:?}", esc.warnings());
    // A row more on a prison with every animal once: the new row repeats
    // animals, said in one note.
    let mut full = esc.clone();
    assert!(full.step(0, 1), "a row added");
    let notes = full.warnings();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].contains("animals are on the board twice, the first at row"),
        "{notes:?}"
    );
    assert!(esc.step(2, 1));
    assert_eq!(esc.dimensions()[2].1, 5);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// Any run of edits on any puzzle leaves a draft that either is a level
    /// drawn as it checks, or names its mistake; nothing panics.
    #[test]
    fn edits_never_break_the_draft(
        which in 0usize..5,
        edits in proptest::collection::vec((0usize..12, 0usize..12, 0u8..8, -2i32..3), 1..40),
    ) {
        let mut d = new_drafts()[which].clone();
        for (r, c, v, by) in edits {
            let brush = d.brush(&[v as usize, (v / 2) as usize]);
            d.paint(r, c, brush);
            if by != 0 && v < 3 {
                d.step(v as usize, by);
            }
            if v == 5 {
                d.shuffle(r as u64);
            }
        }
        match d.check() {
            Ok(level) => prop_assert_eq!(level.puzzle, d.drawn()),
            Err(m) => prop_assert!(!m.message.is_empty()),
        }
    }
}

#[test]
fn every_shipped_level_goes_through_its_board_code_and_back() {
    use super::code::LevelCode;
    for pack in shipped() {
        for level in &pack.levels {
            let draft = Draft::of_level(level);
            let code = draft.code();
            assert!(
                code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'),
                "{code}"
            );
            let back = Draft::from_code(&code).expect("a code read back");
            assert_eq!(back.board, draft.board, "{}", level.name);
            // In any case, through the level codes the game plays.
            let parsed = LevelCode::parse(&code.to_ascii_lowercase()).expect("the code parses");
            assert_eq!(parsed.to_string(), code);
            assert_eq!(
                parsed.level().unwrap().puzzle,
                level.puzzle,
                "{}",
                level.name
            );
        }
    }
    // The biggest board fits.
    let mut big = Draft::new_of(PuzzleKind::Flood, false);
    for _ in 0..50 {
        big.step(0, 2);
        big.step(1, 2);
    }
    assert_eq!(big.dimensions()[0].1, 100);
    assert_eq!(Draft::from_code(&big.code()).unwrap().board, big.board);
}

#[test]
fn a_broken_board_code_says_what_was_expected() {
    for (code, words) in [
        ("BS-LLXRR", "unexpected `X` in a Swap row"),
        ("BH-S3-OGG", "this board has 9 cells; the code gives 3"),
        ("BH-Q-OO", "expected the board's shape"),
        ("BF-3X3C4-12", "a 3x3 board has 9 cells"),
        ("BF-3X3C40-000000000", "expected colours from 1 to 10"),
        ("BE-2X2-A1B2C3Z4", "expected an animal as a kind letter"),
        ("BE-2X2-A1", "holds 4 animals"),
    ] {
        let why = super::code::LevelCode::parse(code).unwrap_err();
        assert!(why.contains(words), "{code}: {why}");
    }
    // A board the loader refuses is refused with its words.
    let why = super::code::LevelCode::parse("BH-P-OXOXOXOXOXOXOXOXOXOXOXOXO")
        .unwrap()
        .level()
        .unwrap_err();
    assert!(why.contains("no frogs"), "{why}");
}

/// A Swap row typed as text: taken as the files write it (lower case and
/// spaces forgiven), a drawn goal kept while the length stays, and a wrong
/// letter or length refused with the pad it concerns; other puzzles have no
/// row.
#[test]
fn a_swap_row_is_typed_as_text() {
    let mut d = Draft::new_like(&shipped()[0].levels[0].puzzle);
    assert_eq!(d.set_row("LL_RR"), Ok(true));
    assert_eq!(d.set_row("ll _rr"), Ok(false), "the same row");
    let Some(SwapDraft { cells, goal, .. }) = d.part_mut() else {
        panic!()
    };
    assert_eq!(cells.len(), 5);
    *goal = Some(vec![Cell::R, Cell::R, Cell::Empty, Cell::L, Cell::L]);
    assert_eq!(d.set_row("L_LRR"), Ok(true));
    let Some(SwapDraft { goal, .. }) = d.part() else {
        panic!()
    };
    assert!(goal.is_some(), "the goal stays at the same length");
    assert_eq!(d.set_row("LLL_RRR"), Ok(true));
    let Some(SwapDraft { goal, .. }) = d.part() else {
        panic!()
    };
    assert_eq!(*goal, None, "a new length mirrors the goal again");
    assert_eq!(
        d.set_row("LLX_R"),
        Err("pad 3 is `X`: a row holds L, R and _ (an empty pad)".into())
    );
    assert_eq!(
        d.set_row("L"),
        Err("the row has 1 pad; a row has 2 to 85".into())
    );
    assert_eq!(d.check().expect("still a level").name, d.name);
    let mut flood = Draft::new_like(&shipped()[3].levels[0].puzzle);
    assert!(flood.set_row("LR").is_err());
}

/// Every "New level of" button starts a level that can be won, to build on
/// (the pond's and Escape's began lost: "Cannot be won (proven)" was the
/// first thing a pack author read).
#[test]
fn every_new_level_can_be_won() {
    for (words, kind, pegs) in super::edit::new_levels() {
        let level = Draft::new_of(kind, pegs)
            .check()
            .unwrap_or_else(|m| panic!("{words}: {m:?}"));
        let report = crate::solve::solve(
            &level.puzzle,
            crate::solve::Budget::nodes(5_000_000),
            None,
            false,
        );
        assert!(
            report.outcome.moves().is_some(),
            "{words}: {:?}",
            report.outcome
        );
    }
}

/// A new peg level starts as an easy one on the English cross (the full
/// board was graded expert and took seconds to judge), and a new level of
/// every puzzle is judged easy (Flood's has no move limit until one is
/// set, so no grade: the verdict then gives each grade's limit).
#[test]
fn a_new_level_of_every_puzzle_is_graded_easy() {
    let flood = Draft::new_of(PuzzleKind::Flood, false).check().unwrap();
    let v = crate::levels::verdict::judge(&flood.puzzle, crate::solve::Budget::unlimited());
    assert!(v.limits.is_some_and(|l| l.len() == 5), "{v:?}");
    for (kind, on_pegs) in [
        (PuzzleKind::Swap, false),
        (PuzzleKind::Hop, false),
        (PuzzleKind::Hop, true),
        (PuzzleKind::Escape, false),
    ] {
        let level = Draft::new_of(kind, on_pegs).check().unwrap();
        let v = crate::levels::verdict::judge(&level.puzzle, crate::solve::Budget::unlimited());
        // The grade as the level select shows it: the shipped pack's words
        // where it grades the level.
        let shown = v.pack_grade.clone().map(|(g, ..)| g).or(v.grade.clone());
        assert!(
            matches!(shown.as_deref(), Some("easy" | "first steps" | "beginner")),
            "{kind:?} {on_pegs}: {v:?}"
        );
    }
}

/// A seed deals the same prison every time, and one that can be won: of the
/// classic deal's first forty seeds, every one (a plain shuffle of it is
/// stuck at once about half the time).
#[test]
fn an_escape_seed_deals_a_prison_that_can_be_won() {
    use crate::solve::Budget;
    use crate::solve::moves::winnable_of;
    let start = new_drafts()
        .into_iter()
        .find(|d| d.drawn().kind() == PuzzleKind::Escape)
        .expect("an Escape draft");
    let mut plain_stuck = 0;
    for seed in 1..=40u64 {
        let mut a = start.clone();
        let mut b = start.clone();
        assert!(a.shuffle(seed));
        b.shuffle(seed);
        assert_eq!(a.board, b.board, "seed {seed} dealt twice");
        assert_eq!(
            winnable_of(&a.drawn(), &Budget::nodes(1_000_000)),
            Some(true),
            "seed {seed}"
        );
        if let Puzzle::Escape(e) = start.drawn() {
            let mut animals = e.animals.clone();
            super::rng::SplitMix64::new(seed).shuffle(&mut animals);
            let plain = Puzzle::Escape(crate::rules::escape::Escape::new(e.rows, e.cols, animals));
            plain_stuck +=
                usize::from(winnable_of(&plain, &Budget::nodes(1_000_000)) == Some(false));
        }
    }
    assert!(
        plain_stuck > 5,
        "only {plain_stuck} of the plain shuffles are stuck"
    );
}

/// A level's puzzle in the words of "New level of": a peg board is Pegs,
/// the pond Hop.
#[test]
fn each_level_is_named_as_new_level_of_names_it() {
    let packs = shipped();
    let words = |pack: usize| super::edit::puzzle_words(&packs[pack].levels[0].puzzle);
    assert_eq!(
        [words(0), words(1), words(2), words(3), words(4)],
        ["Swap", "Hop", "Pegs", "Flood", "Escape"]
    );
}
