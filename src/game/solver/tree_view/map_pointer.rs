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
    // The cell under the pointer, or where there is none, what the dark
    // there stands for (moves not tried, under a dead end...).
    let (hovered, cell_node, under) = match (tree, over) {
        (Some(t), Some(n)) => {
            let shown = shown_map(t, &map_view);
            let (x, y) = (n + Vec2::splat(0.5))
                .clamp(Vec2::ZERO, Vec2::splat(0.9999))
                .into();
            let cell = shown.cell_at(1.0, 1.0, x as f64, y as f64);
            let under = (cell.is_none())
                .then(|| shown.mark_under(1.0, 1.0, x as f64, y as f64))
                .flatten();
            (
                cell.map(|c| (c.node, c.mark)),
                cell.and_then(|c| c.node),
                under,
            )
        }
        _ => (None, None, None),
    };
    if map_view.hovered != hovered {
        map_view.hovered = hovered;
    }
    // The hovered cell's reason, or where the map stands when zoomed.
    let tip = match (hovered, under, tree) {
        // A cut names the idea that cut it, where the search said.
        (Some((node, mark)), _, t) => node
            .filter(|_| mark == MapMark::Cut)
            .and_then(|id| t.filter(|t| t.holds(id)).and_then(|t| t.node(id).cut))
            .map_or(mark.words(), |why| why.words())
            .to_string(),
        (None, Some(mark), _) => mark.words().to_string(),
        (None, None, Some(t)) if top_of(t, &map_view) != ROOT || map_view.part.is_some() => {
            let top = top_of(t, &map_view);
            // Where the part shown starts, and what the strip over it
            // says (a new player saw the white line and nothing to name
            // it). The part's own share done stood beside the bar's, the
            // whole search's: "<0.000001% done" beside "Done 57%".
            format!(
                "From move {} on. The white line above: its place in the whole",
                t.node(top).depth + 1
            )
        }
        _ => String::new(),
    };
    for mut t in &mut tips {
        if t.0 != tip {
            t.0 = tip.clone();
        }
    }
    // The wheel and the keys: in, to half the width about the pointer (or
    // the search's line); out, to twice it, up to the whole.
    if let Some(t) = tree
        && steps != 0.0
    {
        let x = over.map_or_else(
            || line_x(&shown_map(t, &map_view), t),
            |n| (n.x + 0.5).clamp(0.0, 0.9999) as f64,
        );
        let factor = if steps > 0.0 { 0.5 } else { 2.0 };
        let (a, b) = map_view.part.unwrap_or((0.0, 1.0));
        let at = a + x * (b - a);
        let width = (b - a) * factor;
        let from = at - x * width;
        zoom_to(&mut map_view, t, (from, from + width));
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
        let (a, b) = map_view.part.unwrap_or((0.0, 1.0));
        let (from, to) = (from.x.min(to.x) as f64, from.x.max(to.x) as f64);
        let (from, to) = (from.clamp(0.0, 1.0), to.clamp(0.0, 1.0));
        zoom_to(&mut map_view, t, (a + from * (b - a), a + to * (b - a)));
    }
}

/// The narrowest part a zoom shows, as a share of its top's width: past
/// it the top goes down the tree.
const NARROWEST_PART: f64 = 1e-6;

/// Shows the part `span` of the top's width (its ends may lie outside it):
/// a part wider than the top is the top's parent's, a part that lies
/// outside is moved in, and the top goes down to the narrowest branch that
/// spans the part (so a deep zoom keeps its cells); the whole of the
/// search's start is the map unzoomed.
fn zoom_to(view: &mut MapView, t: &SearchTree, (mut a, mut b): (f64, f64)) {
    let mut top = top_of(t, view);
    // Up while the part is wider than the top.
    while b - a > 1.0 + 1e-9 && top != ROOT {
        let parent = t.node(top).parent;
        let map = SearchMap::laid_out(t, parent, view.layout);
        (a, b) = match map
            .cells
            .iter()
            .find(|c| c.node == Some(top) && c.depth == 1)
        {
            Some(c) => (c.x0 + a * (c.x1 - c.x0), c.x0 + b * (c.x1 - c.x0)),
            // Too narrow to be laid out in its parent: the parent whole.
            None => (0.0, 1.0),
        };
        top = parent;
    }
    let width = (b - a).clamp(NARROWEST_PART, 1.0);
    let a = a.clamp(0.0, 1.0 - width);
    let mut part = (a, a + width);
    // Down to the narrowest branch that spans the part, one with moves
    // tried under it (a zoom into a dead end filled the map with its one
    // cell).
    let map = SearchMap::laid_out(t, top, view.layout);
    if let Some(c) = (map.cells.iter())
        .filter(|c| c.depth > 0 && c.x0 <= part.0 + 1e-12 && part.1 <= c.x1 + 1e-12)
        .filter(|c| {
            c.node
                .is_some_and(|n| t.holds(n) && !t.node(n).children.is_empty())
        })
        .min_by(|x, y| (x.x1 - x.x0).total_cmp(&(y.x1 - y.x0)))
        && let Some(n) = c.node
    {
        let w = (c.x1 - c.x0).max(f64::MIN_POSITIVE);
        part = (
            ((part.0 - c.x0) / w).clamp(0.0, 1.0),
            ((part.1 - c.x0) / w).clamp(0.0, 1.0),
        );
        top = n;
    }
    // A part inside one dead end's cell shows its neighbours beside it
    // (three wheel notches filled the map with one brown cell).
    let map = SearchMap::laid_out(t, top, view.layout);
    let mut under = (map.cells.iter())
        .filter(|c| c.depth == 1 && c.x0 < part.1 && part.0 < c.x1)
        .filter(|c| c.node.is_some_and(|n| t.holds(n)));
    if let (Some(c), None) = (under.next(), under.next())
        && c.node.is_some_and(|n| t.node(n).children.is_empty())
    {
        let w = c.x1 - c.x0;
        part = ((c.x0 - w).max(0.0), (c.x1 + w).min(1.0));
    }
    let whole = part.0 <= 1e-9 && part.1 >= 1.0 - 1e-9;
    view.top = (top != ROOT).then_some(top);
    view.part = (!whole).then_some(part);
    view.moved = top != ROOT || !whole;
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
