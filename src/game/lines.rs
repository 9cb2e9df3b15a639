//! Games' lines replayed in the game: a line pasted or typed in the code box
//! (or a best watched again from the level select) replays its moves once
//! its level is open, and a file's games (`pond replay FILE`, a teacher's
//! demonstration) follow one another: once a game's replay has ended and the
//! board is still, and a short pause has let its end be seen, the next
//! line's level opens and its moves replay.

use super::codes::{PastedLine, PlayCode};
use super::options::{GameOptions, LineQueue};
use super::play::{BoardAnims, PlayState, PlaySystems, Say};
use super::solver::{Autoplay, AutoplayCommand, Ending, ReplayMoves, Watch};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, queue_from_command_line)
        .add_systems(OnEnter(super::Screen::Play), start_pasted_line)
        .add_systems(OnExit(super::Screen::Play), |mut commands: Commands| {
            commands.remove_resource::<ReplayStop>()
        })
        .add_systems(
            Update,
            (
                tell_stop.run_if(resource_exists::<ReplayStop>),
                next_line.run_if(resource_exists::<LineQueue>),
            )
                .chain()
                .in_set(PlaySystems::Solver)
                .run_if(resource_exists::<Autoplay>),
        );
}

/// The move of a line that could not be played, told when its replay ends.
#[derive(Resource, Debug, Clone)]
pub struct ReplayStop(pub String);

fn tell_stop(
    mut commands: Commands,
    stop: Res<ReplayStop>,
    autoplay: Res<Autoplay>,
    anims: BoardAnims,
    mut say: MessageWriter<Say>,
) {
    if autoplay.ending.is_some() && anims.is_empty() {
        // As every line is shown: the typeface has no backquote.
        say.write(Say(stop.0.replace('`', "'")));
        commands.remove_resource::<ReplayStop>();
    }
}

/// A file's games to replay after the first (`pond replay`), and where the
/// first game's line stopped being legal (`--replay`), told when its replay
/// ends.
fn queue_from_command_line(mut commands: Commands, options: Option<Res<GameOptions>>) {
    let Some(options) = options else { return };
    if let Some(stop) = &options.replay_stop {
        commands.insert_resource(ReplayStop(stop.clone()));
    }
    if let Some(queue) = &options.line_queue {
        commands.insert_resource(LineQueue {
            lines: queue.lines.iter().cloned().collect(),
            playing: queue.first,
            pause: queue.pause,
            waited: 0.0,
            opening: false,
        });
    }
}

/// Once the play screen opens on a pasted line's level (a random level is
/// made in the background first), its moves are replayed as `--replay`
/// replays them, up to the first that cannot be played, which is told.
pub(crate) fn start_pasted_line(
    mut commands: Commands,
    line: Option<Res<PastedLine>>,
    state: Res<PlayState>,
    queue: Option<ResMut<LineQueue>>,
    mut asked: MessageWriter<AutoplayCommand>,
) {
    let Some(line) = line else { return };
    commands.remove_resource::<PastedLine>();
    if let Some(mut queue) = queue {
        queue.opening = false;
    }
    let (moves, end, stop) = crate::levels::game_line::play_moves(&state.puzzle, &line.0);
    // Told when the replay ends (each move played says its own words), a
    // refused move in the player's words (colours, not the notation's L/R).
    if let Some(stop) = stop {
        let why = match (&stop.why, end.parse_move(&stop.text)) {
            (crate::levels::game_line::Refusal::Illegal(why), Ok(mv)) => {
                crate::game::puzzles::refusal(&end, Some(mv), why)
            }
            (why, _) => why.to_string(),
        };
        commands.insert_resource(ReplayStop(format!(
            "{}; {}.",
            stop.words(why, '\''),
            crate::levels::game_line::replayed_before(moves.len())
        )));
    }
    // No move to play (the first could not be): the replay ends at once,
    // saying so, and a file's next game follows.
    commands.insert_resource(ReplayMoves(moves));
    asked.write(AutoplayCommand::Start(Watch::Solution));
}

/// Once the game on the board has been replayed and the board is still: the
/// pause, then the next line (its level opened as a pasted line's is). With
/// `--exit-when-done`, how each game ended is printed with its line number.
#[allow(clippy::too_many_arguments)]
fn next_line(
    mut commands: Commands,
    time: Res<Time>,
    options: Option<Res<GameOptions>>,
    autoplay: Res<Autoplay>,
    anims: BoardAnims,
    mut queue: ResMut<LineQueue>,
    mut play: MessageWriter<PlayCode>,
    mut say: MessageWriter<Say>,
) {
    let Some(ending) = autoplay.ending.as_ref() else {
        queue.waited = 0.0;
        return;
    };
    if !anims.is_empty() || queue.lines.is_empty() || queue.opening {
        return;
    }
    // The player took over: the demonstration ends here.
    if *ending == Ending::Stopped {
        let left = queue.lines.len();
        say.write(Say(format!(
            "Replay stopped: the file's {left} other {} are left unplayed.",
            crate::levels::noun(left as u64, "game", "games")
        )));
        commands.remove_resource::<LineQueue>();
        return;
    }
    if queue.waited == 0.0 && options.as_ref().is_some_and(|o| o.exit_when_done) {
        println!("line {}: {ending}", queue.playing);
    }
    queue.waited += time.delta_secs().max(1e-6);
    if queue.waited < queue.pause {
        return;
    }
    queue.waited = 0.0;
    let Some((number, line)) = queue.lines.pop_front() else {
        return;
    };
    queue.playing = number;
    queue.opening = true;
    commands.remove_resource::<Autoplay>();
    play.write(PlayCode(line.code.clone()));
    commands.insert_resource(PastedLine(line.moves));
}
