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

#[path = "window/fit.rs"]
pub(super) mod fit;

#[path = "window/board_room.rs"]
mod board_room;

#[path = "window/swap_rows.rs"]
mod swap_rows;

#[path = "window/map_line.rs"]
mod map_line;

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
        // meant to cover them: the menu, the card), as far as they show:
        // a scrolled part clips what lies past its edges.
        let ink = n.ink.unwrap_or(r);
        let ink = match scroller(n.entity).filter(|s| s.entity != n.entity) {
            Some(s) => ink.intersect(s.rect),
            None => ink,
        };
        if ink.is_empty() {
            continue;
        }
        let layer = root(&nodes, n.entity);
        for b in nodes.iter().filter(|b| b.button) {
            // A button shows only within the part that scrolls it (the
            // levels scroll behind the level select's footer).
            let shown = match scroller(b.entity).filter(|s| s.entity != b.entity) {
                Some(s) => b.rect.intersect(s.rect),
                None => b.rect,
            };
            if !under(&nodes, n.entity, b.entity)
                && !under(&nodes, b.entity, n.entity)
                && root(&nodes, b.entity) == layer
                && !shown.is_empty()
                && overlap(ink, shown)
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
    // Above a won level's banner, the part of the board that stays in view.
    let board = if app.world().resource::<game::play::WinShown>().0 {
        game::puzzles::won_extent(&puzzle(app))
    } else {
        extent(&puzzle(app))
    };
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
    let scale = scale_factor(app);
    let laid = laid_out(app);
    let node = laid
        .iter()
        .find(|n| n.entity == entity)
        .unwrap_or_else(|| panic!("{entity} is not laid out"));
    node.rect.center() / scale
}

/// The window's scale factor: its pixels a logical pixel.
pub(super) fn scale_factor(app: &mut App) -> f32 {
    app.world_mut()
        .query_filtered::<&Window, With<bevy::window::PrimaryWindow>>()
        .single(app.world())
        .expect("a window")
        .scale_factor()
}

/// Where a board piece shows on the window.
pub(super) fn on_window(app: &mut App, piece: Entity) -> Vec2 {
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

/// How many reeds and stones show.
pub(super) fn scenery_shown(app: &mut App) -> usize {
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
