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

#[path = "tree/map.rs"]
mod map;

#[path = "tree/timeline.rs"]
mod timeline;

#[path = "tree/plain.rs"]
mod plain;

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
    let mut app = paused_english_watch(Speed::default(), 30, |app| {
        app.world_mut().resource_mut::<SolverPanelOpen>().0 = true;
    });
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
    let column = column_of(&nodes);
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

/// At 800x600 Flood's column is short: the comparison's ratio still shows
/// (its bars need more room), whole, inside the column.
#[test]
fn at_800x600_a_short_column_keeps_the_comparisons_ratio() {
    let size = UVec2::new(800, 600);
    let mut app = searched_with_map(size, "flood.ron", 13);
    let ratio = |app: &mut App| {
        laid_out(app).into_iter().find(|n| {
            n.text
                .as_deref()
                .is_some_and(|t| t.contains("fewer positions") || t.contains("as many positions"))
        })
    };
    for _ in 0..4_000 {
        if ratio(&mut app).is_some() {
            break;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    settle(&mut app);
    let ratio = ratio(&mut app).expect("the comparison's ratio shows");
    let nodes = laid_out(&mut app);
    let column = column_of(&nodes);
    assert!(
        column.rect.height() < 430.0,
        "a short column: {:?}",
        column.rect
    );
    assert!(
        column.rect.contains(ratio.rect.min) && column.rect.contains(ratio.rect.max),
        "the ratio at {:?}, the column {:?}",
        ratio.rect,
        column.rect
    );
}

/// The search's column: the outermost node around its title (the solver
/// panel's button says "Search" too).
fn column_of(nodes: &[super::window::Laid]) -> &super::window::Laid {
    let title = (nodes.iter())
        .filter(|n| n.text.as_deref() == Some("Search"))
        .min_by(|a, b| a.rect.min.x.total_cmp(&b.rect.min.x))
        .expect("the column's title");
    let mut column = title;
    while let Some(up) = (column.parent).and_then(|p| nodes.iter().find(|n| n.entity == p)) {
        column = up;
    }
    column
}

/// The column keeps the least room it has had while its search lasts (no
/// button moves under the pointer), and a new search takes the room there
/// is again: a long line said once no longer lowers it for good.
#[test]
fn a_new_search_takes_the_columns_room_again() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "hop.ron", 39);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    let top = |app: &mut App| column_of(&laid_out(app)).rect.min.y;
    let at_first = top(&mut app);
    let long = "A line long enough to take three rows of the level's bar, ".repeat(6);
    app.world_mut()
        .write_message(pond_puzzles::game::play::Say(long));
    settle(&mut app);
    let lowered = top(&mut app);
    assert!(lowered > at_first + 10.0, "{at_first} then {lowered}");
    app.world_mut()
        .write_message(pond_puzzles::game::play::Say("Short.".into()));
    settle(&mut app);
    assert_eq!(top(&mut app), lowered, "the room kept while nothing began");
    // At 1x, looked at a few frames in (a win adds the level's code to its
    // bar, which lowers the column again).
    app.insert_resource(Speed::Times(1.0));
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    for _ in 0..5 {
        app.update();
    }
    assert!(app.world().resource::<Autoplay>().ending.is_none());
    // (The short line still stands in the level's bar.)
    let now = top(&mut app);
    assert!(
        now < lowered - 10.0,
        "a new search's room: at {now}, lowered to {lowered}"
    );
}

/// At 800x600 the rows of words start at the column's edge and indent a
/// narrow step a level, so that a row keeps room for its words (deep in
/// the English board's search they were cut to "bottom frog j..." past
/// seven levels of 10 pixels).
#[test]
fn at_800x600_the_rows_of_words_keep_room_for_their_words() {
    let mut app = paused_english_watch(Speed::Instant, 60, |app| {
        app.world_mut().resource_mut::<TreeViewState>().words = true;
    });
    use pond_puzzles::game::solver::tree_view::outline;
    let first = app.world().resource::<TreeViewState>().first;
    let tree = app
        .world()
        .resource::<Autoplay>()
        .tree
        .clone()
        .expect("a tree");
    let outline = outline(&tree);
    let rows: Vec<(u32, f32)> = app
        .world_mut()
        .query::<(&TreeRow, &Node)>()
        .iter(app.world())
        .filter(|(_, n)| n.display != Display::None)
        .map(|(r, n)| {
            let left = match n.margin.left {
                Val::Px(left) => left,
                _ => 0.0,
            };
            (outline[first + r.0].depth, left)
        })
        .collect();
    assert!(rows.len() >= 5, "{rows:?}");
    let low = rows.iter().map(|r| r.0).min().unwrap();
    assert!(low > 3, "deep in the search: {rows:?}");
    for &(depth, left) in &rows {
        assert!(
            left <= (depth - low) as f32 * 6.0 + 0.5,
            "a row {} levels below the first shown stands {left} px in: {rows:?}",
            depth - low
        );
    }
    assert!(rows.iter().any(|r| r.1 == 0.0), "{rows:?}");
}

/// The English board at 800x600 with the search's column open, `setup`
/// done, watched at `speed` for `frames` frames, then paused.
fn paused_english_watch(speed: Speed, frames: usize, setup: impl FnOnce(&mut App)) -> App {
    let mut app = laid_app(UVec2::new(800, 600));
    start_level(&mut app, "pegs.ron", 7);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    setup(&mut app);
    app.insert_resource(speed);
    settle(&mut app);
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    for _ in 0..frames {
        app.update();
    }
    app.world_mut().resource_mut::<Autoplay>().paused = true;
    settle(&mut app);
    app
}
