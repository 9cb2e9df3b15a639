//! A row of the words view clicked: the board goes there, the timeline and
//! the highlight with it, and the row stays under the pointer.

use super::*;

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
    // It stays under the pointer that clicked it (the list scrolled, and
    // another row stood where the click was).
    assert_eq!(slot_now, slot, "the row clicked moved");
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

/// A row clicked in a list scrolled down stays in its slot, under the
/// pointer that clicked it, once the board is there (the list scrolled to
/// put it two thirds down, and another row stood under the pointer).
#[test]
fn a_row_clicked_stays_under_the_pointer() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "hop.ron", 39);
    search_with_tree(&mut app, Watch::Search);
    {
        let mut view = app.world_mut().resource_mut::<TreeViewState>();
        view.words = true;
        view.follow = false;
        view.first = view.total / 2;
    }
    settle(&mut app);
    let (slot, id) = {
        let view = app.world().resource::<TreeViewState>();
        assert!(view.first > 10, "scrolled down: {}", view.first);
        (0, view.slots[0].expect("a row at the top"))
    };
    let tree = (app.world().resource::<Autoplay>().tree.clone()).expect("a tree");
    app.world_mut().write_message(TreeRow(slot));
    follow_jump(&mut app);
    assert_eq!(puzzle(&app), tree.position(id), "the board went there");
    let (_, shown) = app
        .world()
        .resource::<TreeViewState>()
        .scrubbed
        .clone()
        .expect("the timeline moved with the board");
    let here = *shown.line().last().expect("a line");
    let slots = app.world().resource::<TreeViewState>().slots.clone();
    assert_eq!(slots.first(), Some(&Some(here)), "the row clicked moved");
}

/// A moment of the timeline counts the search as it stood then in the race
/// of the two searches, and in the bar of its share done: "82 so far" stood
/// beside a board at step 43 of 137.
#[test]
fn a_moment_of_the_timeline_races_with_its_own_count() {
    let mut app = super::window::laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "pegs.ron", 7);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    super::search_paused_at(&mut app, Watch::Search, 12);
    super::plain::wait_for_both_searches(&mut app);
    settle(&mut app);
    let now = app.world().resource::<Autoplay>().stats.tried + 1;
    let now_said = super::figure::race_count(&app, now);
    assert!(shows(&mut app, &now_said));
    app.world_mut().write_message(Scrub::Start);
    app.world_mut().write_message(Scrub::By(9));
    super::follow_jump(&mut app);
    settle(&mut app);
    let then = super::moment_positions(&app);
    assert!(then < now, "{then} of {now}");
    let then_said = super::figure::race_count(&app, then);
    assert!(shows(&mut app, &then_said), "{:?}", texts(&mut app));
    assert!(!shows(&mut app, &now_said));
    assert!(shows_exactly(&mut app, "Done"), "{:?}", texts(&mut app));
}

/// A searched pond level at 800x600 in words: the app, the first row of a
/// move (its node) and the middle of that row.
fn first_move_row() -> (App, u32, Vec2) {
    let mut app = super::searched_with_map(UVec2::new(800, 600), "hop.ron", 39);
    app.world_mut().resource_mut::<TreeViewState>().words = true;
    settle(&mut app);
    let (slot, id) = (app.world().resource::<TreeViewState>().slots.iter())
        .enumerate()
        .find_map(|(i, s)| s.filter(|&id| id != 0).map(|id| (i, id)))
        .expect("a row of a move");
    let row = (app.world_mut().query::<(Entity, &TreeRow)>())
        .iter(app.world())
        .find(|(_, r)| r.0 == slot)
        .map(|(e, _)| e)
        .expect("the row");
    let at = middle_of(&mut app, row);
    (app, id, at)
}

/// The picture of a hovered row's position names the move that led there
/// in full, under the picture: at 800x600 a narrow column cut the row short
/// ("green nearer the top ...").
#[test]
fn a_hovered_rows_picture_names_its_move_in_full() {
    use pond_puzzles::game::puzzles::step_words;
    let (mut app, id, at) = first_move_row();
    point_at(&mut app, at);
    settle(&mut app);
    let want = {
        let tree = (app.world().resource::<Autoplay>().tree.as_ref()).expect("a tree");
        let node = tree.node(id);
        step_words(&tree.position(node.parent), node.mv.expect("a move"))
    };
    let laid = laid_out(&mut app);
    let in_picture = |n: &super::super::window::Laid| {
        let mut up = n.parent;
        while let Some(p) = up.and_then(|p| laid.iter().find(|l| l.entity == p)) {
            if p.name.as_deref() == Some("Position picture") {
                return true;
            }
            up = p.parent;
        }
        false
    };
    assert!(
        laid.iter()
            .any(|n| n.text.as_deref() == Some(want.as_str()) && in_picture(n)),
        "no {want:?} under the picture"
    );
}

/// At 800x600 the rows of words show a few rows of a long outline: a thin
/// line at their right edge says where those rows stand in the whole (the
/// line of words that says so at 1280x720 has no room there), and follows
/// the rows when they scroll. The map shows no such line.
#[test]
fn at_800x600_a_scroll_line_says_where_the_rows_stand() {
    use pond_puzzles::game::solver::tree_view::{RowsScroll, RowsThumb};
    let mut app = super::narrow::paused_english_watch(Speed::Instant, 60, |app| {
        app.world_mut().resource_mut::<TreeViewState>().words = true;
    });
    let rect_of = |app: &mut App, thumb: bool| {
        let nodes = laid_out(app);
        let found: Vec<Entity> = match thumb {
            true => (app.world_mut().query_filtered::<Entity, With<RowsThumb>>())
                .iter(app.world())
                .collect(),
            false => (app.world_mut().query_filtered::<Entity, With<RowsScroll>>())
                .iter(app.world())
                .collect(),
        };
        (nodes.iter())
            .find(|n| found.contains(&n.entity) && n.rect.height() > 0.0)
            .map(|n| n.rect)
    };
    let thumb_at = |app: &mut App| {
        let track = rect_of(app, false).expect("a scroll line beside a long outline");
        let thumb = rect_of(app, true).expect("its thumb");
        assert!(track.contains(thumb.center()), "{thumb:?} off {track:?}");
        let view = app.world().resource::<TreeViewState>();
        let (fit, total) = (view.slots.len() as f32, view.total as f32);
        assert!(total > fit, "{total} rows, {fit} shown");
        let share = (fit / total).max(0.08);
        assert!(
            (thumb.height() - share * track.height()).abs() < 1.5,
            "{} of {}: {thumb:?} on {track:?}",
            fit,
            total
        );
        let top = (view.first as f32 / total).min(1.0 - share) * track.height();
        assert!(
            (thumb.min.y - track.min.y - top).abs() < 1.5,
            "{thumb:?} {top}"
        );
        thumb.min.y
    };
    let before = thumb_at(&mut app);
    app.world_mut().resource_mut::<TreeViewState>().first = 0;
    app.world_mut().resource_mut::<TreeViewState>().follow = false;
    settle(&mut app);
    let top = thumb_at(&mut app);
    assert!(top < before, "scrolled to the top: {top} from {before}");
    app.world_mut().resource_mut::<TreeViewState>().words = false;
    settle(&mut app);
    assert_eq!(rect_of(&mut app, false), None, "a scroll line over the map");
}

/// At 800x600 an untried row names as many of its moves as fit whole and
/// counts the others ("2 untried: centre frog jumps right and 1 more",
/// "... right, ..." or "2 untried"): it read "2 untried: centre frog jumps
/// ri...".
#[test]
fn at_800x600_untried_rows_name_whole_moves() {
    let mut app = super::narrow::paused_english_watch(Speed::default(), 40, |app| {
        app.world_mut().resource_mut::<TreeViewState>().words = true;
    });
    let untried: Vec<String> = (texts(&mut app).into_iter())
        .filter(|t| t.contains(" untried"))
        .collect();
    assert!(!untried.is_empty(), "no untried row: {:?}", texts(&mut app));
    for row in &untried {
        assert!(
            !row.contains("...") || row.ends_with(", ..."),
            "a move cut short: {row:?}"
        );
    }
}

/// A key pressed puts the hovered row's picture away until the pointer
/// moves: it stayed over the board while the keys stepped the timeline
/// or stopped the search; and a menu open puts it away (it stood over
/// the menu's buttons).
#[test]
fn a_key_puts_the_picture_away_until_the_pointer_moves() {
    let (mut app, _, at) = first_move_row();
    let pictures = |app: &mut App| {
        (laid_out(app).iter())
            .filter(|n| n.name.as_deref() == Some("Position picture"))
            .count()
    };
    point_at(&mut app, at);
    settle(&mut app);
    assert_eq!(pictures(&mut app), 1, "no picture under the pointer");
    press(&mut app, KeyCode::ArrowLeft);
    settle(&mut app);
    assert_eq!(pictures(&mut app), 0, "the picture stayed after a key");
    point_at(&mut app, at + Vec2::new(2.0, 0.0));
    settle(&mut app);
    assert_eq!(pictures(&mut app), 1, "no picture once the pointer moved");
    // Nor over the menu's buttons.
    use pond_puzzles::game::play::Menu;
    app.world_mut()
        .resource_mut::<NextState<Menu>>()
        .set(Menu::Open);
    settle(&mut app);
    assert_eq!(pictures(&mut app), 0, "the picture over the menu");
}
