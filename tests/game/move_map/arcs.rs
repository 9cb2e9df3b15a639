//! Where a jump's mark and the dots of its arc stand on a board full of
//! frogs: by the jump's own pads, and over no frog but the two in the move.

use super::*;
use pond_puzzles::game::puzzles::hop_pos;

/// On a board full of frogs, each jump's mark stands nearer the frog it
/// jumps over or the pad it lands on than any other pad: at the middle of
/// a bowed arc it stood beside a frog that had no part in the move.
#[test]
fn a_jumps_mark_stands_by_its_own_pads() {
    let mut app = app();
    start_level(&mut app, "pegs.ron", 0);
    press(&mut app, KeyCode::KeyM);
    for level in [0, 7, 8] {
        start_level(&mut app, "pegs.ron", level);
        wait_for_marks(&mut app);
        let Puzzle::Hop(h) = puzzle(&app) else {
            panic!("a peg board")
        };
        let marks: Vec<(PuzzleMove, Vec3)> = app
            .world_mut()
            .query::<(&MoveMarkBadge, &Transform)>()
            .iter(app.world())
            .map(|(m, at)| (m.0, at.translation))
            .collect();
        assert!(!marks.is_empty(), "level {level}: marks");
        for (mv, at) in marks {
            let PuzzleMove::Hop(jump) = mv else {
                panic!("a jump")
            };
            let (from, to) = (hop_pos(&h, jump.from), hop_pos(&h, jump.to));
            let nearest = (0..h.board.pads.len() as u8)
                .map(|pad| hop_pos(&h, pad))
                .min_by(|a, b| {
                    let (da, db) = (a.distance(at.truncate()), b.distance(at.truncate()));
                    da.total_cmp(&db)
                })
                .expect("pads");
            let over = (from + to) / 2.0;
            assert!(
                nearest == to || nearest.distance(over) < 1.0,
                "level {level}: the mark of {mv} at {at} is nearest the pad at {nearest}"
            );
        }
    }
}

/// On a peg board full of frogs a jump's dots pass over no frog but the two
/// in the move (the one that jumps and the one jumped over): bowed as far
/// as a row's step, they crossed the lily pads of the frogs beside the jump.
/// (The Pond's arcs bow wide on purpose, to keep the marks of the jumps into
/// one pad apart: its pads stand closer than a lily pad's width.)
#[test]
fn a_jumps_arc_passes_over_no_frog_but_its_own() {
    use pond_puzzles::game::solver::move_map::ArcDot;
    use pond_puzzles::game::theme::art::LILY_SIZE;
    let mut app = app();
    start_level(&mut app, "pegs.ron", 0);
    press(&mut app, KeyCode::KeyM);
    for (pack, level) in [
        ("pegs.ron", 0),
        ("pegs.ron", 6),
        ("pegs.ron", 7),
        ("pegs.ron", 8),
    ] {
        start_level(&mut app, pack, level);
        wait_for_marks(&mut app);
        let Puzzle::Hop(h) = puzzle(&app) else {
            panic!("a frog board")
        };
        let dots: Vec<(PuzzleMove, Vec2, f32)> = app
            .world_mut()
            .query::<(&ArcDot, &Transform)>()
            .iter(app.world())
            .map(|(d, at)| (d.0, at.translation.truncate(), at.scale.x))
            .collect();
        assert!(!dots.is_empty(), "{pack} {level}: dots");
        for (mv, at, size) in dots {
            let PuzzleMove::Hop(jump) = mv else {
                panic!("a jump")
            };
            let over = h
                .board
                .line(jump.from, jump.to)
                .expect("a jump's line")
                .over;
            // The dot's mesh is a circle of radius 10 at scale 1.
            let reach = LILY_SIZE / 2.0 + 10.0 * size;
            for pad in 0..h.board.pads.len() as u8 {
                if h.occupied() >> pad & 1 == 0 || pad == jump.from || pad == over {
                    continue;
                }
                let d = hop_pos(&h, pad).distance(at);
                assert!(
                    d >= reach,
                    "{pack} {level}: a dot of {mv} at {at} is {d:.1} from the frog on pad {pad}"
                );
            }
        }
    }
}

/// At the English board's start its four jumps all land on the finish pad:
/// their marks stand back from its ring of beads (by 0.6 of a row's step
/// from its middle), so the goal shows between them (they hid it).
#[test]
fn the_marks_of_jumps_into_the_finish_leave_its_ring_in_sight() {
    let mut app = app();
    start_level(&mut app, "pegs.ron", 7);
    press(&mut app, KeyCode::KeyM);
    wait_for_marks(&mut app);
    let Puzzle::Hop(h) = puzzle(&app) else {
        panic!("a peg board")
    };
    let finish = h.finish.expect("the English board's finish pad");
    let middle = hop_pos(&h, finish);
    let step = (0..h.board.pads.len() as u8)
        .filter(|&p| p != finish)
        .map(|p| hop_pos(&h, p).distance(middle))
        .fold(f32::MAX, f32::min);
    let marks: Vec<Vec3> = app
        .world_mut()
        .query::<(&MoveMarkBadge, &Transform)>()
        .iter(app.world())
        .map(|(_, at)| at.translation)
        .collect();
    assert_eq!(marks.len(), 4, "the start's four jumps");
    for at in marks {
        let away = at.truncate().distance(middle) / step;
        assert!(away >= 0.6, "a mark {away:.2} of a step from the finish");
    }
}
