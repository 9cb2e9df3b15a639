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
    for _ in 0..20_000 {
        app.update();
        let marks = app.world().resource::<MoveMarks>();
        if !marks.pending() && marks.shown.is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    settle(&mut app);
    let (decided, words) = bar(&mut app);
    assert!(words.contains("winnable"), "{words:?}");
    assert_eq!(waiting, decided, "the bar grew as the marks came");
}
