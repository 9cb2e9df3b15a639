//! The player's commands to auto-play (start, pause, step, stop, speed,
//! hint), and the player's own requests that stop it.

use super::*;

/// The player's commands to auto-play; any request of the player's own (a
/// move, an undo, a frog picked) stops it.
#[allow(clippy::too_many_arguments)]
pub(in crate::game::solver) fn commands_and_input(
    mut commands: Commands,
    mut asked: MessageReader<AutoplayCommand>,
    mut requests: MessageReader<MoveRequested>,
    pick: Res<Picked>,
    mut state: ResMut<PlayState>,
    budget: Res<SolverBudget>,
    mut speed: ResMut<Speed>,
    mut autoplay: Option<ResMut<Autoplay>>,
    mut hint: ResMut<Hint>,
    mut hint_job: ResMut<HintJob>,
    replay: Option<Res<ReplayMoves>>,
    mut view: Option<ResMut<crate::game::solver::tree_view::TreeViewState>>,
    mut say: MessageWriter<Say>,
    mut jump: ResMut<crate::game::solver::tree_view::TreeJump>,
    mut waiting: ResMut<StartWhenBack>,
) {
    let players: Vec<Request> = requests
        .read()
        .filter(|r| r.by() != Mover::Solver)
        .map(MoveRequested::request)
        .collect();
    let picked = pick.is_changed() && pick.0.is_some();
    // A move of the player's makes the board the player's game again (a
    // watch waiting for the board to come back is forgotten).
    let players_moved = !players.is_empty();
    if players_moved {
        waiting.0 = None;
    }
    if (!players.is_empty() || picked)
        && let Some(a) = autoplay.as_mut()
        && a.is_active()
    {
        a.end(Ending::Stopped);
    }
    // The player starts the level again: what auto-play did is over, and
    // the panel says what it offers again, not how the last watch ended.
    if players.contains(&Request::Restart) && autoplay.as_ref().is_some_and(|a| !a.is_active()) {
        commands.remove_resource::<Autoplay>();
    }
    for command in asked.read() {
        match command {
            AutoplayCommand::Start(watch) => {
                if state.puzzle.is_won() {
                    // The board is a watch's win, untouched since: the new
                    // watch starts where that one began (a plain search
                    // after ours, on the same position). A win of the
                    // player's own is the player's: the way on is said.
                    let its_win = autoplay
                        .as_deref()
                        .filter(|a| a.ending == Some(Ending::Won(state.moves())));
                    if !its_win
                        .is_some_and(|a| from_base(a, &state, *watch, &mut jump, &mut waiting))
                    {
                        say.write(Say(
                            "The level is won: undo (U) or play again (Backspace), then start from there."
                                .into(),
                        ));
                    }
                    continue;
                }
                // The board shows a moment of the last search, not the
                // player's game ("Play from here" would make it that): the
                // new watch starts where that search began, as after its end.
                if let Some(v) = view.as_mut().filter(|v| v.scrubbed.is_some())
                    && !players_moved
                {
                    v.scrubbed = None;
                    jump.0.clear();
                    if let Some(a) = autoplay.as_mut() {
                        if a.is_active() {
                            a.stop();
                        }
                        if from_base(a, &state, *watch, &mut jump, &mut waiting) {
                            continue;
                        }
                    }
                }
                // A watch under way has moved the board away from the
                // player's game: it stops, and the new one starts where it
                // began.
                if let Some(a) = autoplay.as_mut().filter(|a| a.is_active()) {
                    a.stop();
                    if from_base(a, &state, *watch, &mut jump, &mut waiting) {
                        continue;
                    }
                }
                hint_job.0 = None;
                hint.shown = None;
                // The command line's replay is played once, by the first start.
                let started = match replay.as_ref() {
                    Some(moves) => {
                        commands.remove_resource::<ReplayMoves>();
                        // A flag for the win to read, not a change of the board.
                        state.bypass_change_detection().replayed = true;
                        Autoplay::replaying(moves.0.clone(), &state)
                    }
                    None => Autoplay::new(*watch, &state, &budget.0),
                };
                commands.insert_resource(started);
            }
            AutoplayCommand::Pause => {
                if let Some(a) = autoplay.as_mut() {
                    a.paused = !a.paused;
                }
            }
            AutoplayCommand::Step => {
                if let Some(a) = autoplay.as_mut() {
                    a.paused = true;
                    a.step_once = true;
                }
            }
            AutoplayCommand::Stop => {
                if let Some(a) = autoplay.as_mut()
                    && a.is_active()
                {
                    a.end(Ending::Stopped);
                    // A search's board is its own, lost or not: said so
                    // (the verdict of a lost board read as the player's
                    // fault), with the way back.
                    if a.watch.searches() && state.moves() > a.base {
                        a.stopped_on = Some(state.moves());
                        // One line at 800x600 ("... undo the search"
                        // wrapped there, out of the level's bar).
                        say.write(Say("Stopped: your board now (Shift+Home: undo)".into()));
                    }
                }
            }
            AutoplayCommand::Faster => *speed = speed.faster(),
            AutoplayCommand::Slower => *speed = speed.slower(),
            AutoplayCommand::Hint => {
                if state.puzzle.is_goal() || autoplay.as_ref().is_some_and(|a| a.is_active()) {
                    continue;
                }
                let budget = Budget {
                    time: Some(Duration::from_secs(5)),
                    ..budget.0.clone()
                };
                hint_job.0 = Some(SolverJob::start(state.puzzle.clone(), budget, false));
                hint.shown = None;
                hint.words = Some("Looking for a hint...".into());
            }
        }
    }
}

/// The board goes back to where the last watch began (its `base` moves on
/// the undo stack) with the moves a player's undo makes, and `watch` starts
/// there once it stands still: false when the board is there already.
fn from_base(
    last: &Autoplay,
    state: &PlayState,
    watch: Watch,
    jump: &mut crate::game::solver::tree_view::TreeJump,
    waiting: &mut StartWhenBack,
) -> bool {
    let back = state.done.len().saturating_sub(last.base());
    if back == 0 {
        return false;
    }
    jump.0.extend(std::iter::repeat_n(Request::Undo, back));
    waiting.0 = Some((watch, last.base()));
    true
}
