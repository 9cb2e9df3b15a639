//! Where a new search starts: the plain one over ours, one asked for during
//! another or on a win, and whose moves won.

use super::*;

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
    settle(&mut app);
    // The panel says the win's moves once: "Solution: 9 moves" under "won
    // in 9 moves" said them twice.
    assert!(shows(&mut app, "Plain search: won in 9 moves"));
    assert!(!shows(&mut app, "Solution:"), "{:?}", texts(&mut app));
    // Its win is the plain search's, not the solver's.
    assert!(
        shows(&mut app, "The plain search won in 9 moves!"),
        "{:?}",
        texts(&mut app)
    );
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

/// The plain search's win says so on one line at 800x600: its title
/// ("The plain search won in 15 moves!") wrapped in the small banner.
#[test]
fn the_plain_searchs_win_keeps_its_title_on_one_line_at_800x600() {
    let mut app = laid_app(UVec2::new(800, 600));
    start_level(&mut app, "swap.ron", 4);
    search_with_tree(&mut app, Watch::Plain);
    settle(&mut app);
    let title = "The plain search won in 15 moves!";
    let nodes = laid_out(&mut app);
    let node = nodes
        .iter()
        .find(|n| n.text.as_deref() == Some(title))
        .unwrap_or_else(|| panic!("no {title:?} in {:?}", texts(&mut app)));
    let font = node.font.expect("a text");
    assert!(
        node.rect.height() < font * 1.8,
        "the title wraps: {:.0} px high at {font} px",
        node.rect.height()
    );
    // On one line and inside the banner, not past its edges.
    let banner =
        (nodes.iter().find(|n| n.name.as_deref() == Some("Banner"))).expect("the won banner");
    assert!(
        banner.rect.min.x <= node.rect.min.x && node.rect.max.x <= banner.rect.max.x,
        "the title {:?} outside the banner {:?}",
        node.rect,
        banner.rect
    );
}

/// A search started after a move of the player's wins in the game's
/// moves, and the panel says which were the player's and which the
/// search's (its path holds its own only), and its shortest as its own.
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
    // The shortest is the search's part: "Shortest: 7 moves" under "won
    // in 8 moves" did not say from where.
    let noun = if its == 1 { "move" } else { "moves" };
    let fewest = format!("Its {its}\u{a0}{noun}: the fewest");
    assert!(shows(&mut app, &fewest), "no line {fewest:?}");
    assert!(!shows(&mut app, "Shortest"));
    // The banner counts the search's moves alone ("The search won in 8
    // moves!" gave it the player's move too).
    settle(&mut app);
    let title = format!("The search won in {its} more {noun}!");
    assert!(shows_exactly(&mut app, &title), "no {title:?}");
}

/// Starts a watched search and runs it until it has moved the board a few
/// jumps.
fn search_a_few_jumps(app: &mut App) {
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    for _ in 0..20_000 {
        app.update();
        if app.world().resource::<PlayState>().moves() >= 3 {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
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
    search_a_few_jumps(&mut app);
    assert!(puzzle(&app) != start, "the search never moved the board");
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Plain));
    assert_eq!(
        plain_search_start(&mut app),
        Some(start),
        "the plain search's start"
    );
}

/// While the board goes back to where the stopped search began, the panel
/// says so and shows none of that search's figures (they stood beside the
/// board at its start, read as the new search's).
#[test]
fn the_panel_says_the_board_goes_back_before_a_new_search() {
    let mut app = app();
    app.insert_resource(Speed::Times(4.0));
    start_level(&mut app, "pegs.ron", 2);
    search_a_few_jumps(&mut app);
    assert!(app.world().resource::<PlayState>().moves() >= 3);
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    let mut going_back = 0;
    for _ in 0..20_000 {
        app.update();
        let a = app.world().resource::<Autoplay>();
        if a.ending.is_none() {
            break;
        }
        let texts = texts(&mut app);
        assert!(
            !texts.iter().any(|t| t.starts_with("Positions")),
            "the stopped search's figures beside the board going back: {texts:?}"
        );
        going_back += usize::from(texts.iter().any(|t| t.contains("back to its start")));
        // Its button still says the watch goes on (it flashed "Search",
        // with the keys of a player playing, between the two).
        assert!(
            texts.iter().any(|t| t == "Again"),
            "the panel between two searches: {texts:?}"
        );
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(going_back > 0, "the panel never said the board goes back");
    assert!(app.world().resource::<Autoplay>().ending.is_none());
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

/// "Plain" over a search of ours that the map shows starts the plain
/// search where ours began at the first press (it asked first, and two new
/// players read the question as a press that did nothing), also after ours
/// won (the board is taken back from the win to the search's start).
#[test]
fn plain_over_our_search_starts_where_it_began() {
    use pond_puzzles::game::solver::tree_view::AskPlain;
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "pegs.ron", 0);
    let start = puzzle(&app);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    search_to_its_end(&mut app);
    assert!(matches!(
        app.world().resource::<Autoplay>().ending,
        Some(Ending::Won(_))
    ));
    assert!(shows_exactly(&mut app, "Plain"), "the column's button");
    let top = |app: &mut App| {
        use pond_puzzles::game::solver::tree_view::TreeColumn;
        let world = app.world_mut();
        let mut q = world.query_filtered::<&Node, With<TreeColumn>>();
        match q.single(world).expect("the column").top {
            Val::Px(y) => y,
            other => panic!("{other:?}"),
        }
    };
    let before = top(&mut app);
    app.world_mut().write_message(AskPlain);
    assert_eq!(
        plain_search_start(&mut app),
        Some(start),
        "the plain search's start"
    );
    // The column stays where it stood as the plain search starts over the
    // won board: the way back to its start asked for no undo too many (one
    // refused for a frame, "nothing to undo", took a line of the level's
    // bar, and the column went 24 px down with its buttons for the search).
    for frame in 0..40 {
        let now = top(&mut app);
        assert!(
            now <= before + 0.5,
            "frame {frame}: the column's top {before} went to {now}: {:?}",
            texts(&mut app)
        );
        app.update();
    }
}

/// The comparison's figures (its searches run unseen beside the watched
/// one) wait for the watched search's end: shown while it ran, they read
/// as its own before it had won.
#[test]
fn the_comparison_waits_for_the_watched_search_to_end() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "hop.ron", 39);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    let chart = |app: &mut App| shows(app, "fewer positions") || shows(app, "as many positions");
    let wait_for_chart = |app: &mut App| {
        for _ in 0..2_000 {
            if chart(app) {
                break;
            }
            app.update();
            std::thread::sleep(Duration::from_millis(5));
        }
        settle(app);
        chart(app)
    };
    // (Before any search it waits too: `the_comparison_waits_for_a_search`.)
    settle(&mut app);
    // Watched at 4x: a move every few frames.
    app.insert_resource(Speed::Times(4.0));
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    let mut seen = 0;
    for _ in 0..100_000 {
        app.update();
        if app.world().resource::<Autoplay>().ending.is_some() {
            break;
        }
        seen += 1;
        assert!(
            !chart(&mut app),
            "the comparison shown at frame {seen} of the watch"
        );
    }
    assert!(
        seen > 3,
        "the watch ran {seen} frames: {:?}",
        app.world().resource::<Autoplay>().ending
    );
    assert!(wait_for_chart(&mut app), "the comparison never came back");
}

/// The comparison's searches run unseen once the column opens, but its
/// ratio and bars wait for a search of the player's (over "No search yet"
/// the ratio read as a search's that had not run).
#[test]
fn the_comparison_waits_for_a_search() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "hop.ron", 39);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    wait_for_both_searches(&mut app);
    settle(&mut app);
    let ratio = |app: &mut App| shows(app, "times fewer positions");
    assert!(shows(&mut app, "No search yet"));
    assert!(!ratio(&mut app), "the ratio before any search");
    search_with_tree(&mut app, Watch::Search);
    settle(&mut app);
    assert!(ratio(&mut app), "the ratio after the search");
}

/// While a search is watched on the position the comparison's searches
/// ran on, the chart is a race: the watched search's bar grows with the
/// positions it has reached so far, beside the other's whole figure (the
/// band stood empty while a search ran). Stopped short, it stays frozen.
#[test]
fn a_watched_search_races_the_others_figure() {
    use pond_puzzles::game::solver::compare::{Comparison, value_words};
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "pegs.ron", 2);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    wait_for_both_searches(&mut app);
    let [_, ours] = app.world().resource::<Comparison>().figures();
    let ours = value_words(&ours.expect("the solver's figures"));
    assert!(!bars_shown(&mut app), "a chart before any search");
    let mut shares = Vec::new();
    for moves in [4, 8] {
        if moves == 4 {
            super::search_paused_at(&mut app, Watch::Plain, moves);
        } else {
            super::step_until(&mut app, moves);
        }
        let tried = app.world().resource::<Autoplay>().stats.tried;
        let said = texts(&mut app);
        let so_far = super::figure::race_count(&app, tried + 1);
        assert!(said.contains(&so_far), "{so_far:?} not in {said:?}");
        assert!(said.contains(&ours), "{ours:?} not in {said:?}");
        assert!(!shows(&mut app, "times fewer"), "a ratio before the end");
        // The bar says whose moves the board shows: not "Solver's".
        let moves = app.world().resource::<PlayState>().moves();
        let whose = format!("Plain search's moves: {moves}");
        assert!(said.iter().any(|t| t.starts_with(&whose)), "{said:?}");
        let nodes = laid_out(&mut app);
        let (_, plain) = compare_bar(&nodes, "Plain").expect("the plain search's bar");
        // Its finish line: where the plain search run unseen ended.
        let [plain_end, _] = app.world().resource::<Comparison>().figures();
        let finish = (app.world_mut())
            .query::<(&pond_puzzles::game::solver::tree_view::CompareBar, &Node)>()
            .iter(app.world())
            .find(|(b, _)| b.0 == 2)
            .map(|(_, n)| n.display);
        assert_eq!(finish, Some(Display::Flex), "no finish line");
        assert!(plain_end.is_some());
        assert!(compare_bar(&nodes, "Solver").is_some(), "the solver's bar");
        shares.push(plain);
    }
    assert!(shares[1] >= shares[0], "the bar shrank: {shares:?}");
    // Stopped short, the race stays as it stood, with no ratio.
    press(&mut app, KeyCode::KeyX);
    settle(&mut app);
    assert!(bars_shown(&mut app), "the race went at Stop");
    assert!(!shows(&mut app, "times fewer"), "a ratio after Stop");
    assert!(shows(&mut app, "stopped at "), "{:?}", texts(&mut app));
}

/// The map opened while a search runs (W, then G): the comparison's
/// searches start then, from where the watched one began, and the race
/// shows once their figures are in (the band under the map stood empty to
/// the end of a level's first search).
#[test]
fn the_map_opened_during_a_search_races_it() {
    use pond_puzzles::game::solver::compare::Comparison;
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "pegs.ron", 2);
    settle(&mut app);
    let start = puzzle(&app);
    super::search_paused_at(&mut app, Watch::Plain, 4);
    assert!(app.world().get_resource::<Comparison>().is_none());
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    wait_for_both_searches(&mut app);
    settle(&mut app);
    assert_eq!(app.world().resource::<Comparison>().position, start);
    assert!(
        app.world().resource::<Autoplay>().is_active(),
        "still watched"
    );
    let tried = app.world().resource::<Autoplay>().stats.tried;
    let so_far = super::figure::race_count(&app, tried + 1);
    let said = texts(&mut app);
    assert!(said.contains(&so_far), "{so_far:?} not in {said:?}");
    assert!(bars_shown(&mut app), "no race");
    // On from there: the same comparison, the bar grown.
    super::step_until(&mut app, 8);
    assert_eq!(app.world().resource::<Comparison>().position, start);
}

/// A search settled by a quick line it proved shortest (Flood's) counts the
/// line's positions, in its tree and in the comparison alike: "1 position"
/// and "Ours 0" were said beside a line of 7 moves.
#[test]
fn a_search_settled_by_a_quick_line_counts_the_lines_positions() {
    use pond_puzzles::game::solver::compare::Comparison;
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "flood.ron", 2);
    search_with_tree(&mut app, Watch::Search);
    let (positions, line) = {
        let a = app.world().resource::<Autoplay>();
        let Some(Ending::Won(n)) = a.ending.clone() else {
            panic!("{:?}", a.ending);
        };
        (a.tree.as_ref().expect("a tree").stats().positions, n)
    };
    assert!(
        positions > line as u64,
        "{positions} positions for a line of {line} moves"
    );
    let ours = |app: &App| {
        app.world()
            .get_resource::<Comparison>()
            .and_then(|c| c.figures()[1].clone())
    };
    for _ in 0..2_000 {
        if ours(&app).is_some() {
            break;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    let ours = ours(&app).expect("the comparison's search of ours");
    assert_eq!(
        ours.positions, positions,
        "the comparison's count, the tree's"
    );
}

/// With the column closed, P over a search of ours starts the plain search
/// at once, where ours began.
#[test]
fn plain_with_the_column_closed_starts_at_once() {
    use pond_puzzles::game::solver::tree_view::AskPlain;
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "pegs.ron", 0);
    let start = puzzle(&app);
    search_to_its_end(&mut app);
    assert!(
        !app.world().resource::<TreeViewOpen>().0,
        "the column opened"
    );
    app.world_mut().write_message(AskPlain);
    assert_eq!(
        plain_search_start(&mut app),
        Some(start),
        "the plain search's start"
    );
}

/// Frames go by until both of the comparison's searches have answered.
pub(super) fn wait_for_both_searches(app: &mut App) {
    use pond_puzzles::game::solver::compare::Comparison;
    let both = |app: &App| {
        app.world()
            .get_resource::<Comparison>()
            .is_some_and(|c| c.figures().iter().all(Option::is_some))
    };
    for _ in 0..2_000 {
        if both(app) {
            break;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(both(app), "the comparison's searches never answered");
}

/// The answer's moves past the search's line are steps of the search at
/// every speed: a Flood search its quick line settles at once (its
/// answer's moves all past its line) said "1 search step: 1 move tried"
/// beside a board won in 7 at 4x, its timeline one step long.
#[test]
fn the_answers_last_moves_are_the_searchs_steps_at_every_speed() {
    for speed in [Speed::Times(4.0), Speed::Instant] {
        let mut app = laid_app(UVec2::new(1280, 720));
        app.insert_resource(speed);
        start_level(&mut app, "flood.ron", 2);
        search_with_tree(&mut app, Watch::Search);
        let a = app.world().resource::<Autoplay>();
        let Some(Ending::Won(n)) = a.ending.clone() else {
            panic!("{:?}", a.ending);
        };
        let (log, tried) = (a.log.len(), a.stats.tried);
        assert_eq!((log, tried), (n, n as u64), "{speed:?}");
        // (A best-first search: each step to a new position.)
        let steps = format!("{n} search steps: {n} to new positions");
        assert!(shows(&mut app, &steps), "{speed:?}: no {steps:?}");
    }
}

/// A search that rules its orders of moves out, here all of them from a
/// position that cannot be won, says the share on its bar ("Done
/// 100%"), where one that has ruled out next to nothing says how deep it
/// has gone ("Deepest", "3 of 9": moves of the 9 a win takes).
#[test]
fn a_search_of_a_lost_position_rules_out_every_order() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "hop.ron", 39);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    let lost = super::super::a_losing_move(&puzzle(&app));
    app.world_mut().write_message(MoveRequested::player(lost));
    settle(&mut app);
    search_to_its_end(&mut app);
    assert!(!puzzle(&app).is_won());
    assert!(shows_exactly(&mut app, "Done"), "{:?}", texts(&mut app));
    assert!(shows_exactly(&mut app, "100%"), "{:?}", texts(&mut app));
    assert!(!shows_exactly(&mut app, "Deepest"));
}

/// The plain search goes depth first on Flood too: its rows, like its
/// steps, say what it gave up and took back, not "set aside" (the words of
/// the solver's best-first search, which its rows said while its figures
/// said "taken back").
#[test]
fn the_plain_search_on_flood_is_said_in_a_depth_first_searchs_words() {
    use pond_puzzles::game::solver::tree_view::{Tone, outline};
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "flood.ron", 2);
    search_with_tree(&mut app, Watch::Plain);
    let rows = {
        let a = app.world().resource::<Autoplay>();
        outline(a.tree.as_ref().expect("a tree"), a.watch)
    };
    assert!(
        rows.iter().any(|r| r.tone == Tone::GivenUp),
        "nothing given up"
    );
    for r in &rows {
        assert!(!r.words.contains("set aside"), "{:?}", r.words);
    }
    assert!(shows(&mut app, " taken\u{a0}back"), "no steps taken back");
    assert!(!shows(&mut app, "set aside"));
}
