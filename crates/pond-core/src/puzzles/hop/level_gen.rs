//! Hop's part of `pond gen` and of the pack writer: Pond levels played
//! backwards from a lone red frog, graded, and a Hop level as a pack file
//! writes it.

use crate::levels::LevelFile;
use crate::levels::capitalised;
use crate::levels::generate::{grade_field, quoted, string_list};
use crate::levels::rng::SplitMix64;
use crate::rules::hop::{Board, Hop, Shape};
use crate::solve;
use std::collections::HashSet;
use std::fmt::Write;

/// A Hop level as a pack file writes it.
pub(crate) fn text(
    name: &str,
    board: Shape,
    layout: &[String],
    finish: Option<(u8, u8)>,
    grade: &Option<String>,
) -> String {
    let mut t = format!(
        "Hop(name: {}, board: {board:?}, layout: {}",
        quoted(name),
        string_list(layout, "        ")
    );
    if let Some((r, c)) = finish {
        let _ = write!(t, ", finish: Some(({r}, {c}))");
    }
    format!("{t}{})", grade_field(grade))
}

/// The four grades of Pond levels, easiest first.
pub const POND_GRADES: [&str; 4] = ["beginner", "intermediate", "advanced", "expert"];

/// Pond levels with a red frog, made by playing the game backwards from a lone
/// red frog (so each is solvable), no two alike up to the pond's symmetries.
/// They are graded by the chance that random jumps win (which weighs the frog
/// count, the number of winning sequences and the ways to go wrong): the pool
/// is cut into quarters by that chance, and each grade runs easiest first.
/// The pond's packs take no option but the seed and the count.
impl crate::levels::generate::Generated for Hop {
    fn generate(o: &crate::levels::generate::GenOptions) -> Result<Vec<LevelFile>, String> {
        Ok(hop_levels(o.seed, o.count))
    }
}

pub fn hop_levels(seed: u64, count: usize) -> Vec<LevelFile> {
    let mut rng = SplitMix64::new(seed);
    let board = Board::pond();
    let grades = POND_GRADES.len();
    let per_grade = count.div_ceil(grades);
    let mut seen = HashSet::new();
    let mut pool = Vec::new();
    let mut attempts = 0;
    while pool.len() < per_grade * grades * 5 && attempts < 50_000 {
        attempts += 1;
        let frogs = 3 + rng.below(9) as u32;
        let Some(h) = unplay(&board, frogs, &mut rng) else {
            continue;
        };
        if !seen.insert(canonical(&h)) {
            continue;
        }
        let chance = solve::hop::random_win_chance(&h);
        if chance > 0.0 {
            pool.push((h, chance));
        }
    }
    pool.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.frogs().cmp(&b.0.frogs())));
    let mut out = Vec::new();
    for (g, grade) in POND_GRADES.iter().enumerate() {
        let band = &pool[pool.len() * g / grades..pool.len() * (g + 1) / grades];
        for i in 0..per_grade.min(band.len()) {
            if out.len() == count {
                break;
            }
            let (h, _) = &band[i * band.len() / per_grade];
            out.push(LevelFile::Hop {
                name: format!("{} {} ({} frogs)", capitalised(grade), i + 1, h.frogs()),
                board: Shape::Pond,
                layout: hop_layout(h),
                finish: None,
                grade: Some(grade.to_string()),
            });
        }
    }
    out
}

/// Plays jumps backwards from a lone red frog until `frogs` frogs stand:
/// always winnable.
pub fn unplay(board: &Board, frogs: u32, rng: &mut SplitMix64) -> Option<Hop> {
    let pads = board.pads.len() as u64;
    let mut h = Hop {
        board: board.clone(),
        green: 0,
        red: Some(rng.below(pads) as u8),
        finish: None,
    };
    for _ in 0..200 {
        if h.frogs() == frogs {
            return Some(h);
        }
        let occupied = h.occupied();
        let options: Vec<_> = board
            .lines
            .iter()
            .filter(|l| {
                occupied >> l.to & 1 == 1
                    && occupied >> l.from & 1 == 0
                    && occupied >> l.over & 1 == 0
            })
            .collect();
        if options.is_empty() {
            return None;
        }
        let l = options[rng.below(options.len() as u64) as usize];
        if h.red == Some(l.to) {
            h.red = Some(l.from);
        } else {
            h.green = h.green & !(1 << l.to) | 1 << l.from;
        }
        h.green |= 1 << l.over;
    }
    None
}

/// The smallest image of a position under the board's symmetries.
pub fn canonical(h: &Hop) -> (u64, u8) {
    h.board
        .symmetries
        .iter()
        .map(|p| {
            (
                Board::map_set(p, h.green),
                h.red.map_or(u8::MAX, |r| p[r as usize]),
            )
        })
        .min()
        .unwrap_or((h.green, h.red.unwrap_or(u8::MAX)))
}

/// A Hop position as layout rows.
pub fn hop_layout(h: &Hop) -> Vec<String> {
    let mut grid = vec![vec!['.'; h.board.cols as usize]; h.board.rows as usize];
    for (i, &(r, c)) in h.board.pads.iter().enumerate() {
        grid[r as usize][c as usize] = if h.red == Some(i as u8) {
            'r'
        } else if h.green >> i & 1 == 1 {
            'g'
        } else {
            'o'
        };
    }
    grid.iter()
        .enumerate()
        .map(|(r, row)| {
            let cells: Vec<String> = row.iter().map(|c| c.to_string()).collect();
            let cells = if h.board.shape == Shape::Triangle {
                &cells[..=r.min(cells.len().saturating_sub(1))]
            } else {
                &cells[..]
            };
            cells.join(" ")
        })
        .collect()
}
