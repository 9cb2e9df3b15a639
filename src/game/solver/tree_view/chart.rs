//! Ours against the plain search as bars, each as long as its positions
//! (a log scale made 150 beside 380 look "nearly as long" to a new player,
//! under "2.5 times fewer"): the bars, their marks at round figures and the
//! figures under the marks, and the figures at the bars' ends kept one
//! width.

use super::*;
use crate::game::theme::tip::Tip;

/// Ours against the plain search, under its ratio: a bar each, as long as
/// its positions, with its positions and time.
pub(super) fn compare_chart() -> impl Bundle {
    let bar = |name: &'static str, i: usize, t: TreeText, colour: Color| {
        (
            // In a narrow column the figure goes under its bar, at the
            // right (`wrap_row`), and the track takes the row.
            wrap_row(),
            Interaction::default(),
            Tip(BAR_TIPS[i]),
            children![
                (
                    text(name, 12.5, theme::TEXT_DIM),
                    TextLayout::no_wrap(),
                    Node {
                        width: px(SCALE_NAME),
                        ..default()
                    }
                ),
                (
                    Node {
                        flex_grow: 1.0,
                        min_width: px(TRACK_LEAST),
                        height: px(12),
                        border_radius: BorderRadius::all(px(3)),
                        overflow: Overflow::clip(),
                        ..default()
                    },
                    BackgroundColor(Color::srgba(1.0, 1.0, 1.0, 0.08)),
                    Children::spawn((
                        Spawn((
                            CompareBar(i),
                            Node {
                                width: percent(0),
                                height: percent(100),
                                ..default()
                            },
                            BackgroundColor(colour),
                        )),
                        // Where it will end, while it races (`live_chart`).
                        Spawn((
                            CompareBar(2 + i),
                            Node {
                                position_type: PositionType::Absolute,
                                width: px(2),
                                height: percent(100),
                                // Inside the track at its very end.
                                margin: UiRect::left(px(-2)),
                                display: Display::None,
                                ..default()
                            },
                            BackgroundColor(Color::srgba(1.0, 1.0, 1.0, 0.85)),
                            Pickable::IGNORE,
                        )),
                        // A mark at each step of the scale.
                        SpawnIter((1..=SCALE_MARKS).map(|k| {
                            (
                                ScaleTick(k),
                                Node {
                                    position_type: PositionType::Absolute,
                                    left: percent(0),
                                    width: px(1),
                                    height: percent(100),
                                    display: Display::None,
                                    ..default()
                                },
                                BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.45)),
                                Pickable::IGNORE,
                            )
                        })),
                    )),
                ),
                // Both figures in one width (`even_figures`), so the two
                // tracks are one length and the bars compare at a glance.
                (
                    t,
                    text("-", 12.5, theme::TEXT),
                    TextLayout::new(Justify::Right, LineBreak::NoWrap),
                    Node {
                        margin: UiRect::left(Val::Auto),
                        ..default()
                    },
                ),
            ],
        )
    };
    (
        CompareChart,
        Node {
            flex_direction: FlexDirection::Column,
            row_gap: px(3),
            flex_shrink: 0.0,
            ..default()
        },
        children![
            bar(
                "Plain",
                0,
                TreeText::ComparePlain,
                tone_colour(Tone::GivenUp)
            ),
            bar("Solver", 1, TreeText::CompareOurs, theme::WIN),
            compare_scale(),
            (
                TreeText::Saved,
                ChartOrDone::Roomy,
                text("", 12.0, theme::TEXT_DIM),
                Node {
                    width: percent(100),
                    padding: UiRect::right(px(4)),
                    ..default()
                },
            ),
        ],
    )
}

/// The bars' scale under them: the positions each mark stands for, placed
/// by `show_scale`.
fn compare_scale() -> impl Bundle {
    (
        wrap_row(),
        Interaction::default(),
        Tip(SCALE_TIP),
        Children::spawn((
            Spawn(Node {
                width: px(SCALE_NAME),
                flex_shrink: 0.0,
                ..default()
            }),
            Spawn((
                ScaleTrack,
                Node {
                    flex_grow: 1.0,
                    min_width: px(TRACK_LEAST),
                    height: px(13),
                    ..default()
                },
            )),
            // Under the figures at the bars' ends, what the scale counts.
            Spawn((
                FigureRoom,
                Node {
                    justify_content: JustifyContent::FlexEnd,
                    margin: UiRect::left(Val::Auto),
                    ..default()
                },
                children![(
                    text("positions", 10.5, theme::TEXT_DIM),
                    TextLayout::no_wrap(),
                    Pickable::IGNORE,
                )],
            )),
            // The figures stand in the whole row, not in the track: the
            // last one's half may reach past the track's end. Figure 0
            // stands under the bars' start.
            SpawnIter((0..=SCALE_MARKS).map(|k| {
                // A box of the label's width centred on its mark, its
                // figure centred in it (a text's own justification centres
                // it in the text's width, which left it at the box's left).
                (
                    ScaleLabel(k),
                    Node {
                        position_type: PositionType::Absolute,
                        // At the track's line, the row's first when its
                        // "positions" goes under it (`wrap_row`).
                        top: px(0),
                        width: px(SCALE_LABEL),
                        justify_content: JustifyContent::Center,
                        display: Display::None,
                        ..default()
                    },
                    Pickable::IGNORE,
                    children![(
                        ScaleWords(k),
                        text("", 10.5, theme::TEXT_DIM),
                        TextLayout::no_wrap(),
                        Pickable::IGNORE,
                    )],
                )
            })),
        )),
    )
}

/// The bars' words on hover: which search each is, and what its length
/// counts.
const BAR_TIPS: [&str; 2] = [
    "The plain search: every move in turn, nothing remembered, as the first \
     programs searched. Its bar: the positions it reached. Both searches are \
     also run unseen on this position when one starts: their figures come \
     from those runs, and while one is watched a white line marks where it \
     will end",
    "The solver: a search with its ideas for this puzzle (\"Words\" lists \
     them). Its bar: the positions it reached. Both searches are also run \
     unseen on this position when one starts: their figures come from those \
     runs, and while one is watched a white line marks where it will end",
];

/// The scale's words on hover (a new player read "1 100 10k 1M" as marks a
/// hundred times apart: the figures stand under every other mark there).
const SCALE_TIP: &str = "Positions reached. Where one search reached a hundred times \
     the other's or more, each mark is ten times the one before it (a figure \
     under every other mark where they would crowd)";

/// A row of the chart: a bar's name, its track and its figure, or the
/// scale's. Where the three do not fit on a line (800x600: the track was
/// 44 pixels), the figure goes on the next line, at the right: the tracks
/// of the bars and of the scale wrap alike (their figures are one width,
/// `even_figures`), so they stay one length.
fn wrap_row() -> Node {
    Node {
        column_gap: px(SCALE_GAP),
        row_gap: px(1),
        align_items: AlignItems::Center,
        flex_wrap: FlexWrap::Wrap,
        ..default()
    }
}

/// The least length of a track before its figure goes under it.
const TRACK_LEAST: f32 = 60.0;

/// The width of the bars' names ("Plain", "Solver") and the gap after them:
/// where the track starts in its row.
const SCALE_NAME: f32 = 44.0;
const SCALE_GAP: f32 = 6.0;

/// A scale label's width, centred on its mark.
const SCALE_LABEL: f32 = 32.0;
/// Half the widest figure of the scale ("1.5k", about 20 pixels), and a
/// little room past it, in pixels.
const LABEL_HALF: f32 = 12.0;

/// A figure of the scale in few letters: "300", "2k", "1.5k", "20M".
pub fn scale_words(n: u64) -> String {
    let (unit, size) = match n {
        0..1_000 => return n.to_string(),
        1_000..1_000_000 => ("k", 1_000),
        1_000_000..1_000_000_000 => ("M", 1_000_000),
        _ => ("G", 1_000_000_000),
    };
    let tenths = n * 10 / size;
    match tenths % 10 {
        0 => format!("{}{unit}", tenths / 10),
        d => format!("{}.{d}{unit}", tenths / 10),
    }
}

/// The figure under each mark of the scale.
#[derive(Component, Debug, Clone, Copy)]
pub(super) struct ScaleWords(u32);

/// The scale's marks and figures just spawned.
type NewMarks = Or<(Added<ScaleTick>, Added<ScaleLabel>)>;

/// The marks of the scale's steps on the comparison's bars, and the
/// figures under them, where the chart's scale puts them.
#[allow(clippy::too_many_arguments)]
pub(super) fn show_scale(
    comparison: Option<Res<Comparison>>,
    autoplay: Option<Res<Autoplay>>,
    view: Res<TreeViewState>,
    mut ticks: Query<(&ScaleTick, &mut Node), Without<ScaleLabel>>,
    mut labels: Query<(&ScaleLabel, &mut Node), Without<ScaleTick>>,
    mut words: Query<(&ScaleWords, &mut Text)>,
    new: Query<(), NewMarks>,
    track: Query<Ref<ComputedNode>, With<ScaleTrack>>,
) {
    let width = track
        .iter()
        .next()
        .map_or(0.0, |n| n.size().x * n.inverse_scale_factor());
    let resized = track.iter().any(|n| n.is_changed());
    // (A race's scale comes with its figures, and goes at the search's end.)
    let moved = comparison.as_ref().is_some_and(|c| c.is_changed())
        || autoplay.as_ref().is_some_and(|a| a.is_changed())
        || view.is_changed();
    if !moved && new.is_empty() && !resized {
        return;
    }
    // Before the bars have figures the scale says nothing.
    let moment = view.scrubbed.as_ref().map(|(_, t)| t);
    let scale = chart_now(comparison.as_deref(), autoplay.as_deref(), moment)
        .0
        .scale;
    let span = scale.map_or(0.0, |s| s.span);
    // A mark or figure shown at `left`, or hidden (None).
    let place = |node: &mut Node, left: Option<Val>| {
        let (display, left) = match left {
            Some(left) => (Display::Flex, left),
            None => (Display::None, px(0)),
        };
        if node.display != display || node.left != left {
            node.display = display;
            node.left = left;
        }
    };
    for (tick, mut node) in &mut ticks {
        let k = tick.0 as f32;
        place(&mut node, (k < span).then(|| percent(k / span * 100.0)));
    }
    let labelled = labelled_marks(span, width);
    for (label, mut node) in &mut labels {
        let k = label.0;
        let at = SCALE_NAME + SCALE_GAP + k as f32 / span.max(f32::MIN_POSITIVE) * width;
        place(
            &mut node,
            (scale.is_some() && (k == 0 || labelled(k))).then(|| px(at - SCALE_LABEL / 2.0)),
        );
    }
    let Some(scale) = scale else { return };
    for (k, mut text) in &mut words {
        let want = scale_words(scale.mark(k.0));
        if text.0 != want {
            text.0 = want;
        }
    }
}

/// Which marks of a track `width` pixels long, spanning `span` steps of
/// the scale, have their figure under them: the last mark's always, then
/// every mark, or every other or third, going left, so that no two figures
/// are nearer than a figure's width.
pub(super) fn labelled_marks(span: f32, width: f32) -> impl Fn(u32) -> bool {
    let gap = width / span.max(1.0);
    // The last mark's figure may reach past the track's end by the gap
    // before the figures' room, no more: beside short figures (Flood's
    // "1,575" at 800x600) "1.5k" ran into the scale's "positions" there.
    let mut last = (span.ceil() as u32).saturating_sub(1);
    while last > 1 && last as f32 * gap > width - (LABEL_HALF - SCALE_GAP) {
        last -= 1;
    }
    let step = (SCALE_LABEL / gap.max(1.0)).ceil().max(1.0) as u32;
    move |k| k >= 1 && k <= last && (last - k).is_multiple_of(step)
}

/// The comparison's two figures take the width of the wider, so that the
/// plain search's track and ours are one length (a bar's length is then
/// its share, whatever its figure's words).
pub(super) fn even_figures(
    mut figures: Query<(
        &TreeText,
        &bevy::text::TextLayoutInfo,
        &ComputedNode,
        &mut Node,
    )>,
    mut room: Query<&mut Node, (With<FigureRoom>, Without<TreeText>)>,
) {
    let widest = (figures.iter())
        .filter(|(t, ..)| matches!(t, TreeText::ComparePlain | TreeText::CompareOurs))
        .map(|(_, info, node, _)| info.size.x * node.inverse_scale_factor())
        .fold(0.0, f32::max);
    let want = px(widest.ceil());
    for (t, _, _, mut node) in &mut figures {
        if matches!(t, TreeText::ComparePlain | TreeText::CompareOurs) && node.min_width != want {
            node.min_width = want;
        }
    }
    for mut node in &mut room {
        if node.min_width != want {
            node.min_width = want;
        }
    }
}

/// A search watched from the position the comparison's searches ran on,
/// running or stopped short (Stop: its race stays, frozen where it
/// stopped; its room stood empty): the comparison, whether the search is
/// the plain one, the positions it has reached (at a moment of the
/// timeline, `moment`, those it had reached then: "82 so far" stood beside
/// the board at step 43 of 137), and whether it was stopped.
pub(super) fn race<'a>(
    comparison: Option<&'a Comparison>,
    autoplay: Option<&Autoplay>,
    moment: Option<&SearchTree>,
) -> Option<(&'a Comparison, bool, u64, bool)> {
    let a = autoplay.filter(|a| !a.is_replay() && a.watch.searches())?;
    let stopped = a.ending == Some(crate::game::solver::Ending::Stopped);
    if !a.is_active() && !stopped {
        return None;
    }
    let tree = a.tree.as_ref()?;
    let c = comparison.filter(|c| &c.position == tree.start())?;
    let plain = a.watch == Watch::Plain;
    // The positions its tree holds, as its whole figure counts them: a best
    // first search's own count of those it expanded came with its rare
    // progress reports, and Flood's race said "1 of 2,784" beside "45
    // search steps: 25 to new positions".
    let so_far = moment.unwrap_or(tree).stats().positions;
    Some((c, plain, so_far, stopped))
}

/// While a search is watched, or after it was stopped (`race`): the race,
/// its bar growing, or frozen.
pub(super) fn live_race(
    comparison: Option<&Comparison>,
    autoplay: Option<&Autoplay>,
    moment: Option<&SearchTree>,
) -> Option<compare::Chart> {
    let (c, plain, so_far, stopped) = race(comparison, autoplay, moment)?;
    Some(compare::live_chart(c, plain, so_far, stopped))
}

/// The share of its positions a watched search has reached, where its end
/// is known from its run unseen on the same position (the race's white
/// line): how much of it is done, where the share of the orders of moves it
/// has ruled out says next to nothing (the English board's search wins
/// before a millionth). `tree` is the search's own, or a moment of its
/// timeline (the share it had reached then). Running or stopped short. None
/// before its run's figure is in.
pub(super) fn positions_done(
    comparison: Option<&Comparison>,
    autoplay: Option<&Autoplay>,
    tree: &SearchTree,
) -> Option<f64> {
    let own = autoplay?
        .tree
        .as_ref()
        .is_some_and(|t| std::ptr::eq(t, tree));
    // (Stopped short too, as the race frozen beside it: on Flood the bar
    // went from the positions' 13% to the orders of moves' 50% at Stop.)
    let (c, plain, so_far, _) = race(comparison, autoplay, (!own).then_some(tree))?;
    let end = c.figures()[usize::from(!plain)].as_ref()?.positions;
    (so_far < end).then(|| so_far as f64 / end as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mark_says_the_positions_it_stands_for() {
        let words: Vec<String> = [7, 300, 1_000, 1_500, 20_000, 2_500_000, 3_000_000_000]
            .into_iter()
            .map(scale_words)
            .collect();
        assert_eq!(words, ["7", "300", "1k", "1.5k", "20k", "2.5M", "3G"]);
    }

    #[test]
    fn figures_thin_out_as_the_track_narrows() {
        let marks = |span: f32, width: f32| -> Vec<u32> {
            let shown = labelled_marks(span, width);
            (1..=SCALE_MARKS).filter(|&k| shown(k)).collect()
        };
        // 380 positions, a step of 100: marks at 100, 200 and 300.
        assert_eq!(marks(3.8, 170.0), [1, 2, 3]);
        assert_eq!(marks(3.8, 45.0), [3]);
        assert_eq!(marks(3.8, 80.0), [1, 3]);
        assert_eq!(marks(0.5, 170.0), Vec::<u32>::new());
        // No scale yet (a span of none): no marks, and no overflow.
        assert_eq!(marks(0.0, 170.0), Vec::<u32>::new());
        // A mark a few pixels before the track's end (1,575 positions, a
        // step of 500, 64 pixels: the mark at 1,500 stands 3 pixels from
        // it) has no figure: it would run into the words past the end.
        assert_eq!(marks(3.15, 64.0), [2]);
        assert_eq!(marks(3.5, 64.0), [1, 3]);
    }
}
