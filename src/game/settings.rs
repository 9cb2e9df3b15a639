//! The player's settings, kept beside the progress (`settings.ron`, written
//! atomically): colour-blind mode (numbers on Flood's tiles and Escape's
//! animals, and a palette told apart under the common colour-vision
//! deficiencies), the speed of the animations of the player's moves,
//! fullscreen, and the sound's volume and mute. The menu (Esc) changes them;
//! C, A, F, V and M are their keys.

use super::moves::PlayState;
use super::progress::{Progress, save_ron};
use super::theme::{self, Art};
use super::{GameOptions, Screen};
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
}

pub const MAX_VOLUME: u8 = 10;

/// The animation speeds offered, slowest first (2 is normal).
pub const ANIMATION_SPEEDS: [f32; 5] = [0.5, 0.75, 1.0, 1.5, 2.0];

impl Settings {
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
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Settings>()
        .add_message::<ChangeSetting>()
        .add_systems(Startup, open)
        .add_systems(Update, (change, apply_palette, apply_window).chain());
}

/// Reads the settings; a damaged file is ignored (and overwritten on the
/// next change), never fatal.
fn open(options: Option<Res<GameOptions>>, mut settings: ResMut<Settings>) {
    let Some(dir) = options
        .and_then(|o| o.data_dir.clone())
        .or_else(super::progress::default_dir)
    else {
        return;
    };
    if let Ok(text) = std::fs::read_to_string(dir.join(FILE)) {
        match ron::from_str::<Settings>(&text) {
            Ok(s) => *settings = s,
            Err(e) => warn!("{FILE} could not be read ({e}); using the defaults"),
        }
    }
}

fn change(
    mut asked: MessageReader<ChangeSetting>,
    mut settings: ResMut<Settings>,
    progress: Res<Progress>,
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
        }
    }
    if changed
        && let Some(dir) = &progress.dir
        && let Err(e) = save_ron(dir, FILE, &*settings)
    {
        warn!("settings could not be saved in {}: {e}", dir.display());
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
/// colour at once; the board is respawned for the numbers.
fn apply_palette(
    mut commands: Commands,
    settings: Res<Settings>,
    mut shown: Local<Option<bool>>,
    art: Res<Art>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    state: Option<Res<PlayState>>,
    screen: Res<State<Screen>>,
    roots: Query<Entity, With<super::board::BoardRoot>>,
) {
    if *shown == Some(settings.colour_blind) {
        return;
    }
    let first = shown.is_none();
    *shown = Some(settings.colour_blind);
    for (i, handle) in art.palette.iter().enumerate() {
        if let Some(mut m) = materials.get_mut(handle) {
            m.color = theme::palette(settings.colour_blind)[i];
        }
    }
    if *screen.get() == Screen::Play
        && let Some(state) = state
        && !first
    {
        for root in &roots {
            commands.entity(root).despawn();
        }
        super::board::spawn_board(&mut commands, &art, &state.puzzle, settings.colour_blind);
    }
}
