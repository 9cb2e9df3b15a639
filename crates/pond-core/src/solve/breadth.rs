//! Searches by rounds of the line's length: breadth first (each position
//! once, the first win a shortest), the line a watcher follows to each
//! position it expands, and a brute-force shortest for the tests.

use super::*;

/// Breadth-first search for a shortest path: the plain, obviously right
/// search that the fast solvers are checked against, and the engine of some
/// of them. Every line of one move, then of two, and so on, each position
/// once; the first goal reached is a shortest. A watcher of
/// every move sees each expanded position's line (moves taken back to the
/// line they share, then tried) and a round for each length of line.
pub fn breadth_first<S, M>(
    start: S,
    search: &mut Search<'_, M>,
    mut successors: impl FnMut(&S, &mut Vec<(M, S)>),
    is_goal: impl Fn(&S) -> bool,
    bytes_per_state: usize,
) -> Outcome<M>
where
    S: Clone + Eq + Hash,
    M: Copy + PartialEq,
{
    let mut states: Vec<(S, u32, Option<M>)> = vec![(start.clone(), u32::MAX, None)];
    let mut seen: HashMap<S, ()> = HashMap::new();
    seen.insert(start, ());
    let mut head = 0;
    let mut next = Vec::new();
    // What a watcher was shown: the line it stands on, and the round.
    let mut shown: Vec<M> = Vec::new();
    let mut round = 0;
    let path = |states: &[(S, u32, Option<M>)], mut at: usize| {
        let mut path = Vec::new();
        while let Some(mv) = states[at].2 {
            path.push(mv);
            at = states[at].1 as usize;
        }
        path.reverse();
        path
    };
    while head < states.len() {
        // (Counted before it is looked at, as a watcher is shown it: the
        // goal is a position searched too.)
        if !search.node(0) || !search.memory(states.len() * bytes_per_state * 3) {
            return search.out_of_budget(None);
        }
        if search.tracing() {
            let line = path(&states, head);
            if line.len() as u32 + 1 > round {
                round = line.len() as u32 + 1;
                search.bound(round);
            }
            follow_line(search, &mut shown, &line);
        }
        if is_goal(&states[head].0) {
            return Outcome::Solved {
                moves: path(&states, head),
                optimal: true,
            };
        }
        successors(&states[head].0, &mut next);
        for (mv, s) in next.drain(..) {
            if seen.insert(s.clone(), ()).is_none() {
                states.push((s, head as u32, Some(mv)));
            }
        }
        head += 1;
    }
    Outcome::Unsolvable
}

/// Tells a watcher the jump from the line it was shown to `line`: the moves
/// past the part they share taken back, then `line`'s tried, so it sees
/// one line of play throughout.
pub fn follow_line<M: Copy + PartialEq>(
    search: &mut Search<'_, M>,
    shown: &mut Vec<M>,
    line: &[M],
) {
    let common = shown.iter().zip(line).take_while(|(a, b)| a == b).count();
    while shown.len() > common {
        let depth = shown.len() as u32;
        if let Some(mv) = shown.pop() {
            search.taken_back(mv, depth);
        }
    }
    for &mv in &line[common..] {
        shown.push(mv);
        search.tried(mv, shown.len() as u32);
    }
}

/// The length of a shortest solution by plain breadth-first search over the
/// rules, or None when there is none. For tests on small boards.
pub fn brute_force_shortest<R>(start: &R) -> Option<usize>
where
    R: Rules + Eq + Hash,
{
    let mut search = Search::new(Budget::unlimited());
    let mut moves = Vec::new();
    let outcome = breadth_first(
        start.clone(),
        &mut search,
        |s: &R, out| {
            s.legal_moves(&mut moves);
            for &mv in &moves {
                let mut next = s.clone();
                if next.apply(mv).is_ok() {
                    out.push((mv, next));
                }
            }
        },
        |s| s.is_goal(),
        64,
    );
    match outcome {
        Outcome::Solved { moves, .. } => Some(moves.len()),
        _ => None,
    }
}
