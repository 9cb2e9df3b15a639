//! The editor's "?" card: what each part of the editor does and its keys,
//! over the editor (as the how-to card is over a level). `?` or F1, or the
//! "?" beside the panel's title, open it; Enter, Space, Esc, `?`, F1 or
//! "Got it" close it. While it shows, the editor under it takes no key and
//! no stroke on the board.

use super::EditAction;
use crate::game::Screen;
use crate::game::theme::{self, text, widget};
use bevy::prelude::*;

/// Whether the card shows.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct EditorHelp(pub bool);

/// The card's root.
#[derive(Component)]
pub(super) struct HelpCard;

/// What the card says, a line each: the editor's parts from left to right,
/// then its keys.
const LINES: [&str; 6] = [
    "Pick a brush on the left (a piece, a colour, one cell or a whole \
     region), then click or drag on the board to draw with it. \"New level \
     of\" starts a fresh board; Board and Options change its size and rules.",
    "The right panel says after each change whether the level can be won, \
     in how many moves or ways, and its grade; on Flood its buttons set the \
     move limit of a grade. \"Make it harder\" and \"Easier\" look for a \
     board a grade away with few changes.",
    "Above the board: the level's name (F2); on Swap its row as letters (F3: \
     L for a frog that starts on the left and faces right, R for one from the \
     right, _ for an empty pad); on Flood and Escape a seed to deal a board \
     from (F4). Enter takes what was typed; Esc puts it back.",
    "Play it opens the level to play; Show me plays its solution. Save keeps \
     it in a pack of your own (Another pack picks which); Copy code gives a \
     line that Ctrl+V on the title plays.",
    "Ctrl+Z undo   Ctrl+Y redo   Ctrl+S save   Ctrl+C code",
    "Arrows and Enter draw   Tab the buttons   Enter play   Esc back",
];

/// `?` or F1 (not while a field has the keys) opens or closes the card;
/// while it shows Enter, Space and Esc close it too, and no other system
/// of the editor sees a key or a press this frame (this runs first).
pub(super) fn help_keys(
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut mouse: ResMut<ButtonInput<MouseButton>>,
    editor: Res<super::Editor>,
    mut help: ResMut<EditorHelp>,
) {
    let question = crate::game::keys::help_pressed(&keys);
    if help.0 {
        let close = [
            KeyCode::Enter,
            KeyCode::NumpadEnter,
            KeyCode::Space,
            KeyCode::Escape,
        ];
        if question || keys.any_just_pressed(close) {
            help.0 = false;
        }
        keys.clear();
        mouse.clear();
    } else if question && !editor.typing {
        help.0 = true;
        keys.clear();
    }
}

/// The card follows `EditorHelp`: built when it opens, gone when it closes.
pub(super) fn show_help(
    mut commands: Commands,
    help: Res<EditorHelp>,
    cards: Query<Entity, With<HelpCard>>,
    fonts: Res<crate::game::theme::Fonts>,
    progress: Res<crate::game::progress::Progress>,
) {
    if !help.is_changed() {
        return;
    }
    for card in &cards {
        commands.entity(card).despawn();
    }
    if !help.0 {
        return;
    }
    commands
        .spawn((
            HelpCard,
            Name::new("Editor help"),
            DespawnOnExit(Screen::Edit),
            theme::cover(),
            GlobalZIndex(20),
        ))
        .with_children(|cover| {
            cover
                .spawn((
                    Node {
                        row_gap: px(12),
                        overflow: Overflow::scroll_y(),
                        ..theme::card_node(620.0)
                    },
                    theme::card_look(),
                    widget::WheelScroll,
                ))
                .with_children(|card| {
                    card.spawn(theme::heading(
                        &fonts,
                        "The level editor",
                        28.0,
                        theme::TEXT,
                    ));
                    for (i, line) in LINES.iter().enumerate() {
                        let (size, colour) = if i < 4 {
                            (17.0, theme::TEXT)
                        } else {
                            (15.0, theme::TEXT_DIM)
                        };
                        card.spawn((
                            text(*line, size, colour),
                            TextLayout::justify(Justify::Center),
                            Node {
                                flex_shrink: 0.0,
                                ..default()
                            },
                        ));
                        // Where the saves go, for a player who would
                        // open or share the file (the notice names it).
                        if i == 3 {
                            card.spawn((
                                text(packs_folder(progress.dir.as_deref()), 15.0, theme::TEXT_DIM),
                                TextLayout::justify(Justify::Center),
                                Node {
                                    flex_shrink: 0.0,
                                    ..default()
                                },
                            ));
                        }
                    }
                    card.spawn(widget::text_button(
                        EditAction::Help,
                        "Got it (Enter)",
                        20.0,
                    ));
                });
        });
}

/// The words that say where the player's packs are kept.
fn packs_folder(data: Option<&std::path::Path>) -> String {
    match data {
        Some(dir) => format!(
            "Your packs are the files in {}, which any text editor opens.",
            dir.join("packs").display()
        ),
        None => "There is no data directory to save in (see --data-dir).".into(),
    }
}

/// The card opens closed each time the editor opens.
pub(super) fn close_help(mut help: ResMut<EditorHelp>) {
    help.0 = false;
}
