//! The menu screens' keys: the digits and letters of the title, the level
//! select's W and Enter, and the settings' keys.

use super::{DIGITS, MenuAction, MenuFocus, levels};
use crate::game::Screen;
use crate::game::packs::{Current, Packs};
use bevy::prelude::*;

#[allow(clippy::too_many_arguments)]
pub(super) fn menu_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut actions: MessageWriter<MenuAction>,
    screen: Res<State<Screen>>,
    focus: Res<MenuFocus>,
    pointed: Res<levels::Pointed>,
    progress: Res<crate::game::progress::Progress>,
    packs: Res<Packs>,
    mut current: ResMut<Current>,
    mut next: ResMut<NextState<Screen>>,
) {
    match screen.get() {
        Screen::Title => {
            for ((i, _), key) in packs.listed().zip(DIGITS) {
                if keys.just_pressed(key) {
                    current.pack = i;
                    next.set(Screen::Levels);
                }
            }
            if !crate::game::keys::ctrl(&keys) {
                if keys.just_pressed(KeyCode::KeyS) {
                    actions.write(MenuAction::Settings);
                }
                if keys.just_pressed(KeyCode::KeyE) {
                    actions.write(MenuAction::MakeLevel);
                }
            }
        }
        Screen::Levels | Screen::Stats | Screen::Settings
            if keys.any_just_pressed([KeyCode::Escape, KeyCode::KeyT]) =>
        {
            next.set(Screen::Title)
        }
        Screen::Levels if keys.just_pressed(KeyCode::KeyE) => {
            actions.write(MenuAction::EditCopy);
        }
        Screen::Settings => {
            for (key, change) in crate::game::settings::SETTING_KEYS {
                if keys.just_pressed(key) {
                    actions.write(MenuAction::Setting(change));
                }
            }
        }
        Screen::Levels if keys.just_pressed(KeyCode::KeyW) => {
            actions.write(MenuAction::WatchBest);
        }
        // Enter with no button outlined plays the level the line under the
        // grid names (the one pointed at last), or the next to play.
        Screen::Levels
            if focus.0.is_none()
                && keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter]) =>
        {
            let file = packs.0.get(current.pack).map(|e| e.file.as_str());
            let levels = packs
                .0
                .get(current.pack)
                .and_then(|e| e.pack.as_ref().ok())
                .map_or(&[][..], |p| &p.levels[..]);
            let count = levels.len();
            let next = file.and_then(|f| progress.file.next_to_play(f, levels));
            if let Some(i) = pointed.0.or(next).or((count > 0).then_some(0)) {
                actions.write(MenuAction::PlayLevel(i));
            }
        }
        _ => {}
    }
}
