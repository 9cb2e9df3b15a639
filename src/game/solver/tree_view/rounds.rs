//! A best-first search's rounds: the bound each round raised, and its
//! colour on the map and in the rows; the figures that keep one width.

use super::*;

/// A best-first search's rounds in words: each bound it reached and the
/// positions it expanded under it.
pub(super) fn rounds(bounds: &[(u32, u64)]) -> String {
    format!(
        " Its rounds: {}.",
        pond_core::solve::tree_draw::rounds_words(bounds)
    )
}

/// A round's colour, as the tree's picture gives it.
pub(super) fn round_colour(round: u32, bounds: &[(u32, u64)]) -> Color {
    let [r, g, b] = pond_core::solve::tree_draw::round_colour(round, bounds);
    Color::srgb_u8(r, g, b)
}

/// The key of the rounds: a swatch for each of the search's last rounds,
/// in its colour, with its bound; none for a depth-first search.
pub(super) fn show_rounds(
    autoplay: Option<Res<Autoplay>>,
    mut key: Query<&mut Node, (With<RoundsKey>, Without<RoundSwatch>)>,
    mut swatches: Query<(&RoundSwatch, &mut Node, &mut BackgroundColor, &Children)>,
    mut texts: Query<&mut Text>,
    new: Query<(), Added<RoundSwatch>>,
    mut had: Local<bool>,
) {
    // Only when a search came, changed or went, or the key is new.
    let present = autoplay.is_some();
    if present == *had && autoplay.as_ref().is_none_or(|a| !a.is_changed()) && new.is_empty() {
        return;
    }
    *had = present;
    let bounds: &[(u32, u64)] = match autoplay.as_deref() {
        Some(a) if a.watch == Watch::Search => &a.stats.bounds,
        _ => &[],
    };
    let shown = &bounds[bounds.len().saturating_sub(ROUNDS_SHOWN)..];
    let display = |on: bool| if on { Display::Flex } else { Display::None };
    for mut node in &mut key {
        if node.display != display(!shown.is_empty()) {
            node.display = display(!shown.is_empty());
        }
    }
    for (swatch, mut node, mut bg, children) in &mut swatches {
        let round = shown.get(swatch.0);
        if node.display != display(round.is_some()) {
            node.display = display(round.is_some());
        }
        let Some(&(bound, _)) = round else { continue };
        let colour = round_colour(bound, bounds);
        if bg.0 != colour {
            bg.0 = colour;
        }
        for child in children.iter() {
            if let Ok(mut t) = texts.get_mut(child)
                && t.0 != bound.to_string()
            {
                t.0 = bound.to_string();
            }
        }
    }
}

/// The marks of the powers of ten on the comparison's bars, where the
/// chart's scale puts them.
pub(super) fn show_decades(
    comparison: Option<Res<Comparison>>,
    mut ticks: Query<(&DecadeTick, &mut Node)>,
    new: Query<(), Added<DecadeTick>>,
) {
    if comparison.as_ref().is_none_or(|c| !c.is_changed()) && new.is_empty() {
        return;
    }
    let decades = compare::chart(comparison.as_deref()).decades;
    for (tick, mut node) in &mut ticks {
        let k = tick.0 as f32;
        let (display, left) = if k < decades {
            (Display::Flex, percent(k / decades * 100.0))
        } else {
            (Display::None, percent(0))
        };
        if node.display != display || node.left != left {
            node.display = display;
            node.left = left;
        }
    }
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
}
