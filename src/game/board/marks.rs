//! The marks on the board: the ring on a piece picked by a first click and
//! smaller ones where it can go (as its puzzle says), the rings of a hint's move (in a colour of
//! their own), the keyboard cursor's ring, and the shake of a refused move.

use super::input::KeyCursor;
use super::{BoardRoot, Clickable, Frog};
use crate::game::anim::{self, ShakeLens};
use crate::game::play::{Hint, MoveRejected, PlayState, PlaySystems};
use crate::game::puzzles::{self, Picked, cursor_ring, hint_rings};
use crate::game::theme::Art;
use bevy::prelude::*;

/// The rings of a piece picked by a first click and where it can go.
#[derive(Component)]
struct PickRing;

/// A ring on the pieces the hint's move involves.
#[derive(Component)]
pub struct HintMark;

#[derive(Component)]
struct CursorRing;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (shake_on_reject, show_pick, show_hint, show_cursor)
            .chain()
            .in_set(PlaySystems::Present)
            .after(super::respawn),
    );
}

fn show_pick(
    mut commands: Commands,
    pick: Res<Picked>,
    state: Res<PlayState>,
    art: Res<Art>,
    rings: Query<Entity, With<PickRing>>,
    roots: Query<Entity, With<BoardRoot>>,
) {
    if !pick.is_changed() {
        return;
    }
    for r in &rings {
        commands.entity(r).try_despawn();
    }
    let Some(pad) = pick.0 else { return };
    // The picked piece, and the places it can go, from the rules.
    for root in &roots {
        for (at, size) in puzzles::pick_rings(&state.puzzle, pad) {
            commands.spawn((
                PickRing,
                art.ring(art.highlight_mat.clone(), at, 1.0, size, root),
            ));
        }
    }
}

/// The hint's rings, on the board of the position the hint is for.
fn show_hint(
    mut commands: Commands,
    hint: Option<Res<Hint>>,
    state: Res<PlayState>,
    art: Res<Art>,
    marks: Query<Entity, With<HintMark>>,
    roots: Query<Entity, (With<BoardRoot>, Added<BoardRoot>)>,
    all_roots: Query<Entity, With<BoardRoot>>,
) {
    let Some(hint) = hint else { return };
    // A new board (after a change) has no marks of its own yet; a board
    // brought in place after a change keeps marks of the position before.
    if !hint.is_changed() && roots.is_empty() && !state.is_changed() {
        return;
    }
    for mark in &marks {
        commands.entity(mark).try_despawn();
    }
    let Some(mv) = hint.move_for(&state.puzzle) else {
        return;
    };
    for root in &all_roots {
        for (at, size) in hint_rings(&state.puzzle, mv) {
            commands.spawn((
                HintMark,
                art.ring(art.hint_mat.clone(), at, 8.0, size, root),
            ));
        }
    }
}

fn show_cursor(
    mut commands: Commands,
    cursor: Res<KeyCursor>,
    state: Res<PlayState>,
    art: Res<Art>,
    mut rings: Query<(Entity, &mut Transform), With<CursorRing>>,
    roots: Query<Entity, With<BoardRoot>>,
) {
    let Some(at) = cursor.0 else { return };
    let size = cursor_ring(&state.puzzle);
    let place = Transform::from_translation(at.extend(9.0)).with_scale(Vec3::splat(size));
    if let Ok((_, mut t)) = rings.single_mut() {
        *t = place;
        return;
    }
    // The ring went with the last board; put one on this one.
    for (r, _) in &rings {
        commands.entity(r).try_despawn();
    }
    if let Some(root) = roots.iter().next() {
        commands.spawn((
            CursorRing,
            art.ring(art.eye_mat.clone(), at, 9.0, size, root),
        ));
    }
}

/// A refused move shakes the piece that was asked to move (the whole board
/// when there is none, as for an undo with nothing to undo).
fn shake_on_reject(
    mut commands: Commands,
    mut rejected: MessageReader<MoveRejected>,
    state: Res<PlayState>,
    roots: Query<(Entity, &Transform), With<BoardRoot>>,
    pieces: Query<(Entity, &Clickable, &Transform, Has<Frog>), Without<BoardRoot>>,
) {
    let Some(refused) = rejected.read().last() else {
        return;
    };
    let clicked = refused.piece.and_then(|e| pieces.get(e).ok());
    let piece = clicked.or_else(|| {
        let (clickable, frog) = puzzles::mover(&state.puzzle, refused.mv?)?;
        pieces
            .iter()
            .find(|(_, c, _, is_frog)| **c == clickable && *is_frog == frog)
    });
    let (entity, rest) = match piece {
        Some((e, _, t, _)) => (e, t.translation),
        None => match roots.iter().next() {
            Some((e, t)) => (e, t.translation),
            None => return,
        },
    };
    commands
        .entity(entity)
        .try_insert(anim::tween(300, ShakeLens { rest }));
}
