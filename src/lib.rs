//! Pond Puzzles: the Bevy game and the `pond` command line, over the pure
//! core (`pond-core`: rules, solvers, level packs).

pub mod cli;
pub mod game;
pub mod typeface;

pub use pond_core::{levels, puzzles, rules, save, solve};
