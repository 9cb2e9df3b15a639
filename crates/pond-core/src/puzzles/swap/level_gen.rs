//! Swap's part of `pond gen` and of the pack writer: random rows, all
//! solvable, and a Swap level as a pack file writes it.

use crate::levels::LevelFile;
use crate::levels::generate::{grade_field, quoted};
use crate::levels::rng::SplitMix64;
use crate::rules::swap::{Cell, Swap, row_text};
use crate::solve::{self, Budget, Outcome, Search};
use std::collections::HashSet;
use std::fmt::Write;

/// A Swap level as a pack file writes it.
pub(crate) fn text(
    name: &str,
    row: &str,
    goal: Option<&str>,
    jump_own: bool,
    grade: &Option<String>,
) -> String {
    let mut t = format!("Swap(name: {}, row: {}", quoted(name), quoted(row));
    if let Some(g) = goal {
        let _ = write!(t, ", goal: Some({})", quoted(g));
    }
    if jump_own {
        t.push_str(", jump_own: true");
    }
    format!("{t}{})", grade_field(grade))
}

/// Random Swap rows: up to `max_side` frogs a side, one or two gaps, some in
/// the jump-own variant; all solvable.
impl crate::levels::generate::Generated for crate::rules::swap::Swap {
    fn generate(o: &crate::levels::generate::GenOptions) -> Result<Vec<LevelFile>, String> {
        Ok(swap_levels(o.seed, o.count, o.max_side))
    }
    fn flags(o: &crate::levels::generate::GenOptions) -> Vec<String> {
        vec![format!("--max-side {}", o.max_side)]
    }
}

pub fn swap_levels(seed: u64, count: usize, max_side: usize) -> Vec<LevelFile> {
    let mut rng = SplitMix64::new(seed);
    let max_side = max_side.clamp(1, 12);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut tries = 0;
    while out.len() < count && tries < count * 100 {
        tries += 1;
        let n = 1 + rng.below(max_side as u64) as usize;
        let m = 1 + rng.below(max_side as u64) as usize;
        let gaps = 1 + rng.below(2) as usize;
        let jump_own = rng.below(4) == 0;
        let row = format!("{}{}{}", "L".repeat(n), "_".repeat(gaps), "R".repeat(m));
        if !seen.insert((row.clone(), jump_own)) {
            continue;
        }
        let cells: Vec<Cell> = row.chars().filter_map(Cell::from_char).collect();
        let s = Swap::new(cells, jump_own);
        let mut search = Search::new(Budget::nodes(2_000_000));
        let Outcome::Solved { moves, .. } = solve::swap::solve(&s, &mut search) else {
            continue;
        };
        let variant = if jump_own { ", own kind too" } else { "" };
        out.push(LevelFile::Swap {
            name: format!("{n} against {m}{variant}"),
            row: row_text(&s.cells),
            goal: None,
            jump_own,
            grade: Some(format!("{} moves", moves.len())),
        });
    }
    out
}
