//! What the game keeps and offers: its data folder, the settings file, wins
//! across runs, colour-blind mode, the keys of every puzzle.

use super::*;

#[test]
fn every_puzzle_lists_the_same_keys_each_a_button_too_and_a_silent_build_offers_no_volume() {
    let mut app = app();
    let shared = [
        "U undo",
        "R redo",
        "H hint",
        "Backspace restart",
        "N next",
        "Esc menu",
    ];
    // Every shipped pack (a new puzzle's too).
    for (pack, _) in SHIPPED {
        start_level(&mut app, pack, 0);
        let texts = texts(&mut app);
        for key in shared {
            assert!(texts.iter().any(|t| t == key), "{pack}: {key}: {texts:?}");
        }
    }
    // Each key of the line is a button too, for a player with no keyboard:
    // a tap undoes, redoes, restarts and opens the menu.
    let (before, after) = one_move_played(&mut app);
    tap_button(&mut app, "U undo");
    assert_eq!(puzzle(&app), before);
    tap_button(&mut app, "R redo");
    assert_eq!(puzzle(&app), after);
    tap_button(&mut app, "Backspace restart");
    assert_eq!(puzzle(&app), before);
    assert_board_mirrors_rules(&mut app);
    tap_button(&mut app, "Esc menu");
    let menu = texts(&mut app);
    assert!(menu.iter().any(|t| t.contains("Resume")), "{menu:?}");
    let offered = |word: &str| menu.iter().any(|t| t.contains(word));
    assert_eq!(offered("Volume"), cfg!(feature = "audio"), "{menu:?}");
    assert_eq!(offered("Sound:"), cfg!(feature = "audio"), "{menu:?}");
    // T goes to the title from a level select too.
    press(&mut app, KeyCode::KeyL);
    until_screen(&mut app, Screen::Levels);
    press(&mut app, KeyCode::KeyT);
    until_screen(&mut app, Screen::Title);
}

#[test]
fn the_solver_panel_starts_folded_and_unfolds_for_auto_play() {
    use pond_puzzles::game::panels::SolverPanelOpen;
    let mut app = app();
    start_level(&mut app, "swap.ron", 0);
    assert!(!app.world().resource::<SolverPanelOpen>().0);
    assert!(texts(&mut app).iter().any(|t| t == "Solver  ►"));
    // Its keys work folded: S starts auto-play, which unfolds it.
    press(&mut app, KeyCode::KeyS);
    app.update();
    assert!(app.world().get_resource::<Autoplay>().is_some());
    assert!(app.world().resource::<SolverPanelOpen>().0);
    assert!(texts(&mut app).iter().any(|t| t == "Solver  ▼"));
}

#[test]
fn headless_games_keep_their_files_in_a_directory_of_their_own() {
    let mut app = app();
    let dir = app
        .world()
        .resource::<game::progress::Progress>()
        .dir
        .clone()
        .unwrap();
    assert!(dir.starts_with(std::env::temp_dir()), "{}", dir.display());
    assert_ne!(Some(dir.clone()), game::progress::default_dir());
    // A setting changed is written there (and so nowhere else).
    start_level(&mut app, "flood.ron", 0);
    press(&mut app, KeyCode::KeyC);
    assert!(dir.join(game::settings::FILE).exists());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_damaged_settings_file_is_moved_aside_and_told() {
    let dir = temp_data_dir();
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join(game::settings::FILE),
        "Settings(colour_blind: maybe)",
    )
    .unwrap();
    let app = app_with(game::GameOptions {
        data_dir: Some(dir.clone()),
        ..Default::default()
    });
    assert_eq!(
        *app.world().resource::<game::settings::Settings>(),
        game::settings::Settings::default()
    );
    assert!(!dir.join(game::settings::FILE).exists());
    let aside: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("settings.ron.damaged-"))
        .collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
    let notice = app
        .world()
        .resource::<game::progress::Progress>()
        .notice
        .clone()
        .unwrap_or_default();
    assert!(
        notice.contains("settings file could not be read"),
        "{notice}"
    );
    // Too large a file is not read at all, and is moved aside too.
    std::fs::write(dir.join(game::settings::FILE), vec![b' '; 9 << 20]).unwrap();
    let app = app_with(game::GameOptions {
        data_dir: Some(dir.clone()),
        ..Default::default()
    });
    assert!(!dir.join(game::settings::FILE).exists());
    drop(app);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_win_is_kept_in_the_data_directory_across_runs() {
    let dir = std::env::temp_dir().join(format!("pond-data-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let options = game::GameOptions {
        data_dir: Some(dir.clone()),
        ..Default::default()
    };
    let mut app = app_with(options.clone());
    app.insert_resource(Speed::Instant);
    start_level(&mut app, "swap.ron", 1);
    assert_eq!(autoplay(&mut app, Watch::Solution), Ending::Won(5));
    let on_disk = std::fs::read_to_string(dir.join(game::progress::FILE)).unwrap();
    assert!(on_disk.contains("swap.ron"), "{on_disk}");
    drop(app);

    let mut app = app_with(options);
    let progress = app.world().resource::<game::progress::Progress>();
    let record = progress.file.record("swap.ron", 1).expect("kept");
    assert_eq!(record.best, 5);
    // The statistics screen counts it.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Stats);
    app.update();
    app.update();
    let texts: Vec<String> = app
        .world_mut()
        .query::<&Text>()
        .iter(app.world())
        .map(|t| t.0.clone())
        .collect();
    assert!(
        texts.iter().any(|t| t.contains("1 of 16 solved")),
        "{texts:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn colour_blind_mode_numbers_the_colours_and_is_kept() {
    let dir = std::env::temp_dir().join(format!("pond-settings-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let options = game::GameOptions {
        data_dir: Some(dir.clone()),
        ..Default::default()
    };
    let mut app = app_with(options.clone());
    start_level(&mut app, "flood.ron", 0);
    assert_eq!(count::<Text2d>(&mut app), 0);
    press(&mut app, KeyCode::KeyC);
    settle(&mut app);
    assert!(
        app.world()
            .resource::<game::settings::Settings>()
            .colour_blind
    );
    let Puzzle::Flood(f) = puzzle(&app) else {
        panic!()
    };
    // Every tile carries its colour's number, as the palette counts them.
    assert_eq!(count::<Text2d>(&mut app), f.cells.len());
    let mut labels: Vec<((i32, i32), String)> = app
        .world_mut()
        .query::<(&Text2d, &ChildOf)>()
        .iter(app.world())
        .map(|(t, parent)| (parent.parent(), t.0.clone()))
        .collect::<Vec<_>>()
        .into_iter()
        .map(|(tile, text)| {
            // The number stands on its tile.
            let at = app
                .world()
                .get::<Transform>(tile)
                .expect("a tile")
                .translation;
            ((at.x.round() as i32, at.y.round() as i32), text)
        })
        .collect();
    labels.sort();
    let mut want: Vec<((i32, i32), String)> = f
        .cells
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let at = game::puzzles::flood_pos(&f, i);
            ((at.x.round() as i32, at.y.round() as i32), format!("{c}"))
        })
        .collect();
    want.sort();
    assert_eq!(labels, want);
    assert_board_mirrors_rules(&mut app);
    // A: the player's moves animate faster (1.5x after normal).
    press(&mut app, KeyCode::KeyA);
    assert_eq!(
        app.world()
            .resource::<game::settings::Settings>()
            .animation_speed(),
        1.5
    );
    let mv = puzzle(&app).legal_moves()[0];
    app.world_mut().write_message(MoveRequested::player(mv));
    app.update();
    app.update();
    let speeds: Vec<f64> = app
        .world_mut()
        .query::<&bevy_tweening::TweenAnim>()
        .iter(app.world())
        .map(|t| t.speed)
        .collect();
    assert!(
        !speeds.is_empty() && speeds.iter().all(|&s| s == 1.5),
        "{speeds:?}"
    );
    settle(&mut app);
    // V: the volume steps up (7 to 8 to 10, then round to silent); O mutes,
    // and a muted game is silent whatever the volume.
    press(&mut app, KeyCode::KeyV);
    press(&mut app, KeyCode::KeyV);
    press(&mut app, KeyCode::KeyO);
    let s = *app.world().resource::<game::settings::Settings>();
    assert_eq!((s.volume, s.muted), (10, true));
    assert_eq!(s.loudness(), 0.0);
    press(&mut app, KeyCode::KeyV);
    press(&mut app, KeyCode::KeyV);
    let s = *app.world().resource::<game::settings::Settings>();
    assert_eq!((s.volume, s.muted), (2, false));
    assert!((s.loudness() - 0.2).abs() < 1e-6);
    let saved = std::fs::read_to_string(dir.join(game::settings::FILE)).unwrap();
    assert!(saved.contains("colour_blind: true"), "{saved}");
    assert!(saved.contains("animation: 3"), "{saved}");
    assert!(saved.contains("volume: 2"), "{saved}");
    drop(app);
    let app = app_with(options);
    let s = *app.world().resource::<game::settings::Settings>();
    assert!(s.colour_blind);
    assert_eq!((s.volume, s.muted), (2, false));
    std::fs::remove_dir_all(&dir).ok();
}
