//! A win celebrates in the puzzle's own way, once the winning move has
//! finished moving: the frogs leap for joy, the flooded board shimmers in a
//! wave from the corner, the prison's gates swing up while the freed animals
//! hop in the meadow. Decorations only: nothing waits for them.

use super::escape::Gate;
use super::pieces::{Animal, Frog, HOVER_GROWTH, HOVER_LIFT, Hover, Tile};
use crate::game::anim::{self, Decoration};
use crate::game::play::{BoardAnims, LevelWon, PlayState, PlaySystems};
use bevy::prelude::*;
use bevy_tweening::Lens;

/// A win waiting for its last move's animation to end.
#[derive(Resource, Default)]
struct Pending(bool);

pub(super) fn plugin(app: &mut App) {
    // A win noticed this frame celebrates from the next on: the board it
    // won on is respawned by this frame's commands, and its last move's
    // animation is under way by then.
    app.init_resource::<Pending>().add_systems(
        Update,
        (celebrate, notice).chain().in_set(PlaySystems::Present),
    );
}

fn notice(mut won: MessageReader<LevelWon>, mut pending: ResMut<Pending>) {
    if won.read().last().is_some() {
        pending.0 = true;
    }
}

/// A piece and where it stands.
type Placed = (Entity, &'static Transform, Has<Hover>);

/// The board's pieces by kind, and where each stands: what a celebration
/// moves.
#[derive(Default)]
pub struct Pieces {
    pub frogs: Vec<(Entity, Transform)>,
    pub tiles: Vec<(Entity, Transform)>,
    pub animals: Vec<(Entity, Transform)>,
    pub gates: Vec<(Entity, Transform)>,
}

#[allow(clippy::too_many_arguments)]
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
    // A piece under the pointer celebrates from its own size, not its
    // hovered one (else it would end the celebration grown), and is hovered
    // no more: a won level's pieces take no click.
    let mut rest = |(e, t, hovered): (Entity, &Transform, bool)| {
        let mut t = *t;
        if hovered {
            t.scale.x /= HOVER_GROWTH;
            t.scale.y /= HOVER_GROWTH;
            t.translation.z -= HOVER_LIFT;
            commands.entity(e).try_remove::<Hover>();
        }
        (e, t)
    };
    let pieces = Pieces {
        frogs: frogs.iter().map(&mut rest).collect(),
        tiles: tiles.iter().map(&mut rest).collect(),
        animals: animals.iter().map(&mut rest).collect(),
        gates: gates.iter().map(&mut rest).collect(),
    };
    super::celebrate(&state.puzzle, &mut commands, &pieces);
}

/// Each piece leaps for joy twice, `height` high, the pieces of each group
/// of `group` a `step` of the leap after the one before.
pub(super) fn leap(
    commands: &mut Commands,
    pieces: &[(Entity, Transform)],
    (group, step): (usize, f32),
    height: f32,
) {
    for (i, (e, t)) in pieces.iter().enumerate() {
        let delay = (i % group) as f32 * step;
        commands.entity(*e).insert((
            Decoration,
            anim::tween(1300, Leap::new(t, delay, 2, height)),
        ));
    }
}

/// The tiles swell in a wave from the top-left corner, where the flood
/// began.
pub(super) fn wave(commands: &mut Commands, tiles: &[(Entity, Transform)]) {
    for (e, t) in tiles {
        let p = t.translation;
        let delay = ((p.x - p.y) / 1600.0 + 0.3).clamp(0.0, 0.6);
        commands
            .entity(*e)
            .try_insert((Decoration, anim::tween(1400, Shimmer { rest: *t, delay })));
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
