//! Packs and codes: a dropped or named pack opens and reloads, the level
//! select names and warns, an unreadable pack is told, records follow their
//! levels, and a typed or shipped level code opens its level.

use super::*;

#[path = "packs/codes.rs"]
mod codes;

#[test]
fn a_dropped_pack_opens_and_reloads_when_its_file_changes() {
    let mut app = app();
    let dir = std::env::temp_dir().join(format!("pond-drop-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mine.ron");
    let good = "Pack(name: \"Mine\", levels: [Swap(name: \"One\", row: \"L_R\")])";
    std::fs::write(&path, good).unwrap();
    app.world_mut()
        .write_message(bevy::window::FileDragAndDrop::DroppedFile {
            window: Entity::PLACEHOLDER,
            path_buf: path.clone(),
        });
    let file = path.display().to_string();
    let find = |app: &App| {
        app.world()
            .resource::<Packs>()
            .0
            .iter()
            .position(|e| e.file == file)
    };
    for _ in 0..5000 {
        app.update();
        if find(&app).is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let at = find(&app).expect("the dropped pack is listed");
    app.update();
    assert_eq!(app.world().resource::<Current>().pack, at);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Levels
    );
    let name = |app: &App| match &app.world().resource::<Packs>().0[at].pack {
        Ok(p) => p.name.clone(),
        Err(e) => e.to_string(),
    };
    assert_eq!(name(&app), "Mine");

    // Broken on disk: the reload shows where, and the game goes on.
    std::thread::sleep(Duration::from_millis(1100));
    std::fs::write(
        &path,
        "Pack(name: \"Mine\", levels: [Swap(name: \"One\", row: 7)])",
    )
    .unwrap();
    let mut seen = String::new();
    for _ in 0..400 {
        app.update();
        seen = name(&app);
        if seen != "Mine" {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(seen.starts_with(&format!("{file}:1:")), "{seen}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The level being played is reloaded when its file changes: kept where the
/// player is when it did not change, started again when it did, played on
/// when the file is broken, and each said on screen. The key 0 plays a
/// Flood's tenth colour.
#[test]
fn the_open_level_reloads_when_its_file_changes() {
    let mut app = app();
    let dir = std::env::temp_dir().join(format!("pond-reopen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mine.ron");
    let swap = "Swap(name: \"One\", row: \"LL_RR\")";
    std::fs::write(&path, format!("Pack(name: \"Mine\", levels: [{swap}])")).unwrap();
    app.world_mut()
        .write_message(bevy::window::FileDragAndDrop::DroppedFile {
            window: Entity::PLACEHOLDER,
            path_buf: path.clone(),
        });
    let file = path.display().to_string();
    let mut at = None;
    for _ in 0..5000 {
        app.update();
        at = app
            .world()
            .resource::<Packs>()
            .0
            .iter()
            .position(|e| e.file == file);
        if at.is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let at = at.expect("the dropped pack is listed");
    let level = |app: &App| match &app.world().resource::<Packs>().0[at].pack {
        Ok(p) => p.levels[0].clone(),
        Err(e) => panic!("{e}"),
    };
    let first = level(&app);
    *app.world_mut().resource_mut::<Current>() = Current { pack: at, level: 0 };
    app.world_mut().insert_resource(PlayState::new(first));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Play);
    settle(&mut app);
    let mv = puzzle(&app).legal_moves()[0];
    app.world_mut().write_message(MoveRequested::player(mv));
    settle(&mut app);
    assert_eq!(app.world().resource::<PlayState>().moves(), 1);

    // Rewrites the file and waits (the game looks once a second) until the
    // message line says `words` (the core's backquotes drawn as quotes).
    let rewrite = |app: &mut App, text: &str, words: &str| {
        let words = &words.replace('`', "'");
        std::thread::sleep(Duration::from_millis(1100));
        std::fs::write(&path, text).unwrap();
        for _ in 0..600 {
            app.update();
            if texts(app).iter().any(|t| t == words) {
                settle(app);
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("never said {words:?}: {:?}", texts(app));
    };
    // Another level added: this one is the same, the move stands.
    rewrite(
        &mut app,
        &format!("Pack(name: \"Mine\", levels: [{swap}, {swap}])"),
        "mine.ron reloaded: this level did not change, so your moves stand.",
    );
    assert_eq!(app.world().resource::<PlayState>().moves(), 1);
    // Broken: the level plays on, and the line and column are said.
    rewrite(
        &mut app,
        "Pack(name: \"Mine\", levels: [Swap(name: \"One\", row: 7)])",
        "mine.ron changed and has a mistake now, so this level plays on as it was: line 1, column 52: level 1: `row` takes a string of L, R and _ in double quotes, like \"LL_RR\"",
    );
    assert_eq!(app.world().resource::<PlayState>().moves(), 1);
    // Changed: it starts again as the file says now.
    rewrite(
        &mut app,
        "Pack(name: \"Mine\", levels: [Flood(name: \"Ten\", cells: [\"0123456789\", \"9876543210\"])])",
        "mine.ron reloaded: this level changed, so it starts again.",
    );
    assert_eq!(screen(&app), Screen::Play);
    let state = app.world().resource::<PlayState>();
    assert_eq!(state.moves(), 0);
    assert_eq!(state.level.name, "Ten");
    // Its tenth colour, 9, by its key.
    press(&mut app, KeyCode::Digit9);
    settle(&mut app);
    match puzzle(&app) {
        Puzzle::Flood(f) => assert_eq!(f.region_colour(), 9),
        other => panic!("{other:?}"),
    }
    // A level that cannot be won says so at once, before any move.
    rewrite(
        &mut app,
        "Pack(name: \"Mine\", levels: [Escape(name: \"Stuck\", rows: [\"a1\", \"b2\"])])",
        "This level cannot be won: no line of moves from its start reaches the goal.",
    );
    assert_eq!(app.world().resource::<PlayState>().moves(), 0);
    std::fs::remove_dir_all(&dir).ok();
}

/// Every pack's cards name their levels (what the name says beyond the
/// grade), and the first level not yet won is marked as the next to play.
#[test]
fn level_cards_name_their_levels_and_mark_the_next_to_play() {
    let mut app = app();
    let open = |app: &mut App, file: &str| {
        let at = app
            .world()
            .resource::<Packs>()
            .0
            .iter()
            .position(|e| e.file == file)
            .unwrap();
        app.world_mut().resource_mut::<Current>().pack = at;
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Levels);
        settle(app);
        texts(app)
    };
    let shown = open(&mut app, "hop.ron");
    for words in ["3 frogs", "10 frogs"] {
        assert!(shown.iter().any(|t| t == words), "{words}: {shown:?}");
    }
    assert!(
        !shown.iter().any(|t| t.starts_with("Beginner")),
        "{shown:?}"
    );
    assert_eq!(shown.iter().filter(|t| *t == "next to play").count(), 1);
    let shown = open(&mut app, "escape.ron");
    for words in ["1506 ways out", "5x5, 704 ways out"] {
        assert!(shown.iter().any(|t| t == words), "{words}: {shown:?}");
    }
    let shown = open(&mut app, "pegs.ron");
    for words in ["English", "expert", "next to play"] {
        assert!(shown.iter().any(|t| t == words), "{words}: {shown:?}");
    }
    // Level 1 won: the mark moves on to level 2.
    start_level(&mut app, "swap.ron", 0);
    let moves = solution_on_board(&app);
    for mv in moves {
        app.world_mut().write_message(MoveRequested::player(mv));
        settle(&mut app);
    }
    assert!(puzzle(&app).is_won());
    let shown = open(&mut app, "swap.ron");
    let cards: Vec<&String> = shown
        .iter()
        .filter(|t| *t == "next to play" || t.starts_with("3 moves"))
        .collect();
    // The best's moves and its time (a headless game wins at once).
    assert!(
        cards
            .first()
            .is_some_and(|t| t.starts_with("3 moves · 0:0")),
        "{shown:?}"
    );
    assert_eq!(
        cards.get(1).map(|t| t.as_str()),
        Some("next to play"),
        "{shown:?}"
    );
    // Enter with no button outlined plays the level marked next to play.
    press(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Play);
    assert_eq!(app.world().resource::<Current>().level, 1);
}

/// A pack named on the command line opens, and comes after the shipped ones:
/// the keys 1 to 5 open the same five packs whatever was named.
#[test]
fn a_named_pack_opens_after_the_shipped_ones() {
    let dir = temp_data_dir();
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mine.ron");
    std::fs::write(
        &path,
        "Pack(name: \"Mine\", levels: [Swap(name: \"One\", row: \"L_R\")])",
    )
    .unwrap();
    let mut app = app_with(game::GameOptions {
        data_dir: Some(dir.clone()),
        pack: Some(path.clone()),
        ..Default::default()
    });
    until_screen(&mut app, Screen::Levels);
    let files: Vec<String> = app
        .world()
        .resource::<Packs>()
        .0
        .iter()
        .map(|e| e.file.clone())
        .collect();
    let shipped: Vec<&str> = pond_puzzles::levels::SHIPPED
        .iter()
        .map(|(n, _)| *n)
        .collect();
    assert_eq!(files[..shipped.len()], shipped[..], "{files:?}");
    let mine = files.iter().position(|f| *f == path.display().to_string());
    assert_eq!(mine, Some(shipped.len()), "{files:?}");
    assert_eq!(app.world().resource::<Current>().pack, shipped.len());
    drop(app);
    std::fs::remove_dir_all(&dir).ok();
}

/// The level select shows what `pond check` warns of in the level names, in
/// the core's words.
#[test]
fn the_level_select_warns_of_empty_repeated_and_undrawable_names() {
    let (mut app, dir) = open_own_pack(
        "Pack(name: \"Mine\", levels: [Swap(name: \"Twin\", row: \"L_R\"), Swap(name: \"\", row: \"LL_R\"), Swap(name: \"Twin\", row: \"L_RR\"), Swap(name: \"\u{86d9}\", row: \"LL_RR\")])",
        None,
    );
    let said = texts(&mut app);
    let pack = match &app.world().resource::<Packs>().0[app.world().resource::<Current>().pack].pack
    {
        Ok(p) => p.clone(),
        Err(e) => panic!("{e}"),
    };
    let warnings = pond_puzzles::levels::name_warnings(&pack, &pond_puzzles::typeface::drawable);
    assert_eq!(warnings.len(), 3, "{warnings:?}");
    assert!(warnings[2].message.contains("cannot draw"), "{warnings:?}");
    for w in warnings {
        let line = format!("level {}: {}", w.level + 1, w.message);
        assert!(said.contains(&line), "no {line:?} in {said:?}");
    }
    drop(app);
    std::fs::remove_dir_all(&dir).ok();
}

/// A pack file that cannot be read is told in the words of `pond check`
/// (the core's), not the asset server's. (The tests may run as root, whom
/// no file's permissions stop: a file the kernel refuses to read stands in.)
#[cfg(target_os = "linux")]
#[test]
fn an_unreadable_pack_is_told_as_pond_check_tells_it() {
    let path = std::path::PathBuf::from("/proc/self/mem");
    let mut app = app_with(game::GameOptions {
        data_dir: Some(temp_data_dir()),
        pack: Some(path.clone()),
        ..Default::default()
    });
    until_screen(&mut app, Screen::Levels);
    let file = path.display().to_string();
    let told = app
        .world()
        .resource::<Packs>()
        .0
        .iter()
        .find(|e| e.file == file)
        .map(|e| e.pack.clone());
    let check = pond_puzzles::levels::load_file(&path).expect_err("unreadable");
    match told {
        Some(Err(e)) => assert_eq!(e.message, check.message),
        other => panic!("{other:?}"),
    }
}

/// Progress follows the level, not its place: a level inserted above a won
/// one moves its record (and its best's line) down with it.
#[test]
fn a_won_levels_record_follows_it_when_a_level_is_inserted_above() {
    use pond_puzzles::game::progress::Progress;
    let one = r#"Swap(name: "One", row: "L_R")"#;
    let two = r#"Swap(name: "Two", row: "LL_R")"#;
    let new = r#"Swap(name: "New", row: "L_RR")"#;
    let (mut app, dir) = open_own_pack(
        &format!("Pack(name: \"Mine\", levels: [{one}, {two}])"),
        Some(2),
    );
    let start = puzzle(&app);
    let report = solve::solve(&start, Budget::nodes(100_000), None, false);
    for mv in report.outcome.moves().unwrap().to_vec() {
        app.world_mut()
            .write_message(MoveRequested::player(Request::Play(mv)));
        settle(&mut app);
    }
    assert!(puzzle(&app).is_won());
    let file = |app: &App| app.world().resource::<Progress>().file.clone();
    // An opened pack is known by its path.
    let key = dir.join("mine.ron").display().to_string();
    let key = key.as_str();
    let won = file(&app).record(key, 1).copied().expect("kept");
    let line = file(&app).best_line(key, 1).map(str::to_string);
    assert!(line.is_some());
    std::thread::sleep(Duration::from_millis(1100));
    std::fs::write(
        dir.join("mine.ron"),
        format!("Pack(name: \"Mine\", levels: [{new}, {one}, {two}])"),
    )
    .unwrap();
    for _ in 0..600 {
        app.update();
        if file(&app).record(key, 2).is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let after = file(&app);
    assert_eq!(after.record(key, 2).map(|r| r.best), Some(won.best));
    assert_eq!(after.best_line(key, 2).map(str::to_string), line);
    assert!(after.record(key, 1).is_none(), "level 2 is a new one");
    // And in the file, read as the next start reads it.
    let (read, _) = pond_puzzles::save::load(&dir);
    assert_eq!(read.record(key, 2).map(|r| r.best), Some(won.best));
    std::fs::remove_dir_all(&dir).ok();
}

/// A random level's number at its end greys its − or + (which then takes
/// no click), and the other way brings it back.
#[test]
fn a_random_levels_number_at_its_end_greys_its_button() {
    let mut app = app_with(game::GameOptions {
        data_dir: Some(temp_data_dir()),
        pack: Some("levels/swap.ron".into()),
        ..Default::default()
    });
    until_screen(&mut app, Screen::Levels);
    settle(&mut app);
    let greyed = |app: &mut App, label: &str| {
        let button = button_saying(app, label);
        app.world()
            .get::<bevy::ui::InteractionDisabled>(button)
            .is_some()
    };
    let said = |app: &mut App| {
        texts(app)
            .into_iter()
            .find(|t| t.starts_with("About "))
            .expect("the size's words")
    };
    assert_eq!(said(&mut app), "About 3 frogs a side");
    assert!(!greyed(&mut app, "\u{2212}") && !greyed(&mut app, "+"));
    tap_button(&mut app, "\u{2212}");
    tap_button(&mut app, "\u{2212}");
    assert_eq!(said(&mut app), "About 1 frog a side");
    assert!(greyed(&mut app, "\u{2212}"), "at its least, − is greyed");
    assert!(!greyed(&mut app, "+"));
    tap_button(&mut app, "+");
    assert_eq!(said(&mut app), "About 2 frogs a side");
    assert!(!greyed(&mut app, "\u{2212}"), "one up, − is back");
}

/// A shipped pack named by its path (`pond play levels/hop.ron`) is that
/// pack: listed once, and its wins count where the title counts them.
#[test]
fn a_shipped_pack_named_by_its_path_is_the_shipped_pack() {
    let mut app = app_with(game::GameOptions {
        data_dir: Some(temp_data_dir()),
        pack: Some(concat!(env!("CARGO_MANIFEST_DIR"), "/levels/hop.ron").into()),
        ..Default::default()
    });
    until_screen(&mut app, Screen::Levels);
    let packs = app.world().resource::<Packs>();
    let current = app.world().resource::<game::packs::Current>().pack;
    assert_eq!(packs.0[current].file, "hop.ron", "the shipped entry opened");
    let name = |e: &game::packs::PackEntry| e.pack.as_ref().ok().map(|p| p.name.clone());
    let hop = name(&packs.0[current]);
    let listed = packs.0.iter().filter(|e| name(e) == hop).count();
    assert_eq!(listed, 1, "listed once");
    // A copy changed, or a pipe of the same name, is not the shipped pack
    // (and the pipe is not read: it would wait for ever).
    let dir = temp_data_dir();
    std::fs::create_dir_all(&dir).unwrap();
    let copy = dir.join("hop.ron");
    let text = pond_puzzles::levels::SHIPPED[1].1.replace("Hop", "Hop ");
    std::fs::write(&copy, text).unwrap();
    assert_eq!(game::packs::shipped_twin(&copy), None);
    #[cfg(unix)]
    {
        let pipe = dir.join("swap.ron");
        let made = std::process::Command::new("mkfifo").arg(&pipe).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo");
        assert_eq!(game::packs::shipped_twin(&pipe), None);
    }
}

/// A pack with no level yet says so on its level select and offers to
/// make its first: "New level" opens the editor on a new level.
#[test]
fn an_empty_pack_offers_its_first_level() {
    let dir = temp_data_dir();
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("empty.ron");
    std::fs::write(&path, "Pack(name: \"Nothing yet\", levels: [])").unwrap();
    let mut app = app_with(game::GameOptions {
        data_dir: Some(dir.clone()),
        pack: Some(path),
        ..Default::default()
    });
    until_screen(&mut app, Screen::Levels);
    settle(&mut app);
    let shown = texts(&mut app);
    assert!(
        shown.iter().any(|t| t.contains("no levels yet")),
        "{shown:?}"
    );
    tap_button(&mut app, "New level");
    until_screen(&mut app, Screen::Edit);
}
