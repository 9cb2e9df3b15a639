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
    /// When this frame's update began, and how long each update took: the
    /// game's own work (its systems and Bevy's, from `First` to `Last`),
    /// apart from the drawing, which runs beside it on the render thread.
    began: Option<Instant>,
    work: Vec<Duration>,
    /// The frames over `SLOW`: when each ended (after the first screen) and
    /// how long it took, so that a long frame can be told from the first
    /// drawing of a new kind of piece or from a steady cost.
    slow: Vec<(Duration, Duration)>,
}

/// A frame longer than this is a stall a player can see.
const SLOW: Duration = Duration::from_millis(50);
/// How many of them are listed, with when they came.
const SLOW_LISTED: usize = 12;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Frames>()
        .add_systems(First, begin)
        .add_systems(Last, measure);
}

fn begin(options: Res<GameOptions>, mut frames: ResMut<Frames>) {
    if options.frame_stats.is_some() {
        frames.began = Some(Instant::now());
    }
}

/// The mean, median, 95th and 99th percentiles and longest of `times`, in
/// milliseconds.
fn spread(times: &mut [Duration]) -> (f64, f64, f64, f64, f64) {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let mean = times.iter().map(|&d| ms(d)).sum::<f64>() / times.len().max(1) as f64;
    let pick = |q: f64| {
        times
            .get(((times.len() as f64 * q) as usize).min(times.len().saturating_sub(1)))
            .map_or(0.0, |&d| ms(d))
    };
    (
        mean,
        pick(0.5),
        pick(0.95),
        pick(0.99),
        times.last().map_or(0.0, |&d| ms(d)),
    )
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
        if now - last > SLOW {
            frames.slow.push((now - shown, now - last));
        }
    }
    if let Some(began) = frames.began.take() {
        frames.work.push(now - began);
    }
    if now - shown < Duration::from_secs_f64(seconds) {
        return;
    }
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let count = frames.times.len();
    let (mean, median, p95, p99, longest) = spread(&mut frames.times);
    let (work_mean, _, _, work_p99, work_longest) = spread(&mut frames.work);
    println!(
        "first screen after {:.0} ms; {count} frames in {seconds} s: mean {mean:.1} ms, median {median:.1} ms, 95th percentile {p95:.1} ms, 99th percentile {p99:.1} ms, longest {longest:.1} ms; the game's own work a frame (its update, beside the drawing): mean {work_mean:.1} ms, 99th percentile {work_p99:.1} ms, longest {work_longest:.1} ms; {} frames over {} ms{}",
        ms(shown - started.0),
        frames.slow.len(),
        SLOW.as_millis(),
        slow_list(&frames.slow),
    );
    exit.write(AppExit::Success);
}

/// When the first `SLOW_LISTED` slow frames came and how long each took
/// (", at 0.1 s (77 ms), 4.5 s (52 ms)"), and how many more there were.
fn slow_list(slow: &[(Duration, Duration)]) -> String {
    let mut listed: Vec<String> = (slow.iter().take(SLOW_LISTED))
        .map(|&(at, took)| {
            format!(
                "{:.1} s ({:.0} ms)",
                at.as_secs_f64(),
                took.as_secs_f64() * 1000.0
            )
        })
        .collect();
    if slow.len() > SLOW_LISTED {
        listed.push(format!("and {} more", slow.len() - SLOW_LISTED));
    }
    if listed.is_empty() {
        String::new()
    } else {
        format!(", at {}", listed.join(", "))
    }
}

/// With `POND_COUNTS` set (the soak sets it), once a minute the game logs
/// what it holds: entities and each kind of asset, so that memory that grows
/// can be traced to what grows with it.
pub(super) fn count_plugin(app: &mut App) {
    if std::env::var_os("POND_COUNTS").is_some() {
        app.add_systems(Last, log_counts);
    }
}

#[allow(clippy::too_many_arguments)]
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slow_frames_are_listed_with_when_they_came_and_how_many_more() {
        let ms = Duration::from_millis;
        assert_eq!(slow_list(&[]), "");
        assert_eq!(
            slow_list(&[(ms(100), ms(77)), (ms(4_540), ms(52))]),
            ", at 0.1 s (77 ms), 4.5 s (52 ms)"
        );
        let many: Vec<_> = (0..15).map(|i| (ms(1_000 * i), ms(60))).collect();
        let listed = slow_list(&many);
        assert!(
            listed.starts_with(", at 0.0 s (60 ms), 1.0 s (60 ms)"),
            "{listed}"
        );
        assert!(listed.ends_with("11.0 s (60 ms), and 3 more"), "{listed}");
    }
}
