//! The panels around the board: the level, the move counter and limit, what
//! the rules said about the last move, the Flood palette and the controls.

use super::Screen;
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

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Play), spawn_hud)
        .add_systems(
            Update,
            (update_counter, update_message, palette_clicks)
                .run_if(in_state(Screen::Play).and_then(resource_exists::<PlayState>)),
        );
}

fn controls(p: &Puzzle) -> &'static str {
    match p {
        Puzzle::Swap(_) => {
            "Click a frog to move it.   U undo   R redo   Backspace restart   N next   Esc levels"
        }
        Puzzle::Hop(_) => {
            "Click a frog, then the pad to jump to.   U undo   R redo   Backspace restart   N next   Esc levels"
        }
        Puzzle::Flood(_) => {
            "Click a tile or a colour, or press 1-9.   U undo   R redo   Backspace restart   N next   Esc levels"
        }
        Puzzle::Escape(_) => {
            "Click the east-most animal of a row; click the queue's last to take it back.   U undo   Esc levels"
        }
    }
}

fn spawn_hud(mut commands: Commands, state: Option<Res<PlayState>>) {
    let Some(state) = state else { return };
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
                                        theme::PALETTE[c as usize % theme::PALETTE.len()],
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
                        ..default()
                    },
                    BackgroundColor(theme::PANEL),
                    children![text(controls(&state.puzzle), 17.0, theme::TEXT_DIM)],
                ));
            });
        });
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
    mut applied: MessageReader<MoveApplied>,
    pick: Res<HopPick>,
    mut message: Query<(&mut Text, &mut TextColor), With<Message>>,
) {
    let refused = rejected.read().last().cloned();
    let moved = applied.read().last().is_some();
    if refused.is_none() && !moved && !pick.is_changed() && !state.is_added() {
        return;
    }
    let (words, colour) = if let Some(MoveRejected(why)) = refused {
        (format!("Not allowed: {why}."), theme::WARN)
    } else if state.puzzle.is_won() {
        (
            format!(
                "Solved in {} moves! Press N for the next level.",
                state.moves()
            ),
            theme::WIN,
        )
    } else if let Puzzle::Flood(f) = &state.puzzle
        && f.over_limit()
    {
        (
            "Over the move limit: this level is lost. Finish it anyway, or Backspace to try again."
                .into(),
            theme::WARN,
        )
    } else if state.puzzle.is_goal() {
        ("Finished, but over the move limit.".into(), theme::WARN)
    } else if state.puzzle.is_dead_end() {
        (
            "No more moves. Press U to undo or Backspace to restart.".into(),
            theme::WARN,
        )
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

fn palette_clicks(
    buttons: Query<(&Interaction, &PaletteButton), Changed<Interaction>>,
    mut moves: MessageWriter<MoveRequested>,
) {
    for (interaction, button) in &buttons {
        if *interaction == Interaction::Pressed {
            moves.write(MoveRequested(PuzzleMove::Flood(FloodMove {
                colour: button.0,
            })));
        }
    }
}
