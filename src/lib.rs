//! Pond Puzzles: the Bevy game and the `pond` command line, over the pure
//! core (`pond-core`: rules, solvers, level packs).

pub mod cli;
pub mod game;
pub mod typeface;

pub use pond_core::{levels, puzzles, rules, save, solve};

/// A row of lily pads (`LL_RR`) as the game's tests' puzzle, read as a
/// pack file is.
#[cfg(test)]
pub(crate) fn swap_row(row: &str) -> rules::Puzzle {
    let text = format!(r#"Pack(name: "", levels: [Swap(name: "", row: "{row}")])"#);
    let mut pack = levels::parse_pack("t", &text).expect("the pack loads");
    pack.levels.swap_remove(0).puzzle
}
