//! What the boards are made of, whatever the puzzle: the pieces' components,
//! the clickable mark and the place a piece stands, the board being spawned,
//! and the frog, lily pad and pond-edge pictures that Swap and Hop share.

use super::idle;
use crate::game::play::Change;
use crate::game::theme::Art;
use crate::rules::PuzzleMove;
use bevy::prelude::*;
use std::collections::HashMap;

#[derive(Component)]
pub struct Lily;

#[derive(Component)]
pub struct Frog;

#[derive(Component)]
pub struct Tile;

#[derive(Component)]
pub struct Animal;

/// The path out of the prison where freed animals wait in line, and the
/// parent of their slots.
#[derive(Component)]
pub struct FreedomQueue;

/// What a click on this entity asks for: a number that the puzzle on the
/// board reads (Swap's pad, Hop's pad, Flood's colour, Escape's row).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clickable(pub u32);

/// A piece under the pointer: grown a little (`HOVER_GROWTH`), to show it
/// can be clicked.
#[derive(Component)]
pub struct Hover;

/// How much a hovered piece grows.
pub const HOVER_GROWTH: f32 = 1.1;
/// How far a hovered piece is lifted, so that it grows over its neighbours
/// (Flood's tiles lie a hair apart in depth by colour).
pub const HOVER_LIFT: f32 = 0.01;

/// Where a piece stands, to find its entity again for an animation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    Cell(usize),
    Grid(u8, u8),
    Slot(usize),
    /// Not a piece: the gate of an Escape row, lifted as an animal passes.
    Gate(u8),
}

/// A freshly spawned board: its root, and its pieces by place.
pub struct Spawned {
    pub root: Entity,
    pub places: HashMap<Place, Entity>,
}

impl Spawned {
    /// Adds `bundle` under the root; a clickable piece is remembered by place.
    pub(super) fn add(
        &mut self,
        commands: &mut Commands,
        bundle: impl Bundle,
        place: Option<Place>,
        click: Option<Clickable>,
    ) -> Entity {
        let e = commands.spawn((bundle, ChildOf(self.root))).id();
        if let Some(c) = click {
            commands.entity(e).try_insert(c);
        }
        if let Some(p) = place {
            self.places.insert(p, e);
        }
        e
    }
}

/// Whether a change is a move forward (played or redone), and which.
pub(super) fn forward(change: Change) -> Option<PuzzleMove> {
    match change {
        Change::Played(mv) | Change::Redone(mv) => Some(mv),
        Change::Undone(_) | Change::Restarted => None,
    }
}

/// A colour's number (as the puzzle's level files write it: Flood's from 0,
/// Escape's from 1) on a dark badge with a light rim, at `offset` from the centre of a piece whose transform is
/// scaled by `scale` (tiles are unit squares scaled up), the badge `size`
/// times its usual size: white on near-black reads on every colour, light or
/// dark, and the badge sits where the piece has no feature.
pub(super) fn number_label(
    art: &Art,
    number: u8,
    offset: Vec2,
    scale: f32,
    size: f32,
) -> impl Bundle {
    (
        Mesh2d(art.badge.clone()),
        MeshMaterial2d(art.badge_mat.clone()),
        Transform::from_translation((offset / scale).extend(1.0)).with_scale(Vec3::new(
            size / scale,
            size / scale,
            1.0,
        )),
        Pickable::IGNORE,
        children![
            (
                Mesh2d(art.badge_rim.clone()),
                MeshMaterial2d(art.badge_rim_mat.clone()),
                Transform::from_xyz(0.0, 0.0, 0.05),
                Pickable::IGNORE,
            ),
            (
                Text2d::new(format!("{number}")),
                TextFont {
                    font: art.badge_font.clone().into(),
                    font_size: FontSize::Px(19.0),
                    ..default()
                },
                TextColor(Color::WHITE),
                Transform::from_xyz(0.0, 0.5, 0.1),
                Pickable::IGNORE,
            )
        ],
    )
}

/// A frog facing `facing`: its body in its colour, its eyes over it (they
/// blink), and a crown if it is the red frog that must stay.
pub(super) fn frog_bundle(
    art: &Art,
    material: Handle<ColorMaterial>,
    at: Vec2,
    facing: Vec2,
) -> impl Bundle {
    let crowned = material == art.red_mat;
    let turn = Quat::from_rotation_z(facing.to_angle() - std::f32::consts::FRAC_PI_2);
    let eye_line = crate::game::theme::drawing::FROG_EYE_LINE * crate::game::theme::art::FROG_SIZE;
    (
        Frog,
        Name::new(if crowned { "Red frog" } else { "Frog" }),
        Mesh2d(art.frog.clone()),
        MeshMaterial2d(material),
        Transform::from_translation(at.extend(2.0)).with_rotation(turn),
        idle::Idle::new(),
        Children::spawn((
            Spawn((
                idle::Eyes,
                Mesh2d(art.frog_eyes.clone()),
                MeshMaterial2d(art.frog_eyes_mat.clone()),
                Transform::from_xyz(0.0, eye_line, 0.1),
                Pickable::IGNORE,
            )),
            SpawnIter(
                crowned
                    .then(|| {
                        (
                            Mesh2d(art.crown.clone()),
                            MeshMaterial2d(art.crown_mat.clone()),
                            Transform::from_xyz(0.0, -2.0, 0.2),
                            Pickable::IGNORE,
                        )
                    })
                    .into_iter(),
            ),
        )),
    )
}

/// Reeds and stones at two corners of a pond, just outside its pads.
pub(super) fn pond_edges(commands: &mut Commands, art: &Art, board: &Spawned, extent: Vec2) {
    let half = extent / 2.0;
    for (at, reeds, flip) in [
        (Vec2::new(-half.x - 18.0, -half.y + 6.0), true, false),
        (Vec2::new(half.x + 14.0, half.y - 4.0), true, true),
        (Vec2::new(half.x + 20.0, -half.y - 2.0), false, false),
        (Vec2::new(-half.x - 20.0, half.y + 4.0), false, true),
    ] {
        scenery(commands, art, board, at, reeds, flip);
    }
}

/// A tuft of reeds (or stones) at `at`, turned the other way with `flip`;
/// hidden where a panel or the window's edge would cut it.
pub(super) fn scenery(
    commands: &mut Commands,
    art: &Art,
    board: &Spawned,
    at: Vec2,
    reeds: bool,
    flip: bool,
) {
    let mat = if reeds {
        &art.reeds_mat
    } else {
        &art.stones_mat
    };
    commands.spawn((
        crate::game::theme::art::Scenery,
        Visibility::default(),
        Mesh2d(art.edge.clone()),
        MeshMaterial2d(mat.clone()),
        Transform::from_translation(at.extend(-1.0)).with_scale(Vec3::new(
            if flip { -0.8 } else { 0.8 },
            0.8,
            1.0,
        )),
        Pickable::IGNORE,
        ChildOf(board.root),
    ));
}

/// A lily pad, each turned its own way (the same way each time for the
/// same place); the finish pad is paler and carries a flower.
pub(super) fn lily_bundle(art: &Art, at: Vec2, finish: bool) -> impl Bundle {
    let turn = (at.x * 0.37 + at.y * 0.61).sin() * std::f32::consts::PI;
    (
        Lily,
        Name::new(if finish { "Finish pad" } else { "Lily" }),
        Mesh2d(art.lily.clone()),
        MeshMaterial2d(if finish {
            art.lily_dark_mat.clone()
        } else {
            art.lily_mat.clone()
        }),
        Transform::from_translation(at.extend(0.0)).with_rotation(Quat::from_rotation_z(turn)),
        // The finish pad: a rim of gold beads and three flowers on it,
        // seen round a frog standing there (a flower in its middle would
        // hide under the frog).
        Children::spawn(SpawnIter(
            finish
                .then(|| {
                    let ring = (
                        Mesh2d(art.finish_ring.clone()),
                        MeshMaterial2d(art.finish_mat.clone()),
                        Transform::from_xyz(0.0, 0.0, 0.3),
                        Pickable::IGNORE,
                    );
                    let flowers = (0..3).map(|i| {
                        let angle = i as f32 * std::f32::consts::TAU / 3.0;
                        (
                            Mesh2d(art.lotus.clone()),
                            MeshMaterial2d(art.lotus_mat.clone()),
                            Transform::from_translation(
                                (Vec2::from_angle(angle) * 36.0).extend(0.5),
                            )
                            .with_scale(Vec3::splat(0.8)),
                            Pickable::IGNORE,
                        )
                    });
                    std::iter::once(ring).chain(flowers).collect::<Vec<_>>()
                })
                .into_iter()
                .flatten(),
        )),
    )
}

/// The arc of a frog's jump from `from` to `to`.
pub(super) fn jump(from: Vec2, to: Vec2, height: f32, ms: u64) -> bevy_tweening::TweenAnim {
    crate::game::anim::tween(
        ms,
        crate::game::anim::JumpLens {
            start: from.extend(5.0),
            end: to.extend(2.0),
            height,
        },
    )
}

/// The piece a first click picked, waiting for a second click to say where
/// it goes (in a puzzle that moves a piece in two clicks); none on a fresh
/// board. Only the puzzle's `click` says what it means.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Picked(pub Option<u32>);
