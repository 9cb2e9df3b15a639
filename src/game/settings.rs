//! The player's settings, kept beside the progress (`settings.ron`, written
//! atomically): colour-blind mode (numbers on Flood's tiles and Escape's
//! animals, and a palette told apart under the common colour-vision
//! deficiencies), the speed of the animations of the player's moves,
//! fullscreen, and the sound's volume and mute. The menu (Esc) changes them;
//! C, A, F, V and M are their keys.

use super::progress::{DataOpened, Loaded, Progress, load_ron, save_ron};
use super::theme::{self, Art};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

pub const FILE: &str = "settings.ron";

#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename = "Settings")]
pub struct Settings {
    /// Colours carry a number as well, and the palette suits colour-blind eyes.
    pub colour_blind: bool,
    /// Index into `ANIMATION_SPEEDS`.
    pub animation: u8,
    pub fullscreen: bool,
    /// Sound volume, 0 to `MAX_VOLUME` (heard in builds with the `audio`
    /// feature).
    pub volume: u8,
    pub muted: bool,
    /// The puzzles whose how-to card the player has seen, one bit each
    /// (`howto::Teach::bit`): the card opens by itself only the first time.
    pub taught: u8,
    /// The water stands still: a game at rest draws no frames.
    pub still_water: bool,
}

pub const MAX_VOLUME: u8 = 10;

/// The animation speeds offered, slowest first (2 is normal).
pub const ANIMATION_SPEEDS: [f32; 5] = [0.5, 0.75, 1.0, 1.5, 2.0];

impl Settings {
    /// Brings a setting read from a file into its range (an animation speed
    /// past the fastest, a volume past the loudest); says so if it changed.
    pub fn in_range(&mut self) -> Option<String> {
        let fastest = (ANIMATION_SPEEDS.len() - 1) as u8;
        let before = (self.animation, self.volume);
        self.animation = self.animation.min(fastest);
        self.volume = self.volume.min(MAX_VOLUME);
        (before != (self.animation, self.volume)).then(|| {
            "The settings file held values out of range; they were set within it.".to_string()
        })
    }

    pub fn animation_speed(&self) -> f32 {
        ANIMATION_SPEEDS[(self.animation as usize).min(ANIMATION_SPEEDS.len() - 1)]
    }

    /// The loudness sounds play at, 0 to 1 (0 when muted).
    pub fn loudness(&self) -> f32 {
        if self.muted {
            0.0
        } else {
            self.volume.min(MAX_VOLUME) as f32 / MAX_VOLUME as f32
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            colour_blind: false,
            animation: 2,
            fullscreen: false,
            volume: 7,
            muted: false,
            taught: 0,
            still_water: false,
        }
    }
}

/// A change of the settings asked for by a key or the menu.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeSetting {
    ColourBlind,
    /// The next animation speed, round to the slowest after the fastest.
    AnimationSpeed,
    Fullscreen,
    /// The next volume, round to silent after the loudest (unmutes).
    Volume,
    Mute,
    /// The how-to card of a puzzle has been shown (its bit).
    Taught(u8),
    StillWater,
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
    let (mut read, loaded) = load_ron::<Settings>(&dir, FILE);
    let mended = read.in_range();
    *settings = read;
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
            ChangeSetting::Taught(bit) => settings.taught |= bit,
        }
    }
    if changed
        && let Some(dir) = progress.dir.clone()
        && let Err(e) = save_ron(&dir, FILE, &*settings)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A speed or a volume past the last is brought back into range, and said.
    #[test]
    fn settings_out_of_range_are_brought_in() {
        let mut s: Settings = ron::from_str("(animation: 255, volume: 200)").unwrap();
        assert!(s.in_range().is_some());
        assert_eq!(s.animation as usize, ANIMATION_SPEEDS.len() - 1);
        assert_eq!(s.volume, MAX_VOLUME);
        assert_eq!(s.in_range(), None);
        let mut fine = Settings::default();
        assert_eq!(fine.in_range(), None);
    }
}
