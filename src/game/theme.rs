//! Colours, sizes and the shared meshes and materials of the boards.

use bevy::prelude::*;

pub const WATER: Color = Color::srgb(0.12, 0.32, 0.42);
pub const LILY: Color = Color::srgb(0.30, 0.62, 0.30);
pub const LILY_DARK: Color = Color::srgb(0.20, 0.47, 0.22);
pub const FROG_GREEN: Color = Color::srgb(0.55, 0.85, 0.25);
pub const FROG_RED: Color = Color::srgb(0.90, 0.25, 0.20);
pub const FROG_L: Color = Color::srgb(0.95, 0.75, 0.20);
pub const FROG_R: Color = Color::srgb(0.45, 0.80, 0.95);
pub const EYE: Color = Color::srgb(0.98, 0.98, 0.95);
pub const PUPIL: Color = Color::srgb(0.05, 0.05, 0.08);
pub const HIGHLIGHT: Color = Color::srgb(1.0, 0.95, 0.55);
pub const PANEL: Color = Color::srgba(0.05, 0.12, 0.16, 0.85);
pub const BUTTON: Color = Color::srgb(0.18, 0.42, 0.36);
pub const BUTTON_HOVER: Color = Color::srgb(0.26, 0.56, 0.46);
pub const TEXT: Color = Color::srgb(0.95, 0.97, 0.92);
pub const TEXT_DIM: Color = Color::srgb(0.70, 0.80, 0.78);
pub const WARN: Color = Color::srgb(1.0, 0.70, 0.45);
pub const WIN: Color = Color::srgb(0.75, 1.0, 0.55);

/// Flood tiles and Escape animals: ten colours told apart by hue and lightness.
pub const PALETTE: [Color; 10] = [
    Color::srgb(0.89, 0.26, 0.24),
    Color::srgb(0.22, 0.47, 0.86),
    Color::srgb(0.30, 0.73, 0.33),
    Color::srgb(0.98, 0.84, 0.22),
    Color::srgb(0.60, 0.36, 0.78),
    Color::srgb(0.97, 0.55, 0.16),
    Color::srgb(0.95, 0.55, 0.75),
    Color::srgb(0.55, 0.37, 0.22),
    Color::srgb(0.60, 0.62, 0.64),
    Color::srgb(0.25, 0.80, 0.80),
];

/// The palette of colour-blind mode: the Okabe-Ito colours (told apart under
/// the common colour-vision deficiencies) and three more of distinct
/// lightness; every colour also carries its number in this mode.
pub const PALETTE_CVD: [Color; 10] = [
    Color::srgb(0.90, 0.62, 0.00),
    Color::srgb(0.34, 0.71, 0.91),
    Color::srgb(0.00, 0.62, 0.45),
    Color::srgb(0.94, 0.89, 0.26),
    Color::srgb(0.00, 0.45, 0.70),
    Color::srgb(0.84, 0.37, 0.00),
    Color::srgb(0.80, 0.47, 0.65),
    Color::srgb(0.95, 0.95, 0.95),
    Color::srgb(0.45, 0.45, 0.45),
    Color::srgb(0.15, 0.15, 0.15),
];

pub fn palette(colour_blind: bool) -> &'static [Color; 10] {
    if colour_blind { &PALETTE_CVD } else { &PALETTE }
}

/// A line of UI text.
pub fn text(value: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    (
        Text::new(value),
        TextFont {
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(color),
    )
}

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
        slot_mat: mat(Color::srgba(1.0, 1.0, 1.0, 0.10)),
        splash_mat: mat(Color::srgba(0.85, 0.95, 1.0, 0.8)),
        palette: PALETTE.iter().map(|&c| mat(c)).collect(),
    };
    commands.insert_resource(art);
}
