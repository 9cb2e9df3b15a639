//! Hop and peg solitaire in the game: pads (the finish pad darker), green
//! frogs and the red one; a click picks a frog and a second click (or a
//! drop) names the pad it jumps to. Its board is in `board.rs`; here are its
//! words, its sounds, its how-to cards (the pond's and peg solitaire's), its
//! title pictures and its random levels.

mod board;
mod words;

use super::card::{Card, TITLE_W, dot, frog, image, picture};
use super::{Clickable, Clicked, Dimension, Dot, GamePuzzle, MarkArc, Pieces, Spawned, celebrate};
use crate::game::play::{Change, Request};
use crate::game::theme::{self, Art, Sound, art::Pictures};
use crate::levels::code::{HopCode, LevelCode};
use crate::rules::hop::{Hop, HopMove, Shape};
use crate::rules::{PuzzleMove, Rules};
use bevy::prelude::*;

pub const SQUARE_STEP: f32 = 84.0;
pub const POND_STEP: f32 = 62.0;

/// Where pad `pad` stands, in world units around the origin.
pub fn hop_pos(h: &Hop, pad: u8) -> Vec2 {
    let (r, c) = h.board.pads[pad as usize];
    cell_pos(h, r as f32, c as f32)
}

/// Where the cell at row `r`, column `c` of the board's grid is, whether
/// or not it holds a pad.
fn cell_pos(h: &Hop, r: f32, c: f32) -> Vec2 {
    let rows = h.board.rows as f32;
    let cols = h.board.cols as f32;
    match h.board.shape {
        Shape::Triangle => Vec2::new(
            (c - r / 2.0) * SQUARE_STEP,
            -(r - (rows - 1.0) / 2.0) * SQUARE_STEP * 0.87,
        ),
        Shape::Pond => Vec2::new(
            (c - (cols - 1.0) / 2.0) * POND_STEP,
            -(r - (rows - 1.0) / 2.0) * POND_STEP,
        ),
        Shape::Square => Vec2::new(
            (c - (cols - 1.0) / 2.0) * SQUARE_STEP,
            -(r - (rows - 1.0) / 2.0) * SQUARE_STEP,
        ),
    }
}

pub(super) static POND_CARD: Card = Card {
    bit: 1,
    title: "Hop: only the red frog stays",
    blurb: "Jump frogs off the pond until only the red one is left",
    rule: &[
        "A frog jumps over a neighbouring frog, along a line, onto the empty pad beyond: the frog jumped over leaves the pond.",
        "You win when only the crowned red frog is left (on the gold-beaded pad, when there is one).",
    ],
    controls: "Click a frog, then the ringed pad it should jump to (or drag it, or the arrows and Enter).",
    example: r#"Pack(name: "", levels: [Hop(name: "", board: Square, layout: ["r g o g o"])])"#,
};

pub(super) static PEGS_CARD: Card = Card {
    bit: 2,
    title: "Peg solitaire, with frogs",
    blurb: "Classic boards: jump until one frog is left",
    rule: &[
        "A frog jumps over a neighbouring frog, along a row or a column, onto the empty pad beyond: the frog jumped over leaves.",
        "You win when one frog is left (on the gold-beaded pad, when there is one).",
    ],
    controls: "Click a frog, then the ringed pad it should jump to (or drag it, or the arrows and Enter).",
    example: r#"Pack(name: "", levels: [Hop(name: "", board: Square, layout: ["g g o g"])])"#,
};

/// The pond's random levels: how many frogs. Peg boards have none.
static POND_DIMENSIONS: [Dimension; 1] = [Dimension {
    default: 8,
    lo: 3,
    hi: 12,
    words: |n| format!("{n} frogs"),
}];

impl GamePuzzle for Hop {
    fn spawn(&self, commands: &mut Commands, art: &Art, board: &mut Spawned, _numbered: bool) {
        board::spawn(commands, art, board, self);
        super::pieces::pond_edges(commands, art, board, self.extent());
    }

    fn animate(
        &self,
        before: &Self,
        commands: &mut Commands,
        art: &Art,
        board: &Spawned,
        change: Change,
    ) {
        board::animate(commands, art, board, before, self, change);
    }

    fn extent(&self) -> Vec2 {
        let pts: Vec<Vec2> = (0..self.board.pads.len() as u8)
            .map(|p| hop_pos(self, p))
            .collect();
        let (min, max) = pts.iter().fold(
            (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
            |(a, b), &p| (a.min(p), b.max(p)),
        );
        (max - min).max(Vec2::ZERO) + Vec2::splat(SQUARE_STEP)
    }

    fn hint_rings(&self, m: HopMove) -> Vec<(Vec2, f32)> {
        vec![(hop_pos(self, m.from), 1.0), (hop_pos(self, m.to), 1.0)]
    }

    /// A jump's arc: from the frog to the pad it lands on, its mark near
    /// the pad.
    fn mark_arc(&self, m: HopMove) -> Option<MarkArc> {
        // As far aside as the frogs beside the jump leave room for: a row's
        // step on a square board, less on a triangle's slanted rows. The
        // Pond's pads stand closer than a lily pad's width in its offset
        // rows, so no bow keeps clear of them, and up to eight jumps land
        // on one pad: its arcs bow wide, which keeps their marks apart
        // (drawn straight, the marks of two jumps into one pad overlapped).
        let bow = match self.board.shape {
            Shape::Square => 0.2,
            Shape::Triangle => 0.14,
            Shape::Pond => 0.28,
        };
        let mut arc = MarkArc::near_landing(hop_pos(self, m.from), hop_pos(self, m.to), bow);
        // Into the finish pad, the mark stands back from its ring of beads:
        // the four jumps into the English board's centre at its start hid
        // the goal behind their marks.
        if self.finish == Some(m.to) {
            arc.mark_at = 0.7;
        }
        Some(arc)
    }

    /// The picked frog's pad, and the pads it can jump to (from the rules'
    /// legal moves), fainter.
    fn pick_rings(&self, pad: u32) -> Vec<(Vec2, f32)> {
        let Some(pad) = u8::try_from(pad)
            .ok()
            .filter(|&p| (p as usize) < self.board.pads.len())
        else {
            return Vec::new();
        };
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        std::iter::once((hop_pos(self, pad), 1.0))
            .chain(
                moves
                    .iter()
                    .filter(|m| m.from == pad)
                    .map(|m| (hop_pos(self, m.to), 0.6)),
            )
            .collect()
    }

    /// A click on a frog picks it (again: puts it down); a click on an empty
    /// pad while a frog is picked asks for the jump. With nothing picked, a
    /// click on the pad a hint ringed plays the hinted jump, as a player
    /// expects.
    fn click(
        &self,
        piece: Clickable,
        picked: Option<u32>,
        hinted: Option<HopMove>,
    ) -> Result<Clicked, String> {
        let pad = u8::try_from(piece.0).map_err(|_| "that is no pad".to_string())?;
        let has_frog = self.occupied() >> pad & 1 == 1;
        let picked = picked.and_then(|p| u8::try_from(p).ok());
        match (picked, hinted) {
            (Some(from), _) if from != pad && !has_frog => {
                Ok(Clicked::Ask(Request::Play(PuzzleMove::Hop(HopMove {
                    from,
                    to: pad,
                }))))
            }
            (None, Some(m)) if !has_frog && m.to == pad => {
                Ok(Clicked::Ask(Request::Play(PuzzleMove::Hop(m))))
            }
            (Some(picked), _) if picked == pad => Ok(Clicked::Pick(None)),
            _ if has_frog => {
                let mut moves = Vec::new();
                self.legal_moves(&mut moves);
                if moves.iter().any(|m| m.from == pad) {
                    Ok(Clicked::Pick(Some(pad.into())))
                } else {
                    Err("this frog has no jump: it needs a frog beside it and an empty pad just beyond".into())
                }
            }
            _ => Err("that pad is empty; click a frog first, then the pad it jumps to".into()),
        }
    }

    fn edit_spots(&self) -> Vec<((usize, usize), Vec2)> {
        let (rows, cols) = (self.board.rows as usize, self.board.cols as usize);
        (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .filter(|&(r, c)| match self.board.shape {
                Shape::Square => true,
                Shape::Triangle => c <= r,
                Shape::Pond => self.board.pad_at(r as u8, c as u8).is_some(),
            })
            .map(|(r, c)| ((r, c), cell_pos(self, r as f32, c as f32)))
            .collect()
    }

    fn bare_spots(&self) -> Vec<Vec2> {
        self.edit_spots()
            .into_iter()
            .filter(|&((r, c), _)| self.board.pad_at(r as u8, c as u8).is_none())
            .map(|(_, at)| at)
            .collect()
    }

    fn tap_reach(&self) -> f32 {
        36.0
    }

    fn dragged(&self) -> bool {
        true
    }

    fn mover(&self, m: HopMove) -> Option<(Clickable, bool)> {
        Some((Clickable(m.from as u32), true))
    }

    fn cursor_ring(&self) -> f32 {
        1.05
    }

    fn celebrate(&self, commands: &mut Commands, pieces: &Pieces) {
        celebrate::leap(commands, &pieces.frogs, (7, 0.06), 46.0);
    }

    /// A frog falls in only on a jump forward.
    fn sounds(&self, change: Change) -> &'static [Sound] {
        match change {
            Change::Restarted => &[],
            Change::Played(_) | Change::Redone(_) => &[Sound::Hop, Sound::Splash],
            Change::Undone(_) => &[Sound::Hop],
        }
    }

    fn controls(&self) -> &'static str {
        "Click a frog, then its pad; or the arrows and Enter."
    }

    fn picked_words(&self) -> &'static str {
        "Frog picked: click a ringed pad to jump there, or the frog again to put it down."
    }

    /// How many frogs are left: one is the goal.
    fn goal_words(&self, _numbered: bool) -> String {
        match self.frogs() {
            1 => "   1 frog left".to_string(),
            n => format!("   {n} frogs left"),
        }
    }

    fn refusal(&self, m: HopMove, why: &str) -> String {
        let taken = |pad: u8| self.occupied() >> pad & 1 == 1;
        match self.board.line(m.from, m.to) {
            _ if taken(m.to) => "a frog lands only on an empty pad".into(),
            None => {
                "a frog jumps in a straight line, over one frog, to the pad just beyond it".into()
            }
            Some(line) if self.red == Some(line.over) => "the red frog may never be jumped".into(),
            Some(line) if !taken(line.over) => {
                "a frog jumps only over another frog, and the pad between is empty".into()
            }
            Some(_) => why.to_string(),
        }
    }

    fn short(m: HopMove) -> String {
        format!("{}-{}", m.from, m.to)
    }

    fn step_words(&self, m: HopMove) -> String {
        words::step_words(self, m)
    }

    fn describe(&self, _: HopMove, _: bool) -> String {
        "jump the ringed frog to the ringed pad (or click that pad)".into()
    }

    fn card(&self) -> &'static Card {
        if self.board.shape == Shape::Pond {
            &POND_CARD
        } else {
            &PEGS_CARD
        }
    }

    fn stage_height(&self) -> f32 {
        96.0
    }

    fn draw_example(
        &self,
        stage: &mut ChildSpawnerCommands,
        art: &Art,
        was: Option<&Self>,
        _colour_blind: bool,
    ) {
        let pics = &art.pictures;
        let n = self.board.pads.len();
        let x0 = 180.0 - (n as f32 - 1.0) / 2.0 * 66.0;
        for pad in 0..n as u8 {
            let at = Vec2::new(x0 + pad as f32 * 66.0, 48.0);
            picture(
                stage,
                &pics.lily,
                at,
                70.0,
                Color::WHITE,
                pad as f32 * 2.1,
                false,
            );
            let tint = if self.red == Some(pad) {
                theme::FROG_RED
            } else if self.green >> pad & 1 == 1 {
                theme::FROG_GREEN
            } else {
                continue;
            };
            let changed = was.is_some_and(|b| b.occupied() >> pad & 1 == 0);
            frog(stage, pics, at, tint, 0.0, changed);
            if self.red == Some(pad) {
                picture(
                    stage,
                    &pics.crown,
                    at + Vec2::new(0.0, 2.0),
                    24.0,
                    Color::WHITE,
                    0.0,
                    changed,
                );
            }
        }
    }

    /// The pond with its red frog, or the English cross of pegs.
    fn sketch(&self) -> Vec<Dot> {
        let pads = &self.board.pads;
        let rows = pads.iter().map(|p| p.0).max().unwrap_or(0) as f32 + 1.0;
        let cols = pads.iter().map(|p| p.1).max().unwrap_or(0) as f32 + 1.0;
        let side = rows.max(cols);
        let mut dots = Vec::new();
        for (i, &(r, c)) in pads.iter().enumerate() {
            let at = Vec2::new(
                (c as f32 + 0.5 + (side - cols) / 2.0) / side,
                (r as f32 + 0.5 + (side - rows) / 2.0) / side,
            );
            dots.push(Dot {
                at,
                size: 0.85 / side,
                colour: theme::LILY.darker(0.12),
                round: true,
                kind: None,
            });
            let colour = if self.red == Some(i as u8) {
                theme::FROG_RED
            } else if self.green >> i & 1 == 1 {
                theme::FROG_GREEN.lighter(0.1)
            } else {
                continue;
            };
            dots.push(Dot {
                at,
                size: 0.55 / side,
                colour,
                round: true,
                kind: None,
            });
        }
        dots
    }

    fn title_picture(&self, pic: &mut ChildSpawnerCommands, pics: &Pictures) {
        if self.board.shape != Shape::Pond {
            for r in 0..7 {
                for c in 0..7 {
                    if !(2..=4).contains(&r) && !(2..=4).contains(&c) {
                        continue;
                    }
                    let at =
                        Vec2::new(TITLE_W / 2.0 + (c as f32 - 3.0) * 7.6, 5.0 + r as f32 * 7.6);
                    let filled = !(r == 3 && c == 3);
                    let colour = if filled {
                        theme::FROG_GREEN
                    } else {
                        theme::LILY
                    };
                    pic.spawn(dot(at, 6.0, colour, true));
                }
            }
            return;
        }
        let rows: [&[f32]; 5] = [
            &[0.0, 2.0, 4.0],
            &[1.0, 3.0],
            &[0.0, 2.0, 4.0],
            &[1.0, 3.0],
            &[0.0, 2.0, 4.0],
        ];
        for (r, cols) in rows.iter().enumerate() {
            for &c in *cols {
                let at = Vec2::new(TITLE_W / 2.0 + (c - 2.0) * 11.0, 6.0 + r as f32 * 11.0);
                pic.spawn(image(&pics.lily, at, 12.0, Color::WHITE, c + r as f32));
                if (r + c as usize).is_multiple_of(3) {
                    pic.spawn(image(&pics.frog, at, 11.0, theme::FROG_GREEN, 0.0));
                }
            }
        }
        let centre = Vec2::new(TITLE_W / 2.0, 6.0 + 2.0 * 11.0);
        pic.spawn(image(&pics.frog, centre, 11.0, theme::FROG_RED, 0.0));
    }

    fn dimensions(&self) -> &'static [Dimension] {
        if self.board.shape == Shape::Pond {
            &POND_DIMENSIONS
        } else {
            &[]
        }
    }

    fn random_code(&self, dims: &[u16], d: u8, seed: u64) -> Option<LevelCode> {
        if self.board.shape != Shape::Pond {
            return None;
        }
        Some(LevelCode::random(HopCode {
            frogs: *dims.first()? as u8,
            difficulty: d,
            seed,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::levels::{SHIPPED, parse_pack};
    use crate::rules::Puzzle;

    /// On every shipped pond and peg board, the arrows reach every pad from
    /// every pad (a pond's offset rows and a triangle's every row too).
    #[test]
    fn the_arrows_reach_every_pad_from_every_pad() {
        let mut boards = 0;
        for (file, text) in SHIPPED {
            let pack = parse_pack(file, text).expect("shipped");
            for level in &pack.levels {
                let Puzzle::Hop(h) = &level.puzzle else {
                    continue;
                };
                let spots: Vec<Vec2> = (0..h.board.pads.len() as u8)
                    .map(|p| hop_pos(h, p))
                    .collect();
                let stuck = crate::game::keys::unreachable(&spots);
                assert!(
                    stuck.is_empty(),
                    "{file} {}: from pads {stuck:?} some pads cannot be reached",
                    level.name
                );
                boards += 1;
            }
        }
        assert!(boards > 40, "{boards} boards");
    }
}
