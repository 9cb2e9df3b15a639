//! A mark is a button: a click on it makes the move it marks. A new player
//! clicked the grey dots of a move not yet decided, and the click fell
//! through to the empty pad under them ("Not allowed: that pad is empty").

use super::super::window::{click_at, laid_app, on_window};
use super::*;
use pond_puzzles::game::puzzles::hop_pos;

/// The marks drawn and shown, each with its move and where it shows on the
/// window.
fn marks_shown(app: &mut App) -> Vec<(PuzzleMove, Vec2)> {
    let badges: Vec<(Entity, PuzzleMove)> = app
        .world_mut()
        .query::<(Entity, &MoveMarkBadge, &Visibility)>()
        .iter(app.world())
        .filter(|(_, _, v)| **v != Visibility::Hidden)
        .map(|(e, b, _)| (e, b.0))
        .collect();
    badges
        .into_iter()
        .map(|(e, mv)| (mv, on_window(app, e)))
        .collect()
}

#[test]
fn a_click_on_a_mark_makes_its_move() {
    let mut app = laid_app(UVec2::new(1280, 720));
    for (pack, level) in [("pegs.ron", 0), ("escape.ron", 4), ("swap.ron", 4)] {
        start_level(&mut app, pack, level);
        settle(&mut app);
        let on = app
            .world()
            .resource::<game::settings::Settings>()
            .0
            .move_map;
        if !on {
            press(&mut app, KeyCode::KeyM);
        }
        wait_for_marks(&mut app);
        let before = puzzle(&app);
        let shown = marks_shown(&mut app);
        assert!(!shown.is_empty(), "{pack}: no marks shown");
        // The last of them: not the first legal move a stray click on a
        // piece would play.
        let (mv, at) = *shown.last().expect("a mark");
        click_at(&mut app, at);
        settle(&mut app);
        let mut want = before.clone();
        want.apply(mv).expect("a legal move");
        assert!(
            puzzle(&app) == want,
            "{pack}: a click on {mv}'s mark at {at}"
        );
    }
}

/// While a frog is picked, the other frogs' marks are hidden: a click
/// where one of them stood is not taken by it.
#[test]
fn a_hidden_mark_takes_no_click() {
    use pond_puzzles::game::puzzles::Picked;
    let mut app = laid_app(UVec2::new(1280, 720));
    // The English board: four jumps, each of its own frog.
    start_level(&mut app, "pegs.ron", 7);
    settle(&mut app);
    press(&mut app, KeyCode::KeyM);
    wait_for_marks(&mut app);
    let before = puzzle(&app);
    let shown = marks_shown(&mut app);
    assert_eq!(shown.len(), 4, "{shown:?}");
    let PuzzleMove::Hop(first) = shown[0].0 else {
        panic!("a jump")
    };
    app.insert_resource(Picked(Some(first.from as u32)));
    app.update();
    let other = shown[1];
    assert!(!marks_shown(&mut app).contains(&other), "hidden");
    click_at(&mut app, other.1);
    settle(&mut app);
    assert_ne!(
        puzzle(&app),
        {
            let mut p = before.clone();
            p.apply(other.0).expect("legal");
            p
        },
        "a hidden mark played its move"
    );
}

/// The pointer on a mark shows that move's mark and arc alone: on the
/// English board four ticks ring the centre, and which frog each was
/// had to be traced along the dots.
#[test]
fn a_mark_under_the_pointer_shows_its_move_alone() {
    use super::super::window::point_at;
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "pegs.ron", 7);
    settle(&mut app);
    press(&mut app, KeyCode::KeyM);
    wait_for_marks(&mut app);
    let all = marks_shown(&mut app);
    assert_eq!(all.len(), 4, "{all:?}");
    let (mv, at) = all[2];
    point_at(&mut app, at);
    app.update();
    let shown: Vec<PuzzleMove> = marks_shown(&mut app).iter().map(|m| m.0).collect();
    assert_eq!(shown, vec![mv], "the mark under the pointer alone");
    let dots = super::arc_dots_shown(&mut app);
    assert!(
        !dots.is_empty() && dots.iter().all(|d| *d == mv),
        "{dots:?}"
    );
    // The frog that jumps and the pad it lands on are ringed, as a picked
    // frog's are.
    let PuzzleMove::Hop(jump) = mv else {
        panic!("a jump")
    };
    let Puzzle::Hop(h) = puzzle(&app) else {
        panic!("a peg board")
    };
    let mut ringed = hover_rings(&mut app);
    ringed.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    let mut pads = vec![hop_pos(&h, jump.from), hop_pos(&h, jump.to)];
    pads.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    assert_eq!(ringed, pads, "the hovered jump's frog and pad ringed");
    // Off the marks, onto open water: every mark again, and no ring.
    point_at(&mut app, Vec2::new(60.0, 650.0));
    app.update();
    assert_eq!(marks_shown(&mut app).len(), 4);
    assert!(
        hover_rings(&mut app).is_empty(),
        "rings left after the hover"
    );
}

/// Where the rings of the hovered mark's move stand, on the board.
fn hover_rings(app: &mut App) -> Vec<Vec2> {
    use pond_puzzles::game::solver::move_map::HoverRing;
    app.world_mut()
        .query_filtered::<&Transform, With<HoverRing>>()
        .iter(app.world())
        .map(|t| t.translation.truncate())
        .collect()
}
