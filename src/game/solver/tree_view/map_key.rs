//! The map's key: a swatch and a word or two for each mark the map holds
//! (the how-to card shows every mark with what it means).

use super::*;
use crate::solve::map::{self, MapMark};

/// An entry of the map's key: shown while the map holds its mark.
#[derive(Component)]
pub(super) struct KeyEntry(pub(super) MapMark);

/// The key's room: two rows of its 12-pixel words.
const KEY_ROOM: f32 = 32.0;

/// The key of the map's marks: a swatch and a word or two each.
pub(super) fn key() -> impl Bundle {
    (
        // As long as the tip's row: a map without its key is a puzzle of
        // its own (Flood's column at 800x600 is about 360 pixels).
        ShowFrom(340.0),
        Node {
            column_gap: px(8),
            row_gap: px(2),
            flex_wrap: FlexWrap::Wrap,
            flex_shrink: 0.0,
            // Two rows' room from the start: the marks a search comes to
            // ("lost", "dead end") wrapped the key to a second row and
            // shortened the map mid-search.
            min_height: px(KEY_ROOM),
            align_content: AlignContent::FlexStart,
            ..default()
        },
        Children::spawn(SpawnIter(map::key_all().map(|mark| {
            (
                KeyEntry(mark),
                key_entry(mark, map::key_word(mark), 10.0, 12.0, theme::TEXT_DIM),
            )
        }))),
    )
}

/// The line's word in the key: "tried now" while the search runs on it;
/// once it is stopped, over or moved back along its timeline, the line is
/// the one the board stands at the end of: "on the board" (a stopped
/// search's "tried now" read as a search still trying).
pub(super) fn line_key_word(
    autoplay: Option<Res<Autoplay>>,
    view: Res<TreeViewState>,
    entries: Query<(&KeyEntry, &Children)>,
    mut texts: Query<&mut Text, Without<LineWord>>,
    mut words_key: Query<&mut Text, With<LineWord>>,
) {
    let now = autoplay.is_some_and(|a| a.is_active()) && view.scrubbed.is_none();
    let word = if now {
        map::key_word(MapMark::Line)
    } else {
        LINE_SHOWN
    };
    // The words view's key says the same (after Stop it said "tried now"
    // beside the map's "on the board").
    for mut t in &mut words_key {
        if t.0 != word {
            t.0 = word.to_string();
        }
    }
    for (entry, children) in &entries {
        if entry.0 != MapMark::Line {
            continue;
        }
        for &child in children {
            if let Ok(mut t) = texts.get_mut(child)
                && t.0 != word
            {
                t.0 = word.to_string();
            }
        }
    }
}

/// The line's word in the words view's key, which follows the map key's.
#[derive(Component)]
pub(super) struct LineWord;

/// The line's word in the key once the search no longer runs on it.
pub const LINE_SHOWN: &str = "on the board";

/// A mark of the map as its key shows it: a swatch of `swatch` pixels and
/// its word at `size` in `colour` (hidden until the map holds the mark;
/// the how-to card shows each).
pub fn key_entry(
    mark: MapMark,
    words: &'static str,
    swatch: f32,
    size: f32,
    colour: Color,
) -> impl Bundle {
    // The line tried now as the map draws it: hollow, its edges in its
    // colour around a dim inside.
    let line = mark == MapMark::Line;
    let fill = mark_colour(mark);
    // A mark given up over its wash, as the map draws it: the dim under a
    // lost cell, hovered, said "every line lost" beside a key whose only
    // dim swatch was "not tried".
    let wash = match mark.closed() {
        true => fill.with_alpha(map::WASH as f32),
        false => Color::NONE,
    };
    let square = (
        Node {
            width: px(swatch),
            height: px(swatch),
            border_radius: BorderRadius::all(px(swatch / 5.0)),
            border: UiRect::all(px(if line { 1.5 } else { 0.0 })),
            overflow: Overflow::clip(),
            justify_content: JustifyContent::FlexEnd,
            flex_direction: FlexDirection::Column,
            ..default()
        },
        BorderColor::all(fill),
        BackgroundColor(match line {
            true => fill.with_alpha(map::LINE_FILL as f32),
            false => fill,
        }),
        children![(
            Node {
                width: percent(100),
                height: percent(50),
                ..default()
            },
            // Over the solid colour, the map's background first.
            BackgroundColor(wash_over(wash)),
        )],
    );
    entry_row(square, words, swatch, size, colour)
}

/// The wash as it shows on the map's dark: its colour blended over the
/// map's background (none for a mark without a wash).
fn wash_over(wash: Color) -> Color {
    if wash.alpha() == 0.0 {
        return Color::NONE;
    }
    let (w, a) = (wash.to_srgba(), wash.alpha());
    let under = MAP_DARK.to_srgba();
    Color::srgb(
        w.red * a + under.red * (1.0 - a),
        w.green * a + under.green * (1.0 - a),
        w.blue * a + under.blue * (1.0 - a),
    )
}

/// The map's dark under its cells, about as it shows over the panel.
const MAP_DARK: Color = Color::srgb(0.06, 0.14, 0.18);

/// The wash below a branch given up, as the how-to card's key shows it: a
/// lost branch's cell over its colour as dim as the map draws it (alone,
/// the dim swatch read as "not tried"), and what it means.
pub fn wash_entry(swatch: f32, size: f32, colour: Color) -> impl Bundle {
    let lost = mark_colour(MapMark::Lost);
    let half = |fill: Color| {
        (
            Node {
                width: px(swatch),
                height: px(swatch / 2.0),
                ..default()
            },
            BackgroundColor(fill),
        )
    };
    let dim = lost.with_alpha(map::WASH as f32);
    let column = (
        Node {
            flex_direction: FlexDirection::Column,
            border_radius: BorderRadius::all(px(swatch / 5.0)),
            overflow: Overflow::clip(),
            ..default()
        },
        children![half(lost), half(dim), half(dim)],
    );
    entry_row(column, map::WASH_MEANING, swatch, size, colour)
}

/// A key's entry: its swatch, then its words at `size` in `colour`.
fn entry_row(
    swatch_part: impl Bundle,
    words: &'static str,
    swatch: f32,
    size: f32,
    colour: Color,
) -> impl Bundle {
    (
        Node {
            column_gap: px(swatch * 0.3),
            align_items: AlignItems::Center,
            ..default()
        },
        children![
            swatch_part,
            (text(words, size, colour), TextLayout::no_wrap())
        ],
    )
}

pub fn mark_colour(mark: MapMark) -> Color {
    let [r, g, b] = mark.colour();
    Color::srgb_u8(r, g, b)
}
