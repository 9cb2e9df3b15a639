//! Hop and peg solitaire on the board: pads (the finish pad darker), green
//! frogs and the red one; a click picks a frog and a second click (or a drop)
//! names the pad it jumps to. The jumper arcs over, the jumped frog sinks
//! with a splash; an undo brings it back up.

use super::super::pieces::{Clickable, Place, Spawned, forward, frog_bundle, jump, lily_bundle};
use super::hop_pos;
use crate::game::anim::{self, DespawnWhenDone, DropLens, PopLens, SinkLens, SplashLens};
use crate::game::play::Change;
use crate::game::theme::Art;
use crate::rules::PuzzleMove;
use crate::rules::hop::Hop;
use bevy::prelude::*;

pub(super) fn spawn(commands: &mut Commands, art: &Art, board: &mut Spawned, h: &Hop) {
    for pad in 0..h.board.pads.len() as u8 {
        let at = hop_pos(h, pad);
        board.add(
            commands,
            lily_bundle(art, at, h.finish == Some(pad)),
            None,
            Some(Clickable(pad as u32)),
        );
        let material = if h.red == Some(pad) {
            art.red_mat.clone()
        } else if h.green >> pad & 1 == 1 {
            art.green_mat.clone()
        } else {
            continue;
        };
        board.add(
            commands,
            frog_bundle(art, material, at, Vec2::Y),
            Some(Place::Cell(pad as usize)),
            Some(Clickable(pad as u32)),
        );
    }
}

pub(super) fn animate(
    commands: &mut Commands,
    art: &Art,
    board: &Spawned,
    b: &Hop,
    a: &Hop,
    change: Change,
) {
    match (forward(change), change) {
        (Some(PuzzleMove::Hop(m)), _) => {
            let Some(line) = a.board.line(m.from, m.to) else {
                return;
            };
            if let Some(&e) = board.places.get(&Place::Cell(m.to as usize)) {
                commands.entity(e).try_insert(jump(
                    hop_pos(a, m.from),
                    hop_pos(a, m.to),
                    80.0,
                    380,
                ));
            }
            let red = b.red == Some(line.over);
            sink(commands, art, board.root, hop_pos(a, line.over), red);
        }
        (None, Change::Undone(PuzzleMove::Hop(m))) => {
            let Some(line) = a.board.line(m.from, m.to) else {
                return;
            };
            // The frog jumps home and the jumped frog comes up.
            if let Some(&e) = board.places.get(&Place::Cell(m.from as usize)) {
                commands.entity(e).try_insert(jump(
                    hop_pos(a, m.to),
                    hop_pos(a, m.from),
                    80.0,
                    380,
                ));
            }
            if let Some(&e) = board.places.get(&Place::Cell(line.over as usize)) {
                commands.entity(e).try_insert(anim::tween(
                    380,
                    PopLens {
                        delay: 0.3,
                        from: 0.0,
                    },
                ));
            }
        }
        _ => {}
    }
}

/// The jumped frog (the red one, if it was) sinks with a splash where it stood.
fn sink(commands: &mut Commands, art: &Art, root: Entity, at: Vec2, red: bool) {
    let material = if red { &art.red_mat } else { &art.green_mat };
    // Two rings spreading, the second a little behind, and drops thrown
    // all around.
    for (ms, delay) in [(650, 0.0), (800, 0.25)] {
        commands.spawn((
            Mesh2d(art.splash.clone()),
            MeshMaterial2d(art.splash_mat.clone()),
            Transform::from_translation(at.extend(6.0)).with_scale(Vec3::ZERO),
            anim::tween(ms, SplashLens { delay }),
            anim::Decoration,
            DespawnWhenDone,
            Pickable::IGNORE,
            ChildOf(root),
        ));
    }
    for i in 0..8 {
        let angle = i as f32 / 8.0 * std::f32::consts::TAU + 0.3;
        let reach = if i % 2 == 0 { 38.0 } else { 26.0 };
        commands.spawn((
            Mesh2d(art.drop.clone()),
            MeshMaterial2d(art.splash_mat.clone()),
            Transform::from_translation(at.extend(7.0)),
            anim::tween(
                520,
                DropLens {
                    from: at.extend(7.0),
                    out: Vec2::from_angle(angle) * reach,
                },
            ),
            anim::Decoration,
            DespawnWhenDone,
            Pickable::IGNORE,
            ChildOf(root),
        ));
    }
    commands.spawn((
        frog_bundle(art, material.clone(), at, Vec2::Y),
        anim::tween(420, SinkLens),
        DespawnWhenDone,
        Pickable::IGNORE,
        ChildOf(root),
    ));
}
