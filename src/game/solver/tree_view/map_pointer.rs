//! The pointer over the search's map: the hovered cell's reason, the
//! wheel's, the keys' and a drag's zoom, and a click that takes the board to
//! a cell's position.

use super::*;
use crate::solve::map::{MapMark, SearchMap};
use bevy::ui::RelativeCursorPosition;

/// The pointer over the map: the cell under it (its reason on the tip
/// line, its position in the picture beside the column), the wheel zooms
/// into its branch or back out, a click goes there.
#[allow(clippy::too_many_arguments)]
pub(super) fn map_pointer(
    view: Option<Res<TreeViewState>>,
    mut map_view: ResMut<MapView>,
    autoplay: Option<Res<Autoplay>>,
    pictures: Query<(&Interaction, &RelativeCursorPosition), With<MapPicture>>,
    mut wheel: MessageReader<MouseWheel>,
    keys: Res<ButtonInput<KeyCode>>,
    mut go: MessageWriter<GoToNode>,
    mut tips: Query<&mut Text, With<MapTip>>,
    mut bands: Query<&mut Node, With<DragBand>>,
    mut pressed_at: Local<Option<Vec2>>,
) {
    let turned = wheel_steps(&mut wheel);
    let Some(view) = view else { return };
    // ] and [ zoom as the wheel does, at the hovered cell or the search's
    // line (the rows of words take them for their size).
    let keyed = if view.words {
        0.0
    } else {
        keys.just_pressed(KeyCode::BracketRight) as u8 as f32
            - keys.just_pressed(KeyCode::BracketLeft) as u8 as f32
    };
    let Ok((interaction, at)) = pictures.single() else {
        return;
    };
    let tree = shown_tree(&view, autoplay.as_deref());
    let over = at.normalized.filter(|_| at.cursor_over);
    // The wheel turns the map only with the pointer over it.
    let steps = if over.is_some() { turned } else { 0.0 } + keyed;
    let (hovered, cell_node) = match (tree, over) {
        (Some(t), Some(n)) => {
            let shown = shown_map(t, &map_view);
            let cell = shown.cell_at(
                1.0,
                1.0,
                (n.x + 0.5).clamp(0.0, 0.9999) as f64,
                (n.y + 0.5).clamp(0.0, 0.9999) as f64,
            );
            (cell.map(|c| (c.node, c.mark)), cell.and_then(|c| c.node))
        }
        _ => (None, None),
    };
    if map_view.hovered != hovered {
        map_view.hovered = hovered;
    }
    // The hovered cell's reason, or where the map stands when zoomed.
    let tip = match (hovered, tree) {
        // A cut names the idea that cut it, where the search said.
        (Some((node, mark)), t) => node
            .filter(|_| mark == MapMark::Cut)
            .and_then(|id| t.filter(|t| t.holds(id)).and_then(|t| t.node(id).cut))
            .map_or(mark.words(), |why| why.words())
            .to_string(),
        (None, Some(t)) if top_of(t, &map_view) != ROOT => {
            let top = top_of(t, &map_view);
            // (As the whole's figure says it: a tiny share is "1 in so
            // many", never "0%" beside lost branches.)
            let part = SearchMap::from_node(t, top)
                .done_words()
                .map(|w| format!(": {w}"))
                .unwrap_or_default();
            format!("From move {}{part}", t.node(top).depth + 1)
        }
        _ => String::new(),
    };
    for mut t in &mut tips {
        if t.0 != tip {
            t.0 = tip.clone();
        }
    }
    // The wheel: in, to a branch under the pointer (or on the search's
    // line) at most half the top's width, so each turn shows the part at
    // least twice as wide; out, to the top's parent.
    if let Some(t) = tree
        && steps != 0.0
    {
        let top = top_of(t, &map_view);
        if steps > 0.0 {
            let shown = shown_map(t, &map_view);
            let x = over.map_or_else(
                || line_x(&shown, t),
                |n| (n.x + 0.5).clamp(0.0, 0.9999) as f64,
            );
            if let Some(id) = zoom_into(&shown, t, x, x) {
                map_view.top = Some(id);
                map_view.moved = true;
            }
        } else if top != ROOT {
            let parent = t.node(top).parent;
            map_view.top = (parent != ROOT).then_some(parent);
            map_view.moved = parent != ROOT;
        }
    }
    // A press and a release on the map: where the pointer hardly moved, a
    // click that takes the board to the cell's position; a drag across a
    // part of the map zooms into the branch that spans it.
    let now = over.map(|n| n + Vec2::splat(0.5));
    // While a drag goes on, the band it spans shows over the map.
    let dragged = (*interaction == Interaction::Pressed)
        .then(|| (*pressed_at).zip(now))
        .flatten()
        .filter(|(from, to)| (*to - *from).abs().max_element() >= DRAG)
        .map(|(from, to)| (from.x.min(to.x).max(0.0), from.x.max(to.x).min(1.0)));
    for mut band in &mut bands {
        let want = match dragged {
            Some((a, b)) => (Display::Flex, percent(a * 100.0), percent((b - a) * 100.0)),
            None => (Display::None, band.left, band.width),
        };
        if (band.display, band.left, band.width) != want {
            (band.display, band.left, band.width) = want;
        }
    }
    if *interaction == Interaction::Pressed {
        if pressed_at.is_none() {
            *pressed_at = now;
        }
        return;
    }
    let Some(from) = pressed_at.take() else {
        return;
    };
    let to = now.unwrap_or(from);
    if (to - from).abs().max_element() < DRAG {
        if *interaction == Interaction::Hovered
            && let Some(id) = cell_node
        {
            go.write(GoToNode(id));
        }
    } else if let Some(t) = tree {
        let shown = shown_map(t, &map_view);
        let (a, b) = (from.x.min(to.x) as f64, from.x.max(to.x) as f64);
        if let Some(id) = zoom_into(&shown, t, a.clamp(0.0, 0.9999), b.clamp(0.0, 0.9999)) {
            map_view.top = Some(id);
            map_view.moved = true;
        }
    }
}

/// The share of the map's size a pointer moves, pressed, before it drags.
const DRAG: f32 = 0.03;

/// Where the search's line stands across the map: the middle of the
/// deepest cell on it.
fn line_x(shown: &SearchMap, t: &SearchTree) -> f64 {
    let line = t.line();
    (shown.cells.iter().rev())
        .find(|c| c.node.is_some_and(|n| line.contains(&n)))
        .map_or(0.5, |c| (c.x0 + c.x1) / 2.0)
}

/// The branch to zoom into across `a` to `b` of the map (a point where they
/// are one): the widest below the top that spans it and is at most half
/// the top's width, or else the narrowest that spans it; one with moves
/// tried under it. None where no branch below the top spans it.
fn zoom_into(shown: &SearchMap, t: &SearchTree, a: f64, b: f64) -> Option<u32> {
    let spans: Vec<(f64, u32)> = (shown.cells.iter())
        .filter(|c| c.depth > 0 && c.x0 <= a && b < c.x1.max(c.x0 + 1e-9))
        .filter_map(|c| c.node.map(|n| (c.x1 - c.x0, n)))
        .filter(|&(_, n)| t.holds(n) && !t.node(n).children.is_empty())
        .collect();
    (spans.iter().filter(|s| s.0 <= 0.5))
        .max_by(|x, y| x.0.total_cmp(&y.0))
        .or_else(|| spans.iter().min_by(|x, y| x.0.total_cmp(&y.0)))
        .map(|s| s.1)
}
