//! Everything Bevy: the window, the screens, the boards and their animations.
//! The rules state is one resource, the single source of truth; entities mirror
//! it and are respawned from it after every move. `docs/ARCHITECTURE.md` draws
//! the parts and the path of a move.

mod anim;
mod banner;
pub mod board;
pub mod codes;
pub mod daily;
pub mod editor;
mod frames;
pub mod howto;
mod hud;
mod keys;
pub mod lines;
pub mod memory;
pub mod menus;
mod navigate;
mod options;
pub mod packs;
pub mod panels;
pub mod play;
pub mod progress;
pub mod puzzles;
pub mod rest;
mod screens;
pub mod settings;
mod shot;
pub mod solver;
pub mod sound;
pub mod theme;

pub use options::{GameOptions, LineQueue, QueuedLines, Screen};

use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::render::settings::{MemoryHints, WgpuSettings};

/// The game's logic and screens, without the window: what headless tests add.
pub fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_plugins((
            theme::plugin,
            packs::plugin,
            play::plugin,
            board::plugin,
            anim::plugin,
            solver::plugin,
            hud::plugin,
            banner::plugin,
            menus::plugin,
            progress::plugin,
            settings::plugin,
            screens::plugin,
            codes::plugin,
            sound::plugin,
            howto::plugin,
        ))
        .add_plugins((
            puzzles::plugin,
            panels::plugin,
            editor::plugin,
            daily::plugin,
            lines::plugin,
        ))
        .add_systems(
            PreUpdate,
            keys::chords_in_order
                .after(bevy::input::InputSystems)
                .before(bevy::input_focus::InputFocusSystems::Dispatch),
        );
}

/// The task pools, with room on the async compute pool for the solvers: a
/// search being watched waits for the board on one of its threads, and
/// Bevy's own work there (compiling shaders) must never queue behind it.
pub fn task_pools() -> TaskPoolPlugin {
    let mut options = TaskPoolOptions::default();
    options.async_compute.min_threads = 4;
    TaskPoolPlugin {
        task_pool_options: options,
    }
}

/// The renderer's memory in small blocks. wgpu's default takes blocks of
/// 128 MiB and more for textures and 64 MiB for host buffers, and keeps the
/// last one of each for good; on a software renderer (and on any card that
/// shares the system's memory) their pages, once written, stay with the
/// process. A window made a new size makes its textures anew at new places
/// in the block, so a long session climbed by a block's size. Blocks of 4 to
/// 16 MiB are handed back once empty; a texture bigger than a block gets a
/// block of its own, handed back with it.
fn render_memory() -> RenderPlugin {
    const MIB: u64 = 1 << 20;
    RenderPlugin {
        render_creation: WgpuSettings {
            memory_hints: MemoryHints::Manual {
                suballocated_device_memory_block_size: 4 * MIB..16 * MIB,
            },
            ..default()
        }
        .into(),
        ..default()
    }
}

/// Opens the window and plays until it closes.
pub fn run(options: GameOptions) -> AppExit {
    let started = frames::Started(std::time::Instant::now());
    rest::return_large_allocations();
    let mut app = App::new();
    packs::register_disk_source(&mut app);
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Pond Puzzles".into(),
                    resolution: (1280, 720).into(),
                    ..default()
                }),
                ..default()
            })
            .set(task_pools())
            .set(render_memory()),
    )
    .add_plugins((
        MeshPickingPlugin,
        bevy_tweening::TweeningPlugin,
        theme::water::plugin,
        puzzles::drawing,
        rest::plugin,
    ))
    // A Flood tile at rest is hidden, drawn by the board's picture, and
    // still takes the pointer; every other mesh the pointer should pass through
    // is `Pickable::IGNORE`, shown or not.
    .insert_resource(MeshPickingSettings {
        ray_cast_visibility: RayCastVisibility::Any,
        ..default()
    })
    .insert_resource(ClearColor(theme::WATER))
    .insert_resource(options.clone())
    .add_plugins((plugin, frames::count_plugin))
    .add_systems(Startup, spawn_camera);
    if options.screenshot.is_some() {
        app.add_plugins(shot::plugin);
    }
    if options.frame_stats.is_some() {
        app.insert_resource(started).add_plugins(frames::plugin);
    }
    app.run()
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Camera2d, Msaa::Off, Name::new("Camera")));
}
