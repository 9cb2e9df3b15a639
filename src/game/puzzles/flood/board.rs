//! Flood on the board: a grid of coloured tiles; a click on a tile (or a
//! palette button, or a digit) floods the corner's region with that colour,
//! the new colour spreading over the old in the order of the region.

use super::super::pieces::{
    Clickable, HOVER_GROWTH, HOVER_LIFT, Hover, Spawned, Tile, number_label,
};
use super::{FLOOD_TILE, flood_pos};
use crate::game::anim::{self, DespawnWhenDone};
use crate::game::theme::Art;
use crate::rules::flood::Flood;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_tweening::TweenAnim;
use std::collections::HashSet;

/// A tile's size on the board, leaving a thin line of water between tiles.
const TILE: f32 = FLOOD_TILE - 2.0;

/// The cell a tile stands on.
#[derive(Component)]
pub struct Cell(u32);

/// The line around the flooded region: the parent of its pieces.
#[derive(Component)]
struct RegionEdge;

/// A tile as a move brings it in place: its cell, where it stands, its
/// look, its colour as clicked, and whether it is hovered.
type TileParts = (
    Entity,
    &'static Cell,
    &'static mut Transform,
    &'static mut Mesh2d,
    &'static mut MeshMaterial2d<ColorMaterial>,
    &'static mut Clickable,
    Has<Hover>,
);

/// The tiles and the region's line, brought in place after a move.
#[derive(SystemParam)]
pub struct Tiles<'w, 's> {
    tiles: Query<'w, 's, TileParts>,
    edges: Query<'w, 's, Entity, With<RegionEdge>>,
}

pub(super) fn spawn(
    commands: &mut Commands,
    art: &Art,
    board: &mut Spawned,
    f: &Flood,
    numbered: bool,
) {
    // The slab the tiles lie on, with its shadow on the water.
    let size = Vec2::new(f.width as f32, f.height as f32) * FLOOD_TILE + 14.0;
    for (offset, z, mat) in [
        (Vec2::new(5.0, -7.0), -0.3, &art.shadow_mat),
        (Vec2::ZERO, -0.2, &art.slab_mat),
    ] {
        board.add(
            commands,
            (
                Mesh2d(art.tile.clone()),
                MeshMaterial2d(mat.clone()),
                Transform::from_translation(offset.extend(z)).with_scale(size.extend(1.0)),
                Pickable::IGNORE,
            ),
            None,
            None,
        );
    }
    let flooded: HashSet<u32> = f.region().into_iter().collect();
    outline_region(commands, art, board, f, &flooded);
    for (i, &c) in f.cells.iter().enumerate() {
        let inside = flooded.contains(&(i as u32));
        let tile = board.add(
            commands,
            (
                Tile,
                Cell(i as u32),
                tile_look(art, c, inside),
                tile_transform(f, i, inside, false),
            ),
            None,
            Some(Clickable(c as u32)),
        );
        if numbered {
            commands
                .entity(tile)
                .with_child(number_label(art, c, Vec2::ZERO, TILE, 0.9));
        }
    }
}

/// A light line around the flooded region, on every side of it that meets
/// another colour or the edge: the player sees what a move adds to.
fn outline_region(
    commands: &mut Commands,
    art: &Art,
    board: &mut Spawned,
    f: &Flood,
    flooded: &HashSet<u32>,
) {
    let (w, h) = (f.width as i32, f.height as i32);
    let inside = |x: i32, y: i32| {
        x >= 0 && y >= 0 && x < w && y < h && flooded.contains(&((y * w + x) as u32))
    };
    let half = FLOOD_TILE / 2.0;
    // The pieces of the line under one parent, let go together after a
    // move (one by one, each would be looked for among the board's 10,000
    // tiles).
    let line = board.add(
        commands,
        (
            RegionEdge,
            Transform::default(),
            Visibility::default(),
            Pickable::IGNORE,
        ),
        None,
        None,
    );
    for &i in flooded {
        let (x, y) = (i as i32 % w, i as i32 / w);
        let centre = flood_pos(f, i as usize);
        // Rows go down the screen as y grows.
        for (dx, dy, offset, size) in [
            (1, 0, Vec2::new(half, 0.0), Vec2::new(3.0, FLOOD_TILE + 3.0)),
            (
                -1,
                0,
                Vec2::new(-half, 0.0),
                Vec2::new(3.0, FLOOD_TILE + 3.0),
            ),
            (
                0,
                1,
                Vec2::new(0.0, -half),
                Vec2::new(FLOOD_TILE + 3.0, 3.0),
            ),
            (
                0,
                -1,
                Vec2::new(0.0, half),
                Vec2::new(FLOOD_TILE + 3.0, 3.0),
            ),
        ] {
            if !inside(x + dx, y + dy) {
                commands.spawn((
                    Mesh2d(art.tile.clone()),
                    MeshMaterial2d(art.region_edge_mat.clone()),
                    Transform::from_translation((centre + offset).extend(0.8))
                        .with_scale(size.extend(1.0)),
                    Pickable::IGNORE,
                    ChildOf(line),
                ));
            }
        }
    }
}

/// After a move (or an undo, a redo, a restart), the tiles whose look
/// changed take their new look where they stand, and the region's line is
/// drawn anew: a move on a 100x100 board no longer spawns 10,000 tiles. A
/// tile caught in the win's swell is put back at rest; a hovered one stays
/// hovered.
pub(super) fn refresh(
    commands: &mut Commands,
    art: &Art,
    board: &mut Spawned,
    (before, after): (&Flood, &Flood),
    numbered: bool,
    pieces: &mut Tiles,
) -> bool {
    if (before.width, before.height) != (after.width, after.height)
        || pieces.tiles.iter().len() != after.cells.len()
    {
        return false;
    }
    let was: HashSet<u32> = before.region().into_iter().collect();
    let flooded: HashSet<u32> = after.region().into_iter().collect();
    for (e, cell, mut transform, mut mesh, mut material, mut click, hovered) in &mut pieces.tiles {
        let i = cell.0 as usize;
        let (c, inside) = (after.cells[i], flooded.contains(&cell.0));
        if (before.cells[i], was.contains(&cell.0)) == (c, inside) {
            continue;
        }
        let (new_mesh, new_material) = tile_look(art, c, inside);
        *mesh = new_mesh;
        *material = new_material;
        *click = Clickable(u32::from(c));
        *transform = tile_transform(after, i, inside, hovered);
        commands.entity(e).remove::<TweenAnim>();
        if numbered && before.cells[i] != c {
            commands
                .entity(e)
                .despawn_children()
                .with_child(number_label(art, c, Vec2::ZERO, TILE, 0.9));
        }
    }
    for edge in &pieces.edges {
        commands.entity(edge).despawn();
    }
    outline_region(commands, art, board, after, &flooded);
    true
}

/// Where tile `i` of `f` stands, at its depth, its size, grown and lifted
/// if hovered.
fn tile_transform(f: &Flood, i: usize, flooded: bool, hovered: bool) -> Transform {
    let (grow, lift) = if hovered {
        (HOVER_GROWTH, HOVER_LIFT)
    } else {
        (1.0, 0.0)
    };
    let depth = tile_depth(f.cells[i], flooded) + lift;
    Transform::from_translation(flood_pos(f, i).extend(depth)).with_scale(Vec3::new(
        TILE * grow,
        TILE * grow,
        1.0,
    ))
}

/// A tile's depth: a hair apart by its look (its colour, and whether it
/// is in the flooded region), so that the renderer, which draws the board's
/// pieces in order of depth, draws all the tiles of one look together, in
/// one batch: in the order of the cells, neighbours of different colours
/// broke every batch, and a 100x100 board took 10,000 draws a frame. Tiles
/// do not overlap, so the order shows nowhere (a hovered tile is lifted
/// above them all: `HOVER_LIFT`).
fn tile_depth(c: u8, flooded: bool) -> f32 {
    (f32::from(c) * 2.0 + f32::from(u8::from(flooded))) * 0.0002
}

/// A tile of colour `c`: flat and edge to edge inside the flooded region,
/// so that the region reads as one body; a soft bevelled square outside it.
fn tile_look(art: &Art, c: u8, flooded: bool) -> (Mesh2d, MeshMaterial2d<ColorMaterial>) {
    let c = c as usize % art.palette.len();
    if flooded {
        (
            Mesh2d(art.flooded_tile.clone()),
            MeshMaterial2d(art.palette[c].clone()),
        )
    } else {
        (
            Mesh2d(art.tile.clone()),
            MeshMaterial2d(art.tile_mats[c].clone()),
        )
    }
}

/// Every tile whose colour changed is covered by its new colour in wave
/// order, the old colour kept underneath until the wave reaches it (for as
/// long as the wave lasts).
pub(super) fn animate(commands: &mut Commands, art: &Art, board: &Spawned, b: &Flood, a: &Flood) {
    let order = a.region();
    let n = order.len().max(1) as f32;
    if order
        .iter()
        .all(|&i| b.cells[i as usize] == a.cells[i as usize])
    {
        return;
    }
    // The wave's tiles under one parent that lasts as long as they do and
    // is let go with them at once: let go one by one, each would be looked
    // for among the board's children (on a 100x100 board, 20,000 tiles of a
    // wave among 30,000 children stalled the frame the wave ended).
    let wave = commands
        .spawn((
            Transform::default(),
            Visibility::default(),
            anim::tween(500, Hold),
            DespawnWhenDone,
            ChildOf(board.root),
        ))
        .id();
    for (k, &i) in order.iter().enumerate() {
        let i = i as usize;
        if b.cells[i] == a.cells[i] {
            continue;
        }
        let colour = a.cells[i] as usize % art.palette.len();
        let old = b.cells[i] as usize % art.palette.len();
        commands.spawn((
            Mesh2d(art.flooded_tile.clone()),
            MeshMaterial2d(art.palette[old].clone()),
            Transform::from_translation(flood_pos(a, i).extend(0.5))
                .with_scale(Vec3::new(TILE, TILE, 1.0)),
            Pickable::IGNORE,
            ChildOf(wave),
        ));
        commands.spawn((
            Mesh2d(art.flooded_tile.clone()),
            MeshMaterial2d(art.palette[colour].clone()),
            Transform::from_translation(flood_pos(a, i).extend(1.0)).with_scale(Vec3::ZERO),
            anim::tween(
                500,
                FloodWave {
                    delay: 0.7 * k as f32 / n,
                    size: TILE,
                },
            ),
            Pickable::IGNORE,
            ChildOf(wave),
        ));
    }
}

/// Keeps the wave for its length: nothing moves.
#[derive(Debug, Clone, Copy)]
struct Hold;

impl bevy_tweening::Lens<Transform> for Hold {
    fn lerp(&mut self, _target: Mut<'_, Transform>, _ratio: f32) {}
}

/// A tile's new colour spreading in: it grows over the old tile in wave order.
#[derive(Debug, Clone, Copy)]
struct FloodWave {
    delay: f32,
    size: f32,
}

impl bevy_tweening::Lens<Transform> for FloodWave {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        let span = (1.0 - self.delay).max(0.01);
        let t = ((ratio - self.delay) / span).clamp(0.0, 1.0);
        target.scale = Vec3::new(self.size * t, self.size * t, 1.0);
    }
}
