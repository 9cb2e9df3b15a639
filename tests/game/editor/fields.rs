//! The editor's fields and keys: a name, a Swap row and a seed typed; the
//! caret; Tab and Ctrl+Z; the panels and a fast drag in a window.

use super::*;

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
                .find(|n| n.name.as_deref() == Some("Editor keys"))
                .expect("the keys' line");
            let ink = keys.rect;
            // Each phrase of it on one line (one broke inside "Ctrl+S
            // save"), and all of them there.
            let phrases: Vec<_> = nodes
                .iter()
                .filter(|n| n.parent == Some(keys.entity) && n.text.is_some())
                .collect();
            let drawing = phrases.iter().any(|p| {
                p.text
                    .as_ref()
                    .is_some_and(|t| t.starts_with("Click or drag"))
            });
            if phrases.len() != 9 || !drawing {
                let said: Vec<_> = phrases.iter().map(|p| p.text.clone()).collect();
                faults.push(format!("{size} {pack}: the keys' phrases: {said:?}"));
            }
            // (A phrase broken over two lines is twice as tall as one.)
            let line = phrases
                .iter()
                .map(|p| p.rect.height())
                .fold(f32::INFINITY, f32::min);
            for p in &phrases {
                if p.rect.height() > line * 1.5 || p.rect.max.x > s.x || p.rect.max.y > s.y {
                    faults.push(format!(
                        "{size} {pack}: the keys' phrase {:?} at {:?}",
                        p.text, p.rect
                    ));
                }
            }
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
    let x = tab_to_a_button(&mut app, true);
    assert!(
        x < 640.0,
        "Shift+Tab rang a button at x {x}: the left panel's"
    );
    // A field that takes the keys takes the ring away: one focus.
    press(&mut app, KeyCode::F2);
    app.update();
    assert!(editor(&app).typing);
    assert_eq!(ring(&app), None, "one focus at a time");
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
/// next edit; a letter that is no digit is refused in words as it is typed.
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
    // Redo brings the deal back with its seed (a new player saw the field
    // empty after it).
    act(&mut app, EditAction::Redo);
    app.update();
    assert_eq!(field(&mut app).1, "42", "the seed comes back with its deal");
    act(&mut app, EditAction::Undo);
    app.update();
    press(&mut app, KeyCode::F4);
    app.update();
    // A letter that is no digit is refused as it is typed, and said.
    type_text(&mut app, "4x");
    let notice = editor(&app).field_notice.expect("the refusal is said");
    assert_eq!(notice, "A seed has digits only (0 to 9).");
    assert_eq!(field(&mut app).1, "4", "the digit kept, the letter not");
    type_text(&mut app, "2");
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(editor(&app).seed, Some(42), "the digits typed deal");
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

/// The board sits between the panels as the fields do: the first arrow
/// rings the cell under the pointer, and from a ringed cell Tab goes on to
/// the right panel's first button and Shift+Tab back to the left panel's
/// last (not to the left panel's first, as if the board were not there).
#[test]
fn the_boards_cell_sits_between_the_panels() {
    let mut app = editing_in_window("flood.ron", 1, UVec2::new(1280, 720));
    let ring = |app: &App| app.world().resource::<game::editor::ButtonFocus>().0;
    let pointed = on_window(&mut app, (2, 3));
    let world = app.world_mut();
    let mut windows = world.query_filtered::<&mut Window, With<bevy::window::PrimaryWindow>>();
    windows
        .single_mut(world)
        .unwrap()
        .set_cursor_position(Some(pointed));
    press(&mut app, KeyCode::ArrowRight);
    assert_eq!(editor(&app).cursor, Some((2, 3)), "the pointer's cell");
    let x = tab_to_a_button(&mut app, false);
    assert!(x > 640.0, "Tab rang a button at x {x}: the right panel's");
    assert_eq!(editor(&app).cursor, None, "the cell gave way to the ring");
    press(&mut app, KeyCode::ArrowLeft);
    assert_eq!(
        ring(&app),
        None,
        "an arrow takes the ring back to the board"
    );
    assert_eq!(editor(&app).cursor, Some((2, 3)));
    let x = tab_to_a_button(&mut app, true);
    assert!(
        x < 640.0,
        "Shift+Tab rang a button at x {x}: the left panel's"
    );
    // From the left panel's last button, Tab comes back to the board's
    // cell, the one ringed before.
    press(&mut app, KeyCode::Tab);
    app.update();
    assert_eq!(ring(&app), None, "the board, not a button");
    assert_eq!(editor(&app).cursor, Some((2, 3)));
}

/// Tab, or Shift+Tab with `back`: where the button it rang stands across
/// the window.
fn tab_to_a_button(app: &mut App, back: bool) -> f32 {
    if back {
        key_state(app, KeyCode::ShiftLeft, ButtonState::Pressed);
    }
    press(app, KeyCode::Tab);
    if back {
        key_state(app, KeyCode::ShiftLeft, ButtonState::Released);
    }
    app.update();
    let ringed = app.world().resource::<game::editor::ButtonFocus>().0;
    button_x(app, ringed.expect("Tab rang a button"))
}

/// Shuffle's seeds start from the clock: two starts of the game deal two
/// boards (they ran 1, 2, 3 from every start, the same boards each time),
/// and one start's shuffles are each a new seed.
#[test]
fn shuffles_deal_new_boards_at_each_start_of_the_game() {
    use pond_puzzles::levels::edit::Setting;
    let shuffled = |app: &mut App| {
        act(app, EditAction::Setting(Setting::Shuffle));
        (
            editor(app).seed.expect("a shuffle's seed"),
            editor(app).draft.board.clone(),
        )
    };
    let mut first = editing("flood.ron", 1, temp_data_dir());
    let (a, board_a) = shuffled(&mut first);
    let (b, _) = shuffled(&mut first);
    assert_eq!(b, a + 1, "one start's seeds follow each other");
    std::thread::sleep(std::time::Duration::from_millis(3));
    let mut second = editing("flood.ron", 1, temp_data_dir());
    let (c, board_c) = shuffled(&mut second);
    assert!(
        a > 1 && c > 1,
        "seeds {a} and {c}: not the first of a count"
    );
    assert_ne!(
        (a, board_a),
        (c, board_c),
        "two starts dealt the same board"
    );
}
