//! What the editor's fields add to Bevy's text input: a space typed with
//! Shift held (Bevy's input takes a space only without a modifier, and a
//! name typed in capitals lost its spaces), and the fade over the end of a
//! field that holds more than it shows.

use super::name::AnyField;
use crate::game::theme;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input_focus::{FocusedInput, InputFocus};
use bevy::prelude::*;
use bevy::text::{EditableText, TextEdit};

/// A space pressed with Shift (and no other modifier) in a field goes in
/// as a space, as it does without Shift, in its place among the letters
/// typed with it: Bevy's input reads the modifiers as they stand at the
/// frame's end, so a space and a Shift+P in one frame lost the space, and
/// a space added after the frame's letters came after the P ("FrogP arty").
pub(super) fn shifted_space(
    mut typed: On<FocusedInput<KeyboardInput>>,
    keys: Res<ButtonInput<Key>>,
    mut fields: Query<&mut EditableText, AnyField>,
) {
    if !typed.input.state.is_pressed() || typed.input.logical_key != Key::Space {
        return;
    }
    // What Bevy's input leaves: a space with Shift and nothing else.
    let other = [Key::Control, Key::Alt, Key::Super];
    if !keys.pressed(Key::Shift) || keys.any_pressed(other) {
        return;
    }
    if let Ok(mut f) = fields.get_mut(typed.focused_entity) {
        f.queue_edit(TextEdit::Insert(" ".into()));
        // Taken, as Bevy's input takes what it types.
        typed.propagate(false);
    }
}

/// The fade over a field's right end, shown while the field is left with
/// more text than it shows (a long name at 800x600 was cut inside a
/// letter, with nothing to say that more followed).
#[derive(Component)]
pub(super) struct FieldFade(Entity);

/// How wide the fade over a cut field's end is, in pixels.
const FADE_WIDTH: f32 = 44.0;

/// The fade over `field`'s right end, hidden until the field is cut.
pub(super) fn fade(field: Entity) -> impl Bundle {
    (
        FieldFade(field),
        Name::new("Field fade"),
        Node {
            position_type: PositionType::Absolute,
            right: px(0),
            top: px(0),
            bottom: px(0),
            width: px(FADE_WIDTH),
            border_radius: BorderRadius::right(px(8)),
            display: Display::None,
            ..default()
        },
        BackgroundGradient::from(LinearGradient::to_right(vec![
            ColorStop::auto(theme::PANEL.with_alpha(0.0)),
            ColorStop::new(theme::PANEL.with_alpha(1.0), percent(70)),
            ColorStop::auto(theme::PANEL.with_alpha(1.0)),
        ])),
        Pickable::IGNORE,
    )
}

/// Each fade shows while its field is wider than its text's room and does
/// not have the keys (with them, the caret's place shows and the text
/// moves under it).
pub(super) fn fade_cut_fields(
    focus: Res<InputFocus>,
    fields: Query<(&bevy::text::TextLayoutInfo, &ComputedNode), With<EditableText>>,
    mut fades: Query<(&FieldFade, &mut Node)>,
) {
    for (fade, mut node) in &mut fades {
        let cut = fields.get(fade.0).is_ok_and(|(info, room)| {
            focus.get() != Some(fade.0) && info.size.x > room.content_box().width() + 1.0
        });
        let display = if cut { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
    }
}
