//! What the puzzles draw with interface nodes, outside the board: the
//! how-to card (its words, and its example board with the game's own
//! pictures) and the little picture of a pack on the title.

use crate::game::theme::art::Pictures;
use crate::levels::parse_pack;
use crate::rules::escape::Animal;
use crate::rules::{Puzzle, PuzzleMove};
use crate::solve::{Budget, Outcome, solve};
use bevy::prelude::*;

/// The how-to card of a puzzle: the rule in a few lines, the controls, and
/// a tiny level whose solution the card plays.
#[derive(Debug)]
pub struct Card {
    /// Its bit in `Settings::taught`: the card has been shown once.
    pub bit: u8,
    pub title: &'static str,
    /// The puzzle in one line, under a pack of it on the title.
    pub blurb: &'static str,
    pub rule: &'static [&'static str],
    pub controls: &'static str,
    /// The example: a pack of one level, in the level format.
    pub example: &'static str,
}

impl Card {
    /// The example's start and the moves that win it (none if either is
    /// missing, which the tests rule out).
    pub fn lesson(&self) -> Option<(Puzzle, Vec<PuzzleMove>)> {
        let pack = parse_pack("how-to", self.example).ok()?;
        let start = pack.levels.into_iter().next()?.puzzle;
        match solve(&start, Budget::unlimited(), None, false).outcome {
            Outcome::Solved { moves, .. } => Some((start, moves)),
            _ => None,
        }
    }
}

/// A piece of the example that just changed grows into place, a little
/// past its size and back.
#[derive(Debug, Clone, Copy)]
struct Grow;

impl bevy_tweening::Lens<UiTransform> for Grow {
    fn lerp(&mut self, mut target: Mut<UiTransform>, t: f32) {
        let s = 0.6 + 0.4 * t + 0.15 * (t * std::f32::consts::PI).sin();
        target.scale = Vec2::splat(s);
    }
}

/// A piece of a how-to card's example popping in: the lesson plays over and
/// over, so a screenshot waits for nothing of it.
#[derive(Component)]
pub struct LessonPop;

/// What makes a piece of the example pop in: its tween, which no move of
/// the board waits for.
pub fn pop() -> impl Bundle {
    (
        LessonPop,
        crate::game::anim::Decoration,
        bevy_tweening::TweenAnim::new(bevy_tweening::Tween::new(
            EaseFunction::Linear,
            std::time::Duration::from_millis(250),
            Grow,
        )),
    )
}

/// The title picture's size, in pixels.
pub const TITLE_W: f32 = 112.0;
pub const TITLE_H: f32 = 56.0;

/// A square `size` wide centred on `at`, placed absolutely in its parent.
pub(super) fn square(at: Vec2, size: f32) -> Node {
    Node {
        position_type: PositionType::Absolute,
        left: px(at.x - size / 2.0),
        top: px(at.y - size / 2.0),
        width: px(size),
        height: px(size),
        ..default()
    }
}

/// One picture centred on `at`, `size` square, tinted `tint`, turned
/// `angle` (a UI node turns clockwise).
pub(crate) fn image(
    image: &Handle<Image>,
    at: Vec2,
    size: f32,
    tint: Color,
    angle: f32,
) -> impl Bundle {
    (
        ImageNode::new(image.clone()).with_color(tint),
        square(at, size),
        UiTransform {
            rotation: Rot2::radians(angle),
            ..default()
        },
    )
}

/// A plain square (or round) dot of `colour`.
pub(super) fn dot(at: Vec2, size: f32, colour: Color, round: bool) -> impl Bundle {
    (
        Node {
            border_radius: if round {
                BorderRadius::MAX
            } else {
                BorderRadius::all(px(2))
            },
            ..square(at, size)
        },
        BackgroundColor(colour),
    )
}

/// One picture of the example board; `changed` pieces pop in.
pub(super) fn picture(
    stage: &mut ChildSpawnerCommands,
    picture: &Handle<Image>,
    at: Vec2,
    size: f32,
    tint: Color,
    angle: f32,
    changed: bool,
) {
    let mut e = stage.spawn(image(picture, at, size, tint, angle));
    if changed {
        e.insert(pop());
    }
}

/// A frog of the example board: its body in `tint`, and its eyes.
pub(super) fn frog(
    stage: &mut ChildSpawnerCommands,
    pics: &Pictures,
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

/// An animal of the example board (or of the title), in its colour.
pub(super) fn animal(
    stage: &mut ChildSpawnerCommands,
    pics: &Pictures,
    a: Animal,
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
