//! The editor's input: a press and drag on the board (a stroke, which
//! follows the pointer's path between frames), and its keys.

use super::{EditAction, Editor, Tuning, margins, shown_draft};
use crate::game::puzzles;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// The cell under a point of the world, if any: the nearest within the
/// puzzle's reach.
fn cell_at(spots: &[((usize, usize), Vec2)], reach: f32, world: Vec2) -> Option<(usize, usize)> {
    // The board's root stands 20 units below the world's centre.
    let at = world - Vec2::new(0.0, -20.0);
    spots
        .iter()
        .map(|&(cell, p)| (cell, p.distance(at)))
        .filter(|&(_, d)| d <= reach)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(cell, _)| cell)
}

/// A press on the board paints a cell; a drag paints every cell it passes,
/// as one step of the history.
pub(super) fn paint_input(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    mut editor: ResMut<Editor>,
    tuning: Res<Tuning>,
    mut actions: MessageWriter<EditAction>,
    mut field: ResMut<bevy::input_focus::InputFocus>,
) {
    // A proposal on show is taken or dropped before drawing goes on.
    if tuning.proposal().is_some() {
        return;
    }
    let Some(window) = window else { return };
    let Some(cursor) = window.cursor_position() else {
        return;
    };
    let [left, right, top, bottom] = margins(window.width());
    let inside = cursor.x > left
        && cursor.x < window.width() - right
        && cursor.y > top
        && cursor.y < window.height() - bottom;
    let Some((cam, at)) = camera.iter().next() else {
        return;
    };
    let Ok(world) = cam.viewport_to_world_2d(at, cursor) else {
        return;
    };
    // A stroke starts with a press on the board's room (on a cell or not)
    // and paints every cell it then passes: the path between two frames'
    // pointer places is followed, so a fast drag leaves no gap.
    if buttons.just_pressed(MouseButton::Left) && inside {
        // A press on a cell leaves a field that had the keys (a new player
        // drew while the seed's field still had its caret, and Esc then went
        // to the field); the field shows again what the level holds (a name
        // is kept: it is taken as it is typed). Only on a cell: the field
        // stands above the board, partly within its room.
        if field.get().is_some() {
            let drawn = editor.draft.drawn();
            let spots = puzzles::edit_spots(&drawn);
            if cell_at(&spots, puzzles::tap_reach(&drawn), world).is_some() {
                field.clear();
            }
        }
        editor.stroking = true;
        editor.stroke_kept = false;
        editor.stroke = None;
        editor.stroke_from = Some(world);
    }
    // A quick click may be pressed and let go within one frame: it paints
    // its cell all the same.
    let down = buttons.pressed(MouseButton::Left) || buttons.just_pressed(MouseButton::Left);
    if down && editor.stroking {
        paint_stroke(&mut editor, world, &mut actions);
    }
    if buttons.just_released(MouseButton::Left) {
        editor.stroke = None;
        editor.stroking = false;
    }
}

/// The cells between the stroke's last place and `world`, painted.
fn paint_stroke(editor: &mut Editor, world: Vec2, actions: &mut MessageWriter<EditAction>) {
    let from = editor.stroke_from.unwrap_or(world);
    let drawn = editor.draft.drawn();
    let (spots, reach) = (puzzles::edit_spots(&drawn), puzzles::tap_reach(&drawn));
    let step = reach / 2.0;
    let steps = (from.distance(world) / step.max(1.0))
        .ceil()
        .clamp(1.0, 400.0) as usize;
    for i in 1..=steps {
        let at = from.lerp(world, i as f32 / steps as f32);
        if let Some(c) = cell_at(&spots, reach, at)
            && editor.stroke != Some(c)
        {
            editor.stroke = Some(c);
            actions.write(EditAction::Drag(c.0, c.1));
        }
    }
    editor.stroke_from = Some(world);
}

/// The board's cell under the pointer, if the pointer is on one.
pub(super) fn pointed_cell(
    window: Option<&Window>,
    camera: &Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    spots: &[((usize, usize), Vec2)],
    reach: f32,
) -> Option<(usize, usize)> {
    let cursor = window?.cursor_position()?;
    let (cam, at) = camera.iter().next()?;
    let world = cam.viewport_to_world_2d(at, cursor).ok()?;
    cell_at(spots, reach, world)
}

/// The editor's keys: Ctrl+Z undo, Ctrl+Y (or Ctrl+Shift+Z) redo, Ctrl+S
/// save, Ctrl+C the code; the arrows move a ringed cell (the first rings
/// the cell under the pointer, or the board's top left) and Enter (or
/// Space) puts the brush there, Esc hides it; with no ringed cell, Enter
/// plays and Esc goes back.
#[allow(clippy::too_many_arguments)]
pub(super) fn edit_keys(
    keys: Res<ButtonInput<KeyCode>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    mut editor: ResMut<Editor>,
    tuning: Res<Tuning>,
    mut focus: ResMut<super::ButtonFocus>,
    mut actions: MessageWriter<EditAction>,
) {
    // Tab is the buttons' (`focus`), and so are Enter, Space and Esc while
    // a button is ringed.
    if editor.typing || keys.just_pressed(KeyCode::Tab) {
        return;
    }
    let ctrl = crate::game::keys::ctrl(&keys);
    let shift = crate::game::navigate::shift(&keys);
    if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        actions.write(if shift {
            EditAction::Redo
        } else {
            EditAction::Undo
        });
    }
    if ctrl && keys.just_pressed(KeyCode::KeyY) {
        actions.write(EditAction::Redo);
    }
    if ctrl && keys.just_pressed(KeyCode::KeyS) {
        actions.write(EditAction::Save);
    }
    if ctrl && keys.just_pressed(KeyCode::KeyC) {
        actions.write(EditAction::CopyCode);
    }
    // The arrows move the keyboard's cell (from the pointer's cell or the
    // board's top left). The board's cells are looked at only when an arrow
    // is pressed or the board changed under a ringed cell, not every frame.
    let arrow = crate::game::keys::arrow(&keys, false).filter(|_| !ctrl);
    if arrow.is_some() && focus.0.is_some() {
        focus.0 = None;
    }
    if focus.0.is_some() {
        // Esc takes the ring away (and does not leave the editor).
        if keys.just_pressed(KeyCode::Escape) {
            focus.0 = None;
        }
        return;
    }
    let changed = editor.is_changed() || tuning.is_changed();
    if arrow.is_some() || (editor.cursor.is_some() && changed) {
        let drawn = shown_draft(&editor, &tuning).drawn();
        let spots = puzzles::edit_spots(&drawn);
        if editor
            .cursor
            .is_some_and(|c| !spots.iter().any(|(s, _)| *s == c))
        {
            editor.cursor = None;
        }
        if let Some(way) = arrow {
            let from = editor
                .cursor
                .and_then(|c| spots.iter().find(|(s, _)| *s == c))
                .map(|(_, at)| *at);
            editor.cursor = match from {
                None => {
                    let reach = puzzles::tap_reach(&drawn);
                    pointed_cell(window.as_deref().copied(), &camera, &spots, reach)
                        .or_else(|| spots.first().map(|(c, _)| *c))
                }
                Some(at) => crate::game::keys::nearest_toward(at, way, 3.0, spots.iter().copied())
                    .or(editor.cursor),
            };
        }
    }
    let enter = keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter]);
    match editor.cursor {
        Some((r, c))
            if (enter || keys.just_pressed(KeyCode::Space)) && tuning.proposal().is_none() =>
        {
            actions.write(EditAction::Paint(r, c));
        }
        Some(_) if enter || keys.just_pressed(KeyCode::Space) => {}
        Some(_) if keys.just_pressed(KeyCode::Escape) => editor.cursor = None,
        None if enter => {
            actions.write(EditAction::Play);
        }
        None if keys.just_pressed(KeyCode::Escape) => {
            actions.write(EditAction::Back);
        }
        _ => {}
    }
}
