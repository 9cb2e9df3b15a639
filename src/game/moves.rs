//! The one way a move travels: `MoveRequested` -> the rules -> `MoveApplied` or
//! `MoveRejected`. Undo, redo and restart go the same way.

use super::Screen;
use super::anim::Decoration;
use crate::levels::Level;
use crate::rules::{Puzzle, PuzzleMove, PuzzleUndo};
use bevy::prelude::*;
use bevy_tweening::TweenAnim;

/// A move asked for, by a click, a key or the solver.
#[derive(Message, Debug, Clone, Copy)]
pub struct MoveRequested(pub PuzzleMove);

/// Undo, redo or start the level again.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardCommand {
    Undo,
    Redo,
    Restart,
}

/// The rules state changed; `before` is the state it changed from.
#[derive(Message, Debug, Clone)]
pub struct MoveApplied {
    pub before: Puzzle,
}

/// The rules refused a move (or an undo or redo), with their reason in words.
#[derive(Message, Debug, Clone)]
pub struct MoveRejected(pub String, pub Option<PuzzleMove>);

/// The level being played: the single source of truth for the board.
#[derive(Resource, Debug, Clone)]
pub struct PlayState {
    pub level: Level,
    pub puzzle: Puzzle,
    pub done: Vec<(PuzzleMove, PuzzleUndo)>,
    pub undone: Vec<PuzzleMove>,
}

impl PlayState {
    pub fn new(level: Level) -> PlayState {
        PlayState {
            puzzle: level.puzzle.clone(),
            level,
            done: Vec::new(),
            undone: Vec::new(),
        }
    }

    pub fn moves(&self) -> usize {
        self.done.len()
    }
}

/// The systems that apply moves and commands; input is read before them.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct MovesSystems;

/// The animations a move waits for: every one on the board, not the
/// decorations around it (the confetti of a win).
pub type BoardAnims<'w, 's> = Query<'w, 's, (), (With<TweenAnim>, Without<Decoration>)>;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MoveRequested>()
        .add_message::<BoardCommand>()
        .add_message::<MoveApplied>()
        .add_message::<MoveRejected>()
        .add_systems(
            Update,
            (apply_commands, apply_moves)
                .chain()
                .in_set(MovesSystems)
                .run_if(in_state(Screen::Play).and_then(resource_exists::<PlayState>)),
        );
}

fn apply_moves(
    mut requests: MessageReader<MoveRequested>,
    mut state: ResMut<PlayState>,
    anims: BoardAnims,
    mut applied: MessageWriter<MoveApplied>,
    mut rejected: MessageWriter<MoveRejected>,
) {
    for MoveRequested(mv) in requests.read() {
        // A move asked for while the last one animates is dropped whole, never
        // half applied: the player sees the board settle first.
        if !anims.is_empty() {
            continue;
        }
        let before = state.puzzle.clone();
        match state.puzzle.apply(*mv) {
            Ok(undo) => {
                state.done.push((*mv, undo));
                state.undone.clear();
                applied.write(MoveApplied { before });
                // One move a frame: the animation of this one starts first.
                break;
            }
            Err(e) => {
                rejected.write(MoveRejected(e.0, Some(*mv)));
            }
        }
    }
}

fn apply_commands(
    mut commands: MessageReader<BoardCommand>,
    mut state: ResMut<PlayState>,
    anims: BoardAnims,
    mut applied: MessageWriter<MoveApplied>,
    mut rejected: MessageWriter<MoveRejected>,
) {
    for command in commands.read() {
        if !anims.is_empty() {
            continue;
        }
        let before = state.puzzle.clone();
        match command {
            BoardCommand::Undo => {
                let Some((mv, undo)) = state.done.pop() else {
                    rejected.write(MoveRejected("nothing to undo".into(), None));
                    continue;
                };
                state.puzzle.undo(&undo);
                state.undone.push(mv);
            }
            BoardCommand::Redo => {
                let Some(mv) = state.undone.pop() else {
                    rejected.write(MoveRejected("nothing to redo".into(), None));
                    continue;
                };
                match state.puzzle.apply(mv) {
                    Ok(undo) => state.done.push((mv, undo)),
                    Err(e) => {
                        rejected.write(MoveRejected(e.0, Some(mv)));
                        continue;
                    }
                }
            }
            BoardCommand::Restart => {
                if state.done.is_empty() {
                    continue;
                }
                state.puzzle = state.level.puzzle.clone();
                state.done.clear();
                state.undone.clear();
            }
        }
        applied.write(MoveApplied { before });
        break;
    }
}
