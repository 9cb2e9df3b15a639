//! The message line's words: what it says, the most pressing first, and
//! the size it is drawn at.

use crate::game::play::{MoveRejected, PlayState, Say};
use crate::game::puzzles;
use crate::game::solver::Verdict;
use crate::game::theme;
use bevy::prelude::*;

/// The message's size: 18 pixels, or less (down to 14) where a line of
/// `letters` would not fit the bar's `room` at 18.
pub(super) fn message_size(letters: usize, room: f32) -> f32 {
    // A letter's width against the size, about (Noto Sans, English; 0.45
    // let a message of capitals and signs wrap at 800x600).
    const LETTER: f32 = 0.48;
    if room <= 0.0 || letters == 0 {
        return 18.0;
    }
    (room / (letters as f32 * LETTER)).floor().clamp(14.0, 18.0)
}

/// What the check's verdict says of the position on the board (`moves`
/// played), when it found it lost: how far back it could still be won.
pub(super) fn lost_words(verdict: Option<(usize, Verdict)>, moves: usize) -> Option<String> {
    let (at, verdict) = verdict.filter(|(at, _)| *at == moves)?;
    let Verdict::Lost { back } = verdict else {
        return None;
    };
    Some(match back {
        Some(1) => {
            "This position can no longer be won: it could one move ago. Press U to undo.".into()
        }
        Some(n) => format!(
            "This position can no longer be won: it last could {n} moves back. Press U {n} times."
        ),
        None if at == 0 => {
            "This level cannot be won: no line of moves from its start reaches the goal.".into()
        }
        None => "This position can no longer be won. Backspace restarts the level.".into(),
    })
}

/// The line's words and colour, the most pressing first: a move refused,
/// words said, the move limit passed, a lost position, a hint, then what a
/// picked frog may do.
pub(super) fn message_words(
    state: &PlayState,
    refused: Option<MoveRejected>,
    said: Option<Say>,
    lost: Option<String>,
    hint: Option<String>,
    picked: bool,
) -> (String, Color) {
    if let Some(MoveRejected { why, mv, .. }) = refused {
        let words = puzzles::refusal(&state.puzzle, mv, &why);
        return (format!("Not allowed: {words}."), theme::WARN);
    }
    if let Some(Say(words)) = said {
        return (words, theme::HIGHLIGHT);
    }
    if state.puzzle.over_limit() {
        return (
            "Over the move limit: this level is lost. Finish it anyway, or Backspace to try again."
                .into(),
            theme::WARN,
        );
    }
    if let Some(words) = lost {
        return (words, theme::WARN);
    }
    if let Some(words) = hint {
        return (words, theme::HIGHLIGHT);
    }
    if picked {
        return (
            puzzles::picked_words(&state.puzzle).to_string(),
            theme::TEXT,
        );
    }
    (String::new(), theme::TEXT)
}
