//! The menu that Esc opens over a level (the `Menu` sub-state of the play
//! screen): resume, restart, the settings, the level select and the title.
//! While it is open the board takes no input.

use super::play::{Menu, PlayAction, PlaySystems};
use super::settings::{MAX_VOLUME, Settings};
use super::solver::Autoplay;
use super::theme::{self, text, widget};
use bevy::prelude::*;

#[derive(Component)]
struct MenuPanel;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Menu::Open), pause_autoplay)
        .add_systems(Update, show_menu.in_set(PlaySystems::Present));
}

/// The solver waits while the menu is open.
fn pause_autoplay(autoplay: Option<ResMut<Autoplay>>) {
    if let Some(mut a) = autoplay {
        a.paused = true;
    }
}

/// The menu over the board: resume, restart, the level select, the title.
fn show_menu(
    mut commands: Commands,
    menu: Option<Res<State<Menu>>>,
    settings: Res<Settings>,
    panels: Query<Entity, With<MenuPanel>>,
) {
    let Some(menu) = menu else { return };
    if !menu.is_changed() && !settings.is_changed() {
        return;
    }
    for p in &panels {
        commands.entity(p).despawn();
    }
    if *menu.get() != Menu::Open {
        return;
    }
    commands
        .spawn((
            MenuPanel,
            Name::new("Menu"),
            DespawnOnExit(Menu::Open),
            // Covers the window, so the board takes no clicks while it is open.
            theme::cover(),
            GlobalZIndex(10),
        ))
        .with_children(|cover| {
            cover
                .spawn((
                    Node {
                        flex_direction: FlexDirection::Column,
                        align_items: AlignItems::Stretch,
                        // Thirteen rows with sound: they fit 800x600.
                        padding: UiRect::all(px(14)),
                        row_gap: px(3),
                        width: px(420),
                        border_radius: theme::PANEL_RADIUS,
                        ..default()
                    },
                    theme::panel(),
                ))
                .with_children(|panel| {
                    panel.spawn((
                        text("Paused", 30.0, theme::TEXT),
                        Node {
                            align_self: AlignSelf::Center,
                            ..default()
                        },
                    ));
                    let colour_blind = if settings.colour_blind {
                        "Colour-blind mode: on (C)"
                    } else {
                        "Colour-blind mode: off (C)"
                    };
                    let speed = format!("Animation speed: {}x (A)", settings.animation_speed());
                    let fullscreen = if settings.fullscreen {
                        "Fullscreen: on (F)"
                    } else {
                        "Fullscreen: off (F)"
                    };
                    let volume = format!(
                        "Volume: {}/{} (V)",
                        settings.volume.min(MAX_VOLUME),
                        MAX_VOLUME
                    );
                    let mute = if settings.muted {
                        "Sound: muted (O)"
                    } else {
                        "Sound: on (O)"
                    };
                    let water = if settings.still_water {
                        "Water: still (Q)"
                    } else {
                        "Water: moving (Q)"
                    };
                    // A build without sound offers no sound settings.
                    let sound = cfg!(feature = "audio");
                    for (label, action) in [
                        ("Resume (Esc)", PlayAction::Menu),
                        ("Restart level (Backspace)", PlayAction::Replay),
                        ("Copy game (Ctrl+C)", PlayAction::CopyGame),
                        ("How to play (?)", PlayAction::HowTo),
                        (colour_blind, PlayAction::ColourBlind),
                        (speed.as_str(), PlayAction::AnimationSpeed),
                        (fullscreen, PlayAction::Fullscreen),
                        (water, PlayAction::StillWater),
                        (volume.as_str(), PlayAction::Volume),
                        (mute, PlayAction::Mute),
                        ("Edit a copy (E)", PlayAction::EditCopy),
                        ("Level select (L)", PlayAction::LevelSelect),
                        ("Title screen (T)", PlayAction::Title),
                    ] {
                        if !sound && matches!(action, PlayAction::Volume | PlayAction::Mute) {
                            continue;
                        }
                        panel.spawn(widget::text_button(action, label, 18.0));
                    }
                });
        });
}
