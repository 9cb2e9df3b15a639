//! The positions the move map's searches proved lost, kept for its next
//! searches of the same level.

use super::*;

/// The positions the move map's searches proved lost, kept for its next
/// searches on the same level: the positions after a position's moves, and
/// after the next position's, share most of what lies below them. One
/// level at a time (its board, finish pad and whether it has a red frog).
type LostKey = (Board, Option<u8>, bool);
type Lost = FastSet<(u64, u8)>;
static LOST: std::sync::Mutex<Option<(LostKey, Lost)>> = std::sync::Mutex::new(None);

/// Positions kept in `LOST` at most (about 24 bytes each): a bigger set is
/// let go.
const LOST_MOST: usize = 1 << 21;

/// `solve` for the move map: it starts from the lost positions the map's
/// earlier searches on this level found, and keeps its own for the next.
/// (A watched search never does: it shows its own search, whole.)
pub(super) fn solve_remembering(h: &Hop, search: &mut Search<'_, HopMove>) -> Outcome<HopMove> {
    let key: LostKey = (h.board.clone(), h.finish, h.red.is_some());
    let known = {
        let mut kept = LOST.lock().unwrap_or_else(|e| e.into_inner());
        match kept.as_mut() {
            Some((k, set)) if *k == key => std::mem::take(set),
            _ => FastSet::default(),
        }
    };
    let (outcome, found) = solve_knowing(h, search, known, true);
    let mut kept = LOST.lock().unwrap_or_else(|e| e.into_inner());
    // Another search of the level may have put its own back meanwhile:
    // the bigger set stays.
    let other = kept
        .as_ref()
        .filter(|(k, _)| *k == key)
        .map_or(0, |(_, set)| set.len());
    if found.len() <= LOST_MOST && found.len() >= other {
        *kept = Some((key, found));
    } else if found.len() > LOST_MOST && other == 0 {
        *kept = None;
    }
    outcome
}

/// The bytes `LOST` holds now, about.
pub(super) fn lost_kept() -> usize {
    LOST.lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
        .map_or(0, |(_, set)| set.capacity() * 24)
}
