//! The move map in the game: with it on (M), the marks' entities are the
//! legal moves of the position on the board, each marked as the core's map
//! marks it, after a move, an undo, a restart and a jump from the search
//! tree; a win with it on is a win with help.

use super::*;
use pond_puzzles::game::solver::move_map::{ButtonMark, MoveMarkBadge, MoveMarks};
use pond_puzzles::rules::PuzzleMove;
use pond_puzzles::solve::moves::move_map;

/// Runs frames until the map of the position on the board is decided.
fn wait_for_marks(app: &mut App) {
    for _ in 0..20_000 {
        app.update();
        let marks = app.world().resource::<MoveMarks>();
        let on_board = puzzle(app);
        if !marks.pending() && marks.shown.as_ref().is_some_and(|(p, _)| *p == on_board) {
            // A frame for the marks to be drawn.
            app.update();
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("the move map was not decided");
}

/// The moves of the arcs' dots not hidden, one a dot.
fn arc_dots_shown(app: &mut App) -> Vec<PuzzleMove> {
    use pond_puzzles::game::solver::move_map::ArcDot;
    app.world_mut()
        .query::<(&ArcDot, &Visibility)>()
        .iter(app.world())
        .filter(|(_, v)| **v != Visibility::Hidden)
        .map(|(d, _)| d.0)
        .collect()
}

/// The marks drawn (on the board, or on the colour buttons), sorted by move.
fn drawn(app: &mut App) -> Vec<(String, Option<bool>)> {
    let mut marks: Vec<(PuzzleMove, Option<bool>)> = app
        .world_mut()
        .query::<&MoveMarkBadge>()
        .iter(app.world())
        .map(|m| (m.0, m.1))
        .collect();
    let on_buttons: Vec<(PuzzleMove, Option<bool>)> = app
        .world_mut()
        .query::<&ButtonMark>()
        .iter(app.world())
        .map(|m| (m.0, m.1))
        .collect();
    marks.extend(on_buttons);
    marks.sort_by_key(|(mv, _)| mv.to_string());
    marks.into_iter().map(|(m, w)| (m.to_string(), w)).collect()
}

/// The marks the core gives the position on the board.
fn expected(app: &App) -> Vec<(String, Option<bool>)> {
    let map = move_map(&puzzle(app), &Budget::unlimited());
    let mut marks: Vec<(String, Option<bool>)> = map
        .moves
        .iter()
        .map(|m| (m.mv.to_string(), m.left.winnable))
        .collect();
    marks.sort();
    marks
}

fn assert_marks_follow(app: &mut App, what: &str) {
    wait_for_marks(app);
    let want = expected(app);
    assert!(!want.is_empty() || puzzle(app).is_won(), "{what}: moves");
    assert_eq!(drawn(app), want, "{what}");
}

#[test]
fn the_marks_follow_a_move_an_undo_and_a_restart_in_every_puzzle() {
    let mut app = app();
    start_level(&mut app, "swap.ron", 5);
    press(&mut app, KeyCode::KeyM);
    assert!(app.world().resource::<game::settings::Settings>().move_map);
    for (pack, level) in [
        ("swap.ron", 5),
        ("hop.ron", 11),
        ("pegs.ron", 0),
        ("flood.ron", 3),
        ("escape.ron", 2),
    ] {
        start_level(&mut app, pack, level);
        assert_marks_follow(&mut app, &format!("{pack} {level} at its start"));
        // A move that keeps the level winnable, then one that may not.
        let map = move_map(&puzzle(&app), &Budget::unlimited());
        let first = map.moves[0].mv;
        app.world_mut().write_message(MoveRequested::player(first));
        settle(&mut app);
        assert_marks_follow(&mut app, &format!("{pack} {level} after {first}"));
        press(&mut app, KeyCode::KeyU);
        settle(&mut app);
        assert_eq!(puzzle(&app).legal_moves().len(), map.moves.len());
        assert_marks_follow(&mut app, &format!("{pack} {level} after an undo"));
        let lost = map.moves.iter().find(|m| m.left.winnable == Some(false));
        if let Some(lost) = lost {
            app.world_mut()
                .write_message(MoveRequested::player(lost.mv));
            settle(&mut app);
            assert_marks_follow(&mut app, &format!("{pack} {level} after a losing move"));
        }
        press(&mut app, KeyCode::Backspace);
        settle(&mut app);
        assert_marks_follow(&mut app, &format!("{pack} {level} after a restart"));
    }
    // M again: the marks go, and the setting is kept off.
    press(&mut app, KeyCode::KeyM);
    settle(&mut app);
    assert!(drawn(&mut app).is_empty());
    assert!(!app.world().resource::<game::settings::Settings>().move_map);
}

#[test]
fn the_marks_follow_a_jump_from_the_search_tree() {
    use pond_puzzles::game::solver::tree_view::{TreeJump, TreeRow, TreeViewState};
    let mut app = window::laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "hop.ron", 39);
    // The search watched at once, with the tree shown; then the map on.
    app.world_mut()
        .resource_mut::<pond_puzzles::game::panels::TreeViewOpen>()
        .0 = true;
    app.insert_resource(Speed::Instant);
    autoplay(&mut app, Watch::Search);
    press(&mut app, KeyCode::KeyM);
    assert_marks_follow(&mut app, "where the search ended");
    app.world_mut().resource_mut::<TreeViewState>().follow = false;
    app.world_mut().resource_mut::<TreeViewState>().first = 0;
    settle(&mut app);
    let slot = app
        .world()
        .resource::<TreeViewState>()
        .slots
        .iter()
        .position(|s| s.is_some())
        .expect("a row");
    let before = puzzle(&app);
    app.world_mut().write_message(TreeRow(slot));
    for _ in 0..5000 {
        app.update();
        if app.world().resource::<TreeJump>().0.is_empty() {
            break;
        }
    }
    settle(&mut app);
    assert_ne!(puzzle(&app), before, "the jump moved the board");
    assert_marks_follow(&mut app, "after a jump from the tree");
}

#[test]
fn a_win_with_the_map_on_is_a_win_with_help() {
    let mut app = app();
    start_level(&mut app, "swap.ron", 1);
    press(&mut app, KeyCode::KeyM);
    wait_for_marks(&mut app);
    // Turned on, it says that it is help, before any win.
    let said = texts(&mut app);
    assert!(
        said.iter().any(|t| t.contains("earns no stars")),
        "{said:?}"
    );
    let line = solution_on_board(&app);
    for &mv in &line {
        app.world_mut().write_message(MoveRequested::player(mv));
        settle(&mut app);
    }
    assert!(puzzle(&app).is_won());
    let r = *app
        .world()
        .resource::<game::progress::Progress>()
        .file
        .record("swap.ron", 1)
        .expect("recorded");
    assert!(r.with_help, "{r:?}");
    assert_eq!(r.stars(), None);
}

/// A position whose marks take a while (the European board's start) shows
/// three grey dots on each move and says it is deciding them, then the marks:
/// the board showed no mark at all while the English board's table was
/// made.
#[test]
fn moves_not_decided_yet_show_three_dots() {
    use pond_puzzles::game::solver::move_map::MarksPatience;
    let mut app = app();
    app.insert_resource(MarksPatience(Duration::ZERO));
    start_level(&mut app, "pegs.ron", 8);
    press(&mut app, KeyCode::KeyM);
    // The frame the marks are first shown (the one their search starts in,
    // with no patience) draws them.
    for _ in 0..100 {
        if app.world().resource::<MoveMarks>().shown.is_some() {
            break;
        }
        app.update();
    }
    let words = app.world().resource::<MoveMarks>().words();
    let legal = puzzle(&app).legal_moves().len();
    let marks = drawn(&mut app);
    assert_eq!(marks.len(), legal, "{marks:?}");
    assert!(marks.iter().all(|(_, w)| w.is_none()), "{marks:?}");
    let deciding = format!("deciding {legal} moves...");
    assert_eq!(words.as_deref(), Some(deciding.as_str()));
    wait_for_marks(&mut app);
    let words = app.world().resource::<MoveMarks>().words();
    assert!(
        !words.as_ref().is_some_and(|w| w.contains("deciding")),
        "{words:?}"
    );
    assert!(drawn(&mut app).iter().any(|(_, w)| w.is_some()));
}

/// A tick carries the number of ways to win after it up to the cap, and
/// stands alone past it: the English board's early "1k+" badges crowded
/// the next marks and the frogs' faces.
#[test]
fn a_tick_past_the_cap_carries_no_number() {
    let numbers = |app: &mut App| {
        let badges: Vec<Entity> = app
            .world_mut()
            .query_filtered::<Entity, With<MoveMarkBadge>>()
            .iter(app.world())
            .collect();
        // A number stands on a tag of its own, a child of its mark.
        let tags: Vec<Entity> = app
            .world_mut()
            .query::<(Entity, &ChildOf)>()
            .iter(app.world())
            .filter(|(_, of)| badges.contains(&of.parent()))
            .map(|(e, _)| e)
            .collect();
        app.world_mut()
            .query::<(&Text2d, &ChildOf)>()
            .iter(app.world())
            .filter(|(_, of)| tags.contains(&of.parent()))
            .map(|(t, _)| t.0.clone())
            .collect::<Vec<String>>()
    };
    let mut app = app();
    start_level(&mut app, "pegs.ron", 0);
    press(&mut app, KeyCode::KeyM);
    wait_for_marks(&mut app);
    let small = numbers(&mut app);
    assert!(
        !small.is_empty(),
        "the Latin cross's ticks carry their ways"
    );
    assert!(small.iter().all(|n| n.parse::<u32>().is_ok()), "{small:?}");
    // The bar says what the numbers are, on a line of its own, while there
    // are numbers.
    let key = |app: &App| app.world().resource::<MoveMarks>().key_words();
    assert_eq!(
        key(&app).as_deref(),
        Some("The number: the ways to win after that move")
    );
    let key_line = |app: &mut App| {
        app.world_mut()
            .query::<(&Name, &Text, &Node)>()
            .iter(app.world())
            .find(|(n, _, _)| n.as_str() == "Move map key")
            .map(|(_, t, node)| (t.0.clone(), node.display != Display::None))
    };
    assert_eq!(
        key_line(&mut app),
        Some((
            "The number: the ways to win after that move".to_string(),
            true
        ))
    );
    start_level(&mut app, "pegs.ron", 7);
    wait_for_marks(&mut app);
    let marks = drawn(&mut app);
    assert!(marks.iter().any(|(_, w)| *w == Some(true)), "{marks:?}");
    assert_eq!(numbers(&mut app), Vec::<String>::new());
    // Every tick alone: the key says why (a new player saw no number and
    // nothing on the board that said what a bare tick meant).
    let bare = "A tick without a number: 1000+ ways to win after that move";
    assert_eq!(key(&app).as_deref(), Some(bare));
    assert_eq!(key_line(&mut app), Some((bare.to_string(), true)));
    // A position with no winning move past the cap has no such key: the
    // English board one jump before its win (the solver's line played).
    let solved = pond_puzzles::solve::solve(&puzzle(&app), Budget::unlimited(), None, false);
    let pond_puzzles::solve::Outcome::Solved { moves: line, .. } = solved.outcome else {
        panic!("the English board is won")
    };
    for mv in &line[..line.len() - 1] {
        app.world_mut().write_message(MoveRequested::player(*mv));
        settle(&mut app);
    }
    wait_for_marks(&mut app);
    assert_eq!(numbers(&mut app), vec!["1".to_string()]);
    assert_eq!(
        key(&app).as_deref(),
        Some("The number: the ways to win after that move")
    );
}

/// In a small window the board is drawn smaller (the camera shows more
/// world units a pixel), and the numbers' text still stands at least 12
/// pixels high on the screen: at 800x600 it came to about 8.
#[test]
fn a_ticks_number_stays_legible_in_a_small_window() {
    for size in super::window::SIZES {
        let mut app = super::window::laid_app(size);
        start_level(&mut app, "pegs.ron", 0);
        press(&mut app, KeyCode::KeyM);
        wait_for_marks(&mut app);
        // The camera's fit eases in over a few frames.
        for _ in 0..40 {
            app.update();
        }
        let per_px = match app
            .world_mut()
            .query_filtered::<&Projection, With<Camera2d>>()
            .iter(app.world())
            .next()
        {
            Some(Projection::Orthographic(o)) => o.scale,
            _ => panic!("a 2D camera"),
        };
        let shown: Vec<f32> = app
            .world_mut()
            .query::<(&Text2d, &TextFont, &GlobalTransform)>()
            .iter(app.world())
            .filter(|(t, _, _)| t.0.parse::<u32>().is_ok())
            .map(|(_, f, g)| match f.font_size {
                FontSize::Px(px) => px * g.scale().y / per_px,
                other => panic!("{other:?}"),
            })
            .collect();
        assert!(
            !shown.is_empty(),
            "{size}: the Latin cross's ticks carry numbers"
        );
        assert!(
            shown.iter().all(|&px| px >= 11.9),
            "{size} ({per_px} world units a pixel): numbers {shown:?} pixels high"
        );
    }
}

/// While a frog is picked (the first click of a jump), only its own jumps'
/// marks show: on the English start four jumps land on the centre and
/// which mark was which had to be read from the arcs.
#[test]
fn a_picked_frog_shows_only_its_own_marks() {
    use pond_puzzles::game::puzzles::Picked;
    let shown = |app: &mut App| {
        let mut moves: Vec<PuzzleMove> = app
            .world_mut()
            .query::<(&MoveMarkBadge, &Visibility)>()
            .iter(app.world())
            .filter(|(_, v)| **v != Visibility::Hidden)
            .map(|(b, _)| b.0)
            .collect();
        let dots = arc_dots_shown(app);
        assert!(
            dots.iter().all(|d| moves.contains(d)),
            "dots of hidden marks show: {dots:?} {moves:?}"
        );
        moves.sort_by_key(|m| m.to_string());
        moves
    };
    let mut app = app();
    start_level(&mut app, "pegs.ron", 7);
    press(&mut app, KeyCode::KeyM);
    wait_for_marks(&mut app);
    let all = shown(&mut app);
    assert_eq!(all.len(), 4, "{all:?}");
    let PuzzleMove::Hop(first) = all[0] else {
        panic!("a jump")
    };
    app.insert_resource(Picked(Some(first.from as u32)));
    app.update();
    let own = shown(&mut app);
    assert_eq!(own, vec![all[0]], "only the picked frog's jump");
    app.insert_resource(Picked(None));
    app.update();
    assert_eq!(shown(&mut app), all);
}

/// An Escape row's mark stands at its gate, clear of every animal: on the
/// east-most animal a green tick on a green penguin all but vanished.
#[test]
fn an_escape_rows_mark_stands_clear_of_its_animals() {
    use pond_puzzles::game::board::Animal;
    let mut app = app();
    start_level(&mut app, "escape.ron", 0);
    press(&mut app, KeyCode::KeyM);
    wait_for_marks(&mut app);
    let world = app.world_mut();
    let animals: Vec<Vec2> = world
        .query_filtered::<&Transform, With<Animal>>()
        .iter(world)
        .map(|t| t.translation.truncate())
        .collect();
    let marks: Vec<Vec2> = world
        .query_filtered::<&Transform, With<MoveMarkBadge>>()
        .iter(world)
        .map(|t| t.translation.truncate())
        .collect();
    let spacing = (animals.iter().enumerate())
        .flat_map(|(i, a)| animals[i + 1..].iter().map(move |b| (*a - *b).length()))
        .fold(f32::MAX, f32::min);
    assert!(!marks.is_empty() && animals.len() > marks.len());
    for m in &marks {
        let near = (animals.iter().map(|a| (*a - *m).length())).fold(f32::MAX, f32::min);
        assert!(
            near > spacing / 2.0,
            "a mark at {m} stands {near} from an animal ({spacing} apart)"
        );
        // East of its own row's animals, level with them.
        let row: Vec<&Vec2> = animals.iter().filter(|a| (a.y - m.y).abs() < 1.0).collect();
        assert!(!row.is_empty(), "a mark at {m} beside no row");
        assert!(
            row.iter().all(|a| a.x < m.x),
            "a mark at {m} west of an animal"
        );
    }
}

/// A Flood colour that keeps the level winnable but is not the fewest way
/// on can wait: its mark is paler than the fewest's, and the bar's key
/// says what the pale means.
#[test]
fn a_colour_that_can_wait_has_a_paler_mark() {
    let mut app = app();
    start_level(&mut app, "flood.ron", 2);
    press(&mut app, KeyCode::KeyM);
    wait_for_marks(&mut app);
    let map = move_map(&puzzle(&app), &Budget::unlimited());
    let fewest = (map.moves.iter())
        .filter_map(|m| m.left.shortest)
        .min()
        .expect("a winning colour");
    let marks: Vec<(PuzzleMove, Color)> = app
        .world_mut()
        .query::<(&ButtonMark, &BackgroundColor)>()
        .iter(app.world())
        .filter(|(m, _)| m.1 == Some(true))
        .map(|(m, c)| (m.0, c.0))
        .collect();
    let colour_of = |best: bool| -> Vec<Color> {
        (marks.iter())
            .filter(|(mv, _)| (map.mark(*mv).and_then(|m| m.left.shortest) == Some(fewest)) == best)
            .map(|(_, c)| *c)
            .collect()
    };
    let (best, waits) = (colour_of(true), colour_of(false));
    assert!(!best.is_empty() && !waits.is_empty(), "{marks:?}");
    let light = |c: &Color| c.to_srgba().red;
    assert!(
        waits
            .iter()
            .all(|w| best.iter().all(|b| light(w) > light(b))),
        "the marks that can wait are no paler: {waits:?} against {best:?}"
    );
    let key = app.world().resource::<MoveMarks>().key_words();
    assert!(
        key.as_deref()
            .is_some_and(|k| k.contains("pale: more than the fewest")),
        "{key:?}"
    );
}

/// A Flood colour whose every tile the move floods says "all" on its
/// button (such a move never makes the way on longer), and the bar's key
/// says what "all" means; along the fewest line of a small level.
#[test]
fn a_colour_whose_last_tiles_a_move_floods_says_all() {
    use pond_puzzles::game::solver::move_map::LastOfItsKind;
    use pond_puzzles::rules::{Puzzle, Rules};
    let mut app = app();
    start_level(&mut app, "flood.ron", 1);
    press(&mut app, KeyCode::KeyM);
    let mut seen = 0;
    for step in 0..4 {
        wait_for_marks(&mut app);
        let Puzzle::Flood(f) = puzzle(&app) else {
            panic!("a Flood board")
        };
        let map = move_map(&puzzle(&app), &Budget::unlimited());
        // Each winning move that is not the win and floods its colour's
        // last tiles, found from the rules.
        let mut want: Vec<String> = (map.moves.iter())
            .filter(|m| m.left.winnable == Some(true) && m.left.shortest != Some(0))
            .filter(|m| {
                let PuzzleMove::Flood(mv) = m.mv else {
                    return false;
                };
                let mut after = f.clone();
                let left_before = f.cells.contains(&mv.colour);
                after.apply(mv).expect("a legal colour");
                let region: std::collections::HashSet<u32> = after.region().into_iter().collect();
                let outside = (0..after.cells.len() as u32)
                    .any(|i| after.cells[i as usize] == mv.colour && !region.contains(&i));
                left_before && !outside
            })
            .map(|m| m.mv.to_string())
            .collect();
        let mut shown: Vec<String> = app
            .world_mut()
            .query::<&LastOfItsKind>()
            .iter(app.world())
            .map(|l| l.0.to_string())
            .collect();
        want.sort();
        shown.sort();
        assert_eq!(shown, want, "step {step}");
        let key = app.world().resource::<MoveMarks>().key_words();
        assert_eq!(
            key.as_deref()
                .is_some_and(|k| k.contains("all: clears that colour")),
            !want.is_empty(),
            "step {step}: {key:?}"
        );
        seen += want.len();
        // On along a fewest line.
        let best = (map.moves.iter())
            .filter(|m| m.left.winnable == Some(true))
            .min_by_key(|m| m.left.shortest)
            .expect("a winning move");
        app.world_mut()
            .write_message(MoveRequested::player(best.mv));
        settle(&mut app);
    }
    assert!(seen > 0, "no colour's last tiles along the line");
}

#[path = "move_map/arcs.rs"]
mod arcs;
#[path = "move_map/click.rs"]
mod click;

/// Turned on while the solver plays its solution, the map says when its
/// marks come (the button lit over a board with no mark read as a map that
/// failed), and they come once the solver stops.
#[test]
fn the_map_turned_on_while_the_solver_plays_says_when_it_comes() {
    let mut app = app();
    app.insert_resource(Speed::Times(1.0));
    // The English board: 31 moves to play, a while at 1x.
    start_level(&mut app, "pegs.ron", 7);
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Solution));
    for _ in 0..20 {
        app.update();
    }
    press(&mut app, KeyCode::KeyM);
    for _ in 0..10 {
        app.update();
    }
    assert!(app.world().resource::<Autoplay>().is_active());
    let said = |app: &mut App| texts(app).join(" | ");
    let words = said(&mut app);
    assert!(
        words.contains("Move map: back when the solver stops"),
        "{words}"
    );
    assert_eq!(count::<MoveMarkBadge>(&mut app), 0);
    app.world_mut().write_message(AutoplayCommand::Stop);
    settle(&mut app);
    wait_for_marks(&mut app);
    let words = said(&mut app);
    assert!(!words.contains("back when the solver stops"), "{words}");
    assert!(
        count::<MoveMarkBadge>(&mut app) > 0,
        "no marks after the stop"
    );
}
