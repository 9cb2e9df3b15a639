//! Criterion benchmarks of the solvers, at sizes that run in seconds.
//! `pond bench` runs the full-size workloads.

use criterion::{Criterion, criterion_group, criterion_main};
use pond_core::levels::generate::{deal, flood_boards};
use pond_core::levels::rng::SplitMix64;
use pond_core::rules::hop::{Board, Hop};
use pond_core::rules::swap::{Swap, parse_row};
use pond_core::solve::{self, Budget, Search};
use std::hint::black_box;

fn flood(c: &mut Criterion) {
    let boards = flood_boards(1, 10, 14);
    c.bench_function("flood optimal 14x14 k6 (10 boards)", |b| {
        b.iter(|| {
            for f in &boards {
                let mut search = Search::new(Budget::unlimited());
                black_box(solve::flood::solve(f, &mut search));
            }
        })
    });
    let big = flood_boards(2, 1, 100);
    c.bench_function("flood fast 100x100 k6", |b| {
        b.iter(|| black_box(solve::flood::solve_fast(&big[0])))
    });
}

fn pegs(c: &mut Criterion) {
    let english = Hop::english_central();
    c.bench_function("pegs english central", |b| {
        b.iter(|| {
            let mut search = Search::new(Budget::unlimited());
            black_box(solve::hop::solve(&english, &mut search))
        })
    });
    c.bench_function("pegs english, every winnable position reached", |b| {
        b.iter(|| black_box(solve::english::census(1)))
    });
    let pond = Board::pond();
    c.bench_function("pond every red position", |b| {
        b.iter(|| black_box(solve::hop::classify_red_positions(&pond)))
    });
}

fn swap(c: &mut Criterion) {
    let text = format!("{}_{}", "L".repeat(200), "R".repeat(200));
    let s = Swap::new(parse_row(&text).unwrap_or_default(), false);
    c.bench_function("swap 200 v 200", |b| {
        b.iter(|| {
            let mut search = Search::new(Budget::unlimited());
            black_box(solve::swap::solve(&s, &mut search))
        })
    });
}

fn escape(c: &mut Criterion) {
    let mut rng = SplitMix64::new(3);
    let deals: Vec<_> = (0..1000).map(|_| deal(&mut rng, 4, 4, 4, 4)).collect();
    c.bench_function("escape 1000 classic deals", |b| {
        b.iter(|| {
            for e in &deals {
                let mut search = Search::new(Budget::unlimited());
                black_box(solve::escape::solve(e, &mut search));
            }
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = flood, pegs, swap, escape
}
criterion_main!(benches);
