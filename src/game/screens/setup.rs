//! The settings screen, from the title (S): the same settings as the Esc
//! menu's, each saying how it is now; their keys work here too, and Esc
//! goes back.

use super::{MenuAction, button, screen_root};
use crate::game::Screen;
use crate::game::settings::{Settings, rows};
use crate::game::theme::{self, text};
use bevy::prelude::*;

/// The settings screen's root: built again when a setting changes.
#[derive(Component)]
pub(super) struct SettingsRoot;

pub(super) fn spawn_settings(
    mut commands: Commands,
    settings: Res<Settings>,
    roots: Query<Entity, With<SettingsRoot>>,
    added: Query<(), Added<SettingsRoot>>,
) {
    // Built once on entering, and again for each change (not on the frame
    // it was built).
    if !roots.is_empty() && (!settings.is_changed() || !added.is_empty()) {
        return;
    }
    for root in &roots {
        commands.entity(root).try_despawn();
    }
    commands
        .spawn((SettingsRoot, screen_root(Screen::Settings)))
        .with_children(|ui| {
            ui.spawn(text("Settings", 48.0, theme::TEXT));
            ui.spawn((
                Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    row_gap: px(8),
                    padding: UiRect::all(px(16)),
                    margin: UiRect::vertical(px(10)),
                    border_radius: theme::PANEL_RADIUS,
                    ..default()
                },
                theme::panel(),
            ))
            .with_children(|panel| {
                for (label, change) in rows(&settings) {
                    panel.spawn(button(
                        MenuAction::Setting(change),
                        340.0,
                        text(label, 20.0, theme::TEXT),
                    ));
                }
            });
            ui.spawn(text(
                "Kept for the next game. In a level, Esc opens them too.",
                17.0,
                theme::TEXT_DIM,
            ));
            ui.spawn(button(
                MenuAction::Back,
                240.0,
                text("Back (Esc)", 20.0, theme::TEXT),
            ));
        });
}
