//! The fields' text: where they stand, what they show without the keys,
//! and what Esc and a press on the board do to what was typed.

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
    let notice = editor(&app).notice.expect("the refusal");
    assert!(notice.0.starts_with("The row was not taken"), "{notice:?}");
    press(&mut app, KeyCode::Escape);
    settle(&mut app);
    assert_eq!(editor(&app).draft.row().as_deref(), Some(row.as_str()));
    assert_eq!(editor(&app).notice, None, "the refusal went with its text");
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
