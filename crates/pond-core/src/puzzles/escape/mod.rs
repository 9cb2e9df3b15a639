//! Escape: animals leave a prison, each like the last: the puzzle's whole core.

pub mod edit;
pub mod edit_code;
pub mod level;
pub mod level_gen;
pub mod rules;
pub mod solve;
