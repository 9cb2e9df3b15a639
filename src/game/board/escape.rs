//! Escape on the board: the prison's rows with a gate on the east side, and
//! the freedom queue below; a click on a row's east-most animal lets it out,
//! a click on the queue's last takes it back. The animal walks out through
//! the gate to its slot (home again, for an undo).

use super::layout::{ESCAPE_STEP, escape_pos, queue_pos};
use super::{Clickable, FreedomQueue, Place, Spawned, number_label};
use crate::game::anim;
use crate::game::play::{Change, Request};
use crate::game::theme::Art;
use crate::rules::PuzzleMove;
use crate::rules::escape::{Animal, Escape, EscapeMove};
use bevy::prelude::*;

pub(super) fn spawn(
    commands: &mut Commands,
    art: &Art,
    board: &mut Spawned,
    e: &Escape,
    numbered: bool,
) {
    let queue = board.add(
        commands,
        (
            FreedomQueue,
            Name::new("Freedom queue"),
            Transform::default(),
            Visibility::default(),
        ),
        None,
        None,
    );
    for slot in 0..e.rows as usize * e.cols as usize {
        commands.spawn((
            Mesh2d(art.slot.clone()),
            MeshMaterial2d(art.slot_mat.clone()),
            Transform::from_translation(queue_pos(e, slot).extend(0.0)),
            Pickable::IGNORE,
            ChildOf(queue),
        ));
    }
    // The exit: a gate on the east side of every row.
    for row in 0..e.rows {
        let at = escape_pos(e, row, e.cols) - Vec2::new(ESCAPE_STEP * 0.45, 0.0);
        board.add(
            commands,
            (
                Mesh2d(art.tile.clone()),
                MeshMaterial2d(art.lily_mat.clone()),
                Transform::from_translation(at.extend(0.0)).with_scale(Vec3::new(
                    6.0,
                    ESCAPE_STEP * 0.8,
                    1.0,
                )),
                Pickable::IGNORE,
            ),
            None,
            None,
        );
    }
    for row in 0..e.rows {
        for col in 0..e.left[row as usize] {
            let front = col + 1 == e.left[row as usize];
            let animal = animal_bundle(art, e.animal(row, col), escape_pos(e, row, col));
            let entity = board.add(
                commands,
                animal,
                Some(Place::Grid(row, col)),
                front.then_some(Clickable::EscapeRow(row)),
            );
            if numbered {
                let colour = e.animal(row, col).colour;
                commands
                    .entity(entity)
                    .with_child(number_label(colour, 18.0, 1.0));
            }
        }
    }
    for (slot, &(row, col)) in e.queue.iter().enumerate() {
        let last = slot + 1 == e.queue.len();
        let a = e.animal(row, col);
        let entity = board.add(
            commands,
            animal_bundle(art, a, queue_pos(e, slot)),
            Some(Place::Slot(slot)),
            last.then_some(Clickable::QueueLast),
        );
        if numbered {
            commands
                .entity(entity)
                .with_child(number_label(a.colour, 18.0, 1.0));
        }
    }
}

fn animal_bundle(art: &Art, a: Animal, at: Vec2) -> impl Bundle {
    (
        super::Animal,
        Name::new(a.describe()),
        Mesh2d(art.animals[a.kind as usize % art.animals.len()].clone()),
        MeshMaterial2d(art.palette[a.colour as usize % art.palette.len()].clone()),
        Transform::from_translation(at.extend(2.0)),
    )
}

/// The animal walks out east through the gate, down the east side and along
/// to its slot; taken back, it walks the same way home.
pub(super) fn animate(
    commands: &mut Commands,
    board: &Spawned,
    b: &Escape,
    a: &Escape,
    change: Change,
) {
    let route = |row: u8, col: u8, slot: usize| {
        let home = escape_pos(a, row, col);
        let outside = escape_pos(a, row, a.cols) + Vec2::new(ESCAPE_STEP * 0.1, 0.0);
        let end = queue_pos(a, slot);
        let below = Vec2::new(outside.x, end.y);
        [home, outside, below, end]
    };
    let (place, points) = match change {
        Change::Played(PuzzleMove::Escape(_)) | Change::Redone(PuzzleMove::Escape(_)) => {
            let Some(slot) = a.queue.len().checked_sub(1) else {
                return;
            };
            let (row, col) = a.queue[slot];
            (Place::Slot(slot), route(row, col, slot))
        }
        Change::Undone(PuzzleMove::Escape(_)) => {
            let Some(slot) = b.queue.len().checked_sub(1) else {
                return;
            };
            let (row, col) = b.queue[slot];
            let mut back = route(row, col, slot);
            back.reverse();
            (Place::Grid(row, col), back)
        }
        _ => return,
    };
    if let Some(&e) = board.places.get(&place) {
        commands.entity(e).insert(anim::tween(
            820,
            WalkLens::new(points.map(|p| p.extend(5.0))),
        ));
    }
}

/// Walks along a line of points at an even pace, bobbing a little.
#[derive(Debug, Clone, Copy)]
struct WalkLens {
    points: [Vec3; 4],
    /// The distance along the line at each point.
    at: [f32; 4],
}

impl WalkLens {
    fn new(points: [Vec3; 4]) -> WalkLens {
        let mut at = [0.0; 4];
        for i in 1..4 {
            at[i] = at[i - 1] + points[i].distance(points[i - 1]);
        }
        WalkLens { points, at }
    }
}

impl bevy_tweening::Lens<Transform> for WalkLens {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        let total = self.at[3].max(1e-3);
        let d = ratio * total;
        let i = (1..4).find(|&i| d <= self.at[i]).unwrap_or(3);
        let span = (self.at[i] - self.at[i - 1]).max(1e-3);
        let t = ((d - self.at[i - 1]) / span).clamp(0.0, 1.0);
        let p = self.points[i - 1].lerp(self.points[i], t);
        let bob = (ratio * total / 18.0).sin().abs() * 5.0 * (1.0 - ratio);
        target.translation = p + Vec3::new(0.0, bob, 0.0);
    }
}

pub(super) fn hint_rings(e: &Escape, m: EscapeMove) -> Vec<(Vec2, f32)> {
    let col = e.left[m.row as usize].saturating_sub(1);
    vec![(escape_pos(e, m.row, col), 0.9)]
}

pub(super) fn click(target: Clickable) -> Option<Request> {
    match target {
        Clickable::EscapeRow(row) => Some(Request::Play(PuzzleMove::Escape(EscapeMove { row }))),
        Clickable::QueueLast => Some(Request::Undo),
        _ => None,
    }
}
