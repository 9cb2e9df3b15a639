//! Screens fade into each other: each new screen comes up from behind a veil
//! of the pond's colour that clears in a fraction of a second (a tween of
//! its colour, like the game's other animations). The veil lets every click
//! through.

use crate::game::Screen;
use crate::game::anim::{Decoration, DespawnWhenDone};
use crate::game::theme::WATER;
use bevy::prelude::*;
use bevy::ui::FocusPolicy;
use bevy_tweening::lens::UiBackgroundColorLens;
use bevy_tweening::{Tween, TweenAnim};
use std::time::Duration;

/// How long a new screen takes to clear.
const FADE: Duration = Duration::from_millis(280);

#[derive(Component)]
struct Veil;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, veil_new_screen);
}

fn veil_new_screen(
    mut commands: Commands,
    screen: Res<State<Screen>>,
    veils: Query<Entity, With<Veil>>,
) {
    if !screen.is_changed() || screen.is_added() || *screen.get() == Screen::Loading {
        return;
    }
    // (The last veil may end this very frame and be let go by its tween.)
    for v in &veils {
        commands.entity(v).try_despawn();
    }
    commands.spawn((
        Veil,
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
        // Around the board, not of it: no move waits for it; the window
        // draws the frames it needs, as for every tween.
        Decoration,
        DespawnWhenDone,
        TweenAnim::new(Tween::new(
            EaseFunction::SmoothStep,
            FADE,
            UiBackgroundColorLens {
                start: WATER,
                end: WATER.with_alpha(0.0),
            },
        )),
    ));
}
