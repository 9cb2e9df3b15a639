//! The game's sounds, made here in code: a hop, a splash, a flood, a walk, a
//! refused move and a win, each a short mono WAV built from sine sweeps and
//! filtered noise. They play (in builds with the `audio` feature) when a move
//! is applied or refused and when a level is won, at the settings' volume.

/// Samples a second.
pub const RATE: u32 = 22_050;

pub use super::theme::Sound;

impl Sound {
    pub const ALL: [Sound; 6] = [
        Sound::Hop,
        Sound::Splash,
        Sound::Flood,
        Sound::Walk,
        Sound::Illegal,
        Sound::Win,
    ];

    /// The sound's samples, -1 to 1.
    pub fn samples(self) -> Vec<f32> {
        match self {
            Sound::Hop => sweep(0.13, 380.0, 880.0, 0.012, 0.10),
            Sound::Splash => splash(),
            Sound::Flood => {
                let mut s = sweep(0.26, 620.0, 260.0, 0.01, 0.20);
                // A slow wobble, like water settling.
                for (i, x) in s.iter_mut().enumerate() {
                    let t = i as f32 / RATE as f32;
                    *x *= 0.75 + 0.25 * (t * 2.0 * std::f32::consts::PI * 18.0).sin();
                }
                s
            }
            Sound::Walk => {
                let step = sweep(0.07, 170.0, 120.0, 0.012, 0.05);
                let mut s = vec![0.0; (0.2 * RATE as f32) as usize];
                for start in [0, (0.11 * RATE as f32) as usize] {
                    for (i, x) in step.iter().enumerate() {
                        if let Some(y) = s.get_mut(start + i) {
                            *y += 0.9 * x;
                        }
                    }
                }
                s
            }
            Sound::Illegal => {
                let n = (0.2 * RATE as f32) as usize;
                (0..n)
                    .map(|i| {
                        let t = i as f32 / RATE as f32;
                        // A low, rough tone: a sine with its third harmonic.
                        let w = 2.0 * std::f32::consts::PI * 110.0 * t;
                        0.45 * (w.sin() + 0.35 * (3.0 * w).sin()) * envelope(t, 0.2, 0.005, 0.08)
                    })
                    .collect()
            }
            Sound::Win => {
                // Up the major chord, the last note held.
                let notes = [523.25, 659.25, 783.99, 1046.5];
                let mut s = Vec::new();
                for (k, f) in notes.iter().enumerate() {
                    let long = if k == notes.len() - 1 { 0.45 } else { 0.12 };
                    s.extend(sweep(long, *f, *f, 0.015, long * 0.8));
                }
                s
            }
        }
    }

    /// The sound as a WAV file (16-bit mono), what the audio player reads.
    pub fn wav(self) -> Vec<u8> {
        wav(&self.samples())
    }
}

/// Rises over `attack` seconds, holds, and falls away over the last `release`.
fn envelope(t: f32, length: f32, attack: f32, release: f32) -> f32 {
    let up = (t / attack).min(1.0);
    let down = ((length - t) / release).clamp(0.0, 1.0);
    up * down
}

/// A sine gliding from `from` to `to` hertz over `length` seconds.
fn sweep(length: f32, from: f32, to: f32, attack: f32, release: f32) -> Vec<f32> {
    let n = (length * RATE as f32) as usize;
    let mut phase = 0.0f32;
    (0..n)
        .map(|i| {
            let t = i as f32 / RATE as f32;
            let f = from + (to - from) * (t / length);
            phase += 2.0 * std::f32::consts::PI * f / RATE as f32;
            0.6 * phase.sin() * envelope(t, length, attack, release)
        })
        .collect()
}

/// Noise through a low-pass filter that closes as it fades: a splash.
fn splash() -> Vec<f32> {
    let length = 0.38;
    let n = (length * RATE as f32) as usize;
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    let mut low = 0.0f32;
    let mut lower = 0.0f32;
    (0..n)
        .map(|i| {
            let t = i as f32 / RATE as f32;
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let noise = (seed >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0;
            // Two poles, closing from a splash's hiss to a low gurgle.
            let open = 0.22 * (1.0 - t / length) + 0.03;
            low += open * (noise - low);
            lower += open * (low - lower);
            (2.2 * lower).clamp(-0.7, 0.7) * envelope(t, length, 0.006, 0.3)
        })
        .collect()
}

/// 16-bit mono PCM in a RIFF WAVE file.
fn wav(samples: &[f32]) -> Vec<u8> {
    let data = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + data as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data.to_le_bytes());
    for &x in samples {
        let v = (x.clamp(-1.0, 1.0) * i16::MAX as f32) as i16;
        out.extend_from_slice(&v.to_le_bytes());
    }
    out
}

/// Playing the sounds: only in builds with the `audio` feature.
#[cfg(feature = "audio")]
mod play {
    use super::Sound;
    use crate::game::play::{LevelWon, MoveApplied, MoveRejected, PlayState, PlaySystems};
    use crate::game::puzzles;
    use crate::game::settings::Settings;
    use bevy::audio::{AudioPlayer, AudioSource, PlaybackSettings, Volume};
    use bevy::prelude::*;
    use std::collections::HashMap;

    #[derive(Resource)]
    struct Sounds(HashMap<Sound, Handle<AudioSource>>);

    pub fn plugin(app: &mut App) {
        app.add_systems(Startup, make_sounds)
            .add_systems(Update, play_sounds.in_set(PlaySystems::Present));
    }

    fn make_sounds(mut commands: Commands, sources: Option<ResMut<Assets<AudioSource>>>) {
        // No audio plugin (a headless app): nothing to play on.
        let Some(mut sources) = sources else { return };
        let map = Sound::ALL
            .iter()
            .map(|&s| {
                let bytes: std::sync::Arc<[u8]> = s.wav().into();
                (s, sources.add(AudioSource { bytes }))
            })
            .collect();
        commands.insert_resource(Sounds(map));
    }

    fn play_sounds(
        mut commands: Commands,
        mut applied: MessageReader<MoveApplied>,
        mut rejected: MessageReader<MoveRejected>,
        mut won: MessageReader<LevelWon>,
        state: Res<PlayState>,
        settings: Res<Settings>,
        sounds: Option<Res<Sounds>>,
    ) {
        let Some(sounds) = sounds else { return };
        let mut play = |s: Sound| {
            let loud = settings.loudness();
            if loud > 0.0
                && let Some(h) = sounds.0.get(&s)
            {
                commands.spawn((
                    AudioPlayer::new(h.clone()),
                    PlaybackSettings::DESPAWN.with_volume(Volume::Linear(loud)),
                ));
            }
        };
        if rejected.read().last().is_some() {
            play(Sound::Illegal);
        }
        let Some(change) = applied.read().last() else {
            return;
        };
        // A win sounds instead of the move that won.
        if won.read().last().is_some() {
            play(Sound::Win);
            return;
        }
        for &sound in puzzles::sounds(&state.puzzle, change.change) {
            play(sound);
        }
    }
}

#[cfg(feature = "audio")]
pub(super) use play::plugin;

/// Without the `audio` feature the game is silent.
#[cfg(not(feature = "audio"))]
pub(super) fn plugin(_app: &mut bevy::prelude::App) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sound_is_a_short_audible_wav() {
        for s in Sound::ALL {
            let samples = s.samples();
            let seconds = samples.len() as f32 / RATE as f32;
            assert!((0.05..=1.0).contains(&seconds), "{s:?}: {seconds} s");
            let peak = samples.iter().fold(0.0f32, |m, x| m.max(x.abs()));
            assert!((0.1..=1.0).contains(&peak), "{s:?}: peak {peak}");
            // Silent at both ends: no click as it starts or stops.
            assert!(
                samples[0].abs() < 0.05 && samples.last().unwrap().abs() < 0.05,
                "{s:?}"
            );
            let wav = s.wav();
            assert_eq!(&wav[0..4], b"RIFF");
            assert_eq!(&wav[8..16], b"WAVEfmt ");
            assert_eq!(wav.len(), 44 + 2 * samples.len());
            assert_eq!(
                u32::from_le_bytes(wav[4..8].try_into().unwrap()) as usize,
                wav.len() - 8
            );
        }
        // Each sound is its own.
        for a in Sound::ALL {
            for b in Sound::ALL {
                assert!(a == b || a.wav() != b.wav());
            }
        }
    }
}
