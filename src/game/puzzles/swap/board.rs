//! Swap on the board: a row of lily pads, yellow frogs facing right and blue
//! frogs facing left; a click on a frog moves it, and the frog hops (or jumps)
//! to its new pad.

use super::super::pieces::{Clickable, Place, Spawned, forward, frog_bundle, jump, lily_bundle};
use super::{SWAP_STEP, line_y, swap_lines, swap_pos};
use crate::game::play::Change;
use crate::game::theme::Art;
use crate::rules::PuzzleMove;
use crate::rules::swap::{Cell, Swap};
use bevy::prelude::*;

pub(super) fn spawn(commands: &mut Commands, art: &Art, board: &mut Spawned, s: &Swap) {
    let n = s.cells.len();
    goal_row(commands, art, board, s);
    for (i, &cell) in s.cells.iter().enumerate() {
        let at = swap_pos(i, n);
        // An empty pad answers a click too (it says it is empty).
        board.add(
            commands,
            lily_bundle(art, at, false),
            None,
            Some(Clickable(i as u32)),
        );
        let (material, facing) = match cell {
            Cell::L => (art.l_mat.clone(), Vec2::X),
            Cell::R => (art.r_mat.clone(), -Vec2::X),
            Cell::Empty => continue,
        };
        board.add(
            commands,
            frog_bundle(art, material, at, facing),
            Some(Place::Cell(i)),
            Some(Clickable(i as u32)),
        );
    }
}

/// Where the goal's band runs, under the row.
pub(super) const GOAL_Y: f32 = -SWAP_STEP * 0.82;

/// The goal's frogs' size against the row's, and its band's height (world
/// units): large enough to read at 800x600 (at 0.4 they were 12 pixels).
const GOAL_FROG: f32 = 0.56;
const GOAL_BAND: f32 = 44.0;

/// The word "Goal"'s size, in world units (about 13 pixels where a new
/// row of 7 fits between the editor's panels at 800x600).
const GOAL_WORD_PX: f32 = 20.0;

/// Where the goal's frog of pad `i` (of `n`) stands: under the pad.
pub(super) fn goal_pos(i: usize, n: usize) -> Vec2 {
    swap_pos(i, n) + Vec2::new(0.0, GOAL_Y)
}

/// The goal, small under the row: each pad's frog once the frogs have
/// changed sides, on a dark band under each line of the row, with the word
/// "Goal" under each band's left end. A folded row's lines end and
/// begin with a trail of small pads: the row goes on.
fn goal_row(commands: &mut Commands, art: &Art, board: &mut Spawned, s: &Swap) {
    let n = s.cells.len();
    let (lines, per) = swap_lines(n);
    for line in 0..lines {
        let first = line * per;
        let last = (first + per).min(n) - 1;
        let (left, right) = (swap_pos(first, n).x, swap_pos(last, n).x);
        let (left, right) = (
            left - SWAP_STEP / 2.0 + 10.0,
            right + SWAP_STEP / 2.0 - 10.0,
        );
        let y = line_y(line, lines) + GOAL_Y;
        commands.spawn((
            Name::new("Goal"),
            Mesh2d(art.tile.clone()),
            MeshMaterial2d(art.shadow_mat.clone()),
            Transform::from_xyz((left + right) / 2.0, y, -0.5).with_scale(Vec3::new(
                right - left,
                GOAL_BAND,
                1.0,
            )),
            Pickable::IGNORE,
            ChildOf(board.root),
        ));
        commands.spawn((
            Text2d::new("Goal"),
            TextFont {
                font_size: FontSize::Px(GOAL_WORD_PX),
                ..default()
            },
            TextColor(crate::game::theme::TEXT),
            bevy::sprite::Anchor::TOP_LEFT,
            Transform::from_xyz(left + 2.0, y - GOAL_BAND / 2.0 - 2.0, -0.4),
            Pickable::IGNORE,
            ChildOf(board.root),
        ));
        // The row goes on after this line and came from the one above.
        let row_y = line_y(line, lines);
        if line + 1 < lines {
            trail(commands, art, board, Vec2::new(right + 10.0, row_y), 1.0);
        }
        if line > 0 {
            trail(commands, art, board, Vec2::new(left - 10.0, row_y), -1.0);
        }
    }
    for (i, &cell) in s.goal.iter().enumerate() {
        let (material, facing) = match cell {
            Cell::L => (&art.l_mat, Vec2::X),
            Cell::R => (&art.r_mat, -Vec2::X),
            Cell::Empty => continue,
        };
        let at = goal_pos(i, n);
        let turn = Quat::from_rotation_z(facing.to_angle() - std::f32::consts::FRAC_PI_2);
        commands.spawn((
            Mesh2d(art.frog.clone()),
            MeshMaterial2d(material.clone()),
            Transform::from_translation(at.extend(-0.4))
                .with_rotation(turn)
                .with_scale(Vec3::splat(GOAL_FROG)),
            Pickable::IGNORE,
            ChildOf(board.root),
        ));
    }
}

/// Three small pads, smaller away from the row's end at `from`, going
/// right (`way` 1) or left (-1) of it: where a folded line ends (the row
/// goes on under) and where the next begins.
fn trail(commands: &mut Commands, art: &Art, board: &Spawned, from: Vec2, way: f32) {
    for k in 0..3 {
        let size = 0.3 - 0.07 * k as f32;
        let at = from + Vec2::new(way * (10.0 + 22.0 * k as f32), 0.0);
        commands.spawn((
            Name::new("Row goes on"),
            Mesh2d(art.lily.clone()),
            MeshMaterial2d(art.lily_mat.clone()),
            Transform::from_translation(at.extend(-0.6)).with_scale(Vec3::splat(size)),
            Pickable::IGNORE,
            ChildOf(board.root),
        ));
    }
}

/// The frog that moved flies from its old pad to its new one (back, for an
/// undo): a low hop for a step, a high one for a jump.
pub(super) fn animate(
    commands: &mut Commands,
    board: &Spawned,
    b: &Swap,
    a: &Swap,
    change: Change,
) {
    let n = a.cells.len();
    // The pad a move filled: empty before it, taken after.
    let filled = |before: &Swap, after: &Swap| {
        (0..n).find(|&i| before.cells[i] == Cell::Empty && after.cells[i] != Cell::Empty)
    };
    let (from, to) = match (forward(change), change) {
        (Some(PuzzleMove::Swap(m)), _) => (m.from as usize, filled(b, a)),
        (None, Change::Undone(PuzzleMove::Swap(m))) => match filled(a, b) {
            Some(was) => (was, Some(m.from as usize)),
            None => return,
        },
        _ => return,
    };
    let Some(to) = to else { return };
    let height = if from.abs_diff(to) > 1 { 70.0 } else { 26.0 };
    let (start, end) = (swap_pos(from, n), swap_pos(to, n));
    let Some(&e) = board.places.get(&Place::Cell(to)) else {
        return;
    };
    if start.y == end.y {
        commands.entity(e).try_insert(jump(start, end, height, 340));
        return;
    }
    // Across a fold: off its line's end, on at the next line's start (or
    // back up the row, for a blue frog or an undo).
    let way = if to > from { 1.0 } else { -1.0 };
    let past = Vec2::new(way * SWAP_STEP * 0.9, 0.0);
    let exit = swap_pos(super::line_end(from, n, to > from), n) + past;
    let entry = swap_pos(super::line_end(to, n, to < from), n) - past;
    let lens = crate::game::anim::FoldJumpLens {
        start: start.extend(5.0),
        exit: exit.extend(5.0),
        entry: entry.extend(2.0),
        end: end.extend(2.0),
        height: height * 0.6,
    };
    commands
        .entity(e)
        .try_insert(crate::game::anim::tween(460, lens));
}
