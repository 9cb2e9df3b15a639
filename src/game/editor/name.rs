//! The fields typed into above the board: the level's name (no edit of the
//! board), a Swap level's row, and the seed that deals a Flood or Escape
//! board (edits, taken on Enter).

use super::{Editor, margins};
use crate::game::Screen;
use crate::game::theme::{self, text};
use bevy::input_focus::{FocusCause, InputFocus};
use bevy::prelude::*;
use bevy::text::{EditableText, TextEdit};

/// The keys that take what a field holds and leave it: Enter, and Tab,
/// which also rings the next button (`focus::tab_focus`), as in a form.
const TAKE_KEYS: [KeyCode; 3] = [KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Tab];

/// Puts `text` in a field, its caret at the end. The field's own editor
/// keeps its font and its place in the layout and draws the new text: a
/// field replaced whole kept showing its old layout (often none) while it
/// held the new text, and typing went after text one could not see.
fn put_text(f: &mut EditableText, text: &str) {
    f.clear();
    f.editor_mut().set_text(text);
    f.queue_edit(TextEdit::TextEnd(false));
}

/// The field of the level's name, above the board.
#[derive(Component)]
pub struct NameField;

/// The field of a Swap level's row, under the name's; and its line.
#[derive(Component)]
pub struct RowField;

#[derive(Component)]
pub(super) struct RowLine;

/// A field holding `text` (at most `most` characters).
fn new_field(text: &str, most: usize) -> EditableText {
    let mut f = theme::field(most);
    put_text(&mut f, text);
    f
}

/// The fields other than the name's.
type OtherField = Or<(With<RowField>, With<SeedField>)>;

/// Any of the editor's fields.
pub(super) type AnyField = Or<(With<NameField>, With<RowField>, With<SeedField>)>;

/// Ctrl+Z in a field puts back what it held when it took the keys (the
/// board's undo waits while the keys are the field's). The text is kept
/// from the moment a field takes the keys.
pub(super) fn undo_typing(
    keys: Res<ButtonInput<KeyCode>>,
    focus: Res<InputFocus>,
    mut fields: Query<&mut EditableText, AnyField>,
    mut before: Local<Option<(Entity, String)>>,
) {
    let Some(entity) = focus.get().filter(|&e| fields.contains(e)) else {
        *before = None;
        return;
    };
    let Ok(mut f) = fields.get_mut(entity) else {
        return;
    };
    if before.as_ref().is_none_or(|(e, _)| *e != entity) {
        *before = Some((entity, f.value().to_string()));
        return;
    }
    if crate::game::keys::ctrl(&keys)
        && keys.just_pressed(KeyCode::KeyZ)
        && let Some((_, text)) = before.as_ref()
        && f.value().to_string() != *text
    {
        put_text(&mut f, text);
    }
}

/// The field of the seed that deals a Flood or Escape board; and its line.
#[derive(Component)]
pub struct SeedField;

#[derive(Component)]
pub(super) struct SeedLine;

/// The most digits a seed has (18446744073709551615, the largest).
const SEED_DIGITS: usize = 20;

/// A seed as its field shows it (none: empty).
fn seed_text(seed: Option<u64>) -> String {
    seed.map(|s| s.to_string()).unwrap_or_default()
}

/// Whether the draft's board is dealt from a seed (Flood, Escape).
fn dealt(editor: &Editor) -> bool {
    editor.draft.dealt()
}

/// Shows a field's line or hides it; what it shows now.
fn show_line<L: Component>(line: &mut Query<&mut Visibility, With<L>>, on: bool) -> Visibility {
    let shown = if on {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut v in line.iter_mut() {
        if *v != shown {
            *v = shown;
        }
    }
    shown
}

/// The draft's row as the files write it, if it is a Swap level.
fn draft_row(editor: &Editor) -> Option<String> {
    editor.draft.row()
}

/// A field's look: its text at `size` on a panel-coloured box (as wide as
/// `fit_field_lines` makes it).
fn field_look(size: f32) -> impl Bundle {
    (
        bevy::ui_widgets::SelectAllOnFocus,
        TextFont {
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(theme::TEXT),
        theme::caret(),
        TextLayout::no_wrap(),
        Node {
            width: px(FIELD_WIDTH),
            padding: UiRect::axes(px(10), px(4)),
            border_radius: BorderRadius::all(px(8)),
            ..default()
        },
        BackgroundColor(theme::PANEL),
    )
}

/// The widest a field is, in pixels.
pub(super) const FIELD_WIDTH: f32 = 330.0;

/// The room of a field's label, right-aligned in it: as wide as the
/// longest, "Deal from seed (F4)" (a letter is about 8.5 pixels), so that
/// the fields under one another start at the same place.
pub(super) const LABEL_WIDTH: f32 = 19.0 * 8.5;

/// A line of a label and a field, between the side panels; its field.
#[derive(Component)]
pub(super) struct FieldLine(pub(super) Option<Entity>);

/// A line above the board, `top` pixels down, between the side panels:
/// `label`, then `field`.
fn field_line(commands: &mut Commands, top: f32, label: &str, line: impl Bundle, field: Entity) {
    commands
        .spawn((
            line,
            FieldLine(Some(field)),
            DespawnOnExit(Screen::Edit),
            Node {
                position_type: PositionType::Absolute,
                top: px(top),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                column_gap: px(8),
                ..default()
            },
            children![(
                Node {
                    width: px(LABEL_WIDTH),
                    justify_content: JustifyContent::FlexEnd,
                    flex_shrink: 0.0,
                    ..default()
                },
                children![(text(label, 17.0, theme::TEXT_DIM), TextLayout::no_wrap())],
            )],
        ))
        .with_children(|line| {
            // The field, and over its right end the fade that says it
            // holds more than it shows.
            line.spawn(Node::default())
                .add_child(field)
                .with_child(super::typing::fade(field));
        });
}

/// A field without the keys shows the start of its text (a long name in a
/// narrow window showed only its tail, "...y 7x7, 4 colours"); with them,
/// the caret's place. Done when a field loses the keys or its text changes
/// while it has none (`seen`: each field's text as last put at its start).
pub(super) fn show_starts(
    focus: Res<InputFocus>,
    mut fields: Query<(Entity, &mut EditableText), AnyField>,
    mut seen: Local<Vec<(Entity, String)>>,
) {
    seen.retain(|(e, _)| fields.contains(*e));
    for (entity, mut f) in &mut fields {
        if focus.get() == Some(entity) {
            // Just given the keys: the caret to the end and the whole text
            // selected, as a field that takes the keys does (typing
            // replaces it; from the caret at the start it did not).
            if seen.iter().any(|(e, _)| *e == entity) {
                f.queue_edit(TextEdit::TextEnd(false));
                f.queue_edit(TextEdit::SelectAll);
            }
            seen.retain(|(e, _)| *e != entity);
            continue;
        }
        let text = f.value().to_string();
        if seen.iter().any(|(e, t)| *e == entity && *t == text) {
            continue;
        }
        f.queue_edit(TextEdit::TextStart(false));
        seen.retain(|(e, _)| *e != entity);
        seen.push((entity, text));
    }
}

/// Each field line stays between the side panels as the window changes,
/// its field as wide as the room beside the labels' leaves, at most
/// `FIELD_WIDTH`: every field as wide as the others.
pub(super) fn fit_field_lines(
    window: Option<Single<&Window>>,
    mut lines: Query<(&FieldLine, &mut Node), Without<EditableText>>,
    mut fields: Query<&mut Node, With<EditableText>>,
) {
    let width = window.map_or(1280.0, |w| w.width());
    let m = margins(width);
    for (line, mut node) in &mut lines {
        if (node.left, node.right) != (px(m[0]), px(m[1])) {
            (node.left, node.right) = (px(m[0]), px(m[1]));
        }
        let room = (width - m[0] - m[1] - 36.0 - LABEL_WIDTH).clamp(120.0, FIELD_WIDTH);
        if let Some(mut field) = line.0.and_then(|f| fields.get_mut(f).ok())
            && field.width != px(room)
        {
            field.width = px(room);
        }
    }
}

/// The level's name above the board: a field that a click (or F2) focuses;
/// Enter or Esc leaves it. Under it, a Swap level's row, typed as the files
/// write it (a click or F3).
pub(super) fn spawn_name(mut commands: Commands, editor: Option<Res<Editor>>) {
    let Some(editor) = editor else { return };
    let name = commands
        .spawn((
            NameField,
            Name::new("Name field"),
            new_field(&editor.draft.name, crate::levels::limits::NAME_CHARS),
            field_look(22.0),
        ))
        .id();
    field_line(&mut commands, 12.0, "Name (F2)", (), name);
    let row = draft_row(&editor);
    let field = commands
        .spawn((
            RowField,
            Name::new("Row field"),
            new_field(
                row.as_deref().unwrap_or_default(),
                crate::levels::limits::SWAP_CELLS + 20,
            ),
            field_look(20.0),
        ))
        .id();
    let shown = if row.is_some() {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    field_line(&mut commands, 58.0, "Row (F3)", (RowLine, shown), field);
    // The seed of a dealt board, on the same line (a Swap level has none).
    let field = commands
        .spawn((
            SeedField,
            Name::new("Seed field"),
            new_field(&seed_text(editor.seed), SEED_DIGITS),
            field_look(20.0),
        ))
        .id();
    let shown = if dealt(&editor) {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    field_line(
        &mut commands,
        58.0,
        "Deal from seed (F4)",
        (SeedLine, shown),
        field,
    );
    // Under the fields, why one did not take what was typed.
    super::refusal::spawn_notice_line(&mut commands);
}

/// The seed typed: Enter deals the board from it (a step of the history),
/// or says why it is no seed, keeping the text; Esc puts back the seed
/// shown. Unfocused, the field shows the seed that dealt the board (empty
/// once it is edited), and only for a Flood or Escape level.
pub(super) fn sync_seed(
    keys: Res<ButtonInput<KeyCode>>,
    mut editor: ResMut<Editor>,
    mut field: Query<(Entity, &mut EditableText), With<SeedField>>,
    mut line: Query<&mut Visibility, With<SeedLine>>,
    mut focus: ResMut<InputFocus>,
) {
    let Ok((entity, mut f)) = field.single_mut() else {
        return;
    };
    // Only when the level, the focus or a key changed: not every frame.
    if !editor.is_changed() && !focus.is_changed() && keys.get_just_pressed().next().is_none() {
        return;
    }
    let shown = show_line(&mut line, dealt(&editor));
    if focus.get() == Some(entity) {
        // Its key again selects what it holds, to type over it.
        if keys.just_pressed(KeyCode::F4) {
            f.queue_edit(TextEdit::SelectAll);
        }
        if keys.any_just_pressed(TAKE_KEYS) && !editor.overflow {
            let typed = f.value().to_string().trim().to_string();
            match typed.parse::<u64>() {
                Ok(seed) => {
                    if editor.change(true, |d| d.shuffle(seed)) {
                        editor.seed = Some(seed);
                    }
                    focus.clear();
                }
                Err(_) => editor.field_notice = Some(super::refusal::seed_refusal(&typed)),
            }
        } else if keys.just_pressed(KeyCode::Escape) {
            put_text(
                &mut f,
                &editor.seed.map(|s| s.to_string()).unwrap_or_default(),
            );
            super::refusal::drop_refusal(&mut editor);
            focus.clear();
        }
        return;
    }
    let want = seed_text(editor.seed);
    if f.value().to_string() != want {
        put_text(&mut f, &want);
    }
    if shown == Visibility::Inherited && keys.just_pressed(KeyCode::F4) {
        focus.set(entity, FocusCause::Navigated);
    }
}

/// A Swap level's row typed: Enter takes it (a step of the history, or the
/// reason it cannot be, said as a refusal), Esc puts back the row drawn;
/// unfocused, the field shows the row drawn, and only for a Swap level.
pub(super) fn sync_row(
    keys: Res<ButtonInput<KeyCode>>,
    mut editor: ResMut<Editor>,
    mut field: Query<(Entity, &mut EditableText), With<RowField>>,
    mut line: Query<&mut Visibility, With<RowLine>>,
    mut focus: ResMut<InputFocus>,
) {
    let Ok((entity, mut f)) = field.single_mut() else {
        return;
    };
    if !editor.is_changed() && !focus.is_changed() && keys.get_just_pressed().next().is_none() {
        return;
    }
    let row = draft_row(&editor);
    show_line(&mut line, row.is_some());
    let focused = focus.get() == Some(entity);
    if focused {
        // Its key again selects what it holds, to type over it.
        if keys.just_pressed(KeyCode::F3) {
            f.queue_edit(TextEdit::SelectAll);
        }
        if keys.any_just_pressed(TAKE_KEYS) && !editor.overflow {
            let typed = f.value().to_string();
            let mut refused = None;
            editor.change(true, |d| match d.set_row(&typed) {
                Ok(changed) => changed,
                Err(why) => {
                    refused = Some(why);
                    false
                }
            });
            if let Some(why) = refused {
                editor.field_notice = Some(format!("The row was not taken: {why}."));
            } else {
                focus.clear();
            }
        } else if keys.just_pressed(KeyCode::Escape) {
            put_text(&mut f, &row.unwrap_or_default());
            super::refusal::drop_refusal(&mut editor);
            focus.clear();
        }
        return;
    }
    if let Some(row) = row {
        if f.value().to_string() != row {
            put_text(&mut f, &row);
        }
        if keys.just_pressed(KeyCode::F3) {
            focus.set(entity, FocusCause::Navigated);
        }
    }
}

/// The name typed goes into the level (no new verdict: the board is the
/// same), and becomes a step of the history when the field lets the keys
/// go; Esc puts back the name it had when the field took the keys, as the
/// row's and the seed's fields do; a name changed by an edit (a new level,
/// an undo) shows in the field.
pub(super) fn sync_name(
    keys: Res<ButtonInput<KeyCode>>,
    mut editor: ResMut<Editor>,
    mut field: Query<(Entity, &mut EditableText), With<NameField>>,
    rows: Query<Entity, OtherField>,
    mut focus: ResMut<InputFocus>,
    mut seen: Local<String>,
) {
    let Ok((entity, mut f)) = field.single_mut() else {
        return;
    };
    let focused = focus.get() == Some(entity);
    // The keys go to a field: the name's or the row's.
    let typing = focused || focus.get().is_some_and(|e| rows.contains(e));
    if editor.typing != typing {
        editor.typing = typing;
    }
    // (Read before written: a resource written every frame would look
    // changed to every system that waits for a change.)
    if focused {
        if editor.name_before.is_none() {
            editor.begin_rename();
        }
        // Its key again selects what it holds, to type over it.
        if keys.just_pressed(KeyCode::F2) {
            f.queue_edit(TextEdit::SelectAll);
        }
        if keys.just_pressed(KeyCode::Escape) {
            let kept = editor.abandon_rename().unwrap_or_default();
            put_text(&mut f, &kept);
            editor.draft.name = kept;
            focus.clear();
            return;
        }
        // Typed, the field's text is the name's; changed by a step of the
        // history (Undo pressed), the name is the field's.
        let typed = f.value().to_string();
        if typed != *seen {
            if typed != editor.draft.name {
                editor.draft.name.clone_from(&typed);
            }
        } else if typed != editor.draft.name {
            put_text(&mut f, &editor.draft.name);
        }
        seen.clone_from(&editor.draft.name);
        if keys.any_just_pressed(TAKE_KEYS) && !editor.overflow {
            focus.clear();
            editor.end_rename();
        }
    } else {
        if editor.name_before.is_some() {
            editor.end_rename();
        }
        if f.value().to_string() != editor.draft.name {
            put_text(&mut f, &editor.draft.name);
        }
        if *seen != editor.draft.name {
            seen.clone_from(&editor.draft.name);
        }
        if keys.just_pressed(KeyCode::F2) {
            focus.set(entity, FocusCause::Navigated);
        }
    }
}
