//! Still water: Q (or the menu) turns it on and off, and it is kept in the
//! settings file across runs.

use super::*;

#[test]
fn still_water_is_a_setting_kept_across_runs() {
    let dir = temp_data_dir();
    let options = game::GameOptions {
        data_dir: Some(dir.clone()),
        ..Default::default()
    };
    let still = |app: &App| {
        app.world()
            .resource::<game::settings::Settings>()
            .still_water
    };
    let mut app = app_with(options.clone());
    start_level(&mut app, "swap.ron", 0);
    assert!(!still(&app), "the water moves at first");
    press(&mut app, KeyCode::KeyQ);
    settle(&mut app);
    assert!(still(&app));
    let file = std::fs::read_to_string(dir.join("settings.ron")).expect("the settings are saved");
    assert!(file.contains("still_water: true"), "{file}");
    drop(app);
    let mut again = app_with(options);
    settle(&mut again);
    assert!(still(&again), "kept across runs");
    start_level(&mut again, "swap.ron", 0);
    press(&mut again, KeyCode::KeyQ);
    settle(&mut again);
    assert!(!still(&again));
}

/// A settings file that cannot be written is told to the player (the title
/// shows it), not only logged.
#[test]
fn a_settings_write_that_fails_is_told() {
    let dir = temp_data_dir();
    let mut app = app_with(game::GameOptions {
        data_dir: Some(dir.clone()),
        ..Default::default()
    });
    start_level(&mut app, "swap.ron", 0);
    // A directory (not empty) where the settings file goes: no file can be
    // renamed over it.
    let blocked = dir.join("settings.ron");
    let _ = std::fs::remove_file(&blocked);
    std::fs::create_dir_all(blocked.join("in the way")).expect("a directory");
    press(&mut app, KeyCode::KeyQ);
    settle(&mut app);
    let notice = app
        .world()
        .resource::<game::progress::Progress>()
        .notice
        .clone()
        .unwrap_or_default();
    assert!(
        notice.starts_with("Settings could not be saved in"),
        "{notice:?}"
    );
}

/// The pictures of glyphs (one for each face and size drawn) of sizes no
/// text shows any more are let go; every one a text shows stays.
#[test]
fn glyph_pictures_no_text_shows_are_let_go() {
    use bevy::ecs::system::RunSystemOnce;
    use bevy::text::{FontAtlasSet, TextLayoutInfo};
    let options = game::GameOptions {
        data_dir: Some(temp_data_dir()),
        ..Default::default()
    };
    let mut app = app_in_window(options, Some(UVec2::new(1280, 720)));
    let pictures = |app: &App| app.world().resource::<FontAtlasSet>().len();
    // A level's texts, then the title's.
    start_level(&mut app, "flood.ron", 0);
    let in_level = pictures(&app);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    settle(&mut app);
    let kept = pictures(&app);
    assert!(kept >= in_level, "pictures are kept until let go");
    app.world_mut()
        .run_system_once(game::rest::let_go_unused_glyphs)
        .expect("runs");
    let now = pictures(&app);
    assert!(now > 0 && now < kept, "{kept} pictures, {now} after");
    // Every picture a text on the title shows is still there.
    let shown: Vec<AssetId<Image>> = app
        .world_mut()
        .query::<&TextLayoutInfo>()
        .iter(app.world())
        .flat_map(|t| t.glyphs.iter().map(|g| g.atlas_info.texture))
        .collect();
    assert!(!shown.is_empty());
    let set = app.world().resource::<FontAtlasSet>();
    for id in shown {
        assert!(
            set.values().flatten().any(|a| a.texture.id() == id),
            "a picture a text shows was let go"
        );
    }
}
