//! The solver panel on the right of the play screen: watch the solution or
//! the search, a hint, pause, step, stop and speed, and what the search is
//! doing (its counters and the line it is on, with the moves left untried).

use super::{Autoplay, AutoplayCommand, Speed, Watch};
use crate::game::panels::{SideColumn, SolverPanelOpen};
use crate::game::play::{PlayAction, PlayState, PlaySystems};
use crate::game::theme::art::Pictures;
use crate::game::theme::{self, Art, text, widget};
use bevy::prelude::*;
use words::panel_text;

#[path = "panel_words.rs"]
mod words;

#[path = "panel_keys.rs"]
mod keys;
#[path = "panel_tips.rs"]
mod tips;
pub use keys::HiddenWhileWatching;
use keys::{CommandKey, hide_keys_while_watching};
use tips::tip_of;

/// The solver panel's lines: what it is doing, its counters, its path, and
/// the speed.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum SolverLine {
    Status,
    Counters,
    Path,
    Speed,
}

/// The words of a solver button, by what the button asks, and the word it
/// was made with (Pause's turn into Resume while auto-play is paused).
#[derive(Component, Debug, Clone, Copy)]
pub(super) struct CommandLabel(AutoplayCommand, &'static str);

/// The icon of a solver button, by what the button asks (Pause's turns into
/// a play triangle while auto-play is paused).
#[derive(Component, Debug, Clone, Copy)]
struct CommandIcon(AutoplayCommand);

/// Lines of the search's path the panel lists (its newest steps): four
/// keep a watched search's screen at about 60 words whatever its steps'
/// lengths (twelve made 90; six, 60 to 69).
const PATH_SHOWN: usize = 4;
/// The window's height the rest of the open panel takes, and each line of
/// the path: a shorter window lists fewer steps, so the panel stays clear of
/// the keys' line under the board.
const PANEL_ROOM: f32 = 470.0;
const PATH_LINE: f32 = 19.0;

/// The keys' line's room at the window's foot: it may run under the panel's
/// column (it is centred under the board, wherever the board shows).
const KEYS_ROOM: f32 = 50.0;

/// Lines of the path the panel lists in a window `height` pixels high.
fn path_shown(height: f32) -> usize {
    (((height - PANEL_ROOM - KEYS_ROOM) / PATH_LINE).max(0.0) as usize).clamp(3, PATH_SHOWN)
}

/// Folds or unfolds the solver panel (its header's button).
#[derive(Message, Component, Debug, Clone, Copy)]
struct TogglePanel;

/// Everything of the panel under its header: hidden while it is folded.
#[derive(Component)]
struct PanelBody;

/// The header's words, which say whether a click unfolds or folds.
#[derive(Component)]
struct PanelHeader;

/// A map's button, rimmed while its map is on.
#[derive(Component, Clone, Copy)]
enum MapToggle {
    Moves,
    Search,
}

/// The move map's and the search map's buttons say whether each is on:
/// a white rim, as every choice made has (nothing told it).
fn rim_map_buttons(
    settings: Res<crate::game::settings::Settings>,
    open: Res<crate::game::panels::TreeViewOpen>,
    mut buttons: Query<(&MapToggle, &mut BorderColor)>,
) {
    for (toggle, mut rim) in &mut buttons {
        let on = match toggle {
            MapToggle::Moves => settings.move_map,
            MapToggle::Search => open.0,
        };
        widget::set_rim(&mut rim, on);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<TogglePanel>()
        .add_observer(widget::activate::<TogglePanel>)
        .add_systems(
            Update,
            (
                attach_panel,
                fold_panel,
                update_solver_panel,
                pause_label,
                tips::follow_words,
                hide_keys_while_watching,
                rim_map_buttons,
            )
                .chain()
                .in_set(PlaySystems::Present),
        );
}

fn header(open: bool) -> &'static str {
    // A disclosure triangle, as lists that fold show it ("-" read as a dash).
    if open { "Solver  ▼" } else { "Solver  ►" }
}

/// The header's button folds or unfolds the panel; starting auto-play (by
/// key or button) unfolds it, so the player sees what the solver does.
fn fold_panel(
    mut toggles: MessageReader<TogglePanel>,
    mut asked: MessageReader<AutoplayCommand>,
    mut open: ResMut<SolverPanelOpen>,
    new_panel: Query<(), Added<PanelBody>>,
    mut bodies: Query<&mut Node, With<PanelBody>>,
    mut headers: Query<&mut Text, With<PanelHeader>>,
) {
    for _ in toggles.read() {
        open.0 = !open.0;
    }
    if asked.read().any(|c| matches!(c, AutoplayCommand::Start(_))) {
        open.0 = true;
    }
    if !open.is_changed() && new_panel.is_empty() {
        return;
    }
    for mut node in &mut bodies {
        node.display = if open.0 { Display::Flex } else { Display::None };
    }
    for mut t in &mut headers {
        t.0 = header(open.0).to_string();
    }
}

/// The panel goes at the top of the play screen's side column.
fn attach_panel(mut commands: Commands, columns: Query<Entity, Added<SideColumn>>, art: Res<Art>) {
    for column in &columns {
        let panel = commands.spawn(solver_panel(&art.pictures)).id();
        commands.entity(column).insert_children(0, &[panel]);
    }
}

/// A solver button: its icon (if it has one) beside its name, and its key
/// under them.
/// The width of "Resume" in the panel's buttons' words (16 px).
const RESUME_WIDTH: f32 = 62.0;

fn solver_button(
    icon: Option<Handle<Image>>,
    label: &'static str,
    key: &str,
    command: AutoplayCommand,
) -> impl Bundle {
    (
        button_body(icon, label, key, command),
        theme::tip::Tip(tip_of(command)),
    )
}

fn button_body(
    icon: Option<Handle<Image>>,
    label: &'static str,
    key: &str,
    command: AutoplayCommand,
) -> impl Bundle {
    let icon = icon.map(|icon| {
        (
            ImageNode::new(icon),
            CommandIcon(command),
            Node {
                width: px(15),
                height: px(15),
                ..default()
            },
        )
    });
    widget::button(
        command,
        Node {
            width: px(88),
            padding: UiRect::axes(px(4), px(6)),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            ..default()
        },
        (
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                ..default()
            },
            Pickable::IGNORE,
            children![
                (
                    Node {
                        column_gap: px(5),
                        align_items: AlignItems::Center,
                        ..default()
                    },
                    Children::spawn((
                        SpawnIter(icon.into_iter()),
                        Spawn((
                            CommandLabel(command, label),
                            text(label, 16.0, theme::TEXT),
                            TextLayout::no_wrap(),
                            // Pause's words keep Resume's room: in a narrow
                            // panel the row's buttons shrank unevenly as the
                            // word changed, and Step and Stop moved.
                            Node {
                                min_width: px(if matches!(command, AutoplayCommand::Pause) {
                                    RESUME_WIDTH
                                } else {
                                    0.0
                                }),
                                ..default()
                            },
                        )),
                    )),
                ),
                // One line: a key that wrapped in a narrow panel ("Period"
                // beside "Resume") made its button taller than the row.
                (
                    CommandKey(command),
                    text(key, 12.0, theme::TEXT_DIM),
                    TextLayout::no_wrap()
                )
            ],
        ),
    )
}

/// A button of the panel's full row's half: its words and its key under
/// them, as the buttons above have them (beside them, the words wrapped in
/// a narrow panel and the row stood taller than the others).
fn half_button<A: Component>(action: A, label: &'static str, key: &'static str) -> impl Bundle {
    widget::button(
        action,
        Node {
            width: px(135),
            padding: UiRect::axes(px(4), px(6)),
            // The room of a map's rim, on or off (`rim_map_buttons`).
            border: UiRect::all(px(2)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        (
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                ..default()
            },
            Pickable::IGNORE,
            children![
                text(label, 16.0, theme::TEXT),
                (HiddenWhileWatching, text(key, 12.0, theme::TEXT_DIM))
            ],
        ),
    )
}

/// The move map's button (every legal move marked on the board, M) and the
/// search map's (the picture of the search beside the board, G): a tap
/// opens either without a keyboard.
fn map_buttons() -> impl Bundle {
    children![
        (
            half_button(
                PlayAction::Setting(crate::game::options::ChangeSetting::MoveMap),
                "Move map",
                "M"
            ),
            theme::tip::Tip(tips::MOVE_MAP),
            MapToggle::Moves,
            BorderColor::all(Color::NONE),
        ),
        (
            half_button(super::tree_view::ToggleTree, "Search map", "G"),
            theme::tip::Tip(tips::SEARCH_MAP),
            MapToggle::Search,
            BorderColor::all(Color::NONE),
        ),
    ]
}

fn button_row(buttons: impl Bundle) -> impl Bundle {
    (
        Node {
            column_gap: px(6),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        buttons,
    )
}

/// The solver panel on the right: watch the solution or the search, a hint,
/// pause, step, stop and speed, and what the search is doing.
fn solver_panel(pictures: &Pictures) -> impl Bundle {
    (
        Name::new("Solver panel"),
        theme::tip::TipsBeside,
        Node {
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(px(12)),
            row_gap: px(8),
            border_radius: theme::PANEL_RADIUS,
            ..default()
        },
        theme::panel(),
        children![
            widget::button(
                TogglePanel,
                Node {
                    padding: UiRect::axes(px(10), px(4)),
                    ..default()
                },
                (PanelHeader, text(header(false), 24.0, theme::TEXT)),
            ),
            (
                PanelBody,
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(8),
                    display: Display::None,
                    ..default()
                },
                children![
                    button_row(children![
                        solver_button(
                            Some(pictures.icon("play")),
                            "Solve",
                            "S",
                            AutoplayCommand::Start(Watch::Solution)
                        ),
                        solver_button(
                            Some(pictures.icon("search")),
                            // Not "Search": beside Solve and the panel's
                            // title Solver, a new player took the three for
                            // one thing. W watches the solver's search.
                            "Watch",
                            "W",
                            AutoplayCommand::Start(Watch::Search)
                        ),
                        solver_button(
                            Some(pictures.icon("hint")),
                            "Hint",
                            "H",
                            AutoplayCommand::Hint
                        ),
                    ]),
                    button_row(children![
                        solver_button(
                            Some(pictures.icon("pause")),
                            "Pause",
                            "Space",
                            AutoplayCommand::Pause
                        ),
                        solver_button(
                            Some(pictures.icon("step")),
                            "Step",
                            // The key's name, as "Space" is: a lone dot under
                            // the word is lost, and ". key" read as jargon.
                            "Period",
                            AutoplayCommand::Step
                        ),
                        solver_button(
                            Some(pictures.icon("stop")),
                            "Stop",
                            "X",
                            AutoplayCommand::Stop
                        ),
                    ]),
                    button_row(map_buttons()),
                    button_row(children![
                        speed_button("\u{2212}", AutoplayCommand::Slower),
                        // The speed, named under it as the buttons' keys are.
                        (
                            Node {
                                width: px(88),
                                flex_direction: FlexDirection::Column,
                                align_items: AlignItems::Center,
                                ..default()
                            },
                            children![
                                (SolverLine::Speed, text("1x", 18.0, theme::TEXT)),
                                text("speed", 12.0, theme::TEXT_DIM),
                            ],
                        ),
                        speed_button("+", AutoplayCommand::Faster),
                    ]),
                    (SolverLine::Status, text("", 17.0, theme::TEXT)),
                    (SolverLine::Counters, text("", 15.0, theme::TEXT_DIM)),
                    (SolverLine::Path, text("", 15.0, theme::TEXT_DIM)),
                ],
            ),
        ],
    )
}

/// Slower and Faster as their signs, which are their keys too (- and +),
/// so they need no line of their own for the key.
fn speed_button(sign: &str, command: AutoplayCommand) -> impl Bundle {
    (speed_body(sign, command), theme::tip::Tip(tip_of(command)))
}

fn speed_body(sign: &str, command: AutoplayCommand) -> impl Bundle {
    widget::button(
        command,
        Node {
            width: px(88),
            padding: UiRect::axes(px(4), px(2)),
            justify_content: JustifyContent::Center,
            ..default()
        },
        (text(sign, 26.0, theme::TEXT), Pickable::IGNORE),
    )
}

/// The Pause button says Resume, with a play triangle, while auto-play is
/// paused, and Solve or Search says Again while its watch runs (written only
/// when it changes); Pause, Step and Stop are greyed
/// while nothing runs that they would steer (after a win, say).
fn pause_label(
    mut commands: Commands,
    autoplay: Option<Res<Autoplay>>,
    art: Option<Res<Art>>,
    mut labels: Query<(&CommandLabel, &mut Text), Without<SolverLine>>,
    mut icons: Query<(&CommandIcon, &mut ImageNode)>,
    steering: Query<(Entity, &AutoplayCommand, Has<bevy::ui::InteractionDisabled>)>,
    (timeline, column, waiting): (
        Res<crate::game::solver::tree_view::TimelinePlay>,
        Option<Res<crate::game::solver::tree_view::TreeViewState>>,
        Res<super::autoplay::StartWhenBack>,
    ),
) {
    let active = autoplay.as_deref().is_some_and(Autoplay::is_active);
    let paused = active && autoplay.as_deref().is_some_and(|a| a.paused);
    // A finished search's timeline plays again with Pause's button (Play)
    // and steps with Step's, while the search's column shows it.
    let replays = column.is_some()
        && autoplay
            .as_deref()
            .is_some_and(crate::game::solver::tree_view::replayable);
    for (button, command, greyed) in &steering {
        let steers = match command {
            AutoplayCommand::Pause | AutoplayCommand::Step => Some(active || replays),
            AutoplayCommand::Stop => Some(active),
            _ => None,
        };
        if let Some(steers) = steers
            && greyed == steers
        {
            commands
                .entity(button)
                .queue(move |mut b: EntityWorldMut| widget::set_greyed(&mut b, !steers));
        }
    }
    let (word, icon) = if paused || (replays && timeline.0.is_none()) {
        (if paused { "Resume" } else { "Play" }, "play")
    } else {
        ("Pause", "pause")
    };
    // Solve and Search say Again while their own watch runs: pressed
    // again, it starts over (a second W did so without a word).
    let running = autoplay
        .as_deref()
        .filter(|a| a.is_active() && !a.is_replay())
        .map(|a| a.watch)
        .or(waiting.waiting());
    for (label, mut t) in &mut labels {
        let said = match label.0 {
            AutoplayCommand::Pause => word,
            AutoplayCommand::Start(watch) if running == Some(watch) => "Again",
            AutoplayCommand::Start(_) => label.1,
            _ => continue,
        };
        if t.0 != said {
            t.0 = said.to_string();
        }
    }
    let Some(art) = art else { return };
    let icon = art.pictures.icon(icon);
    for (of, mut image) in &mut icons {
        if matches!(of.0, AutoplayCommand::Pause) && image.image != icon {
            image.image = icon.clone();
        }
    }
}

/// The search's column's line of steps, apart from the panel's lines.
type StepsLine = (
    With<crate::game::solver::tree_view::StepsCaption>,
    Without<SolverLine>,
);

#[allow(clippy::too_many_arguments)]
fn update_solver_panel(
    state: Res<PlayState>,
    speed: Res<Speed>,
    autoplay: Option<Res<Autoplay>>,
    new_panel: Query<(), Added<SolverLine>>,
    mut lines: Query<(&SolverLine, &mut Text, &mut TextColor)>,
    windows: Query<Ref<Window>, With<bevy::window::PrimaryWindow>>,
    tree_open: Res<crate::game::panels::TreeViewOpen>,
    view: Option<Res<crate::game::solver::tree_view::TreeViewState>>,
    waiting: Res<super::autoplay::StartWhenBack>,
    captions: Query<(Ref<Node>, Ref<Text>), StepsLine>,
    mut had_autoplay: Local<bool>,
) {
    let window = windows.single().ok();
    let resized = window.as_ref().is_some_and(|w| w.is_changed());
    let shown = window.map_or(PATH_SHOWN, |w| path_shown(w.height()));
    // Auto-play's end removed (a restart): the panel offers it again.
    let removed = std::mem::replace(&mut *had_autoplay, autoplay.is_some()) && autoplay.is_none();
    // The moves' count follows the board: after a watch or a replay stops
    // and the player plays on, the panel counts the player's moves too.
    let counts_moves = autoplay
        .as_ref()
        .is_none_or(|a| a.ending.is_some() || !a.watch.searches());
    let changed = autoplay.as_ref().is_some_and(|a| a.is_changed())
        || counts_moves && state.is_changed()
        || removed
        || view.as_ref().is_some_and(|v| v.is_changed())
        || waiting.is_changed()
        || captions
            .iter()
            .any(|(n, t)| n.is_changed() || t.is_changed());
    if !changed
        && !speed.is_changed()
        && new_panel.is_empty()
        && !resized
        && !tree_open.is_changed()
    {
        return;
    }
    // With the tree's column open, its map shows the line: the panel keeps
    // to its counters.
    let shown = if tree_open.0 { 0 } else { shown };
    let (words, colour, counts, path) = match (autoplay.as_deref(), waiting.waiting()) {
        // The board goes back to where the last watch began, for the new
        // one: the last one's figures are not the new one's.
        (_, Some(watch)) => (
            format!("{}: the board goes back to its start", watch.words()),
            theme::TEXT,
            String::new(),
            String::new(),
        ),
        (None, None) => (
            "Solve plays a solution; Watch shows the search at work.".to_string(),
            theme::TEXT_DIM,
            String::new(),
            String::new(),
        ),
        (Some(a), None) => {
            // Scrubbed back, the tree as it stood then counts.
            let then = view
                .as_ref()
                .and_then(|v| v.scrubbed.as_ref())
                .map(|s| &s.1);
            // The column counts where its line of steps shows (a short
            // column leaves it out, or empty: the panel counts then).
            let counted = tree_open.0
                && (captions.iter()).any(|(n, t)| n.display != Display::None && !t.0.is_empty());
            panel_text(a, then, &state, shown, counted)
        }
    };
    for (line, mut t, mut c) in &mut lines {
        match line {
            SolverLine::Status => {
                t.0 = words.clone();
                c.0 = colour;
            }
            SolverLine::Counters => t.0 = counts.clone(),
            SolverLine::Path => t.0 = path.clone(),
            SolverLine::Speed => t.0 = speed.label(),
        }
    }
}
