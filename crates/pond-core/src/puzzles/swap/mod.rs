//! Swap: frogs facing each other change sides: the puzzle's whole core.

pub mod edit;
pub mod edit_code;
pub mod level;
pub mod level_gen;
pub mod rules;
pub mod solve;
