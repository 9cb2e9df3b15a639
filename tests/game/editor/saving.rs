//! The editor's saves: into the player's pack or another, back in place,
//! never one level over another; the results of levels played from it; Back
//! and undo before an unsaved edit is lost.

use super::*;

#[test]
fn a_level_is_saved_into_the_players_pack_and_listed_at_the_next_start() {
    let dir = temp_data_dir();
    let mut app = editing("escape.ron", 3, dir.clone());
    act(&mut app, EditAction::Pick(1, 2));
    act(&mut app, EditAction::Paint(0, 0));
    let draft = editor(&app).draft;
    // The pack it goes into, said the same way before it is written and
    // after: its name and its levels.
    verdict(&mut app);
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t == "Saves into My levels (no levels yet)")
    );
    act(&mut app, EditAction::Save);
    verdict(&mut app);
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t == "Saves into My levels (1 level)")
    );
    let file = dir.join("packs").join("my-levels.ron");
    let pack = pond_puzzles::levels::load_file(&file).expect("the saved pack loads");
    assert_eq!(pack.levels.len(), 1);
    assert_eq!(pack.levels[0].puzzle, draft.check().unwrap().puzzle);
    let notice = editor(&app).notice.expect("the save is told");
    // The pack by its name and its file's, not the whole path (which
    // wrapped badly in a narrow panel).
    assert_eq!(
        notice.0.replace('\u{a0}', " "),
        "Saved as level 1 of \"My levels\",\nin the file my-levels.ron.",
        "{notice:?}"
    );
    // Saved again, the level goes back in its place.
    act(&mut app, EditAction::Paint(0, 1));
    act(&mut app, EditAction::Save);
    let pack = pond_puzzles::levels::load_file(&file).unwrap();
    assert_eq!(pack.levels.len(), 1, "in its place, not added");
    drop(app);
    // The next start lists it beside the shipped packs.
    let mut again = app_with(game::GameOptions {
        data_dir: Some(dir),
        ..Default::default()
    });
    settle(&mut again);
    let packs = again.world().resource::<Packs>();
    let own = packs
        .listed()
        .find(|(_, e)| e.own_file())
        .expect("the player's pack is listed");
    assert_eq!(own.1.pack.as_ref().unwrap().name, "My levels");
}

/// Levels played from the editor keep their results apart: each win is
/// recorded for the level won (a win of the level before it goes with that
/// level, here to the shipped pack it was copied from, and its shortest is
/// never shown for another), and a level saved in the player's pack is won
/// there too ("My levels" counts it), whether it was won before or after
/// the save.
#[test]
fn levels_played_from_the_editor_keep_their_own_results() {
    use game::packs::EDITED;
    use game::progress::Progress;
    let dir = temp_data_dir();
    let mut app = editing("swap.ron", 3, dir.clone());
    verdict(&mut app);
    act(&mut app, EditAction::Save);
    let own = dir.join("packs").join("my-levels.ron");
    let saved = pond_puzzles::levels::load_file(&own).expect("saved into My levels");
    assert_eq!(
        saved.levels[0].grade.as_deref(),
        Some("first steps"),
        "saved with its grade, as the shipped pack grades it"
    );
    // Won by its shortest solution, through the moves a click makes.
    let win = |app: &mut App| -> usize {
        act(app, EditAction::Play);
        until_screen(app, Screen::Play);
        let start = puzzle(app);
        let report = solve::solve(&start, Budget::unlimited(), None, false);
        let moves = report.outcome.moves().unwrap().to_vec();
        for mv in &moves {
            app.world_mut().write_message(MoveRequested::player(*mv));
            settle(app);
        }
        assert!(puzzle(app).is_won());
        // The shortest is looked up in the background.
        for _ in 0..3000 {
            app.update();
            let p = app.world().resource::<Progress>();
            if p.file.record(EDITED, 0).and_then(|r| r.shortest).is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        moves.len()
    };
    let swap = win(&mut app);
    // The win's way on is back to the editor, said so: no "Next level"
    // nor "Levels" (both led back to the editor).
    let said = texts(&mut app);
    assert!(
        said.iter().any(|t| t.starts_with("Back to the editor")),
        "{said:?}"
    );
    assert!(
        !said.iter().any(|t| t.starts_with("Next level")),
        "{said:?}"
    );
    // The keys' line says so too: Esc goes back to the editor, and there
    // is no next level (it offered "N next" and "Esc menu").
    assert!(said.iter().any(|t| t == "Esc editor"), "{said:?}");
    assert!(
        !said.iter().any(|t| t == "N next" || t == "Esc menu"),
        "{said:?}"
    );
    let progress = &app.world().resource::<Progress>().file;
    let record = *progress.record(EDITED, 0).expect("the win is kept");
    assert_eq!((record.best, record.shortest), (swap, Some(swap)));
    let mine: Vec<_> = progress
        .levels
        .iter()
        .filter(|(f, _)| f.as_str() != EDITED)
        .filter(|(f, _)| f.contains("my-levels"))
        .collect();
    assert_eq!(
        mine.len(),
        1,
        "My levels has the win: {:?}",
        progress.levels
    );
    let saved = mine[0].1.get(&1).expect("its level 1");
    assert_eq!((saved.best, saved.shortest), (swap, Some(swap)));
    // Back to the editor: a Flood level, unsaved, won.
    press(&mut app, KeyCode::Escape);
    until_screen(&mut app, Screen::Edit);
    act(&mut app, EditAction::New(PuzzleKind::Flood, false));
    verdict(&mut app);
    let flood = win(&mut app);
    assert_ne!(flood, swap, "two levels of different lengths");
    let progress = &app.world().resource::<Progress>().file;
    let record = progress.record(EDITED, 0).expect("the win is kept");
    assert_eq!(
        (record.best, record.shortest),
        (flood, Some(flood)),
        "the Flood level's own record, not the Swap level's shortest"
    );
    assert!(
        progress.clone().in_range().is_none(),
        "nothing out of range"
    );
    // The Swap level's win is not lost: it went with its level, which is
    // also the shipped pack's level 3.
    let kept = progress.record("swap.ron", 2).expect("kept with its level");
    assert_eq!(kept.best, swap);
    // Saved after its win, the Flood level is won in My levels too (its
    // level 2), as the title's count of My levels says.
    press(&mut app, KeyCode::Escape);
    until_screen(&mut app, Screen::Edit);
    act(&mut app, EditAction::Save);
    let mut won_there = None;
    for _ in 0..3000 {
        app.update();
        let progress = &app.world().resource::<Progress>().file;
        won_there = progress
            .levels
            .iter()
            .find(|(f, _)| f.contains("my-levels"))
            .and_then(|(_, records)| records.get(&2).copied());
        if won_there.is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let won_there = won_there.expect("the win before the save is in My levels");
    assert_eq!(won_there.best, flood);
}

/// `pond edit` on a level of a pack in the player's `packs/` folder: the
/// pack is listed once, as the player's, and Save puts the level back in
/// its place, the author's comments kept.
#[test]
fn a_level_of_the_players_pack_named_on_the_command_line_is_saved_back_in_place() {
    let dir = temp_data_dir();
    std::fs::create_dir_all(dir.join("packs")).unwrap();
    let file = dir.join("packs").join("hand.ron");
    let hand = "// Mine.\nPack(name: \"Hand\", levels: [\n    Swap(name: \"One\", row: \"L_R\"), // first\n    Swap(name: \"Two\", row: \"LL_RR\"),\n])\n";
    std::fs::write(&file, hand).unwrap();
    let mut app = editing(&file.display().to_string(), 2, dir.clone());
    let listed = app
        .world()
        .resource::<Packs>()
        .0
        .iter()
        .filter(|e| e.pack.as_ref().is_ok_and(|p| p.name == "Hand"))
        .map(|e| e.own_file())
        .collect::<Vec<_>>();
    assert_eq!(listed, [true], "listed once, as the player's");
    act(&mut app, EditAction::Pick(0, 0));
    act(&mut app, EditAction::Paint(0, 2));
    verdict(&mut app);
    act(&mut app, EditAction::Save);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("// Mine.\n"), "{text}");
    assert!(
        text.contains("Swap(name: \"One\", row: \"L_R\"), // first"),
        "{text}"
    );
    // (A row with no pad free cannot be won: its grade says so.)
    assert!(
        text.contains("Swap(name: \"Two\", row: \"LLLRR\", grade: Some(\"cannot be won\"))"),
        "{text}"
    );
    assert!(!dir.join("packs").join("my-levels.ron").exists());
}

/// A new level is a step of the history, and says so: Undo brings the
/// level before it back.
#[test]
fn a_new_level_says_undo_brings_the_last_one_back() {
    let mut app = editing("swap.ron", 1, temp_data_dir());
    let before = editor(&app).draft;
    act(&mut app, EditAction::New(PuzzleKind::Flood, false));
    let notice = editor(&app).notice.expect("told");
    assert!(notice.0.contains("Undo (Ctrl+Z)"), "{notice:?}");
    act(&mut app, EditAction::Undo);
    assert_eq!(editor(&app).draft, before, "the level before it");
}

/// "Save" writes into the pack chosen: "My levels" at first, then another
/// pack of the player's (the level added to it), then a new pack ("My
/// levels 2"); each file loads back with the level as drawn.
#[test]
fn a_level_is_saved_into_the_pack_chosen_or_a_new_one() {
    let dir = temp_data_dir();
    std::fs::create_dir_all(dir.join("packs")).unwrap();
    let other = dir.join("packs").join("other.ron");
    std::fs::write(
        &other,
        r#"Pack(name: "Other pack", levels: [Swap(name: "Mine", row: "L_R")])"#,
    )
    .unwrap();
    let mut app = editing("swap.ron", 2, dir.clone());
    let draft = editor(&app).draft;
    let level = draft.check().unwrap().puzzle;
    act(&mut app, EditAction::Save);
    let mine = dir.join("packs").join("my-levels.ron");
    let load = |p: &std::path::Path| pond_puzzles::levels::load_file(p).expect("it loads");
    assert_eq!(load(&mine).levels.len(), 1);
    // The next pack of the player's: the level is added to it.
    act(&mut app, EditAction::SaveInto);
    let words = |app: &App| {
        let packs = app.world().resource::<Packs>();
        game::editor::save_target_words(&editor(app), packs, Some(&dir))
    };
    assert_eq!(words(&app), "Other pack (1 level)");
    // A pack written by hand while the game runs, not listed yet: said by
    // its name and levels too, as it will be once listed.
    let hand = dir.join("packs").join("hand.ron");
    std::fs::write(
        &hand,
        r#"Pack(name: "Hand pack", levels: [Swap(name: "Hand", row: "LL_R")])"#,
    )
    .unwrap();
    for _ in 0..4 {
        act(&mut app, EditAction::SaveInto);
        if words(&app).starts_with("Hand") || words(&app).starts_with("hand") {
            break;
        }
    }
    assert_eq!(words(&app), "Hand pack (1 level)");
    act(&mut app, EditAction::Save);
    assert_eq!(load(&hand).levels.len(), 2);
    assert_eq!(words(&app), "Hand pack (2 levels)");
    // Round to the other pack again.
    for _ in 0..3 {
        act(&mut app, EditAction::SaveInto);
        if words(&app).starts_with("Other pack") {
            break;
        }
    }
    assert_eq!(words(&app), "Other pack (1 level)");
    act(&mut app, EditAction::Save);
    let pack = load(&other);
    assert_eq!(pack.levels.len(), 2);
    assert_eq!(pack.levels[1].puzzle, level);
    assert_eq!(load(&mine).levels.len(), 1, "My levels is left as it was");
    // A new pack.
    act(&mut app, EditAction::SaveInto);
    assert_eq!(words(&app), "a new pack");
    act(&mut app, EditAction::Save);
    let new = load(&dir.join("packs").join("my-levels-2.ron"));
    assert_eq!(new.name, "My levels 2");
    assert_eq!(new.levels.len(), 1);
    assert_eq!(new.levels[0].puzzle, level);
    let notice = editor(&app).notice.expect("the save is told");
    assert!(notice.0.contains("my-levels-2.ron"), "{notice:?}");
    // From now on Save writes there, in the level's place.
    assert_eq!(words(&app), "My levels 2 (1 level)");
    act(&mut app, EditAction::Save);
    assert_eq!(
        load(&dir.join("packs").join("my-levels-2.ron"))
            .levels
            .len(),
        1
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Back (Esc) asks before it throws an edit away: the first press says so
/// and stays; a second leaves. A level saved, or not changed, leaves at once.
#[test]
fn back_asks_before_it_leaves_an_edit_unsaved() {
    let dir = temp_data_dir();
    let mut app = editing("escape.ron", 3, dir.clone());
    // Nothing changed: Back leaves.
    act(&mut app, EditAction::Back);
    settle(&mut app);
    assert_ne!(*app.world().resource::<State<Screen>>().get(), Screen::Edit);
    let mut app = editing("escape.ron", 3, dir.clone());
    act(&mut app, EditAction::Pick(1, 2));
    act(&mut app, EditAction::Paint(0, 0));
    assert!(editor(&app).unsaved());
    act(&mut app, EditAction::Back);
    settle(&mut app);
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Edit);
    let notice = editor(&app).notice.expect("Back says why it stayed");
    assert!(notice.0.starts_with("Not saved: Back"), "{notice:?}");
    // Another edit between asks again.
    act(&mut app, EditAction::Paint(0, 1));
    act(&mut app, EditAction::Back);
    settle(&mut app);
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Edit);
    // Saved, it leaves at once.
    act(&mut app, EditAction::Save);
    assert!(!editor(&app).unsaved());
    act(&mut app, EditAction::Back);
    settle(&mut app);
    assert_ne!(*app.world().resource::<State<Screen>>().get(), Screen::Edit);
    // Asked, a second Back leaves without saving.
    let mut app = editing("escape.ron", 3, dir.clone());
    act(&mut app, EditAction::Paint(1, 1));
    act(&mut app, EditAction::Back);
    act(&mut app, EditAction::Back);
    settle(&mut app);
    assert_ne!(*app.world().resource::<State<Screen>>().get(), Screen::Edit);
}

/// A "New level of" button asks before it replaces an edit, as Back does
/// (a new player lost an edit to it, warned only that Undo brings it back):
/// the first press says so and keeps the draft; a second goes on. A draft
/// not changed, or a new level as it came, is replaced at once.
#[test]
fn a_new_level_asks_before_it_replaces_an_edit() {
    let dir = temp_data_dir();
    let mut app = editing("escape.ron", 3, dir.clone());
    let flood = |app: &App| editor(app).draft.drawn().kind() == PuzzleKind::Flood;
    // Nothing changed: a new level at once, and another after it.
    act(&mut app, EditAction::New(PuzzleKind::Flood, false));
    assert!(flood(&app));
    act(&mut app, EditAction::New(PuzzleKind::Swap, false));
    assert_eq!(editor(&app).draft.drawn().kind(), PuzzleKind::Swap);
    // An edit: the first press asks and keeps it.
    act(&mut app, EditAction::Undo);
    act(&mut app, EditAction::Undo);
    act(&mut app, EditAction::Pick(1, 2));
    act(&mut app, EditAction::Paint(0, 0));
    let edited = editor(&app).draft;
    act(&mut app, EditAction::New(PuzzleKind::Flood, false));
    assert_eq!(editor(&app).draft, edited, "the edit kept");
    let notice = editor(&app).notice.expect("the button says why it waited");
    assert!(
        notice.1 && notice.0.starts_with("Not saved: \"Flood\" again"),
        "{notice:?}"
    );
    // Anything between takes the question back.
    act(&mut app, EditAction::Paint(0, 1));
    act(&mut app, EditAction::New(PuzzleKind::Flood, false));
    assert!(!flood(&app), "asked again after another edit");
    // Pressed again, it goes on; Undo still brings the edit back.
    act(&mut app, EditAction::New(PuzzleKind::Flood, false));
    assert!(flood(&app));
    act(&mut app, EditAction::Undo);
    assert_ne!(editor(&app).draft, edited);
    assert_eq!(editor(&app).draft.drawn().kind(), PuzzleKind::Escape);
}

/// A board of another shape (Hop's Square and Triangle) asks first, as a
/// new level does, when it would let an edit go, and says Undo brings the
/// board back (a helper's frogs went without a word).
#[test]
fn a_board_of_another_shape_asks_before_it_replaces_an_edit() {
    use pond_puzzles::levels::edit::Setting;
    use pond_puzzles::rules::hop::Shape;
    let dir = temp_data_dir();
    let mut app = editing("hop.ron", 1, dir);
    let start = editor(&app).draft;
    'edit: for pick in 0..3 {
        act(&mut app, EditAction::Pick(0, pick));
        for cell in [(0, 0), (1, 1), (2, 2), (4, 4)] {
            act(&mut app, EditAction::Paint(cell.0, cell.1));
            if editor(&app).draft != start {
                break 'edit;
            }
        }
    }
    assert_ne!(editor(&app).draft, start, "the pond drawn on");
    let edited = editor(&app).draft;
    let square = EditAction::Setting(Setting::Shape(Shape::Square));
    act(&mut app, square);
    assert_eq!(editor(&app).draft, edited, "the edit kept");
    let notice = editor(&app).notice.expect("the button says why it waited");
    assert!(
        notice.1 && notice.0.starts_with("Not saved: \"Square\" again"),
        "{notice:?}"
    );
    // The shape already on asks nothing and changes nothing.
    act(&mut app, EditAction::Setting(Setting::Shape(Shape::Pond)));
    assert_eq!(editor(&app).draft, edited);
    act(&mut app, square);
    act(&mut app, square);
    assert!(
        editor(&app).draft.is_pegs(),
        "pressed twice, a square board"
    );
    let notice = editor(&app).notice.expect("told");
    assert!(notice.0.contains("Undo (Ctrl+Z)"), "{notice:?}");
    act(&mut app, EditAction::Undo);
    assert_eq!(editor(&app).draft, edited, "Undo brings the pond back");
}

/// A level saved is saved again in its own place, never over another: a
/// new level, undone, saved; redone and saved, it is a second level; and
/// the first, undone to, changed and saved, goes back in its own place.
#[test]
fn undo_and_redo_never_save_one_level_over_another() {
    let dir = temp_data_dir();
    let mut app = editing("swap.ron", 2, dir.clone());
    let swap = editor(&app).draft;
    act(&mut app, EditAction::New(PuzzleKind::Flood, false));
    act(&mut app, EditAction::Undo);
    assert_eq!(editor(&app).draft, swap);
    act(&mut app, EditAction::Save);
    act(&mut app, EditAction::Redo);
    let flood = editor(&app).draft;
    act(&mut app, EditAction::Save);
    let notice = editor(&app).notice.expect("told");
    assert!(notice.0.starts_with("Saved as level 2"), "{notice:?}");
    let own = dir.join("packs").join("my-levels.ron");
    let kinds = |own: &std::path::Path| -> Vec<PuzzleKind> {
        let pack = pond_puzzles::levels::load_file(own).expect("My levels");
        pack.levels.iter().map(|l| l.puzzle.kind()).collect()
    };
    assert_eq!(kinds(&own), [PuzzleKind::Swap, PuzzleKind::Flood]);
    // Back to the Swap level, changed, and saved: in its own place.
    act(&mut app, EditAction::Undo);
    assert_eq!(editor(&app).draft, swap);
    act(&mut app, EditAction::Step(0, 1));
    act(&mut app, EditAction::Save);
    let notice = editor(&app).notice.expect("told");
    assert!(notice.0.starts_with("Saved as level 1"), "{notice:?}");
    assert_eq!(kinds(&own), [PuzzleKind::Swap, PuzzleKind::Flood]);
    let pack = pond_puzzles::levels::load_file(&own).expect("My levels");
    let flood = flood.check().expect("a level").puzzle;
    assert_eq!(pack.levels[1].puzzle, flood, "the Flood level kept");
    // A second new level of the same name takes a number: the place it
    // takes in the pack (a helper read "Saved as level 8, named My level
    // 7" and cards whose numbers and names disagreed).
    act(&mut app, EditAction::New(PuzzleKind::Flood, false));
    let name = editor(&app).draft.name;
    assert_eq!(pack.levels[1].name, name, "the first new Flood level's");
    act(&mut app, EditAction::Save);
    let notice = editor(&app).notice.expect("told");
    assert!(
        notice.0.starts_with("Saved as level 3")
            && notice.0.contains(&format!("named \"{name} 3\"")),
        "{notice:?}"
    );
    let pack = pond_puzzles::levels::load_file(&own).expect("My levels");
    assert_eq!(pack.levels[2].name, format!("{name} 3"));
}

/// At 800x600 the verdict's words with a harder board proposed run past the
/// panel's foot and scroll: a bar in the panel's margin says so (a new
/// player did not see that they scrolled). Before, they fit, and no bar
/// shows. The proposal's Take it and Keep mine stay in sight, under the
/// part that scrolls (they scrolled out of it); Back (Esc) then drops the
/// proposal and stays in the editor (it left at once).
#[test]
fn a_panel_whose_words_scroll_shows_its_bar() {
    let mut app = editing_in_window("flood.ron", 3, UVec2::new(800, 600));
    let bars = |app: &mut App| -> Vec<Rect> {
        window::laid_out(app)
            .iter()
            .filter(|n| n.name.as_deref() == Some("Scroll bar"))
            .map(|n| n.rect)
            .collect()
    };
    assert_eq!(
        bars(&mut app),
        Vec::<Rect>::new(),
        "a bar with nothing to scroll"
    );
    act(&mut app, EditAction::Paint(2, 3));
    // A harder board proposed, with its verdict and its two buttons, and
    // Back's notice: more than the panel holds.
    act(&mut app, EditAction::Tune(true));
    for _ in 0..5000 {
        app.update();
        let tuning = app.world().resource::<pond_puzzles::game::editor::Tuning>();
        if tuning.found.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    // Enter's play waits, and says why: a line more under the scrolling
    // part.
    act(&mut app, EditAction::Play);
    settle(&mut app);
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.starts_with("A harder board")),
        "a harder board proposed"
    );
    let nodes = window::laid_out(&mut app);
    // The proposal's words scrolled into sight, above its buttons.
    let proposed = nodes
        .iter()
        .find(|n| {
            n.text
                .as_ref()
                .is_some_and(|t| t.starts_with("A harder board"))
        })
        .expect("the proposal's words")
        .rect;
    let take = nodes
        .iter()
        .find(|n| n.text.as_deref() == Some("Take it"))
        .expect("Take it")
        .rect;
    let part = nodes
        .iter()
        .filter(|n| n.scrolls && n.rect.min.x > 400.0)
        .map(|n| n.rect)
        .next()
        .expect("the verdict's part that scrolls");
    assert!(
        proposed.min.y >= part.min.y && proposed.max.y <= part.max.y + 1.0,
        "the proposal at {proposed:?}, the part shown {part:?}"
    );
    assert!(
        take.min.y >= part.max.y,
        "Take it at {take:?}, under {part:?}"
    );
    for label in ["Take it", "Keep mine"] {
        let at = nodes
            .iter()
            .find(|n| n.text.as_deref() == Some(label))
            .unwrap_or_else(|| panic!("no {label} laid out"))
            .rect;
        assert!(
            at.min.y >= 0.0 && at.max.y <= 600.0 && at.max.x <= 800.0,
            "{label} at {at:?}"
        );
    }
    let shown = bars(&mut app);
    assert_eq!(shown.len(), 1, "{shown:?}");
    let verdict = window::laid_out(&mut app)
        .into_iter()
        .find(|n| n.text.as_deref() == Some("Verdict"))
        .expect("the verdict's heading")
        .rect;
    let bar = shown[0];
    assert!(
        bar.min.x >= verdict.max.x && bar.max.x <= 800.0 && bar.height() > 100.0,
        "the bar {bar:?} beside the verdict {verdict:?}"
    );
    act(&mut app, EditAction::Back);
    settle(&mut app);
    assert_eq!(screen(&app), Screen::Edit, "Back over a proposal stays");
    let tuning = app.world().resource::<pond_puzzles::game::editor::Tuning>();
    assert!(tuning.proposal().is_none(), "the proposal went");
}
