//! The move map's line in the top bar keeps its room while the marks are
//! decided: after a stop they came half a second later, and the bar grew a
//! line under the player's eyes.

use super::*;
use pond_puzzles::game::solver::move_map::{MarksPatience, MoveMarks};

/// The top bar's height and the move map line's words, as laid out.
fn bar(app: &mut App) -> (f32, String) {
    let nodes = laid_out(app);
    let line = (nodes.iter())
        .find(|n| n.name.as_deref() == Some("Move map line"))
        .expect("the move map's line is laid out");
    let bar = (nodes.iter())
        .find(|n| Some(n.entity) == line.parent)
        .expect("the top bar");
    let words = (nodes.iter())
        .filter(|n| n.parent == Some(line.entity) || n.entity == line.entity)
        .find_map(|n| n.text.clone())
        .unwrap_or_default();
    (bar.rect.height(), words)
}

#[test]
fn the_move_maps_line_keeps_its_room_while_marks_are_decided() {
    let mut app = laid_app(UVec2::new(1280, 720));
    // No dots or "deciding" words in the meantime: the line's room alone.
    app.insert_resource(MarksPatience(Duration::from_secs(3600)));
    app.world_mut()
        .resource_mut::<game::settings::Settings>()
        .move_map = true;
    // The European board nine moves in: its marks take a tenth of a second
    // and more (a search of their own, on a thread).
    start_level(&mut app, "pegs.ron", 8);
    let line = solution_on_board(&app);
    for mv in &line[..8] {
        app.world_mut().write_message(MoveRequested::player(*mv));
        settle(&mut app);
    }
    app.world_mut()
        .write_message(MoveRequested::player(line[8]));
    app.update();
    let before = app.world().resource::<MoveMarks>().shown.clone();
    let (waiting, words) = bar(&mut app);
    assert!(
        before.is_none_or(|(p, _)| p != puzzle(&app)),
        "decided at once: nothing to check"
    );
    assert!(words.trim().is_empty(), "{words:?}");
    marks_decided(&mut app);
    let (decided, words) = bar(&mut app);
    assert!(words.contains("winnable"), "{words:?}");
    assert_eq!(waiting, decided, "the bar grew as the marks came");
}

/// The board keeps its size when a line of the level panel goes (the move
/// map's lines on Flood, M pressed again): it grew by a few pixels each
/// time and shrank again as the lines came back.
#[test]
fn the_board_keeps_its_size_when_a_panels_line_goes() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "flood.ron", 1);
    settle(&mut app);
    press(&mut app, KeyCode::KeyM);
    marks_decided(&mut app);
    let (tall, words) = bar(&mut app);
    assert!(words.contains("winnable"), "{words:?}");
    let on = camera_at(&mut app);
    press(&mut app, KeyCode::KeyM);
    // The pointer on the move the while (it changes the window, not its
    // size: the board grew back in the game while the pointer moved).
    for i in 0..20 {
        super::point_at(&mut app, Vec2::new(60.0 + i as f32, 650.0));
        app.update();
    }
    settle(&mut app);
    let short = level_bar_height(&mut app);
    assert!(
        short < tall - 10.0,
        "the bar kept its height: {tall} {short}"
    );
    assert_eq!(camera_at(&mut app), on, "the board moved as the lines went");
    // Another level and back lays the board out afresh, for the panel it
    // has.
    start_level(&mut app, "flood.ron", 2);
    settle(&mut app);
    start_level(&mut app, "flood.ron", 1);
    settle(&mut app);
    assert!(camera_at(&mut app).0 < on.0, "the board kept the old room");
}

/// The level bar's height, as laid out (whatever lines it shows).
fn level_bar_height(app: &mut App) -> f32 {
    let nodes = laid_out(app);
    let name = (nodes.iter())
        .find(|n| n.name.as_deref() == Some("Level name"))
        .expect("the level's name is laid out");
    (nodes.iter())
        .find(|n| Some(n.entity) == name.parent)
        .expect("the level bar")
        .rect
        .height()
}

/// Runs frames until the move map's marks are decided and shown, then
/// until the screen settles.
fn marks_decided(app: &mut App) {
    for _ in 0..20_000 {
        app.update();
        let marks = app.world().resource::<MoveMarks>();
        if !marks.pending() && marks.shown.is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    settle(app);
}
