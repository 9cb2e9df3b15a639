//! The grade a shipped pack would give a level, in that pack's own words.
//!
//! The Hop pack was cut into quarters of a pool by the chance that random
//! jumps win, the Escape pack into fifths by the ways out (each size of
//! prison on its own); Swap's and the peg boards' levels were graded by
//! hand. Each is read the same way: the grade of the pack's level nearest
//! in the measure the game's grading reads (on a log scale for chances and
//! ways). Flood's pack grades by a rule: the moves its limit spares over
//! the best solution.

use super::{Pack, SHIPPED, parse_pack};
use crate::rules::Puzzle;
use std::sync::OnceLock;

/// The Flood pack's words for 4, 3, 2, 1 and 0 moves to spare (its file's
/// header says so).
pub const FLOOD_PACK_GRADES: [&str; 5] = ["easy", "medium", "hard", "expert", "master"];

/// A shipped pack with each level's measure (None where it has none).
struct Shipped {
    pack: Pack,
    measures: Vec<Option<f64>>,
}

/// How the shipped packs grade a level of a puzzle; each puzzle's level
/// file implements it.
pub trait PackGraded: crate::rules::Rules {
    /// Whether two measures are compared on a log scale (chances, ways).
    const LOG_SCALE: bool;

    /// The shipped pack (its file in `SHIPPED`) a level like this one is
    /// held against.
    fn shipped_pack(&self) -> &'static str;
    /// What the game's grading reads of a level (None: nothing to read).
    fn measure(&self) -> Option<f64>;
    /// Whether a shipped level is graded among the same boards as this one
    /// (Escape's sizes of prison are graded each on its own).
    fn comparable(&self, _other: &Self) -> bool {
        true
    }
    /// A grade by a rule from the measure, instead of the nearest level's
    /// (Flood's pack grades by the moves its limit spares).
    fn grade_by_rule(_measure: f64) -> Option<&'static str> {
        None
    }
}

/// The shipped pack whose grading a level of this puzzle is held against.
fn pack_for(level: &Puzzle) -> Option<usize> {
    let file = crate::each_puzzle!(level, p => p.shipped_pack());
    SHIPPED.iter().position(|(f, _)| *f == file)
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

/// Measures every shipped pack now, once: a caller that will soon ask for
/// grades (the level editor) does it in the background, so that the first
/// verdict of a puzzle does not wait for it (a second on the peg boards).
pub fn measure_shipped() {
    for i in 0..SHIPPED.len() {
        shipped(i);
    }
}

/// What the game's grading reads of a shipped level.
fn measure(level: &Puzzle) -> Option<f64> {
    crate::each_puzzle!(level, p => p.measure())
}

/// How far apart two measures of a puzzle lie.
fn distance(level: &Puzzle, a: f64, b: f64) -> f64 {
    fn log_scale<P: PackGraded>(_: &P) -> bool {
        P::LOG_SCALE
    }
    let log = |x: f64| x.max(1e-6).log10();
    if crate::each_puzzle!(level, p => log_scale(p)) {
        (log(a) - log(b)).abs()
    } else {
        (a - b).abs()
    }
}

/// Whether a shipped level is graded among the same boards as `level`.
fn comparable(level: &Puzzle, other: &Puzzle) -> bool {
    fn of<P: PackGraded>(p: &P, other: &Puzzle) -> bool {
        P::of(other).is_some_and(|o| p.comparable(o))
    }
    crate::each_puzzle!(level, p => of(p, other))
}

/// The grade by the puzzle's rule, if it grades by one.
fn by_rule(level: &Puzzle, measure: f64) -> Option<&'static str> {
    fn of<P: PackGraded>(_: &P, measure: f64) -> Option<&'static str> {
        P::grade_by_rule(measure)
    }
    crate::each_puzzle!(level, p => of(p, measure))
}

/// The grade the shipped pack of `level`'s puzzle would give a level whose
/// grading reads `measure`: the grade, the pack's name, and its level
/// nearest in the measure (none for Flood's rule). None when the pack has
/// no level to hold it against.
pub fn grade(level: &Puzzle, measure: f64) -> Option<(String, &'static str, Option<usize>)> {
    let s = shipped(pack_for(level)?)?;
    let name = s.pack.name.as_str();
    if let Some(grade) = by_rule(level, measure) {
        return Some((grade.to_string(), name, None));
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
