//! The rules apply what is asked: a move, an undo, a redo or a restart, one
//! a frame and only while the board is still, so the board and the rules
//! never disagree; the player's requests made while it moves wait (a few).
//! At the "instant" speed the solver's requests are applied all at once:
//! the board shows where the search is each frame, not each move; so are
//! the requests of a long jump through a search (`AtOnce`).

use super::{
    AtOnce, BoardAnims, Change, Hint, LevelWon, MoveApplied, MoveRejected, MoveRequested, Mover,
    PlayState, PlaySystems, Request,
};
use crate::game::options::Speed;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, apply_requests.in_set(PlaySystems::Apply));
}

/// The player's requests that wait while the board animates (keys pressed
/// faster than a jump lands): applied in order once it is still. More than
/// this at once are dropped.
const WAITING: usize = 3;

/// The player's requests waiting for the board, and the level they are for.
#[derive(Default)]
pub(super) struct Waiting {
    requests: std::collections::VecDeque<MoveRequested>,
    level: Option<crate::rules::Puzzle>,
}

#[allow(clippy::too_many_arguments)]
fn apply_requests(
    mut requests: MessageReader<MoveRequested>,
    hint: Option<Res<Hint>>,
    speed: Option<Res<Speed>>,
    mut at_once: ResMut<AtOnce>,
    mut state: ResMut<PlayState>,
    anims: BoardAnims,
    mut applied: MessageWriter<MoveApplied>,
    mut won: MessageWriter<LevelWon>,
    mut rejected: MessageWriter<MoveRejected>,
    mut waiting: Local<Waiting>,
) {
    // Requests made for another level (one left since) wait no more.
    if !waiting.requests.is_empty() && waiting.level.as_ref() != Some(&state.level.puzzle) {
        waiting.requests.clear();
    }
    let still = anims.is_empty();
    for request in requests.read() {
        // The solver asks only of a still board; one asked of a moving
        // board is dropped (it asks again).
        if request.by() == Mover::Player || still {
            let player = request.by() == Mover::Player;
            // The same move asked again while it waits is a double click,
            // not two moves (two undos are two).
            let again = matches!(request.request(), Request::Play(_))
                && waiting.requests.back() == Some(request);
            if player && (waiting.requests.len() >= WAITING || again) {
                continue;
            }
            // The level they are for, noted once as the line starts.
            if waiting.requests.is_empty() {
                waiting.level = Some(state.level.puzzle.clone());
            }
            waiting.requests.push_back(*request);
        }
    }
    // A change while the last one animates waits, never half applied: the
    // player sees the board settle first.
    if !still {
        return;
    }
    while let Some(request) = waiting.requests.pop_front() {
        let (mv, by) = (request.request(), request.by());
        let before = state.puzzle.clone();
        let moves_before = state.moves();
        // The player playing the move a hint shows is helped.
        let hinted = hint.as_ref().and_then(|h| h.move_for(&before));
        let by = match mv {
            Request::Play(m) if by == Mover::Player && hinted == Some(m) => Mover::Hint,
            _ => by,
        };
        // A refused request leaves the state unmarked: only a change marks
        // it changed, so nothing that watches it runs again for nothing.
        let change = match step(state.bypass_change_detection(), mv) {
            Ok(Some(change)) => change,
            Ok(None) => continue,
            Err((why, mv)) => {
                rejected.write(MoveRejected {
                    why,
                    mv,
                    piece: None,
                });
                continue;
            }
        };
        if by == Mover::Player || change == Change::Restarted {
            state.replayed = false;
        }
        match change {
            // Played again after a win: a new game. A restart before the win
            // takes back every move on the board.
            Change::Restarted if before.is_won() => {
                state.helped = false;
                state.started = std::time::Instant::now();
                state.took = None;
                state.taken_back = 0;
            }
            // A restart of an attempt with help is a fresh one, as its help
            // is forgotten; of the player's own, it takes its moves back.
            Change::Restarted => {
                if std::mem::take(&mut state.helped) {
                    state.taken_back = 0;
                } else {
                    state.taken_back += moves_before;
                }
            }
            // Only the player's own take-backs count (a search undoes many).
            Change::Undone(_) if by == Mover::Player => state.taken_back += 1,
            Change::Undone(_) => {}
            Change::Played(_) | Change::Redone(_) if by != Mover::Player => state.helped = true,
            Change::Played(_) | Change::Redone(_) => {}
        }
        state.set_changed();
        let now_won = state.puzzle.is_won() && !before.is_won();
        applied.write(MoveApplied { before, change, by });
        if now_won {
            // The board brought back to a win it had (the search's timeline
            // scrubbed to its end): the win's time is the first one, not
            // the time spent looking through the search.
            let secs = match (state.took, by) {
                (Some(took), Mover::Solver) => took,
                _ => state.seconds(),
            };
            state.took = Some(secs);
            won.write(LevelWon {
                moves: state.moves(),
                helped: state.helped,
                secs,
                taken_back: state.taken_back,
            });
        }
        // One change a frame: its animation starts before the next; at
        // "instant" (or in a jump asked to land at once) the solver's
        // changes have none to wait for.
        let instant = speed.as_deref() == Some(&Speed::Instant) || at_once.0;
        if !(instant && by == Mover::Solver) {
            break;
        }
    }
    if waiting.requests.is_empty() && at_once.0 {
        at_once.0 = false;
    }
}

/// Applies one request to the rules state: the change, nothing (a restart at
/// the start), or the reason it was refused.
fn step(
    state: &mut PlayState,
    request: Request,
) -> Result<Option<Change>, (String, Option<crate::rules::PuzzleMove>)> {
    match request {
        Request::Play(mv) => {
            let undo = state.puzzle.apply(mv).map_err(|e| (e.0, Some(mv)))?;
            state.done.push((mv, undo));
            state.undone.clear();
            Ok(Some(Change::Played(mv)))
        }
        Request::Undo => {
            let (mv, undo) = state
                .done
                .pop()
                .ok_or_else(|| ("nothing to undo".to_string(), None))?;
            state.puzzle.undo(&undo);
            state.undone.push(mv);
            Ok(Some(Change::Undone(mv)))
        }
        Request::Redo => {
            let mv = state
                .undone
                .pop()
                .ok_or_else(|| ("nothing to redo".to_string(), None))?;
            match state.puzzle.apply(mv) {
                Ok(undo) => {
                    state.done.push((mv, undo));
                    Ok(Some(Change::Redone(mv)))
                }
                Err(e) => Err((e.0, Some(mv))),
            }
        }
        Request::Restart => {
            if state.done.is_empty() {
                // Nothing to take back; the attempt's help (the move map
                // looked at, a move of the solver's undone) is forgotten, as
                // by any restart (a clean win after it said "solved with
                // help").
                state.helped = false;
                return Ok(None);
            }
            state.puzzle = state.level.puzzle.clone();
            state.done.clear();
            state.undone.clear();
            Ok(Some(Change::Restarted))
        }
    }
}
