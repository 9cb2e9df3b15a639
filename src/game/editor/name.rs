//! The level's name: a field above the board, typed into without any edit
//! of the board.

use super::{Editor, margins};
use crate::game::Screen;
use crate::game::theme::{self, text};
use bevy::input_focus::{FocusCause, InputFocus};
use bevy::prelude::*;
use bevy::text::{EditableText, TextCursorStyle};

/// The field of the level's name, above the board.
#[derive(Component)]
pub(super) struct NameField;

fn name_field(name: &str) -> EditableText {
    EditableText {
        max_characters: Some(crate::levels::limits::NAME_CHARS),
        visible_width: Some(30.0),
        ..EditableText::new(name)
    }
}

/// The level's name above the board: a field that a click (or F2) focuses;
/// Enter or Esc leaves it.
pub(super) fn spawn_name(
    mut commands: Commands,
    editor: Option<Res<Editor>>,
    window: Option<Single<&Window>>,
) {
    let Some(editor) = editor else { return };
    let m = margins(window.as_ref().map_or(1280.0, |w| w.width()));
    let field = commands
        .spawn((
            NameField,
            name_field(&editor.draft.name),
            bevy::ui_widgets::SelectAllOnFocus,
            TextFont {
                font_size: FontSize::Px(22.0),
                ..default()
            },
            TextColor(theme::TEXT),
            TextCursorStyle::default(),
            TextLayout::no_wrap(),
            Node {
                min_width: px(300),
                padding: UiRect::axes(px(10), px(5)),
                border_radius: BorderRadius::all(px(8)),
                ..default()
            },
            BackgroundColor(theme::PANEL),
        ))
        .id();
    commands
        .spawn((
            DespawnOnExit(Screen::Edit),
            Node {
                position_type: PositionType::Absolute,
                left: px(m[0]),
                right: px(m[1]),
                top: px(12),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                column_gap: px(8),
                ..default()
            },
            children![text("Name (F2)", 17.0, theme::TEXT_DIM)],
        ))
        .add_child(field);
}

/// The name typed goes into the level (not a step of the history, and no
/// new verdict: the board is the same); a name changed by an edit (a new
/// level, an undo) shows in the field.
pub(super) fn sync_name(
    keys: Res<ButtonInput<KeyCode>>,
    mut editor: ResMut<Editor>,
    mut field: Query<(Entity, &mut EditableText), With<NameField>>,
    mut focus: ResMut<InputFocus>,
) {
    let Ok((entity, mut f)) = field.single_mut() else {
        return;
    };
    let focused = focus.get() == Some(entity);
    if editor.typing != focused {
        editor.typing = focused;
    }
    if focused {
        let typed = f.value().to_string();
        if typed != editor.draft.name {
            editor.draft.name = typed;
        }
        if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Escape]) {
            focus.clear();
        }
    } else {
        if f.value().to_string() != editor.draft.name {
            // A new field, its cursor at the end (the old cursor may lie
            // past the new text's end).
            *f = name_field(&editor.draft.name);
        }
        if keys.just_pressed(KeyCode::F2) {
            focus.set(entity, FocusCause::Navigated);
        }
    }
}
