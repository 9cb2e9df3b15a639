//! The search's column in a narrow window (800x600): the board keeps half
//! the height, a won search keeps its column whole, a short column keeps
//! the comparison's ratio, and the rows of words keep room for their words.

use super::*;

/// At 800x600, with the search's column and the solver's panel open, a
/// watched search keeps the board at least half the window's height, clear
/// of every panel.
#[test]
fn at_800x600_a_watched_search_keeps_half_the_height_for_the_board() {
    use super::super::window::{board_faults, board_rect};
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
    use super::super::window::board_faults;
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
    // The banner beside it says the win was played for the player, with no
    // star (three grey outlines read as three stars; "solved with help"
    // read as the player's).
    assert_eq!(super::super::scores::win_stars(&mut app), vec![]);
    assert!(shows(&mut app, "played for you, no stars"));
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
    let outline = outline(&tree, Watch::Search);
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
pub(super) fn paused_english_watch(
    speed: Speed,
    frames: usize,
    setup: impl FnOnce(&mut App),
) -> App {
    paused_english_watch_in(UVec2::new(800, 600), speed, frames, setup)
}

/// `paused_english_watch` in a window of `size`.
fn paused_english_watch_in(
    size: UVec2,
    speed: Speed,
    frames: usize,
    setup: impl FnOnce(&mut App),
) -> App {
    let mut app = laid_app(size);
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

/// The column's header keeps its buttons in place when Words turns to Map
/// and back (the Plain button moved 13 px), or the title says "Plain
/// search".
#[test]
fn the_words_button_moves_no_button_beside_it() {
    for size in [UVec2::new(1280, 720), UVec2::new(800, 600)] {
        let mut app = laid_app(size);
        start_level(&mut app, "hop.ron", 39);
        app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
        settle(&mut app);
        let header = |app: &mut App| {
            let nodes = laid_out(app);
            ["Plain", "Words", "Map", "Hide"]
                .iter()
                .filter_map(|w| {
                    let label = nodes.iter().find(|n| n.text.as_deref() == Some(*w))?;
                    let mut at = label.parent?;
                    // Up to the button (the Plain label sits in a row of its
                    // icon and its word).
                    loop {
                        let n = nodes.iter().find(|n| n.entity == at)?;
                        if n.button {
                            return Some(n.rect);
                        }
                        at = n.parent?;
                    }
                })
                .collect::<Vec<Rect>>()
        };
        let before = header(&mut app);
        assert_eq!(before.len(), 3, "{size}: {before:?}");
        app.world_mut().resource_mut::<TreeViewState>().words = true;
        settle(&mut app);
        assert!(
            shows_exactly(&mut app, "Map"),
            "{size}: the button says Map"
        );
        assert_eq!(header(&mut app), before, "{size}: the header's buttons");
        // Nor does the title's "Plain search" while the plain search runs
        // (the buttons went to a line of their own).
        app.world_mut()
            .write_message(pond_puzzles::game::solver::tree_view::AskPlain);
        settle(&mut app);
        assert!(
            shows_exactly(&mut app, "Plain search"),
            "{size}: {:?}",
            texts(&mut app)
        );
        assert_eq!(header(&mut app), before, "{size}: the header's buttons");
    }
}

/// The column's "?" card shows every mark of the map and the wash below a
/// branch given up as it opens, at 1280x720 and at 800x600: none below the
/// card's fold (a new player saw four of six and did not know the rest
/// were there).
#[test]
fn the_question_mark_card_shows_every_mark_of_the_map_unscrolled() {
    use pond_puzzles::solve::map::{MapMark, WASH_MEANING, key_all, key_meaning};
    for size in [UVec2::new(1280, 720), UVec2::new(800, 600)] {
        let mut app = laid_app(size);
        start_level(&mut app, "pegs.ron", 7);
        app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
        settle(&mut app);
        app.world_mut()
            .write_message(game::play::PlayAction::MapHowTo);
        settle(&mut app);
        let nodes = laid_out(&mut app);
        let rect_of = |words: &str| {
            nodes
                .iter()
                .find(|n| n.text.as_deref() == Some(words))
                .map(|n| n.rect)
                .unwrap_or_else(|| panic!("{size}: {words:?} not on the card"))
        };
        let fold = rect_of("Got it (Enter)").min.y;
        let meanings = key_all()
            .filter(|m| !matches!(m, MapMark::SetAside(_)))
            .map(key_meaning)
            .chain([WASH_MEANING]);
        for words in meanings {
            let at = rect_of(words);
            assert!(
                at.max.y < fold && at.min.y > 0.0,
                "{size}: {words:?} at {at:?}, the card's fold at {fold}"
            );
        }
    }
}

/// At 800x600, once both searches are in, ours against the plain search
/// shows as bars (a column that short hid them), in the room of the map's
/// "Done" bar and its line: the map keeps its height.
#[test]
fn the_comparisons_bars_show_in_a_short_column() {
    use pond_puzzles::game::solver::tree_view::MapPicture;
    let mut app = searched_with_map(UVec2::new(800, 600), "pegs.ron", 2);
    let map_height = |app: &mut App| {
        let picture = app
            .world_mut()
            .query_filtered::<Entity, With<MapPicture>>()
            .single(app.world())
            .expect("the map");
        laid_out(app)
            .iter()
            .find(|n| n.entity == picture)
            .map_or(0.0, |n| n.rect.height())
    };
    let before = map_height(&mut app);
    both_searches_in(&mut app);
    assert!(bars_shown(&mut app), "no bars");
    assert!(
        !shows_exactly(&mut app, "Done"),
        "the bars and the Done bar both"
    );
    let after = map_height(&mut app);
    assert!(
        after >= 80.0 && after >= before - 8.0,
        "the map {before} px, then {after}"
    );
}

/// At 800x600 the timeline's line, hidden there for room, says where the
/// board stands once it is taken back ("Step 283 of 285"), in the map's
/// room: the timeline's buttons stay put; at the end, the map has the room.
#[test]
fn a_short_column_says_the_step_the_board_shows() {
    let mut app = searched_with_map(UVec2::new(800, 600), "pegs.ron", 3);
    let len = app.world().resource::<Autoplay>().log.len();
    let steps = |app: &mut App| texts(app).into_iter().find(|t| t.starts_with("Step "));
    assert_eq!(steps(&mut app), None, "at the end");
    let button = back_button(&mut app);
    app.world_mut().write_message(Scrub::By(-2));
    follow_jump(&mut app);
    settle(&mut app);
    let said = format!("Step {} of {}", group(len as u64 - 2), group(len as u64));
    assert_eq!(steps(&mut app), Some(said.clone()));
    assert!(shows_exactly(&mut app, &said), "{said} not on screen");
    assert_eq!(back_button(&mut app), button, "the buttons moved");
}

/// The bars are as long as their positions, and their scale is said in
/// round figures under them ("0" at their start, "100", "200", "300"
/// positions at its marks,
/// left to right, apart; in a narrow column the last mark's at least): on a
/// log scale a bar of 150 beside one of 380 read as "nearly as long" under
/// "2.5 times fewer".
#[test]
fn the_comparisons_scale_is_labelled_under_its_bars() {
    for size in [UVec2::new(1280, 720), UVec2::new(800, 600)] {
        let mut app = searched_with_map(size, "pegs.ron", 2);
        both_searches_in(&mut app);
        let nodes = laid_out(&mut app);
        let ours = compare_bar(&nodes, "Solver")
            .unwrap_or_else(|| panic!("{size}: no bars"))
            .0;
        let label = |words: &str| {
            nodes
                .iter()
                .filter(|n| n.text.as_deref() == Some(words))
                .filter_map(|n| n.ink)
                .find(|r| r.min.y >= ours.max.y - 2.0 && r.min.y < ours.max.y + 40.0)
        };
        // Every mark's figure where the track has room (1280x720), else the
        // last mark's at least; never two touching.
        let wide = size.x >= 1280;
        let mut right = ours.max.x;
        for words in ["100", "200", "300"] {
            let Some(at) = label(words) else {
                assert!(
                    !wide && words != "300",
                    "{size}: no {words:?} under the bars"
                );
                continue;
            };
            assert!(
                at.min.x > right + 2.0,
                "{size}: {words:?} at {at:?} touches the one before it (ends at {right})"
            );
            right = at.max.x;
        }
        // The marks are evenly spaced (a step each): so are their figures'
        // centres.
        if wide {
            let centre = |w: &str| label(w).map_or(0.0, |r| r.center().x);
            let (one, two, three) = (centre("100"), centre("200"), centre("300"));
            assert!(
                ((two - one) - (three - two)).abs() < 1.5,
                "{size}: figures at {one}, {two}, {three}"
            );
        }
        // The scale starts at 0, under the bars' start.
        let zero = label("0").unwrap_or_else(|| panic!("{size}: no 0 under the bars"));
        let first = ["100", "200", "300"].iter().find_map(|w| label(w));
        assert!(
            first.is_some_and(|f| f.min.x > zero.max.x + 2.0),
            "{size}: 0 at {zero:?}, then {first:?}"
        );
        // Both searches took fewer than 400 positions.
        assert!(label("400").is_none(), "{size}: a mark past the bars' end");
        // Each bar as long as its positions: ours (150) about 0.39 of the
        // plain search's (380).
        let bars: Vec<f32> = ["Plain", "Solver"]
            .iter()
            .map(|name| bar_length(&nodes, name))
            .collect();
        // Long enough to compare at a glance in a narrow column too (at
        // 800x600 the plain search's was 42 px beside its figures: they go
        // under the bars there).
        assert!(
            bars[0] >= 100.0,
            "{size}: the plain search's bar {} px",
            bars[0]
        );
        let share = bars[1] / bars[0];
        assert!(
            (share - 150.0 / 380.0).abs() < 0.03,
            "{size}: ours {} of the plain search's bar",
            share
        );
    }
}

/// The length of the comparison's bar named `name` ("Plain", "Solver").
fn bar_length(nodes: &[super::super::window::Laid], name: &str) -> f32 {
    compare_bar(nodes, name)
        .unwrap_or_else(|| panic!("no track beside {name:?}"))
        .1
}

/// Somewhere on the screen the search is counted: by the column's line of
/// steps where it shows, else (a short column leaves it out, 800x600) by
/// the panel, which says the time alone beside the column's count.
#[test]
fn the_search_is_counted_in_the_column_or_the_panel() {
    for (size, column_counts) in [(UVec2::new(1280, 720), true), (UVec2::new(800, 600), false)] {
        let mut app = laid_app(size);
        start_level(&mut app, "pegs.ron", 2);
        app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
        settle(&mut app);
        app.insert_resource(Speed::Times(16.0));
        search_a_step_then_pause(&mut app);
        assert_eq!(shows(&mut app, " taken\u{a0}back"), column_counts, "{size}");
        assert_eq!(shows(&mut app, "Positions "), !column_counts, "{size}");
        assert!(shows(&mut app, "watched"), "{size}: the search's time");
    }
}

/// In a narrow window the map takes the room under its bar that the tip's
/// row kept empty while no cell is hovered (at 800x600 the map was 115
/// pixels high, at 800x560 75): the tip, under the pointer, stands in the
/// figure's room, and nothing under it moves.
#[test]
fn in_a_narrow_window_the_tip_stands_in_the_figures_room() {
    use pond_puzzles::game::solver::tree_view::{MapFigure, MapPicture, MapTip};
    for (height, least) in [(600, 165.0), (560, 125.0)] {
        let mut app = european_search_begun(UVec2::new(800, height));
        for _ in 0..120 {
            app.update();
        }
        app.world_mut().resource_mut::<Autoplay>().paused = true;
        settle(&mut app);
        let rect_of = |app: &mut App, e: Entity| {
            (laid_out(app).into_iter().find(|n| n.entity == e)).map(|n| n.rect)
        };
        let one = |app: &mut App, f: fn(&mut World) -> Option<Entity>| {
            f(app.world_mut()).expect("the map's part")
        };
        let picture = one(&mut app, |w| {
            w.query_filtered::<Entity, With<MapPicture>>()
                .iter(w)
                .next()
        });
        let figure = one(&mut app, |w| {
            w.query_filtered::<Entity, With<MapFigure>>().iter(w).next()
        });
        let tip = one(&mut app, |w| {
            w.query_filtered::<Entity, With<MapTip>>().iter(w).next()
        });
        let map = rect_of(&mut app, picture).expect("the map shows");
        assert!(
            map.height() >= least,
            "at 800x{height} the map is {:.0} pixels high",
            map.height()
        );
        // The figure has nothing to say while the search runs: its room
        // holds the widths' switch.
        assert!(rect_of(&mut app, figure).is_none(), "an empty figure shown");
        assert!(shows_exactly(&mut app, "Width:"), "no switch in its room");
        let room = parent_of_text(&mut app, |t| t == "Width:");
        let first = |app: &mut App| {
            let nodes = laid_out(app);
            (nodes.iter().find(|n| n.text.as_deref() == Some("|<")))
                .expect("the timeline's first button")
                .rect
        };
        let button = first(&mut app);
        // The pointer over the map's top band: the line tried, said.
        let scale = super::super::window::scale_factor(&mut app);
        point_at(&mut app, (map.min + Vec2::new(12.0, 4.0)) / scale);
        settle(&mut app);
        let said = app.world().get::<Text>(tip).expect("the tip").0.clone();
        assert!(!said.is_empty(), "no reason under the pointer");
        let at = rect_of(&mut app, tip).expect("the tip shows");
        assert!(
            at.min.y >= room.min.y - 12.0 && at.max.y <= room.max.y + 12.0,
            "the tip at {at:?}, the switch at {room:?}"
        );
        assert!(
            !shows_exactly(&mut app, "Width:"),
            "the switch beside the tip"
        );
        assert!(
            rect_of(&mut app, figure).is_none(),
            "the figure under the tip"
        );
        assert_eq!(rect_of(&mut app, picture), Some(map), "the map moved");
        assert_eq!(first(&mut app), button, "the timeline's button moved");
    }
}

/// At 1280x720 the rows of words take the column's room: the paragraph on
/// how the search goes (the how-to card says it) stands only in a tall
/// column (it took four rows' room: six rows showed).
#[test]
fn at_1280x720_the_rows_of_words_fill_the_column() {
    let size = UVec2::new(1280, 720);
    let mut app = paused_english_watch_in(size, Speed::Times(4.0), 120, |app| {
        app.world_mut().resource_mut::<TreeViewState>().words = true;
    });
    let rows = app
        .world_mut()
        .query::<(&TreeRow, &Node)>()
        .iter(app.world())
        .filter(|(_, n)| n.display != Display::None)
        .count();
    let total = app.world().resource::<TreeViewState>().total;
    assert!(total >= 10, "{total} rows in the outline");
    assert!(rows >= 9, "{rows} rows of words of {total}");
    assert!(!shows(&mut app, "It follows one line of moves"));
}

/// The map keeps its size while the search comes to new marks: the key
/// keeps two rows' room from the start (its second row, when "lost" and
/// "dead end" came, shortened the map by 17 pixels mid-search at 800x600).
#[test]
fn the_map_keeps_its_size_as_the_key_grows() {
    use pond_puzzles::game::solver::tree_view::MapPicture;
    let mut app = european_search_begun(UVec2::new(800, 600));
    let map = |app: &mut App| {
        let e = (app.world_mut())
            .query_filtered::<Entity, With<MapPicture>>()
            .iter(app.world())
            .next()
            .expect("the map");
        (laid_out(app).into_iter().find(|n| n.entity == e)).map(|n| n.rect)
    };
    let shown = |app: &mut App| {
        let keys = ["lost", "dead end"];
        keys.iter().filter(|k| shows_exactly(app, k)).count()
    };
    for _ in 0..4 {
        app.update();
    }
    let first = map(&mut app).expect("the map shows");
    assert_eq!(shown(&mut app), 0, "the key's later marks at the start");
    for _ in 0..600 {
        app.update();
        if shown(&mut app) == 2 {
            break;
        }
    }
    assert_eq!(shown(&mut app), 2, "no lost branch nor dead end yet");
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(map(&mut app), Some(first), "the map changed its size");
}

/// The European board in a window of `size`, the search's column open,
/// its search asked for at 4x (no frame run yet).
fn european_search_begun(size: UVec2) -> App {
    let mut app = laid_app(size);
    start_level(&mut app, "pegs.ron", 8);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    app.insert_resource(Speed::Times(4.0));
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    app
}
