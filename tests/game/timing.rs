//! Requests made at every frame of an animation: a request waits while the
//! board animates, so each one that lands does so on the first frame the
//! animations of the last have ended, the frame their entities are despawned,
//! and the frame a move replaces the board they belong to. Nothing the game
//! does then may touch an entity that is gone (the tests' error handler
//! panics where a window would log a warning).

use super::*;

#[test]
fn a_move_made_as_an_animation_ends_touches_no_entity_that_is_gone() {
    let mut app = app();
    for pack in ["flood.ron", "swap.ron", "hop.ron", "escape.ron", "pegs.ron"] {
        start_level(&mut app, pack, 0);
        let mut changes = 0;
        for _ in 0..240 {
            let p = puzzle(&app);
            let request = if app.world().resource::<PlayState>().moves() > 0 {
                Request::Undo
            } else {
                Request::Play(p.legal_moves()[0])
            };
            app.world_mut()
                .write_message(MoveRequested::player(request));
            app.update();
            if puzzle(&app) != p {
                changes += 1;
            }
        }
        assert!(changes >= 8, "{pack}: {changes} changes in 240 frames");
        settle(&mut app);
        assert_board_mirrors_rules(&mut app);
    }
}

/// A level won, and played again on the first frame the board is free: the
/// frame its celebration starts, on pieces that the restart replaces.
#[test]
fn playing_again_as_the_celebration_starts_touches_no_entity_that_is_gone() {
    let mut app = app();
    // Every shipped pack (a new puzzle's too).
    for (pack, _) in SHIPPED {
        start_level(&mut app, pack, 0);
        let solve::Outcome::Solved { moves, .. } =
            solve::solve(&puzzle(&app), Budget::unlimited(), None, false).outcome
        else {
            panic!("{pack}: level 1 is solved")
        };
        // Each move on the first frame it is taken.
        let mut next = 0;
        for _ in 0..2000 {
            if next == moves.len() {
                break;
            }
            let before = puzzle(&app);
            app.world_mut()
                .write_message(MoveRequested::player(Request::Play(moves[next])));
            app.update();
            if puzzle(&app) != before {
                next += 1;
            }
        }
        assert!(puzzle(&app).is_won(), "{pack}: won");
        let mut frames = 0;
        while app.world().resource::<PlayState>().moves() > 0 {
            app.world_mut()
                .write_message(MoveRequested::player(Request::Restart));
            app.update();
            frames += 1;
            assert!(frames < 400, "{pack}: played again");
        }
        settle(&mut app);
        assert_board_mirrors_rules(&mut app);
    }
}

/// What the screens left: the veils that show and the screens whose parts
/// are still there.
fn veils_and_screens(app: &mut App) -> (usize, Vec<Screen>) {
    let world = app.world_mut();
    let veils = world
        .query::<&Name>()
        .iter(world)
        .filter(|n| n.as_str() == "Fade")
        .count();
    let mut screens: Vec<Screen> = Vec::new();
    for d in world.query::<&DespawnOnExit<Screen>>().iter(world) {
        if !screens.contains(&d.0) {
            screens.push(d.0);
        }
    }
    (veils, screens)
}

/// A screen changed on every frame of the fade that veils the last change,
/// the frame the fade ends among them: each change lands, one veil shows at
/// a time, and at the end the veil is gone and only the last screen's parts
/// are left.
#[test]
fn a_screen_changed_as_its_fade_ends_touches_no_entity_that_is_gone() {
    let mut app = app();
    settle(&mut app);
    for wait in 1..12 {
        for screen in [Screen::Stats, Screen::Title] {
            app.world_mut()
                .resource_mut::<NextState<Screen>>()
                .set(screen);
            for _ in 0..wait {
                app.update();
            }
            assert_eq!(
                *app.world().resource::<State<Screen>>().get(),
                screen,
                "{wait} frames"
            );
            let (veils, screens) = veils_and_screens(&mut app);
            assert!(veils <= 1, "{wait} frames: {veils} veils");
            assert!(
                screens.iter().all(|s| *s == screen),
                "{wait} frames on {screen:?}: parts of {screens:?}"
            );
        }
    }
    settle(&mut app);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Title
    );
    assert_eq!(veils_and_screens(&mut app), (0, vec![Screen::Title]));
}

/// "Instant" goes straight to the end: once the solver's answer is in, the
/// whole line is on the board in the next frame or two, not a move a frame;
/// and the board mirrors the rules there.
#[test]
fn instant_plays_the_whole_answer_at_once() {
    let mut app = app();
    app.insert_resource(Speed::Instant);
    start_level(&mut app, "pegs.ron", 7);
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Solution));
    let mut answered_at = None;
    let mut won_at = None;
    for frame in 0..20_000 {
        app.update();
        let a = app.world().resource::<Autoplay>();
        if answered_at.is_none() && a.solution_len().is_some() {
            answered_at = Some(frame);
        }
        if puzzle(&app).is_won() {
            won_at = Some(frame);
            break;
        }
        if answered_at.is_none() {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
    let (Some(answered), Some(won)) = (answered_at, won_at) else {
        panic!("answered {answered_at:?}, won {won_at:?}");
    };
    assert!(
        won - answered <= 2,
        "31 jumps took {} frames after the answer",
        won - answered
    );
    settle(&mut app);
    assert!(matches!(
        app.world().resource::<Autoplay>().ending,
        Some(Ending::Won(31))
    ));
    assert_board_mirrors_rules(&mut app);
}

/// Moves asked for faster than a jump lands (keys pressed quickly, on a
/// slow machine) wait for the board and are all played, in order; a level
/// left meanwhile takes none of them along.
#[test]
fn moves_asked_while_the_board_animates_wait_and_are_all_played() {
    let mut app = app();
    start_level(&mut app, "swap.ron", 3);
    let solve::Outcome::Solved { moves, .. } =
        solve::solve(&puzzle(&app), Budget::unlimited(), None, false).outcome
    else {
        panic!("swap level 4 is solved")
    };
    for mv in &moves[..3] {
        app.world_mut()
            .write_message(MoveRequested::player(Request::Play(*mv)));
        app.update();
    }
    // The first has been played and animates; the others wait.
    assert_eq!(app.world().resource::<PlayState>().moves(), 1);
    settle(&mut app);
    assert_eq!(app.world().resource::<PlayState>().moves(), 3);
    assert_board_mirrors_rules(&mut app);
    // An undo asked for, then the level left before it is played.
    app.world_mut()
        .write_message(MoveRequested::player(Request::Play(moves[3])));
    app.update();
    app.world_mut()
        .write_message(MoveRequested::player(Request::Undo));
    app.update();
    start_level(&mut app, "swap.ron", 4);
    settle(&mut app);
    assert_eq!(app.world().resource::<PlayState>().moves(), 0);
    assert_board_mirrors_rules(&mut app);
}

/// The board's cursor keys pressed one a frame, faster than a jump lands,
/// do what the same keys do with the board still between them: none lost.
#[test]
fn cursor_keys_pressed_faster_than_a_jump_lands_are_all_played() {
    use KeyCode::{ArrowLeft as L, ArrowRight as R, Enter as E};
    for (pack, level, least) in [("swap.ron", 3, 2), ("escape.ron", 0, 1)] {
        let keys = [R, E, R, R, E, L, E, L, L, E, R, E];
        let mut calm = app();
        start_level(&mut calm, pack, level);
        for key in keys {
            press(&mut calm, key);
            settle(&mut calm);
        }
        let moves = calm.world().resource::<PlayState>().moves();
        assert!(moves >= least, "{pack}: {moves} moves by keys");
        let mut quick = app();
        start_level(&mut quick, pack, level);
        for key in keys {
            press(&mut quick, key);
            quick.update();
        }
        settle(&mut quick);
        assert_eq!(puzzle(&quick), puzzle(&calm), "{pack}");
        assert_eq!(
            quick.world().resource::<PlayState>().moves(),
            moves,
            "{pack}"
        );
        assert_board_mirrors_rules(&mut quick);
    }
}
