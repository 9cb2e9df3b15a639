//! Flood on the board: a grid of coloured tiles; a click on a tile (or a
//! palette button, or a digit) floods the corner's region with that colour,
//! the new colour spreading over the old in the order of the region.

use super::super::pieces::{Clickable, HOVER_GROWTH, HOVER_LIFT, Hover, Spawned, Tile};
use super::picture::TilePicture;
use super::{FLOOD_TILE, flood_pos};
use crate::game::anim::{self, DespawnWhenDone};
use crate::game::theme::Art;
use crate::rules::flood::Flood;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_tweening::TweenAnim;
use std::collections::HashSet;

/// A tile's size on the board, leaving a thin line of water between tiles.
pub(super) const TILE: f32 = FLOOD_TILE - 2.0;

/// The cell a tile stands on.
#[derive(Component)]
pub struct Cell(u32);

/// A tile inside the flooded region. The region reads as one body inside
/// its light line, and its tiles are no move (their colour is the flood's):
/// one hovered is not drawn grown over the line (`picture::show_tiles`).
#[derive(Component)]
pub struct Flooded;

/// The line around the flooded region: the middle and the half size of
/// each of its pieces, drawn as one mesh (made by `shape_edges`). A region
/// of thousands of cells has a line of thousands of pieces, and the
/// renderer's work a frame grows with every entity it draws.
#[derive(Component)]
pub(super) struct RegionEdge(Vec<(Vec2, Vec2)>);

/// A tile as a move brings it in place: its cell, where it stands, its
/// look, its colour as clicked, whether it is hovered, and whether it is
/// moving (in a win's swell).
type TileParts = (
    Entity,
    &'static Cell,
    &'static mut Transform,
    &'static mut Mesh2d,
    &'static mut MeshMaterial2d<ColorMaterial>,
    &'static mut Clickable,
    Has<Hover>,
    Has<TweenAnim>,
);

/// The tiles, the region's line and the tiles' picture, brought in place
/// after a move.
#[derive(SystemParam)]
pub struct Tiles<'w, 's> {
    tiles: Query<'w, 's, TileParts, With<Tile>>,
    edges: Query<'w, 's, Entity, With<RegionEdge>>,
    pictures: Query<'w, 's, Entity, With<TilePicture>>,
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
    picture(commands, art, board, f, &flooded);
    for (i, &c) in f.cells.iter().enumerate() {
        let inside = flooded.contains(&(i as u32));
        // Drawn by the picture, unless hovered or moving (`show_tiles`).
        let tile = board.add(
            commands,
            (
                Tile,
                Cell(i as u32),
                tile_look(art, c, inside),
                tile_transform(f, i, inside, false),
                Visibility::Hidden,
            ),
            None,
            Some(Clickable(c as u32)),
        );
        if inside {
            commands.entity(tile).insert(Flooded);
        }
        if numbered {
            commands.entity(tile).with_child(label(art, c));
        }
    }
}

/// A tile's number, seen though its tile is drawn by the picture: bold, half
/// the tile high, dark on a light colour and white on a dark one, so it reads
/// on the biggest boards and the tile's colour still shows around it.
fn label(art: &Art, c: u8) -> impl Bundle {
    let palette = crate::game::theme::palette(true);
    let tile = palette[c as usize % palette.len()];
    let ink = crate::game::theme::ink_on(tile);
    (
        Text2d::new(format!("{c}")),
        TextFont {
            font: art.badge_font.clone().into(),
            font_size: FontSize::Px(22.0),
            ..default()
        },
        TextColor(ink),
        Transform::from_xyz(0.0, 0.5 / TILE, 1.0).with_scale(Vec3::new(
            1.0 / TILE,
            1.0 / TILE,
            1.0,
        )),
        Visibility::Visible,
        Pickable::IGNORE,
    )
}

/// The tiles at rest, one square the board's size under them (its
/// texture and material are made by `picture::paint`).
fn picture(
    commands: &mut Commands,
    art: &Art,
    board: &mut Spawned,
    f: &Flood,
    flooded: &HashSet<u32>,
) {
    let size = Vec2::new(f.width as f32, f.height as f32) * FLOOD_TILE;
    board.add(
        commands,
        (
            TilePicture::of(f, flooded),
            Mesh2d(art.tile.clone()),
            Transform::from_scale(size.extend(1.0)),
            Visibility::default(),
            Pickable::IGNORE,
        ),
        None,
        None,
    );
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
    let mut pieces = Vec::new();
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
                pieces.push((centre + offset, size / 2.0));
            }
        }
    }
    board.add(
        commands,
        (
            RegionEdge(pieces),
            MeshMaterial2d(art.region_edge_mat.clone()),
            Transform::from_xyz(0.0, 0.0, 0.8),
            Visibility::default(),
            Pickable::IGNORE,
        ),
        None,
        None,
    );
}

/// A new line's mesh: its pieces, each a rectangle.
pub(super) fn shape_edges(
    mut commands: Commands,
    lines: Query<(Entity, &RegionEdge), Added<RegionEdge>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    for (e, line) in &lines {
        let mesh = meshes.add(rects(line.0.iter().copied()));
        commands.entity(e).try_insert(Mesh2d(mesh));
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
    for (e, cell, mut transform, mut mesh, mut material, mut click, hovered, moving) in
        &mut pieces.tiles
    {
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
        if inside {
            commands.entity(e).try_insert(Flooded);
        } else {
            commands.entity(e).try_remove::<Flooded>();
        }
        if moving {
            commands.entity(e).try_remove::<TweenAnim>();
        }
        if numbered && before.cells[i] != c {
            commands
                .entity(e)
                .despawn_children()
                .with_child(label(art, c));
        }
    }
    for edge in &pieces.edges {
        commands.entity(edge).try_despawn();
    }
    outline_region(commands, art, board, after, &flooded);
    // The picture takes the new looks where it is.
    for picture in &pieces.pictures {
        commands
            .entity(picture)
            .try_insert(TilePicture::of(after, &flooded));
    }
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
/// long as the wave lasts). The wave is two meshes, the old colour's and
/// the new colour's squares, not two entities a tile: a move on a 100x100
/// board changes up to 10,000 tiles, and spawning, animating and letting go
/// 20,000 entities a move took the frame longer than a software renderer's
/// drawing of it.
pub(super) fn animate(commands: &mut Commands, art: &Art, board: &Spawned, b: &Flood, a: &Flood) {
    let order = a.region();
    let n = order.len().max(1) as f32;
    let cells: Vec<(Vec2, f32)> = order
        .iter()
        .enumerate()
        .filter(|&(_, &i)| b.cells[i as usize] != a.cells[i as usize])
        .map(|(k, &i)| (flood_pos(a, i as usize), 0.7 * k as f32 / n))
        .collect();
    if cells.is_empty() {
        return;
    }
    // The corner is in the region before the move and after it.
    let colour = a.cells[0] as usize % art.palette.len();
    let old = b.cells[0] as usize % art.palette.len();
    // The new colour grows over the old, and both go when the wave ends
    // (the board beneath has the new colours already); their meshes are
    // made by `shape_waves`.
    commands.spawn((
        Wave(cells),
        MeshMaterial2d(art.palette[colour].clone()),
        Transform::from_xyz(0.0, 0.0, 1.0),
        Visibility::default(),
        anim::tween(500, Hold),
        DespawnWhenDone,
        Pickable::IGNORE,
        ChildOf(board.root),
        children![(
            WaveUnder,
            MeshMaterial2d(art.palette[old].clone()),
            Transform::from_xyz(0.0, 0.0, -0.5),
            Pickable::IGNORE,
        )],
    ));
}

/// A flooded tile's square, edge to edge with its neighbours.
const WAVE_SQUARE: f32 = TILE * 1.07;

/// The cells a wave covers: each one's centre, and when the wave reaches
/// it (a fraction of the wave's length).
#[derive(Component)]
pub(super) struct Wave(Vec<(Vec2, f32)>);

/// The old colour under a wave.
#[derive(Component)]
pub(super) struct WaveUnder;

/// A new wave's meshes: the old colour's squares whole, the new colour's
/// not yet grown. (Its board may be gone by then, and the wave with it.)
pub(super) fn shape_waves(
    mut commands: Commands,
    waves: Query<(Entity, &Wave, &Children), Added<Wave>>,
    unders: Query<(), With<WaveUnder>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    for (e, wave, children) in &waves {
        let cells = || wave.0.iter().map(|&(at, _)| at);
        let over = meshes.add(rects(cells().map(|at| (at, Vec2::ZERO))));
        commands.entity(e).try_insert(Mesh2d(over));
        let under = meshes.add(rects(
            cells().map(|at| (at, Vec2::splat(WAVE_SQUARE / 2.0))),
        ));
        for child in children.iter().filter(|&c| unders.contains(c)) {
            commands.entity(child).try_insert(Mesh2d(under.clone()));
        }
    }
}

/// A mesh of rectangles, each at its centre with its half size.
fn rects(cells: impl ExactSizeIterator<Item = (Vec2, Vec2)>) -> Mesh {
    let n = cells.len();
    let mut indices = Vec::with_capacity(n * 6);
    for k in 0..n as u32 {
        let v = k * 4;
        indices.extend_from_slice(&[v, v + 1, v + 2, v, v + 2, v + 3]);
    }
    Mesh::new(
        bevy::mesh::PrimitiveTopology::TriangleList,
        bevy::asset::RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, corners(cells))
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, vec![[0.0f32, 0.0]; n * 4])
    .with_inserted_indices(bevy::mesh::Indices::U32(indices))
}

/// The four corners of each rectangle, counter-clockwise.
fn corners(cells: impl Iterator<Item = (Vec2, Vec2)>) -> Vec<[f32; 3]> {
    cells
        .flat_map(|(at, h)| {
            [
                [at.x - h.x, at.y - h.y, 0.0],
                [at.x + h.x, at.y - h.y, 0.0],
                [at.x + h.x, at.y + h.y, 0.0],
                [at.x - h.x, at.y + h.y, 0.0],
            ]
        })
        .collect()
}

/// The new colour's squares grow as the wave goes: each from the moment
/// the wave reaches its cell to the wave's end.
pub(super) fn grow_waves(
    waves: Query<(&Wave, &Mesh2d, &TweenAnim)>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    use bevy::math::curve::Curve;
    for (wave, mesh, anim) in &waves {
        let ratio = EaseFunction::QuadraticInOut.sample_clamped(anim.tweenable().cycle_fraction());
        let Some(mut mesh) = meshes.get_mut(&mesh.0) else {
            continue;
        };
        let grown = wave.0.iter().map(|&(at, delay)| {
            let span = (1.0 - delay).max(0.01);
            let t = ((ratio - delay) / span).clamp(0.0, 1.0);
            (at, Vec2::splat(WAVE_SQUARE / 2.0 * t))
        });
        mesh.insert_attribute(Mesh::ATTRIBUTE_POSITION, corners(grown));
    }
}

/// Keeps the wave for its length: nothing moves.
#[derive(Debug, Clone, Copy)]
struct Hold;

impl bevy_tweening::Lens<Transform> for Hold {
    fn lerp(&mut self, _target: Mut<'_, Transform>, _ratio: f32) {}
}
