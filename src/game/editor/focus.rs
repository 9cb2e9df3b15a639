//! The editor's buttons from the keyboard: Tab rings the next button
//! (the left panel's from the top, then the right panel's), Shift+Tab the
//! one before; from a text field, between the panels, Tab leaves it for the
//! right panel's first button and Shift+Tab for the left panel's last.
//! Enter or Space presses the ringed button, Esc takes the ring away. The
//! arrows stay the board's.

use super::{EditAction, Editor};
use crate::game::theme;
use bevy::prelude::*;
use bevy::ui::InteractionDisabled;
use bevy::window::PrimaryWindow;

/// The button ringed by Tab, by what it asks (the panels are built again
/// when what they show changes; the ring finds its button again).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct ButtonFocus(pub Option<EditAction>);

/// The button that wears the ring now.
#[derive(Component)]
pub(super) struct Ringed;

/// Tab and Shift+Tab move the ring; Enter or Space presses its button.
pub(super) fn tab_focus(
    keys: Res<ButtonInput<KeyCode>>,
    mut editor: ResMut<Editor>,
    mut focus: ResMut<ButtonFocus>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    buttons: Query<(&EditAction, &UiGlobalTransform, &ComputedNode), Without<InteractionDisabled>>,
    mut actions: MessageWriter<EditAction>,
    field: Res<bevy::input_focus::InputFocus>,
) {
    // Typing, the keys are the field's; Tab leaves the field (which takes
    // what was typed) for the next button.
    if editor.typing && !keys.just_pressed(KeyCode::Tab) {
        // A field that has the keys (F2, a click) takes the ring away: one
        // focus at a time. (`typing` lags a frame behind a Tab that left
        // the field, whose ring stays.)
        if field.get().is_some() && focus.0.is_some() {
            focus.0 = None;
        }
        return;
    }
    if keys.just_pressed(KeyCode::Tab) {
        let middle = window.map_or(640.0, |w| w.width() / 2.0);
        // Reading order: the left panel down, then the right.
        let mut order: Vec<(EditAction, (bool, f32, f32))> = buttons
            .iter()
            .filter(|(_, _, n)| n.size().x > 0.0)
            .map(|(a, at, n)| {
                let p = at.translation * n.inverse_scale_factor();
                (*a, (p.x > middle, p.y.round(), p.x))
            })
            .collect();
        order.sort_by(|a, b| a.1.partial_cmp(&b.1).unwrap_or(std::cmp::Ordering::Equal));
        // (Shift let go in this same frame still counts: a quick chord.)
        const SHIFT: [KeyCode; 2] = [KeyCode::ShiftLeft, KeyCode::ShiftRight];
        let back = keys.any_pressed(SHIFT) || keys.any_just_released(SHIFT);
        let at = focus
            .0
            .and_then(|f| order.iter().position(|(a, _)| *a == f));
        let n = order.len();
        // The fields sit between the panels: leaving one, the ring goes on
        // from there in reading order.
        let right = order.iter().position(|(_, (r, ..))| *r);
        let next = match (at, back) {
            _ if n == 0 => None,
            (None, false) if editor.typing => right.or(Some(0)),
            (None, true) if editor.typing => Some(right.unwrap_or(n).max(1) - 1),
            (None, false) => Some(0),
            (None, true) => Some(n - 1),
            (Some(i), false) => Some((i + 1) % n),
            (Some(i), true) => Some((i + n - 1) % n),
        };
        focus.0 = next.map(|i| order[i].0);
        // The board's cell gives way to the ring.
        editor.cursor = None;
        return;
    }
    let Some(action) = focus.0 else { return };
    // (Esc, which takes the ring away, is `input::edit_keys`'s.)
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]) {
        actions.write(action);
    }
}

/// The ring on the button Tab chose, and on no other: white, apart from
/// the buttons' own light rim that marks a choice made.
pub(super) fn show_ring(
    mut commands: Commands,
    focus: Res<ButtonFocus>,
    buttons: Query<(Entity, &EditAction, Has<Ringed>)>,
    added: Query<(), Added<EditAction>>,
) {
    if !focus.is_changed() && added.is_empty() {
        return;
    }
    for (e, action, ringed) in &buttons {
        let want = focus.0 == Some(*action);
        if want && !ringed {
            commands
                .entity(e)
                .try_insert((Ringed, Outline::new(px(2), px(3), theme::TEXT)));
        } else if !want && ringed {
            commands.entity(e).try_remove::<(Ringed, Outline)>();
        }
    }
}
