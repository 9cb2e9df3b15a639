//! The player's settings, kept beside the progress (`settings.ron`, written
//! atomically): colour-blind mode, which numbers Flood's tiles and Escape's
//! animals by colour and switches to a palette told apart under the common
//! colour-vision deficiencies. C toggles it while playing; the menu has it too.

use super::moves::PlayState;
use super::progress::{Progress, save_ron};
use super::theme::{self, Art};
use super::{GameOptions, Screen};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

pub const FILE: &str = "settings.ron";

#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename = "Settings")]
pub struct Settings {
    /// Colours carry a number as well, and the palette suits colour-blind eyes.
    pub colour_blind: bool,
}

/// Asks to flip colour-blind mode (key C, the menu's button).
#[derive(Message, Debug, Clone, Copy)]
pub struct ToggleColourBlind;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Settings>()
        .add_message::<ToggleColourBlind>()
        .add_systems(Startup, open)
        .add_systems(Update, (toggle, apply_palette).chain());
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

fn toggle(
    mut asked: MessageReader<ToggleColourBlind>,
    mut settings: ResMut<Settings>,
    progress: Res<Progress>,
) {
    if asked.read().count().is_multiple_of(2) {
        return;
    }
    settings.colour_blind = !settings.colour_blind;
    if let Some(dir) = &progress.dir
        && let Err(e) = save_ron(dir, FILE, &*settings)
    {
        warn!("settings could not be saved in {}: {e}", dir.display());
    }
}

/// The palette's materials follow the mode, so every tile and animal changes
/// colour at once; the board is respawned for the numbers.
fn apply_palette(
    mut commands: Commands,
    settings: Res<Settings>,
    art: Res<Art>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    state: Option<Res<PlayState>>,
    screen: Res<State<Screen>>,
    roots: Query<Entity, With<super::board::BoardRoot>>,
) {
    if !settings.is_changed() {
        return;
    }
    for (i, handle) in art.palette.iter().enumerate() {
        if let Some(mut m) = materials.get_mut(handle) {
            m.color = theme::palette(settings.colour_blind)[i];
        }
    }
    if *screen.get() == Screen::Play
        && let Some(state) = state
        && !settings.is_added()
    {
        for root in &roots {
            commands.entity(root).despawn();
        }
        super::board::spawn_board(&mut commands, &art, &state.puzzle, settings.colour_blind);
    }
}
