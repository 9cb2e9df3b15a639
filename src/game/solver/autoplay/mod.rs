//! Auto-play: the solver's answer played move by move, or its search watched
//! (every move tried is played, every one taken back is undone), one request
//! at a time when the board is idle. Any request of the player's stops it.

use super::job::SolverJob;
use super::stats::LogStep;
pub use super::stats::{LOG_MOST, SearchStats};
use super::{AutoplayCommand, HintJob, SolverBudget, Speed, Watch};
use crate::game::GameOptions;
use crate::game::play::{
    BoardAnims, Hint, MoveRequested, Mover, PlayState, PlaySystems, Request, Say,
};
use crate::game::puzzles::Picked;
use crate::game::settings::Settings;
use crate::rules::{Puzzle, PuzzleMove, PuzzleUndo};
use crate::solve::tree::SearchTree;
use crate::solve::{Budget, Outcome, SolverEvent, StopReason};
use bevy::prelude::*;
use bevy_tweening::{AnimationSystem, TweenAnim};
use std::time::Duration;

mod commands;
mod steps;
pub(super) use commands::commands_and_input;
use steps::*;

/// Nodes the watched search's tree holds before it folds the branches given
/// up (the view shows them folded whatever it holds).
pub const TREE_KEEP: usize = 4096;

/// Seconds between two auto-played moves at 1x, once the board is idle.
pub(in crate::game::solver) const PAUSE_BETWEEN: f32 = 0.25;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<StartWhenBack>().add_systems(
        OnExit(crate::game::Screen::Play),
        |mut s: ResMut<StartWhenBack>| s.0 = None,
    );
    app.add_systems(
        Update,
        (
            start_from_command_line,
            start_when_back,
            commands_and_input,
            play_step,
            animation_speed.before(AnimationSystem::AnimationUpdate),
        )
            .chain()
            .in_set(PlaySystems::Solver),
    )
    .add_systems(
        Update,
        exit_when_done.run_if(resource_exists::<Autoplay>.and_then(crate::game::play::level_open)),
    );
}

/// A watch asked for while another was under way: it starts once the board
/// is back where the other began (on the undo stack's `base` moves), so
/// a new search never starts from the middle of the last.
#[derive(Resource, Default)]
pub(super) struct StartWhenBack(Option<(Watch, usize)>);

impl StartWhenBack {
    /// The watch waiting for the board to be back where the last began.
    pub(in crate::game::solver) fn waiting(&self) -> Option<Watch> {
        self.0.map(|(watch, _)| watch)
    }
}

/// Brings the board back to where the stopped watch began, at the jump's
/// speed, then starts the watch asked for. It runs before the jump's step
/// (`tree_view::jump_step`): after it, in the same frame, the undos the step
/// has just asked for are not yet applied, and were asked for again (one
/// refused as "nothing to undo", the level's bar a line taller for a frame,
/// the search's column 24 px lower for the whole search).
pub(in crate::game::solver) fn start_when_back(
    mut waiting: ResMut<StartWhenBack>,
    state: Res<PlayState>,
    mut jump: ResMut<super::tree_view::TreeJump>,
    anims: BoardAnims,
    mut start: MessageWriter<AutoplayCommand>,
) {
    let Some((watch, base)) = waiting.0 else {
        return;
    };
    if !jump.0.is_empty() || !anims.is_empty() {
        return;
    }
    let over = state.done.len().saturating_sub(base);
    if over > 0 {
        // (A move the last watch asked for as it stopped lands late.)
        jump.0.extend(std::iter::repeat_n(Request::Undo, over));
        return;
    }
    waiting.0 = None;
    start.write(AutoplayCommand::Start(watch));
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
    /// A game's line (`--replay`) was played to its end without a win.
    Replayed(usize),
}

impl std::fmt::Display for Ending {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let moves = |n: usize| crate::levels::noun(n as u64, "move", "moves");
        match self {
            Ending::Won(n) => write!(f, "won: {n} {}", moves(*n)),
            Ending::Stuck(why) => write!(f, "stuck: {why}"),
            Ending::Unsolvable => write!(f, "unsolvable"),
            Ending::OutOfBudget(reason) => write!(f, "out of budget: {reason}"),
            Ending::Stopped => write!(f, "stopped"),
            Ending::Replayed(n) => write!(f, "replayed: {n} {}, not won", moves(*n)),
        }
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
    /// The verdict counts the moves alone ("Solution: 13 moves"), which a
    /// win's words say too: the panel leaves it out at the win.
    pub verdict_counts_only: bool,
    /// Moves on the undo stack when auto-play began.
    base: usize,
    pub stats: SearchStats,
    /// Where the search stands (watching the search): the position its
    /// events have led to, and how to take each move back. The board follows
    /// it, a move a frame, or at once at "instant".
    shadow: Option<(Puzzle, Vec<PuzzleUndo>)>,
    /// The search as a tree (watching the search), for the tree view.
    pub tree: Option<SearchTree>,
    /// The moves the search tried and took back, in order (the first
    /// `LOG_MOST`), for the tree view's timeline.
    pub log: Vec<LogStep>,
    /// The search's cuts since the last step logged, for the next.
    cuts_since: [u8; 4],
    /// Seconds the search has been watched (not counting pauses).
    pub watched: f32,
    wait: f32,
    pub ending: Option<Ending>,
    /// The way from the line the search's events ended on to its answer's
    /// end (a best-first search finds its last move by its goal test, or
    /// proves a known line shortest without walking it): each move, and
    /// whether it is taken back; played as steps of the search, so that its
    /// timeline reaches the win.
    tail: std::collections::VecDeque<(PuzzleMove, bool)>,
    /// Moves played on the board when the player stopped a watched search
    /// (X): the board is the search's there, not the player's game.
    stopped_on: Option<usize>,
    /// True when it plays a game's line (`--replay`), not the solver's answer.
    replaying: bool,
}

impl Autoplay {
    pub fn is_active(&self) -> bool {
        self.ending.is_none()
    }

    /// It ended with the solver's win at the board's `moves`-th move (not
    /// a game's line played back).
    pub fn won_at(&self, moves: usize) -> bool {
        !self.replaying && self.ending == Some(Ending::Won(moves))
    }

    /// Active and about to play on: not paused, or asked for one step.
    pub fn going_on(&self) -> bool {
        self.is_active() && (!self.paused || self.step_once)
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
            job: Some(SolverJob::start_as(
                state.puzzle.clone(),
                budget.clone(),
                watch.searches(),
                watch == Watch::Plain,
            )),
            solution: None,
            verdict: None,
            verdict_counts_only: false,
            base: state.moves(),
            stats: SearchStats::default(),
            shadow: watch.searches().then(|| (state.puzzle.clone(), Vec::new())),
            tree: watch
                .searches()
                .then(|| SearchTree::new(&state.puzzle, TREE_KEEP)),
            log: Vec::new(),
            cuts_since: [0; 4],
            watched: 0.0,
            wait: 0.0,
            ending: None,
            tail: Default::default(),
            stopped_on: None,
            replaying: false,
        }
    }

    /// Plays a game's moves as a solution is played: no solver, the same
    /// pause, step and speeds.
    fn replaying(moves: Vec<PuzzleMove>, state: &PlayState) -> Autoplay {
        Autoplay {
            watch: Watch::Solution,
            paused: false,
            step_once: false,
            job: None,
            verdict: Some(format!(
                "A game of {} {}",
                moves.len(),
                crate::levels::noun(moves.len() as u64, "move", "moves")
            )),
            verdict_counts_only: false,
            solution: Some(moves),
            base: state.moves(),
            stats: SearchStats::default(),
            shadow: None,
            tree: None,
            log: Vec::new(),
            cuts_since: [0; 4],
            watched: 0.0,
            wait: 0.0,
            ending: None,
            tail: Default::default(),
            stopped_on: None,
            replaying: true,
        }
    }

    /// True when it plays a game's line, not the solver's answer.
    pub fn is_replay(&self) -> bool {
        self.replaying
    }

    /// Moves on the undo stack when auto-play began: the search's start.
    pub fn base(&self) -> usize {
        self.base
    }

    /// Ends auto-play as the player's own move would.
    pub fn stop(&mut self) {
        self.end(Ending::Stopped);
    }

    fn end(&mut self, ending: Ending) {
        self.job = None;
        self.ending = Some(ending);
    }

    /// Whether the board, with `moves` played, is where the player stopped
    /// a watched search: its position is the search's, lost or not.
    pub fn left_by_a_stop(&self, moves: usize) -> bool {
        self.stopped_on == Some(moves) && self.ending == Some(Ending::Stopped)
    }
}

/// Whether the board is a search's, not the player's game: a moment of its
/// timeline, or where the player stopped it. No way out of its dead ends or
/// lost positions is offered as the player's there.
pub fn board_is_the_searchs(
    timeline: Option<&crate::game::solver::tree_view::TreeViewState>,
    autoplay: Option<&Autoplay>,
    moves: usize,
) -> bool {
    timeline.is_some_and(|t| t.scrubbed.is_some())
        || autoplay.is_some_and(|a| a.left_by_a_stop(moves))
}

/// A game's moves to replay (`--replay`, a pasted line, a best watched
/// again), taken by the next start of auto-play in place of the solver's.
#[derive(Resource)]
pub struct ReplayMoves(pub Vec<PuzzleMove>);

/// `--autoplay`: starts watching once, on the level the command line opened;
/// `--replay` the same way, with the game's moves for the solver's.
fn start_from_command_line(
    mut commands: Commands,
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
    if let Some(moves) = &options.replay {
        commands.insert_resource(ReplayMoves(moves.clone()));
        asked.write(AutoplayCommand::Start(Watch::Solution));
    }
}

/// `--exit-when-done`: once auto-play has ended and the board is still, says
/// how it ended and exits (status 0 only on a win). With `--screenshot`, the
/// screenshot is taken first and its system exits.
fn exit_when_done(
    options: Option<Res<GameOptions>>,
    autoplay: Res<Autoplay>,
    anims: BoardAnims,
    queue: Option<Res<crate::game::options::LineQueue>>,
    mut said: Local<bool>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(options) = options else { return };
    // A file's games (`pond replay`): the last one ends it.
    if queue
        .as_ref()
        .is_some_and(|q| !q.lines.is_empty() || q.opening)
    {
        return;
    }
    let Some(ending) = autoplay.ending.as_ref() else {
        return;
    };
    if !options.exit_when_done || !anims.is_empty() || *said {
        return;
    }
    *said = true;
    match queue {
        Some(q) => println!("line {}: {ending}", q.playing),
        None => println!("{ending}"),
    }
    if options.screenshot.is_none() {
        exit.write(if matches!(ending, Ending::Won(_)) {
            AppExit::Success
        } else {
            AppExit::error()
        });
    }
}

/// One step of auto-play when the board is idle: the next event of the search
/// being watched, or the next move of the solution.
#[allow(clippy::too_many_arguments)]
fn play_step(
    time: Res<Time>,
    speed: Res<Speed>,
    state: Res<PlayState>,
    autoplay: Option<ResMut<Autoplay>>,
    anims: BoardAnims,
    jump: Res<super::tree_view::TreeJump>,
    view: Option<Res<super::tree_view::TreeViewState>>,
    menu: Option<Res<State<crate::game::play::Menu>>>,
    mut moves: MessageWriter<MoveRequested>,
) {
    let Some(mut a) = autoplay else { return };
    if !a.is_active() {
        return;
    }
    // A card over the board holds the watch where it is, its time too:
    // the search went on unseen behind the "?" card while the player read
    // it. (The menu pauses it as it opens, for the player to resume.)
    if menu.is_some_and(|m| *m.get() != crate::game::play::Menu::Closed) {
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
    // The line tried has won the board: the search's answer, a moment
    // behind it, is read at once, so that the map and the panel say so
    // with the board's banner (they waited for the move's animation and
    // the pause after it).
    if a.solution.is_none() && a.watch.searches() && !a.paused && state.puzzle.is_won() {
        if let SearchStep::Ask(request) = search_step(&mut a) {
            moves.write(MoveRequested::new(request, Mover::Solver));
        }
        if a.ending.is_some() {
            return;
        }
    }
    // The board must stand where the search does: not in the middle of
    // going there, nor at a moment of the timeline.
    if !anims.is_empty() || !jump.0.is_empty() || view.is_some_and(|v| v.scrubbed.is_some()) {
        return;
    }
    // An answer played to a win ends the watch once the board stands, with
    // the banner (the panel said so a pause behind it).
    if a.solution.is_some() && !a.paused && state.puzzle.is_won() {
        if let Some(request) = solution_step(&mut a, &state) {
            moves.write(MoveRequested::new(request, Mover::Solver));
        }
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
    if a.solution.is_none() && a.watch.searches() && *speed == Speed::Instant {
        // At "instant" the search runs at its own pace: its events are taken
        // for a share of the frame, and the board is asked for the moves
        // that take it to where the search has got to (the rules apply them
        // all this frame). A move tried and taken back within the frame is
        // not asked for at all: the plain search's millions of such pairs,
        // each a change of the board, its copy and its message, held the
        // English board's plain search at "instant" to 54 s (3.7 s unseen).
        let until = std::time::Instant::now() + search_share(time.delta());
        let mut asked = Vec::new();
        let mut out = Vec::new();
        while std::time::Instant::now() < until {
            match search_step(&mut a) {
                SearchStep::Ask(request) => net_request(&mut asked, request),
                // The solver is still at work: its next events are a moment
                // away.
                SearchStep::Wait if a.is_active() && a.job.is_some() => {
                    std::thread::yield_now();
                }
                SearchStep::Wait => break,
                // The answer is played from the next frame, once the board
                // has caught up with the search.
                SearchStep::Answered if !asked.is_empty() => break,
                SearchStep::Answered => {
                    out.extend(solution_step(&mut a, &state));
                    break;
                }
            }
        }
        for request in asked.into_iter().chain(out) {
            moves.write(MoveRequested::new(request, Mover::Solver));
        }
        return;
    }
    // At "instant" an answer known is played at once: every request it
    // still needs is asked for this frame (the rules apply them all), and
    // its end is read the next.
    if *speed == Speed::Instant && !stepping {
        let rest = answer_rest(&a, &state);
        if !rest.is_empty() {
            for request in rest {
                moves.write(MoveRequested::new(request, Mover::Solver));
            }
            return;
        }
    }
    // The answer's moves past the search's line are the search's steps
    // (logged, counted) until they are played: played as a solution's, a
    // search settled at once at 4x said "1 search step" beside 7 moves.
    let next = if a.solution.is_none() || !a.tail.is_empty() {
        match search_step(&mut a) {
            SearchStep::Ask(request) => Some(request),
            SearchStep::Wait => None,
            // The search found its answer: it is played like a solution.
            SearchStep::Answered => solution_step(&mut a, &state),
        }
    } else {
        solution_step(&mut a, &state)
    };
    if let Some(request) = next {
        moves.write(MoveRequested::new(request, Mover::Solver));
    }
}

/// Adds `request` to a frame's requests, a move taken back cancelling the
/// move tried last in the same frame: the board ends where the whole list
/// would have taken it, by the fewest changes.
fn net_request(asked: &mut Vec<Request>, request: Request) {
    if request == Request::Undo && matches!(asked.last(), Some(Request::Play(_))) {
        asked.pop();
    } else {
        asked.push(request);
    }
}

/// The time a frame gives a search watched at "instant": half the last
/// frame's, between 6 and 25 ms. On a fast screen the frame keeps its pace
/// (6 ms of a frame of a few); where drawing is slow (software rendering,
/// 40 ms a frame and more) a fixed 6 ms left the search a tenth of the time,
/// and the English board's plain search took minutes at "instant". (At most
/// 50 ms a frame it took as long: on two cores the software drawing's
/// threads and the search's own share the machine, and the search's events
/// come no faster.)
fn search_share(last_frame: std::time::Duration) -> std::time::Duration {
    use std::time::Duration;
    (last_frame / 2).clamp(Duration::from_millis(6), Duration::from_millis(25))
}

/// How fast the moves to a node of the search tree animate.
const JUMP_SPEED: f64 = 6.0;

/// Auto-play's speed applies to the animations it starts; the player's
/// moves animate at the speed chosen in the settings.
fn animation_speed(
    speed: Res<Speed>,
    settings: Res<Settings>,
    autoplay: Option<Res<Autoplay>>,
    jump: Res<super::tree_view::TreeJump>,
    mut added: Query<&mut TweenAnim, Added<TweenAnim>>,
) {
    let factor = match autoplay {
        // Going to a node of the tree (or back to where a paused search
        // stands): its moves pass quickly (a longer jump lands at once).
        _ if !jump.0.is_empty() => JUMP_SPEED,
        Some(a) if a.is_active() => speed.factor(),
        _ => settings.animation_speed() as f64,
    };
    for mut anim in &mut added {
        anim.speed = factor;
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    #[test]
    fn a_slow_frame_gives_the_search_more_of_the_next() {
        let ms = Duration::from_millis;
        assert_eq!(super::search_share(ms(4)), ms(6), "a fast screen");
        assert_eq!(super::search_share(ms(40)), ms(20), "software drawing");
        assert_eq!(super::search_share(ms(500)), ms(25), "a stall");
    }

    /// A frame's requests at "instant" take the board where the search
    /// got to, a move tried and taken back in the frame not asked for.
    #[test]
    fn a_move_tried_and_taken_back_in_one_frame_is_not_asked_for() {
        use crate::game::play::Request::{self, Play, Undo};
        let row = crate::swap_row("LLL_RRR");
        let mv = |from: u32| Play(row.parse_move(&from.to_string()).expect("a pad"));
        let netted = |events: &[Request]| {
            let mut asked = Vec::new();
            for &r in events {
                super::net_request(&mut asked, r);
            }
            asked
        };
        assert_eq!(netted(&[mv(1), Undo, mv(2), mv(3), Undo]), [mv(2)]);
        // Taking back moves asked for in frames before: kept, in order.
        assert_eq!(
            netted(&[Undo, Undo, mv(4), Undo, mv(5)]),
            [Undo, Undo, mv(5)]
        );
        assert_eq!(netted(&[mv(1), mv(2), Undo, Undo, Undo]), [Undo]);
        assert!(netted(&[mv(1), Undo]).is_empty());
    }
}
