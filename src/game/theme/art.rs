//! The meshes and materials made once at start-up and shared by every board.

use super::drawing::{self, ANIMALS, Layer};
use super::*;

/// Meshes and materials made once and shared by every board.
#[derive(Resource)]
pub struct Art {
    pub lily: Handle<Mesh>,
    pub pad_ring: Handle<Mesh>,
    /// A frog's square, its body drawn on it in the frog's colour.
    pub frog: Handle<Mesh>,
    /// The frog's eyes: the same square, moved so that the eyes' line is at
    /// its origin, to blink by squashing it.
    pub frog_eyes: Handle<Mesh>,
    pub frog_eyes_mat: Handle<ColorMaterial>,
    /// The red frog's crown, and the flowers on the finish pad's rim.
    pub crown: Handle<Mesh>,
    pub crown_mat: Handle<ColorMaterial>,
    pub lotus: Handle<Mesh>,
    pub lotus_mat: Handle<ColorMaterial>,
    /// Colour-blind mode's number badge: a dark disc and its light rim.
    pub badge: Handle<Mesh>,
    pub badge_mat: Handle<ColorMaterial>,
    pub badge_rim: Handle<Mesh>,
    pub badge_rim_mat: Handle<ColorMaterial>,
    /// The badge's digit's face: the bold one, to read at a few pixels.
    pub badge_font: Handle<Font>,
    /// The finish pad's rim of gold beads, seen round a frog standing on
    /// it (a whole ring, as a picked frog's is, read as the frog picked).
    pub finish_ring: Handle<Mesh>,
    pub finish_mat: Handle<ColorMaterial>,
    /// Reeds and stones at the pond's edges.
    pub edge: Handle<Mesh>,
    pub reeds_mat: Handle<ColorMaterial>,
    pub stones_mat: Handle<ColorMaterial>,
    /// A drop of a splash.
    pub drop: Handle<Mesh>,
    pub eye: Handle<Mesh>,
    pub pupil: Handle<Mesh>,
    pub tile: Handle<Mesh>,
    pub slot: Handle<Mesh>,
    /// One square per animal type (the same square, a handle of its own).
    pub animals: Vec<Handle<Mesh>>,
    /// Each animal type's body in each palette colour: `[kind][colour]`.
    pub animal_mats: Vec<Vec<Handle<ColorMaterial>>>,
    /// Each animal type's eyes and beak, drawn over the body untinted.
    pub animal_detail: Vec<Handle<ColorMaterial>>,
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
    /// Escape's prison: its stone walls, the floor of its rows, the iron
    /// of its gates; and outside, the meadow, its path and its grass.
    pub stone_mat: Handle<ColorMaterial>,
    pub floor_mat: Handle<ColorMaterial>,
    pub iron_mat: Handle<ColorMaterial>,
    pub shadow_mat: Handle<ColorMaterial>,
    pub meadow_mat: Handle<ColorMaterial>,
    pub path_mat: Handle<ColorMaterial>,
    pub grass_mat: Handle<ColorMaterial>,
    pub tuft: Handle<Mesh>,
    pub splash_mat: Handle<ColorMaterial>,
    /// Flat colours: the flooded region (one body), and whatever else
    /// takes a palette colour.
    pub palette: Vec<Handle<ColorMaterial>>,
    /// The drawings as pictures, for the interface (the how-to card).
    pub pictures: Pictures,
    /// Flood's tiles outside the flooded region: soft, bevelled squares.
    pub tile_mats: Vec<Handle<ColorMaterial>>,
    pub slab_mat: Handle<ColorMaterial>,
    /// The line around the flooded region.
    pub region_edge_mat: Handle<ColorMaterial>,
    /// A flooded tile's square: a little larger than a tile, edge to edge
    /// with its neighbours.
    pub flooded_tile: Handle<Mesh>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, make_art.after(super::load_fonts));
}

/// The drawings as images, for UI nodes.
#[derive(Debug, Clone, Default)]
pub struct Pictures {
    pub lily: Handle<Image>,
    pub frog: Handle<Image>,
    pub frog_eyes: Handle<Image>,
    pub crown: Handle<Image>,
    pub tile: Handle<Image>,
    pub star: Handle<Image>,
    pub star_empty: Handle<Image>,
    /// The solver's icons, in the order of `drawing::ICONS`.
    pub icons: Vec<Handle<Image>>,
    /// Each animal's body and detail.
    pub animals: Vec<(Handle<Image>, Handle<Image>)>,
}

impl Art {
    /// A ring of `pad_ring` under the board's root `root` (a picked
    /// piece's, a hint's, the keyboard cursor's, a hovered move mark's).
    pub fn ring(
        &self,
        material: Handle<ColorMaterial>,
        at: Vec2,
        z: f32,
        size: f32,
        root: Entity,
    ) -> impl Bundle {
        (
            Mesh2d(self.pad_ring.clone()),
            MeshMaterial2d(material),
            Transform::from_translation(at.extend(z)).with_scale(Vec3::splat(size)),
            Pickable::IGNORE,
            ChildOf(root),
        )
    }
}

impl Pictures {
    /// The icon called `name` in `drawing::ICONS`.
    pub fn icon(&self, name: &str) -> Handle<Image> {
        drawing::ICONS
            .iter()
            .position(|(n, _)| *n == name)
            .and_then(|i| self.icons.get(i).cloned())
            .unwrap_or_default()
    }
}

/// The side of a frog's square, in world units.
pub const FROG_SIZE: f32 = 62.0;
/// The side of a lily pad's square.
pub const LILY_SIZE: f32 = 80.0;
/// The side of the reeds' and the stones' square, in world units.
pub const EDGE_SIZE: f32 = 90.0;

/// Reeds and stones round a pond: scenery the board's layout keeps out from
/// under the panels and inside the window (hidden where it cannot).
#[derive(Component, Debug, Clone, Copy)]
pub struct Scenery;

/// The side of an animal's square on the board, in world units.
pub const ANIMAL_SIZE: f32 = 64.0;
/// The pixels its drawing is rendered at: about twice the size it is shown.
const ANIMAL_PX: u32 = 128;

/// The animals' drawings: each kind's body and details, its mesh, its body
/// in each colour of the palette, and its details' material.
struct AnimalArt {
    bodies: Vec<Option<Handle<Image>>>,
    details: Vec<Option<Handle<Image>>>,
    meshes: Vec<Handle<Mesh>>,
    mats: Vec<Vec<Handle<ColorMaterial>>>,
    detail: Vec<Handle<ColorMaterial>>,
}

fn animal_art(
    texture: &mut impl FnMut(&str, Layer, u32) -> Option<Handle<Image>>,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
) -> AnimalArt {
    let bodies: Vec<_> = ANIMALS
        .iter()
        .map(|a| texture(a.svg, Layer::Body, ANIMAL_PX))
        .collect();
    let details: Vec<_> = ANIMALS
        .iter()
        .map(|a| texture(a.svg, Layer::Detail, ANIMAL_PX))
        .collect();
    let animal_meshes = ANIMALS
        .iter()
        .map(|_| meshes.add(Rectangle::new(ANIMAL_SIZE, ANIMAL_SIZE)))
        .collect();
    let animal_mats = bodies
        .iter()
        .map(|body| {
            PALETTE
                .iter()
                .map(|&color| {
                    materials.add(ColorMaterial {
                        color,
                        texture: body.clone(),
                        ..default()
                    })
                })
                .collect()
        })
        .collect();
    let animal_detail = details
        .iter()
        .map(|texture| {
            materials.add(ColorMaterial {
                texture: texture.clone(),
                ..default()
            })
        })
        .collect();
    AnimalArt {
        bodies,
        details,
        meshes: animal_meshes,
        mats: animal_mats,
        detail: animal_detail,
    }
}

/// `count` round beads of radius `bead` on a circle of `radius`, as one
/// mesh.
fn beads(count: usize, radius: f32, bead: f32) -> Mesh {
    let one = |i: usize| {
        let at = Vec2::from_angle(i as f32 * std::f32::consts::TAU / count as f32) * radius;
        Circle::new(bead)
            .mesh()
            .resolution(12)
            .build()
            .translated_by(at.extend(0.0))
    };
    let mut mesh = one(0);
    for i in 1..count {
        // The beads are built alike: their attributes always match.
        if mesh.merge(&one(i)).is_err() {
            break;
        }
    }
    mesh
}

fn make_art(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut images: Option<ResMut<Assets<Image>>>,
    fonts: Option<Res<super::Fonts>>,
) {
    let mut texture = |svg: &str, layer: Layer, px: u32| -> Option<Handle<Image>> {
        let images = images.as_mut()?;
        match drawing::render(svg, layer, px) {
            Ok(p) => Some(images.add(drawing::image(&p))),
            Err(e) => {
                error!("a drawing of the game's own did not render: {e}");
                None
            }
        }
    };
    let animal = animal_art(&mut texture, &mut meshes, &mut materials);
    let frog_body = texture(drawing::FROG, Layer::Body, 128);
    let frog_eyes = texture(drawing::FROG, Layer::Detail, 128);
    let lily = texture(drawing::LILY, Layer::Whole, 160);
    let lotus = texture(drawing::LOTUS, Layer::Whole, 64);
    let crown = texture(drawing::CROWN, Layer::Whole, 64);
    let mut drawn = |color: Color, texture: &Option<Handle<Image>>| {
        materials.add(ColorMaterial {
            color,
            texture: texture.clone(),
            ..default()
        })
    };
    let frog_mats = [FROG_GREEN, FROG_RED, FROG_L, FROG_R].map(|c| drawn(c, &frog_body));
    let [green_mat, red_mat, l_mat, r_mat] = frog_mats;
    let frog_eyes_mat = drawn(Color::WHITE, &frog_eyes);
    let tile = texture(drawing::TILE, Layer::Whole, 64);
    let tile_mats = PALETTE.iter().map(|&c| drawn(c, &tile)).collect();
    let lily_mat = drawn(Color::WHITE, &lily);
    let lily_dark_mat = drawn(LILY_DARK, &lily);
    let crown_mat = drawn(Color::WHITE, &crown);
    let lotus_mat = drawn(Color::WHITE, &lotus);
    let reeds_mat = drawn(Color::WHITE, &texture(drawing::REEDS, Layer::Whole, 128));
    let stones_mat = drawn(Color::WHITE, &texture(drawing::STONES, Layer::Whole, 128));
    let eye_line = drawing::FROG_EYE_LINE * FROG_SIZE;
    let or_none = |h: &Option<Handle<Image>>| h.clone().unwrap_or_default();
    let pictures = Pictures {
        lily: or_none(&lily),
        frog: or_none(&frog_body),
        frog_eyes: or_none(&frog_eyes),
        crown: or_none(&crown),
        tile: or_none(&tile),
        star: or_none(&texture(drawing::STAR, Layer::Whole, 64)),
        star_empty: or_none(&texture(drawing::STAR_EMPTY, Layer::Whole, 64)),
        icons: drawing::ICONS
            .iter()
            .map(|(_, svg)| or_none(&texture(svg, Layer::Whole, 48)))
            .collect(),
        animals: animal
            .bodies
            .iter()
            .zip(&animal.details)
            .map(|(b, d)| (or_none(b), or_none(d)))
            .collect(),
    };
    let mut mat = |c: Color| materials.add(c);
    let art = Art {
        lily: meshes.add(Rectangle::new(LILY_SIZE, LILY_SIZE)),
        pad_ring: meshes.add(Annulus::new(34.0, 39.0)),
        frog: meshes.add(Rectangle::new(FROG_SIZE, FROG_SIZE)),
        frog_eyes: meshes.add(
            Mesh::from(Rectangle::new(FROG_SIZE, FROG_SIZE))
                .translated_by(Vec3::new(0.0, -eye_line, 0.0)),
        ),
        frog_eyes_mat,
        crown: meshes.add(Rectangle::new(26.0, 26.0)),
        crown_mat,
        lotus: meshes.add(Rectangle::new(30.0, 30.0)),
        lotus_mat,
        badge: meshes.add(Circle::new(10.0)),
        badge_mat: mat(super::INK),
        badge_rim: meshes.add(Annulus::new(10.0, 11.5)),
        badge_rim_mat: mat(Color::srgba(1.0, 1.0, 1.0, 0.9)),
        badge_font: fonts.map(|f| f.bold.clone()).unwrap_or_default(),
        finish_ring: meshes.add(beads(14, 35.5, 3.6)),
        finish_mat: mat(FINISH),
        drop: meshes.add(Circle::new(3.2)),
        edge: meshes.add(Rectangle::new(EDGE_SIZE, EDGE_SIZE)),
        reeds_mat,
        stones_mat,
        eye: meshes.add(Circle::new(7.0)),
        pupil: meshes.add(Circle::new(3.5)),
        tile: meshes.add(Rectangle::new(1.0, 1.0)),
        slot: meshes.add(Ellipse::new(22.0, 8.0)),
        animals: animal.meshes,
        animal_mats: animal.mats,
        animal_detail: animal.detail,
        splash: meshes.add(Annulus::new(20.0, 26.0)),
        lily_mat,
        lily_dark_mat,
        green_mat,
        red_mat,
        l_mat,
        r_mat,
        eye_mat: mat(EYE),
        pupil_mat: mat(PUPIL),
        highlight_mat: mat(HIGHLIGHT),
        hint_mat: mat(HINT),
        slot_mat: mat(Color::srgba(0.50, 0.42, 0.30, 0.55)),
        stone_mat: mat(Color::srgb(0.47, 0.45, 0.42)),
        floor_mat: mat(Color::srgb(0.23, 0.22, 0.22)),
        iron_mat: mat(Color::srgb(0.62, 0.63, 0.68)),
        shadow_mat: mat(Color::srgba(0.0, 0.05, 0.08, 0.35)),
        meadow_mat: mat(Color::srgb(0.33, 0.58, 0.28)),
        path_mat: mat(Color::srgb(0.72, 0.62, 0.44)),
        grass_mat: mat(Color::srgb(0.24, 0.46, 0.21)),
        tuft: meshes.add(Triangle2d::new(
            Vec2::new(0.0, 9.0),
            Vec2::new(-3.0, 0.0),
            Vec2::new(3.0, 0.0),
        )),
        splash_mat: mat(Color::srgba(0.85, 0.95, 1.0, 0.8)),
        palette: PALETTE.iter().map(|&c| mat(c)).collect(),
        tile_mats,
        pictures,
        slab_mat: mat(Color::srgb(0.07, 0.15, 0.19)),
        region_edge_mat: mat(Color::srgba(1.0, 1.0, 0.92, 0.9)),
        flooded_tile: meshes.add(Rectangle::new(1.07, 1.07)),
    };
    commands.insert_resource(art);
}
