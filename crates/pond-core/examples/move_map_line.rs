//! Times the move map's colours (`winnable_map`) at every position along
//! the solver's line of a shipped level, as `pond bench --moves` does for
//! whole packs: `cargo run -p pond-core --release --example move_map_line
//! -- levels/pegs.ron 9 1` (pack, level counted from 1, seconds a map; no
//! level: every level of the pack, one line each). A fourth argument
//! `numbers` times the whole map instead (`move_map`: the colours and each
//! move's number) and prints each move's number, for comparing two builds:
//! `-- levels/flood.ron 30 1 numbers`.

use pond_core::levels::parse_pack;
use pond_core::rules::{Puzzle, PuzzleMove};
use pond_core::solve::{self, Budget};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let file = args.first().map_or("levels/pegs.ron", String::as_str);
    let one: Option<usize> = args.get(1).and_then(|a| a.parse().ok()).filter(|&l| l > 0);
    let seconds: f64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1.0);
    let text = std::fs::read_to_string(file).expect("a pack file");
    let pack = parse_pack(file, &text).expect("a pack");
    let most = Duration::from_secs_f64(seconds);
    let numbers = args.get(3).is_some_and(|a| a == "numbers");
    for (index, level) in pack.levels.iter().enumerate() {
        if one.is_some_and(|l| l != index + 1) {
            continue;
        }
        let line = solver_line(&level.puzzle);
        let start = Instant::now();
        solve::moves::prepare(&level.puzzle, &Budget::unlimited());
        let prepared = start.elapsed();
        let mut at = level.puzzle.clone();
        let (mut worst, mut total, mut undecided, mut wrong) =
            (Duration::ZERO, Duration::ZERO, 0, 0);
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
            if numbers {
                let start = Instant::now();
                let map = solve::moves::move_map(&at, &Budget::time(most));
                let t = start.elapsed();
                let unnumbered = (map.moves.iter())
                    .filter(|m| m.left.winnable == Some(true) && m.left.shortest.is_none())
                    .count();
                let marks: Vec<String> = (map.moves.iter())
                    .map(|m| match (m.left.winnable, m.left.shortest) {
                        (Some(false), _) => "x".to_string(),
                        (None, _) => "?".to_string(),
                        (Some(true), None) => "w".to_string(),
                        (Some(true), Some(n)) => n.to_string(),
                    })
                    .collect();
                if one.is_some() {
                    println!(
                        "after {played:>2}: {:>9.3} ms, {unnumbered} no number, {} undecided [{}]",
                        t.as_secs_f64() * 1e3,
                        map.undecided(),
                        marks.join(" ")
                    );
                }
                worst = worst.max(t);
                total += t;
                undecided += unnumbered;
                continue;
            }
            let start = Instant::now();
            let colours = solve::moves::winnable_map(&at, &Budget::time(most));
            let t = start.elapsed();
            let open = colours.iter().filter(|(_, w)| w.is_none()).count();
            // The line's own next move wins: a mark saying otherwise is wrong.
            let next = line.get(played).copied();
            let bad = colours
                .iter()
                .filter(|(m, w)| Some(*m) == next && *w == Some(false))
                .count();
            if one.is_some() {
                println!(
                    "after {played:>2}: {:>9.3} ms, {} moves, {} winnable, {open} undecided{}",
                    t.as_secs_f64() * 1e3,
                    colours.len(),
                    colours.iter().filter(|(_, w)| *w == Some(true)).count(),
                    if bad > 0 { ", WRONG" } else { "" }
                );
            }
            worst = worst.max(t);
            total += t;
            undecided += open;
            wrong += bad;
        }
        println!(
            "level {}: {} positions, worst {:.3} ms, total {:.3} ms, {undecided} {}, {wrong} wrong, tables made once {:.0} ms, kept {:.1} MiB",
            index + 1,
            line.len(),
            worst.as_secs_f64() * 1e3,
            total.as_secs_f64() * 1e3,
            if numbers { "no number" } else { "undecided" },
            prepared.as_secs_f64() * 1e3,
            solve::moves::kept_bytes() as f64 / (1 << 20) as f64
        );
    }
}

/// The solver's line, as `pond bench --moves` finds it.
fn solver_line(p: &Puzzle) -> Vec<PuzzleMove> {
    solve::quick_line(p).unwrap_or_else(|| {
        let report = solve::solve(p, Budget::nodes(20_000_000), None, false);
        report
            .outcome
            .moves()
            .map(<[_]>::to_vec)
            .unwrap_or_default()
    })
}
