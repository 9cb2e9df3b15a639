//! The ends of a peg board: every position of a few frogs that can still be
//! won, found backwards from the won positions (a jump undone puts two frogs
//! back and takes one away), a layer a frog. The move map's searches stop
//! where a position has that few frogs and look it up: the deep part of
//! the search, where most of its positions lie, is answered at once.

use super::*;
use std::sync::Arc;

/// The winnable positions of `1..=most()` frogs of a board with no red frog,
/// each as the least of its mirror images (the symmetries keeping the
/// finish pad), in a set per frog count.
pub(super) struct Ends {
    pub(super) layers: Vec<FastSet<u64>>,
}

/// Positions an ends table holds at most, all layers together (about 16
/// bytes each): the layer that would pass it is not made.
const ENDS_MOST: usize = 3 << 20;

impl Ends {
    /// The table for `solver`'s board, its layers made while their sum stays
    /// under `most` positions and `stop` is not raised.
    fn make(solver: &Solver, all: u64, most: usize, stop: Option<&AtomicBool>) -> Ends {
        let ends: FastSet<u64> = match solver.finish {
            Some(f) => [1u64 << f].into_iter().collect(),
            None => (0..all.count_ones())
                .map(|p| solver.canonical(1u64 << p, NO_RED).0)
                .collect(),
        };
        let mut layers = vec![FastSet::default(), ends];
        let mut held = layers[1].len();
        loop {
            let last = layers.last().expect("a layer");
            let mut next = FastSet::default();
            for &x in last {
                for j in &solver.jumps {
                    // Undone: a frog on its landing pad, none where it came
                    // from nor on the pad it jumped.
                    if x & j.to != 0 && x & (j.from | j.over) == 0 {
                        let before = (x & !j.to) | j.from | j.over;
                        next.insert(solver.canonical(before, NO_RED).0);
                    }
                }
                if held + next.len() > most || stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                    return Ends { layers };
                }
            }
            if next.is_empty() {
                return Ends { layers };
            }
            held += next.len();
            layers.push(next);
        }
    }

    /// The most frogs a position may have to be looked up.
    pub(super) fn most(&self) -> u32 {
        self.layers.len() as u32 - 1
    }

    /// Whether a position of `frogs` (at most `most()`), as its least
    /// mirror image `key`, can be won.
    pub(super) fn winnable(&self, frogs: u32, key: u64) -> bool {
        self.layers
            .get(frogs as usize)
            .is_some_and(|layer| layer.contains(&key))
    }

    pub(super) fn bytes(&self) -> usize {
        self.layers.iter().map(|l| l.capacity() * 16).sum()
    }
}

impl Solver {
    /// The jumps that win from a position the ends table holds: each to a
    /// position of one frog fewer that it holds, down to the last frog.
    pub(super) fn finish_from(&self, ends: &Ends, mut green: u64, path: &mut Vec<HopMove>) {
        while green.count_ones() > 1 {
            let frogs = green.count_ones() - 1;
            let next = self.jumps.iter().find_map(|j| {
                let (g, _) = Solver::after(j, green, NO_RED)?;
                ends.winnable(frogs, self.canonical(g, NO_RED).0)
                    .then_some((g, j.mv))
            });
            let Some((g, mv)) = next else { return };
            path.push(mv);
            green = g;
        }
    }
}

/// One board's ends at a time, as `LOST` keeps one level's lost positions.
type EndsKey = (Board, Option<u8>);
static ENDS: std::sync::Mutex<Option<(EndsKey, Arc<Ends>)>> = std::sync::Mutex::new(None);

/// The ends of `h`'s board, made unless they are kept already (a board of
/// pegs alone: none with a red frog); given up if `stop` is raised first.
pub(super) fn make_ends(h: &Hop, stop: Option<&AtomicBool>) {
    if h.red.is_some() || ends_made(h).is_some() {
        return;
    }
    let solver = Solver::new(h);
    let ends = Arc::new(Ends::make(&solver, h.board.all_pads(), ENDS_MOST, stop));
    if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
        return;
    }
    let key: EndsKey = (h.board.clone(), h.finish);
    *ENDS.lock().unwrap_or_else(|e| e.into_inner()) = Some((key, ends));
}

/// The ends of `h`'s board, where they are made.
pub(super) fn ends_made(h: &Hop) -> Option<Arc<Ends>> {
    if h.red.is_some() {
        return None;
    }
    let kept = ENDS.lock().unwrap_or_else(|e| e.into_inner());
    let (key, ends) = kept.as_ref()?;
    (key.0 == h.board && key.1 == h.finish).then(|| ends.clone())
}

/// The bytes `ENDS` holds now, about.
pub(super) fn ends_kept() -> usize {
    ENDS.lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
        .map_or(0, |(_, ends)| ends.bytes())
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::solve::{Budget, replay};

    /// A shipped peg level's start.
    pub(in crate::puzzles::hop) fn level(name: &str) -> Hop {
        let text = include_str!("../../../../../levels/pegs.ron");
        let pack = crate::levels::parse_pack("pegs.ron", text).expect("the shipped pack");
        let level = pack.levels.iter().find(|l| l.name == name).expect(name);
        let crate::rules::Puzzle::Hop(h) = &level.puzzle else {
            panic!("{name} is not a peg level")
        };
        h.clone()
    }

    /// Whether a position wins, by the rules alone (memoised on exact
    /// positions: no mirror images, no parity).
    pub(in crate::puzzles::hop) fn wins(h: &mut Hop, memo: &mut FastMap<u64, bool>) -> bool {
        if h.is_goal() {
            return true;
        }
        if let Some(&known) = memo.get(&h.green) {
            return known;
        }
        let mut moves = Vec::new();
        h.legal_moves(&mut moves);
        let won = moves.into_iter().any(|mv| {
            let undo = h.apply(mv).expect("a legal jump");
            let won = wins(h, memo);
            h.undo(&undo);
            won
        });
        memo.insert(h.green, won);
        won
    }

    /// Every position of the board with at most the table's frogs, on the
    /// 15-pad triangle (any finish) and the 13-pad pond played as pegs
    /// (finish in the middle, and anywhere): the table holds exactly those
    /// the rules win, whole and cut short at a few thousand positions.
    #[test]
    fn the_ends_hold_exactly_the_positions_the_rules_win() {
        let triangle = level("Triangle");
        let pond = |finish| Hop {
            board: Board::pond(),
            green: 0,
            red: None,
            finish,
        };
        for h in [triangle, pond(Some(6)), pond(None)] {
            let solver = Solver::new(&h);
            let all = h.board.all_pads();
            for most in [usize::MAX, 2_000] {
                let ends = Ends::make(&solver, all, most, None);
                assert!(ends.most() >= 3, "{} layers", ends.most());
                let mut memo = FastMap::default();
                let mut winnable = 0;
                for green in 1..=all {
                    let frogs = green.count_ones();
                    if frogs > ends.most() {
                        continue;
                    }
                    let mut p = Hop { green, ..h.clone() };
                    let truth = wins(&mut p, &mut memo);
                    let key = solver.canonical(green, NO_RED).0;
                    assert_eq!(ends.winnable(frogs, key), truth, "{green:b}");
                    winnable += u32::from(truth);
                }
                assert!(winnable > 10, "{winnable} winnable positions");
            }
        }
    }

    /// A search that stops at the table's frogs finishes its wins with the
    /// table's jumps: every answer replays to a win, and says what the
    /// search without the table says, on each position of a random game.
    #[test]
    fn a_search_through_the_ends_wins_as_the_rules_do() {
        for name in ["Triangle", "Big triangle", "Fireplace", "Arrow"] {
            let start = level(name);
            let mut table = Solver::new(&start);
            table.ends = Some(Arc::new(Ends::make(
                &table,
                start.board.all_pads(),
                5_000,
                None,
            )));
            let mut rng = crate::levels::rng::SplitMix64::new(7);
            let mut h = start.clone();
            loop {
                let ends = table.ends.clone();
                let mut solver = Solver::new(&h);
                solver.ends = ends;
                let mut path = Vec::new();
                let mut search = Search::new(Budget::unlimited());
                let with = solver.dfs(h.green, NO_RED, &mut path, &mut search);
                let without = solve(&h, &mut Search::new(Budget::unlimited()));
                assert_eq!(
                    with,
                    Some(without.moves().is_some()),
                    "{name} {:b}",
                    h.green
                );
                if with == Some(true) {
                    replay(&h, &path).unwrap_or_else(|e| panic!("{name}: {e}"));
                }
                let mut moves = Vec::new();
                h.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len() as u64) as usize];
                h.apply(mv).expect("a legal jump");
            }
        }
    }

    /// The biggest shipped boards' tables keep to their share of the memory
    /// the game's searches share (one GiB): under 3 million positions, and
    /// under 96 MiB as counted (16 bytes a slot, the sets' spare room too).
    #[test]
    fn the_biggest_boards_tables_keep_to_their_memory() {
        for name in ["European", "Fireplace", "Big triangle"] {
            let h = level(name);
            let solver = Solver::new(&h);
            let ends = Ends::make(&solver, h.board.all_pads(), ENDS_MOST, None);
            let held: usize = ends.layers.iter().map(|l| l.len()).sum();
            let bytes = ends.bytes();
            println!(
                "{name}: up to {} frogs, {held} positions, {:.1} MiB",
                ends.most(),
                bytes as f64 / (1 << 20) as f64
            );
            assert!(held <= ENDS_MOST, "{name}: {held}");
            assert!(bytes <= 96 << 20, "{name}: {bytes} bytes");
            assert!(ends.most() >= 5, "{name}: {} frogs", ends.most());
        }
    }
}
