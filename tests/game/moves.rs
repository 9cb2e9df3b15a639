//! Moves through the game's messages: each one played, refused or hinted as
//! the rules say, and the board's entities where the rules put them.

use super::*;

#[test]
fn a_whole_swap_level_is_won_through_messages() {
    let mut app = app();
    start_level(&mut app, "swap.ron", 4);
    let start = puzzle(&app);
    let report = solve::solve(&start, Budget::unlimited(), None, false);
    let moves = report.outcome.moves().unwrap().to_vec();
    for mv in &moves {
        app.world_mut().write_message(MoveRequested::player(*mv));
        settle(&mut app);
        assert_board_mirrors_rules(&mut app);
    }
    assert!(puzzle(&app).is_won());
    assert_eq!(app.world().resource::<PlayState>().moves(), moves.len());
}

#[test]
fn rejected_moves_change_nothing_and_undo_redo_restore() {
    let mut app = app();
    start_level(&mut app, "hop.ron", 0);
    let before = puzzle(&app);
    let frogs = count::<game::board::Frog>(&mut app);
    let Puzzle::Hop(h) = &before else { panic!() };
    // A jump between two pads that are not on a line is refused.
    app.world_mut()
        .write_message(MoveRequested::player(pond_puzzles::rules::PuzzleMove::Hop(
            pond_puzzles::rules::hop::HopMove { from: 0, to: 12 },
        )));
    settle(&mut app);
    assert_eq!(puzzle(&app), before);
    assert_eq!(count::<game::board::Frog>(&mut app), frogs);
    let mv = before.legal_moves()[0];
    app.world_mut().write_message(MoveRequested::player(mv));
    settle(&mut app);
    assert_eq!(count::<game::board::Frog>(&mut app), frogs - 1);
    assert_eq!(count::<game::board::Lily>(&mut app), h.board.pads.len());
    let after = puzzle(&app);
    app.world_mut()
        .write_message(MoveRequested::player(Request::Undo));
    settle(&mut app);
    assert_eq!(puzzle(&app), before);
    assert_eq!(count::<game::board::Frog>(&mut app), frogs);
    app.world_mut()
        .write_message(MoveRequested::player(Request::Redo));
    settle(&mut app);
    assert_eq!(puzzle(&app), after);
    assert_board_mirrors_rules(&mut app);
}

#[test]
fn flood_and_escape_boards_mirror_the_rules() {
    let mut app = app();
    start_level(&mut app, "flood.ron", 0);
    let Puzzle::Flood(f) = puzzle(&app) else {
        panic!()
    };
    assert_eq!(count::<game::board::Tile>(&mut app), f.cells.len());
    assert_board_mirrors_rules(&mut app);
    let mv = puzzle(&app).legal_moves()[0];
    app.world_mut().write_message(MoveRequested::player(mv));
    settle(&mut app);
    assert_eq!(app.world().resource::<PlayState>().moves(), 1);
    assert_eq!(count::<game::board::Tile>(&mut app), f.cells.len());
    // Each tile in its cell, in its colour, the flooded region flat.
    assert_board_mirrors_rules(&mut app);
    app.world_mut()
        .write_message(MoveRequested::player(Request::Undo));
    settle(&mut app);
    assert_board_mirrors_rules(&mut app);

    start_level(&mut app, "escape.ron", 0);
    assert_eq!(count::<game::board::Animal>(&mut app), 16);
    let mv = puzzle(&app).legal_moves()[0];
    app.world_mut().write_message(MoveRequested::player(mv));
    settle(&mut app);
    let Puzzle::Escape(e) = puzzle(&app) else {
        panic!()
    };
    assert_eq!(e.queue.len(), 1);
    assert_eq!(count::<game::board::Animal>(&mut app), 16);
    assert_board_mirrors_rules(&mut app);
    // Taken back, the animal walks home.
    app.world_mut()
        .write_message(MoveRequested::player(Request::Undo));
    settle(&mut app);
    assert_board_mirrors_rules(&mut app);
}

/// The renderer draws a board's pieces in order of depth and batches runs
/// of one look: Flood's tiles, in depth order, come in one run per look
/// (colour, flooded or not), not in the cells' order where neighbours of
/// different colours broke every batch (a 100x100 board drew 10,000 times
/// a frame).
#[test]
fn flood_tiles_lie_in_depth_by_their_look_so_each_look_is_one_batch() {
    let mut app = app();
    start_level(&mut app, "flood.ron", 12);
    let mv = puzzle(&app).legal_moves()[0];
    app.world_mut().write_message(MoveRequested::player(mv));
    settle(&mut app);
    let world = app.world_mut();
    // (All under the board's root: their own depths order them.)
    let mut q = world.query_filtered::<(
        &Transform,
        &MeshMaterial2d<ColorMaterial>,
        &Mesh2d,
    ), With<game::board::Tile>>();
    let mut tiles: Vec<(f32, AssetId<ColorMaterial>, AssetId<Mesh>)> = q
        .iter(world)
        .map(|(t, m, mesh)| (t.translation.z, m.0.id(), mesh.0.id()))
        .collect();
    tiles.sort_by(|a, b| a.0.total_cmp(&b.0));
    let looks: std::collections::HashSet<_> = tiles.iter().map(|t| (t.1, t.2)).collect();
    let runs = 1 + tiles
        .windows(2)
        .filter(|w| (w[0].1, w[0].2) != (w[1].1, w[1].2))
        .count();
    assert!(looks.len() >= 4, "{} looks", looks.len());
    assert_eq!(runs, looks.len(), "one run of depth per look");
    // Tiles of one look share one depth, apart from the others'.
    for w in tiles.windows(2) {
        assert_eq!((w[0].1, w[0].2) == (w[1].1, w[1].2), w[0].0 == w[1].0);
    }
}

/// A win is one message, sent by the move that wins; a refused request
/// afterwards (or before) leaves the rules state unmarked, so nothing that
/// watches it (the progress record, its save) runs again.
#[test]
fn a_win_is_one_message_and_a_refused_request_changes_nothing() {
    let mut app = app();
    app.init_resource::<Wins>()
        .add_systems(Update, count_wins.after(game::play::PlaySystems::Apply));
    start_level(&mut app, "swap.ron", 0);
    let line = solution_on_board(&app);
    let last_change = |app: &App| app.world().resource_ref::<PlayState>().last_changed();
    // Refused before the win: an undo with nothing to undo.
    let before = last_change(&app);
    app.world_mut()
        .write_message(MoveRequested::player(Request::Undo));
    settle(&mut app);
    assert_eq!(last_change(&app), before, "a refused undo marked the state");
    for &mv in &line {
        app.world_mut().write_message(MoveRequested::player(mv));
        settle(&mut app);
    }
    assert!(puzzle(&app).is_won());
    assert_eq!(app.world().resource::<Wins>().0, 1);
    let saved = |app: &App| {
        let dir = app
            .world()
            .resource::<game::GameOptions>()
            .data_dir
            .clone()
            .unwrap();
        std::fs::metadata(dir.join(game::progress::FILE))
            .and_then(|m| m.modified())
            .expect("the win was saved")
    };
    let (changed, written) = (last_change(&app), saved(&app));
    // Every frog of the won row, clicked: each refused.
    let won = puzzle(&app);
    let clicks: Vec<PuzzleMove> = (0..line.len() as u32 + 4)
        .filter_map(|pad| won.parse_move(&pad.to_string()).ok())
        .collect();
    assert!(!clicks.is_empty());
    for mv in clicks {
        app.world_mut().write_message(MoveRequested::player(mv));
        settle(&mut app);
    }
    assert_eq!(
        last_change(&app),
        changed,
        "a refused move marked the state"
    );
    assert_eq!(saved(&app), written, "a refused move saved progress again");
    assert_eq!(app.world().resource::<Wins>().0, 1);
    // Undone and played again, the win is a second win, and a second message.
    app.world_mut()
        .write_message(MoveRequested::player(Request::Undo));
    settle(&mut app);
    app.world_mut()
        .write_message(MoveRequested::player(Request::Redo));
    settle(&mut app);
    assert_eq!(app.world().resource::<Wins>().0, 2);
}

#[test]
fn a_win_with_the_solvers_help_is_marked_and_earns_no_stars() {
    let mut app = app();
    app.insert_resource(Speed::Instant);
    start_level(&mut app, "swap.ron", 1);
    let start = puzzle(&app);
    let line = solve::solve(&start, Budget::unlimited(), None, false)
        .outcome
        .moves()
        .unwrap()
        .to_vec();
    // The player's first move, then the solver's.
    app.world_mut()
        .write_message(MoveRequested::player(line[0]));
    settle(&mut app);
    assert!(!app.world().resource::<PlayState>().helped);
    assert_eq!(autoplay(&mut app, Watch::Solution), Ending::Won(line.len()));
    assert!(app.world().resource::<PlayState>().helped);
    let record = |app: &App| {
        *app.world()
            .resource::<game::progress::Progress>()
            .file
            .record("swap.ron", 1)
            .expect("recorded")
    };
    let r = record(&app);
    assert!(r.with_help, "{r:?}");
    assert_eq!(r.stars(), None);
    // The level select marks it.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Levels);
    app.update();
    app.update();
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.ends_with("moves, with help")),
        "{:?}",
        texts(&mut app)
    );

    // Again, alone: a restart forgets the help, and the win is the player's.
    start_level(&mut app, "swap.ron", 1);
    for &mv in &line[..2] {
        app.world_mut().write_message(MoveRequested::player(mv));
        settle(&mut app);
    }
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Solution));
    // The solver's line comes from a thread: on a busy machine after a
    // few frames more.
    for _ in 0..400 {
        if app.world().resource::<PlayState>().helped {
            break;
        }
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    settle(&mut app);
    assert!(app.world().resource::<PlayState>().helped);
    press(&mut app, KeyCode::Backspace);
    settle(&mut app);
    let state = app.world().resource::<PlayState>();
    assert_eq!(state.moves(), 0);
    assert!(!state.helped, "a restart starts a fresh attempt");
    for &mv in &line {
        app.world_mut().write_message(MoveRequested::player(mv));
        settle(&mut app);
    }
    assert!(puzzle(&app).is_won());
    let r = record(&app);
    assert!(!r.with_help, "{r:?}");
    assert_eq!(r.best, line.len());
}

#[test]
fn restarting_a_won_level_touches_no_entity_that_is_gone() {
    let mut app = app();
    app.insert_resource(Speed::Instant);
    start_level(&mut app, "swap.ron", 1);
    assert!(matches!(
        autoplay(&mut app, Watch::Solution),
        Ending::Won(_)
    ));
    // The win's banner is up; Backspace plays again, U undoes nothing.
    press(&mut app, KeyCode::Backspace);
    settle(&mut app);
    assert_eq!(app.world().resource::<PlayState>().moves(), 0);
    press(&mut app, KeyCode::KeyU);
    settle(&mut app);
    assert_board_mirrors_rules(&mut app);
}

#[test]
fn refusals_and_hints_speak_of_colours_and_rings_not_pad_numbers() {
    use pond_puzzles::rules::PuzzleMove;
    let mut app = app();
    let refused = |app: &mut App| {
        app.update();
        app.update();
        texts(app)
            .into_iter()
            .find(|t| t.starts_with("Not allowed"))
            .expect("a refusal is told")
    };
    // Swap: a frog that cannot move is refused in the board's colours.
    start_level(&mut app, "swap.ron", 5);
    let Puzzle::Swap(s) = puzzle(&app) else {
        panic!()
    };
    let legal = puzzle(&app).legal_moves();
    let stuck = (0..s.cells.len() as u32)
        .find(|&from| {
            s.cells[from as usize] != pond_puzzles::rules::swap::Cell::Empty
                && !legal.contains(&PuzzleMove::Swap(pond_puzzles::rules::swap::SwapMove {
                    from,
                }))
        })
        .unwrap();
    app.world_mut()
        .write_message(MoveRequested::player(PuzzleMove::Swap(
            pond_puzzles::rules::swap::SwapMove { from: stuck },
        )));
    let words = refused(&mut app);
    assert!(words.contains("yellow frog only moves right"), "{words}");
    assert!(!words.contains("pad "), "{words}");
    // Hop: a jump off any line says how frogs jump, not which pads.
    start_level(&mut app, "hop.ron", 0);
    app.world_mut()
        .write_message(MoveRequested::player(PuzzleMove::Hop(
            pond_puzzles::rules::hop::HopMove { from: 0, to: 12 },
        )));
    let words = refused(&mut app);
    assert!(!words.chars().any(|c| c.is_ascii_digit()), "{words}");
    // A hint points at the rings.
    start_level(&mut app, "hop.ron", 3);
    ask_for_hint(&mut app);
    app.update();
    let hint = texts(&mut app)
        .into_iter()
        .find(|t| t.starts_with("Hint:"))
        .expect("the hint is told");
    assert!(
        hint.contains("ringed frog") && !hint.contains("pad 0"),
        "{hint}"
    );
    // What it costs is said before the hint is played.
    assert!(hint.contains("costs this win its stars"), "{hint}");
}

#[test]
fn clicking_the_pad_a_hint_rings_plays_the_hinted_jump() {
    let mut app = app();
    start_level(&mut app, "hop.ron", 3);
    let (at, mv) = ask_for_hint(&mut app);
    let (Puzzle::Hop(h), pond_puzzles::rules::PuzzleMove::Hop(jump)) = (&at, mv) else {
        panic!()
    };
    // Nothing picked: Enter (a click) on the ringed empty pad.
    assert_eq!(app.world().resource::<game::puzzles::Picked>().0, None);
    app.world_mut().resource_mut::<game::board::KeyCursor>().0 =
        Some(game::puzzles::hop_pos(h, jump.to));
    press(&mut app, KeyCode::Enter);
    settle(&mut app);
    let state = app.world().resource::<PlayState>();
    assert_eq!(state.done.iter().map(|d| d.0).collect::<Vec<_>>(), [mv]);
    assert!(state.helped);
    assert_board_mirrors_rules(&mut app);
}

#[test]
fn playing_the_hinted_move_counts_as_help() {
    let mut app = app();
    start_level(&mut app, "hop.ron", 3);
    let (_, mv) = ask_for_hint(&mut app);
    app.world_mut().write_message(MoveRequested::player(mv));
    settle(&mut app);
    assert_eq!(app.world().resource::<PlayState>().moves(), 1);
    assert!(app.world().resource::<PlayState>().helped);
}

#[test]
fn arrows_and_enter_play_a_move_like_a_click() {
    let mut app = app();
    start_level(&mut app, "swap.ron", 0);
    press(&mut app, KeyCode::ArrowRight);
    press(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(app.world().resource::<PlayState>().moves(), 1);
    assert_board_mirrors_rules(&mut app);
    // Hop: Enter on a frog picks it; Enter on a pad beyond jumps.
    start_level(&mut app, "hop.ron", 0);
    let start = puzzle(&app);
    let Puzzle::Hop(h) = &start else { panic!() };
    let legal = start.legal_moves();
    let pond_puzzles::rules::PuzzleMove::Hop(jump) = legal[0] else {
        panic!()
    };
    let at = |pad: u8| game::puzzles::hop_pos(h, pad);
    app.world_mut().resource_mut::<game::board::KeyCursor>().0 = Some(at(jump.from));
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        app.world().resource::<game::puzzles::Picked>().0,
        Some(u32::from(jump.from))
    );
    app.world_mut().resource_mut::<game::board::KeyCursor>().0 = Some(at(jump.to));
    press(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(app.world().resource::<PlayState>().done[0].0, legal[0]);
}

/// A level whose start is its goal is won with no move, and that is its
/// shortest solution: the win gives it, not "not known".
#[test]
fn a_level_won_at_its_start_has_a_shortest_of_no_move() {
    let (mut app, dir) = open_own_pack(
        "Pack(name: \"Mine\", levels: [Swap(name: \"Empty\", row: \"___\")])",
        Some(1),
    );
    let said = texts(&mut app);
    assert!(said.iter().any(|t| t == "shortest 0: perfect!"), "{said:?}");
    assert!(said.iter().all(|t| !t.contains("not known")), "{said:?}");
    drop(app);
    std::fs::remove_dir_all(&dir).ok();
}

/// The keys' line greys the keys that would do nothing (undo and restart
/// before a move, redo before an undo) and brings them back when they would.
#[test]
fn keys_that_would_do_nothing_are_greyed_in_their_place() {
    let mut app = app();
    start_level(&mut app, "swap.ron", 1);
    settle(&mut app);
    let greyed = |app: &mut App, label: &str| {
        let key = button_saying(app, label);
        app.world()
            .get::<bevy::ui::InteractionDisabled>(key)
            .is_some()
    };
    let look = |app: &mut App| {
        [
            "U undo",
            "R redo",
            "Backspace restart",
            "N next",
            "Esc menu",
        ]
        .map(|k| greyed(app, k))
    };
    assert_eq!(
        look(&mut app),
        [true, true, true, false, false],
        "at the start"
    );
    one_move_played(&mut app);
    assert_eq!(
        look(&mut app),
        [false, true, false, false, false],
        "after a move"
    );
    press(&mut app, KeyCode::KeyU);
    settle(&mut app);
    assert_eq!(
        look(&mut app),
        [true, false, true, false, false],
        "after its undo"
    );
    // A greyed key's tap does nothing; a live one's does.
    let undo = button_saying(&mut app, "R redo");
    activate(&mut app, undo);
    settle(&mut app);
    assert_eq!(app.world().resource::<PlayState>().moves(), 1);
    assert_eq!(
        look(&mut app),
        [false, true, false, false, false],
        "after the redo"
    );
}

/// The win's banner comes where the player was clicking (a Flood colour
/// button stood under "Play again"): a quick second click meant for the
/// board presses nothing, and the banner's buttons take a press a moment
/// later (a player's double click on the last colour restarted the level).
#[test]
fn a_quick_second_click_on_the_win_banner_presses_nothing() {
    let mut app = app();
    start_level(&mut app, "flood.ron", 2);
    let moves = solution_on_board(&app);
    let (last, rest) = moves.split_last().expect("a line of moves");
    for mv in rest {
        app.world_mut().write_message(MoveRequested::player(*mv));
        settle(&mut app);
    }
    app.world_mut().write_message(MoveRequested::player(*last));
    // The banner comes once the last pour has landed: the first frame it
    // is up.
    for _ in 0..400 {
        app.update();
        if texts(&mut app)
            .iter()
            .any(|t| t == "Play again (Backspace)")
        {
            break;
        }
    }
    assert!(puzzle(&app).is_won());
    let again = button_saying(&mut app, "Play again (Backspace)");
    activate(&mut app, again);
    settle(&mut app);
    assert!(
        puzzle(&app).is_won(),
        "the click at once restarted the level"
    );
    tap_button(&mut app, "Play again (Backspace)");
    assert!(!puzzle(&app).is_won(), "a moment later it plays again");
    assert_eq!(app.world().resource::<PlayState>().moves(), 0);
}

/// Flood's button of the colour the flood already has (its move changes
/// nothing) is ringed white, as the flood is on the board, and the ring
/// follows the flood's colour move by move; no other button has one.
#[test]
fn the_colour_the_flood_has_is_ringed() {
    let mut app = app();
    start_level(&mut app, "flood.ron", 1);
    settle(&mut app);
    let ringed = |app: &mut App| -> Vec<PuzzleMove> {
        app.world_mut()
            .query::<(&MoveRequested, &BorderColor)>()
            .iter(app.world())
            .filter(|(_, b)| b.top == Color::WHITE)
            .filter_map(|(m, _)| match m.request() {
                Request::Play(mv) => Some(mv),
                _ => None,
            })
            .collect()
    };
    let moves = solution_on_board(&app);
    for mv in moves.iter().take(3) {
        let p = puzzle(&app);
        let legal = p.legal_moves();
        let ring = ringed(&mut app);
        assert_eq!(ring.len(), 1, "{ring:?}");
        assert!(!legal.contains(&ring[0]), "{:?} is a move", ring[0]);
        // Its meaning on hover; every other button says what its digit
        // is (and with the move map on, its badge).
        let tip_of = |app: &mut App, map: bool| -> Vec<(PuzzleMove, &'static str)> {
            app.world_mut()
                .resource_mut::<game::settings::Settings>()
                .move_map = map;
            app.update();
            (app.world_mut())
                .query::<(&MoveRequested, &game::theme::tip::Tip)>()
                .iter(app.world())
                .filter_map(|(m, t)| match m.request() {
                    Request::Play(mv) => Some((mv, t.0)),
                    _ => None,
                })
                .collect()
        };
        for map in [true, false] {
            let tips = tip_of(&mut app, map);
            assert_eq!(tips.len(), legal.len() + 1, "{tips:?}");
            for (mv, words) in tips {
                let fault = format!("{mv:?}, the map on: {map}: {words}");
                if mv == ring[0] {
                    assert!(words.contains("changes nothing"), "{fault}");
                } else {
                    assert!(words.contains("digit"), "{fault}");
                    assert_eq!(words.contains("badge"), map, "{fault}");
                }
            }
        }
        app.world_mut().write_message(MoveRequested::player(*mv));
        settle(&mut app);
        assert_ne!(ringed(&mut app), ring, "the ring stayed after {mv:?}");
    }
}
