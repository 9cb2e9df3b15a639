//! The timeline's line: how many steps the search took, and which of them
//! the board shows once it is taken back.

use super::*;

/// The column's height under which the timeline's line is said short.
pub(super) const SHORT_CAPTION_BELOW: f32 = 470.0;

/// The timeline's line: its steps, or the step the board shows (`at`,
/// scrubbed back); `short`, in one short line ("Step 142 of 285");
/// `playing`, a finished search's timeline played on (`TimelinePlay`).
pub(super) fn timeline_words(
    autoplay: Option<&Autoplay>,
    scrubbed: Option<usize>,
    short: bool,
    playing: bool,
) -> String {
    match autoplay {
        Some(a) if !a.log.is_empty() => {
            let len = a.log.len();
            let at = scrubbed.unwrap_or(len);
            if short {
                let (at, len) = (compare::group(at as u64), compare::group(len as u64));
                // At its end, nothing: the map keeps the line's room
                // until the player goes back in time.
                return match scrubbed {
                    Some(_) => format!("Step {at} of {len}"),
                    None => String::new(),
                };
            }
            // A search past the log's room keeps its first steps: said in
            // a new player's words ("the first kept" meant nothing).
            let more = if len == crate::game::solver::autoplay::LOG_MOST {
                " (the timeline keeps the first\u{a0}million)"
            } else {
                ""
            };
            if scrubbed.is_some() {
                // A paused search waits at its end for the player's Space;
                // a finished one's timeline plays on with it (said while
                // it stands, not while it plays).
                let waits = if a.is_active() {
                    " (Space: the search goes on)"
                } else if playing {
                    ""
                } else {
                    " (Space: play it on)"
                };
                format!(
                    "The board shows the search after {} of its {} steps{more}{waits}",
                    compare::group(at as u64),
                    compare::group(len as u64)
                )
            } else {
                // At its end (a moment away from it says so above). The
                // search's own steps, which are not the moves of its answer
                // nor its positions: the moves it tried and took back, said
                // so ("745 search steps" beside 380 positions read as a
                // riddle).
                let (tried, back) = (a.stats.tried, a.stats.backtracks);
                // Past the timeline's million the search's own count goes
                // on (the line stood at "1,000,000 search steps" for a
                // minute while the plain search ran on).
                let past = !more.is_empty() && tried + back > len as u64;
                let shown = if past { tried + back } else { len as u64 };
                let steps = format!(
                    "{} {}",
                    compare::group(shown),
                    crate::levels::noun(shown, "search step", "search steps")
                );
                if tried + back != shown {
                    return format!("{steps}{more}");
                }
                let more = if past { more } else { "" };
                // A best-first search walks back along a line it set aside
                // to take it up again: its moves tried are not its
                // positions ("33 moves tried" stood beside "27 positions").
                // Its steps are those that reached a new position (every
                // position but the start) and those between its lines.
                if let Some(t) = a.tree.as_ref().filter(|t| sets_aside(a.watch, t)) {
                    let new = t.stats().positions.saturating_sub(1).min(tried);
                    let between = match tried + back - new {
                        0 => String::new(),
                        n => format!(", {} between lines set aside", compare::group(n)),
                    };
                    return format!(
                        "{steps}: {} to new positions{between}{more}",
                        compare::group(new),
                    );
                }
                // A search by depth reaches a new position with each move
                // it tries: its positions counted as the race beside it
                // counts them ("41 search steps" stood over "34 so far").
                let by_depth = a.tree.as_ref().map(|t| {
                    let plain = a.watch == Watch::Plain;
                    (compare::counts_by_depth(t.start(), plain), t)
                });
                let reached = match by_depth {
                    Some((true, _)) => {
                        let n = tried + 1;
                        format!(
                            "{} {}",
                            compare::group(n),
                            crate::levels::noun(n, "position", "positions")
                        )
                    }
                    _ => steps,
                };
                // Past the timeline's million, its count and what the
                // timeline keeps (with the moves tried and taken back too
                // it took three lines).
                if past {
                    return format!("{reached}{more}");
                }
                // ("taken back" kept on one line: "26,698 taken / back".)
                format!(
                    "{reached}: {} {} tried, {} taken\u{a0}back{more}",
                    compare::group(tried),
                    crate::levels::noun(tried, "move", "moves"),
                    compare::group(back),
                )
            }
        }
        _ => String::new(),
    }
}
