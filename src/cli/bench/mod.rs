//! `pond bench`: the solver workloads, timed, as a table. Each workload has a
//! flag; with none, every workload runs at a size that finishes quickly.

mod table;
mod workloads;

use crate::levels::generate::flood_boards;
use crate::rules::flood::Flood;
use crate::solve;
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;
use table::print_table;
use workloads::{
    Row, escape, flood_fast, flood_optimal, flood_tatham, move_maps, pegs, pegs_all, pond, swap,
    verdicts,
};

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Flood, optimal: this many random boards with 6 colours, 14x14 (or
    /// as --flood-size says).
    #[arg(long)]
    flood: Option<usize>,
    /// With --flood: the boards' width and height, 2 to 40 (18 and 20 for
    /// the big boards players draw).
    #[arg(long, default_value_t = 14, value_parser = clap::value_parser!(u8).range(2..=40))]
    flood_size: u8,
    /// Flood, optimal: the boards of this file, one a line, row by row, a
    /// digit 1-9 a cell (the colour), each square (the format of the
    /// published sets such as pc19, which other solvers read too).
    #[arg(long)]
    flood_file: Option<PathBuf>,
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
    /// Also write our solutions of the --flood boards here, one a line
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
    /// percentile, worst), and the time to its colours alone (each move
    /// winnable or not, before the numbers), beside the solver's own time
    /// for the pack.
    #[arg(long)]
    moves: bool,
    /// With --moves: the most seconds a position's map may take (moves not
    /// decided by then are counted as such).
    #[arg(long, default_value = "1", value_parser = super::seconds)]
    moves_seconds: f64,
    /// Seed for every random board.
    #[arg(long, default_value_t = 2026)]
    seed: u64,
    /// Also write the --flood boards here, one a line (a digit 1-6 a cell,
    /// row by row: 196 for 14x14), for running other solvers on the same
    /// boards.
    #[arg(long)]
    export_flood: Option<PathBuf>,
}

impl BenchArgs {
    /// Whether no workload was asked for: then every one runs, at a size
    /// that finishes quickly.
    fn none(&self) -> bool {
        self.flood.is_none()
            && self.flood_check.is_none()
            && self.flood19.is_none()
            && self.flood_file.is_none()
            && self.flood_fast.is_none()
            && !self.pegs
            && !self.pegs_all
            && !self.pond
            && !self.swap
            && self.escape.is_none()
            && self.escape8.is_none()
            && self.verdict.is_none()
            && !self.moves
    }
}

/// Writes `text` to `path`, or says why not.
fn write(path: &Path, text: String) -> Result<(), ExitCode> {
    std::fs::write(path, text).map_err(|e| {
        eprintln!("error: cannot write {}: {e}", path.display());
        ExitCode::FAILURE
    })
}

/// `n` random Flood boards of `--flood-size` (14x14 unless said) solved
/// optimally, the boards written first with `--export-flood` and the
/// solutions after with `--flood-moves`. The 14x14 boards are those of
/// every earlier figure (the seed as given); another size's are its own.
fn flood_sized(a: &BenchArgs, n: usize) -> Result<Row, ExitCode> {
    let size = u16::from(a.flood_size);
    let seed = if size == 14 {
        a.seed
    } else {
        a.seed ^ size as u64
    };
    let boards = flood_boards(seed, n, size);
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
        write(path, text)?;
    }
    let name = format!("flood optimal {size}x{size} k6");
    let (row, lines) = flood_optimal(&name, &boards, solve::flood::Exact::FAST);
    if let Some(path) = &a.flood_moves {
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        write(path, text)?;
    }
    Ok(row)
}

/// `--flood-file`: the file's boards solved optimally (their solutions
/// written with `--flood-moves`), or why the file cannot be read.
fn flood_file(a: &BenchArgs, path: &Path) -> Result<Row, ExitCode> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        eprintln!("error: cannot read {}: {e}", path.display());
        ExitCode::FAILURE
    })?;
    let boards = boards_of(&text).map_err(|e| {
        eprintln!("error: {}:{e}", path.display());
        ExitCode::FAILURE
    })?;
    let name = path
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
    let (row, lines) = flood_optimal(
        &format!("flood optimal {name}"),
        &boards,
        solve::flood::Exact::FAST,
    );
    if let Some(path) = &a.flood_moves {
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        write(path, text)?;
    }
    Ok(row)
}

/// Flood boards one a line (a digit 1-9 a cell, row by row, each board
/// square; blank lines skipped), or the line and column of the first
/// thing that is not, with what was expected there.
fn boards_of(text: &str) -> Result<Vec<Flood>, String> {
    let mut boards = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.is_empty() {
            continue;
        }
        let mut cells = Vec::with_capacity(line.len());
        for (j, ch) in line.chars().enumerate() {
            match ch.to_digit(10) {
                Some(d @ 1..=9) => cells.push(d as u8 - 1),
                _ => {
                    return Err(format!(
                        "{}:{}: expected a colour, a digit 1 to 9, found {ch:?}",
                        i + 1,
                        j + 1
                    ));
                }
            }
        }
        let side = (cells.len() as f64).sqrt().round() as usize;
        if side * side != cells.len() || side > 100 {
            return Err(format!(
                "{}:1: expected a square board of at most 100x100, one row after another; found {} cells",
                i + 1,
                cells.len()
            ));
        }
        let colours = cells.iter().max().map_or(1, |&c| c + 1).max(2);
        boards.push(Flood::new(side as u16, side as u16, colours, cells, None));
    }
    if boards.is_empty() {
        return Err("1:1: expected a board, found no line with one".into());
    }
    Ok(boards)
}

/// `--flood-check`: the same boards solved by the fast exact search and the
/// plain one; their rows, and on how many boards their move counts differ.
fn flood_check(seed: u64, n: usize) -> (Row, Row, usize) {
    let boards = flood_boards(seed, n, 14);
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
    let disagree = ours
        .iter()
        .zip(&theirs)
        .filter(|(a, b)| a.len() != b.len())
        .count();
    (fast, plain, disagree)
}

/// `--tatham`: the look-ahead's row on the fast solver's boards, and a note
/// of the boards where each took fewer moves.
fn against_tatham(boards: &[Flood], ours: &[usize]) -> (Row, String) {
    let (row, theirs) = flood_tatham(boards);
    let better = ours.iter().zip(&theirs).filter(|(a, b)| a < b).count();
    // The boards where ours takes more: board number, ours, theirs.
    let worse: Vec<String> = ours
        .iter()
        .zip(&theirs)
        .enumerate()
        .filter(|(_, (a, b))| a > b)
        .map(|(i, (a, b))| format!("#{i}: {a} against {b}"))
        .collect();
    let note = format!(
        "flood fast against the look-ahead: fewer moves on {better}, more on {} of {} boards{}",
        worse.len(),
        ours.len(),
        if worse.is_empty() {
            String::new()
        } else {
            format!(" ({})", worse.join(", "))
        }
    );
    (row, note)
}

pub fn run(a: BenchArgs) -> ExitCode {
    let none = a.none();
    let pick = |n: Option<usize>, default: usize| n.or(none.then_some(default));
    let mut rows = Vec::new();
    if let Some(n) = pick(a.flood, 20) {
        match flood_sized(&a, n) {
            Ok(row) => rows.push(row),
            Err(code) => return code,
        }
    }
    let mut disagreements = None;
    let mut notes: Vec<String> = Vec::new();
    if let Some(n) = a.flood_check {
        let (fast, plain, disagree) = flood_check(a.seed, n);
        disagreements = Some((disagree, n));
        rows.push(fast);
        rows.push(plain);
    }
    if let Some(path) = &a.flood_file {
        match flood_file(&a, path) {
            Ok(row) => rows.push(row),
            Err(code) => return code,
        }
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
            let (row, note) = against_tatham(&boards, &ours);
            rows.push(row);
            notes.push(note);
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
