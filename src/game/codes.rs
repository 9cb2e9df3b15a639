//! Level codes in the game: Ctrl+C copies the code of the level being played;
//! on the title and the level select, K opens a box to type a code and Ctrl+V
//! pastes one, and Enter plays it (made in the background, as random levels
//! are).

use super::Screen;
use super::hud::Say;
use super::packs::{Current, Packs, level_code};
use super::theme::{self, text};
use crate::levels::code::LevelCode;
use bevy::clipboard::Clipboard;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

/// The longest code the box takes.
const MAX_CODE: usize = 40;

/// The code box: open or not, what is typed, and why the last code failed.
#[derive(Resource, Debug, Default)]
pub struct CodeEntry {
    pub open: bool,
    pub text: String,
    pub error: Option<String>,
}

/// A code the player asked to play (typed, or pasted): the screens make its
/// level in the background and open it.
#[derive(Message, Debug, Clone)]
pub struct PlayCode(pub LevelCode);

/// Systems reading the code box's keys: the menus' keys run before them, and
/// skip their work while the box is open.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct CodeSystems;

#[derive(Component)]
struct EntryPanel;

#[derive(Component)]
struct EntryText;

#[derive(Component)]
struct EntryError;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CodeEntry>()
        .init_resource::<Clipboard>()
        .add_message::<PlayCode>()
        .add_systems(
            Update,
            (entry_keys, show_entry)
                .chain()
                .in_set(CodeSystems)
                .run_if(in_state(Screen::Title).or_else(in_state(Screen::Levels))),
        )
        .add_systems(OnExit(Screen::Title), close_entry)
        .add_systems(OnExit(Screen::Levels), close_entry)
        .add_systems(Update, copy_code.run_if(in_state(Screen::Play)));
}

pub fn entry_closed(entry: Res<CodeEntry>) -> bool {
    !entry.open
}

fn close_entry(mut entry: ResMut<CodeEntry>) {
    *entry = CodeEntry::default();
}

/// What the clipboard holds, made fit for the box: the first line, trimmed.
fn pasted(clipboard: &mut Clipboard) -> Result<String, String> {
    match clipboard.fetch_text().poll_result() {
        Some(Ok(t)) => Ok(t
            .lines()
            .next()
            .unwrap_or("")
            .trim()
            .chars()
            .take(MAX_CODE)
            .collect()),
        Some(Err(e)) => Err(format!("nothing to paste ({e:?})")),
        None => Err("the clipboard has not answered".into()),
    }
}

fn entry_keys(
    mut keyboard: MessageReader<KeyboardInput>,
    keys: Res<ButtonInput<KeyCode>>,
    mut entry: ResMut<CodeEntry>,
    mut clipboard: ResMut<Clipboard>,
    mut play: MessageWriter<PlayCode>,
) {
    let ctrl = super::keys::ctrl(&keys);
    let mut submit = false;
    for key in keyboard.read() {
        if key.state != ButtonState::Pressed {
            continue;
        }
        if ctrl && key.key_code == KeyCode::KeyV {
            // Paste: open the box with the clipboard's code and play it.
            entry.open = true;
            match pasted(&mut clipboard) {
                Ok(t) => {
                    entry.text = t;
                    submit = true;
                }
                Err(e) => entry.error = Some(e),
            }
            continue;
        }
        if !entry.open {
            if key.key_code == KeyCode::KeyK && !ctrl {
                entry.open = true;
                entry.error = None;
            }
            continue;
        }
        match (&key.logical_key, key.key_code) {
            (_, KeyCode::Escape) => {
                *entry = CodeEntry::default();
                return;
            }
            (_, KeyCode::Enter | KeyCode::NumpadEnter) => submit = true,
            (_, KeyCode::Backspace) => {
                entry.text.pop();
                entry.error = None;
            }
            (Key::Character(s), _) if !ctrl => {
                for c in s.chars() {
                    if (c.is_ascii_alphanumeric() || c == '.' || c == '-')
                        && entry.text.chars().count() < MAX_CODE
                    {
                        entry.text.push(c);
                    }
                }
                entry.error = None;
            }
            _ => {}
        }
    }
    if submit && entry.open {
        match LevelCode::parse(&entry.text) {
            Ok(code) => {
                play.write(PlayCode(code));
                *entry = CodeEntry::default();
            }
            Err(e) => entry.error = Some(e),
        }
    }
}

/// The box over the screen while it is open.
fn show_entry(
    mut commands: Commands,
    entry: Res<CodeEntry>,
    panel: Query<Entity, With<EntryPanel>>,
    mut typed: Query<&mut Text, (With<EntryText>, Without<EntryError>)>,
    mut error: Query<&mut Text, (With<EntryError>, Without<EntryText>)>,
) {
    if !entry.is_changed() {
        return;
    }
    if !entry.open {
        for e in &panel {
            commands.entity(e).despawn();
        }
        return;
    }
    let shown = format!("{}_", entry.text);
    let why = entry.error.clone().unwrap_or_default();
    if panel.is_empty() {
        commands.spawn((
            EntryPanel,
            GlobalZIndex(20),
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                align_items: AlignItems::Center,
                justify_content: JustifyContent::Center,
                ..default()
            },
            BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.7)),
            children![(
                Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    row_gap: px(12),
                    padding: UiRect::all(px(24)),
                    width: px(760),
                    border: UiRect::all(px(2)),
                    ..default()
                },
                BackgroundColor(Color::srgb(0.05, 0.14, 0.18)),
                BorderColor::all(theme::HIGHLIGHT),
                children![
                    text("Play a level code", 30.0, theme::TEXT),
                    text(
                        "Type a code, or paste one with Ctrl+V: hop.12, S3v4, H8d3-5, \
                         F14x14c6d3-4821, E4x4t4c4d2-77. A random level's code names its \
                         size, colours, difficulty and seed. Enter plays it, Esc closes.",
                        17.0,
                        theme::TEXT_DIM,
                    ),
                    (
                        Node {
                            min_width: px(420),
                            padding: UiRect::axes(px(12), px(8)),
                            justify_content: JustifyContent::Center,
                            ..default()
                        },
                        BackgroundColor(theme::BUTTON),
                        children![(EntryText, text(shown, 28.0, theme::HIGHLIGHT))],
                    ),
                    (
                        EntryError,
                        Node {
                            width: percent(100),
                            min_height: px(44),
                            ..default()
                        },
                        text(why, 17.0, theme::WARN)
                    ),
                ],
            )],
        ));
    } else {
        for mut t in &mut typed {
            t.0 = shown.clone();
        }
        for mut t in &mut error {
            t.0 = why.clone();
        }
    }
}

/// Ctrl+C while playing: the level's code to the clipboard.
fn copy_code(
    keys: Res<ButtonInput<KeyCode>>,
    packs: Res<Packs>,
    current: Res<Current>,
    mut clipboard: ResMut<Clipboard>,
    mut say: MessageWriter<Say>,
) {
    let ctrl = super::keys::ctrl(&keys);
    if !(ctrl && keys.just_pressed(KeyCode::KeyC)) {
        return;
    }
    let Some(code) = level_code(&packs, &current) else {
        say.write(Say(
            "This level has no code: it comes from a pack of your own.".into(),
        ));
        return;
    };
    say.write(Say(match clipboard.set_text(code.clone()) {
        Ok(()) => format!("Code {code} copied: paste it with Ctrl+V on the title screen."),
        Err(e) => format!("No clipboard here ({e:?}); the code is {code}."),
    }));
}
