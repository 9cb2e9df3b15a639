use super::*;
use crate::levels::{SHIPPED, parse_pack};
use crate::rules::swap::{Swap, parse_row};
use crate::solve::plain::solve_plain;
use crate::solve::{Budget, CutReason, Outcome, solve};

/// A search tree made by plain recursion over the rules: every legal move in
/// order, stopping at the first goal, with no events involved.
#[derive(Debug, PartialEq)]
struct Shape {
    mv: Option<PuzzleMove>,
    children: Vec<Shape>,
}

fn enumerate(
    p: &mut Puzzle,
    mv: Option<PuzzleMove>,
    found: &mut Option<Vec<PuzzleMove>>,
    line: &mut Vec<PuzzleMove>,
) -> Shape {
    let mut shape = Shape {
        mv,
        children: Vec::new(),
    };
    if p.is_goal() {
        *found = Some(line.clone());
        return shape;
    }
    for m in p.legal_moves() {
        if found.is_some() {
            break;
        }
        let Ok(undo) = p.apply(m) else { continue };
        line.push(m);
        shape.children.push(enumerate(p, Some(m), found, line));
        line.pop();
        p.undo(&undo);
    }
    shape
}

fn shape_of(tree: &SearchTree, id: u32) -> Shape {
    let n = tree.node(id);
    Shape {
        mv: n.mv,
        children: n.children.iter().map(|&c| shape_of(tree, c)).collect(),
    }
}

fn count(s: &Shape) -> u64 {
    1 + s.children.iter().map(count).sum::<u64>()
}

fn plain_tree(p: &Puzzle, keep: usize) -> (SearchTree, Outcome<PuzzleMove>) {
    let mut tree = SearchTree::new(p, keep);
    let mut lost = None;
    let mut sink = |e: &SolverEvent<PuzzleMove>| {
        if let Err(e) = tree.feed(e) {
            lost.get_or_insert(e);
        }
    };
    let report = solve_plain(p, Budget::unlimited(), Some(&mut sink), true);
    assert_eq!(lost, None);
    (tree, report.outcome)
}

fn rows(len: usize) -> Vec<String> {
    let mut out = Vec::new();
    for code in 0..3usize.pow(len as u32) {
        let mut c = code;
        let row: String = (0..len)
            .map(|_| {
                let ch = ['L', 'R', '_'][c % 3];
                c /= 3;
                ch
            })
            .collect();
        if row.contains('_') {
            out.push(row);
        }
    }
    out
}

#[test]
fn the_tree_of_the_plain_search_is_the_tree_of_a_plain_recursion() {
    let mut checked = 0;
    for len in 1..=7 {
        for row in rows(len) {
            for jump_own in [false, true] {
                let cells = parse_row(&row).expect("a row of L, R and _");
                let p = Puzzle::Swap(Swap::new(cells, jump_own));
                let (tree, outcome) = plain_tree(&p, usize::MAX);
                let mut found = None;
                let shape = enumerate(&mut p.clone(), None, &mut found, &mut Vec::new());
                assert_eq!(shape_of(&tree, ROOT), shape, "{row}");
                assert_eq!(tree.stats().positions, count(&shape), "{row}");
                assert_eq!(outcome.moves().map(<[_]>::to_vec), found, "{row}");
                checked += 1;
            }
        }
    }
    assert!(checked > 4000, "{checked} rows");
    // A few ponds of the shipped pack.
    let pack = parse_pack(SHIPPED[1].0, SHIPPED[1].1).expect("the pond pack loads");
    for level in pack.levels.iter().take(6) {
        let (tree, _) = plain_tree(&level.puzzle, usize::MAX);
        let mut found = None;
        let shape = enumerate(&mut level.puzzle.clone(), None, &mut found, &mut Vec::new());
        assert_eq!(shape_of(&tree, ROOT), shape, "{}", level.name);
        assert!(found.is_some(), "{}", level.name);
    }
}

#[test]
fn given_up_branches_fold_into_their_counts_and_the_figures_stay() {
    // The English board's search, in a tree that keeps everything and in
    // one that keeps 64 nodes before folding.
    let pack = parse_pack(SHIPPED[2].0, SHIPPED[2].1).expect("the peg pack loads");
    let english = pack
        .levels
        .iter()
        .find(|l| l.name.contains("English"))
        .expect("the English board ships");
    let mut whole = SearchTree::new(&english.puzzle, usize::MAX);
    let mut folded = SearchTree::new(&english.puzzle, 64);
    let mut most = 0;
    let mut sink = |e: &SolverEvent<PuzzleMove>| {
        whole.feed(e).expect("the events fit the rules");
        folded.feed(e).expect("the events fit the rules");
        most = most.max(folded.live());
    };
    let report = solve(&english.puzzle, Budget::unlimited(), Some(&mut sink), true);
    assert!(matches!(report.outcome, Outcome::Solved { .. }));
    assert_eq!(whole.stats(), folded.stats());
    assert!(whole.live() > 1000, "{} nodes", whole.live());
    // What is held: the line and the siblings of its nodes, at most.
    assert!(most < 64 + 32 * 40, "{most} nodes held");
    for tree in [&whole, &folded] {
        assert!(tree.solved());
        assert_eq!(tree.positions(ROOT), tree.stats().positions);
        // Every node's count is itself and its children's counts.
        for id in tree.walk(|_| true) {
            let n = tree.node(id);
            if !n.folded {
                let below: u64 = n.children.iter().map(|&c| tree.positions(c)).sum();
                assert_eq!(tree.positions(id), 1 + below, "node {id}");
            }
        }
        // The solution is marked from the root to a won position.
        let line: Vec<u32> = tree.walk(|id| tree.node(id).mark == Mark::Solution);
        let last = *line.last().expect("a solution line");
        assert!(tree.position(last).is_won());
        assert_eq!(tree.path(last).len(), 31);
    }
    // The root's children carry the same counts folded or not.
    let counts = |t: &SearchTree| -> Vec<u64> {
        t.node(ROOT)
            .children
            .iter()
            .map(|&c| t.positions(c))
            .collect()
    };
    assert_eq!(counts(&whole), counts(&folded));
}

#[test]
fn events_that_do_not_fit_the_rules_are_refused() {
    let p = Puzzle::Swap(Swap::new(parse_row("L_R").expect("a row"), false));
    let mv = p.legal_moves()[0];
    let mut tree = SearchTree::new(&p, 100);
    assert!(tree.feed(&SolverEvent::Tried { mv, depth: 2 }).is_err());
    assert!(tree.feed(&SolverEvent::TakenBack { mv, depth: 1 }).is_err());
    tree.feed(&SolverEvent::Tried { mv, depth: 1 })
        .expect("a legal first move");
    assert_eq!(tree.untried(ROOT).len(), p.legal_moves().len() - 1);
    tree.feed(&SolverEvent::TakenBack { mv, depth: 1 })
        .expect("taken back");
    assert_eq!(tree.node(tree.node(ROOT).children[0]).mark, Mark::GivenUp);
    assert_eq!(tree.stats().dead_ends, 1);
}

/// Flood's best-first search tells each rise of its bound: the bounds rise
/// one move at a time, the positions expanded never fall, and the last
/// bound is the length of the shortest solution.
#[test]
fn a_best_first_search_tells_the_rounds_of_its_bound() {
    let pack = parse_pack(SHIPPED[3].0, SHIPPED[3].1).expect("the flood pack loads");
    let mut checked = 0;
    for level in pack.levels.iter().take(12) {
        let mut bounds = Vec::new();
        let mut sink = |e: &SolverEvent<PuzzleMove>| {
            if let SolverEvent::Bound { moves, nodes, .. } = e {
                bounds.push((*moves, *nodes));
            }
        };
        let report = solve(
            &level.puzzle,
            Budget::nodes(200_000),
            Some(&mut sink),
            false,
        );
        let Outcome::Solved {
            moves,
            optimal: true,
        } = report.outcome
        else {
            continue;
        };
        if bounds.is_empty() {
            // The greedy line was proven shortest before any search.
            continue;
        }
        for w in bounds.windows(2) {
            assert_eq!(w[1].0, w[0].0 + 1, "{}: {bounds:?}", level.name);
            assert!(w[1].1 >= w[0].1, "{}: {bounds:?}", level.name);
        }
        assert_eq!(
            bounds.last().map(|b| b.0 as usize),
            Some(moves.len()),
            "{}",
            level.name
        );
        checked += 1;
    }
    assert!(checked >= 5, "{checked} levels searched");
}

/// Flood's search tells, with each bound, the win it knew before it (the
/// quick player's): the tree narrows the shortest win between its bound and
/// that win, the share of the gap closed never falls and is whole once won,
/// and a tree restarted for the timeline keeps the known win.
#[test]
fn a_best_first_tree_narrows_the_shortest_win() {
    let pack = parse_pack(SHIPPED[3].0, SHIPPED[3].1).expect("the flood pack loads");
    let mut checked = 0;
    for level in pack.levels.iter().take(12) {
        let p = &level.puzzle;
        let mut tree = SearchTree::new(p, usize::MAX);
        let mut narrowed = Vec::new();
        let mut sink = |e: &SolverEvent<PuzzleMove>| {
            tree.feed(e).expect("events fit");
            if let SolverEvent::Bound { .. } = e {
                narrowed.push(tree.narrowed().expect("a known win with each bound"));
            }
        };
        let report = solve(p, Budget::nodes(200_000), Some(&mut sink), true);
        let Outcome::Solved { moves, .. } = report.outcome else {
            continue;
        };
        if narrowed.len() < 2 {
            continue;
        }
        let known = narrowed[0].1;
        assert!(known as usize >= moves.len(), "{}", level.name);
        for w in narrowed.windows(2) {
            assert_eq!(w[1].1, known, "{}: the known win stays", level.name);
            assert!(w[1].0 <= known && w[1].2 >= w[0].2, "{}: {w:?}", level.name);
        }
        assert_eq!(
            narrowed[0].2, 0.0,
            "{}: nothing closed at first",
            level.name
        );
        assert_eq!(tree.narrowed().map(|n| n.2), Some(1.0), "{}", level.name);
        // Restarted, it has no rounds yet; a bound fed to it again (as the
        // timeline's steps carry it, without the known win) narrows as
        // the search's own did.
        let mut again = tree.restarted();
        assert_eq!(again.narrowed(), None);
        let first = SolverEvent::Bound {
            moves: narrowed[0].0,
            nodes: 0,
            known: None,
        };
        again.feed(&first).expect("a bound fits");
        assert_eq!(again.narrowed(), Some(narrowed[0]), "{}", level.name);
        checked += 1;
    }
    assert!(checked >= 3, "{checked} levels searched by rounds");
}

/// Each node of Flood's tree carries the round it was reached in: the
/// root the first bound, a child never an earlier round than its parent, no
/// round under the node's depth (the bound counts the moves made), the goal
/// the last round, which is the solution's length; the picture and the graph
/// key every round.
#[test]
fn a_best_first_trees_nodes_carry_their_rounds() {
    let pack = parse_pack(SHIPPED[3].0, SHIPPED[3].1).expect("the flood pack loads");
    let mut checked = 0;
    for level in pack.levels.iter().take(12) {
        let p = &level.puzzle;
        let mut tree = SearchTree::new(p, usize::MAX);
        let mut sink = |e: &SolverEvent<PuzzleMove>| tree.feed(e).expect("events fit");
        let report = solve(p, Budget::nodes(200_000), Some(&mut sink), true);
        let Outcome::Solved { moves, .. } = report.outcome else {
            continue;
        };
        if tree.rounds().len() < 2 {
            continue;
        }
        let (first, last) = (tree.rounds()[0].0, tree.round().unwrap());
        assert_eq!(last as usize, moves.len(), "{}", level.name);
        assert_eq!(tree.node(ROOT).round, Some(first), "{}", level.name);
        let ids = tree.walk(|_| true);
        for &id in &ids {
            let n = tree.node(id);
            let round = n.round.expect("every node has a round");
            assert!((first..=last).contains(&round), "{}: {round}", level.name);
            assert!(
                round >= n.depth,
                "{}: round {round} at depth {}",
                level.name,
                n.depth
            );
            if id != ROOT {
                assert!(
                    round >= tree.node(n.parent).round.unwrap(),
                    "{}",
                    level.name
                );
            }
            if n.mark == Mark::Solution && n.depth as usize == moves.len() {
                assert_eq!(round, last, "{}: the goal", level.name);
            }
        }
        let words = |mv: PuzzleMove| mv.to_string();
        let pic = super::super::tree_draw::svg(&tree, "t", &words);
        let graph = super::super::tree_draw::dot(&tree, "t", &words);
        for &(bound, _) in tree.rounds() {
            assert!(pic.contains(&format!(">bound {bound}")), "{pic}");
            assert!(graph.contains(&format!("bound {bound}")), "{graph}");
        }
        let first_fill = super::super::tree_draw::round_colour(first, tree.rounds());
        let last_fill = super::super::tree_draw::round_colour(last, tree.rounds());
        assert_ne!(first_fill, last_fill);
        assert!(graph.contains("fillcolor="), "{graph}");
        checked += 1;
    }
    assert!(checked >= 3, "{checked} levels with rounds");
}

/// The solver's tree of a shipped level, whole (nothing folded).
fn solver_tree(p: &Puzzle) -> SearchTree {
    let mut tree = SearchTree::new(p, usize::MAX);
    let mut lost = None;
    let mut sink = |e: &SolverEvent<PuzzleMove>| {
        if let Err(e) = tree.feed(e) {
            lost.get_or_insert(e);
        }
    };
    solve(p, Budget::nodes(2_000_000), Some(&mut sink), true);
    assert_eq!(lost, None);
    tree
}

/// Every position the solver gives up without a search carries why: on
/// the pond and peg boards, a position cut is one given up with no move
/// tried and moves left (known lost, or one of its mirrors), and no other
/// is; where moves are ruled out without being entered (Swap, Escape), the
/// tree counts them on their position, never past its legal moves; and the
/// figures count every cut once.
#[test]
fn the_solvers_cuts_carry_their_reasons() {
    let mut seen_cut = [0u64; 2];
    for (file, text) in SHIPPED {
        let pack = parse_pack(file, text).expect("a shipped pack loads");
        for level in pack.levels.iter().take(12) {
            let p = &level.puzzle;
            if matches!(p, Puzzle::Flood(_)) {
                continue;
            }
            let tree = solver_tree(p);
            let mut counted = [0u64; 2];
            let mut stack = vec![ROOT];
            while let Some(id) = stack.pop() {
                let n = tree.node(id);
                stack.extend(n.children.iter().copied());
                if let Some(why) = n.cut {
                    counted[why.index()] += 1;
                    assert_eq!(n.tried, 0, "{file} {}: a cut was searched", level.name);
                    assert_eq!(n.mark, Mark::GivenUp, "{file} {}", level.name);
                }
                // What the map paints as cut (given up untried, with moves
                // left) names its reason on the pond and peg boards.
                if matches!(p, Puzzle::Hop(_)) && id != ROOT {
                    let cut_here = n.mark == Mark::GivenUp && n.tried == 0 && !n.leaf;
                    if cut_here {
                        assert_eq!(
                            n.cut,
                            Some(CutReason::Seen),
                            "{file} {}: node {id}",
                            level.name
                        );
                    }
                }
                assert!(
                    n.tried + n.cut_moves <= n.legal,
                    "{file} {}: {} tried and {} cut of {} moves",
                    level.name,
                    n.tried,
                    n.cut_moves,
                    n.legal
                );
                let reason = if matches!(p, Puzzle::Swap(_)) {
                    None
                } else {
                    Some(CutReason::Seen)
                };
                if let Some(why) = reason {
                    counted[why.index()] += u64::from(n.cut_moves);
                }
            }
            let stats = tree.stats().cuts;
            if !matches!(p, Puzzle::Swap(_)) {
                assert_eq!(counted, stats, "{file} {}", level.name);
            }
            for (s, c) in seen_cut.iter_mut().zip(stats) {
                *s += c;
            }
        }
    }
    assert!(seen_cut[CutReason::Seen.index()] > 100, "{seen_cut:?}");
    assert!(seen_cut[CutReason::Proven.index()] > 0, "{seen_cut:?}");
}

/// A won search's line is its solution's line, whatever line it stood on
/// when it found it (a best-first search finds its goal among lines it set
/// aside): the end of the timeline is the win, its position is won, and
/// the tree can still be fed (a later search starts from the start).
#[test]
fn a_won_trees_line_is_the_solution() {
    let pack = parse_pack(SHIPPED[3].0, SHIPPED[3].1).expect("the flood pack loads");
    let mut checked = 0;
    for level in pack.levels.iter().take(14) {
        let p = &level.puzzle;
        let mut tree = SearchTree::new(p, 4096);
        let mut lost = None;
        let mut sink = |e: &SolverEvent<PuzzleMove>| {
            if let Err(e) = tree.feed(e) {
                lost.get_or_insert(e);
            }
        };
        let report = solve(p, Budget::nodes(100_000), Some(&mut sink), true);
        assert_eq!(lost, None, "{}", level.name);
        let Outcome::Solved { moves, .. } = report.outcome else {
            continue;
        };
        let end = *tree.line().last().unwrap();
        assert_eq!(tree.path(end), moves, "{}", level.name);
        assert!(tree.position(end).is_won(), "{}", level.name);
        assert!(
            tree.line()
                .iter()
                .all(|&id| tree.node(id).mark == Mark::Solution),
            "{}",
            level.name
        );
        checked += 1;
    }
    assert!(checked >= 8, "{checked} levels won");
}

/// Swap's rows where a frog may jump its own kind are searched breadth
/// first: a watcher sees every position it expands, by rounds (one a length
/// of line, rising one at a time), and the win at the end of the line.
#[test]
fn a_breadth_first_search_is_watched_by_rounds() {
    for row in ["LL_RR", "LLL_RRR", "L_LR_R", "LLLL_RRRR"] {
        let p = Puzzle::Swap(Swap::new(parse_row(row).unwrap(), true));
        assert_eq!(crate::solve::order(&p), crate::solve::Order::BreadthFirst);
        let mut tree = SearchTree::new(&p, usize::MAX);
        let mut lost = None;
        let mut sink = |e: &SolverEvent<PuzzleMove>| {
            if let Err(e) = tree.feed(e) {
                lost.get_or_insert(e);
            }
        };
        let report = solve(&p, Budget::unlimited(), Some(&mut sink), true);
        assert_eq!(lost, None, "{row}");
        let Outcome::Solved { moves, .. } = report.outcome else {
            panic!("{row} is won");
        };
        // Every position looked at (the goal too) was shown, once: the
        // search's count is the tree's.
        assert_eq!(
            tree.stats().positions,
            report.nodes,
            "{row}: every position expanded is on the tree"
        );
        let rounds: Vec<u32> = tree.rounds().iter().map(|r| r.0).collect();
        assert_eq!(
            rounds,
            (1..=moves.len() as u32 + 1).collect::<Vec<_>>(),
            "{row}"
        );
        let end = *tree.line().last().unwrap();
        assert_eq!(tree.path(end), moves, "{row}");
        assert!(tree.position(end).is_won(), "{row}");
    }
}
