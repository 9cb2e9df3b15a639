//! Times the exact Flood solver on a file of boards (one a line, a digit 1-9
//! a cell, as `pond bench --export-flood` writes them and ColorFill reads
//! them): `cargo run -p pond-core --release --example flood_time --
//! boards20.txt [-v]` prints the boards, their optimal moves in all, the
//! total time, the median board's and the slowest board's (`-v`: each
//! board's too). The core's own binary, to compare two builds of the solver
//! without building the game.

use pond_core::rules::flood::Flood;
use pond_core::solve::{self, Budget, Outcome, Search};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = std::fs::read_to_string(&args[0]).expect("boards");
    let per = args.get(1).is_some_and(|a| a == "-v");
    let mut boards = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let cells: Vec<u8> = line.bytes().map(|b| b - b'1').collect();
        let side = (cells.len() as f64).sqrt().round() as u16;
        let k = cells.iter().max().map_or(1, |&c| c + 1).max(2);
        boards.push(Flood::new(side, side, k, cells, None));
    }
    let start = Instant::now();
    let mut total = 0usize;
    let mut times = Vec::with_capacity(boards.len());
    for (i, f) in boards.iter().enumerate() {
        let t = Instant::now();
        let mut search = Search::new(Budget::unlimited());
        let n = match solve::flood::solve(f, &mut search) {
            Outcome::Solved {
                moves,
                optimal: true,
            } => moves.len(),
            other => panic!("board {i}: {other:?}"),
        };
        let s = t.elapsed().as_secs_f64();
        times.push(s);
        total += n;

        if per {
            println!("{i} {n} {:.1}ms", s * 1e3);
        }
    }
    let all = start.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    let worst = times.last().copied().unwrap_or(0.0);
    println!(
        "TIMING boards {} moves {} total {all:.3}s median {:.2}ms worst {worst:.3}s",
        boards.len(),
        total,
        median * 1e3
    );
}
