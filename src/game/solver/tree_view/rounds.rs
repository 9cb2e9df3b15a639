//! A best-first search's rounds: the bound each round raised, and its
//! colour on the map and in the rows.

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
