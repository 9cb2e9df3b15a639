//! The menus' keyboard focus moved by Bevy's own navigation: Tab and
//! Shift+Tab by `bevy_input_focus`'s tab order (each `TabGroup` in its
//! order, and within one the buttons as they were built), the arrows by its
//! directional navigation (the nearest button that way, preferring one in
//! line), and the Esc menu's two columns by a `DirectionalNavigationMap`
//! (looping edges round each). The game keeps its own record of what is
//! focused (a menu is built again when what it shows changes), so these
//! take where the focus is and say where it goes; Bevy's `InputFocus`
//! stays the text fields'.

use bevy::input_focus::InputFocus;
use bevy::input_focus::directional_navigation::{
    AutoNavigationConfig, DirectionalNavigationMap, FocusableArea,
};
use bevy::input_focus::navigator::find_best_candidate;
use bevy::input_focus::tab_navigation::{NavAction, TabNavigation};
use bevy::math::CompassOctant;
use bevy::prelude::*;

/// Whether Shift is held for this frame's Tab (or let go in this same
/// frame: a quick chord).
pub fn shift(keys: &ButtonInput<KeyCode>) -> bool {
    const SHIFT: [KeyCode; 2] = [KeyCode::ShiftLeft, KeyCode::ShiftRight];
    keys.any_pressed(SHIFT) || keys.any_just_released(SHIFT)
}

/// The arrow key just pressed, as a compass direction on the screen.
pub fn arrow(keys: &ButtonInput<KeyCode>) -> Option<CompassOctant> {
    [
        (KeyCode::ArrowLeft, CompassOctant::West),
        (KeyCode::ArrowRight, CompassOctant::East),
        (KeyCode::ArrowUp, CompassOctant::North),
        (KeyCode::ArrowDown, CompassOctant::South),
    ]
    .into_iter()
    .find(|(k, _)| keys.just_pressed(*k))
    .map(|(_, w)| w)
}

/// Where Tab (`back`: Shift+Tab) takes the focus from `from`, in Bevy's
/// tab order, passing over the buttons `usable` turns down (hidden or
/// greyed). With no focus yet it starts in `group` (a `TabGroup`): at its
/// first button, or its last going back.
pub fn tab(
    nav: &TabNavigation,
    group: Entity,
    from: Option<Entity>,
    back: bool,
    usable: impl Fn(Entity) -> bool,
) -> Option<Entity> {
    let (first, step) = if back {
        (NavAction::Last, NavAction::Previous)
    } else {
        (NavAction::First, NavAction::Next)
    };
    let mut next = match from.filter(|&e| usable(e)) {
        Some(e) => nav.navigate(&InputFocus::from_entity(e), step).ok()?,
        None => nav.initialize(group, first).ok()?,
    };
    // Each step is a button further on; round the whole order at most once.
    let start = next;
    while !usable(next) {
        next = nav.navigate(&InputFocus::from_entity(next), step).ok()?;
        if next == start {
            return None;
        }
    }
    Some(next)
}

/// A node's area on the screen, in logical pixels, as Bevy's directional
/// navigation weighs it.
pub fn area(entity: Entity, node: &ComputedNode, at: &UiGlobalTransform) -> FocusableArea {
    let scale = node.inverse_scale_factor();
    FocusableArea {
        entity,
        position: at.translation * scale,
        size: node.size() * scale,
    }
}

/// The area of `areas` that Bevy's directional navigation takes from
/// `from` toward `way`: the nearest that way that shares at least half of
/// its row (Left, Right) or its column (Up, Down), so that Right at a row's
/// end stays there instead of jumping to another row.
pub fn toward(from: &FocusableArea, way: CompassOctant, areas: &[FocusableArea]) -> Option<Entity> {
    let config = AutoNavigationConfig {
        min_alignment_factor: 0.5,
        ..AutoNavigationConfig::default()
    };
    find_best_candidate(from, way, areas, &config)
}

/// Two columns of buttons, each top to bottom: Up and Down go round a
/// column (looping edges), Left and Right across to the other column's
/// button in the same place (or its last).
pub fn columns(left: &[Entity], right: &[Entity]) -> DirectionalNavigationMap {
    let mut map = DirectionalNavigationMap::default();
    for column in [left, right] {
        map.add_looping_edges(column, CompassOctant::South);
    }
    for (from, to, way) in [
        (left, right, CompassOctant::East),
        (right, left, CompassOctant::West),
    ] {
        if let Some(last) = to.last() {
            for (i, &e) in from.iter().enumerate() {
                map.add_edge(e, *to.get(i).unwrap_or(last), way);
            }
        }
    }
    map
}

/// Where `way` goes from `from` in `map`, if it has an edge that way.
pub fn along(map: &DirectionalNavigationMap, from: Entity, way: CompassOctant) -> Option<Entity> {
    map.get_neighbor(from, way).get()
}
