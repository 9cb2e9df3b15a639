//! The search's map: drawn in one texture, emptied on a restart, zoomed by
//! steps and by a drag, its hover picture, its keys, the column's title and
//! a best-first search's rounds.

use super::*;

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
        // Won, by the positions searched (the map's widths), it counts them.
        assert!(
            figure.starts_with("Won: ") && figure.ends_with(" positions searched"),
            "{at}: {figure}"
        );
        let s = size.as_vec2();
        let mut faults = layout_faults(&mut app, s);
        faults.extend(board_faults(&mut app, s));
        faults.extend(layer_faults(&mut app, s));
        assert!(faults.is_empty(), "{at}: {faults:#?}");
    }
}

/// Starting the level again ends what the search showed: the map is
/// emptied and says there is no search, not the old one's picture.
#[test]
fn a_restart_empties_the_map() {
    let mut app = hop_searched_with_map();
    let painted = |app: &mut App| map_pixels(app).chunks(4).filter(|p| p[3] > 0).count();
    assert!(painted(&mut app) > 100, "the search's map");
    assert!(shows_exactly(&mut app, "Done"), "the won search's bar");
    assert!(figure(&mut app).starts_with("Won"), "{}", figure(&mut app));
    app.world_mut()
        .write_message(MoveRequested::player(Request::Restart));
    settle(&mut app);
    assert!(!app.world().contains_resource::<Autoplay>());
    // The map before a search: one colour (nothing tried), and how to
    // start one in it; no figure under it.
    let pixels = map_pixels(&mut app);
    let mut colours: Vec<&[u8]> = pixels.chunks(4).filter(|p| p[3] > 0).collect();
    colours.dedup();
    assert_eq!(colours.len(), 1, "the old map stayed");
    assert!(shows_exactly(&mut app, "No search yet"));
    assert_eq!(figure(&mut app), "");
    // No bar beside no search (its empty track read as a full bar).
    assert!(!shows_exactly(&mut app, "Done"), "a bar with no search");
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
    // Zoomed, the map's corner offers the whole map again, and a click on
    // it goes back out.
    let whole = |app: &mut App| {
        (laid_out(app).into_iter())
            .find(|n| n.name.as_deref() == Some("Whole map"))
            .filter(|n| n.rect.width() > 0.0)
            .map(|n| n.rect)
    };
    let corner = whole(&mut app).expect("the way back to the whole map");
    assert!(
        map.contains(corner.center()),
        "{corner:?} off the map {map:?}"
    );
    click_at(&mut app, corner.center());
    settle(&mut app);
    let view = app.world().resource::<MapView>();
    assert_eq!((view.top, view.part), (None, None), "the whole map");
    assert_eq!(whole(&mut app), None, "the way back, once back");
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
    search_a_step_then_pause(&mut app);
    assert!(app.world().resource::<Autoplay>().paused);
    assert!(shows_exactly(&mut app, "Resume"), "the panel is open");
    assert!(!shows(&mut app, "(paused)"));
    assert!(!shows_exactly(&mut app, "Space"), "a key shown unasked");
    // The column's line counts the steps and moves: the panel says the
    // time alone (a third count beside the column's two read as a riddle).
    assert!(
        !shows(&mut app, "Positions "),
        "the panel's count beside the column's"
    );
    assert!(shows(&mut app, "watched"));
    assert!(!shows(&mut app, "Depth"), "the timeline counts the steps");
    // The bar says how far the search has got, once: not again in words
    // under it (the English board's search, having ruled out next to
    // nothing, its deepest line of the 31 moves a win takes; once its run
    // unseen has ended, the share of its positions reached).
    let with_end = app
        .world()
        .get_resource::<pond_puzzles::game::solver::compare::Comparison>()
        .is_some_and(|c| c.figures()[1].is_some());
    if !with_end {
        assert!(shows_exactly(&mut app, "Deepest"));
        assert!(shows(&mut app, " of 31"));
    }
    super::plain::wait_for_both_searches(&mut app);
    for _ in 0..10 {
        app.update();
    }
    assert!(shows_exactly(&mut app, "Done"), "{:?}", texts(&mut app));
    assert!(!shows_exactly(&mut app, "Deepest"));
    assert!(
        texts(&mut app).iter().any(|t| t.ends_with('%')),
        "the share of its positions: {:?}",
        texts(&mut app)
    );
    assert!(
        !shows(&mut app, "ways to play ruled out"),
        "the bar's share said twice"
    );
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
/// plain search's picture (the solver panel says so too), "Solver's search" over
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

/// A won search's bar is full and says "won" (beside "Done <0.1%" a win
/// read as a search hardly begun); before the win it gives the share.
#[test]
fn a_won_searchs_bar_says_won() {
    use pond_puzzles::game::solver::tree_view::{MapFigure, MapShare, MapView};
    let mut app = hop_searched_with_map();
    let text = |app: &mut App, figure: bool| {
        let texts: Vec<(String, bool, bool)> = app
            .world_mut()
            .query::<(&Text, Has<MapFigure>, Has<MapShare>)>()
            .iter(app.world())
            .map(|(t, f, s)| (t.0.clone(), f, s))
            .collect();
        texts
            .into_iter()
            .find(|(_, f, s)| if figure { *f } else { *s })
            .map(|(t, _, _)| t)
            .expect("the text")
    };
    assert!(
        text(&mut app, true).starts_with("Won"),
        "{}",
        text(&mut app, true)
    );
    assert_eq!(text(&mut app, false), "won");
    assert!(shows_exactly(&mut app, "Done"));
    // The banner says the search won, with no time of the player's (its
    // watched time is the panel's).
    let said = texts(&mut app);
    assert!(
        said.iter().any(|t| t.starts_with("The search won in ")),
        "{said:?}"
    );
    assert!(!said.iter().any(|t| t.starts_with("Solved in")), "{said:?}");
    // Back to a moment before the win: the bar under way again (this
    // search ruled out next to nothing: its deepest line of the moves a
    // win takes).
    app.world_mut().write_message(Scrub::Start);
    app.world_mut().write_message(Scrub::By(3));
    follow_jump(&mut app);
    for _ in 0..10 {
        app.update();
    }
    let share = text(&mut app, false);
    assert!(share.ends_with(" of 9"), "{share}");
    assert!(shows_exactly(&mut app, "Deepest"));
    // A drag to the bar's end, a hair short of it, is the end: the win.
    let len = app.world().resource::<Autoplay>().log.len();
    assert!(len < 1_000, "{len} steps");
    app.world_mut().write_message(Scrub::At(9_996));
    follow_jump(&mut app);
    for _ in 0..10 {
        app.update();
    }
    assert!(app.world().resource::<TreeViewState>().scrubbed.is_none());
    assert_eq!(text(&mut app, false), "won");
    // Zoomed into a part, the bar and its figure are still the whole
    // search's: won (they turned to "<0.1%" and "1 in ... ruled out").
    for _ in 0..3 {
        press(&mut app, KeyCode::BracketRight);
        app.update();
    }
    assert!(app.world().resource::<MapView>().moved, "zoomed");
    assert_eq!(text(&mut app, false), "won");
    assert!(
        text(&mut app, true).starts_with("Won"),
        "{}",
        text(&mut app, true)
    );
}

/// A won search's row of the moment, its last, is lit in the solution's
/// green in the rows of words, not in the red of a try (Flood's was red).
#[test]
fn a_won_searchs_last_row_is_lit_as_the_solution() {
    for (file, level) in [("flood.ron", 13), ("hop.ron", 39)] {
        let mut app = searched_with_map(UVec2::new(1280, 720), file, level);
        assert!(puzzle(&app).is_won(), "{file}: won");
        app.world_mut().resource_mut::<TreeViewState>().words = true;
        settle(&mut app);
        let lit: Vec<Color> = app
            .world_mut()
            .query::<(&TreeRow, &Node, &BackgroundColor)>()
            .iter(app.world())
            .filter(|(_, n, bg)| n.display != Display::None && bg.0 != Color::NONE)
            .map(|(_, _, bg)| bg.0)
            .collect();
        assert_eq!(lit.len(), 1, "{file}: one row lit");
        let c = lit[0].to_srgba();
        assert!(c.green > c.red, "{file}: lit {c:?}, not green");
    }
}

/// The map shows the win as the board does: in the frame the watched
/// search's last move wins the board, or the next, its figure says "Won"
/// (it waited for the next tenth of a second's painting, and the won
/// banner came first).
#[test]
fn the_map_shows_the_win_with_the_board() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "hop.ron", 39);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    app.insert_resource(Speed::Times(16.0));
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    let won = (0..100_000).any(|_| {
        app.update();
        puzzle(&app).is_won()
    });
    assert!(won, "the search never won the board");
    app.update();
    let said = figure(&mut app);
    assert!(
        said.starts_with("Won"),
        "the board is won, the map says {said:?}"
    );
}
