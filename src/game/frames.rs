//! `--frame-stats SECONDS`: how long the game took to show its first screen,
//! then the frame times over the next seconds, printed, then exit. The
//! figures the art issue asks for ("nothing slower to use") come from here.

use super::{GameOptions, Screen};
use bevy::prelude::*;
use std::time::{Duration, Instant};

/// When the process began, set by `run` before the app is built.
#[derive(Resource, Clone, Copy)]
pub(super) struct Started(pub Instant);

#[derive(Resource, Default)]
struct Frames {
    shown: Option<Instant>,
    last: Option<Instant>,
    times: Vec<Duration>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Frames>().add_systems(Last, measure);
}

fn measure(
    options: Res<GameOptions>,
    started: Res<Started>,
    screen: Res<State<Screen>>,
    mut frames: ResMut<Frames>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(seconds) = options.frame_stats else {
        return;
    };
    if *screen.get() == Screen::Loading {
        return;
    }
    let now = Instant::now();
    let Some(shown) = frames.shown else {
        frames.shown = Some(now);
        frames.last = Some(now);
        return;
    };
    if let Some(last) = frames.last.replace(now) {
        frames.times.push(now - last);
    }
    if now - shown < Duration::from_secs_f64(seconds) {
        return;
    }
    let mut times = frames.times.clone();
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let mean = times.iter().map(|&d| ms(d)).sum::<f64>() / times.len().max(1) as f64;
    let pick =
        |q: f64| times.get(((times.len() as f64 * q) as usize).min(times.len().saturating_sub(1)));
    println!(
        "first screen after {:.0} ms; {} frames in {seconds} s: mean {mean:.1} ms, median {:.1} ms, 95th percentile {:.1} ms, 99th percentile {:.1} ms, longest {:.1} ms",
        ms(shown - started.0),
        times.len(),
        pick(0.5).map_or(0.0, |&d| ms(d)),
        pick(0.95).map_or(0.0, |&d| ms(d)),
        pick(0.99).map_or(0.0, |&d| ms(d)),
        times.last().map_or(0.0, |&d| ms(d)),
    );
    exit.write(AppExit::Success);
}

/// With `POND_COUNTS` set (the soak sets it), once a minute the game logs
/// what it holds: entities and each kind of asset, so that memory that grows
/// can be traced to what grows with it.
pub(super) fn count_plugin(app: &mut App) {
    if std::env::var_os("POND_COUNTS").is_some() {
        app.add_systems(Last, log_counts);
    }
}

fn log_counts(
    time: Res<Time<Real>>,
    mut next: Local<f64>,
    entities: Query<()>,
    meshes: Res<Assets<Mesh>>,
    materials: Res<Assets<ColorMaterial>>,
    images: Res<Assets<Image>>,
    atlases: Res<Assets<TextureAtlasLayout>>,
    fonts: Res<Assets<Font>>,
) {
    let now = time.elapsed_secs_f64();
    if now < *next {
        return;
    }
    *next = now + 60.0;
    info!(
        "counts at {now:.0} s: {} entities, {} meshes, {} colour materials, {} images, {} atlas layouts, {} fonts",
        entities.iter().count(),
        meshes.len(),
        materials.len(),
        images.len(),
        atlases.len(),
        fonts.len()
    );
}
