//! A quick look for a win before the move map's full search: a beam search
//! keeps, a frog at a time, only the positions that look best (fewest lone
//! and outlying frogs, `Weights`), down to the few frogs the ends table
//! knows. Early in a big peg game most moves still win, and the full
//! search can spend seconds below one wrong jump before it finds a line;
//! the beam finds one in milliseconds where there is one it can see. It
//! never proves a loss: where it finds nothing the full search decides.

use super::*;

/// The quick looks in turn: beams of these widths, and short searches of
/// at most this many positions between them. A lost move is often proved
/// lost by a short search, where a wider beam would look in vain; a wide
/// beam finds a win that the full search may take seconds to reach (on
/// the European board after 4 moves of the solver's line, the beam of
/// 4096 finds in a fifth of a second a win the full search took 15
/// million positions, 37 s, to find). Each step roughly doubles what
/// the looks before it cost, so that neither a loss nor a hard win waits
/// long for the other's looks.
enum QuickLook {
    Beams(&'static [usize]),
    Search(u64),
}

const QUICK_LOOKS: [QuickLook; 7] = [
    QuickLook::Beams(&[16, 128]),
    QuickLook::Search(5_000),
    QuickLook::Beams(&[1024]),
    QuickLook::Search(30_000),
    QuickLook::Beams(&[4096]),
    QuickLook::Search(100_000),
    QuickLook::Beams(&[8192]),
];

impl Solver {
    /// The move map's quick looks from `green` (no red frog): narrow
    /// beams, a short search, wider beams and a longer search
    /// (`QUICK_LOOKS`). Some(true) with the winning line in `path`,
    /// Some(false) when a short search proved the position lost, None when
    /// the full search must decide (or the budget ran out). The short
    /// searches count in `search`, and what they prove lost stays for the
    /// full search.
    pub(super) fn quick_looks(
        &mut self,
        green: u64,
        path: &mut Vec<HopMove>,
        search: &mut Search<'_, HopMove>,
    ) -> Option<bool> {
        // On a winning line found before.
        if self.won.contains(&(green, NO_RED)) && self.finish_known(green, NO_RED, path) {
            return Some(true);
        }
        for look in &QUICK_LOOKS {
            match *look {
                QuickLook::Beams(widths) => {
                    if let Some(line) = self.beam_line(green, widths, search) {
                        *path = line;
                        return Some(true);
                    }
                }
                QuickLook::Search(most) => {
                    self.probe_end = search.nodes.saturating_add(most);
                    let answer = self.dfs(green, NO_RED, path, search);
                    self.probe_end = u64::MAX;
                    match answer {
                        Some(answer) => return Some(answer),
                        None => path.clear(),
                    }
                }
            }
            if search.stopped().is_some() {
                return None;
            }
        }
        None
    }

    /// A line that wins from `green` (no red frog), found by beam searches
    /// of the `widths` in turn; None when none finds one, or the search's
    /// budget runs out.
    pub(super) fn beam_line(
        &self,
        green: u64,
        widths: &[usize],
        search: &mut Search<'_, HopMove>,
    ) -> Option<Vec<HopMove>> {
        let ends = self.ends.as_ref()?;
        let weights = self.weights.as_ref()?;
        for &width in widths {
            // Each layer: (position, the index of its parent in the layer
            // before, the jump from there).
            let mut layers: Vec<Vec<(u64, u32, u16)>> = vec![vec![(green, 0, 0)]];
            let mut seen = FastSet::default();
            let mut kids: Vec<(u32, u64, u32, u16)> = Vec::new();
            loop {
                let last = layers.last().expect("a layer");
                let frogs = last[0].0.count_ones();
                // The ends table: any position it holds wins.
                if frogs <= ends.most() {
                    let won = last
                        .iter()
                        .position(|&(g, _, _)| ends.winnable(frogs, self.canonical(g, NO_RED).0));
                    match won {
                        Some(won) => return Some(self.line_through(&layers, won, ends)),
                        None => break,
                    }
                }
                kids.clear();
                seen.clear();
                for (at, &(g, _, _)) in last.iter().enumerate() {
                    if !search.node(layers.len() as u32) {
                        return None;
                    }
                    for (i, j) in self.jumps.iter().enumerate() {
                        let Some((next, _)) = Solver::after(j, g, NO_RED) else {
                            continue;
                        };
                        // (Mirror images are told apart here: a layer
                        // may hold a few twins.)
                        if !seen.insert(next) {
                            continue;
                        }
                        // On a winning line found before: its jumps finish.
                        if self.won.contains(&(next, NO_RED)) {
                            let mut line = self.line_to(&layers, at);
                            line.push(j.mv);
                            if self.finish_known(next, NO_RED, &mut line) {
                                return Some(line);
                            }
                        }
                        kids.push((weights.score(next, NO_RED), next, at as u32, i as u16));
                    }
                }
                if kids.is_empty() {
                    break;
                }
                // The best, a quarter over the width: those lost by a
                // pagoda function or known lost are dropped from them only
                // (the functions are many, the table big), then the best
                // of the rest kept.
                let over = width + width / 4;
                if kids.len() > over {
                    kids.select_nth_unstable_by_key(over, |k| (k.0, k.1));
                    kids.truncate(over);
                }
                kids.retain(|k| {
                    !self.pagodas.as_ref().is_some_and(|p| p.lost(k.1))
                        && (self.dead.is_empty()
                            || !self.dead.contains(&self.canonical(k.1, NO_RED)))
                });
                if kids.len() > width {
                    kids.select_nth_unstable_by_key(width, |k| (k.0, k.1));
                    kids.truncate(width);
                }
                if kids.is_empty() {
                    break;
                }
                layers.push(kids.iter().map(|&(_, g, at, i)| (g, at, i)).collect());
            }
        }
        None
    }

    /// The jumps from the beam's first position to entry `at` of its last
    /// layer, then the ends table's jumps to the last frog.
    fn line_through(
        &self,
        layers: &[Vec<(u64, u32, u16)>],
        at: usize,
        ends: &Ends,
    ) -> Vec<HopMove> {
        let there = layers.last().map_or(0, |l| l[at].0);
        let mut line = self.line_to(layers, at);
        self.finish_from(ends, there, &mut line);
        line
    }

    /// The jumps from the beam's first position to entry `at` of its last
    /// layer.
    fn line_to(&self, layers: &[Vec<(u64, u32, u16)>], mut at: usize) -> Vec<HopMove> {
        let mut line = Vec::with_capacity(layers.len() + 32);
        for layer in layers.iter().skip(1).rev() {
            let (_, parent, jump) = layer[at];
            line.push(self.jumps[jump as usize].mv);
            at = parent as usize;
        }
        line.reverse();
        line
    }
}
