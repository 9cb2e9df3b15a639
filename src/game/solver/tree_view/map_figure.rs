//! The line under the map's bar: what a won search spared, or how far a
//! search by rounds has narrowed the shortest win.

use super::*;
use crate::solve::map::{Layout, SearchMap};

/// The figure's words for the search shown (`tree`), its map as a whole
/// (`whole`), the share of its orders of moves ruled out, whether it has
/// won, how a search by rounds has narrowed the shortest win, and the
/// map's widths (`layout`).
pub(super) fn figure_words(
    tree: Option<&SearchTree>,
    whole: &SearchMap,
    share: f64,
    won: bool,
    narrowed: Option<(u32, u32, f64)>,
    layout: Layout,
) -> String {
    // (Before a search the map itself says how to start one.)
    let Some(t) = tree else {
        return String::new();
    };
    match whole.done_words() {
        // Widths by the positions searched, the winning line fills most of
        // the picture: a share of the orders of moves ("over 99% never
        // needed") beside it read as the opposite of what it showed.
        Some(_) if won && layout == Layout::Work => {
            let n = t.stats().positions;
            let noun = crate::levels::noun(n, "position", "positions");
            format!("Won: {} {noun} searched", compare::group(n))
        }
        // A win ends the search early: the share is what it took.
        // Won early, the share reads as nothing done beside "287 times
        // fewer positions": the win says what it spared instead.
        Some(_) if won && share < 0.5 => format!(
            "Won early: {}{} of the ways to play never needed",
            if share < 0.01 { "over " } else { "" },
            crate::solve::map::share_words((1.0 - share).min(0.99))
        ),
        Some(w) if won => format!("Won, with {w}"),
        // Under way, the bar beside "Done" says the share: the
        // same figure again in words was seven words more to read.
        Some(_) => String::new(),
        None => match (t.round(), narrowed) {
            (Some(_), _) if t.solved() => {
                let moves = t.line().len().saturating_sub(1);
                let moves = crate::levels::count_of(moves, "move", "moves");
                format!("Won in {moves}: none shorter")
            }
            (_, Some((bound, known, _))) if bound < known => {
                format!("Shortest win: {bound} to {known} moves")
            }
            (_, Some((_, known, _))) => format!("Shortest win: {known} moves"),
            (Some(bound), None) => {
                format!("Round {}: lines of {bound} moves", t.rounds().len())
            }
            (None, None) => "Nothing tried yet".into(),
        },
    }
}

/// Before a search, the map's words: how to start one (an empty box stood
/// there, its words under it).
pub(super) fn blank() -> impl Bundle {
    (
        MapBlank,
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            row_gap: px(6),
            ..default()
        },
        Pickable::IGNORE,
        children![
            (
                text("No search yet", 15.0, theme::TEXT),
                TextLayout::no_wrap(),
                Pickable::IGNORE,
            ),
            (
                text(
                    "Watch (W): the solver's search\nPlain (P): the plain search",
                    12.5,
                    theme::TEXT
                ),
                TextLayout::justify(Justify::Center),
                Pickable::IGNORE,
            ),
        ],
    )
}

/// The words in the map before a search.
#[derive(Component)]
pub(super) struct MapBlank;

/// The bar stands only beside a search; before one, the map says how to
/// start one.
pub(super) fn bar_with_a_search(
    view: Res<TreeViewState>,
    autoplay: Option<Res<Autoplay>>,
    mut bars: Query<&mut Visibility, (With<MapBar>, Without<MapBlank>)>,
    mut blanks: Query<&mut Visibility, With<MapBlank>>,
) {
    let searched = shown_tree(&view, autoplay.as_deref()).is_some();
    let shown = |yes: bool| match yes {
        true => Visibility::Inherited,
        false => Visibility::Hidden,
    };
    for mut v in &mut bars {
        v.set_if_neq(shown(searched));
    }
    for mut v in &mut blanks {
        v.set_if_neq(shown(!searched));
    }
}
