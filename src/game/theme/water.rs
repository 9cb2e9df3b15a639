//! The water under every screen: one large square drawn with a small
//! shader (`water.wgsl`, embedded), behind everything. Only the windowed
//! game adds it; the headless tests have no renderer.

use super::WATER;
use bevy::asset::{AssetPath, embedded_asset, embedded_path};
use bevy::prelude::*;
use bevy::render::render_resource::AsBindGroup;
use bevy::shader::ShaderRef;
use bevy::sprite_render::{Material2d, Material2dPlugin};

#[derive(Asset, TypePath, AsBindGroup, Debug, Clone)]
pub struct WaterMaterial {
    #[uniform(0)]
    deep: LinearRgba,
    #[uniform(0)]
    light: LinearRgba,
    /// 1 while the water moves, 0 while it stands still.
    #[uniform(0)]
    pub flow: f32,
}

impl Material2d for WaterMaterial {
    fn fragment_shader() -> ShaderRef {
        ShaderRef::Path(
            AssetPath::from_path_buf(embedded_path!("water.wgsl")).with_source("embedded"),
        )
    }
}

pub fn plugin(app: &mut App) {
    embedded_asset!(app, "water.wgsl");
    app.add_plugins(Material2dPlugin::<WaterMaterial>::default())
        .add_systems(Startup, spawn_water);
}

fn spawn_water(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<WaterMaterial>>,
) {
    commands.spawn((
        Name::new("Water"),
        Mesh2d(meshes.add(Rectangle::new(200_000.0, 200_000.0))),
        MeshMaterial2d(materials.add(WaterMaterial {
            deep: WATER.into(),
            light: Color::srgb(0.55, 0.80, 0.85).into(),
            flow: 1.0,
        })),
        Transform::from_xyz(0.0, 0.0, -50.0),
        Pickable::IGNORE,
    ));
}
