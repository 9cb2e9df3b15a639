//! Lenses and tweens: a frog's jump arc with a squash on landing, the splash of
//! a jumped frog, the flood wave, and the shake of a refused move.

use bevy::prelude::*;
use bevy_tweening::{Lens, Tween, TweenAnim};
use std::time::Duration;

/// Moves along an arc from `start` to `end`, `height` above the straight line,
/// and squashes as it lands.
#[derive(Debug, Clone, Copy)]
pub struct JumpLens {
    pub start: Vec3,
    pub end: Vec3,
    pub height: f32,
}

/// The share of a jump spent crouching before the frog leaves its pad.
const CROUCH: f32 = 0.16;

impl Lens<Transform> for JumpLens {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        use std::f32::consts::PI;
        // Crouch first (a squash in place), then the arc, stretched along
        // the body in the air, and a squash on landing that settles.
        let flight = ((ratio - CROUCH) / (1.0 - CROUCH)).clamp(0.0, 1.0);
        let p = self.start.lerp(self.end, flight);
        let lift = self.height * 4.0 * flight * (1.0 - flight);
        target.translation = p + Vec3::new(0.0, lift, 10.0 * (flight * (1.0 - flight)));
        let squash = if ratio < CROUCH {
            1.0 - 0.2 * (ratio / CROUCH * PI).sin()
        } else if flight > 0.88 {
            let t = (flight - 0.88) / 0.12;
            1.0 - 0.25 * (t * PI).sin()
        } else {
            1.0 + 0.2 * (flight / 0.88 * PI).sin()
        };
        target.scale = Vec3::new(2.0 - squash, squash, 1.0);
    }
}

/// A jump off the end of a folded line: along `JumpLens`'s arc from
/// `start` to `exit` (past the line's end) shrinking away, then from
/// `entry` (before the next line's start) to `end` growing back; so the
/// piece goes its own way along the row, never back across the board.
#[derive(Debug, Clone, Copy)]
pub struct FoldJumpLens {
    pub start: Vec3,
    pub exit: Vec3,
    pub entry: Vec3,
    pub end: Vec3,
    pub height: f32,
}

impl Lens<Transform> for FoldJumpLens {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        let (from, to, t, size) = if ratio < 0.5 {
            (self.start, self.exit, ratio * 2.0, 1.0 - ratio * 2.0)
        } else {
            (self.entry, self.end, ratio * 2.0 - 1.0, ratio * 2.0 - 1.0)
        };
        let lift = self.height * 4.0 * t * (1.0 - t);
        target.translation = from.lerp(to, t) + Vec3::new(0.0, lift, 10.0 * t * (1.0 - t));
        // Smoothly to nothing at the line's end and back.
        let size = size * size * (3.0 - 2.0 * size);
        target.scale = Vec3::new(size, size, 1.0);
    }
}

/// A drop of a splash: thrown out from where a frog fell in, up and back
/// down onto the water, shrinking.
#[derive(Debug, Clone, Copy)]
pub struct DropLens {
    pub from: Vec3,
    pub out: Vec2,
}

impl Lens<Transform> for DropLens {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        let up = 26.0 * 4.0 * ratio * (1.0 - ratio);
        target.translation = self.from + (self.out * ratio).extend(0.0) + Vec3::new(0.0, up, 0.0);
        target.scale = Vec3::splat((1.0 - ratio * 0.7).max(0.0));
    }
}

/// Grows from nothing (or pops) after a delay given as a share of the tween.
#[derive(Debug, Clone, Copy)]
pub struct PopLens {
    pub delay: f32,
    pub from: f32,
}

impl Lens<Transform> for PopLens {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        let span = (1.0 - self.delay).max(0.01);
        let t = ((ratio - self.delay) / span).clamp(0.0, 1.0);
        let overshoot = 1.0 + 0.18 * (t * std::f32::consts::PI).sin();
        let s = self.from + (1.0 - self.from) * t;
        target.scale = Vec3::splat(s * overshoot);
    }
}

/// A ring that spreads and thins out where a frog fell into the water.
/// It starts after `delay` (a share of the tween).
#[derive(Debug, Clone, Copy)]
pub struct SplashLens {
    pub delay: f32,
}

impl Lens<Transform> for SplashLens {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        let t = ((ratio - self.delay) / (1.0 - self.delay).max(0.01)).clamp(0.0, 1.0);
        target.scale = if t <= 0.0 {
            Vec3::ZERO
        } else {
            Vec3::splat(0.4 + 1.4 * t) * Vec3::new(1.0, 1.0 - 0.9 * t, 1.0)
        };
    }
}

/// Shrinks into the water.
#[derive(Debug, Clone, Copy)]
pub struct SinkLens;

impl Lens<Transform> for SinkLens {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        target.scale = Vec3::splat((1.0 - ratio).max(0.0));
    }
}

/// Shakes left and right around the resting place.
#[derive(Debug, Clone, Copy)]
pub struct ShakeLens {
    pub rest: Vec3,
}

impl Lens<Transform> for ShakeLens {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        let wobble = (ratio * 6.0 * std::f32::consts::TAU).sin() * 10.0 * (1.0 - ratio);
        target.translation = self.rest + Vec3::new(wobble, 0.0, 0.0);
    }
}

/// An animation around the board, not of it: moves do not wait for it.
#[derive(Component)]
pub struct Decoration;

/// Despawned once its animation has ended (splashes).
#[derive(Component)]
pub struct DespawnWhenDone;

pub fn tween(ms: u64, lens: impl Lens<Transform> + Send + Sync + 'static) -> TweenAnim {
    TweenAnim::new(Tween::new(
        EaseFunction::QuadraticInOut,
        Duration::from_millis(ms),
        lens,
    ))
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, despawn_finished);
}

fn despawn_finished(
    mut commands: Commands,
    done: Query<Entity, (With<DespawnWhenDone>, Without<TweenAnim>)>,
) {
    // A board piece's animation may end on the frame a move replaces the
    // board it belongs to, and goes with it: then there is nothing to let go.
    for e in &done {
        commands.entity(e).try_despawn();
    }
}
