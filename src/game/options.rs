//! What the whole game shares and depends on nothing of it: the screens,
//! what the command line asks of the game, and what auto-play is asked to
//! show and how fast.

use bevy::prelude::*;
use std::path::PathBuf;

/// What the command line asks of the game.
#[derive(Debug, Clone, Default, Resource)]
pub struct GameOptions {
    /// A pack to open at once (its level select, or a level).
    pub pack: Option<PathBuf>,
    /// A level of that pack, counted from 1.
    pub level: Option<usize>,
    /// A level given by its code (the code, and the level): played as a pack
    /// of one.
    pub code: Option<(String, crate::levels::Level)>,
    /// Save a screenshot here once the screen has settled, then exit.
    pub screenshot: Option<PathBuf>,
    /// Start auto-play on the opened level at once.
    pub autoplay: Option<Watch>,
    /// Auto-play's speed.
    pub speed: Option<Speed>,
    /// Exit once auto-play ends, printing how it ended; status 0 only on a win.
    pub exit_when_done: bool,
    /// A game's moves to replay on the level (`--replay`), as auto-play
    /// plays a solution.
    pub replay: Option<Vec<crate::rules::PuzzleMove>>,
    /// Where that game stopped being legal, in words: told in the game
    /// when its replay ends.
    pub replay_stop: Option<String>,
    /// The day whose levels of the day the title shows (the windowed game:
    /// today, UTC); none in tests unless they name one.
    pub daily: Option<crate::levels::daily::Date>,
    /// The games of a file to replay after that one (`pond replay FILE`).
    pub line_queue: Option<QueuedLines>,
    /// Where progress is kept, instead of the platform's data directory.
    pub data_dir: Option<PathBuf>,
    /// Print the time to the first screen and the frame times over this
    /// many seconds, then exit.
    pub frame_stats: Option<f64>,
    /// Open a puzzle's how-to card by itself the first time it is played
    /// (the windowed game, unless auto-play or a picture was asked for).
    pub teach: bool,
    /// Open the how-to card over the level at once.
    pub how_to: bool,
    /// Play this many moves of the solver's solution before the level shows.
    pub moves: usize,
    /// Open the level with the search tree shown.
    pub show_tree: bool,
    /// Open the level editor (on a copy of the level named, or a new level
    /// of the pack's puzzle).
    pub edit: bool,
}

/// The screens of the game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, States)]
pub enum Screen {
    /// The first frame, while packs and art are made.
    #[default]
    Loading,
    Title,
    Levels,
    Play,
    /// Levels solved per pack, stars, moves and time played.
    Stats,
    /// The level editor.
    Edit,
    /// The settings, from the title.
    Settings,
}

/// What the player watches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Watch {
    /// The solver's answer, played move by move.
    Solution,
    /// The search itself: every move tried forward, every one taken back.
    Search,
    /// The plain search of the puzzles' first programs (depth first, no
    /// memory of positions, no pruning), watched the same way.
    Plain,
}

impl Watch {
    /// Whether the search itself is watched (not only its answer).
    pub fn searches(self) -> bool {
        matches!(self, Watch::Search | Watch::Plain)
    }

    /// The watch in the panel's words.
    pub fn words(self) -> &'static str {
        match self {
            Watch::Solution => "Solution",
            Watch::Search => "Solver's search",
            Watch::Plain => "Plain search",
        }
    }
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
    pub fn factor(self) -> f64 {
        match self {
            Speed::Times(x) => x as f64,
            Speed::Instant => 1e6,
        }
    }
}

/// Start-up has chosen the data directory and read the progress: what reads
/// other files there runs after it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct DataOpened;

/// The data directory chosen at start-up (None: nothing is kept on disk).
#[derive(Resource, Debug, Clone, Default)]
pub struct DataDir(pub Option<PathBuf>);

/// The lines after the first of a file (`pond replay`), as the command line
/// read them.
#[derive(Debug, Clone, Default)]
pub struct QueuedLines {
    /// The line number of the first game, in the file.
    pub first: usize,
    pub lines: Vec<(usize, crate::levels::game_line::GameLine)>,
    /// Seconds between the end of one game and the start of the next.
    pub pause: f32,
}

/// The games of a file still to replay after the one on the board, each
/// with its line number in the file (`lines` plays them in turn).
#[derive(Resource, Debug, Default)]
pub struct LineQueue {
    pub lines: std::collections::VecDeque<(usize, crate::levels::game_line::GameLine)>,
    /// The line number of the game on the board.
    pub playing: usize,
    pub pause: f32,
    /// Seconds the end of the game on the board has been shown.
    pub waited: f32,
    /// The next game's level is being opened: its replay has not begun.
    pub opening: bool,
}

/// A change of the settings asked for by a key or the menu.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeSetting {
    ColourBlind,
    /// The next animation speed, round to the slowest after the fastest.
    AnimationSpeed,
    Fullscreen,
    /// The next volume, round to silent after the loudest (unmutes).
    Volume,
    Mute,
    /// The how-to card of a puzzle has been shown (its bit).
    Taught(u8),
    StillWater,
    /// The move map on or off.
    MoveMap,
}
