//! Hop: frogs jump each other off a pond or a peg board: the puzzle's whole core.

pub mod edit;
pub mod edit_code;
pub mod english;
pub mod level;
pub mod level_gen;
pub mod rules;
pub mod solve;
