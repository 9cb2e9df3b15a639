//! Level codes and games in the game: Ctrl+C (or "Copy game" in the menu)
//! copies the game being played as one line, `CODE: M1 M2 ...`; on the title
//! and the level select, K opens a box to type a code or a line (Bevy's
//! `EditableText`: a cursor, selection, Ctrl+V to paste) and Enter plays it;
//! Ctrl+V with the box closed plays the clipboard's at once. A code opens its
//! level (made in the background, as random levels are); a line opens its
//! level and replays its moves, as auto-play plays a solution.

use super::Screen;
use super::packs::{Current, Packs, level_code};
use super::play::{PlayAction, PlayState, PlaySystems, Say};
use super::theme::{self, text};
use crate::levels::code::LevelCode;
use crate::levels::game_line::GameLine;
use bevy::clipboard::Clipboard;
use bevy::input_focus::{FocusCause, InputFocus};
use bevy::prelude::*;
use bevy::text::{EditableText, EditableTextFilter};

/// The longest text the box takes: a whole board's code and a long game.
const MAX_CODE: usize = crate::levels::edit::MAX_BOARD_CODE + 16 * 1024;

/// The code box: open or not, and why the last code failed (what is typed
/// is the box's `EditableText`).
#[derive(Resource, Debug, Default)]
pub struct CodeEntry {
    pub open: bool,
    pub error: Option<String>,
    /// A pasted text that failed, for the field once it is made (Ctrl+V
    /// with the box closed opens it): shown to be mended.
    pending: Option<String>,
}

/// A code the player asked to play (typed, or pasted): the screens make its
/// level in the background and open it.
#[derive(Message, Debug, Clone)]
pub struct PlayCode(pub LevelCode);

/// The moves of a game's line pasted or typed (or of a best watched again),
/// as written: replayed once its level is open (auto-play takes them).
#[derive(Resource, Debug, Clone)]
pub struct PastedLine(pub Vec<String>);

/// Systems reading the code box's keys: the menus' keys run before them, and
/// skip their work while the box is open.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct CodeSystems;

#[derive(Component)]
struct EntryPanel;

/// The field a code is typed in.
#[derive(Component)]
pub struct CodeField;

#[derive(Component)]
struct EntryError;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CodeEntry>()
        .init_resource::<Clipboard>()
        .init_resource::<InputFocus>()
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
        .add_systems(Update, copy_game.in_set(PlaySystems::Input));
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

/// The characters a code or a game's line is made of.
fn code_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | ' ')
}

/// K opens the box; Ctrl+V with the box closed plays the clipboard's code;
/// with the box open, Enter plays what is typed and Esc closes it (the field
/// itself takes the typing, the cursor keys and the paste).
fn entry_keys(
    mut commands: Commands,
    keys: Res<ButtonInput<KeyCode>>,
    mut entry: ResMut<CodeEntry>,
    mut clipboard: ResMut<Clipboard>,
    mut field: Query<&mut EditableText, With<CodeField>>,
    mut play: MessageWriter<PlayCode>,
) {
    let ctrl = super::keys::ctrl(&keys);
    if entry.pending.is_some()
        && let Ok(mut f) = field.single_mut()
        && let Some(text) = entry.pending.take()
    {
        f.editor_mut().set_text(&text);
    }
    let typed = if !entry.open {
        if ctrl && keys.just_pressed(KeyCode::KeyV) {
            entry.open = true;
            match pasted(&mut clipboard) {
                Ok(t) => t,
                Err(e) => {
                    entry.error = Some(e);
                    return;
                }
            }
        } else {
            if keys.just_pressed(KeyCode::KeyK) && !ctrl {
                entry.open = true;
                entry.error = None;
            }
            return;
        }
    } else if keys.just_pressed(KeyCode::Escape) {
        *entry = CodeEntry::default();
        return;
    } else if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter]) {
        match field.single_mut() {
            Ok(f) => f.value().to_string(),
            Err(_) => return,
        }
    } else {
        if keys.get_just_pressed().next().is_some() && entry.error.is_some() {
            entry.error = None;
        }
        return;
    };
    match GameLine::parse(&typed) {
        Ok(line) => {
            play.write(PlayCode(line.code.clone()));
            if !line.moves.is_empty() {
                commands.insert_resource(PastedLine(line.moves));
            }
            *entry = CodeEntry::default();
        }
        Err(e) => {
            entry.error = Some(e);
            // A pasted code that fails stays in the box, to be mended (in
            // the field made for it, when the paste opened the box).
            match field.single_mut() {
                Ok(mut f) if f.value().to_string() != typed => f.editor_mut().set_text(&typed),
                Ok(_) => {}
                Err(_) => entry.pending = Some(typed),
            }
        }
    }
}

/// The box over the screen while it is open, its field focused.
fn show_entry(
    mut commands: Commands,
    entry: Res<CodeEntry>,
    panel: Query<Entity, With<EntryPanel>>,
    mut error: Query<&mut Text, With<EntryError>>,
    mut focus: ResMut<InputFocus>,
) {
    if !entry.is_changed() {
        return;
    }
    if !entry.open {
        for e in &panel {
            commands.entity(e).try_despawn();
        }
        focus.clear();
        return;
    }
    let why = entry.error.clone().unwrap_or_default();
    if !panel.is_empty() {
        // As every line of text is shown: backquotes as plain quotes (the
        // typeface has none).
        for mut t in &mut error {
            t.0 = why.replace('`', "'");
        }
        return;
    }
    let field = commands
        .spawn((
            CodeField,
            EditableText {
                visible_width: Some(16.0),
                ..theme::field(MAX_CODE)
            },
            EditableTextFilter::new(code_char),
            TextFont {
                font_size: FontSize::Px(28.0),
                ..default()
            },
            TextColor(theme::HIGHLIGHT),
            theme::caret(),
            TextLayout::no_wrap(),
            Node {
                min_width: px(420),
                padding: UiRect::axes(px(12), px(8)),
                ..default()
            },
            BackgroundColor(theme::BUTTON),
        ))
        .id();
    focus.set(field, FocusCause::Navigated);
    let card = commands
        .spawn((
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
                text("Play a level code or a game", 30.0, theme::TEXT),
                text(
                    "Type a code, or paste one with Ctrl+V: hop.12, S3v4, H8d3-5, \
                     F14x14c6d3-4821, E4x4t4c4d2-77. A random level's code names its \
                     size, colours, difficulty and seed. A game copied with Ctrl+C \
                     (pegs.8: 5-17 8-10 ...) is replayed. Enter plays it, Esc closes.",
                    17.0,
                    theme::TEXT_DIM,
                ),
            ],
        ))
        .id();
    let error_line = commands
        .spawn((
            EntryError,
            Node {
                width: percent(100),
                min_height: px(44),
                ..default()
            },
            text(why, 17.0, theme::WARN),
        ))
        .id();
    commands.entity(card).add_children(&[field, error_line]);
    commands
        .spawn((EntryPanel, GlobalZIndex(20), theme::cover()))
        .add_child(card);
}

/// Ctrl+C while playing, or "Copy game" in the menu: the game so far as
/// one line (the level's code and the moves played) to the clipboard.
fn copy_game(
    mut actions: MessageReader<PlayAction>,
    packs: Res<Packs>,
    current: Res<Current>,
    state: Res<PlayState>,
    mut clipboard: ResMut<Clipboard>,
    mut say: MessageWriter<Say>,
) {
    if !actions.read().any(|a| *a == PlayAction::CopyGame) {
        return;
    }
    // A level of no shipped pack nor random code is shared by its board.
    let board = || {
        let level = packs
            .0
            .get(current.pack)?
            .pack
            .as_ref()
            .ok()?
            .levels
            .get(current.level)?;
        Some(crate::levels::edit::Draft::of_level(level).code())
    };
    let Some(code) = level_code(&packs, &current)
        .or_else(board)
        .and_then(|c| LevelCode::parse(&c).ok())
    else {
        return;
    };
    let moves: Vec<_> = state.done.iter().map(|(mv, _)| *mv).collect();
    let line = GameLine::new(code.clone(), &moves).to_string();
    say.write(Say(match clipboard.set_text(line.clone()) {
        Ok(()) => copied_words(&code.to_string(), moves.len()),
        Err(e) => format!("No clipboard here ({e:?}); the game is {line}"),
    }));
}

/// What Ctrl+C says it copied: the same words mid-game and after a win,
/// the level's code (or a board code's length) and how many moves.
pub fn copied_words(code: &str, n: usize) -> String {
    let what = match n {
        0 => "no move yet".to_string(),
        n => format!("{n} {}", crate::levels::noun(n as u64, "move", "moves")),
    };
    let level = if code.len() <= 40 {
        code.to_string()
    } else {
        format!("a board of {} characters", code.len())
    };
    format!("Game copied ({level}, {what}): Ctrl+V on the title screen replays it.")
}
