//! A finished search's timeline played again, as a film is: Space (or the
//! panel's Play) plays it on from the moment the board shows, from its
//! start when it stands at its end, a step a beat at the speed chosen; "."
//! steps it once. A move of the timeline's own (an arrow, a drag), a move
//! of the player's or a new watch stops it.

use super::*;
use crate::game::solver::Ending;
use crate::game::solver::Speed;
use crate::game::solver::autoplay::PAUSE_BETWEEN;

/// Seconds a finished search's timeline takes to play at "instant".
const INSTANT_SECS: f32 = 3.0;

/// The timeline playing: seconds to its next step (none: it stands).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct TimelinePlay(pub Option<f32>);

/// A search that has ended with a timeline to play (a running or paused one
/// takes Space and "." itself).
pub fn replayable(a: &Autoplay) -> bool {
    !a.is_active() && a.watch.searches() && a.tree.is_some() && !a.log.is_empty()
}

/// Space and "." on a finished search's timeline.
pub(super) fn timeline_commands(
    mut asked: MessageReader<AutoplayCommand>,
    autoplay: Option<Res<Autoplay>>,
    view: Option<ResMut<TreeViewState>>,
    state: Res<PlayState>,
    mut play: ResMut<TimelinePlay>,
    mut jump: ResMut<TreeJump>,
    mut say: MessageWriter<Say>,
) {
    let asked: Vec<AutoplayCommand> = asked.read().copied().collect();
    let (Some(a), Some(mut view)) = (autoplay.filter(|a| replayable(a)), view) else {
        if !asked.is_empty() {
            play.0 = None;
        }
        return;
    };
    for command in asked {
        let len = a.log.len();
        let at = view.scrubbed.as_ref().map_or(len, |(at, _)| *at);
        let to = match command {
            AutoplayCommand::Pause if play.0.take().is_some() => continue,
            // At its end it plays again from its start.
            AutoplayCommand::Pause => {
                play.0 = Some(0.0);
                if at < len {
                    continue;
                }
                0
            }
            AutoplayCommand::Step => {
                play.0 = None;
                if at >= len {
                    // A stopped search has no step after the one it stood
                    // at: said so, with what starts one (a new player
                    // stepped on after Stop and read only "last step").
                    let words = if a.ending == Some(Ending::Stopped) {
                        "The search was stopped there: W watches a new one; ← goes back through its steps."
                    } else {
                        "That was the search's last step: ← goes back through it."
                    };
                    say.write(Say(words.into()));
                    continue;
                }
                at + 1
            }
            AutoplayCommand::Start(_) | AutoplayCommand::Stop => {
                play.0 = None;
                continue;
            }
            _ => continue,
        };
        match scrub_to(&mut view, &a, &state, to) {
            Ok(requests) => jump.0 = requests,
            Err(why) => {
                play.0 = None;
                say.write(Say(why));
            }
        }
        view.follow = true;
    }
}

/// The timeline playing: a step each beat once the board stands still (the
/// beats a slow frame let by, at once); at "instant" the whole of it in a
/// few seconds, however long, many steps a frame.
#[allow(clippy::too_many_arguments)]
pub(super) fn play_timeline(
    time: Res<Time>,
    speed: Res<Speed>,
    autoplay: Option<Res<Autoplay>>,
    view: Option<ResMut<TreeViewState>>,
    state: Res<PlayState>,
    anims: BoardAnims,
    mut play: ResMut<TimelinePlay>,
    mut jump: ResMut<TreeJump>,
) {
    let Some(wait) = play.0.as_mut() else { return };
    let (Some(a), Some(mut view)) = (autoplay.filter(|a| replayable(a) && !a.is_added()), view)
    else {
        play.0 = None;
        return;
    };
    // At "instant" the time the board takes to move counts too: the steps
    // due since the last are taken at once.
    let dt = time.delta_secs();
    let instant = *speed == Speed::Instant;
    if instant {
        *wait -= dt;
    }
    if !jump.0.is_empty() || !anims.is_empty() {
        return;
    }
    if !instant {
        *wait -= dt;
        if *wait > 0.0 {
            return;
        }
    }
    let len = a.log.len();
    // The beats gone by since the last step (more than one where frames
    // are slow); at "instant" the whole timeline in a few seconds.
    let steps = match *speed {
        Speed::Times(x) => {
            let beat = PAUSE_BETWEEN / x;
            let beats = 1 + (-*wait / beat) as usize;
            *wait += beats as f32 * beat;
            beats
        }
        Speed::Instant => {
            let since = (-*wait).max(dt);
            *wait = 0.0;
            ((len as f32 * since / INSTANT_SECS).ceil() as usize).max(1)
        }
    };
    let at = view.scrubbed.as_ref().map_or(len, |(at, _)| *at);
    let to = (at + steps).min(len);
    match scrub_to(&mut view, &a, &state, to) {
        Ok(requests) => jump.0 = requests,
        Err(_) => play.0 = None,
    }
    view.follow = true;
    if to >= len {
        play.0 = None;
    }
}
