//! The project's SVG drawings (`assets/art/`), embedded in the binary and
//! rendered to textures at start-up with `resvg`.
//!
//! A drawing of something the game tints (an animal) has three groups:
//! `outline` (grown from the silhouette), `fill` (its body in white and
//! greys, which the tint colours) and `detail` (eyes, beaks: never tinted).
//! It is rendered twice: the body without the detail, then the detail alone.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use resvg::{tiny_skia, usvg};

/// An Escape animal's drawing: types `a` to `l`, in the order of the level
/// format's list.
pub struct AnimalDrawing {
    pub name: &'static str,
    pub svg: &'static str,
}

macro_rules! animal {
    ($name:literal) => {
        AnimalDrawing {
            name: $name,
            svg: include_str!(concat!("../../../assets/art/animals/", $name, ".svg")),
        }
    };
}

/// Types `a` to `l`: the classic deal's four first.
pub const ANIMALS: [AnimalDrawing; 12] = [
    animal!("crab"),
    animal!("dinosaur"),
    animal!("dog"),
    animal!("penguin"),
    animal!("cat"),
    animal!("rabbit"),
    animal!("fish"),
    animal!("duck"),
    animal!("turtle"),
    animal!("snail"),
    animal!("mouse"),
    animal!("elephant"),
];

/// The pond's drawings.
pub const FROG: &str = include_str!("../../../assets/art/pond/frog.svg");
pub const LILY: &str = include_str!("../../../assets/art/pond/lily.svg");
pub const LOTUS: &str = include_str!("../../../assets/art/pond/lotus.svg");
pub const CROWN: &str = include_str!("../../../assets/art/pond/crown.svg");
pub const REEDS: &str = include_str!("../../../assets/art/pond/reeds.svg");
pub const STONES: &str = include_str!("../../../assets/art/pond/stones.svg");
/// The solver's buttons: white glyphs on the button's colour.
pub const ICONS: [(&str, &str); 6] = [
    ("play", include_str!("../../../assets/art/icons/play.svg")),
    (
        "search",
        include_str!("../../../assets/art/icons/search.svg"),
    ),
    ("hint", include_str!("../../../assets/art/icons/hint.svg")),
    ("pause", include_str!("../../../assets/art/icons/pause.svg")),
    ("step", include_str!("../../../assets/art/icons/step.svg")),
    ("stop", include_str!("../../../assets/art/icons/stop.svg")),
];

/// A star earned, and one not earned.
pub const STAR: &str = include_str!("../../../assets/art/ui/star.svg");
pub const STAR_EMPTY: &str = include_str!("../../../assets/art/ui/star-empty.svg");
/// Flood's tile.
pub const TILE: &str = include_str!("../../../assets/art/flood/tile.svg");
/// Where the frog's eyes are in its drawing, from its centre, as a share of
/// its side (north up): blinking squashes them onto this line.
pub const FROG_EYE_LINE: f32 = 0.28;

/// Which part of a drawing to render.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layer {
    /// All of it.
    Whole,
    /// The outline and the tinted body, without the detail.
    Body,
    /// The detail alone.
    Detail,
}

/// The drawing's text with the groups `layer` leaves out hidden.
fn only(svg: &str, layer: Layer) -> String {
    let hide = |svg: String, group: &str| {
        svg.replace(
            &format!("<g id=\"{group}\""),
            &format!("<g id=\"{group}\" display=\"none\""),
        )
    };
    let svg = svg.to_string();
    match layer {
        Layer::Whole => svg,
        Layer::Body => hide(svg, "detail"),
        Layer::Detail => hide(hide(svg, "outline"), "fill"),
    }
}

/// Renders a drawing's layer into a square of `size` pixels.
pub fn render(svg: &str, layer: Layer, size: u32) -> Result<tiny_skia::Pixmap, String> {
    let tree = usvg::Tree::from_str(&only(svg, layer), &usvg::Options::default())
        .map_err(|e| e.to_string())?;
    let mut pixmap =
        tiny_skia::Pixmap::new(size, size).ok_or_else(|| format!("no {size}px picture"))?;
    let scale = size as f32 / tree.size().width().max(tree.size().height());
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// A rendered drawing as a texture (straight alpha, as Bevy samples it).
pub fn image(pixmap: &tiny_skia::Pixmap) -> Image {
    let data: Vec<u8> = pixmap
        .pixels()
        .iter()
        .flat_map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect();
    Image::new(
        Extent3d {
            width: pixmap.width(),
            height: pixmap.height(),
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::MAIN_WORLD | RenderAssetUsages::RENDER_WORLD,
    )
}

/// Where a drawing covers the square (alpha over half), row by row.
pub fn silhouette(svg: &str, size: u32) -> Result<Vec<bool>, String> {
    let pixmap = render(svg, Layer::Body, size)?;
    Ok(pixmap.pixels().iter().map(|p| p.alpha() >= 128).collect())
}

/// How much two silhouettes overlap: the pixels both cover over the pixels
/// either covers (1 for the same shape, 0 for shapes that never meet).
pub fn overlap(a: &[bool], b: &[bool]) -> f64 {
    let both = a.iter().zip(b).filter(|(x, y)| **x && **y).count();
    let either = a.iter().zip(b).filter(|(x, y)| **x || **y).count();
    both as f64 / either.max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every two animals have clearly different outlines, so a player tells
    /// them apart by shape alone (colour-blind or not).
    #[test]
    fn every_two_animals_differ_in_silhouette() {
        let shapes: Vec<Vec<bool>> = ANIMALS
            .iter()
            .map(|a| silhouette(a.svg, 48).unwrap())
            .collect();
        let mut worst = (0.0, "", "");
        for i in 0..shapes.len() {
            for j in i + 1..shapes.len() {
                let o = overlap(&shapes[i], &shapes[j]);
                if o > worst.0 {
                    worst = (o, ANIMALS[i].name, ANIMALS[j].name);
                }
            }
        }
        assert!(
            worst.0 < 0.8,
            "{} and {} overlap {:.2} of their silhouettes",
            worst.1,
            worst.2,
            worst.0
        );
        // And the measure itself tells a shape from itself and from nothing.
        assert_eq!(overlap(&shapes[0], &shapes[0]), 1.0);
        assert_eq!(overlap(&shapes[0], &vec![false; shapes[0].len()]), 0.0);
    }

    #[test]
    fn the_pond_drawings_render() {
        for svg in [
            FROG, LILY, LOTUS, CROWN, TILE, STAR, STAR_EMPTY, REEDS, STONES,
        ]
        .into_iter()
        .chain(ICONS.iter().map(|(_, svg)| *svg))
        {
            let p = render(svg, Layer::Whole, 64).unwrap();
            assert!(p.pixels().iter().filter(|p| p.alpha() > 0).count() > 400);
        }
    }

    #[test]
    fn every_drawing_renders_and_covers_part_of_its_square() {
        for a in &ANIMALS {
            for layer in [Layer::Whole, Layer::Body, Layer::Detail] {
                let p = render(a.svg, layer, 64).unwrap();
                let covered = p.pixels().iter().filter(|p| p.alpha() > 0).count();
                assert!(covered > 20, "{} {layer:?} draws nothing", a.name);
                assert!(
                    covered < 64 * 64 * 9 / 10,
                    "{} {layer:?} fills its square",
                    a.name
                );
            }
        }
    }
}
