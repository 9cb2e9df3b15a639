//! The Escape solver's table of positions known to be lost: flat for small
//! prisons (kept on the thread between searches, let go on request), a hash
//! set for large ones.

use super::Key;
use crate::solve::FastSet;

/// The largest flat table of lost positions, in entries; bigger boards use a
/// hash set.
const DENSE_MAX: usize = 1 << 20;

thread_local! {
    /// The flat table, kept between searches: an entry is a position lost in
    /// the search whose stamp it holds, so a new search needs no clearing.
    static DENSE: std::cell::RefCell<(Vec<u16>, u16)> = const {
        std::cell::RefCell::new((Vec::new(), 0))
    };
}

/// Lets the calling thread's flat table go back to the system.
pub(crate) fn let_go_kept() {
    DENSE.with(|cell| *cell.borrow_mut() = (Vec::new(), 0));
}

/// Positions known to be lost, by (animals left per row as a number, the row
/// the last animal left from).
pub(crate) enum Dead {
    Dense {
        table: Vec<u16>,
        stamp: u16,
        /// Entries for one row of the last animal out: `(cols+1)^rows`.
        span: usize,
    },
    Sparse(FastSet<Key>),
}

impl Dead {
    /// A flat table when `(cols+1)^rows * (rows+1)` entries are few enough.
    pub(crate) fn new(rows: usize, cols: usize, dense: bool) -> Dead {
        let size = (0..rows)
            .try_fold(rows + 1, |n, _| n.checked_mul(cols + 1))
            .filter(|&n| n <= DENSE_MAX);
        let Some(size) = size.filter(|_| dense) else {
            return Dead::Sparse(FastSet::default());
        };
        DENSE.with(|cell| {
            let mut cell = cell.borrow_mut();
            let (table, stamp) = &mut *cell;
            if table.len() < size {
                *table = vec![0; size];
                *stamp = 0;
            }
            *stamp = stamp.wrapping_add(1);
            if *stamp == 0 {
                table.fill(0);
                *stamp = 1;
            }
            Dead::Dense {
                table: std::mem::take(table),
                stamp: *stamp,
                span: size / (rows + 1),
            }
        })
    }

    pub(crate) fn is_dense(&self) -> bool {
        matches!(self, Dead::Dense { .. })
    }

    /// Where positions whose last animal out came from `last_row` (or none,
    /// `NO_ROW`, after the rows) start in the flat table.
    pub(crate) fn base(&self, last_row: u8, rows: usize) -> usize {
        match self {
            Dead::Dense { span, .. } => span * (last_row as usize).min(rows),
            Dead::Sparse(_) => 0,
        }
    }

    /// Whether the position `left` is lost, with the last animal out from
    /// `last_row`; `base` is `self.base(last_row, ..)`.
    #[inline]
    pub(crate) fn contains(&self, left: u64, last_row: u8, base: usize) -> bool {
        match self {
            Dead::Dense { table, stamp, .. } => table[base + left as usize] == *stamp,
            Dead::Sparse(set) => set.contains(&(left, last_row)),
        }
    }

    #[inline]
    pub(crate) fn insert(&mut self, left: u64, last_row: u8, base: usize) {
        match self {
            Dead::Dense { table, stamp, .. } => table[base + left as usize] = *stamp,
            Dead::Sparse(set) => {
                set.insert((left, last_row));
            }
        }
    }

    pub(crate) fn bytes(&self) -> usize {
        match self {
            Dead::Dense { .. } => 0,
            Dead::Sparse(set) => set.len() * 32,
        }
    }
}

impl Drop for Dead {
    fn drop(&mut self) {
        // The flat table goes back for the next search on this thread.
        if let Dead::Dense { table, .. } = self {
            let table = std::mem::take(table);
            DENSE.with(|cell| cell.borrow_mut().0 = table);
        }
    }
}
