//! The column's switches: D (or its button) shows the tree's rows of words
//! instead of the map, and back; B the map's widths; Home (or "Whole map")
//! the whole map again. The parts of the map or of the words shown, the
//! others hidden, also for a column built while a card holds the keys.

use super::*;
use crate::solve::map::Layout;

/// The nodes with `A` and neither `B` nor `C`.
type OnlyOf<A, B, C> = (With<A>, Without<B>, Without<C>);

/// The words of the column's two switches (layout, and map or words).
type SwitchLabels = Or<(With<LayoutLabel>, With<WordsLabel>)>;

/// D (or the column's button): the rows of words instead of the map, and
/// back; the parts of each shown or hidden.
#[allow(clippy::too_many_arguments)]
pub(super) fn show_map_or_words(
    keys: Res<ButtonInput<KeyCode>>,
    mut toggles: MessageReader<ToggleWords>,
    mut layouts: MessageReader<ToggleLayout>,
    mut labels: Query<(&mut Text, Has<LayoutLabel>), SwitchLabels>,
    view: Option<ResMut<TreeViewState>>,
    mut maps: MapParts,
    mut words: WordsParts,
    mut whole: MessageReader<WholeMap>,
    mut whole_button: Query<&mut Node, OnlyOf<WholeMap, WithMap, WithWords>>,
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
    if layouts.read().count() % 2 == 1 || keys.just_pressed(KeyCode::KeyB) {
        map_view.layout = match map_view.layout {
            Layout::Work => Layout::Orders,
            Layout::Orders => Layout::Work,
        };
        (map_view.top, map_view.part) = (None, None);
        map_view.moved = false;
    }
    // The layout shown (a switch named for the other one read as this one).
    let layout = match map_view.layout {
        Layout::Work => "Widths: by work",
        Layout::Orders => "Widths: even",
    };
    let switch = if view.words { "Map" } else { "Words" };
    for (mut t, is_layout) in &mut labels {
        let label = if is_layout { layout } else { switch };
        if t.0 != label {
            t.0 = label.to_string();
        }
    }
    show_one_of(view.words, &mut maps, &mut words);
}

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

/// While a card or the menu holds the keys (`show_map_or_words` waits),
/// a column built anew shows the map's parts or the words', not both.
pub(super) fn keep_map_or_words(
    view: Option<Res<TreeViewState>>,
    added: Query<(), Added<WithWords>>,
    mut maps: MapParts,
    mut rows: WordsParts,
) {
    if let Some(view) = view
        && !added.is_empty()
    {
        show_one_of(view.words, &mut maps, &mut rows);
    }
}
