//! Watching the solver: a task on Bevy's async compute pool runs the core's
//! solver and streams its events through a channel; the auto-play system turns
//! them into `MoveRequested` (and undo) when the board is idle, so the rules
//! check and the animations are the same as for a click. Also the hint (H) and
//! the background "still solvable?" check after each of the player's moves.

use super::moves::{BoardAnims, BoardCommand, MoveApplied, MoveRequested, MovesSystems, PlayState};
use super::{GameOptions, Screen};
use crate::rules::{Puzzle, PuzzleMove};
use crate::solve::{self, Budget, Outcome, SolverEvent, StopReason};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, TaskPool};
use bevy_tweening::{AnimationSystem, TweenAnim};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Events a solver may run ahead of the board before it waits for it.
const CHANNEL: usize = 256;
/// Seconds between two auto-played moves at 1x, once the board is idle.
const PAUSE_BETWEEN: f32 = 0.25;
/// The still-solvable check gives up on a position after this long.
const CHECK_TIME: Duration = Duration::from_secs(1);
/// How many positions back the still-solvable check looks.
const CHECK_BACK: usize = 40;

/// What the player watches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Watch {
    /// The solver's answer, played move by move.
    Solution,
    /// The search itself: every move tried forward, every one taken back.
    Search,
}

/// How fast auto-play runs: moves and their animations together.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub enum Speed {
    Times(f32),
    /// No animation and no pause: one move a frame.
    Instant,
}

impl Default for Speed {
    fn default() -> Self {
        Speed::Times(1.0)
    }
}

const SPEEDS: [f32; 7] = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0];

impl Speed {
    /// A speed from the command line: a factor from 0.25 to 16, or "instant".
    pub fn parse(text: &str) -> Result<Speed, String> {
        if text.eq_ignore_ascii_case("instant") {
            return Ok(Speed::Instant);
        }
        match text.trim_end_matches(['x', 'X']).parse::<f32>() {
            Ok(x) if (0.25..=16.0).contains(&x) => Ok(Speed::Times(x)),
            _ => Err(format!(
                "speed must be a number from 0.25 to 16, or \"instant\"; found \"{text}\""
            )),
        }
    }

    pub fn faster(self) -> Speed {
        match self {
            Speed::Times(x) => SPEEDS
                .iter()
                .find(|&&s| s > x)
                .map_or(Speed::Instant, |&s| Speed::Times(s)),
            Speed::Instant => Speed::Instant,
        }
    }

    pub fn slower(self) -> Speed {
        match self {
            Speed::Times(x) => Speed::Times(
                SPEEDS
                    .iter()
                    .rev()
                    .find(|&&s| s < x)
                    .copied()
                    .unwrap_or(SPEEDS[0]),
            ),
            Speed::Instant => Speed::Times(SPEEDS[SPEEDS.len() - 1]),
        }
    }

    pub fn label(self) -> String {
        match self {
            Speed::Times(x) => format!("{x}x"),
            Speed::Instant => "instant".into(),
        }
    }

    /// The factor animations are sped up by.
    fn factor(self) -> f64 {
        match self {
            Speed::Times(x) => x as f64,
            Speed::Instant => 1e6,
        }
    }
}

/// What the game's solver may spend on one request.
#[derive(Resource, Debug, Clone)]
pub struct SolverBudget(pub Budget);

impl Default for SolverBudget {
    fn default() -> Self {
        SolverBudget(Budget {
            time: Some(Duration::from_secs(10)),
            memory: Some(1 << 30),
            ..Budget::default()
        })
    }
}

/// A solver running on the async compute pool. Its events arrive through a
/// bounded channel, so a search being watched waits for the board instead of
/// running ahead. Dropping the job cancels the search.
pub struct SolverJob {
    // Behind a lock only so the job can live in a resource; one system reads it.
    events: Mutex<Receiver<SolverEvent<PuzzleMove>>>,
    cancel: Arc<AtomicBool>,
    running: Arc<AtomicBool>,
    _task: Task<()>,
}

impl SolverJob {
    pub fn start(puzzle: Puzzle, budget: Budget, trace: bool) -> SolverJob {
        let (send, events) = sync_channel(CHANNEL);
        let cancel = Arc::new(AtomicBool::new(false));
        let running = Arc::new(AtomicBool::new(true));
        let budget = Budget {
            cancel: Some(cancel.clone()),
            ..budget
        };
        let (flag, stop) = (running.clone(), cancel.clone());
        let pool = AsyncComputeTaskPool::get_or_init(TaskPool::new);
        let task = pool.spawn(async move {
            let mut sink = |e: &SolverEvent<PuzzleMove>| {
                let sent = match e {
                    // Progress may be dropped when the board is behind.
                    SolverEvent::Progress { .. } => match send.try_send(e.clone()) {
                        Err(TrySendError::Disconnected(_)) => Err(()),
                        _ => Ok(()),
                    },
                    _ => send.send(e.clone()).map_err(|_| ()),
                };
                if sent.is_err() {
                    // Nobody watches any more: stop at the next check.
                    stop.store(true, Ordering::Relaxed);
                }
            };
            solve::solve(&puzzle, budget, Some(&mut sink), trace);
            flag.store(false, Ordering::Release);
        });
        SolverJob {
            events: Mutex::new(events),
            cancel,
            running,
            _task: task,
        }
    }

    /// The next event, if one has arrived.
    pub fn next_event(&self) -> Option<SolverEvent<PuzzleMove>> {
        let events = self.events.lock().ok()?;
        events.try_recv().ok()
    }

    /// A flag that stays true while the solver runs.
    pub fn running(&self) -> Arc<AtomicBool> {
        self.running.clone()
    }
}

impl Drop for SolverJob {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// How auto-play ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Ending {
    Won(usize),
    Stuck(String),
    Unsolvable,
    OutOfBudget(StopReason),
    /// The player took over or stopped it.
    Stopped,
}

impl std::fmt::Display for Ending {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ending::Won(n) => write!(f, "won: {n} moves"),
            Ending::Stuck(why) => write!(f, "stuck: {why}"),
            Ending::Unsolvable => write!(f, "unsolvable"),
            Ending::OutOfBudget(reason) => write!(f, "out of budget: {reason}"),
            Ending::Stopped => write!(f, "stopped"),
        }
    }
}

/// One step of the line the search is on: the move, and how many legal moves
/// at that position the search has not tried yet.
#[derive(Debug, Clone, Copy)]
pub struct PathStep {
    pub mv: PuzzleMove,
    pub untried: usize,
}

/// What the search has done so far, as the panel shows it.
#[derive(Debug, Clone, Default)]
pub struct SearchStats {
    /// Nodes the solver has counted.
    pub nodes: u64,
    /// Moves tried and taken back on the board.
    pub tried: u64,
    pub backtracks: u64,
    pub path: Vec<PathStep>,
    /// Legal moves at each position of the path (and the one after it).
    legal: Vec<usize>,
    /// Moves already tried at each position of the path.
    done: Vec<usize>,
}

impl SearchStats {
    fn on_tried(&mut self, depth: usize, mv: PuzzleMove, legal_here: usize) {
        self.tried += 1;
        self.legal.truncate(depth);
        self.done.truncate(depth);
        if self.legal.len() < depth {
            self.legal.resize(depth, legal_here);
            self.done.resize(depth, 0);
        }
        self.done[depth - 1] += 1;
        self.path.truncate(depth - 1);
        self.path.push(PathStep {
            mv,
            untried: self.legal[depth - 1].saturating_sub(self.done[depth - 1]),
        });
    }

    fn on_taken_back(&mut self, depth: usize) {
        self.backtracks += 1;
        self.path.truncate(depth.saturating_sub(1));
        self.legal.truncate(depth);
        self.done.truncate(depth);
    }
}

/// Auto-play of the level in front of the player; present while it runs and
/// after it ends (to show how it ended) until the next move.
#[derive(Resource)]
pub struct Autoplay {
    pub watch: Watch,
    pub paused: bool,
    step_once: bool,
    job: Option<SolverJob>,
    /// The solver's moves from `base`, once it has answered.
    solution: Option<Vec<PuzzleMove>>,
    /// What the solver's answer was, for the panel.
    pub verdict: Option<String>,
    /// Moves on the undo stack when auto-play began.
    base: usize,
    pub stats: SearchStats,
    /// Seconds the search has been watched (not counting pauses).
    pub watched: f32,
    wait: f32,
    pub ending: Option<Ending>,
}

impl Autoplay {
    pub fn is_active(&self) -> bool {
        self.ending.is_none()
    }

    /// The solver's job, while it runs.
    pub fn job(&self) -> Option<&SolverJob> {
        self.job.as_ref()
    }

    pub fn solution_len(&self) -> Option<usize> {
        self.solution.as_ref().map(Vec::len)
    }

    fn new(watch: Watch, state: &PlayState, budget: &Budget) -> Autoplay {
        Autoplay {
            watch,
            paused: false,
            step_once: false,
            job: Some(SolverJob::start(
                state.puzzle.clone(),
                budget.clone(),
                watch == Watch::Search,
            )),
            solution: None,
            verdict: None,
            base: state.moves(),
            stats: SearchStats::default(),
            watched: 0.0,
            wait: 0.0,
            ending: None,
        }
    }

    fn end(&mut self, ending: Ending) {
        self.job = None;
        self.ending = Some(ending);
    }
}

/// What the player asks of auto-play (keys and the panel's buttons).
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub enum AutoplayCommand {
    Start(Watch),
    Pause,
    Step,
    Stop,
    Faster,
    Slower,
    Hint,
}

/// Any input of the player's on the board; it stops auto-play.
#[derive(Message, Debug, Clone, Copy)]
pub struct PlayerInput;

/// The next move of a solution from the current position, shown, not played.
#[derive(Resource, Default)]
pub struct Hint {
    job: Option<SolverJob>,
    /// The position the hint is for, and the move.
    pub shown: Option<(Puzzle, PuzzleMove)>,
    /// Words for the player about the hint.
    pub words: Option<String>,
}

/// Whether the position can still be won, decided in the background.
#[derive(Resource, Default)]
pub struct Solvability {
    task: Option<Task<Verdict>>,
    cancel: Option<Arc<AtomicBool>>,
    /// The last verdict, for the position with this many moves played.
    pub verdict: Option<(usize, Verdict)>,
}

/// What the background check found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Winnable,
    /// Lost; it could still be won this many moves back (None: not within
    /// the positions checked).
    Lost {
        back: Option<usize>,
    },
    /// The solver could not decide quickly.
    Unknown,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Speed>()
        .init_resource::<SolverBudget>()
        .add_message::<AutoplayCommand>()
        .add_message::<PlayerInput>()
        .add_systems(OnEnter(Screen::Play), reset)
        .add_systems(OnExit(Screen::Play), cancel_all)
        .add_systems(
            Update,
            (
                start_from_command_line,
                commands_and_input,
                play_step,
                hint_step,
                check_solvable,
                animation_speed.before(AnimationSystem::AnimationUpdate),
            )
                .chain()
                .before(MovesSystems)
                .run_if(in_state(Screen::Play).and_then(resource_exists::<PlayState>)),
        )
        .add_systems(
            Update,
            exit_when_done.run_if(in_state(Screen::Play).and_then(resource_exists::<Autoplay>)),
        );
}

/// `--autoplay`: starts watching once, on the level the command line opened.
fn start_from_command_line(
    options: Option<Res<GameOptions>>,
    mut started: Local<bool>,
    mut speed: ResMut<Speed>,
    mut asked: MessageWriter<AutoplayCommand>,
) {
    if *started {
        return;
    }
    *started = true;
    let Some(options) = options else { return };
    if let Some(s) = options.speed {
        *speed = s;
    }
    if let Some(watch) = options.autoplay {
        asked.write(AutoplayCommand::Start(watch));
    }
}

/// `--exit-when-done`: once auto-play has ended and the board is still, says
/// how it ended and exits (status 0 only on a win). With `--screenshot`, the
/// screenshot is taken first and its system exits.
fn exit_when_done(
    options: Option<Res<GameOptions>>,
    autoplay: Res<Autoplay>,
    anims: BoardAnims,
    mut said: Local<bool>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(options) = options else { return };
    let Some(ending) = autoplay.ending.as_ref() else {
        return;
    };
    if !options.exit_when_done || !anims.is_empty() || *said {
        return;
    }
    *said = true;
    println!("{ending}");
    if options.screenshot.is_none() {
        exit.write(if matches!(ending, Ending::Won(_)) {
            AppExit::Success
        } else {
            AppExit::error()
        });
    }
}

fn reset(mut commands: Commands) {
    commands.remove_resource::<Autoplay>();
    commands.insert_resource(Hint::default());
    commands.insert_resource(Solvability::default());
}

/// Leaving the level cancels every solver at once (dropping a job cancels it).
fn cancel_all(mut commands: Commands) {
    commands.remove_resource::<Autoplay>();
    commands.remove_resource::<Hint>();
    commands.remove_resource::<Solvability>();
}

fn commands_and_input(
    mut commands: Commands,
    mut asked: MessageReader<AutoplayCommand>,
    mut input: MessageReader<PlayerInput>,
    state: Res<PlayState>,
    budget: Res<SolverBudget>,
    mut speed: ResMut<Speed>,
    mut autoplay: Option<ResMut<Autoplay>>,
    mut hint: ResMut<Hint>,
) {
    if input.read().count() > 0
        && let Some(a) = autoplay.as_mut()
        && a.is_active()
    {
        a.end(Ending::Stopped);
    }
    for command in asked.read() {
        match command {
            AutoplayCommand::Start(watch) => {
                if state.puzzle.is_won() {
                    continue;
                }
                hint.job = None;
                hint.shown = None;
                commands.insert_resource(Autoplay::new(*watch, &state, &budget.0));
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
                hint.job = Some(SolverJob::start(state.puzzle.clone(), budget, false));
                hint.shown = None;
                hint.words = Some("Looking for a hint...".into());
            }
        }
    }
}

/// One step of auto-play when the board is idle: the next event of the search
/// being watched, or the next move of the solution.
fn play_step(
    time: Res<Time>,
    speed: Res<Speed>,
    state: Res<PlayState>,
    autoplay: Option<ResMut<Autoplay>>,
    anims: BoardAnims,
    mut moves: MessageWriter<MoveRequested>,
    mut board: MessageWriter<BoardCommand>,
) {
    let Some(mut a) = autoplay else { return };
    if !a.is_active() {
        return;
    }
    if !a.paused {
        a.watched += time.delta_secs();
    }
    // Answers and progress are read whatever the board is doing.
    if a.solution.is_none() && a.watch == Watch::Solution {
        drain_until_done(&mut a);
        if a.ending.is_some() {
            return;
        }
    }
    if !anims.is_empty() {
        return;
    }
    let stepping = std::mem::take(&mut a.step_once);
    if a.paused && !stepping {
        return;
    }
    if !stepping {
        a.wait -= time.delta_secs();
        if a.wait > 0.0 {
            return;
        }
    }
    a.wait = match *speed {
        Speed::Times(x) => PAUSE_BETWEEN / x,
        Speed::Instant => 0.0,
    };
    if a.solution.is_none() {
        // Watching the search: take its events until one changes the board.
        while let Some(event) = a.job.as_ref().and_then(SolverJob::next_event) {
            let depth_now = state.moves() - a.base;
            match event {
                SolverEvent::Progress { nodes, .. } => a.stats.nodes = nodes,
                SolverEvent::Tried { mv, depth } => {
                    if depth as usize != depth_now + 1 {
                        a.end(Ending::Stuck("the search view lost its place".into()));
                        return;
                    }
                    let legal = state.puzzle.legal_moves().len();
                    a.stats.on_tried(depth as usize, mv, legal);
                    moves.write(MoveRequested(mv));
                    return;
                }
                SolverEvent::TakenBack { depth, .. } => {
                    if depth as usize != depth_now {
                        a.end(Ending::Stuck("the search view lost its place".into()));
                        return;
                    }
                    a.stats.on_taken_back(depth as usize);
                    board.write(BoardCommand::Undo);
                    return;
                }
                SolverEvent::Done(outcome) => {
                    take_outcome(&mut a, outcome);
                    if a.ending.is_some() {
                        return;
                    }
                    break;
                }
            }
        }
        if a.solution.is_none() {
            if a.job.is_none() {
                a.end(Ending::Stuck("the solver stopped without an answer".into()));
            }
            return;
        }
    }
    // Playing the answer: take back what is off its line, then play on.
    let Some(solution) = a.solution.as_ref() else {
        return;
    };
    let path: Vec<PuzzleMove> = state.done[a.base.min(state.done.len())..]
        .iter()
        .map(|(mv, _)| *mv)
        .collect();
    let common = path
        .iter()
        .zip(solution)
        .take_while(|(x, y)| x == y)
        .count();
    if path.len() > common {
        board.write(BoardCommand::Undo);
    } else if let Some(&mv) = solution.get(common) {
        moves.write(MoveRequested(mv));
    } else {
        let ending = if state.puzzle.is_won() {
            Ending::Won(state.moves())
        } else if let Puzzle::Flood(f) = &state.puzzle
            && f.over_limit()
        {
            Ending::Stuck(format!(
                "the best line found takes {} moves, over the limit",
                state.moves()
            ))
        } else {
            Ending::Stuck("the solution did not reach the goal".into())
        };
        a.end(ending);
    }
}

/// Reads the solver's events until its answer arrives (or none are left).
fn drain_until_done(a: &mut Autoplay) {
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

fn take_outcome(a: &mut Autoplay, outcome: Outcome<PuzzleMove>) {
    a.job = None;
    match &outcome {
        Outcome::Solved { moves, optimal } => {
            a.verdict = Some(if *optimal {
                format!("Shortest solution: {} moves", moves.len())
            } else {
                format!("Solution: {} moves", moves.len())
            });
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

/// Shows the hint once its solver answers; any change of the board clears it.
fn hint_step(
    state: Res<PlayState>,
    mut hint: ResMut<Hint>,
    mut applied: MessageReader<MoveApplied>,
) {
    if applied.read().count() > 0 {
        hint.job = None;
        hint.shown = None;
        hint.words = None;
    }
    let Some(job) = hint.job.as_ref() else {
        return;
    };
    while let Some(event) = job.next_event() {
        if let SolverEvent::Done(outcome) = event {
            hint.job = None;
            let first = outcome.moves().and_then(|m| m.first().copied());
            hint.words = Some(match (&outcome, first) {
                (_, Some(mv)) => {
                    hint.shown = Some((state.puzzle.clone(), mv));
                    format!("Hint: {}", describe(&state.puzzle, mv))
                }
                (Outcome::Unsolvable, _) => {
                    "No hint: this position cannot be won. Undo (U) or restart (Backspace).".into()
                }
                _ => "No hint: the solver found nothing in time.".into(),
            });
            return;
        }
    }
}

/// A move in a few characters, for the search path: pads as the notation
/// numbers them, colours and rows as the buttons and the board show them.
pub fn short(mv: PuzzleMove) -> String {
    match mv {
        PuzzleMove::Swap(m) => format!("pad {}", m.from),
        PuzzleMove::Hop(m) => format!("{}-{}", m.from, m.to),
        PuzzleMove::Flood(m) => format!("colour {}", m.colour + 1),
        PuzzleMove::Escape(m) => format!("row {}", m.row + 1),
    }
}

/// A move in the player's words.
pub fn describe(p: &Puzzle, mv: PuzzleMove) -> String {
    match (p, mv) {
        (Puzzle::Swap(_), PuzzleMove::Swap(m)) => format!("move the frog on pad {}", m.from),
        (Puzzle::Hop(_), PuzzleMove::Hop(m)) => {
            format!("jump from pad {} to pad {}", m.from, m.to)
        }
        (Puzzle::Flood(_), PuzzleMove::Flood(m)) => format!("flood with colour {}", m.colour + 1),
        (Puzzle::Escape(e), PuzzleMove::Escape(m)) => {
            let col = e.left[m.row as usize].saturating_sub(1);
            format!(
                "let the {} out of row {}",
                e.animal(m.row, col).describe(),
                m.row + 1
            )
        }
        _ => "no move".into(),
    }
}

/// After each of the player's moves, checks in the background whether the
/// position can still be won; if not, how many moves back it last could.
fn check_solvable(
    state: Res<PlayState>,
    autoplay: Option<Res<Autoplay>>,
    budget: Res<SolverBudget>,
    mut check: ResMut<Solvability>,
    mut applied: MessageReader<MoveApplied>,
) {
    let moved = applied.read().count() > 0;
    // Polling is not a change; only a verdict is.
    if let Some(task) = check.bypass_change_detection().task.as_mut()
        && let Some(verdict) = bevy::tasks::futures::check_ready(task)
    {
        check.task = None;
        check.verdict = Some((state.moves(), verdict));
    }
    if !moved {
        return;
    }
    if let Some(c) = check.cancel.take() {
        c.store(true, Ordering::Relaxed);
    }
    check.task = None;
    check.verdict = None;
    if autoplay.is_some_and(|a| a.is_active()) || state.puzzle.is_goal() {
        return;
    }
    // The positions from now back to where the check gives up, newest first.
    let mut positions = vec![state.puzzle.clone()];
    let mut p = state.puzzle.clone();
    for (_, undo) in state.done.iter().rev().take(CHECK_BACK) {
        p.undo(undo);
        positions.push(p.clone());
    }
    let cancel = Arc::new(AtomicBool::new(false));
    let budget = Budget {
        time: Some(CHECK_TIME),
        cancel: Some(cancel.clone()),
        ..budget.0.clone()
    };
    let pool = AsyncComputeTaskPool::get_or_init(TaskPool::new);
    check.task = Some(pool.spawn(async move { verdict(&positions, &budget) }));
    check.cancel = Some(cancel);
}

/// Whether `positions[0]` can still be won, and if not, the first position
/// back that could.
fn verdict(positions: &[Puzzle], budget: &Budget) -> Verdict {
    for (back, p) in positions.iter().enumerate() {
        match winnable(p, budget) {
            Some(true) if back == 0 => return Verdict::Winnable,
            Some(true) => return Verdict::Lost { back: Some(back) },
            Some(false) => {}
            None => {
                return if back == 0 {
                    Verdict::Unknown
                } else {
                    Verdict::Lost { back: None }
                };
            }
        }
    }
    Verdict::Lost { back: None }
}

/// Some(true) if `p` can be won (within its move limit), None if undecided.
fn winnable(p: &Puzzle, budget: &Budget) -> Option<bool> {
    let report = solve::solve(p, budget.clone(), None, false);
    match (&report.outcome, p) {
        (Outcome::Solved { moves, optimal }, Puzzle::Flood(f)) => match f.limit {
            None => Some(true),
            Some(limit) => {
                let left = limit.saturating_sub(f.moves) as usize;
                if moves.len() <= left {
                    Some(true)
                } else if *optimal {
                    Some(false)
                } else {
                    None
                }
            }
        },
        (Outcome::Solved { .. }, _) => Some(true),
        (Outcome::Unsolvable, _) => Some(false),
        (Outcome::OutOfBudget { .. }, _) => None,
    }
}

/// Auto-play's speed applies to the animations it starts; the player's
/// moves animate at the speed chosen in the settings.
fn animation_speed(
    speed: Res<Speed>,
    settings: Res<super::settings::Settings>,
    autoplay: Option<Res<Autoplay>>,
    mut added: Query<&mut TweenAnim, Added<TweenAnim>>,
) {
    let factor = match autoplay {
        Some(a) if a.is_active() => speed.factor(),
        _ => settings.animation_speed() as f64,
    };
    for mut anim in &mut added {
        anim.speed = factor;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speeds_step_through_the_range_and_parse() {
        let mut s = Speed::Times(0.25);
        let mut seen = vec![s.label()];
        while s != Speed::Instant {
            s = s.faster();
            seen.push(s.label());
        }
        assert_eq!(
            seen,
            ["0.25x", "0.5x", "1x", "2x", "4x", "8x", "16x", "instant"]
        );
        assert_eq!(Speed::Instant.slower(), Speed::Times(16.0));
        assert_eq!(Speed::Times(0.25).slower(), Speed::Times(0.25));
        assert_eq!(Speed::parse("2"), Ok(Speed::Times(2.0)));
        assert_eq!(Speed::parse("0.5x"), Ok(Speed::Times(0.5)));
        assert_eq!(Speed::parse("INSTANT"), Ok(Speed::Instant));
        assert!(Speed::parse("32").is_err());
        assert!(Speed::parse("fast").is_err());
    }

    #[test]
    fn the_search_path_counts_untried_moves() {
        let mv = |from| PuzzleMove::Swap(crate::rules::swap::SwapMove { from });
        let mut s = SearchStats::default();
        s.on_tried(1, mv(0), 3);
        s.on_tried(2, mv(1), 2);
        assert_eq!(s.path.iter().map(|p| p.untried).collect::<Vec<_>>(), [2, 1]);
        s.on_taken_back(2);
        s.on_tried(2, mv(2), 2);
        assert_eq!(s.path.iter().map(|p| p.untried).collect::<Vec<_>>(), [2, 0]);
        s.on_taken_back(2);
        s.on_taken_back(1);
        s.on_tried(1, mv(3), 3);
        assert_eq!(s.path.iter().map(|p| p.untried).collect::<Vec<_>>(), [1]);
        assert_eq!((s.tried, s.backtracks), (4, 3));
    }
}
