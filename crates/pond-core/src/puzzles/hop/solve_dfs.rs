//! The solver's depth-first search: each position is first looked at (won,
//! lost by a test or a table, known lost or winnable before), and only
//! searched where that does not settle it.

use super::*;

/// What the looks before a position's search tell of it.
enum Look {
    /// Winnable: the jumps that win from it are added to the path.
    Won,
    /// Lost, and how that is known.
    Lost(CutReason),
    /// Not known: its least mirror image, to keep it under once searched.
    Open((u64, u8)),
}

/// A jump open at some depth of the search: its score (lower is tried
/// first, where the jumps are ordered), the jump's index, and the position
/// after it as its least mirror image (where it was looked at already).
#[derive(Clone, Copy)]
pub(super) struct Kid {
    score: u32,
    jump: u16,
    key: (u64, u8),
}

impl Solver {
    /// Some(true) when solved (the moves are in `path`), Some(false) when the
    /// position is lost, None when the budget ran out.
    pub(super) fn dfs(
        &mut self,
        green: u64,
        red: u8,
        path: &mut Vec<HopMove>,
        search: &mut Search<'_, HopMove>,
    ) -> Option<bool> {
        match self.look(green, red, path) {
            Look::Won => Some(true),
            Look::Lost(why) => {
                search.cut(path.len() as u32, why);
                Some(false)
            }
            Look::Open(key) => self.expand(green, red, key, path, search),
        }
    }

    /// What is known of a position before it is searched. Where it is won,
    /// the jumps that win are added to `path`.
    fn look(&self, green: u64, red: u8, path: &mut Vec<HopMove>) -> Look {
        if self.is_goal(green, red) {
            return Look::Won;
        }
        // Too light for a frog to be left on any end pad.
        if let Some(pagodas) = &self.pagodas
            && red == NO_RED
            && pagodas.lost(green)
        {
            return Look::Lost(CutReason::Proven);
        }
        let key = self.canonical(green, red);
        // Few frogs left: the ends table knows, and its jumps finish the win.
        if let Some(ends) = &self.ends
            && red == NO_RED
            && green.count_ones() <= ends.most()
        {
            if ends.winnable(green.count_ones(), key.0) {
                self.finish_from(ends, green, path);
                return Look::Won;
            }
            return Look::Lost(CutReason::Proven);
        }
        // On a winning line found before: its jumps finish the win.
        if !self.won.is_empty()
            && self.won.contains(&(green, red))
            && self.finish_known(green, red, path)
        {
            return Look::Won;
        }
        if self.dead.contains(&key) {
            return Look::Lost(CutReason::Seen);
        }
        Look::Open(key)
    }

    /// The search below a position not known yet (`key`, its least mirror
    /// image), as `dfs`.
    fn expand(
        &mut self,
        green: u64,
        red: u8,
        key: (u64, u8),
        path: &mut Vec<HopMove>,
        search: &mut Search<'_, HopMove>,
    ) -> Option<bool> {
        let depth = path.len() as u32;
        if search.nodes >= self.probe_end
            || !search.node(depth)
            || !search.memory(self.dead.len() * 24)
        {
            return None;
        }
        // The jumps open here, on the stack of those of every depth, in the
        // order they are tried: fewest lone and outlying frogs after them
        // first when the level asks (`weights`), else the jumps' own order.
        let first = self.kids.len();
        for i in 0..self.jumps.len() {
            if let Some((g, r)) = Solver::after(&self.jumps[i], green, red) {
                let score = self.weights.as_ref().map_or(0, |w| w.score(g, r));
                let jump = i as u16;
                self.kids.push(Kid {
                    score,
                    jump,
                    key: (0, 0),
                });
            }
        }
        let ordered = self.weights.is_some();
        if ordered && self.look_ahead(green, red, first, path, search) {
            self.kids.truncate(first);
            return Some(true);
        }
        let mut answer = Some(false);
        for k in first..self.kids.len() {
            let kid = self.kids[k];
            let j = &self.jumps[kid.jump as usize];
            let Some((g, r)) = Solver::after(j, green, red) else {
                continue;
            };
            // Found lost below a jump tried before this one.
            if ordered && self.dead.contains(&kid.key) {
                continue;
            }
            let mv = j.mv;
            path.push(mv);
            search.tried(mv, depth + 1);
            answer = match ordered {
                true => self.expand(g, r, kid.key, path, search),
                false => self.dfs(g, r, path, search),
            };
            if answer != Some(false) {
                break;
            }
            path.pop();
            search.taken_back(mv, depth + 1);
        }
        self.kids.truncate(first);
        if answer == Some(false) {
            self.dead.insert(key);
        }
        answer
    }

    /// The move map's search looks at the position after each jump open
    /// here (the kids from `first` on) before it tries any: their look-ups
    /// in the big tables overlap, a jump into a known win ends the search
    /// at once (true, the win in `path`), and the jumps into positions
    /// known lost are dropped; those left are sorted, best first. (A
    /// watched search looks at each position as it tries its jump.)
    fn look_ahead(
        &mut self,
        green: u64,
        red: u8,
        first: usize,
        path: &mut Vec<HopMove>,
        search: &mut Search<'_, HopMove>,
    ) -> bool {
        let depth = path.len() as u32;
        let mut kept = first;
        for k in first..self.kids.len() {
            let kid = self.kids[k];
            let j = &self.jumps[kid.jump as usize];
            let Some((g, r)) = Solver::after(j, green, red) else {
                continue;
            };
            path.push(j.mv);
            match self.look(g, r, path) {
                Look::Won => return true,
                Look::Lost(why) => {
                    path.pop();
                    search.cut(depth + 1, why);
                }
                Look::Open(key) => {
                    path.pop();
                    self.kids[kept] = Kid { key, ..kid };
                    kept += 1;
                }
            }
        }
        self.kids.truncate(kept);
        self.kids[first..].sort_by_key(|k| k.score);
        false
    }
}
