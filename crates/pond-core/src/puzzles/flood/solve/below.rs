//! The move map's questions of one position's moves, sharing their work.
//! `shortest_for_moves` remembers the position (on the thread) with its
//! fewest moves `d`, the first move of a shortest line and the nodes of
//! the search that found them (see `exact/many.rs`); then each
//! move's `left_below` ("can the board after it be flooded within
//! `d - 1`?") is asked of the remembered position's blobs, from the region
//! the move leaves, the searches' table of regions reached shared between
//! the moves (`exact/many.rs`). A shortest line's first move needs no
//! search (its fewest is `d - 1`), nor a move that takes no blob (the board
//! as it was: `d`).

use super::exact::{AStar, Dead, Exact};
use super::greedy::greedy;
use super::{Blobs, within};
use crate::rules::flood::{Flood, FloodMove};
use crate::solve::{Budget, Search};
use std::any::Any;
use std::cell::RefCell;

/// A position whose moves are being marked.
struct Parent {
    board: Flood,
    /// Each cell in the flooded region.
    flooded: Vec<bool>,
    /// Its fewest moves to win.
    shortest: u32,
    /// The first move of a shortest line from it.
    first: Option<u8>,
    /// Its blobs in the walk's order, made at its first move's question.
    blobs: Option<Blobs>,
    /// The failed searches' nodes (a `Dead` of the width its blobs need).
    dead: Option<Box<dyn Any>>,
}

thread_local! {
    static PARENT: RefCell<Option<Parent>> = const { RefCell::new(None) };
}

/// The nodes kept for the questions are let go past this many bytes (the
/// questions after that share only their own).
const DEAD_BYTES: usize = 256 << 20;

/// The fewest moves to win from `f` (the move limit set aside), by the
/// exact search within `budget`, remembered with its nodes for its moves'
/// questions (`within_below`); None where the search stopped first.
pub(super) fn shortest_remembering(f: &Flood, budget: &Budget) -> Option<u32> {
    let mut free = f.clone();
    free.limit = None;
    if free.cells.is_empty() || free.is_goal_board() {
        return Some(0);
    }
    let blobs = Blobs::of(&free).in_walk_order();
    let fast = greedy(&blobs);
    let mut search = Search::new(budget.clone());
    search.knows_a_win(fast.len() as u32);
    let mut dead: Option<Box<dyn Any>> = None;
    let found = match blobs.len() {
        0..=128 => first_search::<2>(&blobs, &mut dead, &mut search, fast.len()),
        129..=192 => first_search::<3>(&blobs, &mut dead, &mut search, fast.len()),
        193..=256 => first_search::<4>(&blobs, &mut dead, &mut search, fast.len()),
        257..=320 => first_search::<5>(&blobs, &mut dead, &mut search, fast.len()),
        321..=384 => first_search::<6>(&blobs, &mut dead, &mut search, fast.len()),
        385..=512 => first_search::<8>(&blobs, &mut dead, &mut search, fast.len()),
        513..=1024 => first_search::<16>(&blobs, &mut dead, &mut search, fast.len()),
        _ => None,
    };
    let line = match found {
        Some(Some(line)) => line,
        // Nothing shorter than the greedy line: it is shortest.
        Some(None) => fast,
        None => {
            forget();
            return None;
        }
    };
    let mut flooded = vec![false; free.cells.len()];
    for &i in &free.region() {
        flooded[i as usize] = true;
    }
    PARENT.with(|p| {
        *p.borrow_mut() = Some(Parent {
            board: free,
            flooded,
            shortest: line.len() as u32,
            first: line.first().copied(),
            blobs: Some(blobs),
            dead,
        })
    });
    Some(line.len() as u32)
}

/// `shortest_remembering`'s search, its nodes kept in `dead`.
fn first_search<const W: usize>(
    blobs: &Blobs,
    dead: &mut Option<Box<dyn Any>>,
    search: &mut Search<'_, FloodMove>,
    upper: usize,
) -> Option<Option<Vec<u8>>> {
    let mut nodes = Dead::<W>::default();
    let out = AStar::<W>::new(blobs, Exact::FAST).run_keeping(search, upper, &mut nodes);
    if out.is_some() && search.stopped().is_none() {
        if nodes.bytes() <= DEAD_BYTES {
            *dead = Some(Box::new(nodes));
        }
        return out;
    }
    None
}

/// Lets go of the remembered position and its searches' nodes.
pub(crate) fn forget() {
    PARENT.with(|p| *p.borrow_mut() = None);
}

impl Parent {
    /// The colour of the move from here that leads to `f`, if one does.
    fn move_to(&self, f: &Flood) -> Option<u8> {
        let b = &self.board;
        if (f.width, f.height, f.cells.len()) != (b.width, b.height, b.cells.len())
            || f.cells.is_empty()
        {
            return None;
        }
        let c = f.cells[0];
        let same = (f.cells.iter().zip(&b.cells).zip(&self.flooded))
            .all(|((&now, &was), &flooded)| now == if flooded { c } else { was });
        (same && c != b.cells[0]).then_some(c)
    }
}

/// Whether `f`, a position one move after one whose fewest moves are
/// `parent`, can be flooded within `parent - 1` moves: Some(None) when the
/// search stopped first, None when `f` is not a move after the remembered
/// position (or `parent` is not its fewest).
pub(super) fn within_below(
    f: &Flood,
    parent: u32,
    search: &mut Search<'_, FloodMove>,
) -> Option<Option<bool>> {
    let most = parent.checked_sub(1)? as usize;
    PARENT.with(|p| {
        let mut p = p.borrow_mut();
        let p = p.as_mut().filter(|p| p.shortest == parent)?;
        let colour = p.move_to(f)?;
        if p.first == Some(colour) {
            return Some(Some(true));
        }
        let blobs = p
            .blobs
            .get_or_insert_with(|| Blobs::of(&p.board).in_walk_order());
        let dead = &mut p.dead;
        let said = match blobs.len() {
            0..=128 => ask::<2>(blobs, dead, colour, most, search),
            129..=192 => ask::<3>(blobs, dead, colour, most, search),
            193..=256 => ask::<4>(blobs, dead, colour, most, search),
            257..=320 => ask::<5>(blobs, dead, colour, most, search),
            321..=384 => ask::<6>(blobs, dead, colour, most, search),
            385..=512 => ask::<8>(blobs, dead, colour, most, search),
            513..=1024 => ask::<16>(blobs, dead, colour, most, search),
            _ => return Some(within(f, most, search)),
        };
        Some(said)
    })
}

/// `within_below`'s search, from the region the move of `colour` leaves,
/// on `dead` (made here at the first question).
fn ask<const W: usize>(
    blobs: &Blobs,
    dead: &mut Option<Box<dyn Any>>,
    colour: u8,
    most: usize,
    search: &mut Search<'_, FloodMove>,
) -> Option<bool> {
    let mut start = [0u64; W];
    start[0] = 1;
    let mut taken = false;
    for &n in &blobs.neighbours[0] {
        if blobs.colour[n as usize] == colour {
            start[n as usize / 64] |= 1 << (n % 64);
            taken = true;
        }
    }
    if !taken {
        // The board as it was: its fewest are `most + 1`.
        return Some(false);
    }
    let nodes = dead.get_or_insert_with(|| Box::new(Dead::<W>::default()));
    let nodes = nodes.downcast_mut::<Dead<W>>()?;
    let said = AStar::<W>::new(blobs, Exact::FAST).within_after(search, start, most, nodes);
    if nodes.bytes() > DEAD_BYTES {
        *dead = None;
    }
    said
}
