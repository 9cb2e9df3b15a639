//! Escape's part of `pond gen` and of the pack writer: random deals,
//! graded by their ways out, and an Escape level as a pack file writes it.

use crate::levels::LevelFile;
use crate::levels::capitalised;
use crate::levels::generate::{grade_field, quoted, string_list};
use crate::levels::rng::SplitMix64;
use crate::rules::escape::{Animal, Escape};
use crate::solve::{self, Budget, Outcome, Search};
use std::collections::HashSet;

/// An Escape level as a pack file writes it.
pub(crate) fn text(name: &str, rows: &[String], grade: &Option<String>) -> String {
    format!(
        "Escape(name: {}, rows: {}{})",
        quoted(name),
        string_list(rows, "        "),
        grade_field(grade)
    )
}

/// A random deal: every type-colour combination once if the grid has room,
/// otherwise random animals.
pub fn deal(rng: &mut SplitMix64, rows: u8, cols: u8, types: u8, colours: u8) -> Escape {
    let cells = rows as usize * cols as usize;
    let mut animals: Vec<Animal> = if types as usize * colours as usize == cells {
        (0..types)
            .flat_map(|kind| (0..colours).map(move |colour| Animal { kind, colour }))
            .collect()
    } else {
        (0..cells)
            .map(|_| Animal {
                kind: rng.below(types as u64) as u8,
                colour: rng.below(colours as u64) as u8,
            })
            .collect()
    };
    rng.shuffle(&mut animals);
    Escape::new(rows, cols, animals)
}

pub fn escape_rows(e: &Escape) -> Vec<String> {
    (0..e.rows)
        .map(|r| {
            (0..e.cols)
                .map(|c| e.animal(r, c).code())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// The nodes and the memory the solver may spend on a prison too big to
/// count, when a pack is generated.
const ESCAPE_GEN_NODES: u64 = 2_000_000;
const ESCAPE_GEN_MEMORY: usize = 256 << 20;

/// Whether the solver wins a prison within the generator's budget.
fn wins_within_budget(e: &Escape) -> bool {
    let budget = Budget {
        nodes: Some(ESCAPE_GEN_NODES),
        memory: Some(ESCAPE_GEN_MEMORY),
        ..Budget::default()
    };
    matches!(
        solve::escape::solve(e, &mut Search::new(budget)),
        Outcome::Solved { .. }
    )
}

/// Escape deals of a prison too big to count its ways out (the editor's
/// verdict leaves such a level ungraded too): solvable deals, the solver's
/// win the proof, with no grade.
fn uncounted_escape_levels(
    rng: &mut SplitMix64,
    count: usize,
    rows: u8,
    cols: u8,
    types: u8,
    colours: u8,
) -> Vec<LevelFile> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    for _ in 0..count * 30 + 60 {
        if out.len() == count {
            break;
        }
        let e = deal(rng, rows, cols, types, colours);
        if !seen.insert(e.animals.clone()) || !wins_within_budget(&e) {
            continue;
        }
        out.push(LevelFile::Escape {
            name: format!("Prison {} (too many ways out to count)", out.len() + 1),
            rows: escape_rows(&e),
            grade: None,
        });
    }
    out
}

/// The five grades of Escape deals, easiest (most ways out) first.
pub const ESCAPE_GRADES: [&str; 5] = ["easy", "fair", "tricky", "hard", "fiendish"];

/// Solvable Escape deals in five grades by number of solutions (quintiles of
/// a pool), easiest first.
/// As many colours as kinds unless asked.
fn escape_colours(o: &crate::levels::generate::GenOptions) -> u8 {
    o.colours.unwrap_or(o.types)
}

impl crate::levels::generate::Generated for Escape {
    fn generate(o: &crate::levels::generate::GenOptions) -> Result<Vec<LevelFile>, String> {
        let side = crate::levels::limits::ESCAPE_SIDE as u8;
        let colours = escape_colours(o);
        if !(1..=side).contains(&o.rows)
            || !(1..=side).contains(&o.cols)
            || !(1..=12).contains(&o.types)
            || !(1..=9).contains(&colours)
        {
            return Err(format!(
                "Escape grids are 1 to {side} a side, with 1 to 12 types and 1 to 9 colours"
            ));
        }
        Ok(escape_levels(
            o.seed, o.count, o.rows, o.cols, o.types, colours,
        ))
    }
    fn flags(o: &crate::levels::generate::GenOptions) -> Vec<String> {
        vec![
            format!("--rows {} --cols {}", o.rows, o.cols),
            format!("--types {} --colours {}", o.types, escape_colours(o)),
        ]
    }
}

pub fn escape_levels(
    seed: u64,
    count: usize,
    rows: u8,
    cols: u8,
    types: u8,
    colours: u8,
) -> Vec<LevelFile> {
    let mut rng = SplitMix64::new(seed);
    let positions = (cols as usize + 1)
        .saturating_pow(rows as u32)
        .saturating_mul(rows as usize + 1);
    if positions > crate::levels::verdict::COUNT_ESCAPE {
        return uncounted_escape_levels(&mut rng, count, rows, cols, types, colours);
    }
    let pool_size = (count * 8).max(40);
    let mut pool = Vec::new();
    let mut seen = HashSet::new();
    let mut attempts = 0;
    while pool.len() < pool_size && attempts < pool_size * 50 {
        attempts += 1;
        let e = deal(&mut rng, rows, cols, types, colours);
        if !seen.insert(e.animals.clone()) {
            continue;
        }
        // A prison whose ways out pass the memory counting may hold is kept
        // when the solver wins it, as one of the most ways out (None).
        let n = match solve::escape::count_solutions(&e, 1 << 40) {
            Some(0) => continue,
            Some(n) => Some(n),
            None if wins_within_budget(&e) => None,
            None => continue,
        };
        pool.push((e, n));
    }
    pool.sort_by_key(|(_, n)| std::cmp::Reverse(n.unwrap_or(u64::MAX)));
    let grades = ESCAPE_GRADES.len();
    let per_grade = count.div_ceil(grades);
    let mut out = Vec::new();
    for (g, grade) in ESCAPE_GRADES.iter().enumerate() {
        let band = &pool[pool.len() * g / grades..pool.len() * (g + 1) / grades];
        for i in 0..per_grade.min(band.len()) {
            if out.len() == count {
                break;
            }
            let (e, n) = &band[i * band.len() / per_grade];
            let ways = match n {
                Some(1) => "1 way out".to_string(),
                Some(n) => format!("{n} ways out"),
                None => "too many ways out to count".to_string(),
            };
            out.push(LevelFile::Escape {
                name: format!("{} {} ({ways})", capitalised(grade), i + 1),
                rows: escape_rows(e),
                grade: Some(grade.to_string()),
            });
        }
    }
    out
}
