//! The workloads `pond bench` times: each solves or decides its boards and
//! gives back a row of the table (its times, moves, nodes and peak memory).

use crate::levels::generate::{deal, flood_boards};
use crate::levels::rng::SplitMix64;
use crate::rules::flood::Flood;
use crate::rules::hop::Board;
use crate::rules::swap::{Swap, parse_row};
use crate::solve::{self, Budget, Outcome, Search};
use std::time::{Duration, Instant};

/// One line of the table: a workload, its boards' times and what was found.
pub(super) struct Row {
    pub(super) workload: String,
    pub(super) count: usize,
    pub(super) times: Vec<Duration>,
    pub(super) peak_bytes: Option<u64>,
    pub(super) moves: u64,
    pub(super) optimal: usize,
    pub(super) nodes: u64,
}

impl Row {
    fn new(workload: &str) -> Row {
        reset_peak_memory();
        Row {
            workload: workload.to_string(),
            count: 0,
            times: Vec::new(),
            peak_bytes: None,
            moves: 0,
            optimal: 0,
            nodes: 0,
        }
    }

    fn finish(mut self) -> Row {
        self.peak_bytes = peak_memory();
        self
    }
}

/// Lets the kernel's peak-memory mark start again from here (Linux only).
fn reset_peak_memory() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The peak resident memory of this process, if the system tells it.
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed())
}

/// The row, and each board's solution as digits 1-6 (empty when unsolved).
pub(super) fn flood_optimal(
    name: &str,
    boards: &[Flood],
    exact: solve::flood::Exact,
) -> (Row, Vec<String>) {
    let mut row = Row::new(name);
    let mut lines = Vec::new();
    for f in boards {
        let (outcome, t) = timed(|| {
            let mut search = Search::new(Budget::unlimited());
            let outcome = solve::flood::solve_with(f, &mut search, exact);
            (outcome, search.nodes)
        });
        row.times.push(t);
        row.count += 1;
        row.nodes += outcome.1;
        let mut line = String::new();
        if let Outcome::Solved { moves, optimal } = &outcome.0 {
            row.moves += moves.len() as u64;
            row.optimal += *optimal as usize;
            line = moves.iter().map(|m| char::from(b'1' + m.colour)).collect();
        }
        lines.push(line);
    }
    (row.finish(), lines)
}

pub(super) fn flood_tatham(boards: &[Flood]) -> (Row, Vec<usize>) {
    let mut row = Row::new("flood tatham 3-ahead 100x100");
    let mut counts = Vec::new();
    for f in boards {
        let (moves, t) = timed(|| solve::flood::solve_lookahead(f, 3));
        row.times.push(t);
        row.count += 1;
        row.moves += moves.len() as u64;
        counts.push(moves.len());
    }
    (row.finish(), counts)
}

/// The row and each board's move count.
pub(super) fn flood_fast(boards: &[Flood]) -> (Row, Vec<usize>) {
    let mut row = Row::new("flood fast 100x100");
    let mut counts = Vec::new();
    for f in boards {
        let (moves, t) = timed(|| solve::flood::solve_fast(f));
        row.times.push(t);
        row.count += 1;
        row.moves += moves.len() as u64;
        counts.push(moves.len());
    }
    (row.finish(), counts)
}

pub(super) fn pegs() -> Row {
    let h = crate::rules::hop::Hop::english_central();
    solved_once("pegs english central", |search| {
        solve::hop::solve(&h, search)
    })
}

/// One board solved once, with no limit: its time, nodes and answer.
fn solved_once<M: Copy>(name: &str, solve: impl FnOnce(&mut Search<M>) -> Outcome<M>) -> Row {
    let mut row = Row::new(name);
    let ((outcome, nodes), t) = timed(|| {
        let mut search = Search::new(Budget::unlimited());
        let o = solve(&mut search);
        (o, search.nodes)
    });
    row.times.push(t);
    row.count = 1;
    row.nodes = nodes;
    if let Outcome::Solved { moves, optimal } = outcome {
        row.moves = moves.len() as u64;
        row.optimal = optimal as usize;
    }
    row.finish()
}

pub(super) fn pegs_all(threads: usize) -> Row {
    let mut row = Row::new(&match threads {
        0 | 1 => "pegs english, all winnable".to_string(),
        n => format!("pegs english, all winnable, {n} threads"),
    });
    let (census, t) = timed(|| solve::english::census(threads));
    row.times.push(t);
    row.count = census.winnable as usize;
    row.optimal = census.winnable as usize;
    row.nodes = census.built;
    row.finish()
}

pub(super) fn pond() -> Row {
    let mut row = Row::new("pond, every red position");
    let board = Board::pond();
    let (table, t) = timed(|| solve::hop::classify_red_positions(&board));
    row.times.push(t);
    let positions = 13 * (1usize << 12);
    row.count = positions;
    row.optimal = (0..13usize)
        .map(|red| {
            (0..1usize << 13)
                .filter(|g| g >> red & 1 == 0 && table[red << 13 | g])
                .count()
        })
        .sum();
    row.finish()
}

pub(super) fn swap() -> Row {
    let text = format!("{}_{}", "L".repeat(1000), "R".repeat(1000));
    let s = Swap::new(parse_row(&text).unwrap_or_default(), false);
    solved_once("swap 1000 v 1000", |search| solve::swap::solve(&s, search))
}

pub(super) fn escape(name: &str, seed: u64, count: usize, side: u8) -> Row {
    let mut row = Row::new(name);
    let mut rng = SplitMix64::new(seed);
    // Each deal is made just before it is decided (untimed), as a game
    // checks a deal it has just dealt.
    for _ in 0..count {
        let e = deal(&mut rng, side, side, side, side);
        let ((outcome, nodes), t) = timed(|| {
            let mut search = Search::new(Budget::unlimited());
            let o = solve::escape::solve(&e, &mut search);
            (o, search.nodes)
        });
        row.times.push(t);
        row.count += 1;
        row.nodes += nodes;
        if let Outcome::Solved { moves, .. } = outcome {
            row.moves += moves.len() as u64;
            row.optimal += 1;
        }
    }
    row.finish()
}

/// The editor's verdict, timed as the editor runs it after an edit.
pub(super) fn verdicts(seed: u64, n: usize) -> Vec<Row> {
    use crate::levels::verdict::{Answer, answer, grade};
    use crate::rules::Puzzle;
    let mut rng = SplitMix64::new(seed ^ 0xed17);
    let hop = crate::levels::parse_pack("hop.ron", crate::levels::SHIPPED[1].1)
        .map(|p| p.levels)
        .unwrap_or_default();
    let boards: [(&str, Vec<Puzzle>); 4] = [
        (
            "verdict escape 4x4 deals",
            (0..n)
                .map(|_| Puzzle::Escape(deal(&mut rng, 4, 4, 4, 4)))
                .collect(),
        ),
        (
            "verdict pond (hop.ron levels)",
            hop.iter().rev().take(n).map(|l| l.puzzle.clone()).collect(),
        ),
        (
            "verdict flood 14x14 k6",
            flood_boards(seed ^ 14, n, 14)
                .into_iter()
                .map(Puzzle::Flood)
                .collect(),
        ),
        (
            "verdict english board",
            crate::levels::parse_pack("pegs.ron", crate::levels::SHIPPED[2].1)
                .ok()
                .and_then(|p| p.levels.get(7).map(|l| l.puzzle.clone()))
                .into_iter()
                .collect(),
        ),
    ];
    // Two rows a kind: the answer the editor shows first (can it be won,
    // in how many moves), and the whole verdict once its ways and grades
    // are counted.
    boards
        .into_iter()
        .flat_map(|(name, puzzles)| {
            let mut first = Row::new(&format!("{name}: answer"));
            let mut whole = Row::new(&format!("{name}: graded"));
            for p in &puzzles {
                let (v, t) = timed(|| answer(p, Budget::time(Duration::from_secs(10))));
                let (v, more) = timed(|| grade(p, v, None));
                for (row, t) in [(&mut first, t), (&mut whole, t + more)] {
                    row.times.push(t);
                    row.count += 1;
                    row.nodes += v.positions;
                    if let Answer::Won { moves, proven } = &v.answer {
                        row.moves += moves.len() as u64;
                        row.optimal += usize::from(*proven);
                    }
                }
            }
            [first.finish(), whole.finish()]
        })
        .collect()
}

/// The solver's line of a shipped level: the quick player's line (Flood's
/// fast answer) when it wins, else the solver's within a node budget.
fn solver_line(p: &crate::rules::Puzzle) -> Vec<crate::rules::PuzzleMove> {
    solve::quick_line(p).unwrap_or_else(|| {
        let report = solve::solve(p, Budget::nodes(20_000_000), None, false);
        report
            .outcome
            .moves()
            .map(<[_]>::to_vec)
            .unwrap_or_default()
    })
}

/// The `q` quantile of `times` in milliseconds (0 when there are none).
fn quantile(times: &mut [Duration], q: f64) -> f64 {
    times.sort();
    let i = ((times.len() as f64 * q).ceil() as usize).clamp(1, times.len().max(1)) - 1;
    times.get(i).map_or(0.0, |t| t.as_secs_f64() * 1e3)
}

/// `--moves`: per shipped pack, every position along the solver's line of
/// each level (its start and each position before the win) marked, timed.
pub(super) fn move_maps(most: Duration) {
    println!();
    println!(
        "| {:<12} | {:>9} | {:>10} | {:>10} | {:>10} | {:>10} | {:>9} | {:>15} | {:>10} | {:>13} |",
        "move map",
        "positions",
        "median ms",
        "p99 ms",
        "worst ms",
        "undecided",
        "no number",
        "colours p99 ms",
        "uncoloured",
        "solver ms"
    );
    println!("|{}|", ["-"; 10].map(|_| "---").join("|"));
    let mut slowest = Vec::new();
    for (file, text) in crate::levels::SHIPPED {
        let Ok(pack) = crate::levels::parse_pack(file, text) else {
            continue;
        };
        let mut times = Vec::new();
        let mut coloured = Vec::new();
        let mut solver = Duration::ZERO;
        // Moves undecided, and moves marked winnable whose number (fewest
        // moves or ways) was not found in time.
        let (mut undecided, mut unnumbered, mut uncoloured) = (0, 0, 0);
        // The slowest position for the colours and for the whole map:
        // (time, level counted from 1, moves played).
        let (mut slow_colours, mut slow_map) = ((Duration::ZERO, 0, 0), (Duration::ZERO, 0, 0));
        let mut prepared = Duration::ZERO;
        for (index, level) in pack.levels.iter().enumerate() {
            let (line, t) = timed(|| solver_line(&level.puzzle));
            solver += t;
            // What the marks share is made once, before a map's clock starts
            // (the English board's table), as in the game; timed apart.
            prepared += timed(|| solve::moves::prepare(&level.puzzle, &Budget::unlimited())).1;
            let mut at = level.puzzle.clone();
            for (played, mv) in std::iter::once(None)
                .chain(line.iter().map(Some))
                .enumerate()
            {
                if let Some(mv) = mv
                    && at.apply(*mv).is_err()
                {
                    break;
                }
                if at.is_won() {
                    break;
                }
                let (colours, t) = timed(|| solve::moves::winnable_map(&at, &Budget::time(most)));
                coloured.push(t);
                slow_colours = slow_colours.max((t, index + 1, played));
                uncoloured += colours.iter().filter(|(_, w)| w.is_none()).count();
                let (map, t) = timed(|| solve::moves::move_map(&at, &Budget::time(most)));
                times.push(t);
                slow_map = slow_map.max((t, index + 1, played));
                undecided += map.undecided();
                let counts = solve::moves::counts_ways(&at);
                unnumbered += map
                    .moves
                    .iter()
                    .filter(|m| m.left.winnable == Some(true) && !m.left.complete(counts))
                    .count();
            }
        }
        println!(
            "| {:<12} | {:>9} | {:>10.3} | {:>10.3} | {:>10.3} | {:>10} | {:>9} | {:>15.3} | {:>10} | {:>13.3} |",
            file.trim_end_matches(".ron"),
            times.len(),
            quantile(&mut times, 0.5),
            quantile(&mut times, 0.99),
            quantile(&mut times, 1.0),
            undecided,
            unnumbered,
            quantile(&mut coloured, 0.99),
            uncoloured,
            solver.as_secs_f64() * 1e3
        );
        slowest.push((file, slow_colours, slow_map, prepared));
    }
    println!();
    for (file, colours, map, prepared) in slowest {
        let said = |(t, level, played): (Duration, usize, usize)| {
            format!(
                "{:.0} ms (level {level} after {played} moves)",
                t.as_secs_f64() * 1e3
            )
        };
        println!(
            "{}: the slowest colours {}, the slowest map {}; tables made once {:.0} ms",
            file.trim_end_matches(".ron"),
            said(colours),
            said(map),
            prepared.as_secs_f64() * 1e3
        );
    }
}
