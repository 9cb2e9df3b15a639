//! The timeline under the keys and the pointer: the arrows move it once
//! the search has the board, and its buttons stay put whatever the keys'
//! line below shows.

use super::*;

/// Once a search has won the board, the arrows alone move the timeline (a
/// new player pressed Left and Right and saw a ring go over the pads); while
/// the player plays, they move the board's ring, as before.
#[test]
fn the_arrows_move_the_timeline_once_the_board_is_the_searchs() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "pegs.ron", 2);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    // Playing: the ring, not the timeline.
    press(&mut app, KeyCode::ArrowLeft);
    settle(&mut app);
    assert!(
        app.world()
            .resource::<pond_puzzles::game::board::KeyCursor>()
            .0
            .is_some(),
        "no ring while playing"
    );
    search_to_its_end(&mut app);
    assert!(puzzle(&app).is_won());
    let len = app.world().resource::<Autoplay>().log.len();
    let at = |app: &App| {
        app.world()
            .resource::<TreeViewState>()
            .scrubbed
            .as_ref()
            .map(|s| s.0)
    };
    assert_eq!(at(&app), None);
    press(&mut app, KeyCode::ArrowLeft);
    follow_jump(&mut app);
    assert_eq!(at(&app), Some(len - 1), "Left after the win");
    press(&mut app, KeyCode::ArrowLeft);
    follow_jump(&mut app);
    assert_eq!(at(&app), Some(len - 2), "Left again");
    press(&mut app, KeyCode::ArrowRight);
    follow_jump(&mut app);
    assert_eq!(at(&app), Some(len - 1), "Right");
}

/// The column opened on a search's win (W, then G a moment later): its
/// timeline's buttons stand where they stand once the board is scrubbed
/// back and the keys' line has its words on how to move again (they stood
/// 45 pixels lower beside the win, and a click on "<" after "|<" hit
/// nothing).
#[test]
fn the_timeline_buttons_stay_put_after_a_win_seen_first() {
    let mut app = laid_app(UVec2::new(1280, 720));
    app.insert_resource(Speed::Instant);
    start_level(&mut app, "pegs.ron", 2);
    search_to_its_end(&mut app);
    assert!(puzzle(&app).is_won());
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    let won = back_button(&mut app);
    app.world_mut().write_message(Scrub::Start);
    follow_jump(&mut app);
    settle(&mut app);
    assert!(!puzzle(&app).is_won(), "not scrubbed back");
    assert_eq!(back_button(&mut app), won, "the buttons moved");
}
