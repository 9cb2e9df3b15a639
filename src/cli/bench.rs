//! `pond bench`: the solver workloads, timed, as a table. Each workload has a
//! flag; with none, every workload runs at a size that finishes quickly.

use crate::levels::generate::{deal, flood_boards};
use crate::levels::rng::SplitMix64;
use crate::rules::flood::Flood;
use crate::rules::hop::Board;
use crate::rules::swap::{Swap, parse_row};
use crate::solve::{self, Budget, Outcome, Search};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Flood, optimal: this many random 14x14 boards with 6 colours.
    #[arg(long)]
    flood: Option<usize>,
    /// Flood, optimal: this many random 19x19 boards with 6 colours.
    #[arg(long)]
    flood19: Option<usize>,
    /// Flood, fast: this many random 100x100 boards with 6 colours.
    #[arg(long)]
    flood_fast: Option<usize>,
    /// With --flood-fast: also play the same boards by the method of Simon
    /// Tatham's Flood (greedy, 3-move look-ahead), for the move counts.
    #[arg(long)]
    tatham: bool,
    /// Flood: solve this many random 14x14 boards with both the fast exact
    /// search and the plain one it was built from, and count disagreements.
    #[arg(long)]
    flood_check: Option<usize>,
    /// Also write our solutions of the 14x14 Flood boards here, one a line
    /// (digits 1-6), to compare move counts with another solver's.
    #[arg(long)]
    flood_moves: Option<PathBuf>,
    /// Pegs: the English central game.
    #[arg(long)]
    pegs: bool,
    /// Pegs: every position of the English central game reached from the
    /// start that can still be won, counted up to symmetry (1,679,072).
    #[arg(long)]
    pegs_all: bool,
    /// Threads for `--pegs-all`, 1 to 64 (every other workload runs on one).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    pegs_threads: u16,
    /// Pond: every position with one red frog classified.
    #[arg(long)]
    pond: bool,
    /// Swap: a thousand frogs against a thousand.
    #[arg(long)]
    swap: bool,
    /// Escape: this many random classic 4x4 deals decided.
    #[arg(long)]
    escape: Option<usize>,
    /// Escape: this many random 8x8 deals (8 types, 8 colours) decided.
    #[arg(long)]
    escape8: Option<usize>,
    /// The level editor's verdict (won or lost, shortest, ways, grade),
    /// the time from an edit to it: this many boards of each kind (4x4
    /// Escape deals, Pond levels of hop.ron, 14x14 Flood boards; and the
    /// English board once).
    #[arg(long)]
    verdict: Option<usize>,
    /// The move map: every move of every position along the solver's line
    /// on each shipped pack marked, timed per position (median, 99th
    /// percentile, worst), beside the solver's own time for the pack.
    #[arg(long)]
    moves: bool,
    /// With --moves: the most seconds a position's map may take (moves not
    /// decided by then are counted as such).
    #[arg(long, default_value = "1", value_parser = super::seconds)]
    moves_seconds: f64,
    /// Seed for every random board.
    #[arg(long, default_value_t = 2026)]
    seed: u64,
    /// Also write the 14x14 Flood boards here, one a line (196 digits 1-6),
    /// for running other solvers on the same boards.
    #[arg(long)]
    export_flood: Option<PathBuf>,
}

struct Row {
    workload: String,
    count: usize,
    times: Vec<Duration>,
    peak_bytes: Option<u64>,
    moves: u64,
    optimal: usize,
    nodes: u64,
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
fn flood_optimal(name: &str, boards: &[Flood], exact: solve::flood::Exact) -> (Row, Vec<String>) {
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

fn flood_tatham(boards: &[Flood]) -> (Row, Vec<usize>) {
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
fn flood_fast(boards: &[Flood]) -> (Row, Vec<usize>) {
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

fn pegs() -> Row {
    let mut row = Row::new("pegs english central");
    let h = crate::rules::hop::Hop::english_central();
    let ((outcome, nodes), t) = timed(|| {
        let mut search = Search::new(Budget::unlimited());
        let o = solve::hop::solve(&h, &mut search);
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

fn pegs_all(threads: usize) -> Row {
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

fn pond() -> Row {
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

fn swap() -> Row {
    let mut row = Row::new("swap 1000 v 1000");
    let text = format!("{}_{}", "L".repeat(1000), "R".repeat(1000));
    let s = Swap::new(parse_row(&text).unwrap_or_default(), false);
    let ((outcome, nodes), t) = timed(|| {
        let mut search = Search::new(Budget::unlimited());
        let o = solve::swap::solve(&s, &mut search);
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

fn escape(name: &str, seed: u64, count: usize, side: u8) -> Row {
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
fn verdicts(seed: u64, n: usize) -> Vec<Row> {
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

/// `--moves`: per shipped pack, every position along the solver's line of
/// each level (its start and each position before the win) marked, timed.
fn move_maps(most: Duration) {
    println!();
    println!(
        "| {:<12} | {:>9} | {:>10} | {:>10} | {:>10} | {:>10} | {:>13} |",
        "move map", "positions", "median ms", "p99 ms", "worst ms", "undecided", "solver ms"
    );
    println!("|{}|", ["-"; 7].map(|_| "---").join("|"));
    for (file, text) in crate::levels::SHIPPED {
        let Ok(pack) = crate::levels::parse_pack(file, text) else {
            continue;
        };
        let mut times = Vec::new();
        let mut solver = Duration::ZERO;
        let mut undecided = 0;
        for level in &pack.levels {
            let (line, t) = timed(|| solver_line(&level.puzzle));
            solver += t;
            let mut at = level.puzzle.clone();
            for mv in std::iter::once(None).chain(line.iter().map(Some)) {
                if let Some(mv) = mv
                    && at.apply(*mv).is_err()
                {
                    break;
                }
                if at.is_won() {
                    break;
                }
                let (map, t) = timed(|| solve::moves::move_map(&at, &Budget::time(most)));
                times.push(t);
                undecided += map.undecided();
            }
        }
        times.sort();
        let at = |q: f64| {
            let i = ((times.len() as f64 * q).ceil() as usize).clamp(1, times.len().max(1)) - 1;
            times.get(i).map_or(0.0, |t| t.as_secs_f64() * 1e3)
        };
        println!(
            "| {:<12} | {:>9} | {:>10.3} | {:>10.3} | {:>10.3} | {:>10} | {:>13.3} |",
            file.trim_end_matches(".ron"),
            times.len(),
            at(0.5),
            at(0.99),
            at(1.0),
            undecided,
            solver.as_secs_f64() * 1e3
        );
    }
}

/// `BENCHMARKS.md`, whose "Recorded medians" table `pond bench` prints
/// beside what it measures: a slip shows as a ratio well over 1.
const BENCHMARKS: &str = include_str!("../../BENCHMARKS.md");

/// The recorded median (milliseconds) of each workload, by its name, from
/// the table under the heading "## Recorded medians".
fn recorded() -> Vec<(String, f64)> {
    let Some((_, section)) = BENCHMARKS.split_once("## Recorded medians") else {
        return Vec::new();
    };
    section
        .lines()
        .take_while(|l| !l.starts_with("## "))
        .filter_map(|l| {
            let cells: Vec<&str> = l
                .trim()
                .trim_matches('|')
                .split('|')
                .map(str::trim)
                .collect();
            let [name, ms] = cells[..] else { return None };
            Some((name.to_string(), ms.replace(',', "").parse().ok()?))
        })
        .collect()
}

fn print_table(rows: &[Row]) {
    let recorded = recorded();
    println!(
        "| {:<38} | {:>8} | {:>11} | {:>11} | {:>11} | {:>9} | {:>10} | {:>9} | {:>12} | {:>11} | {:>8} |",
        "workload",
        "count",
        "total ms",
        "median ms",
        "max ms",
        "peak MiB",
        "moves",
        "solved/opt",
        "nodes",
        "recorded ms",
        "ratio"
    );
    println!("|{}|", ["-"; 11].map(|_| "---").join("|"));
    for r in rows {
        let mut times = r.times.clone();
        times.sort();
        let total: Duration = times.iter().sum();
        let median = times.get(times.len() / 2).copied().unwrap_or_default();
        let max = times.last().copied().unwrap_or_default();
        let peak = r.peak_bytes.map_or("-".to_string(), |b| {
            format!("{:.1}", b as f64 / (1 << 20) as f64)
        });
        // Against the median recorded for the workload in BENCHMARKS.md.
        let now = median.as_secs_f64() * 1e3;
        let (was, ratio) = match recorded.iter().find(|(name, _)| *name == r.workload) {
            Some(&(_, was)) if was > 0.0 => (format!("{was:.3}"), format!("{:.2}", now / was)),
            _ => ("-".to_string(), "-".to_string()),
        };
        println!(
            "| {:<38} | {:>8} | {:>11.3} | {:>11.3} | {:>11.3} | {:>9} | {:>10} | {:>9} | {:>12} | {:>11} | {:>8} |",
            r.workload,
            r.count,
            total.as_secs_f64() * 1e3,
            now,
            max.as_secs_f64() * 1e3,
            peak,
            r.moves,
            r.optimal,
            r.nodes,
            was,
            ratio
        );
    }
}

pub fn run(a: BenchArgs) -> ExitCode {
    let none = a.flood.is_none()
        && a.flood_check.is_none()
        && a.flood19.is_none()
        && a.flood_fast.is_none()
        && !a.pegs
        && !a.pegs_all
        && !a.pond
        && !a.swap
        && a.escape.is_none()
        && a.escape8.is_none()
        && a.verdict.is_none()
        && !a.moves;
    let pick = |n: Option<usize>, default: usize| n.or(none.then_some(default));
    let mut rows = Vec::new();
    if let Some(n) = pick(a.flood, 20) {
        let boards = flood_boards(a.seed, n, 14);
        if let Some(path) = &a.export_flood {
            let text: String = boards
                .iter()
                .map(|f| {
                    f.cells
                        .iter()
                        .map(|c| char::from(b'1' + c))
                        .collect::<String>()
                        + "\n"
                })
                .collect();
            if let Err(e) = std::fs::write(path, text) {
                eprintln!("error: cannot write {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
        let (row, lines) =
            flood_optimal("flood optimal 14x14 k6", &boards, solve::flood::Exact::FAST);
        rows.push(row);
        if let Some(path) = &a.flood_moves {
            let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
            if let Err(e) = std::fs::write(path, text) {
                eprintln!("error: cannot write {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
    }
    let mut disagreements = None;
    let mut notes: Vec<String> = Vec::new();
    if let Some(n) = a.flood_check {
        let boards = flood_boards(a.seed, n, 14);
        let (fast, ours) = flood_optimal(
            "flood fast exact 14x14 (check)",
            &boards,
            solve::flood::Exact::FAST,
        );
        let (plain, theirs) = flood_optimal(
            "flood plain exact 14x14 (check)",
            &boards,
            solve::flood::Exact::PLAIN,
        );
        disagreements = Some((
            ours.iter()
                .zip(&theirs)
                .filter(|(a, b)| a.len() != b.len())
                .count(),
            n,
        ));
        rows.push(fast);
        rows.push(plain);
    }
    // The 19x19 boards take tens of seconds each: only when asked for.
    if let Some(n) = a.flood19 {
        let boards = flood_boards(a.seed ^ 19, n, 19);
        rows.push(flood_optimal("flood optimal 19x19 k6", &boards, solve::flood::Exact::FAST).0);
    }
    if let Some(n) = pick(a.flood_fast, 3) {
        let boards = flood_boards(a.seed ^ 100, n, 100);
        let (row, ours) = flood_fast(&boards);
        rows.push(row);
        if a.tatham {
            let (row, theirs) = flood_tatham(&boards);
            rows.push(row);
            let better = ours.iter().zip(&theirs).filter(|(a, b)| a < b).count();
            // The boards where ours takes more: board number, ours, theirs.
            let worse: Vec<String> = ours
                .iter()
                .zip(&theirs)
                .enumerate()
                .filter(|(_, (a, b))| a > b)
                .map(|(i, (a, b))| format!("#{i}: {a} against {b}"))
                .collect();
            notes.push(format!(
                "flood fast against the look-ahead: fewer moves on {better}, more on {} of {} boards{}",
                worse.len(),
                ours.len(),
                if worse.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", worse.join(", "))
                }
            ));
        }
    }
    if a.pegs || none {
        rows.push(pegs());
    }
    if a.pegs_all {
        rows.push(pegs_all(a.pegs_threads.into()));
    }
    if a.pond || none {
        rows.push(pond());
    }
    if a.swap || none {
        rows.push(swap());
    }
    if let Some(n) = pick(a.escape, 10_000) {
        rows.push(escape("escape 4x4 deals", a.seed, n, 4));
    }
    if let Some(n) = pick(a.escape8, 10) {
        rows.push(escape(
            "escape 8x8 deals (8 types/colours)",
            a.seed ^ 8,
            n,
            8,
        ));
    }
    if let Some(n) = pick(a.verdict, 10) {
        rows.extend(verdicts(a.seed, n));
    }
    if !rows.is_empty() {
        print_table(&rows);
    }
    if a.moves {
        move_maps(Duration::from_secs_f64(a.moves_seconds));
    }
    for note in &notes {
        println!("{note}");
    }
    if let Some((bad, n)) = disagreements {
        println!(
            "flood check: the fast and the plain exact search disagree on {bad} of {n} boards"
        );
        if bad > 0 {
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    /// The recorded medians are read from BENCHMARKS.md, each a number, and
    /// name the workloads `pond bench` runs by default.
    #[test]
    fn the_recorded_medians_are_read_and_name_the_default_workloads() {
        let recorded = super::recorded();
        for name in [
            "flood optimal 14x14 k6",
            "pegs english central",
            "swap 1000 v 1000",
            "escape 4x4 deals",
        ] {
            assert!(
                recorded.iter().any(|(n, ms)| n == name && *ms > 0.0),
                "{name}: {recorded:?}"
            );
        }
    }
}
