//! Every screen fits windows from 800x600 to 1920x1080: the menus, the
//! play screens, a long message and a dead end, long pack names.

use super::*;

/// The title fits, every pack's level select and the statistics fit or
/// scroll to every button.
#[test]
fn menu_screens_fit_windows_from_800x600_to_1920x1080() {
    let mut faults = Vec::new();
    for size in SIZES {
        let mut app = laid_app(size);
        let s = size.as_vec2();
        let names: Vec<String> = app
            .world()
            .resource::<Packs>()
            .0
            .iter()
            .map(|e| match &e.pack {
                Ok(p) => p.name.chars().take(20).collect(),
                Err(e) => panic!("{}: {e}", e.file),
            })
            .collect();
        let title = format!("{size} title");
        check(&mut faults, &title, layout_faults(&mut app, s));
        // What the title is for, laid out: a blank screen fits every window.
        let mut lines = vec!["Pond Puzzles", "Statistics", "Play a code"];
        lines.extend(names.iter().map(String::as_str));
        check(&mut faults, &title, missing_lines(&mut app, &lines));
        // The shipped packs' title fits every window, 800x600 too: its
        // heading, rows and gaps are smaller there.
        assert!(
            !scroll_bar_shown(&mut app),
            "{size}: the title does not fit, a scroll bar shows"
        );
        for (pack, (file, text)) in SHIPPED.iter().enumerate() {
            app.world_mut().resource_mut::<Current>().pack = pack;
            go(&mut app, Screen::Levels);
            let at = format!("{size} level select of {file}");
            check(&mut faults, &at, layout_faults(&mut app, s));
            // Its levels' cards: the first, never won here, is the next
            // to play, and the last has its number.
            let last = parse_pack(file, text).expect("a shipped pack").levels.len();
            check(
                &mut faults,
                &at,
                missing_lines(&mut app, &[&names[pack], "next to play", &last.to_string()]),
            );
            // Escape's seventy levels are taller than a small window: a
            // scroll bar shows it.
            if *file == "escape.ron" && size.y == 600 {
                assert!(scroll_bar_shown(&mut app), "{at}: no scroll bar");
            }
            // The pack's buttons stay in sight at the window's foot, however
            // long the pack (at 800x600 Back was below the fold).
            let back = laid_out(&mut app)
                .into_iter()
                .find(|n| n.text.as_deref() == Some("Back (Esc)"))
                .map(|n| n.rect);
            if !back.is_some_and(|r| r.min.y >= 0.0 && r.max.y <= s.y) {
                faults.push(format!("{at}: Back (Esc) is out of sight: {back:?}"));
            }
            go(&mut app, Screen::Title);
        }
        go(&mut app, Screen::Stats);
        let stats = format!("{size} statistics");
        check(&mut faults, &stats, layout_faults(&mut app, s));
        check(
            &mut faults,
            &stats,
            missing_lines(&mut app, &["Statistics", "Time played", "Back"]),
        );
        go(&mut app, Screen::Settings);
        let set = format!("{size} settings");
        check(&mut faults, &set, layout_faults(&mut app, s));
        check(
            &mut faults,
            &set,
            missing_lines(
                &mut app,
                &["Settings", "Colour-blind: off (C)", "Back (Esc)"],
            ),
        );
    }
    assert!(faults.is_empty(), "{faults:#?}");
}

/// The level of each pack with the longest name, and its biggest board:
/// the bars and the solver panel, folded and open, the menu, the how-to
/// card and the win's banner fit, the top bar does not wrap, and no panel
/// covers the board.
#[test]
fn play_screens_fit_windows_from_800x600_to_1920x1080() {
    let mut faults = Vec::new();
    for size in SIZES {
        let mut app = laid_app(size);
        let s = size.as_vec2();
        for (file, text) in SHIPPED {
            let pack = parse_pack(file, text).unwrap();
            let longest = (0..pack.levels.len())
                .max_by_key(|&i| {
                    let l = &pack.levels[i];
                    l.name.len() + l.grade.as_ref().map_or(0, String::len)
                })
                .unwrap();
            let biggest = (0..pack.levels.len())
                .max_by(|&a, &b| {
                    let area = |i: usize| {
                        let e = extent(&pack.levels[i].puzzle);
                        e.x * e.y
                    };
                    area(a).total_cmp(&area(b))
                })
                .unwrap();
            for level in [longest, biggest] {
                let at = format!("{size} {file} level {}", level + 1);
                start_level(&mut app, file, level);
                for open in [false, true] {
                    app.world_mut().resource_mut::<SolverPanelOpen>().0 = open;
                    settle(&mut app);
                    let at = format!("{at}, solver panel open {open}");
                    let controls = pond_puzzles::game::puzzles::controls(&puzzle(&app));
                    let shown = missing_lines(&mut app, &["Moves: 0", controls, "U undo"]);
                    check(&mut faults, &at, shown);
                    check(&mut faults, &at, layout_faults(&mut app, s));
                    check(&mut faults, &at, board_faults(&mut app, s));
                    check(&mut faults, &at, scenery_faults(&mut app, s));
                    check(&mut faults, &at, wrapped_lines(&mut app));
                    check(&mut faults, &at, layer_faults(&mut app, s));
                }
                for (key, what) in [(KeyCode::Escape, "menu"), (KeyCode::Slash, "how-to card")] {
                    press(&mut app, key);
                    settle(&mut app);
                    check(
                        &mut faults,
                        &format!("{at}, {what}"),
                        layout_faults(&mut app, s),
                    );
                    press(&mut app, KeyCode::Escape);
                    settle(&mut app);
                }
                // Any win will do: Flood's greedy line wins its shipped levels.
                let budget = match puzzle(&app) {
                    Puzzle::Flood(_) => Budget::nodes(super::FLOOD_NODES),
                    _ => Budget::time(Duration::from_secs(60)),
                };
                app.insert_resource(SolverBudget(budget));
                let ending = autoplay(&mut app, Watch::Solution);
                assert!(matches!(ending, Ending::Won(_)), "{at}: {ending:?}");
                settle(&mut app);
                let at = format!("{at}, won");
                check(&mut faults, &at, scenery_faults(&mut app, s));
                check(&mut faults, &at, layout_faults(&mut app, s));
                check(&mut faults, &at, board_faults(&mut app, s));
                check(&mut faults, &at, layer_faults(&mut app, s));
            }
        }
    }
    assert!(faults.is_empty(), "{} faults: {faults:#?}", faults.len());
}

/// A long line under the level's name (the bar grows: the board moves down
/// out of its way) and a dead end's card beside the board, with the solver
/// panel folded.
#[test]
fn a_long_message_and_a_dead_end_fit_windows_from_800x600_to_1920x1080() {
    let mut faults = Vec::new();
    for size in SIZES {
        let mut app = laid_app(size);
        let s = size.as_vec2();
        for (file, level) in [("hop.ron", 11), ("swap.ron", 3), ("escape.ron", 2)] {
            start_level(&mut app, file, level);
            let at = format!("{size} {file} level {}", level + 1);
            app.world_mut().write_message(Say(
                "This position can no longer be won: it last could 12 moves back. Press U 12 times, or Backspace to start again."
                    .into(),
            ));
            settle(&mut app);
            let told = format!("{at}, a long message");
            check(
                &mut faults,
                &told,
                missing_lines(&mut app, &["it last could 12 moves back"]),
            );
            check(&mut faults, &told, layout_faults(&mut app, s));
            check(&mut faults, &told, board_faults(&mut app, s));
            let moves = way_to_a_dead_end(&puzzle(&app), 12)
                .unwrap_or_else(|| panic!("{at}: no dead end near the start"));
            for mv in moves {
                app.world_mut().write_message(MoveRequested::player(mv));
                settle(&mut app);
            }
            assert!(puzzle(&app).is_dead_end(), "{at}");
            let stuck = format!("{at}, a dead end");
            check(
                &mut faults,
                &stuck,
                missing_lines(&mut app, &["No more moves."]),
            );
            check(&mut faults, &stuck, layout_faults(&mut app, s));
            check(&mut faults, &stuck, board_faults(&mut app, s));
            check(&mut faults, &stuck, layer_faults(&mut app, s));
        }
    }
    assert!(faults.is_empty(), "{} faults: {faults:#?}", faults.len());
}

/// A player's pack of long names (one of them a single long word): its row
/// on the title (six packs, the smaller rows), its level select with a level's name shown, the level's
/// top bar, and the code box fit every window.
#[test]
fn a_pack_of_long_names_fits_every_window() {
    let long = "a name far longer than any row or bar has room for, which goes on and on";
    // And one word longer than a level's card.
    let word = "ThirdOfTheLevelsWhoseNameIsOneWordWiderThanItsCard";
    let mut faults = Vec::new();
    for size in SIZES {
        let dir = temp_data_dir();
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("long.ron");
        std::fs::write(
            &path,
            format!(
                "Pack(name: \"The pack with {long}\", levels: [\
                 Swap(name: \"First, {long}\", row: \"LL_RR\", grade: Some(\"a grade with {long}\")),\
                 Swap(name: \"Second, {long}\", row: \"L_R\"),\
                 Swap(name: \"{word}\", row: \"L_R\")])"
            ),
        )
        .unwrap();
        let mut app = app_in_window(
            game::GameOptions {
                data_dir: Some(dir),
                pack: Some(path),
                daily: pond_puzzles::levels::daily::Date::new(2026, 11, 27).ok(),
                ..Default::default()
            },
            Some(size),
        );
        settle(&mut app);
        let s = size.as_vec2();
        assert_eq!(screen(&app), Screen::Levels);
        // The arrows put the focus on a level, which shows its name.
        press(&mut app, KeyCode::ArrowRight);
        settle(&mut app);
        assert!(
            texts(&mut app).iter().any(|t| t.contains("First, a name")),
            "no level name shown: {:?}",
            texts(&mut app)
        );
        check(
            &mut faults,
            &format!("{size} long level select"),
            layout_faults(&mut app, s),
        );
        press(&mut app, KeyCode::Enter);
        settle(&mut app);
        assert_eq!(screen(&app), Screen::Play);
        for open in [false, true] {
            app.world_mut().resource_mut::<SolverPanelOpen>().0 = open;
            settle(&mut app);
            let at = format!("{size} long level, solver panel open {open}");
            check(&mut faults, &at, layout_faults(&mut app, s));
            check(&mut faults, &at, board_faults(&mut app, s));
            check(&mut faults, &at, wrapped_lines(&mut app));
        }
        go(&mut app, Screen::Title);
        check(
            &mut faults,
            &format!("{size} title of six"),
            layout_faults(&mut app, s),
        );
        // With the day's levels in their row, every button shows without a
        // scroll, at 800x600 too.
        for _ in 0..400 {
            if texts(&mut app).iter().any(|t| t == "Today's levels") {
                break;
            }
            app.update();
            std::thread::sleep(Duration::from_millis(10));
        }
        settle(&mut app);
        assert!(
            texts(&mut app).iter().any(|t| t == "Today's levels"),
            "no day's row"
        );
        let lowest = laid_out(&mut app)
            .iter()
            .filter(|n| n.text.as_deref() == Some("Settings (S)"))
            .map(|n| n.rect.max.y)
            .fold(0.0, f32::max);
        if scroll_bar_shown(&mut app) || lowest > s.y {
            faults.push(format!(
                "{size} title of six scrolls: its last button ends at {lowest}"
            ));
        }
        press(&mut app, KeyCode::KeyK);
        settle(&mut app);
        check(
            &mut faults,
            &format!("{size} code box"),
            layout_faults(&mut app, s),
        );
    }
    assert!(faults.is_empty(), "{} faults: {faults:#?}", faults.len());
}

/// Each pack on the title says what it is: the shipped ones by the
/// puzzle's line, a player's pack with an author by who wrote it, one
/// without as the player's own with the puzzles it holds.
#[test]
fn the_title_says_what_each_pack_is() {
    let dir = temp_data_dir();
    let packs = dir.join("packs");
    std::fs::create_dir_all(&packs).unwrap();
    let write = |file: &str, text: &str| std::fs::write(packs.join(file), text).unwrap();
    write(
        "a.ron",
        r#"Pack(name: "Floods of mine", levels: [Flood(name: "f", cells: ["01", "10"])])"#,
    );
    write(
        "b.ron",
        r#"Pack(name: "By Ann", author: Some("Ann"), levels: [Swap(name: "s", row: "L_R")])"#,
    );
    write(
        "c.ron",
        r#"Pack(name: "Mixed", levels: [Swap(name: "s", row: "L_R"), Flood(name: "f", cells: ["01", "10"])])"#,
    );
    let mut app = app_in_window(
        game::GameOptions {
            data_dir: Some(dir),
            ..Default::default()
        },
        Some(UVec2::new(1280, 900)),
    );
    settle(&mut app);
    let missing = missing_lines(
        &mut app,
        &[
            "Frogs facing each other change sides",
            "Classic boards: jump until one frog is left",
            "Flood the grid to one colour from the corner",
            "A level pack by Ann",
            "Levels of your own: Flood",
            "Levels of your own: Swap, Flood",
        ],
    );
    assert!(missing.is_empty(), "{missing:#?}");
    let count = |app: &mut App, line: &str| {
        laid_out(app)
            .iter()
            .filter(|n| n.text.as_deref() == Some(line))
            .count()
    };
    let floods = count(&mut app, "Flood the grid to one colour from the corner");
    assert_eq!(floods, 1, "the shipped Flood pack, not the player's");
}

/// A search watched to its win on the triangle with the solver panel open
/// (no map): its path, whose steps wrap to two lines each in the panel,
/// stays clear of the keys' line in every window (at 800x600 it ran over
/// "N next" and "Esc menu").
#[test]
fn a_searchs_path_in_the_panel_fits_windows_from_800x600() {
    let mut faults = Vec::new();
    for size in SIZES {
        let mut app = laid_app(size);
        start_level(&mut app, "pegs.ron", 2);
        app.world_mut().resource_mut::<SolverPanelOpen>().0 = true;
        app.insert_resource(Speed::Instant);
        settle(&mut app);
        app.world_mut()
            .write_message(AutoplayCommand::Start(Watch::Search));
        for _ in 0..10_000 {
            app.update();
            if app.world().resource::<Autoplay>().ending.is_some() {
                break;
            }
        }
        settle(&mut app);
        assert!(puzzle(&app).is_won(), "{size}: the search never won");
        let at = format!("{size} triangle searched");
        check(&mut faults, &at, layout_faults(&mut app, size.as_vec2()));
        let nodes = laid_out(&mut app);
        let panel = nodes
            .iter()
            .find(|n| n.name.as_deref() == Some("Solver panel"));
        let panel = panel.expect("the solver panel").rect;
        for key in nodes
            .iter()
            .filter(|n| n.text.as_deref() == Some("Esc menu"))
        {
            if overlap(panel, key.rect) {
                faults.push(format!("{at}: the panel {panel:?} covers \"Esc menu\""));
            }
        }
    }
    assert!(faults.is_empty(), "{faults:#?}");
}

/// A hint keeps to the level's bar at 800x600: its words, a little smaller,
/// on the bar's one line ("Hint: move the ringed yellow frog (playing it
/// costs this win its stars)" wrapped and ran out of the bar's foot).
#[test]
fn a_hint_keeps_to_the_bars_line_at_800x600() {
    let mut app = laid_app(UVec2::new(800, 600));
    start_level(&mut app, "swap.ron", 6);
    ask_for_hint(&mut app);
    settle(&mut app);
    let nodes = laid_out(&mut app);
    let hint = nodes
        .iter()
        .find(|n| n.text.as_deref().is_some_and(|t| t.starts_with("Hint:")))
        .unwrap_or_else(|| panic!("no hint in {:?}", texts(&mut app)));
    let font = hint.font.expect("a text");
    let high = hint.text_size.expect("a text").y;
    assert!(
        high < font * 1.8,
        "the hint wraps: {high:.0} px high at {font} px: {:?}",
        hint.text
    );
    assert!(font >= 14.0, "the hint at {font} px");
}

/// A long message is sized for the bar's room, and sized again when the
/// window is resized: 1280x720, then 800x600, it stands as in a window
/// opened at 800x600 (it kept its size, and ran out of the bar).
#[test]
fn a_long_message_is_sized_again_when_the_window_is_resized() {
    let words = "Looking for a hint... the solver is searching this position, which takes a moment on big boards.";
    let font = |app: &mut App| {
        laid_out(app)
            .into_iter()
            .find(|n| n.text.as_deref() == Some(words))
            .and_then(|n| n.font)
            .expect("the message on screen")
    };
    let said = |size: UVec2| {
        let mut app = laid_app(size);
        start_level(&mut app, "swap.ron", 3);
        app.world_mut().write_message(Say(words.into()));
        settle(&mut app);
        app
    };
    let narrow = font(&mut said(UVec2::new(800, 600)));
    let mut app = said(UVec2::new(1280, 720));
    let wide = font(&mut app);
    resize(&mut app, UVec2::new(800, 600));
    let resized = font(&mut app);
    assert!(narrow < wide, "{narrow} at 800x600, {wide} at 1280x720");
    assert_eq!(resized, narrow, "resized from {wide}");
}

/// The window resized as a player drags its edge: the window and its
/// camera's view (a headless game's camera has no window to read).
pub(crate) fn resize(app: &mut App, size: UVec2) {
    let world = app.world_mut();
    for mut window in world.query::<&mut Window>().iter_mut(world) {
        window.resolution.set(size.x as f32, size.y as f32);
    }
    for mut camera in world.query::<&mut Camera>().iter_mut(world) {
        camera.viewport = Some(bevy::camera::Viewport {
            physical_size: size,
            ..default()
        });
        camera.computed.target_info = Some(bevy::camera::RenderTargetInfo {
            physical_size: size,
            scale_factor: 1.0,
        });
    }
    settle(app);
}
