//! Each puzzle's whole core in a folder of its own: its rules (`rules`),
//! its exact solver and the move map's part (`solve`), its level's fields
//! and random levels (`level`, `level_gen`), and its side of the level
//! editor (`edit`, `edit_code`). The shared code reaches a puzzle through
//! the registration in `rules/mod.rs` and the traits it implements; the
//! four first puzzles are also named at their older paths
//! (`crate::rules::flood`, `crate::solve::flood`, ...).

pub mod escape;
pub mod flood;
pub mod hop;
pub mod swap;
