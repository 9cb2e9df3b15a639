//! Scores that mean something: where every win takes as many moves (Hop,
//! pegs, Escape), the stars count the moves taken back on the way (each
//! undo, and the moves a restart clears), and the banner and the level
//! select say so.

use super::*;
use pond_puzzles::game::progress::Progress;

fn play(app: &mut App, request: Request) {
    app.world_mut()
        .write_message(MoveRequested::player(request));
    settle(app);
}

/// Plays `moves` to the win and checks the banner says none was taken back.
fn win_with_none_taken_back(app: &mut App, moves: &[PuzzleMove]) {
    for mv in moves {
        play(app, Request::Play(*mv));
    }
    let said = texts(app);
    assert!(
        said.iter().any(|t| t == "no move taken back: perfect!"),
        "{said:?}"
    );
}

fn record(app: &App) -> pond_puzzles::save::LevelRecord {
    *app.world()
        .resource::<Progress>()
        .file
        .record("hop.ron", 1)
        .expect("a record of hop level 2")
}

#[test]
fn moves_taken_back_cost_stars_where_every_win_is_as_long() {
    let mut app = app();
    start_level(&mut app, "hop.ron", 1);
    let moves = solution_on_board(&app);
    assert!(moves.len() >= 2);
    // A jump taken back, one cleared by a restart, then the win.
    play(&mut app, Request::Play(moves[0]));
    play(&mut app, Request::Undo);
    play(&mut app, Request::Play(moves[0]));
    play(&mut app, Request::Restart);
    for mv in &moves {
        play(&mut app, Request::Play(*mv));
    }
    assert!(puzzle(&app).is_won());
    let said = texts(&mut app);
    assert!(said.iter().any(|t| t == "2 moves taken back"), "{said:?}");
    let r = record(&app);
    assert_eq!((r.best, r.shortest), (moves.len() + 2, Some(moves.len())));
    assert_eq!(
        r.stars(),
        Some(pond_puzzles::save::stars_for(moves.len() + 2, moves.len()))
    );
    assert!(r.stars() < Some(3));

    // Played again from the win: a new game, none taken back, all stars.
    play(&mut app, Request::Restart);
    win_with_none_taken_back(&mut app, &moves);
    let r = record(&app);
    assert_eq!((r.best, r.stars()), (moves.len(), Some(3)));

    // A move of the solver's, then a restart: an attempt with help starts
    // afresh (its help forgotten), so a clean win is perfect.
    play(&mut app, Request::Restart);
    app.world_mut().write_message(MoveRequested::new(
        Request::Play(moves[0]),
        pond_puzzles::game::play::Mover::Solver,
    ));
    settle(&mut app);
    assert!(app.world().resource::<PlayState>().helped);
    play(&mut app, Request::Restart);
    win_with_none_taken_back(&mut app, &moves);

    // The level select's card says how few were taken back.
    press(&mut app, KeyCode::KeyL);
    settle(&mut app);
    let shown = texts(&mut app);
    assert!(
        shown.iter().any(|t| t.starts_with("0 taken back · 0:0")),
        "{shown:?}"
    );
}

/// The move map looked at, then put away, then the level started again
/// before any move: the attempt is a fresh one, and a clean win earns its
/// stars (it said "solved with help": a restart at the start changed
/// nothing).
#[test]
fn a_restart_before_any_move_forgets_the_help() {
    let mut app = app();
    start_level(&mut app, "hop.ron", 1);
    let moves = solution_on_board(&app);
    press(&mut app, KeyCode::KeyM);
    settle(&mut app);
    assert!(
        app.world().resource::<PlayState>().helped,
        "the map is help"
    );
    press(&mut app, KeyCode::KeyM);
    settle(&mut app);
    play(&mut app, Request::Restart);
    assert!(!app.world().resource::<PlayState>().helped);
    win_with_none_taken_back(&mut app, &moves);
}

/// The banner's stars, laid out: each one's size and scale.
pub(super) fn win_stars(app: &mut App) -> Vec<(Vec2, Vec2)> {
    let _ = super::window::laid_out(app);
    app.world_mut()
        .query::<(&Name, &ComputedNode, &UiTransform)>()
        .iter(app.world())
        .filter(|(n, _, _)| n.as_str() == "Win star")
        .map(|(_, c, t)| (c.size() * c.inverse_scale_factor(), t.scale))
        .collect()
}

/// A win with help earns no stars and shows none: three grey outlines
/// beside "no stars" read at a glance as three stars. A win of the
/// player's own shows its three, grown whole (they were a dot over their
/// words).
#[test]
fn a_helped_win_shows_no_stars_and_a_clean_one_three() {
    let mut app = super::window::laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "hop.ron", 1);
    let moves = solution_on_board(&app);
    app.world_mut().write_message(MoveRequested::new(
        Request::Play(moves[0]),
        pond_puzzles::game::play::Mover::Solver,
    ));
    settle(&mut app);
    for mv in &moves[1..] {
        play(&mut app, Request::Play(*mv));
    }
    assert!(puzzle(&app).is_won());
    let said = texts(&mut app);
    assert!(
        said.iter().any(|t| t == "solved with help, no stars"),
        "{said:?}"
    );
    assert_eq!(win_stars(&mut app), vec![], "stars beside a helped win");

    play(&mut app, Request::Restart);
    for mv in &moves {
        play(&mut app, Request::Play(*mv));
    }
    // (They grow in one after another, in the game's time.)
    let mut stars = win_stars(&mut app);
    for _ in 0..300 {
        if stars.len() == 3 && stars.iter().all(|(_, s)| s.min_element() >= 0.99) {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
        app.update();
        stars = win_stars(&mut app);
    }
    assert_eq!(stars.len(), 3, "{stars:?}");
    for (size, scale) in stars {
        assert!(size.min_element() >= 20.0, "a star of {size}");
        assert!(scale.min_element() >= 0.99, "a star at {scale}");
    }
}

/// Where wins differ in length (Swap, Flood) the moves on the board at the
/// win are the score, as before: a move taken back costs nothing.
#[test]
fn a_move_taken_back_costs_nothing_where_wins_differ_in_length() {
    let mut app = app();
    start_level(&mut app, "swap.ron", 0);
    let moves = solution_on_board(&app);
    play(&mut app, Request::Play(moves[0]));
    play(&mut app, Request::Undo);
    for mv in &moves {
        play(&mut app, Request::Play(*mv));
    }
    let said = texts(&mut app);
    let perfect = format!("shortest {}: perfect!", moves.len());
    // The shortest is looked up in the background.
    let mut seen = said.contains(&perfect);
    for _ in 0..2000 {
        if seen {
            break;
        }
        app.update();
        seen = texts(&mut app).contains(&perfect);
    }
    assert!(seen, "{:?}", texts(&mut app));
}

/// A win the solver played, where every win is as long: the level select
/// says it was won with help, and no count of moves taken back (they
/// were not the player's: "0 taken back helped" read as nonsense).
#[test]
fn a_helped_win_is_said_so_on_the_level_select() {
    let mut app = app();
    start_level(&mut app, "hop.ron", 1);
    assert!(matches!(
        autoplay(&mut app, Watch::Solution),
        Ending::Won(_)
    ));
    assert!(record(&app).with_help);
    press(&mut app, KeyCode::KeyL);
    settle(&mut app);
    let shown = texts(&mut app);
    assert!(shown.iter().any(|t| t == "won with help"), "{shown:?}");
    assert!(!shown.iter().any(|t| t.contains("taken back")), "{shown:?}");
}
