//! Pond Puzzles' pure core: the rules of the four puzzles, their exact
//! solvers and the level pack format. It knows no engine: the game crate
//! (`pond-puzzles`) draws and plays what this crate decides.

pub mod fuzzing;
pub mod levels;
pub mod rules;
pub mod solve;
