//! The level editor through its own messages: each puzzle's verdict agrees
//! with the solver, a verdict is never shown for a board gone, a level is
//! saved into the player's pack and listed from then on, a level with a
//! mistake is neither saved nor played, and "Play it" comes back with the
//! board as it was.

use super::*;
use pond_puzzles::game::editor::{EditAction, EditVerdict, Editor};
use pond_puzzles::levels::edit::{FloodDraft, HopDraft, SwapDraft};
use pond_puzzles::levels::verdict::Answer;
use pond_puzzles::rules::PuzzleKind;

#[path = "editor/field_text.rs"]
mod field_text;
#[path = "editor/fields.rs"]
mod fields;

#[path = "editor/pointer.rs"]
mod pointer;

#[path = "editor/saved_grades.rs"]
mod saved_grades;
#[path = "editor/saving.rs"]
mod saving;

/// A game opened in the editor by `pond edit PACK --level N`.
fn editing(pack: &str, level: usize, dir: std::path::PathBuf) -> App {
    let mut app = app_with(game::GameOptions {
        data_dir: Some(dir),
        pack: Some(pack.into()),
        level: Some(level),
        edit: true,
        ..Default::default()
    });
    until_screen(&mut app, Screen::Edit);
    app
}

fn act(app: &mut App, action: EditAction) {
    app.world_mut().write_message(action);
    app.update();
}

fn editor(app: &App) -> Editor {
    app.world().resource::<Editor>().clone()
}

/// Runs frames until the verdict on the board shown is known.
fn verdict(app: &mut App) -> pond_puzzles::levels::verdict::Verdict {
    for _ in 0..6000 {
        app.update();
        let v = app.world().resource::<EditVerdict>();
        let now = app.world().resource::<Editor>().generation;
        if let Some(shown) = &v.shown {
            assert_eq!(v.generation, now, "a verdict shows for the board shown");
            // Its first part (can it be won) shows first; then its ways and
            // grades.
            if shown.graded {
                return shown.clone();
            }
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("no verdict");
}

fn shortest(p: &Puzzle) -> usize {
    let report = solve::solve(p, Budget::unlimited(), None, false);
    report.outcome.moves().expect("the level is won").len()
}

#[test]
fn each_puzzles_verdict_in_the_editor_is_the_solvers() {
    for (pack, level) in [
        ("swap.ron", 5),
        ("hop.ron", 12),
        ("pegs.ron", 8),
        ("flood.ron", 4),
        ("escape.ron", 9),
    ] {
        let mut app = editing(pack, level, temp_data_dir());
        let v = verdict(&mut app);
        let level = editor(&app).draft.check().expect("a shipped level");
        let Answer::Won { moves, proven } = &v.answer else {
            panic!("{pack}: {:?}", v.answer)
        };
        assert!(proven, "{pack}");
        assert_eq!(moves.len(), shortest(&level.puzzle), "{pack}");
        // The board drawn is the draft's: one piece per cell of its rules.
        settle(&mut app);
        assert!(count::<game::board::BoardRoot>(&mut app) == 1, "{pack}");
        // The panel says it.
        let words = texts(&mut app);
        assert!(words.iter().any(|t| t == "Can be won"), "{pack}: {words:?}");
        assert!(
            words.iter().any(|t| t.starts_with("This board is level")),
            "{pack}: {words:?}"
        );
    }
}

#[test]
fn a_flood_level_drawn_through_messages_gets_the_solvers_verdict() {
    let mut app = editing("flood.ron", 1, temp_data_dir());
    act(&mut app, EditAction::New(PuzzleKind::Flood, false));
    // Paint the top row in colour 2, then fill the corner's region with 3.
    act(&mut app, EditAction::Pick(0, 1));
    for c in 0..8 {
        act(&mut app, EditAction::Drag(0, c));
    }
    act(&mut app, EditAction::Pick(1, 1));
    act(&mut app, EditAction::Pick(0, 2));
    act(&mut app, EditAction::Paint(0, 0));
    let d = editor(&app).draft;
    let Some(FloodDraft { cells, .. }) = d.part() else {
        panic!("a Flood draft")
    };
    assert!(cells[..8].iter().all(|&c| c == 2), "{cells:?}");
    let v = verdict(&mut app);
    let best = v.solution().expect("a Flood board is won").len();
    assert_eq!(best, shortest(&d.check().unwrap().puzzle));
    // A limit raised from none starts at the easiest grade's (it went to
    // 1, and the level was lost at the first press).
    assert_eq!(d.dimensions()[3], ("move limit", 0), "a new level has none");
    act(&mut app, EditAction::Step(3, 1));
    let easiest = v.limits.expect("the grades' limits")[0];
    assert_eq!(editor(&app).draft.dimensions()[3].1, easiest);
    let v = verdict(&mut app);
    assert!(matches!(v.answer, Answer::Won { .. }), "{:?}", v.answer);
    // Taking the limit of a grade sets it; under the optimum it is lost.
    act(&mut app, EditAction::Limit(4));
    assert_eq!(editor(&app).draft.dimensions()[3].1, best as u32);
    let v = verdict(&mut app);
    assert_eq!(v.grade.as_deref(), Some("fiendish"));
    act(&mut app, EditAction::Step(3, -1));
    let v = verdict(&mut app);
    assert!(matches!(v.answer, Answer::Lost { .. }), "{:?}", v.answer);
    // Undo and redo walk the history.
    act(&mut app, EditAction::Undo);
    assert_eq!(editor(&app).draft.dimensions()[3].1, best as u32);
    act(&mut app, EditAction::Redo);
    assert_eq!(editor(&app).draft.dimensions()[3].1, best as u32 - 1);
}

#[test]
fn an_edit_during_a_verdict_never_shows_the_old_one() {
    let mut app = editing("flood.ron", 1, temp_data_dir());
    act(&mut app, EditAction::New(PuzzleKind::Flood, false));
    // A big board, which the solvers think about for a while.
    for _ in 0..3 {
        act(&mut app, EditAction::Step(0, 6));
        act(&mut app, EditAction::Step(1, 6));
    }
    act(&mut app, EditAction::Step(2, 3));
    // Seven colours at random over 26x26: seconds of exact search.
    act(
        &mut app,
        EditAction::Setting(pond_puzzles::levels::edit::Setting::Shuffle),
    );
    assert!(app.world().resource::<EditVerdict>().pending());
    // Then smaller ones at once, each cancelling the one before: whatever
    // shows at any frame is the verdict of the board shown then.
    for _ in 0..3 {
        act(&mut app, EditAction::Step(0, -6));
        act(&mut app, EditAction::Step(1, -6));
        let v = app.world().resource::<EditVerdict>();
        if let Some(shown) = v.shown.clone() {
            let now = editor(&app).draft.check().unwrap().puzzle;
            assert_eq!(shown.solution().unwrap().len(), shortest(&now));
        }
    }
    let small = editor(&app).draft.check().unwrap().puzzle;
    let v = verdict(&mut app);
    assert_eq!(v.solution().unwrap().len(), shortest(&small));
}

#[test]
fn a_level_with_a_mistake_is_neither_saved_nor_played_and_says_why() {
    let dir = temp_data_dir();
    let mut app = editing("hop.ron", 1, dir.clone());
    act(&mut app, EditAction::New(PuzzleKind::Hop, false));
    // Every frog taken off the pond.
    act(&mut app, EditAction::Pick(0, 2));
    let cells: Vec<(usize, usize)> = {
        let draft = editor(&app).draft;
        let Some(HopDraft { grid, .. }) = draft.part() else {
            panic!()
        };
        grid.iter()
            .enumerate()
            .flat_map(|(r, row)| {
                row.iter()
                    .enumerate()
                    .filter(|(_, c)| **c == 'g' || **c == 'r')
                    .map(move |(c, _)| (r, c))
            })
            .collect()
    };
    for (r, c) in cells {
        act(&mut app, EditAction::Paint(r, c));
    }
    app.update();
    let mistake = app.world().resource::<EditVerdict>().mistake.clone();
    let mistake = mistake.expect("a pond with no frog is not a level");
    assert!(mistake.message.contains("no frogs"), "{mistake:?}");
    assert!(texts(&mut app).iter().any(|t| t == "Not a level yet:"));
    act(&mut app, EditAction::Save);
    assert!(!dir.join("packs").join("my-levels.ron").exists());
    act(&mut app, EditAction::Play);
    app.update();
    assert_eq!(screen(&app), Screen::Edit, "it cannot be played");
    let notice = editor(&app).notice.expect("told why");
    assert!(notice.0.contains("no frogs") && notice.1, "{notice:?}");
    // Back asks first, and does not offer the Save it greys: it says what
    // to mend ("Save keeps it" was said with Save greyed).
    act(&mut app, EditAction::Back);
    app.update();
    assert_eq!(screen(&app), Screen::Edit, "Back asks first");
    let notice = editor(&app).notice.expect("Back says why it stayed");
    assert!(notice.0.starts_with("Not saved: Back again"), "{notice:?}");
    assert!(!notice.0.contains("Save keeps it"), "{notice:?}");
    assert!(notice.0.contains("no frogs"), "{notice:?}");
    // Undo brings a frog back: a level again.
    act(&mut app, EditAction::Undo);
    app.update();
    assert!(app.world().resource::<EditVerdict>().mistake.is_none());
}

#[test]
fn play_it_and_esc_come_back_to_the_board_as_it_was() {
    let mut app = editing("swap.ron", 2, temp_data_dir());
    act(&mut app, EditAction::Step(0, 1));
    act(&mut app, EditAction::Pick(0, 1));
    act(&mut app, EditAction::Paint(0, 5));
    let before = editor(&app);
    act(&mut app, EditAction::Play);
    until_screen(&mut app, Screen::Play);
    assert_eq!(
        puzzle(&app),
        before.draft.check().unwrap().puzzle,
        "the level played is the one drawn"
    );
    press(&mut app, KeyCode::Escape);
    until_screen(&mut app, Screen::Edit);
    settle(&mut app);
    let after = editor(&app);
    assert_eq!(after.draft, before.draft);
    assert_eq!(after.history(), before.history(), "its history kept");
    // "Show me" plays the solution there.
    verdict(&mut app);
    act(&mut app, EditAction::ShowMe);
    until_screen(&mut app, Screen::Play);
    for _ in 0..3000 {
        app.update();
        if puzzle(&app).is_won() {
            break;
        }
    }
    assert!(puzzle(&app).is_won(), "the solution is played to the win");
    let title = app.world().resource::<Packs>();
    assert!(
        title.listed().all(|(_, e)| e.file != game::packs::EDITED),
        "the level played from the editor is not a pack of the title"
    );
}

#[test]
fn a_drag_paints_every_cell_it_passes_as_one_step() {
    let mut app = editing("flood.ron", 1, temp_data_dir());
    act(&mut app, EditAction::New(PuzzleKind::Flood, false));
    let start = editor(&app);
    act(&mut app, EditAction::Pick(0, 3));
    act(&mut app, EditAction::Paint(3, 0));
    for c in 1..8 {
        act(&mut app, EditAction::Drag(3, c));
    }
    let draft = editor(&app).draft;
    let Some(FloodDraft { cells, width, .. }) = draft.part() else {
        panic!()
    };
    let w = *width as usize;
    assert!(cells[3 * w..4 * w].iter().all(|&c| c == 3));
    act(&mut app, EditAction::Undo);
    assert_eq!(
        editor(&app).draft,
        start.draft,
        "one undo takes the drag back"
    );
}

/// The editor in a window of `size`, laid out.
fn editing_in_window(pack: &str, level: usize, size: UVec2) -> App {
    let mut app = app_in_window(
        game::GameOptions {
            data_dir: Some(temp_data_dir()),
            pack: Some(pack.into()),
            level: Some(level),
            edit: true,
            ..Default::default()
        },
        Some(size),
    );
    until_screen(&mut app, Screen::Edit);
    verdict(&mut app);
    settle(&mut app);
    app
}

/// Where the editor's cell shows on the window (its place on the board,
/// under the board's root, through the camera).
fn on_window(app: &mut App, cell: (usize, usize)) -> Vec2 {
    let drawn = editor(app).draft.drawn();
    let (_, at) = game::puzzles::edit_spots(&drawn)
        .into_iter()
        .find(|(c, _)| *c == cell)
        .expect("the cell is on the board");
    let world = app.world_mut();
    let mut roots = world.query_filtered::<&GlobalTransform, With<game::board::BoardRoot>>();
    let at = roots
        .single(world)
        .expect("one board")
        .transform_point(at.extend(0.0));
    let mut cameras = world.query::<(&Camera, &GlobalTransform)>();
    let (camera, eye) = cameras.single(world).expect("one camera");
    camera.world_to_viewport(eye, at).expect("in view")
}

fn drawn_rect(app: &mut App, size: Vec2) -> Rect {
    let extent = game::puzzles::extent(&editor(app).draft.drawn());
    window::board_rect_of(app, size, extent)
}

/// Where the editor's button that asks `action` stands across the window.
fn button_x(app: &mut App, action: EditAction) -> f32 {
    let mut q = app
        .world_mut()
        .query::<(&EditAction, &bevy::ui::UiGlobalTransform, &ComputedNode)>();
    q.iter(app.world())
        .find(|(a, ..)| **a == action)
        .map(|(_, at, n)| at.translation.x * n.inverse_scale_factor())
        .expect("the ringed button is shown")
}

/// A level drawn in the editor is shared by a code that carries its board:
/// the code plays the same level, and E edits a copy of it again.
#[test]
fn a_board_code_carries_the_level_and_its_level_can_be_edited() {
    use pond_puzzles::levels::code::LevelCode;
    let mut app = editing("escape.ron", 12, temp_data_dir());
    act(&mut app, EditAction::Pick(0, 2));
    act(&mut app, EditAction::Paint(1, 1));
    act(&mut app, EditAction::CopyCode);
    let draft = editor(&app).draft;
    let code = editor(&app).last_code.expect("a code");
    assert!(code.starts_with("BE-"), "the whole board: {code}");
    let notice = editor(&app).notice.expect("told");
    assert!(
        notice.0.contains("copied") || notice.0.contains("the code is"),
        "{notice:?}"
    );
    // On the title, the code plays the level drawn (the edit is not
    // saved: Back asks once).
    act(&mut app, EditAction::Back);
    act(&mut app, EditAction::Back);
    until_screen(&mut app, Screen::Title);
    let parsed = LevelCode::parse(&code).expect("the code parses");
    app.world_mut().write_message(game::codes::PlayCode(parsed));
    until_screen(&mut app, Screen::Play);
    assert_eq!(puzzle(&app), draft.check().unwrap().puzzle);
    // E: the editor, on a copy of the level opened from the code.
    press(&mut app, KeyCode::KeyE);
    until_screen(&mut app, Screen::Edit);
    assert_eq!(editor(&app).draft.board, draft.board);
}

/// "Make it harder" proposes a board one grade up, shown on the board with
/// its changes; taking it is one step of the history, an edit drops it.
#[test]
fn a_harder_board_is_proposed_shown_and_taken_or_left() {
    use pond_puzzles::game::editor::Tuning;
    use pond_puzzles::levels::tune::grade_index;
    let mut app = editing("hop.ron", 1, temp_data_dir());
    let before = verdict(&mut app);
    let g = grade_index(&before).expect("graded");
    act(&mut app, EditAction::Tune(true));
    let mut found = None;
    for _ in 0..5000 {
        app.update();
        if let Some(f) = app.world().resource::<Tuning>().found.clone() {
            found = Some(f);
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let proposal = found.expect("the search ends").expect("a harder pond");
    assert_eq!(grade_index(&proposal.verdict), Some(g + 1));
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.starts_with("A harder board"))
    );
    let draft = editor(&app).draft;
    // While it waits, what acts on the level waits too (Play it played the
    // board under the one shown): greyed, and Enter's play says why.
    let greyed: Vec<EditAction> = app
        .world_mut()
        .query_filtered::<&EditAction, With<bevy::ui::InteractionDisabled>>()
        .iter(app.world())
        .copied()
        .collect();
    for action in [EditAction::Play, EditAction::Save, EditAction::CopyCode] {
        assert!(greyed.contains(&action), "{action:?} is not greyed");
    }
    act(&mut app, EditAction::Play);
    assert_eq!(screen(&app), Screen::Edit, "nothing played");
    let notice = editor(&app).notice.expect("why Play waits");
    assert!(
        notice.0.starts_with("First Take it or Keep mine"),
        "{notice:?}"
    );
    act(&mut app, EditAction::TakeProposal);
    assert_eq!(editor(&app).draft, proposal.draft);
    let v = verdict(&mut app);
    assert_eq!(
        v.grade, proposal.verdict.grade,
        "its verdict is the board's"
    );
    act(&mut app, EditAction::Undo);
    assert_eq!(editor(&app).draft, draft, "one undo takes it back");
    // Asked again, then an edit: the proposal is dropped, never taken.
    act(&mut app, EditAction::Tune(true));
    act(&mut app, EditAction::Pick(0, 0));
    act(&mut app, EditAction::Paint(4, 4));
    for _ in 0..200 {
        app.update();
    }
    assert!(app.world().resource::<Tuning>().found.is_none());
}

/// The arrows ring a cell and Enter puts the brush there; Esc hides the
/// ring, and then Enter plays.
#[test]
fn arrows_and_enter_draw_like_a_click() {
    let mut app = editing("flood.ron", 1, temp_data_dir());
    act(&mut app, EditAction::New(PuzzleKind::Flood, false));
    act(&mut app, EditAction::Pick(0, 3));
    press(&mut app, KeyCode::ArrowRight);
    let first = editor(&app).cursor.expect("a ringed cell");
    press(&mut app, KeyCode::ArrowRight);
    press(&mut app, KeyCode::ArrowDown);
    let (r, c) = editor(&app).cursor.unwrap();
    assert_eq!((r, c), (first.0 + 1, first.1 + 1), "from {first:?}");
    press(&mut app, KeyCode::Enter);
    let draft = editor(&app).draft;
    let Some(FloodDraft { cells, width, .. }) = draft.part() else {
        panic!()
    };
    assert_eq!(cells[r * *width as usize + c], 3);
    assert_eq!(screen(&app), Screen::Edit, "Enter drew, it did not play");
    press(&mut app, KeyCode::Escape);
    assert_eq!(editor(&app).cursor, None);
    assert_eq!(screen(&app), Screen::Edit);
    press(&mut app, KeyCode::Enter);
    until_screen(&mut app, Screen::Play);
}

/// Swap's goal is drawn under the row: a click there paints the goal (a
/// goal of the wrong frogs is a mistake, ringed at its cell), and the
/// option brings the mirror back.
#[test]
fn swaps_goal_is_drawn_under_the_row() {
    use pond_puzzles::levels::edit::Setting;
    let mut app = editing("swap.ron", 5, temp_data_dir());
    // The arrows reach the goal's band.
    press(&mut app, KeyCode::ArrowRight);
    press(&mut app, KeyCode::ArrowDown);
    assert_eq!(editor(&app).cursor.map(|c| c.0), Some(1), "the goal's row");
    // A yellow frog where the mirror has a blue one.
    act(&mut app, EditAction::Pick(0, 0));
    act(&mut app, EditAction::Paint(1, 0));
    let draft = editor(&app).draft;
    let Some(SwapDraft { goal, .. }) = draft.part() else {
        panic!()
    };
    assert!(goal.is_some(), "painting the goal draws it");
    app.update();
    let mistake = app.world().resource::<EditVerdict>().mistake.clone();
    let mistake = mistake.expect("a goal of other frogs is a mistake");
    assert!(mistake.message.contains("the goal has"), "{mistake:?}");
    act(&mut app, EditAction::Setting(Setting::DrawnGoal));
    let draft = editor(&app).draft;
    let Some(SwapDraft { goal, .. }) = draft.part() else {
        panic!()
    };
    assert!(goal.is_none(), "mirrored again");
    verdict(&mut app);
}

/// A click in the window on the goal's band paints the goal there, even a
/// click pressed and let go within one frame.
#[test]
fn a_click_on_swaps_goal_band_paints_the_goal() {
    use bevy::input::mouse::MouseButtonInput;
    let size = UVec2::new(1280, 720);
    let mut app = editing_in_window("swap.ron", 5, size);
    act(&mut app, EditAction::Pick(0, 0));
    let on_window = on_window(&mut app, (1, 0));
    let world = app.world_mut();
    let mut windows =
        world.query_filtered::<(Entity, &mut Window), With<bevy::window::PrimaryWindow>>();
    let (window, mut w) = windows.single_mut(world).unwrap();
    w.set_cursor_position(Some(on_window));
    // Pressed and let go within one frame, as a quick click often is.
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(MouseButtonInput {
            button: MouseButton::Left,
            state,
            window,
        });
    }
    app.update();
    let draft = editor(&app).draft;
    let Some(SwapDraft { goal, .. }) = draft.part() else {
        panic!()
    };
    assert_eq!(
        goal.as_ref().map(|g| g[0]),
        Some(pond_puzzles::rules::swap::Cell::L),
        "clicked at {on_window}"
    );
}

/// On a full peg board the answer (can be won, in how many moves) shows as
/// soon as it is found, with a line that says the rest is being counted;
/// the ways and grades follow, for the same board.
#[test]
fn the_answer_shows_first_and_the_ways_and_grades_follow() {
    let mut app = editing("pegs.ron", 8, temp_data_dir());
    let mut first = None;
    for _ in 0..20_000 {
        app.update();
        let v = app.world().resource::<EditVerdict>();
        if let Some(shown) = &v.shown {
            first = Some(shown.clone());
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let first = first.expect("an answer");
    assert!(!first.graded, "the answer shows before the count");
    assert!(matches!(first.answer, Answer::Won { .. }));
    assert!(first.ways.is_none() && first.grade.is_none());
    assert!(
        first
            .words()
            .contains(&"Counting the ways and the grade...".to_string())
    );
    assert!(app.world().resource::<EditVerdict>().pending());
    let whole = verdict(&mut app);
    assert_eq!(whole.answer, first.answer);
    assert_eq!(whole.grade.as_deref(), Some("fiendish"));
    assert!(whole.ways.is_some_and(|(n, _)| n >= 1_000_000_000));
    assert!(!app.world().resource::<EditVerdict>().pending());
}
