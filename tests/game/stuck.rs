//! A dead end: the way out shows beside the board, which stays where it
//! stood under the player's pointer (the undo's click lands where the last
//! one did), and the words on how to move go while no move can be made.

use super::window::{camera_at, laid_app, laid_out, way_to_a_dead_end};
use super::*;

/// Whether the keys' line says how to move (the words show).
fn says_how_to_move(app: &mut App) -> bool {
    let words = game::puzzles::controls(&puzzle(app));
    laid_out(app)
        .iter()
        .any(|n| n.text.as_deref() == Some(words))
}

#[test]
fn a_dead_end_leaves_the_board_in_place_and_the_how_to_words_go() {
    let mut app = laid_app(UVec2::new(1280, 720));
    for (file, level) in [("swap.ron", 2), ("hop.ron", 11), ("escape.ron", 2)] {
        start_level(&mut app, file, level);
        settle(&mut app);
        let at = format!("{file} level {}", level + 1);
        assert!(says_how_to_move(&mut app), "{at}: no words on how to move");
        let mut moves = way_to_a_dead_end(&puzzle(&app), 12)
            .unwrap_or_else(|| panic!("{at}: no dead end near the start"));
        let last = moves.pop().expect("a move to the dead end");
        for mv in moves {
            app.world_mut().write_message(MoveRequested::player(mv));
            settle(&mut app);
        }
        let before = camera_at(&mut app);
        let header = solver_header_width(&mut app);
        app.world_mut().write_message(MoveRequested::player(last));
        settle(&mut app);
        assert!(puzzle(&app).is_dead_end(), "{at}");
        assert_eq!(
            solver_header_width(&mut app),
            header,
            "{at}: the folded solver panel's header stretched"
        );
        let texts = laid_out(&mut app);
        assert!(
            texts
                .iter()
                .any(|n| n.text.as_deref() == Some("No more moves.")),
            "{at}: the dead end's card does not show"
        );
        assert_eq!(camera_at(&mut app), before, "{at}: the board moved");
        assert!(
            !says_how_to_move(&mut app),
            "{at}: how to move, at a dead end"
        );
        app.world_mut()
            .write_message(MoveRequested::player(Request::Undo));
        settle(&mut app);
        assert_eq!(camera_at(&mut app), before, "{at}: the board moved back");
        assert!(says_how_to_move(&mut app), "{at}: no words after the undo");
    }
}

/// The width of the solver panel's header (the button that says "Solver").
fn solver_header_width(app: &mut App) -> f32 {
    let laid = laid_out(app);
    let words = laid
        .iter()
        .find(|n| n.text.as_deref().is_some_and(|t| t.starts_with("Solver")))
        .expect("the solver panel's header");
    laid.iter()
        .find(|n| Some(n.entity) == words.parent)
        .map(|n| n.rect.width())
        .expect("the header's button")
}

/// A level with no move from its start (one a player made: each frog faces
/// the pond's edge) offers no Undo nor Restart, which would do nothing (a
/// new player saw "Undo (U)" at 0 moves), only the way out.
#[test]
fn a_level_stuck_before_its_first_move_offers_only_the_way_out() {
    let code = pond_puzzles::levels::code::LevelCode::parse("BS-ROL").expect("a Swap code");
    let mut app = app_with(game::GameOptions {
        data_dir: Some(temp_data_dir()),
        code: Some((code.to_string(), code.level().expect("its level"))),
        level: Some(1),
        ..game::GameOptions::default()
    });
    until_screen(&mut app, Screen::Play);
    settle(&mut app);
    assert!(puzzle(&app).is_dead_end(), "{:?}", puzzle(&app));
    let said = texts(&mut app);
    assert!(said.iter().any(|t| t == "No more moves."), "{said:?}");
    assert!(said.iter().any(|t| t == "Levels"), "{said:?}");
    for idle in ["Undo (U)", "Restart"] {
        assert!(!said.iter().any(|t| t == idle), "{idle}: {said:?}");
    }
}

/// Flood's move limit used up short of one colour: the same card as a dead
/// end, saying so, with the way out (undo, restart).
#[test]
fn flood_out_of_moves_shows_the_way_out() {
    let mut app = app();
    start_level(&mut app, "flood.ron", 0);
    let limit = puzzle(&app).moves_left().expect("a limit");
    assert!(limit > 0);
    for _ in 0..limit {
        let p = puzzle(&app);
        // A move that leaves the board more than one colour.
        let mv = p
            .legal_moves()
            .into_iter()
            .find(|&m| {
                let mut q = p.clone();
                q.apply(m).unwrap();
                !q.is_goal()
            })
            .expect("a move short of the goal");
        app.world_mut().write_message(MoveRequested::player(mv));
        settle(&mut app);
    }
    let p = puzzle(&app);
    assert_eq!(p.moves_left(), Some(0));
    assert!(p.is_stuck() && !p.is_goal());
    let shown = texts(&mut app);
    for want in ["Out of moves.", "Undo (U)", "Restart"] {
        assert!(shown.iter().any(|t| t == want), "{want}: {shown:?}");
    }
    // Undone, the card goes.
    app.world_mut()
        .write_message(MoveRequested::player(Request::Undo));
    settle(&mut app);
    assert!(!texts(&mut app).iter().any(|t| t == "Out of moves."));
}

/// A search that found no solution says so of the position it started
/// from; after an undo the board is another position, and the panel says
/// which one it meant ("No solution from this position" stood beside a
/// board one move back).
#[test]
fn a_lost_searchs_verdict_names_its_position_after_an_undo() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "hop.ron", 39);
    let lost = super::a_losing_move(&puzzle(&app));
    app.world_mut().write_message(MoveRequested::player(lost));
    settle(&mut app);
    let ending = autoplay(&mut app, Watch::Search);
    assert_eq!(ending, Ending::Unsolvable);
    let said = |app: &mut App| texts(app).join(" | ");
    assert!(
        said(&mut app).contains("No solution from this position"),
        "{}",
        said(&mut app)
    );
    press(&mut app, KeyCode::KeyU);
    settle(&mut app);
    assert_eq!(app.world().resource::<PlayState>().moves(), 0);
    let words = said(&mut app);
    assert!(!words.contains("No solution from this position"), "{words}");
    assert!(
        words.contains("No solution from the position after 1 move"),
        "{words}"
    );
}
