//! Flood in the game: a grid of coloured tiles; a click on a tile (or a
//! palette button, or a digit) floods the corner's region with that colour.
//! Its board is in `board.rs`; here are its words, its sounds, its palette
//! and keys, its how-to card, its title picture and its random levels.

mod board;
mod picture;

pub use board::Flooded;
pub(super) use board::Tiles;
pub use picture::{TilePicture, TilesMaterial, drawing};

/// A move's wave, drawn as two meshes that grow as it goes; the tiles at
/// rest, drawn as one picture, and the region's line, one mesh (their
/// material and mesh made before Bevy bounds and culls them, in the frame
/// they come).
pub(super) fn plugin(app: &mut App) {
    use bevy::camera::visibility::VisibilitySystems;
    app.add_systems(Update, (board::shape_waves, board::grow_waves).chain())
        .add_systems(
            PostUpdate,
            (picture::paint, picture::show_tiles, board::shape_edges)
                .before(VisibilitySystems::CalculateBounds)
                .before(VisibilitySystems::VisibilityPropagate),
        );
}

use super::card::{Card, square};
use super::{Clickable, Clicked, Dimension, Dot, GamePuzzle, Pieces, Spawned, celebrate};
use crate::game::play::{Change, Request};
use crate::game::theme::{self, Art, Sound, art::Pictures};
use crate::levels::code::{FloodCode, LevelCode};
use crate::rules::flood::{Flood, FloodMove};
use crate::rules::{PuzzleMove, Rules};
use bevy::prelude::*;

pub const FLOOD_TILE: f32 = 34.0;

/// Where tile `i` stands, in world units around the origin.
pub fn flood_pos(f: &Flood, i: usize) -> Vec2 {
    let (w, h) = (f.width as usize, f.height as usize);
    let (x, y) = (i % w, i / w);
    Vec2::new(
        (x as f32 - (w as f32 - 1.0) / 2.0) * FLOOD_TILE,
        -(y as f32 - (h as f32 - 1.0) / 2.0) * FLOOD_TILE,
    )
}

pub(super) static CARD: Card = Card {
    bit: 3,
    title: "Flood: one colour",
    blurb: "Flood the grid to one colour from the corner",
    rule: &[
        "The outlined region in the top-left corner takes the colour you pick, and with it every touching tile of that colour.",
        "You win when the whole board is one colour, within the moves the level allows.",
    ],
    controls: "Click a tile or a colour button, or press its number.",
    example: r#"Pack(name: "", levels: [Flood(name: "", cells: ["011", "021", "221"])])"#,
};

static DIMENSIONS: [Dimension; 2] = [
    Dimension {
        default: 14,
        lo: 4,
        hi: 30,
        words: |n| format!("Board {n}x{n}"),
    },
    Dimension {
        default: 6,
        lo: 3,
        hi: 9,
        words: |n| format!("{n} colours"),
    },
];

impl GamePuzzle for Flood {
    fn spawn(&self, commands: &mut Commands, art: &Art, board: &mut Spawned, numbered: bool) {
        board::spawn(commands, art, board, self, numbered);
    }

    fn animate(
        &self,
        before: &Self,
        commands: &mut Commands,
        art: &Art,
        board: &Spawned,
        _: Change,
    ) {
        board::animate(commands, art, board, before, self);
    }

    fn refresh(
        &self,
        before: &Self,
        commands: &mut Commands,
        art: &Art,
        board: &mut Spawned,
        numbered: bool,
        pieces: &mut super::Refresh,
    ) -> bool {
        board::refresh(
            commands,
            art,
            board,
            (before, self),
            numbered,
            &mut pieces.flood,
        )
    }

    fn extent(&self) -> Vec2 {
        Vec2::new(self.width as f32, self.height as f32) * FLOOD_TILE
    }

    /// The move map marks the colour buttons, not the tiles.
    fn mark_spot(&self, _: FloodMove) -> Option<Vec2> {
        None
    }

    /// A colour whose every tile the move floods: none is left to reach.
    fn takes_the_last(&self, m: FloodMove) -> Option<&'static str> {
        let mut after = self.clone();
        if !self.cells.contains(&m.colour) || after.apply(m).is_err() {
            return None;
        }
        let painted = after.cells.iter().filter(|&&c| c == m.colour).count();
        (painted == after.region().len()).then_some("clears that colour")
    }

    /// Small rings on the cells the move would join to the flooded region.
    fn hint_rings(&self, m: FloodMove) -> Vec<(Vec2, f32)> {
        let before: std::collections::HashSet<u32> = self.region().into_iter().collect();
        let mut after = self.clone();
        if after.apply(m).is_err() {
            return Vec::new();
        }
        after
            .region()
            .into_iter()
            .filter(|i| !before.contains(i))
            .map(|i| (flood_pos(self, i as usize), 0.35))
            .collect()
    }

    /// A tile's click floods with its colour.
    fn click(
        &self,
        piece: Clickable,
        _: Option<u32>,
        _: Option<FloodMove>,
    ) -> Result<Clicked, String> {
        let colour = u8::try_from(piece.0).map_err(|_| "that is no colour".to_string())?;
        Ok(Clicked::Ask(Request::Play(PuzzleMove::Flood(FloodMove {
            colour,
        }))))
    }

    fn edit_spots(&self) -> Vec<((usize, usize), Vec2)> {
        let w = self.width as usize;
        (0..self.cells.len())
            .map(|i| ((i / w, i % w), flood_pos(self, i)))
            .collect()
    }

    fn tap_reach(&self) -> f32 {
        FLOOD_TILE / 2.0
    }

    fn mover(&self, _: FloodMove) -> Option<(Clickable, bool)> {
        None
    }

    fn cursor_ring(&self) -> f32 {
        0.45
    }

    /// The wave runs from the top-left corner, where the flood began.
    fn celebrate(&self, commands: &mut Commands, pieces: &Pieces) {
        celebrate::wave(commands, &pieces.tiles);
    }

    fn sounds(&self, change: Change) -> &'static [Sound] {
        match change {
            Change::Restarted => &[],
            Change::Played(_) | Change::Undone(_) | Change::Redone(_) => &[Sound::Flood],
        }
    }

    fn controls(&self) -> &'static str {
        "Click a tile or a colour, or press its number."
    }

    /// The move limit, after the move count.
    fn goal_words(&self, _numbered: bool) -> String {
        self.limit.map(|l| format!(" of {l}")).unwrap_or_default()
    }

    /// Colours as the buttons, the keys and the level files number them,
    /// from 0 (the rules' refusals do too).
    fn short(m: FloodMove) -> String {
        format!("colour {}", m.colour)
    }

    /// The colour poured, by its name (the same in colour-blind mode for
    /// the six colours of most levels).
    fn step_words(&self, m: FloodMove) -> String {
        match crate::game::theme::NAMES.get(m.colour as usize) {
            Some(name) => format!("pour {name}"),
            None => Self::short(m),
        }
    }

    /// The colour to pour by its name; in colour-blind mode, with the
    /// number its button carries.
    fn describe(&self, m: FloodMove, numbered: bool) -> String {
        let names = if numbered {
            &crate::game::theme::NAMES_CVD
        } else {
            &crate::game::theme::NAMES
        };
        match names.get(m.colour as usize) {
            Some(name) if numbered => format!("pour {name} ({})", m.colour),
            Some(name) => format!("pour {name}"),
            None => format!("pour colour {}", m.colour),
        }
    }

    /// A button for each colour of the level, numbered as the files number
    /// the colours (from 0).
    fn buttons(&self) -> Vec<(u8, u8, FloodMove)> {
        (0..self.colours)
            .map(|colour| (colour, colour, FloodMove { colour }))
            .collect()
    }

    /// The key of a colour's digit floods with it: 0 with colour 0, as the
    /// button and the file say.
    fn digit(&self, index: u8) -> Option<FloodMove> {
        let colour = (index + 1) % 10;
        (colour < self.colours).then_some(FloodMove { colour })
    }

    fn card(&self) -> &'static Card {
        &CARD
    }

    fn stage_height(&self) -> f32 {
        150.0
    }

    fn draw_example(
        &self,
        stage: &mut ChildSpawnerCommands,
        art: &Art,
        was: Option<&Self>,
        colour_blind: bool,
    ) {
        let pics = &art.pictures;
        let palette = theme::palette(colour_blind);
        let region = self.region();
        let (w, h) = (self.width as usize, self.height as usize);
        let tile = 40.0;
        let x0 = 180.0 - (w as f32 - 1.0) / 2.0 * tile;
        let y0 = 75.0 - (h as f32 - 1.0) / 2.0 * tile;
        for (i, &c) in self.cells.iter().enumerate() {
            let at = Vec2::new(x0 + (i % w) as f32 * tile, y0 + (i / w) as f32 * tile);
            let colour = palette[c as usize % palette.len()];
            let changed = was.is_some_and(|b| b.cells[i] != c);
            if region.contains(&(i as u32)) {
                let mut e = stage.spawn((square(at, tile), BackgroundColor(colour)));
                if changed {
                    e.insert(super::card::pop());
                }
            } else {
                super::card::picture(stage, &pics.tile, at, tile - 2.0, colour, 0.0, changed);
            }
            // Colour-blind mode numbers the card's tiles as the board's.
            if colour_blind {
                let ink = theme::ink_on(colour);
                stage.spawn((
                    Node {
                        justify_content: JustifyContent::Center,
                        align_items: AlignItems::Center,
                        ..square(at, tile)
                    },
                    children![theme::text(format!("{c}"), 20.0, ink)],
                ));
            }
        }
    }

    /// The corner's colour spreading into a random-looking grid.
    fn sketch(&self) -> Vec<Dot> {
        let (w, h) = (self.width as usize, self.height as usize);
        let side = w.max(h).max(1) as f32;
        // A big board is sampled: at most 32 cells a side.
        let step = w.max(h).div_ceil(32).max(1);
        let mut dots = Vec::new();
        for y in (0..h).step_by(step) {
            for x in (0..w).step_by(step) {
                let c = self.cells.get(y * w + x).copied().unwrap_or(0) as usize;
                dots.push(Dot {
                    at: Vec2::new(
                        (x as f32 + step as f32 / 2.0) / side,
                        (y as f32 + step as f32 / 2.0) / side,
                    ),
                    size: step as f32 / side,
                    colour: theme::PALETTE[c % theme::PALETTE.len()],
                    round: false,
                    kind: None,
                });
            }
        }
        dots
    }

    fn title_picture(&self, pic: &mut ChildSpawnerCommands, _: &Pictures) {
        // Eleven tiles by five, centred with a margin in the picture's
        // frame (twelve by six touched its edges).
        for r in 0..5 {
            for c in 0..11 {
                let flooded = r + c < 5 && (r * 7 + c * 3) % 5 != 4;
                let k = if flooded {
                    1
                } else {
                    (r * 5 + c * 7 + r * c) % 6
                };
                let at = Vec2::new(10.0 + c as f32 * 9.2, 9.6 + r as f32 * 9.2);
                pic.spawn(super::card::dot(at, 8.0, theme::PALETTE[k], false));
            }
        }
    }

    fn dimensions(&self) -> &'static [Dimension] {
        &DIMENSIONS
    }

    fn random_code(&self, dims: &[u16], d: u8, seed: u64) -> Option<LevelCode> {
        let (&size, &colours) = (dims.first()?, dims.get(1)?);
        Some(LevelCode::random(FloodCode {
            width: size,
            height: size,
            colours: colours as u8,
            difficulty: d,
            seed,
        }))
    }
}
