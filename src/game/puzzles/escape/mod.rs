//! Escape in the game: the prison's rows with a gate on the east side, and
//! the meadow where the freed animals wait in line. Its board is in
//! `board.rs`; here are its words, its sounds, its how-to card, its title
//! picture and its random levels.

mod board;

pub(super) use board::{Animals, Gate};

use super::card::{Card, animal, image};
use super::{Clickable, Clicked, Dimension, Dot, GamePuzzle, Pieces, Spawned, celebrate};
use crate::game::anim::{self, Decoration};
use crate::game::play::{Change, Request};
use crate::game::theme::{self, Art, Sound, art::Pictures};
use crate::levels::code::{EscapeCode, LevelCode};
use crate::rules::escape::{Escape, EscapeMove};
use crate::rules::{PuzzleMove, Rules};
use bevy::prelude::*;

pub const ESCAPE_STEP: f32 = 74.0;
pub const QUEUE_STEP: f32 = 60.0;
/// The fewest animals to a line of the yard.
const QUEUE_PER_ROW: usize = 8;
/// The most lines the yard takes before its lines grow longer: a big
/// prison's yard grows wide rather than tall, as the window is, so that
/// the prison, the part the player looks at, is drawn bigger.
const QUEUE_LINES: usize = 3;

/// How many animals stand in a line of the yard.
pub fn per_row(e: &Escape) -> usize {
    let slots = e.rows as usize * e.cols as usize;
    QUEUE_PER_ROW.max(slots.div_ceil(QUEUE_LINES)).min(slots)
}

/// The click mark of the last animal in line: clicking it takes it back.
pub const QUEUE_LAST: Clickable = Clickable(u32::MAX);
/// The click marks of the other animals in line start here (one a slot).
pub const QUEUE_SLOTS: u32 = 1 << 16;

/// The click mark of the animal at `row`, `col` of the prison.
pub fn animal_click(row: u8, col: u8) -> Clickable {
    Clickable((row as u32) << 8 | col as u32)
}

/// Where the animal at `row`, `col` of the prison stands, in world units
/// around the origin.
pub fn escape_pos(e: &Escape, row: u8, col: u8) -> Vec2 {
    let (rows, cols) = (e.rows as f32, e.cols as f32);
    Vec2::new(
        (col as f32 - (cols - 1.0) / 2.0) * ESCAPE_STEP,
        -(row as f32 - (rows - 1.0) / 2.0) * ESCAPE_STEP + queue_height(e) / 2.0,
    )
}

/// Where the path east of the prison runs, down to the meadow: past the
/// gates, and past the lines' east end, so that no slot of the yard lies
/// under it (each line starts from it).
pub fn escape_path_x(e: &Escape) -> f32 {
    let past_last_slot = (per_row(e) as f32 - 1.0) / 2.0 * QUEUE_STEP + QUEUE_STEP * 0.6;
    (escape_pos(e, 0, e.cols).x + ESCAPE_STEP * 0.25).max(past_last_slot)
}

pub fn queue_height(e: &Escape) -> f32 {
    let slots = e.rows as usize * e.cols as usize;
    (slots.div_ceil(per_row(e).max(1)) as f32) * QUEUE_STEP + 64.0
}

/// Where the animal in slot `slot` of the line stands.
pub fn queue_pos(e: &Escape, slot: usize) -> Vec2 {
    let per_row = per_row(e).max(1);
    let (r, c) = (slot / per_row, slot % per_row);
    let grid_bottom = -(e.rows as f32) / 2.0 * ESCAPE_STEP + queue_height(e) / 2.0;
    Vec2::new(
        (c as f32 - (per_row as f32 - 1.0) / 2.0) * QUEUE_STEP,
        grid_bottom - 66.0 - r as f32 * QUEUE_STEP,
    )
}

pub(super) static CARD: Card = Card {
    bit: 4,
    title: "Escape: out of the prison",
    blurb: "Animals leave the prison, each like the last",
    rule: &[
        "Only the animal at the east end of a row can leave, through its gate, to the meadow.",
        "Each animal that leaves must share its colour or its kind with the one that left just before it.",
        "You win when every animal is out.",
    ],
    controls: "Click the animal at the east end of a row (or the arrows and Enter).",
    example: r#"Pack(name: "", levels: [Escape(name: "", rows: ["a2 c2", "c1 a1"])])"#,
};

static DIMENSIONS: [Dimension; 2] = [
    Dimension {
        default: 4,
        lo: 2,
        hi: 6,
        words: |n| format!("Prison {n}x{n}"),
    },
    Dimension {
        default: 4,
        lo: 2,
        hi: 9,
        words: |n| format!("{n} types and colours"),
    },
];

impl GamePuzzle for Escape {
    fn spawn(&self, commands: &mut Commands, art: &Art, board: &mut Spawned, numbered: bool) {
        board::spawn(commands, art, board, self, numbered);
    }

    fn refresh(
        &self,
        before: &Self,
        commands: &mut Commands,
        _: &Art,
        board: &mut Spawned,
        _: bool,
        pieces: &mut super::Refresh,
    ) -> bool {
        board::refresh(commands, board, (before, self), &mut pieces.escape)
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

    /// The path east of the prison counts on both sides, to keep the prison
    /// centred.
    fn extent(&self) -> Vec2 {
        Vec2::new(
            ((self.cols as f32 + 2.2) * ESCAPE_STEP)
                .max(per_row(self) as f32 * QUEUE_STEP + 30.0)
                .max(2.0 * (escape_path_x(self) + 30.0)),
            self.rows as f32 * ESCAPE_STEP + queue_height(self) + 20.0,
        )
    }

    fn hint_rings(&self, m: EscapeMove) -> Vec<(Vec2, f32)> {
        let Some(&left) = self.left.get(m.row as usize) else {
            return Vec::new();
        };
        vec![(escape_pos(self, m.row, left.saturating_sub(1)), 0.9)]
    }

    /// The move map's mark of a row stands at its gate, between the prison
    /// and the path: on the east-most animal it hid most of it (a green
    /// tick on a green penguin all but vanished).
    fn map_spot(&self, m: EscapeMove) -> Option<Vec2> {
        self.left.get(m.row as usize)?;
        let last = escape_pos(self, m.row, self.cols.saturating_sub(1));
        Some(Vec2::new((last.x + escape_path_x(self)) / 2.0, last.y))
    }

    /// A row's east-most animal goes out; the last in line comes back.
    fn click(
        &self,
        piece: Clickable,
        _: Option<u32>,
        _: Option<EscapeMove>,
    ) -> Result<Clicked, String> {
        if piece == QUEUE_LAST {
            return Ok(Clicked::Ask(Request::Undo));
        }
        if piece.0 >= QUEUE_SLOTS {
            return Err("only the last animal out can go back in".into());
        }
        let (row, col) = ((piece.0 >> 8) as u8, (piece.0 & 0xFF) as u8);
        match self.left.get(row as usize) {
            Some(&left) if col + 1 == left => Ok(Clicked::Ask(Request::Play(PuzzleMove::Escape(
                EscapeMove { row },
            )))),
            Some(_) => Err(format!(
                "only the animal at the east end of row {} can leave, through its gate",
                row + 1
            )),
            None => Err("that is no animal of the prison".into()),
        }
    }

    fn edit_spots(&self) -> Vec<((usize, usize), Vec2)> {
        (0..self.rows)
            .flat_map(|r| (0..self.cols).map(move |c| (r, c)))
            .map(|(r, c)| ((r as usize, c as usize), escape_pos(self, r, c)))
            .collect()
    }

    fn tap_reach(&self) -> f32 {
        32.0
    }

    fn mover(&self, m: EscapeMove) -> Option<(Clickable, bool)> {
        let left = *self.left.get(m.row as usize)?;
        Some((animal_click(m.row, left.checked_sub(1)?), false))
    }

    fn cursor_ring(&self) -> f32 {
        0.85
    }

    /// The gates swing up while the freed animals hop in the meadow.
    fn celebrate(&self, commands: &mut Commands, pieces: &Pieces) {
        for (e, t) in &pieces.gates {
            commands.entity(*e).insert((
                Decoration,
                anim::tween(
                    1600,
                    board::GateLens {
                        rest: t.translation,
                        lift: 50.0,
                    },
                ),
            ));
        }
        celebrate::leap(commands, &pieces.animals, (8, 0.05), 26.0);
    }

    fn sounds(&self, change: Change) -> &'static [Sound] {
        match change {
            Change::Restarted => &[],
            Change::Played(_) | Change::Undone(_) | Change::Redone(_) => &[Sound::Walk],
        }
    }

    fn controls(&self) -> &'static str {
        "Click an animal at a row's east end, or the arrows and Enter."
    }

    /// The rule for the next animal out, while one is still in.
    fn goal_words(&self, numbered: bool) -> String {
        if self.is_goal() {
            return String::new();
        }
        match self.last_out() {
            Some(a) => {
                let (colour, kind) = animal_words(a, numbered);
                format!("   next out: a {colour} animal or a {kind}")
            }
            None => "   any animal may go out first".to_string(),
        }
    }

    /// Rows as the board shows them, from 1.
    fn short(m: EscapeMove) -> String {
        format!("row {}", m.row + 1)
    }

    fn step_words(&self, m: EscapeMove) -> String {
        match self.front(m.row) {
            Some(a) => format!("{} out", a.describe()),
            None => Self::short(m),
        }
    }

    fn describe(&self, m: EscapeMove, numbered: bool) -> String {
        match self.front(m.row) {
            Some(a) => {
                let (colour, kind) = animal_words(a, numbered);
                format!("let the {colour} {kind} out of row {}", m.row + 1)
            }
            None => Self::short(m),
        }
    }

    fn card(&self) -> &'static Card {
        &CARD
    }

    fn stage_height(&self) -> f32 {
        124.0
    }

    /// The prison's rows and their animals, and the meadow with the animals
    /// out in it in order.
    fn draw_example(
        &self,
        stage: &mut ChildSpawnerCommands,
        art: &Art,
        was: Option<&Self>,
        colour_blind: bool,
    ) {
        let pics = &art.pictures;
        let palette = theme::palette(colour_blind);
        let step = 52.0;
        let left = 180.0 - (self.cols as f32 + 0.5) * step / 2.0 - 60.0;
        let queued = was.map_or(self.queue.len(), |b| b.queue.len());
        for row in 0..self.rows {
            let y = 34.0 + row as f32 * step;
            stage.spawn((
                Node {
                    position_type: PositionType::Absolute,
                    left: px(left - 6.0),
                    top: px(y - step * 0.42),
                    width: px(self.cols as f32 * step + 12.0),
                    height: px(step * 0.84),
                    border_radius: BorderRadius::all(px(6)),
                    ..default()
                },
                BackgroundColor(Color::srgb(0.23, 0.22, 0.22)),
            ));
            for col in 0..self.left[row as usize] {
                let a = self.animal(row, col);
                let at = Vec2::new(left + (col as f32 + 0.5) * step, y);
                animal(stage, pics, a, at, step, palette, false);
            }
        }
        let meadow_x = left + self.cols as f32 * step + 40.0;
        stage.spawn((
            Node {
                position_type: PositionType::Absolute,
                left: px(meadow_x - step * 0.6),
                top: px(34.0 - step * 0.5),
                width: px(step * 2.2),
                height: px(step * 2.0),
                border_radius: BorderRadius::all(px(10)),
                ..default()
            },
            BackgroundColor(Color::srgb(0.33, 0.58, 0.28)),
        ));
        for (slot, &(row, col)) in self.queue.iter().enumerate() {
            let a = self.animal(row, col);
            let at = Vec2::new(
                meadow_x + (slot % 2) as f32 * step,
                34.0 + (slot / 2) as f32 * step,
            );
            animal(stage, pics, a, at, step, palette, slot >= queued);
        }
    }

    /// The animal just out, and the rule for the next.
    fn caption(&self) -> Option<String> {
        let (colour, kind) = self.last_out()?.describe_parts();
        Some(format!(
            "the {colour} {kind} is out; next, a {colour} animal or a {kind}"
        ))
    }

    /// The classic deal's crab, dinosaur, dog and penguin.
    fn sketch(&self) -> Vec<Dot> {
        let (rows, cols) = (self.rows as usize, self.cols as usize);
        let side = rows.max(cols).max(1) as f32;
        let mut dots = Vec::new();
        for r in 0..rows {
            let left = self.left.get(r).copied().unwrap_or(0) as usize;
            for c in 0..cols {
                let at = Vec2::new(
                    (c as f32 + 0.5 + (side - cols as f32) / 2.0) / side,
                    (r as f32 + 0.5 + (side - rows as f32) / 2.0) / side,
                );
                let animal = self.animals.get(r * cols + c).filter(|_| c < left);
                let colour = match animal {
                    Some(a) => theme::PALETTE[a.colour as usize % theme::PALETTE.len()],
                    None => Color::srgb(0.25, 0.27, 0.28),
                };
                dots.push(Dot {
                    at,
                    size: 0.85 / side,
                    colour,
                    round: animal.is_some(),
                    kind: animal.map(|a| a.kind),
                });
            }
        }
        dots
    }

    fn title_picture(&self, pic: &mut ChildSpawnerCommands, pics: &Pictures) {
        for r in 0..2 {
            for c in 0..4 {
                // Apart and centred in the frame (they overlapped).
                let at = Vec2::new(17.0 + c as f32 * 26.0, 14.5 + r as f32 * 27.0);
                let colour = theme::PALETTE[(r * 2 + c) % 4];
                if let Some((body, detail)) = pics.animals.get((c + r * 3) % 4) {
                    pic.spawn(image(body, at, 24.0, colour, 0.0));
                    pic.spawn(image(detail, at, 24.0, Color::WHITE, 0.0));
                }
            }
        }
    }

    fn dimensions(&self) -> &'static [Dimension] {
        &DIMENSIONS
    }

    fn random_code(&self, dims: &[u16], d: u8, seed: u64) -> Option<LevelCode> {
        let (&size, &kinds) = (dims.first()?, dims.get(1)?);
        Some(LevelCode::random(EscapeCode {
            rows: size as u8,
            cols: size as u8,
            types: kinds as u8,
            colours: kinds as u8,
            difficulty: d,
            seed,
        }))
    }
}

/// An animal's colour and kind in words. In colour-blind mode the colour as
/// its palette shows it and the number on the animals' badges, from 1:
/// ("dark blue (7)", "dog").
fn animal_words(a: crate::rules::escape::Animal, numbered: bool) -> (String, &'static str) {
    let (colour, kind) = a.describe_parts();
    match theme::NAMES_CVD.get(a.colour as usize) {
        Some(shown) if numbered => (format!("{shown} ({})", a.colour + 1), kind),
        _ => (colour.to_string(), kind),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On every shipped Escape level, before and after its first move, the
    /// sketch's animals are the prison's: each animal still inside is one
    /// dot of its kind and colour, and no other dot has a kind (one that
    /// came out, an empty cell). The position's picture draws them as
    /// those animals (a red crab and a red dog differ).
    #[test]
    fn the_sketch_names_each_animal_inside_by_its_kind() {
        use crate::levels::{SHIPPED, parse_pack};
        let mut seen = 0;
        for (file, text) in SHIPPED {
            for level in parse_pack(file, text).expect("shipped").levels {
                let crate::rules::Puzzle::Escape(start) = &level.puzzle else {
                    continue;
                };
                let mut after = start.clone();
                let mut moves = Vec::new();
                after.legal_moves(&mut moves);
                if let Some(&mv) = moves.first() {
                    assert!(after.apply(mv).is_ok());
                }
                for e in [start.clone(), after] {
                    let cols = usize::from(e.cols);
                    let mut inside: Vec<(u8, usize)> = (0..usize::from(e.rows))
                        .flat_map(|r| (0..usize::from(e.left[r])).map(move |c| r * cols + c))
                        .map(|i| (e.animals[i].kind, usize::from(e.animals[i].colour)))
                        .collect();
                    let mut drawn: Vec<(u8, usize)> = (e.sketch().iter())
                        .filter_map(|d| {
                            let c = (theme::PALETTE.iter()).position(|p| *p == d.colour);
                            Some((d.kind?, c.expect("a colour of the palette")))
                        })
                        .collect();
                    inside.sort_unstable();
                    drawn.sort_unstable();
                    assert_eq!(drawn, inside, "{file} {}", level.name);
                    seen += usize::from(!drawn.is_empty());
                }
            }
        }
        assert!(seen > 20, "{seen} positions");
    }
}
