//! The packs the game offers: the shipped ones (embedded in the binary) and
//! any pack named on the command line. A broken pack is kept with its error,
//! so the level select can show it while the other packs stay playable.

use super::GameOptions;
use crate::levels::{self, Pack, PackError, SHIPPED};
use bevy::prelude::*;

pub struct PackEntry {
    pub file: String,
    pub pack: Result<Pack, PackError>,
}

#[derive(Resource, Default)]
pub struct Packs(pub Vec<PackEntry>);

/// The pack and level the player has chosen.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct Current {
    pub pack: usize,
    pub level: usize,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Current>()
        .add_systems(PreStartup, load_packs);
}

fn load_packs(mut commands: Commands, options: Option<Res<GameOptions>>) {
    let mut entries: Vec<PackEntry> = Vec::new();
    if let Some(path) = options.as_ref().and_then(|o| o.pack.as_ref()) {
        entries.push(PackEntry {
            file: path.display().to_string(),
            pack: levels::load(path),
        });
    }
    for (file, text) in SHIPPED {
        entries.push(PackEntry {
            file: file.to_string(),
            pack: levels::parse_pack(file, text),
        });
    }
    commands.insert_resource(Packs(entries));
}
