//! The search tree beside the board: the line the search is on (red), the
//! branches it gave up (folded, with their counts), the moves not tried
//! (faint), the solution (green); the plain search's figures beside the
//! solver's, and the ideas that make the difference. G shows and hides it;
//! the wheel, PageUp/PageDown and Home move through it; [ and ] size it; a
//! click on a row (the search paused or over) takes the board there with
//! the same moves and undo a player uses; the timeline (Shift and the
//! arrows, or its buttons) moves through a search that has run, the tree
//! and the board following.

use super::{Autoplay, AutoplayCommand, Watch};
use crate::game::Screen;
use crate::game::options::GameOptions;
use crate::game::panels::{self, BoardEdge, TreeViewOpen};
use crate::game::play::{
    BoardAnims, MoveRequested, Mover, PlayState, PlaySystems, Request, Say, board_takes_input,
};
use crate::game::puzzles::{self, short, step_words};
use crate::game::theme::{self, text, widget};
use crate::rules::{Puzzle, PuzzleMove, PuzzleUndo};
use crate::solve::plain;
use crate::solve::tree::{Mark, ROOT, SearchTree};
use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::prelude::*;
use std::collections::VecDeque;

use super::compare::{self, Comparison};

/// Rows the view draws at most, whatever the search's size.
pub const MAX_ROWS: usize = 48;
/// Depths the rows indent before the view shifts them left, and the
/// pixels of each.
const INDENT_STEPS: u32 = 7;
const INDENT_PX: f32 = 10.0;
/// Font sizes the view can be zoomed through.
const SIZES: [f32; 5] = [12.0, 13.5, 15.0, 17.0, 19.0];

/// Shows or hides the tree (its key, its button).
#[derive(Message, Component, Debug, Clone, Copy)]
pub struct ToggleTree;

/// The column that holds the view.
#[derive(Component)]
struct TreeColumn;

/// A row of the view: its slot, from the top. A click on it sends it as a
/// message: go to the position of the node it shows.
#[derive(Message, Component, Debug, Clone, Copy)]
pub struct TreeRow(pub usize);

/// The room the rows have.
#[derive(Component)]
struct RowRoom;

/// The picture of the position of the row under the pointer.
#[derive(Component)]
pub struct TreePicture;

/// The picture's side, in pixels.
const PICTURE: f32 = 150.0;

/// A part of the column shown only when the column is at least this tall:
/// a short column gives the rows the room of its notes, then of its
/// figures.
#[derive(Component, Debug, Clone, Copy)]
struct ShowFrom(f32);

/// Moves the timeline of a search that has run: by a number of its events
/// (moves tried or taken back), or to its start or its end.
#[derive(Message, Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scrub {
    By(i64),
    Start,
    End,
}

/// The view's lines of words.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum TreeText {
    Figures,
    Note,
    Hidden,
    CompareNames,
    ComparePlain,
    CompareOurs,
    Answers,
    Ideas,
    Timeline,
}

/// Where the view is: the first row shown, whether it follows the search,
/// how far the rows are shifted left, its size, and what each row's slot
/// shows (the node a click goes to).
#[derive(Resource, Debug, Clone, Default)]
pub struct TreeViewState {
    pub first: usize,
    pub follow: bool,
    pub shift: u32,
    zoom: usize,
    /// The node each slot shows, if it shows one.
    pub slots: Vec<Option<u32>>,
    /// Rows the outline has in all.
    pub total: usize,
    /// Where the timeline stands (none: at the search's end), and the tree
    /// as it was there.
    pub scrubbed: Option<(usize, SearchTree)>,
}

/// Moves still to play (or undo) to bring the board to a node clicked.
#[derive(Resource, Debug, Default)]
pub struct TreeJump(pub VecDeque<Request>);

/// The tone of a row: where its node stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Start,
    Line,
    Solution,
    GivenUp,
    Untried,
}

/// One row of the outline.
#[derive(Debug, Clone)]
pub struct Row {
    pub id: Option<u32>,
    pub depth: u32,
    pub words: String,
    pub tone: Tone,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ToggleTree>()
        .add_message::<TreeRow>()
        .add_message::<Scrub>()
        .init_resource::<TreeJump>()
        .add_systems(OnEnter(Screen::Play), open_from_command_line)
        .add_systems(OnExit(Screen::Play), |mut jump: ResMut<TreeJump>| {
            jump.0.clear()
        })
        .add_systems(
            Update,
            (
                widget::press::<ToggleTree>,
                widget::press::<TreeRow>,
                widget::press::<Scrub>,
                (tree_keys, wheel, click_rows, scrub).run_if(board_takes_input),
                toggle,
            )
                .chain()
                .in_set(PlaySystems::Input),
        )
        .add_systems(Update, jump_step.in_set(PlaySystems::Solver))
        .add_systems(
            Update,
            (place_column, update_view, hover_picture)
                .chain()
                .in_set(PlaySystems::Present)
                .run_if(resource_exists::<TreeViewState>),
        );
}

/// `--show-tree`: the level opens with the tree shown.
fn open_from_command_line(options: Option<Res<GameOptions>>, mut open: ResMut<TreeViewOpen>) {
    if options.is_some_and(|o| o.show_tree) && !open.0 {
        open.0 = true;
    }
}

fn tree_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut toggles: MessageWriter<ToggleTree>,
    mut asked: MessageWriter<AutoplayCommand>,
    mut scrubs: MessageWriter<Scrub>,
    autoplay: Option<Res<Autoplay>>,
    view: Option<ResMut<TreeViewState>>,
) {
    if keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]) {
        return;
    }
    if keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]) {
        // The timeline: a move, a fortieth of the search, or an end.
        let long = autoplay.map_or(1, |a| (a.log.len() as i64 / 40).max(1));
        for (key, scrub) in [
            (KeyCode::ArrowLeft, Scrub::By(-1)),
            (KeyCode::ArrowRight, Scrub::By(1)),
            (KeyCode::ArrowDown, Scrub::By(-long)),
            (KeyCode::ArrowUp, Scrub::By(long)),
            (KeyCode::Home, Scrub::Start),
            (KeyCode::End, Scrub::End),
        ] {
            if keys.just_pressed(key) {
                scrubs.write(scrub);
            }
        }
        return;
    }
    if keys.just_pressed(KeyCode::KeyG) {
        toggles.write(ToggleTree);
    }
    if keys.just_pressed(KeyCode::KeyP) {
        asked.write(AutoplayCommand::Start(Watch::Plain));
    }
    let Some(mut view) = view else { return };
    let page = view.slots.len().max(1);
    if keys.just_pressed(KeyCode::PageDown) {
        view.follow = false;
        view.first += page / 2;
    }
    if keys.just_pressed(KeyCode::PageUp) {
        view.follow = false;
        view.first = view.first.saturating_sub(page / 2);
    }
    if keys.just_pressed(KeyCode::Home) {
        view.follow = true;
    }
    if keys.just_pressed(KeyCode::BracketRight) {
        view.zoom = (view.zoom + 1).min(SIZES.len() - 1);
    }
    if keys.just_pressed(KeyCode::BracketLeft) {
        view.zoom = view.zoom.saturating_sub(1);
    }
}

/// The wheel over the view scrolls it (with Shift, shifts it sideways; with
/// Ctrl, sizes it).
fn wheel(
    mut wheel: MessageReader<MouseWheel>,
    keys: Res<ButtonInput<KeyCode>>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    view: Option<ResMut<TreeViewState>>,
    open: Res<TreeViewOpen>,
) {
    let steps: f32 = wheel
        .read()
        .map(|w| match w.unit {
            MouseScrollUnit::Line => w.y,
            MouseScrollUnit::Pixel => w.y / 20.0,
        })
        .sum();
    let Some(mut view) = view else { return };
    if steps == 0.0 || !open.0 {
        return;
    }
    // Only over the view's column.
    let over = windows.single().ok().and_then(|w| {
        w.cursor_position()
            .map(|c| c.x < panels::tree_width(w.width()) + 14.0)
    });
    if over != Some(true) {
        return;
    }
    let n = steps.round() as i64;
    if keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]) {
        view.zoom = (view.zoom as i64 + n.signum()).clamp(0, SIZES.len() as i64 - 1) as usize;
    } else if keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]) {
        view.follow = false;
        view.shift = (view.shift as i64 - n).max(0) as u32;
    } else {
        view.follow = false;
        view.first = (view.first as i64 - 3 * n).max(0) as usize;
    }
}

/// A click on a row takes the board to its position, once the search is
/// paused or over.
fn click_rows(
    mut rows: MessageReader<TreeRow>,
    view: Option<Res<TreeViewState>>,
    autoplay: Option<ResMut<Autoplay>>,
    state: Res<PlayState>,
    mut jump: ResMut<TreeJump>,
    mut say: MessageWriter<Say>,
) {
    let Some(view) = view else { return };
    for row in rows.read() {
        let Some(id) = view.slots.get(row.0).copied().flatten() else {
            continue;
        };
        let Some(mut a) = autoplay else { return };
        if a.is_active() && !a.paused {
            say.write(Say(
                "Pause the search (Space) to go to a position of its tree.".into(),
            ));
            return;
        }
        match jump_to(&mut a, &state, id) {
            Ok(requests) => jump.0 = requests,
            Err(why) => {
                say.write(Say(why));
            }
        }
        return;
    }
}

/// The requests that bring the board from where it is to node `id` of the
/// search's tree: undo to the line they share, then play on. The search
/// ends (as any move of the player's ends it).
pub fn jump_to(a: &mut Autoplay, state: &PlayState, id: u32) -> Result<VecDeque<Request>, String> {
    let Some(tree) = a.tree.as_ref() else {
        return Err("There is no search tree to go to.".into());
    };
    let path = tree.path(id);
    requests_to(a, state, &path)
}

/// The requests that bring the board to the search's start and then along
/// `path` (undo to the line they share, then play on); the search ends.
fn requests_to(
    a: &mut Autoplay,
    state: &PlayState,
    path: &[PuzzleMove],
) -> Result<VecDeque<Request>, String> {
    let Some(tree) = a.tree.as_ref() else {
        return Err("There is no search tree to go to.".into());
    };
    let base = a.base().min(state.done.len());
    let here: Vec<PuzzleMove> = state.done[base..].iter().map(|(mv, _)| *mv).collect();
    // The board must still stand on the search's start.
    let mut start = state.puzzle.clone();
    for (_, undo) in state.done[base..].iter().rev() {
        start.undo(undo);
    }
    if &start != tree.start() {
        return Err("The board has left the position the search started from.".into());
    }
    let common = here.iter().zip(path).take_while(|(a, b)| a == b).count();
    let mut requests: VecDeque<Request> =
        std::iter::repeat_n(Request::Undo, here.len() - common).collect();
    requests.extend(path[common..].iter().map(|&mv| Request::Play(mv)));
    if a.is_active() {
        a.stop();
    }
    Ok(requests)
}

/// Moves the timeline: the tree as it was after that many of the search's
/// events, and the board at the end of its line then. The search stops (as
/// a move of the player's stops it), paused or over.
fn scrub(
    mut scrubs: MessageReader<Scrub>,
    view: Option<ResMut<TreeViewState>>,
    autoplay: Option<ResMut<Autoplay>>,
    state: Res<PlayState>,
    mut jump: ResMut<TreeJump>,
    mut say: MessageWriter<Say>,
) {
    let asked: Vec<Scrub> = scrubs.read().copied().collect();
    let (Some(mut view), Some(mut a)) = (view, autoplay) else {
        return;
    };
    for s in asked {
        let Some(whole) = a.tree.as_ref() else { return };
        if a.is_active() && !a.paused {
            say.write(Say(
                "Pause the search (Space) to move through its timeline.".into(),
            ));
            return;
        }
        let len = a.log.len();
        let now = view.scrubbed.as_ref().map_or(len, |(at, _)| *at);
        let to = match s {
            Scrub::By(n) => (now as i64 + n).clamp(0, len as i64) as usize,
            Scrub::Start => 0,
            Scrub::End => len,
        };
        let (line, scrubbed) = if to == len {
            (whole.path(*whole.line().last().unwrap_or(&ROOT)), None)
        } else {
            // On from the tree shown when going forward, from the start when
            // going back.
            let mut tree = match view.scrubbed.take() {
                Some((at, t)) if at <= to => Some((at, t)),
                _ => None,
            }
            .unwrap_or_else(|| {
                (
                    0,
                    SearchTree::new(whole.start(), super::autoplay::TREE_KEEP),
                )
            });
            for e in &a.log[tree.0..to] {
                if tree.1.feed(&e.event()).is_err() {
                    say.write(Say("The search's timeline lost its place.".into()));
                    return;
                }
            }
            let t = tree.1;
            (t.path(*t.line().last().unwrap_or(&ROOT)), Some((to, t)))
        };
        match requests_to(&mut a, &state, &line) {
            Ok(requests) => jump.0 = requests,
            Err(why) => {
                say.write(Say(why));
                return;
            }
        }
        view.scrubbed = scrubbed;
        view.follow = true;
    }
}

/// Plays the moves of a jump, one as soon as the board is still.
fn jump_step(
    mut jump: ResMut<TreeJump>,
    anims: BoardAnims,
    mut moves: MessageWriter<MoveRequested>,
) {
    if jump.0.is_empty() || !anims.is_empty() {
        return;
    }
    if let Some(request) = jump.0.pop_front() {
        moves.write(MoveRequested::new(request, Mover::Solver));
    }
}

fn toggle(
    mut commands: Commands,
    mut toggles: MessageReader<ToggleTree>,
    mut open: ResMut<TreeViewOpen>,
    columns: Query<Entity, With<TreeColumn>>,
    pictures: Query<Entity, With<TreePicture>>,
    screen: Res<State<Screen>>,
    fonts: Res<theme::Fonts>,
) {
    for _ in toggles.read() {
        open.0 = !open.0;
    }
    let shown = !columns.is_empty();
    let want = open.0 && *screen.get() == Screen::Play;
    if want && !shown {
        commands.insert_resource(TreeViewState {
            follow: true,
            zoom: 1,
            ..default()
        });
        commands.spawn(column(&fonts));
    } else if !want && shown {
        for c in columns.iter().chain(&pictures) {
            commands.entity(c).despawn();
        }
        commands.remove_resource::<TreeViewState>();
    }
}

fn column(fonts: &theme::Fonts) -> impl Bundle {
    let line = |t: TreeText, size: f32, colour: Color| (t, text("", size, colour));
    // A line that wraps in the column's width (a little inside it: the
    // wrapped text's width is rounded up).
    let para = |t: TreeText, size: f32, colour: Color| {
        (
            t,
            text("", size, colour),
            Node {
                width: percent(100),
                padding: UiRect::right(px(4)),
                ..default()
            },
        )
    };
    (
        Name::new("Search tree"),
        TreeColumn,
        DespawnOnExit(Screen::Play),
        Node {
            position_type: PositionType::Absolute,
            left: px(14),
            top: px(130),
            bottom: px(60),
            width: px(300),
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(px(10)),
            row_gap: px(4),
            border_radius: theme::PANEL_RADIUS,
            overflow: Overflow::clip(),
            ..default()
        },
        theme::panel(),
        Children::spawn((
            Spawn((
                Node {
                    justify_content: JustifyContent::SpaceBetween,
                    align_items: AlignItems::Center,
                    column_gap: px(6),
                    row_gap: px(4),
                    flex_wrap: FlexWrap::Wrap,
                    ..default()
                },
                children![
                    (
                        theme::heading(fonts, "Search tree", 19.0, theme::TEXT),
                        TextLayout::no_wrap()
                    ),
                    (
                        Node {
                            column_gap: px(6),
                            ..default()
                        },
                        children![
                            widget::button(
                                AutoplayCommand::Start(Watch::Plain),
                                small_button(),
                                (text("Plain P", 13.0, theme::TEXT), TextLayout::no_wrap())
                            ),
                            widget::button(
                                ToggleTree,
                                small_button(),
                                (text("Hide G", 13.0, theme::TEXT), TextLayout::no_wrap())
                            ),
                        ]
                    ),
                ],
            )),
            Spawn(legend()),
            Spawn(para(TreeText::Figures, 14.0, theme::TEXT)),
            Spawn((para(TreeText::Note, 13.0, theme::TEXT_DIM), ShowFrom(440.0))),
            Spawn((
                RowRoom,
                Node {
                    flex_direction: FlexDirection::Column,
                    flex_grow: 1.0,
                    flex_shrink: 1.0,
                    flex_basis: px(0),
                    min_height: px(60),
                    overflow: Overflow::clip(),
                    ..default()
                },
                Children::spawn(SpawnIter((0..MAX_ROWS).map(row))),
            )),
            Spawn((
                para(TreeText::Hidden, 12.0, theme::TEXT_DIM),
                ShowFrom(440.0),
            )),
            Spawn((timeline_bar(), ShowFrom(300.0))),
            Spawn((
                para(TreeText::Timeline, 12.0, theme::TEXT_DIM),
                ShowFrom(400.0),
            )),
            Spawn((
                ShowFrom(360.0),
                Node {
                    column_gap: px(12),
                    ..default()
                },
                children![
                    line(TreeText::CompareNames, 12.5, theme::TEXT_DIM),
                    line(TreeText::ComparePlain, 12.5, theme::TEXT),
                    line(TreeText::CompareOurs, 12.5, theme::TEXT),
                ],
            )),
            Spawn((para(TreeText::Answers, 12.5, theme::TEXT), ShowFrom(360.0))),
            Spawn((
                para(TreeText::Ideas, 12.0, theme::TEXT_DIM),
                ShowFrom(520.0),
            )),
        )),
    )
}

/// The timeline's buttons: to the start, back, on, to the end.
fn timeline_bar() -> impl Bundle {
    let b = |label: &'static str, s: Scrub| {
        widget::button(
            s,
            small_button(),
            (text(label, 13.0, theme::TEXT), TextLayout::no_wrap()),
        )
    };
    (
        Node {
            column_gap: px(6),
            ..default()
        },
        children![
            b("|<", Scrub::Start),
            b("<", Scrub::By(-1)),
            b(">", Scrub::By(1)),
            b(">|", Scrub::End),
        ],
    )
}

fn small_button() -> Node {
    Node {
        padding: UiRect::axes(px(8), px(3)),
        ..default()
    }
}

/// The key of the colours, in the colours.
fn legend() -> impl Bundle {
    let word = |w: &'static str, c: Color| text(w, 12.5, c);
    (
        Node {
            column_gap: px(10),
            flex_wrap: FlexWrap::Wrap,
            ..default()
        },
        children![
            word("tried now", tone_colour(Tone::Line)),
            word("given up", tone_colour(Tone::GivenUp)),
            word("not tried", tone_colour(Tone::Untried)),
            word("solution", tone_colour(Tone::Solution)),
        ],
    )
}

fn row(slot: usize) -> impl Bundle {
    (
        TreeRow(slot),
        Button,
        Node {
            padding: UiRect::axes(px(4), px(1)),
            border_radius: BorderRadius::all(px(4)),
            display: Display::None,
            flex_shrink: 0.0,
            ..default()
        },
        BackgroundColor(Color::NONE),
        children![(
            text("", 13.5, theme::TEXT),
            TextLayout::no_wrap(),
            Pickable::IGNORE
        )],
    )
}

pub fn tone_colour(tone: Tone) -> Color {
    match tone {
        Tone::Start => theme::TEXT,
        Tone::Line => Color::srgb(1.0, 0.52, 0.45),
        Tone::Solution => theme::WIN,
        Tone::GivenUp => Color::srgb(0.62, 0.70, 0.72),
        Tone::Untried => Color::srgb(0.42, 0.52, 0.55),
    }
}

/// The column stands below the level's bar and above the keys' line, and
/// takes the width the board's camera leaves it.
fn place_column(
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    edges: Query<(&BoardEdge, &ComputedNode, &UiGlobalTransform)>,
    mut columns: Query<&mut Node, With<TreeColumn>>,
) {
    let Ok(window) = windows.single() else { return };
    let width = panels::tree_width(window.width()) - 10.0;
    let (top, bottom) = panels::edge_reach(edges, window.height(), 8.0, Some((14.0, 14.0 + width)));
    for mut node in &mut columns {
        let want = (px(top.max(14.0)), px(bottom.max(14.0)), px(width));
        if (node.top, node.bottom, node.width) != want {
            (node.top, node.bottom, node.width) = want;
        }
    }
}

/// The row under the pointer shows its position beside the column, as a
/// small picture (drawn again only when another row is hovered).
fn hover_picture(
    mut commands: Commands,
    view: Res<TreeViewState>,
    autoplay: Option<Res<Autoplay>>,
    rows: Query<(&TreeRow, &Interaction, &UiGlobalTransform, &ComputedNode)>,
    pictures: Query<Entity, With<TreePicture>>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut shown: Local<Option<(u32, Option<usize>)>>,
) {
    let hovered = rows.iter().find_map(|(row, interaction, at, node)| {
        (*interaction != Interaction::None)
            .then(|| view.slots.get(row.0).copied().flatten())
            .flatten()
            .map(|id| (id, at.translation.y * node.inverse_scale_factor()))
    });
    let tree = match &view.scrubbed {
        Some((_, t)) => Some(t),
        None => autoplay.as_deref().and_then(|a| a.tree.as_ref()),
    };
    let key = hovered.map(|(id, _)| (id, view.scrubbed.as_ref().map(|s| s.0)));
    if key == *shown && (key.is_none() || !pictures.is_empty()) {
        return;
    }
    *shown = key;
    for p in &pictures {
        commands.entity(p).despawn();
    }
    let (Some((id, y)), Some(tree)) = (hovered, tree) else {
        return;
    };
    let Ok(window) = windows.single() else { return };
    let position = tree.position(id);
    let depth = tree.node(id).depth;
    let left = panels::tree_width(window.width()) + 12.0;
    let top = (y - PICTURE / 2.0).clamp(14.0, (window.height() - PICTURE - 40.0).max(14.0));
    let dots = puzzles::sketch(&position);
    commands
        .spawn((
            TreePicture,
            Name::new("Position picture"),
            DespawnOnExit(Screen::Play),
            GlobalZIndex(20),
            Pickable::IGNORE,
            Node {
                position_type: PositionType::Absolute,
                left: px(left),
                top: px(top),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                padding: UiRect::all(px(8)),
                row_gap: px(4),
                border_radius: theme::PANEL_RADIUS,
                ..default()
            },
            theme::panel(),
        ))
        .with_children(|p| {
            p.spawn((
                Node {
                    width: px(PICTURE),
                    height: px(PICTURE),
                    ..default()
                },
                Pickable::IGNORE,
            ))
            .with_children(|stage| {
                for d in dots {
                    let corner = if d.round {
                        BorderRadius::MAX
                    } else {
                        BorderRadius::ZERO
                    };
                    stage.spawn((
                        Node {
                            position_type: PositionType::Absolute,
                            left: percent((d.at.x - d.size / 2.0) * 100.0),
                            top: percent((d.at.y - d.size / 2.0) * 100.0),
                            width: percent(d.size * 100.0),
                            height: percent(d.size * 100.0),
                            border_radius: corner,
                            ..default()
                        },
                        BackgroundColor(d.colour),
                        Pickable::IGNORE,
                    ));
                }
            });
            let words = match depth {
                0 => "the start".to_string(),
                1 => "after 1 move".to_string(),
                n => format!("after {n} moves"),
            };
            p.spawn((text(words, 13.0, theme::TEXT_DIM), Pickable::IGNORE));
        });
}

/// The outline of the tree: the root, and under each node on the line (or
/// the solution) the moves tried from it, then its untried moves in one
/// faint row. Branches given up show as one row with their count.
pub fn outline(tree: &SearchTree) -> Vec<Row> {
    enum Visit {
        Node(u32),
        Untried(u32),
        Leave(PuzzleUndo),
    }
    let best_first = plain::best_first(tree.start());
    let mut rows = Vec::new();
    let mut at: Puzzle = tree.start().clone();
    let mut stack = vec![Visit::Node(ROOT)];
    while let Some(visit) = stack.pop() {
        match visit {
            Visit::Leave(undo) => at.undo(&undo),
            Visit::Untried(id) => {
                let n = tree.node(id);
                if n.tried >= n.legal || n.folded {
                    continue;
                }
                let tried: Vec<PuzzleMove> =
                    n.children.iter().filter_map(|&c| tree.node(c).mv).collect();
                let untried: Vec<String> = at
                    .legal_moves()
                    .into_iter()
                    .filter(|mv| !tried.contains(mv))
                    .map(short)
                    .collect();
                let shown: Vec<&str> = untried.iter().take(3).map(String::as_str).collect();
                let more = untried.len().saturating_sub(3);
                let mut words = format!("{} untried: {}", untried.len(), shown.join(", "));
                if more > 0 {
                    words.push_str(&format!(" and {more} more"));
                }
                rows.push(Row {
                    id: None,
                    depth: n.depth + 1,
                    words,
                    tone: Tone::Untried,
                });
            }
            Visit::Node(id) => {
                let n = tree.node(id);
                let mut words = match n.mv {
                    Some(mv) => step_words(&at, mv),
                    None => format!("start ({})", tree.positions(ROOT)),
                };
                let tone = match (n.mv, n.mark) {
                    (None, Mark::Solution) => Tone::Solution,
                    (None, _) => Tone::Start,
                    (_, Mark::Line) => Tone::Line,
                    (_, Mark::Solution) => Tone::Solution,
                    (_, Mark::GivenUp) => Tone::GivenUp,
                };
                if tone == Tone::GivenUp {
                    words.push_str(" - ");
                    words.push_str(&given_up(best_first, tree, id));
                }
                rows.push(Row {
                    id: Some(id),
                    depth: n.depth,
                    words,
                    tone,
                });
                if tone == Tone::GivenUp {
                    continue;
                }
                if let Some(mv) = n.mv {
                    match at.apply(mv) {
                        Ok(undo) => stack.push(Visit::Leave(undo)),
                        Err(_) => continue,
                    }
                }
                stack.push(Visit::Untried(id));
                stack.extend(n.children.iter().rev().map(|&c| Visit::Node(c)));
            }
        }
    }
    rows
}

/// What a given-up node's row says of it, in few words (the count first
/// to be seen: the rows are narrow).
fn given_up(best_first: bool, tree: &SearchTree, id: u32) -> String {
    let n = tree.node(id);
    let positions = tree.positions(id);
    match (best_first, n.tried) {
        (true, _) => format!("set aside ({positions})"),
        (_, 0) if n.leaf => "dead end".into(),
        (_, 0) => "known lost".into(),
        _ => format!("{positions} lost"),
    }
}

/// The height of a row at a font size.
fn row_height(size: f32) -> f32 {
    (size * 1.36).round() + 2.0
}

/// Rows that fit a room `height` pixels high at a font size.
fn rows_fitting(height: f32, size: f32) -> usize {
    ((height / row_height(size)).floor().max(3.0) as usize).min(MAX_ROWS)
}

/// The column's height, in logical pixels.
fn column_height_of(columns: &Query<&ComputedNode, With<TreeColumn>>) -> f32 {
    columns
        .iter()
        .next()
        .map_or(600.0, |c| c.size().y * c.inverse_scale_factor())
}

#[allow(clippy::too_many_arguments)]
fn update_view(
    mut view: ResMut<TreeViewState>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    autoplay: Option<Res<Autoplay>>,
    state: Res<PlayState>,
    comparison: Option<Res<Comparison>>,
    columns: Query<&ComputedNode, With<TreeColumn>>,
    room: Query<&ComputedNode, With<RowRoom>>,
    mut rows: Query<(&TreeRow, &mut Node, &mut BackgroundColor, &Children)>,
    mut texts: Query<(&mut Text, &mut TextColor, &mut TextFont), Without<TreeText>>,
    mut lines: Query<(&TreeText, &mut Text), Without<TreeRow>>,
    mut parts: Query<(&ShowFrom, &mut Node), Without<TreeRow>>,
) {
    for (least, mut node) in &mut parts {
        let display = if column_height_of(&columns) >= least.0 {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != display {
            node.display = display;
        }
    }
    // A new search starts its timeline at its end.
    if autoplay.as_ref().is_some_and(|a| a.is_added()) && view.scrubbed.is_some() {
        view.scrubbed = None;
    }
    let scrubbed = view.scrubbed.take();
    let tree = match &scrubbed {
        Some((_, t)) => Some(t),
        None => autoplay.as_deref().and_then(|a| a.tree.as_ref()),
    };
    let outline = tree.map(outline).unwrap_or_default();
    let size = SIZES[view.zoom.min(SIZES.len() - 1)];
    let logical = |c: &ComputedNode| c.size().y * c.inverse_scale_factor();
    let fit = rows_fitting(room.iter().next().map_or(200.0, logical), size);
    // The row to follow: where the search is (the end of its line).
    let current = tree.and_then(|t| {
        let last = *t.line().last()?;
        outline.iter().position(|r| r.id == Some(last))
    });
    if view.follow {
        if let Some(c) = current {
            view.first = c.saturating_sub(fit * 2 / 3);
        }
        let deepest = current.map_or(0, |c| outline[c].depth);
        view.shift = deepest.saturating_sub(INDENT_STEPS);
    }
    view.first = view.first.min(outline.len().saturating_sub(fit));
    view.total = outline.len();
    let first = view.first;
    let shift = view.shift;
    // Letters a row has room for, beside its indent.
    let width = windows
        .single()
        .map_or(300.0, |w| panels::tree_width(w.width()) - 40.0);
    view.slots = (0..fit)
        .map(|i| outline.get(first + i).and_then(|r| r.id))
        .collect();
    for (slot, mut node, mut bg, children) in &mut rows {
        let r = (slot.0 < fit)
            .then(|| outline.get(first + slot.0))
            .flatten();
        let display = if r.is_some() {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != display {
            node.display = display;
        }
        let Some(r) = r else { continue };
        let indent = r.depth.saturating_sub(shift).min(INDENT_STEPS + 4) as f32 * INDENT_PX;
        let letters = ((width - indent) / (size * 0.5)).max(8.0) as usize;
        let margin = UiRect::left(px(indent));
        if node.margin != margin {
            node.margin = margin;
        }
        let here = current == Some(first + slot.0);
        let want = if here {
            Color::srgba(1.0, 0.52, 0.45, 0.22)
        } else {
            Color::NONE
        };
        if bg.0 != want {
            bg.0 = want;
        }
        for child in children.iter() {
            if let Ok((mut t, mut c, mut f)) = texts.get_mut(child) {
                let words = if r.depth < shift && r.depth > 0 {
                    format!("{}. {}", r.depth, r.words)
                } else {
                    r.words.clone()
                };
                let words = theme::short(&words, letters);
                if t.0 != words {
                    t.0 = words;
                }
                let colour = tone_colour(r.tone);
                if c.0 != colour {
                    c.0 = colour;
                }
                if f.font_size != FontSize::Px(size) {
                    f.font_size = FontSize::Px(size);
                }
            }
        }
    }
    let (figures, note) = match (autoplay.as_deref(), tree) {
        (Some(a), Some(t)) => {
            let who = if a.watch == Watch::Plain {
                "Plain search"
            } else {
                "Solver's search"
            };
            let st = t.stats();
            let mut note = note_for(t.start(), a.watch);
            if a.watch == Watch::Search && !a.stats.bounds.is_empty() {
                note.push_str(&rounds(&a.stats.bounds));
            }
            (
                format!(
                    "{who}: {} positions, {} dead ends, {} moves taken back",
                    compare::group(st.positions),
                    compare::group(st.dead_ends),
                    compare::group(st.backtracks)
                ),
                note,
            )
        }
        _ => (
            "No search yet.".to_string(),
            "Search (W) grows the solver's tree here; Plain (P) the plain search's, as the first programs searched.".to_string(),
        ),
    };
    let hidden = match outline.len() {
        0 => String::new(),
        n if n <= fit => "Click a row (paused or done) to go there.".to_string(),
        n => format!(
            "Rows {}-{} of {n}: wheel or PageUp/PageDown, Home follows.",
            first + 1,
            (first + fit).min(n)
        ),
    };
    let [names, plain_col, ours_col, answers] = compare::columns(comparison.as_deref());
    let timeline = match autoplay.as_deref() {
        Some(a) if !a.log.is_empty() => {
            let len = a.log.len();
            let at = scrubbed.as_ref().map_or(len, |(at, _)| *at);
            let more = if len == super::autoplay::LOG_MOST {
                " (the first kept)"
            } else {
                ""
            };
            format!(
                "Timeline: {} of {} moves tried and taken back{more}. Shift and the arrows move it.",
                compare::group(at as u64),
                compare::group(len as u64)
            )
        }
        _ => "Timeline: none yet.".to_string(),
    };
    view.scrubbed = scrubbed;
    let ideas = format!(
        "What the solver adds:\n{}",
        plain::ideas(&state.puzzle)
            .iter()
            .map(|i| format!("- {i}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    for (line, mut t) in &mut lines {
        let words = match line {
            TreeText::Figures => &figures,
            TreeText::Note => &note,
            TreeText::Hidden => &hidden,
            TreeText::CompareNames => &names,
            TreeText::ComparePlain => &plain_col,
            TreeText::CompareOurs => &ours_col,
            TreeText::Answers => &answers,
            TreeText::Timeline => &timeline,
            TreeText::Ideas => &ideas,
        };
        if &t.0 != words {
            t.0 = words.clone();
        }
    }
}

/// A best-first search's rounds in words: each bound it reached and the
/// positions it expanded under the one before.
fn rounds(bounds: &[(u32, u64)]) -> String {
    let mut words = Vec::new();
    let mut before = 0;
    for (i, &(moves, nodes)) in bounds.iter().enumerate() {
        if i > 0 {
            words.push(format!("{} expanded", nodes - before));
        }
        words.push(format!("bound {moves}"));
        before = nodes;
    }
    format!(" Its rounds: {}.", words.join(", "))
}

/// What the picture shows, for the puzzle and the search watched.
fn note_for(p: &Puzzle, watch: Watch) -> String {
    match (plain::best_first(p), watch) {
        (_, Watch::Plain) => {
            "Every move in order, no memory of positions, no pruning: the first programs' way."
                .into()
        }
        (true, _) => "Best-first (A*): each line shown looked shortest then (moves so far and a bound on those left); a line set aside may be taken up again.".into(),
        _ => "Depth first. A branch given up is proven lost: one row, with the positions searched in it.".into(),
    }
}
