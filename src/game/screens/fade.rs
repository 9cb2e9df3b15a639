//! Screens fade into each other: each new screen comes up from behind a veil
//! of the pond's colour that clears in a fraction of a second. The veil
//! lets every click through.

use crate::game::Screen;
use crate::game::theme::WATER;
use bevy::prelude::*;
use bevy::ui::FocusPolicy;

/// Seconds a new screen takes to clear.
const FADE: f32 = 0.28;

#[derive(Component)]
struct Veil(f32);

pub(super) fn plugin(app: &mut App) {
    // In order: a screen changed on the frame its last veil clears lets that
    // veil go once (two systems despawning it in one frame would be warned).
    app.add_systems(Update, (veil_new_screen, clear).chain());
}

fn veil_new_screen(
    mut commands: Commands,
    screen: Res<State<Screen>>,
    veils: Query<Entity, With<Veil>>,
) {
    if !screen.is_changed() || screen.is_added() || *screen.get() == Screen::Loading {
        return;
    }
    for v in &veils {
        commands.entity(v).despawn();
    }
    commands.spawn((
        Veil(0.0),
        Name::new("Fade"),
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            ..default()
        },
        BackgroundColor(WATER),
        GlobalZIndex(100),
        FocusPolicy::Pass,
        Pickable::IGNORE,
    ));
}

fn clear(
    mut commands: Commands,
    time: Res<Time>,
    mut veils: Query<(Entity, &mut Veil, &mut BackgroundColor)>,
    redraw: Option<ResMut<Messages<bevy::window::RequestRedraw>>>,
) {
    // A resting window (unfocused) draws on events only: the veil asks for
    // the frames it needs to clear.
    if !veils.is_empty()
        && let Some(mut redraw) = redraw
    {
        redraw.write(bevy::window::RequestRedraw);
    }
    for (e, mut veil, mut colour) in &mut veils {
        veil.0 += time.delta_secs() / FADE;
        if veil.0 >= 1.0 {
            commands.entity(e).despawn();
        } else {
            let t = veil.0;
            colour.0 = WATER.with_alpha(1.0 - t * t * (3.0 - 2.0 * t));
        }
    }
}
