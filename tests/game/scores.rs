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
    for mv in &moves {
        play(&mut app, Request::Play(*mv));
    }
    let said = texts(&mut app);
    assert!(
        said.iter().any(|t| t == "no move taken back: perfect!"),
        "{said:?}"
    );
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
    for mv in &moves {
        play(&mut app, Request::Play(*mv));
    }
    let said = texts(&mut app);
    assert!(
        said.iter().any(|t| t == "no move taken back: perfect!"),
        "{said:?}"
    );

    // The level select's card says how few were taken back.
    press(&mut app, KeyCode::KeyL);
    settle(&mut app);
    let shown = texts(&mut app);
    assert!(
        shown.iter().any(|t| t.starts_with("0 taken back · 0:0")),
        "{shown:?}"
    );
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
