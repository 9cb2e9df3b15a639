//! What the move map's searches of a level learnt, kept for its next
//! searches of the same level: the positions they proved lost, and the
//! positions on the winning lines they found.

use super::*;

/// The level the kept positions belong to: its board, finish pad and
/// whether it has a red frog.
type LevelKey = (Board, Option<u8>, bool);

/// Positions of one level, each as the least of its mirror images.
pub(super) type Known = FastSet<(u64, u8)>;

/// What searches of one level learnt.
#[derive(Default)]
pub(super) struct Learnt {
    /// Positions proven lost: the positions after a position's moves, and
    /// after the next position's, share most of what lies below them.
    pub(super) lost: Known,
    /// Positions on a winning line found, each with all its mirror images
    /// (so that a beam looks them up as they are): each has a jump to
    /// another of them, to a won position, or into the ends table.
    pub(super) won: Known,
}

static KEPT: std::sync::Mutex<Option<(LevelKey, Learnt)>> = std::sync::Mutex::new(None);

/// Lost positions kept at most (about 17 bytes each in the set, which
/// keeps at most twice as many slots): past it, the positions of the most
/// frogs stay, down to the count that fits.
pub(super) const LOST_MOST: usize = 1_800_000;
/// Positions of winning lines kept at most (a line is a few dozen).
pub(super) const WON_MOST: usize = 1 << 17;

/// `solve` for the move map: it starts from what the map's earlier
/// searches on this level learnt, and keeps what it learns for the next.
/// (A watched search never does: it shows its own search, whole.)
pub(super) fn solve_remembering(h: &Hop, search: &mut Search<'_, HopMove>) -> Outcome<HopMove> {
    let key: LevelKey = (h.board.clone(), h.finish, h.red.is_some());
    let known = {
        let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
        match kept.as_mut() {
            Some((k, learnt)) if *k == key => std::mem::take(learnt),
            _ => Learnt::default(),
        }
    };
    let (outcome, mut found) = solve_knowing(h, search, known, true);
    // Positions of more frogs than this one's are behind the player: they
    // go first when a set grows too big.
    // A winning line's positions are kept from its end up, so that each
    // kept still has its next one.
    found.lost = trimmed(found.lost, h.frogs(), LOST_MOST, false);
    found.won = trimmed(found.won, h.frogs(), WON_MOST, true);
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    // Another search of the level may have put its own back meanwhile:
    // the one that knows more lost positions stays.
    let other = kept
        .as_ref()
        .filter(|(k, _)| *k == key)
        .map_or(0, |(_, learnt)| learnt.lost.len());
    if found.lost.len() >= other {
        *kept = Some((key, found));
    }
    outcome
}

/// The frogs of a kept position.
fn frogs_of(&(green, red): &(u64, u8)) -> u32 {
    green.count_ones() + u32::from(red != NO_RED)
}

/// `set` cut down to at most `most` positions where it holds more: first
/// those of more than `frogs` frogs go, then those of the fewest frogs (or
/// of the most, with `fewest`), a frog count at a time.
pub(super) fn trimmed(mut set: Known, frogs: u32, most: usize, fewest: bool) -> Known {
    if set.len() <= most {
        return set;
    }
    let top = frogs.min(64) as usize;
    let mut by_frogs = vec![0usize; top + 1];
    for k in &set {
        if let Some(n) = by_frogs.get_mut(frogs_of(k) as usize) {
            *n += 1;
        }
    }
    // The counts kept, `low..high`: as many as fit, from the top down
    // (from the bottom up with `fewest`).
    let (mut low, mut high, mut sum) = (top + 1, top + 1, 0);
    if fewest {
        (low, high) = (0, 0);
        while high <= top && sum + by_frogs[high] <= most {
            sum += by_frogs[high];
            high += 1;
        }
    } else {
        while low > 0 && sum + by_frogs[low - 1] <= most {
            low -= 1;
            sum += by_frogs[low];
        }
    }
    set.retain(|k| (low as u32..high as u32).contains(&frogs_of(k)));
    set.shrink_to_fit();
    set
}

/// The bytes `KEPT` holds now, about.
pub(super) fn lost_kept() -> usize {
    KEPT.lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
        .map_or(0, |(_, learnt)| {
            (learnt.lost.capacity() + learnt.won.capacity()) * 24
        })
}

impl Solver {
    /// Keeps the positions of a winning line from (`green`, `red`) in
    /// `won`: each before the ends table's frogs (the table knows those),
    /// or each but the won one where there is no table.
    pub(super) fn learn_line(&mut self, mut green: u64, mut red: u8, line: &[HopMove]) {
        let most = match (&self.ends, red) {
            (Some(ends), NO_RED) => ends.most(),
            _ => 1,
        };
        for mv in line.iter().map(Some).chain(std::iter::once(None)) {
            if green.count_ones() + u32::from(red != NO_RED) <= most || self.is_goal(green, red) {
                return;
            }
            self.won.insert((green, red));
            for (tables, perm) in &self.symmetries {
                let r = if red == NO_RED {
                    NO_RED
                } else {
                    perm[red as usize]
                };
                self.won.insert((Solver::mapped(tables, green), r));
            }
            let Some(next) = mv.and_then(|mv| {
                let j = self.jumps.iter().find(|j| j.mv == *mv)?;
                Solver::after(j, green, red)
            }) else {
                return;
            };
            (green, red) = next;
        }
    }

    /// Whether a jump from (`green`, `red`) leads to a won position, or
    /// one the ends table or `won` knows to be winnable.
    fn winnable_known(&self, green: u64, red: u8) -> bool {
        if self.is_goal(green, red) {
            return true;
        }
        if let Some(ends) = &self.ends
            && red == NO_RED
            && green.count_ones() <= ends.most()
        {
            return ends.winnable(green.count_ones(), self.canonical(green, NO_RED).0);
        }
        self.won.contains(&(green, red))
    }

    /// The jumps that win from (`green`, `red`), a position `won` holds
    /// (up to a symmetry): each to a position that it holds too, down to the
    /// ends table or the last frog, added to `path`. False, with `path` as
    /// it was, if the positions kept do not reach a win.
    pub(super) fn finish_known(
        &self,
        mut green: u64,
        mut red: u8,
        path: &mut Vec<HopMove>,
    ) -> bool {
        let start = path.len();
        loop {
            if self.is_goal(green, red) {
                return true;
            }
            if let Some(ends) = &self.ends
                && red == NO_RED
                && green.count_ones() <= ends.most()
            {
                if ends.winnable(green.count_ones(), self.canonical(green, NO_RED).0) {
                    self.finish_from(ends, green, path);
                    return true;
                }
                break;
            }
            let next = self.jumps.iter().find_map(|j| {
                let (g, r) = Solver::after(j, green, red)?;
                self.winnable_known(g, r).then_some((g, r, j.mv))
            });
            let Some((g, r, mv)) = next else { break };
            path.push(mv);
            (green, red) = (g, r);
        }
        path.truncate(start);
        false
    }
}

#[cfg(test)]
#[path = "solve_lost_tests.rs"]
mod tests;
