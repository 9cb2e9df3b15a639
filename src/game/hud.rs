//! The panels around the board: the level, the move counter and limit, what
//! the rules said about the last move, the Flood palette and the controls.

use super::Screen;
use super::autoplay::{
    Autoplay, AutoplayCommand, Ending, Hint, PlayerInput, Solvability, Speed, Verdict, Watch, short,
};
use super::board::HopPick;
use super::moves::{MoveApplied, MoveRejected, MoveRequested, PlayState};
use super::theme;
use super::theme::text;
use crate::rules::flood::FloodMove;
use crate::rules::{Puzzle, PuzzleMove};
use bevy::prelude::*;

#[derive(Component)]
struct LevelTitle;

#[derive(Component)]
struct MoveCounter;

#[derive(Component)]
struct Message;

#[derive(Component)]
struct PaletteButton(u8);

/// The right-hand column: the solver panel, and the dead-end card under it.
#[derive(Component)]
pub struct SideColumn;

/// A button of the solver panel.
#[derive(Component, Clone, Copy)]
struct SolverButton(AutoplayCommand);

/// The solver panel's lines: what it is doing, its counters, its path, and
/// the speed.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum SolverLine {
    Status,
    Counters,
    Path,
    Speed,
}

/// Steps of the search's path the panel lists (the newest).
const PATH_SHOWN: usize = 12;

/// Words for the message line under the board (what Ctrl+C did, say).
#[derive(Message, Debug, Clone)]
pub struct Say(pub String);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Say>()
        .add_systems(OnEnter(Screen::Play), spawn_hud)
        .add_systems(
            Update,
            (
                update_counter,
                update_message,
                palette_clicks,
                palette_colours,
                solver_buttons,
                update_solver_panel,
            )
                .run_if(in_state(Screen::Play).and_then(resource_exists::<PlayState>)),
        );
}

fn controls(p: &Puzzle) -> &'static str {
    match p {
        Puzzle::Swap(_) => {
            "Click a frog to move it.   U undo   R redo   Backspace restart   N next   Esc menu"
        }
        Puzzle::Hop(_) => {
            "Click a frog, then the pad to jump to.   U undo   R redo   Backspace restart   N next   Esc menu"
        }
        Puzzle::Flood(_) => {
            "Click a tile or a colour, or press 1-9.   U undo   R redo   Backspace restart   N next   Esc menu"
        }
        Puzzle::Escape(_) => {
            "Click the east-most animal of a row; click the queue's last to take it back.   U undo   R redo   Esc menu"
        }
    }
}

fn spawn_hud(
    mut commands: Commands,
    state: Option<Res<PlayState>>,
    settings: Res<super::settings::Settings>,
    packs: Res<super::packs::Packs>,
    current: Res<super::packs::Current>,
) {
    let Some(state) = state else { return };
    let code = super::packs::level_code(&packs, &current);
    let code = code
        .map(|c| format!("   code {c} (Ctrl+C copies)"))
        .unwrap_or_default();
    let palette: Vec<u8> = match &state.puzzle {
        Puzzle::Flood(f) => (0..f.colours).collect(),
        _ => Vec::new(),
    };
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
            ui.spawn((
                Node {
                    flex_direction: FlexDirection::Column,
                    padding: UiRect::axes(px(16), px(10)),
                    row_gap: px(4),
                    // The solver panel has the right-hand side.
                    margin: UiRect::right(px(316)),
                    ..default()
                },
                BackgroundColor(theme::PANEL),
                Pickable::IGNORE,
            ))
            .with_children(|top| {
                let grade = state
                    .level
                    .grade
                    .as_deref()
                    .map(|g| format!("  ({g})"))
                    .unwrap_or_default();
                top.spawn((
                    LevelTitle,
                    text(format!("{}{grade}", state.level.name), 26.0, theme::TEXT),
                    children![(
                        TextSpan::new(code),
                        TextFont {
                            font_size: FontSize::Px(18.0),
                            ..default()
                        },
                        TextColor(theme::TEXT_DIM),
                    )],
                ));
                top.spawn((MoveCounter, text("", 20.0, theme::TEXT_DIM)));
                top.spawn((Message, text("", 20.0, theme::WARN)));
            });
            ui.spawn((
                Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    row_gap: px(8),
                    ..default()
                },
                Pickable::IGNORE,
            ))
            .with_children(|bottom| {
                if !palette.is_empty() {
                    bottom
                        .spawn(Node {
                            column_gap: px(8),
                            ..default()
                        })
                        .with_children(|row| {
                            for c in palette {
                                row.spawn((
                                    Button,
                                    PaletteButton(c),
                                    Node {
                                        width: px(48),
                                        height: px(48),
                                        justify_content: JustifyContent::Center,
                                        align_items: AlignItems::Center,
                                        ..default()
                                    },
                                    BackgroundColor(
                                        theme::palette(settings.colour_blind)
                                            [c as usize % theme::PALETTE.len()],
                                    ),
                                ))
                                .with_child(text(
                                    format!("{}", c + 1),
                                    18.0,
                                    Color::BLACK,
                                ));
                            }
                        });
                }
                bottom.spawn((
                    Node {
                        padding: UiRect::axes(px(12), px(6)),
                        // Wraps in a narrow window rather than running off it.
                        max_width: percent(100),
                        ..default()
                    },
                    BackgroundColor(theme::PANEL),
                    children![text(controls(&state.puzzle), 17.0, theme::TEXT_DIM)],
                ));
            });
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
                children![solver_panel()],
            ));
        });
}

fn solver_button(label: &str, key: &str, command: AutoplayCommand, width: f32) -> impl Bundle {
    (
        Button,
        SolverButton(command),
        Node {
            width: px(width),
            padding: UiRect::axes(px(4), px(6)),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            ..default()
        },
        BackgroundColor(theme::BUTTON),
        children![
            text(label, 16.0, theme::TEXT),
            text(key, 12.0, theme::TEXT_DIM)
        ],
    )
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
fn solver_panel() -> impl Bundle {
    (
        Name::new("Solver panel"),
        Node {
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(px(12)),
            row_gap: px(8),
            ..default()
        },
        BackgroundColor(theme::PANEL),
        children![
            text("Solver", 24.0, theme::TEXT),
            button_row(children![
                solver_button("Solve", "S", AutoplayCommand::Start(Watch::Solution), 88.0),
                solver_button("Search", "W", AutoplayCommand::Start(Watch::Search), 88.0),
                solver_button("Hint", "H", AutoplayCommand::Hint, 88.0),
            ]),
            button_row(children![
                solver_button("Pause", "Space", AutoplayCommand::Pause, 88.0),
                solver_button("Step", ".", AutoplayCommand::Step, 88.0),
                solver_button("Stop", "X", AutoplayCommand::Stop, 88.0),
            ]),
            button_row(children![
                solver_button("Slower", "-", AutoplayCommand::Slower, 88.0),
                (
                    SolverLine::Speed,
                    text("1x", 18.0, theme::TEXT),
                    Node {
                        width: px(88),
                        justify_content: JustifyContent::Center,
                        ..default()
                    }
                ),
                solver_button("Faster", "+", AutoplayCommand::Faster, 88.0),
            ]),
            (SolverLine::Status, text("", 17.0, theme::TEXT)),
            (SolverLine::Counters, text("", 15.0, theme::TEXT_DIM)),
            (SolverLine::Path, text("", 15.0, theme::TEXT_DIM)),
        ],
    )
}

fn solver_buttons(
    mut buttons: Query<(&Interaction, &SolverButton, &mut BackgroundColor), Changed<Interaction>>,
    mut asked: MessageWriter<AutoplayCommand>,
) {
    for (interaction, button, mut colour) in &mut buttons {
        match interaction {
            Interaction::Pressed => {
                asked.write(button.0);
            }
            Interaction::Hovered => colour.0 = theme::BUTTON_HOVER,
            Interaction::None => colour.0 = theme::BUTTON,
        }
    }
}

fn update_solver_panel(
    state: Res<PlayState>,
    speed: Res<Speed>,
    autoplay: Option<Res<Autoplay>>,
    mut lines: Query<(&SolverLine, &mut Text, &mut TextColor)>,
) {
    let changed = autoplay.as_ref().is_some_and(|a| a.is_changed())
        || autoplay.is_none() && state.is_changed();
    if !changed && !speed.is_changed() {
        return;
    }
    let (words, colour, counts, path) = match autoplay.as_deref() {
        None => (
            "Solve plays a solution from here; Search shows the search at work.".to_string(),
            theme::TEXT_DIM,
            String::new(),
            String::new(),
        ),
        Some(a) => panel_text(a, &state),
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

fn panel_text(a: &Autoplay, state: &PlayState) -> (String, Color, String, String) {
    let watching = match a.watch {
        Watch::Solution => "Solution",
        Watch::Search => "Search",
    };
    let (words, colour) = match (&a.ending, a.solution_len()) {
        (Some(Ending::Won(n)), _) => (format!("{watching}: won in {n} moves"), theme::WIN),
        (Some(Ending::Stopped), _) => (format!("{watching}: stopped"), theme::TEXT_DIM),
        (Some(other), _) => (format!("{watching}: {other}"), theme::WARN),
        (None, None) if a.watch == Watch::Solution => (
            format!("Thinking... {} positions", group(a.stats.nodes)),
            theme::TEXT,
        ),
        (None, _) => (
            format!("{watching}{}", if a.paused { " (paused)" } else { "" }),
            theme::TEXT,
        ),
    };
    let words = match &a.verdict {
        Some(v) => format!("{words}\n{v}"),
        None => words,
    };
    let counts = if a.watch == Watch::Search {
        format!(
            "Nodes {}   Tried {}\nDepth {}   Backtracks {}   {:.1} s",
            group(a.stats.nodes.max(a.stats.tried)),
            group(a.stats.tried),
            a.stats.path.len(),
            group(a.stats.backtracks),
            a.watched
        )
    } else {
        format!("Moves {}   {:.1} s", state.moves(), a.watched)
    };
    let mut lines = String::new();
    if a.watch == Watch::Search && !a.stats.path.is_empty() {
        let skip = a.stats.path.len().saturating_sub(PATH_SHOWN);
        lines.push_str("Path (untried moves at each step):\n");
        if skip > 0 {
            lines.push_str(&format!("  ... {skip} steps before\n"));
        }
        for (i, step) in a.stats.path.iter().enumerate().skip(skip) {
            lines.push_str(&format!(
                "{:>3}. {:<8} {} left\n",
                i + 1,
                short(step.mv),
                step.untried
            ));
        }
    }
    (words, colour, counts, lines)
}

/// 1234567 as "1,234,567".
fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

fn update_counter(state: Res<PlayState>, mut counter: Query<&mut Text, With<MoveCounter>>) {
    if !state.is_changed() {
        return;
    }
    let limit = match &state.puzzle {
        Puzzle::Flood(f) => f.limit.map(|l| format!(" of {l}")).unwrap_or_default(),
        _ => String::new(),
    };
    for mut t in &mut counter {
        t.0 = format!("Moves: {}{limit}", state.moves());
    }
}

fn update_message(
    state: Res<PlayState>,
    mut rejected: MessageReader<MoveRejected>,
    mut say: MessageReader<Say>,
    mut applied: MessageReader<MoveApplied>,
    pick: Res<HopPick>,
    hint: Option<Res<Hint>>,
    check: Option<Res<Solvability>>,
    mut message: Query<(&mut Text, &mut TextColor), With<Message>>,
) {
    let refused = rejected.read().last().cloned();
    let said = say.read().last().cloned();
    let moved = applied.read().last().is_some();
    let hint_changed = hint.as_ref().is_some_and(|h| h.is_changed());
    let check_changed = check.as_ref().is_some_and(|c| c.is_changed());
    if refused.is_none()
        && said.is_none()
        && !moved
        && !pick.is_changed()
        && !state.is_added()
        && !hint_changed
        && !check_changed
    {
        return;
    }
    let lost = check
        .as_ref()
        .and_then(|c| c.verdict)
        .filter(|(at, _)| *at == state.moves())
        .and_then(|(_, v)| match v {
            Verdict::Lost { back: Some(1) } => Some(
                "This position can no longer be won: it could one move ago. Press U to undo."
                    .to_string(),
            ),
            Verdict::Lost { back: Some(n) } => Some(format!(
                "This position can no longer be won: it last could {n} moves back. Press U {n} times."
            )),
            Verdict::Lost { back: None } => Some(
                "This position can no longer be won. Backspace restarts the level.".to_string(),
            ),
            _ => None,
        });
    let hint_words = hint.as_ref().and_then(|h| h.words.clone());
    let (words, colour) = if let Some(MoveRejected(why, _)) = refused {
        (format!("Not allowed: {why}."), theme::WARN)
    } else if let Some(Say(words)) = said {
        (words, theme::HIGHLIGHT)
    } else if let Puzzle::Flood(f) = &state.puzzle
        && f.over_limit()
    {
        (
            "Over the move limit: this level is lost. Finish it anyway, or Backspace to try again."
                .into(),
            theme::WARN,
        )
    } else if let Some(words) = lost {
        (words, theme::WARN)
    } else if let Some(words) = hint_words {
        (words, theme::HIGHLIGHT)
    } else if let Some(pad) = pick.0 {
        (
            format!("Frog on pad {pad} picked: click an empty pad to jump to."),
            theme::TEXT,
        )
    } else {
        (String::new(), theme::TEXT)
    };
    for (mut t, mut c) in &mut message {
        t.0 = words.clone();
        c.0 = colour;
    }
}

/// The palette's buttons follow colour-blind mode.
fn palette_colours(
    settings: Res<super::settings::Settings>,
    mut buttons: Query<(&PaletteButton, &mut BackgroundColor)>,
) {
    if !settings.is_changed() {
        return;
    }
    for (b, mut colour) in &mut buttons {
        colour.0 = theme::palette(settings.colour_blind)[b.0 as usize % theme::PALETTE.len()];
    }
}

fn palette_clicks(
    buttons: Query<(&Interaction, &PaletteButton), Changed<Interaction>>,
    mut moves: MessageWriter<MoveRequested>,
    mut input: MessageWriter<PlayerInput>,
) {
    for (interaction, button) in &buttons {
        if *interaction == Interaction::Pressed {
            input.write(PlayerInput);
            moves.write(MoveRequested(PuzzleMove::Flood(FloodMove {
                colour: button.0,
            })));
        }
    }
}
