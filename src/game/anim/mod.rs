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

impl Lens<Transform> for JumpLens {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        let p = self.start.lerp(self.end, ratio);
        let lift = self.height * 4.0 * ratio * (1.0 - ratio);
        target.translation = p + Vec3::new(0.0, lift, 10.0 * (ratio * (1.0 - ratio)));
        // Stretch in the air, squash in the last tenth, settle at the end.
        let squash = if ratio > 0.9 {
            let t = (ratio - 0.9) / 0.1;
            1.0 - 0.25 * (t * std::f32::consts::PI).sin()
        } else {
            1.0 + 0.15 * (ratio * std::f32::consts::PI).sin()
        };
        target.scale = Vec3::new(2.0 - squash, squash, 1.0);
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
#[derive(Debug, Clone, Copy)]
pub struct SplashLens;

impl Lens<Transform> for SplashLens {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        target.scale = Vec3::splat(0.4 + 1.4 * ratio) * Vec3::new(1.0, 1.0 - 0.9 * ratio, 1.0);
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
    for e in &done {
        commands.entity(e).despawn();
    }
}
