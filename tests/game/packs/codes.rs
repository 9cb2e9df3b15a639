//! Levels by code: typed or pasted in the code box, a shipped level's code,
//! the way back, and their place in the statistics.

use super::*;

/// A Ctrl chord that goes down and up within one frame (a tool's, or a
/// window drawing only on input) is a chord in the code box, not a letter:
/// Ctrl+A types no "a" into the refused code (it selects all: seen in a real
/// window with xdotool, the selection needs the text's layout, which this
/// windowless app does not make).
#[test]
fn a_ctrl_chord_within_one_frame_types_no_letter_in_the_code_box() {
    let mut app = app();
    settle(&mut app);
    press(&mut app, KeyCode::KeyK);
    type_text(&mut app, "S2v9zz");
    press(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(screen(&app), Screen::Title, "the typo is refused");
    let field = |app: &mut App| -> Vec<String> {
        app.world_mut()
            .query::<&bevy::text::EditableText>()
            .iter(app.world())
            .map(|t| t.value().to_string())
            .collect()
    };
    assert_eq!(
        field(&mut app),
        ["S2v9zz"],
        "the refused code stays, to be mended"
    );
    let key = key_event;
    for letter in ["a", "c", "x"] {
        let l = || Key::Character(letter.into());
        for input in [
            key(
                KeyCode::ControlLeft,
                Key::Control,
                ButtonState::Pressed,
                None,
            ),
            key(KeyCode::KeyA, l(), ButtonState::Pressed, Some(letter)),
            key(KeyCode::KeyA, l(), ButtonState::Released, None),
            key(
                KeyCode::ControlLeft,
                Key::Control,
                ButtonState::Released,
                None,
            ),
        ] {
            app.world_mut().write_message(input);
        }
        app.update();
        assert_eq!(field(&mut app), ["S2v9zz"], "Ctrl+{letter} typed a letter");
    }
    // Without Ctrl the letter is typed.
    type_text(&mut app, "a");
    assert_eq!(field(&mut app), ["S2v9zza"]);
}

#[test]
fn a_typed_code_opens_its_level_and_ctrl_c_copies_it() {
    use pond_puzzles::game::codes::CodeEntry;
    let mut app = app();
    // A bad code is explained in the box, which stays open.
    press(&mut app, KeyCode::KeyK);
    assert!(app.world().resource::<CodeEntry>().open);
    type_text(&mut app, "Z9");
    press(&mut app, KeyCode::Enter);
    let entry = app.world().resource::<CodeEntry>();
    assert!(entry.open);
    assert!(
        entry.error.as_deref().unwrap().contains("`Z9`"),
        "{entry:?}"
    );
    // Shown in plain quotes (the typeface has no backquote), and the refused
    // code stays in the field to be mended.
    let shown = texts(&mut app);
    let error = shown
        .iter()
        .find(|t| t.contains("expected PACK.LEVEL"))
        .unwrap_or_else(|| panic!("{shown:?}"));
    assert!(error.contains("'Z9'") && !error.contains('`'), "{error}");
    for _ in 0..3 {
        app.update();
    }
    let kept = app
        .world_mut()
        .query_filtered::<&bevy::text::EditableText, With<pond_puzzles::game::codes::CodeField>>()
        .single(app.world())
        .map(|f| f.value().to_string())
        .expect("the code's field");
    assert_eq!(kept, "Z9");
    // Closed and opened again, the box is empty; a good code closes it and
    // opens the level.
    press(&mut app, KeyCode::Escape);
    assert!(!app.world().resource::<CodeEntry>().open);
    press(&mut app, KeyCode::KeyK);
    type_text(&mut app, "h8d3-5");
    let typed = app
        .world_mut()
        .query_filtered::<&bevy::text::EditableText, With<pond_puzzles::game::codes::CodeField>>()
        .single(app.world())
        .map(|f| f.value().to_string())
        .ok();
    assert_eq!(typed.as_deref(), Some("h8d3-5"));
    press(&mut app, KeyCode::Enter);
    until_screen(&mut app, Screen::Play);
    settle(&mut app);
    let state = app.world().resource::<PlayState>();
    assert_eq!(state.level.name, "Random pond, 8 frogs");
    let Puzzle::Hop(h) = &state.puzzle else {
        panic!()
    };
    assert_eq!(h.frogs(), 8);
    assert!(texts(&mut app).iter().any(|t| t.contains("code H8d3-5")));
    // Ctrl+C: the game (the code, no move yet) goes to the clipboard (or,
    // with none, is named), and C's own action (colour-blind mode) does not
    // happen.
    let colour_blind = app
        .world()
        .resource::<pond_puzzles::game::settings::Settings>()
        .colour_blind;
    key_state(&mut app, KeyCode::ControlLeft, ButtonState::Pressed);
    press(&mut app, KeyCode::KeyC);
    key_state(&mut app, KeyCode::ControlLeft, ButtonState::Released);
    app.update();
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.contains("Game copied (H8d3-5, no move yet)")
                || t.contains("the game is H8d3-5:")),
        "{:?}",
        texts(&mut app)
    );
    assert_eq!(
        app.world()
            .resource::<pond_puzzles::game::settings::Settings>()
            .colour_blind,
        colour_blind
    );
    // Back on the title, Esc closes an open box without leaving the screen.
    press(&mut app, KeyCode::KeyT);
    until_screen(&mut app, Screen::Title);
    press(&mut app, KeyCode::KeyK);
    press(&mut app, KeyCode::Escape);
    assert!(!app.world().resource::<CodeEntry>().open);
    assert_eq!(screen(&app), Screen::Title);
}

/// A shipped level's code opens that level in its own pack (where a win
/// counts), and adds no pack of its own to the title.
#[test]
fn a_shipped_levels_code_opens_it_in_its_pack() {
    let mut app = app();
    let before = app.world().resource::<Packs>().0.len();
    press(&mut app, KeyCode::KeyK);
    type_text(&mut app, "flood.8");
    press(&mut app, KeyCode::Enter);
    until_screen(&mut app, Screen::Play);
    settle(&mut app);
    let packs = app.world().resource::<Packs>();
    assert_eq!(packs.0.len(), before, "no pack row was added");
    let current = app.world().resource::<Current>();
    assert_eq!(packs.0[current.pack].file, "flood.ron");
    assert_eq!(current.level, 7);
    assert!(texts(&mut app).iter().any(|t| t.contains("code flood.8")));
    // Its win counts in its pack.
    app.insert_resource(Speed::Instant);
    app.insert_resource(SolverBudget(Budget::nodes(FLOOD_NODES)));
    let ending = autoplay(&mut app, Watch::Solution);
    assert!(matches!(ending, Ending::Won(_)), "{ending:?}");
    let progress = app.world().resource::<game::progress::Progress>();
    assert!(progress.file.record("flood.ron", 7).is_some());
    assert!(progress.file.levels.keys().all(|f| f == "flood.ron"));
}

/// "Levels" (L) from a level made by its code goes back where the player
/// typed the code: here, the title.
#[test]
fn l_from_a_code_level_goes_back_where_the_player_was() {
    let mut app = app();
    press(&mut app, KeyCode::KeyK);
    type_text(&mut app, "S2v3");
    press(&mut app, KeyCode::Enter);
    until_screen(&mut app, Screen::Play);
    settle(&mut app);
    press(&mut app, KeyCode::KeyL);
    until_screen(&mut app, Screen::Title);
}

/// Levels played by code (typed, or random) add no row to the title, keys 1
/// to 9 open only the listed packs, and the statistics count the wins of
/// every code level in one row.
#[test]
fn levels_played_by_code_add_no_pack_row_and_count_in_one_statistics_row() {
    let mut app = app();
    app.insert_resource(Speed::Instant);
    let titled = |app: &mut App| texts(app).iter().filter(|t| t.contains("solved")).count();
    let rows = titled(&mut app);
    for code in ["S2v3", "S3v4g2"] {
        press(&mut app, KeyCode::KeyK);
        type_text(&mut app, code);
        press(&mut app, KeyCode::Enter);
        until_screen(&mut app, Screen::Play);
        settle(&mut app);
        let ending = autoplay(&mut app, Watch::Solution);
        assert!(matches!(ending, Ending::Won(_)), "{code}: {ending:?}");
        press(&mut app, KeyCode::KeyL);
        until_screen(&mut app, Screen::Title);
        settle(&mut app);
        let shown = texts(&mut app);
        assert_eq!(titled(&mut app), rows, "the title's rows: {shown:?}");
        assert!(
            !shown.iter().any(|t| t.contains(code)),
            "{code} on the title: {shown:?}"
        );
    }
    // Six is not a pack here: the key does nothing.
    press(&mut app, KeyCode::Digit6);
    settle(&mut app);
    assert_eq!(screen(&app), Screen::Title);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Stats);
    settle(&mut app);
    let shown = texts(&mut app);
    assert!(
        shown.iter().any(|t| t == "Levels played by code") && shown.iter().any(|t| t == "2 solved"),
        "no row for the two code levels: {shown:?}"
    );
    assert!(!shown.iter().any(|t| t.contains("Level code")), "{shown:?}");
}
