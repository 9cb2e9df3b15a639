//! The how-to card: the rule of the puzzle in a few lines, a tiny board
//! that plays its solver's answer over and over, and the controls. It opens
//! by itself the first time a player opens a puzzle, and again with `?`
//! (or F1, or the `?` button); Esc, Enter, Space or "Got it" close it, and
//! so does a key of the board or the search, which does its work too.

use super::play::{Menu, PlayAction, PlayState};
use super::puzzles;
use super::settings::{ChangeSetting, SETTING_KEYS, Settings};
use super::theme::{self, Art, Fonts, text, widget};
use super::{GameOptions, Screen};
use crate::rules::{Puzzle, PuzzleMove};
use bevy::prelude::*;

/// The card's root.
#[derive(Component)]
struct CardRoot;

/// The card's body, which scrolls.
#[derive(Component)]
struct CardBody;

/// The example board: where it has got to in its lesson.
#[derive(Component)]
struct Stage {
    start: Puzzle,
    moves: Vec<PuzzleMove>,
    /// Moves played so far, and seconds since the last.
    step: usize,
    clock: f32,
}

/// The line under the example.
#[derive(Component)]
struct Caption;

/// Seconds between the example's moves, and at its end before it starts again.
const BEAT: f32 = 1.3;
const REST: f32 = 2.6;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Play),
        open_the_first_time.before(crate::game::lines::start_pasted_line),
    )
    .add_systems(OnEnter(Menu::HowTo), spawn_card)
    .add_systems(
        PreUpdate,
        scroll_keys
            .after(bevy::input::InputSystems)
            .run_if(in_state(Menu::HowTo)),
    )
    .add_systems(
        Update,
        (play_lesson, close_keys).run_if(in_state(Menu::HowTo)),
    )
    .add_systems(
        PostUpdate,
        stage_inside_the_body
            .after(bevy::ui::UiSystems::Layout)
            .run_if(in_state(Menu::HowTo)),
    );
}

/// The example stage shows only while the whole of it is inside the card's
/// scrolled body: its lily pads and frogs are turned pictures, which the
/// body's edge does not clip (scrolled part way up, they stood over the
/// card's title).
fn stage_inside_the_body(
    bodies: Query<(&ComputedNode, &UiGlobalTransform), With<CardBody>>,
    mut stages: Query<(&ComputedNode, &UiGlobalTransform, &mut Visibility), With<Stage>>,
) {
    let rect = |node: &ComputedNode, at: &UiGlobalTransform| {
        Rect::from_center_size(at.translation, node.size())
    };
    let Some(body) = bodies.iter().next().map(|(n, at)| rect(n, at)) else {
        return;
    };
    for (node, at, mut shown) in &mut stages {
        let stage = rect(node, at);
        let inside = stage.min.y >= body.min.y - 1.0 && stage.max.y <= body.max.y + 1.0;
        shown.set_if_neq(match inside {
            true => Visibility::Inherited,
            false => Visibility::Hidden,
        });
    }
}

/// The first level of a puzzle the player has never seen opens its card
/// (not while auto-play or a screenshot was asked for on the command line,
/// nor over a pasted game being replayed).
fn open_the_first_time(
    options: Res<GameOptions>,
    settings: Res<Settings>,
    pasted: Option<Res<crate::game::codes::PastedLine>>,
    state: Option<Res<PlayState>>,
    mut menu: ResMut<NextState<Menu>>,
    mut change: MessageWriter<ChangeSetting>,
    mut map_first: ResMut<crate::game::play::CardMapFirst>,
) {
    let Some(state) = state else { return };
    if pasted.is_some() {
        return;
    }
    let bit = 1 << puzzles::card(&state.puzzle).bit;
    if options.how_to || (options.teach && settings.taught & bit == 0) {
        // It opens at the rule, as the bar's "?" does.
        map_first.0 = false;
        menu.set(Menu::HowTo);
        change.write(ChangeSetting::Taught(bit));
    }
}

/// Keys that leave the card up: those that close it their own way (Esc,
/// "?", F1), the settings' keys, and Shift, Ctrl, Alt and the like.
const KEEPS_THE_CARD: [KeyCode; 11] = [
    KeyCode::Escape,
    KeyCode::Slash,
    KeyCode::F1,
    KeyCode::ShiftLeft,
    KeyCode::ShiftRight,
    KeyCode::ControlLeft,
    KeyCode::ControlRight,
    KeyCode::AltLeft,
    KeyCode::AltRight,
    KeyCode::SuperLeft,
    KeyCode::SuperRight,
];

/// Keys that scroll the card and do nothing else while it is up: the
/// arrows, Page Up and Down, Home and End (a Down meant for the card
/// closed it and took the search's board a step back behind it).
const SCROLL_KEYS: [KeyCode; 8] = [
    KeyCode::ArrowUp,
    KeyCode::ArrowDown,
    KeyCode::ArrowLeft,
    KeyCode::ArrowRight,
    KeyCode::PageUp,
    KeyCode::PageDown,
    KeyCode::Home,
    KeyCode::End,
];

/// Pixels an arrow scrolls the card by.
const SCROLL_LINE: f32 = 40.0;

/// The scroll keys scroll the card's body, and are taken from the keys
/// pressed this frame, so that neither the board, the search's timeline nor
/// the card's closing keys see them.
fn scroll_keys(
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut bodies: Query<(&mut ScrollPosition, &ComputedNode), With<CardBody>>,
) {
    if !keys.any_just_pressed(SCROLL_KEYS) {
        return;
    }
    for (mut at, node) in &mut bodies {
        let (view, most) = crate::game::screens::scroll::extent(node);
        let y = crate::game::screens::scroll::keyed(at.0.y, view, most, &keys, Some(SCROLL_LINE));
        if y != at.0.y {
            at.0.y = y;
        }
    }
    for key in SCROLL_KEYS {
        keys.clear_just_pressed(key);
    }
}

/// Enter or Space close the card; so does any key of the board or the
/// search (W, G, a digit, U...), which does its own work as well, and the
/// move map's M (a setting's key, but its marks are on the board: pressed
/// from the card, which lists it, the map and its line came on hidden
/// under the card).
fn close_keys(keys: Res<ButtonInput<KeyCode>>, mut actions: MessageWriter<PlayAction>) {
    let keeps = |key: &KeyCode| {
        KEEPS_THE_CARD.contains(key)
            || (SETTING_KEYS.iter())
                .any(|(k, setting)| k == key && *setting != ChangeSetting::MoveMap)
    };
    if keys.get_just_pressed().any(|key| !keeps(key)) {
        actions.write(PlayAction::HowTo);
    }
}

fn spawn_card(
    mut commands: Commands,
    state: Option<Res<PlayState>>,
    fonts: Res<Fonts>,
    art: Res<Art>,
    settings: Res<Settings>,
    column: Option<Res<crate::game::panels::TreeViewOpen>>,
    map_first: Res<crate::game::play::CardMapFirst>,
) {
    let Some(state) = state else { return };
    let column = column.is_some_and(|c| c.0);
    let map_first = map_first.0;
    let teach = puzzles::card(&state.puzzle);
    let lesson = teach.lesson();
    commands
        .spawn((
            CardRoot,
            Name::new("How-to card"),
            DespawnOnExit(Menu::HowTo),
            theme::cover(),
            GlobalZIndex(20),
        ))
        .with_children(|cover| {
            cover
                .spawn((theme::card_node(600.0), theme::card_look()))
                .with_children(|card| {
                    // What the move map's numbers count in this puzzle.
                    let ways = lesson
                        .as_ref()
                        .is_some_and(|(start, _)| crate::solve::moves::counts_ways(start));
                    // The column's "?" card is titled for its first part.
                    let title = if column && map_first {
                        "The search map"
                    } else {
                        teach.title
                    };
                    card.spawn(theme::heading(&fonts, title, 28.0, theme::TEXT));
                    // The rest scrolls where the window is too short for it
                    // (the search's column adds its map's marks): nothing
                    // is squeezed over anything else.
                    let body = card
                        .spawn((
                            Node {
                                flex_direction: FlexDirection::Column,
                                align_items: AlignItems::Center,
                                row_gap: px(8),
                                min_height: px(0),
                                overflow: Overflow::scroll_y(),
                                ..default()
                            },
                            widget::WheelScroll,
                            CardBody,
                        ))
                        .with_children(|body| {
                            // Each "?" explains what stands beside it: the bar's
                            // (and the key) the puzzle's rule first, the search
                            // column's its map first (a card over a search that
                            // opened on the map's key buried the rule; one that
                            // opened on the rule buried the map's marks).
                            if column && map_first {
                                map_part(body, &state.puzzle);
                                divider(body);
                            }
                            rule_part(body, teach, lesson, ways, &art, &settings);
                            if column && !map_first {
                                divider(body);
                                map_part(body, &state.puzzle);
                            }
                        })
                        .id();
                    // In the card's margin beside the body, a bar shows that
                    // it scrolls (a new player at 800x600 did not know the
                    // map's key was below); it takes none of the body's room.
                    card.spawn(crate::game::theme::scroll_bar::bar(
                        body,
                        Node {
                            position_type: PositionType::Absolute,
                            right: px(6),
                            top: px(70),
                            bottom: px(78),
                            ..default()
                        },
                    ));
                    card.spawn(widget::text_button(
                        PlayAction::HowTo,
                        "Got it (Enter)",
                        20.0,
                    ));
                });
        });
}

/// The search map's part of the card: its marks, then how it is read.
fn map_part(body: &mut ChildSpawnerCommands, puzzle: &Puzzle) {
    body.spawn(map_key(puzzle));
    // How the puzzle's search goes, after what the map is: the column says
    // it only in a tall window (its paragraph took four rows of words).
    let how = crate::game::solver::tree_view::search_note(puzzle);
    let (first, rest) = MAP_WORDS.split_at(1);
    for &line in first.iter().chain([&how.as_str()]).chain(rest) {
        body.spawn((
            text(line, 15.0, theme::TEXT_DIM),
            TextLayout::justify(Justify::Center),
            keep(),
        ));
    }
}

/// A thin line between the card's two parts.
fn divider(body: &mut ChildSpawnerCommands) {
    body.spawn((
        Node {
            width: percent(80),
            height: px(1),
            margin: UiRect::vertical(px(4)),
            flex_shrink: 0.0,
            ..default()
        },
        BackgroundColor(theme::TEXT_DIM.with_alpha(0.4)),
    ));
}

/// The puzzle's part of the card: its rule, the example playing its
/// lesson, the controls and what the move map is.
fn rule_part(
    body: &mut ChildSpawnerCommands,
    teach: &puzzles::Card,
    lesson: Option<(Puzzle, Vec<PuzzleMove>)>,
    ways: bool,
    art: &Art,
    settings: &Settings,
) {
    for line in teach.rule {
        body.spawn((
            text(*line, 18.0, theme::TEXT),
            TextLayout::justify(Justify::Center),
            keep(),
        ));
    }
    if let Some((start, moves)) = lesson {
        body.spawn((
            Stage {
                start: start.clone(),
                moves,
                step: 0,
                clock: 0.0,
            },
            Node {
                width: px(360),
                height: px(puzzles::stage_height(&start)),
                margin: UiRect::vertical(px(6)),
                border_radius: BorderRadius::all(px(12)),
                flex_shrink: 0.0,
                ..default()
            },
            BackgroundColor(Color::srgba(0.10, 0.30, 0.38, 0.9)),
        ))
        .with_children(|stage| {
            puzzles::draw_example(&start, stage, art, None, settings.colour_blind)
        });
        body.spawn((Caption, text("The start", 16.0, theme::HIGHLIGHT), keep()));
    }
    let map = format!(
        "The move map ticks the moves that keep the level winnable and \
         crosses the others; it counts {} after each, and a click on a mark \
         makes its move. A hint or the map is help: a win with it earns no \
         stars.",
        if ways {
            "the ways to win"
        } else {
            "the fewest moves left"
        }
    );
    for line in [
        teach.controls,
        // A key and its word never part at a line's
        // end (". step" broke as "." and "step").
        "U\u{a0}undo   H\u{a0}hint   M\u{a0}move\u{a0}map   ?\u{a0}this\u{a0}card",
        "Watching: S\u{a0}solve   W\u{a0}watch   P\u{a0}plain\u{a0}search   G\u{a0}search\u{a0}map   Space\u{a0}pause   .\u{a0}step   X\u{a0}stop   \u{2212}\u{a0}+\u{a0}speed",
        map.as_str(),
    ] {
        body.spawn((
            text(line, 15.0, theme::TEXT_DIM),
            TextLayout::justify(Justify::Center),
            keep(),
        ));
    }
}

/// A part of the card's body at its own height (the body scrolls instead).
fn keep() -> Node {
    Node {
        flex_shrink: 0.0,
        ..default()
    }
}

/// How the search map is read, below its marks on the card: a short line
/// each (one paragraph of 110 words made the card scroll at 800x600).
const MAP_WORDS: [&str; 4] = [
    "The search map: a band for each move deeper, each position's width shared among its moves.",
    "Wheel, ]\u{a0}[ or a drag: zoom \u{b7} Home: the whole map \u{b7} a click: the board goes there \u{b7} D: in words",
    "Plain\u{a0}(P): the search without the solver's ideas; the bars count each search's positions.",
    "The timeline: a step for each move tried or taken back; the arrows step it (with Shift while you play), Shift+Home and Shift+End go to its ends.",
];

/// Every mark of the search map, a swatch and what it means (the column's
/// key has a word each; how "lost", "skipped", "dead end" and "set aside"
/// differ is said here), and the dim wash below a branch given up; "set
/// aside" only where the puzzle's search sets lines aside (best or breadth
/// first).
fn map_key(puzzle: &crate::rules::Puzzle) -> impl Bundle {
    use crate::game::solver::tree_view::{key_entry, wash_entry};
    use crate::solve::{Order, map};
    let sets_aside = crate::solve::order(puzzle) != Order::DepthFirst;
    (
        Node {
            column_gap: px(16),
            row_gap: px(4),
            flex_wrap: FlexWrap::Wrap,
            justify_content: JustifyContent::Center,
            margin: UiRect::top(px(4)),
            flex_shrink: 0.0,
            ..default()
        },
        Children::spawn((
            SpawnIter(
                map::key_all()
                    .filter(move |&mark| sets_aside || !matches!(mark, map::MapMark::SetAside(_)))
                    .map(|mark| key_entry(mark, map::key_meaning(mark), 14.0, 14.0, theme::TEXT)),
            ),
            Spawn(wash_entry(14.0, 14.0, theme::TEXT)),
        )),
    )
}

/// Plays the lesson a move per beat, and from the start again after a rest.
fn play_lesson(
    mut commands: Commands,
    time: Res<Time>,
    art: Res<Art>,
    settings: Res<Settings>,
    mut stages: Query<(Entity, &mut Stage)>,
    mut captions: Query<&mut Text, With<Caption>>,
) {
    for (entity, mut stage) in &mut stages {
        stage.clock += time.delta_secs();
        let done = stage.step >= stage.moves.len();
        let wait = if done { REST } else { BEAT };
        if stage.clock < wait {
            continue;
        }
        stage.clock = 0.0;
        let mut before = stage.start.clone();
        let played = if done { 0 } else { stage.step + 1 };
        for &m in &stage.moves[..played.saturating_sub(1)] {
            let _ = before.apply(m);
        }
        let mut now = before.clone();
        if played > 0 {
            let _ = now.apply(stage.moves[played - 1]);
        }
        stage.step = played;
        commands.entity(entity).despawn_children();
        let previous = (played > 0).then_some(&before);
        commands.entity(entity).with_children(|s| {
            puzzles::draw_example(&now, s, &art, previous, settings.colour_blind)
        });
        if let Ok(mut caption) = captions.single_mut() {
            caption.0 = caption_for(&now, played, stage.moves.len());
        }
    }
}

/// The lesson's line: at its start too, so that the card below it never
/// moves by a line (an empty line had no height, and the card's key and
/// scroll jumped at every restart of the lesson).
fn caption_for(now: &Puzzle, played: usize, total: usize) -> String {
    if played == 0 {
        return "The start".to_string();
    }
    let count = format!("Move {played} of {total}");
    if played == total {
        return format!("{count}: won!");
    }
    match puzzles::caption(now) {
        Some(words) => format!("{count}: {words}"),
        None => count,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every card's example is a real level that its solver wins, in a few
    /// moves, each replayed through the rules, and the card of that level is
    /// the card itself.
    #[test]
    fn every_example_is_won_by_its_moves() {
        for card in puzzles::cards() {
            let (mut p, moves) = card.lesson().unwrap_or_else(|| panic!("{}", card.title));
            assert!(
                (1..=5).contains(&moves.len()),
                "{}: {} moves",
                card.title,
                moves.len()
            );
            // The pond's lesson is played on a row of pads, like the pegs':
            // the pond's own card is the pond's.
            if card.bit != 1 {
                assert_eq!(puzzles::card(&p).bit, card.bit, "{}", card.title);
            }
            for m in moves {
                p.apply(m).unwrap();
            }
            assert!(p.is_won(), "{}", card.title);
        }
    }

    #[test]
    fn each_card_has_its_own_bit() {
        let bits = puzzles::cards().iter().fold(0u8, |acc, card| {
            assert!(card.bit < 8, "{}", card.title);
            assert_eq!(acc & 1 << card.bit, 0, "{}", card.title);
            acc | 1 << card.bit
        });
        assert_eq!(bits.count_ones(), 5);
    }
}
