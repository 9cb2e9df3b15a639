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
use crate::game::panels::{self, ArrowsOnTimeline, BoardEdge, TreeViewOpen, WonCard};
use crate::game::play::{
    AtOnce, BoardAnims, MoveRequested, Mover, PlayState, PlaySystems, Request, Say,
    board_takes_input, keys_reach_the_board,
};
use crate::game::puzzles::{self, step_words};
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

/// The column's "Plain" (or P): the plain search watched, from where the
/// search shown began.
#[derive(Message, Component, Debug, Clone, Copy)]
pub struct AskPlain;

/// The column that holds the view.
#[derive(Component)]
pub struct TreeColumn;

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
    /// A point of the timeline, in ten-thousandths of its length (a press
    /// or a drag on its bar).
    At(u16),
    /// "Play from here": the board shown is the player's game; the
    /// timeline goes back to its end without moving the board.
    Here,
}

/// Go to the position of a node of the tree shown (a row or a cell of the
/// map clicked).
#[derive(Message, Debug, Clone, Copy)]
pub struct GoToNode(pub u32);

/// The timeline's "Play from here", shown while the board shows a moment
/// of the search before its end.
#[derive(Component)]
struct PlayFromHere;

/// The comparison's chart (shown once a figure is in).
#[derive(Component)]
struct CompareChart;

/// The comparison's bars, the plain search's (0) and the solver's (1), and
/// their finish lines while one of them races (2 and 3).
#[derive(Component, Debug, Clone, Copy)]
pub struct CompareBar(pub usize);

/// A mark on the comparison's bars at its number times the scale's step
/// (of positions).
#[derive(Component, Debug, Clone, Copy)]
struct ScaleTick(u32);

/// The most marks a bar has (`compare::Scale` spans at most four steps,
/// or nine powers of ten: the plain search stops at eight million).
const SCALE_MARKS: u32 = 9;

/// The figure under the bars at the mark of the same number: how many
/// positions it stands for ("100", "2k", "1.5M").
#[derive(Component, Debug, Clone, Copy)]
struct ScaleLabel(u32);

/// The room under the bars' figures beside the scale's labels: as wide as
/// the figures (`even_figures`), so the scale spans the bars' track.
#[derive(Component, Debug, Clone, Copy)]
struct FigureRoom;

/// The track the scale's figures stand under (as long as the bars').
#[derive(Component, Debug, Clone, Copy)]
struct ScaleTrack;

/// The timeline's bar: a press or a drag on it moves the timeline there.
#[derive(Component)]
struct TimelineBar;

/// The part of the bar the timeline has passed.
#[derive(Component)]
struct TimelineFill;

/// The timeline's bar and its buttons: hidden, their room kept, while there
/// is no search to go through (before the first, after a restart).
#[derive(Component)]
struct Timeline;

/// The key of a best-first search's rounds, and each swatch of it.
#[derive(Component)]
struct RoundsKey;

#[derive(Component, Debug, Clone, Copy)]
struct RoundSwatch(usize);

/// The rounds the key shows at most (the last ones).
const ROUNDS_SHOWN: usize = 8;

/// The timeline's line under the map ("18 positions: 17 moves tried, 9
/// taken back"), where the column counts the search: a short column leaves
/// it out, and the solver panel counts then.
#[derive(Component)]
pub struct StepsCaption;

/// The view's lines of words.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum TreeText {
    /// The column's title: which search it draws.
    Heading,
    Figures,
    Note,
    Hidden,
    CompareRatio,
    ComparePlain,
    CompareOurs,
    Answers,
    Ideas,
    Timeline,
    /// What the solver's ideas saved.
    Saved,
    /// The key's word for the rows given up: as the rows and the map
    /// name them (lost, skipped, dead end; or set aside).
    GivenUpKey,
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
    /// The rows of words shown instead of the map.
    pub words: bool,
    /// A row clicked: its node, and the slot it stays in once the board
    /// has gone there (the list scrolled under the pointer).
    pub pinned: Option<(u32, usize)>,
}

/// Moves still to play (or undo) to bring the board to a node clicked.
#[derive(Resource, Debug, Default)]
pub struct TreeJump(pub VecDeque<Request>);

mod chart;
mod column;
mod input;
mod map;
mod map_figure;
mod map_key;
mod map_place;
mod map_pointer;
mod map_switch;
mod outline;
mod picture;
mod replay;
mod rounds;
mod rows_scroll;
pub use rows_scroll::{RowsScroll, RowsThumb};
mod timeline_line;
mod view;

/// (The chart's figures in few letters, for the tests to read.)
pub use chart::scale_words;
use chart::*;
use column::*;
use input::*;
use map::*;
pub use map::{
    DragBand, MapBar, MapFigure, MapPicture, MapShare, MapTip, MapView, ToggleWords, shown_map,
};
use map_figure::*;
use map_key::*;
pub use map_key::{key_entry, mark_colour, wash_entry};
use map_place::*;
pub use map_place::{MapPlace, MapPlaceMark, place_in_whole};
use map_pointer::*;
pub use map_switch::ChooseLayout;
use map_switch::*;
pub use outline::{Row, Tone, outline};

/// Whether the tree is of a search that sets lines aside and may take them
/// up again (the solver's best-first search, Flood's), not one that takes
/// its moves back: its rows, key, figures and steps are said in those
/// words. The plain search goes depth first in every puzzle.
pub fn sets_aside(watch: Watch, tree: &SearchTree) -> bool {
    watch == Watch::Search && plain::best_first(tree.start())
}
use picture::*;
use replay::*;
pub use replay::{TimelinePlay, replayable};
use rounds::*;
pub use view::search_note;
use view::*;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ToggleTree>()
        .add_message::<TreeRow>()
        .add_message::<Scrub>()
        .add_message::<GoToNode>()
        .add_message::<ToggleWords>()
        .add_message::<AskPlain>()
        .add_message::<ChooseLayout>()
        .add_message::<WholeMap>()
        .init_resource::<TreeJump>()
        .init_resource::<TimelinePlay>()
        .init_resource::<MapView>()
        .add_systems(OnEnter(Screen::Play), open_from_command_line)
        .add_systems(OnExit(Screen::Play), |mut jump: ResMut<TreeJump>| {
            jump.0.clear()
        })
        .add_observer(widget::activate::<ToggleTree>)
        .add_observer(widget::activate::<TreeRow>)
        .add_observer(widget::activate::<Scrub>)
        .add_observer(widget::activate::<ToggleWords>)
        .add_observer(widget::activate::<AskPlain>)
        .add_observer(widget::activate::<ChooseLayout>)
        .add_observer(widget::activate::<WholeMap>)
        .add_observer(slide_timeline)
        .add_systems(PreUpdate, arrows_on_timeline.run_if(in_state(Screen::Play)))
        .add_systems(
            Update,
            (
                (tree_keys, ask_plain).chain().run_if(keys_reach_the_board),
                (
                    wheel,
                    drag,
                    click_rows,
                    scrub,
                    timeline_commands,
                    play_timeline,
                    switch_keys,
                    map_pointer,
                    go_to,
                )
                    .chain()
                    .run_if(board_takes_input),
                toggle,
            )
                .chain()
                .in_set(PlaySystems::Input),
        )
        .add_systems(
            Update,
            jump_step
                .in_set(PlaySystems::Solver)
                .after(super::autoplay::start_when_back),
        )
        .add_systems(
            Update,
            (
                show_switches,
                plain_button_lit,
                hide_widths_over_map,
                chart_or_done,
                ratio_room,
                place_column,
                follow_line,
                paint_map,
                show_place,
                bar_with_a_search,
                line_key_word,
                update_view,
                rows_scroll::show_rows_scroll,
                show_rounds,
                fill_timeline,
                show_scale,
                even_figures,
                hover_picture,
            )
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

fn toggle(
    mut commands: Commands,
    mut toggles: MessageReader<ToggleTree>,
    mut open: ResMut<TreeViewOpen>,
    columns: Query<Entity, With<TreeColumn>>,
    pictures: Query<Entity, With<TreePicture>>,
    screen: Res<State<Screen>>,
    (fonts, art): (Res<theme::Fonts>, Res<theme::art::Art>),
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
        commands.spawn(column(&fonts, art.pictures.icon("play")));
    } else if !want && shown {
        for c in columns.iter().chain(&pictures) {
            commands.entity(c).try_despawn();
        }
        commands.remove_resource::<TreeViewState>();
    }
}

/// An edge of the board's room: whether it is the won banner's, and
/// whether the column keeps clear of it wherever it stands across.
type Edge = (
    &'static BoardEdge,
    &'static ComputedNode,
    &'static UiGlobalTransform,
    Has<WonCard>,
    Has<panels::WideEdge>,
);

/// Frames after a resize (or a new column) in which the panels' reach is
/// not kept: their layout is still the old window's.
const SETTLING_FRAMES: u8 = 3;

/// The column stands below the level's bar and above the keys' line, and
/// takes the width the board's camera leaves it. It keeps the least room
/// it has had in this window since its search began: a panel that comes
/// and goes (Flood's palette under a board scrubbed back from its win, a
/// long message in the level's bar) never moves the timeline's buttons
/// under the pointer, and a new search takes the room there is again.
fn place_column(
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    edges: Query<Edge>,
    mut columns: Query<&mut Node, With<TreeColumn>>,
    new: Query<(), Added<TreeColumn>>,
    autoplay: Option<Res<Autoplay>>,
    mut kept: Local<(Vec2, f32, f32, u8)>,
) {
    let Ok(window) = windows.single() else { return };
    let width = panels::tree_width(window.width()) - 10.0;
    let across = Some((14.0, 14.0 + width));
    let reach = |won: bool| {
        let edges = |wide: bool| {
            (edges.iter())
                .filter(move |e| (won || !e.3) && e.4 == wide)
                .map(|(e, n, at, ..)| (e, n, at))
        };
        let (top, bottom) = panels::edge_reach(edges(false), window.height(), 8.0, across);
        let (top_w, bottom_w) = panels::edge_reach(edges(true), window.height(), 8.0, None);
        (top.max(top_w), bottom.max(bottom_w))
    };
    let size = Vec2::new(window.width(), window.height());
    let fresh = kept.0 != size || !new.is_empty() || autoplay.is_some_and(|a| a.is_added());
    // (A window resized is laid out anew a frame or two later: until then
    // the panels' edges are the old size's, and kept, a narrow window's
    // taller keys' line held a column made wide again at its old height.)
    if fresh {
        *kept = (size, 0.0, 0.0, SETTLING_FRAMES);
    }
    // The won banner's room only while it is there (in a small window it
    // stands under the column too). The edges as laid out before the
    // column came are not kept: the keys' line then still had its words on
    // how to move, which a narrow window's column takes away (kept, its
    // second row held the timeline's buttons 21 px up until a win let them
    // down).
    let (top, bottom) = reach(false);
    if kept.3 > 0 {
        kept.3 -= 1;
    } else if new.is_empty() {
        (kept.1, kept.2) = (top.max(kept.1), bottom.max(kept.2));
    }
    let (top, bottom) = reach(true);
    let (top, bottom) = (top.max(kept.1), bottom.max(kept.2));
    for mut node in &mut columns {
        let want = (px(top.max(14.0)), px(bottom.max(14.0)), px(width));
        if (node.top, node.bottom, node.width) != want {
            (node.top, node.bottom, node.width) = want;
        }
    }
}
