//! Seeded level generators behind `pond gen`, and the writer that prints a pack
//! in the documented format. Every generated level is checked by the solver.

use super::rng::{SplitMix64, flood_cells};
use super::{LevelFile, PackFile, RandomFlood};
use crate::rules::escape::{Animal, Escape};
use crate::rules::flood::Flood;
use crate::rules::hop::{Board, Hop, Shape};
use crate::rules::swap::{Cell, Swap, row_text};
use crate::solve::{self, Budget, Outcome, Search};
use std::collections::HashSet;
use std::fmt::Write;
use std::time::Duration;

/// A RON string literal.
fn quoted(s: &str) -> String {
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

fn grade_field(grade: &Option<String>) -> String {
    grade
        .as_ref()
        .map(|g| format!(", grade: Some({})", quoted(g)))
        .unwrap_or_default()
}

fn string_list(rows: &[String], indent: &str) -> String {
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

/// One level as a pack file writes it (on one line, but for its rows,
/// which go one a line at the indent of a level in a pack).
pub fn level_text(level: &LevelFile) -> String {
    match level {
        LevelFile::Swap {
            name,
            row,
            goal,
            jump_own,
            grade,
        } => {
            let mut t = format!("Swap(name: {}, row: {}", quoted(name), quoted(row));
            if let Some(g) = goal {
                let _ = write!(t, ", goal: Some({})", quoted(g));
            }
            if *jump_own {
                t.push_str(", jump_own: true");
            }
            format!("{t}{})", grade_field(grade))
        }
        LevelFile::Hop {
            name,
            board,
            layout,
            finish,
            grade,
        } => {
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
        LevelFile::Flood {
            name,
            cells,
            random,
            colours,
            moves,
            grade,
        } => {
            let mut t = format!("Flood(name: {}", quoted(name));
            if let Some(c) = cells {
                let _ = write!(t, ", cells: {}", string_list(c, "        "));
            }
            if let Some(r) = random {
                let _ = write!(
                    t,
                    ", random: (width: {}, height: {}, colours: {}, seed: {})",
                    r.width, r.height, r.colours, r.seed
                );
            }
            if let Some(k) = colours {
                let _ = write!(t, ", colours: Some({k})");
            }
            if let Some(m) = moves {
                let _ = write!(t, ", moves: Some({m})");
            }
            format!("{t}{})", grade_field(grade))
        }
        LevelFile::Escape { name, rows, grade } => format!(
            "Escape(name: {}, rows: {}{})",
            quoted(name),
            string_list(rows, "        "),
            grade_field(grade)
        ),
    }
}

/// Random Swap rows: up to `max_side` frogs a side, one or two gaps, some in
/// the jump-own variant; all solvable.
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

/// The four grades of Pond levels, easiest first.
pub const POND_GRADES: [&str; 4] = ["beginner", "intermediate", "advanced", "expert"];

/// Pond levels with a red frog, made by playing the game backwards from a lone
/// red frog (so each is solvable), no two alike up to the pond's symmetries.
/// They are graded by the chance that random jumps win (which weighs the frog
/// count, the number of winning sequences and the ways to go wrong): the pool
/// is cut into quarters by that chance, and each grade runs easiest first.
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

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
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

/// Flood levels on seeded random boards, each with a move limit of the best
/// solution the solver finds in `think` (proven optimal where it can) plus
/// `slack`.
pub fn flood_levels(
    seed: u64,
    count: usize,
    size: (u16, u16),
    colours: u8,
    slack: u32,
    think: Duration,
) -> Vec<(LevelFile, bool)> {
    let mut rng = SplitMix64::new(seed);
    (0..count)
        .map(|i| {
            let board_seed = rng.next_u64() % 1_000_000;
            let (width, height) = size;
            let f = Flood::new(
                width,
                height,
                colours,
                flood_cells(width, height, colours, board_seed),
                None,
            );
            let mut search = Search::new(Budget::time(think));
            let outcome = solve::flood::solve(&f, &mut search);
            let (best, proven) = match &outcome {
                Outcome::Solved { moves, optimal } => (moves.len() as u32, *optimal),
                Outcome::OutOfBudget { best: Some(b), .. } => (b.len() as u32, false),
                _ => (solve::flood::solve_fast(&f).len() as u32, false),
            };
            let level = LevelFile::Flood {
                name: format!("{width}x{height}, {colours} colours #{}", i + 1),
                cells: None,
                random: Some(RandomFlood {
                    width,
                    height,
                    colours,
                    seed: board_seed,
                }),
                colours: None,
                moves: Some(best.saturating_add(slack)),
                grade: None,
            };
            (level, proven)
        })
        .collect()
}

/// `count` random square Flood boards of `side` cells with six colours, each
/// seeded from one SplitMix64 stream: the benchmark workloads.
pub fn flood_boards(seed: u64, count: usize, side: u16) -> Vec<Flood> {
    let mut rng = SplitMix64::new(seed);
    (0..count)
        .map(|_| {
            Flood::new(
                side,
                side,
                6,
                flood_cells(side, side, 6, rng.next_u64()),
                None,
            )
        })
        .collect()
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
    if positions > super::verdict::COUNT_ESCAPE {
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

#[cfg(test)]
#[path = "generate_tests.rs"]
mod tests;
