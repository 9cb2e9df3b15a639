//! Pond Puzzles' pure core: the rules of its puzzles, their exact
//! solvers, the level pack format and the player's save files. It knows no
//! engine: the game crate (`pond-puzzles`) draws and plays what this crate
//! decides.

pub mod fuzzing;
pub mod levels;
pub mod puzzles;
pub mod rules;
pub mod save;
pub mod solve;
