//! Frogs at rest: each breathes at its own pace and blinks now and then, at
//! moments of its own (random: nothing here needs reproducing). A frog in a
//! jump or a sink is left to its animation.

use super::pieces::Frog;
use crate::levels::rng::SplitMix64;
use bevy::prelude::*;
use bevy_tweening::TweenAnim;
use rand::{RngExt, TryRng};

/// A frog's breath and its next blink.
#[derive(Component, Debug, Clone, Copy)]
pub struct Idle {
    /// Breaths per second, and where in its breath the frog began.
    rate: f32,
    phase: f32,
    /// The breath's scale now, to change it by a ratio (hovering also
    /// scales the frog).
    breath: f32,
    /// Seconds to the next blink, and how far into a blink the frog is.
    until_blink: f32,
    blinking: Option<f32>,
}

impl Idle {
    /// A frog's rest, its pace drawn when it is first seen.
    pub fn new() -> Idle {
        Idle {
            rate: 0.0,
            phase: 0.0,
            breath: 1.0,
            until_blink: 0.0,
            blinking: None,
        }
    }

    fn draw(&mut self, rng: &mut SplitMix64) {
        self.rate = rng.random_range(0.35..0.6);
        self.phase = rng.random_range(0.0..std::f32::consts::TAU);
        self.until_blink = rng.random_range(0.8..5.0);
    }
}

/// The dice of the frogs' rests: seeded by the system, so no two games
/// blink alike.
#[derive(Resource)]
struct Dice(SplitMix64);

impl Default for Dice {
    fn default() -> Self {
        let seed = rand::rngs::SysRng.try_next_u64().unwrap_or(0x5EED);
        Dice(SplitMix64::new(seed))
    }
}

/// A frog's eyes, which close in a blink.
#[derive(Component)]
pub struct Eyes;

/// A frog no animation is moving.
type Resting = (With<Frog>, Without<TweenAnim>);

/// How long a blink takes, in seconds.
const BLINK: f32 = 0.16;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Dice>()
        .add_systems(Update, (breathe, blink));
}

fn breathe(
    time: Res<Time>,
    mut dice: ResMut<Dice>,
    mut frogs: Query<(&mut Transform, &mut Idle), Resting>,
) {
    let t = time.elapsed_secs();
    for (mut transform, mut idle) in &mut frogs {
        if idle.rate == 0.0 {
            idle.draw(&mut dice.0);
        }
        let breath = 1.0 + 0.03 * (t * idle.rate * std::f32::consts::TAU + idle.phase).sin();
        let ratio = breath / idle.breath;
        idle.breath = breath;
        transform.scale.x *= ratio;
        transform.scale.y *= ratio;
    }
}

fn blink(
    time: Res<Time>,
    mut dice: ResMut<Dice>,
    mut frogs: Query<(&mut Idle, &Children), With<Frog>>,
    mut eyes: Query<&mut Transform, With<Eyes>>,
) {
    let dt = time.delta_secs();
    for (mut idle, children) in &mut frogs {
        let open = match idle.blinking {
            Some(t) if t + dt >= BLINK => {
                idle.blinking = None;
                idle.until_blink = dice.0.random_range(2.0..7.0);
                1.0
            }
            Some(t) => {
                idle.blinking = Some(t + dt);
                // Shut at the middle of the blink.
                (((t + dt) / BLINK) * 2.0 - 1.0).abs().max(0.08)
            }
            None => {
                idle.until_blink -= dt;
                if idle.until_blink <= 0.0 {
                    idle.blinking = Some(0.0);
                }
                1.0
            }
        };
        for child in children.iter() {
            if let Ok(mut t) = eyes.get_mut(child) {
                t.scale.y = open;
            }
        }
    }
}
