//! Flood's tiles at rest, drawn as one picture: a square the size of the
//! board whose shader (`tiles.wgsl`, embedded) reads each cell's look from
//! a small texture of the board, one texel a cell. The tile entities stay
//! (for the pointer, the keys and the animations) but are not drawn unless
//! hovered or moving. Bevy's renderer prepares, sorts and batches every
//! drawn entity anew each frame, and a software renderer sets up every
//! triangle: the 10,000 tiles of a 100x100 board, drawn one by one or as
//! one mesh a look, took its frames from about 28 ms to 38 to 45 here; the
//! one square brings them back to about 30.

use super::board::{Cell, Flooded};
use crate::game::puzzles::Hover;
use crate::game::theme::Art;
use crate::rules::flood::Flood;
use bevy::asset::{AssetPath, RenderAssetUsages, embedded_asset, embedded_path};
use bevy::prelude::*;
use bevy::render::render_resource::{AsBindGroup, Extent3d, TextureDimension, TextureFormat};
use bevy::shader::ShaderRef;
use bevy::sprite_render::{AlphaMode2d, Material2d, Material2dPlugin};
use bevy_tweening::TweenAnim;
use std::collections::HashSet;

/// The palette's colours the shader knows (`COLOURS` in `tiles.wgsl`).
const COLOURS: usize = 10;

/// The board's tiles as the shader draws them.
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone)]
pub struct TilesMaterial {
    /// The board's width and height in cells, a tile's half side in cells.
    #[uniform(0)]
    grid: Vec4,
    /// Each colour of a tile outside the flooded region (its picture's
    /// tint), and inside it (flat).
    #[uniform(0)]
    bevelled: [Vec4; COLOURS],
    #[uniform(0)]
    flat: [Vec4; COLOURS],
    #[texture(1)]
    #[sampler(2)]
    picture: Handle<Image>,
    /// One texel a cell: red its colour, green 255 if it is flooded.
    #[texture(3, sample_type = "float", filterable = false)]
    pub looks: Handle<Image>,
}

impl Material2d for TilesMaterial {
    fn fragment_shader() -> ShaderRef {
        ShaderRef::Path(
            AssetPath::from_path_buf(embedded_path!("tiles.wgsl")).with_source("embedded"),
        )
    }

    fn alpha_mode(&self) -> AlphaMode2d {
        AlphaMode2d::Blend
    }
}

/// What the windowed game adds to draw the picture (the headless tests
/// keep only its assets).
pub fn drawing(app: &mut App) {
    embedded_asset!(app, "tiles.wgsl");
    app.add_plugins(Material2dPlugin::<TilesMaterial>::default());
}

/// The looks of a board's cells, to be drawn: its width and height, and
/// each cell's colour and whether it is flooded, in the cells' order.
#[derive(Component, Debug)]
pub struct TilePicture {
    width: u32,
    height: u32,
    looks: Vec<(u8, bool)>,
}

impl TilePicture {
    pub fn of(f: &Flood, flooded: &HashSet<u32>) -> TilePicture {
        TilePicture {
            width: u32::from(f.width),
            height: u32::from(f.height),
            looks: (f.cells.iter().enumerate())
                .map(|(i, &c)| (c, flooded.contains(&(i as u32))))
                .collect(),
        }
    }

    /// The looks' texture.
    fn image(&self) -> Image {
        Image::new(
            Extent3d {
                width: self.width,
                height: self.height,
                depth_or_array_layers: 1,
            },
            TextureDimension::D2,
            self.texels(),
            TextureFormat::Rgba8Unorm,
            RenderAssetUsages::default(),
        )
    }

    /// Its texels.
    fn texels(&self) -> Vec<u8> {
        self.looks
            .iter()
            .flat_map(|&(c, inside)| [c, if inside { 255 } else { 0 }, 0, 255])
            .collect()
    }
}

/// A picture, and its material once it has one.
type Painted = (
    Entity,
    Ref<'static, TilePicture>,
    Option<&'static MeshMaterial2d<TilesMaterial>>,
);

/// A new picture's texture and material, from the art's own tile colours
/// and picture (so that a tile drawn on its own, hovered, looks the same);
/// a changed picture's texture written anew in place (a search at
/// "instant" changes the board every frame); and a picture's colours kept
/// those of the art, which the colour-blind setting changes in place.
pub(super) fn paint(
    mut commands: Commands,
    pictures: Query<Painted>,
    art: Res<Art>,
    colours: Res<Assets<ColorMaterial>>,
    mut images: ResMut<Assets<Image>>,
    mut materials: ResMut<Assets<TilesMaterial>>,
) {
    if pictures.is_empty() {
        return;
    }
    let linear = |handles: &[Handle<ColorMaterial>]| {
        let mut out = [Vec4::ONE; COLOURS];
        for (k, slot) in out.iter_mut().enumerate() {
            let handle = handles.get(k % handles.len().max(1));
            if let Some(m) = handle.and_then(|h| colours.get(h)) {
                *slot = m.color.to_linear().to_vec4();
            }
        }
        out
    };
    let (bevelled, flat) = (linear(&art.tile_mats), linear(&art.palette));
    for (e, p, painted) in &pictures {
        if let Some(painted) = painted {
            let stale = (materials.get(&painted.0))
                .is_some_and(|m| (m.bevelled, m.flat) != (bevelled, flat));
            if (stale || p.is_changed())
                && let Some(mut m) = materials.get_mut(&painted.0)
            {
                // The material changed too: its texture is bound anew.
                (m.bevelled, m.flat) = (bevelled, flat);
                let fits = (images.get(&m.looks))
                    .is_some_and(|i| (i.width(), i.height()) == (p.width, p.height));
                if p.is_changed() && !fits {
                    m.looks = images.add(p.image());
                } else if p.is_changed()
                    && let Some(mut looks) = images.get_mut(&m.looks)
                {
                    looks.data = Some(p.texels());
                }
            }
            continue;
        }
        let picture = (art.tile_mats.first())
            .and_then(|m| colours.get(m))
            .and_then(|m| m.texture.clone())
            .unwrap_or_default();
        let half = super::board::TILE / super::FLOOD_TILE / 2.0;
        let looks = images.add(p.image());
        let material = materials.add(TilesMaterial {
            grid: Vec4::new(p.width as f32, p.height as f32, half, 0.0),
            bevelled,
            flat,
            picture,
            looks,
        });
        commands.entity(e).try_insert(MeshMaterial2d(material));
    }
}

/// A tile's visibility, and whether it is hovered, moving or flooded.
type Shown = (
    &'static mut Visibility,
    Has<Hover>,
    Has<TweenAnim>,
    Has<Flooded>,
);

/// A tile is drawn on its own only while it is hovered (grown and lifted
/// above the picture; not inside the flooded region, whose line it would
/// poke past) or moving (a win's swell); while any tile moves, the picture
/// is not drawn, the tiles are.
pub(super) fn show_tiles(
    mut tiles: Query<Shown, With<Cell>>,
    mut pictures: Query<&mut Visibility, (With<TilePicture>, Without<Cell>)>,
) {
    let mut moving = false;
    for (mut shown, hovered, anim, flooded) in &mut tiles {
        moving |= anim;
        shown.set_if_neq(if (hovered && !flooded) || anim {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
    for mut shown in &mut pictures {
        shown.set_if_neq(if moving {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        });
    }
}
