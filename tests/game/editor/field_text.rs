//! The fields' text: where they stand, what they show without the keys,
//! what Esc, Ctrl+Z and a press on the board do to what was typed, a Swap
//! row typed, a rename in the history, and a full field's words.

use super::*;

/// The fields above the board stand under one another: the Name field and
/// the seed's (a Flood level) or the row's (a Swap level) start at the same
/// place and are as wide, each label ending before its field (a new player
/// saw them out of line), at 800x600 and at 1280x720.
#[test]
fn the_fields_above_the_board_line_up() {
    for size in [UVec2::new(800, 600), UVec2::new(1280, 720)] {
        for (pack, other, label) in [
            ("flood.ron", "Seed field", "Deal from seed (F4)"),
            ("swap.ron", "Row field", "Row (F3)"),
        ] {
            let mut app = editing_in_window(pack, 1, size);
            for _ in 0..3 {
                app.update();
            }
            let nodes = window::laid_out(&mut app);
            let rect = |name: &str| {
                nodes
                    .iter()
                    .find(|n| n.name.as_deref() == Some(name) || n.text.as_deref() == Some(name))
                    .unwrap_or_else(|| panic!("{size} {pack}: no {name} laid out"))
                    .rect
            };
            let (name, field) = (rect("Name field"), rect(other));
            assert!(
                (name.min.x - field.min.x).abs() < 1.0 && (name.max.x - field.max.x).abs() < 1.0,
                "{size} {pack}: the name at {name:?}, the {other} at {field:?}"
            );
            for (words, at) in [("Name (F2)", name), (label, field)] {
                let label = rect(words);
                assert!(
                    label.max.x <= at.min.x && label.max.x > at.min.x - 30.0,
                    "{size} {pack}: \"{words}\" at {label:?} beside its field at {at:?}"
                );
            }
        }
    }
}

/// A field without the keys shows the start of its text, its caret at the
/// first letter (at 800x600 a long name showed only its tail, "...y 7x7,
/// 4 colours"): as the editor opens, and after a name is typed and Enter
/// leaves the field.
#[test]
fn a_field_without_the_keys_shows_the_start_of_its_text() {
    use bevy::text::EditableText;
    let mut app = editing_in_window("flood.ron", 3, UVec2::new(800, 600));
    let caret = |app: &mut App| {
        let mut q = app
            .world_mut()
            .query_filtered::<&EditableText, With<game::editor::NameField>>();
        let f = q.single(app.world()).expect("the name's field");
        (
            f.editor().raw_selection().focus().index(),
            f.value().to_string(),
        )
    };
    settle(&mut app);
    let (at, name) = caret(&mut app);
    assert!(name.len() > 10, "{name}");
    assert_eq!(at, 0, "the caret of {name:?}");
    press(&mut app, KeyCode::F2);
    type_text(&mut app, "A long name of reeds and stones");
    press(&mut app, KeyCode::Enter);
    settle(&mut app);
    let (at, name) = caret(&mut app);
    assert_eq!(name, "A long name of reeds and stones");
    assert_eq!(at, 0, "the caret of {name:?} once Enter left it");
}

/// Esc in a field puts back what it held when it took the keys (the help
/// card says so; the name's field kept what was typed), and takes away the
/// refusal of a row typed wrong; a press on a cell of the board takes the
/// keys from a field (a new player drew with the seed's caret still in its
/// field, and Esc then went to the field, not to Back).
#[test]
fn esc_puts_a_field_back_and_a_press_on_the_board_leaves_it() {
    use bevy::input_focus::InputFocus;
    let mut app = editing_in_window("swap.ron", 2, UVec2::new(1280, 720));
    let name = editor(&app).draft.name;
    press(&mut app, KeyCode::F2);
    type_text(&mut app, "Reeds");
    settle(&mut app);
    assert_eq!(editor(&app).draft.name, "Reeds", "typed");
    press(&mut app, KeyCode::Escape);
    settle(&mut app);
    assert_eq!(editor(&app).draft.name, name, "Esc puts the name back");
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Edit);
    // A row typed wrong is refused; Esc puts the row back and the refusal
    // goes with it.
    let row = editor(&app).draft.row().expect("a Swap row");
    press(&mut app, KeyCode::F3);
    type_text(&mut app, "LxR");
    press(&mut app, KeyCode::Enter);
    settle(&mut app);
    let notice = editor(&app).field_notice.expect("the refusal");
    assert!(notice.starts_with("The row was not taken"), "{notice:?}");
    // Shown with plain quotes (a backquote is drawn as an accent on the
    // next letter, which a new player read as garbled).
    let shown = window::laid_out(&mut app)
        .into_iter()
        .filter_map(|n| n.text)
        .find(|t| t.starts_with("The row was not taken"))
        .expect("the refusal shown");
    assert!(shown.contains("'x'") && !shown.contains('`'), "{shown}");
    press(&mut app, KeyCode::Escape);
    settle(&mut app);
    assert_eq!(editor(&app).draft.row().as_deref(), Some(row.as_str()));
    assert_eq!(
        editor(&app).field_notice,
        None,
        "the refusal went with its text"
    );
    // The keys in a field; a press on a cell takes them away.
    press(&mut app, KeyCode::F2);
    settle(&mut app);
    assert!(app.world().resource::<InputFocus>().get().is_some());
    let at = on_window(&mut app, (0, 1));
    window::tap(&mut app, at);
    settle(&mut app);
    assert_eq!(
        app.world().resource::<InputFocus>().get(),
        None,
        "the field left"
    );
    assert!(!editor(&app).typing);
}

/// A name typed is a step of the history once the field lets the keys go
/// (a new player renamed a level and found Undo passed the rename by): Undo
/// brings the old name back and Redo the new; typed and then followed by a
/// stroke on the board without Enter, Undo takes the stroke back first and
/// the name next; Undo pressed while the keys are still the field's takes
/// the name back in the field too.
#[test]
fn a_rename_is_a_step_of_the_history() {
    let mut app = editing_in_window("swap.ron", 2, UVec2::new(1280, 720));
    let first = editor(&app).draft.clone();
    assert_eq!(editor(&app).history(), (false, false));
    press(&mut app, KeyCode::F2);
    type_text(&mut app, "Reeds");
    press(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(editor(&app).draft.name, "Reeds");
    assert_eq!(editor(&app).history(), (true, false), "the rename is kept");
    // Undo's button lights with it (it stayed greyed: the panel was not
    // built again for a step with the same board).
    let greyed = app
        .world_mut()
        .query_filtered::<&EditAction, With<bevy::ui::InteractionDisabled>>()
        .iter(app.world())
        .any(|a| *a == EditAction::Undo);
    assert!(!greyed, "Undo's button is greyed after a rename");
    act(&mut app, EditAction::Undo);
    settle(&mut app);
    assert_eq!(editor(&app).draft, first, "Undo: the old name");
    act(&mut app, EditAction::Redo);
    settle(&mut app);
    assert_eq!(editor(&app).draft.name, "Reeds", "Redo: the new name");
    // Typed, then a cell painted with the keys still in the field (the
    // cell holds a left-facing frog; the brush, a right-facing one).
    act(&mut app, EditAction::Pick(0, 1));
    press(&mut app, KeyCode::F2);
    type_text(&mut app, "Stones");
    settle(&mut app);
    let renamed = editor(&app).draft.clone();
    let at = on_window(&mut app, (0, 1));
    window::tap(&mut app, at);
    settle(&mut app);
    assert_ne!(editor(&app).draft.board, renamed.board, "the tap painted");
    act(&mut app, EditAction::Undo);
    settle(&mut app);
    assert_eq!(editor(&app).draft, renamed, "Undo: the stroke first");
    act(&mut app, EditAction::Undo);
    settle(&mut app);
    assert_eq!(editor(&app).draft.name, "Reeds", "then the name");
    // Undo while the field holds the keys: the field shows the name back.
    press(&mut app, KeyCode::F2);
    type_text(&mut app, "Mud");
    settle(&mut app);
    act(&mut app, EditAction::Undo);
    settle(&mut app);
    assert_eq!(editor(&app).draft.name, "Reeds", "Undo over the typing");
    let mut q = app
        .world_mut()
        .query_filtered::<&bevy::text::EditableText, With<game::editor::NameField>>();
    let shown = q
        .single(app.world())
        .expect("the name's field")
        .value()
        .to_string();
    assert_eq!(shown, "Reeds", "the field shows the name undone");
}

/// A field that is full says so when a letter more is typed (the seed's
/// field stopped taking digits without a word): not before it is full, and
/// the digits it holds are the first typed. The words stand just under the
/// field (a new player found a field's refusal far from it, in the right
/// panel), inside the window at 800x600, and go when the field is left.
#[test]
fn a_full_field_says_why_it_takes_no_more_under_the_field() {
    use bevy::text::EditableText;
    let mut app = editing_in_window("flood.ron", 3, UVec2::new(800, 600));
    press(&mut app, KeyCode::F4);
    type_text(&mut app, "12345678901234567890");
    settle(&mut app);
    assert_eq!(
        editor(&app).field_notice,
        None,
        "twenty digits are a seed's"
    );
    type_text(&mut app, "12");
    settle(&mut app);
    let notice = editor(&app).field_notice.expect("the full field's words");
    assert!(
        notice.starts_with("A seed has at most 20 digits"),
        "{notice:?}"
    );
    assert_eq!(editor(&app).notice, None, "not in the panel");
    let nodes = window::laid_out(&mut app);
    let field = nodes
        .iter()
        .find(|n| n.name.as_deref() == Some("Seed field"))
        .expect("the seed's field")
        .rect;
    let words = nodes
        .iter()
        .find(|n| n.text.as_deref() == Some(notice.as_str()))
        .expect("the words laid out")
        .rect;
    assert!(
        words.min.y >= field.max.y && words.min.y < field.max.y + 20.0,
        "the words at {words:?}, the field at {field:?}"
    );
    assert!(words.min.x >= 0.0 && words.max.x <= 800.0, "{words:?}");
    let mut q = app
        .world_mut()
        .query_filtered::<&EditableText, With<game::editor::SeedField>>();
    let held = q
        .single(app.world())
        .expect("the seed's field")
        .value()
        .to_string();
    assert_eq!(held, "12345678901234567890");
    press(&mut app, KeyCode::Escape);
    settle(&mut app);
    assert_eq!(
        editor(&app).field_notice,
        None,
        "gone with the field's keys"
    );
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
    let notice = editor(&app).field_notice.expect("the refusal is said");
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

/// Letters typed and Enter in the same frame (a fast typist, a slow frame)
/// are all taken: the name's last letters were lost, and a seed too long by
/// four digits was dealt from its first twenty without a word.
#[test]
fn letters_and_enter_in_one_frame_are_all_taken() {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput};
    let mut app = editing_in_window("flood.ron", 3, UVec2::new(1280, 720));
    let burst = |app: &mut App, words: &str| {
        for c in words.chars() {
            app.world_mut().write_message(KeyboardInput {
                key_code: KeyCode::Unidentified(bevy::input::keyboard::NativeKeyCode::Unidentified),
                logical_key: Key::Character(c.to_string().into()),
                state: ButtonState::Pressed,
                text: Some(c.to_string().into()),
                repeat: false,
                window: Entity::PLACEHOLDER,
            });
        }
        app.world_mut().write_message(KeyboardInput {
            key_code: KeyCode::Enter,
            logical_key: Key::Enter,
            state: ButtonState::Pressed,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
        app.world_mut().write_message(KeyboardInput {
            key_code: KeyCode::Enter,
            logical_key: Key::Enter,
            state: ButtonState::Released,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        settle(app);
    };
    press(&mut app, KeyCode::F2);
    settle(&mut app);
    burst(&mut app, "Stuck frogs");
    assert_eq!(editor(&app).draft.name, "Stuck frogs");
    assert!(!editor(&app).typing, "Enter left the field");
    press(&mut app, KeyCode::F4);
    settle(&mut app);
    burst(&mut app, "123456789012345678901234");
    let notice = editor(&app).field_notice.expect("the seed's refusal");
    assert!(notice.contains("at most 20 digits"), "{notice}");
    assert_eq!(editor(&app).seed, None, "no board dealt");
}

/// A field's key pressed again while it has the keys selects what it holds,
/// so what is typed next replaces it (F4 again added to the old seed, a new
/// player found).
#[test]
fn a_fields_key_again_selects_its_text() {
    let mut app = editing_in_window("flood.ron", 3, UVec2::new(1280, 720));
    press(&mut app, KeyCode::F4);
    settle(&mut app);
    type_text(&mut app, "123");
    settle(&mut app);
    press(&mut app, KeyCode::F4);
    settle(&mut app);
    type_text(&mut app, "9");
    press(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(
        editor(&app).seed,
        Some(9),
        "{:?}",
        editor(&app).field_notice
    );
}

/// A field left with more text than it shows fades at its right end, so
/// that a name cut inside a letter says that more follows; with the keys
/// (the caret's place shows) and where the whole name fits, no fade.
#[test]
fn a_field_cut_short_fades_at_its_end() {
    let fades = |app: &mut App| {
        for _ in 0..3 {
            app.update();
        }
        window::laid_out(app)
            .iter()
            .filter(|n| n.name.as_deref() == Some("Field fade"))
            .count()
    };
    // "Easy 1 (1506 ways out)" at 800x600: wider than the Name field.
    let mut app = editing_in_window("escape.ron", 1, UVec2::new(800, 600));
    assert_eq!(fades(&mut app), 1, "the long name is cut: one fade");
    press(&mut app, KeyCode::F2);
    assert_eq!(
        fades(&mut app),
        0,
        "with the keys, the caret shows where it is"
    );
    press(&mut app, KeyCode::Escape);
    assert_eq!(fades(&mut app), 1, "left again, cut again");
    let mut app = editing_in_window("escape.ron", 1, UVec2::new(1280, 720));
    assert_eq!(fades(&mut app), 0, "the whole name fits at 1280x720");
}

/// A space goes into a name with Shift held as without it (Bevy's input
/// takes a space only without a modifier, and a name typed in capitals
/// lost its spaces); a space without Shift goes in too.
#[test]
fn a_space_typed_with_shift_held_goes_into_the_name() {
    let mut app = editing_in_window("swap.ron", 2, UVec2::new(1280, 720));
    press(&mut app, KeyCode::F2);
    type_text(&mut app, "Big");
    key_state(&mut app, KeyCode::ShiftLeft, ButtonState::Pressed);
    type_text(&mut app, " ");
    key_state(&mut app, KeyCode::ShiftLeft, ButtonState::Released);
    type_text(&mut app, "Pond of reeds");
    press(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(editor(&app).draft.name, "Big Pond of reeds");
}

/// A space, then Shift and a capital, all in one frame (a quick typist, or
/// keys sent at once): the space stays before the capital (it came after
/// it, "FrogP arty", a new player saw).
#[test]
fn a_space_and_a_capital_in_one_frame_keep_their_order() {
    let mut app = editing_in_window("swap.ron", 2, UVec2::new(1280, 720));
    press(&mut app, KeyCode::F2);
    press(&mut app, KeyCode::Backspace);
    type_text(&mut app, "Frog");
    let event = key_event;
    use ButtonState::{Pressed, Released};
    for e in [
        event(KeyCode::Space, Key::Space, Pressed, Some(" ")),
        event(KeyCode::Space, Key::Space, Released, None),
        event(KeyCode::ShiftLeft, Key::Shift, Pressed, None),
        event(
            KeyCode::KeyP,
            Key::Character("P".into()),
            Pressed,
            Some("P"),
        ),
        event(KeyCode::KeyP, Key::Character("P".into()), Released, None),
    ] {
        app.world_mut().write_message(e);
    }
    app.update();
    key_state(&mut app, KeyCode::ShiftLeft, ButtonState::Released);
    type_text(&mut app, "arty");
    press(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(editor(&app).draft.name, "Frog Party");
}
