//! `--screenshot OUT.png`: once the chosen screen has settled (no animation
//! running for a while), save a screenshot and exit with status 0.

use super::GameOptions;
use super::solver::{Autoplay, Ending};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy_tweening::TweenAnim;

/// Frames the screen must stay still before the picture is taken.
const SETTLE_FRAMES: u32 = 40;

#[derive(Resource, Default)]
struct Shot {
    still: u32,
    taken: bool,
    saved: bool,
    after: u32,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Shot>()
        .add_systems(Update, take_and_exit);
}

#[allow(clippy::too_many_arguments)]
fn take_and_exit(
    mut commands: Commands,
    options: Res<GameOptions>,
    mut shot: ResMut<Shot>,
    // (A how-to card's lesson loops: its pieces' pops never settle, and
    // on a slow machine its pauses are shorter than the settling frames.)
    anims: Query<(), (With<TweenAnim>, Without<super::puzzles::LessonPop>)>,
    screen: Res<State<super::Screen>>,
    next: Res<NextState<super::Screen>>,
    autoplay: Option<Res<Autoplay>>,
    verdict: Option<Res<super::editor::EditVerdict>>,
    aim: Res<super::board::layout::CameraAim>,
    marks: Option<Res<super::solver::move_map::MoveMarks>>,
    daily: Option<Res<super::daily::MakingDaily>>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(path) = options.screenshot.clone() else {
        return;
    };
    // With auto-play, the picture shows where it ended.
    let watching = options.autoplay.is_some()
        && *screen.get() == super::Screen::Play
        && autoplay.as_ref().is_none_or(|a| a.is_active());
    // In the editor, the picture shows the verdict.
    let thinking = *screen.get() == super::Screen::Edit
        && verdict
            .as_ref()
            .is_some_and(|v| v.pending() || (v.shown.is_none() && v.mistake.is_none()));
    // With the move map on, the picture shows its marks decided.
    let marking = marks.is_some_and(|m| m.pending());
    // On the title, the picture shows the levels of the day.
    let daily = daily.is_some() && *screen.get() == super::Screen::Title;
    let settling = watching
        || thinking
        || marking
        || daily
        || aim.moving
        || !anims.is_empty()
        || screen.is_changed()
        || !matches!(*next, NextState::Unchanged);
    if !shot.taken {
        shot.still = if settling { 0 } else { shot.still + 1 };
        if shot.still >= SETTLE_FRAMES {
            shot.taken = true;
            commands
                .spawn(Screenshot::primary_window())
                .observe(save_to_disk(path))
                .observe(|_: On<ScreenshotCaptured>, mut shot: ResMut<Shot>| shot.saved = true);
        }
        return;
    }
    if shot.saved {
        // A few frames for the file to be written.
        shot.after += 1;
        if shot.after > 5 {
            let lost = options.exit_when_done
                && autoplay
                    .as_ref()
                    .is_some_and(|a| !matches!(a.ending, Some(Ending::Won(_))));
            exit.write(if lost {
                AppExit::error()
            } else {
                AppExit::Success
            });
        }
    }
}
