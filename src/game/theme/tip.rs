//! A button's words on hover: where its name alone does not say what it
//! does, a short line shows beside it once the pointer rests on it, and
//! goes when the pointer leaves or the button is pressed. The screen keeps
//! its few words; the explanation is one rest of the pointer away.

use super::{PANEL_RADIUS, TEXT, text};
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw};

/// What a button does, in a line: shown when the pointer rests on it.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tip(pub &'static str);

/// A panel whose buttons' tips stand beside it, to its left, not under
/// each button (under them, a tip covered the buttons and readouts below).
#[derive(Component)]
pub struct TipsBeside;

/// The line shown: the button it tells of, and its words.
#[derive(Component)]
pub struct TipBox(pub Entity, &'static str);

/// Seconds the pointer rests on a button before its tip shows.
#[derive(Resource, Debug, Clone, Copy)]
pub struct TipWait(pub f32);

impl Default for TipWait {
    fn default() -> Self {
        TipWait(0.45)
    }
}
/// The widest a tip grows before its words wrap.
const WIDEST: f32 = 320.0;
/// Room between a button and its tip.
const GAP: f32 = 6.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TipWait>()
        .add_systems(PostUpdate, show_tips.after(bevy::ui::UiSystems::Layout));
}

/// Where a panel is laid out.
type PanelRect = (&'static ComputedNode, &'static UiGlobalTransform);

/// The window's requests for a frame (none in a headless app).
type Redraw<'w> = Option<ResMut<'w, Messages<RequestRedraw>>>;

/// The keys (none in an app without input).
type Keys<'w> = Option<Res<'w, ButtonInput<KeyCode>>>;

/// The pointer's button now, since when (real seconds), and the words a
/// key pressed since put away (the column's "?" tip stayed over "Hide"
/// while the player went on with the keys).
#[derive(Default)]
struct Resting(Option<(Entity, f32)>, Option<&'static str>);

fn show_tips(
    mut commands: Commands,
    (time, wait, mut redraw, keys): (Res<Time<Real>>, Res<TipWait>, Redraw, Keys),
    tips: Query<(
        Entity,
        &Tip,
        &Interaction,
        &ComputedNode,
        &UiGlobalTransform,
    )>,
    shown: Query<(Entity, &TipBox)>,
    (windows, scale): (Query<&Window, With<PrimaryWindow>>, Option<Res<UiScale>>),
    (parents, panels): (Query<&ChildOf>, Query<PanelRect, With<TipsBeside>>),
    mut resting: Local<Resting>,
) {
    let now = time.elapsed_secs();
    let hovered = tips
        .iter()
        .find(|(_, _, i, _, _)| **i == Interaction::Hovered);
    let on = hovered.map(|(e, tip, ..)| (e, tip.0));
    if resting.0.map(|(e, _)| e) != on.map(|(e, _)| e) {
        resting.0 = on.map(|(e, _)| (e, now));
        resting.1 = None;
    }
    // A key pressed puts the tip away until the pointer rests on another
    // button, or the button's words change (G under the pointer turns
    // "Opens ..." into "Closes ..."): the player has gone on with the keys.
    // (The words put away are those shown, if any: G may have changed the
    // button's words in this frame already.)
    if keys.is_some_and(|k| k.get_just_pressed().next().is_some()) {
        let showing = shown
            .iter()
            .find(|(_, of)| Some(of.0) == on.map(|(e, _)| e));
        resting.1 = showing.map(|(_, of)| of.1).or(on.map(|(_, words)| words));
    }
    let away = |words: &'static str| resting.1 == Some(words);
    let on = on.filter(|(_, words)| !away(words));
    // A tip of another button (or of none) goes, and one whose words
    // changed under the pointer (Search map, once its map is open).
    let mut kept = false;
    for (tip, of) in &shown {
        if Some((of.0, of.1)) == on {
            kept = true;
        } else {
            commands.entity(tip).try_despawn();
        }
    }
    let Some((button, words, _, node, at)) = hovered.filter(|(_, tip, ..)| !away(tip.0)) else {
        return;
    };
    let since = resting.0.map_or(now, |(_, t)| t);
    if kept {
        return;
    }
    if now - since < wait.0 {
        // With "still water" the game draws no frame at rest: a resting
        // pointer asks for frames until its tip is due.
        if let Some(redraw) = redraw.as_mut() {
            redraw.write(RequestRedraw);
        }
        return;
    }
    let k = node.inverse_scale_factor();
    let rect = Rect::from_center_size(at.translation * k, node.size() * k);
    let ui = scale.map_or(1.0, |s| s.0);
    let room = windows
        .single()
        .map_or(Vec2::new(1280.0, 720.0), |w| w.size() / ui);
    // Beside a `TipsBeside` panel, to its left, level with the button;
    // under any other, or above it near the window's foot, from its left
    // edge, or to its right edge in the window's right half.
    let beside = parents
        .iter_ancestors(button)
        .find_map(|a| panels.get(a).ok())
        .map(|(n, at)| n.inverse_scale_factor() * (at.translation.x - n.size().x / 2.0));
    let mut place = Node {
        position_type: PositionType::Absolute,
        max_width: px(WIDEST),
        padding: UiRect::axes(px(10), px(6)),
        border: UiRect::all(px(1)),
        border_radius: PANEL_RADIUS,
        ..default()
    };
    // Above its button where its lines would pass the window's foot
    // under it (the comparison's bars' six lines ran off it).
    let low = rect.max.y + GAP + height_of(words.0) > room.y;
    if let Some(left) = beside.filter(|left| *left > WIDEST / 2.0) {
        place.right = px(room.x - left + GAP);
        if low {
            place.bottom = px((room.y - rect.max.y).max(0.0));
        } else {
            place.top = px(rect.min.y);
        }
    } else {
        if low {
            place.bottom = px(room.y - rect.min.y + GAP);
        } else {
            place.top = px(rect.max.y + GAP);
        }
        if rect.center().x > room.x / 2.0 {
            place.right = px((room.x - rect.max.x).max(0.0));
        } else {
            place.left = px(rect.min.x.max(0.0));
        }
    }
    commands.spawn((
        TipBox(button, words.0),
        place,
        // Opaque, rimmed and shadowed: the buttons under it showed
        // through its words.
        BackgroundColor(Color::srgb(0.03, 0.07, 0.09)),
        BorderColor::all(Color::srgba(0.70, 0.80, 0.78, 0.6)),
        BoxShadow::new(Color::srgba(0.0, 0.0, 0.0, 0.5), px(0), px(3), px(0), px(6)),
        GlobalZIndex(60),
        Pickable::IGNORE,
        children![(text(words.0, 14.0, TEXT), Pickable::IGNORE)],
    ));
}

/// A tip's height, about: its lines at the widest (some seven pixels a
/// letter of its 14-pixel words), each 19 pixels, and its padding.
fn height_of(words: &str) -> f32 {
    let per_line = ((WIDEST - 20.0) / 7.0).floor();
    let lines: f32 = (words.split('\n'))
        .map(|l| (l.chars().count() as f32 / per_line).ceil().max(1.0))
        .sum();
    lines * 19.0 + 14.0
}
