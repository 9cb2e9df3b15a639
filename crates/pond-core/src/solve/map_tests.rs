use super::*;
use crate::levels::{SHIPPED, parse_pack};
use crate::rules::swap::{Swap, parse_row};
use crate::rules::{Puzzle, PuzzleMove};
use crate::solve::plain::solve_plain;
use crate::solve::{Budget, Outcome, SolverEvent, solve};

/// The plain search's events, in order.
fn plain_events(p: &Puzzle) -> Vec<SolverEvent<PuzzleMove>> {
    let mut events = Vec::new();
    let mut sink = |e: &SolverEvent<PuzzleMove>| events.push(e.clone());
    solve_plain(p, Budget::unlimited(), Some(&mut sink), true);
    events
}

fn tree_of(p: &Puzzle, events: &[SolverEvent<PuzzleMove>], keep: usize) -> SearchTree {
    let mut tree = SearchTree::new(p, keep);
    for e in events {
        tree.feed(e).expect("the events fit the rules");
    }
    tree
}

/// The share of the root closed at each depth, by plain recursion over the
/// rules (every legal move in order, stopping at the first goal), with no
/// tree or events involved: a branch that holds no goal closes its width,
/// 1/n of its parent's, at its depth and every depth below.
fn closed_by_recursion(p: &mut Puzzle, width: f64, depth: usize, closed: &mut Vec<f64>) -> bool {
    if p.is_goal() {
        return true;
    }
    let moves = p.legal_moves();
    let share = width / moves.len().max(1) as f64;
    for m in moves {
        let undo = p.apply(m).expect("a legal move");
        // What closes inside a branch counts only if the branch holds the
        // goal: a branch without it closes whole, once.
        let mut inside = Vec::new();
        let found = closed_by_recursion(p, share, depth + 1, &mut inside);
        p.undo(&undo);
        if found {
            if closed.len() < inside.len() {
                closed.resize(inside.len(), *closed.last().unwrap_or(&0.0));
            }
            let last = inside.last().copied().unwrap_or(0.0);
            for (i, c) in closed.iter_mut().enumerate() {
                *c += inside.get(i).copied().unwrap_or(last);
            }
            return true;
        }
        if closed.len() <= depth + 1 {
            closed.resize(depth + 2, 0.0);
        }
        for c in closed.iter_mut().skip(depth + 1) {
            *c += share;
        }
    }
    false
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

fn assert_shares_agree(p: &Puzzle, name: &str) {
    let tree = tree_of(p, &plain_events(p), usize::MAX);
    let map = SearchMap::of(&tree);
    let mut closed = vec![0.0];
    closed_by_recursion(&mut p.clone(), 1.0, 0, &mut closed);
    // Past the recursion's deepest closing, its last share holds.
    for (i, &painted) in map.done_by_depth.iter().enumerate() {
        let d = i + 1;
        let want = closed.get(d).or(closed.last()).copied().unwrap_or(0.0);
        assert!(
            (painted - want).abs() < 1e-9,
            "{name}: depth {d}: painted {painted}, recursion {want}"
        );
    }
    let whole = closed.last().copied().unwrap_or(0.0).min(1.0);
    assert!(
        (map.done.expect("depth first") - whole).abs() < 1e-9,
        "{name}: done {:?}, recursion {whole}",
        map.done
    );
}

#[test]
fn the_painted_share_at_each_depth_is_the_share_closed_by_a_plain_recursion() {
    let mut checked = 0;
    for len in 1..=7 {
        for row in rows(len) {
            for jump_own in [false, true] {
                let cells = parse_row(&row).expect("a row of L, R and _");
                let p = Puzzle::Swap(Swap::new(cells, jump_own));
                assert_shares_agree(&p, &row);
                checked += 1;
            }
        }
    }
    assert!(checked > 4000, "{checked} rows");
    let pack = parse_pack(SHIPPED[1].0, SHIPPED[1].1).expect("the pond pack loads");
    for level in pack.levels.iter().take(5) {
        assert_shares_agree(&level.puzzle, &level.name);
    }
}

#[test]
fn the_share_only_grows_as_the_search_runs_and_a_win_holds_the_solution() {
    for row in ["LLL_RRR", "LL_RR", "LRL_RLR", "L_RL_R"] {
        let p = Puzzle::Swap(Swap::new(parse_row(row).unwrap(), false));
        let events = plain_events(&p);
        let mut tree = SearchTree::new(&p, usize::MAX);
        let mut last = 0.0;
        for e in &events {
            tree.feed(e).unwrap();
            let done = SearchMap::of(&tree).done.unwrap();
            assert!(done + 1e-12 >= last, "{row}: {last} then {done}");
            last = done;
        }
        let map = SearchMap::of(&tree);
        match events.last() {
            Some(SolverEvent::Done(Outcome::Solved { moves, .. })) => {
                // Every move of the solution has its cell, one a depth.
                let line: Vec<u32> = map
                    .cells
                    .iter()
                    .filter(|c| c.mark == MapMark::Solution)
                    .map(|c| c.depth)
                    .collect();
                let want: Vec<u32> = (0..=moves.len() as u32).collect();
                assert_eq!(line, want, "{row}");
                assert!(map.done.unwrap() < 1.0, "{row}: a win leaves some untried");
            }
            _ => assert_eq!(map.done, Some(1.0), "{row}: nothing left"),
        }
    }
}

#[test]
fn our_solver_cuts_where_the_plain_search_searches() {
    // Our Swap solver remembers positions: some branches are closed without
    // being tried, and the map says so.
    let p = Puzzle::Swap(Swap::new(parse_row("LLLL_RRRR").unwrap(), false));
    let mut tree = SearchTree::new(&p, usize::MAX);
    let mut sink = |e: &SolverEvent<PuzzleMove>| {
        tree.feed(e).unwrap();
    };
    let report = solve(&p, Budget::unlimited(), Some(&mut sink), true);
    assert!(report.outcome.moves().is_some());
    let map = SearchMap::of(&tree);
    assert!(map.cells.iter().any(|c| c.mark == MapMark::Solution));
    assert!(map.done.is_some());
}

#[test]
fn the_cells_stay_bounded_however_big_the_search() {
    // The English board's plain search, a million positions in, folded as
    // the game folds it.
    let pack = parse_pack(SHIPPED[2].0, SHIPPED[2].1).expect("the pegs pack loads");
    let english = pack
        .levels
        .iter()
        .find(|l| l.name.contains("English"))
        .expect("the English board ships");
    let mut tree = SearchTree::new(&english.puzzle, 4096);
    let mut sink = |e: &SolverEvent<PuzzleMove>| {
        tree.feed(e).unwrap();
    };
    solve_plain(
        &english.puzzle,
        Budget::nodes(1_000_000),
        Some(&mut sink),
        true,
    );
    assert!(tree.stats().positions >= 1_000_000);
    let map = SearchMap::of(&tree);
    assert!(map.cells.len() < 20_000, "{} cells", map.cells.len());
    let done = map.done.unwrap();
    assert!(done > 0.0 && done < 1.0, "{done}");
    let px = paint(&map, 400, 300);
    assert_eq!(px.len(), 400 * 300 * 4);
    // The bottom row's painted part is the share done (to a pixel or two).
    let bottom = (299 * 400..300 * 400)
        .filter(|&i| px[i * 4 + 3] > 0)
        .count() as f64;
    assert!(
        (bottom / 400.0 - done).abs() < 0.02,
        "{bottom} of 400, done {done}"
    );
}

#[test]
fn a_best_first_search_is_drawn_by_rounds_without_a_share() {
    let pack = parse_pack(SHIPPED[3].0, SHIPPED[3].1).expect("the flood pack loads");
    let level = &pack.levels[0];
    let mut tree = SearchTree::new(&level.puzzle, 4096);
    let mut sink = |e: &SolverEvent<PuzzleMove>| {
        tree.feed(e).unwrap();
    };
    solve(&level.puzzle, Budget::unlimited(), Some(&mut sink), true);
    let map = SearchMap::of(&tree);
    assert_eq!(map.done, None);
    assert!(map.cells.iter().any(|c| c.mark == MapMark::Solution));
    // Won, nothing is tried now, on this level or the pack's hardest (whose
    // search turns from lines it leaves open).
    assert!(map.cells.iter().all(|c| c.mark != MapMark::Line));
    let hard = &pack.levels[13].puzzle;
    let mut tree = SearchTree::new(hard, 4096);
    let mut sink = |e: &SolverEvent<PuzzleMove>| {
        tree.feed(e).unwrap();
    };
    solve(hard, Budget::unlimited(), Some(&mut sink), true);
    let map = SearchMap::of(&tree);
    let left: Vec<u32> = (map.cells.iter())
        .filter(|c| c.mark == MapMark::Line)
        .map(|c| c.depth)
        .collect();
    assert!(
        left.is_empty(),
        "tried now after the win, at depths {left:?}"
    );
}

#[test]
fn the_key_lists_only_the_marks_the_map_shows() {
    // Swap's plain search on a row solved at once has a line, a solution
    // and moves not tried, and no position lost to a test.
    let p = Puzzle::Swap(Swap::new(parse_row("LL_RR").unwrap(), false));
    let tree = tree_of(&p, &plain_events(&p), usize::MAX);
    let map = SearchMap::of(&tree);
    let shown: Vec<MapMark> = key_all().filter(|&m| shows(&map, m)).collect();
    assert!(shown.contains(&MapMark::Solution), "{shown:?}");
    assert!(!shown.contains(&MapMark::SetAside(0)), "{shown:?}");
    for c in &map.cells {
        assert!(
            key_all().any(
                |m| std::mem::discriminant(&m) == std::mem::discriminant(&c.mark)
                    && shown.contains(&m)
            ),
            "{:?} is in the map but not in its key",
            c.mark
        );
    }
    assert!(!shows(&SearchMap::default(), MapMark::Line));
}

#[test]
fn the_map_is_written_as_a_picture_with_its_key() {
    let p = Puzzle::Swap(Swap::new(parse_row("LL_RR").unwrap(), false));
    let tree = tree_of(&p, &plain_events(&p), usize::MAX);
    let map = SearchMap::of(&tree);
    let text = svg(&map, "Swap LL_RR");
    assert!(text.starts_with("<svg"));
    assert!(text.contains("ways to play ruled out"));
    for mark in KEY {
        assert!(text.contains(key_word(mark)), "{mark:?}");
    }
    let x = map.cells.len() - 1;
    let cell = map.cells[x];
    let found = map
        .cell_at(
            1000.0,
            100.0 * map.bands as f64,
            (cell.x0 + cell.x1) * 500.0,
            cell.depth as f64 * 100.0 + 50.0,
        )
        .copied();
    assert_eq!(found.map(|c| c.depth), Some(cell.depth));
}

#[test]
fn by_the_work_each_branch_is_as_wide_as_the_positions_in_it() {
    let pack = parse_pack(SHIPPED[2].0, SHIPPED[2].1).expect("the pegs pack loads");
    let english = &pack.levels[7].puzzle;
    let mut tree = SearchTree::new(english, 1 << 20);
    let mut sink = |e: &SolverEvent<PuzzleMove>| {
        tree.feed(e).unwrap();
    };
    solve(english, Budget::unlimited(), Some(&mut sink), true);
    let orders = SearchMap::of(&tree);
    let work = SearchMap::laid_out(&tree, crate::solve::tree::ROOT, Layout::Work);
    // The same figures whatever the layout.
    assert_eq!(orders.done, work.done);
    assert_eq!(orders.done_by_depth, work.done_by_depth);
    let total = tree.positions(crate::solve::tree::ROOT) as f64;
    let mut checked = 0;
    for c in work
        .cells
        .iter()
        .filter(|c| c.node.is_some() && c.depth == 3)
    {
        let id = c.node.unwrap();
        let parent = tree.node(id).parent;
        // A child's width over its parent's is its positions over those
        // of the parent's moves (and one for each move not tried).
        let p = work.cells.iter().find(|p| p.node == Some(parent)).unwrap();
        let n = tree.node(parent);
        let untried = (n.legal.max(n.tried) as usize - n.children.len()) as f64;
        let weights: f64 = n
            .children
            .iter()
            .map(|&k| tree.positions(k) as f64)
            .sum::<f64>()
            + untried;
        let want = (p.x1 - p.x0) * tree.positions(id) as f64 / weights;
        assert!(((c.x1 - c.x0) - want).abs() < 1e-9, "{c:?}");
        checked += 1;
    }
    assert!(checked > 0);
    // Deep down, where the search worked, the work's picture is wide and
    // the move orders' all but nothing.
    let deep = |m: &SearchMap| {
        m.cells
            .iter()
            .filter(|c| c.depth == 20 && c.node.is_some())
            .map(|c| c.x1 - c.x0)
            .sum::<f64>()
    };
    assert!(deep(&work) > 0.05, "{}", deep(&work));
    assert!(deep(&orders) < 1e-6, "{}", deep(&orders));
    assert!(total > 1000.0);
}

/// Moves the solver rules out without entering them (Swap's frozen frogs,
/// Escape's positions known lost) are painted cut beside the line, not "not
/// tried", and count as done: the share still only grows.
#[test]
fn moves_ruled_out_unentered_are_painted_cut_and_count_as_done() {
    let pack = |file: &str| {
        let text = SHIPPED.iter().find(|(f, _)| *f == file).unwrap().1;
        parse_pack(file, text).unwrap()
    };
    let mut puzzles: Vec<Puzzle> = ["LRL_RLR", "LL_LR_RR", "L_RLR_L_R"]
        .iter()
        .map(|r| Puzzle::Swap(Swap::new(parse_row(r).unwrap(), false)))
        .collect();
    puzzles.extend(
        pack("escape.ron")
            .levels
            .iter()
            .take(12)
            .map(|l| l.puzzle.clone()),
    );
    let mut painted = 0;
    for p in &puzzles {
        let mut events = Vec::new();
        let mut sink = |e: &SolverEvent<PuzzleMove>| events.push(e.clone());
        solve(p, Budget::nodes(200_000), Some(&mut sink), true);
        let mut tree = SearchTree::new(p, usize::MAX);
        let mut last = 0.0;
        for e in &events {
            tree.feed(e).unwrap();
            let map = SearchMap::of(&tree);
            let done = map.done.unwrap_or(0.0);
            assert!(done + 1e-12 >= last, "{p:?}: {last} then {done}");
            last = done;
            // A cut sliver beside a node still on the line: a move ruled
            // out unentered.
            let on_line = |c: &MapCell| {
                c.mark == MapMark::Cut
                    && c.node.is_none()
                    && map.cells.iter().any(|o| {
                        o.depth + 1 == c.depth
                            && o.mark == MapMark::Line
                            && o.x0 <= c.x0
                            && c.x1 <= o.x1
                    })
            };
            if map.cells.iter().any(on_line) {
                painted += 1;
            }
        }
    }
    assert!(painted > 0, "no move ruled out unentered was painted cut");
}

/// A tiny share is said in percent to two figures, so that the figure grows
/// as the share does; every share says "ruled out".
#[test]
fn a_tiny_share_is_said_to_two_figures() {
    let say = |done: f64| {
        let map = SearchMap {
            done: Some(done),
            ..SearchMap::default()
        };
        map.done_words().unwrap()
    };
    assert_eq!(say(1.0 / 12_000.0), "0.0083% of the ways to play ruled out");
    assert_eq!(say(1.0 / 2_900.0), "0.034% of the ways to play ruled out");
    assert_eq!(
        say(1.0 / 23_456_789.0),
        "0.0000043% of the ways to play ruled out"
    );
    assert_eq!(say(1e-30), "under 0.000001% of the ways to play ruled out");
    // Rounded up to a tenth, it drops the trailing zeros.
    assert_eq!(say(0.000_999_6), "0.1% of the ways to play ruled out");
    assert_eq!(say(0.0), "no ways to play ruled out yet");
    assert_eq!(say(0.38), "about 38% of the ways to play ruled out");
    // The figure said never falls as the share grows, on the bar or in
    // words.
    let figure = |words: &str| -> f64 {
        let start = words.find(|c: char| c.is_ascii_digit()).unwrap();
        let end = start + words[start..].find('%').unwrap();
        words[start..end].parse().unwrap()
    };
    let mut share = 1e-8;
    let (mut said, mut bar) = (0.0, 0.0);
    while share < 1.0 {
        let (now, on_bar) = (figure(&say(share)), figure(&share_words(share)));
        assert!(now >= said && on_bar >= bar, "{share}: {now} after {said}");
        assert_eq!(now, on_bar, "{share}");
        (said, bar) = (now, on_bar);
        share *= 1.07;
    }
}

/// A part of the map drawn across the whole width: each cell that reaches
/// into it keeps its place within the part (scaled), the others are gone,
/// and the whole's shares done stay.
#[test]
fn a_cropped_map_scales_the_part_to_the_whole_width() {
    let p = Puzzle::Swap(Swap::new(parse_row("LLL_RRR").unwrap(), false));
    let events = plain_events(&p);
    let map = SearchMap::of(&tree_of(&p, &events, 1 << 20));
    let part = map.cropped(0.25, 0.75);
    assert_eq!(part.done, map.done);
    let inside = (map.cells.iter()).filter(|c| c.x1 > 0.25 && c.x0 < 0.75);
    // The part's depth fills the height: its deepest cell is in the
    // bottom band.
    let deepest = inside.clone().map(|c| c.depth + 1).max();
    assert_eq!(Some(part.bands), deepest);
    assert!(part.bands <= map.bands);
    // A part of shallow cells only stands in fewer bands than the whole.
    let shallow = (map.cells.iter())
        .filter(|c| c.depth == 1)
        .find(|c| !(map.cells.iter()).any(|d| d.depth > 2 && d.x0 < c.x1 && d.x1 > c.x0));
    if let Some(c) = shallow {
        let part = map.cropped(c.x0, c.x1);
        assert!(part.bands < map.bands, "{} of {}", part.bands, map.bands);
    }
    assert_eq!(part.cells.len(), inside.clone().count());
    for (whole, cut) in inside.zip(&part.cells) {
        assert!((0.0..=1.0).contains(&cut.x0) && cut.x0 < cut.x1 && cut.x1 <= 1.0);
        assert_eq!(
            (whole.node, whole.mark, whole.depth),
            (cut.node, cut.mark, cut.depth)
        );
        if whole.x0 >= 0.25 {
            assert!((cut.x0 - (whole.x0 - 0.25) * 2.0).abs() < 1e-12);
        }
        if whole.x1 <= 0.75 {
            assert!((cut.x1 - (whole.x1 - 0.25) * 2.0).abs() < 1e-12);
        }
    }
    // The whole of it is the map itself.
    assert_eq!(map.cropped(0.0, 1.0).cells, map.cells);
}

/// The bar's percentage reads as the map's line: to a tenth under 10%,
/// whole above, never "-0%" nor "100%" short of the end.
#[test]
fn the_bars_share_reads_as_the_maps_line() {
    assert_eq!(share_words(-0.0), "0%");
    assert_eq!(share_words(0.0), "0%");
    assert_eq!(share_words(0.0004), "0.04%");
    assert_eq!(share_words(1.0 / 12_000.0), "0.0083%");
    assert_eq!(share_words(1e-12), "<0.000001%");
    assert_eq!(share_words(0.016), "1.6%");
    assert_eq!(share_words(0.386), "38%");
    assert_eq!(share_words(0.9999), "99%");
    assert_eq!(share_words(1.0), "100%");
    let line = SearchMap {
        cells: Vec::new(),
        bands: 1,
        done: Some(0.016),
        done_by_depth: Vec::new(),
    };
    assert_eq!(
        line.done_words().as_deref(),
        Some("about 1.6% of the ways to play ruled out")
    );
}

/// A band of cells thinner than a pixel paints its pixels solid in their
/// colour (laid one over another they let the background through, and thin
/// "lost" slices looked as faint as "not tried").
#[test]
fn cells_thinner_than_a_pixel_paint_it_solid() {
    let n = 997;
    let cells = (0..n)
        .map(|i| MapCell {
            depth: 0,
            x0: i as f64 / n as f64,
            x1: (i + 1) as f64 / n as f64,
            mark: MapMark::Lost,
            node: None,
        })
        .collect();
    let map = SearchMap {
        cells,
        bands: 1,
        done: Some(1.0),
        done_by_depth: vec![1.0],
    };
    let px = paint(&map, 100, 10);
    let lost = MapMark::Lost.colour();
    // (The band's last row is the gap between bands.)
    for i in 0..100 * 9 {
        let p = &px[i * 4..i * 4 + 4];
        assert!(p[3] >= 254, "pixel {i}: alpha {}", p[3]);
        for k in 0..3 {
            assert!(p[k].abs_diff(lost[k]) <= 1, "pixel {i}: {p:?}");
        }
    }
}

/// The dark under a cell is named by the cell above it: moves not tried
/// under a move not tried or under the line tried now, a dead end under a
/// dead end; nothing under the solution's end.
#[test]
fn the_dark_under_a_cell_is_named_by_the_cell_above_it() {
    let p = Puzzle::Swap(Swap::new(parse_row("LLL_RRR").unwrap(), false));
    let events = plain_events(&p);
    let mut named = std::collections::HashSet::new();
    for part in [events.len() / 3, events.len()] {
        let map = SearchMap::of(&tree_of(&p, &events[..part], usize::MAX));
        let (w, h) = (1000.0, 100.0 * map.bands as f64);
        for cell in &map.cells {
            let x = (cell.x0 + cell.x1) * 500.0;
            for depth in cell.depth + 1..map.bands {
                let y = depth as f64 * 100.0 + 50.0;
                if map.cell_at(w, h, x, y).is_some() {
                    break;
                }
                let want = match cell.mark {
                    MapMark::Solution => None,
                    MapMark::Line => Some(MapMark::Untried),
                    mark => Some(mark),
                };
                assert_eq!(map.mark_under(w, h, x, y), want, "under {cell:?}");
                named.extend(want);
            }
        }
        // Above every cell (no band over the first) nothing is named.
        assert_eq!(map.mark_under(w, h, 500.0, 50.0), None);
    }
    for mark in [MapMark::Untried, MapMark::DeadEnd] {
        assert!(
            named.contains(&mark),
            "{mark:?} never under a cell: {named:?}"
        );
    }
}

/// Before a search the map is one cell, the whole picture, not tried yet:
/// nothing done, and the key names only "not tried".
#[test]
fn before_a_search_the_whole_map_is_not_tried() {
    let map = SearchMap::not_started();
    assert_eq!(map.done, Some(0.0));
    assert!(
        KEY.iter()
            .all(|&m| shows(&map, m) == (m == MapMark::Untried))
    );
    let (w, h) = (40, 20);
    let mut px = vec![0u8; w * h * 4];
    paint_into(&map, w, h, &mut px);
    // Every pixel painted in one colour, but the gap under the band.
    let first = &px[0..4];
    assert!(first[3] > 0, "nothing painted");
    let painted = px.chunks(4).filter(|p| p[3] > 0);
    assert!(painted.clone().all(|p| p == first), "not one colour");
    assert!(painted.count() >= w * (h - 1), "not the whole picture");
}
