//! The view follows the search each frame: its rows, its figures, its
//! notes and the comparison.

use super::timeline_line::{SHORT_CAPTION_BELOW, timeline_words};
use super::*;
use crate::solve::Order;

/// The timeline's bar is filled to where the timeline stands.
pub(super) fn fill_timeline(
    mut commands: Commands,
    view: Res<TreeViewState>,
    autoplay: Option<Res<Autoplay>>,
    mut fills: Query<&mut Node, With<TimelineFill>>,
    bars: Query<(Entity, &bevy::ui_widgets::SliderValue), With<TimelineBar>>,
    mut here: Query<&mut Visibility, (With<PlayFromHere>, Without<Timeline>)>,
    mut timeline: Query<&mut Visibility, (With<Timeline>, Without<PlayFromHere>)>,
) {
    // "Play from here" while the board shows a moment before the end.
    let shown = if view.scrubbed.is_some() {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut v in &mut here {
        if *v != shown {
            *v = shown;
        }
    }
    let len = autoplay.as_deref().map_or(0, |a| a.log.len());
    // Nothing to go through ("No search yet"): the bar and its buttons
    // hidden, their room kept (nothing below them moves when a search
    // starts).
    let any = if len > 0 || view.scrubbed.is_some() {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut v in &mut timeline {
        if *v != any {
            *v = any;
        }
    }
    let at = view.scrubbed.as_ref().map_or(len, |(at, _)| *at);
    let part = if len == 0 {
        0.0
    } else {
        at as f32 / len as f32 * 100.0
    };
    for mut node in &mut fills {
        if node.width != percent(part) {
            node.width = percent(part);
        }
    }
    // The slider's value, which a drag starts from.
    for (bar, value) in &bars {
        if value.0 != part / 100.0 {
            commands
                .entity(bar)
                .try_insert(bevy::ui_widgets::SliderValue(part / 100.0));
        }
    }
}

pub(super) fn row_height(size: f32) -> f32 {
    (size * 1.36).round() + 2.0
}

/// Rows that fit a room `height` pixels high at a font size.
pub(super) fn rows_fitting(height: f32, size: f32) -> usize {
    ((height / row_height(size)).floor().max(3.0) as usize).min(MAX_ROWS)
}

/// The column's height, in logical pixels.
pub(super) fn column_height_of(columns: &Query<&ComputedNode, With<TreeColumn>>) -> f32 {
    columns
        .iter()
        .next()
        .map_or(600.0, |c| c.size().y * c.inverse_scale_factor())
}

/// Nodes that are neither a row nor a part shown by the column's height.
type NotRowNorPart = (Without<TreeRow>, Without<ShowFrom>);

/// The comparison's chart, apart from its bars.
type ChartOnly = (
    With<CompareChart>,
    Without<TreeRow>,
    Without<ShowFrom>,
    Without<CompareBar>,
);

/// The tree's column or its rows' room laid out at a new size.
type RoomResized = (Or<(With<TreeColumn>, With<RowRoom>)>, Changed<ComputedNode>);

#[allow(clippy::too_many_arguments)]
pub(super) fn update_view(
    mut view: ResMut<TreeViewState>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    (autoplay, playing): (Option<Res<Autoplay>>, Res<TimelinePlay>),
    state: Res<PlayState>,
    comparison: Option<Res<Comparison>>,
    columns: Query<&ComputedNode, With<TreeColumn>>,
    room: Query<&ComputedNode, With<RowRoom>>,
    mut rows: Rows,
    mut texts: RowTexts,
    mut lines: Query<(&TreeText, &mut Text), Without<TreeRow>>,
    mut parts: Query<(&ShowFrom, &mut Node, Has<WithWords>), Without<TreeRow>>,
    resized: Query<(), RoomResized>,
    new_rows: Query<(), Added<TreeRow>>,
    mut bars: Query<(&CompareBar, &mut Node), NotRowNorPart>,
    mut charts: Query<&mut Visibility, ChartOnly>,
    mut had_search: Local<bool>,
) {
    show_parts(&mut parts, column_height_of(&columns), view.words);
    // The outline is built again only when the search, the board, the
    // view (scrolled, scrubbed, zoomed) or the column's room changed: not
    // every frame while a finished search's tree is shown.
    // A search gone (a restart removes it) changes the view too.
    let gone = std::mem::replace(&mut *had_search, autoplay.is_some()) && autoplay.is_none();
    let changed = view.is_changed()
        || gone
        || autoplay.as_ref().is_some_and(|a| a.is_changed())
        || state.is_changed()
        || playing.is_changed()
        || comparison.as_ref().is_some_and(|c| c.is_changed())
        || !resized.is_empty()
        || !new_rows.is_empty();
    if !changed {
        return;
    }
    // A new search starts its timeline at its end.
    if autoplay.as_ref().is_some_and(|a| a.is_added()) && view.scrubbed.is_some() {
        view.scrubbed = None;
    }
    let scrubbed = view.scrubbed.take();
    let tree = match &scrubbed {
        Some((_, t)) => Some(t),
        None => autoplay.as_deref().and_then(|a| a.tree.as_ref()),
    };
    let watch = autoplay.as_deref().map_or(Watch::Search, |a| a.watch);
    let outline = tree.map(|t| outline(t, watch)).unwrap_or_default();
    let size = SIZES[view.zoom.min(SIZES.len() - 1)];
    let logical = |c: &ComputedNode| c.size().y * c.inverse_scale_factor();
    let fit = rows_fitting(room.iter().next().map_or(200.0, logical), size);
    // The row to follow: where the search is (the end of its line).
    let current = tree.and_then(|t| {
        let last = *t.line().last()?;
        outline.iter().position(|r| r.id == Some(last))
    });
    // A row clicked stays where it was clicked, once the board is there.
    let pinned = view.pinned.take().and_then(|(id, slot)| {
        let c = current.filter(|&c| outline[c].id == Some(id))?;
        Some(c.saturating_sub(slot))
    });
    if let Some(first) = pinned {
        view.first = first;
        view.follow = false;
    } else if view.follow {
        if let Some(c) = current {
            view.first = c.saturating_sub(fit * 2 / 3);
        }
        let deepest = current.map_or(0, |c| outline[c].depth);
        view.shift = deepest.saturating_sub(INDENT_STEPS);
    }
    // Followed, the rows fill the view down to the last; moved by the
    // player (a row clicked, the list scrolled), the first row stays where
    // it is while a row of the outline is left to show, so that the board
    // going there does not move the row under the pointer.
    let last_first = match view.follow {
        true => outline.len().saturating_sub(fit),
        false => outline.len().saturating_sub(1),
    };
    view.first = view.first.min(last_first);
    view.total = outline.len();
    let first = view.first;
    let shift = view.shift;
    // Letters a row has room for, beside its indent (and the scroll line's
    // room at the right).
    let width = windows
        .single()
        .map_or(300.0, |w| panels::tree_width(w.width()) - 47.0);
    view.slots = (0..fit)
        .map(|i| outline.get(first + i).and_then(|r| r.id))
        .collect();
    let painted = Painted {
        first,
        fit,
        shift,
        size,
        width,
        current,
        bounds: autoplay.as_deref().map_or(&[][..], |a| &a.stats.bounds[..]),
    };
    paint_rows(&outline, &painted, &mut rows, &mut texts);
    let (figures, note) = figures_and_note(autoplay.as_deref(), tree);
    // The rows' words for what was given up, and the map's.
    let given_up_key = match tree.is_some_and(|t| sets_aside(watch, t)) {
        true => "set aside",
        false => "lost, skipped, dead end",
    }
    .to_string();
    let hidden = match outline.len() {
        0 => String::new(),
        n if n <= fit => "Click a row (paused or done) to go there.".to_string(),
        n => format!(
            // ("Rows 15-22 of 25" alone read as a riddle to a new player.)
            "Showing rows {}-{} of {n}. To see others: drag, wheel or PageUp/PageDown; Home: back to the search.",
            first + 1,
            (first + fit).min(n)
        ),
    };
    let watching = autoplay.as_deref().is_some_and(Autoplay::is_active);
    // The comparison (its searches run unseen once the column opens) waits
    // for a search of the player's: over "No search yet" its ratio read as
    // a search's that had not run.
    let moment = scrubbed.as_ref().map(|(_, t)| t);
    let (chart, shown) = chart_now(comparison.as_deref(), autoplay.as_deref(), moment);
    let chart = show_chart(chart, shown, &mut charts, &mut bars);
    // In a narrow column (800x600) the positions alone, beside their bars:
    // with their times each went under its bar, and the bars and the ratio
    // left the won map 70 pixels high.
    let [plain_col, ours_col] = match narrow_column(&columns) {
        true => chart.counts,
        false => chart.values,
    };
    // (The chart is hidden while a watch runs, its room kept; the answers
    // in words wait too.)
    let (ratio, saved) = (chart.ratio, chart.saved);
    let answers = match watching {
        true => String::new(),
        false => chart.answers,
    };
    // A short column (800x600) has a line's room only while scrubbed: the
    // step alone.
    let short = column_height_of(&columns) < SHORT_CAPTION_BELOW;
    let timeline = timeline_words(
        autoplay.as_deref(),
        scrubbed.as_ref().map(|(at, _)| *at),
        short,
        playing.0.is_some(),
    );
    view.scrubbed = scrubbed;
    let ideas = format!(
        "What the solver adds:\n{}",
        plain::ideas(&state.puzzle)
            .iter()
            .map(|i| format!("- {i}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    // The plain search's picture says so in its title.
    let heading = match autoplay.as_deref().map(|a| a.watch) {
        Some(Watch::Plain) => "Plain search",
        _ => "Solver's search",
    }
    .to_string();
    for (line, mut t) in &mut lines {
        let words = match line {
            TreeText::Heading => &heading,
            TreeText::Figures => &figures,
            TreeText::Note => &note,
            TreeText::Hidden => &hidden,
            TreeText::CompareRatio => &ratio,
            TreeText::ComparePlain => &plain_col,
            TreeText::CompareOurs => &ours_col,
            TreeText::Answers => &answers,
            TreeText::Timeline => &timeline,
            TreeText::Ideas => &ideas,
            TreeText::Saved => &saved,
            TreeText::GivenUpKey => &given_up_key,
        };
        if &t.0 != words {
            t.0 = words.clone();
        }
    }
}

/// The parts of the column shown for its height (the rows of words only
/// with the words on).
fn show_parts(
    parts: &mut Query<(&ShowFrom, &mut Node, Has<WithWords>), Without<TreeRow>>,
    column: f32,
    words: bool,
) {
    for (least, mut node, words_only) in parts.iter_mut() {
        // A part of the rows of words stays hidden with the map.
        let display = if column >= least.0 && (words || !words_only) {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != display {
            node.display = display;
        }
    }
}

/// What the rows show: the outline's rows from `first`, `fit` of them,
/// indented past `shift` levels, in letters of `size` in a column `width`
/// wide; `current` the row of the search's place, `bounds` a best-first
/// search's rounds.
struct Painted<'a> {
    first: usize,
    fit: usize,
    shift: u32,
    size: f32,
    width: f32,
    current: Option<usize>,
    bounds: &'a [(u32, u64)],
}

type Rows<'w, 's> = Query<
    'w,
    's,
    (
        &'static TreeRow,
        &'static mut Node,
        &'static mut BackgroundColor,
        &'static mut BorderColor,
        &'static Children,
    ),
>;
type RowTexts<'w, 's> = Query<
    'w,
    's,
    (
        &'static mut Text,
        &'static mut TextColor,
        &'static mut TextFont,
    ),
    Without<TreeText>,
>;

/// Each row shows its line of the outline: its words, indent, tone and
/// round, the current one lit.
fn paint_rows(outline: &[outline::Row], p: &Painted, rows: &mut Rows, texts: &mut RowTexts) {
    let Painted {
        first,
        fit,
        shift,
        size,
        width,
        current,
        bounds,
    } = *p;
    // The shallowest row shown stands at the column's edge (no room spent
    // on levels above it), and a narrow column indents less a level: at
    // 800x600 its rows were cut to "bottom frog j...".
    let low = (0..fit)
        .filter_map(|i| outline.get(first + i))
        .map(|r| r.depth)
        .min()
        .unwrap_or(0);
    let shift = shift.max(low);
    let step = (width / 28.0).clamp(5.0, INDENT_PX);
    for (slot, mut node, mut bg, mut bar, children) in rows.iter_mut() {
        let r = (slot.0 < fit)
            .then(|| outline.get(first + slot.0))
            .flatten();
        let display = if r.is_some() {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != display {
            node.display = display;
        }
        let Some(r) = r else {
            // A hidden row keeps no light for when it shows again.
            if bg.0 != Color::NONE {
                bg.0 = Color::NONE;
            }
            continue;
        };
        let indent = r.depth.saturating_sub(shift).min(INDENT_STEPS + 4) as f32 * step;
        let letters = ((width - indent) / (size * 0.5)).max(8.0) as usize;
        let margin = UiRect::left(px(indent));
        if node.margin != margin {
            node.margin = margin;
        }
        let here = current == Some(first + slot.0);
        // Lit in the colour of its line: the try of the moment, or the
        // solution's end once the search has won.
        let want = match (here, r.tone) {
            (false, _) => Color::NONE,
            (true, Tone::Solution) => tone_colour(Tone::Solution).with_alpha(0.22),
            (true, _) => tone_colour(Tone::Line).with_alpha(0.22),
        };
        if bg.0 != want {
            bg.0 = want;
        }
        let round = match r.round {
            Some(round) if !bounds.is_empty() => round_colour(round, bounds),
            _ => Color::NONE,
        };
        if bar.left != round {
            *bar = BorderColor::all(round);
        }
        for child in children.iter() {
            if let Ok((mut t, mut c, mut f)) = texts.get_mut(child) {
                let depth = if r.depth < shift && r.depth > 0 {
                    format!("{}. ", r.depth)
                } else {
                    String::new()
                };
                let words = match r.tone {
                    Tone::Untried => {
                        let room = letters.saturating_sub(depth.chars().count());
                        format!("{depth}{}", outline::untried_words(&r.untried, room))
                    }
                    _ => short_row(&format!("{depth}{}", r.words), letters),
                };
                if t.0 != words {
                    t.0 = words;
                }
                let colour = tone_colour(r.tone);
                if c.0 != colour {
                    c.0 = colour;
                }
                if f.font_size != FontSize::Px(size) {
                    f.font_size = FontSize::Px(size);
                }
            }
        }
    }
}

/// A row's words within `letters`: whole where they fit; else the move's
/// words alone (the row's tone still says it was given up), which are the
/// row's point: "bottom frog jumps left", not "bottom frog... - 27 lost";
/// else those cut.
fn short_row(words: &str, letters: usize) -> String {
    if words.chars().count() <= letters {
        return words.to_string();
    }
    let mv = words.rsplit_once(" - ").map_or(words, |(mv, _)| mv);
    theme::short(mv, letters)
}

/// The search's figures and the note under them.
fn figures_and_note(autoplay: Option<&Autoplay>, tree: Option<&SearchTree>) -> (String, String) {
    match (autoplay, tree) {
        (Some(a), Some(t)) => {
            let who = if a.watch == Watch::Plain {
                "Plain search"
            } else {
                "Solver's search"
            };
            let st = t.stats();
            let mut note = note_for(t.start(), a.watch);
            if a.watch == Watch::Search && !a.stats.bounds.is_empty() {
                note.push_str(&rounds(&a.stats.bounds));
            }
            let positions = format!(
                "{who}: {} {}",
                compare::group(st.positions),
                crate::levels::noun(st.positions, "position", "positions"),
            );
            // In the key's words: a best-first search sets lines aside
            // (each one taken back), it has no dead ends of its own.
            let figures = if sets_aside(a.watch, t) {
                format!(
                    "{positions}, {} set aside",
                    compare::group(st.backtracks)
                )
            } else {
                format!(
                    "{positions}, {} {}, {} {} taken back",
                    compare::group(st.dead_ends),
                    crate::levels::noun(st.dead_ends, "dead end", "dead ends"),
                    compare::group(st.backtracks),
                    crate::levels::noun(st.backtracks, "move", "moves")
                )
            };
            (figures, note)
        }
        _ => (
            "No search yet.".to_string(),
            "Watch (W) grows the solver's tree here; Plain (P) the plain search's, as the first programs searched.".to_string(),
        ),
    }
}

/// Whether the comparison's chart shows: once a figure is in, after a
/// search of the player's, while no watched search runs (its figures, from
/// searches run unseen beside it, read as the watched one's before it had
/// won).
pub(super) fn chart_shown(comparison: Option<&Comparison>, autoplay: Option<&Autoplay>) -> bool {
    // Not beside a search stopped short (its figures, its own runs to their
    // ends, read as the stopped search's), nor beside a solution played
    // (over "No search yet").
    autoplay.is_some_and(|a| {
        a.watch.searches()
            && !a.is_active()
            && a.ending != Some(crate::game::solver::Ending::Stopped)
    }) && comparison.is_some_and(|c| c.figures().iter().any(Option::is_some))
}

/// The comparison's chart as it stands, and whether it shows: the race
/// while a search is watched, else the searches' figures once a search of
/// the player's has ended (`chart_shown`).
pub(super) fn chart_now(
    comparison: Option<&Comparison>,
    autoplay: Option<&Autoplay>,
    moment: Option<&SearchTree>,
) -> (compare::Chart, bool) {
    if let Some(race) = live_race(comparison, autoplay, moment) {
        return (race, true);
    }
    let shown = chart_shown(comparison, autoplay);
    (compare::chart(comparison.filter(|_| shown)), shown)
}

/// The comparison's chart, shown where `any` says, its bars as long as
/// their figures.
fn show_chart(
    chart: compare::Chart,
    any: bool,
    charts: &mut Query<&mut Visibility, ChartOnly>,
    bars: &mut Query<(&CompareBar, &mut Node), NotRowNorPart>,
) -> compare::Chart {
    // Its room is kept while it is hidden, so the timeline's buttons above
    // it never move under the pointer.
    for mut v in charts.iter_mut() {
        let shown = if any {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if *v != shown {
            *v = shown;
        }
    }
    for (bar, mut node) in bars.iter_mut() {
        // (A bar's finish line, where its search will end.)
        if bar.0 >= 2 {
            let (display, left) = match chart.ends[(bar.0 - 2).min(1)] {
                Some(end) => (Display::Flex, percent(end.min(1.0) * 100.0)),
                None => (Display::None, percent(0)),
            };
            if node.display != display || node.left != left {
                node.display = display;
                node.left = left;
            }
            continue;
        }
        let share = chart.bars[bar.0.min(1)];
        let want = percent(share * 100.0);
        // A search of a thousandth of the other's positions is still a
        // sliver.
        let least = if share > 0.0 { px(2) } else { px(0) };
        if node.width != want || node.min_width != least {
            node.width = want;
            node.min_width = least;
        }
    }
    chart
}

/// How the solver's search of the puzzle goes, for the how-to card.
pub fn search_note(p: &Puzzle) -> String {
    note_for(p, Watch::Search)
}

/// What the picture shows, for the puzzle and the search watched.
pub(super) fn note_for(p: &Puzzle, watch: Watch) -> String {
    match (crate::solve::order(p), watch) {
        (_, Watch::Plain) => {
            "Every move in turn, remembering no position and ruling out none: the first programs' way."
                .into()
        }
        (Order::BestFirst, _) => "It grows first the line that looks shortest (its moves so far, and at least how many are left), and may come back to a line it set aside. A row's bar: the round it was reached in (each round allows longer lines).".into(),
        (Order::BreadthFirst, _) => "It tries every line of one move, then every line of two, and so on, each position once: the first win found is a shortest. A row's bar: the round (the length of line) it was reached in.".into(),
        (Order::DepthFirst, _) => "It follows one line of moves to its end, then backs up to the last move it can change. A lost branch is one row, with the positions searched in it; a skipped one was known lost and not searched.".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::short_row;

    /// A narrow row keeps its move's words before what became of it.
    #[test]
    fn a_narrow_row_keeps_its_moves_words() {
        let row = "bottom frog jumps left - 27 lost";
        assert_eq!(short_row(row, 40), row);
        assert_eq!(short_row(row, 24), "bottom frog jumps left");
        assert_eq!(short_row(row, 12), "bottom fr...");
        assert_eq!(short_row("pour blue", 6), "pou...");
    }
}
