//! The meshes and materials made once at start-up and shared by every board.

use super::*;

/// Meshes and materials made once and shared by every board.
#[derive(Resource)]
pub struct Art {
    pub lily: Handle<Mesh>,
    pub pad_ring: Handle<Mesh>,
    pub frog: Handle<Mesh>,
    pub eye: Handle<Mesh>,
    pub pupil: Handle<Mesh>,
    pub tile: Handle<Mesh>,
    pub slot: Handle<Mesh>,
    /// One shape per animal type, so a player tells them apart without colour.
    pub animals: Vec<Handle<Mesh>>,
    pub splash: Handle<Mesh>,
    pub lily_mat: Handle<ColorMaterial>,
    pub lily_dark_mat: Handle<ColorMaterial>,
    pub green_mat: Handle<ColorMaterial>,
    pub red_mat: Handle<ColorMaterial>,
    pub l_mat: Handle<ColorMaterial>,
    pub r_mat: Handle<ColorMaterial>,
    pub eye_mat: Handle<ColorMaterial>,
    pub pupil_mat: Handle<ColorMaterial>,
    pub highlight_mat: Handle<ColorMaterial>,
    pub hint_mat: Handle<ColorMaterial>,
    pub slot_mat: Handle<ColorMaterial>,
    pub splash_mat: Handle<ColorMaterial>,
    pub palette: Vec<Handle<ColorMaterial>>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, make_art);
}

fn make_art(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let animals = vec![
        meshes.add(Circle::new(24.0)),
        meshes.add(Rectangle::new(42.0, 42.0)),
        meshes.add(Triangle2d::new(
            Vec2::new(0.0, 27.0),
            Vec2::new(-25.0, -20.0),
            Vec2::new(25.0, -20.0),
        )),
        meshes.add(RegularPolygon::new(28.0, 4)),
        meshes.add(RegularPolygon::new(26.0, 5)),
        meshes.add(RegularPolygon::new(26.0, 6)),
        meshes.add(Ellipse::new(28.0, 17.0)),
        meshes.add(Annulus::new(14.0, 25.0)),
        meshes.add(Rectangle::new(48.0, 26.0)),
        meshes.add(RegularPolygon::new(26.0, 8)),
        meshes.add(CircularSector::new(27.0, 2.2)),
        meshes.add(Capsule2d::new(12.0, 24.0)),
    ];
    let mut mat = |c: Color| materials.add(c);
    let art = Art {
        lily: meshes.add(Circle::new(34.0)),
        pad_ring: meshes.add(Annulus::new(34.0, 39.0)),
        frog: meshes.add(Ellipse::new(25.0, 21.0)),
        eye: meshes.add(Circle::new(7.0)),
        pupil: meshes.add(Circle::new(3.5)),
        tile: meshes.add(Rectangle::new(1.0, 1.0)),
        slot: meshes.add(Rectangle::new(52.0, 52.0)),
        animals,
        splash: meshes.add(Annulus::new(20.0, 26.0)),
        lily_mat: mat(LILY),
        lily_dark_mat: mat(LILY_DARK),
        green_mat: mat(FROG_GREEN),
        red_mat: mat(FROG_RED),
        l_mat: mat(FROG_L),
        r_mat: mat(FROG_R),
        eye_mat: mat(EYE),
        pupil_mat: mat(PUPIL),
        highlight_mat: mat(HIGHLIGHT),
        hint_mat: mat(HINT),
        slot_mat: mat(Color::srgba(1.0, 1.0, 1.0, 0.10)),
        splash_mat: mat(Color::srgba(0.85, 0.95, 1.0, 0.8)),
        palette: PALETTE.iter().map(|&c| mat(c)).collect(),
    };
    commands.insert_resource(art);
}
