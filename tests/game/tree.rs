//! The search tree beside the board: bounded whatever the search's size,
//! clear of the other panels and of the board in every window, and a click
//! on a row takes the board to that row's position through the moves and
//! undo a player uses.

use super::window::{
    SIZES, board_faults, click_at, laid_app, laid_out, layer_faults, layout_faults, middle_of,
    point_at,
};
use super::*;
use pond_puzzles::game::panels::TreeViewOpen;
use pond_puzzles::game::solver::tree_view::{MAX_ROWS, Scrub, TreeJump, TreeRow, TreeViewState};
use pond_puzzles::levels::verdict::grouped as group;
use pond_puzzles::solve::tree::{Mark, SearchTree};

/// Runs a watched search at "instant" with the tree shown; after every
/// frame, the rows drawn stay under the bound. Returns the most rows shown.
fn search_with_tree(app: &mut App, watch: Watch) -> usize {
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(app);
    // The rows of words (D), not the map.
    app.world_mut().resource_mut::<TreeViewState>().words = true;
    settle(app);
    app.world_mut().write_message(AutoplayCommand::Start(watch));
    let mut most = 0;
    for _ in 0..100_000 {
        app.update();
        assert!(
            count::<TreeRow>(app) <= MAX_ROWS,
            "row entities past the bound"
        );
        let shown = app
            .world_mut()
            .query::<(&TreeRow, &Node)>()
            .iter(app.world())
            .filter(|(_, n)| n.display != Display::None)
            .count();
        most = most.max(shown);
        let a = app.world().resource::<Autoplay>();
        if a.ending.is_some() {
            settle(app);
            return most;
        }
    }
    panic!("the search did not end");
}

#[test]
fn the_tree_stays_bounded_and_clear_of_the_board_and_panels_in_every_window() {
    for size in SIZES {
        let mut app = laid_app(size);
        start_level(&mut app, "pegs.ron", 7);
        let most = search_with_tree(&mut app, Watch::Search);
        let at = format!("{size}");
        let ending = app.world().resource::<Autoplay>().ending.clone();
        assert!(matches!(ending, Some(Ending::Won(31))), "{at}: {ending:?}");
        assert!(most >= 3, "{at}: {most} rows shown");
        let tree = app
            .world()
            .resource::<Autoplay>()
            .tree
            .clone()
            .expect("a tree");
        assert!(tree.stats().positions > 1000, "{at}: {:?}", tree.stats());
        // Its figures are on the view.
        let s = size.as_vec2();
        let nodes = laid_out(&mut app);
        let figures = format!(
            "Solver's search: {} positions",
            group(tree.stats().positions)
        );
        assert!(
            nodes
                .iter()
                .any(|n| n.text.as_deref().is_some_and(|t| t.starts_with(&figures))),
            "{at}: no line \"{figures}\""
        );
        let mut faults = layout_faults(&mut app, s);
        faults.extend(board_faults(&mut app, s));
        faults.extend(layer_faults(&mut app, s));
        assert!(faults.is_empty(), "{at}: {faults:#?}");
    }
}

/// A click on a row of a given-up branch, once the search is over, brings
/// the board to that position by undo and moves, and the board mirrors the
/// rules there.
#[test]
fn clicking_a_row_takes_the_board_to_its_position() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "hop.ron", 39);
    search_with_tree(&mut app, Watch::Search);
    let tree = app
        .world()
        .resource::<Autoplay>()
        .tree
        .clone()
        .expect("a tree");
    let (slot, id) = given_up_row_at_the_top(&mut app, &tree);
    let row = app
        .world_mut()
        .query::<(Entity, &TreeRow)>()
        .iter(app.world())
        .find(|(_, r)| r.0 == slot)
        .map(|(e, _)| e)
        .expect("the row's entity");
    assert!(
        laid_out(&mut app).iter().any(|n| n.entity == row),
        "the row is laid out"
    );
    // A tap on the row, through the pointer's press and release.
    let at = middle_of(&mut app, row);
    click_at(&mut app, at);
    for _ in 0..2000 {
        app.update();
        if app.world().resource::<TreeJump>().0.is_empty() {
            break;
        }
    }
    settle(&mut app);
    assert_eq!(
        puzzle(&app),
        tree.position(id),
        "the board is at the row's position"
    );
    assert_board_mirrors_rules(&mut app);
    // The tree stays, for the next click.
    assert!(app.world().resource::<Autoplay>().tree.is_some());
}

/// The view scrolled to the top, where the root's given-up branches are:
/// the slot of a given-up row there and its node.
fn given_up_row_at_the_top(app: &mut App, tree: &SearchTree) -> (usize, u32) {
    app.world_mut().resource_mut::<TreeViewState>().follow = false;
    app.world_mut().resource_mut::<TreeViewState>().first = 0;
    settle(app);
    let slots = app.world().resource::<TreeViewState>().slots.clone();
    slots
        .iter()
        .enumerate()
        .find_map(|(i, s)| {
            s.filter(|&id| tree.node(id).mark == Mark::GivenUp)
                .map(|id| (i, id))
        })
        .expect("a given-up row in view")
}

/// The plain search grows its own tree, far bigger than the solver's.
#[test]
fn the_plain_search_is_watched_and_wins() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "hop.ron", 39);
    search_with_tree(&mut app, Watch::Plain);
    let a = app.world().resource::<Autoplay>();
    assert!(matches!(a.ending, Some(Ending::Won(9))), "{:?}", a.ending);
    let plain = a.tree.as_ref().expect("a tree").stats().positions;
    assert!(puzzle(&app).is_won());
    start_level(&mut app, "hop.ron", 39);
    search_with_tree(&mut app, Watch::Search);
    let ours = app
        .world()
        .resource::<Autoplay>()
        .tree
        .as_ref()
        .expect("a tree")
        .stats()
        .positions;
    assert!(plain > ours, "plain {plain}, ours {ours}");
}

/// Runs frames until the board has caught up with a jump or a scrub.
fn follow_jump(app: &mut App) {
    for _ in 0..5000 {
        app.update();
        if app.world().resource::<TreeJump>().0.is_empty() {
            break;
        }
    }
    settle(app);
}

/// The timeline of a search that has run: the board and the tree follow it
/// back and forth, and going back and forth ends on the same state.
#[test]
fn scrubbing_the_timeline_moves_the_board_and_the_tree_and_comes_back() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "pegs.ron", 7);
    search_with_tree(&mut app, Watch::Search);
    let won = puzzle(&app);
    let (log, start) = {
        let a = app.world().resource::<Autoplay>();
        (
            a.log.clone(),
            a.tree.as_ref().expect("a tree").start().clone(),
        )
    };
    assert!(log.len() > 10_000, "{} events", log.len());
    // The position after `n` events: the end of the line they leave.
    let at = |n: usize| {
        let mut t = SearchTree::new(&start, 64);
        for e in &log[..n] {
            for event in e.events(t.round()) {
                t.feed(&event).expect("the events fit");
            }
        }
        t.position(*t.line().last().expect("a line"))
    };
    app.world_mut().write_message(Scrub::Start);
    follow_jump(&mut app);
    assert_eq!(puzzle(&app), start);
    let mut seen = Vec::new();
    for scrub in [Scrub::By(500), Scrub::By(1), Scrub::By(-1), Scrub::By(250)] {
        app.world_mut().write_message(scrub);
        follow_jump(&mut app);
        let n = app
            .world()
            .resource::<TreeViewState>()
            .scrubbed
            .as_ref()
            .map(|(n, _)| *n)
            .expect("the timeline is short of its end");
        assert_eq!(puzzle(&app), at(n), "after {n} events");
        assert_board_mirrors_rules(&mut app);
        seen.push((n, puzzle(&app)));
    }
    assert_eq!(
        seen.iter().map(|s| s.0).collect::<Vec<_>>(),
        [500, 501, 500, 750]
    );
    assert_eq!(seen[0].1, seen[2].1, "back and forth, the same position");
    // Its end is the won board again, and the tree whole.
    app.world_mut().write_message(Scrub::End);
    follow_jump(&mut app);
    assert_eq!(puzzle(&app), won);
    assert!(app.world().resource::<TreeViewState>().scrubbed.is_none());
    // And back to the same middle.
    app.world_mut().write_message(Scrub::Start);
    app.world_mut().write_message(Scrub::By(750));
    follow_jump(&mut app);
    assert_eq!(puzzle(&app), seen[3].1);
    // A press halfway along the timeline's bar.
    app.world_mut().write_message(Scrub::At(5000));
    follow_jump(&mut app);
    let half = log.len() / 2;
    let n = app
        .world()
        .resource::<TreeViewState>()
        .scrubbed
        .as_ref()
        .map(|(n, _)| *n);
    assert_eq!(n, Some(half));
    assert_eq!(puzzle(&app), at(half));
}

/// A best-first search finds its win on a line it had set aside: the end
/// of its timeline is the won board all the same, after a trip to its start.
#[test]
fn a_best_first_timelines_end_is_the_win() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "flood.ron", 13);
    search_with_tree(&mut app, Watch::Search);
    let start = {
        let a = app.world().resource::<Autoplay>();
        assert!(a.tree.as_ref().is_some_and(|t| t.solved()), "won");
        a.tree.as_ref().expect("a tree").start().clone()
    };
    let took = app.world().resource::<PlayState>().took;
    assert!(took.is_some());
    // The map says how far the search had narrowed the shortest win: to
    // the win at its end; between its bound and the quick player's win
    // (16 moves) a step before.
    // The switch says what a press shows: the map from the words (a new
    // player took "Plain" beside "Words" for the way back), then words.
    assert!(shows_exactly(&mut app, "Map") && !shows_exactly(&mut app, "Words"));
    app.world_mut().resource_mut::<TreeViewState>().words = false;
    settle(&mut app);
    assert!(shows_exactly(&mut app, "Words") && !shows_exactly(&mut app, "Map"));
    assert!(shows_exactly(&mut app, "Won in 16 moves: none shorter"));
    app.world_mut().write_message(Scrub::By(-1));
    follow_jump(&mut app);
    assert!(shows_exactly(&mut app, "Shortest win: 15 to 16 moves"));
    app.world_mut().write_message(Scrub::Start);
    follow_jump(&mut app);
    assert_eq!(puzzle(&app), start);
    // A while spent looking through the search is not the win's time.
    std::thread::sleep(Duration::from_millis(1100));
    app.world_mut().write_message(Scrub::End);
    follow_jump(&mut app);
    assert!(puzzle(&app).is_won(), "the timeline's end is the win");
    assert_eq!(app.world().resource::<PlayState>().took, took);
    assert!(app.world().resource::<TreeViewState>().scrubbed.is_none());
    assert_board_mirrors_rules(&mut app);
}

/// Swap's rows where a frog may jump its own kind are searched breadth
/// first: the watched search shows every position it expands, by rounds,
/// and ends on the win.
#[test]
fn a_breadth_first_search_is_watched() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "swap.ron", 9);
    search_with_tree(&mut app, Watch::Search);
    let a = app.world().resource::<Autoplay>();
    let t = a.tree.as_ref().expect("a tree");
    assert!(t.solved(), "won");
    assert!(
        t.stats().positions > 20,
        "{} positions",
        t.stats().positions
    );
    assert!(t.rounds().len() > 5, "{:?}", t.rounds());
    assert!(puzzle(&app).is_won(), "the board ends won");
    assert_board_mirrors_rules(&mut app);
}

/// Every shipped level's start sketches inside its picture, in at most the
/// bound of dots: a pad a dot and a frog a dot on it, a cell a dot.
#[test]
fn every_shipped_position_sketches_inside_its_picture() {
    use pond_puzzles::game::puzzles::{SKETCH_DOTS, sketch};
    for (file, text) in SHIPPED {
        let pack = parse_pack(file, text).unwrap();
        for level in &pack.levels {
            let dots = sketch(&level.puzzle);
            assert!(
                !dots.is_empty() && dots.len() <= SKETCH_DOTS,
                "{file} {}",
                level.name
            );
            for d in &dots {
                let (lo, hi) = (d.at - d.size / 2.0, d.at + d.size / 2.0);
                assert!(
                    lo.min_element() >= -1e-4 && hi.max_element() <= 1.0 + 1e-4,
                    "{file} {}: {d:?}",
                    level.name
                );
            }
            let expected = match &level.puzzle {
                Puzzle::Hop(h) => {
                    h.board.pads.len() + h.green.count_ones() as usize + h.red.iter().count()
                }
                Puzzle::Flood(f) if f.width.max(f.height) <= 32 => f.cells.len(),
                Puzzle::Escape(e) => e.animals.len(),
                Puzzle::Swap(s) => {
                    s.cells.len()
                        + s.cells
                            .iter()
                            .filter(|c| **c != pond_puzzles::rules::swap::Cell::Empty)
                            .count()
                }
                Puzzle::Flood(_) => dots.len(),
            };
            assert_eq!(dots.len(), expected, "{file} {}", level.name);
        }
    }
}

/// Flood's best-first search in the view: each row's bar is the colour of
/// the round its node was reached in, the key shows every round's bound,
/// and a timeline moved back still knows each node's round.
#[test]
fn flood_rows_carry_the_colour_of_their_round() {
    use pond_puzzles::solve::tree_draw::round_colour;
    let mut app = laid_app(UVec2::new(1280, 800));
    start_level(&mut app, "flood.ron", 12);
    search_with_tree(&mut app, Watch::Search);
    let (tree, bounds) = {
        let a = app.world().resource::<Autoplay>();
        (a.tree.clone().expect("a tree"), a.stats.bounds.clone())
    };
    assert!(bounds.len() >= 2, "{bounds:?}");
    assert_eq!(tree.rounds(), &bounds[..]);
    let colour = |round: u32| {
        let [r, g, b] = round_colour(round, &bounds);
        Color::srgb_u8(r, g, b)
    };
    // From the top of the tree to its end, a page at a time.
    app.world_mut().resource_mut::<TreeViewState>().follow = false;
    let mut seen = std::collections::BTreeSet::new();
    let mut first = 0;
    loop {
        app.world_mut().resource_mut::<TreeViewState>().first = first;
        settle(&mut app);
        let view = app.world().resource::<TreeViewState>().clone();
        let rows: Vec<(usize, Color)> = app
            .world_mut()
            .query::<(&TreeRow, &Node, &BorderColor)>()
            .iter(app.world())
            .filter(|(_, n, _)| n.display != Display::None)
            .map(|(r, _, b)| (r.0, b.left))
            .collect();
        assert!(!rows.is_empty());
        for (slot, bar) in rows {
            match view.slots.get(slot).copied().flatten() {
                Some(id) => {
                    let round = tree.node(id).round.expect("a round");
                    assert_eq!(bar, colour(round), "row {}", view.first + slot);
                    seen.insert(round);
                }
                None => assert_eq!(bar, Color::NONE, "an untried row has no round"),
            }
        }
        first += view.slots.len();
        if first >= view.total {
            break;
        }
    }
    assert!(seen.len() >= 2, "rows of one round only: {seen:?}");
    let shown = texts(&mut app);
    for (bound, _) in &bounds {
        assert!(
            shown.contains(&bound.to_string()),
            "no key for bound {bound}"
        );
    }
    // Back to the middle of the timeline: the tree there knows its rounds.
    app.world_mut().write_message(Scrub::At(5_000));
    follow_jump(&mut app);
    let view = app.world().resource::<TreeViewState>().clone();
    let (_, back) = view.scrubbed.expect("a tree of the timeline");
    for id in back.walk(|_| true) {
        assert!(back.node(id).round.is_some(), "node {id} has no round");
    }
}

/// The map of the whole search is the column's picture by default: in
/// every window it is laid out with room to be seen, clear of the board and
/// the panels; a search of the English board grows it with a fixed number
/// of entities and one texture; its figure says how much of the search is
/// done, and the texture holds the painted share.
#[test]
fn the_map_is_drawn_in_one_texture_in_every_window() {
    use pond_puzzles::game::solver::tree_view::{MapFigure, MapPicture};
    for size in SIZES {
        let mut app = laid_app(size);
        start_level(&mut app, "pegs.ron", 7);
        app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
        settle(&mut app);
        let entities = app.world().entities().len();
        let images = app.world().resource::<Assets<Image>>().len();
        // Before the win's banner takes the lower half of a small window,
        // the map has the column's room.
        let picture = app
            .world_mut()
            .query_filtered::<Entity, With<MapPicture>>()
            .single(app.world())
            .expect("the map's picture");
        let rect = laid_out(&mut app)
            .iter()
            .find(|n| n.entity == picture)
            .map(|n| n.rect)
            .expect("the map is laid out");
        assert!(
            rect.width() >= 170.0 && rect.height() >= 100.0,
            "{size}: the map is {rect:?}"
        );
        app.world_mut()
            .write_message(AutoplayCommand::Start(Watch::Search));
        let mut most = 0;
        for _ in 0..100_000 {
            app.update();
            most = most.max(app.world().entities().len());
            if app.world().resource::<Autoplay>().ending.is_some() {
                break;
            }
        }
        settle(&mut app);
        let at = format!("{size}");
        assert!(
            matches!(
                app.world().resource::<Autoplay>().ending,
                Some(Ending::Won(31))
            ),
            "{at}"
        );
        // A texture, not an entity a position.
        assert!(most < entities + 200, "{at}: {entities} then {most}");
        let now = app.world().resource::<Assets<Image>>().len();
        // A few as the column is laid out anew, not one a position.
        assert!(now <= images + 8, "{at}: images {images} then {now}");
        let nodes = laid_out(&mut app);
        let picture = app
            .world_mut()
            .query_filtered::<(Entity, &ImageNode), With<MapPicture>>()
            .single(app.world())
            .map(|(e, i)| (e, i.image.clone()))
            .expect("the map's picture");
        let rect = nodes
            .iter()
            .find(|n| n.entity == picture.0)
            .map(|n| n.rect)
            .expect("the map is laid out");
        assert!(
            rect.width() >= 170.0 && rect.height() >= 20.0,
            "{at}: the map is {rect:?}"
        );
        let image = app
            .world()
            .resource::<Assets<Image>>()
            .get(&picture.1)
            .expect("the map's texture")
            .clone();
        let painted = image
            .data
            .as_ref()
            .expect("pixels")
            .chunks(4)
            .filter(|p| p[3] > 0)
            .count();
        assert!(painted > 100, "{at}: {painted} pixels painted");
        let figure = app
            .world_mut()
            .query_filtered::<&Text, With<MapFigure>>()
            .single(app.world())
            .map(|t| t.0.clone())
            .expect("the map's figure");
        // Won early (the pond's search), it says what the win spared.
        assert!(
            figure.contains("move orders ruled out")
                || figure == "Won with most move orders never tried",
            "{at}: {figure}"
        );
        let s = size.as_vec2();
        let mut faults = layout_faults(&mut app, s);
        faults.extend(board_faults(&mut app, s));
        faults.extend(layer_faults(&mut app, s));
        assert!(faults.is_empty(), "{at}: {faults:#?}");
    }
}

/// The panel's count of positions and the tree's are one figure: the start
/// and each move tried (they once said 94 and 95).
#[test]
fn the_panel_and_the_tree_count_the_same_positions() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "hop.ron", 39);
    search_with_tree(&mut app, Watch::Search);
    let positions = app
        .world()
        .resource::<Autoplay>()
        .tree
        .as_ref()
        .expect("a tree")
        .stats()
        .positions;
    let nodes = laid_out(&mut app);
    let panel = nodes
        .iter()
        .filter_map(|n| n.text.as_deref())
        .find(|t| t.starts_with("Positions "))
        .expect("the panel's counters")
        .to_string();
    assert!(
        panel.starts_with(&format!("Positions {} ", group(positions))),
        "panel: {panel:?}, tree: {positions}"
    );
    let figures = format!("Solver's search: {} positions", group(positions));
    assert!(
        nodes
            .iter()
            .filter_map(|n| n.text.as_deref())
            .any(|t| t.starts_with(&figures)),
        "no line \"{figures}\""
    );
    // Moved back along the timeline, both count the tree as it stood then
    // (the panel once kept the whole search's 17 beside the tree's 13).
    app.world_mut().write_message(Scrub::Start);
    app.world_mut().write_message(Scrub::By(9));
    follow_jump(&mut app);
    let then = app
        .world()
        .resource::<TreeViewState>()
        .scrubbed
        .as_ref()
        .map(|(_, t)| t.stats().positions)
        .expect("the timeline is short of its end");
    assert!(then < positions, "{then} of {positions}");
    let nodes = laid_out(&mut app);
    let texts: Vec<&str> = nodes.iter().filter_map(|n| n.text.as_deref()).collect();
    assert!(
        (texts.iter()).any(|t| *t == format!("Positions {}", group(then))),
        "the panel does not count {then}: {texts:?}"
    );
    assert!(
        (texts.iter()).any(|t| t.starts_with(&format!("Solver's search: {then} positions"))),
        "the column does not count {then}"
    );
}

/// The pond's level 40 with the map shown, its search watched to its end.
fn hop_searched_with_map() -> App {
    searched_with_map(UVec2::new(1280, 720), "hop.ron", 39)
}

/// A shipped level in a window of `size`, the map shown, its search
/// watched to its end.
fn searched_with_map(size: UVec2, file: &str, level: usize) -> App {
    let mut app = laid_app(size);
    start_level(&mut app, file, level);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    for _ in 0..100_000 {
        app.update();
        if app.world().resource::<Autoplay>().ending.is_some() {
            break;
        }
    }
    settle(&mut app);
    app
}

/// The map's picture as painted: its pixels (none before a painting).
fn map_pixels(app: &mut App) -> Vec<u8> {
    use pond_puzzles::game::solver::tree_view::MapPicture;
    let handle = app
        .world_mut()
        .query_filtered::<&ImageNode, With<MapPicture>>()
        .single(app.world())
        .map(|i| i.image.clone())
        .expect("the map's picture");
    app.world()
        .resource::<Assets<Image>>()
        .get(&handle)
        .and_then(|i| i.data.clone())
        .unwrap_or_default()
}

/// Starting the level again ends what the search showed: the map is
/// emptied and says there is no search, not the old one's picture.
#[test]
fn a_restart_empties_the_map() {
    use pond_puzzles::game::solver::tree_view::MapFigure;
    let mut app = hop_searched_with_map();
    let painted = |app: &mut App| map_pixels(app).chunks(4).filter(|p| p[3] > 0).count();
    let figure = |app: &mut App| {
        app.world_mut()
            .query_filtered::<&Text, With<MapFigure>>()
            .single(app.world())
            .map(|t| t.0.clone())
            .expect("the map's figure")
    };
    assert!(painted(&mut app) > 100, "the search's map");
    assert!(
        figure(&mut app).contains("move orders"),
        "{}",
        figure(&mut app)
    );
    app.world_mut()
        .write_message(MoveRequested::player(Request::Restart));
    settle(&mut app);
    assert!(!app.world().contains_resource::<Autoplay>());
    assert_eq!(painted(&mut app), 0, "the old map stayed");
    assert!(
        figure(&mut app).starts_with("No search yet"),
        "{}",
        figure(&mut app)
    );
}

/// The part of the whole map the view shows, as shares of the whole's
/// width (its top's cell on the whole map, and the part of it shown).
fn shown_span(app: &App) -> (f64, f64) {
    use pond_puzzles::game::solver::tree_view::MapView;
    use pond_puzzles::solve::map::SearchMap;
    let view = app.world().resource::<MapView>();
    let t = (app.world().resource::<Autoplay>().tree.as_ref()).expect("a tree");
    let (c0, c1) = match view.top {
        None => (0.0, 1.0),
        Some(top) => {
            let map = SearchMap::laid_out(t, 0, view.layout);
            let cell = (map.cells.iter())
                .find(|c| c.node == Some(top))
                .expect("the top is on the whole map");
            (cell.x0, cell.x1)
        }
    };
    let (a, b) = view.part.unwrap_or((0.0, 1.0));
    (c0 + a * (c1 - c0), c0 + b * (c1 - c0))
}

/// ] and [ zoom in even steps: each ] shows half the width it showed (the
/// picture changes), each [ twice it, back to the whole map as it was.
#[test]
fn the_maps_zoom_halves_the_width_each_step_and_back() {
    use pond_puzzles::game::solver::tree_view::MapView;
    let mut app = hop_searched_with_map();
    let pixels = map_pixels;
    let whole = pixels(&mut app);
    assert_eq!(shown_span(&app), (0.0, 1.0));
    for width in [0.5, 0.25, 0.125] {
        press(&mut app, KeyCode::BracketRight);
        settle(&mut app);
        let (a, b) = shown_span(&app);
        assert!((b - a - width).abs() < 1e-9, "{a}..{b}: not {width} wide");
        assert!(a >= 0.0 && b <= 1.0);
        assert_ne!(pixels(&mut app), whole, "the picture did not change");
    }
    for width in [0.25, 0.5, 1.0] {
        press(&mut app, KeyCode::BracketLeft);
        settle(&mut app);
        let (a, b) = shown_span(&app);
        assert!((b - a - width).abs() < 1e-9, "{a}..{b}: not {width} wide");
    }
    let view = app.world().resource::<MapView>();
    assert_eq!((view.top, view.part), (None, None));
    assert_eq!(pixels(&mut app), whole, "back out, the whole map again");
}

/// A drag across the map draws the band it spans while the button is held
/// (it drew nothing before the release), and on the release zooms into the
/// part dragged across (not a wider branch that spans it), and the band
/// goes.
#[test]
fn a_drag_across_the_map_shows_its_band_then_zooms() {
    use super::window::left_button as button;
    use pond_puzzles::game::solver::tree_view::{DragBand, MapView};
    let mut app = hop_searched_with_map();
    let map = (laid_out(&mut app).into_iter())
        .find(|n| n.name.as_deref() == Some("Search map"))
        .expect("the map")
        .rect;
    let band = |app: &mut App| {
        let e = (app.world_mut())
            .query_filtered::<Entity, With<DragBand>>()
            .single(app.world())
            .expect("the band");
        laid_out(app)
            .into_iter()
            .find(|n| n.entity == e)
            .map(|n| n.rect)
    };
    let (from, to) = (map.min.x + map.width() * 0.2, map.min.x + map.width() * 0.7);
    let y = map.center().y;
    let window = point_at(&mut app, Vec2::new(from, y));
    button(&mut app, window, ButtonState::Pressed);
    assert_eq!(band(&mut app), None, "a band before any drag");
    point_at(&mut app, Vec2::new(to, y));
    app.update();
    let shown = band(&mut app).expect("the band while dragging");
    assert!(
        (shown.min.x - from).abs() < 3.0 && (shown.max.x - to).abs() < 3.0,
        "the band {shown:?} spans {from} to {to}"
    );
    button(&mut app, window, ButtonState::Released);
    settle(&mut app);
    assert_eq!(band(&mut app), None, "the band after the release");
    // The part dragged across, no wider.
    let (a, b) = shown_span(&app);
    assert!((a - 0.2).abs() < 0.01 && (b - 0.7).abs() < 0.01, "{a}..{b}");
    let view = app.world().resource::<MapView>();
    assert!(view.top.is_some() || view.part.is_some(), "zoomed in");
}

/// The rows of words name every move in the player's words, tried or
/// not: no pad numbers ("25-11"), colour numbers or row numbers, on every
/// puzzle's searches.
#[test]
fn the_rows_name_moves_in_the_players_words() {
    use pond_puzzles::game::solver::tree_view::outline;
    use pond_puzzles::solve::SolverEvent;
    for (file, level) in [
        ("swap.ron", 9),
        ("hop.ron", 39),
        ("pegs.ron", 0),
        ("flood.ron", 2),
        ("escape.ron", 3),
    ] {
        let text = SHIPPED.iter().find(|(n, _)| *n == file).unwrap().1;
        let p = parse_pack(file, text).unwrap().levels[level].puzzle.clone();
        let mut tree = SearchTree::new(&p, 4096);
        let mut sink = |e: &SolverEvent<PuzzleMove>| {
            tree.feed(e).expect("the events fit");
        };
        solve::solve(&p, Budget::nodes(20_000), Some(&mut sink), true);
        let rows = outline(&tree);
        assert!(rows.len() > 3, "{file} {level}: {} rows", rows.len());
        for row in &rows {
            let w = &row.words;
            let c: Vec<char> = w.chars().collect();
            let pads = c
                .windows(3)
                .any(|t| t[0].is_ascii_digit() && t[1] == '-' && t[2].is_ascii_digit());
            assert!(
                !pads && !w.contains("colour ") && !w.contains("pad ") && !w.contains("row "),
                "{file} {level}: {w:?}"
            );
        }
    }
}

/// At 800x600, with the search's column and the solver's panel open, a
/// watched search keeps the board at least half the window's height, clear
/// of every panel.
#[test]
fn at_800x600_a_watched_search_keeps_half_the_height_for_the_board() {
    use super::window::{board_faults, board_rect};
    use pond_puzzles::game::panels::SolverPanelOpen;
    let size = UVec2::new(800, 600);
    let mut app = laid_app(size);
    start_level(&mut app, "pegs.ron", 7);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    app.world_mut().resource_mut::<SolverPanelOpen>().0 = true;
    app.insert_resource(Speed::default());
    settle(&mut app);
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    for _ in 0..30 {
        app.update();
    }
    app.world_mut().resource_mut::<Autoplay>().paused = true;
    settle(&mut app);
    let rect = board_rect(&mut app, size.as_vec2());
    assert!(
        rect.height() >= 300.0,
        "the board is {:.0} pixels high of 600",
        rect.height()
    );
    let faults = board_faults(&mut app, size.as_vec2());
    assert!(faults.is_empty(), "{faults:?}");
}

/// At 800x600 a won search's banner stands between the two columns: the
/// search's column keeps its whole height (the timeline's buttons show, and
/// the banner covers none of it), and the board keeps clear of both.
#[test]
fn at_800x600_a_won_search_keeps_its_column_whole_beside_the_banner() {
    use super::window::board_faults;
    let size = UVec2::new(800, 600);
    let mut app = laid_app(size);
    start_level(&mut app, "pegs.ron", 1);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    app.insert_resource(Speed::Instant);
    settle(&mut app);
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    for _ in 0..20_000 {
        app.update();
        if app.world().resource::<PlayState>().puzzle.is_won() {
            break;
        }
    }
    assert!(app.world().resource::<PlayState>().puzzle.is_won());
    settle(&mut app);
    let nodes = laid_out(&mut app);
    let banner =
        (nodes.iter().find(|n| n.name.as_deref() == Some("Banner"))).expect("the won banner");
    let window = Rect::from_corners(Vec2::ZERO, size.as_vec2());
    let first = (nodes.iter().find(|n| n.text.as_deref() == Some("|<")))
        .expect("the timeline's first button");
    assert!(
        window.contains(first.rect.min) && window.contains(first.rect.max),
        "the timeline's button at {:?}",
        first.rect
    );
    // The column: the outermost node around its title (the solver panel's
    // button says "Search" too).
    let title = (nodes.iter())
        .filter(|n| n.text.as_deref() == Some("Search"))
        .min_by(|a, b| a.rect.min.x.total_cmp(&b.rect.min.x))
        .expect("the column's title");
    let mut column = title;
    while let Some(up) = (column.parent).and_then(|p| nodes.iter().find(|n| n.entity == p)) {
        column = up;
    }
    assert!(
        banner.rect.min.x > column.rect.max.x,
        "the banner {:?} reaches under the column {:?}",
        banner.rect,
        column.rect
    );
    let faults = board_faults(&mut app, size.as_vec2());
    assert!(faults.is_empty(), "{faults:?}");
}

/// Whether a text that reads `words` exactly is shown.
fn shows_exactly(app: &mut App, words: &str) -> bool {
    laid_out(app)
        .iter()
        .any(|n| n.text.as_deref() == Some(words))
}

/// Whether a text shown holds `words`.
fn shows(app: &mut App, words: &str) -> bool {
    laid_out(app)
        .iter()
        .any(|n| n.text.as_deref().is_some_and(|t| t.contains(words)))
}

/// A moment of the timeline put on the board is said in words, with "Play
/// from here"; no search starts from that moment until the player says so
/// (then it starts from there; else where the last one began); a restart
/// forgets the timeline and its rows.
#[test]
fn a_board_moved_by_the_timeline_says_so_and_a_search_waits_for_play_from_here() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "hop.ron", 39);
    search_with_tree(&mut app, Watch::Search);
    let len = app.world().resource::<Autoplay>().log.len();
    assert!(len > 20, "{len} events");
    assert!(!shows_exactly(&mut app, "Play from here"));
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.starts_with("Positions ") && t.ends_with(" s")),
        "the search's counters and time"
    );
    // The timeline keeps the search's cuts and their reasons: the tree
    // rebuilt from it counts them as the search's own.
    {
        let a = app.world().resource::<Autoplay>();
        let whole = a.tree.as_ref().expect("a tree");
        let mut t = SearchTree::new(whole.start(), 64);
        for e in &a.log {
            for event in e.events(t.round()) {
                t.feed(&event).expect("the events fit");
            }
        }
        assert!(whole.stats().cuts[0] > 0, "{:?}", whole.stats());
        assert_eq!(t.stats().cuts, whole.stats().cuts);
    }
    app.world_mut().write_message(Scrub::Start);
    app.world_mut().write_message(Scrub::By(7));
    follow_jump(&mut app);
    let there = puzzle(&app);
    let said = format!(
        "The board shows the search after 7 of its {} steps",
        group(len as u64)
    );
    assert!(shows(&mut app, &said), "no line \"{said}\"");
    assert!(shows_exactly(&mut app, "Play from here"));
    // The panel's counters are the moment's: no time of the whole search
    // beside them.
    let timed = |app: &mut App| {
        texts(app)
            .iter()
            .any(|t| t.starts_with("Positions ") && t.ends_with(" s"))
    };
    assert!(!timed(&mut app), "a moment shows the search's time");
    // "Play from here": the board stays, the timeline is at its end again.
    app.world_mut().write_message(Scrub::Here);
    settle(&mut app);
    assert_eq!(puzzle(&app), there);
    assert!(app.world().resource::<TreeViewState>().scrubbed.is_none());
    assert!(!shows_exactly(&mut app, "Play from here"));
    assert!(!shows(&mut app, "The board shows the search after"));
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    app.update();
    app.update();
    let a = app.world().resource::<Autoplay>();
    assert_eq!(
        a.tree.as_ref().expect("a tree").start(),
        &there,
        "the new search starts from the board"
    );
    // A restart forgets a timeline moved away from its end, and its rows.
    start_level(&mut app, "hop.ron", 39);
    search_with_tree(&mut app, Watch::Search);
    app.world_mut().write_message(Scrub::Start);
    app.world_mut().write_message(Scrub::By(3));
    follow_jump(&mut app);
    assert!(app.world().resource::<TreeViewState>().scrubbed.is_some());
    app.world_mut()
        .write_message(MoveRequested::player(Request::Restart));
    settle(&mut app);
    let view = app.world().resource::<TreeViewState>();
    assert!(view.scrubbed.is_none(), "the timeline outlived its search");
    assert_eq!(view.total, 0, "rows of a search gone are shown");
    // Without "Play from here", a search asked for on a moment starts
    // where the last one began (the plain one beside ours), not from the
    // moment shown.
    let start = puzzle(&app);
    search_with_tree(&mut app, Watch::Search);
    app.world_mut().write_message(Scrub::Start);
    app.world_mut().write_message(Scrub::By(5));
    follow_jump(&mut app);
    assert!(puzzle(&app) != start, "the moment is the start");
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Plain));
    assert_eq!(
        plain_search_start(&mut app),
        Some(start),
        "the plain search's start"
    );
}

/// A paused search moved through its timeline is not over: it says that
/// Space goes on, and Space takes the board back to where the search stands
/// and the search carries on from there to its answer.
#[test]
fn a_paused_search_moved_through_its_timeline_goes_on_from_where_it_stood() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "pegs.ron", 7);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    for _ in 0..10_000 {
        app.update();
        if app.world().resource::<Autoplay>().log.len() > 300 {
            break;
        }
    }
    app.world_mut().write_message(AutoplayCommand::Pause);
    settle(&mut app);
    let (len, stood) = {
        let a = app.world().resource::<Autoplay>();
        assert!(a.is_active() && a.paused, "{:?}", a.ending);
        (a.log.len(), puzzle(&app))
    };
    app.world_mut().write_message(Scrub::Start);
    app.world_mut().write_message(Scrub::By(5));
    follow_jump(&mut app);
    {
        let a = app.world().resource::<Autoplay>();
        assert!(a.is_active(), "the scrub ended the search: {:?}", a.ending);
        assert_eq!(a.log.len(), len, "the paused search moved on");
    }
    assert_ne!(puzzle(&app), stood, "the board did not move to the moment");
    assert!(shows(&mut app, "(Space: the search goes on)"));
    // Space: back to where it stood, and on to the answer.
    app.world_mut().write_message(AutoplayCommand::Pause);
    for _ in 0..100_000 {
        app.update();
        if app.world().resource::<Autoplay>().ending.is_some() {
            break;
        }
    }
    settle(&mut app);
    let a = app.world().resource::<Autoplay>();
    assert!(matches!(a.ending, Some(Ending::Won(31))), "{:?}", a.ending);
    assert!(a.log.len() > len, "the search did not go on");
    assert!(app.world().resource::<TreeViewState>().scrubbed.is_none());
    assert!(puzzle(&app).is_won());
    assert_board_mirrors_rules(&mut app);
}

/// A click on a row takes the board there and the timeline to the first
/// moment the search stood there: the row is highlighted as the search's
/// place, and the timeline says where it is. A move of the player's then
/// makes the board the player's game again.
#[test]
fn clicking_a_row_moves_the_highlight_and_the_timeline_with_the_board() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "hop.ron", 39);
    search_with_tree(&mut app, Watch::Search);
    let (tree, len) = {
        let a = app.world().resource::<Autoplay>();
        (a.tree.clone().expect("a tree"), a.log.len())
    };
    let (slot, id) = given_up_row_at_the_top(&mut app, &tree);
    app.world_mut().write_message(TreeRow(slot));
    follow_jump(&mut app);
    assert_eq!(puzzle(&app), tree.position(id));
    assert_board_mirrors_rules(&mut app);
    let (at, shown) = app
        .world()
        .resource::<TreeViewState>()
        .scrubbed
        .clone()
        .expect("the timeline moved with the board");
    assert!(at < len, "{at} of {len}");
    let here = *shown.line().last().expect("a line");
    assert_eq!(shown.path(here), tree.path(id), "the search's place");
    // The row highlighted is the one gone to.
    let slots = app.world().resource::<TreeViewState>().slots.clone();
    let slot_now = slots
        .iter()
        .position(|s| *s == Some(here))
        .expect("the row in view");
    let lit: Vec<usize> = app
        .world_mut()
        .query::<(&TreeRow, &BackgroundColor)>()
        .iter(app.world())
        .filter(|(_, bg)| bg.0 != Color::NONE)
        .map(|(r, _)| r.0)
        .collect();
    assert_eq!(lit, [slot_now], "the rows highlighted");
    let said = format!(
        "The board shows the search after {} of its {} steps",
        group(at as u64),
        group(len as u64)
    );
    assert!(shows(&mut app, &said), "no line \"{said}\"");
    app.world_mut()
        .write_message(MoveRequested::player(Request::Undo));
    settle(&mut app);
    assert!(app.world().resource::<TreeViewState>().scrubbed.is_none());
    assert_eq!(
        puzzle(&app),
        tree.position(tree.node(id).parent),
        "the undo played from the board"
    );
}

/// A search started after a move of the player's wins in the game's
/// moves, and the panel says which were the player's and which the
/// search's (its path holds its own only).
#[test]
fn a_search_after_the_players_move_says_whose_moves_won() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "flood.ron", 1);
    let first = puzzle(&app).legal_moves()[0];
    app.world_mut()
        .write_message(MoveRequested::player(Request::Play(first)));
    settle(&mut app);
    search_with_tree(&mut app, Watch::Search);
    let a = app.world().resource::<Autoplay>();
    let Some(Ending::Won(n)) = a.ending.clone() else {
        panic!("{:?}", a.ending);
    };
    let its = n - 1;
    let words = format!("won in {n} moves: your 1, then its {its}");
    assert!(shows(&mut app, &words), "no line \"{words}\"");
}

/// Where the timeline's "<" button is on the window.
fn back_button(app: &mut App) -> Rect {
    let nodes = laid_out(app);
    let label = nodes
        .iter()
        .find(|n| n.text.as_deref() == Some("<"))
        .expect("the timeline's \"<\"");
    let parent = label.parent.expect("its button");
    nodes
        .iter()
        .find(|n| n.entity == parent)
        .map(|n| n.rect)
        .expect("the button laid out")
}

/// The timeline's buttons stay where they are while the search runs, when
/// the comparison's chart comes in, and when a line of words is said.
#[test]
fn the_timeline_buttons_never_move_under_the_pointer() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "hop.ron", 39);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    let before = back_button(&mut app);
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    for _ in 0..100_000 {
        app.update();
        if app.world().resource::<Autoplay>().ending.is_some() {
            break;
        }
    }
    // The comparison's figures come in.
    let chart = |app: &mut App| {
        texts(app)
            .iter()
            .any(|t| t.contains("times fewer positions") || t.contains("as many positions"))
    };
    for _ in 0..2_000 {
        if chart(&mut app) {
            break;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    settle(&mut app);
    assert!(chart(&mut app), "the chart never came");
    // What the solver's ideas saved, under the bars.
    assert!(
        shows(&mut app, "skipped as lost or mirrored"),
        "no savings line"
    );
    assert_eq!(back_button(&mut app), before, "after the chart came in");
    // A line said in the level's bar, over a moment of the timeline.
    app.world_mut().write_message(Scrub::Start);
    follow_jump(&mut app);
    app.world_mut().write_message(pond_puzzles::game::play::Say(
        "The board shows a moment of the search: a line as long as the game says".into(),
    ));
    settle(&mut app);
    assert!(shows(&mut app, "a moment of the search"));
    assert_eq!(back_button(&mut app), before, "after a line was said");
}

/// Flood's palette comes back under a board scrubbed back from its win:
/// the timeline's buttons stay where they were (the column once shrank
/// above the palette, and the buttons jumped up under the pointer).
#[test]
fn a_flood_scrub_leaves_the_timeline_buttons_in_place() {
    // At 800x600 the words on how to move came back under the column with
    // the board scrubbed from its win, wrapped the keys' line to two rows
    // and lifted the timeline's buttons (the next click fell on "Play from
    // here").
    for (size, file, level) in [
        (UVec2::new(1280, 720), "flood.ron", 13),
        (UVec2::new(800, 600), "pegs.ron", 1),
    ] {
        let mut app = searched_with_map(size, file, level);
        assert!(puzzle(&app).is_won());
        let before = back_button(&mut app);
        app.world_mut().write_message(Scrub::Start);
        follow_jump(&mut app);
        assert!(!puzzle(&app).is_won(), "{file}: back at the start");
        assert_eq!(back_button(&mut app), before, "{file}: after the scrub");
        app.world_mut().write_message(Scrub::End);
        follow_jump(&mut app);
        assert_eq!(back_button(&mut app), before, "{file}: back at the win");
    }
}

/// The solver panel has a button for the search's map beside the move
/// map's: a tap opens it without the keyboard, and a second tap closes it.
#[test]
fn the_search_map_opens_and_closes_from_the_solver_panel() {
    use pond_puzzles::game::panels::SolverPanelOpen;
    use pond_puzzles::game::solver::tree_view::ToggleTree;
    let mut app = app();
    start_level(&mut app, "pegs.ron", 8);
    app.world_mut().resource_mut::<SolverPanelOpen>().0 = true;
    settle(&mut app);
    for open in [true, false] {
        let buttons: Vec<Entity> = app
            .world_mut()
            .query_filtered::<Entity, (With<Button>, With<ToggleTree>)>()
            .iter(app.world())
            .collect();
        // The panel's, and the map's own "Hide" once it is open.
        assert_eq!(buttons.len(), if open { 1 } else { 2 }, "{buttons:?}");
        activate(&mut app, buttons[0]);
        settle(&mut app);
        assert_eq!(app.world().resource::<TreeViewOpen>().0, open);
    }
}

/// A search started while another is watched starts where that one began,
/// not from the middle of it: the board goes back first.
#[test]
fn a_search_started_during_another_starts_where_it_began() {
    let mut app = app();
    app.insert_resource(Speed::Times(16.0));
    start_level(&mut app, "pegs.ron", 0);
    let start = puzzle(&app);
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    // Until the watched search has moved the board a few jumps.
    for _ in 0..20_000 {
        app.update();
        if app.world().resource::<PlayState>().moves() >= 3 {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(puzzle(&app) != start, "the search never moved the board");
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Plain));
    assert_eq!(
        plain_search_start(&mut app),
        Some(start),
        "the plain search's start"
    );
}

/// The start of the plain search once it is watched (the board may first
/// go back to where the last search began).
fn plain_search_start(app: &mut App) -> Option<Puzzle> {
    for _ in 0..20_000 {
        app.update();
        if let Some(a) = app.world().get_resource::<Autoplay>()
            && a.watch == Watch::Plain
        {
            return a.tree.as_ref().map(|t| t.start().clone());
        }
    }
    None
}

/// A win of the player's own is the player's: a search asked for on it
/// undoes nothing and says how to go on.
#[test]
fn a_search_asked_for_on_the_players_own_win_says_the_way_on() {
    let mut app = app();
    start_level(&mut app, "swap.ron", 0);
    for mv in solution_on_board(&app) {
        app.world_mut().write_message(MoveRequested::player(mv));
        settle(&mut app);
    }
    let won = puzzle(&app);
    assert!(won.is_won());
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Plain));
    settle(&mut app);
    assert_eq!(puzzle(&app), won, "the player's win was undone");
    assert!(app.world().get_resource::<Autoplay>().is_none());
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.contains("The level is won: undo (U)")),
        "the way on is not said"
    );
}

/// "Plain" over a search of ours that the map shows asks first (its
/// picture would take the other's place); a second press starts the plain
/// search where ours began, also after ours won (the board is taken back
/// from the win to the search's start).
#[test]
fn plain_over_our_search_asks_then_starts_where_it_began() {
    use pond_puzzles::game::solver::tree_view::AskPlain;
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "pegs.ron", 0);
    let start = puzzle(&app);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    for _ in 0..100_000 {
        app.update();
        if app.world().resource::<Autoplay>().ending.is_some() {
            break;
        }
    }
    settle(&mut app);
    assert!(matches!(
        app.world().resource::<Autoplay>().ending,
        Some(Ending::Won(_))
    ));
    assert!(shows_exactly(&mut app, "Plain"), "the column's button");
    app.world_mut().write_message(AskPlain);
    settle(&mut app);
    assert_eq!(app.world().resource::<Autoplay>().watch, Watch::Search);
    // The question is the button's own words, not a line that moves the
    // column.
    assert!(
        shows_exactly(&mut app, "Replace map?"),
        "the question: {:?}",
        texts(&mut app)
            .iter()
            .filter(|t| t.contains("Plain") || t.contains('?'))
            .collect::<Vec<_>>()
    );
    app.world_mut().write_message(AskPlain);
    assert_eq!(
        plain_search_start(&mut app),
        Some(start),
        "the plain search's start"
    );
}

/// While a search is watched, fewer words: a steering button's key shows
/// only under the pointer, the status says no "(paused)" beside the
/// button that says Resume, and with the tree open the counters leave the
/// depth to its timeline.
#[test]
fn a_watched_search_shows_its_keys_only_under_the_pointer() {
    let mut app = laid_app(UVec2::new(1280, 720));
    app.insert_resource(Speed::default());
    start_level(&mut app, "pegs.ron", 7);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    for _ in 0..20 {
        app.update();
    }
    app.world_mut().write_message(AutoplayCommand::Pause);
    settle(&mut app);
    assert!(app.world().resource::<Autoplay>().paused);
    assert!(shows_exactly(&mut app, "Resume"), "the panel is open");
    assert!(!shows(&mut app, "(paused)"));
    assert!(!shows_exactly(&mut app, "Space"), "a key shown unasked");
    assert!(shows(&mut app, "Positions "));
    assert!(!shows(&mut app, "Depth"), "the timeline counts the steps");
    // Under the pointer, the Pause button says its key.
    let pause = app
        .world_mut()
        .query::<(Entity, &AutoplayCommand, &Interaction)>()
        .iter(app.world())
        .find(|(_, c, _)| **c == AutoplayCommand::Pause)
        .map(|(e, ..)| e)
        .expect("the Pause button");
    let at = middle_of(&mut app, pause);
    point_at(&mut app, at);
    settle(&mut app);
    assert!(
        shows_exactly(&mut app, "Space"),
        "the key under the pointer"
    );
    // The tree folded, the counters say the depth again.
    app.world_mut().resource_mut::<TreeViewOpen>().0 = false;
    settle(&mut app);
    assert!(shows(&mut app, "Depth"));
}

/// The search's column says which search it draws: "Plain search" over the
/// plain search's picture (the solver panel says so too), "Search" over
/// ours.
#[test]
fn the_columns_title_names_the_search_it_draws() {
    let mut app = laid_app(UVec2::new(1280, 720));
    app.insert_resource(Speed::default());
    start_level(&mut app, "pegs.ron", 7);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    let titles = |app: &mut App, words: &str| {
        laid_out(app)
            .iter()
            .filter(|n| n.text.as_deref() == Some(words))
            .count()
    };
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Plain));
    for _ in 0..10 {
        app.update();
    }
    settle(&mut app);
    assert_eq!(
        titles(&mut app, "Plain search"),
        2,
        "the column and the panel"
    );
    app.world_mut().write_message(AutoplayCommand::Stop);
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    for _ in 0..10 {
        app.update();
    }
    settle(&mut app);
    assert_eq!(titles(&mut app, "Plain search"), 0);
}
