//! Pond Puzzles: four classic puzzles, their exact solvers, level packs, and the
//! Bevy game that plays them.

pub mod cli;
pub mod game;
pub mod levels;
pub mod rules;
pub mod solve;
