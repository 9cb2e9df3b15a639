//! Swap in the game: a row of lily pads, yellow frogs facing right and blue
//! frogs facing left. Its board is in `board.rs`; here are its words, its
//! sounds, its how-to card, its title picture and its random levels.

mod board;

use super::card::{Card, TITLE_H, frog, image, picture};
use super::{Clickable, Clicked, Dimension, Dot, GamePuzzle, MarkArc, Pieces, Spawned, celebrate};
use crate::game::play::{Change, Request};
use crate::game::theme::{self, Art, Sound, art::Pictures};
use crate::levels::code::{LevelCode, SwapCode};
use crate::rules::PuzzleMove;
use crate::rules::swap::{Cell, Swap, SwapMove};
use bevy::prelude::*;

/// A frog's place among the frogs of its colour, from the front, in words
/// (no digits in the player's view).
const PLACES: [&str; 12] = [
    "front", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
    "eleventh", "twelfth",
];

pub const SWAP_STEP: f32 = 84.0;
/// The reeds and stones stand above the row and below its goal, not at its
/// ends: a row fits the window by its width, and room at its ends would
/// make every pad smaller (a new row of 7 in the editor at 800x600 had its
/// pads a third smaller). Their centres' height from the row's middle.
const SCENERY_Y: f32 = 78.0;
const SCENERY_BELOW: f32 = -131.0;
/// Half the height of the row with its goal and scenery (the extent is
/// kept centred, so the deeper side counts on both).
const HALF_HEIGHT: f32 = 161.0;
/// Half the height of the row and its goal with the goal's word, without
/// the scenery.
const WON_HALF_HEIGHT: f32 = 116.0;
/// How far in from the row's ends the scenery stands, and the least half
/// width of the board (a row of one or two pads keeps its scenery apart).
const SCENERY_IN: f32 = 34.0;
const LEAST_HALF_WIDTH: f32 = 100.0;

/// The most pads on one line. A longer row is folded into lines of (about)
/// equal length, read as lines of text are: each from left to right, the
/// next under it, so that "right" is still the yellow frogs' way. A row of
/// 85 pads (the most a file may hold) on one line had pads 14 pixels apart
/// at 1280x720; folded into four lines, 37.
const LINE_PADS: usize = 24;
/// From one line's row to the next one's: the row, its goal with its word
/// under it, and water between.
const LINE_STEP: f32 = 210.0;
/// Room at a folded line's ends for the trail of small pads that says the
/// row goes on (after a line's last pad, before the next line's first).
const TRAIL: f32 = 70.0;

/// How many lines a row of `n` pads is drawn on, and how many pads each
/// holds (the last may hold fewer).
pub(super) fn swap_lines(n: usize) -> (usize, usize) {
    let lines = n.div_ceil(LINE_PADS).max(1);
    (lines, n.div_ceil(lines).max(1))
}

/// The height of line `line`'s row (of `lines`), around the origin.
pub(super) fn line_y(line: usize, lines: usize) -> f32 {
    ((lines as f32 - 1.0) / 2.0 - line as f32) * LINE_STEP
}

/// The pad at the end of pad `i`'s line (of a row of `n`): its last with
/// `right`, else its first.
pub(super) fn line_end(i: usize, n: usize, right: bool) -> usize {
    let (_, per) = swap_lines(n);
    let first = i / per * per;
    if right {
        (first + per).min(n) - 1
    } else {
        first
    }
}

/// Where pad `i` of a row of `n` stands, in world units around the origin.
pub fn swap_pos(i: usize, n: usize) -> Vec2 {
    let (lines, per) = swap_lines(n);
    let on_line = per.min(n);
    let (line, col) = (i / per, i % per);
    Vec2::new(
        (col as f32 - (on_line as f32 - 1.0) / 2.0) * SWAP_STEP,
        line_y(line, lines),
    )
}

/// Where a move's frog stands and the pad it lands on (the pad the move
/// fills, by the rules).
fn move_ends(s: &Swap, m: SwapMove) -> Option<(Vec2, Vec2)> {
    use crate::rules::Rules;
    let mut after = s.clone();
    after.apply(m).ok()?;
    let n = s.cells.len();
    let to = (0..n).find(|&i| s.cells[i] == Cell::Empty && after.cells[i] != Cell::Empty)?;
    Some((swap_pos(m.from as usize, n), swap_pos(to, n)))
}

pub(super) static CARD: Card = Card {
    bit: 0,
    title: "Swap: the frogs change sides",
    blurb: "Frogs facing each other change sides",
    rule: &[
        "Yellow frogs only move right, blue frogs only left.",
        "A frog steps onto the empty pad beside it, or jumps over one frog of the other colour onto the empty pad beyond.",
        "You win when all the yellow frogs sit on the right and all the blue ones on the left.",
    ],
    controls: "Click a frog to move it (or the arrows and Enter).",
    example: r#"Pack(name: "", levels: [Swap(name: "", row: "LL_R")])"#,
};

static DIMENSIONS: [Dimension; 1] = [Dimension {
    default: 3,
    lo: 1,
    hi: 10,
    words: |n| match n {
        1 => "About 1 frog a side".into(),
        _ => format!("About {n} frogs a side"),
    },
}];

impl GamePuzzle for Swap {
    fn spawn(&self, commands: &mut Commands, art: &Art, board: &mut Spawned, _numbered: bool) {
        board::spawn(commands, art, board, self);
        // Reeds at two corners, stones at a third; the fourth (below the
        // goal's left end) is the word "Goal"'s.
        let x = self.extent().x / 2.0 - SCENERY_IN;
        let (lines, _) = swap_lines(self.cells.len());
        let (top, bottom) = (line_y(0, lines), line_y(lines - 1, lines));
        for (at, reeds, flip) in [
            (Vec2::new(-x, top + SCENERY_Y), true, true),
            (Vec2::new(x, top + SCENERY_Y - 4.0), false, false),
            (Vec2::new(x, bottom + SCENERY_BELOW), true, false),
        ] {
            super::pieces::scenery(commands, art, board, at, reeds, flip);
        }
    }

    fn animate(
        &self,
        before: &Self,
        commands: &mut Commands,
        _: &Art,
        board: &Spawned,
        change: Change,
    ) {
        board::animate(commands, board, before, self, change);
    }

    /// The row (its lines, each with its goal under it, the first goal's
    /// word below its left end), and the scenery above and below them.
    fn extent(&self) -> Vec2 {
        let (lines, per) = swap_lines(self.cells.len());
        let row = per.min(self.cells.len()) as f32 * SWAP_STEP;
        let trails = if lines > 1 { 2.0 * TRAIL } else { 0.0 };
        let folds = (lines - 1) as f32 * LINE_STEP;
        Vec2::new(
            (row + trails).max(2.0 * LEAST_HALF_WIDTH),
            2.0 * HALF_HEIGHT + folds,
        )
    }

    /// Above a won level's banner, the row and its goal: the scenery may
    /// hide under it (a row of 7 stood a third smaller with it).
    fn won_extent(&self) -> Vec2 {
        let e = self.extent();
        Vec2::new(e.x, e.y - 2.0 * (HALF_HEIGHT - WON_HALF_HEIGHT))
    }

    fn hint_rings(&self, m: SwapMove) -> Vec<(Vec2, f32)> {
        vec![(swap_pos(m.from as usize, self.cells.len()), 1.0)]
    }

    /// A row of few pads is drawn large: the marks stay near the size of
    /// the other puzzles' on the screen (a long row's, drawn small, grow to
    /// the least size the move map keeps legible).
    fn mark_size(&self) -> f32 {
        1.3
    }

    /// A step's or a jump's arc: from the frog to the pad it lands on (the
    /// pad the move fills, by the rules).
    fn mark_arc(&self, m: SwapMove) -> Option<MarkArc> {
        let (from, to) = move_ends(self, m)?;
        // A move across a folded row's lines has its mark beside its frog,
        // the way it goes (an arc would cross the board).
        (from.y == to.y).then_some(MarkArc::bowed(from, to))
    }

    /// Beside the frog, the way it goes, for a move across a folded row's
    /// lines (over the frog it hid its face); on the frog otherwise.
    fn mark_spot(&self, m: SwapMove) -> Option<Vec2> {
        let (from, to) = move_ends(self, m)?;
        let way = if self.cells.get(m.from as usize) == Some(&Cell::L) {
            1.0
        } else {
            -1.0
        };
        Some(if from.y == to.y {
            from
        } else {
            from + Vec2::new(way * SWAP_STEP * 0.62, 0.0)
        })
    }

    fn click(
        &self,
        piece: Clickable,
        _: Option<u32>,
        _: Option<SwapMove>,
    ) -> Result<Clicked, String> {
        match self.cells.get(piece.0 as usize) {
            Some(Cell::L | Cell::R) => {
                Ok(Clicked::Ask(Request::Play(PuzzleMove::Swap(SwapMove {
                    from: piece.0,
                }))))
            }
            _ => Err("that pad is empty; click a frog to move it".into()),
        }
    }

    fn edit_spots(&self) -> Vec<((usize, usize), Vec2)> {
        // The row, then the goal under it (row 1: a drawn goal).
        let n = self.cells.len();
        let row = (0..n).map(|i| ((0, i), swap_pos(i, n)));
        let goal = (0..n).map(|i| ((1, i), board::goal_pos(i, n)));
        row.chain(goal).collect()
    }

    fn tap_reach(&self) -> f32 {
        36.0
    }

    /// The goal's cells (row 1) are small, on a thin band.
    fn edit_spot_scale(&self, (row, _): (usize, usize)) -> f32 {
        if row == 1 { 0.5 } else { 1.0 }
    }

    fn mover(&self, m: SwapMove) -> Option<(Clickable, bool)> {
        Some((Clickable(m.from), true))
    }

    fn cursor_ring(&self) -> f32 {
        1.05
    }

    fn celebrate(&self, commands: &mut Commands, pieces: &Pieces) {
        celebrate::leap(commands, &pieces.frogs, (7, 0.06), 46.0);
    }

    fn sounds(&self, change: Change) -> &'static [Sound] {
        match change {
            Change::Restarted => &[],
            Change::Played(_) | Change::Undone(_) | Change::Redone(_) => &[Sound::Hop],
        }
    }

    fn controls(&self) -> &'static str {
        "Click a frog, or the arrows and Enter."
    }

    /// The board's colours, and no pad numbers (the pads carry none).
    fn refusal(&self, m: SwapMove, why: &str) -> String {
        let (colour, way, other) = match self.cells.get(m.from as usize) {
            Some(Cell::L) => ("yellow", "right", "blue"),
            Some(Cell::R) => ("blue", "left", "yellow"),
            _ => return why.to_string(),
        };
        let over = if self.jump_own {
            "one frog".to_string()
        } else {
            format!("one {other} frog")
        };
        format!(
            "a {colour} frog only moves {way}: one step onto an empty pad, or a jump over {over}"
        )
    }

    fn short(m: SwapMove) -> String {
        format!("pad {}", m.from)
    }

    /// Which frog, by its place among the frogs of its colour counted from
    /// the front (the way they go: yellow right, blue left), and whether
    /// it steps or jumps: "front yellow steps", "second blue jumps" ("blue
    /// jumps" left the player to find which of four).
    fn step_words(&self, m: SwapMove) -> String {
        let from = m.from as usize;
        let (who, ahead) = match self.cells.get(from) {
            Some(Cell::L) => ("yellow", self.cells.get(from + 1..).unwrap_or_default()),
            _ => ("blue", self.cells.get(..from).unwrap_or_default()),
        };
        let own = self.cells.get(from).copied();
        let place = ahead.iter().filter(|c| Some(**c) == own).count();
        // A step lands on the pad beside; a jump two pads on.
        let beside = |i: usize| self.cells.get(i) == Some(&Cell::Empty);
        let step = beside(from + 1) || from.checked_sub(1).is_some_and(beside);
        let way = if step { "steps" } else { "jumps" };
        match PLACES.get(place) {
            Some(place) => format!("{place} {who} {way}"),
            None => format!("{who} {way}"),
        }
    }

    fn describe(&self, m: SwapMove, _: bool) -> String {
        match self.cells.get(m.from as usize) {
            Some(Cell::L) => "move the ringed yellow frog".into(),
            _ => "move the ringed blue frog".into(),
        }
    }

    fn card(&self) -> &'static Card {
        &CARD
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
        let x0 = 180.0 - (self.cells.len() as f32 - 1.0) / 2.0 * 76.0;
        for (i, &cell) in self.cells.iter().enumerate() {
            let at = Vec2::new(x0 + i as f32 * 76.0, 48.0);
            picture(stage, &pics.lily, at, 74.0, Color::WHITE, i as f32, false);
            let (tint, angle) = match cell {
                // A UI node turns clockwise: east is a quarter turn.
                Cell::L => (theme::FROG_L, std::f32::consts::FRAC_PI_2),
                Cell::R => (theme::FROG_R, -std::f32::consts::FRAC_PI_2),
                Cell::Empty => continue,
            };
            let changed = was.is_some_and(|b| b.cells[i] != cell);
            frog(stage, pics, at, tint, angle, changed);
        }
    }

    /// A row of frogs facing each other.
    fn sketch(&self) -> Vec<Dot> {
        let n = self.cells.len().max(1) as f32;
        // A long row is sampled.
        let step = self.cells.len().div_ceil(super::SKETCH_DOTS / 2).max(1);
        let mut dots = Vec::new();
        for (i, cell) in self.cells.iter().enumerate().step_by(step) {
            let at = Vec2::new((i as f32 + 0.5) / n, 0.5);
            let size = 0.9 * step as f32 / n;
            dots.push(Dot {
                at,
                size,
                colour: theme::LILY,
                round: true,
                kind: None,
            });
            let colour = match cell {
                Cell::L => theme::FROG_L,
                Cell::R => theme::FROG_R,
                Cell::Empty => continue,
            };
            dots.push(Dot {
                at,
                size: size * 0.6,
                colour,
                round: true,
                kind: None,
            });
        }
        dots
    }

    fn title_picture(&self, pic: &mut ChildSpawnerCommands, pics: &Pictures) {
        for i in 0..7 {
            let at = Vec2::new(10.0 + i as f32 * 15.3, TITLE_H / 2.0);
            pic.spawn(image(&pics.lily, at, 17.0, Color::WHITE, i as f32));
            // A UI node turns clockwise: east is a quarter turn.
            let frog = match i {
                0..=2 => Some((theme::FROG_L, std::f32::consts::FRAC_PI_2)),
                4..=6 => Some((theme::FROG_R, -std::f32::consts::FRAC_PI_2)),
                _ => None,
            };
            if let Some((c, turn)) = frog {
                pic.spawn(image(&pics.frog, at, 15.0, c, turn));
            }
        }
    }

    fn dimensions(&self) -> &'static [Dimension] {
        &DIMENSIONS
    }

    /// Each side a frog more or not, by the seed; harder levels have a frog
    /// more on the right and fewer empty pads to turn in.
    fn random_code(&self, dims: &[u16], d: u8, seed: u64) -> Option<LevelCode> {
        let frogs = *dims.first()? as u8;
        Some(LevelCode::random(SwapCode {
            left: frogs + (seed % 2) as u8,
            right: frogs + (seed / 2 % 2) as u8 + u8::from(d >= 4),
            gaps: [3, 2, 2, 1, 1][(d.clamp(1, 5) - 1) as usize],
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::rules::swap::parse_row;

    /// Each legal move of a row in words: which frog by its place among its
    /// colour's, no two alike, no digits.
    fn words(row: &str) -> Vec<String> {
        let s = Swap::new(parse_row(row).expect("a row"), false);
        let mut legal = Vec::new();
        s.legal_moves(&mut legal);
        legal.into_iter().map(|m| s.step_words(m)).collect()
    }

    #[test]
    fn a_move_in_words_says_which_frog() {
        assert_eq!(words("LLL_RRR"), ["front yellow steps", "front blue steps"]);
        assert_eq!(
            words("LL_LRRR"),
            ["second yellow steps", "front blue jumps"]
        );
        assert_eq!(
            words("LRL_RLR"),
            ["second yellow steps", "second blue steps"]
        );
        for row in ["LL__RR", "LLL__RRR", "LRL_RLR", "LLLLLLL_RRRRRRR"] {
            let said = words(row);
            let mut distinct = said.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), said.len(), "{row}: {said:?}");
            assert!(said.iter().all(|w| !w.chars().any(|c| c.is_ascii_digit())));
        }
    }
}
