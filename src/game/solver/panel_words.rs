//! The solver panel's words: the status of the watch (a win, a stop, a
//! search under way), its counters, and the path it stands on.

use crate::game::play::PlayState;
use crate::game::puzzles::{short, step_words};
use crate::game::solver::compare::group;
use crate::game::solver::{Autoplay, Ending, Watch};
use crate::game::theme;
use bevy::prelude::*;

/// A win in words: the moves of the game in all and, where the player
/// had played some before auto-play began, whose they were (a Flood
/// level's limit counts them all; the search's path holds only its own).
pub fn won_words(watching: &str, moves: usize, base: usize) -> String {
    let noun = |n: usize| crate::levels::noun(n as u64, "move", "moves");
    match moves.checked_sub(base) {
        Some(its) if base > 0 => format!(
            "{watching}: won in {moves} {}: your {base}, then its {its}",
            noun(moves)
        ),
        _ => format!("{watching}: won in {moves} {}", noun(moves)),
    }
}

/// The letters of a line of the path the panel holds before it wraps
/// (about: the font's letters differ in width).
const PATH_CHARS: usize = 38;

/// What a wrapped step's lines after its first begin with: they stand
/// under its words, not under its number.
const PATH_INDENT: &str = "\u{a0}\u{a0}\u{a0}\u{a0}\u{a0}\u{a0}";

/// A step of the path in lines of at most `PATH_CHARS` letters, broken at
/// spaces, each after the first indented under the step's words (the
/// panel's own wrapping put them under the number), and a newline at its
/// end.
fn wrap_step(step: &str) -> String {
    // The number as it stands (right-aligned), then the words.
    let (number, words) = match step.find(". ") {
        Some(at) => step.split_at(at + 2),
        None => ("", step),
    };
    let mut out = String::new();
    let mut line = number.to_string();
    let mut fresh = true;
    for word in words.split(' ').filter(|w| !w.is_empty()) {
        let len = line.chars().count();
        if !fresh && len + 1 + word.chars().count() > PATH_CHARS {
            out.push_str(&line);
            out.push('\n');
            line = PATH_INDENT.to_string();
            fresh = true;
        }
        if !fresh {
            line.push(' ');
        }
        line.push_str(word);
        fresh = false;
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// The lines a step of the path takes in the panel.
fn wrapped_lines(step: &str) -> usize {
    step.lines().count().max(1)
}

/// The panel's lines: the status, the counters and the path (in `shown`
/// lines of room). Where the search's column counts its steps and moves
/// (`counted_by_column`: open, with its line of steps shown), the counters
/// leave those to it and say the time alone. With the
/// timeline moved back, the tree as it stood then (`then`) counts.
pub(super) fn panel_text(
    a: &Autoplay,
    then: Option<&crate::solve::tree::SearchTree>,
    state: &PlayState,
    shown: usize,
    counted_by_column: bool,
) -> (String, Color, String, String) {
    let watching = if a.is_replay() {
        "Replay"
    } else {
        a.watch.words()
    };
    let (words, colour) = match (&a.ending, a.solution_len()) {
        (Some(Ending::Replayed(n)), _) => (
            format!(
                "Replay: the game's {} played, not won",
                crate::levels::count_of(*n, "move", "moves")
            ),
            theme::TEXT,
        ),
        (Some(Ending::Won(n)), _) => (won_words(watching, *n, a.base()), theme::WIN),
        (Some(Ending::Stopped), _) => (format!("{watching}: stopped"), theme::TEXT_DIM),
        (Some(other), _) => (format!("{watching}: {other}"), theme::WARN),
        (None, None) if a.watch == Watch::Solution => (
            format!("Thinking... {} positions", group(a.stats.nodes)),
            theme::TEXT,
        ),
        // Paused, it says so (the Pause button's Resume alone did).
        (None, _) if a.paused => (format!("{watching}: paused"), theme::TEXT),
        (None, _) => (watching.to_string(), theme::TEXT),
    };
    let words = match &a.verdict {
        // "Solution: 13 moves" under "won in 13 moves" said it twice.
        Some(_) if a.verdict_counts_only && matches!(a.ending, Some(Ending::Won(_))) => words,
        // The board moved since (an undo): "this position" was read as the
        // one on the board.
        Some(_) if a.ending == Some(Ending::Unsolvable) && state.moves() != a.base() => {
            let from = match a.base() {
                0 => "the start".to_string(),
                n => format!(
                    "the position after {}",
                    crate::levels::count_of(n, "move", "moves")
                ),
            };
            format!("{words}\nNo solution from {from}")
        }
        Some(v) => format!("{words}\n{v}"),
        None => words,
    };
    // The tree's count where there is one (the start and each move tried),
    // so the panel and the tree's column say the same.
    let positions = match then.or(a.tree.as_ref()) {
        Some(t) => t.stats().positions,
        None => a.stats.nodes.max(a.stats.tried),
    };
    let counts = if a.watch.searches() {
        let depth = format!("   Depth {}", a.stats.path.len());
        // A moment of the timeline has no time of its own to show: the
        // search's whole time beside its first positions read as theirs.
        let time = match then {
            Some(_) => String::new(),
            // (Its words kept together: a narrow panel wraps before it.)
            None => format!("   watched\u{a0}{:.1}\u{a0}s", a.watched),
        };
        // With the column open its line counts the steps and the moves
        // tried: the panel's own count of positions beside them was a
        // third figure to tell apart (the "?" card says how they differ).
        match counted_by_column {
            true => time.trim_start().to_string(),
            false if time.is_empty() => format!("Positions {}{depth}", group(positions)),
            // The time on a line of its own: the layout broke "watched
            // 5.9 s" at its no-break spaces in a narrow panel, and the
            // line's break moved as the figures grew.
            false => format!(
                "Positions {}{depth}\n{}",
                group(positions),
                time.trim_start()
            ),
        }
    } else {
        format!("Moves {}   {:.1} s", state.moves(), a.watched)
    };
    let mut lines = String::new();
    if a.watch.searches() && !a.stats.path.is_empty() && shown > 0 {
        lines.push_str("Path (untried moves at each step):\n");
        // The steps in the player's words, each from the position before
        // it: played from the search's start, or (no tree kept) from the
        // board undone, where it stands at the line's end. (A board moved by
        // the timeline named them by pad numbers.)
        let n = a.stats.path.len();
        let (mut before, mut known) = match a.tree.as_ref() {
            Some(t) => (t.start().clone(), true),
            None => {
                let mut before = state.puzzle.clone();
                let tail: Vec<_> = state.done.iter().rev().take(n).collect();
                let on_board = tail.len() == n
                    && tail
                        .iter()
                        .rev()
                        .zip(&a.stats.path)
                        .all(|((mv, _), step)| *mv == step.mv);
                if on_board {
                    for (_, undo) in &tail {
                        before.undo(undo);
                    }
                }
                (before, on_board)
            }
        };
        let mut steps = Vec::with_capacity(n);
        for (i, step) in a.stats.path.iter().enumerate() {
            let words = if known {
                step_words(&before, step.mv)
            } else {
                short(step.mv)
            };
            known = known && before.apply(step.mv).is_ok();
            steps.push(wrap_step(&format!(
                "{:>3}. {words}, {}\u{a0}untried",
                i + 1,
                step.untried
            )));
        }
        // The newest steps that fit the lines of room, each as many lines
        // as it wraps to (a peg board's steps take two in the panel), one
        // line kept for those left out.
        let mut room = shown;
        let mut kept = 0;
        for step in steps.iter().rev() {
            let takes = wrapped_lines(step);
            if takes + usize::from(kept + 1 < n) > room && kept > 0 {
                break;
            }
            room = room.saturating_sub(takes);
            kept += 1;
        }
        let skip = n - kept;
        if skip > 0 {
            lines.push_str(&format!("  ... {skip} steps before\n"));
        }
        for step in &steps[skip..] {
            lines.push_str(step);
        }
    }
    (words, colour, counts, lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A long step is broken at spaces, its later lines indented, none
    /// over the panel's letters; a short one stays one line.
    #[test]
    fn a_long_step_wraps_under_its_words() {
        let short = wrap_step(" 11. centre frog jumps down, 1\u{a0}untried");
        assert_eq!(short, " 11. centre frog jumps down, 1\u{a0}untried\n");
        let long = wrap_step(" 10. right-hand bottom-right frog jumps up-left, 1\u{a0}untried");
        let lines: Vec<&str> = long.lines().collect();
        assert_eq!(lines.len(), 2, "{long:?}");
        assert!(lines[1].starts_with(PATH_INDENT), "{long:?}");
        assert!(
            lines.iter().all(|l| l.chars().count() <= PATH_CHARS),
            "{long:?}"
        );
        assert_eq!(
            long.replace(PATH_INDENT, " ")
                .split_whitespace()
                .collect::<Vec<_>>(),
            " 10. right-hand bottom-right frog jumps up-left, 1 untried"
                .split(' ')
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
        );
        assert_eq!(wrapped_lines(&long), 2);
    }
}
