//! The how-to card's example board: the state of a tiny level drawn with
//! the game's own pictures (pads, frogs, tiles, animals) as interface
//! nodes; what changed since the last move pops in.

use super::Pop;
use crate::game::theme::{self, Art};
use crate::rules::Puzzle;
use crate::rules::escape::Escape;
use crate::rules::swap::Cell;
use bevy::prelude::*;

pub(super) fn stage_height(p: &Puzzle) -> f32 {
    match p {
        Puzzle::Flood(_) => 150.0,
        Puzzle::Escape(_) => 124.0,
        _ => 96.0,
    }
}

/// One picture at `(x, y)` (its centre, in the stage's pixels), `size`
/// square, tinted `tint`, turned `angle`; `changed` pieces pop in.
fn picture(
    stage: &mut ChildSpawnerCommands,
    image: &Handle<Image>,
    at: Vec2,
    size: f32,
    tint: Color,
    angle: f32,
    changed: bool,
) {
    let mut e = stage.spawn((
        ImageNode::new(image.clone()).with_color(tint),
        Node {
            position_type: PositionType::Absolute,
            left: px(at.x - size / 2.0),
            top: px(at.y - size / 2.0),
            width: px(size),
            height: px(size),
            ..default()
        },
        UiTransform {
            rotation: Rot2::radians(angle),
            ..default()
        },
    ));
    if changed {
        e.insert(Pop(0.0));
    }
}

/// Draws the example's state; what changed since `before` pops in.
pub(super) fn draw(
    stage: &mut ChildSpawnerCommands,
    art: &Art,
    now: &Puzzle,
    before: Option<&Puzzle>,
    colour_blind: bool,
) {
    let pics = &art.pictures;
    let palette = theme::palette(colour_blind);
    match now {
        Puzzle::Swap(s) => {
            let was = match before {
                Some(Puzzle::Swap(b)) => Some(b),
                _ => None,
            };
            let x0 = 180.0 - (s.cells.len() as f32 - 1.0) / 2.0 * 76.0;
            for (i, &cell) in s.cells.iter().enumerate() {
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
        Puzzle::Hop(h) => {
            let was = match before {
                Some(Puzzle::Hop(b)) => Some(b),
                _ => None,
            };
            let n = h.board.pads.len();
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
                let tint = if h.red == Some(pad) {
                    theme::FROG_RED
                } else if h.green >> pad & 1 == 1 {
                    theme::FROG_GREEN
                } else {
                    continue;
                };
                let changed = was.is_some_and(|b| b.occupied() >> pad & 1 == 0);
                frog(stage, pics, at, tint, 0.0, changed);
                if h.red == Some(pad) {
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
        Puzzle::Flood(f) => {
            let was = match before {
                Some(Puzzle::Flood(b)) => Some(b),
                _ => None,
            };
            let region = f.region();
            let (w, h) = (f.width as usize, f.height as usize);
            let tile = 40.0;
            let x0 = 180.0 - (w as f32 - 1.0) / 2.0 * tile;
            let y0 = 75.0 - (h as f32 - 1.0) / 2.0 * tile;
            for (i, &c) in f.cells.iter().enumerate() {
                let at = Vec2::new(x0 + (i % w) as f32 * tile, y0 + (i / w) as f32 * tile);
                let colour = palette[c as usize % palette.len()];
                let changed = was.is_some_and(|b| b.cells[i] != c);
                if region.contains(&(i as u32)) {
                    let mut e = stage.spawn((
                        Node {
                            position_type: PositionType::Absolute,
                            left: px(at.x - tile / 2.0),
                            top: px(at.y - tile / 2.0),
                            width: px(tile),
                            height: px(tile),
                            ..default()
                        },
                        BackgroundColor(colour),
                    ));
                    if changed {
                        e.insert(Pop(0.0));
                    }
                } else {
                    picture(stage, &pics.tile, at, tile - 2.0, colour, 0.0, changed);
                }
            }
        }
        Puzzle::Escape(e) => escape(stage, pics, e, before, palette),
    }
}

fn frog(
    stage: &mut ChildSpawnerCommands,
    pics: &theme::art::Pictures,
    at: Vec2,
    tint: Color,
    angle: f32,
    changed: bool,
) {
    picture(stage, &pics.frog, at, 58.0, tint, angle, changed);
    picture(
        stage,
        &pics.frog_eyes,
        at,
        58.0,
        Color::WHITE,
        angle,
        changed,
    );
}

fn escape(
    stage: &mut ChildSpawnerCommands,
    pics: &theme::art::Pictures,
    e: &Escape,
    before: Option<&Puzzle>,
    palette: &[Color; 10],
) {
    let step = 52.0;
    let left = 180.0 - (e.cols as f32 + 0.5) * step / 2.0 - 60.0;
    let queued = match before {
        Some(Puzzle::Escape(b)) => b.queue.len(),
        _ => e.queue.len(),
    };
    // The prison's floor, row by row, and its gates.
    for row in 0..e.rows {
        let y = 34.0 + row as f32 * step;
        stage.spawn((
            Node {
                position_type: PositionType::Absolute,
                left: px(left - 6.0),
                top: px(y - step * 0.42),
                width: px(e.cols as f32 * step + 12.0),
                height: px(step * 0.84),
                border_radius: BorderRadius::all(px(6)),
                ..default()
            },
            BackgroundColor(Color::srgb(0.23, 0.22, 0.22)),
        ));
        for col in 0..e.left[row as usize] {
            let a = e.animal(row, col);
            let at = Vec2::new(left + (col as f32 + 0.5) * step, y);
            animal(stage, pics, a, at, step, palette, false);
        }
    }
    // The meadow, and the animals out in it in order.
    let meadow_x = left + e.cols as f32 * step + 40.0;
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
    for (slot, &(row, col)) in e.queue.iter().enumerate() {
        let a = e.animal(row, col);
        let at = Vec2::new(
            meadow_x + (slot % 2) as f32 * step,
            34.0 + (slot / 2) as f32 * step,
        );
        animal(stage, pics, a, at, step, palette, slot >= queued);
    }
}

fn animal(
    stage: &mut ChildSpawnerCommands,
    pics: &theme::art::Pictures,
    a: crate::rules::escape::Animal,
    at: Vec2,
    size: f32,
    palette: &[Color; 10],
    changed: bool,
) {
    let Some((body, detail)) = pics
        .animals
        .get(a.kind as usize % pics.animals.len().max(1))
    else {
        return;
    };
    let tint = palette[a.colour as usize % palette.len()];
    picture(stage, body, at, size, tint, 0.0, changed);
    picture(stage, detail, at, size, Color::WHITE, 0.0, changed);
}
