//! The solver in front of the player: auto-play of a solution or of the
//! search itself (`autoplay`), the hint and the background "can this still
//! be won?" check (`check`), the task they run on (`job`), and the panel on
//! the right of the play screen (`panel`), the search tree left of the board
//! (`tree_view`) with the plain search's figures beside the solver's
//! (`compare`), and the search's moves drawn on the board
//! (`search_marks`). Auto-play asks for moves with the
//! same `MoveRequested` a click sends.

mod autoplay;
mod check;
pub mod compare;
mod job;
pub mod move_map;
mod panel;
mod search_marks;
mod stats;
pub mod tree_view;

pub use autoplay::{Autoplay, Ending, ReplayMoves, board_is_the_searchs};
pub use check::{HintJob, Solvability, Verdict};
pub use job::SolverJob;
pub use panel::HiddenWhileWatching;
pub use search_marks::SearchMark;
pub use stats::{LogStep, PathStep, SearchStats};

use super::Screen;
pub use super::options::{Speed, Watch};
use super::theme::widget;
use crate::game::memory::{SEARCH_MEMORY, SearchMemory};
use crate::solve::Budget;
use bevy::prelude::*;
use std::time::Duration;

/// What the game's solver may spend on one request, within the memory
/// every search the game runs at once shares (`memory::SearchMemory`).
#[derive(Resource, Debug, Clone)]
pub struct SolverBudget(pub Budget);

impl FromWorld for SolverBudget {
    fn from_world(world: &mut World) -> Self {
        let shared = world.get_resource_or_init::<SearchMemory>().0.clone();
        SolverBudget(Budget {
            time: Some(Duration::from_secs(10)),
            memory: Some(SEARCH_MEMORY),
            shared: Some(shared),
            ..Budget::default()
        })
    }
}

/// What the player asks of auto-play (keys and the panel's buttons).
#[derive(Message, Component, Debug, Clone, Copy, PartialEq)]
pub enum AutoplayCommand {
    Start(Watch),
    Pause,
    Step,
    Stop,
    Faster,
    Slower,
    Hint,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Speed>()
        .init_resource::<SolverBudget>()
        .add_message::<AutoplayCommand>()
        .add_systems(OnEnter(Screen::Play), reset)
        .add_systems(OnExit(Screen::Play), cancel_all)
        .add_observer(widget::activate::<AutoplayCommand>)
        .add_plugins((
            autoplay::plugin,
            check::plugin,
            panel::plugin,
            tree_view::plugin,
            compare::plugin,
            move_map::plugin,
            search_marks::plugin,
        ));
}

fn reset(mut commands: Commands) {
    commands.remove_resource::<Autoplay>();
    commands.insert_resource(HintJob::default());
    commands.insert_resource(Solvability::default());
    commands.insert_resource(move_map::MoveMarks::default());
}

/// Leaving the level cancels every solver at once (dropping a job cancels it).
fn cancel_all(mut commands: Commands) {
    commands.remove_resource::<Autoplay>();
    commands.remove_resource::<HintJob>();
    commands.remove_resource::<Solvability>();
    commands.insert_resource(move_map::MoveMarks::default());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speeds_step_through_the_range_and_parse() {
        let mut s = Speed::Times(0.25);
        let mut seen = vec![s.label()];
        while s != Speed::Instant {
            s = s.faster();
            seen.push(s.label());
        }
        assert_eq!(
            seen,
            ["0.25x", "0.5x", "1x", "2x", "4x", "8x", "16x", "instant"]
        );
        assert_eq!(Speed::Instant.slower(), Speed::Times(16.0));
        assert_eq!(Speed::Times(0.25).slower(), Speed::Times(0.25));
        assert_eq!(Speed::parse("2"), Ok(Speed::Times(2.0)));
        assert_eq!(Speed::parse("0.5x"), Ok(Speed::Times(0.5)));
        assert_eq!(Speed::parse("INSTANT"), Ok(Speed::Instant));
        assert!(Speed::parse("32").is_err());
        assert!(Speed::parse("fast").is_err());
    }
}
