//! The menu screens' keyboard focus: the outlined button, moved by Tab
//! and the arrows (Bevy's navigation, `navigate`), pressed by Enter or
//! Space, kept in sight and kept when a screen is built again.

use super::{MenuAction, Screen, scroll, theme};
use crate::game::navigate;
use bevy::input_focus::tab_navigation::{TabGroup, TabNavigation};
use bevy::prelude::*;

/// The menu button the keyboard is on (outlined); arrows move it to the
/// nearest button that way, Enter presses it, and once shown it follows the
/// pointer.
#[derive(Resource, Default)]
pub(super) struct MenuFocus(pub(super) Option<Entity>, Option<(Screen, MenuAction)>);

#[allow(clippy::too_many_arguments)]
pub(super) fn menu_focus(
    mut commands: Commands,
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Query<(
        Entity,
        &MenuAction,
        &UiGlobalTransform,
        &ComputedNode,
        &Visibility,
    )>,
    pointer: Query<(Entity, Ref<Interaction>), With<MenuAction>>,
    mut roots: Query<Scrolled, With<scroll::ScreenRoot>>,
    tabs: TabNavigation,
    (groups, parents): (Query<(), With<TabGroup>>, Query<&ChildOf>),
    screen: Res<State<Screen>>,
    mut focus: ResMut<MenuFocus>,
    mut actions: MessageWriter<MenuAction>,
) {
    // A hidden button (Watch best, for a level with no best) is skipped.
    let shown = |e: Entity| buttons.get(e).is_ok_and(|(.., v)| *v != Visibility::Hidden);
    // A screen built again (the settings, after one changed) keeps the
    // focus on the button that asks the same.
    let screen = *screen.get();
    if focus.0.is_some_and(|e| !shown(e))
        && let Some((_, action)) = focus.1.filter(|(on, _)| *on == screen)
        && let Some((again, ..)) = buttons.iter().find(|b| *b.1 == action && shown(b.0))
    {
        focus.0 = Some(again);
        commands
            .entity(again)
            .try_insert(Outline::new(px(3), px(2), theme::HIGHLIGHT));
    }
    let old = focus.0.filter(|&e| shown(e));
    // One focus: the outline, once shown, follows the pointer to the
    // button it comes over (never two buttons lit at once).
    let hovered = old.and_then(|_| {
        pointer
            .iter()
            .find(|(_, i)| i.is_changed() && **i == Interaction::Hovered)
            .map(|(e, _)| e)
    });
    // With no outline yet, the keys start from the button under the
    // pointer (Down from a hovered pack is the pack below it): looked for
    // only when a key asks.
    let from = || {
        old.or_else(|| {
            pointer
                .iter()
                .find(|(e, i)| **i == Interaction::Hovered && shown(*e))
                .map(|(e, _)| e)
        })
    };
    let chosen = if let Some(e) = hovered {
        Some(Some(e))
    } else if keys.just_pressed(KeyCode::Tab) {
        // Bevy's tab order: the screen's buttons as they were built, which
        // is their reading order.
        let back = navigate::shift(&keys);
        // The group is the root that scrolls, or the screen it is part
        // of (one with a footer of buttons that stays in sight).
        let root = roots.iter().next().map(|r| r.0);
        let group = root.map(|r| {
            std::iter::once(r)
                .chain(parents.iter_ancestors(r))
                .find(|&e| groups.contains(e))
                .unwrap_or(r)
        });
        Some(group.and_then(|g| navigate::tab(&tabs, g, from(), back, shown)))
    } else {
        navigate::arrow(&keys).map(|way| {
            let from = from();
            let areas: Vec<_> = buttons
                .iter()
                .filter(|(e, ..)| shown(*e))
                .map(|(e, _, at, node, _)| navigate::area(e, node, at))
                .collect();
            match from.and_then(|o| areas.iter().find(|a| a.entity == o)) {
                // The first arrow takes the first button in reading order.
                None => areas
                    .iter()
                    .min_by(|a, b| {
                        (a.position.y, a.position.x)
                            .partial_cmp(&(b.position.y, b.position.x))
                            .unwrap_or(std::cmp::Ordering::Equal)
                    })
                    .map(|a| a.entity),
                // Bevy's directional navigation: the nearest button that
                // way, one in line preferred; none that way keeps the focus.
                Some(at) => navigate::toward(at, way, &areas).or(from),
            }
        })
    };
    if let Some(chosen) = chosen {
        if let Some(e) = old {
            commands.entity(e).try_remove::<Outline>();
        }
        if let Some(e) = chosen {
            commands
                .entity(e)
                .try_insert(Outline::new(px(3), px(2), theme::HIGHLIGHT));
        }
        focus.0 = chosen;
        focus.1 = chosen
            .and_then(|e| buttons.get(e).ok())
            .map(|b| (screen, *b.1));
        // (A button of a footer, outside the part that scrolls, is always
        // in sight.)
        if let Some((e, _, at, node, _)) = chosen.and_then(|e| buttons.get(e).ok())
            && let Some((r, mut scroll, root, root_at)) = roots.iter_mut().next()
            && parents.iter_ancestors(e).any(|a| a == r)
        {
            scroll_to_show(&mut scroll, (root, root_at), (node, at));
        }
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space])
        && let Some((_, &action, ..)) = old.and_then(|e| buttons.get(e).ok())
    {
        actions.write(action);
    }
}

/// A screen root and where it is scrolled.
type Scrolled = (
    Entity,
    &'static mut ScrollPosition,
    &'static ComputedNode,
    &'static UiGlobalTransform,
);

/// Scrolls a screen (its root `view`) as little as keeps the focused
/// button `node` in sight, a margin from its edges.
fn scroll_to_show(
    scroll: &mut ScrollPosition,
    (view, view_at): (&ComputedNode, &UiGlobalTransform),
    (node, at): (&ComputedNode, &UiGlobalTransform),
) {
    const MARGIN: f32 = 12.0;
    let scale = node.inverse_scale_factor();
    let (y, half) = (at.translation.y * scale, node.size().y * scale / 2.0);
    let (middle, view_half) = (view_at.translation.y * scale, view.size().y * scale / 2.0);
    let below = (y + half + MARGIN) - (middle + view_half);
    let above = (middle - view_half) - (y - half - MARGIN);
    let most = crate::game::theme::widget::scroll_most(view);
    let to = if below > 0.0 {
        scroll.0.y + below
    } else if above > 0.0 {
        scroll.0.y - above
    } else {
        scroll.0.y
    };
    let to = to.clamp(0.0, most);
    if to != scroll.0.y {
        scroll.0.y = to;
    }
}
