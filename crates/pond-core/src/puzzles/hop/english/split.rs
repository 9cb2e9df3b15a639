//! The work shared between threads: bit sets cut into runs, the sources
//! shared in order, and a level kept as the runs its threads found.

#[allow(unused_imports)]
use super::*;

/// The words of a bit set of `size` numbers cut into `parts` runs of about
/// as many each.
pub(crate) fn runs(size: u64, parts: usize) -> Vec<std::ops::Range<usize>> {
    let words = size.div_ceil(64) as usize;
    let parts = parts.max(1);
    (0..parts)
        .map(|t| words * t / parts..words * (t + 1) / parts)
        .collect()
}

/// Calls `f` with each of `sources` (the runs of a level, in order, as
/// slices) and the words of a bit set, the sources shared out in order
/// between the bit sets, one thread each.
pub(crate) fn spread(
    sets: &mut [Bits],
    sources: &[&[u64]],
    f: impl Fn(&mut [u64; WORDS], &[u64]) + Sync,
) {
    if let [only] = sets {
        for &xs in sources {
            f(&mut only.words, xs);
        }
        return;
    }
    let shares = share(sources, sets.len());
    std::thread::scope(|s| {
        for (set, share) in sets.iter_mut().zip(shares) {
            let f = &f;
            s.spawn(move || {
                for xs in share {
                    f(&mut set.words, xs);
                }
            });
        }
    });
}

/// `runs` (slices one after another) cut into `n` shares of about as many
/// items each, in order, each share a list of slices.
pub(crate) fn share<'a, T>(runs: &[&'a [T]], n: usize) -> Vec<Vec<&'a [T]>> {
    let n = n.max(1);
    let total: usize = runs.iter().map(|r| r.len()).sum();
    let per = total.div_ceil(n).max(1);
    let mut shares = vec![Vec::new(); n];
    let mut offset = 0;
    for &run in runs.iter().filter(|r| !r.is_empty()) {
        let end = offset + run.len();
        for (t, share) in shares
            .iter_mut()
            .enumerate()
            .take((end - 1) / per + 1)
            .skip(offset / per)
        {
            let from = offset.max(t * per) - offset;
            let to = end.min((t + 1) * per) - offset;
            share.push(&run[from..to]);
        }
        offset = end;
    }
    shares
}

/// The bit sets cut into a run of numbers for each thread (the same
/// numbers from every set), and `f` called on each thread with its runs.
/// The threads' results come back in order.
pub(crate) fn on_runs<R: Send>(
    sets: &mut [Bits],
    size: u64,
    threads: usize,
    f: impl Fn(&mut [BitsPart<'_>]) -> R + Sync,
) -> Vec<R> {
    let runs = runs(size, threads);
    // Each set cut at the same places, then regrouped by run.
    let mut by_run: Vec<Vec<BitsPart<'_>>> = runs.iter().map(|_| Vec::new()).collect();
    for set in sets.iter_mut() {
        let mut words = &mut set.words[..];
        let mut at = 0;
        for (t, run) in runs.iter().enumerate() {
            let (w, rest) = std::mem::take(&mut words).split_at_mut(run.end - at);
            by_run[t].push(BitsPart {
                words: &mut w[run.start - at..],
                first: run.start as u64 * 64,
            });
            (words, at) = (rest, run.end);
        }
    }
    if by_run.len() == 1 {
        return by_run.iter_mut().map(|parts| f(parts)).collect();
    }
    std::thread::scope(|s| {
        let f = &f;
        let handles: Vec<_> = by_run
            .into_iter()
            .map(|mut parts| s.spawn(move || f(&mut parts)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// A level's positions, ascending by number, with their numbers, kept as
/// the runs the threads found them in (in order): joined, the level would
/// be copied into memory new to the process, a page fault a page.
#[derive(Clone, Default)]
pub(crate) struct Level {
    pub(crate) runs: Vec<Run>,
}

/// A run of a level.
#[derive(Clone, Default)]
pub(crate) struct Run {
    pub(crate) positions: Vec<u64>,
    pub(crate) numbers: Vec<u32>,
}

impl Level {
    pub(crate) fn len(&self) -> usize {
        self.runs.iter().map(|r| r.numbers.len()).sum()
    }

    /// The positions, run by run.
    pub(crate) fn positions(&self) -> Vec<&[u64]> {
        self.runs.iter().map(|r| &r.positions[..]).collect()
    }

    /// The numbers, and the positions, of the level from `first` to `end`
    /// (not included), run by run.
    pub(crate) fn between(&self, first: u64, end: u64) -> impl Iterator<Item = (&[u32], &[u64])> {
        self.runs.iter().map(move |r| {
            let from = r.numbers.partition_point(|&n| (n as u64) < first);
            let to = r.numbers.partition_point(|&n| (n as u64) < end);
            (&r.numbers[from..to], &r.positions[from..to])
        })
    }
}
