//! The move map (M, or the panel's Moves button): every legal move of the
//! position on the board marked where the player would make it, green with a
//! tick where the level can still be won after it, red with a cross where it
//! cannot, grey with three dots while not decided; beside a winning
//! move, what is left after it (the fewest moves in Swap and Flood, the ways
//! to win in Hop and Escape). The marks are decided in the background, a
//! quick pass over every move first and then, for the moves it left open, a
//! long one, within the memory every search shares. Playing with the map on
//! is help, as a hint is.

mod draw;
mod legible;

pub use draw::{ArcDot, ButtonMark, HoverRing, LastOfItsKind, MarkHovered, MoveMarkBadge};

use super::{Autoplay, SolverBudget};
use crate::game::play::{PlayState, PlaySystems};
use crate::game::settings::Settings;
use crate::levels::count_of;
use crate::rules::Puzzle;
use crate::solve::Budget;
use crate::solve::moves::{
    Left, MoveMap, MoveMark, WAYS_CAP, Ways, counts_ways, left_below_of, left_of,
    mirror_of_earlier, positions_after, shortest_for_moves, winnable_after, winnable_of,
};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, TaskPool};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The quick pass's time for all the moves together.
const QUICK: Duration = Duration::from_millis(100);
/// The long pass's time for each move the quick one left open.
const LONG: Duration = Duration::from_secs(20);

/// How long the marks may take before each move shows three grey dots while
/// they are decided (the English board's first position waits for its
/// table, half a second and more: the board showed no mark at all).
#[derive(Resource, Debug, Clone, Copy)]
pub struct MarksPatience(pub Duration);

impl Default for MarksPatience {
    fn default() -> Self {
        MarksPatience(Duration::from_millis(150))
    }
}

/// The marks of the position on the board, as far as decided.
#[derive(Resource, Default)]
pub struct MoveMarks {
    /// The position marked and its map (moves not decided yet are
    /// `Left::UNKNOWN`); None while the quick pass runs, or with the map off.
    pub shown: Option<(Puzzle, MoveMap)>,
    /// The position being decided, and when it began.
    deciding: Option<Puzzle>,
    since: Option<std::time::Instant>,
    running: Option<Running>,
}

struct Running {
    /// Each batch of marks as it is decided: the move's index and its mark.
    marks: Mutex<Receiver<Vec<(usize, Left)>>>,
    cancel: Arc<AtomicBool>,
    _task: Task<()>,
}

/// A search left behind stops: its task would run on to its end otherwise.
impl Drop for Running {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

impl MoveMarks {
    /// Whether marks are still being decided.
    pub fn pending(&self) -> bool {
        self.running.is_some()
    }

    /// The words of the bar for the marks shown: how many moves keep the
    /// level winnable, and what is left from here.
    pub fn words(&self) -> Option<String> {
        let (p, map) = self.shown.as_ref()?;
        if map.won {
            return None;
        }
        let n = map.moves.len();
        // "1 of 3 moves keeps it", "2 of 3 moves keep it".
        let keep = if map.winning() == 1 { "keeps" } else { "keep" };
        let mut words = match (map.left.winnable, map.undecided()) {
            (Some(false), _) => "no move keeps it winnable".to_string(),
            // None decided yet ("0 of 4 moves keep it, 4 not known").
            (_, open) if open == n && n > 0 => match self.pending() {
                true => format!("deciding {}...", count_of(n, "move", "moves")),
                false => format!("{} not known", count_of(n, "move", "moves")),
            },
            (_, 0) => format!(
                "{} of {} {keep} it winnable",
                map.winning(),
                count_of(n, "move", "moves")
            ),
            (_, open) => format!(
                "{} of {} {keep} it winnable, {open} not known yet",
                map.winning(),
                count_of(n, "move", "moves")
            ),
        };
        let counts = counts_ways(p);
        let whole = match (counts, map.left.ways, map.left.shortest) {
            (true, Some(Ways::Exactly(w)), _) => Some(format!("ways to win: {w}")),
            (true, Some(Ways::Many), _) => Some(format!("ways to win: {WAYS_CAP}+")),
            (false, _, Some(s)) => Some(format!("fewest moves from here: {s}")),
            _ => None,
        };
        if let Some(whole) = whole {
            words += &format!(" · {whole}");
        }
        Some(words)
    }

    /// What a mark's number is, while any mark carries one (a new player
    /// found it explained nowhere on the board); where some winning moves
    /// take more moves than others (Flood's), what the paler marks of those
    /// that can wait are; and what "all" on a button is, where one says it.
    pub fn key_words(&self) -> Option<String> {
        let (p, map) = self.shown.as_ref()?;
        let waits = map.moves.iter().any(|m| can_wait(map, &m.left));
        let last = (map.moves.iter()).find_map(|m| draw::last_of_its_kind(p, &m.left, m.mv));
        let key = self.number_key(p, waits)?;
        Some(match last {
            Some(words) => format!("{key} \u{b7} all: {words}"),
            None => key,
        })
    }

    fn number_key(&self, p: &Puzzle, waits: bool) -> Option<String> {
        // Past the cap a tick stands alone (the English board's every early
        // move): the key says why, as the bar's "ways to win: 1000+" does.
        let many = self.shown.as_ref().is_some_and(|(_, map)| {
            (map.moves.iter())
                .any(|m| m.left.winnable == Some(true) && m.left.ways == Some(Ways::Many))
        });
        match (self.numbered(), counts_ways(p), waits) {
            (false, true, _) if many => Some(format!(
                "A tick without a number: {WAYS_CAP}+ ways to win after that move"
            )),
            (false, _, _) => None,
            (true, true, _) if many => Some(format!(
                "The number: the ways to win after that move \u{b7} none: {WAYS_CAP}+"
            )),
            (true, true, _) => Some("The number: the ways to win after that move".into()),
            (true, false, false) => {
                Some("The number: the fewest moves to win after that move".into())
            }
            (true, false, true) => Some(
                "The number: the fewest moves to win after it \u{b7} pale: more than the fewest"
                    .into(),
            ),
        }
    }

    /// Whether any mark on the board carries a number.
    fn numbered(&self) -> bool {
        self.shown.as_ref().is_some_and(|(p, map)| {
            let counts = counts_ways(p);
            map.moves.iter().any(|m| number(&m.left, counts).is_some())
        })
    }

    fn stop(&mut self) {
        self.running = None;
        self.deciding = None;
        self.since = None;
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MoveMarks>()
        .init_resource::<MarksPatience>()
        .init_resource::<draw::MarkHovered>()
        .add_systems(
            Update,
            (
                follow.in_set(PlaySystems::Solver),
                (
                    draw::draw,
                    draw::draw_on_buttons,
                    draw::focus_on_picked,
                    draw::ring_the_hovered_move,
                )
                    .chain()
                    .in_set(PlaySystems::Present)
                    .after(crate::game::play::BoardRespawn),
            ),
        )
        // After the camera's fit, whatever ran in Update: the numbers
        // follow the scale of the frame they are drawn in.
        .add_systems(
            PostUpdate,
            legible::legible_marks.before(bevy::transform::TransformSystems::Propagate),
        );
}

/// Starts deciding the marks of the position on the board when it changes
/// (a move, undo, redo, restart, a jump from the tree, a reload), reads what
/// has been decided, and stops with the map off or while auto-play plays.
fn follow(
    settings: Res<Settings>,
    mut state: ResMut<PlayState>,
    autoplay: Option<Res<Autoplay>>,
    budget: Res<SolverBudget>,
    mut marks: ResMut<MoveMarks>,
    patience: Res<MarksPatience>,
) {
    let on = settings.move_map && !autoplay.is_some_and(|a| a.is_active());
    if !on {
        if marks.shown.is_some() || marks.deciding.is_some() {
            marks.stop();
            marks.shown = None;
        }
        return;
    }
    // Playing with the map on is help (set without a change: nothing that
    // follows the board has to run again for it).
    if !state.helped && !state.puzzle.is_won() {
        state.bypass_change_detection().helped = true;
    }
    let marked = marks.shown.as_ref().map(|(p, _)| p);
    let current = marks.deciding.as_ref().or(marked);
    if current != Some(&state.puzzle) {
        marks.stop();
        marks.shown = None;
        start(&mut marks, &state.puzzle, &budget.0);
    }
    read(&mut marks);
    // Not decided in the time a player notices: each move shows its dots.
    let waited = marks.since.is_some_and(|t| t.elapsed() >= patience.0);
    if marks.shown.is_none()
        && waited
        && let Some(p) = marks.deciding.clone()
    {
        marks.shown = Some(unknown_map(&p));
    }
}

/// The number beside a winning move's tick: the fewest moves to win after
/// it (Swap, Flood), or its ways to win (Hop, Escape); none past the cap
/// (on the English board every early move's "1k+" crowded the next mark
/// and the frogs' faces; the bar says "ways to win: 1000+").
fn number(left: &Left, counts: bool) -> Option<u64> {
    match (left.winnable, counts) {
        (Some(true), false) => left.shortest.map(u64::from),
        (Some(true), true) => match left.ways {
            Some(Ways::Exactly(n)) => Some(n),
            Some(Ways::Many) | None => None,
        },
        _ => None,
    }
}

/// Whether a winning move's fewest moves to win are more than another
/// winning move's: it keeps the level winnable but is not the way on
/// now; it can wait (a Flood colour that a shorter line plays later, or
/// never). Only where wins differ in length (the numbers are the fewest
/// moves, not the ways).
pub(super) fn can_wait(map: &MoveMap, left: &Left) -> bool {
    let fewest = (map.moves.iter())
        .filter(|m| m.left.winnable == Some(true))
        .filter_map(|m| m.left.shortest)
        .min();
    left.winnable == Some(true)
        && left.ways.is_none()
        && matches!((left.shortest, fewest), (Some(n), Some(f)) if n > f)
}

/// `p`'s moves, none of them decided.
fn unknown_map(p: &Puzzle) -> (Puzzle, MoveMap) {
    let moves = if p.is_won() || p.is_stuck() {
        Vec::new()
    } else {
        p.legal_moves()
    };
    let moves = moves
        .into_iter()
        .map(|mv| MoveMark {
            mv,
            left: Left::UNKNOWN,
        })
        .collect();
    (
        p.clone(),
        MoveMap {
            won: p.is_won(),
            left: Left::UNKNOWN,
            moves,
        },
    )
}

fn start(marks: &mut MoveMarks, puzzle: &Puzzle, shared: &Budget) {
    let cancel = Arc::new(AtomicBool::new(false));
    let budget = Budget {
        cancel: Some(cancel.clone()),
        ..shared.clone()
    };
    let (send, receive) = channel();
    let p = puzzle.clone();
    let pool = AsyncComputeTaskPool::get_or_init(TaskPool::new);
    let task = pool.spawn(async move {
        crate::game::memory::then_let_go(|| decide(&p, &budget, |batch| send.send(batch).is_ok()))
    });
    marks.deciding = Some(puzzle.clone());
    marks.since = Some(std::time::Instant::now());
    marks.running = Some(Running {
        marks: Mutex::new(receive),
        cancel,
        _task: task,
    });
}

/// Decides the marks of `p`'s moves: the quick pass's all at once, then each
/// of the long pass's as it comes. `send` returns false once nobody reads.
fn decide(p: &Puzzle, budget: &Budget, mut send: impl FnMut(Vec<(usize, Left)>) -> bool) {
    let moves = if p.is_won() || p.is_stuck() {
        Vec::new()
    } else {
        p.legal_moves()
    };
    let after = positions_after(p, &moves);
    // A move into the mirror image of an earlier move's position shares its
    // marks: it is not searched again.
    let mirror = mirror_of_earlier(&after);
    crate::solve::moves::prepare(p, budget);
    // A table made once for the marks (the English board's) stays: the
    // searches beside it share what is left of the memory.
    if let Some(shared) = &budget.shared {
        shared.set_kept(crate::solve::moves::kept_bytes());
    }
    let each = QUICK / mirror.iter().filter(|m| m.is_none()).count().max(1) as u32;
    // What the position tells of all its moves at once (Flood's line with a
    // move to spare), asked only once a move's own search leaves it open.
    let mut at_once: Option<Vec<Option<bool>>> = None;
    let mut quick: Vec<(usize, Left)> = Vec::with_capacity(moves.len());
    for (i, a) in after.iter().enumerate() {
        let left = match (a, mirror[i]) {
            (_, Some(twin)) => quick[twin].1,
            (Some(a), None) => {
                let one = Budget {
                    time: Some(each),
                    ..budget.clone()
                };
                let left = left_of(a, &one);
                // A board too big to search in the quick pass may still
                // be proven winnable at once (Flood's quick lines).
                match left.winnable {
                    Some(_) => left,
                    None => {
                        let all = at_once.get_or_insert_with(|| winnable_after(p, &moves, &one));
                        Left {
                            winnable: all[i].or_else(|| winnable_of(a, &one)),
                            ..left
                        }
                    }
                }
            }
            (None, None) => Left::UNKNOWN,
        };
        quick.push((i, left));
    }
    let counts = counts_ways(p);
    let open: Vec<usize> = quick
        .iter()
        .filter(|(i, l)| mirror[*i].is_none() && !l.complete(counts))
        .map(|&(i, _)| i)
        .collect();
    let known: Vec<Option<bool>> = quick.iter().map(|(_, l)| l.winnable).collect();
    if !send(quick) {
        return;
    }
    let long = Budget {
        time: Some(LONG),
        ..budget.clone()
    };
    // Where the position's own fewest moves tell each move's by one
    // question (Flood's), it is found first (in a quarter of a move's
    // time: without it each move is searched on its own).
    let parent = match open.is_empty() {
        true => None,
        false => shortest_for_moves(
            p,
            &Budget {
                time: Some(LONG / 4),
                ..budget.clone()
            },
        ),
    };
    for i in open {
        let Some(a) = &after[i] else { continue };
        let cancelled = budget
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed));
        if cancelled {
            return;
        }
        let mut left = match parent {
            Some(parent) => left_below_of(a, parent, &long),
            None => left_of(a, &long),
        };
        // What the quick pass proved stays, when the long one runs out.
        left.winnable = left.winnable.or(known[i]);
        let twins = (0..moves.len()).filter(|&m| mirror[m] == Some(i));
        let decided = std::iter::once(i).chain(twins).map(|m| (m, left));
        if !send(decided.collect()) {
            return;
        }
    }
}

/// Takes in the marks decided since the last frame.
fn read(marks: &mut ResMut<MoveMarks>) {
    let Some(running) = marks.running.as_ref() else {
        return;
    };
    let mut batches = Vec::new();
    let Ok(receiver) = running.marks.lock() else {
        return;
    };
    let finished = loop {
        match receiver.try_recv() {
            Ok(b) => batches.push(b),
            Err(TryRecvError::Empty) => break false,
            Err(TryRecvError::Disconnected) => break true,
        }
    };
    drop(receiver);
    // Polling is not a change; only new marks are.
    if finished {
        marks.bypass_change_detection().running = None;
        // "deciding..." gives way to "not known" where moves stay open.
        if marks.shown.as_ref().is_some_and(|(_, m)| m.undecided() > 0) {
            marks.set_changed();
        }
    }
    if batches.is_empty() {
        return;
    }
    let Some(p) = marks.deciding.clone() else {
        return;
    };
    let shown = marks
        .bypass_change_detection()
        .shown
        .get_or_insert_with(|| unknown_map(&p));
    for (i, left) in batches.into_iter().flatten() {
        if let Some(m) = shown.1.moves.get_mut(i) {
            m.left = left;
        }
    }
    shown.1.left = crate::solve::moves::position_left(&shown.0, shown.1.won, &shown.1.moves);
    marks.set_changed();
}
