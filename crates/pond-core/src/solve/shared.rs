//! Memory shared by searches that run at once.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// One memory budget for searches that run at once (the game's solve, its
/// "still winnable" check, a hint, the stars' shortest solution): each
/// search holds its tables' bytes in it while it runs, and a search whose
/// tables would take the sum past the limit stops, out of memory.
#[derive(Debug)]
pub struct SharedMemory {
    limit: usize,
    held: AtomicUsize,
    /// Of `held`, what tables made once and kept for the program's life
    /// take (the marks' look-up tables).
    kept: AtomicUsize,
}

impl SharedMemory {
    pub fn new(limit: usize) -> Arc<SharedMemory> {
        Arc::new(SharedMemory {
            limit,
            held: AtomicUsize::new(0),
            kept: AtomicUsize::new(0),
        })
    }

    /// Counts the tables kept for the program's life as taking `bytes` in
    /// all (`moves::kept_bytes`): held from now on, so the searches beside
    /// them have that much less.
    pub fn set_kept(&self, bytes: usize) {
        let before = self.kept.swap(bytes, Ordering::Relaxed);
        if bytes >= before {
            self.held.fetch_add(bytes - before, Ordering::Relaxed);
        } else {
            self.held.fetch_sub(before - bytes, Ordering::Relaxed);
        }
    }

    /// Bytes the running searches hold now.
    pub fn held(&self) -> usize {
        self.held.load(Ordering::Relaxed)
    }

    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Moves a search's holding from `*mine` to `bytes`; whether the sum
    /// stays within the limit.
    pub(super) fn hold(&self, mine: &mut usize, bytes: usize) -> bool {
        // A search told to stop asks for more than any limit: it holds the
        // limit, no more.
        let bytes = bytes.min(self.limit.saturating_add(1));
        let now = if bytes >= *mine {
            self.held.fetch_add(bytes - *mine, Ordering::Relaxed) + (bytes - *mine)
        } else {
            self.held.fetch_sub(*mine - bytes, Ordering::Relaxed) - (*mine - bytes)
        };
        *mine = bytes;
        now <= self.limit
    }
}

/// Lets go of what the solvers keep on the calling thread from one search
/// to the next: Flood's exact search keeps its largest lists (up to 32 MB
/// each) and Escape its table of lost positions, so that a batch of boards
/// does not take its memory fresh from the system board by board. A
/// program that searches now and then, as the game does on its task
/// threads, calls this when a search ends, and keeps nothing.
pub fn let_go_thread_buffers() {
    super::flood::let_go_kept();
    super::escape::let_go_kept();
}

#[cfg(test)]
mod tests {
    use super::super::*;

    /// Searches that share a memory budget stop when their tables together
    /// would pass it, each alone within its own; a search's share is given
    /// back when it ends.
    #[test]
    fn searches_sharing_memory_stop_together_at_its_limit() {
        let shared = SharedMemory::new(1000);
        let budget = Budget {
            memory: Some(800),
            shared: Some(shared.clone()),
            ..Budget::default()
        };
        let mut a: Search<'_, PuzzleMove> = Search::new(budget.clone());
        let mut b: Search<'_, PuzzleMove> = Search::new(budget.clone());
        assert!(a.memory(600));
        assert!(b.memory(300));
        assert_eq!(shared.held(), 900);
        assert!(!b.memory(500), "600 and 500 pass the shared 1000");
        assert_eq!(b.stopped, Some(StopReason::Memory));
        assert!(a.memory(400), "a gives some back");
        assert_eq!(shared.held(), 900);
        drop(b);
        assert_eq!(shared.held(), 400, "b's share is back");
        assert!(!a.memory(usize::MAX), "told to stop");
        drop(a);
        assert_eq!(shared.held(), 0);
        // Real searches: the English board's solve needs more than a
        // sliver of shared memory another search holds most of.
        let (file, text) = crate::levels::SHIPPED[2];
        let pack = crate::levels::parse_pack(file, text).unwrap();
        let english = pack.levels[7].puzzle.clone();
        let shared = SharedMemory::new(64 << 20);
        let alone = solve(&english, budget_of(&shared, None), None, false);
        assert!(alone.outcome.moves().is_some(), "{:?}", alone.outcome);
        assert_eq!(shared.held(), 0, "a finished search holds nothing");
        let mut other: Search<'_, PuzzleMove> = Search::new(budget_of(&shared, None));
        assert!(other.memory((64 << 20) - 1000));
        let squeezed = solve(&english, budget_of(&shared, None), None, false);
        assert!(
            matches!(
                squeezed.outcome,
                Outcome::OutOfBudget {
                    reason: StopReason::Memory,
                    ..
                }
            ),
            "{:?}",
            squeezed.outcome
        );
        drop(other);
        assert_eq!(shared.held(), 0);
    }

    fn budget_of(shared: &Arc<SharedMemory>, memory: Option<usize>) -> Budget {
        Budget {
            memory,
            shared: Some(shared.clone()),
            ..Budget::default()
        }
    }
}
