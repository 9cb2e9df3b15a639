//! Escape on the board: the prison's rows with a gate on the east side, and
//! the freedom queue below; a click on a row's east-most animal lets it out,
//! a click on the queue's last takes it back. The animal walks out through
//! the gate to its slot (home again, for an undo).

use super::super::pieces::{
    Clickable, FreedomQueue, HOVER_GROWTH, HOVER_LIFT, Hover, Place, Spawned, Tile, number_label,
};
use super::{
    ESCAPE_STEP, QUEUE_LAST, QUEUE_SLOTS, QUEUE_STEP, animal_click, escape_path_x, escape_pos,
    per_row, queue_pos,
};
use crate::game::anim;
use crate::game::play::Change;
use crate::game::theme::Art;
use crate::rules::PuzzleMove;
use crate::rules::escape::{Animal, Escape};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_tweening::TweenAnim;

/// The cell of the prison an animal started in: it keeps it in line, so that
/// a move finds the animal that walks, wherever it stands.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Home(pub u8, pub u8);

/// An animal as a move brings it in place: its home cell, where it
/// stands, its click mark, and whether it is hovered.
type AnimalParts = (
    Entity,
    &'static Home,
    &'static mut Transform,
    &'static mut Clickable,
    Has<Hover>,
);

/// The animals and gates, brought in place after a move.
#[derive(SystemParam)]
pub struct Animals<'w, 's> {
    animals: Query<'w, 's, AnimalParts, Without<Tile>>,
    gates: Query<'w, 's, (Entity, &'static Gate)>,
}

pub(super) fn spawn(
    commands: &mut Commands,
    art: &Art,
    board: &mut Spawned,
    e: &Escape,
    numbered: bool,
) {
    spawn_grounds(commands, art, board, e);
    for row in 0..e.rows {
        for col in 0..e.left[row as usize] {
            let animal = animal_bundle(art, e.animal(row, col), escape_pos(e, row, col), 1.0);
            let entity = board.add(
                commands,
                (animal, Home(row, col)),
                Some(Place::Grid(row, col)),
                Some(animal_click(row, col)),
            );
            if numbered {
                let colour = e.animal(row, col).colour;
                commands.entity(entity).with_child(number_label(
                    art,
                    colour + 1,
                    BADGE,
                    1.0,
                    BADGE_SIZE,
                ));
            }
        }
    }
    for (slot, &(row, col)) in e.queue.iter().enumerate() {
        let last = slot + 1 == e.queue.len();
        let a = e.animal(row, col);
        let entity = board.add(
            commands,
            (
                animal_bundle(art, a, queue_pos(e, slot), IN_LINE),
                Home(row, col),
            ),
            Some(Place::Slot(slot)),
            Some(slot_click(slot, last)),
        );
        if numbered {
            commands.entity(entity).with_child(number_label(
                art,
                a.colour + 1,
                BADGE,
                1.0,
                BADGE_SIZE,
            ));
        }
    }
}

/// An animal's size in line, where they stand closer.
const IN_LINE: f32 = 0.86;

/// The click mark of the animal in `slot` of the line: the last is taken
/// back by a click.
fn slot_click(slot: usize, last: bool) -> Clickable {
    if last {
        QUEUE_LAST
    } else {
        Clickable(QUEUE_SLOTS + slot as u32)
    }
}

/// Brings the board in place after a change: each animal whose place
/// changed (out of the prison or back in, or to another slot of the line)
/// stands at its new one, with its size there, and each takes the click
/// mark of its place (the last in line is taken back by a click). The other
/// animals, the prison and the meadow stay as they are: a 10x10 prison is
/// some 1,500 entities, and spawning them anew at each move took most of a
/// frame. False for another prison: it is respawned.
pub(super) fn refresh(
    commands: &mut Commands,
    board: &mut Spawned,
    (before, after): (&Escape, &Escape),
    pieces: &mut Animals,
) -> bool {
    if (before.rows, before.cols, &before.animals) != (after.rows, after.cols, &after.animals) {
        return false;
    }
    // Each cell's slot in the line, before and after.
    let slots = |e: &Escape| {
        let mut slot = vec![None; e.animals.len()];
        for (i, &(row, col)) in e.queue.iter().enumerate() {
            if let Some(s) = slot.get_mut(row as usize * e.cols as usize + col as usize) {
                *s = Some(i);
            }
        }
        slot
    };
    let (was, now) = (slots(before), slots(after));
    let mut found = 0;
    for (entity, home, mut transform, mut click, hovered) in &mut pieces.animals {
        let (row, col) = (home.0, home.1);
        let i = row as usize * after.cols as usize + col as usize;
        let (Some(&was), Some(&now)) = (was.get(i), now.get(i)) else {
            return false;
        };
        found += 1;
        let (place, mark) = match now {
            Some(slot) => (
                Place::Slot(slot),
                slot_click(slot, slot + 1 == after.queue.len()),
            ),
            None => (Place::Grid(row, col), animal_click(row, col)),
        };
        if *click != mark {
            *click = mark;
        }
        board.places.insert(place, entity);
        if was == now {
            continue;
        }
        let (at, size) = match now {
            Some(slot) => (queue_pos(after, slot), IN_LINE),
            None => (escape_pos(after, row, col), 1.0),
        };
        let (grow, lift) = if hovered {
            (HOVER_GROWTH, HOVER_LIFT)
        } else {
            (1.0, 0.0)
        };
        *transform = Transform::from_translation(at.extend(2.0 + lift)).with_scale(Vec3::new(
            size * grow,
            size * grow,
            1.0,
        ));
        // An animation under way (a celebration's leap, after an undo or a
        // restart from a win) would end at the old place; the walk a move
        // gives it is one that moves wait for.
        commands
            .entity(entity)
            .try_remove::<(TweenAnim, anim::Decoration)>();
    }
    for (entity, gate) in &pieces.gates {
        board.places.insert(Place::Gate(gate.0), entity);
    }
    found == after.animals.len()
}

/// Where an animal's colour number sits: above its back (the animals face
/// east), clear of every animal's eyes and face, and in from the left so
/// that in the line, where the animals stand closer, it clears the animal
/// to the left.
const BADGE: Vec2 = Vec2::new(-16.0, 32.0);
/// The colour-blind number's size: a third bigger than the frogs' and the
/// tiles', so that it reads on a big prison's smaller animals too.
const BADGE_SIZE: f32 = 1.35;

/// A gate's iron bars, which rise as an animal walks through.
#[derive(Component)]
pub struct Gate(pub u8);

/// The ground under the animals: the meadow where the freed wait in line,
/// the sand path from the gates down to it, and the prison.
fn spawn_grounds(commands: &mut Commands, art: &Art, board: &mut Spawned, e: &Escape) {
    spawn_meadow(commands, art, board, e);
    spawn_path(commands, art, board, e);
    spawn_prison(commands, art, board, e);
}

/// A flat rectangle of `mat` under the pieces.
fn ground(
    commands: &mut Commands,
    art: &Art,
    board: &mut Spawned,
    centre: Vec2,
    size: Vec2,
    z: f32,
    mat: &Handle<ColorMaterial>,
) {
    board.add(
        commands,
        (
            Mesh2d(art.tile.clone()),
            MeshMaterial2d(mat.clone()),
            Transform::from_translation(centre.extend(z)).with_scale(size.extend(1.0)),
            Pickable::IGNORE,
        ),
        None,
        None,
    );
}

/// The queue's slots: how many, and how many to a line.
fn slots(e: &Escape) -> (usize, usize) {
    let slots = e.rows as usize * e.cols as usize;
    (slots, per_row(e))
}

/// The x of the prison's east wall, where the gates are.
fn gate_x(e: &Escape) -> f32 {
    escape_pos(e, 0, e.cols).x - ESCAPE_STEP * 0.45
}

/// The meadow behind the queue's slots, with tufts of grass along its edges
/// at places that look random but are the same each time.
fn spawn_meadow(commands: &mut Commands, art: &Art, board: &mut Spawned, e: &Escape) {
    let (slots, per_row) = slots(e);
    let first = queue_pos(e, 0);
    let last = queue_pos(e, slots.saturating_sub(1));
    let top = first.y + QUEUE_STEP * 0.5 + 4.0;
    let bottom = last.y - QUEUE_STEP * 0.5 - 14.0;
    let width = per_row as f32 * QUEUE_STEP + 24.0;
    let right = (width / 2.0).max(escape_path_x(e) + 24.0);
    let left = -width / 2.0;
    let centre = Vec2::new((left + right) / 2.0, (top + bottom) / 2.0);
    let size = Vec2::new(right - left, top - bottom);
    ground(
        commands,
        art,
        board,
        centre,
        size + 6.0,
        -1.05,
        &art.grass_mat,
    );
    ground(commands, art, board, centre, size, -1.0, &art.meadow_mat);
    for i in 0..((right - left) / 22.0) as usize {
        let x = left + 8.0 + i as f32 * 22.0 + ((i * 7) % 5) as f32 * 2.0;
        for (y, flip) in [(top - 12.0, 1.0), (bottom + 3.0, -1.0)] {
            for dx in [-3.0, 0.0, 3.5] {
                board.add(
                    commands,
                    (
                        Mesh2d(art.tuft.clone()),
                        MeshMaterial2d(art.grass_mat.clone()),
                        Transform::from_xyz(x + dx, y + flip * (dx * 0.3), -0.9)
                            .with_rotation(Quat::from_rotation_z(-dx * 0.09))
                            .with_scale(Vec3::new(1.0, 1.0 + (i % 3) as f32 * 0.2, 1.0)),
                        Pickable::IGNORE,
                    ),
                    None,
                    None,
                );
            }
        }
    }
}

/// The path: out of each gate, down the east side, and along each line of
/// the queue, where the slots are stepping stones.
fn spawn_path(commands: &mut Commands, art: &Art, board: &mut Spawned, e: &Escape) {
    let (slots, per_row) = slots(e);
    let path_x = escape_path_x(e);
    let top = escape_pos(e, 0, 0).y;
    let queue_rows = slots.div_ceil(per_row.max(1));
    let low = queue_pos(e, (queue_rows - 1) * per_row).y;
    let centre = Vec2::new(path_x, (top + 14.0 + low - 32.0) / 2.0);
    let size = Vec2::new(28.0, top - low + 46.0);
    ground(commands, art, board, centre, size, -0.8, &art.path_mat);
    let gate_x = gate_x(e);
    for row in 0..e.rows {
        let y = escape_pos(e, row, 0).y;
        let centre = Vec2::new((gate_x + path_x) / 2.0, y);
        let size = Vec2::new(path_x - gate_x, 26.0);
        ground(commands, art, board, centre, size, -0.8, &art.path_mat);
    }
    for r in 0..queue_rows {
        let start = queue_pos(e, r * per_row);
        let centre = Vec2::new((start.x + path_x) / 2.0, start.y - 20.0);
        let size = Vec2::new(path_x - start.x + 28.0, 24.0);
        ground(commands, art, board, centre, size, -0.8, &art.path_mat);
    }
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
    for slot in 0..slots {
        commands.spawn((
            Mesh2d(art.slot.clone()),
            MeshMaterial2d(art.slot_mat.clone()),
            Transform::from_translation((queue_pos(e, slot) - Vec2::new(0.0, 26.0)).extend(-0.7)),
            Pickable::IGNORE,
            ChildOf(queue),
        ));
    }
}

/// The prison: a stone block, a dark corridor for each row, and in its east
/// wall a gate for each row.
fn spawn_prison(commands: &mut Commands, art: &Art, board: &mut Spawned, e: &Escape) {
    let s = ESCAPE_STEP;
    let gate_x = gate_x(e);
    let (tl, br) = (escape_pos(e, 0, 0), escape_pos(e, e.rows - 1, e.cols - 1));
    let wall = 12.0;
    let min = Vec2::new(tl.x - s / 2.0 - wall, br.y - s / 2.0 - wall);
    let max = Vec2::new(gate_x + wall / 2.0, tl.y + s / 2.0 + wall);
    let (centre, size) = ((min + max) / 2.0, max - min);
    let shadow = centre + Vec2::new(4.0, -6.0);
    ground(commands, art, board, shadow, size, -0.65, &art.shadow_mat);
    ground(commands, art, board, centre, size, -0.6, &art.stone_mat);
    for row in 0..e.rows {
        let y = escape_pos(e, row, 0).y;
        let left = tl.x - s / 2.0;
        let floor = Vec2::new((left + gate_x) / 2.0, y - 2.0);
        let floor_size = Vec2::new(gate_x - left, s * 0.84);
        ground(
            commands,
            art,
            board,
            floor,
            floor_size,
            -0.5,
            &art.floor_mat,
        );
        // The gate: an opening through the wall, and bars across it.
        let opening = Vec2::new(gate_x + wall / 4.0, y - 2.0);
        let opening_size = Vec2::new(wall * 1.5, s * 0.72);
        ground(
            commands,
            art,
            board,
            opening,
            opening_size,
            -0.5,
            &art.floor_mat,
        );
        spawn_gate(commands, art, board, row, opening);
    }
}

/// The bars of row `row`'s gate, at `at`: they rise as an animal passes.
fn spawn_gate(commands: &mut Commands, art: &Art, board: &mut Spawned, row: u8, at: Vec2) {
    let gate = board.add(
        commands,
        (
            Gate(row),
            Transform::from_translation(at.extend(3.0)),
            Visibility::default(),
            Pickable::IGNORE,
        ),
        Some(Place::Gate(row)),
        None,
    );
    let h = ESCAPE_STEP * 0.72;
    for (dx, dy, w, bar_h) in [
        (-5.0, 0.0, 3.0, h),
        (0.0, 0.0, 3.0, h),
        (5.0, 0.0, 3.0, h),
        (0.0, h / 2.0 - 2.0, 16.0, 4.0),
        (0.0, 0.0, 16.0, 3.0),
        (0.0, -h / 2.0 + 2.0, 16.0, 4.0),
    ] {
        commands.spawn((
            Mesh2d(art.tile.clone()),
            MeshMaterial2d(art.iron_mat.clone()),
            Transform::from_xyz(dx, dy, 0.0).with_scale(Vec3::new(w, bar_h, 1.0)),
            Pickable::IGNORE,
            ChildOf(gate),
        ));
    }
}

/// An animal: its body in its colour, and its eyes over it untinted.
fn animal_bundle(art: &Art, a: Animal, at: Vec2, scale: f32) -> impl Bundle {
    let kind = a.kind as usize % art.animals.len();
    let bodies = &art.animal_mats[kind];
    (
        super::super::pieces::Animal,
        Name::new(a.describe()),
        Mesh2d(art.animals[kind].clone()),
        MeshMaterial2d(bodies[a.colour as usize % bodies.len()].clone()),
        Transform::from_translation(at.extend(2.0)).with_scale(Vec3::splat(scale)),
        children![(
            Mesh2d(art.animals[kind].clone()),
            MeshMaterial2d(art.animal_detail[kind].clone()),
            Transform::from_xyz(0.0, 0.0, 0.05),
            Pickable::IGNORE,
        )],
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
        let outside = Vec2::new(escape_path_x(a), home.y);
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
        commands.entity(e).try_insert(anim::tween(
            820,
            WalkLens::new(points.map(|p| p.extend(5.0))),
        ));
    }
    let row = match place {
        Place::Slot(slot) => a.queue[slot].0,
        Place::Grid(row, _) => row,
        _ => return,
    };
    if let Some(&gate) = board.places.get(&Place::Gate(row)) {
        let rest = escape_pos(a, row, a.cols) - Vec2::new(ESCAPE_STEP * 0.45, 0.0);
        commands.entity(gate).try_insert((
            anim::Decoration,
            anim::tween(
                1000,
                GateLens {
                    rest: Vec3::new(rest.x + 3.0, rest.y - 2.0, 3.0),
                    lift: ESCAPE_STEP * 0.7,
                },
            ),
        ));
    }
}

/// A gate rises while an animal passes under it, and falls shut behind it.
#[derive(Debug, Clone, Copy)]
pub(super) struct GateLens {
    pub rest: Vec3,
    pub lift: f32,
}

impl bevy_tweening::Lens<Transform> for GateLens {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        // Up in the first fifth, open while the animal goes through, down
        // with a little bounce at the end.
        let open = if ratio < 0.2 {
            ratio / 0.2
        } else if ratio < 0.6 {
            1.0
        } else {
            let t = (ratio - 0.6) / 0.4;
            (1.0 - t * t) + (t * std::f32::consts::PI * 2.0).sin().abs() * 0.08 * (1.0 - t)
        };
        target.translation = self.rest + Vec3::new(0.0, open * self.lift, 0.0);
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
        // A waddle: a bob with each step, and a rock from foot to foot.
        let step = ratio * total / 18.0;
        let settle = (1.0 - ratio).min(ratio * 8.0).min(1.0);
        let bob = step.sin().abs() * 5.0 * settle;
        target.translation = p + Vec3::new(0.0, bob, 0.0);
        target.rotation = Quat::from_rotation_z(step.cos() * 0.16 * settle);
    }
}
