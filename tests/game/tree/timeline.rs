//! The search's timeline: scrubbed, the board and the tree follow it; a
//! board moved by it says so; its buttons stay under the pointer.

use super::*;

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
    let half = log.len().div_ceil(2);
    let at_step = |app: &mut App| {
        app.world()
            .resource::<TreeViewState>()
            .scrubbed
            .as_ref()
            .map(|(n, _)| *n)
    };
    assert_eq!(at_step(&mut app), Some(half));
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
    // (16 moves) before its bound rose to it.
    // The switch says what a press shows: the map from the words (a new
    // player took "Plain" beside "Words" for the way back), then words.
    assert!(shows_exactly(&mut app, "Map") && !shows_exactly(&mut app, "Words"));
    app.world_mut().resource_mut::<TreeViewState>().words = false;
    settle(&mut app);
    assert!(shows_exactly(&mut app, "Words") && !shows_exactly(&mut app, "Map"));
    assert!(shows_exactly(&mut app, "Won in 16 moves: none shorter"));
    // A step before the win, the search walks its answer's line: its bound
    // has met the win; further back, the bound was under it.
    app.world_mut().write_message(Scrub::By(-1));
    follow_jump(&mut app);
    assert!(shows_exactly(&mut app, "Shortest win: 16 moves"));
    let mut narrowing = false;
    for _ in 0..40 {
        app.world_mut().write_message(Scrub::By(-1));
        follow_jump(&mut app);
        if shows_exactly(&mut app, "Shortest win: 15 to 16 moves") {
            narrowing = true;
            break;
        }
    }
    assert!(narrowing, "no step with the bound under the win");
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
    // Its steps in its own terms: those that reached a new position (every
    // position but the start, as the column counts them) and those between
    // its lines ("33 moves tried" stood beside "27 positions").
    let (steps, positions) = {
        let a = app.world().resource::<Autoplay>();
        let t = a.tree.as_ref().expect("a tree");
        (a.log.len() as u64, t.stats().positions)
    };
    let new = positions - 1;
    assert!(
        steps > new,
        "the search went back to a line it had set aside"
    );
    let line = format!(
        "{} search steps: {} to new positions, {} between lines set aside",
        group(steps),
        group(new),
        group(steps - new)
    );
    assert!(shows_exactly(&mut app, &line), "no {line:?}");
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
            // (The time's figure and unit held together by a no-break space.)
            .any(|t| t.starts_with("watched\u{a0}") && t.ends_with("\u{a0}s")),
        "the search's time"
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
            .any(|t| t.contains("watched\u{a0}") && t.ends_with("\u{a0}s"))
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
    assert!(shows_exactly(&mut app, "|<"), "the timeline's buttons");
    app.world_mut()
        .write_message(MoveRequested::player(Request::Restart));
    settle(&mut app);
    let view = app.world().resource::<TreeViewState>();
    assert!(view.scrubbed.is_none(), "the timeline outlived its search");
    assert_eq!(view.total, 0, "rows of a search gone are shown");
    // Nothing to go through: the timeline's bar and buttons are hidden.
    assert!(
        !shows_exactly(&mut app, "|<"),
        "a timeline with no search shows its buttons"
    );
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
    super::resume_to_its_end(&mut app);
    let a = app.world().resource::<Autoplay>();
    assert!(matches!(a.ending, Some(Ending::Won(31))), "{:?}", a.ending);
    // (Its log kept, not begun again: the search's thread may have logged
    // its every step before the pause, so the log need not grow.)
    assert!(a.log.len() >= len, "the search began again");
    assert!(app.world().resource::<TreeViewState>().scrubbed.is_none());
    assert!(puzzle(&app).is_won());
    assert_board_mirrors_rules(&mut app);
}

/// The timeline's buttons stay where they are while the search runs, when
/// the comparison's chart comes in, and when a line of words is said; the
/// map's Width button and its Done bar stay too (the ratio and the
/// timeline's line once pushed them up by 21 and 14 pixels).
#[test]
fn the_timeline_buttons_never_move_under_the_pointer() {
    for size in [UVec2::new(1280, 720), UVec2::new(800, 600)] {
        buttons_stay_put(size);
    }
}

fn buttons_stay_put(size: UVec2) {
    let mut app = laid_app(size);
    start_level(&mut app, "hop.ron", 39);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    // The buttons show once there is a search to go through (hidden before
    // it, their room kept): where they stand as it starts.
    for _ in 0..1_000 {
        app.update();
        if !app.world().resource::<Autoplay>().log.is_empty() {
            break;
        }
    }
    settle(&mut app);
    let before = (back_button(&mut app), map_controls(&mut app));
    // The widths' switch stands under the bar in a narrow column too
    // (800x600) where the figure has nothing to say (while a search runs;
    // a win's figure takes its room).
    let said = !figure(&mut app).is_empty();
    assert_eq!(
        before.1.0.is_some(),
        size.x > 1000 || !said,
        "{size}: the switch"
    );
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
    super::plain::wait_for_both_searches(&mut app);
    settle(&mut app);
    assert!(chart(&mut app), "{size}: the chart never came");
    assert!(
        shows(&mut app, "times fewer positions"),
        "{size}: the ratio is not shown"
    );
    // What the solver's ideas saved, under the bars (where they show).
    if size.y >= 720 {
        assert!(
            shows(&mut app, "repeats and mirror images skipped"),
            "no savings line"
        );
    }
    // In a short column (800x600) the bars take the room of the map's
    // Done bar and its line; the timeline's buttons stay put either way.
    let short = size.y < 720;
    let after = |app: &mut App, when: &str| {
        let now = (back_button(app), map_controls(app));
        assert_eq!(now.0, before.0, "{size}: {when}");
        if short {
            assert_eq!(
                now.1.1, None,
                "{size}: {when}, the Done bar beside the bars"
            );
            assert!(bars_shown(app), "{size}: {when}, no bars");
        } else {
            assert_eq!(now.1, before.1, "{size}: {when}");
        }
    };
    after(&mut app, "after the chart came in");
    // A moment of the timeline, its line saying which.
    app.world_mut().write_message(Scrub::Start);
    follow_jump(&mut app);
    settle(&mut app);
    after(&mut app, "after a scrub");
    // A line said in the level's bar (in a narrow window it takes a line
    // of the bar, and the column's top steps down: its foot stays).
    app.world_mut().write_message(pond_puzzles::game::play::Say(
        "The board shows a moment of the search: a line as long as the game says".into(),
    ));
    settle(&mut app);
    assert!(shows(&mut app, "a moment of the search"));
    assert_eq!(back_button(&mut app), before.0, "{size}: after a line said");
}

/// Where the map's Width button and its Done bar stand.
fn map_controls(app: &mut App) -> (Option<Rect>, Option<Rect>) {
    // (The widths' switch shows in a wide column only; the Done bar gives
    // way to the comparison's bars in a short one.)
    let widths = shows(app, "Width:").then(|| parent_of_text(app, |t| t == "Width:"));
    // (Named "Deepest" while the search has ruled out next to nothing.)
    let names = ["Done", "Deepest"];
    let named = |t: &str| names.contains(&t);
    let done = names
        .iter()
        .any(|name| shows_exactly(app, name))
        .then(|| parent_of_text(app, named));
    (widths, done)
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

/// A long jump through the timeline lands at once: the board stands where
/// the timeline says within a few frames, not a move every frame or two.
#[test]
fn a_long_jump_through_the_timeline_lands_at_once() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "pegs.ron", 7);
    search_with_tree(&mut app, Watch::Search);
    let start = app
        .world()
        .resource::<Autoplay>()
        .tree
        .as_ref()
        .expect("a tree")
        .start()
        .clone();
    let moves = app.world().resource::<PlayState>().moves();
    assert!(moves > 8, "a long way back: {moves} moves");
    app.world_mut().write_message(Scrub::Start);
    let mut frames = 0;
    while puzzle(&app) != start {
        app.update();
        frames += 1;
        assert!(frames <= 4, "{frames} frames and the board is not back");
    }
    settle(&mut app);
    assert_eq!(puzzle(&app), start);
    assert_board_mirrors_rules(&mut app);
    // And forward again, as far.
    app.world_mut().write_message(Scrub::End);
    let mut frames = 0;
    while app.world().resource::<PlayState>().moves() != moves {
        app.update();
        frames += 1;
        assert!(
            frames <= 4,
            "{frames} frames and the board is not at the end"
        );
    }
    settle(&mut app);
    assert_board_mirrors_rules(&mut app);
}

/// The solver panel's path names its steps in the player's words while the
/// board stands at a moment of the timeline, the column closed (it named
/// them by pad numbers, "28. 30-32", the board not at the line's end).
#[test]
fn the_path_is_said_in_words_with_the_board_moved_by_the_timeline() {
    let mut app = searched_with_map(UVec2::new(1280, 720), "pegs.ron", 7);
    let len = app.world().resource::<Autoplay>().log.len();
    assert!(len > 40, "a search of {len} steps");
    app.world_mut().write_message(Scrub::At(5_000));
    follow_jump(&mut app);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = false;
    settle(&mut app);
    let steps: Vec<String> = texts(&mut app)
        .iter()
        .filter(|t| t.starts_with("Path ("))
        .flat_map(|t| {
            // A step's wrapped lines (indented under its words) joined.
            let mut steps: Vec<String> = Vec::new();
            for l in t.lines().skip(1) {
                match (l.starts_with('\u{a0}'), steps.last_mut()) {
                    (true, Some(s)) => {
                        s.push(' ');
                        s.push_str(l.trim_start_matches('\u{a0}'));
                    }
                    _ => steps.push(l.to_string()),
                }
            }
            steps
        })
        .filter(|l| l.contains("untried"))
        .collect();
    assert!(steps.len() >= 2, "the path's steps: {steps:?}");
    for step in &steps {
        let (_, words) = step.split_once(". ").expect("a numbered step");
        let mv = words.split(',').next().unwrap();
        assert!(
            mv.contains("jumps") && !mv.chars().any(|c| c.is_ascii_digit()),
            "a step not in words: {step:?}"
        );
    }
}

/// A moment of the timeline that is a dead end is the search's, not the
/// player's game: no "No more moves" banner with its way out, and no
/// "Press U 8 times" (found by the new player); played from there, the
/// game says them again.
#[test]
fn a_dead_end_of_the_timeline_offers_no_way_out_until_played_from() {
    let mut app = searched_with_map(UVec2::new(1280, 720), "pegs.ron", 7);
    app.world_mut().write_message(Scrub::Start);
    follow_jump(&mut app);
    let mut stuck = false;
    for _ in 0..200 {
        app.world_mut().write_message(Scrub::By(1));
        follow_jump(&mut app);
        if puzzle(&app).is_stuck() {
            stuck = true;
            break;
        }
    }
    assert!(stuck, "no dead end in the search's first 200 steps");
    settle(&mut app);
    let offered = |app: &mut App| {
        texts(app)
            .iter()
            .any(|t| t.starts_with("No more moves") || t.contains("can no longer be won"))
    };
    assert!(
        !offered(&mut app),
        "a way out offered at a moment of the search"
    );
    app.world_mut().write_message(Scrub::Here);
    settle(&mut app);
    // Both: the banner's way out and the level bar's line (which once
    // waited for the next move or check).
    let both = |app: &mut App| {
        let t = texts(app);
        t.iter().any(|t| t.starts_with("No more moves"))
            && t.iter().any(|t| t.contains("can no longer be won"))
    };
    for _ in 0..200 {
        if both(&mut app) {
            break;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(
        both(&mut app),
        "played from there, the dead end is said: {:?}",
        texts(&mut app)
            .iter()
            .filter(|t| t.contains("moves") || t.contains("won"))
            .collect::<Vec<_>>()
    );
}
