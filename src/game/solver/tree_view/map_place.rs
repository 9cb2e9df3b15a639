//! Where the part of the map shown stands in the whole search: a strip
//! along the map's top as wide as the whole map, the part shown marked in
//! it. Zoomed in twice, the map was one hollow cell with nothing to say
//! where in the search it was.

use super::*;

/// The strip: the whole map's width.
#[derive(Component)]
pub struct MapPlace;

/// The part shown, in the strip.
#[derive(Component)]
pub struct MapPlaceMark;

/// The strip's height, in logical pixels.
const PLACE_HIGH: f32 = 5.0;

/// The strip, hidden while the map shows the whole search.
pub(super) fn place_strip() -> impl Bundle {
    (
        MapPlace,
        Node {
            position_type: PositionType::Absolute,
            left: px(0),
            top: px(0),
            width: percent(100),
            height: px(PLACE_HIGH),
            display: Display::None,
            ..default()
        },
        BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.6)),
        Pickable::IGNORE,
        children![(
            MapPlaceMark,
            Node {
                position_type: PositionType::Absolute,
                left: percent(0),
                width: percent(100),
                min_width: px(3),
                height: percent(100),
                ..default()
            },
            BackgroundColor(Color::srgba(1.0, 1.0, 1.0, 0.9)),
            Pickable::IGNORE,
        )],
    )
}

/// The part shown as shares of the whole map's width (from, to), where the
/// map shows less than the whole search: its top's cell in the whole map
/// (or the nearest cell above it laid out there), narrowed to the part of
/// it shown.
pub fn place_in_whole(tree: &SearchTree, view: &MapView) -> Option<(f64, f64)> {
    let top = top_of(tree, view);
    if top == ROOT && view.part.is_none() {
        return None;
    }
    let whole = shown_map(
        tree,
        &MapView {
            top: None,
            part: None,
            ..*view
        },
    );
    let mut node = top;
    let cell = loop {
        if let Some(c) = whole.cells.iter().find(|c| c.node == Some(node)) {
            break *c;
        }
        if node == ROOT {
            return None;
        }
        node = tree.node(node).parent;
    };
    let (from, to) = match node == top {
        true => view.part.unwrap_or((0.0, 1.0)),
        false => (0.0, 1.0),
    };
    let span = cell.x1 - cell.x0;
    Some((cell.x0 + span * from, cell.x0 + span * to))
}

/// Shows the strip where the map shows a part, at most every tenth of a
/// second while the search runs (the whole map is laid out for it).
pub(super) fn show_place(
    view: Res<TreeViewState>,
    map_view: Res<MapView>,
    autoplay: Option<Res<Autoplay>>,
    time: Res<Time>,
    mut strips: Query<&mut Node, (With<MapPlace>, Without<MapPlaceMark>)>,
    mut marks: Query<&mut Node, With<MapPlaceMark>>,
    mut last: Local<f32>,
) {
    let changed = view.is_changed()
        || map_view.is_changed()
        || autoplay.as_ref().is_some_and(|a| a.is_changed());
    let now = time.elapsed_secs();
    if !changed || (!map_view.is_changed() && now - *last < EVERY) {
        return;
    }
    *last = now;
    let place = shown_tree(&view, autoplay.as_deref()).and_then(|t| place_in_whole(t, &map_view));
    let display = match place {
        Some(_) => Display::Flex,
        None => Display::None,
    };
    for mut strip in &mut strips {
        if strip.display != display {
            strip.display = display;
        }
    }
    let Some((from, to)) = place else { return };
    for mut mark in &mut marks {
        mark.left = percent(from * 100.0);
        mark.width = percent((to - from) * 100.0);
    }
}
