//! The tree as rows: the line, the branches given up (one row each, with
//! their count), the moves not tried, the solution.

use super::*;

/// The tone of a row: where its node stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Start,
    Line,
    Solution,
    GivenUp,
    Untried,
}

/// One row of the outline.
#[derive(Debug, Clone)]
pub struct Row {
    pub id: Option<u32>,
    pub depth: u32,
    pub words: String,
    pub tone: Tone,
    /// The round of a best-first search it was reached in.
    pub round: Option<u32>,
    /// An untried row's moves, in words (its words name the first few;
    /// a narrow column names as many as fit, `untried_words`).
    pub untried: Vec<String>,
}

/// An untried row's words within `letters`: the count and as many of its
/// moves (at most three) as fit whole, the others counted ("3 untried:
/// left frog steps right and 2 more", or "3 untried: left frog steps
/// right, ..."); the count alone where none fits.
/// At 800x600 a row read "2 untried: centre frog jumps ri...".
pub fn untried_words(moves: &[String], letters: usize) -> String {
    let n = moves.len();
    for named in (1..=n.min(3)).rev() {
        let mut words = format!("{n} untried: {}", moves[..named].join(", "));
        if n > named {
            words.push_str(&format!(" and {} more", n - named));
        }
        if words.chars().count() <= letters {
            return words;
        }
    }
    // Shorter: the others as ", ...".
    for named in (1..n.min(4)).rev() {
        let words = format!("{n} untried: {}, ...", moves[..named].join(", "));
        if words.chars().count() <= letters {
            return words;
        }
    }
    format!("{n} untried")
}

/// The outline of the tree: the root, and under each node on the line (or
/// the solution) the moves tried from it, then its untried moves in one
/// faint row. Branches given up show as one row with their count.
pub fn outline(tree: &SearchTree, watch: Watch) -> Vec<Row> {
    enum Visit {
        Node(u32),
        Untried(u32),
        Leave(PuzzleUndo),
    }
    let best_first = sets_aside(watch, tree);
    let mut rows = Vec::new();
    let mut at: Puzzle = tree.start().clone();
    let mut stack = vec![Visit::Node(ROOT)];
    while let Some(visit) = stack.pop() {
        match visit {
            Visit::Leave(undo) => at.undo(&undo),
            Visit::Untried(id) => {
                let n = tree.node(id);
                if n.tried >= n.legal || n.folded {
                    continue;
                }
                let tried: Vec<PuzzleMove> =
                    n.children.iter().filter_map(|&c| tree.node(c).mv).collect();
                let untried: Vec<String> = at
                    .legal_moves()
                    .into_iter()
                    .filter(|mv| !tried.contains(mv))
                    .map(|mv| step_words(&at, mv))
                    .collect();
                rows.push(Row {
                    id: None,
                    depth: n.depth + 1,
                    words: untried_words(&untried, usize::MAX),
                    tone: Tone::Untried,
                    round: None,
                    untried,
                });
            }
            Visit::Node(id) => {
                let n = tree.node(id);
                let mut words = match n.mv {
                    Some(mv) => step_words(&at, mv),
                    None => format!("start ({})", tree.positions(ROOT)),
                };
                let tone = match (n.mv, n.mark) {
                    (None, Mark::Solution) => Tone::Solution,
                    (None, _) => Tone::Start,
                    (_, Mark::Line) => Tone::Line,
                    (_, Mark::Solution) => Tone::Solution,
                    (_, Mark::GivenUp) => Tone::GivenUp,
                };
                if tone == Tone::GivenUp {
                    words.push_str(" - ");
                    words.push_str(&given_up(best_first, tree, id));
                }
                rows.push(Row {
                    id: Some(id),
                    depth: n.depth,
                    words,
                    tone,
                    round: n.round,
                    untried: Vec::new(),
                });
                if tone == Tone::GivenUp {
                    continue;
                }
                if let Some(mv) = n.mv {
                    match at.apply(mv) {
                        Ok(undo) => stack.push(Visit::Leave(undo)),
                        Err(_) => continue,
                    }
                }
                stack.push(Visit::Untried(id));
                stack.extend(n.children.iter().rev().map(|&c| Visit::Node(c)));
            }
        }
    }
    rows
}

/// What a given-up node's row says of it, in few words (the count first
/// to be seen: the rows are narrow).
pub(super) fn given_up(best_first: bool, tree: &SearchTree, id: u32) -> String {
    let n = tree.node(id);
    let positions = tree.positions(id);
    match (best_first, n.tried) {
        (true, _) => format!("set aside ({positions})"),
        (_, 0) if n.leaf => "dead end".into(),
        (_, 0) => "skipped".into(),
        _ => format!("{positions} lost"),
    }
}

#[cfg(test)]
mod tests {
    use super::untried_words;

    /// A narrow untried row names as many of its moves as fit whole, and
    /// counts the others; never a move cut short.
    #[test]
    fn an_untried_row_names_whole_moves() {
        let moves: Vec<String> = ["centre frog jumps right", "top frog jumps down"]
            .map(String::from)
            .to_vec();
        let whole = "2 untried: centre frog jumps right, top frog jumps down";
        assert_eq!(untried_words(&moves, 80), whole);
        assert_eq!(
            untried_words(&moves, 50),
            "2 untried: centre frog jumps right and 1 more"
        );
        assert_eq!(
            untried_words(&moves, 40),
            "2 untried: centre frog jumps right, ..."
        );
        assert_eq!(untried_words(&moves, 34), "2 untried");
        let five: Vec<String> = (1..=5).map(|i| format!("pour {i}")).collect();
        assert_eq!(
            untried_words(&five, 80),
            "5 untried: pour 1, pour 2, pour 3 and 2 more"
        );
        for letters in 0..80 {
            let w = untried_words(&moves, letters);
            assert!(w.chars().count() <= letters.max(9), "{w}");
            assert!(!w.contains("...") || w.ends_with(", ..."), "{w}");
        }
    }
}
