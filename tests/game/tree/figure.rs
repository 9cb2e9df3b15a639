//! The words and switches around the map: the line under its bar at a win
//! says what the picture shows (by the positions searched, their count; by
//! the orders of moves, the share of them the win never needed), the bar
//! says what it measures, the map's dark what it stands for, and the
//! widths' switch which widths it shows.

use super::*;

/// A Swap row's win: its map by the positions searched is mostly its
/// winning line, and "over 99% of the ways to play never needed" stood
/// under it (a new player read the two as saying opposite things).
#[test]
fn a_wins_figure_speaks_of_what_the_map_shows() {
    let mut app = searched_with_map(UVec2::new(1280, 720), "swap.ron", 3);
    assert!(matches!(
        app.world().resource::<Autoplay>().ending,
        Some(Ending::Won(_))
    ));
    let positions = (app.world().resource::<Autoplay>().tree.as_ref())
        .expect("the search's tree")
        .stats()
        .positions;
    let said = figure(&mut app);
    assert_eq!(said, format!("Won: {positions} positions searched"));
    // By the orders of moves: the share the win spared, or took.
    press(&mut app, KeyCode::KeyB);
    settle(&mut app);
    let said = figure(&mut app);
    assert!(
        said.starts_with("Won early: ") && said.ends_with(" of the ways to play never needed")
            || said.starts_with("Won, with "),
        "{said}"
    );
}

/// What the map's bar measures, said on hover.
fn bar_tip(app: &mut App) -> &'static str {
    use pond_puzzles::game::solver::tree_view::MapBar;
    use pond_puzzles::game::theme::tip::Tip;
    app.world_mut()
        .query_filtered::<&Tip, With<MapBar>>()
        .single(app.world())
        .map(|t| t.0)
        .expect("the map's bar")
}

/// The bar keeps its name from a search's start to its win ("Ruled out"
/// while it ran, "Done" at its win: a new player read the one bar as two),
/// and says on hover what it measures then.
#[test]
fn the_bar_keeps_its_name_and_says_what_it_measures() {
    let mut app = laid_app(UVec2::new(1280, 720));
    app.insert_resource(Speed::default());
    start_level(&mut app, "swap.ron", 6);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    for _ in 0..12 {
        app.update();
    }
    assert!(
        app.world().resource::<Autoplay>().ending.is_none(),
        "won at once"
    );
    assert!(!shows_exactly(&mut app, "Ruled out"));
    // The share of the positions it visits where its run unseen is in (the
    // race's bars beside it: "Done 0%" of the orders ruled out stood beside
    // "6 so far" of 16), else of the orders ruled out; "Deepest" where it
    // has ruled out next to nothing: how deep it went.
    let (name, measures) = match shows_exactly(&mut app, "Deepest") {
        true => ("Deepest", ["deep", "deep"]),
        false => ("Done", ["ruled out", "positions the search has reached"]),
    };
    assert!(shows_exactly(&mut app, name), "{:?}", texts(&mut app));
    let tip = bar_tip(&mut app);
    assert!(measures.iter().any(|m| tip.contains(m)), "{tip}");
    if tip.contains("positions") {
        assert!(!shows_exactly(&mut app, "0%"), "{:?}", texts(&mut app));
    }
    for _ in 0..20_000 {
        app.update();
        if app.world().resource::<Autoplay>().ending.is_some() {
            break;
        }
    }
    settle(&mut app);
    assert!(shows_exactly(&mut app, "Done"), "{:?}", texts(&mut app));
    assert!(
        bar_tip(&mut app).contains("found a win"),
        "{}",
        bar_tip(&mut app)
    );
}

/// Hovering the map's dark, where no cell is, says what it stands for: the
/// part under a dead end is that dead end's, under a move not tried, not
/// tried (it said nothing).
#[test]
fn hovering_the_maps_dark_says_what_it_stands_for() {
    use pond_puzzles::game::solver::tree_view::{MapPicture, MapTip, MapView, shown_map};
    let mut app = searched_with_map(UVec2::new(1280, 720), "swap.ron", 3);
    let map = {
        let tree = (app.world().resource::<Autoplay>().tree.as_ref()).expect("the tree");
        shown_map(tree, app.world().resource::<MapView>())
    };
    // A point of the map where no cell is, and the mark above it, the same
    // a little either side (a pixel's rounding moves nothing), in the
    // middle of its band.
    let bands = f64::from(map.bands);
    let dark = |x: f64, y: f64| {
        let marks = [x - 0.01, x, x + 0.01].map(|x| {
            (map.cell_at(1.0, 1.0, x, y).is_none()).then(|| map.mark_under(1.0, 1.0, x, y))
        });
        (marks[0] == marks[1] && marks[1] == marks[2])
            .then_some(marks[1])
            .flatten()
            .flatten()
    };
    let (at, mark) = (1..99)
        .flat_map(|i| {
            (0..map.bands).map(move |b| (f64::from(i) / 100.0, (f64::from(b) + 0.5) / bands))
        })
        .find_map(|(x, y)| dark(x, y).map(|m| ((x, y), m)))
        .expect("a dark part of the map under a cell");
    let picture = app
        .world_mut()
        .query_filtered::<Entity, With<MapPicture>>()
        .single(app.world())
        .expect("the map");
    let rect = (laid_out(&mut app).into_iter().find(|n| n.entity == picture))
        .expect("the map shows")
        .rect;
    let scale = super::super::window::scale_factor(&mut app);
    let point = rect.min + rect.size() * Vec2::new(at.0 as f32, at.1 as f32);
    point_at(&mut app, point / scale);
    settle(&mut app);
    let said = app
        .world_mut()
        .query_filtered::<&Text, With<MapTip>>()
        .single(app.world())
        .map(|t| t.0.clone())
        .expect("the tip");
    assert_eq!(said, mark.words(), "at {at:?} of the map");
}

/// The widths' switch is two choices, the one shown rimmed: a click on
/// "equal" shows each move an equal share, a second click keeps it (one
/// button named for the widths shown read as a label, and a press on it
/// switched away from what it said).
#[test]
fn the_widths_switch_shows_its_choice_and_keeps_it() {
    use pond_puzzles::game::solver::tree_view::{ChooseLayout, MapView};
    use pond_puzzles::solve::map::Layout;
    let mut app = searched_with_map(UVec2::new(1280, 720), "swap.ron", 3);
    let choice = |app: &mut App, layout: Layout| {
        app.world_mut()
            .query::<(Entity, &ChooseLayout)>()
            .iter(app.world())
            .find(|(_, c)| c.0 == layout)
            .map(|(e, _)| e)
            .expect("the choice's button")
    };
    let rimmed = |app: &mut App, layout: Layout| {
        let button = choice(app, layout);
        app.world().get::<BorderColor>(button).expect("a rim").top != Color::NONE
    };
    assert_eq!(app.world().resource::<MapView>().layout, Layout::Work);
    assert!(rimmed(&mut app, Layout::Work) && !rimmed(&mut app, Layout::Orders));
    assert!(shows_exactly(&mut app, "Width:"));
    for _ in 0..2 {
        let equal = choice(&mut app, Layout::Orders);
        let at = middle_of(&mut app, equal);
        click_at(&mut app, at);
        settle(&mut app);
        assert_eq!(app.world().resource::<MapView>().layout, Layout::Orders);
        assert!(rimmed(&mut app, Layout::Orders) && !rimmed(&mut app, Layout::Work));
    }
    // B goes back.
    press(&mut app, KeyCode::KeyB);
    settle(&mut app);
    assert_eq!(app.world().resource::<MapView>().layout, Layout::Work);
    assert!(rimmed(&mut app, Layout::Work));
}

/// With the pointer over the map, its reason takes the whole row under the
/// bar (beside the widths' switch, "skipped: known lost, searched before"
/// took three lines of 120 pixels and pushed the map up): the switch comes
/// back when the pointer leaves, and nothing above moves.
#[test]
fn over_the_map_the_reason_takes_the_switchs_row() {
    use pond_puzzles::game::solver::tree_view::{MapPicture, MapTip};
    let mut app = searched_with_map(UVec2::new(1280, 720), "swap.ron", 3);
    let entity =
        |app: &mut App, f: fn(&mut World) -> Option<Entity>| f(app.world_mut()).expect("a part");
    let picture = entity(&mut app, |w| {
        w.query_filtered::<Entity, With<MapPicture>>()
            .iter(w)
            .next()
    });
    let tip = entity(&mut app, |w| {
        w.query_filtered::<Entity, With<MapTip>>().iter(w).next()
    });
    let rect_of = |app: &mut App, e: Entity| {
        (laid_out(app).into_iter().find(|n| n.entity == e)).map(|n| n.rect)
    };
    let map = rect_of(&mut app, picture).expect("the map");
    assert!(shows_exactly(&mut app, "Width:"));
    let scale = super::super::window::scale_factor(&mut app);
    point_at(&mut app, (map.min + Vec2::new(8.0, 4.0)) / scale);
    settle(&mut app);
    assert!(
        !shows_exactly(&mut app, "Width:"),
        "the switch beside the reason"
    );
    let said = app.world().get::<Text>(tip).expect("the tip").0.clone();
    assert!(!said.is_empty(), "no reason under the pointer");
    let wide = rect_of(&mut app, tip).expect("the tip shows");
    assert!(
        wide.width() >= map.width() * 0.9,
        "the tip {wide:?}, the map {map:?}"
    );
    assert_eq!(rect_of(&mut app, picture), Some(map), "the map moved");
    point_at(
        &mut app,
        (map.min + Vec2::new(map.width() + 40.0, 0.0)) / scale,
    );
    settle(&mut app);
    assert!(shows_exactly(&mut app, "Width:"), "the switch back");
    assert_eq!(rect_of(&mut app, picture), Some(map), "the map moved");
}

/// While a search by depth runs, its figure has nothing to say and its
/// ratio has not come: their rooms are the map's (at 1280x720 the map
/// stood over some 100 pixels kept empty). The win's figure then has its
/// room, and keeps it when the timeline goes back before the win (the bar
/// stays where it stands).
#[test]
fn the_empty_rooms_under_the_map_are_the_maps() {
    use pond_puzzles::game::solver::tree_view::{MapFigure, MapPicture};
    let mut app = laid_app(UVec2::new(1280, 720));
    // At 1x until paused: at "instant" a slow first frame let the search
    // run on to its win.
    app.insert_resource(Speed::default());
    start_level(&mut app, "pegs.ron", 7);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    super::search_paused_at(&mut app, Watch::Search, 6);
    super::plain::wait_for_both_searches(&mut app);
    settle(&mut app);
    let rect = |app: &mut App, f: fn(&mut World) -> Option<Entity>| {
        let e = f(app.world_mut()).expect("a part");
        (laid_out(app).into_iter().find(|n| n.entity == e)).map(|n| n.rect)
    };
    let picture = |w: &mut World| {
        w.query_filtered::<Entity, With<MapPicture>>()
            .iter(w)
            .next()
    };
    let figure_room = |w: &mut World| w.query_filtered::<Entity, With<MapFigure>>().iter(w).next();
    assert_eq!(figure(&mut app), "");
    assert_eq!(rect(&mut app, figure_room), None, "an empty figure's room");
    let bar = |app: &mut App| parent_of_text(app, |t| t == "Done" || t == "Deepest");
    let searching = rect(&mut app, picture).expect("the map");
    // On to the win: its figure and the ratio come, the map gives them
    // their rooms.
    app.insert_resource(Speed::Instant);
    super::resume_to_its_end(&mut app);
    assert!(!figure(&mut app).is_empty(), "no figure at the win");
    assert!(rect(&mut app, figure_room).is_some(), "the figure hidden");
    let won = rect(&mut app, picture).expect("the map");
    // The figure's two lines and the ratio's line were the map's.
    assert!(
        won.height() < searching.height() - 45.0,
        "{won:?} {searching:?}"
    );
    let at_win = bar(&mut app);
    // Back before the win: the figure's room stays, the bar with it.
    app.world_mut().write_message(Scrub::Start);
    super::follow_jump(&mut app);
    settle(&mut app);
    assert_eq!(bar(&mut app), at_win, "the bar moved with the timeline");
}

/// Zoomed in, a strip along the map's top says where the part shown
/// stands in the whole search: its mark spans the part's place in the
/// whole map's width. The whole map has no strip.
#[test]
fn a_zoomed_map_shows_where_it_stands_in_the_whole() {
    use pond_puzzles::game::solver::tree_view::{MapPlace, MapPlaceMark};
    let mut app = searched_with_map(UVec2::new(1280, 720), "hop.ron", 39);
    let rect = |app: &mut App, f: fn(&mut World) -> Option<Entity>| {
        let e = f(app.world_mut())?;
        (laid_out(app).into_iter().find(|n| n.entity == e)).map(|n| n.rect)
    };
    let strip = |w: &mut World| w.query_filtered::<Entity, With<MapPlace>>().iter(w).next();
    let mark = |w: &mut World| {
        w.query_filtered::<Entity, With<MapPlaceMark>>()
            .iter(w)
            .next()
    };
    assert_eq!(rect(&mut app, strip), None, "a strip over the whole map");
    for presses in 1..=3 {
        press(&mut app, KeyCode::BracketRight);
        settle(&mut app);
        let whole = rect(&mut app, strip).expect("no strip, zoomed");
        let part = rect(&mut app, mark).expect("no mark in the strip");
        let (a, b) = super::shown_span(&app);
        // The row under the map names the strip (not the part's share
        // done, which stood beside the bar's, the whole search's).
        assert!(shows(
            &mut app,
            "The white line above: its place in the whole"
        ));
        assert!(!shows(&mut app, " done"), "{:?}", texts(&mut app));
        let at = |share: f64| whole.min.x + whole.width() * share as f32;
        assert!(
            (part.min.x - at(a)).abs() <= 1.5
                && (part.max.x - at(b).max(part.min.x + 3.0)).abs() <= 1.5,
            "{presses}: {part:?} in {whole:?}, not {a}..{b}"
        );
    }
    press(&mut app, KeyCode::Home);
    settle(&mut app);
    assert_eq!(rect(&mut app, strip), None, "the strip stayed");
}

/// The Plain button is rimmed while the plain search runs, and not
/// otherwise (it looked the same running as not).
#[test]
fn the_plain_button_is_lit_while_the_plain_search_runs() {
    use pond_puzzles::game::solver::tree_view::AskPlain;
    let mut app = laid_app(UVec2::new(1280, 720));
    app.insert_resource(Speed::default());
    start_level(&mut app, "pegs.ron", 7);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    let lit = |app: &mut App| {
        (app.world_mut()
            .query_filtered::<&BorderColor, With<AskPlain>>())
        .single(app.world())
        .expect("the Plain button")
        .top != Color::NONE
    };
    assert!(!lit(&mut app), "lit before a search");
    super::search_paused_at(&mut app, Watch::Search, 3);
    settle(&mut app);
    assert!(!lit(&mut app), "lit beside the solver's search");
    app.world_mut().write_message(AutoplayCommand::Stop);
    settle(&mut app);
    // (From the start again: the board the search stopped on is lost.)
    app.world_mut()
        .write_message(MoveRequested::player(Request::Restart));
    settle(&mut app);
    super::search_paused_at(&mut app, Watch::Plain, 3);
    settle(&mut app);
    assert!(lit(&mut app), "not lit while the plain search runs");
    app.world_mut().write_message(AutoplayCommand::Stop);
    settle(&mut app);
    assert!(!lit(&mut app), "lit once stopped");
}

/// The timeline's line says what its steps are: "285 search steps" beside
/// 150 positions read as a riddle to a new player. Its moves tried and
/// taken back are the log's steps, and its positions the race's count.
#[test]
fn the_timeline_says_what_its_steps_are() {
    let mut app = searched_with_map(UVec2::new(1280, 720), "pegs.ron", 2);
    let (tried, back) = {
        let log = &app.world().resource::<Autoplay>().log;
        let back = log.iter().filter(|s| s.back).count();
        (log.len() - back, back)
    };
    assert!(tried > 0 && back > 0, "{tried} tried, {back} back");
    // A search by depth reaches a position with each move it tries: the
    // line counts them as the race does (its start and one a move).
    let want = format!(
        "{} positions: {} moves tried, {} taken\u{a0}back",
        group(tried as u64 + 1),
        group(tried as u64),
        group(back as u64)
    );
    assert!(shows_exactly(&mut app, &want), "no line {want:?}");
}

/// The race's count of the watched search's positions (`n`): "34 of 4,210"
/// once its run unseen has its whole count (the white line's place), else
/// "34 so far".
pub(super) fn race_count(app: &App, n: u64) -> String {
    use pond_puzzles::game::solver::compare::Comparison;
    let watched = match app.world().resource::<Autoplay>().watch {
        Watch::Plain => 0,
        _ => 1,
    };
    let figures = app
        .world()
        .get_resource::<Comparison>()
        .map(|c| c.figures());
    let both = figures
        .as_ref()
        .is_some_and(|f| f.iter().all(Option::is_some));
    match figures.and_then(|f| f[watched].clone()) {
        Some(own) if both && own.whole => format!("{} of {}", group(n), group(own.positions)),
        _ => format!("{} so far", group(n)),
    }
}

/// A best-first search's race counts the positions its tree holds, as its
/// whole figure does: Flood's said "1 of 2,784" (its search's own count,
/// which comes with rare progress reports) beside "45 search steps: 25 to
/// new positions".
#[test]
fn a_best_first_race_counts_the_positions_its_tree_holds() {
    use pond_puzzles::game::solver::compare::Comparison;
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "flood.ron", 14);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    super::plain::wait_for_both_searches(&mut app);
    let [_, ours] = app.world().resource::<Comparison>().figures();
    let whole = ours.expect("the solver's figures").positions;
    app.insert_resource(Speed::default());
    super::search_paused_at(&mut app, Watch::Search, 6);
    let a = app.world().resource::<Autoplay>();
    let positions = a.tree.as_ref().expect("a tree").stats().positions;
    assert!(positions > 6, "{positions}");
    let count = format!("{} of {}", group(positions), group(whole));
    assert!(
        texts(&mut app).contains(&count),
        "{count:?} not in {:?}",
        texts(&mut app)
    );
}
