//! The exact search's largest buffers, kept on each thread from one search
//! to the next, and let go on request.

use super::table::Table;
use super::{Node, Set};

/// The exact search's largest buffers, kept on the thread from one search
/// to the next (one set for each size of set), so that a board does not
/// take all its memory fresh from the system, a page fault a page: about 4%
/// of the time over 1000 boards, and most of the page faults.
pub(crate) struct Kept<const W: usize> {
    pub(crate) nodes: Vec<Node<W>>,
    pub(crate) frontiers: Vec<Set<W>>,
    pub(crate) reached: Table,
}

thread_local! {
    static KEPT: std::cell::RefCell<Vec<Box<dyn std::any::Any>>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Lets the calling thread's kept buffers go back to the system.
pub(crate) fn let_go_kept() {
    KEPT.with(|k| k.borrow_mut().clear());
}

/// How many sets of buffers the calling thread keeps.
#[cfg(test)]
pub(crate) fn kept_sets() -> usize {
    KEPT.with(|k| k.borrow().len())
}

/// The table of regions reached starts with room for this many and is kept
/// for the next search up to `KEPT_TABLE` slots: a larger one costs a pass
/// over all of it to empty, and spreads the next board's lookups over more
/// memory. Over 1000 14x14 boards, starting at 2^12 and keeping up to 2^14
/// was 3-10% faster than starting at 2^14 and keeping up to 2^16, and no
/// other pair tried was faster.
const FIRST_TABLE: usize = 1 << 12;
const KEPT_TABLE: usize = 1 << 14;

/// The most memory a list of nodes or of frontiers keeps for the next
/// search: past that, it goes back to the system.
const KEPT_BYTES: usize = 32 << 20;

impl<const W: usize> Kept<W> {
    /// The thread's buffers for sets of `W` words, or new ones.
    pub(crate) fn take() -> Kept<W> {
        KEPT.with(|k| {
            let mut kept = k.borrow_mut();
            let at = kept.iter().position(|b| b.is::<Kept<W>>())?;
            kept.swap_remove(at).downcast::<Kept<W>>().ok()
        })
        .map(|b| *b)
        .unwrap_or_else(|| Kept {
            nodes: Vec::new(),
            frontiers: Vec::new(),
            reached: Table::with_capacity(FIRST_TABLE),
        })
    }

    /// Keeps the buffers, emptied, for the thread's next search.
    pub(crate) fn give_back(mut self) {
        if self.reached.capacity() > KEPT_TABLE {
            self.reached = Table::with_capacity(FIRST_TABLE);
        } else {
            self.reached.clear();
        }
        if self.nodes.capacity() * std::mem::size_of::<Node<W>>() > KEPT_BYTES {
            self.nodes = Vec::new();
        }
        self.nodes.clear();
        if self.frontiers.capacity() * std::mem::size_of::<Set<W>>() > KEPT_BYTES {
            self.frontiers = Vec::new();
        }
        self.frontiers.clear();
        KEPT.with(|k| k.borrow_mut().push(Box::new(self)));
    }
}

#[cfg(test)]
mod tests {
    use super::kept_sets;
    use crate::rules::flood::Flood;
    use crate::solve::Search;
    use crate::solve::flood::Blobs;
    use crate::solve::flood::solve;
    use crate::solve::{Budget, Outcome};

    #[test]
    fn buffers_kept_between_searches_change_no_answer() {
        // Two sizes of set (up to 128 blobs, and more), each search after
        // the first on buffers kept from one before.
        let mut x = 77u64;
        let mut random = |w: u16, k: u8| {
            let cells = (0..w as usize * w as usize)
                .map(|_| (crate::solve::swap::splitmix(&mut x) % k as u64) as u8)
                .collect();
            Flood::new(w, w, k, cells, None)
        };
        // A checkerboard: every cell a blob of its own, and quickly solved.
        let checkers = Flood::new(
            12,
            12,
            2,
            (0..144).map(|i| (i + i / 12) as u8 % 2).collect(),
            None,
        );
        let boards = [random(8, 4), checkers, random(9, 5)];
        assert!(Blobs::of(&boards[0]).len() <= 128 && Blobs::of(&boards[1]).len() > 128);
        let solve_all = || {
            boards
                .iter()
                .map(|f| {
                    let mut search = Search::new(Budget::unlimited());
                    match solve(f, &mut search) {
                        Outcome::Solved { moves, .. } => moves,
                        other => panic!("{other:?}"),
                    }
                })
                .collect::<Vec<_>>()
        };
        let first = solve_all();
        assert_eq!(solve_all(), first);
        assert_eq!(kept_sets(), 2);
    }
}
