//! A search stopped short (Stop): its race under the map stays as it stood.

use super::*;

/// A search stopped short shows its race frozen where it stopped, and no
/// ratio (the figures, from searches run to their ends on their own, are
/// not the stopped one's); a search that ended shows the whole chart; a
/// solution played (S) shows none.
#[test]
fn a_search_stopped_short_shows_its_race_frozen() {
    let mut app = laid_app(UVec2::new(1280, 720));
    app.insert_resource(Speed::Times(1.0));
    start_level(&mut app, "pegs.ron", 2);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    for _ in 0..30 {
        app.update();
    }
    press(&mut app, KeyCode::KeyX);
    super::plain::wait_for_both_searches(&mut app);
    settle(&mut app);
    let ending = app.world().resource::<Autoplay>().ending.clone();
    assert_eq!(ending, Some(Ending::Stopped));
    assert!(
        !shows(&mut app, "times fewer positions"),
        "a ratio for a search stopped short"
    );
    // Its room was left empty: the race stays, frozen, and says so.
    assert!(bars_shown(&mut app), "no race after Stop");
    let solver_bar = |app: &mut App| compare_bar(&laid_out(app), "Solver").map(|(_, w)| w);
    let frozen = solver_bar(&mut app);
    assert!(frozen.is_some_and(|w| w > 0.0), "{frozen:?}");
    let a = app.world().resource::<Autoplay>();
    let count = a
        .tree
        .as_ref()
        .expect("the search's tree")
        .stats()
        .positions;
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.starts_with(&format!("stopped at {}", group(count)))),
        "{:?}",
        texts(&mut app)
    );
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(solver_bar(&mut app), frozen, "the frozen bar moved");
    // The words view's key names the line as the map's key does: it said
    // "tried now" beside the map's "on the board".
    app.world_mut().resource_mut::<TreeViewState>().words = true;
    settle(&mut app);
    assert!(
        shows_exactly(&mut app, "on the board"),
        "{:?}",
        texts(&mut app)
    );
    app.world_mut().resource_mut::<TreeViewState>().words = false;
    settle(&mut app);
    let chart = |app: &mut App| shows(app, "times fewer positions") || bars_shown(app);
    // The search watched to its end: the chart is its own.
    app.insert_resource(Speed::Instant);
    // Backspace asks first: a restart puts the watched search away (a
    // new player lost one to a slip of the key); a second press restarts.
    press(&mut app, KeyCode::Backspace);
    settle(&mut app);
    assert!(
        app.world().get_resource::<Autoplay>().is_some(),
        "put away unasked"
    );
    assert!(shows(&mut app, "Backspace again restarts the level"));
    press(&mut app, KeyCode::Backspace);
    settle(&mut app);
    assert!(app.world().get_resource::<Autoplay>().is_none());
    search_to_its_end(&mut app);
    assert!(puzzle(&app).is_won());
    settle(&mut app);
    assert!(chart(&mut app), "no chart beside a search that ended");
    // A solution played (S) is no search: no chart over "No search yet".
    for _ in 0..2 {
        press(&mut app, KeyCode::Backspace);
        settle(&mut app);
    }
    assert!(matches!(
        autoplay(&mut app, Watch::Solution),
        Ending::Won(_)
    ));
    settle(&mut app);
    assert!(shows(&mut app, "No search yet"));
    assert!(!chart(&mut app), "a chart beside a solution played");
}

/// At Stop the map's bar keeps its measure: the share of the search's
/// positions reached, as the frozen race beside it (on Flood it jumped
/// from the positions' 13% to the orders of moves' 50%).
#[test]
fn the_bar_keeps_its_measure_at_stop() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "flood.ron", 13);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    super::plain::wait_for_both_searches(&mut app);
    app.insert_resource(Speed::default());
    super::search_paused_at(&mut app, Watch::Search, 6);
    let before = bar_words(&mut app);
    app.world_mut().write_message(AutoplayCommand::Stop);
    settle(&mut app);
    assert_eq!(
        app.world().resource::<Autoplay>().ending,
        Some(Ending::Stopped)
    );
    assert_eq!(
        bar_words(&mut app),
        before,
        "the bar's figure changed at Stop"
    );
}

/// The map's bar's figure ("19%").
fn bar_words(app: &mut App) -> String {
    let said = texts(app);
    let figure = said.iter().find(|t| t.ends_with('%'));
    figure.cloned().expect("the bar's figure")
}
