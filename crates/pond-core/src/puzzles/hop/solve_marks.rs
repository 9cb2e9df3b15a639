//! The Hop solver's part of the move map: what is left from a position,
//! the tables the marks share (the English census, a peg board's ends and
//! pagoda functions), and which positions mirror each other.

use super::*;

/// Bytes a position of `count_solutions_within`'s table takes, about.
const COUNTED_BYTES: usize = 48;

/// The move map's part: every win takes one jump a frog but one, so the
/// marks count the ways to win (up to the cap), after the solver has
/// decided whether there is one.
impl crate::solve::moves::Marks for Hop {
    const COUNTS_WAYS: bool = true;

    /// The English central game's marks are looked up in the census's
    /// table: made here, on the first map of that game (given up if the
    /// map is cancelled while it is made); another peg board's ends table
    /// likewise (`solve_ends.rs`).
    fn prepare(&self, budget: &crate::solve::Budget) {
        if crate::solve::english::word(self).is_some() {
            crate::solve::english::Table::made_unless(budget.cancel.as_deref());
        } else {
            make_ends(self, budget.cancel.as_deref());
            make_pagodas(self, budget.cancel.as_deref());
        }
    }

    /// The English table, once made (about 45 MiB), and the lost positions
    /// kept for the next search of a level.
    fn kept() -> usize {
        crate::solve::english::Table::made().map_or(0, crate::solve::english::Table::bytes)
            + lost_kept()
            + ends_kept()
            + pagodas_kept()
    }

    /// The same board turned or mirrored: a symmetry of the board that
    /// keeps the finish pad takes the one's frogs to the other's.
    fn mirrors(&self, other: &Self) -> bool {
        self.board == other.board
            && self.finish == other.finish
            && self.board.symmetries.iter().any(|perm| {
                Board::map_set(perm, self.green) == other.green
                    && self.red.map(|r| perm[r as usize]) == other.red
                    && self.finish.is_none_or(|f| perm[f as usize] == f)
            })
    }

    /// The solver's answer (or the table's), without counting the ways.
    fn winnable(&self, budget: &crate::solve::Budget) -> Option<bool> {
        if let Some(x) = crate::solve::english::word(self)
            && let Some(table) = crate::solve::english::Table::made_unless(budget.cancel.as_deref())
            && let Some(w) = table.winnable(x)
        {
            return Some(w);
        }
        crate::solve::moves::Left::from_outcome(&crate::solve::moves::solved(
            self,
            budget,
            solve_remembering,
        ))
        .winnable
    }

    fn left(&self, budget: &crate::solve::Budget) -> crate::solve::moves::Left {
        use crate::solve::moves::{Left, WAYS_CAP, Ways, solved, with_deadline};
        if let Some(left) = english_left(self, budget) {
            return left;
        }
        let mut left = Left::from_outcome(&solved(self, budget, solve_remembering));
        if left.winnable != Some(true) {
            return left;
        }
        left.shortest = Some(self.frogs() - 1);
        let most = budget.memory.unwrap_or(1 << 30) / COUNTED_BYTES;
        let most = most.min(1 << 21);
        // The count's table is held in the shared memory while it runs.
        let mut held: Search<'_, HopMove> = Search::new(budget.clone());
        if held.memory(most * COUNTED_BYTES) {
            left.ways = with_deadline(budget, |stop| {
                count_solutions_within(self, WAYS_CAP, most, Some(stop))
            })
            .map(Ways::capped);
        }
        left
    }
}

/// What is left from a position of the English central game, looked up in
/// the census's table: None where the level is not that game or the table
/// does not know the position.
fn english_left(h: &Hop, budget: &crate::solve::Budget) -> Option<crate::solve::moves::Left> {
    use crate::solve::moves::{Left, WAYS_CAP, Ways, with_deadline};
    let x = crate::solve::english::word(h)?;
    let table = crate::solve::english::Table::made_unless(budget.cancel.as_deref())?;
    if !table.winnable(x)? {
        return Some(Left::LOST);
    }
    Some(Left {
        winnable: Some(true),
        shortest: Some(h.frogs() - 1),
        ways: with_deadline(budget, |stop| table.ways(x, WAYS_CAP, stop)).map(Ways::capped),
    })
}
