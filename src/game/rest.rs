//! A game that rests: while its window is not focused (or is minimised) it
//! draws no frame unless something moves (an animation, auto-play, a solver
//! at work); with still water, a focused game at rest draws none either.
//! Frames while focused are paced by the display (the window's present mode
//! waits for it).

use super::GameOptions;
use super::settings::Settings;
use super::solver::{Autoplay, HintJob, Solvability};
use super::theme::water::WaterMaterial;
use bevy::platform::collections::HashSet;
use bevy::prelude::*;
use bevy::text::{FontAtlas, FontAtlasSet, TextLayoutInfo};
use bevy::time::common_conditions::on_real_timer;
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_tweening::TweenAnim;
use std::time::Duration;

/// glibc keeps the memory of large blocks once freed (its threshold for
/// giving them their own mapping rises as they are freed), so a game that
/// has run a few big searches keeps their tables' memory for good. With a
/// fixed threshold, each table of 128 KiB or more is mapped on its own and
/// returned when the search ends.
pub fn return_large_allocations() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a tuning parameter of the allocator; it is
    // called once, before the game's threads start.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
    }
}

/// How long a resting game waits for an event before it draws a frame
/// anyway: focused with still water, and unfocused or minimised. (A solver
/// at work keeps the game drawing until it answers.)
const REST_FOCUSED: Duration = Duration::from_secs(2);
const REST_UNFOCUSED: Duration = Duration::from_secs(10);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, (rest_mode, keep_awake, settle_after_input).chain())
        .add_systems(
            Update,
            (
                still_water,
                (let_go_unused_glyphs, hand_back_freed).run_if(on_real_timer(HAND_BACK)),
            ),
        );
}

/// How often the allocator is asked to hand freed memory back.
const HAND_BACK: Duration = Duration::from_secs(20);

/// Every `HAND_BACK`, the pages the allocator holds free (in the middle of
/// its heaps too: the many small blocks of a level's pieces, texts and
/// searches, freed when the player moves on) go back to the system, so a
/// long session's memory follows what it holds, not what it once held.
fn hand_back_freed() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only gives free pages of the allocator's heaps
    // back to the system; it is safe to call from any thread at any time.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Every `HAND_BACK`, the pictures of glyphs for a face and size that no
/// text shows any more are let go (a megabyte each, and its copy in the
/// renderer): lines fitted to the window take one of many sizes, and a long
/// session kept a picture for each size it ever drew. A size shown again is
/// drawn anew.
pub fn let_go_unused_glyphs(atlases: Option<ResMut<FontAtlasSet>>, texts: Query<&TextLayoutInfo>) {
    let Some(mut atlases) = atlases else { return };
    let shown: HashSet<AssetId<Image>> = texts
        .iter()
        .flat_map(|t| t.glyphs.iter().map(|g| g.atlas_info.texture))
        .collect();
    let in_use = |set: &Vec<FontAtlas>| set.iter().any(|a| shown.contains(&a.texture.id()));
    if !atlases.values().all(in_use) {
        atlases.retain(|_, set| in_use(set));
    }
}

/// Still water: the water's waves stop where they are.
fn still_water(
    settings: Res<Settings>,
    mut materials: ResMut<Assets<WaterMaterial>>,
    mut done: Local<Option<bool>>,
) {
    if *done == Some(settings.still_water) || materials.is_empty() {
        return;
    }
    let flow = if settings.still_water { 0.0 } else { 1.0 };
    let ids: Vec<_> = materials.ids().collect();
    for id in ids {
        if let Some(mut m) = materials.get_mut(id) {
            m.flow = flow;
        }
    }
    *done = Some(settings.still_water);
}

/// Whether the game must keep drawing: a picture or frame statistics were
/// asked for (they count frames), something animates, or a solver works.
fn busy(
    options: &GameOptions,
    anims: &Query<(), With<TweenAnim>>,
    autoplay: Option<&Autoplay>,
    hint: Option<&HintJob>,
    solvability: Option<&Solvability>,
) -> bool {
    options.screenshot.is_some()
        || options.frame_stats.is_some()
        || !anims.is_empty()
        || autoplay.is_some_and(Autoplay::is_active)
        || hint.is_some_and(|h| h.0.is_some())
        || solvability.is_some_and(Solvability::pending)
}

/// The update modes: continuous while focused (the water moves), unless the
/// water is still; reactive while unfocused or minimised.
fn rest_mode(
    settings: Res<Settings>,
    options: Res<GameOptions>,
    winit: Option<ResMut<WinitSettings>>,
) {
    let Some(mut winit) = winit else { return };
    let counting = options.screenshot.is_some() || options.frame_stats.is_some();
    let focused = if settings.still_water && !counting {
        UpdateMode::reactive(REST_FOCUSED)
    } else {
        UpdateMode::Continuous
    };
    let unfocused = if counting {
        UpdateMode::Continuous
    } else {
        UpdateMode::reactive_low_power(REST_UNFOCUSED)
    };
    if winit.focused_mode != focused || winit.unfocused_mode != unfocused {
        winit.focused_mode = focused;
        winit.unfocused_mode = unfocused;
    }
}

/// A frame asks for the next while anything moves, so a resting window
/// still plays an animation or a watched search to its end.
#[allow(clippy::too_many_arguments)]
fn keep_awake(
    options: Res<GameOptions>,
    anims: Query<(), With<TweenAnim>>,
    autoplay: Option<Res<Autoplay>>,
    hint: Option<Res<HintJob>>,
    solvability: Option<Res<Solvability>>,
    games: Option<Res<super::options::LineQueue>>,
    next: Option<Res<NextState<super::Screen>>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    // A screen asked for is shown at once, not at the next event.
    let changing = next.is_some_and(|n| !matches!(*n, NextState::Unchanged));
    // A file of games (`pond replay`) plays on through its pauses and the
    // making of its levels, focused or not.
    if changing
        || games.is_some_and(|q| !q.lines.is_empty() || q.opening)
        || busy(
            &options,
            &anims,
            autoplay.as_deref(),
            hint.as_deref(),
            solvability.as_deref(),
        )
    {
        redraw.write(RequestRedraw);
    }
}

/// Frames drawn after the player's input: a key or a click that brings a
/// screen or a panel is laid out in one frame, found under the pointer in
/// the next and lit in the one after (a level tile under a resting pointer
/// stayed unlit until the pointer moved, a resting game drawing nothing
/// unasked).
const SETTLE_FRAMES: u8 = 4;

/// A frame asks for the next for `SETTLE_FRAMES` frames after any input
/// (a key, a button, the pointer, the wheel, a touch) or a window resized.
#[allow(clippy::too_many_arguments)]
fn settle_after_input(
    keys: Option<MessageReader<bevy::input::keyboard::KeyboardInput>>,
    buttons: Option<MessageReader<bevy::input::mouse::MouseButtonInput>>,
    moved: Option<MessageReader<CursorMoved>>,
    wheel: Option<MessageReader<bevy::input::mouse::MouseWheel>>,
    touches: Option<MessageReader<TouchInput>>,
    resized: Option<MessageReader<bevy::window::WindowResized>>,
    mut left: Local<u8>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    // (A headless app may lack some of these messages.)
    let input = keys.map_or(0, |mut m| m.read().count())
        + buttons.map_or(0, |mut m| m.read().count())
        + moved.map_or(0, |mut m| m.read().count())
        + wheel.map_or(0, |mut m| m.read().count())
        + touches.map_or(0, |mut m| m.read().count())
        + resized.map_or(0, |mut m| m.read().count())
        > 0;
    if input {
        *left = SETTLE_FRAMES;
    }
    if *left > 0 {
        *left -= 1;
        redraw.write(RequestRedraw);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A key press is followed by a few frames asked for, then none: a
    /// screen it brings is drawn lit as it stands, and the game rests.
    #[test]
    fn input_is_followed_by_a_few_frames_then_rest() {
        use bevy::input::keyboard::{Key, KeyCode, KeyboardInput};
        use bevy::input::mouse::{MouseButtonInput, MouseWheel};
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_message::<KeyboardInput>()
            .add_message::<MouseButtonInput>()
            .add_message::<CursorMoved>()
            .add_message::<MouseWheel>()
            .add_message::<TouchInput>()
            .add_message::<bevy::window::WindowResized>()
            .add_message::<RequestRedraw>()
            .add_systems(Update, settle_after_input);
        let asked = |app: &mut App| {
            let mut m = app.world_mut().resource_mut::<Messages<RequestRedraw>>();
            let n = m.len();
            m.clear();
            n
        };
        app.update();
        assert_eq!(asked(&mut app), 0, "no input, no frame asked for");
        app.world_mut().write_message(KeyboardInput {
            key_code: KeyCode::KeyL,
            logical_key: Key::Character("l".into()),
            state: bevy::input::ButtonState::Pressed,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        let mut frames = 0;
        for _ in 0..10 {
            app.update();
            frames += asked(&mut app).min(1);
        }
        assert_eq!(frames, SETTLE_FRAMES as usize);
    }
}
