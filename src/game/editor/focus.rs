//! The editor's buttons from the keyboard: Tab rings the next button
//! (the left panel's from the top, then the right panel's), Shift+Tab the
//! one before; the board and the text fields sit between the panels: from
//! a field or the board's ringed cell Tab goes on to the right panel's first
//! button and Shift+Tab back to the left panel's last, and from those two
//! buttons Tab and Shift+Tab ring the board's cell.
//! Enter or Space presses the ringed button, Esc takes the ring away. The
//! arrows stay the board's.

use super::panels::Side;
use super::{EditAction, Editor, Tuning, shown_draft};
use crate::game::puzzles;
use crate::game::{navigate, theme};
use bevy::input_focus::tab_navigation::TabNavigation;
use bevy::prelude::*;
use bevy::ui::InteractionDisabled;

/// The button ringed by Tab, by what it asks (the panels are built again
/// when what they show changes; the ring finds its button again).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct ButtonFocus(pub Option<EditAction>);

/// The button that wears the ring now.
#[derive(Component)]
pub(super) struct Ringed;

/// Tab and Shift+Tab move the ring, in Bevy's tab order (the left panel's
/// buttons as they were built, then the right's); Enter or Space presses
/// its button.
#[allow(clippy::too_many_arguments)]
pub(super) fn tab_focus(
    keys: Res<ButtonInput<KeyCode>>,
    mut editor: ResMut<Editor>,
    mut focus: ResMut<ButtonFocus>,
    buttons: Query<(Entity, &EditAction, &ComputedNode, Has<InteractionDisabled>)>,
    sides: Query<(Entity, &Side)>,
    parents: Query<&ChildOf>,
    tabs: TabNavigation,
    mut actions: MessageWriter<EditAction>,
    field: Res<bevy::input_focus::InputFocus>,
    tuning: Res<Tuning>,
    mut last_cell: Local<Option<(usize, usize)>>,
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
        let back = navigate::shift(&keys);
        // A greyed button, or one of a part not shown, is passed over.
        let usable = |e: Entity| {
            buttons
                .get(e)
                .is_ok_and(|(_, _, n, off)| !off && n.size().x > 0.0)
        };
        let from = focus
            .0
            .and_then(|f| buttons.iter().find(|b| *b.1 == f))
            .map(|b| b.0);
        let on_side = |e: Entity, right: bool| {
            parents
                .iter_ancestors(e)
                .any(|a| sides.get(a).is_ok_and(|(_, s)| s.right == right))
        };
        let group = sides.iter().next().map(|(e, _)| e);
        let next = group.and_then(|g| {
            if (editor.typing || editor.cursor.is_some()) && from.is_none() {
                // The fields and the board sit between the panels: leaving
                // one, the ring goes on into the right panel, or back into
                // the left's end.
                navigate::tab(&tabs, g, None, back, |e| usable(e) && on_side(e, !back))
            } else {
                navigate::tab(&tabs, g, from, back, usable)
            }
        });
        // The board sits between the panels: Tab from the left panel's
        // last button, or Shift+Tab from the right panel's first, rings its
        // cell (the one ringed last, or the top left).
        let crosses = from
            .zip(next)
            .is_some_and(|(f, n)| on_side(f, back) && on_side(n, !back));
        if crosses {
            let drawn = shown_draft(&editor, &tuning).drawn();
            let spots = puzzles::edit_spots(&drawn);
            let cell = last_cell
                .filter(|c| spots.iter().any(|(s, _)| s == c))
                .or_else(|| spots.first().map(|(c, _)| *c));
            if cell.is_some() {
                focus.0 = None;
                editor.cursor = cell;
                return;
            }
        }
        focus.0 = next.and_then(|e| buttons.get(e).ok()).map(|b| *b.1);
        // The board's cell gives way to the ring.
        if editor.cursor.is_some() {
            *last_cell = editor.cursor;
        }
        editor.cursor = None;
        return;
    }
    let Some(action) = focus.0 else { return };
    // (Esc, which takes the ring away, is `input::edit_keys`'s.)
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]) {
        actions.write(action);
    }
}

/// The ring on the button Tab chose, and on no other: the menus' yellow
/// outline for the keyboard's focus, apart from the white rim that marks a
/// choice made.
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
                .try_insert((Ringed, Outline::new(px(3), px(2), theme::HIGHLIGHT)));
        } else if !want && ringed {
            commands.entity(e).try_remove::<(Ringed, Outline)>();
        }
    }
}
