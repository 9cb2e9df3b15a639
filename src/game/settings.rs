//! The player's settings, kept beside the progress (`settings.ron`, written
//! atomically): colour-blind mode (numbers on Flood's tiles and Escape's
//! animals, and a palette told apart under the common colour-vision
//! deficiencies), the speed of the animations of the player's moves,
//! fullscreen, and the sound's volume and mute. The menu (Esc) changes them;
//! C, A, F, V and O are their keys; M turns the move map on and off.

use super::progress::{DataOpened, Loaded, Progress, load_ron, save_ron};
use super::theme::{self, Art};
use bevy::prelude::*;

pub const FILE: &str = "settings.ron";

/// The settings as the game holds them: the file's form
/// (`pond_core::save::Settings`: its fields, their ranges and defaults) as a
/// resource.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default, Deref, DerefMut)]
pub struct Settings(pub crate::save::Settings);

pub use crate::save::{ANIMATION_SPEEDS, MAX_VOLUME};

pub use super::options::ChangeSetting;

/// The settings' keys, on the play screen and the settings screen.
pub const SETTING_KEYS: [(KeyCode, ChangeSetting); 7] = [
    (KeyCode::KeyC, ChangeSetting::ColourBlind),
    (KeyCode::KeyA, ChangeSetting::AnimationSpeed),
    (KeyCode::KeyF, ChangeSetting::Fullscreen),
    (KeyCode::KeyV, ChangeSetting::Volume),
    (KeyCode::KeyO, ChangeSetting::Mute),
    (KeyCode::KeyM, ChangeSetting::MoveMap),
    (KeyCode::KeyQ, ChangeSetting::StillWater),
];

/// The settings the player changes, each in words saying how it is now
/// (with its key) and the change it asks for: the Esc menu's and the
/// title's settings screen list these.
pub fn rows(settings: &Settings) -> Vec<(String, ChangeSetting)> {
    let on_off = |on: bool| if on { "on" } else { "off" };
    let mut rows = vec![
        (
            format!("Colour-blind: {} (C)", on_off(settings.colour_blind)),
            ChangeSetting::ColourBlind,
        ),
        (
            format!("Animations: {}x (A)", settings.animation_speed()),
            ChangeSetting::AnimationSpeed,
        ),
        (
            format!("Fullscreen: {} (F)", on_off(settings.fullscreen)),
            ChangeSetting::Fullscreen,
        ),
        (
            format!("Move map: {} (M)", on_off(settings.move_map)),
            ChangeSetting::MoveMap,
        ),
        (
            format!(
                "Water: {} (Q)",
                if settings.still_water {
                    "still"
                } else {
                    "moving"
                }
            ),
            ChangeSetting::StillWater,
        ),
    ];
    // A build without sound offers no sound settings.
    if cfg!(feature = "audio") {
        rows.push((
            format!(
                "Volume: {}/{MAX_VOLUME} (V)",
                settings.volume.min(MAX_VOLUME)
            ),
            ChangeSetting::Volume,
        ));
        rows.push((
            format!("Sound: {} (O)", if settings.muted { "muted" } else { "on" }),
            ChangeSetting::Mute,
        ));
    }
    rows
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Settings>()
        .add_message::<ChangeSetting>()
        .add_systems(Startup, open.after(DataOpened))
        .add_systems(Update, (change, apply_palette, apply_window).chain());
}

/// Reads the settings from the data directory the progress uses (none: the
/// defaults, kept in memory). A damaged or foreign file is moved aside, as the
/// progress file is, and the title says so.
fn open(mut settings: ResMut<Settings>, mut progress: ResMut<Progress>) {
    let Some(dir) = progress.dir.clone() else {
        return;
    };
    let (mut read, loaded) = load_ron::<crate::save::Settings>(&dir, FILE);
    let mended = read.in_range();
    *settings = Settings(read);
    let words = match loaded {
        Loaded::MovedAside(aside, why) => Some(format!(
            "The settings file could not be read ({why}); it was moved to {} and the defaults are used.",
            aside.display()
        )),
        _ => mended,
    };
    if let Some(words) = words {
        warn!("{words}");
        progress.notice = Some(match progress.notice.take() {
            Some(before) => format!("{before}\n{words}"),
            None => words,
        });
    }
}

fn change(
    mut asked: MessageReader<ChangeSetting>,
    mut settings: ResMut<Settings>,
    mut progress: ResMut<Progress>,
) {
    let mut changed = false;
    for c in asked.read() {
        changed = true;
        match c {
            ChangeSetting::ColourBlind => settings.colour_blind = !settings.colour_blind,
            ChangeSetting::AnimationSpeed => {
                settings.animation = (settings.animation + 1) % ANIMATION_SPEEDS.len() as u8;
            }
            ChangeSetting::Fullscreen => settings.fullscreen = !settings.fullscreen,
            ChangeSetting::Volume => {
                // 0, 2, 4 ... 10, then silent again.
                settings.volume = if settings.volume >= MAX_VOLUME {
                    0
                } else {
                    (settings.volume / 2 * 2 + 2).min(MAX_VOLUME)
                };
                settings.muted = false;
            }
            ChangeSetting::Mute => settings.muted = !settings.muted,
            ChangeSetting::StillWater => settings.still_water = !settings.still_water,
            ChangeSetting::MoveMap => settings.move_map = !settings.move_map,
            ChangeSetting::Taught(bit) => settings.taught |= bit,
        }
    }
    if changed
        && let Some(dir) = progress.dir.clone()
        && let Err(e) = save_ron(&dir, FILE, &settings.0)
    {
        // Told to the player, as a progress file that cannot be saved is.
        let words = format!("Settings could not be saved in {}: {e}", dir.display());
        warn!("{words}");
        progress.notice = Some(words);
    }
}

/// Fullscreen follows the setting (when there is a window).
fn apply_window(
    settings: Res<Settings>,
    mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
) {
    if !settings.is_changed() {
        return;
    }
    for mut w in &mut windows {
        w.mode = if settings.fullscreen {
            bevy::window::WindowMode::BorderlessFullscreen(bevy::window::MonitorSelection::Current)
        } else {
            bevy::window::WindowMode::Windowed
        };
    }
}

/// The palette's materials follow the mode, so every tile and animal changes
/// colour at once (the board respawns itself for the numbers).
fn apply_palette(
    settings: Res<Settings>,
    mut shown: Local<Option<bool>>,
    art: Res<Art>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    if *shown == Some(settings.colour_blind) {
        return;
    }
    *shown = Some(settings.colour_blind);
    let palette = theme::palette(settings.colour_blind);
    let animals = art.animal_mats.iter().flat_map(|m| m.iter().enumerate());
    let tiles = art.tile_mats.iter().enumerate();
    for (i, handle) in art.palette.iter().enumerate().chain(tiles).chain(animals) {
        if let Some(mut m) = materials.get_mut(handle) {
            m.color = palette[i];
        }
    }
}
