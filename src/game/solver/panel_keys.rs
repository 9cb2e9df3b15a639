//! The solver panel's words for a player playing (a button's key, the
//! line of keys, the level's code), hidden while a watch runs.

use crate::game::solver::{Autoplay, AutoplayCommand};
use bevy::prelude::*;

/// Words for a player playing, hidden while the solver plays (a picture
/// to watch, with fewer words; the "?" lists the keys), their room kept so
/// that nothing moves when they come back: a solver button's key, the
/// bottom line of keys, the level's code with its Ctrl+C.
#[derive(Component)]
pub struct HiddenWhileWatching;

/// The key under a solver button. Those of the buttons that steer a watch
/// (pause, step, stop) show while watching when the pointer is on their
/// button; the others are words for a player playing.
#[derive(Component)]
pub(super) struct CommandKey(pub(super) AutoplayCommand);

pub(super) fn hide_keys_while_watching(
    autoplay: Option<Res<Autoplay>>,
    mut hints: Query<&mut Visibility, With<HiddenWhileWatching>>,
    mut keys: Query<(&CommandKey, &mut Visibility), Without<HiddenWhileWatching>>,
    buttons: Query<(&AutoplayCommand, &Interaction)>,
    waiting: Res<crate::game::solver::autoplay::StartWhenBack>,
) {
    // (Also while the board goes back for a new watch: the keys flashed up
    // between the two.)
    let watching = autoplay.is_some_and(|a| a.is_active()) || waiting.waiting().is_some();
    // While a search is watched, a steering button's key shows under the
    // pointer only: fewer words on the watched screen.
    let hovered = |c: AutoplayCommand| {
        buttons
            .iter()
            .any(|(b, i)| *b == c && *i != Interaction::None)
    };
    let shown = |hide: bool| {
        if hide {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        }
    };
    for mut v in &mut hints {
        if *v != shown(watching) {
            *v = shown(watching);
        }
    }
    for (key, mut v) in &mut keys {
        let steers = !matches!(key.0, AutoplayCommand::Start(_) | AutoplayCommand::Hint);
        let hide = watching && !(steers && hovered(key.0));
        if *v != shown(hide) {
            *v = shown(hide);
        }
    }
}
