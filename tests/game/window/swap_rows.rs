//! Swap's row on the window: a long row is folded into lines that a player
//! can read, and a won row keeps its size above the banner.

use super::*;
use pond_puzzles::game::board::Lily;

/// Where each lily pad shows on the window, in the row's order (left to
/// right, line under line).
fn pads_on_window(app: &mut App) -> Vec<Vec2> {
    let world = app.world_mut();
    let mut cameras = world.query::<(&Camera, &GlobalTransform)>();
    let (camera, eye) = cameras.single(world).expect("one camera");
    let (camera, eye) = (camera.clone(), *eye);
    let mut pads: Vec<Vec2> = world
        .query_filtered::<&GlobalTransform, With<Lily>>()
        .iter(world)
        .map(|at| {
            camera
                .world_to_viewport(&eye, at.translation())
                .expect("the pad in view")
        })
        .collect();
    pads.sort_by(|a, b| {
        (a.y.round(), a.x)
            .partial_cmp(&(b.y.round(), b.x))
            .expect("no NaN")
    });
    pads
}

/// The least distance between two pads on the window.
fn closest(pads: &[Vec2]) -> f32 {
    let mut least = f32::MAX;
    for (i, a) in pads.iter().enumerate() {
        for b in &pads[i + 1..] {
            least = least.min(a.distance(*b));
        }
    }
    least
}

/// Plays `level` of a pack of its own in a window of `size`.
fn playing(size: UVec2, level: &str) -> App {
    let mut app = laid_app(size);
    let text = format!("Pack(name: \"Long\", levels: [{level}])");
    let p = parse_pack("long.ron", &text).expect("the pack reads");
    app.world_mut()
        .insert_resource(PlayState::new(p.levels[0].clone()));
    go(&mut app, Screen::Play);
    app
}

/// A row of 85 pads (the most a file may hold) is folded into lines, each
/// read left to right: at 1280x720 its pads were 14 pixels apart on one
/// line (37 now, and 31 at 800x600); every pad shows inside the window,
/// apart from the others, and the reeds and stones keep clear of the
/// panels.
#[test]
fn a_long_swap_row_folds_into_lines_a_player_can_read() {
    let row = format!("{}_{}", "L".repeat(42), "R".repeat(42));
    for (size, least) in [(UVec2::new(1280, 720), 30.0), (UVec2::new(800, 600), 24.0)] {
        let mut app = playing(size, &format!("Swap(name: \"Long\", row: \"{row}\")"));
        let pads = pads_on_window(&mut app);
        assert_eq!(pads.len(), 85);
        let apart = closest(&pads);
        assert!(
            apart >= least,
            "at {size}: pads {apart:.1} pixels apart (at least {least})"
        );
        let window = Rect::new(0.0, 0.0, size.x as f32, size.y as f32);
        assert!(
            pads.iter().all(|p| window.contains(*p)),
            "at {size}: a pad off the window: {pads:?}"
        );
        // Lines, each left to right, the first pad of each at the left.
        let mut lines: Vec<Vec<Vec2>> = Vec::new();
        for p in pads {
            match lines.last_mut() {
                Some(line) if (line[0].y - p.y).abs() < 1.0 => line.push(p),
                _ => lines.push(vec![p]),
            }
        }
        assert!(lines.len() >= 3, "at {size}: {} lines", lines.len());
        let lefts: Vec<f32> = lines.iter().map(|l| l[0].x).collect();
        assert!(
            lefts.windows(2).all(|w| (w[0] - w[1]).abs() < 1.0),
            "at {size}: lines start at {lefts:?}"
        );
        let faults = super::scenery_faults(&mut app, size.as_vec2());
        assert!(faults.is_empty(), "at {size}: {faults:#?}");
    }
}

/// A row folded onto lines is still one row: the frogs move along it from
/// one line's end to the next line's start, and the pieces stand where the
/// rules put them.
#[test]
fn a_folded_rows_frogs_cross_from_line_to_line() {
    // 25 pads: two lines of 13 and 12; the gap at the first line's end.
    let row = format!("{}_{}", "L".repeat(12), "R".repeat(12));
    let mut app = playing(
        UVec2::new(1280, 720),
        &format!("Swap(name: \"Two lines\", row: \"{row}\")"),
    );
    let lines = |app: &mut App| {
        let pads = pads_on_window(app);
        let mut ys: Vec<i32> = pads.iter().map(|p| p.y.round() as i32).collect();
        ys.dedup();
        ys.len()
    };
    assert_eq!(lines(&mut app), 2);
    let mut line = solution_on_board(&app);
    line.truncate(6);
    for mv in line {
        app.world_mut().write_message(MoveRequested::player(mv));
        settle(&mut app);
    }
    assert_eq!(app.world().resource::<PlayState>().done.len(), 6);
    let wrong = board_mismatches(&mut app);
    assert!(wrong.is_empty(), "{wrong:#?}");
    let faults = board_faults(&mut app, Vec2::new(1280.0, 720.0));
    assert!(faults.is_empty(), "{faults:#?}");
}

/// A won row stays about as large above the banner as it was before the
/// win: the reeds and stones may hide under the banner, the row and its
/// goal may not (at 1280x720 its pads stood 74 pixels apart, 102 before).
/// (Since the board takes the room down to the keys' line while it is
/// played, the 800x600 row steps from 92 to 73 pixels at the win.)
#[test]
fn a_won_swap_row_keeps_its_size_above_the_banner() {
    use pond_puzzles::game::panels::WonCard;
    for size in [UVec2::new(800, 600), UVec2::new(1280, 720)] {
        let mut app = playing(size, "Swap(name: \"Seven\", row: \"LLL_RRR\")");
        let before = pads_on_window(&mut app);
        let step = before[1].x - before[0].x;
        for mv in solution_on_board(&app) {
            app.world_mut().write_message(MoveRequested::player(mv));
            settle(&mut app);
        }
        for _ in 0..60 {
            app.update();
        }
        assert_eq!(count::<WonCard>(&mut app), 1, "at {size}: no banner");
        let after = pads_on_window(&mut app);
        let won_step = after[1].x - after[0].x;
        assert!(
            won_step >= 0.78 * step,
            "at {size}: pads {won_step:.1} pixels apart above the banner, {step:.1} before"
        );
        let faults = super::scenery_faults(&mut app, size.as_vec2());
        assert!(faults.is_empty(), "at {size}: {faults:#?}");
    }
}

/// The row of 25 pads on two lines (13 and 12), its gap at the first
/// line's end.
const TWO_LINES: &str = "Swap(name: \"Two lines\", row: \"LLLLLLLLLLLL_RRRRRRRRRRRR\")";

/// A frog that moves across a fold goes its own way along the row: off its
/// line's end and on at the other line's, never back across the board (a
/// blue frog stepping left from the second line's start slid right over
/// the whole first line, a new player saw).
#[test]
fn a_frog_crossing_a_fold_moves_its_own_way() {
    use pond_puzzles::game::board::Frog;
    use pond_puzzles::game::puzzles::swap_pos;
    use pond_puzzles::rules::swap::SwapMove;
    let mut app = playing(UVec2::new(1280, 720), TWO_LINES);
    app.insert_resource(Speed::Times(1.0));
    settle(&mut app);
    // The frog in flight each frame: the one off every pad (the board's
    // pieces are placed anew when a move lands, so it is found each time).
    let pads: Vec<Vec2> = (0..25).map(|i| swap_pos(i, 25)).collect();
    app.world_mut()
        .write_message(MoveRequested::player(PuzzleMove::Swap(SwapMove {
            from: 13,
        })));
    let mut xs = Vec::new();
    for _ in 0..120 {
        app.update();
        let flying = app
            .world_mut()
            .query_filtered::<&Transform, With<Frog>>()
            .iter(app.world())
            .map(|t| t.translation.truncate())
            .find(|at| pads.iter().all(|p| (*p - *at).length() > 0.5));
        xs.extend(flying.map(|at| at.x));
    }
    assert!(xs.len() > 2, "no frog seen in flight: {xs:?}");
    settle(&mut app);
    let wrong = board_mismatches(&mut app);
    assert!(wrong.is_empty(), "{wrong:#?}");
    // Leftwards all the way but for the one leap from the row's end on the
    // second line to past its end on the first.
    let rightwards = xs.windows(2).filter(|w| w[1] > w[0] + 0.5).count();
    assert!(
        rightwards <= 1,
        "the frog moved right in {rightwards} frames: {xs:?}"
    );
}

/// Left and Right go on along a folded row: Right from the first line's
/// last pad rings the second line's first, and Left brings it back (they
/// stopped at the line's end).
#[test]
fn the_arrows_go_on_along_a_folded_row() {
    use pond_puzzles::game::board::KeyCursor;
    use pond_puzzles::game::puzzles::swap_pos;
    let mut app = playing(UVec2::new(1280, 720), TWO_LINES);
    let ring = |app: &App| app.world().resource::<KeyCursor>().0;
    app.world_mut().resource_mut::<KeyCursor>().0 = Some(swap_pos(12, 25));
    press(&mut app, KeyCode::ArrowRight);
    settle(&mut app);
    assert_eq!(
        ring(&app),
        Some(swap_pos(13, 25)),
        "Right at the line's end"
    );
    press(&mut app, KeyCode::ArrowLeft);
    settle(&mut app);
    assert_eq!(
        ring(&app),
        Some(swap_pos(12, 25)),
        "Left at the line's start"
    );
}

/// The move map marks a move across a fold beside its frog, the way it
/// goes, with no arc across the board (its mark stood over the frog's
/// face); a move along a line keeps its arc.
#[test]
fn a_move_across_a_fold_is_marked_beside_its_frog() {
    use pond_puzzles::game::puzzles::{mark_arc, mark_spot, swap_pos};
    use pond_puzzles::rules::swap::SwapMove;
    let app = playing(UVec2::new(1280, 720), TWO_LINES);
    let p = puzzle(&app);
    let across = PuzzleMove::Swap(SwapMove { from: 13 });
    assert_eq!(mark_arc(&p, across), None);
    let spot = mark_spot(&p, across).expect("a spot");
    let frog = swap_pos(13, 25);
    assert_eq!(spot.y, frog.y, "{spot} beside {frog}");
    assert!(
        spot.x < frog.x - 40.0,
        "{spot} left of the blue frog at {frog}"
    );
    let along = PuzzleMove::Swap(SwapMove { from: 11 });
    assert_eq!(
        mark_arc(&p, along),
        Some(pond_puzzles::game::puzzles::MarkArc::bowed(
            swap_pos(11, 25),
            swap_pos(12, 25)
        ))
    );
}
