//! The table `pond bench` prints: each workload's figures, and its median
//! beside the one `BENCHMARKS.md` records for it.

use super::workloads::Row;
use std::time::Duration;

/// `BENCHMARKS.md`, whose "Recorded medians" table `pond bench` prints
/// beside what it measures: a slip shows as a ratio well over 1.
const BENCHMARKS: &str = include_str!("../../../BENCHMARKS.md");

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

pub(super) fn print_table(rows: &[Row]) {
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
