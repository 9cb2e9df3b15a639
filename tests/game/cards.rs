//! What the game says and shows as a level goes: the how-to card and the
//! "?", the bar and the panel, a click that does nothing, a dead end, the
//! celebration, and a run through every screen (Flood out of moves: `stuck`).

use super::*;

/// With the search's column open, the "?" card explains the search map:
/// a swatch for each of its marks, what it means and how the map is read;
/// without it, the card keeps to the puzzle.
#[test]
fn the_question_mark_card_explains_the_map_when_it_is_shown() {
    use game::play::Menu;
    let mut app = app();
    start_level(&mut app, "pegs.ron", 7);
    let explains = |app: &mut App| texts(app).iter().any(|t| t.starts_with("The search map:"));
    press(&mut app, KeyCode::Slash);
    settle(&mut app);
    assert_eq!(*app.world().resource::<State<Menu>>().get(), Menu::HowTo);
    assert!(!explains(&mut app), "the map explained with no map shown");
    press(&mut app, KeyCode::Escape);
    settle(&mut app);
    app.world_mut()
        .resource_mut::<game::panels::TreeViewOpen>()
        .0 = true;
    settle(&mut app);
    press(&mut app, KeyCode::Slash);
    settle(&mut app);
    assert!(explains(&mut app), "the map's card");
    // Each mark with what it means (how lost, skipped, dead end and set aside
    // differ), not only its word as the column's key has it.
    // ("Set aside" only where the search sets lines aside: not on the
    // English board's depth-first search.)
    use pond_puzzles::solve::map::{MapMark, key_all, key_meaning};
    let words = texts(&mut app);
    for mark in key_all() {
        let word = key_meaning(mark);
        let shown = words.iter().any(|t| t == word);
        let set_aside = matches!(mark, MapMark::SetAside(_));
        assert_eq!(shown, !set_aside, "{word:?} in the key: {shown}");
    }
    // And the dim wash below a branch given up.
    let wash = pond_puzzles::solve::map::WASH_MEANING;
    assert!(words.iter().any(|t| t == wash), "{wash:?} in the key");
}

/// The first level of a puzzle opens its how-to card, which holds the board
/// still; Enter closes it, and it does not open by itself again (the
/// settings remember it, across a restart of the game); `?` opens it again.
#[test]
fn the_how_to_card_opens_the_first_time_and_on_the_question_mark() {
    use game::play::Menu;
    let (dir, options) = teaching();
    let menu = |app: &App| *app.world().resource::<State<Menu>>().get();
    let mut app = app_with(options.clone());
    start_level(&mut app, "escape.ron", 0);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::HowTo);
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.contains("share its colour or its kind"))
    );
    press(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::Closed);
    let taught = app.world().resource::<game::settings::Settings>().taught;
    assert_ne!(taught, 0);
    // Another Escape level: no card.
    start_level(&mut app, "escape.ron", 1);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::Closed);
    press(&mut app, KeyCode::Slash);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::HowTo);
    press(&mut app, KeyCode::Escape);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::Closed);
    // A Swap level is new to the player: its own card.
    start_level(&mut app, "swap.ron", 0);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::HowTo);
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.contains("Yellow frogs only move right"))
    );
    drop(app);
    // After a restart, the settings remember both.
    let mut app = app_with(options);
    start_level(&mut app, "escape.ron", 2);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::Closed);
    drop(app);
    std::fs::remove_dir_all(&dir).ok();
}

/// A key of the board or the search, pressed with the how-to card up,
/// closes the card and does its work at once (a new player pressed W and G
/// and saw nothing until the card was closed); Space only closes it, and a
/// setting's key leaves it up, but for the move map's M.
#[test]
fn a_game_key_closes_the_how_to_card_and_does_its_work() {
    use game::play::Menu;
    use game::solver::Autoplay;
    let (dir, options) = teaching();
    let menu = |app: &App| *app.world().resource::<State<Menu>>().get();
    let mut app = app_with(options);
    start_level(&mut app, "pegs.ron", 0);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::HowTo);
    // A setting's key (colour-blind marks) leaves the card up.
    press(&mut app, KeyCode::KeyC);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::HowTo, "a setting's key closed the card");
    press(&mut app, KeyCode::KeyW);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::Closed, "W left the card up");
    let watched = app.world().get_resource::<Autoplay>().map(|a| a.watch);
    assert_eq!(watched, Some(Watch::Search), "W did not search");
    // The card again, then G: the search's column opens as the card closes.
    press(&mut app, KeyCode::Slash);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::HowTo);
    let open = |app: &App| app.world().resource::<game::panels::TreeViewOpen>().0;
    let before = open(&app);
    press(&mut app, KeyCode::KeyG);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::Closed, "G left the card up");
    assert_ne!(open(&app), before, "G did nothing under the card");
    // Space closes the card and no more: the search is not paused.
    press(&mut app, KeyCode::Slash);
    settle(&mut app);
    let paused = |app: &App| app.world().get_resource::<Autoplay>().map(|a| a.paused);
    let was = paused(&app);
    press(&mut app, KeyCode::Space);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::Closed);
    assert_eq!(paused(&app), was, "Space under the card paused the search");
    // M, the move map's key, closes it too: its marks are on the board.
    press(&mut app, KeyCode::Slash);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::HowTo);
    let map = |app: &App| app.world().resource::<game::settings::Settings>().move_map;
    let was = map(&app);
    press(&mut app, KeyCode::KeyM);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::Closed, "M left the card up");
    assert_ne!(map(&app), was, "M did not turn the map");
    drop(app);
    std::fs::remove_dir_all(&dir).ok();
}

/// A game that teaches (its cards open on a puzzle's first level), saving
/// in a folder of its own.
fn teaching() -> (std::path::PathBuf, game::GameOptions) {
    let dir = temp_data_dir();
    let options = game::GameOptions {
        data_dir: Some(dir.clone()),
        teach: true,
        ..Default::default()
    };
    (dir, options)
}

/// Escape's bar says which animal may go out next.
#[test]
fn escape_tells_the_rule_for_the_next_animal_out() {
    let mut app = app();
    start_level(&mut app, "escape.ron", 2);
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.contains("any animal may go out first"))
    );
    let Puzzle::Escape(e) = puzzle(&app) else {
        panic!()
    };
    let row = e.rows - 1;
    let out = e.animal(row, e.cols - 1);
    app.world_mut()
        .write_message(MoveRequested::player(PuzzleMove::Escape(
            pond_puzzles::rules::escape::EscapeMove { row },
        )));
    settle(&mut app);
    let (colour, kind) = out.describe_parts();
    let want = format!("next out: a {colour} animal or a {kind}");
    assert!(texts(&mut app).iter().any(|t| t.contains(&want)), "{want}");
    // Colour-blind mode says the colour's number too, as the badges show it.
    press(&mut app, KeyCode::KeyC);
    settle(&mut app);
    let want = format!("next out: a {colour} ({}) animal", out.colour + 1);
    let said = texts(&mut app);
    assert!(said.iter().any(|t| t.contains(&want)), "{want}: {said:?}");
    // There, a colour is named as its palette shows it: the rules' seventh,
    // pink, is dark blue in that palette.
    let pack = parse_pack(
        "p.ron",
        r#"Pack(name: "p", levels: [Escape(name: "e", rows: ["b1 a7", "a1 b2"])])"#,
    )
    .unwrap();
    app.world_mut()
        .insert_resource(PlayState::new(pack.levels[0].clone()));
    settle(&mut app);
    app.world_mut()
        .write_message(MoveRequested::player(PuzzleMove::Escape(
            pond_puzzles::rules::escape::EscapeMove { row: 0 },
        )));
    settle(&mut app);
    let want = "next out: a dark blue (7) animal";
    let said = texts(&mut app);
    assert!(said.iter().any(|t| t.contains(want)), "{want}: {said:?}");
    // And a hint too: every animal of this prison is the seventh colour.
    let pack = parse_pack(
        "p.ron",
        r#"Pack(name: "p", levels: [Escape(name: "e", rows: ["b7 a7"])])"#,
    )
    .unwrap();
    app.world_mut()
        .insert_resource(PlayState::new(pack.levels[0].clone()));
    settle(&mut app);
    ask_for_hint(&mut app);
    settle(&mut app);
    let said = texts(&mut app);
    let hint = said.iter().find(|t| t.starts_with("Hint:"));
    assert!(
        hint.is_some_and(|h| h.contains("dark blue (7)") && !h.contains("pink")),
        "{said:?}"
    );
}

/// A normal run through every screen and puzzle leaves no warning or error
/// of the game's own in the log. The app's schedules run on this thread, so
/// that a subscriber of this test's own sees what the systems log.
#[test]
fn a_run_through_every_screen_logs_no_warning_of_the_games_own() {
    use bevy::ecs::schedule::{ScheduleLabel, SingleThreadedExecutor};
    use bevy::log::tracing::{self, Level};
    use bevy::log::tracing_subscriber::{self, Layer, layer::SubscriberExt};
    use std::sync::{Arc, Mutex};

    struct Catch(Arc<Mutex<Vec<String>>>);
    impl<S: tracing::Subscriber> Layer<S> for Catch {
        fn on_event(
            &self,
            event: &tracing::Event<'_>,
            _: tracing_subscriber::layer::Context<'_, S>,
        ) {
            let m = event.metadata();
            if *m.level() <= Level::WARN && m.target().starts_with("pond_puzzles") {
                self.0.lock().unwrap().push(format!(
                    "{} {} {}:{}",
                    m.level(),
                    m.target(),
                    m.file().unwrap_or("?"),
                    m.line().unwrap_or(0)
                ));
            }
        }
    }
    let caught = Arc::new(Mutex::new(Vec::new()));
    let subscriber = tracing_subscriber::registry().with(Catch(caught.clone()));
    tracing::subscriber::with_default(subscriber, || {
        let mut app = app();
        for label in [
            First.intern(),
            PreUpdate.intern(),
            StateTransition.intern(),
            Update.intern(),
            PostUpdate.intern(),
            Last.intern(),
        ] {
            app.edit_schedule(label, |s| {
                s.set_executor(SingleThreadedExecutor::new());
            });
        }
        app.insert_resource(Speed::Instant);
        for (pack, level) in [
            ("swap.ron", 1),
            ("hop.ron", 0),
            ("pegs.ron", 0),
            ("flood.ron", 0),
            ("escape.ron", 0),
        ] {
            start_level(&mut app, pack, level);
            // The menu and the how-to card, opened and closed.
            for key in [
                KeyCode::Escape,
                KeyCode::Escape,
                KeyCode::Slash,
                KeyCode::Enter,
            ] {
                press(&mut app, key);
                settle(&mut app);
            }
            let ending = autoplay(&mut app, Watch::Solution);
            assert!(matches!(ending, Ending::Won(_)), "{pack}: {ending:?}");
            settle(&mut app);
            // Undo, restart after the win, then the level select and back.
            for key in [KeyCode::KeyU, KeyCode::Backspace, KeyCode::KeyL] {
                press(&mut app, key);
                settle(&mut app);
            }
            until_screen(&mut app, Screen::Levels);
            press(&mut app, KeyCode::KeyT);
            until_screen(&mut app, Screen::Title);
        }
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Stats);
        settle(&mut app);
        press(&mut app, KeyCode::KeyT);
        until_screen(&mut app, Screen::Title);
    });
    let caught = caught.lock().unwrap();
    assert!(caught.is_empty(), "the game logged: {caught:#?}");
}

/// The lines of the top bar and the solver panel say what is so after the
/// paths a player takes: the next level (N), a pause, a restart after a
/// stopped solution, a refused colour, a won prison.
#[test]
fn the_bar_and_the_panel_follow_the_player() {
    let mut app = app();
    // N from a level: the next level's bar has its move counter at once, and
    // Escape's rule for the first animal out.
    start_level(&mut app, "hop.ron", 1);
    press(&mut app, KeyCode::KeyN);
    settle(&mut app);
    let third = parse_pack("hop.ron", SHIPPED[1].1).unwrap().levels[2].clone();
    assert_eq!(app.world().resource::<PlayState>().level.name, third.name);
    let Puzzle::Hop(h) = &third.puzzle else {
        panic!()
    };
    let counter = format!("Moves: 0   {} frogs left", h.frogs());
    assert!(texts(&mut app).contains(&counter), "{:?}", texts(&mut app));
    start_level(&mut app, "escape.ron", 1);
    press(&mut app, KeyCode::KeyN);
    settle(&mut app);
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t == "Moves: 0   any animal may go out first"),
        "{:?}",
        texts(&mut app)
    );

    // Pause turns into Resume while paused, and back.
    start_level(&mut app, "swap.ron", 4);
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Solution));
    for _ in 0..20 {
        app.update();
    }
    let labels = |app: &mut App| {
        let t = texts(app);
        (
            t.iter().any(|t| t == "Pause"),
            t.iter().any(|t| t == "Resume"),
        )
    };
    assert_eq!(labels(&mut app), (true, false));
    // Solve says Again while its solution plays (S starts it over), Watch
    // stays Watch.
    let named = |app: &mut App, word: &str| texts(app).iter().any(|t| t == word);
    assert!(named(&mut app, "Again") && !named(&mut app, "Solve"));
    assert!(named(&mut app, "Watch"));
    press(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(labels(&mut app), (false, true));
    press(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(labels(&mut app), (true, false));

    // Stop, then Backspace: the panel no longer tells of the stopped
    // solution and its moves.
    press(&mut app, KeyCode::KeyX);
    settle(&mut app);
    assert!(texts(&mut app).iter().any(|t| t.contains("stopped")));
    assert!(named(&mut app, "Solve") && !named(&mut app, "Again"));
    press(&mut app, KeyCode::Backspace);
    settle(&mut app);
    assert_eq!(app.world().resource::<PlayState>().moves(), 0);
    let shown = texts(&mut app);
    assert!(!shown.iter().any(|t| t.contains("stopped")), "{shown:?}");
    assert!(
        shown
            .iter()
            .any(|t| t.starts_with("Solve plays a solution")),
        "{shown:?}"
    );

    // Flood: the current colour, refused in the palette's numbers.
    start_level(&mut app, "flood.ron", 0);
    let Puzzle::Flood(f) = puzzle(&app) else {
        panic!()
    };
    let current = f.region_colour();
    app.world_mut()
        .write_message(MoveRequested::player(PuzzleMove::Flood(
            pond_puzzles::rules::flood::FloodMove { colour: current },
        )));
    settle(&mut app);
    let want = format!("Not allowed: the flood is colour {current} already: pick another colour.");
    assert!(texts(&mut app).contains(&want), "{:?}", texts(&mut app));
    // The buttons, the keys and the level file number the colours alike,
    // from 0: the key of a colour's digit floods with that colour.
    let shown = texts(&mut app);
    for c in 0..f.colours {
        assert!(shown.contains(&c.to_string()), "no button {c}: {shown:?}");
    }
    assert!(!shown.contains(&f.colours.to_string()), "{shown:?}");
    let digits = [
        KeyCode::Digit0,
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
    ];
    let other = (0..4u8).find(|&c| c != current && c < f.colours).unwrap();
    press(&mut app, digits[other as usize]);
    settle(&mut app);
    let Puzzle::Flood(after) = puzzle(&app) else {
        panic!()
    };
    assert_eq!(
        after.region_colour(),
        other,
        "key {other} flooded another colour"
    );

    // A won prison asks for no next animal.
    start_level(&mut app, "escape.ron", 0);
    assert_eq!(autoplay(&mut app, Watch::Solution), Ending::Won(16));
    settle(&mut app);
    let bar: Vec<String> = texts(&mut app)
        .into_iter()
        .filter(|t| t.starts_with("Moves:"))
        .collect();
    assert_eq!(bar, ["Moves: 16"]);
}

/// A click that can do nothing says why, in the player's words: an empty
/// pad, a frog with no jump, an animal not at the east end of its row. The
/// keyboard's Enter clicks where the cursor is, as a click does.
#[test]
fn every_click_that_does_nothing_says_why() {
    let mut app = app();
    let click_at = |app: &mut App, at: Vec2| {
        app.world_mut().resource_mut::<game::board::KeyCursor>().0 = Some(at);
        press(app, KeyCode::Enter);
        settle(app);
    };
    let refusal = |app: &mut App| {
        texts(app)
            .into_iter()
            .find(|t| t.starts_with("Not allowed: "))
    };
    // Swap: the empty pad.
    start_level(&mut app, "swap.ron", 0);
    let Puzzle::Swap(s) = puzzle(&app) else {
        panic!()
    };
    let empty = s
        .cells
        .iter()
        .position(|c| *c == pond_puzzles::rules::swap::Cell::Empty)
        .unwrap();
    click_at(&mut app, game::puzzles::swap_pos(empty, s.cells.len()));
    assert_eq!(puzzle(&app), Puzzle::Swap(s));
    assert_eq!(
        refusal(&mut app).as_deref(),
        Some("Not allowed: that pad is empty; click a frog to move it.")
    );

    // Hop: a frog with no jump, and an empty pad with no frog picked.
    let pack = parse_pack("hop.ron", SHIPPED[1].1).unwrap();
    let (level, h, stuck) = pack
        .levels
        .iter()
        .enumerate()
        .find_map(|(i, l)| {
            let Puzzle::Hop(h) = &l.puzzle else {
                return None;
            };
            let moves = l.puzzle.legal_moves();
            (0..h.board.pads.len() as u8)
                .find(|&pad| {
                    h.occupied() >> pad & 1 == 1
                        && !moves.iter().any(|m| match m {
                            PuzzleMove::Hop(j) => j.from == pad,
                            _ => false,
                        })
                })
                .map(|pad| (i, h.clone(), pad))
        })
        .expect("a pond with a frog that cannot jump");
    start_level(&mut app, "hop.ron", level);
    click_at(&mut app, game::puzzles::hop_pos(&h, stuck));
    assert_eq!(app.world().resource::<game::puzzles::Picked>().0, None);
    assert_eq!(
        refusal(&mut app).as_deref(),
        Some(
            "Not allowed: this frog has no jump: it needs a frog beside it and an empty pad just beyond."
        )
    );
    let pad = (0..h.board.pads.len() as u8)
        .find(|&p| h.occupied() >> p & 1 == 0)
        .unwrap();
    click_at(&mut app, game::puzzles::hop_pos(&h, pad));
    assert_eq!(
        refusal(&mut app).as_deref(),
        Some("Not allowed: that pad is empty; click a frog first, then the pad it jumps to.")
    );
    assert_eq!(app.world().resource::<PlayState>().moves(), 0);

    // Escape: an animal behind another in its row.
    start_level(&mut app, "escape.ron", 0);
    let Puzzle::Escape(e) = puzzle(&app) else {
        panic!()
    };
    assert!(e.cols > 1);
    click_at(&mut app, game::puzzles::escape_pos(&e, 1, 0));
    assert_eq!(puzzle(&app), Puzzle::Escape(e.clone()));
    assert_eq!(
        refusal(&mut app).as_deref(),
        Some("Not allowed: only the animal at the east end of row 2 can leave, through its gate.")
    );
    // The one at the east end goes out.
    click_at(&mut app, game::puzzles::escape_pos(&e, 1, e.cols - 1));
    assert_eq!(app.world().resource::<PlayState>().moves(), 1);
}

/// A piece under the pointer when the level is won celebrates from its own
/// size and ends it there, not grown by the hover (a tile left grown stood a
/// pixel out of Flood's outline).
#[test]
fn a_hovered_piece_ends_the_celebration_at_its_own_size() {
    use game::puzzles::{HOVER_GROWTH, Hover, Tile};
    let mut app = app();
    start_level(&mut app, "flood.ron", 0);
    let line = solution_on_board(&app);
    let (last, before) = line.split_last().expect("a move");
    for &mv in before {
        app.world_mut().write_message(MoveRequested::player(mv));
        settle(&mut app);
    }
    app.world_mut().write_message(MoveRequested::player(*last));
    app.update();
    app.update();
    // The pointer rests on a tile of the board the win left.
    let tile = app
        .world_mut()
        .query_filtered::<Entity, With<Tile>>()
        .iter(app.world())
        .next()
        .expect("a tile");
    let mut t = app.world_mut().get_mut::<Transform>(tile).unwrap();
    t.scale.x *= HOVER_GROWTH;
    t.scale.y *= HOVER_GROWTH;
    app.world_mut().entity_mut(tile).insert(Hover);
    settle(&mut app);
    assert!(puzzle(&app).is_won());
    let scales: Vec<f32> = app
        .world_mut()
        .query_filtered::<&Transform, With<Tile>>()
        .iter(app.world())
        .map(|t| t.scale.x)
        .collect();
    assert!(scales.len() > 1);
    assert!(
        scales.iter().all(|&s| (s - scales[0]).abs() < 1e-3),
        "a tile ended grown: {scales:?}"
    );
}
