//! The game in a window of a given size, its interface laid out by Bevy's
//! UI layout (no rendering) and seen by a camera: by the nodes' computed
//! sizes, in windows of 800x600 (the smallest `docs/PLAYING.md` names), 1280x720
//! and 1920x1080, every screen fits its window or scrolls to what does not, no
//! text is cut or runs under a button, the top bar's lines do not wrap, and
//! no panel covers the board; and a tap on the window lands on the piece
//! under it.

use super::*;
use bevy::text::TextLayoutInfo;
use bevy::ui::{ComputedNode, OverflowAxis, UiGlobalTransform};
use pond_puzzles::game::panels::SolverPanelOpen;
use pond_puzzles::game::play::Say;
use pond_puzzles::game::puzzles::extent;

/// Pixels a rectangle may pass an edge by (rounding).
const SLACK: f32 = 1.0;

/// A node as laid out: where it is on the window, in pixels from the top
/// left, and what it is.
pub(super) struct Laid {
    pub(super) entity: Entity,
    pub(super) rect: Rect,
    pub(super) parent: Option<Entity>,
    pub(super) text: Option<String>,
    /// The laid-out text's own size, for a text node.
    pub(super) text_size: Option<Vec2>,
    /// Where a text node's letters are (its runs' bounds), on the window.
    pub(super) ink: Option<Rect>,
    /// Its font size, for a text node.
    pub(super) font: Option<f32>,
    pub(super) name: Option<String>,
    pub(super) button: bool,
    /// Drawn with an opaque background (a panel or a button).
    pub(super) solid: bool,
    /// Scrolls its content vertically (a menu screen's root).
    pub(super) scrolls: bool,
}

/// Every node that shows: not hidden, not of a display none (which leaves it
/// no size), with its rectangle on the window.
pub(super) fn laid_out(app: &mut App) -> Vec<Laid> {
    let world = app.world_mut();
    let mut hidden = world.query::<(Entity, &Visibility, Option<&ChildOf>)>();
    let mut hidden_at = std::collections::HashMap::new();
    for (e, v, p) in hidden.iter(world) {
        hidden_at.insert(e, (*v == Visibility::Hidden, p.map(ChildOf::parent)));
    }
    let shown = |mut e: Entity| loop {
        match hidden_at.get(&e) {
            Some((true, _)) => return false,
            Some((false, Some(p))) => e = *p,
            _ => return true,
        }
    };
    let mut nodes = world.query::<(
        Entity,
        &Node,
        &ComputedNode,
        &UiGlobalTransform,
        Option<&ChildOf>,
        Option<&Text>,
        Option<&TextLayoutInfo>,
        Option<&TextFont>,
        Option<&Name>,
        Option<&Button>,
        Option<&BackgroundColor>,
    )>();
    let mut out = Vec::new();
    for (e, node, computed, at, parent, text, info, font, name, button, bg) in nodes.iter(world) {
        let size = computed.size();
        if size.x <= 0.0 || size.y <= 0.0 || !shown(e) {
            continue;
        }
        out.push(Laid {
            entity: e,
            rect: Rect::from_center_size(at.translation, size),
            parent: parent.map(ChildOf::parent),
            text: text.map(|t| t.0.clone()),
            text_size: text.and(info).map(|i| i.size),
            ink: text.and(info).and_then(|i| {
                let top_left = at.translation - size / 2.0;
                i.run_geometry
                    .iter()
                    .map(|g| Rect::from_corners(g.bounds.min + top_left, g.bounds.max + top_left))
                    .reduce(|a, b| a.union(b))
            }),
            // In the window's pixels, as the rects are (a big window draws
            // the game bigger by its scale factor).
            font: text.and(font).and_then(|f| match f.font_size {
                FontSize::Px(px) => Some(px / computed.inverse_scale_factor()),
                _ => None,
            }),
            name: name.map(|n| n.to_string()),
            button: button.is_some(),
            solid: bg.is_some_and(|b| b.0.alpha() > 0.5),
            scrolls: node.overflow.y == OverflowAxis::Scroll,
        });
    }
    out
}

/// What a node is, for a message.
pub(super) fn what(n: &Laid) -> String {
    match (&n.text, &n.name) {
        (Some(t), _) => format!("text {t:?}"),
        (None, Some(name)) => format!("node {name:?}"),
        (None, None) => format!("node {:?}", n.entity),
    }
}

/// Whether `a` is `b` or lies under it.
fn under(nodes: &[Laid], mut a: Entity, b: Entity) -> bool {
    loop {
        if a == b {
            return true;
        }
        match nodes.iter().find(|n| n.entity == a).and_then(|n| n.parent) {
            Some(p) => a = p,
            None => return false,
        }
    }
}

/// The node's topmost ancestor: a layer of its own (the play screen's bars,
/// the banner, the menu, the how-to card).
fn root(nodes: &[Laid], mut a: Entity) -> Entity {
    while let Some(p) = nodes.iter().find(|n| n.entity == a).and_then(|n| n.parent) {
        a = p;
    }
    a
}

/// Whether two rectangles overlap by more than the slack.
pub(super) fn overlap(a: Rect, b: Rect) -> bool {
    let i = a.intersect(b);
    i.width() > SLACK && i.height() > SLACK
}

/// Lines the screen must show, each in a node laid out with a size (a
/// screen that laid out nothing would pass every other check).
fn missing_lines(app: &mut App, lines: &[&str]) -> Vec<String> {
    let nodes = laid_out(app);
    lines
        .iter()
        .filter(|l| {
            !nodes
                .iter()
                .any(|n| n.text.as_deref().is_some_and(|t| t.contains(**l)))
        })
        .map(|l| format!("no line with \"{l}\" is laid out"))
        .collect()
}

/// What does not fit in a window of `size`: nodes past its sides, nodes
/// below or above it that no scrolling brings into view, text wider than its
/// node or outside its parent, and text under a button it is not part of.
pub(super) fn layout_faults(app: &mut App, size: Vec2) -> Vec<String> {
    let nodes = laid_out(app);
    let mut faults = Vec::new();
    let scroller = |e: Entity| {
        nodes
            .iter()
            .filter(|n| n.scrolls)
            .find(|s| under(&nodes, e, s.entity))
    };
    for n in &nodes {
        let r = n.rect;
        if r.min.x < -SLACK || r.max.x > size.x + SLACK {
            faults.push(format!(
                "{} runs past the window's side: x {:.0} to {:.0}",
                what(n),
                r.min.x,
                r.max.x
            ));
        }
        // A node in a scrolled screen need only come into view when the
        // screen is scrolled (it is at the top here).
        match scroller(n.entity).filter(|s| s.entity != n.entity) {
            Some(s) => {
                let most = content_below(&nodes, s).max(0.0);
                let reach = (r.max.y - size.y).max(0.0);
                if n.button && reach > most.min(r.min.y) + SLACK {
                    faults.push(format!(
                        "{} cannot be scrolled into view: y {:.0} to {:.0}, scroll up to {most:.0}",
                        what(n),
                        r.min.y,
                        r.max.y
                    ));
                }
            }
            None if !n.scrolls && (r.min.y < -SLACK || r.max.y > size.y + SLACK) => {
                faults.push(format!(
                    "{} runs past the window's top or bottom: y {:.0} to {:.0}",
                    what(n),
                    r.min.y,
                    r.max.y
                ));
            }
            None => {}
        }
        if n.text.is_none() {
            continue;
        }
        if let Some(t) = n.text_size
            && t.x > r.width() + SLACK
        {
            faults.push(format!(
                "{} is wider ({:.0}) than its node ({:.0})",
                what(n),
                t.x,
                r.width()
            ));
        }
        if let Some(p) = n.parent.and_then(|p| nodes.iter().find(|m| m.entity == p))
            && (r.min.x < p.rect.min.x - SLACK || r.max.x > p.rect.max.x + SLACK)
        {
            faults.push(format!(
                "{} runs out of its parent: x {:.0} to {:.0} in {:.0} to {:.0}",
                what(n),
                r.min.x,
                r.max.x,
                p.rect.min.x,
                p.rect.max.x
            ));
        }
        // Letters under a button of their own layer (another layer is
        // meant to cover them: the menu, the card).
        let ink = n.ink.unwrap_or(r);
        let layer = root(&nodes, n.entity);
        for b in nodes.iter().filter(|b| b.button) {
            if !under(&nodes, n.entity, b.entity)
                && !under(&nodes, b.entity, n.entity)
                && root(&nodes, b.entity) == layer
                && overlap(ink, b.rect)
            {
                faults.push(format!("{} runs under the button {}", what(n), what(b)));
            }
        }
    }
    faults
}

/// How far the content of a scrolled node reaches below its bottom.
fn content_below(nodes: &[Laid], s: &Laid) -> f32 {
    nodes
        .iter()
        .filter(|n| n.entity != s.entity && under(nodes, n.entity, s.entity))
        .map(|n| n.rect.max.y - s.rect.max.y)
        .fold(0.0, f32::max)
}

/// The board's rectangle on the window, from its extent and the camera the
/// game fitted to it.
pub(super) fn board_rect(app: &mut App, size: Vec2) -> Rect {
    let board = extent(&puzzle(app));
    board_rect_of(app, size, board)
}

/// Where a board of `board` world units shows on a window of `size`.
pub(super) fn board_rect_of(app: &mut App, size: Vec2, board: Vec2) -> Rect {
    let world = app.world_mut();
    let mut camera = world.query_filtered::<(&Projection, &Transform), With<Camera2d>>();
    let (projection, at) = camera.single(world).expect("one camera");
    let Projection::Orthographic(o) = projection else {
        panic!("the camera is not orthographic")
    };
    let centre = Vec2::new(
        size.x / 2.0 - at.translation.x / o.scale,
        size.y / 2.0 + at.translation.y / o.scale,
    );
    Rect::from_center_size(centre, board / o.scale)
}

/// What covers the board or leaves it out of the window.
pub(super) fn board_faults(app: &mut App, size: Vec2) -> Vec<String> {
    let board = board_rect(app, size);
    let mut faults = Vec::new();
    let window = Rect::from_corners(Vec2::ZERO, size);
    if board.intersect(window) != board {
        faults.push(format!("the board {board:?} runs out of the window"));
    }
    for n in laid_out(app) {
        // Panels and buttons, not a screen-wide layer.
        if n.solid && n.rect.width() < size.x * 0.9 && overlap(n.rect, board) {
            faults.push(format!(
                "{} ({:?}) covers the board ({:?})",
                what(&n),
                n.rect,
                board
            ));
        }
    }
    faults
}

/// Panels and buttons of different layers that overlap: where no layer is
/// meant to cover another (not the menu or the how-to card), such as the
/// win's banner and the bars.
pub(super) fn layer_faults(app: &mut App, size: Vec2) -> Vec<String> {
    let nodes = laid_out(app);
    let solid: Vec<(&Laid, Entity)> = nodes
        .iter()
        .filter(|n| n.solid && n.rect.width() < size.x * 0.9)
        .map(|n| (n, root(&nodes, n.entity)))
        .collect();
    let mut faults = Vec::new();
    for (i, (a, ra)) in solid.iter().enumerate() {
        for (b, rb) in &solid[i + 1..] {
            if ra != rb && overlap(a.rect, b.rect) {
                faults.push(format!("{} and {} overlap", what(a), what(b)));
            }
        }
    }
    faults
}

/// The lines that must each stay one line: the level's name and the move
/// counter with the code.
fn wrapped_lines(app: &mut App) -> Vec<String> {
    laid_out(app)
        .iter()
        .filter(|n| matches!(n.name.as_deref(), Some("Level name" | "Move counter")))
        .filter_map(|n| {
            let font = n.font?;
            (n.rect.height() > font * 1.8).then(|| {
                format!(
                    "{} wraps: {:.0} px high at {font} px",
                    what(n),
                    n.rect.height()
                )
            })
        })
        .collect()
}

/// Whether a menu screen shows its scroll bar.
fn scroll_bar_shown(app: &mut App) -> bool {
    laid_out(app)
        .iter()
        .any(|n| n.name.as_deref() == Some("Scroll bar"))
}

pub(super) const SIZES: [UVec2; 3] = [
    UVec2::new(800, 600),
    UVec2::new(1280, 720),
    UVec2::new(1920, 1080),
];

pub(super) fn laid_app(size: UVec2) -> App {
    let mut app = app_in_window(
        game::GameOptions {
            data_dir: Some(temp_data_dir()),
            ..Default::default()
        },
        Some(size),
    );
    app.insert_resource(Speed::Instant);
    settle(&mut app);
    app
}

fn go(app: &mut App, to: Screen) {
    app.world_mut().resource_mut::<NextState<Screen>>().set(to);
    settle(app);
}

fn check(faults: &mut Vec<String>, at: &str, found: Vec<String>) {
    faults.extend(found.into_iter().map(|f| format!("{at}: {f}")));
}

/// The title fits, every pack's level select and the statistics fit or
/// scroll to every button.
#[test]
fn menu_screens_fit_windows_from_800x600_to_1920x1080() {
    let mut faults = Vec::new();
    for size in SIZES {
        let mut app = laid_app(size);
        let s = size.as_vec2();
        let names: Vec<String> = app
            .world()
            .resource::<Packs>()
            .0
            .iter()
            .map(|e| match &e.pack {
                Ok(p) => p.name.chars().take(20).collect(),
                Err(e) => panic!("{}: {e}", e.file),
            })
            .collect();
        let title = format!("{size} title");
        check(&mut faults, &title, layout_faults(&mut app, s));
        // What the title is for, laid out: a blank screen fits every window.
        let mut lines = vec!["Pond Puzzles", "Statistics", "Play a code"];
        lines.extend(names.iter().map(String::as_str));
        check(&mut faults, &title, missing_lines(&mut app, &lines));
        // The shipped packs' title fits every window, 800x600 too: its
        // heading, rows and gaps are smaller there.
        assert!(
            !scroll_bar_shown(&mut app),
            "{size}: the title does not fit, a scroll bar shows"
        );
        for (pack, (file, text)) in SHIPPED.iter().enumerate() {
            app.world_mut().resource_mut::<Current>().pack = pack;
            go(&mut app, Screen::Levels);
            let at = format!("{size} level select of {file}");
            check(&mut faults, &at, layout_faults(&mut app, s));
            // Its levels' cards: the first, never won here, is the next
            // to play, and the last has its number.
            let last = parse_pack(file, text).expect("a shipped pack").levels.len();
            check(
                &mut faults,
                &at,
                missing_lines(&mut app, &[&names[pack], "next to play", &last.to_string()]),
            );
            // Escape's seventy levels are taller than a small window: a
            // scroll bar shows it.
            if *file == "escape.ron" && size.y == 600 {
                assert!(scroll_bar_shown(&mut app), "{at}: no scroll bar");
            }
            go(&mut app, Screen::Title);
        }
        go(&mut app, Screen::Stats);
        let stats = format!("{size} statistics");
        check(&mut faults, &stats, layout_faults(&mut app, s));
        check(
            &mut faults,
            &stats,
            missing_lines(&mut app, &["Statistics", "Time played", "Back"]),
        );
        go(&mut app, Screen::Settings);
        let set = format!("{size} settings");
        check(&mut faults, &set, layout_faults(&mut app, s));
        check(
            &mut faults,
            &set,
            missing_lines(
                &mut app,
                &["Settings", "Colour-blind: off (C)", "Back (Esc)"],
            ),
        );
    }
    assert!(faults.is_empty(), "{faults:#?}");
}

/// The level of each pack with the longest name, and its biggest board:
/// the bars and the solver panel, folded and open, the menu, the how-to
/// card and the win's banner fit, the top bar does not wrap, and no panel
/// covers the board.
#[test]
fn play_screens_fit_windows_from_800x600_to_1920x1080() {
    let mut faults = Vec::new();
    for size in SIZES {
        let mut app = laid_app(size);
        let s = size.as_vec2();
        for (file, text) in SHIPPED {
            let pack = parse_pack(file, text).unwrap();
            let longest = (0..pack.levels.len())
                .max_by_key(|&i| {
                    let l = &pack.levels[i];
                    l.name.len() + l.grade.as_ref().map_or(0, String::len)
                })
                .unwrap();
            let biggest = (0..pack.levels.len())
                .max_by(|&a, &b| {
                    let area = |i: usize| {
                        let e = extent(&pack.levels[i].puzzle);
                        e.x * e.y
                    };
                    area(a).total_cmp(&area(b))
                })
                .unwrap();
            for level in [longest, biggest] {
                let at = format!("{size} {file} level {}", level + 1);
                start_level(&mut app, file, level);
                for open in [false, true] {
                    app.world_mut().resource_mut::<SolverPanelOpen>().0 = open;
                    settle(&mut app);
                    let at = format!("{at}, solver panel open {open}");
                    let controls = pond_puzzles::game::puzzles::controls(&puzzle(&app));
                    let shown = missing_lines(&mut app, &["Moves: 0", controls, "U undo"]);
                    check(&mut faults, &at, shown);
                    check(&mut faults, &at, layout_faults(&mut app, s));
                    check(&mut faults, &at, board_faults(&mut app, s));
                    check(&mut faults, &at, scenery_faults(&mut app, s));
                    check(&mut faults, &at, wrapped_lines(&mut app));
                    check(&mut faults, &at, layer_faults(&mut app, s));
                }
                for (key, what) in [(KeyCode::Escape, "menu"), (KeyCode::Slash, "how-to card")] {
                    press(&mut app, key);
                    settle(&mut app);
                    check(
                        &mut faults,
                        &format!("{at}, {what}"),
                        layout_faults(&mut app, s),
                    );
                    press(&mut app, KeyCode::Escape);
                    settle(&mut app);
                }
                // Any win will do: Flood's greedy line wins its shipped levels.
                let budget = match puzzle(&app) {
                    Puzzle::Flood(_) => Budget::nodes(super::FLOOD_NODES),
                    _ => Budget::time(Duration::from_secs(60)),
                };
                app.insert_resource(SolverBudget(budget));
                let ending = autoplay(&mut app, Watch::Solution);
                assert!(matches!(ending, Ending::Won(_)), "{at}: {ending:?}");
                settle(&mut app);
                let at = format!("{at}, won");
                check(&mut faults, &at, scenery_faults(&mut app, s));
                check(&mut faults, &at, layout_faults(&mut app, s));
                check(&mut faults, &at, board_faults(&mut app, s));
                check(&mut faults, &at, layer_faults(&mut app, s));
            }
        }
    }
    assert!(faults.is_empty(), "{} faults: {faults:#?}", faults.len());
}

/// The moves from `p` to a position with no move left that is not won (a
/// dead end), by a search of its first moves.
pub(super) fn way_to_a_dead_end(p: &Puzzle, depth: usize) -> Option<Vec<PuzzleMove>> {
    if p.is_dead_end() && !p.is_won() {
        return Some(Vec::new());
    }
    if depth == 0 {
        return None;
    }
    for mv in p.legal_moves() {
        let mut next = p.clone();
        if next.apply(mv).is_ok()
            && let Some(mut rest) = way_to_a_dead_end(&next, depth - 1)
        {
            rest.insert(0, mv);
            return Some(rest);
        }
    }
    None
}

/// A long line under the level's name (the bar grows: the board moves down
/// out of its way) and a dead end's card beside the board, with the solver
/// panel folded.
#[test]
fn a_long_message_and_a_dead_end_fit_windows_from_800x600_to_1920x1080() {
    let mut faults = Vec::new();
    for size in SIZES {
        let mut app = laid_app(size);
        let s = size.as_vec2();
        for (file, level) in [("hop.ron", 11), ("swap.ron", 3), ("escape.ron", 2)] {
            start_level(&mut app, file, level);
            let at = format!("{size} {file} level {}", level + 1);
            app.world_mut().write_message(Say(
                "This position can no longer be won: it last could 12 moves back. Press U 12 times, or Backspace to start again."
                    .into(),
            ));
            settle(&mut app);
            let told = format!("{at}, a long message");
            check(
                &mut faults,
                &told,
                missing_lines(&mut app, &["it last could 12 moves back"]),
            );
            check(&mut faults, &told, layout_faults(&mut app, s));
            check(&mut faults, &told, board_faults(&mut app, s));
            let moves = way_to_a_dead_end(&puzzle(&app), 12)
                .unwrap_or_else(|| panic!("{at}: no dead end near the start"));
            for mv in moves {
                app.world_mut().write_message(MoveRequested::player(mv));
                settle(&mut app);
            }
            assert!(puzzle(&app).is_dead_end(), "{at}");
            let stuck = format!("{at}, a dead end");
            check(
                &mut faults,
                &stuck,
                missing_lines(&mut app, &["No more moves."]),
            );
            check(&mut faults, &stuck, layout_faults(&mut app, s));
            check(&mut faults, &stuck, board_faults(&mut app, s));
            check(&mut faults, &stuck, layer_faults(&mut app, s));
        }
    }
    assert!(faults.is_empty(), "{} faults: {faults:#?}", faults.len());
}

/// A press and release of the mouse at `at` (window pixels) that arrive with
/// no move of the pointer before them, as a touchscreen's tap does: the
/// picking has seen no hover.
pub(super) fn tap(app: &mut App, at: Vec2) {
    use bevy::input::mouse::MouseButtonInput;
    let world = app.world_mut();
    let mut windows =
        world.query_filtered::<(Entity, &mut Window), With<bevy::window::PrimaryWindow>>();
    let (window, mut w) = windows.single_mut(world).expect("a window");
    w.set_cursor_position(Some(at));
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(MouseButtonInput {
            button: MouseButton::Left,
            state,
            window,
        });
        app.update();
    }
}

/// The pointer moved to `at` (window pixels), as the window reports a
/// mouse's move, and a frame for the picking to see what lies under it.
/// Returns the window.
pub(super) fn point_at(app: &mut App, at: Vec2) -> Entity {
    use bevy::window::{CursorMoved, WindowEvent};
    let world = app.world_mut();
    let mut windows =
        world.query_filtered::<(Entity, &mut Window), With<bevy::window::PrimaryWindow>>();
    let (window, mut w) = windows.single_mut(world).expect("a window");
    w.set_cursor_position(Some(at));
    app.world_mut()
        .write_message(WindowEvent::CursorMoved(CursorMoved {
            window,
            position: at,
            delta: None,
        }));
    app.update();
    window
}

/// The pointer moved to `at` (window pixels), then a press and release
/// there, each a frame apart: a mouse's click as the window reports it, so
/// that it goes through Bevy's picking to what lies under the pointer.
pub(super) fn click_at(app: &mut App, at: Vec2) {
    let window = point_at(app, at);
    for state in [ButtonState::Pressed, ButtonState::Released] {
        left_button(app, window, state);
    }
}

/// The left mouse button pressed or released over `window`, as the window
/// reports it, and a frame.
pub(super) fn left_button(app: &mut App, window: Entity, state: ButtonState) {
    use bevy::input::mouse::MouseButtonInput;
    use bevy::window::WindowEvent;
    let input = MouseButtonInput {
        button: MouseButton::Left,
        state,
        window,
    };
    app.world_mut().write_message(input);
    app.world_mut()
        .write_message(WindowEvent::MouseButtonInput(input));
    app.update();
}

/// Where the node `entity` shows, in the window's logical pixels (where a
/// pointer is), taken at its middle.
pub(super) fn middle_of(app: &mut App, entity: Entity) -> Vec2 {
    let scale = app
        .world_mut()
        .query_filtered::<&Window, With<bevy::window::PrimaryWindow>>()
        .single(app.world())
        .expect("a window")
        .scale_factor();
    let laid = laid_out(app);
    let node = laid
        .iter()
        .find(|n| n.entity == entity)
        .unwrap_or_else(|| panic!("{entity} is not laid out"));
    node.rect.center() / scale
}

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

/// Where a board piece shows on the window.
fn on_window(app: &mut App, piece: Entity) -> Vec2 {
    let world = app.world_mut();
    let at = world
        .get::<GlobalTransform>(piece)
        .expect("a placed piece")
        .translation();
    let mut cameras = world.query::<(&Camera, &GlobalTransform)>();
    let (camera, eye) = cameras.single(world).expect("one camera");
    camera
        .world_to_viewport(eye, at)
        .expect("the piece in view")
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

/// A player's pack of long names: its row on the title (six packs, the
/// smaller rows), its level select with a level's name shown, the level's
/// top bar, and the code box fit every window.
#[test]
fn a_pack_of_long_names_fits_every_window() {
    let long = "a name far longer than any row or bar has room for, which goes on and on";
    let mut faults = Vec::new();
    for size in SIZES {
        let dir = temp_data_dir();
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("long.ron");
        std::fs::write(
            &path,
            format!(
                "Pack(name: \"The pack with {long}\", levels: [\
                 Swap(name: \"First, {long}\", row: \"LL_RR\", grade: Some(\"a grade with {long}\")),\
                 Swap(name: \"Second, {long}\", row: \"L_R\")])"
            ),
        )
        .unwrap();
        let mut app = app_in_window(
            game::GameOptions {
                data_dir: Some(dir),
                pack: Some(path),
                daily: pond_puzzles::levels::daily::Date::new(2026, 11, 27).ok(),
                ..Default::default()
            },
            Some(size),
        );
        settle(&mut app);
        let s = size.as_vec2();
        assert_eq!(screen(&app), Screen::Levels);
        // The arrows put the focus on a level, which shows its name.
        press(&mut app, KeyCode::ArrowRight);
        settle(&mut app);
        assert!(
            texts(&mut app).iter().any(|t| t.contains("First, a name")),
            "no level name shown: {:?}",
            texts(&mut app)
        );
        check(
            &mut faults,
            &format!("{size} long level select"),
            layout_faults(&mut app, s),
        );
        press(&mut app, KeyCode::Enter);
        settle(&mut app);
        assert_eq!(screen(&app), Screen::Play);
        for open in [false, true] {
            app.world_mut().resource_mut::<SolverPanelOpen>().0 = open;
            settle(&mut app);
            let at = format!("{size} long level, solver panel open {open}");
            check(&mut faults, &at, layout_faults(&mut app, s));
            check(&mut faults, &at, board_faults(&mut app, s));
            check(&mut faults, &at, wrapped_lines(&mut app));
        }
        go(&mut app, Screen::Title);
        check(
            &mut faults,
            &format!("{size} title of six"),
            layout_faults(&mut app, s),
        );
        // With the day's levels in their row, every button shows without a
        // scroll, at 800x600 too.
        for _ in 0..400 {
            if texts(&mut app).iter().any(|t| t == "Today") {
                break;
            }
            app.update();
            std::thread::sleep(Duration::from_millis(10));
        }
        settle(&mut app);
        assert!(texts(&mut app).iter().any(|t| t == "Today"), "no day's row");
        let lowest = laid_out(&mut app)
            .iter()
            .filter(|n| n.text.as_deref() == Some("Settings (S)"))
            .map(|n| n.rect.max.y)
            .fold(0.0, f32::max);
        if scroll_bar_shown(&mut app) || lowest > s.y {
            faults.push(format!(
                "{size} title of six scrolls: its last button ends at {lowest}"
            ));
        }
        press(&mut app, KeyCode::KeyK);
        settle(&mut app);
        check(
            &mut faults,
            &format!("{size} code box"),
            layout_faults(&mut app, s),
        );
    }
    assert!(faults.is_empty(), "{} faults: {faults:#?}", faults.len());
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

/// How many reeds and stones show.
fn scenery_shown(app: &mut App) -> usize {
    use pond_puzzles::game::theme::art::Scenery;
    let world = app.world_mut();
    world
        .query_filtered::<Option<&Visibility>, With<Scenery>>()
        .iter(world)
        .filter(|v| v.is_none_or(|v| *v != Visibility::Hidden))
        .count()
}

/// Reeds and stones that show are inside the window and under no panel (a
/// panel close to the board hides them).
pub(super) fn scenery_faults(app: &mut App, size: Vec2) -> Vec<String> {
    use pond_puzzles::game::board::layout::SCENERY_INK;
    use pond_puzzles::game::theme::art::{EDGE_SIZE, Scenery};
    let world = app.world_mut();
    let mut camera = world.query_filtered::<(&Projection, &Transform), With<Camera2d>>();
    let (projection, eye) = camera.single(world).expect("one camera");
    let Projection::Orthographic(o) = projection else {
        panic!("the camera is not orthographic")
    };
    let (scale, eye) = (o.scale, eye.translation.truncate());
    let shown: Vec<Rect> = world
        .query_filtered::<(&GlobalTransform, Option<&Visibility>), With<Scenery>>()
        .iter(world)
        .filter(|(_, v)| v.is_none_or(|v| *v != Visibility::Hidden))
        .map(|(at, _)| {
            let w = at.translation().truncate() - eye;
            let centre = Vec2::new(size.x / 2.0 + w.x / scale, size.y / 2.0 - w.y / scale);
            // What the drawing fills of its square (0.8 of the board's unit).
            Rect::from_center_size(centre, Vec2::splat(EDGE_SIZE * 0.8 * SCENERY_INK / scale))
        })
        .collect();
    let nodes = laid_out(app);
    let mut faults = Vec::new();
    for r in &shown {
        if r.min.x < 0.0 || r.min.y < 0.0 || r.max.x > size.x || r.max.y > size.y {
            faults.push(format!("scenery at {r:?} is cut by the window's edge"));
        }
        for n in nodes
            .iter()
            .filter(|n| n.solid && n.rect.width() < size.x * 0.9)
        {
            if overlap(*r, n.rect) {
                faults.push(format!("scenery at {r:?} is under {}", what(n)));
            }
        }
    }
    faults
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

/// The camera's scale and place.
pub(super) fn camera_at(app: &mut App) -> (f32, Vec3) {
    app.world_mut()
        .query_filtered::<(&Projection, &Transform), With<Camera2d>>()
        .iter(app.world())
        .find_map(|(p, t)| match p {
            Projection::Orthographic(o) => Some((o.scale, t.translation)),
            _ => None,
        })
        .expect("a camera")
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

/// Each pack on the title says what it is: the shipped ones and a player's
/// pack of one puzzle by the puzzle's line, a player's pack with an author
/// by who wrote it, a pack of several puzzles as a level pack.
#[test]
fn the_title_says_what_each_pack_is() {
    let dir = temp_data_dir();
    let packs = dir.join("packs");
    std::fs::create_dir_all(&packs).unwrap();
    let write = |file: &str, text: &str| std::fs::write(packs.join(file), text).unwrap();
    write(
        "a.ron",
        r#"Pack(name: "Floods of mine", levels: [Flood(name: "f", cells: ["01", "10"])])"#,
    );
    write(
        "b.ron",
        r#"Pack(name: "By Ann", author: Some("Ann"), levels: [Swap(name: "s", row: "L_R")])"#,
    );
    write(
        "c.ron",
        r#"Pack(name: "Mixed", levels: [Swap(name: "s", row: "L_R"), Flood(name: "f", cells: ["01", "10"])])"#,
    );
    let mut app = app_in_window(
        game::GameOptions {
            data_dir: Some(dir),
            ..Default::default()
        },
        Some(UVec2::new(1280, 900)),
    );
    settle(&mut app);
    let missing = missing_lines(
        &mut app,
        &[
            "Frogs facing each other change sides",
            "Classic boards: jump until one frog is left",
            "Flood the grid to one colour from the corner",
            "A level pack by Ann",
            "A level pack",
        ],
    );
    assert!(missing.is_empty(), "{missing:#?}");
    let count = |app: &mut App, line: &str| {
        laid_out(app)
            .iter()
            .filter(|n| n.text.as_deref() == Some(line))
            .count()
    };
    let floods = count(&mut app, "Flood the grid to one colour from the corner");
    assert_eq!(floods, 2, "the shipped Flood pack and the player's");
    assert_eq!(count(&mut app, "A level pack"), 1, "the mixed pack");
}
