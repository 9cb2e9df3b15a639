//! The timeline under the keys and the pointer: the arrows move it once
//! the search has the board, and its buttons stay put whatever the keys'
//! line below shows.

use super::*;

/// Once a search has won the board, the arrows alone move the timeline (a
/// new player pressed Left and Right and saw a ring go over the pads); while
/// the player plays, they move the board's ring, as before.
#[test]
fn the_arrows_move_the_timeline_once_the_board_is_the_searchs() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "pegs.ron", 2);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    // Playing: the ring, not the timeline.
    press(&mut app, KeyCode::ArrowLeft);
    settle(&mut app);
    assert!(
        app.world()
            .resource::<pond_puzzles::game::board::KeyCursor>()
            .0
            .is_some(),
        "no ring while playing"
    );
    search_to_its_end(&mut app);
    assert!(puzzle(&app).is_won());
    let len = app.world().resource::<Autoplay>().log.len();
    let at = timeline_at;
    assert_eq!(at(&app), None);
    press(&mut app, KeyCode::ArrowLeft);
    follow_jump(&mut app);
    assert_eq!(at(&app), Some(len - 1), "Left after the win");
    press(&mut app, KeyCode::ArrowLeft);
    follow_jump(&mut app);
    assert_eq!(at(&app), Some(len - 2), "Left again");
    press(&mut app, KeyCode::ArrowRight);
    follow_jump(&mut app);
    assert_eq!(at(&app), Some(len - 1), "Right");
}

/// The column opened on a search's win (W, then G a moment later): its
/// timeline's buttons stand where they stand once the board is scrubbed
/// back and the keys' line has its words on how to move again (they stood
/// 45 pixels lower beside the win, and a click on "<" after "|<" hit
/// nothing).
#[test]
fn the_timeline_buttons_stay_put_after_a_win_seen_first() {
    let mut app = laid_app(UVec2::new(1280, 720));
    app.insert_resource(Speed::Instant);
    start_level(&mut app, "pegs.ron", 2);
    search_to_its_end(&mut app);
    assert!(puzzle(&app).is_won());
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    let won = back_button(&mut app);
    app.world_mut().write_message(Scrub::Start);
    follow_jump(&mut app);
    settle(&mut app);
    assert!(!puzzle(&app).is_won(), "not scrubbed back");
    assert_eq!(back_button(&mut app), won, "the buttons moved");
}

/// Quick presses between two frames each count (five quick Lefts in a slow
/// frame moved the timeline two steps back): on the timeline, and on the
/// speed.
#[test]
fn every_quick_press_counts() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "pegs.ron", 2);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    search_to_its_end(&mut app);
    let len = app.world().resource::<Autoplay>().log.len();
    let quickly = |app: &mut App, key: KeyCode, times: usize| {
        for _ in 0..times {
            for state in [ButtonState::Pressed, ButtonState::Released] {
                let event = key_event(key, Key::Unidentified(NativeKey::Unidentified), state, None);
                app.world_mut().write_message(event);
            }
        }
        app.update();
    };
    quickly(&mut app, KeyCode::ArrowLeft, 5);
    follow_jump(&mut app);
    let at = app
        .world()
        .resource::<TreeViewState>()
        .scrubbed
        .as_ref()
        .map(|s| s.0);
    assert_eq!(at, Some(len - 5), "five quick Lefts");
    app.insert_resource(Speed::Times(1.0));
    quickly(&mut app, KeyCode::Equal, 2);
    app.update();
    assert_eq!(
        *app.world().resource::<Speed>(),
        Speed::Times(1.0).faster().faster(),
        "two quick presses of ="
    );
}

/// Stopped (X), a watched search leaves the board where it stood, which
/// is the search's, not the player's game: a dead end there offers no way
/// out as the player's (a new player read "Press U 13 times" as blame); the
/// bar says how to take the board back, and the arrows move the timeline.
#[test]
fn a_stopped_search_says_the_board_is_its_own() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "pegs.ron", 7);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    app.insert_resource(Speed::Times(16.0));
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    app.update();
    app.world_mut().write_message(AutoplayCommand::Pause);
    settle(&mut app);
    let mut stuck = false;
    for _ in 0..400 {
        app.world_mut().write_message(AutoplayCommand::Step);
        settle(&mut app);
        if puzzle(&app).is_stuck() {
            stuck = true;
            break;
        }
    }
    assert!(
        stuck,
        "no dead end in the search's first 400 steps: {} logged, {} moves",
        app.world().resource::<Autoplay>().log.len(),
        app.world().resource::<PlayState>().moves()
    );
    // While it runs, the counter says whose moves they are.
    let moves = app.world().resource::<PlayState>().moves();
    let solvers = format!("Solver's moves: {moves}");
    assert!(
        texts(&mut app).iter().any(|t| t.starts_with(&solvers)),
        "{:?}",
        texts(&mut app)
    );
    press(&mut app, KeyCode::KeyX);
    settle(&mut app);
    // The check of the position runs on a thread of its own: time for it.
    for _ in 0..200 {
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    let said = texts(&mut app);
    assert!(
        said.iter()
            .any(|t| t.starts_with("Stopped: your board now")),
        "{said:?}"
    );
    // The map's key names the line by where it is, not as tried now.
    assert!(
        !shows_exactly(&mut app, "tried now"),
        "\"tried now\" after a stop"
    );
    assert!(shows_exactly(&mut app, "on the board"), "{said:?}");
    assert!(
        !said
            .iter()
            .any(|t| t.starts_with("No more moves") || t.contains("can no longer be won")),
        "a way out offered on the search's board: {said:?}"
    );
    // The arrows are the timeline's; Shift+Home takes the board back.
    assert!(
        app.world()
            .resource::<pond_puzzles::game::panels::ArrowsOnTimeline>()
            .0
    );
    // The board is said to be the player's now, and counted as theirs.
    assert!(shows(&mut app, "your board now"), "{said:?}");
    let counted = format!("Moves: {moves}");
    assert!(
        texts(&mut app).iter().any(|t| t.starts_with(&counted)),
        "{:?}",
        texts(&mut app)
    );
    // A step after the stop says the search was stopped, and what starts
    // one (it said only "last step").
    press(&mut app, KeyCode::Period);
    settle(&mut app);
    assert!(shows(&mut app, "stopped there"), "{:?}", texts(&mut app));
    app.world_mut().write_message(Scrub::Start);
    follow_jump(&mut app);
    settle(&mut app);
    assert_eq!(app.world().resource::<PlayState>().moves(), 0);
}

/// The stopped search's words stay one line at 800x600 (they took two, the
/// second under the bar's edge).
#[test]
fn a_stopped_searchs_words_keep_one_line_at_800x600() {
    let mut app = laid_app(UVec2::new(800, 600));
    start_level(&mut app, "pegs.ron", 8);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    super::search_paused_at(&mut app, Watch::Search, 3);
    press(&mut app, KeyCode::KeyX);
    settle(&mut app);
    let nodes = super::window::laid_out(&mut app);
    let said = (nodes.iter())
        .find(|n| {
            n.text
                .as_deref()
                .is_some_and(|t| t.contains("your board now"))
        })
        .unwrap_or_else(|| panic!("no stop words in {:?}", texts(&mut app)));
    let font = said.font.expect("a text");
    assert!(
        said.rect.height() < font * 1.8,
        "the stop's words wrap: {:.0} px high at {font} px",
        said.rect.height()
    );
}

/// With the search map closed (no timeline), Shift+Home after a stop still
/// takes the search's moves back to where it began, as the stop's words
/// say (it did nothing there).
#[test]
fn shift_home_undoes_a_stopped_search_with_the_map_closed() {
    let mut app = app();
    start_level(&mut app, "pegs.ron", 7);
    let first = solution_on_board(&app)[0];
    app.world_mut().write_message(MoveRequested::player(first));
    settle(&mut app);
    let mine = puzzle(&app);
    super::search_paused_at(&mut app, Watch::Search, 4);
    assert!(!app.world().resource::<TreeViewOpen>().0);
    press(&mut app, KeyCode::KeyX);
    settle(&mut app);
    let said = texts(&mut app);
    assert!(said.iter().any(|t| t.contains("Shift+Home")), "{said:?}");
    key_state(&mut app, KeyCode::ShiftLeft, ButtonState::Pressed);
    press(&mut app, KeyCode::Home);
    key_state(&mut app, KeyCode::ShiftLeft, ButtonState::Released);
    follow_jump(&mut app);
    assert_eq!(app.world().resource::<PlayState>().moves(), 1);
    assert_eq!(puzzle(&app), mine);
}

/// A search's timeline reaches its win: Flood's best-first search finds its
/// last move by its goal test (and may prove a known line shortest without
/// walking it), and its log stopped short ("won in 9 moves" beside "8 search
/// steps", and one Left from the win went to 7 moves).
#[test]
fn one_step_back_from_a_searchs_win_is_one_move_back() {
    for (file, level) in [("flood.ron", 4), ("flood.ron", 13), ("pegs.ron", 2)] {
        let mut app = searched_with_map(UVec2::new(1280, 720), file, level);
        assert!(puzzle(&app).is_won(), "{file} {level}");
        let won = app.world().resource::<PlayState>().moves();
        let tried = app.world().resource::<Autoplay>().stats.tried;
        let back = app.world().resource::<Autoplay>().stats.backtracks;
        assert_eq!(tried - back, won as u64, "{file} {level}: steps to the win");
        press(&mut app, KeyCode::ArrowLeft);
        follow_jump(&mut app);
        settle(&mut app);
        let moves = app.world().resource::<PlayState>().moves();
        assert_eq!(moves + 1, won, "{file} {level}: one Left from the win");
    }
}

/// A finished search's timeline plays again as a film does (Space and "."
/// did nothing once the search had ended): Space at its end plays it from
/// its start, a step a beat, to the win; Space stops it; "." steps it once,
/// and at its end says so; an arrow of the player's stops it playing.
#[test]
fn space_plays_a_finished_searchs_timeline() {
    use pond_puzzles::game::solver::tree_view::TimelinePlay;
    let mut app = laid_app(UVec2::new(1280, 720));
    app.insert_resource(Speed::Times(16.0));
    start_level(&mut app, "pegs.ron", 2);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    search_to_its_end(&mut app);
    assert!(puzzle(&app).is_won());
    let won = puzzle(&app);
    let len = app.world().resource::<Autoplay>().log.len();
    let at = timeline_at;
    let playing = |app: &App| app.world().resource::<TimelinePlay>().0.is_some();
    // "." at the end: said, nothing moves.
    press(&mut app, KeyCode::Period);
    settle(&mut app);
    assert_eq!(at(&app), None);
    assert!(shows(&mut app, "last step"), "{:?}", texts(&mut app));
    // Space at the end: from the start, playing on.
    press(&mut app, KeyCode::Space);
    app.update();
    assert!(playing(&app), "Space did not play the timeline");
    // Playing, the column does not ask for Space to play it.
    let asks = |app: &mut App| shows(app, "Space: play it on");
    app.update();
    assert!(!asks(&mut app), "\"Space: play it on\" while it plays");
    assert!(
        at(&app).is_some_and(|at| at < 3),
        "not from its start: {:?}",
        at(&app)
    );
    let mut seen = Vec::new();
    for _ in 0..200 {
        app.update();
        seen.push(at(&app));
    }
    let moved: Vec<usize> = seen.iter().flatten().copied().collect();
    assert!(
        moved.windows(2).all(|w| w[0] <= w[1]) && moved.last() > moved.first(),
        "the timeline did not play on: {moved:?}"
    );
    // Space again: it stands.
    press(&mut app, KeyCode::Space);
    app.update();
    assert!(!playing(&app), "Space did not stop it");
    let stood = at(&app).expect("stopped before its end");
    settle(&mut app);
    assert_eq!(at(&app), Some(stood), "it went on after Space");
    assert!(asks(&mut app), "no word of Space once it stands");
    // "." steps it once.
    press(&mut app, KeyCode::Period);
    follow_jump(&mut app);
    assert_eq!(at(&app), Some(stood + 1), "\".\" after a stop");
    // Played to its end: the win again, and it stands there.
    press(&mut app, KeyCode::Space);
    for _ in 0..20_000 {
        app.update();
        if !playing(&app) {
            break;
        }
    }
    settle(&mut app);
    assert_eq!(at(&app), None, "not at its end after {len} steps");
    assert_eq!(puzzle(&app), won);
    // Playing again, an arrow of the player's stops it.
    press(&mut app, KeyCode::Space);
    app.update();
    app.update();
    press(&mut app, KeyCode::ArrowRight);
    app.update();
    assert!(!playing(&app), "an arrow did not stop the play");
    // The panel's button plays it while the column shows the timeline, and
    // is greyed with the column closed (it played nothing there).
    settle(&mut app);
    let greyed = |app: &mut App| {
        app.world_mut()
            .query::<(&AutoplayCommand, Has<bevy::ui::InteractionDisabled>)>()
            .iter(app.world())
            .find(|(c, _)| **c == AutoplayCommand::Pause)
            .map(|(_, greyed)| greyed)
    };
    assert!(shows_exactly(&mut app, "Play"), "{:?}", texts(&mut app));
    assert_eq!(
        greyed(&mut app),
        Some(false),
        "Play greyed beside the column"
    );
    app.world_mut().resource_mut::<TreeViewOpen>().0 = false;
    settle(&mut app);
    assert_eq!(
        greyed(&mut app),
        Some(true),
        "Play live with no timeline shown"
    );
}

/// Where the timeline stands: the step the board shows, none at its end.
fn timeline_at(app: &App) -> Option<usize> {
    app.world()
        .resource::<TreeViewState>()
        .scrubbed
        .as_ref()
        .map(|s| s.0)
}

/// Shift with Home and End take the timeline to its ends, as the bar's
/// words after a Stop say, Shift held or pressed and let go between two
/// frames with the key (in a slow frame Shift+Home did nothing: Shift was
/// up again when the frame read the keys).
#[test]
fn shift_home_and_end_go_to_the_timelines_ends() {
    let mut app = laid_app(UVec2::new(1280, 720));
    app.insert_resource(Speed::Instant);
    start_level(&mut app, "pegs.ron", 2);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    search_to_its_end(&mut app);
    let won = puzzle(&app);
    let with_shift = |app: &mut App, key: KeyCode| {
        key_state(app, KeyCode::ShiftLeft, ButtonState::Pressed);
        press(app, key);
        key_state(app, KeyCode::ShiftLeft, ButtonState::Released);
        follow_jump(app);
        settle(app);
    };
    with_shift(&mut app, KeyCode::Home);
    assert_eq!(timeline_at(&app), Some(0), "Shift+Home");
    assert_eq!(app.world().resource::<PlayState>().moves(), 0);
    with_shift(&mut app, KeyCode::End);
    assert_eq!(timeline_at(&app), None, "Shift+End");
    assert_eq!(puzzle(&app), won);
    // All four key changes between two frames.
    for (key, state) in [
        (KeyCode::ShiftLeft, ButtonState::Pressed),
        (KeyCode::Home, ButtonState::Pressed),
        (KeyCode::Home, ButtonState::Released),
        (KeyCode::ShiftLeft, ButtonState::Released),
    ] {
        app.world_mut().write_message(KeyboardInput {
            key_code: key,
            logical_key: Key::Unidentified(NativeKey::Unidentified),
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
    }
    app.update();
    follow_jump(&mut app);
    assert_eq!(timeline_at(&app), Some(0), "a quick Shift+Home");
}

/// Each "?" explains what stands beside it: the bar's (and the key) opens
/// the card at the puzzle's rule, the map's part below it; the column's at
/// the map's marks, the rule below them (a card over a search that opened
/// on the map's key buried the rule).
#[test]
fn each_question_mark_opens_the_card_at_its_own_part() {
    use game::play::{Menu, PlayAction};
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "pegs.ron", 7);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    // The top of the map's words and of the rule's first line on the card.
    let tops = |app: &mut App| {
        let laid = super::window::laid_out(app);
        let top = |starts: &str| {
            laid.iter()
                .find(|n| n.text.as_deref().is_some_and(|t| t.starts_with(starts)))
                .map(|n| n.rect.min.y)
                .unwrap_or_else(|| panic!("{starts:?} on the card"))
        };
        (top("The search map:"), top("A frog jumps over"))
    };
    press(&mut app, KeyCode::Slash);
    settle(&mut app);
    assert_eq!(*app.world().resource::<State<Menu>>().get(), Menu::HowTo);
    let (map, rule) = tops(&mut app);
    assert!(
        rule < map,
        "the key's card: the rule at {rule}, the map at {map}"
    );
    press(&mut app, KeyCode::Escape);
    settle(&mut app);
    let question = super::window::laid_out(&mut app)
        .into_iter()
        .find(|n| {
            n.button && n.text.is_none() && {
                let e = n.entity;
                app.world().get::<PlayAction>(e) == Some(&PlayAction::MapHowTo)
            }
        })
        .map(|n| n.entity)
        .expect("the column's ? button");
    activate(&mut app, question);
    settle(&mut app);
    assert_eq!(*app.world().resource::<State<Menu>>().get(), Menu::HowTo);
    let (map, rule) = tops(&mut app);
    assert!(
        map < rule,
        "the column's card: the map at {map}, the rule at {rule}"
    );
}

/// Under the "?" card, the arrows and Page Down scroll the card and do
/// nothing else: the card stays, and a paused search's board keeps its step
/// (a Down meant for the card closed it and took the board a step back).
#[test]
fn the_arrows_scroll_the_card_and_leave_the_search_be() {
    let start_of = |app: &App| {
        app.world()
            .resource::<Autoplay>()
            .tree
            .as_ref()
            .expect("a tree")
            .start()
            .clone()
    };
    use game::play::{Menu, PlayAction};
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "pegs.ron", 7);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    search_a_step_then_pause(&mut app);
    let before = puzzle(&app);
    assert_ne!(before, start_of(&app), "the search has made a move");
    app.world_mut().write_message(PlayAction::MapHowTo);
    settle(&mut app);
    let scrolled = |app: &mut App| {
        app.world_mut()
            .query::<(&ScrollPosition, &Node)>()
            .iter(app.world())
            .filter(|(_, n)| n.overflow.y == OverflowAxis::Scroll)
            .map(|(s, _)| s.0.y)
            .fold(0.0f32, f32::max)
    };
    let at_top = scrolled(&mut app);
    for key in [KeyCode::ArrowDown, KeyCode::PageDown, KeyCode::ArrowLeft] {
        press(&mut app, key);
        settle(&mut app);
        assert_eq!(
            *app.world().resource::<State<Menu>>().get(),
            Menu::HowTo,
            "{key:?} closed the card"
        );
    }
    assert!(scrolled(&mut app) > at_top, "the card did not scroll");
    assert_eq!(puzzle(&app), before, "the board moved under the card");
}

/// The card's example stage hides once the body is scrolled past its top:
/// its turned pictures are not clipped by the body's edge, and stood over
/// the card's title; at the top it shows.
#[test]
fn the_cards_example_hides_when_scrolled_past() {
    use game::play::PlayAction;
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "pegs.ron", 7);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    app.world_mut().write_message(PlayAction::HowTo);
    settle(&mut app);
    let stage_shown = |app: &mut App| {
        app.world_mut()
            .query::<(&ImageNode, &InheritedVisibility)>()
            .iter(app.world())
            .filter(|(_, v)| v.get())
            .count()
    };
    let at_top = stage_shown(&mut app);
    assert!(at_top > 0, "no example shown");
    press(&mut app, KeyCode::PageDown);
    settle(&mut app);
    let scrolled = stage_shown(&mut app);
    assert!(
        scrolled < at_top,
        "{scrolled} pictures shown, {at_top} at the top"
    );
}

/// Backspace during a watched search pauses it and asks (its next step
/// took the question off the bar within a second); a second press restarts
/// and puts the search away.
#[test]
fn backspace_during_a_search_pauses_it_and_asks() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "pegs.ron", 7);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    app.insert_resource(Speed::default());
    settle(&mut app);
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    for _ in 0..30 {
        app.update();
    }
    assert!(app.world().resource::<Autoplay>().is_active());
    press(&mut app, KeyCode::Backspace);
    // Two seconds (a frame is 50 ms here): a step or more at 1x.
    for _ in 0..40 {
        app.update();
    }
    let a = app.world().resource::<Autoplay>();
    assert!(
        a.is_active() && a.paused,
        "the search ran on: {:?}",
        a.ending
    );
    assert!(shows(&mut app, "Backspace again restarts the level"));
    press(&mut app, KeyCode::Backspace);
    settle(&mut app);
    assert!(app.world().get_resource::<Autoplay>().is_none());
    assert_eq!(app.world().resource::<PlayState>().moves(), 0);
}
