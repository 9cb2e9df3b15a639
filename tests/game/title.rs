//! The title's ways to the settings and the level editor: each a button
//! and a key (S, E), as a player finds them before playing.

use super::*;

#[test]
fn the_title_opens_the_settings_and_the_editor() {
    let mut app = app();
    until_screen(&mut app, Screen::Title);
    settle(&mut app);
    let shown = texts(&mut app);
    for label in ["Settings (S)", "Make a level (E)"] {
        assert!(shown.iter().any(|t| t == label), "{label}: {shown:?}");
    }
    // S: the settings, each saying how it is now; its key changes it there.
    press(&mut app, KeyCode::KeyS);
    until_screen(&mut app, Screen::Settings);
    settle(&mut app);
    assert!(texts(&mut app).iter().any(|t| t == "Colour-blind: off (C)"));
    press(&mut app, KeyCode::KeyC);
    settle(&mut app);
    let settings = *app.world().resource::<game::settings::Settings>();
    assert!(settings.colour_blind);
    let shown = texts(&mut app);
    assert!(
        shown.iter().any(|t| t == "Colour-blind: on (C)"),
        "{shown:?}"
    );
    // Its button too: the move map on.
    tap_button(&mut app, "Move map: off (M)");
    settle(&mut app);
    assert!(app.world().resource::<game::settings::Settings>().move_map);
    press(&mut app, KeyCode::Escape);
    until_screen(&mut app, Screen::Title);
    // E: the editor, on a new level.
    press(&mut app, KeyCode::KeyE);
    until_screen(&mut app, Screen::Edit);
    settle(&mut app);
    let shown = texts(&mut app);
    assert!(shown.iter().any(|t| t == "Level editor"), "{shown:?}");
    press(&mut app, KeyCode::Escape);
    until_screen(&mut app, Screen::Title);
}

/// The title's line names the number keys there are packs for: five
/// shipped packs, "keys 1 to 5" (it said "1 to 9").
#[test]
fn the_title_names_the_keys_of_its_packs() {
    let mut app = app();
    until_screen(&mut app, Screen::Title);
    settle(&mut app);
    let packs = app
        .world()
        .resource::<pond_puzzles::game::packs::Packs>()
        .listed()
        .count();
    assert_eq!(packs, pond_puzzles::levels::SHIPPED.len());
    let line = format!("Pick a pack: click, keys 1 to {packs}, or arrows and Enter.");
    let shown = texts(&mut app);
    assert!(shown.contains(&line), "{shown:?}");
}
