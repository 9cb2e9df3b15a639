//! Auto-play's steps: the search's events taken one by one (the board
//! following them), the answer played on, and the solver's outcome read.

use super::*;

/// What watching the search asks for next.
pub(super) enum SearchStep {
    /// A move tried (played) or taken back (undone).
    Ask(Request),
    /// Nothing yet (or the watch has ended).
    Wait,
    /// The search is done and its answer taken: the answer is played on.
    Answered,
}

/// Watching the search: its events are taken until one changes the board.
pub(super) fn search_step(a: &mut Autoplay) -> SearchStep {
    if a.shadow.is_none() {
        // Not watching the search: its events are not this step's to take.
        return SearchStep::Wait;
    }
    if let Some(step) = tail_step(a) {
        return step;
    }
    while let Some(event) = a.job.as_ref().and_then(SolverJob::next_event) {
        log_event(a, &event);
        if let Some(tree) = a.tree.as_mut()
            && tree.feed(&event).is_err()
        {
            // The tree and the shadow follow the same events: the shadow
            // below says it lost its place.
            a.tree = None;
        }
        let Some((at, undos)) = a.shadow.as_mut() else {
            break;
        };
        let depth_now = undos.len();
        match event {
            SolverEvent::Progress { nodes, .. } => a.stats.nodes = nodes,
            SolverEvent::Bound { moves, nodes, .. } => a.stats.bounds.push((moves, nodes)),
            SolverEvent::Cut { depth, why } => {
                LogStep::count_cut(&mut a.cuts_since, why, depth, depth_now as u32)
            }
            SolverEvent::Tried { mv, depth } => {
                let legal = at.legal_moves().len();
                let undo = match at.apply(mv) {
                    Ok(undo) if depth as usize == depth_now + 1 => undo,
                    _ => return lost_place(a),
                };
                undos.push(undo);
                a.stats.on_tried(depth as usize, mv, legal);
                return SearchStep::Ask(Request::Play(mv));
            }
            SolverEvent::TakenBack { depth, .. } => {
                match undos.pop() {
                    Some(undo) if depth as usize == depth_now => at.undo(&undo),
                    _ => return lost_place(a),
                }
                a.stats.on_taken_back(depth as usize);
                return SearchStep::Ask(Request::Undo);
            }
            SolverEvent::Done(outcome) => {
                take_outcome(a, outcome);
                if a.ending.is_some() {
                    return SearchStep::Wait;
                }
                // The way from the search's line to its answer's end: its
                // last steps (the tree has the answer's nodes from it).
                if let Some(solution) = a.solution.as_ref() {
                    let line: Vec<PuzzleMove> = a.stats.path.iter().map(|p| p.mv).collect();
                    let common = shared_start(line.iter().copied(), solution);
                    let back = line[common..].iter().rev().map(|&mv| (mv, true));
                    let on = solution[common..].iter().map(|&mv| (mv, false));
                    a.tail = back.chain(on).collect();
                }
                if let Some(step) = tail_step(a) {
                    return step;
                }
                break;
            }
        }
    }
    if a.solution.is_some() {
        SearchStep::Answered
    } else {
        if a.job.is_none() {
            a.end(Ending::Stuck("the solver stopped without an answer".into()));
        }
        SearchStep::Wait
    }
}

/// The next of the answer's moves past the search's line, played and logged
/// as a move the search tried (its tree is not fed: the answer brought
/// those nodes, and counting them again would set the panel's positions
/// apart from the comparison's).
fn tail_step(a: &mut Autoplay) -> Option<SearchStep> {
    let (mv, back) = a.tail.pop_front()?;
    let (at, undos) = a.shadow.as_mut()?;
    let depth = undos.len() as u32;
    let legal = at.legal_moves().len();
    let (event, request) = if back {
        let Some(undo) = undos.pop() else {
            return Some(lost_place(a));
        };
        at.undo(&undo);
        a.stats.on_taken_back(depth as usize);
        (SolverEvent::TakenBack { mv, depth }, Request::Undo)
    } else {
        let Ok(undo) = at.apply(mv) else {
            return Some(lost_place(a));
        };
        undos.push(undo);
        a.stats.on_tried(depth as usize + 1, mv, legal);
        (
            SolverEvent::Tried {
                mv,
                depth: depth + 1,
            },
            Request::Play(mv),
        )
    };
    log_event(a, &event);
    Some(SearchStep::Ask(request))
}

/// The timeline's step for an event of the search (while its log has room),
/// with the cuts counted since the last.
fn log_event(a: &mut Autoplay, event: &SolverEvent<PuzzleMove>) {
    if a.log.len() < LOG_MOST
        && let Some(mut step) = LogStep::of(event, a.stats.bounds.last().copied())
    {
        step.cuts = std::mem::take(&mut a.cuts_since);
        a.log.push(step);
    }
}

/// The watch ends where the board no longer follows the search's events.
fn lost_place(a: &mut Autoplay) -> SearchStep {
    a.tail.clear();
    a.end(Ending::Stuck("the search view lost its place".into()));
    SearchStep::Wait
}

/// How many moves a line and an answer share from their start.
fn shared_start(line: impl IntoIterator<Item = PuzzleMove>, answer: &[PuzzleMove]) -> usize {
    line.into_iter()
        .zip(answer)
        .take_while(|(x, y)| x == *y)
        .count()
}

/// The requests still between the board and the answer's end: what is off
/// its line taken back, then the rest of it; none before an answer.
pub(super) fn answer_rest(a: &Autoplay, state: &PlayState) -> Vec<Request> {
    let Some(solution) = a.solution.as_ref() else {
        return Vec::new();
    };
    let path = &state.done[a.base.min(state.done.len())..];
    let common = shared_start(path.iter().map(|(mv, _)| *mv), solution);
    let mut rest = vec![Request::Undo; path.len() - common];
    rest.extend(solution[common..].iter().map(|&mv| Request::Play(mv)));
    rest
}

/// Playing the answer: what is off its line is taken back, then it is
/// played on; at its end, the watch ends, won or stuck.
pub(super) fn solution_step(a: &mut Autoplay, state: &PlayState) -> Option<Request> {
    let solution = a.solution.as_ref()?;
    let path = &state.done[a.base.min(state.done.len())..];
    let common = shared_start(path.iter().map(|(mv, _)| *mv), solution);
    if path.len() > common {
        return Some(Request::Undo);
    }
    if let Some(&mv) = solution.get(common) {
        return Some(Request::Play(mv));
    }
    let ending = if state.puzzle.is_won() {
        Ending::Won(state.moves())
    } else if a.replaying {
        Ending::Replayed(state.moves())
    } else if state.puzzle.over_limit() {
        Ending::Stuck(format!(
            "the best line found takes {} moves, over the limit",
            state.moves()
        ))
    } else {
        Ending::Stuck("the solution did not reach the goal".into())
    };
    a.end(ending);
    None
}

/// Reads the solver's events until its answer arrives (or none are left).
pub(super) fn drain_until_done(a: &mut Autoplay) {
    while let Some(event) = a.job.as_ref().and_then(SolverJob::next_event) {
        match event {
            SolverEvent::Progress { nodes, .. } => a.stats.nodes = nodes,
            SolverEvent::Done(outcome) => {
                take_outcome(a, outcome);
                return;
            }
            _ => {}
        }
    }
}

pub(super) fn take_outcome(a: &mut Autoplay, outcome: Outcome<PuzzleMove>) {
    a.job = None;
    match &outcome {
        Outcome::Solved { moves, optimal } => {
            // (The count and its word on one line in a narrow panel; the
            // shortest said in as few words as the other: "Shortest
            // solution:" wrapped at 800x600.)
            // From a position the player had played to, the shortest is
            // the solver's part of the game ("your 1, then its 1" above
            // it): "Shortest: 1 move" read as the whole game's.
            let n = moves.len();
            let count = format!("{n}\u{a0}{}", if n == 1 { "move" } else { "moves" });
            a.verdict = Some(match (*optimal, a.base > 0) {
                (true, false) => format!("Shortest: {count}"),
                (true, true) => format!("Its {count}: the fewest"),
                (false, _) => format!("Solution: {count}"),
            });
            a.verdict_counts_only = !*optimal;
            a.solution = Some(moves.clone());
        }
        Outcome::Unsolvable => {
            a.verdict = Some("No solution from this position".into());
            a.end(Ending::Unsolvable);
        }
        Outcome::OutOfBudget { best, reason } => match best {
            Some(moves) => {
                a.verdict = Some(format!(
                    "Out of budget ({reason}): best found {} moves, not proven shortest",
                    moves.len()
                ));
                a.solution = Some(moves.clone());
            }
            None => {
                a.verdict = Some(format!("Out of budget ({reason}): no solution found"));
                a.end(Ending::OutOfBudget(*reason));
            }
        },
    }
}
