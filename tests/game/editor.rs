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
            words.iter().any(|t| t.starts_with("The same as level")),
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
fn a_level_is_saved_into_the_players_pack_and_listed_at_the_next_start() {
    let dir = temp_data_dir();
    let mut app = editing("escape.ron", 3, dir.clone());
    act(&mut app, EditAction::Pick(1, 2));
    act(&mut app, EditAction::Paint(0, 0));
    let draft = editor(&app).draft;
    act(&mut app, EditAction::Save);
    let file = dir.join("packs").join("my-levels.ron");
    let pack = pond_puzzles::levels::load_file(&file).expect("the saved pack loads");
    assert_eq!(pack.levels.len(), 1);
    assert_eq!(pack.levels[0].puzzle, draft.check().unwrap().puzzle);
    let notice = editor(&app).notice.expect("the save is told");
    assert!(notice.0.starts_with("Saved as level 1"), "{notice:?}");
    // Saved again, the level goes back in its place.
    act(&mut app, EditAction::Paint(0, 1));
    act(&mut app, EditAction::Save);
    let pack = pond_puzzles::levels::load_file(&file).unwrap();
    assert_eq!(pack.levels.len(), 1, "in its place, not added");
    drop(app);
    // The next start lists it beside the shipped packs.
    let mut again = app_with(game::GameOptions {
        data_dir: Some(dir),
        ..Default::default()
    });
    settle(&mut again);
    let packs = again.world().resource::<Packs>();
    let own = packs
        .listed()
        .find(|(_, e)| e.own_file())
        .expect("the player's pack is listed");
    assert_eq!(own.1.pack.as_ref().unwrap().name, "My levels");
}

/// Levels played from the editor keep their results apart: each win is
/// recorded for the level won (a win of the level before it goes with that
/// level, here to the shipped pack it was copied from, and its shortest is
/// never shown for another), and a level saved in the player's pack is won
/// there too ("My levels" counts it), whether it was won before or after
/// the save.
#[test]
fn levels_played_from_the_editor_keep_their_own_results() {
    use game::packs::EDITED;
    use game::progress::Progress;
    let dir = temp_data_dir();
    let mut app = editing("swap.ron", 3, dir.clone());
    verdict(&mut app);
    act(&mut app, EditAction::Save);
    let own = dir.join("packs").join("my-levels.ron");
    let saved = pond_puzzles::levels::load_file(&own).expect("saved into My levels");
    assert_eq!(
        saved.levels[0].grade.as_deref(),
        Some("first steps"),
        "saved with its grade, as the shipped pack grades it"
    );
    // Won by its shortest solution, through the moves a click makes.
    let win = |app: &mut App| -> usize {
        act(app, EditAction::Play);
        until_screen(app, Screen::Play);
        let start = puzzle(app);
        let report = solve::solve(&start, Budget::unlimited(), None, false);
        let moves = report.outcome.moves().unwrap().to_vec();
        for mv in &moves {
            app.world_mut().write_message(MoveRequested::player(*mv));
            settle(app);
        }
        assert!(puzzle(app).is_won());
        // The shortest is looked up in the background.
        for _ in 0..3000 {
            app.update();
            let p = app.world().resource::<Progress>();
            if p.file.record(EDITED, 0).and_then(|r| r.shortest).is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        moves.len()
    };
    let swap = win(&mut app);
    let progress = &app.world().resource::<Progress>().file;
    let record = *progress.record(EDITED, 0).expect("the win is kept");
    assert_eq!((record.best, record.shortest), (swap, Some(swap)));
    let mine: Vec<_> = progress
        .levels
        .iter()
        .filter(|(f, _)| f.as_str() != EDITED)
        .filter(|(f, _)| f.contains("my-levels"))
        .collect();
    assert_eq!(
        mine.len(),
        1,
        "My levels has the win: {:?}",
        progress.levels
    );
    let saved = mine[0].1.get(&1).expect("its level 1");
    assert_eq!((saved.best, saved.shortest), (swap, Some(swap)));
    // Back to the editor: a Flood level, unsaved, won.
    press(&mut app, KeyCode::Escape);
    until_screen(&mut app, Screen::Edit);
    act(&mut app, EditAction::New(PuzzleKind::Flood, false));
    verdict(&mut app);
    let flood = win(&mut app);
    assert_ne!(flood, swap, "two levels of different lengths");
    let progress = &app.world().resource::<Progress>().file;
    let record = progress.record(EDITED, 0).expect("the win is kept");
    assert_eq!(
        (record.best, record.shortest),
        (flood, Some(flood)),
        "the Flood level's own record, not the Swap level's shortest"
    );
    assert!(
        progress.clone().in_range().is_none(),
        "nothing out of range"
    );
    // The Swap level's win is not lost: it went with its level, which is
    // also the shipped pack's level 3.
    let kept = progress.record("swap.ron", 2).expect("kept with its level");
    assert_eq!(kept.best, swap);
    // Saved after its win, the Flood level is won in My levels too (its
    // level 2), as the title's count of My levels says.
    press(&mut app, KeyCode::Escape);
    until_screen(&mut app, Screen::Edit);
    act(&mut app, EditAction::Save);
    let mut won_there = None;
    for _ in 0..3000 {
        app.update();
        let progress = &app.world().resource::<Progress>().file;
        won_there = progress
            .levels
            .iter()
            .find(|(f, _)| f.contains("my-levels"))
            .and_then(|(_, records)| records.get(&2).copied());
        if won_there.is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let won_there = won_there.expect("the win before the save is in My levels");
    assert_eq!(won_there.best, flood);
}

/// `pond edit` on a level of a pack in the player's `packs/` folder: the
/// pack is listed once, as the player's, and Save puts the level back in
/// its place, the author's comments kept.
#[test]
fn a_level_of_the_players_pack_named_on_the_command_line_is_saved_back_in_place() {
    let dir = temp_data_dir();
    std::fs::create_dir_all(dir.join("packs")).unwrap();
    let file = dir.join("packs").join("hand.ron");
    let hand = "// Mine.\nPack(name: \"Hand\", levels: [\n    Swap(name: \"One\", row: \"L_R\"), // first\n    Swap(name: \"Two\", row: \"LL_RR\"),\n])\n";
    std::fs::write(&file, hand).unwrap();
    let mut app = editing(&file.display().to_string(), 2, dir.clone());
    let listed = app
        .world()
        .resource::<Packs>()
        .0
        .iter()
        .filter(|e| e.pack.as_ref().is_ok_and(|p| p.name == "Hand"))
        .map(|e| e.own_file())
        .collect::<Vec<_>>();
    assert_eq!(listed, [true], "listed once, as the player's");
    act(&mut app, EditAction::Pick(0, 0));
    act(&mut app, EditAction::Paint(0, 2));
    act(&mut app, EditAction::Save);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("// Mine.\n"), "{text}");
    assert!(
        text.contains("Swap(name: \"One\", row: \"L_R\"), // first"),
        "{text}"
    );
    assert!(
        text.contains("Swap(name: \"Two\", row: \"LLLRR\")"),
        "{text}"
    );
    assert!(!dir.join("packs").join("my-levels.ron").exists());
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

/// In every window from 800x600 up, the board stays whole between the
/// panels, and no panel or button covers it.
#[test]
fn the_editors_panels_keep_clear_of_the_board_in_every_window() {
    let mut faults = Vec::new();
    for size in [
        UVec2::new(800, 600),
        UVec2::new(1280, 720),
        UVec2::new(1920, 1080),
    ] {
        for (pack, level) in [
            ("swap.ron", 16),
            ("pegs.ron", 8),
            ("flood.ron", 30),
            ("escape.ron", 70),
        ] {
            let mut app = editing_in_window(pack, level, size);
            let s = size.as_vec2();
            let board = drawn_rect(&mut app, s);
            if board.intersect(Rect::from_corners(Vec2::ZERO, s)) != board {
                faults.push(format!(
                    "{size} {pack}: the board {board:?} leaves the window"
                ));
            }
            for n in window::laid_out(&mut app) {
                if n.solid && n.rect.width() < s.x * 0.9 && window::overlap(n.rect, board) {
                    faults.push(format!(
                        "{size} {pack}: {} covers the board",
                        window::what(&n)
                    ));
                }
            }
            // Saved (its notice said): every button still in the window,
            // and the keys' line clear of the panels.
            act(&mut app, EditAction::Save);
            for _ in 0..3 {
                app.update();
            }
            let nodes = window::laid_out(&mut app);
            // The panels are there, one each side of the board, with the
            // buttons and the save's notice in them: a screen that laid
            // out nothing would pass every check below.
            let panels: Vec<Rect> = nodes
                .iter()
                .filter(|n| n.solid && !n.button && n.rect.width() < s.x * 0.9)
                .map(|n| n.rect)
                .collect();
            for (side, beside) in [
                ("left", panels.iter().any(|r| r.max.x <= board.min.x + 1.0)),
                ("right", panels.iter().any(|r| r.min.x >= board.max.x - 1.0)),
            ] {
                if !beside {
                    faults.push(format!("{size} {pack}: no panel {side} of the board"));
                }
            }
            for line in ["Play it", "Save", "Back", "Saved as level"] {
                if !nodes
                    .iter()
                    .any(|n| n.text.as_deref().is_some_and(|t| t.starts_with(line)))
                {
                    faults.push(format!("{size} {pack}: no \"{line}\" laid out"));
                }
            }
            let inside = Rect::from_corners(Vec2::ZERO, s);
            // (A button in a part that scrolls is reached by scrolling.)
            let scrolled = |mut e: Entity| loop {
                let Some(n) = nodes.iter().find(|n| n.entity == e) else {
                    return false;
                };
                if n.scrolls {
                    return true;
                }
                match n.parent {
                    Some(p) => e = p,
                    None => return false,
                }
            };
            for n in nodes.iter().filter(|n| n.button) {
                if n.rect.intersect(inside) != n.rect && !scrolled(n.entity) {
                    faults.push(format!(
                        "{size} {pack}: the button at {:?} leaves the window",
                        n.rect
                    ));
                }
            }
            let keys = nodes
                .iter()
                .find(|n| {
                    n.text
                        .as_ref()
                        .is_some_and(|t| t.starts_with("Click or drag"))
                })
                .expect("the keys' line");
            let ink = keys.ink.unwrap_or(keys.rect);
            for n in nodes.iter().filter(|n| n.solid && !n.button) {
                if n.rect.width() < s.x * 0.9 && window::overlap(n.rect, ink) {
                    faults.push(format!(
                        "{size} {pack}: the keys' line runs over {} at {:?}",
                        window::what(n),
                        n.rect
                    ));
                }
            }
        }
    }
    assert!(faults.is_empty(), "{faults:#?}");
}

/// A fast drag, from one cell to another in a single frame, paints every
/// cell between them; one undo takes the whole stroke back.
#[test]
fn a_fast_drag_in_the_window_paints_every_cell_it_passes() {
    use bevy::input::mouse::MouseButtonInput;
    let size = UVec2::new(1280, 720);
    let mut app = editing_in_window("flood.ron", 1, size);
    act(&mut app, EditAction::New(PuzzleKind::Flood, false));
    act(&mut app, EditAction::Pick(0, 3));
    settle(&mut app);
    let before = editor(&app).draft;
    let Some(&FloodDraft { width, .. }) = before.part() else {
        panic!()
    };
    let w = width as usize;
    let (first, last) = (on_window(&mut app, (2, 0)), on_window(&mut app, (2, w - 1)));
    let world = app.world_mut();
    let mut windows =
        world.query_filtered::<(Entity, &mut Window), With<bevy::window::PrimaryWindow>>();
    let (window, mut win) = windows.single_mut(world).expect("a window");
    win.set_cursor_position(Some(first));
    app.world_mut().write_message(MouseButtonInput {
        button: MouseButton::Left,
        state: ButtonState::Pressed,
        window,
    });
    app.update();
    let world = app.world_mut();
    let mut windows = world.query_filtered::<&mut Window, With<bevy::window::PrimaryWindow>>();
    windows
        .single_mut(world)
        .unwrap()
        .set_cursor_position(Some(last));
    app.update();
    app.world_mut().write_message(MouseButtonInput {
        button: MouseButton::Left,
        state: ButtonState::Released,
        window,
    });
    app.update();
    let draft = editor(&app).draft;
    let Some(FloodDraft { cells, .. }) = draft.part() else {
        panic!()
    };
    assert!(
        cells[2 * w..3 * w].iter().all(|&c| c == 3),
        "row 3 painted whole: {:?}",
        &cells[2 * w..3 * w]
    );
    act(&mut app, EditAction::Undo);
    assert_eq!(editor(&app).draft, before, "one undo takes the stroke back");
}

/// F2 (or a click) puts the keys in the name's field; Enter leaves it
/// without playing the level, and the name is saved with the level.
#[test]
fn the_level_is_named_in_its_field_and_saved_with_its_name() {
    // In a window: the field's text is laid out, which its editing keys
    // need.
    let mut app = editing_in_window("swap.ron", 1, UVec2::new(1280, 720));
    let dir = app
        .world()
        .resource::<game::GameOptions>()
        .data_dir
        .clone()
        .unwrap();
    act(&mut app, EditAction::New(PuzzleKind::Swap, false));
    let generation = editor(&app).generation;
    // F2 puts the keys in the field (in a real window it also selects the
    // whole name, so what is typed replaces it: selecting needs the text's
    // glyphs laid out, which a headless game has not, so here the typing
    // is added at the end).
    press(&mut app, KeyCode::F2);
    type_text(&mut app, "Frogs at dawn");
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(
        screen(&app),
        Screen::Edit,
        "Enter left the field, nothing more"
    );
    let name = editor(&app).draft.name;
    assert!(name.ends_with("Frogs at dawn"), "{name}");
    assert_eq!(editor(&app).generation, generation, "the board is the same");
    // Out of the field, Enter plays the level again.
    act(&mut app, EditAction::Save);
    let pack = pond_puzzles::levels::load_file(&dir.join("packs").join("my-levels.ron")).unwrap();
    assert_eq!(pack.levels[0].name, name);
    press(&mut app, KeyCode::Enter);
    until_screen(&mut app, Screen::Play);
}

/// Tab leaves the name's field as a form's would: the name typed is kept,
/// and the ring goes to the first button, where Enter presses it.
#[test]
fn tab_leaves_a_field_for_the_buttons() {
    let mut app = editing_in_window("swap.ron", 1, UVec2::new(1280, 720));
    act(&mut app, EditAction::New(PuzzleKind::Swap, false));
    let ring = |app: &App| app.world().resource::<game::editor::ButtonFocus>().0;
    press(&mut app, KeyCode::F2);
    assert!(editor(&app).typing, "F2 put the keys in the field");
    type_text(&mut app, "Reeds");
    press(&mut app, KeyCode::Tab);
    app.update();
    assert!(!editor(&app).typing, "Tab left the field");
    assert!(
        editor(&app).draft.name.ends_with("Reeds"),
        "the name is kept"
    );
    // The ring goes on from the field, between the panels, to the right
    // panel's first button (not back to the left panel's first).
    let ringed = ring(&app).expect("Tab rang a button");
    let x = button_x(&mut app, ringed);
    assert!(x > 640.0, "{ringed:?} at x {x}: the right panel's");
    // Shift+Tab from the field rings the left panel's last button.
    press(&mut app, KeyCode::F2);
    key_state(&mut app, KeyCode::ShiftLeft, ButtonState::Pressed);
    press(&mut app, KeyCode::Tab);
    key_state(&mut app, KeyCode::ShiftLeft, ButtonState::Released);
    app.update();
    let ringed = ring(&app).expect("Shift+Tab rang a button");
    let x = button_x(&mut app, ringed);
    assert!(x < 640.0, "{ringed:?} at x {x}: the left panel's");
    // A field that takes the keys takes the ring away: one focus.
    press(&mut app, KeyCode::F2);
    app.update();
    assert!(editor(&app).typing);
    assert_eq!(ring(&app), None, "one focus at a time");
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

/// A field that has the keys shows a caret, light on the dark field, on
/// every frame (a frame is drawn only when something changes, so a caret
/// must not blink).
#[test]
fn a_field_shows_a_steady_caret_that_can_be_seen() {
    use bevy::text::{TextCursorStyle, TextLayoutInfo};
    let mut app = editing_in_window("swap.ron", 1, UVec2::new(1280, 720));
    press(&mut app, KeyCode::F2);
    let mut q = app.world_mut().query_filtered::<(
        &TextLayoutInfo,
        &TextCursorStyle,
        &BackgroundColor,
    ), With<game::editor::NameField>>();
    for frame in 0..60 {
        app.update();
        let (info, style, back) = q.single(app.world()).expect("the name's field");
        let (shown, rect) = info.cursor.expect("the focused field has a caret");
        assert!(shown, "the caret is hidden at frame {frame}");
        assert!(rect.width() >= 1.0, "{rect:?}");
        let (caret, field) = (style.color.luminance(), back.0.luminance());
        assert!(caret - field > 0.4, "caret {caret} on field {field}");
    }
}

/// A new level is a step of the history, and says so: Undo brings the
/// level before it back.
#[test]
fn a_new_level_says_undo_brings_the_last_one_back() {
    let mut app = editing("swap.ron", 1, temp_data_dir());
    let before = editor(&app).draft;
    act(&mut app, EditAction::New(PuzzleKind::Flood, false));
    let notice = editor(&app).notice.expect("told");
    assert!(notice.0.contains("Undo (Ctrl+Z)"), "{notice:?}");
    act(&mut app, EditAction::Undo);
    assert_eq!(editor(&app).draft, before, "the level before it");
}

/// Ctrl+Z in a field puts back what the field held when it took the keys,
/// and the keys stay in the field.
#[test]
fn ctrl_z_in_a_field_puts_its_text_back() {
    let mut app = editing_in_window("swap.ron", 1, UVec2::new(1280, 720));
    act(&mut app, EditAction::New(PuzzleKind::Swap, false));
    let name = editor(&app).draft.name;
    press(&mut app, KeyCode::F2);
    type_text(&mut app, "Reeds");
    assert_ne!(editor(&app).draft.name, name, "typed");
    key_state(&mut app, KeyCode::ControlLeft, ButtonState::Pressed);
    press(&mut app, KeyCode::KeyZ);
    key_state(&mut app, KeyCode::ControlLeft, ButtonState::Released);
    app.update();
    assert!(editor(&app).typing, "the keys are still the field's");
    assert_eq!(editor(&app).draft.name, name, "the name as it was");
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

/// A Swap level's row typed in its field (F3): Enter takes it as one step of
/// the history, a wrong letter is refused with the pad it concerns and the
/// text kept to mend, and Esc puts back the row drawn.
#[test]
fn a_swap_row_typed_in_its_field_is_an_edit_and_a_wrong_one_is_refused() {
    use bevy::input_focus::InputFocus;
    use bevy::text::EditableText;
    use pond_puzzles::game::editor::RowField;
    let row = |app: &App| match editor(app).draft.part::<SwapDraft>() {
        Some(SwapDraft { cells, .. }) => pond_puzzles::rules::swap::row_text(cells),
        None => panic!("a Swap draft"),
    };
    let field = |app: &mut App| -> (Entity, String) {
        let (e, t) = app
            .world_mut()
            .query_filtered::<(Entity, &EditableText), With<RowField>>()
            .single(app.world())
            .expect("one row field");
        (e, t.value().to_string())
    };
    let mut app = editing("swap.ron", 1, temp_data_dir());
    settle(&mut app);
    let drawn = row(&app);
    let (entity, shown) = field(&mut app);
    assert_eq!(shown, drawn, "the field shows the row drawn");
    press(&mut app, KeyCode::F3);
    app.update();
    assert_eq!(app.world().resource::<InputFocus>().get(), Some(entity));
    // The window selects the whole row on focus, so typing replaces it;
    // headless there is no text layout to select in: the field is emptied.
    let clear = |app: &mut App| {
        *app.world_mut().get_mut::<EditableText>(entity).unwrap() = EditableText::new("");
    };
    clear(&mut app);
    type_text(&mut app, "lll_rrr");
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(row(&app), "LLL_RRR");
    assert_eq!(app.world().resource::<InputFocus>().get(), None);
    assert_eq!(field(&mut app).1, "LLL_RRR");
    act(&mut app, EditAction::Undo);
    app.update();
    assert_eq!(row(&app), drawn, "one step of the history");
    // A wrong letter: refused, said, kept in the field.
    press(&mut app, KeyCode::F3);
    app.update();
    clear(&mut app);
    type_text(&mut app, "LLX_R");
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(row(&app), drawn);
    let notice = editor(&app).notice.expect("the refusal is said").0;
    assert!(notice.contains("pad 3 is `X`"), "{notice}");
    assert_eq!(field(&mut app).1, "LLX_R", "kept to mend");
    press(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(field(&mut app).1, drawn, "Esc puts back the row drawn");
    assert_eq!(
        screen(&app),
        Screen::Edit,
        "Esc left the field, not the editor"
    );
}

/// A field shows the text it holds: when an edit of the board (or an
/// undo, a new level) changes the row, the field keeps the font and the
/// layout the game gave it and only its text changes; the caret goes to
/// the end, so typing after F3 and Enter gives the row typed. (A field
/// replaced whole held the new row but drew nothing: no font was set on
/// it, and what was typed went after the hidden row.)
#[test]
fn a_field_changed_by_an_edit_shows_its_text_in_the_fields_font() {
    use bevy::text::EditableText;
    use pond_puzzles::game::editor::{NameField, RowField};
    let mut app = editing("swap.ron", 1, temp_data_dir());
    settle(&mut app);
    // Headless there is no layout to give the fields their font; a mark
    // stands for it: each field's styles emptied (a field made anew has
    // one, its default size).
    fn mark<F: Component>(app: &mut App) {
        let mut q = app
            .world_mut()
            .query_filtered::<&mut EditableText, With<F>>();
        let mut t = q.single_mut(app.world_mut()).expect("one field");
        t.editor_mut().edit_styles().retain(|_| false);
    }
    fn kept<F: Component>(app: &mut App) -> (bool, String) {
        let t = app
            .world_mut()
            .query_filtered::<&EditableText, With<F>>()
            .single(app.world())
            .expect("one field");
        (
            t.editor().get_styles().inner().is_empty(),
            t.value().to_string(),
        )
    }
    mark::<RowField>(&mut app);
    mark::<NameField>(&mut app);
    // A pad painted: the row changes under the field.
    act(&mut app, EditAction::Pick(0, 0));
    act(&mut app, EditAction::Paint(0, 1));
    settle(&mut app);
    assert_eq!(
        kept::<RowField>(&mut app),
        (true, "LLR".to_string()),
        "the field kept what the game gave it, and holds the row"
    );
    act(&mut app, EditAction::New(PuzzleKind::Flood, false));
    settle(&mut app);
    let (same, name) = kept::<NameField>(&mut app);
    assert!(
        same,
        "the name's field too keeps its font after a new level"
    );
    assert_eq!(name, editor(&app).draft.name);
}

/// A Flood board dealt from a seed typed in its field (F4): Enter deals it
/// (one step of the history) and the field keeps showing that seed until the
/// next edit; a seed that is no number is refused in words, the text kept.
#[test]
fn a_flood_board_is_dealt_from_a_seed_typed_in_its_field() {
    use bevy::input_focus::InputFocus;
    use bevy::text::EditableText;
    use pond_puzzles::game::editor::SeedField;
    let mut app = editing("flood.ron", 1, temp_data_dir());
    settle(&mut app);
    let field = |app: &mut App| -> (Entity, String) {
        let (e, t) = app
            .world_mut()
            .query_filtered::<(Entity, &EditableText), With<SeedField>>()
            .single(app.world())
            .expect("one seed field");
        (e, t.value().to_string())
    };
    let (entity, shown) = field(&mut app);
    assert_eq!(shown, "", "a board drawn by hand has no seed");
    let mut want = editor(&app).draft.clone();
    assert!(want.shuffle(42));
    press(&mut app, KeyCode::F4);
    app.update();
    assert_eq!(app.world().resource::<InputFocus>().get(), Some(entity));
    type_text(&mut app, "42");
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(editor(&app).draft.board, want.board, "dealt from 42");
    assert_eq!(editor(&app).seed, Some(42));
    assert_eq!(field(&mut app).1, "42");
    act(&mut app, EditAction::Undo);
    app.update();
    assert_eq!(field(&mut app).1, "", "an edit forgets the seed");
    press(&mut app, KeyCode::F4);
    app.update();
    type_text(&mut app, "4x2");
    press(&mut app, KeyCode::Enter);
    app.update();
    let notice = editor(&app).notice.expect("the refusal is said").0;
    assert!(notice.contains("\"4x2\" is not a whole number"), "{notice}");
    assert_eq!(field(&mut app).1, "4x2", "kept to mend");
}

/// "Save" writes into the pack chosen: "My levels" at first, then another
/// pack of the player's (the level added to it), then a new pack ("My
/// levels 2"); each file loads back with the level as drawn.
#[test]
fn a_level_is_saved_into_the_pack_chosen_or_a_new_one() {
    let dir = temp_data_dir();
    std::fs::create_dir_all(dir.join("packs")).unwrap();
    let other = dir.join("packs").join("other.ron");
    std::fs::write(
        &other,
        r#"Pack(name: "Other pack", levels: [Swap(name: "Mine", row: "L_R")])"#,
    )
    .unwrap();
    let mut app = editing("swap.ron", 2, dir.clone());
    let draft = editor(&app).draft;
    let level = draft.check().unwrap().puzzle;
    act(&mut app, EditAction::Save);
    let mine = dir.join("packs").join("my-levels.ron");
    let load = |p: &std::path::Path| pond_puzzles::levels::load_file(p).expect("it loads");
    assert_eq!(load(&mine).levels.len(), 1);
    // The next pack of the player's: the level is added to it.
    act(&mut app, EditAction::SaveInto);
    let words = |app: &App| {
        let packs = app.world().resource::<Packs>();
        game::editor::save_target_words(&editor(app), packs, Some(&dir))
    };
    assert_eq!(words(&app), "Other pack (1 level)");
    act(&mut app, EditAction::Save);
    let pack = load(&other);
    assert_eq!(pack.levels.len(), 2);
    assert_eq!(pack.levels[1].puzzle, level);
    assert_eq!(load(&mine).levels.len(), 1, "My levels is left as it was");
    // A new pack.
    act(&mut app, EditAction::SaveInto);
    assert_eq!(words(&app), "a new pack");
    act(&mut app, EditAction::Save);
    let new = load(&dir.join("packs").join("my-levels-2.ron"));
    assert_eq!(new.name, "My levels 2");
    assert_eq!(new.levels.len(), 1);
    assert_eq!(new.levels[0].puzzle, level);
    let notice = editor(&app).notice.expect("the save is told");
    assert!(notice.0.contains("my-levels-2.ron"), "{notice:?}");
    // From now on Save writes there, in the level's place.
    assert_eq!(words(&app), "My levels 2 (1 level)");
    act(&mut app, EditAction::Save);
    assert_eq!(
        load(&dir.join("packs").join("my-levels-2.ron"))
            .levels
            .len(),
        1
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Tab rings the editor's buttons in reading order (Shift+Tab goes back),
/// the ring is on the button Tab chose, Enter presses it, and Esc takes the
/// ring away without leaving the editor.
#[test]
fn tab_rings_the_editors_buttons_and_enter_presses_them() {
    let mut app = editing_in_window("flood.ron", 1, UVec2::new(1280, 720));
    let focus = |app: &App| app.world().resource::<game::editor::ButtonFocus>().0;
    let ringed = |app: &mut App| {
        let world = app.world_mut();
        let mut q = world.query::<(&EditAction, Has<Outline>)>();
        q.iter(world)
            .filter(|(_, r)| *r)
            .map(|(a, _)| *a)
            .collect::<Vec<_>>()
    };
    press(&mut app, KeyCode::Tab);
    app.update();
    let first = focus(&app).expect("a ringed button");
    assert!(
        matches!(first, EditAction::New(PuzzleKind::Swap, _)),
        "the left panel's first button: {first:?}"
    );
    assert_eq!(ringed(&mut app), vec![first]);
    // Back from the first is the last: the right panel's Back.
    key_state(&mut app, KeyCode::ShiftLeft, ButtonState::Pressed);
    press(&mut app, KeyCode::Tab);
    key_state(&mut app, KeyCode::ShiftLeft, ButtonState::Released);
    assert_eq!(focus(&app), Some(EditAction::Back));
    // On to the third colour's swatch, and Enter picks it.
    let mut presses = 0;
    while focus(&app) != Some(EditAction::Pick(0, 2)) {
        press(&mut app, KeyCode::Tab);
        presses += 1;
        assert!(presses < 60, "Tab never reached the third colour");
    }
    app.update();
    assert_eq!(ringed(&mut app), vec![EditAction::Pick(0, 2)]);
    press(&mut app, KeyCode::Enter);
    assert_eq!(editor(&app).picks.first(), Some(&2));
    assert_eq!(
        screen(&app),
        Screen::Edit,
        "Enter pressed the button, not Play"
    );
    press(&mut app, KeyCode::Escape);
    assert_eq!(focus(&app), None);
    app.update();
    assert_eq!(screen(&app), Screen::Edit, "Esc took the ring away only");
    assert!(ringed(&mut app).is_empty());
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

/// Back (Esc) asks before it throws an edit away: the first press says so
/// and stays; a second leaves. A level saved, or not changed, leaves at once.
#[test]
fn back_asks_before_it_leaves_an_edit_unsaved() {
    let dir = temp_data_dir();
    let mut app = editing("escape.ron", 3, dir.clone());
    // Nothing changed: Back leaves.
    act(&mut app, EditAction::Back);
    settle(&mut app);
    assert_ne!(*app.world().resource::<State<Screen>>().get(), Screen::Edit);
    let mut app = editing("escape.ron", 3, dir.clone());
    act(&mut app, EditAction::Pick(1, 2));
    act(&mut app, EditAction::Paint(0, 0));
    assert!(editor(&app).unsaved());
    act(&mut app, EditAction::Back);
    settle(&mut app);
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Edit);
    let notice = editor(&app).notice.expect("Back says why it stayed");
    assert!(notice.0.starts_with("Not saved: Back"), "{notice:?}");
    // Another edit between asks again.
    act(&mut app, EditAction::Paint(0, 1));
    act(&mut app, EditAction::Back);
    settle(&mut app);
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Edit);
    // Saved, it leaves at once.
    act(&mut app, EditAction::Save);
    assert!(!editor(&app).unsaved());
    act(&mut app, EditAction::Back);
    settle(&mut app);
    assert_ne!(*app.world().resource::<State<Screen>>().get(), Screen::Edit);
    // Asked, a second Back leaves without saving.
    let mut app = editing("escape.ron", 3, dir.clone());
    act(&mut app, EditAction::Paint(1, 1));
    act(&mut app, EditAction::Back);
    act(&mut app, EditAction::Back);
    settle(&mut app);
    assert_ne!(*app.world().resource::<State<Screen>>().get(), Screen::Edit);
}

/// A level saved is saved again in its own place, never over another: a
/// new level, undone, saved; redone and saved, it is a second level; and
/// the first, undone to, changed and saved, goes back in its own place.
#[test]
fn undo_and_redo_never_save_one_level_over_another() {
    let dir = temp_data_dir();
    let mut app = editing("swap.ron", 2, dir.clone());
    let swap = editor(&app).draft;
    act(&mut app, EditAction::New(PuzzleKind::Flood, false));
    act(&mut app, EditAction::Undo);
    assert_eq!(editor(&app).draft, swap);
    act(&mut app, EditAction::Save);
    act(&mut app, EditAction::Redo);
    let flood = editor(&app).draft;
    act(&mut app, EditAction::Save);
    let notice = editor(&app).notice.expect("told");
    assert!(notice.0.starts_with("Saved as level 2"), "{notice:?}");
    let own = dir.join("packs").join("my-levels.ron");
    let kinds = |own: &std::path::Path| -> Vec<PuzzleKind> {
        let pack = pond_puzzles::levels::load_file(own).expect("My levels");
        pack.levels.iter().map(|l| l.puzzle.kind()).collect()
    };
    assert_eq!(kinds(&own), [PuzzleKind::Swap, PuzzleKind::Flood]);
    // Back to the Swap level, changed, and saved: in its own place.
    act(&mut app, EditAction::Undo);
    assert_eq!(editor(&app).draft, swap);
    act(&mut app, EditAction::Step(0, 1));
    act(&mut app, EditAction::Save);
    let notice = editor(&app).notice.expect("told");
    assert!(notice.0.starts_with("Saved as level 1"), "{notice:?}");
    assert_eq!(kinds(&own), [PuzzleKind::Swap, PuzzleKind::Flood]);
    let pack = pond_puzzles::levels::load_file(&own).expect("My levels");
    let flood = flood.check().expect("a level").puzzle;
    assert_eq!(pack.levels[1].puzzle, flood, "the Flood level kept");
    // A second new level of the same name takes a number.
    act(&mut app, EditAction::New(PuzzleKind::Flood, false));
    let name = editor(&app).draft.name;
    assert_eq!(pack.levels[1].name, name, "the first new Flood level's");
    act(&mut app, EditAction::Save);
    let notice = editor(&app).notice.expect("told");
    assert!(
        notice.0.contains(&format!("named \"{name} 2\"")),
        "{notice:?}"
    );
    let pack = pond_puzzles::levels::load_file(&own).expect("My levels");
    assert_eq!(pack.levels[2].name, format!("{name} 2"));
}
