//! The grade a shipped pack would give a level, in that pack's own words.
//!
//! The Hop pack was cut into quarters of a pool by the chance that random
//! jumps win, the Escape pack into fifths by the ways out (each size of
//! prison on its own); Swap's and the peg boards' levels were graded by
//! hand. Each is read the same way: the grade of the pack's level nearest
//! in the measure the game's grading reads (on a log scale for chances and
//! ways). Flood's pack grades by a rule: the moves its limit spares over
//! the best solution.

use super::verdict::{HOP_GAMES, WAYS_CAP};
use super::{Pack, SHIPPED, parse_pack};
use crate::rules::Puzzle;
use crate::rules::hop::Shape;
use crate::solve::{self, Budget, Outcome};
use std::sync::OnceLock;

/// The Flood pack's words for 4, 3, 2, 1 and 0 moves to spare (its file's
/// header says so).
pub const FLOOD_PACK_GRADES: [&str; 5] = ["easy", "medium", "hard", "expert", "master"];

/// A shipped pack with each level's measure (None where it has none).
struct Shipped {
    pack: Pack,
    measures: Vec<Option<f64>>,
}

/// The shipped pack whose grading a level of this puzzle is held against.
fn pack_for(level: &Puzzle) -> usize {
    match level {
        Puzzle::Swap(_) => 0,
        Puzzle::Hop(h) if h.board.shape == Shape::Pond => 1,
        Puzzle::Hop(_) => 2,
        Puzzle::Flood(_) => 3,
        Puzzle::Escape(_) => 4,
    }
}

/// The shipped pack `i` of `SHIPPED`, measured once.
fn shipped(i: usize) -> Option<&'static Shipped> {
    static PACKS: [OnceLock<Option<Shipped>>; SHIPPED.len()] =
        [const { OnceLock::new() }; SHIPPED.len()];
    PACKS[i]
        .get_or_init(|| {
            let (file, text) = SHIPPED[i];
            let pack = parse_pack(file, text).ok()?;
            let measures = pack.levels.iter().map(|l| measure(&l.puzzle)).collect();
            Some(Shipped { pack, measures })
        })
        .as_ref()
}

/// What the game's grading reads of a shipped level.
fn measure(level: &Puzzle) -> Option<f64> {
    match level {
        Puzzle::Swap(_) => match solve::solve(level, Budget::nodes(2_000_000), None, false).outcome
        {
            Outcome::Solved { moves, .. } => Some(moves.len() as f64),
            _ => None,
        },
        Puzzle::Hop(h) if h.green.count_ones() <= 20 => Some(solve::hop::random_win_chance(h)),
        Puzzle::Hop(h) => solve::hop::random_win_estimate(h, HOP_GAMES, 1, None),
        Puzzle::Flood(_) => None,
        Puzzle::Escape(e) => solve::escape::count_solutions(e, WAYS_CAP).map(|w| w as f64),
    }
}

/// How far apart two measures of a puzzle lie.
fn distance(level: &Puzzle, a: f64, b: f64) -> f64 {
    let log = |x: f64| x.max(1e-6).log10();
    match level {
        Puzzle::Swap(_) => (a - b).abs(),
        _ => (log(a) - log(b)).abs(),
    }
}

/// Whether a shipped level is graded among the same boards as `level`:
/// Escape's sizes of prison are graded each on its own.
fn comparable(level: &Puzzle, other: &Puzzle) -> bool {
    match (level, other) {
        (Puzzle::Escape(a), Puzzle::Escape(b)) => (a.rows, a.cols) == (b.rows, b.cols),
        _ => true,
    }
}

/// The grade the shipped pack of `level`'s puzzle would give a level whose
/// grading reads `measure`: the grade, the pack's name, and its level
/// nearest in the measure (none for Flood's rule). None when the pack has
/// no level to hold it against.
pub fn grade(level: &Puzzle, measure: f64) -> Option<(String, &'static str, Option<usize>)> {
    let s = shipped(pack_for(level))?;
    let name = s.pack.name.as_str();
    if let Puzzle::Flood(_) = level {
        let spare = measure.clamp(0.0, 4.0) as usize;
        return Some((FLOOD_PACK_GRADES[4 - spare].to_string(), name, None));
    }
    let (at, _) = s
        .pack
        .levels
        .iter()
        .zip(&s.measures)
        .enumerate()
        .filter(|(_, (l, m))| m.is_some() && l.grade.is_some() && comparable(level, &l.puzzle))
        .map(|(i, (_, m))| (i, distance(level, measure, m.unwrap_or(0.0))))
        .min_by(|a, b| a.1.total_cmp(&b.1))?;
    let grade = s.pack.levels[at].grade.clone()?;
    Some((grade, name, Some(at)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every level of the Hop and Escape packs, which were cut by their
    /// measure, is graded as the pack grades it; a hand-graded pack's level
    /// is at least graded as its nearest neighbour.
    #[test]
    fn the_measured_packs_grade_their_own_levels_as_they_are() {
        for i in [1, 4] {
            let s = shipped(i).expect("the shipped pack loads");
            for (n, (l, m)) in s.pack.levels.iter().zip(&s.measures).enumerate() {
                let (g, _, like) = grade(&l.puzzle, m.expect("measured")).expect("graded");
                let at = like.expect("a level");
                // Ties (two levels with the same measure) may take the other.
                assert!(
                    Some(&g) == l.grade.as_ref() || s.measures[at] == *m,
                    "{} level {}: {g} against {:?}",
                    SHIPPED[i].0,
                    n + 1,
                    l.grade
                );
            }
        }
        // Every shipped pack that is measured has a grade for its levels.
        for i in [0, 2] {
            let s = shipped(i).expect("the shipped pack loads");
            for (l, m) in s.pack.levels.iter().zip(&s.measures) {
                let (g, ..) = grade(&l.puzzle, m.expect("measured")).expect("graded");
                assert!(s.pack.levels.iter().any(|o| o.grade.as_ref() == Some(&g)));
            }
        }
    }

    #[test]
    fn flood_grades_by_the_moves_its_limit_spares() {
        let pack = shipped(3).expect("the Flood pack");
        let level = &pack.pack.levels[0].puzzle;
        let words: Vec<String> = (0..=5)
            .map(|spare| grade(level, f64::from(spare)).expect("graded").0)
            .collect();
        assert_eq!(
            words,
            ["master", "expert", "hard", "medium", "easy", "easy"]
        );
        // The pack's own words are these.
        for l in &pack.pack.levels {
            let g = l.grade.as_deref().expect("graded");
            assert!(FLOOD_PACK_GRADES.contains(&g), "{g}");
        }
    }
}
