//! The column's parts: its header, the key of its colours, its rows and
//! the timeline's buttons.

use super::*;
use crate::game::theme::tip::Tip;

pub(super) fn column(fonts: &theme::Fonts, play: Handle<Image>) -> impl Bundle {
    // A line that wraps in the column's width (a little inside it: the
    // wrapped text's width is rounded up).
    let para = |t: TreeText, size: f32, colour: Color| {
        (
            t,
            text("", size, colour),
            Node {
                width: percent(100),
                padding: UiRect::right(px(4)),
                ..default()
            },
        )
    };
    (
        Name::new("Search tree"),
        TreeColumn,
        DespawnOnExit(Screen::Play),
        Node {
            position_type: PositionType::Absolute,
            left: px(14),
            top: px(130),
            bottom: px(60),
            width: px(300),
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(px(10)),
            row_gap: px(4),
            border_radius: theme::PANEL_RADIUS,
            overflow: Overflow::clip(),
            ..default()
        },
        theme::panel(),
        Children::spawn((
            (
                Spawn(header(fonts, play)),
                Spawn((legend(), WithWords)),
                Spawn((para(TreeText::Figures, 14.0, theme::TEXT), WithWords)),
                Spawn(map_section()),
                Spawn((
                    WithWords,
                    Node {
                        flex_direction: FlexDirection::Column,
                        row_gap: px(4),
                        ..default()
                    },
                    children![
                        (
                            para(TreeText::Note, 13.0, theme::TEXT_DIM),
                            ShowFrom(NOTE_FROM)
                        ),
                        rounds_key(),
                    ],
                )),
                Spawn((
                    RowRoom,
                    WithWords,
                    Node {
                        flex_direction: FlexDirection::Column,
                        flex_grow: 1.0,
                        flex_shrink: 1.0,
                        flex_basis: px(0),
                        min_height: px(60),
                        // (The scroll line's room, at the right.)
                        padding: UiRect::right(px(7)),
                        overflow: Overflow::clip(),
                        ..default()
                    },
                    Children::spawn((
                        SpawnIter((0..MAX_ROWS).map(row)),
                        Spawn(rows_scroll::rows_scroll()),
                    )),
                )),
            ),
            (
                Spawn((
                    para(TreeText::Hidden, 12.0, theme::TEXT_DIM),
                    ShowFrom(440.0),
                    WithWords,
                )),
                Spawn((
                    para(TreeText::Ideas, 12.0, theme::TEXT_DIM),
                    ShowFrom(600.0),
                    WithWords,
                )),
                // The ratio, the comparison's one fact, keeps its place in
                // a short column (Flood's at 800x600); its bars need more.
                // With the map it stands under the picture (`map_section`).
                Spawn((compare_ratio_part(), WithWords)),
                // Its bars where the map keeps its room beside them (at
                // 800x600 they squeezed Flood's won map to 40 px), or in
                // the room of the map's "Done" bar (`chart_or_done`).
                Spawn((
                    ChartOrDone::Chart,
                    Node {
                        flex_direction: FlexDirection::Column,
                        ..default()
                    },
                    children![compare_chart()],
                )),
                // Both answers in words: with the rows of words (D).
                Spawn((
                    para(TreeText::Answers, 12.5, theme::TEXT),
                    ShowFrom(520.0),
                    WithWords,
                )),
                // The timeline last: its buttons keep their place at the
                // column's foot whatever shows or hides above them.
                Spawn((timeline_caption(), WithWords)),
                Spawn((timeline_track(), ShowFrom(300.0))),
                Spawn((timeline_bar(), ShowFrom(300.0))),
            ),
        )),
    )
}

/// The column's height from which it says how the search goes above the
/// rows of words (the how-to card says it too): at 1280x720 its four lines
/// took the room of four rows.
const NOTE_FROM: f32 = 640.0;

/// The comparison's ratio, shown in a column of at least 300 pixels.
pub(super) fn compare_ratio_part() -> impl Bundle {
    (
        ShowFrom(300.0),
        Node {
            flex_direction: FlexDirection::Column,
            ..default()
        },
        children![compare_ratio()],
    )
}

/// The timeline's line ("18 positions: 17 moves tried, 9 taken back", or
/// the step the board shows), in a column of at least 300 pixels (said
/// short under 470).
pub(super) fn timeline_caption() -> impl Bundle {
    (
        StepsCaption,
        TreeText::Timeline,
        text("", 12.0, theme::TEXT_DIM),
        Node {
            width: percent(100),
            padding: UiRect::right(px(4)),
            flex_shrink: 0.0,
            ..default()
        },
        ShowFrom(300.0),
    )
}

/// The ratio's line's height: its 17-pixel type's.
pub(super) const RATIO_LINE: f32 = 22.0;

/// Ours against the plain search in big type: "287 times fewer positions".
fn compare_ratio() -> impl Bundle {
    (
        CompareChart,
        RatioLine,
        Node {
            flex_shrink: 0.0,
            // Its line given to the map while it is empty (`ratio_room`):
            // the ratio comes in at a search's end and moves nothing under
            // it.
            min_height: px(RATIO_LINE),
            ..default()
        },
        // ("at least 92,462 times fewer positions" wraps in a narrow
        // column: cut short, its last word was lost.)
        children![(TreeText::CompareRatio, text("", 17.0, theme::WIN))],
    )
}

/// The timeline's bar, Bevy's slider: its length the search's moves, its
/// fill the part passed; a press or a drag moves the timeline
/// (`input::slide_timeline`), and the timeline, however it moved, sets its
/// value (`view::fill_timeline`).
/// The timeline's fill, up to its knob.
const TIMELINE: Color = Color::srgba(0.62, 0.78, 0.86, 0.55);

pub(super) fn timeline_track() -> impl Bundle {
    use bevy::ui_widgets::{Slider, SliderStep, SliderValue, TrackClick};
    (
        TimelineBar,
        Timeline,
        Slider {
            track_click: TrackClick::Snap,
            ..default()
        },
        SliderValue(1.0),
        SliderStep(0.01),
        Node {
            width: percent(100),
            height: px(12),
            border_radius: BorderRadius::all(px(6)),
            overflow: Overflow::clip(),
            ..default()
        },
        BackgroundColor(Color::srgba(1.0, 1.0, 1.0, 0.14)),
        children![(
            TimelineFill,
            Node {
                width: percent(100),
                // The knob's room at the start too.
                min_width: px(12),
                height: percent(100),
                ..default()
            },
            // Not a mark of the map's key: the timeline is a time, not a
            // line of the search.
            BackgroundColor(TIMELINE),
            Pickable::IGNORE,
            // A knob where the timeline stands: a scrubber to drag, not a
            // second bar of how much is done.
            children![(
                Node {
                    position_type: PositionType::Absolute,
                    right: px(0),
                    width: px(12),
                    height: px(12),
                    border: UiRect::all(px(2)),
                    border_radius: BorderRadius::MAX,
                    ..default()
                },
                BackgroundColor(theme::TEXT),
                BorderColor::all(TIMELINE),
                Pickable::IGNORE,
            )],
        )],
    )
}

/// The timeline's buttons: to the start, back, on, to the end.
pub(super) fn timeline_bar() -> impl Bundle {
    let b = |label: &'static str, s: Scrub| {
        let tip = match s {
            Scrub::Start => "To the search's first step",
            Scrub::End => "To the search's last step",
            // ("One step of the search on" read as a riddle.)
            Scrub::By(-1) => "Back one step: the board as the search stood a move earlier",
            Scrub::Here => "Makes the position the board shows your game, to play on from",
            _ => "Forward one step: the search's next move, tried or taken back",
        };
        (
            widget::button(
                s,
                small_button(),
                (text(label, 13.0, theme::TEXT), TextLayout::no_wrap()),
            ),
            Tip(tip),
        )
    };
    (
        Timeline,
        Node {
            column_gap: px(6),
            row_gap: px(4),
            flex_wrap: FlexWrap::Wrap,
            ..default()
        },
        children![
            b("|<", Scrub::Start),
            b("<", Scrub::By(-1)),
            b(">", Scrub::By(1)),
            b(">|", Scrub::End),
            // Its room kept while hidden: the buttons never move.
            (
                b("Play from here", Scrub::Here),
                PlayFromHere,
                Visibility::Hidden
            ),
        ],
    )
}

pub(super) fn small_button() -> Node {
    Node {
        padding: UiRect::axes(px(8), px(3)),
        ..default()
    }
}

/// The key of a best-first search's rounds: a swatch of each round's
/// colour with its bound (hidden for a depth-first search).
pub(super) fn rounds_key() -> impl Bundle {
    (
        RoundsKey,
        Node {
            column_gap: px(6),
            row_gap: px(2),
            flex_wrap: FlexWrap::Wrap,
            align_items: AlignItems::Center,
            display: Display::None,
            ..default()
        },
        Children::spawn((
            Spawn(text("Rounds:", 12.5, theme::TEXT_DIM)),
            SpawnIter((0..ROUNDS_SHOWN).map(|i| {
                (
                    RoundSwatch(i),
                    Node {
                        padding: UiRect::axes(px(5), px(0)),
                        border_radius: BorderRadius::all(px(3)),
                        display: Display::None,
                        ..default()
                    },
                    BackgroundColor(Color::NONE),
                    children![(
                        text("", 12.5, Color::srgb(0.08, 0.08, 0.1)),
                        Pickable::IGNORE
                    )],
                )
            })),
        )),
    )
}

/// The key of the colours, in the colours, each behind a swatch of its
/// colour (the words alone read as one phrase: "tried now lost, skipped,
/// dead end not tried solution").
pub(super) fn legend() -> impl Bundle {
    let word = |w: &'static str, tone: Tone| text(w, 12.5, tone_colour(tone));
    (
        Node {
            column_gap: px(10),
            flex_wrap: FlexWrap::Wrap,
            ..default()
        },
        children![
            legend_entry(
                Tone::Line,
                (super::map_key::LineWord, word("tried now", Tone::Line))
            ),
            legend_entry(
                Tone::GivenUp,
                (
                    TreeText::GivenUpKey,
                    word("lost, skipped, dead end", Tone::GivenUp)
                )
            ),
            legend_entry(Tone::Untried, word("not tried", Tone::Untried)),
            legend_entry(Tone::Solution, word("solution", Tone::Solution)),
        ],
    )
}

/// One entry of the words' key: a swatch in the colour of `tone`, then
/// its words.
fn legend_entry(tone: Tone, words: impl Bundle) -> impl Bundle {
    (
        Node {
            column_gap: px(4),
            align_items: AlignItems::Center,
            ..default()
        },
        children![
            (
                Node {
                    width: px(8),
                    height: px(8),
                    border_radius: BorderRadius::all(px(2)),
                    ..default()
                },
                BackgroundColor(tone_colour(tone)),
            ),
            words,
        ],
    )
}

pub(super) fn row(slot: usize) -> impl Bundle {
    (
        TreeRow(slot),
        Button,
        bevy::ui_widgets::Button,
        Node {
            padding: UiRect::axes(px(4), px(1)),
            // A best-first search's round, as a bar in its colour.
            border: UiRect::left(px(4)),
            border_radius: BorderRadius::all(px(4)),
            display: Display::None,
            flex_shrink: 0.0,
            ..default()
        },
        BackgroundColor(Color::NONE),
        BorderColor::all(Color::NONE),
        children![(
            text("", 13.5, theme::TEXT),
            TextLayout::no_wrap(),
            Pickable::IGNORE
        )],
    )
}

pub fn tone_colour(tone: Tone) -> Color {
    match tone {
        Tone::Start => theme::TEXT,
        Tone::Line => Color::srgb(1.0, 0.52, 0.45),
        Tone::Solution => theme::WIN,
        Tone::GivenUp => Color::srgb(0.62, 0.70, 0.72),
        Tone::Untried => Color::srgb(0.42, 0.52, 0.55),
    }
}

/// The width of "Solver's search" in the column's title's type (19 px).
const HEADING_WIDTH: f32 = 140.0;

/// The column's header: its title, and the Plain, Words, Hide and "?"
/// buttons.
fn header(fonts: &theme::Fonts, play: Handle<Image>) -> impl Bundle {
    (
        Node {
            justify_content: JustifyContent::SpaceBetween,
            align_items: AlignItems::Center,
            column_gap: px(6),
            row_gap: px(4),
            flex_wrap: FlexWrap::Wrap,
            ..default()
        },
        children![
            // The title, and beside it what the map's marks mean: the
            // card opens at the map's part (the bar's "?" opens it at the
            // rule). Beside the title, it takes no line of its own where
            // the buttons wrap (800x600).
            (
                Node {
                    column_gap: px(8),
                    align_items: AlignItems::Center,
                    ..default()
                },
                children![
                    // As wide saying "Solver's search" as "Plain search": the
                    // buttons beside it moved to a line of their own
                    // when a plain search began.
                    (
                        TreeText::Heading,
                        theme::heading(fonts, "Solver's search", 19.0, theme::TEXT),
                        TextLayout::no_wrap(),
                        Node {
                            min_width: px(HEADING_WIDTH),
                            ..default()
                        },
                    ),
                    (
                        Tip("What the map's colours and marks mean"),
                        widget::button(
                            crate::game::play::PlayAction::MapHowTo,
                            Node {
                                min_width: px(22),
                                justify_content: JustifyContent::Center,
                                ..small_button()
                            },
                            (text("?", 13.0, theme::TEXT), TextLayout::no_wrap())
                        )
                    ),
                ]
            ),
            (
                Node {
                    column_gap: px(6),
                    row_gap: px(4),
                    flex_wrap: FlexWrap::Wrap,
                    ..default()
                },
                children![
                    // An action, not a view: it runs the plain
                    // search (the play icon says so).
                    (
                        Tip(
                            "Runs a plain search from the same start (every move in turn, no shortcuts, until a win), to compare with the solver's"
                        ),
                        // Rimmed while the plain search runs
                        // (`plain_button_lit`).
                        BorderColor::all(Color::NONE),
                        widget::button(
                            AskPlain,
                            Node {
                                padding: UiRect::axes(px(6), px(3)),
                                border: UiRect::all(px(1.5)),
                                ..default()
                            },
                            (
                                Node {
                                    column_gap: px(4),
                                    align_items: AlignItems::Center,
                                    ..default()
                                },
                                Pickable::IGNORE,
                                children![
                                    (
                                        ImageNode::new(play),
                                        Node {
                                            width: px(11),
                                            height: px(11),
                                            ..default()
                                        },
                                    ),
                                    (text("Plain", 13.0, theme::TEXT), TextLayout::no_wrap()),
                                ]
                            )
                        )
                    ),
                    // As wide saying "Map" as "Words": the buttons beside
                    // it stay put when it is pressed.
                    (
                        Tip("Shows the search as a list of moves in words, or as the map"),
                        widget::button(
                            ToggleWords,
                            Node {
                                min_width: px(56),
                                justify_content: JustifyContent::Center,
                                ..small_button()
                            },
                            (
                                WordsLabel,
                                text("Words", 13.0, theme::TEXT),
                                TextLayout::no_wrap()
                            )
                        )
                    ),
                    (
                        widget::button(
                            ToggleTree,
                            small_button(),
                            (text("Hide", 13.0, theme::TEXT), TextLayout::no_wrap())
                        ),
                        Tip("Closes the search map (G opens it again)"),
                    ),
                ]
            ),
        ],
    )
}
