//! Under the board: Flood's palette of colour buttons, and the keys' line
//! (how to move, then the keys every puzzle shares, each a button too).

use super::{Palette, UnderBoard};
use crate::game::panels::BoardEdge;
use crate::game::play::{MoveRequested, PlayAction, PlayState, Request};
use crate::game::puzzles;
use crate::game::settings::Settings;
use crate::game::theme::tip::Tip;
use crate::game::theme::widget::{self, ButtonColours};
use crate::game::theme::{self, text};
use bevy::prelude::*;

/// The keys' line's words on how to play ("Click a frog, or the arrows and Enter."):
/// said while a move can be made, not under a won board or a dead end.
#[derive(Component)]
pub(super) struct HowToMove;

/// A Flood palette button: its colour.
#[derive(Component)]
pub(super) struct PaletteButton(u8);

/// One of the keys every puzzle shares, in the keys' line: a button too, so
/// a tap or a click does what the key does (a player without a keyboard can
/// undo, restart and open the menu).
fn shared_key<A: Component>(
    keys: &mut ChildSpawnerCommands,
    label: &str,
    action: A,
    needs: KeyNeeds,
) {
    keys.spawn((
        needs,
        Button,
        bevy::ui_widgets::Button,
        action,
        Node {
            padding: UiRect::axes(px(6), px(2)),
            border_radius: BorderRadius::all(px(6)),
            ..default()
        },
        // A faint chip at rest, so that it reads as a button to tap.
        BackgroundColor(KEY_CHIP),
        ButtonColours {
            rest: KEY_CHIP,
            hover: theme::BUTTON,
        },
        children![(text(label, 17.0, theme::TEXT_DIM), Pickable::IGNORE)],
    ));
}

/// A shared key's colour at rest: the button's, faint.
const KEY_CHIP: Color = Color::srgba(0.18, 0.42, 0.36, 0.35);

/// What a shared key needs to do anything: without it the key is greyed
/// in its place (nothing to undo at the start, nothing to redo), so the
/// line says only what a press would do and never moves.
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum KeyNeeds {
    /// A move made: undo and restart.
    Done,
    /// A move taken back: redo.
    Undone,
    /// A level not won yet: a hint.
    Unwon,
    /// Always does something.
    Nothing,
}

/// Greys the keys that would do nothing now and brings them back when
/// they would (a move, an undo, a restart).
pub(super) fn grey_idle_keys(
    state: Res<PlayState>,
    keys: Query<(Entity, &KeyNeeds, Has<bevy::ui::InteractionDisabled>)>,
    added: Query<(), Added<KeyNeeds>>,
    mut commands: Commands,
) {
    if !state.is_changed() && added.is_empty() {
        return;
    }
    for (key, needs, greyed) in &keys {
        let idle = match needs {
            KeyNeeds::Done => state.done.is_empty(),
            KeyNeeds::Undone => state.undone.is_empty(),
            KeyNeeds::Unwon => state.puzzle.is_won(),
            KeyNeeds::Nothing => false,
        };
        if idle == greyed {
            continue;
        }
        let mut key = commands.entity(key);
        if idle {
            key.insert((
                bevy::ui::InteractionDisabled,
                ButtonColours {
                    rest: Color::NONE,
                    hover: Color::NONE,
                },
            ));
        } else {
            key.remove::<bevy::ui::InteractionDisabled>();
            key.insert(ButtonColours {
                rest: KEY_CHIP,
                hover: theme::BUTTON,
            });
        }
    }
}

/// The keys every puzzle shares, after the line that says how to play;
/// `edited`: a level played from the editor, where Esc goes back to it and
/// there is no next level.
fn shared_keys(line: &mut ChildSpawnerCommands, edited: bool) {
    line.spawn(Node {
        column_gap: px(6),
        ..default()
    })
    .with_children(|keys| {
        let undo = MoveRequested::player(Request::Undo);
        shared_key(keys, "U undo", undo, KeyNeeds::Done);
        let redo = MoveRequested::player(Request::Redo);
        shared_key(keys, "R redo", redo, KeyNeeds::Undone);
        let hint = crate::game::solver::AutoplayCommand::Hint;
        shared_key(keys, "H hint", hint, KeyNeeds::Unwon);
        shared_key(
            keys,
            "Backspace restart",
            PlayAction::Replay,
            KeyNeeds::Done,
        );
        if edited {
            shared_key(keys, "Esc editor", PlayAction::Menu, KeyNeeds::Nothing);
        } else {
            shared_key(keys, "N next", PlayAction::NextLevel, KeyNeeds::Nothing);
            shared_key(keys, "Esc menu", PlayAction::Menu, KeyNeeds::Nothing);
        }
    });
}

/// Under the board: the puzzle's move buttons (Flood's colours), then how
/// to play it and the keys, one line in a wide window, two in a narrow one.
pub(super) fn bottom_panels(
    ui: &mut ChildSpawnerCommands,
    state: &PlayState,
    (colour_blind, edited): (bool, bool),
    fonts: &theme::Fonts,
) {
    let buttons = puzzles::buttons(&state.puzzle);
    // Each part is an edge of its own: the search's column stands beside
    // Flood's palette (narrow) and above the keys' line (wide), not above
    // the two as one.
    ui.spawn((
        UnderBoard,
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: px(8),
            ..default()
        },
        Pickable::IGNORE,
    ))
    .with_children(|bottom| {
        if !buttons.is_empty() {
            bottom
                .spawn((
                    Palette,
                    BoardEdge::Bottom,
                    Node {
                        // Room above for the move map's marks on the
                        // buttons' corners: the board stays clear of them.
                        padding: UiRect::top(px(16)),
                        column_gap: px(8),
                        row_gap: px(8),
                        flex_wrap: FlexWrap::Wrap,
                        justify_content: JustifyContent::Center,
                        ..default()
                    },
                ))
                .with_children(|row| {
                    for (c, number, mv) in buttons {
                        let colour =
                            theme::palette(colour_blind)[c as usize % theme::PALETTE.len()];
                        row.spawn((
                            widget::coloured_button(
                                MoveRequested::player(mv),
                                ButtonColours::of_meaning(colour),
                                Node {
                                    width: px(48),
                                    height: px(48),
                                    // Room for the ring of the colour now
                                    // poured (`ring_the_colour_now`).
                                    border: UiRect::all(px(3)),
                                    justify_content: JustifyContent::Center,
                                    align_items: AlignItems::Center,
                                    ..default()
                                },
                                colour_number(fonts, number),
                            ),
                            PaletteButton(c),
                            BorderColor::all(Color::NONE),
                            Tip(COLOUR_TO_POUR),
                        ));
                    }
                });
        }
        bottom
            .spawn((
                Name::new("Keys line"),
                BoardEdge::Bottom,
                crate::game::panels::WideEdge,
                Node {
                    padding: UiRect::axes(px(12), px(6)),
                    max_width: percent(100),
                    flex_wrap: FlexWrap::Wrap,
                    justify_content: JustifyContent::Center,
                    column_gap: px(18),
                    border_radius: theme::PANEL_RADIUS,
                    ..default()
                },
                theme::panel(),
                crate::game::solver::HiddenWhileWatching,
            ))
            .with_children(|line| {
                line.spawn((
                    HowToMove,
                    text(puzzles::controls(&state.puzzle), 17.0, theme::TEXT_DIM),
                    theme::fit_line(17.0, 12.0),
                ));
                shared_keys(line, edited);
            });
    });
}

/// The words on how to move go while no move can be made (a win, a dead
/// end), and come back with an undo or a restart; and in a narrow window
/// with the search's column open (the "?" card has them), where they
/// would wrap the keys' line to two rows as they come and go and move the
/// column's timeline under the pointer.
pub(super) fn how_to_move_while_playable(
    state: Res<PlayState>,
    tree: Res<crate::game::panels::TreeViewOpen>,
    window: Option<Single<Ref<Window>, With<bevy::window::PrimaryWindow>>>,
    mut words: Query<&mut Node, With<HowToMove>>,
    added: Query<(), Added<HowToMove>>,
) {
    let resized = window.as_ref().is_some_and(|w| w.is_changed());
    if !state.is_changed() && !tree.is_changed() && !resized && added.is_empty() {
        return;
    }
    let width = window.as_ref().map_or(1280.0, |w| w.width());
    let p = &state.puzzle;
    let tight = crate::game::panels::tight(width, tree.0);
    let display = if p.is_won() || p.is_stuck() || tight {
        Display::None
    } else {
        Display::Flex
    };
    for mut node in &mut words {
        if node.display != display {
            node.display = display;
        }
    }
}

/// A colour button's number: white and bold on a dark disc, as on the
/// tiles in colour-blind mode, so it reads on every colour of the palette.
fn colour_number(fonts: &theme::Fonts, number: u8) -> impl Bundle {
    (
        Node {
            width: px(28),
            height: px(28),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::MAX,
            ..default()
        },
        BackgroundColor(theme::INK),
        Pickable::IGNORE,
        children![(
            theme::heading(fonts, format!("{number}"), 18.0, Color::WHITE),
            Pickable::IGNORE
        )],
    )
}

/// The palette's buttons follow colour-blind mode.
pub(super) fn palette_colours(
    settings: Res<Settings>,
    mut buttons: Query<(&PaletteButton, &mut ButtonColours)>,
) {
    if !settings.is_changed() {
        return;
    }
    for (b, mut colours) in &mut buttons {
        *colours = ButtonColours::of_meaning(
            theme::palette(settings.colour_blind)[b.0 as usize % theme::PALETTE.len()],
        );
    }
}

/// The button whose move would change nothing now (Flood's colour the
/// flood already has) is ringed white, as the flood is on the board: with
/// the move map on it was the one button without a mark, and a new player
/// asked why. Every button says what it is one rest of the pointer away
/// (the ringed one its ring; the others their digit, and with the move
/// map on their badge: a button carries two numbers then).
pub(super) fn ring_the_colour_now(
    state: Res<PlayState>,
    settings: Res<Settings>,
    mut buttons: Query<(&MoveRequested, &mut BorderColor, &mut Tip), With<PaletteButton>>,
    added: Query<(), Added<PaletteButton>>,
) {
    if !state.is_changed() && !settings.is_changed() && added.is_empty() {
        return;
    }
    let legal = state.puzzle.legal_moves();
    for (asked, mut border, mut tip) in &mut buttons {
        let Request::Play(mv) = asked.request() else {
            continue;
        };
        let now = !legal.is_empty() && !legal.contains(&mv);
        let want = BorderColor::all(if now { Color::WHITE } else { Color::NONE });
        if *border != want {
            *border = want;
        }
        let words = match (now, settings.move_map) {
            (true, _) => COLOUR_NOW,
            (false, false) => COLOUR_TO_POUR,
            (false, true) => COLOUR_MARKED,
        };
        if tip.0 != words {
            tip.0 = words;
        }
    }
}

/// A colour button's tip, but the ringed one's.
pub const COLOUR_TO_POUR: &str = "Pours this colour on the flood (its key: the digit on it)";
/// A colour button's tip with the move map on.
pub const COLOUR_MARKED: &str =
    "Pours this colour (key: its digit) \u{b7} the badge: the fewest moves to win after it";

/// The ringed colour's tip.
pub const COLOUR_NOW: &str = "The flood's colour now: playing it changes nothing";
