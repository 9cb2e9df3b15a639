//! The board's room in a window: the panels, the keys' line, the palette and
//! the banner keep clear of it; the scenery never shows under them; a tap
//! moves what lies under it; the board keeps its place or moves smoothly.

use super::*;

/// The keys' line's words answer a real tap (a press and release of the
/// pointer through Bevy's picking), not only the messages their buttons
/// send: each of them is Bevy's button widget.
#[test]
fn the_keys_line_answers_a_tap() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "swap.ron", 1);
    settle(&mut app);
    let (before, after) = one_move_played(&mut app);
    let button_saying = |app: &mut App, words: &str| {
        let laid = laid_out(app);
        let text = laid
            .iter()
            .find(|n| n.text.as_deref() == Some(words))
            .unwrap_or_else(|| panic!("no {words:?} shown"));
        text.parent.expect("a button around the words")
    };
    for (words, then) in [
        ("U undo", &before),
        ("R redo", &after),
        ("Backspace restart", &before),
    ] {
        let button = button_saying(&mut app, words);
        let at = middle_of(&mut app, button);
        click_at(&mut app, at);
        settle(&mut app);
        assert_eq!(&puzzle(&app), then, "a tap on {words:?} at {at}");
    }
    let menu = button_saying(&mut app, "Esc menu");
    let at = middle_of(&mut app, menu);
    click_at(&mut app, at);
    settle(&mut app);
    assert!(
        texts(&mut app).iter().any(|t| t.contains("Resume")),
        "a tap on \"Esc menu\" opened no menu"
    );
}

/// A tap that comes with no hover before it (the pointer's move and the
/// press in one go) still moves the frog under it; a tap on open water
/// moves nothing.
#[test]
fn a_tap_with_no_hover_before_it_moves_the_frog_under_it() {
    use pond_puzzles::game::board::{Clickable, Frog};
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "swap.ron", 0);
    settle(&mut app);
    let row = |app: &App| match puzzle(app) {
        Puzzle::Swap(s) => pond_puzzles::rules::swap::row_text(&s.cells),
        other => panic!("not Swap: {other:?}"),
    };
    let before = puzzle(&app);
    assert_eq!(row(&app), "L_R", "the first Swap level");
    tap(&mut app, Vec2::new(640.0, 650.0));
    settle(&mut app);
    assert_eq!(puzzle(&app), before, "a tap on the water moved something");
    let frog = app
        .world_mut()
        .query_filtered::<(Entity, &Clickable), With<Frog>>()
        .iter(app.world())
        .find(|(_, c)| **c == Clickable(0))
        .map(|(e, _)| e)
        .expect("the yellow frog");
    // The empty pad, and the water just past the row's end: each says why
    // nothing moves.
    let lily = |app: &mut App, pad: u32| {
        app.world_mut()
            .query_filtered::<(Entity, &Clickable), With<pond_puzzles::game::board::Lily>>()
            .iter(app.world())
            .find(|(_, c)| **c == Clickable(pad))
            .map(|(e, _)| e)
            .expect("a pad")
    };
    let message = |app: &mut App| {
        let mut texts = app.world_mut().query::<&Text>();
        texts
            .iter(app.world())
            .map(|t| t.0.clone())
            .find(|t| t.starts_with("Not allowed") || t.starts_with("Only water"))
    };
    let empty = lily(&mut app, 1);
    let at = on_window(&mut app, empty);
    tap(&mut app, at);
    settle(&mut app);
    assert_eq!(puzzle(&app), before);
    assert_eq!(
        message(&mut app).as_deref(),
        Some("Not allowed: that pad is empty; click a frog to move it.")
    );
    let (first, second) = (lily(&mut app, 0), lily(&mut app, 1));
    let (first, second) = (on_window(&mut app, first), on_window(&mut app, second));
    // Past the first pad, on the water beside the row.
    tap(&mut app, first - (second - first) * 0.6);
    settle(&mut app);
    assert_eq!(puzzle(&app), before);
    assert_eq!(
        message(&mut app).as_deref(),
        Some("Only water there. Click a frog, or the arrows and Enter.")
    );
    let at = on_window(&mut app, frog);
    tap(&mut app, at);
    settle(&mut app);
    assert_eq!(row(&app), "_LR", "the tapped frog did not move");
}

/// The solver panel keeps to its room: after the English board's search, its
/// list of the line searched never reaches the keys' line under the board,
/// in any window.
#[test]
fn the_solver_panel_keeps_clear_of_the_keys_line() {
    for size in SIZES {
        let mut app = laid_app(size);
        start_level(&mut app, "pegs.ron", 7);
        app.world_mut().resource_mut::<SolverPanelOpen>().0 = true;
        let ending = autoplay(&mut app, Watch::Search);
        assert!(matches!(ending, Ending::Won(_)), "{size}: {ending:?}");
        assert!(
            app.world().resource::<Autoplay>().stats.path.len() > 20,
            "{size}: a long line searched"
        );
        settle(&mut app);
        let nodes = laid_out(&mut app);
        let panel = nodes
            .iter()
            .find(|n| n.name.as_deref() == Some("Solver panel"))
            .expect("the solver panel is laid out");
        let keys = nodes
            .iter()
            .find(|n| n.name.as_deref() == Some("Keys line"))
            .expect("the keys' line is laid out")
            .rect;
        assert!(
            !overlap(panel.rect, keys),
            "{size}: the solver panel {:?} runs over the keys' line {keys:?}",
            panel.rect
        );
        let inked = nodes
            .iter()
            .filter(|n| under(&nodes, n.entity, panel.entity))
            .filter_map(|n| n.ink)
            .fold(panel.rect, |r, ink| r.union(ink));
        assert!(
            inked.max.y <= panel.rect.max.y + SLACK,
            "{size}: the panel's words {inked:?} run out of it {:?}",
            panel.rect
        );
    }
}

/// N lays the next level's bar and folded solver panel out as the level
/// select does: the ? button shown, the panel's header no wider than its
/// words, the move count there (they kept their first sizes until the first
/// move: the header stretched over the bar and its ? button).
#[test]
fn n_lays_the_next_levels_bar_out_as_a_fresh_start_does() {
    let size = UVec2::new(1280, 720);
    let mut app = laid_app(size);
    let s = size.as_vec2();
    let rects = |app: &mut App| -> Vec<(String, Rect)> {
        let mut found: Vec<(String, Rect)> = laid_out(app)
            .into_iter()
            .filter_map(|n| {
                let t = n.text?;
                (t == "?" || t.starts_with("Solver") || t.starts_with("Moves:"))
                    .then_some((t, n.rect))
            })
            .collect();
        found.sort_by(|a, b| a.0.cmp(&b.0));
        found
    };
    for (file, level) in [("hop.ron", 1), ("swap.ron", 1), ("escape.ron", 1)] {
        start_level(&mut app, file, level + 1);
        let fresh = rects(&mut app);
        start_level(&mut app, file, level);
        press(&mut app, KeyCode::KeyN);
        settle(&mut app);
        assert_eq!(
            app.world().resource::<Current>().level,
            level + 1,
            "{file}: N went on"
        );
        let after = rects(&mut app);
        assert_eq!(after.len(), 3, "{file}: {after:?}");
        for ((a, ra), (b, rb)) in fresh.iter().zip(&after) {
            assert_eq!(a, b, "{file}");
            assert!(
                (ra.min - rb.min).length() < 1.0 && (ra.max - rb.max).length() < 1.0,
                "{file}: {a} at {ra:?} fresh, {rb:?} after N"
            );
        }
        let faults = layout_faults(&mut app, s);
        assert!(faults.is_empty(), "{file}: {faults:#?}");
    }
}

/// A board that fits beside the solver panel keeps its place when the panel
/// opens; Flood's palette and the keys' line stay centred under the board,
/// wherever it is, and the won banner too.
#[test]
fn the_palette_the_keys_and_the_banner_stay_under_the_board() {
    let size = UVec2::new(1280, 720);
    let mut app = laid_app(size);
    let s = size.as_vec2();
    start_level(&mut app, "flood.ron", 11);
    let centre_of = |app: &mut App, text: &str| -> f32 {
        let nodes = laid_out(app);
        let n = nodes
            .iter()
            .find(|n| n.text.as_deref().is_some_and(|t| t.contains(text)))
            .unwrap_or_else(|| panic!("no {text:?}"));
        // The text's own panel (the keys' line) or row (the palette's).
        let p = n
            .parent
            .and_then(|p| nodes.iter().find(|m| m.entity == p))
            .map_or(n.rect, |p| p.rect);
        p.center().x
    };
    let mut places = Vec::new();
    for open in [false, true] {
        app.world_mut().resource_mut::<SolverPanelOpen>().0 = open;
        settle(&mut app);
        places.push(camera_at(&mut app));
        let board = board_rect(&mut app, s).center().x;
        // Flood's line of how to play is the keys' line's first.
        let x = centre_of(&mut app, "press its number");
        assert!(
            (x - board).abs() < 2.0,
            "panel open {open}: the keys' line at {x}, board at {board}"
        );
    }
    assert_eq!(places[0], places[1], "the board kept its place");
    let faults = layout_faults(&mut app, s);
    assert!(faults.is_empty(), "{faults:#?}");
    let ending = autoplay(&mut app, Watch::Solution);
    assert!(matches!(ending, Ending::Won(_)), "{ending:?}");
    settle(&mut app);
    let board = board_rect(&mut app, s).center().x;
    let nodes = laid_out(&mut app);
    let banner = nodes
        .iter()
        .find(|n| n.name.as_deref() == Some("Banner"))
        .expect("the banner");
    assert!(
        (banner.rect.center().x - board).abs() < 2.0,
        "banner at {}, board at {board}",
        banner.rect.center().x
    );
    // (Under a won board the line says no more how to play: its keys.)
    let x = nodes
        .iter()
        .find(|n| n.name.as_deref() == Some("Keys line"))
        .expect("the keys' line")
        .rect
        .center()
        .x;
    assert!(
        (x - board).abs() < 2.0,
        "won: keys at {x}, board at {board}"
    );
}

/// The won banner and the open solver panel come close to a small pond:
/// the reeds and stones they would cover are hidden.
#[test]
fn scenery_never_shows_under_the_banner_or_a_panel() {
    for size in [UVec2::new(1280, 720), UVec2::new(800, 600)] {
        let mut app = laid_app(size);
        let s = size.as_vec2();
        for (file, level) in [("hop.ron", 11), ("swap.ron", 3), ("hop.ron", 0)] {
            start_level(&mut app, file, level);
            app.world_mut().resource_mut::<SolverPanelOpen>().0 = true;
            let ending = autoplay(&mut app, Watch::Search);
            assert!(matches!(ending, Ending::Won(_)), "{ending:?}");
            settle(&mut app);
            let faults = scenery_faults(&mut app, s);
            assert!(faults.is_empty(), "{size} {file} {level}: {faults:#?}");
            // The pond keeps some of its reeds and stones: a board with
            // none would pass the check above.
            assert!(
                scenery_shown(&mut app) > 0,
                "{size} {file} {level}: no scenery shows"
            );
        }
    }
}

/// A big window draws the whole game bigger by its scale factor, in
/// eighths: from 1600x900 the panels' text grows with the window as the
/// board does, and every screen keeps the layout it has at 1280x720.
#[test]
fn a_big_window_draws_the_text_bigger_with_the_board() {
    use pond_puzzles::game::panels::growth;
    assert_eq!(growth(Vec2::new(800.0, 600.0)), 1.0);
    assert_eq!(growth(Vec2::new(1280.0, 800.0)), 1.0);
    assert_eq!(growth(Vec2::new(1600.0, 900.0)), 1.25);
    assert_eq!(growth(Vec2::new(1920.0, 1080.0)), 1.5);
    assert_eq!(growth(Vec2::new(1920.0, 1200.0)), 1.5);
    assert_eq!(growth(Vec2::new(3840.0, 2160.0)), 2.0);
    // The top bar's first line and the board's span, on the window.
    let measure = |size: UVec2| -> (f32, f32, f32) {
        let mut app = laid_app(size);
        start_level(&mut app, "swap.ron", 9);
        let window = app
            .world_mut()
            .query::<&Window>()
            .single(app.world())
            .expect("a window")
            .clone();
        let line = laid_out(&mut app)
            .into_iter()
            .find(|n| n.text.as_deref() == Some("Moves: 0"))
            .expect("the moves line")
            .rect
            .height();
        let (camera, eye) = app
            .world_mut()
            .query::<(&Camera, &GlobalTransform)>()
            .single(app.world())
            .map(|(c, t)| (c.clone(), *t))
            .expect("a camera");
        // Where the pads stand on the window, in its pixels.
        let pads: Vec<f32> = app
            .world_mut()
            .query_filtered::<&GlobalTransform, With<game::puzzles::Clickable>>()
            .iter(app.world())
            .filter_map(|t| camera.world_to_viewport(&eye, t.translation()).ok())
            .map(|at| at.x * window.scale_factor())
            .collect();
        assert!(pads.len() >= 2, "{size}: {} pads on the window", pads.len());
        let span = pads.iter().copied().fold(f32::MIN, f32::max)
            - pads.iter().copied().fold(f32::MAX, f32::min);
        (window.scale_factor(), window.width(), line / span.max(1.0))
    };
    let (small_scale, small_width, small) = measure(UVec2::new(1280, 720));
    let (big_scale, big_width, big) = measure(UVec2::new(1920, 1080));
    assert_eq!((small_scale, small_width), (1.0, 1280.0));
    assert_eq!(
        (big_scale, big_width),
        (1.5, 1280.0),
        "laid out as at 1280x720"
    );
    // The text keeps its size beside the board's: it grew as the board did.
    assert!(
        (big / small - 1.0).abs() < 0.05,
        "text to board: {small} then {big}"
    );
}

/// When the won banner comes under a board that still fits where it is,
/// the board keeps its place; when it must move (the solver panel opens
/// beside the longest row, which needs the room), it moves over several
/// frames, not at once, and ends clear of the panels.
#[test]
fn the_board_keeps_its_place_or_moves_smoothly_when_a_panel_opens() {
    use pond_puzzles::game::panels::SolverPanelOpen;
    let size = UVec2::new(1280, 720);
    let s = size.as_vec2();
    // The longest row in a tall window: the banner fits under it where it
    // stands.
    let tall = UVec2::new(1280, 1000);
    let mut app = laid_app(tall);
    start_level(&mut app, "swap.ron", 15);
    let before = camera_at(&mut app);
    // Won by the player's own moves (auto-play would open the solver panel).
    let line = solution_on_board(&app);
    for mv in line {
        app.world_mut().write_message(MoveRequested::player(mv));
        settle(&mut app);
    }
    assert!(puzzle(&app).is_won());
    assert_eq!(camera_at(&mut app), before, "the row kept its place");
    let faults = board_faults(&mut app, tall.as_vec2());
    assert!(faults.is_empty(), "{faults:#?}");
    // At 1280x720 the panel takes room the longest row needs.
    let mut app = laid_app(size);
    start_level(&mut app, "swap.ron", 15);
    let before = camera_at(&mut app);
    app.world_mut().resource_mut::<SolverPanelOpen>().0 = true;
    let mut path = Vec::new();
    for _ in 0..6 {
        app.update();
        path.push(camera_at(&mut app).0);
    }
    settle(&mut app);
    let after = camera_at(&mut app);
    assert!(
        after.0 > before.0 * 1.05,
        "the row shrank: {before:?} to {after:?}"
    );
    // On its way: each frame nearer, none there at once.
    assert!(
        path[0] > before.0 && path[0] < after.0,
        "{before:?} {path:?} {after:?}"
    );
    assert!(path.windows(2).all(|w| w[1] >= w[0]), "{path:?}");
    let faults = board_faults(&mut app, s);
    assert!(faults.is_empty(), "{faults:#?}");
}

/// The triangle of pegs (level 3) at 1280x720, its solution played but
/// for the last move, which is returned.
fn one_move_from_the_win() -> (App, pond_puzzles::rules::PuzzleMove) {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "pegs.ron", 2);
    let mut line = solution_on_board(&app);
    let last = line.pop().expect("a line");
    for mv in line {
        app.world_mut().write_message(MoveRequested::player(mv));
        settle(&mut app);
    }
    (app, last)
}

/// The win shows once the winning move has landed: while the last jump
/// plays, no banner and no new room for it (the board shrank under the
/// jump); then the banner, and the board moved up for it.
#[test]
fn the_win_shows_once_the_winning_move_has_landed() {
    use pond_puzzles::game::panels::WonCard;
    let (mut app, last) = one_move_from_the_win();
    let before = camera_at(&mut app);
    app.world_mut().write_message(MoveRequested::player(last));
    app.update();
    // The winning move's animations on the board (the leaps of joy come
    // after them; a splash around the board may outlast them).
    let tweens = |app: &mut App| -> Vec<Entity> {
        use pond_puzzles::game::play::Decoration;
        app.world_mut()
            .query_filtered::<Entity, (With<bevy_tweening::TweenAnim>, Without<Decoration>)>()
            .iter(app.world())
            .collect()
    };
    let jump = tweens(&mut app);
    let mut frames = 0;
    while tweens(&mut app).iter().any(|e| jump.contains(e)) {
        frames += 1;
        assert!(puzzle(&app).is_won());
        assert_eq!(
            count::<WonCard>(&mut app),
            0,
            "the banner during the jump, frame {frames}"
        );
        assert_eq!(
            camera_at(&mut app),
            before,
            "the board moved during the jump"
        );
        assert!(frames < 400, "the jump never ended");
        app.update();
    }
    assert!(frames > 2, "no jump seen ({frames} frames)");
    settle(&mut app);
    assert_eq!(count::<WonCard>(&mut app), 1, "no banner after the jump");
    assert_ne!(
        camera_at(&mut app),
        before,
        "the board kept the banner's room"
    );
}

/// The won banner comes once the board has made its room, growing to its
/// size, and the board moves over several frames: the board took half its
/// way in one frame and the banner stood at once over its last row (a jolt,
/// new players said).
#[test]
fn the_won_banner_comes_once_the_board_has_made_room() {
    use pond_puzzles::game::panels::WonCard;
    let (mut app, last) = one_move_from_the_win();
    let before = camera_at(&mut app).0;
    app.world_mut().write_message(MoveRequested::player(last));
    let mut scales = vec![before];
    let mut frames = 0;
    while count::<WonCard>(&mut app) == 0 {
        app.update();
        scales.push(camera_at(&mut app).0);
        frames += 1;
        assert!(frames < 400, "no banner");
    }
    let at_banner = *scales.last().unwrap();
    let card_scale = |app: &mut App| {
        app.world_mut()
            .query_filtered::<&UiTransform, With<WonCard>>()
            .iter(app.world())
            .next()
            .map(|t| t.scale.x)
            .expect("the card")
    };
    let mut grown = vec![card_scale(&mut app)];
    for _ in 0..40 {
        app.update();
        grown.push(card_scale(&mut app));
        scales.push(camera_at(&mut app).0);
    }
    let end = *scales.last().unwrap();
    let total = end - before;
    assert!(total.abs() > 1e-4, "the board made no room: {scales:?}");
    assert!(
        (end - at_banner).abs() < total.abs() * 0.2,
        "the banner came with {} of the board's way {total} still to go",
        end - at_banner
    );
    assert!(grown[0] < 0.99, "the banner stood at once: {grown:?}");
    assert!(grown.windows(2).all(|w| w[1] >= w[0]), "{grown:?}");
    assert!((grown[grown.len() - 1] - 1.0).abs() < 1e-4, "{grown:?}");
    let largest = (scales.windows(2).map(|w| (w[1] - w[0]).abs())).fold(0.0, f32::max);
    assert!(
        largest < total.abs() * 0.35,
        "the board took {largest} of {total} in one frame"
    );
}

/// A message takes the level code's line in the level's bar: the bar keeps
/// its height, so nothing under it moves (it grew a line, and the search's
/// column under it moved down and stayed there); the code comes back when
/// the message goes.
#[test]
fn a_message_takes_the_codes_line_and_the_bar_keeps_its_height() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "pegs.ron", 1);
    settle(&mut app);
    let bar = |app: &mut App| {
        let laid = laid_out(app);
        let name = laid
            .iter()
            .find(|n| n.name.as_deref() == Some("Level name"))
            .and_then(|n| n.parent)
            .expect("the level's name in its bar");
        let rect = laid
            .iter()
            .find(|n| n.entity == name)
            .expect("the bar")
            .rect;
        let code = laid.iter().any(|n| n.name.as_deref() == Some("Level code"));
        (rect, code)
    };
    let (before, code) = bar(&mut app);
    assert!(code, "the level's code shows");
    app.world_mut()
        .write_message(Say("Not allowed: that pad is empty.".into()));
    settle(&mut app);
    let (during, code) = bar(&mut app);
    assert!(!code, "the message in the code's place");
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t == "Not allowed: that pad is empty."),
        "the message shows"
    );
    assert!(
        (during.height() - before.height()).abs() <= SLACK,
        "the bar was {before:?}, with a message {during:?}"
    );
    // A move clears the message: the code is back, the bar as it was.
    one_move_played(&mut app);
    let (after, code) = bar(&mut app);
    assert!(code, "the code came back");
    assert!((after.height() - before.height()).abs() <= SLACK);
}
