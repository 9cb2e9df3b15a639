//! What the solver panel's buttons do, in the line each shows when the
//! pointer rests on it; a button whose words change (Watch to Again, Pause
//! to Resume or Play) says what its new words do.

use super::{CommandLabel, MapToggle};
use crate::game::panels::TreeViewOpen;
use crate::game::settings::Settings;
use crate::game::solver::{AutoplayCommand, Watch};
use crate::game::theme::tip::Tip;
use bevy::prelude::*;
use bevy::ui::InteractionDisabled;

/// What each of the panel's buttons does, shown when the pointer rests on
/// it (Solve, Watch and the panel's title Solver read alike to a new
/// player).
pub(super) fn tip_of(command: AutoplayCommand) -> &'static str {
    match command {
        AutoplayCommand::Start(Watch::Solution) => "Plays a solution on the board, move by move",
        AutoplayCommand::Start(_) => {
            "Shows the solver's search at work: every move it tries, and the map of it"
        }
        AutoplayCommand::Hint => {
            "Shows one move that keeps the level winnable (a win with it earns no stars)"
        }
        AutoplayCommand::Pause => "Pauses the solver",
        AutoplayCommand::Step => "One move of the solver, then a pause",
        AutoplayCommand::Stop => {
            "Stops the solver: the board is yours to play from where it stands"
        }
        AutoplayCommand::Slower => "Slower",
        AutoplayCommand::Faster => "Faster",
    }
}

/// Whether a button is greyed.
type Greyed = Has<InteractionDisabled>;

/// What the tips follow, changed since the last frame: a label's words, a
/// button greyed or no longer greyed.
type FollowedChanges<'w, 's> = (
    Query<'w, 's, (), (With<CommandLabel>, Changed<Text>)>,
    Query<'w, 's, (), Added<InteractionDisabled>>,
    RemovedComponents<'w, 's, InteractionDisabled>,
);

/// The tips follow the buttons' words and state: Watch once it says
/// Again, Pause once it says Resume or Play, a greyed button saying why,
/// a map's button once its map is on.
pub(super) fn follow_words(
    labels: Query<(&CommandLabel, &Text)>,
    mut tips: Query<(
        &mut Tip,
        Option<&AutoplayCommand>,
        Option<&MapToggle>,
        Greyed,
    )>,
    column: Res<TreeViewOpen>,
    settings: Res<Settings>,
    changes: FollowedChanges,
) {
    let (relabelled, greyed_now, mut ungreyed) = changes;
    // Read them all, so that an old removal does not count later.
    let ungreyed = ungreyed.read().count() > 0;
    let all = !relabelled.is_empty()
        || !greyed_now.is_empty()
        || ungreyed
        || column.is_changed()
        || settings.is_changed();
    for (mut tip, command, map, greyed) in &mut tips {
        // A new button's tip is set as it comes.
        if !all && !tip.is_added() {
            continue;
        }
        let says = match (command, map) {
            (Some(&command), _) => {
                let word = labels
                    .iter()
                    .find(|(l, _)| l.0 == command)
                    .map_or("", |(_, t)| t.0.as_str());
                match (word, greyed) {
                    ("Again", _) => "Starts it over from where it began",
                    ("Resume", _) => "Plays the solver on from this pause",
                    ("Play", _) => "Plays the search's steps again, a step a beat",
                    (_, true) => "Nothing to steer yet: Solve (S) or Watch (W) starts the solver",
                    _ => tip_of(command),
                }
            }
            (None, Some(MapToggle::Moves)) if settings.move_map => "Turns the move map's marks off",
            (None, Some(MapToggle::Search)) if column.0 => "Closes the search map",
            (None, Some(MapToggle::Moves)) => MOVE_MAP,
            (None, Some(MapToggle::Search)) => SEARCH_MAP,
            (None, None) => continue,
        };
        if tip.0 != says {
            tip.0 = says;
        }
    }
}

/// The map buttons' tips while their maps are off.
pub(super) const MOVE_MAP: &str =
    "Marks every move on the board: a tick keeps the level winnable, a cross loses it";
pub(super) const SEARCH_MAP: &str = "Opens the picture of the solver's search beside the board";
