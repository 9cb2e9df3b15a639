//! Why a field above the board did not take what was typed: a row with a
//! wrong letter, a seed that is no number, a letter more than the field
//! holds. Said just under the fields, beside their cause, until the text is
//! mended or the field left.

use super::Editor;
use super::name::{AnyField, FIELD_WIDTH, FieldLine, LABEL_WIDTH, NameField, SeedField};
use crate::game::Screen;
use crate::game::theme::{self, text};
use bevy::input_focus::InputFocus;
use bevy::prelude::*;
use bevy::text::{EditableText, TextEdit};

/// A field's refusal goes with the text it refused, when Esc puts the
/// field back (a new player saw it stay).
pub(super) fn drop_refusal(editor: &mut Editor) {
    if editor.field_notice.is_some() {
        editor.field_notice = None;
    }
}

/// Why a seed typed was not taken, in a player's words.
pub(super) fn seed_refusal(typed: &str) -> String {
    let why = if typed.is_empty() {
        "type a number first".to_string()
    } else if typed.chars().all(|c| c.is_ascii_digit()) {
        format!("the largest seed is {}", u64::MAX)
    } else {
        format!("a seed has digits only, and \"{typed}\" has others")
    };
    format!("The seed was not taken: {why}.")
}

/// Letters typed into a field that has no room for them say why they were
/// not taken (the seed's field stopped at its last digit without a word).
/// The letters of this frame wait in the field's queue (applied after
/// `Update`): what it would hold after them is counted, the selection they
/// replace taken off; a queue with anything but letters in it is left to
/// the field (a paste's length is not known until it is read).
pub(super) fn say_full(
    focus: Res<InputFocus>,
    mut fields: Query<(&mut EditableText, Has<NameField>, Has<SeedField>), AnyField>,
    mut editor: ResMut<Editor>,
) {
    let Some((mut f, name, seed)) = focus.get().and_then(|e| fields.get_mut(e).ok()) else {
        // No field has the keys: its refusal went with them.
        if editor.field_notice.is_some() {
            editor.field_notice = None;
        }
        if editor.overflow {
            editor.overflow = false;
        }
        return;
    };
    // A seed's field takes digits only, and says so as a letter is typed
    // (it said so only at Enter).
    if seed && keep_digits(&mut f) {
        let words = DIGITS_ONLY.to_string();
        if editor.field_notice.as_ref() != Some(&words) {
            editor.field_notice = Some(words);
        }
        return;
    }
    let over = overflows(&f);
    // (Enter in this frame takes nothing: what it would take lost letters.)
    if editor.overflow != over.is_some() {
        editor.overflow = over.is_some();
    }
    let Some(most) = over else { return };
    let words = if seed {
        format!("A seed has at most {most} digits.")
    } else if name {
        format!("A level's name is at most {most} characters long.")
    } else {
        format!("The row's field holds at most {most} characters.")
    };
    if editor.field_notice.as_ref() != Some(&words) {
        editor.field_notice = Some(words);
    }
}

/// What a seed's field says of a letter that is not a digit.
pub(super) const DIGITS_ONLY: &str = "A seed has digits only (0 to 9).";

/// Takes out of the field's queue the letters typed this frame that are not
/// digits: whether there were any.
fn keep_digits(f: &mut Mut<EditableText>) -> bool {
    let other = |letters: &str| letters.chars().any(|c| !c.is_ascii_digit());
    if !f
        .pending_edits
        .iter()
        .any(|e| matches!(e, TextEdit::Insert(l) if other(l)))
    {
        return false;
    }
    for edit in &mut f.pending_edits {
        if let TextEdit::Insert(letters) = edit {
            let digits: String = letters.chars().filter(char::is_ascii_digit).collect();
            *letters = digits.into();
        }
    }
    f.pending_edits
        .retain(|e| !matches!(e, TextEdit::Insert(l) if l.is_empty()));
    true
}

/// The most a field holds, if the letters of this frame would pass it.
fn overflows(f: &EditableText) -> Option<usize> {
    let most = f.max_characters?;
    if f.pending_edits.is_empty() {
        return None;
    }
    let mut typed = 0;
    for edit in &f.pending_edits {
        match edit {
            TextEdit::Insert(letters) => typed += letters.chars().count(),
            _ => return None,
        }
    }
    let value = f.value().to_string();
    let selected = f.editor().raw_selection().text_range();
    let replaced = value.get(selected).map_or(0, |s| s.chars().count());
    (value.chars().count() - replaced + typed > most).then_some(most)
}

/// Why a field did not take its text, under the fields.
#[derive(Component)]
pub(super) struct FieldNotice;

/// How far down the field's refusal stands: under the second line.
const NOTICE_TOP: f32 = 94.0;

/// The field's refusal shows under the fields while there is one.
pub(super) fn show_field_notice(
    editor: Res<Editor>,
    mut notice: Query<(&mut Node, &Children), With<FieldNotice>>,
    mut words: Query<&mut Text>,
) {
    if !editor.is_changed() {
        return;
    }
    for (mut node, children) in &mut notice {
        let display = if editor.field_notice.is_some() {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != display {
            node.display = display;
        }
        // (The core's backquotes as plain quotes, as `theme::text` does.)
        let said = theme::plain(editor.field_notice.as_deref().unwrap_or_default());
        for &child in children {
            if let Ok(mut text) = words.get_mut(child)
                && text.0 != said
            {
                text.0.clone_from(&said);
            }
        }
    }
}

/// The line of a field's refusal, under the fields (shown by
/// `show_field_notice`).
pub(super) fn spawn_notice_line(commands: &mut Commands) {
    commands.spawn((
        FieldLine(None),
        DespawnOnExit(Screen::Edit),
        Node {
            position_type: PositionType::Absolute,
            top: px(NOTICE_TOP),
            justify_content: JustifyContent::Center,
            ..default()
        },
        GlobalZIndex(5),
        Pickable::IGNORE,
        children![(
            FieldNotice,
            Name::new("Field notice"),
            Node {
                max_width: px(LABEL_WIDTH + 8.0 + FIELD_WIDTH),
                padding: UiRect::axes(px(10), px(5)),
                border_radius: BorderRadius::all(px(8)),
                display: Display::None,
                ..default()
            },
            BackgroundColor(theme::PANEL),
            Pickable::IGNORE,
            children![(text("", 15.0, theme::WARN), Pickable::IGNORE)],
        )],
    ));
}
