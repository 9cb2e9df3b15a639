//! The panels around the board: the level, the move counter and limit, what
//! the rules said about the last move, the Flood palette and the controls.

use super::Screen;
use super::panels::{BoardEdge, SideColumn, SolverPanelOpen, TreeViewOpen};
use super::play::{
    Hint, MoveApplied, MoveRejected, MoveRequested, PlayAction, PlayState, PlaySystems, Say,
};
use super::puzzles::{self, Picked};
use super::settings::Settings;
use super::solver::move_map::MoveMarks;
use super::solver::tree_view::TreeViewState;
use super::solver::{Solvability, Watch};
use super::theme::widget;
use super::theme::{self, text};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use under::{
    bottom_panels, grey_idle_keys, how_to_move_while_playable, palette_colours, ring_the_colour_now,
};
use words::{lost_words, message_size, message_words};

mod under;
mod words;

#[derive(Component)]
struct LevelTitle;

#[derive(Component)]
struct MoveCounter;

/// The move map's line under the counter: how many moves keep the level
/// winnable and what is left (on the counter's line, it ran under the "?"
/// in a narrow bar, at 800x600 with the solver's panel open). Shown only
/// while the map has words.
#[derive(Component)]
struct MapLine;

/// The line under it while the marks carry numbers: what a mark's number
/// is (said in brackets on the map's line, it was cryptic to a new player,
/// and the line was drawn smaller to fit at 800x600).
#[derive(Component)]
struct MapKey;

/// The move map's lines, apart from the counter.
type MapLineOnly = (Or<(With<MapLine>, With<MapKey>)>, Without<MoveCounter>);

#[derive(Component)]
struct Message;

/// The level's code under its name: the message line takes its place
/// while it says something, so the bar keeps its height (it grew a line,
/// and the search's column under it moved down and stayed there).
#[derive(Component)]
struct CodeLine;

/// The height of the bar's third line, the code's or the message's: both
/// the same, so that one taking the other's place moves nothing.
const THIRD_LINE: f32 = 23.0;

/// The longest level name (with its grade) the top bar shows whole.
const TITLE_CHARS: usize = 46;

/// The level's panel at the top.
#[derive(Component)]
struct TopBar;

/// The row of Flood's palette buttons.
#[derive(Component)]
struct Palette;

/// The narrowest room the column under the board is centred in (the keys'
/// line would wrap in less).
const UNDER_BOARD_MIN: f32 = 900.0;

/// The column under the board (the palette, the keys' line): centred under
/// the board, whichever panels stand beside it, when it has the room.
#[derive(Component)]
struct UnderBoard;

/// The room the top bar leaves on its right: the solver panel's, or only
/// its folded header's.
fn side_room(wide: bool, width: f32, tree: bool) -> f32 {
    if wide {
        super::panels::side_width(width, tree) + 16.0
    } else {
        176.0
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Play), spawn_hud)
        .add_observer(widget::activate::<MoveRequested>)
        .add_systems(
            Update,
            (
                update_counter,
                (update_message, fit_message).chain(),
                palette_colours,
                ring_the_colour_now,
                make_room,
                how_to_move_while_playable,
                grey_idle_keys,
            )
                .in_set(PlaySystems::Present),
        );
}

/// The longest code the top bar shows.
const SHOWN_CODE: usize = 24;

#[allow(clippy::too_many_arguments)]
fn spawn_hud(
    mut commands: Commands,
    state: Option<Res<PlayState>>,
    settings: Res<Settings>,
    packs: Res<super::packs::Packs>,
    current: Res<super::packs::Current>,
    fonts: Res<theme::Fonts>,
    panel: Res<SolverPanelOpen>,
    daily: Option<Res<super::daily::DailyLevels>>,
) {
    let Some(state) = state else { return };
    // A level of the day says so in its title.
    let of_the_day = packs
        .0
        .get(current.pack)
        .is_some_and(|e| e.is_code() && daily.as_ref().is_some_and(|d| d.holds(&e.file)));
    // A short code shows; a board's code is copied, not shown.
    let code = match super::packs::level_code(&packs, &current) {
        Some(c) if c.len() <= SHOWN_CODE => format!("code {c} (Ctrl+C copies)"),
        _ => "Ctrl+C copies the game".to_string(),
    };
    let code = Some(code);
    // A level played from the editor: Esc, N and L go back there.
    let edited = packs.from_editor(&current);
    commands
        .spawn((
            Name::new("HUD"),
            DespawnOnExit(Screen::Play),
            Node {
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                justify_content: JustifyContent::SpaceBetween,
                padding: UiRect::all(px(14)),
                ..default()
            },
            Pickable::IGNORE,
        ))
        .with_children(|ui| {
            top_bar(ui, &state, &fonts, code, panel.0, of_the_day);
            bottom_panels(ui, &state, (settings.colour_blind, edited), &fonts);
            ui.spawn((
                SideColumn,
                Node {
                    position_type: PositionType::Absolute,
                    right: px(14),
                    top: px(14),
                    width: px(300),
                    flex_direction: FlexDirection::Column,
                    row_gap: px(10),
                    ..default()
                },
                Pickable::IGNORE,
            ));
        });
}

/// The level's bar at the top: its name and grade, the move counter and the
/// goal, its code, the message line, and the how-to button. Each line stays
/// one line: a narrow window makes its letters smaller instead.
fn top_bar(
    ui: &mut ChildSpawnerCommands,
    state: &PlayState,
    fonts: &theme::Fonts,
    code: Option<String>,
    panel_open: bool,
    of_the_day: bool,
) {
    ui.spawn((
        TopBar,
        BoardEdge::Top,
        Node {
            flex_direction: FlexDirection::Column,
            // The how-to button has the right end.
            padding: UiRect {
                left: px(16),
                right: px(64),
                top: px(10),
                bottom: px(10),
            },
            row_gap: px(2),
            // The solver panel has the right-hand side.
            margin: UiRect::right(px(side_room(panel_open, 1280.0, false))),
            border_radius: theme::PANEL_RADIUS,
            ..default()
        },
        theme::panel(),
        Pickable::IGNORE,
    ))
    .with_children(|top| {
        // The grade, unless the name already says it.
        let name = &state.level.name;
        let grade = state
            .level
            .grade
            .as_deref()
            .filter(|g| !name.to_lowercase().contains(&g.to_lowercase()))
            .map(|g| format!("  ({g})"))
            .unwrap_or_default();
        // The day's level is a random one: the day says so instead.
        let (day, name) = match of_the_day {
            true => (
                "Level of the day: ",
                name.strip_prefix("Random ").unwrap_or(name),
            ),
            false => ("", name.as_str()),
        };
        top.spawn((
            LevelTitle,
            Name::new("Level name"),
            theme::heading(
                fonts,
                theme::short(&format!("{day}{name}{grade}"), TITLE_CHARS),
                24.0,
                theme::TEXT,
            ),
            theme::fit_line(24.0, 14.0),
        ));
        top.spawn((
            MoveCounter,
            Name::new("Move counter"),
            text(counter_words(state, false, None), 20.0, theme::TEXT_DIM),
            theme::fit_line(20.0, 13.0),
        ));
        top.spawn((
            MapLine,
            Name::new("Move map line"),
            text("", 17.0, theme::TEXT_DIM),
            theme::fit_line(17.0, 12.0),
            Node {
                display: Display::None,
                ..default()
            },
        ));
        top.spawn((
            MapKey,
            Name::new("Move map key"),
            text("", 15.0, theme::TEXT_DIM),
            theme::fit_line(15.0, 12.0),
            Node {
                display: Display::None,
                ..default()
            },
        ));
        if let Some(code) = code {
            top.spawn((
                Name::new("Level code"),
                CodeLine,
                crate::game::solver::HiddenWhileWatching,
                text(code, 16.0, theme::TEXT_DIM),
                theme::fit_line(16.0, 12.0),
                Node {
                    min_height: px(THIRD_LINE),
                    ..default()
                },
            ));
        }
        top.spawn((
            Message,
            text("", 18.0, theme::WARN),
            Node {
                display: Display::None,
                min_height: px(THIRD_LINE),
                ..default()
            },
        ));
        // The how-to card, at the bar's right end.
        top.spawn((
            widget::button(
                PlayAction::HowTo,
                Node {
                    position_type: PositionType::Absolute,
                    right: px(12),
                    top: px(12),
                    width: px(40),
                    height: px(40),
                    justify_content: JustifyContent::Center,
                    align_items: AlignItems::Center,
                    border_radius: BorderRadius::MAX,
                    ..default()
                },
                theme::heading(fonts, "?", 24.0, theme::TEXT),
            ),
            Name::new("How to play"),
        ));
    });
}

/// Where auto-play's moves began on the board, and what it watches.
type SolverFrom = (usize, Watch);

/// "Moves: N", the limit or the rule for the next move after it; while
/// the solver plays, whose moves they are ("Solver's moves: 12", "Moves: 3
/// yours + 12 the solver's"): the board is not the player's game then; the
/// plain search's, while it is watched ("Solver's moves" above its race
/// read as the solver's).
fn counter_words(state: &PlayState, numbered: bool, solver_from: Option<SolverFrom>) -> String {
    let moves = state.moves();
    let who = match solver_from.map(|(_, w)| w) {
        Some(Watch::Plain) => "plain search",
        _ => "solver",
    };
    let count = match solver_from.map(|(base, _)| base) {
        Some(0) => format!("{}'s moves: {moves}", pond_core::levels::capitalised(who)),
        Some(base) if base <= moves => {
            format!("Moves: {base} yours + {} the {who}'s", moves - base)
        }
        _ => format!("Moves: {moves}"),
    };
    format!("{count}{}", puzzles::goal_words(&state.puzzle, numbered))
}

fn update_counter(
    state: Res<PlayState>,
    marks: Option<Res<MoveMarks>>,
    settings: Res<Settings>,
    mut counter: Query<&mut Text, With<MoveCounter>>,
    mut map_line: Query<(&mut Text, &mut Node, Has<MapKey>), MapLineOnly>,
    added: Query<(), Added<MoveCounter>>,
    (autoplay, mut last_from): (
        Option<Res<crate::game::solver::Autoplay>>,
        Local<Option<SolverFrom>>,
    ),
) {
    // Where the solver's moves began while it plays (the board's moves
    // before it are the player's): the auto-player changes every frame of a
    // watch, the counter's words only when it starts or stops.
    let solver_from = autoplay
        .as_deref()
        .filter(|a| a.is_active() && !a.is_replay())
        .map(|a| (a.base(), a.watch));
    let playing = *last_from != solver_from;
    *last_from = solver_from;
    // A new level's bar is spawned a frame after its state changed (N, a
    // reload): it is filled in as it appears, not at the first move.
    let marked = marks.as_ref().is_some_and(|m| m.is_changed());
    if !state.is_changed() && added.is_empty() && !marked && !settings.is_changed() && !playing {
        return;
    }
    // The move map's count, for the position on the board only.
    let shown = marks
        .as_ref()
        .filter(|m| m.shown.as_ref().is_some_and(|(p, _)| *p == state.puzzle));
    let map = shown.and_then(|m| m.words());
    let key = shown.and_then(|m| m.key_words());
    let numbered = settings.colour_blind;
    let words = counter_words(&state, numbered, solver_from);
    for mut t in &mut counter {
        if t.0 != words {
            t.0 = words.clone();
        }
    }
    // With the map on, its lines keep their room while the marks are
    // decided and whether or not a mark has a number (after a stop the
    // marks came half a second later, and the bar grew a line under the
    // player's eyes; on Flood the key came and went with the numbers, and
    // the board moved a few pixels each time).
    // (Not while auto-play plays: the map is off then, and its lines went
    // and came with each pause of a watched search.)
    let watched = autoplay.as_deref().is_some_and(|a| a.is_active());
    // Turned on while the solver plays, the map says when it comes (its
    // button lit over a board with no mark read as a map that failed).
    let map = match settings.move_map && watched && !state.puzzle.is_won() {
        true => Some("move map: back when the solver stops".to_string()),
        false => map,
    };
    let reserve =
        settings.move_map && !watched && !state.puzzle.is_won() && !state.puzzle.is_stuck();
    // A line kept blank: a space that does not break, so it keeps its height.
    let blank = reserve.then(|| "\u{a0}".to_string());
    for (mut t, mut node, is_key) in &mut map_line {
        let map = match is_key {
            true => key.clone(),
            false => map.clone(),
        }
        .or(blank.clone());
        let display = match map.is_some() {
            true => Display::Flex,
            false => Display::None,
        };
        if node.display != display {
            node.display = display;
        }
        // A line of its own begins with a capital.
        let words = map
            .as_deref()
            .map_or(String::new(), pond_core::levels::capitalised);
        if t.0 != words {
            t.0 = words;
        }
    }
}

/// The message line: redrawn when something it may say changes (a move
/// refused, words said, a move played, a frog picked, a new level, a hint,
/// or the check's verdict on the position).
#[allow(clippy::too_many_arguments)]
fn update_message(
    state: Res<PlayState>,
    mut rejected: MessageReader<MoveRejected>,
    mut say: MessageReader<Say>,
    mut applied: MessageReader<MoveApplied>,
    pick: Res<Picked>,
    hint: Option<Res<Hint>>,
    check: Option<Res<Solvability>>,
    mut message: MessageTexts,
    mut code: Query<&mut Node, (With<CodeLine>, Without<Message>)>,
    added: Query<(), Added<Message>>,
    timeline: Option<Res<TreeViewState>>,
    autoplay: Option<Res<crate::game::solver::Autoplay>>,
) {
    let refused = rejected.read().last().cloned();
    let said = say.read().last().cloned();
    let moved = applied.read().last().is_some();
    let other = refused.is_some()
        || said.is_some()
        || moved
        || pick.is_changed()
        || state.is_added()
        || !added.is_empty()
        || hint.as_ref().is_some_and(|h| h.is_changed());
    let check_changed = check.as_ref().is_some_and(|c| c.is_changed());
    if !other && !check_changed {
        return;
    }
    let verdict = check.as_ref().and_then(|c| c.verdict);
    // A moment of the search's timeline on the board is the search's, not
    // the player's game: no "Press U 8 times" over it.
    // Nor over the board a stopped search left (it said so).
    let at_moment = crate::game::solver::board_is_the_searchs(
        timeline.as_deref(),
        autoplay.as_deref(),
        state.moves(),
    );
    let lost = lost_words(verdict, state.moves()).filter(|_| !at_moment);
    // A verdict that finds the position winnable leaves the line as it is
    // (a refusal said a moment before stays).
    if !other && lost.is_none() {
        return;
    }
    let hint_words = hint.as_ref().and_then(|h| h.words.clone());
    let (words, colour) = message_words(&state, refused, said, lost, hint_words, pick.0.is_some());
    // The message in the code's place; an empty one takes no room.
    let (said, unsaid) = match words.is_empty() {
        true => (Display::None, Display::Flex),
        false => (Display::Flex, Display::None),
    };
    for mut node in &mut code {
        node.display = unsaid;
    }
    for (mut t, mut c, mut node) in &mut message {
        node.display = said;
        // (Said as `text` says it: the core's backquotes as quotes.)
        t.0 = theme::plain(&words);
        c.0 = colour;
    }
}

type MessageTexts<'w, 's> =
    Query<'w, 's, (&'static mut Text, &'static mut TextColor, &'static mut Node), With<Message>>;

/// The message's size follows the bar's room (a resized window's too):
/// where its line would not fit at 18 pixels, a little smaller (a hint ran
/// out of the bar at 800x600). Only when the words or the bar's size change.
fn fit_message(
    mut message: Query<(Ref<Text>, &mut TextFont, &ChildOf), With<Message>>,
    bars: Query<Ref<ComputedNode>>,
) {
    for (t, mut font, bar) in &mut message {
        let Ok(b) = bars.get(bar.parent()) else {
            continue;
        };
        if !t.is_changed() && !b.is_changed() {
            continue;
        }
        // The bar's room in logical pixels, as the font's size is.
        let room = b.content_box().width() * b.inverse_scale_factor();
        let size = message_size(t.0.chars().count(), room);
        if font.font_size != FontSize::Px(size) {
            font.font_size = FontSize::Px(size);
        }
    }
}

/// Those nodes just spawned.
type NewRoom = Or<(
    Added<TopBar>,
    Added<SideColumn>,
    Added<Palette>,
    Added<UnderBoard>,
)>;

/// The nodes that make room: the top bar, the side column and the palette.
type RoomFor = AnyOf<(
    &'static TopBar,
    &'static SideColumn,
    &'static Palette,
    &'static UnderBoard,
)>;

/// The top bar leaves the right-hand side to the solver panel while it is
/// open, or while it shows the way out of a dead end, and only the folded
/// header's room else; the palette goes once the level is won (the win's
/// banner takes its place).
fn make_room(
    state: Res<PlayState>,
    panel: Res<SolverPanelOpen>,
    tree: Res<TreeViewOpen>,
    window: Option<Single<Ref<Window>, With<PrimaryWindow>>>,
    aim: Res<super::panels::CameraAim>,
    mut nodes: Query<(&mut Node, RoomFor)>,
    added: Query<(), NewRoom>,
) {
    // Also when the nodes are new: after N the new level's state changes a
    // frame before its bar and panel are spawned, which then kept their
    // first sizes (the panel's header stretched over the bar and its ?
    // button) until the first move.
    let resized = window.as_ref().is_some_and(|w| w.is_changed());
    if !state.is_changed()
        && !panel.is_changed()
        && !tree.is_changed()
        && !resized
        && !aim.is_changed()
        && added.is_empty()
    {
        return;
    }
    let p = &state.puzzle;
    let wide = panel.column_wide(p);
    let width = window.as_ref().map_or(1280.0, |w| w.width());
    for (mut node, which) in &mut nodes {
        match which {
            (Some(_), ..) => node.margin.right = px(side_room(wide, width, tree.0)),
            // Under the board, centred where the board shows (the search
            // tree's column and the solver panel end above it). (In a narrow
            // window the keys' line would wrap there: it keeps the window's
            // width.)
            (_, _, _, Some(_)) => {
                // (The solver panel's list ends above the keys' line.)
                let side = super::panels::BOARD_SIDE;
                let (left, right) =
                    super::panels::under_board(width, aim.across, UNDER_BOARD_MIN, (side, side))
                        .unwrap_or((side, side));
                node.margin.left = px(left - 14.0);
                node.margin.right = px(right - 14.0);
            }
            // Folded, the panel is as wide as its header, also beside a
            // dead end's card (the header does not stretch as it comes).
            (_, Some(_), ..) => {
                node.width = px(super::panels::side_width(width, tree.0));
                node.align_items = if panel.0 {
                    AlignItems::Stretch
                } else {
                    AlignItems::End
                }
            }
            _ => {
                node.display = if p.is_won() {
                    Display::None
                } else {
                    Display::Flex
                }
            }
        }
    }
}
