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
