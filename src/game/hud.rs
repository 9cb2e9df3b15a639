//! The panels around the board: the level, the move counter and limit, what
//! the rules said about the last move, the Flood palette and the controls.

use super::Screen;
use super::play::{
    Hint, HopPick, MoveApplied, MoveRejected, MoveRequested, PlayAction, PlayState, PlaySystems,
    Say, SideColumn,
};
use super::settings::Settings;
use super::solver::{Solvability, Verdict};
use super::theme::widget::{self, ButtonColours};
use super::theme::{self, text};
use crate::rules::flood::FloodMove;
use crate::rules::swap::Cell;
use crate::rules::{Puzzle, PuzzleMove};
use bevy::prelude::*;

#[derive(Component)]
struct LevelTitle;

#[derive(Component)]
struct MoveCounter;

#[derive(Component)]
struct Message;

/// The longest level name the top bar shows whole.
const TITLE_CHARS: usize = 40;

/// A Flood palette button: its colour.
#[derive(Component)]
struct PaletteButton(u8);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Play), spawn_hud)
        .add_systems(
            Update,
            widget::press::<MoveRequested>.in_set(PlaySystems::Input),
        )
        .add_systems(
            Update,
            (update_counter, update_message, palette_colours).in_set(PlaySystems::Present),
        );
}

/// The bottom line: how to play this puzzle, then the keys every puzzle
/// shares.
fn controls(p: &Puzzle) -> String {
    let how = match p {
        Puzzle::Swap(_) => "Click a frog to move it.",
        Puzzle::Hop(_) => "Click a frog, then the pad to jump to.",
        Puzzle::Flood(_) => "Click a tile or a colour, or press 1-9.",
        Puzzle::Escape(_) => "Click a row's east-most animal to free it.",
    };
    format!("{how}   U undo   R redo   Backspace restart   N next   Esc menu")
}

fn spawn_hud(
    mut commands: Commands,
    state: Option<Res<PlayState>>,
    settings: Res<Settings>,
    packs: Res<super::packs::Packs>,
    current: Res<super::packs::Current>,
    fonts: Res<theme::Fonts>,
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
                top.spawn((
                    LevelTitle,
                    theme::heading(
                        &fonts,
                        format!("{}{grade}", theme::short(name, TITLE_CHARS)),
                        24.0,
                        theme::TEXT,
                    ),
                ));
                // The code sits on the counter's line, so the title never wraps.
                top.spawn((
                    MoveCounter,
                    text("", 20.0, theme::TEXT_DIM),
                    children![(
                        TextSpan::new(code),
                        TextFont {
                            font_size: FontSize::Px(18.0),
                            ..default()
                        },
                        TextColor(theme::TEXT_DIM),
                    )],
                ));
                top.spawn((Message, text("", 20.0, theme::WARN)));
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
                        theme::heading(&fonts, "?", 24.0, theme::TEXT),
                    ),
                    Name::new("How to play"),
                ));
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
                                let colour = theme::palette(settings.colour_blind)
                                    [c as usize % theme::PALETTE.len()];
                                let flood = PuzzleMove::Flood(FloodMove { colour: c });
                                row.spawn((
                                    widget::coloured_button(
                                        MoveRequested::player(flood),
                                        ButtonColours::of(colour),
                                        Node {
                                            width: px(48),
                                            height: px(48),
                                            justify_content: JustifyContent::Center,
                                            align_items: AlignItems::Center,
                                            ..default()
                                        },
                                        text(format!("{}", c + 1), 18.0, Color::BLACK),
                                    ),
                                    PaletteButton(c),
                                ));
                            }
                        });
                }
                bottom.spawn((
                    Node {
                        padding: UiRect::axes(px(12), px(6)),
                        // Wraps in a narrow window rather than running off it.
                        max_width: percent(100),
                        border_radius: theme::PANEL_RADIUS,
                        ..default()
                    },
                    theme::panel(),
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
            ));
        });
}

fn update_counter(state: Res<PlayState>, mut counter: Query<&mut Text, With<MoveCounter>>) {
    if !state.is_changed() {
        return;
    }
    // The goal where the player looks: Flood's limit, and Escape's rule
    // for the next animal out.
    let limit = match &state.puzzle {
        Puzzle::Flood(f) => f.limit.map(|l| format!(" of {l}")).unwrap_or_default(),
        Puzzle::Escape(e) => match e.last_out() {
            Some(a) => {
                let (colour, kind) = a.describe_parts();
                format!("   next out: a {colour} animal or a {kind}")
            }
            None => "   any animal may go out first".to_string(),
        },
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
    let (words, colour) = if let Some(MoveRejected(why, mv)) = refused {
        (
            format!("Not allowed: {}.", in_words(&state.puzzle, mv, &why)),
            theme::WARN,
        )
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
    } else if pick.0.is_some() {
        (
            "Frog picked: click a ringed pad to jump there, or the frog again to put it down."
                .to_string(),
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

/// A refusal of the rules in the player's words: the board's colours, and
/// no pad numbers (the pads carry none).
fn in_words(p: &Puzzle, mv: Option<PuzzleMove>, why: &str) -> String {
    match (p, mv) {
        (Puzzle::Swap(s), Some(PuzzleMove::Swap(m))) => {
            let (colour, way, other) = match s.cells.get(m.from as usize) {
                Some(Cell::L) => ("yellow", "right", "blue"),
                Some(Cell::R) => ("blue", "left", "yellow"),
                _ => return why.to_string(),
            };
            let over = if s.jump_own {
                "one frog".to_string()
            } else {
                format!("one {other} frog")
            };
            format!(
                "a {colour} frog only moves {way}: one step onto an empty pad, or a jump over {over}"
            )
        }
        (Puzzle::Hop(h), Some(PuzzleMove::Hop(m))) => {
            let taken = |pad: u8| h.occupied() >> pad & 1 == 1;
            match h.board.line(m.from, m.to) {
                _ if taken(m.to) => "a frog lands only on an empty pad".into(),
                None => "a frog jumps in a straight line, over one frog, to the pad just beyond it"
                    .into(),
                Some(line) if h.red == Some(line.over) => "the red frog may never be jumped".into(),
                Some(line) if !taken(line.over) => {
                    "a frog jumps only over another frog, and the pad between is empty".into()
                }
                Some(_) => why.to_string(),
            }
        }
        _ => why.to_string(),
    }
}

/// The palette's buttons follow colour-blind mode.
fn palette_colours(
    settings: Res<Settings>,
    mut buttons: Query<(&PaletteButton, &mut ButtonColours)>,
) {
    if !settings.is_changed() {
        return;
    }
    for (b, mut colours) in &mut buttons {
        *colours = ButtonColours::of(
            theme::palette(settings.colour_blind)[b.0 as usize % theme::PALETTE.len()],
        );
    }
}
