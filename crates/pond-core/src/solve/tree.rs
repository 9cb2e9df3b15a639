//! The search as a tree, rebuilt from a solver's events: each node a move
//! from its parent's position, the line the search is on, the branches it
//! gave up (folded into one node with their count once the tree is large),
//! and the solution once found. The game's tree view and `pond solve --tree`
//! both read it.

use super::{CutReason, Outcome, SolverEvent};
use crate::rules::{Puzzle, PuzzleMove, PuzzleUndo};

/// The root's id: the position the search started from.
pub const ROOT: u32 = 0;

/// Where a node stands in the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// On the line the search is on now (or was on when it stopped).
    Line,
    /// Tried and taken back: the search gave it up.
    GivenUp,
    /// On the solution's line, from the root to the goal.
    Solution,
}

/// One position the search reached.
#[derive(Debug, Clone)]
pub struct TreeNode {
    /// The move from the parent's position (none at the root).
    pub mv: Option<PuzzleMove>,
    pub parent: u32,
    pub depth: u32,
    /// The moves tried from here, in the order tried (empty once folded).
    pub children: Vec<u32>,
    /// The legal moves at this position.
    pub legal: u32,
    /// The moves tried from here, counted even after folding.
    pub tried: u32,
    pub mark: Mark,
    /// Positions the search reached in this subtree, this one included,
    /// while it was off the line (a node on the line adds the ones since).
    positions: u64,
    /// The tree's count of positions when the search last entered it.
    entered: u64,
    /// True when its given-up subtree was folded into it.
    pub folded: bool,
    /// True when it has no legal move.
    pub leaf: bool,
    /// A best-first search's bound when the search first reached it: the
    /// round it was reached in, its estimate of the whole line's length
    /// (moves so far, and at least those left). None for a depth-first search.
    pub round: Option<u32>,
    /// Why the search gave it up without searching on from it, if it did.
    pub cut: Option<CutReason>,
    /// Moves from it the search ruled out without entering them.
    pub cut_moves: u32,
}

/// The figures of a search, read off its events.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TreeStats {
    /// Positions reached, the start included.
    pub positions: u64,
    /// Positions given up with no move tried from them.
    pub dead_ends: u64,
    /// Moves taken back.
    pub backtracks: u64,
    /// The deepest line reached.
    pub deepest: u32,
    /// Positions given up without a search, by reason (`CutReason::ALL`).
    pub cuts: [u64; 2],
}

impl TreeStats {
    /// The figures in words: "9 positions, 1 dead end, 4 moves taken back".
    pub fn words(&self) -> String {
        format!(
            "{}, {}, {}",
            counted(self.positions, "position", "positions"),
            counted(self.dead_ends, "dead end", "dead ends"),
            counted(self.backtracks, "move taken back", "moves taken back")
        )
    }
}

/// A count and its noun, singular for one.
pub fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// What went wrong rebuilding a tree: events that do not fit the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LostPlace(pub String);

/// The search tree, as its events have built it so far.
#[derive(Debug, Clone)]
pub struct SearchTree {
    nodes: Vec<TreeNode>,
    free: Vec<u32>,
    /// Node ids from the root to where the search is.
    line: Vec<u32>,
    start: Puzzle,
    /// The position at the end of the line, and how to take each move back.
    at: Puzzle,
    undos: Vec<PuzzleUndo>,
    stats: TreeStats,
    /// Nodes held before given-up subtrees are folded.
    keep: usize,
    live: usize,
    solved: bool,
    /// A best-first search's rounds: each bound it raised to, with the
    /// positions it had expanded then.
    rounds: Vec<(u32, u64)>,
    /// The length of a win known before a best-first search (it looks only
    /// for shorter lines).
    known: Option<u32>,
}

impl SearchTree {
    /// A tree for a search from `start` that keeps given-up branches whole
    /// while it holds fewer than `keep` nodes, and folds them after.
    pub fn new(start: &Puzzle, keep: usize) -> SearchTree {
        let legal = start.legal_moves().len() as u32;
        SearchTree {
            nodes: vec![TreeNode {
                mv: None,
                parent: ROOT,
                depth: 0,
                children: Vec::new(),
                legal,
                tried: 0,
                mark: Mark::Line,
                positions: 1,
                entered: 1,
                folded: false,
                leaf: legal == 0,
                round: None,
                cut: None,
                cut_moves: 0,
            }],
            free: Vec::new(),
            line: vec![ROOT],
            start: start.clone(),
            at: start.clone(),
            undos: Vec::new(),
            stats: TreeStats {
                positions: 1,
                ..TreeStats::default()
            },
            keep: keep.max(1),
            live: 1,
            solved: false,
            rounds: Vec::new(),
            known: None,
        }
    }

    /// An empty tree for the same search (its start, what it keeps, the win
    /// known before it): the tree of a moment of its timeline is fed anew
    /// from here.
    pub fn restarted(&self) -> SearchTree {
        let mut t = SearchTree::new(&self.start, self.keep);
        t.known = self.known;
        t
    }

    /// How far a best-first search has narrowed the shortest win: the
    /// bound now (no shorter line wins), the length of the win known
    /// before it, and the share of the gap between its first bound and
    /// that win closed (1 once won). None for a search without rounds or a
    /// known win.
    pub fn narrowed(&self) -> Option<(u32, u32, f64)> {
        let (first, now, known) = (self.rounds.first()?.0, self.round()?, self.known?);
        let share = if self.solved {
            1.0
        } else if known > first {
            (f64::from(now.min(known) - first) / f64::from(known - first)).clamp(0.0, 1.0)
        } else {
            0.0
        };
        Some((now, known, share))
    }

    /// A best-first search's rounds so far: each bound and the positions it
    /// had expanded when it rose to it.
    pub fn rounds(&self) -> &[(u32, u64)] {
        &self.rounds
    }

    /// The bound the search is under now, if it is best-first.
    pub fn round(&self) -> Option<u32> {
        self.rounds.last().map(|r| r.0)
    }

    /// Whether `id` is a node of the tree now: within it, and not freed by
    /// folding (its parents lead to the root, each holding it).
    pub fn holds(&self, id: u32) -> bool {
        let mut at = id;
        while at != ROOT {
            let Some(n) = self.nodes.get(at as usize) else {
                return false;
            };
            let Some(parent) = self.nodes.get(n.parent as usize) else {
                return false;
            };
            if self.free.contains(&at) || !parent.children.contains(&at) {
                return false;
            }
            at = n.parent;
        }
        true
    }

    pub fn node(&self, id: u32) -> &TreeNode {
        &self.nodes[id as usize]
    }

    /// The nodes from the root to where the search is.
    pub fn line(&self) -> &[u32] {
        &self.line
    }

    pub fn stats(&self) -> TreeStats {
        self.stats
    }

    /// Nodes held now (folded subtrees count one).
    pub fn live(&self) -> usize {
        self.live
    }

    pub fn solved(&self) -> bool {
        self.solved
    }

    pub fn start(&self) -> &Puzzle {
        &self.start
    }

    /// Positions reached in a node's subtree, itself included.
    pub fn positions(&self, id: u32) -> u64 {
        let n = self.node(id);
        if n.mark == Mark::GivenUp {
            n.positions
        } else {
            n.positions + self.stats.positions - n.entered
        }
    }

    /// The moves from the root to a node.
    pub fn path(&self, id: u32) -> Vec<PuzzleMove> {
        let mut path = Vec::new();
        let mut at = id;
        while at != ROOT {
            let n = self.node(at);
            path.extend(n.mv);
            at = n.parent;
        }
        path.reverse();
        path
    }

    /// The position at a node.
    pub fn position(&self, id: u32) -> Puzzle {
        let mut p = self.start.clone();
        for mv in self.path(id) {
            // The tree holds only moves the rules allowed.
            let _ = p.apply(mv);
        }
        p
    }

    /// The legal moves at a node that the search has not tried (yet).
    pub fn untried(&self, id: u32) -> Vec<PuzzleMove> {
        let n = self.node(id);
        if n.tried >= n.legal || n.folded {
            return Vec::new();
        }
        let tried: Vec<PuzzleMove> = n.children.iter().filter_map(|&c| self.node(c).mv).collect();
        self.position(id)
            .legal_moves()
            .into_iter()
            .filter(|mv| !tried.contains(mv))
            .collect()
    }

    /// Takes one event of the search into the tree.
    pub fn feed(&mut self, event: &SolverEvent<PuzzleMove>) -> Result<(), LostPlace> {
        match event {
            SolverEvent::Tried { mv, depth } => self.tried(*mv, *depth),
            SolverEvent::TakenBack { depth, .. } => self.taken_back(*depth),
            SolverEvent::Progress { .. } => Ok(()),
            SolverEvent::Bound {
                moves,
                nodes,
                known,
            } => {
                self.known = match (self.known, *known) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                let root = &mut self.nodes[ROOT as usize];
                root.round = root.round.or(Some(*moves));
                if self.round() != Some(*moves) {
                    self.rounds.push((*moves, *nodes));
                }
                Ok(())
            }
            SolverEvent::Cut { depth, why } => self.cut(*depth, *why),
            SolverEvent::Done(outcome) => {
                self.done(outcome);
                Ok(())
            }
        }
    }

    /// A position given up without a search: the end of the line (tried,
    /// then cut), or a move from there that is not entered.
    fn cut(&mut self, depth: u32, why: CutReason) -> Result<(), LostPlace> {
        let at = *self.line.last().unwrap_or(&ROOT);
        let n = &mut self.nodes[at as usize];
        if depth == n.depth {
            n.cut = Some(why);
        } else if depth == n.depth + 1 {
            n.cut_moves += 1;
        } else {
            return Err(LostPlace(format!(
                "a position cut at depth {depth} while the line is {} deep",
                n.depth
            )));
        }
        self.stats.cuts[why.index()] += 1;
        Ok(())
    }

    fn tried(&mut self, mv: PuzzleMove, depth: u32) -> Result<(), LostPlace> {
        if depth as usize != self.line.len() {
            return Err(LostPlace(format!(
                "a move tried at depth {depth} while the line is {} deep",
                self.line.len() - 1
            )));
        }
        let undo = self
            .at
            .apply(mv)
            .map_err(|e| LostPlace(format!("the move {mv} was tried, but {e}")))?;
        self.undos.push(undo);
        let parent = *self.line.last().unwrap_or(&ROOT);
        let again = self.nodes[parent as usize]
            .children
            .iter()
            .copied()
            .find(|&c| self.node(c).mv == Some(mv));
        self.stats.deepest = self.stats.deepest.max(depth);
        let id = match again {
            // A best-first search comes back to a line it set aside: on
            // its way to a new position, not a position reached again.
            Some(id) => {
                let n = &mut self.nodes[id as usize];
                n.mark = Mark::Line;
                n.entered = self.stats.positions;
                id
            }
            None => {
                self.stats.positions += 1;
                let legal = self.at.legal_moves().len() as u32;
                let node = TreeNode {
                    mv: Some(mv),
                    parent,
                    depth,
                    children: Vec::new(),
                    legal,
                    tried: 0,
                    mark: Mark::Line,
                    positions: 1,
                    entered: self.stats.positions,
                    folded: false,
                    leaf: legal == 0,
                    round: self.round(),
                    cut: None,
                    cut_moves: 0,
                };
                let id = match self.free.pop() {
                    Some(id) => {
                        self.nodes[id as usize] = node;
                        id
                    }
                    None => {
                        self.nodes.push(node);
                        (self.nodes.len() - 1) as u32
                    }
                };
                self.live += 1;
                let p = &mut self.nodes[parent as usize];
                p.children.push(id);
                p.tried += 1;
                p.leaf = false;
                id
            }
        };
        self.line.push(id);
        Ok(())
    }

    fn taken_back(&mut self, depth: u32) -> Result<(), LostPlace> {
        if depth as usize + 1 != self.line.len() || depth == 0 {
            return Err(LostPlace(format!(
                "a move taken back at depth {depth} while the line is {} deep",
                self.line.len() - 1
            )));
        }
        let (Some(id), Some(undo)) = (self.line.pop(), self.undos.pop()) else {
            return Err(LostPlace("a move taken back from the start".into()));
        };
        self.at.undo(&undo);
        self.stats.backtracks += 1;
        let now = self.stats.positions;
        let n = &mut self.nodes[id as usize];
        n.positions += now - n.entered;
        n.mark = Mark::GivenUp;
        if n.tried == 0 {
            self.stats.dead_ends += 1;
        }
        if self.live > self.keep && !n.children.is_empty() {
            self.fold(id);
        }
        Ok(())
    }

    /// Folds a given-up subtree into its root, freeing its nodes.
    fn fold(&mut self, id: u32) {
        let mut stack = std::mem::take(&mut self.nodes[id as usize].children);
        self.nodes[id as usize].folded = true;
        while let Some(c) = stack.pop() {
            stack.append(&mut self.nodes[c as usize].children);
            self.free.push(c);
            self.live -= 1;
        }
    }

    fn done(&mut self, outcome: &Outcome<PuzzleMove>) {
        let Outcome::Solved { moves, .. } = outcome else {
            return;
        };
        // The solution's line, from the root: nodes the events did not bring
        // are added (a search may answer without tracing every move).
        let mut at = ROOT;
        let mut p = self.start.clone();
        let mut line = vec![ROOT];
        let mut undos = Vec::with_capacity(moves.len());
        for &mv in moves.iter() {
            match p.apply(mv) {
                Ok(undo) => undos.push(undo),
                Err(_) => return,
            }
        }
        p = self.start.clone();
        let played_through = self.stats.positions == 1;
        self.nodes[ROOT as usize].mark = Mark::Solution;
        for (i, &mv) in moves.iter().enumerate() {
            let _ = p.apply(mv);
            let child = self.nodes[at as usize]
                .children
                .iter()
                .copied()
                .find(|&c| self.node(c).mv == Some(mv));
            at = match child {
                Some(c) => c,
                None => {
                    // A search that expanded nothing (a quick line it
                    // proved shortest) looked at its line's positions: they
                    // count ("1 position" was said beside a line of 7
                    // moves). A search that did expand counts what it
                    // expanded, as its own count does.
                    if played_through {
                        self.stats.positions += 1;
                    }
                    let legal = p.legal_moves().len() as u32;
                    self.nodes.push(TreeNode {
                        mv: Some(mv),
                        parent: at,
                        depth: i as u32 + 1,
                        children: Vec::new(),
                        legal,
                        tried: 0,
                        mark: Mark::Solution,
                        positions: 1,
                        entered: self.stats.positions,
                        folded: false,
                        leaf: legal == 0,
                        round: self.round(),
                        cut: None,
                        cut_moves: 0,
                    });
                    let id = (self.nodes.len() - 1) as u32;
                    self.live += 1;
                    let parent = &mut self.nodes[at as usize];
                    parent.children.push(id);
                    parent.tried += 1;
                    id
                }
            };
            self.nodes[at as usize].mark = Mark::Solution;
            line.push(at);
        }
        // The line is the solution's now: a best-first search finds its
        // goal from a line it had set aside, and the end of the timeline,
        // the map's "you are here" and the board after it are the win.
        for &id in &self.line {
            let now = self.stats.positions;
            let n = &mut self.nodes[id as usize];
            if !line.contains(&id) && n.mark == Mark::Line {
                n.positions += now - n.entered;
                n.mark = Mark::GivenUp;
            }
        }
        self.line = line;
        self.at = p;
        self.undos = undos;
        self.solved = true;
    }

    /// The nodes in depth-first order, each with its depth, skipping what
    /// `show` leaves out (with its subtree).
    pub fn walk(&self, mut show: impl FnMut(u32) -> bool) -> Vec<u32> {
        let mut out = Vec::new();
        let mut stack = vec![ROOT];
        while let Some(id) = stack.pop() {
            if !show(id) {
                continue;
            }
            out.push(id);
            stack.extend(self.node(id).children.iter().rev().copied());
        }
        out
    }
}

#[cfg(test)]
#[path = "tree_tests.rs"]
mod tests;
