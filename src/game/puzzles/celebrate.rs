//! A win celebrates in the puzzle's own way, once the winning move has
//! finished moving: the frogs leap for joy, the flooded board shimmers in a
//! wave from the corner, the prison's gates swing up while the freed animals
//! hop in the meadow. Decorations only: nothing waits for them.

use super::escape::{Gate, GateLens};
use super::{Animal, Frog, Tile};
use crate::game::anim::{self, Decoration};
use crate::game::play::{BoardAnims, MoveApplied, PlayState, PlaySystems};
use crate::rules::Puzzle;
use bevy::prelude::*;
use bevy_tweening::Lens;

/// A win waiting for its last move's animation to end.
#[derive(Resource, Default)]
struct Pending(bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Pending>().add_systems(
        Update,
        (notice, celebrate).chain().in_set(PlaySystems::Present),
    );
}

fn notice(
    mut applied: MessageReader<MoveApplied>,
    state: Res<PlayState>,
    mut pending: ResMut<Pending>,
) {
    if let Some(change) = applied.read().last() {
        pending.0 = state.puzzle.is_won() && !change.before.is_won();
    }
}

/// A piece and where it stands.
type Placed = (Entity, &'static Transform);

fn celebrate(
    mut commands: Commands,
    mut pending: ResMut<Pending>,
    state: Res<PlayState>,
    moving: BoardAnims,
    frogs: Query<Placed, With<Frog>>,
    tiles: Query<Placed, With<Tile>>,
    animals: Query<Placed, With<Animal>>,
    gates: Query<Placed, With<Gate>>,
) {
    if !pending.0 || !moving.is_empty() {
        return;
    }
    pending.0 = false;
    match &state.puzzle {
        Puzzle::Swap(_) | Puzzle::Hop(_) => {
            for (i, (e, t)) in frogs.iter().enumerate() {
                let delay = (i % 7) as f32 * 0.06;
                commands
                    .entity(e)
                    .insert((Decoration, anim::tween(1300, Leap::new(t, delay, 2, 46.0))));
            }
        }
        Puzzle::Flood(_) => {
            // The wave runs from the top-left corner, where the flood began.
            for (e, t) in &tiles {
                let p = t.translation;
                let delay = ((p.x - p.y) / 1600.0 + 0.3).clamp(0.0, 0.6);
                commands
                    .entity(e)
                    .insert((Decoration, anim::tween(1400, Shimmer { rest: *t, delay })));
            }
        }
        Puzzle::Escape(_) => {
            for (e, t) in &gates {
                commands.entity(e).insert((
                    Decoration,
                    anim::tween(
                        1600,
                        GateLens {
                            rest: t.translation,
                            lift: 50.0,
                        },
                    ),
                ));
            }
            for (i, (e, t)) in animals.iter().enumerate() {
                let delay = (i % 8) as f32 * 0.05;
                commands
                    .entity(e)
                    .insert((Decoration, anim::tween(1300, Leap::new(t, delay, 2, 26.0))));
            }
        }
    }
}

/// Jumps in place `hops` times after `delay` (a share of the tween),
/// squashing a little on each landing.
#[derive(Debug, Clone, Copy)]
struct Leap {
    rest: Transform,
    delay: f32,
    hops: u32,
    height: f32,
}

impl Leap {
    fn new(rest: &Transform, delay: f32, hops: u32, height: f32) -> Leap {
        Leap {
            rest: *rest,
            delay,
            hops,
            height,
        }
    }
}

impl Lens<Transform> for Leap {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        let t = ((ratio - self.delay) / (1.0 - self.delay)).clamp(0.0, 1.0);
        let phase = (t * self.hops as f32).fract();
        let up = 4.0 * phase * (1.0 - phase) * self.height * (1.0 - 0.3 * t);
        let squash = if t >= 1.0 {
            1.0
        } else {
            1.0 + 0.12 * (1.0 - 2.0 * phase).abs().powi(6)
        };
        target.translation = self.rest.translation + Vec3::new(0.0, up, 0.0);
        target.scale = self.rest.scale * Vec3::new(squash, 2.0 - squash, 1.0);
    }
}

/// A tile swells and settles as the wave passes over it.
#[derive(Debug, Clone, Copy)]
struct Shimmer {
    rest: Transform,
    delay: f32,
}

impl Lens<Transform> for Shimmer {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        let t = ((ratio - self.delay) / 0.4).clamp(0.0, 1.0);
        let swell = 1.0 + 0.22 * (t * std::f32::consts::PI).sin();
        target.scale = self.rest.scale * Vec3::new(swell, swell, 1.0);
        target.translation = self.rest.translation + Vec3::new(0.0, 0.0, 0.5 * (swell - 1.0));
    }
}
