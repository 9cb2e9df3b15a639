//! The play screen's keys and the actions of its banners and menu: each
//! becomes a request to the board, to the solver, to the settings, or a
//! change of screen.

use super::random::CameFrom;
use super::{DIGITS, start_level};
use crate::game::Screen;
use crate::game::keys;
use crate::game::packs::{Current, Packs};
use crate::game::play::{
    Menu, MoveRequested, PlayAction, PlayState, PlaySystems, Request, Say, keys_reach_the_board,
};
use crate::game::puzzles;
use crate::game::settings::{ChangeSetting, SETTING_KEYS, Settings};
use crate::game::solver::{Autoplay, AutoplayCommand, Watch};
use crate::game::theme::widget;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(widget::activate::<PlayAction>)
        .add_systems(
            Update,
            (
                play_keys,
                board_keys.run_if(keys_reach_the_board),
                play_actions,
            )
                .chain()
                .in_set(PlaySystems::Input),
        );
}

/// Seconds within which a second Backspace restarts a level whose watched
/// search the first one would have put away.
const AGAIN_WITHIN: f32 = 4.0;

/// The keys that work with the menu or the how-to card open too.
fn play_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut actions: MessageWriter<PlayAction>,
    autoplay: Option<Res<Autoplay>>,
    time: Res<Time>,
    mut say: MessageWriter<Say>,
    mut watch: MessageWriter<AutoplayCommand>,
    mut asked_at: Local<Option<f32>>,
) {
    let ctrl = keys::ctrl(&keys);
    for (key, action) in [
        (KeyCode::Escape, PlayAction::Menu),
        (KeyCode::KeyL, PlayAction::LevelSelect),
        (KeyCode::KeyT, PlayAction::Title),
        (KeyCode::KeyE, PlayAction::EditCopy),
    ] {
        // Ctrl+C copies the game; no key with Ctrl does its plain action.
        if keys.just_pressed(key) && !ctrl {
            actions.write(action);
        }
    }
    // A restart puts a watched search away (its map, timeline and rows): a
    // slip of the key asks first, and a second press restarts. A search
    // still running pauses meanwhile (its next step took the question off
    // the bar within a second). (The menu's and the banners' buttons
    // restart at once: each names it.)
    if keys.just_pressed(KeyCode::Backspace) && !ctrl {
        let now = time.elapsed_secs();
        let watched = autoplay
            .as_ref()
            .is_some_and(|a| a.watch.searches() && a.tree.is_some());
        let again = asked_at.take().is_some_and(|at| now - at <= AGAIN_WITHIN);
        if watched && !again {
            *asked_at = Some(now);
            if autoplay.is_some_and(|a| a.is_active() && !a.paused) {
                watch.write(AutoplayCommand::Pause);
            }
            say.write(Say(
                "Backspace again restarts the level and puts the watched search away.".into(),
            ));
        } else {
            actions.write(PlayAction::Replay);
        }
    }
    // The settings' keys, as the menu shows them (C, A, F, M, Q, V, O).
    for (key, change) in SETTING_KEYS {
        if keys.just_pressed(key) && !ctrl {
            actions.write(PlayAction::Setting(change));
        }
    }
    if ctrl && keys.just_pressed(KeyCode::KeyC) {
        actions.write(PlayAction::CopyGame);
    }
    if crate::game::keys::help_pressed(&keys) {
        actions.write(PlayAction::HowTo);
    }
}

/// The keys of the board and the solver: not under the menu; under the
/// how-to card, where each closes the card, all but Space (which closes it
/// and no more).
fn board_keys(
    keys: Res<ButtonInput<KeyCode>>,
    state: Res<PlayState>,
    menu: Res<State<Menu>>,
    mut moves: MessageWriter<MoveRequested>,
    mut watch: MessageWriter<AutoplayCommand>,
    mut actions: MessageWriter<PlayAction>,
    mut typed: MessageReader<bevy::input::keyboard::KeyboardInput>,
) {
    let ctrl = keys::ctrl(&keys);
    if keys.just_pressed(KeyCode::KeyN) {
        actions.write(PlayAction::NextLevel);
    }
    let mut ask = |mv: Request| {
        moves.write(MoveRequested::player(mv));
    };
    if keys.just_pressed(KeyCode::KeyU) || (ctrl && keys.just_pressed(KeyCode::KeyZ)) {
        ask(Request::Undo);
    }
    if keys.just_pressed(KeyCode::KeyR) || (ctrl && keys.just_pressed(KeyCode::KeyY)) {
        ask(Request::Redo);
    }
    for (key, command) in [
        (KeyCode::KeyS, AutoplayCommand::Start(Watch::Solution)),
        (KeyCode::KeyW, AutoplayCommand::Start(Watch::Search)),
        (KeyCode::KeyH, AutoplayCommand::Hint),
        (KeyCode::Space, AutoplayCommand::Pause),
        (KeyCode::Period, AutoplayCommand::Step),
        (KeyCode::KeyX, AutoplayCommand::Stop),
    ] {
        let closes_a_card = key == KeyCode::Space && *menu.get() == Menu::HowTo;
        if keys.just_pressed(key) && !ctrl && !closes_a_card {
            watch.write(command);
        }
    }
    // The speed, a step a press: two quick presses between two frames are
    // two steps.
    let [slower, faster] = keys::presses(&mut typed, [KeyCode::Minus, KeyCode::Equal]);
    if !ctrl {
        let steps = std::iter::repeat_n(AutoplayCommand::Slower, slower)
            .chain(std::iter::repeat_n(AutoplayCommand::Faster, faster));
        watch.write_batch(steps);
    }
    // 1 to 9, then 0 for a tenth button (Flood's tenth colour).
    for (i, key) in (0u8..).zip(DIGITS.into_iter().chain([KeyCode::Digit0])) {
        if keys.just_pressed(key)
            && let Some(mv) = puzzles::digit(&state.puzzle, i)
        {
            ask(Request::Play(mv));
        }
    }
}

/// The banners' and the menu's buttons, and their keys.
#[allow(clippy::too_many_arguments)]
fn play_actions(
    mut commands: Commands,
    mut actions: MessageReader<PlayAction>,
    packs: Res<Packs>,
    mut current: ResMut<Current>,
    menu: Res<State<Menu>>,
    mut next_menu: ResMut<NextState<Menu>>,
    mut next: ResMut<NextState<Screen>>,
    mut moves: MessageWriter<MoveRequested>,
    mut setting: MessageWriter<ChangeSetting>,
    came: Option<Res<CameFrom>>,
    settings: Res<Settings>,
    mut say: MessageWriter<Say>,
    mut map_first: ResMut<crate::game::play::CardMapFirst>,
) {
    // A level played from the editor goes back there.
    let edited = packs.from_editor(&current);
    for action in actions.read() {
        match action {
            PlayAction::Menu
            | PlayAction::NextLevel
            | PlayAction::LevelSelect
            | PlayAction::EditCopy
                if edited && *menu.get() == Menu::Closed =>
            {
                next.set(Screen::Edit);
            }
            PlayAction::EditCopy => {
                next_menu.set(Menu::Closed);
                let (pack, level) = (current.pack, Some(current.level));
                crate::game::editor::open(
                    &mut commands,
                    &packs,
                    pack,
                    level,
                    Screen::Levels,
                    &mut next,
                );
            }
            PlayAction::Menu => next_menu.set(match menu.get() {
                Menu::Open | Menu::HowTo => Menu::Closed,
                Menu::Closed => Menu::Open,
            }),
            PlayAction::HowTo | PlayAction::MapHowTo => {
                map_first.0 = *action == PlayAction::MapHowTo;
                next_menu.set(match menu.get() {
                    Menu::HowTo => Menu::Closed,
                    _ => Menu::HowTo,
                });
            }
            PlayAction::NextLevel => {
                let following = current.level + 1;
                if !start_level(&mut commands, &packs, &mut current, following, &mut next) {
                    next.set(Screen::Levels);
                }
            }
            PlayAction::Replay => {
                next_menu.set(Menu::Closed);
                moves.write(MoveRequested::player(Request::Restart));
            }
            PlayAction::Undo => {
                moves.write(MoveRequested::player(Request::Undo));
            }
            PlayAction::LevelSelect => {
                // From a level made by its code, back where the player was.
                let by_code = packs
                    .0
                    .get(current.pack)
                    .is_some_and(|e| e.origin == crate::game::packs::Origin::Code);
                match came.as_deref() {
                    Some(&CameFrom { screen, pack }) if by_code => {
                        current.pack = pack.min(packs.0.len().saturating_sub(1));
                        next.set(screen);
                    }
                    _ => next.set(Screen::Levels),
                }
            }
            PlayAction::Title => next.set(Screen::Title),
            PlayAction::Setting(change) if *change != ChangeSetting::MoveMap => {
                setting.write(*change);
            }
            PlayAction::Setting(_) => {
                setting.write(ChangeSetting::MoveMap);
                // Said as it turns on: the map is help, and stays on.
                let words = if settings.move_map {
                    "Move map off."
                } else {
                    // (One line of the level's bar at 800x600: a longer
                    // one ran out of the bar.)
                    "Move map on for every level: a win with it earns no stars."
                };
                say.write(Say(words.to_string()));
            }
            // The codes' system copies it; the menu closes on it.
            PlayAction::CopyGame => next_menu.set(Menu::Closed),
        }
    }
}
