//! The column's switches: D (or its button) shows the tree's rows of words
//! instead of the map, and back; B the map's widths; Home (or "Whole map")
//! the whole map again. The parts of the map or of the words shown, the
//! others hidden, every frame the column stands (also while a card holds
//! the keys).

use super::*;
use crate::game::theme::tip::Tip;
use crate::solve::map::Layout;

/// The nodes with `A` and neither `B` nor `C`.
type OnlyOf<A, B, C> = (With<A>, Without<B>, Without<C>);

/// D (or the column's button): the rows of words instead of the map, and
/// back; B the map's widths; Home (or "Whole map") the whole map again.
/// The keys only: `show_switches` shows what they chose.
pub(super) fn switch_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut toggles: MessageReader<ToggleWords>,
    mut layouts: MessageReader<ChooseLayout>,
    view: Option<ResMut<TreeViewState>>,
    mut whole: MessageReader<WholeMap>,
    mut map_view: ResMut<MapView>,
) {
    let Some(mut view) = view else { return };
    let pressed = toggles.read().count() > 0
        || (keys.just_pressed(KeyCode::KeyD)
            && !keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]));
    if pressed {
        view.words = !view.words;
    }
    if whole.read().count() > 0 || keys.just_pressed(KeyCode::Home) {
        *map_view = MapView {
            layout: map_view.layout,
            ..default()
        };
    }
    let other = match map_view.layout {
        Layout::Work => Layout::Orders,
        Layout::Orders => Layout::Work,
    };
    let chosen = layouts.read().last().map(|c| c.0);
    let chosen = chosen.or(keys.just_pressed(KeyCode::KeyB).then_some(other));
    if let Some(layout) = chosen.filter(|&l| l != map_view.layout) {
        map_view.layout = layout;
        (map_view.top, map_view.part) = (None, None);
        map_view.moved = false;
    }
}

/// The map's parts or the words' shown, the others hidden, the switches'
/// words and the way back to the whole map: every frame the column stands,
/// also while a card or the menu holds the keys (a column built behind a
/// card shows the map or the words, never both).
pub(super) fn show_switches(
    view: Res<TreeViewState>,
    map_view: Res<MapView>,
    mut labels: Query<&mut Text, With<WordsLabel>>,
    mut choices: Query<(&ChooseLayout, &mut BorderColor)>,
    mut whole_button: Query<&mut Node, OnlyOf<WholeMap, WithMap, WithWords>>,
    mut maps: MapParts,
    mut words: WordsParts,
) {
    // Zoomed by the player: the way back shows over the map's corner.
    let zoomed = if map_view.moved {
        Display::Flex
    } else {
        Display::None
    };
    for mut node in &mut whole_button {
        if node.display != zoomed {
            node.display = zoomed;
        }
    }
    // The widths shown: their choice rimmed, as every choice made is.
    for (choice, mut rim) in &mut choices {
        widget::set_rim(&mut rim, choice.0 == map_view.layout);
    }
    let switch = if view.words { "Map" } else { "Words" };
    for mut t in &mut labels {
        if t.0 != switch {
            t.0 = switch.to_string();
        }
    }
    show_one_of(view.words, &mut maps, &mut words);
}

/// While the pointer is over the map the widths' switch (B) gives its row
/// to the hovered part's reason (beside the switch, "skipped: known lost,
/// searched before" took three lines of its 120 pixels), and in a narrow
/// column (800x600) to any words of the row ("From move 22", where the map
/// follows the line, stood a word a line under the switch's words).
pub(super) fn hide_widths_over_map(
    mut layout_button: LayoutButton,
    pictures: Query<&bevy::ui::RelativeCursorPosition, With<MapPicture>>,
    columns: Query<&ComputedNode, With<TreeColumn>>,
    tips: Query<&Text, With<MapTip>>,
    view: Res<TreeViewState>,
    autoplay: Option<Res<Autoplay>>,
) {
    let over_map = pictures.iter().any(|p| p.cursor_over);
    let said = tips.iter().any(|t| !t.0.is_empty());
    // Before a search there are no widths to switch.
    let no_search = shown_tree(&view, autoplay.as_deref()).is_none();
    let shown = if over_map || no_search || (said && narrow_column(&columns)) {
        Display::None
    } else {
        Display::Flex
    };
    for mut node in &mut layout_button {
        if node.display != shown {
            node.display = shown;
        }
    }
}

/// The comparison's bars and the map's "Done" bar with its line, in the
/// column: in a column too short for both (at 800x600) the bars, once both
/// searches have run, take the room of the "Done" bar and its line (the
/// bars were never shown there, and ours against the plain search at a
/// glance is what the player ran the second search for).
#[derive(Component)]
pub(super) enum ChartOrDone {
    Chart,
    Done,
    /// Shown in a column tall enough for both only (the line of what the
    /// solver's ideas saved, under the bars).
    Roomy,
}

/// A column shorter than this (logical pixels) shows the comparison's bars
/// or the map's "Done" bar, not both.
const BOTH_FROM: f32 = 480.0;

#[allow(clippy::too_many_arguments)]
pub(super) fn chart_or_done(
    columns: Query<&ComputedNode, With<TreeColumn>>,
    comparison: Option<Res<Comparison>>,
    autoplay: Option<Res<Autoplay>>,
    view: Res<TreeViewState>,
    tips: Query<&Text, With<MapTip>>,
    figures: Query<&Text, With<MapFigure>>,
    mut parts: Query<(&ChartOrDone, &mut Node, Has<MapFigure>, Has<TipRow>)>,
    mut kept: Local<(bool, usize)>,
) {
    let short = column_height_of(&columns) < BOTH_FROM;
    let compared = chart_shown(comparison.as_deref(), autoplay.as_deref());
    let tip = tips.iter().any(|t| !t.0.is_empty());
    let figure_said = figures.iter().any(|t| !t.0.is_empty());
    // Once the search shown has said a figure, its room stays while the
    // search does (scrubbed back from a win, the bar moved with the
    // timeline); a new search (its log begun again) starts without it.
    let log = autoplay.as_deref().map(|a| a.log.len());
    let new_search = log.is_none_or(|n| n < kept.1);
    kept.0 = figure_said || (kept.0 && !new_search);
    kept.1 = log.unwrap_or(0);
    let (tip_row, figure) = tip_and_figure(&columns, tip, figure_said, kept.0);
    for (part, mut node, is_figure, is_tip_row) in &mut parts {
        let shown = match part {
            // (The rows of words keep their room: they have no Done bar.)
            ChartOrDone::Chart => !short || (compared && !view.words),
            ChartOrDone::Done => {
                (!short || !compared) && (figure || !is_figure) && (tip_row || !is_tip_row)
            }
            ChartOrDone::Roomy => !short,
        };
        let display = if shown { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
    }
}

/// The room of the hovered cell's reason (and the widths' switch), under
/// the map's figure.
#[derive(Component)]
pub(super) struct TipRow;

/// The room of the map's figure, and of the tip's row: two lines.
pub(super) const FIGURE_ROOM: f32 = 36.0;

/// A column shorter than this (logical pixels) has no tip's row of its own.
const TIP_FROM: f32 = 340.0;

/// Where the hovered cell's reason stands: in its own row under the
/// figure (a column wide enough for the widths' switch beside it; the
/// figure's room there once the search has said a figure: the map takes
/// it before), none (a
/// column too short), or in a narrow column (800x600) in the figure's room,
/// the row (the reason, or the widths' switch) while a cell is hovered or
/// the figure has nothing to say, the figure otherwise (the two rooms left
/// some 70 pixels empty under the bar most of a search long, with the map
/// 115 pixels high; then the one left empty, and B switched the widths with
/// nothing on the screen to say which). Whether (the tip's row, the
/// figure) show.
fn tip_and_figure(
    columns: &Query<&ComputedNode, With<TreeColumn>>,
    tip: bool,
    figure_said: bool,
    figure_kept: bool,
) -> (bool, bool) {
    let narrow = narrow_column(columns);
    match (column_height_of(columns) >= TIP_FROM, narrow) {
        (false, _) => (false, true),
        // Its room empty for a whole search by depth (its figure comes at
        // the win), the figure's room goes to the map until the search
        // has said one.
        (true, false) => (true, figure_kept),
        (true, true) => {
            let row = tip || !figure_said;
            (row, !row)
        }
    }
}

/// The ratio's line ("287 times fewer positions"), kept while empty.
#[derive(Component)]
pub(super) struct RatioLine;

/// The ratio's empty line gives its room to the map until the ratio comes
/// in (at a search's end): the map's key then moves up a line, and nothing
/// under the map moves. (Kept, it was one of three empty gaps of the
/// column a new player saw at 800x600, with the map some 140 pixels high,
/// and at 1280x720 the map stood over a gap of 60 pixels.)
pub(super) fn ratio_room(
    texts: Query<(&TreeText, &Text)>,
    mut lines: Query<&mut Node, With<RatioLine>>,
) {
    let empty = texts
        .iter()
        .filter(|(t, _)| matches!(t, TreeText::CompareRatio))
        .all(|(_, text)| text.0.is_empty());
    // (An empty text keeps a line's height: the line is taken away.)
    let display = if empty { Display::None } else { Display::Flex };
    for mut node in &mut lines {
        if node.display != display {
            node.display = display;
        }
    }
}

/// Whether the column is narrow (800x600): under `NARROW_COLUMN`.
pub(super) fn narrow_column(columns: &Query<&ComputedNode, With<TreeColumn>>) -> bool {
    columns
        .iter()
        .next()
        .is_some_and(|c| c.size().x * c.inverse_scale_factor() < NARROW_COLUMN)
}

/// A column narrower than this (logical pixels) has no widths' switch.
const NARROW_COLUMN: f32 = 250.0;

type LayoutButton<'w, 's> = Query<
    'w,
    's,
    &'static mut Node,
    (
        With<LayoutSwitch>,
        Without<WithMap>,
        Without<WithWords>,
        Without<WholeMap>,
    ),
>;
type MapParts<'w, 's> = Query<'w, 's, &'static mut Node, OnlyOf<WithMap, WithWords, WholeMap>>;
type WordsParts<'w, 's> = Query<'w, 's, &'static mut Node, OnlyOf<WithWords, WithMap, WholeMap>>;

/// The map's parts, or the rows of words' (`words`), shown; the others
/// hidden.
fn show_one_of(words: bool, maps: &mut MapParts, rows: &mut WordsParts) {
    let (map, row) = if words {
        (Display::None, Display::Flex)
    } else {
        (Display::Flex, Display::None)
    };
    for mut n in maps.iter_mut() {
        if n.display != map {
            n.display = map;
        }
    }
    for mut n in rows.iter_mut() {
        if n.display != row {
            n.display = row;
        }
    }
}

/// Shares the map's width by the work or by the move orders: the switch's
/// two buttons, one each (B switches between them).
#[derive(Message, Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChooseLayout(pub Layout);

/// The widths' switch: "Width:" and its two choices, the one shown rimmed
/// (a single button named for the widths shown read as a label).
#[derive(Component)]
pub(super) struct LayoutSwitch;

pub(super) fn layout_switch() -> impl Bundle {
    let choice = |layout: Layout, words: &'static str| {
        (
            widget::button(
                ChooseLayout(layout),
                Node {
                    border: UiRect::all(px(1.5)),
                    ..small_button()
                },
                (text(words, 12.0, theme::TEXT), TextLayout::no_wrap()),
            ),
            BorderColor::all(Color::NONE),
            Tip(WIDTHS_TIP),
        )
    };
    (
        LayoutSwitch,
        Node {
            align_items: AlignItems::Center,
            column_gap: px(4),
            flex_shrink: 0.0,
            ..default()
        },
        children![
            (text("Width:", 12.0, theme::TEXT_DIM), TextLayout::no_wrap()),
            choice(Layout::Work, "searched"),
            choice(Layout::Orders, "equal"),
        ],
    )
}

/// What the widths' switch does, on hover (its name says only the widths
/// shown now).
const WIDTHS_TIP: &str = "Each branch as wide as the positions searched in it, \
     or each move an equal share of its parent's width (B switches)";

/// The Plain button is rimmed white while the plain search runs, as a
/// choice made is (it looked the same running as not).
pub(super) fn plain_button_lit(
    autoplay: Option<Res<Autoplay>>,
    mut buttons: Query<&mut BorderColor, With<AskPlain>>,
) {
    let on = autoplay.is_some_and(|a| a.watch == Watch::Plain && a.is_active());
    for mut rim in &mut buttons {
        widget::set_rim(&mut rim, on);
    }
}
