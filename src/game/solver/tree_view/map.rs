//! The map of the whole search, in the tree's column: a band a depth, each
//! position's moves sharing its width, the branches given up closed in their
//! reason's colour (`solve::map`), painted into one texture whatever the
//! search's size. Under it, the key, and the share of the search done as a
//! bar and a figure. The wheel over it (or ] and [; `map_pointer`) zooms into the
//! branch under the pointer, each turn at least twice as wide, and back
//! out; a drag across a part zooms into the branch that spans it; Home (or
//! a turn out at the top) follows the search again; hovering a cell shows
//! its position and why it was given up; a click (the search paused or
//! over) takes the board there. D shows the tree's rows of words instead,
//! and back (`map_switch`).

use super::*;
use crate::game::theme::tip::Tip;
use crate::solve::map::{self, Layout, MapMark, SearchMap};
use bevy::asset::RenderAssetUsages;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::ui::RelativeCursorPosition;

/// The map's picture.
#[derive(Component)]
pub struct MapPicture;

/// The band a drag across the map draws over it while the button is held:
/// the part it will zoom into.
#[derive(Component)]
pub struct DragBand;

/// The part of the map's bar that is done, and the figure beside it.
#[derive(Component)]
pub(super) struct MapFill;

#[derive(Component)]
pub struct MapFigure;

/// The bar's share as a percentage, at its right end.
#[derive(Component)]
pub struct MapShare;

/// The bar's figure and its name (not the line under it).
type BarWords = (Or<(With<MapShare>, With<MapBarName>)>, Without<MapFigure>);

/// The bar's name at its left: "Done", or "Deepest" where it says how
/// deep the search has gone (named "Ruled out" while under way and "Done"
/// at its end, the one bar read as two).
#[derive(Component)]
pub struct MapBarName;

/// The bar's row (its name, its track, its share): shown with a search
/// only (its empty track beside "Done" read as a full bar).
#[derive(Component)]
pub struct MapBar;

/// The line under the map: what the hovered cell stands for.
#[derive(Component)]
pub struct MapTip;

/// The parts shown with the map (hidden with the rows of words), and those
/// shown with the rows.
#[derive(Component)]
pub(super) struct WithMap;

#[derive(Component)]
pub(super) struct WithWords;

/// Shows the rows of words instead of the map, and back (its key, its
/// button).
#[derive(Message, Component, Debug, Clone, Copy)]
pub struct ToggleWords;

/// Back to the whole map: a button over a zoomed map's corner (Home does
/// the same), which also says that the map is zoomed.
#[derive(Message, Component, Debug, Clone, Copy)]
pub struct WholeMap;

/// The words of the button that switches the map and the rows of words:
/// what a press shows ("Words", or "Map" while the words are shown).
#[derive(Component)]
pub(super) struct WordsLabel;

/// Pixels the map's texture has at most on a side.
const MOST: u32 = 1024;
/// Seconds between two paintings while the search runs.
pub(super) const EVERY: f32 = 0.1;

/// The map's part of the column: the picture, the key, the bar and
/// figure, and the tip.
pub(super) fn map_section() -> impl Bundle {
    (
        WithMap,
        Node {
            flex_direction: FlexDirection::Column,
            flex_grow: 1.0,
            flex_shrink: 1.0,
            flex_basis: px(0),
            min_height: px(80),
            row_gap: px(4),
            ..default()
        },
        children![
            (
                MapPicture,
                Name::new("Search map"),
                Button,
                RelativeCursorPosition::default(),
                ImageNode::default(),
                Node {
                    flex_grow: 1.0,
                    flex_basis: px(0),
                    min_height: px(40),
                    width: percent(100),
                    ..default()
                },
                BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.18)),
                children![
                    (
                        Name::new("Whole map"),
                        widget::button(
                            WholeMap,
                            Node {
                                // At the foot (the search's deepest and
                                // narrowest): at the top it hid the first
                                // band's cells.
                                position_type: PositionType::Absolute,
                                bottom: px(4),
                                right: px(4),
                                padding: UiRect::axes(px(6), px(2)),
                                display: Display::None,
                                ..default()
                            },
                            (text("Whole map", 12.0, theme::TEXT), TextLayout::no_wrap()),
                        ),
                    ),
                    // Before a search, the whole map not tried yet, and
                    // how to start one (`map_figure::blank`).
                    blank(),
                    // Zoomed, where the part shown stands in the whole.
                    place_strip(),
                    (
                        DragBand,
                        Node {
                            position_type: PositionType::Absolute,
                            top: px(0),
                            bottom: px(0),
                            border: UiRect::horizontal(px(2)),
                            display: Display::None,
                            ..default()
                        },
                        BackgroundColor(Color::srgba(1.0, 1.0, 1.0, 0.22)),
                        BorderColor::all(Color::srgba(1.0, 1.0, 1.0, 0.85)),
                        Pickable::IGNORE,
                    ),
                ],
            ),
            // What comes and goes (the key's marks as the map holds them,
            // the comparison's ratio, the timeline's line) stands right
            // under the picture: it takes the picture's room, and moves no
            // button or bar under it.
            key(),
            column::compare_ratio_part(),
            column::timeline_caption(),
            // The bar, named: what it fills is the search's part done.
            (
                MapBar,
                ChartOrDone::Done,
                // What it measures, on hover (`BarTips`).
                Interaction::default(),
                Tip(BAR_TIPS.orders),
                Node {
                    align_items: AlignItems::Center,
                    column_gap: px(6),
                    flex_shrink: 0.0,
                    ..default()
                },
                children![
                    (
                        MapBarName,
                        text("Done", 12.0, theme::TEXT_DIM),
                        TextLayout::no_wrap()
                    ),
                    (
                        Node {
                            flex_grow: 1.0,
                            height: px(10),
                            border_radius: BorderRadius::all(px(5)),
                            overflow: Overflow::clip(),
                            ..default()
                        },
                        BackgroundColor(Color::srgba(1.0, 1.0, 1.0, 0.14)),
                        children![(
                            MapFill,
                            Node {
                                width: percent(0),
                                height: percent(100),
                                ..default()
                            },
                            BackgroundColor(mark_colour(MapMark::Lost)),
                            Pickable::IGNORE,
                        )],
                    ),
                    (
                        MapShare,
                        text("", 12.0, theme::TEXT_DIM),
                        TextLayout::no_wrap(),
                        // The room of its longest figure ("<0.000001%"):
                        // the bar kept its length as the figure grew.
                        Node {
                            min_width: px(62),
                            ..default()
                        },
                    ),
                ],
            ),
            // Two lines' room whether it takes one or two: a wrap never moves
            // the map (a wrapped text's width is rounded up: a little inside).
            (
                MapFigure,
                ChartOrDone::Done,
                text("", 14.0, theme::TEXT),
                Node {
                    min_height: px(FIGURE_ROOM),
                    padding: UiRect::right(px(4)),
                    flex_shrink: 0.0,
                    ..default()
                }
            ),
            // The tip's room goes to the comparison's bars where they
            // take the Done bar's (`ChartOrDone`).
            (
                ChartOrDone::Done,
                TipRow,
                Node {
                    flex_direction: FlexDirection::Column,
                    flex_shrink: 0.0,
                    ..default()
                },
                children![(
                    Node {
                        justify_content: JustifyContent::SpaceBetween,
                        align_items: AlignItems::Center,
                        column_gap: px(6),
                        flex_shrink: 0.0,
                        // The figure's room: a tip that wraps, or stands in
                        // the figure's room (800x600), moves nothing (one of
                        // three lines pushed the map up: its room is fixed).
                        min_height: px(FIGURE_ROOM),
                        height: px(FIGURE_ROOM),
                        overflow: Overflow::clip(),
                        ..default()
                    },
                    children![
                        (
                            MapTip,
                            text("", 12.5, theme::TEXT_DIM),
                            Node {
                                flex_shrink: 1.0,
                                flex_grow: 1.0,
                                flex_basis: px(0),
                                min_width: px(0),
                                ..default()
                            }
                        ),
                        layout_switch(),
                    ],
                )],
            ),
        ],
    )
}

/// What the bar measures, on hover: the words of each of its measures.
struct BarTips {
    orders: &'static str,
    positions: &'static str,
    deepest: &'static str,
    won: &'static str,
}

const BAR_TIPS: BarTips = BarTips {
    orders: "The share of the ways to play (every order of moves) the search has ruled out",
    positions: "The positions the search has reached, of all it visits before it ends \
         (the white tick on its bar below: known from its run unseen)",
    deepest: "How deep the search's line has gone, of the moves every win takes \
         (it has ruled out next to nothing yet)",
    won: "The search has found a win: nothing more to rule out",
};

/// Where the map is: the node at its top (none: the start), and whether it
/// follows the search down its line.
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct MapView {
    pub top: Option<u32>,
    /// The part of the top's width shown (from, to; 0 to 1), where a zoom
    /// shows less than the whole branch.
    pub part: Option<(f64, f64)>,
    pub moved: bool,
    /// How the width is shared: by the work done (the whole search at
    /// once), or by the move orders (followed down the line).
    pub layout: Layout,
    /// The cell under the pointer: its node (if a position) and mark.
    pub hovered: Option<(Option<u32>, MapMark)>,
}

/// The tree the view shows: as the timeline stands, or the search's own.
pub(super) fn shown_tree<'a>(
    view: &'a TreeViewState,
    autoplay: Option<&'a Autoplay>,
) -> Option<&'a SearchTree> {
    match &view.scrubbed {
        Some((_, t)) => Some(t),
        None => autoplay.and_then(|a| a.tree.as_ref()),
    }
}

/// The node the map has at its top: the one chosen, while the tree still
/// holds it, else the start.
pub(super) fn top_of(tree: &SearchTree, view: &MapView) -> u32 {
    match view.top {
        Some(id) if tree.holds(id) => id,
        _ => ROOT,
    }
}

/// The map as the view shows it: from its top, in its layout; by the move
/// orders, at most `BANDS` deep.
pub fn shown_map(tree: &SearchTree, view: &MapView) -> SearchMap {
    let mut map = SearchMap::laid_out(tree, top_of(tree, view), view.layout);
    if view.layout == Layout::Orders {
        map.bands = map.bands.min(BANDS);
    }
    match view.part {
        Some((a, b)) if top_of(tree, view) == view.top.unwrap_or(ROOT) => map.cropped(a, b),
        _ => map,
    }
}

/// What the map's painting holds from one frame to the next: a change not
/// painted yet, and whether the search shown had won at the last paint.
#[derive(Default)]
pub(super) struct Held {
    pending: bool,
    solved: bool,
}

/// The map is painted again when the search or the view changed, at most
/// every tenth of a second while the search runs.
#[allow(clippy::too_many_arguments)]
pub(super) fn paint_map(
    view: Res<TreeViewState>,
    map_view: Res<MapView>,
    autoplay: Option<Res<Autoplay>>,
    comparison: Option<Res<Comparison>>,
    time: Res<Time>,
    mut images: ResMut<Assets<Image>>,
    mut pictures: Query<(&mut ImageNode, &ComputedNode), With<MapPicture>>,
    mut fills: Query<(&mut Node, &mut BackgroundColor), With<MapFill>>,
    mut key: Query<(&KeyEntry, &mut Node), Without<MapFill>>,
    mut figures: Query<&mut Text, (With<MapFigure>, Without<MapShare>)>,
    mut shares: Query<(&mut Text, Has<MapBarName>), BarWords>,
    mut bar_tips: Query<&mut Tip, With<MapBar>>,
    mut last: Local<(f32, Option<(u32, u32)>)>,
    mut had_search: Local<bool>,
    mut held: Local<Held>,
) {
    if view.words {
        return;
    }
    let Ok((mut image, node)) = pictures.single_mut() else {
        return;
    };
    let size = node.size();
    let (w, h) = (
        (size.x.round() as u32).clamp(1, MOST),
        (size.y.round() as u32).clamp(1, MOST),
    );
    let resized = last.1 != Some((w, h));
    let searching = autoplay
        .as_ref()
        .is_some_and(|a| a.is_active() && !a.paused);
    // A search gone (a restart removes it) leaves the map empty.
    let gone = std::mem::replace(&mut *had_search, autoplay.is_some()) && autoplay.is_none();
    let changed = view.is_changed()
        || gone
        || map_view.is_changed()
        || autoplay.as_ref().is_some_and(|a| a.is_changed());
    let now = time.elapsed_secs();
    let tree = shown_tree(&view, autoplay.as_deref());
    // The win shows at once, as the board's banner does; a change held back
    // by the tenth of a second is painted when it has passed, even if
    // nothing changes after it.
    let solved = tree.is_some_and(|t| t.solved());
    let at_once = resized || solved != held.solved;
    let changed = changed || held.pending;
    if !at_once && (!changed || (searching && now - last.0 < EVERY)) {
        held.pending = changed;
        return;
    }
    *held = Held {
        pending: false,
        solved,
    };
    *last = (now, Some((w, h)));
    let shown = match tree {
        Some(t) => shown_map(t, &map_view),
        None => SearchMap::not_started(),
    };
    // The share done is the whole search's, whatever the layout: the map
    // shown holds it unless zoomed.
    let zoomed = tree
        .filter(|t| top_of(t, &map_view) != ROOT)
        .map(SearchMap::of);
    let whole = zoomed.as_ref().unwrap_or(&shown);
    // The key names the marks the map shows, and no other.
    for (entry, mut node) in &mut key {
        let display = if map::shows(&shown, entry.0) {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != display {
            node.display = display;
        }
    }
    let mut pixels = vec![0u8; (w * h * 4) as usize];
    map::paint_into(&shown, w as usize, h as usize, &mut pixels);
    let fits = images
        .get(&image.image)
        .is_some_and(|i| (i.width(), i.height()) == (w, h));
    if fits && let Some(mut i) = images.get_mut(&image.image) {
        i.data = Some(pixels);
    } else {
        image.image = images.add(Image::new(
            Extent3d {
                width: w,
                height: h,
                depth_or_array_layers: 1,
            },
            TextureDimension::D2,
            pixels,
            TextureFormat::Rgba8UnormSrgb,
            RenderAssetUsages::default(),
        ));
    }
    // A best-first search's share is the gap it has closed between its
    // first bound and the win known before it.
    // (A search by rounds that has won found a shortest line: all done.)
    let narrowed = tree.and_then(SearchTree::narrowed);
    let rounds_won = tree.is_some_and(|t| t.solved() && t.round().is_some());
    let share = (whole.done)
        .or(narrowed.map(|n| n.2).filter(|_| zoomed.is_none()))
        .unwrap_or(if rounds_won { 1.0 } else { 0.0 })
        .clamp(0.0, 1.0);
    // Won, the bar is full in the win's colour and says so: a win needs
    // nothing more ruled out ("Done <0.1%" beside a win read as a search
    // hardly begun). The whole search's, zoomed or not (the tip says the
    // part shown).
    let won = tree.is_some_and(|t| t.node(ROOT).mark == Mark::Solution);
    // A depth-first search that has ruled out under a hundredth of its
    // orders of moves, where every win is as long: the bar says how deep
    // its deepest line has gone of the moves a win takes (the English
    // board's search wins before it has ruled out a millionth, and a bar
    // at "<0.000001%" the whole search long said nothing).
    let deepest = tree
        .filter(|t| !won && share < DEEPEST_BELOW && whole.done.is_some() && t.round().is_none())
        .and_then(|t| {
            let needs = t.start().moves_to_win().filter(|&n| n > 0)?;
            Some((t.stats().deepest.min(needs), needs))
        });
    // Its end known from its run unseen, the bar says the share of its
    // positions reached ("Deepest" stood at 29 of 31 most of the English
    // board's search long, and "Done 0%" of the orders ruled out beside
    // the race's "6 so far" of 16).
    let done = tree
        .filter(|_| !won)
        .and_then(|t| positions_done(comparison.as_deref(), autoplay.as_deref(), t));
    let (fill_share, fill_mark) = match (deepest, done) {
        _ if won => (1.0, MapMark::Solution),
        (_, Some(done)) => (done, MapMark::Lost),
        (Some((deep, needs)), None) => (deep as f64 / needs as f64, MapMark::Line),
        (None, None) => (share, MapMark::Lost),
    };
    for (mut fill, mut colour) in &mut fills {
        fill.width = percent(fill_share * 100.0);
        colour.set_if_neq(BackgroundColor(mark_colour(fill_mark)));
    }
    let percent_words = match (tree, deepest, done) {
        (Some(_), _, _) if won => "won".to_string(),
        (Some(_), _, Some(done)) => map::share_words(done),
        (Some(_), Some((deep, needs)), None) => format!("{deep} of {needs}"),
        (Some(_), None, None) => map::share_words(share),
        (None, _, _) => String::new(),
    };
    let (name, tip) = match (deepest, done) {
        _ if won => ("Done", BAR_TIPS.won),
        (_, Some(_)) => ("Done", BAR_TIPS.positions),
        (Some(_), None) => ("Deepest", BAR_TIPS.deepest),
        (None, None) => ("Done", BAR_TIPS.orders),
    };
    for mut bar_tip in &mut bar_tips {
        bar_tip.set_if_neq(Tip(tip));
    }
    for (mut text, is_name) in &mut shares {
        let words = if is_name { name } else { &percent_words };
        if text.0 != words {
            text.0 = words.to_string();
        }
    }
    let words = figure_words(tree, whole, share, won, narrowed, map_view.layout);
    for mut text in &mut figures {
        if text.0 != words {
            text.0 = words.clone();
        }
    }
}

/// Under this share of its orders ruled out, a depth-first search's bar
/// says how deep it has gone instead, where every win is as long.
const DEEPEST_BELOW: f64 = 0.01;

/// Bands the map shows at once: a deep search is followed down its line,
/// the map's top a few moves above where the search is.
pub const BANDS: u32 = 10;

/// Following the search: while the player has not moved the map, its top
/// stays a few moves above the end of the search's line (the start, while
/// the line is short), moved only when the line leaves the bands shown, so
/// the picture holds still while the search works within them.
pub(super) fn follow_line(
    view: Res<TreeViewState>,
    autoplay: Option<Res<Autoplay>>,
    mut map_view: ResMut<MapView>,
) {
    // A new search starts with the whole map.
    if autoplay.as_ref().is_some_and(|a| a.is_added()) {
        *map_view = MapView::default();
    }
    if map_view.moved {
        return;
    }
    let Some(tree) = shown_tree(&view, autoplay.as_deref()) else {
        return;
    };
    // By the work, the whole search fits: no following.
    if map_view.layout == Layout::Work {
        if map_view.top.is_some() {
            map_view.top = None;
        }
        return;
    }
    let line = tree.line();
    let depth = line.len().saturating_sub(1) as u32;
    let top = top_of(tree, &map_view);
    let at = if line.contains(&top) {
        tree.node(top).depth
    } else {
        0
    };
    let want = if depth + 2 > at + BANDS {
        depth + 3 - BANDS
    } else if depth <= at && at > 0 {
        depth.saturating_sub(BANDS / 2)
    } else {
        at
    };
    let node = line.get(want as usize).copied().filter(|&n| n != ROOT);
    if map_view.top != node {
        map_view.top = node;
    }
}
