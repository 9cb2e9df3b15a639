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

#[path = "tree/rows_clicked.rs"]
mod rows_clicked;
#[path = "tree/timeline.rs"]
mod timeline;

#[path = "tree/plain.rs"]
mod plain;
#[path = "tree/resized.rs"]
mod resized;
#[path = "tree/stopped.rs"]
mod stopped;

#[path = "tree/few_words.rs"]
mod few_words;

#[path = "tree/figure.rs"]
mod figure;
#[path = "tree/keys.rs"]
mod keys;
#[path = "tree/narrow.rs"]
mod narrow;
#[path = "tree/scale.rs"]
mod scale;

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

/// Starts a watched search and pauses it once it has made a step (its
/// solver's thread may start late on a busy machine: a fixed count of
/// frames saw no step, and no line of steps, now and then).
fn search_a_step_then_pause(app: &mut App) {
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    for _ in 0..5_000 {
        app.update();
        if !app.world().resource::<Autoplay>().log.is_empty() {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    app.world_mut().write_message(AutoplayCommand::Pause);
    settle(app);
}

/// Starts a watched search (`watch`), paused, and steps it until the
/// board has `moves` moves (its first events come from a thread of its
/// own: a step before them does nothing).
fn search_paused_at(app: &mut App, watch: Watch, moves: usize) {
    app.world_mut().write_message(AutoplayCommand::Start(watch));
    app.update();
    app.world_mut().write_message(AutoplayCommand::Pause);
    step_until(app, moves);
}

/// Steps a paused watched search until the board has `moves` moves.
fn step_until(app: &mut App, moves: usize) {
    for _ in 0..2_000 {
        if app.world().resource::<PlayState>().moves() >= moves {
            return;
        }
        app.world_mut().write_message(AutoplayCommand::Step);
        settle(app);
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("the search made fewer than {moves} moves");
}

/// The positions of the search as the timeline's moment shows it.
fn moment_positions(app: &App) -> u64 {
    app.world()
        .resource::<TreeViewState>()
        .scrubbed
        .as_ref()
        .map(|(_, t)| t.stats().positions)
        .expect("the timeline is short of its end")
}

/// Resumes a paused search (Space) and runs it to its end.
fn resume_to_its_end(app: &mut App) {
    app.world_mut().write_message(AutoplayCommand::Pause);
    for _ in 0..100_000 {
        app.update();
        if app.world().resource::<Autoplay>().ending.is_some() {
            break;
        }
    }
    settle(app);
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
/// and each move tried (they once said 94 and 95). With the column open the
/// panel leaves the counting to it.
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
    let column = format!("Solver's search: {} positions", group(positions));
    assert!(shows(&mut app, &column), "no line \"{column}\"");
    assert!(
        !shows(&mut app, "Positions "),
        "the panel counts beside the column"
    );
    // The column closed, the panel counts the same.
    app.world_mut().resource_mut::<TreeViewOpen>().0 = false;
    settle(&mut app);
    let panel = (laid_out(&mut app).into_iter())
        .filter_map(|n| n.text)
        .find(|t| t.starts_with("Positions "))
        .expect("the panel's counters");
    assert!(
        panel.starts_with(&format!("Positions {} ", group(positions))),
        "panel: {panel:?}, tree: {positions}"
    );
    // (Opened again, the column shows the map: the rows of words asked for
    // again.)
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    app.world_mut().resource_mut::<TreeViewState>().words = true;
    settle(&mut app);
    // Moved back along the timeline (the column open: closing it leaves the
    // moment), the column counts the tree as it stood then, and the panel
    // still leaves it the count (it once kept the whole search's 17 beside
    // the tree's 13).
    app.world_mut().write_message(Scrub::Start);
    app.world_mut().write_message(Scrub::By(9));
    follow_jump(&mut app);
    let then = moment_positions(&app);
    assert!(then < positions, "{then} of {positions}");
    assert!(
        shows(&mut app, &format!("Solver's search: {then} positions")),
        "the column does not count {then}"
    );
    assert!(
        !shows(&mut app, "Positions "),
        "the panel counts beside the column"
    );
}

/// The pond's level 40 with the map shown, its search watched to its end.
fn hop_searched_with_map() -> App {
    searched_with_map(UVec2::new(1280, 720), "hop.ron", 39)
}

/// The map's figure, the line under its bar.
fn figure(app: &mut App) -> String {
    use pond_puzzles::game::solver::tree_view::MapFigure;
    app.world_mut()
        .query_filtered::<&Text, With<MapFigure>>()
        .single(app.world())
        .map(|t| t.0.clone())
        .expect("the map's figure")
}

/// A shipped level in a window of `size`, the map shown, its search
/// watched to its end.
fn searched_with_map(size: UVec2, file: &str, level: usize) -> App {
    let mut app = laid_app(size);
    start_level(&mut app, file, level);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    search_to_its_end(&mut app);
    app
}

/// The solver's search watched to its end, and the board settled.
fn search_to_its_end(app: &mut App) {
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    for _ in 0..100_000 {
        app.update();
        if app.world().resource::<Autoplay>().ending.is_some() {
            break;
        }
    }
    settle(app);
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
        let rows = outline(&tree, Watch::Search);
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

/// The comparison's bar named `name` ("Plain", "Solver"): where its name
/// stands, and its length (the widest node in the track beside the name;
/// the others are the scale's one-pixel marks). None where no such name
/// stands beside a track.
fn compare_bar(nodes: &[super::window::Laid], name: &str) -> Option<(Rect, f32)> {
    let (label, track) = (nodes.iter())
        .filter(|n| n.text.as_deref() == Some(name))
        .find_map(|label| {
            let track = nodes.iter().find(|n| {
                n.parent == label.parent
                    && n.text.is_none()
                    && n.rect.min.x >= label.rect.max.x
                    && n.entity != label.entity
            })?;
            Some((label, track))
        })?;
    let widest = (nodes.iter())
        .filter(|n| n.parent == Some(track.entity))
        .map(|n| n.rect.width())
        .fold(0.0, f32::max);
    Some((label.rect, widest))
}

/// Whether the comparison's bars show.
fn bars_shown(app: &mut App) -> bool {
    let nodes = laid_out(app);
    compare_bar(&nodes, "Plain").is_some() && compare_bar(&nodes, "Solver").is_some()
}

/// Where the timeline's "<" button is on the window.
fn back_button(app: &mut App) -> Rect {
    parent_of_text(app, |t| t == "<")
}

/// Where the parent of the text `words` picks (a button, a row) is on the
/// window.
fn parent_of_text(app: &mut App, words: impl Fn(&str) -> bool) -> Rect {
    let nodes = laid_out(app);
    let label = nodes
        .iter()
        .find(|n| n.text.as_deref().is_some_and(&words))
        .expect("the text shown");
    let parent = label.parent.expect("its parent");
    nodes
        .iter()
        .find(|n| n.entity == parent)
        .map(|n| n.rect)
        .expect("its parent laid out")
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

/// The search's column: the outermost node around its title (the solver
/// panel's watch says "Solver's search" too).
fn column_of(nodes: &[super::window::Laid]) -> &super::window::Laid {
    let title = (nodes.iter())
        .filter(|n| n.text.as_deref() == Some("Solver's search"))
        .min_by(|a, b| a.rect.min.x.total_cmp(&b.rect.min.x))
        .expect("the column's title");
    let mut column = title;
    while let Some(up) = (column.parent).and_then(|p| nodes.iter().find(|n| n.entity == p)) {
        column = up;
    }
    column
}

/// A line said in the level's bar, however long, takes the code's line
/// there: the search's column under the bar never moves (a long line
/// lowered it, and it stayed lowered while its search lasted), neither
/// then nor when a search starts.
#[test]
fn a_line_said_never_moves_the_search_column() {
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
    assert_eq!(top(&mut app), at_first, "a long line moved the column");
    app.world_mut()
        .write_message(pond_puzzles::game::play::Say("Short.".into()));
    settle(&mut app);
    assert_eq!(top(&mut app), at_first);
    app.insert_resource(Speed::Times(1.0));
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    for _ in 0..5 {
        app.update();
    }
    assert!(app.world().resource::<Autoplay>().ending.is_none());
    assert_eq!(top(&mut app), at_first, "a search moved the column");
}

/// A first level's how-to card holds the keys while the search's column
/// opens behind it (`--show-tree`): the column shows the map's parts, not
/// the rows of words' beside them (the legend of the words showed over the
/// map's bar until the card was closed).
#[test]
fn a_column_opened_behind_the_how_to_card_shows_the_map_alone() {
    use game::play::Menu;
    let options = game::GameOptions {
        data_dir: Some(temp_data_dir()),
        teach: true,
        show_tree: true,
        ..Default::default()
    };
    let mut app = app_in_window(options, Some(UVec2::new(1280, 720)));
    start_level(&mut app, "pegs.ron", 7);
    settle(&mut app);
    assert_eq!(*app.world().resource::<State<Menu>>().get(), Menu::HowTo);
    let shown: Vec<String> = super::window::laid_out(&mut app)
        .into_iter()
        .filter_map(|n| n.text)
        .collect();
    assert!(
        shown
            .iter()
            .any(|t| t.starts_with("Watch (W): the solver's search")),
        "the map's line: {shown:?}"
    );
    assert!(
        !shown
            .iter()
            .any(|t| t.contains("lost, skipped, dead end") || t == "No search yet."),
        "the words' legend beside the map: {shown:?}"
    );
}
