//! Screens longer than the window scroll: the mouse wheel, Page Up and Page
//! Down, Home and End move them, and a bar at the window's right edge shows
//! where the screen is (its thumb drags it). A screen that fits stays
//! centred: a stretching spacer above its content and one below share the
//! room left; it shows no bar.

use crate::game::{Screen, theme};
use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::prelude::*;

/// The root of a menu screen, which scrolls when its content is too tall.
#[derive(Component)]
pub struct ScreenRoot;

/// An empty node that takes half the room a screen's content leaves.
#[derive(Component)]
struct Spacer;

/// Pixels a wheel's line scrolls, and the share of the window a page does.
const LINE: f32 = 48.0;
const PAGE: f32 = 0.8;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (close_below, scroll));
}

/// The spacer above the content comes with the root; the one below it
/// follows once the content is in.
pub fn spacer() -> impl Bundle {
    (
        Spacer,
        Node {
            flex_grow: 1.0,
            flex_shrink: 0.0,
            ..default()
        },
    )
}

fn close_below(
    mut commands: Commands,
    roots: Query<(Entity, &DespawnOnExit<Screen>), Added<ScreenRoot>>,
) {
    for (root, screen) in &roots {
        commands.entity(root).with_child(spacer());
        commands.spawn((
            theme::scroll_bar::bar(
                root,
                Node {
                    position_type: PositionType::Absolute,
                    right: px(4),
                    top: px(8),
                    bottom: px(8),
                    ..default()
                },
            ),
            DespawnOnExit(screen.0),
            GlobalZIndex(5),
        ));
    }
}

fn scroll(
    mut wheel: MessageReader<MouseWheel>,
    keys: Res<ButtonInput<KeyCode>>,
    mut roots: Query<(&mut ScrollPosition, &ComputedNode), With<ScreenRoot>>,
) {
    let mut lines = 0.0;
    for w in wheel.read() {
        lines -= match w.unit {
            MouseScrollUnit::Line => w.y * LINE,
            MouseScrollUnit::Pixel => w.y,
        };
    }
    for (mut at, node) in &mut roots {
        let (view, most) = extent(node);
        let y = keyed(at.0.y + lines, view, most, &keys, None);
        if y != at.0.y {
            at.0.y = y;
        }
    }
}

/// A scrolled node's height on screen and how far it scrolls, in logical
/// pixels.
pub fn extent(node: &ComputedNode) -> (f32, f32) {
    let scale = node.inverse_scale_factor();
    let view = node.size().y * scale;
    (view, (node.content_size().y * scale - view).max(0.0))
}

/// Where a view scrolled to `y` goes for this frame's keys: Page Up and Down
/// a share of its height, Home and End its ends, and the arrows up and down
/// `arrow` pixels where they scroll it; kept between 0 and `most`.
pub fn keyed(
    mut y: f32,
    view: f32,
    most: f32,
    keys: &ButtonInput<KeyCode>,
    arrow: Option<f32>,
) -> f32 {
    let line = arrow.unwrap_or(0.0);
    for (key, by) in [
        (KeyCode::ArrowDown, line),
        (KeyCode::ArrowUp, -line),
        (KeyCode::PageDown, view * PAGE),
        (KeyCode::PageUp, -view * PAGE),
    ] {
        if keys.just_pressed(key) {
            y += by;
        }
    }
    if keys.just_pressed(KeyCode::Home) {
        y = 0.0;
    }
    if keys.just_pressed(KeyCode::End) {
        y = most;
    }
    y.clamp(0.0, most)
}
