//! The puzzles as pure rules: state, legal moves, apply and undo, goal and
//! dead-end tests, and a text notation for moves. No Bevy, no I/O, no clocks.

pub use crate::puzzles::escape::rules as escape;
pub use crate::puzzles::flood::rules as flood;
pub use crate::puzzles::hop::rules as hop;
pub use crate::puzzles::swap::rules as swap;

use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a move was refused, in words a player understands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveError(pub String);

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MoveError {}

pub(crate) fn refuse<T>(reason: impl Into<String>) -> Result<T, MoveError> {
    Err(MoveError(reason.into()))
}

/// What every puzzle shares.
pub trait Rules: Clone {
    type Move: Copy + Eq + fmt::Debug;
    /// What `undo` needs to take a move back exactly.
    type Undo: Clone + fmt::Debug;
    /// Which puzzle these are the rules of.
    const KIND: PuzzleKind;

    /// What a move looks like written, in words ("a colour number, as `2`").
    const NOTATION: &'static str;
    /// What any text in this notation looks like ("a number").
    const WRITTEN_AS: &'static str;

    /// Whether `text` is written in this puzzle's notation (legal here or not).
    fn in_notation(text: &str) -> bool;
    /// This puzzle's state inside `p`, if `p` is this puzzle.
    fn of(p: &Puzzle) -> Option<&Self>;
    /// This puzzle's state as any puzzle's.
    fn lift(self) -> Puzzle;
    /// This puzzle's move as any puzzle's.
    fn wrap(mv: Self::Move) -> PuzzleMove;
    /// Any puzzle's move as this one's (None: another puzzle's).
    fn own(mv: PuzzleMove) -> Option<Self::Move>;
    /// This puzzle's undo record as any puzzle's.
    fn wrap_undo(undo: Self::Undo) -> PuzzleUndo;
    /// Any puzzle's undo record as this one's (None: another puzzle's).
    fn own_undo(undo: &PuzzleUndo) -> Option<&Self::Undo>;
    /// Moves left under the level's move limit (negative past it), or None
    /// when the puzzle has no limit.
    fn moves_left(&self) -> Option<i64> {
        None
    }
    /// Where every win takes as many moves, the moves a win still takes
    /// from here (a frog leaves at each jump, an animal at each move); None
    /// where wins differ in length.
    fn moves_to_win(&self) -> Option<u32> {
        None
    }

    /// Appends every legal move to `out` (which is cleared first).
    fn legal_moves(&self, out: &mut Vec<Self::Move>);
    /// Checks a move against the rules and plays it.
    fn apply(&mut self, mv: Self::Move) -> Result<Self::Undo, MoveError>;
    /// Takes back the move that returned `undo`; it must be the last one applied.
    fn undo(&mut self, undo: &Self::Undo);
    fn is_goal(&self) -> bool;
    fn is_dead_end(&self) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.is_empty() && !self.is_goal()
    }
    fn move_text(mv: Self::Move) -> String;
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;
}

/// Declares `PuzzleKind` from one list of the puzzles and their names, so
/// that `PuzzleKind::ALL` (the order the command line, the editor and the
/// levels of the day list them in) can never leave one out.
macro_rules! puzzle_kinds {
    ($($kind:ident: $name:literal),* $(,)?) => {
        /// Which puzzle.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum PuzzleKind {
            $($kind),*
        }

        impl PuzzleKind {
            /// Every puzzle, in the order the game lists them.
            pub const ALL: [PuzzleKind; [$($name),*].len()] = [$(Self::$kind),*];

            /// Its name, as the command line and the pack files write it.
            pub fn name(self) -> &'static str {
                match self {
                    $(Self::$kind => $name),*
                }
            }
        }
    };
}

puzzle_kinds!(Swap: "swap", Hop: "hop", Flood: "flood", Escape: "escape");

impl PuzzleKind {
    /// Its name as a title: "Swap".
    pub fn title(self) -> String {
        crate::levels::capitalised(self.name())
    }

    /// The puzzle of this name (as `name` gives it), if any.
    pub fn from_name(name: &str) -> Option<PuzzleKind> {
        Self::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// Any puzzle's state: what the game, the command line and the solvers share.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Puzzle {
    Swap(swap::Swap),
    Hop(hop::Hop),
    Flood(flood::Flood),
    Escape(escape::Escape),
}

/// Any puzzle's move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PuzzleMove {
    Swap(swap::SwapMove),
    Hop(hop::HopMove),
    Flood(flood::FloodMove),
    Escape(escape::EscapeMove),
}

/// Any puzzle's undo record.
#[derive(Debug, Clone)]
pub enum PuzzleUndo {
    Swap(<swap::Swap as Rules>::Undo),
    Hop(<hop::Hop as Rules>::Undo),
    Flood(<flood::Flood as Rules>::Undo),
    Escape(<escape::Escape as Rules>::Undo),
}

/// Runs `$body` with `$p` bound to the inner state, whatever the puzzle: the
/// one list of the puzzles for code generic over them (`$body` is compiled
/// once for each puzzle's type). Used by the game's dispatch too.
#[macro_export]
macro_rules! each_puzzle {
    ($value:expr, $p:ident => $body:expr) => {
        match $value {
            $crate::rules::Puzzle::Swap($p) => $body,
            $crate::rules::Puzzle::Hop($p) => $body,
            $crate::rules::Puzzle::Flood($p) => $body,
            $crate::rules::Puzzle::Escape($p) => $body,
        }
    };
}

/// The items of `Rules` that tie a puzzle's types to its variant `$name`
/// of `PuzzleKind`, `Puzzle`, `PuzzleMove` and `PuzzleUndo`: its kind, and
/// its state, move and undo record taken out of the shared enums and put
/// back in. Each puzzle's `impl Rules` says `variant_glue!(Name);`.
macro_rules! variant_glue {
    ($name:ident) => {
        const KIND: $crate::rules::PuzzleKind = $crate::rules::PuzzleKind::$name;

        fn of(p: &$crate::rules::Puzzle) -> Option<&Self> {
            match p {
                $crate::rules::Puzzle::$name(s) => Some(s),
                _ => None,
            }
        }

        fn lift(self) -> $crate::rules::Puzzle {
            $crate::rules::Puzzle::$name(self)
        }

        fn wrap(mv: Self::Move) -> $crate::rules::PuzzleMove {
            $crate::rules::PuzzleMove::$name(mv)
        }

        fn own(mv: $crate::rules::PuzzleMove) -> Option<Self::Move> {
            match mv {
                $crate::rules::PuzzleMove::$name(m) => Some(m),
                _ => None,
            }
        }

        fn wrap_undo(undo: Self::Undo) -> $crate::rules::PuzzleUndo {
            $crate::rules::PuzzleUndo::$name(undo)
        }

        fn own_undo(undo: &$crate::rules::PuzzleUndo) -> Option<&Self::Undo> {
            match undo {
                $crate::rules::PuzzleUndo::$name(u) => Some(u),
                _ => None,
            }
        }
    };
}
pub(crate) use variant_glue;

/// Runs `$body` with `$t` the rules' type of the puzzle `$kind` names:
/// code generic over the puzzles that starts from a kind (`$body` is
/// compiled once for each puzzle's type).
#[macro_export]
macro_rules! each_kind {
    ($kind:expr, $t:ident => $body:expr) => {
        match $kind {
            $crate::rules::PuzzleKind::Swap => {
                type $t = $crate::rules::swap::Swap;
                $body
            }
            $crate::rules::PuzzleKind::Hop => {
                type $t = $crate::rules::hop::Hop;
                $body
            }
            $crate::rules::PuzzleKind::Flood => {
                type $t = $crate::rules::flood::Flood;
                $body
            }
            $crate::rules::PuzzleKind::Escape => {
                type $t = $crate::rules::escape::Escape;
                $body
            }
        }
    };
}

fn mismatch<T>() -> Result<T, MoveError> {
    refuse("that move belongs to another puzzle")
}

impl Puzzle {
    pub fn kind(&self) -> PuzzleKind {
        fn kind_of<R: Rules>(_: &R) -> PuzzleKind {
            R::KIND
        }
        each_puzzle!(self, p => kind_of(p))
    }

    pub fn legal_moves(&self) -> Vec<PuzzleMove> {
        fn wrapped<R: Rules>(p: &R) -> Vec<PuzzleMove> {
            let mut inner = Vec::new();
            p.legal_moves(&mut inner);
            inner.into_iter().map(R::wrap).collect()
        }
        each_puzzle!(self, p => wrapped(p))
    }

    pub fn apply(&mut self, mv: PuzzleMove) -> Result<PuzzleUndo, MoveError> {
        fn applied<R: Rules>(p: &mut R, mv: PuzzleMove) -> Result<PuzzleUndo, MoveError> {
            match R::own(mv) {
                Some(m) => p.apply(m).map(R::wrap_undo),
                None => mismatch(),
            }
        }
        each_puzzle!(self, p => applied(p, mv))
    }

    /// Takes back a move; an undo record of another puzzle is ignored.
    pub fn undo(&mut self, undo: &PuzzleUndo) {
        fn undone<R: Rules>(p: &mut R, undo: &PuzzleUndo) {
            if let Some(u) = R::own_undo(undo) {
                p.undo(u);
            }
        }
        each_puzzle!(self, p => undone(p, undo))
    }

    pub fn is_goal(&self) -> bool {
        each_puzzle!(self, p => p.is_goal())
    }

    pub fn is_dead_end(&self) -> bool {
        each_puzzle!(self, p => p.is_dead_end())
    }

    /// True when the level is won: the goal reached within any move limit.
    pub fn is_won(&self) -> bool {
        self.is_goal() && !self.over_limit()
    }

    /// True when the puzzle's move limit is passed: the level is lost, even
    /// if its goal is reached later.
    pub fn over_limit(&self) -> bool {
        self.moves_left().is_some_and(|left| left < 0)
    }

    /// True when the level can no longer be won from here, whatever is
    /// played: no move is left, the goal was reached over the limit, or the
    /// limit is used up short of the goal.
    pub fn is_stuck(&self) -> bool {
        !self.is_won()
            && (self.is_dead_end() || self.is_goal() || self.moves_left().is_some_and(|l| l <= 0))
    }

    /// Moves left under the level's limit (negative past it), or None when
    /// the puzzle has no limit.
    pub fn moves_left(&self) -> Option<i64> {
        each_puzzle!(self, p => Rules::moves_left(p))
    }

    /// Where every win takes as many moves, the moves a win still takes
    /// from here; None where wins differ in length.
    pub fn moves_to_win(&self) -> Option<u32> {
        each_puzzle!(self, p => Rules::moves_to_win(p))
    }

    pub fn parse_move(&self, text: &str) -> Result<PuzzleMove, MoveError> {
        fn parsed<R: Rules>(p: &R, text: &str) -> Result<PuzzleMove, MoveError> {
            p.parse_move(text).map(R::wrap)
        }
        each_puzzle!(self, p => parsed(p, text))
    }

    /// Plays a whole line of moves; stops at the first illegal one.
    pub fn play_all(&mut self, moves: &[PuzzleMove]) -> Result<(), (usize, MoveError)> {
        for (i, &mv) in moves.iter().enumerate() {
            self.apply(mv).map_err(|e| (i, e))?;
        }
        Ok(())
    }
}

impl fmt::Display for PuzzleMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match *self {
            PuzzleMove::Swap(m) => swap::Swap::move_text(m),
            PuzzleMove::Hop(m) => hop::Hop::move_text(m),
            PuzzleMove::Flood(m) => flood::Flood::move_text(m),
            PuzzleMove::Escape(m) => escape::Escape::move_text(m),
        };
        f.write_str(&text)
    }
}

/// Whether `text` is a whole number's digits.
pub(crate) fn is_number(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// Parses a cell or pad number of a move's text.
pub(crate) fn parse_index(text: &str, what: &str) -> Result<usize, MoveError> {
    text.trim()
        .parse::<usize>()
        .map_err(|_| MoveError(format!("expected a {what} number, found `{}`", text.trim())))
}
