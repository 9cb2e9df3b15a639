//! Moving a keyboard focus with the arrow keys: the board's cursor and the
//! menus' outline both go to the nearest target in the arrow's direction.

use bevy::prelude::*;

/// Whether Ctrl is held for the keys of this frame: down now, or let go in
/// this same frame (a quick chord can go down and up between two frames).
pub fn ctrl(keys: &ButtonInput<KeyCode>) -> bool {
    const CTRL: [KeyCode; 2] = [KeyCode::ControlLeft, KeyCode::ControlRight];
    keys.any_pressed(CTRL) || keys.any_just_released(CTRL)
}

/// How many times each of `keys` went down this frame, held keys' repeats
/// included: quick presses between two frames each count (`just_pressed`
/// saw one of five quick Lefts in a slow frame).
pub fn presses<const N: usize>(
    typed: &mut MessageReader<bevy::input::keyboard::KeyboardInput>,
    keys: [KeyCode; N],
) -> [usize; N] {
    let mut counts = [0; N];
    for event in typed.read() {
        if event.state == bevy::input::ButtonState::Pressed
            && let Some(i) = keys.iter().position(|k| *k == event.key_code)
        {
            counts[i] += 1;
        }
    }
    counts
}

/// Whether help was asked for this frame: `?` (its key) or F1, without
/// Ctrl (the play screen's how-to card, the editor's card).
pub fn help_pressed(keys: &ButtonInput<KeyCode>) -> bool {
    keys.any_just_pressed([KeyCode::Slash, KeyCode::F1]) && !ctrl(keys)
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

/// How much a step off the arrow's line weighs against a step along it, for
/// the board's cursor: under one, a pad a row up and half a column over (a
/// pond's or a triangle's next row) is nearer than one two rows straight
/// up, so no pad is out of reach; a grid's straight neighbour still wins
/// over its diagonal.
pub const BOARD_SIDEWAYS: f32 = 0.8;

/// The target nearest to `from` that lies `way`: distance along the way,
/// plus `sideways` times the distance off it. Of two as near, the one
/// clockwise of the way (on a pond's checkerboard a step has two such), so
/// that each arrow's turn is the same everywhere and no corner is out of
/// reach.
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
            let off = d.perp_dot(way);
            (ahead > 1.0).then(|| (ahead + sideways * off.abs(), off, t))
        })
        .min_by(|a, b| {
            if (a.0 - b.0).abs() <= 1e-3 * a.0.abs().max(1.0) {
                b.1.total_cmp(&a.1)
            } else {
                a.0.total_cmp(&b.0)
            }
        })
        .map(|(_, _, t)| t)
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

/// The spots of `spots` from which the board's arrows do not reach every
/// other spot (none, on a board a keyboard can play).
#[cfg(test)]
pub(crate) fn unreachable(spots: &[Vec2]) -> Vec<usize> {
    let ways = [Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y];
    let next = |i: usize| -> Vec<usize> {
        ways.iter()
            .filter_map(|&w| {
                nearest_toward(
                    spots[i],
                    w,
                    BOARD_SIDEWAYS,
                    spots.iter().copied().enumerate(),
                )
            })
            .collect()
    };
    let mut out = Vec::new();
    for from in 0..spots.len() {
        let mut seen = vec![false; spots.len()];
        seen[from] = true;
        let mut stack = vec![from];
        while let Some(i) = stack.pop() {
            for j in next(i) {
                if !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        if seen.iter().any(|s| !s) {
            out.push(from);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A grid, a row and a checkerboard: every spot reached from every
    /// other; a grid's arrows go straight, not across.
    #[test]
    fn the_arrows_reach_every_spot_of_a_grid_a_row_and_a_checkerboard() {
        let grid: Vec<Vec2> = (0..20)
            .map(|i| Vec2::new((i % 5) as f32 * 40.0, (i / 5) as f32 * 40.0))
            .collect();
        let row: Vec<Vec2> = (0..9).map(|i| Vec2::new(i as f32 * 50.0, 0.0)).collect();
        let checker: Vec<Vec2> = (0..49)
            .filter(|i| (i % 7 + i / 7) % 2 == 0)
            .map(|i| Vec2::new((i % 7) as f32 * 30.0, (i / 7) as f32 * 30.0))
            .collect();
        for spots in [&grid, &row, &checker] {
            assert_eq!(unreachable(spots), Vec::<usize>::new());
        }
        let straight = nearest_toward(
            grid[6],
            Vec2::X,
            BOARD_SIDEWAYS,
            grid.iter().copied().enumerate(),
        );
        assert_eq!(straight, Some(7));
    }
}
