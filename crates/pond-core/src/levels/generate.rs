//! The writer that prints a pack in the documented format, and the seeded
//! level generators behind `pond gen` (each puzzle's in its `*_gen.rs`).
//! Every generated level is checked by the solver.

use super::PackFile;
pub use super::escape_gen::{ESCAPE_GRADES, deal, escape_levels, escape_rows};
pub use super::flood_gen::{flood_boards, flood_levels};
pub use super::hop_gen::{POND_GRADES, canonical, hop_layout, hop_levels, unplay};
pub use super::level_text;
pub use super::swap_gen::swap_levels;
use std::fmt::Write;

/// What `pond gen` was asked: each puzzle reads the options it has.
#[derive(Debug, Clone, PartialEq)]
pub struct GenOptions {
    pub seed: u64,
    pub count: usize,
    /// Swap: most frogs a side.
    pub max_side: usize,
    /// Flood: the board's size.
    pub width: u16,
    pub height: u16,
    /// Flood and Escape: colours (each puzzle has its default).
    pub colours: Option<u8>,
    /// Flood: moves allowed beyond the best, and seconds to think a board.
    pub slack: u32,
    pub think: f64,
    /// Escape: the prison's rows and columns, and the kinds of animal.
    pub rows: u8,
    pub cols: u8,
    pub types: u8,
}

/// A puzzle's packs for `pond gen`: the command line calls these through
/// the registration and names no puzzle. A puzzle whose packs are not
/// generated keeps the defaults (a refusal in words).
pub trait Generated {
    /// The levels the options make, or why they make none.
    fn generate(_o: &GenOptions) -> Result<Vec<super::LevelFile>, String> {
        Err("packs of this puzzle are not generated".into())
    }
    /// The options read, as the command line takes them (with the values
    /// worked out): the pack's header writes the command that makes it
    /// again.
    fn flags(_o: &GenOptions) -> Vec<String> {
        Vec::new()
    }
}

/// A RON string literal.
pub(crate) fn quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

pub(crate) fn grade_field(grade: &Option<String>) -> String {
    grade
        .as_ref()
        .map(|g| format!(", grade: Some({})", quoted(g)))
        .unwrap_or_default()
}

pub(crate) fn string_list(rows: &[String], indent: &str) -> String {
    let mut out = String::from("[\n");
    for r in rows {
        let _ = writeln!(out, "{indent}    {},", quoted(r));
    }
    out.push_str(indent);
    out.push(']');
    out
}

/// Prints a pack as a player would write it.
pub fn write_pack(pack: &PackFile, header: &str) -> String {
    let mut out = String::new();
    for line in header.lines() {
        let _ = writeln!(out, "// {line}");
    }
    let _ = writeln!(out, "Pack(");
    let _ = writeln!(out, "    name: {},", quoted(&pack.name));
    if let Some(a) = &pack.author {
        let _ = writeln!(out, "    author: Some({}),", quoted(a));
    }
    let _ = writeln!(out, "    levels: [");
    for level in &pack.levels {
        let _ = writeln!(out, "        {},", level_text(level));
    }
    let _ = writeln!(out, "    ],");
    let _ = writeln!(out, ")");
    out
}

#[cfg(test)]
#[path = "generate_tests.rs"]
mod tests;
