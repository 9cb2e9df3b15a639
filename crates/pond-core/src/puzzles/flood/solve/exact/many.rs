//! One board's exact search asked from several starting regions in turn
//! (the move map's: the region after each move), with one bound, the table
//! of regions reached shared between them. A search that finds no line
//! within its bound proves that no region it reached in `g` moves floods
//! within the bound less `g` (else its start would); so a later search with
//! the same bound, from another start, skips a region an earlier failed one
//! reached in as few moves or fewer, as a search skips a region it reached
//! itself. The regions after a move `a` then `b` and after `b` then `a` are
//! often one: each move's search skips much of what the moves before it
//! searched. A search that finds a line (or runs out of time) proves
//! nothing of its nodes: they are let go. The search that found the
//! position's own fewest moves keeps its nodes for them too
//! (`run_keeping`).

use super::kept::Kept;
use super::table::{Slot, Table};
use super::{AStar, Node, Set, regions_of};
use crate::rules::flood::FloodMove;
use crate::solve::Search;

/// The nodes of the failed searches so far from one board with one bound,
/// and their table of regions reached (`AStar::within_after`).
pub(crate) struct Dead<const W: usize> {
    nodes: Vec<Node<W>>,
    reached: Table,
}

impl<const W: usize> Default for Dead<W> {
    fn default() -> Self {
        Dead {
            nodes: Vec::new(),
            reached: Table::with_capacity(1 << 12),
        }
    }
}

impl<const W: usize> Dead<W> {
    /// The bytes its nodes take.
    pub(crate) fn bytes(&self) -> usize {
        self.nodes.len() * std::mem::size_of::<Node<W>>()
    }
}

impl<const W: usize> AStar<'_, W> {
    /// Whether the board floods within `most` moves from the region
    /// `start`, the regions of `dead` (earlier failed searches of this
    /// board with the same `most`) skipped where reached in as few moves or
    /// more: Some(false) adds this search's nodes to `dead`. None where
    /// `search` stopped first.
    pub(crate) fn within_after(
        mut self,
        search: &mut Search<'_, FloodMove>,
        start: Set<W>,
        most: usize,
        dead: &mut Dead<W>,
    ) -> Option<bool> {
        let mut kept = Kept::<W>::take();
        self.nodes = std::mem::take(&mut dead.nodes);
        self.reached = std::mem::take(&mut dead.reached);
        self.dead_below = self.nodes.len() as u32;
        self.revived.clear();
        let found = self.search(search, start, most.saturating_add(1), &mut kept.frontiers);
        let out = match found {
            Some(None) if search.stopped().is_none() => Some(false),
            Some(Some(_)) if search.stopped().is_none() => Some(true),
            _ => None,
        };
        if out != Some(false) {
            self.let_go_last();
        }
        dead.nodes = std::mem::take(&mut self.nodes);
        dead.reached = std::mem::take(&mut self.reached);
        kept.give_back();
        out
    }

    /// `run`, its nodes kept in `dead` (empty) when it found the board's
    /// fewest moves `d` (a line shorter than `upper`, or none): a region
    /// reached in `g` moves floods in no fewer than `d - g` (else the board
    /// would), so a search from the region after a move, asked for `d - 1`
    /// and counting from that move, skips a region reached here in as few
    /// moves as there or fewer, as it skips a failed search's.
    pub(crate) fn run_keeping(
        mut self,
        search: &mut Search<'_, FloodMove>,
        upper: usize,
        dead: &mut Dead<W>,
    ) -> Option<Option<Vec<u8>>> {
        let mut kept = Kept::<W>::take();
        self.nodes = std::mem::take(&mut dead.nodes);
        self.reached = std::mem::take(&mut dead.reached);
        let mut start = [0u64; W];
        start[0] = 1;
        let out = self.search(search, start, upper, &mut kept.frontiers);
        if out.is_some() && search.stopped().is_none() {
            dead.nodes = std::mem::take(&mut self.nodes);
            dead.reached = std::mem::take(&mut self.reached);
        }
        kept.give_back();
        out
    }

    /// Lets go of the last search's nodes (those from `dead_below` on),
    /// restoring the earlier ones it superseded, and makes the table of
    /// regions reached again from those left.
    fn let_go_last(&mut self) {
        self.nodes.truncate(self.dead_below as usize);
        for &old in &self.revived {
            self.nodes[old as usize].superseded = false;
        }
        self.revived.clear();
        self.reached.clear();
        let nodes = &self.nodes;
        for (key, id) in regions_of(nodes) {
            if let Slot::Empty(slot) = self.reached.find(key, |i| i == id) {
                (self.reached).insert(slot, key, id, || regions_of(nodes));
            }
        }
    }
}
