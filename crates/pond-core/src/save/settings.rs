//! The player's settings as `settings.ron` keeps them: colour-blind mode,
//! the animation speed, fullscreen, the sound's volume and mute, the how-to
//! cards seen, still water. The game holds them as a resource and writes
//! them with `save_ron`.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
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
    /// The move map: every legal move marked on the board as keeping the
    /// level winnable or losing it (a win with it on is a win with help).
    pub move_map: bool,
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
            move_map: false,
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
