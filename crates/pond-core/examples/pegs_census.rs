//! Times the English peg-solitaire census (`pond bench --pegs-all`) without
//! building the game: `cargo run -p pond-core --release --example
//! pegs_census -- [threads] [runs]` prints the winnable positions, the wall
//! time and, on Linux, the time the calling thread spent on a CPU (with one
//! thread, the census's CPU time: on a busy machine it leaves out the time
//! spent waiting for a core), the least of `runs` runs (1 unless given).

use std::time::Instant;

/// Nanoseconds this thread has run on a CPU, where Linux says.
fn on_cpu() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn main() {
    let threads = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1);
    let runs: usize = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1);
    let mut best: Option<(f64, Option<f64>)> = None;
    let mut census = None;
    for _ in 0..runs.max(1) {
        let cpu = on_cpu();
        let start = Instant::now();
        census = Some(pond_core::solve::english::census(threads));
        let t = start.elapsed().as_secs_f64() * 1e3;
        let cpu = cpu.zip(on_cpu()).map(|(a, b)| (b - a) as f64 / 1e6);
        best = Some(best.map_or((t, cpu), |(bt, bc)| {
            (bt.min(t), bc.zip(cpu).map(|(x, y)| x.min(y)))
        }));
    }
    let (Some(census), Some((t, cpu))) = (census, best) else {
        return;
    };
    println!(
        "{} winnable, {} built, {:.1} ms, {} ms on a CPU",
        census.winnable,
        census.built,
        t,
        cpu.map_or("?".to_string(), |c| format!("{c:.1}"))
    );
}
