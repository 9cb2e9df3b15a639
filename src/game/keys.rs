//! Moving a keyboard focus with the arrow keys: the board's cursor and the
//! menus' outline both go to the nearest target in the arrow's direction.

use bevy::prelude::*;

/// Whether Ctrl is held for the keys of this frame: down now, or let go in
/// this same frame (a quick chord can go down and up between two frames).
pub fn ctrl(keys: &ButtonInput<KeyCode>) -> bool {
    const CTRL: [KeyCode; 2] = [KeyCode::ControlLeft, KeyCode::ControlRight];
    keys.any_pressed(CTRL) || keys.any_just_released(CTRL)
}

/// The direction of the arrow key just pressed, with y up (the world) or
/// down (the UI); Tab counts as right.
pub fn arrow(keys: &ButtonInput<KeyCode>, y_down: bool) -> Option<Vec2> {
    let up = if y_down { Vec2::NEG_Y } else { Vec2::Y };
    [
        (KeyCode::ArrowLeft, Vec2::NEG_X),
        (KeyCode::ArrowRight, Vec2::X),
        (KeyCode::ArrowUp, up),
        (KeyCode::ArrowDown, -up),
        (KeyCode::Tab, Vec2::X),
    ]
    .into_iter()
    .find(|(k, _)| keys.just_pressed(*k))
    .map(|(_, w)| w)
}

/// The target nearest to `from` that lies `way`: distance along the way,
/// plus `sideways` times the distance off it.
pub fn nearest_toward<T: Copy>(
    from: Vec2,
    way: Vec2,
    sideways: f32,
    targets: impl IntoIterator<Item = (T, Vec2)>,
) -> Option<T> {
    targets
        .into_iter()
        .filter_map(|(t, at)| {
            let d = at - from;
            let ahead = d.dot(way);
            (ahead > 1.0).then(|| (ahead + sideways * d.perp_dot(way).abs(), t))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, t)| t)
}

/// The text fields' Ctrl chords, read in the order the keys went down: a
/// quick Ctrl+A goes down and up between two frames (a tool's chord, or a
/// window that draws only on input and so gathers a whole chord into one
/// frame), and the text field, which looks at the keys held at the frame's
/// end, saw a plain "a" and typed it. Here the keys' own order says Ctrl was
/// held: the letter types nothing and the field selects all, copies, cuts or
/// pastes.
pub(super) fn chords_in_order(
    mut typed: MessageMutator<bevy::input::keyboard::KeyboardInput>,
    held: Option<Res<ButtonInput<bevy::input::keyboard::Key>>>,
    focus: Option<Res<bevy::input_focus::InputFocus>>,
    mut fields: Query<&mut bevy::text::EditableText>,
    mut ctrl_down: Local<bool>,
) {
    use bevy::input::keyboard::Key;
    use bevy::text::TextEdit;
    for input in typed.read() {
        if matches!(input.key_code, KeyCode::ControlLeft | KeyCode::ControlRight) {
            *ctrl_down = input.state.is_pressed();
            continue;
        }
        // The field sees Ctrl itself when it is still held at the frame's end.
        let seen = held.as_ref().is_some_and(|h| h.pressed(Key::Control));
        if !*ctrl_down || seen || !input.state.is_pressed() {
            continue;
        }
        let Key::Character(c) = &input.logical_key else {
            continue;
        };
        let edit = match c.to_lowercase().as_str() {
            "a" => TextEdit::SelectAll,
            "c" => TextEdit::Copy,
            "x" => TextEdit::Cut,
            "v" => TextEdit::Paste,
            _ => continue,
        };
        if let Some(mut field) = focus
            .as_ref()
            .and_then(|f| f.get())
            .and_then(|e| fields.get_mut(e).ok())
        {
            input.text = None;
            field.queue_edit(edit);
        }
    }
}
