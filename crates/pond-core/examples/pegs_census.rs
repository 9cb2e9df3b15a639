//! Times the English peg-solitaire census (`pond bench --pegs-all`) without
//! building the game: `cargo run -p pond-core --release --example
//! pegs_census -- [threads]` prints the winnable positions and the time.

use std::time::Instant;

fn main() {
    let threads = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1);
    let start = Instant::now();
    let census = pond_core::solve::english::census(threads);
    let t = start.elapsed();
    println!(
        "{} winnable, {} built, {:.1} ms",
        census.winnable,
        census.built,
        t.as_secs_f64() * 1e3
    );
}
