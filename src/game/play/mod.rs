//! What every part of a level listens to: the rules state (`PlayState`), the
//! one way a move travels (`MoveRequested` -> the rules -> `MoveApplied` with
//! the change, or `MoveRejected`), the undo stack, and the order of the
//! level's systems (`PlaySystems`), configured here once.

mod apply;

use super::Screen;
/// An animation around the board that moves do not wait for (`BoardAnims`).
pub use super::anim::Decoration;
use crate::levels::Level;
use crate::rules::{Puzzle, PuzzleMove, PuzzleUndo};
use bevy::prelude::*;
use bevy_tweening::TweenAnim;

/// Who asked for a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mover {
    /// A click, a drag, a key of the player's.
    Player,
    /// Auto-play: the solver's solution or its search.
    Solver,
    /// The player playing the move a hint showed.
    Hint,
}

/// What is asked of the board: a move of the puzzle, or a step along the
/// undo stack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Request {
    Play(PuzzleMove),
    Undo,
    Redo,
    Restart,
}

impl From<PuzzleMove> for Request {
    fn from(mv: PuzzleMove) -> Request {
        Request::Play(mv)
    }
}

/// A move asked for, by a click, a key, the solver or a hint. Every move and
/// every undo goes this way; there is no second path, and `new` is the one
/// way to make one. (A component too: a button that asks for a move carries
/// it.)
#[derive(Message, Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveRequested {
    mv: Request,
    by: Mover,
}

impl MoveRequested {
    pub fn new(mv: impl Into<Request>, by: Mover) -> MoveRequested {
        MoveRequested { mv: mv.into(), by }
    }

    /// A move, undo, redo or restart of the player's.
    pub fn player(mv: impl Into<Request>) -> MoveRequested {
        MoveRequested::new(mv, Mover::Player)
    }

    pub fn request(&self) -> Request {
        self.mv
    }

    pub fn by(&self) -> Mover {
        self.by
    }
}

/// What a `MoveApplied` did to the rules state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    Played(PuzzleMove),
    Undone(PuzzleMove),
    Redone(PuzzleMove),
    /// Back to the level's start (from a position `before`).
    Restarted,
}

/// The rules state changed: `before` is the state it changed from, `change`
/// what happened, `by` who asked.
#[derive(Message, Debug, Clone)]
pub struct MoveApplied {
    pub before: Puzzle,
    pub change: Change,
    pub by: Mover,
}

/// The rules say the level is won: sent once, by the change that won it
/// (after `MoveApplied`), with the moves it took and whether it was helped.
/// The banner, the celebration, the sound and progress read it.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelWon {
    pub moves: usize,
    pub helped: bool,
    /// The seconds the game took.
    pub secs: u32,
    /// The moves taken back on the way (`PlayState::taken_back`).
    pub taken_back: usize,
}

/// The rules refused a move (or an undo or redo), or a click asked for
/// nothing the rules allow: the reason in words, the move if it was one,
/// and the piece clicked if the click was refused before any move.
#[derive(Message, Debug, Clone)]
pub struct MoveRejected {
    pub why: String,
    pub mv: Option<PuzzleMove>,
    pub piece: Option<Entity>,
}

/// Set by whoever writes several of the solver's requests that should land
/// together (a long jump through a search's timeline): the rules apply them
/// in one frame, as at "instant" speed, and the board animates only the
/// last. Cleared once they are applied.
#[derive(Resource, Debug, Default)]
pub struct AtOnce(pub bool);

/// A line for the player under the level's title (a copied code, a notice).
#[derive(Message, Debug, Clone)]
pub struct Say(pub String);

/// Words to say once the play screen shows (after a level was started
/// again by something other than the player, such as its file changing).
#[derive(Resource, Debug, Clone)]
pub struct SayOnEnter(pub String);

/// Says the words left for the play screen, once it shows.
fn say_on_enter(
    mut commands: Commands,
    words: Option<Res<SayOnEnter>>,
    screen: Res<State<Screen>>,
    mut say: MessageWriter<Say>,
) {
    if let Some(words) = words
        && *screen.get() == Screen::Play
    {
        say.write(Say(words.0.clone()));
        commands.remove_resource::<SayOnEnter>();
    }
}

/// The level being played: the single source of truth for the board.
#[derive(Resource, Debug, Clone)]
pub struct PlayState {
    pub level: Level,
    pub puzzle: Puzzle,
    pub done: Vec<(PuzzleMove, PuzzleUndo)>,
    pub undone: Vec<PuzzleMove>,
    /// The solver played a move (or the player played a hint's) since the
    /// level was started or restarted: a win now is a win with help.
    pub helped: bool,
    /// A game's line is being replayed from the start (pasted, `--replay`,
    /// a best watched again) and the player has not moved since: a win now
    /// is the line's, which keeps no record.
    pub replayed: bool,
    /// When the game began (the level opened, or its restart): a win's time
    /// counts from here.
    pub started: std::time::Instant,
    /// The seconds the last win took, from `started`.
    pub took: Option<u32>,
    /// The moves taken back in this game (each undo, and the moves a
    /// restart clears): where every win takes as many moves (Hop, Escape)
    /// the stars count these instead.
    pub taken_back: usize,
}

impl PlayState {
    pub fn new(level: Level) -> PlayState {
        PlayState {
            puzzle: level.puzzle.clone(),
            level,
            done: Vec::new(),
            undone: Vec::new(),
            helped: false,
            replayed: false,
            started: std::time::Instant::now(),
            took: None,
            taken_back: 0,
        }
    }

    /// The whole seconds since the game began.
    pub fn seconds(&self) -> u32 {
        u32::try_from(self.started.elapsed().as_secs()).unwrap_or(u32::MAX)
    }

    pub fn moves(&self) -> usize {
        self.done.len()
    }
}

/// The next move of a solution from the current position, shown on the board
/// (not played): the solver fills it, the board rings it, the HUD words it.
#[derive(Resource, Default, Debug, Clone)]
pub struct Hint {
    /// The position the hint is for, and the move.
    pub shown: Option<(Puzzle, PuzzleMove)>,
    /// Words for the player about the hint.
    pub words: Option<String>,
}

impl Hint {
    /// The hinted move, if it is for `puzzle`.
    pub fn move_for(&self, puzzle: &Puzzle) -> Option<PuzzleMove> {
        self.shown
            .as_ref()
            .filter(|(at, _)| at == puzzle)
            .map(|(_, mv)| *mv)
    }
}

/// The menu (Esc) over a level: a sub-state of the play screen. While it is
/// open the board takes no input.
#[derive(SubStates, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Play)]
pub enum Menu {
    #[default]
    Closed,
    Open,
    /// The how-to card of the puzzle (`?`).
    HowTo,
}

/// What a button of a banner, of the menu or of the level select does, and
/// the keys that do the same.
#[derive(Message, Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayAction {
    NextLevel,
    Replay,
    Undo,
    LevelSelect,
    Title,
    /// Opens or closes the menu.
    Menu,
    /// A setting changed (colour-blind mode, the animations' speed, the
    /// move map...).
    Setting(crate::game::options::ChangeSetting),
    /// The game so far, as one line, to the clipboard (Ctrl+C).
    CopyGame,
    /// Opens or closes the how-to card.
    HowTo,
    /// Opens the how-to card at its search map's part (the `?` of the
    /// search's column), or closes it.
    MapHowTo,
    /// The level editor on a copy of this level.
    EditCopy,
}

/// Whether the how-to card opens at the search map's part (its `?` in the
/// search's column) rather than the puzzle's rule (the `?` key and the
/// bar's `?`): each `?` explains what stands beside it.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardMapFirst(pub bool);

/// The order of a level's systems, each set run only while a level is open.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlaySystems {
    /// Clicks and keys become requests.
    Input,
    /// The solver's tasks are read; auto-play asks for its next move.
    Solver,
    /// The rules apply the requests.
    Apply,
    /// The board, the panels, the sound and the progress follow the change.
    Present,
}

/// The parent of every board entity; respawned whole after each change
/// (by the board, in `BoardRespawn`).
#[derive(Component)]
pub struct BoardRoot;

/// The board's respawn from the rules state: what is drawn on the board
/// (the move map's marks) comes after it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardRespawn;

/// The animations a move waits for: every one on the board, not the
/// decorations around it (the confetti of a win).
pub type BoardAnims<'w, 's> = Query<'w, 's, (), (With<TweenAnim>, Without<Decoration>)>;

/// Whether a won level shows as won: its banner, and the board's room
/// for it, come once the winning move has landed (the board shrank for
/// the banner while the last jump still played).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct WinShown(pub bool);

/// A win shows from the first frame after it with nothing moving on the
/// board (the winning move's animation starts in the frame of the win), and
/// stays shown while the board leaps for joy.
fn show_win_once_still(
    state: Res<PlayState>,
    moving: BoardAnims,
    mut shown: ResMut<WinShown>,
    mut was_won: Local<bool>,
) {
    let won = state.puzzle.is_won();
    let now = won && (shown.0 || (*was_won && moving.is_empty()));
    *was_won = won;
    if shown.0 != now {
        shown.0 = now;
    }
}

/// The run condition of every system of a level.
pub fn level_open(screen: Option<Res<State<Screen>>>, state: Option<Res<PlayState>>) -> bool {
    state.is_some() && screen.is_some_and(|s| *s.get() == Screen::Play)
}

/// The run condition of the board's input (its pointer observers, its keys):
/// a level is open and no menu or how-to card is over it.
pub fn board_takes_input(menu: Option<Res<State<Menu>>>, state: Option<Res<PlayState>>) -> bool {
    state.is_some() && menu.is_some_and(|m| *m.get() == Menu::Closed)
}

/// The board's and the search's keys reach them with the how-to card up
/// too: such a key closes the card and does its own work (W searches at
/// once, not after a second press).
pub fn keys_reach_the_board(menu: Option<Res<State<Menu>>>, state: Option<Res<PlayState>>) -> bool {
    state.is_some() && menu.is_some_and(|m| matches!(m.get(), Menu::Closed | Menu::HowTo))
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MoveRequested>()
        .add_message::<MoveApplied>()
        .add_message::<LevelWon>()
        .add_message::<MoveRejected>()
        .add_message::<Say>()
        .add_message::<PlayAction>()
        .init_resource::<AtOnce>()
        .init_resource::<WinShown>()
        .init_resource::<CardMapFirst>()
        .add_sub_state::<Menu>()
        .configure_sets(
            Update,
            (
                PlaySystems::Input,
                PlaySystems::Solver,
                PlaySystems::Apply,
                PlaySystems::Present,
            )
                .chain()
                .run_if(level_open),
        )
        .add_systems(OnEnter(Screen::Play), reset_level_resources)
        .add_systems(Update, say_on_enter.in_set(PlaySystems::Input))
        .add_systems(Update, show_win_once_still.in_set(PlaySystems::Present))
        .add_plugins(apply::plugin);
}

fn reset_level_resources(mut commands: Commands) {
    commands.insert_resource(Hint::default());
}
