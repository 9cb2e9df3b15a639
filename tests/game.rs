//! The game without a window: the same `MoveRequested` messages a click
//! makes, frames run by hand, and the entities checked against the rules.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use pond_puzzles::game::board::HintMark;
use pond_puzzles::game::packs::{Current, Packs};
use pond_puzzles::game::play::{Hint, MoveRequested, PlayState, Request};
use pond_puzzles::game::solver::{
    Autoplay, AutoplayCommand, Ending, Solvability, SolverBudget, Speed, Verdict, Watch,
};
use pond_puzzles::game::{self, Screen};
use pond_puzzles::levels::{SHIPPED, parse_pack};
use pond_puzzles::rules::{Puzzle, PuzzleMove};
use pond_puzzles::solve::{self, Budget};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

#[path = "game/window.rs"]
mod window;

#[path = "game/window_systems.rs"]
mod window_systems;
use window_systems::{camera_matrices, mesh_bounds, nodes_shown};

#[path = "game/tree.rs"]
mod tree;

#[path = "game/rest.rs"]
mod rest;

#[path = "game/editor.rs"]
mod editor;

#[path = "game/timing.rs"]
mod timing;

#[path = "game/move_map.rs"]
mod move_map;

#[path = "game/tips.rs"]
mod tips;

#[path = "game/in_place.rs"]
mod in_place;

#[path = "game/lines.rs"]
mod lines;

#[path = "game/stuck.rs"]
mod stuck;

#[path = "game/scores.rs"]
mod scores;

#[path = "game/title.rs"]
mod title;

#[path = "game/autoplay.rs"]
mod autoplay;

#[path = "game/packs.rs"]
mod packs;

#[path = "game/navigation.rs"]
mod navigation;

#[path = "game/moves.rs"]
mod moves;

#[path = "game/kept.rs"]
mod kept;

#[path = "game/cards.rs"]
mod cards;

#[path = "game/esc_menu.rs"]
mod esc_menu;

#[path = "game/mirror.rs"]
mod mirror;
use mirror::*;

/// A data directory of the test's own, new and empty: no test reads or
/// writes the player's. They stand in one folder of this run's
/// (`pond-tests-PID`); the first call removes the folders of earlier runs
/// whose process is gone (a run left thousands behind).
fn temp_data_dir() -> std::path::PathBuf {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    static TIDY: std::sync::Once = std::sync::Once::new();
    let root = std::env::temp_dir();
    TIDY.call_once(|| {
        // (Whether a process lives is read from /proc: elsewhere none is tidied.)
        let Ok(entries) = std::fs::read_dir(&root) else {
            return;
        };
        if !std::path::Path::new("/proc/self").exists() {
            return;
        }
        for entry in entries.flatten() {
            let name = entry.file_name();
            let pid = name.to_str().and_then(|n| n.strip_prefix("pond-tests-"));
            if let Some(pid) = pid
                && pid.parse::<u32>().is_ok()
                && !std::path::Path::new("/proc").join(pid).exists()
            {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
    });
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = root
        .join(format!("pond-tests-{}", std::process::id()))
        .join(n.to_string());
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// A headless game with a data directory of its own.
fn app() -> App {
    app_with(game::GameOptions {
        data_dir: Some(temp_data_dir()),
        ..Default::default()
    })
}

/// Bevy's ECS logs through `log`: its warnings and errors fail the test
/// whose frame logged them.
struct EcsWarnings;

impl log::Log for EcsWarnings {
    fn enabled(&self, meta: &log::Metadata) -> bool {
        meta.level() <= log::Level::Warn && meta.target().starts_with("bevy_ecs")
    }

    fn log(&self, record: &log::Record) {
        // Not again while a test unwinds (its commands are dropped then).
        if self.enabled(record.metadata()) && !std::thread::panicking() {
            panic!("Bevy's ECS logged: {}", record.args());
        }
    }

    fn flush(&self) {}
}

fn fail_on_ecs_warnings() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        log::set_logger(&EcsWarnings).expect("the tests' logger is the only one");
        log::set_max_level(log::LevelFilter::Warn);
    });
}

fn app_with(options: game::GameOptions) -> App {
    app_in_window(options, None)
}

/// A headless game; with a window size, in a window of that size whose
/// interface Bevy lays out (its UI layout, without rendering), seen by a
/// camera the board is fitted to.
fn app_in_window(options: game::GameOptions, window: Option<UVec2>) -> App {
    assert!(options.data_dir.is_some(), "tests keep their data apart");
    let mut app = App::new();
    // A command on an entity that is gone, or any other error the game's
    // systems hand to Bevy (which a window would log as a warning), fails
    // the test; so does a warning Bevy's ECS logs of its own (a despawn of
    // an entity already gone).
    app.set_error_handler(bevy::ecs::error::panic);
    fail_on_ecs_warnings();
    app.insert_resource(options);
    game::packs::register_disk_source(&mut app);
    app.add_plugins((
        MinimalPlugins.set(game::task_pools()),
        StatesPlugin,
        AssetPlugin::default(),
        bevy::input::InputPlugin,
        bevy_tweening::TweeningPlugin,
        // The code box's field: text, keyboard focus and the editing keys.
        bevy::text::TextPlugin,
        bevy::input_focus::InputDispatchPlugin,
        bevy::ui_widgets::EditableTextInputPlugin,
    ))
    // What the text field reads from the window and the pointer, which a
    // headless game has not.
    .add_message::<Pointer<Release>>()
    .add_message::<bevy::window::Ime>()
    .init_resource::<bevy::ui::UiScale>()
    .init_asset::<Mesh>()
    .init_asset::<ColorMaterial>()
    .init_asset::<game::puzzles::TilesMaterial>()
    .init_asset::<Image>()
    .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        Duration::from_millis(50),
    ));
    if window.is_some() {
        app.add_plugins((
            bevy::picking::PickingPlugin,
            bevy::picking::InteractionPlugin,
            // The mouse's moves and buttons as the pointer's, and what of
            // the interface lies under it: a click on a button goes the way
            // a player's does (`window::click_at`).
            bevy::picking::input::PointerInputPlugin,
            // (With its picking backend for the interface.)
            bevy::ui::UiPlugin,
            // The widgets that turn a click into what they do.
            bevy::ui_widgets::ButtonPlugin,
            bevy::ui_widgets::SliderPlugin,
            // And the board's meshes under the pointer, as the game picks
            // them (a hidden Flood tile still takes the pointer).
            bevy::picking::mesh_picking::MeshPickingPlugin,
        ))
        .insert_resource(bevy::picking::mesh_picking::MeshPickingSettings {
            ray_cast_visibility: bevy::picking::mesh_picking::ray_cast::RayCastVisibility::Any,
            ..default()
        })
        // (What a window sends the pointer: `window::click_at` writes it.)
        .add_message::<bevy::window::WindowEvent>()
        .init_asset::<TextureAtlasLayout>()
        .init_resource::<Touches>()
        // Where things stand on the window, for the pointer.
        .add_plugins(TransformPlugin)
        .add_systems(
            PostUpdate,
            (
                camera_matrices.after(bevy::transform::TransformSystems::Propagate),
                nodes_shown,
                mesh_bounds,
            ),
        );
    }
    app.add_plugins(game::plugin);
    // Focused keys are sent from the primary window.
    let mut primary = Window::default();
    if let Some(size) = window {
        primary.resolution = size.into();
        let target = bevy::camera::RenderTargetInfo {
            physical_size: size,
            scale_factor: 1.0,
        };
        let mut camera = Camera {
            viewport: Some(bevy::camera::Viewport {
                physical_size: size,
                ..default()
            }),
            ..default()
        };
        camera.computed.target_info = Some(target);
        app.world_mut().spawn((Camera2d, camera));
    }
    app.world_mut()
        .spawn((primary, bevy::window::PrimaryWindow));
    // The packs load as assets; the title (or what the options open)
    // shows once they have.
    for _ in 0..5000 {
        app.update();
        if *app.world().resource::<State<Screen>>().get() != Screen::Loading {
            return app;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("the packs did not load");
}

fn start_level(app: &mut App, pack: &str, level: usize) {
    let text = SHIPPED.iter().find(|(n, _)| *n == pack).unwrap().1;
    let p = parse_pack(pack, text).unwrap();
    let index = app
        .world()
        .resource::<Packs>()
        .0
        .iter()
        .position(|e| e.file == pack)
        .unwrap();
    *app.world_mut().resource_mut::<Current>() = Current { pack: index, level };
    app.world_mut()
        .insert_resource(PlayState::new(p.levels[level].clone()));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Play);
    settle(app);
}

/// Runs frames until no animation is left (and a few more, for messages and
/// state changes to land).
fn settle(app: &mut App) {
    let mut still = 0;
    for _ in 0..400 {
        app.update();
        let busy = app
            .world_mut()
            .query_filtered::<(), With<bevy_tweening::TweenAnim>>()
            .iter(app.world())
            .next()
            .is_some()
            || app
                .world()
                .get_resource::<game::board::layout::CameraAim>()
                .is_some_and(|a| a.moving);
        still = if busy { 0 } else { still + 1 };
        if still >= 5 {
            return;
        }
    }
    panic!("the board did not settle");
}

fn count<C: Component>(app: &mut App) -> usize {
    app.world_mut()
        .query_filtered::<(), With<C>>()
        .iter(app.world())
        .count()
}

fn puzzle(app: &App) -> Puzzle {
    app.world().resource::<PlayState>().puzzle.clone()
}

/// The solver's line for the level on the board, from where it stands.
fn solution_on_board(app: &App) -> Vec<PuzzleMove> {
    let report = solve::solve(&puzzle(app), Budget::unlimited(), None, false);
    report
        .outcome
        .moves()
        .expect("the level on the board is solved")
        .to_vec()
}

/// Presses the button whose text is `label`, as a tap does, and lets the
/// game answer.
fn tap_button(app: &mut App, label: &str) {
    let button = button_saying(app, label);
    activate(app, button);
    settle(app);
}

/// The button whose words are `label`.
fn button_saying(app: &mut App, label: &str) -> Entity {
    let texts: Vec<(Entity, String)> = app
        .world_mut()
        .query::<(Entity, &Text)>()
        .iter(app.world())
        .map(|(e, t)| (e, t.0.clone()))
        .collect();
    app.world_mut()
        .query_filtered::<(Entity, &Children), With<Button>>()
        .iter(app.world())
        .find(|(_, children)| {
            (children.iter()).any(|c| texts.iter().any(|(e, t)| *e == c && t == label))
        })
        .map(|(b, _)| b)
        .unwrap_or_else(|| panic!("no button says {label:?}"))
}

/// The first legal move played by the player: the positions before and
/// after it.
fn one_move_played(app: &mut App) -> (Puzzle, Puzzle) {
    let before = puzzle(app);
    let mv = before.legal_moves()[0];
    app.world_mut().write_message(MoveRequested::player(mv));
    settle(app);
    let after = puzzle(app);
    assert_ne!(after, before, "the move changed nothing");
    (before, after)
}

/// A click's end on a button: the `Activate` that Bevy's button widget
/// fires. Only an entity that is that widget gets one from a click (a
/// bare `bevy::ui` button lights under the pointer and does nothing).
fn activate(app: &mut App, button: Entity) {
    assert!(
        app.world()
            .get::<bevy::ui_widgets::Button>(button)
            .is_some(),
        "{button} is not Bevy's button widget: a click on it does nothing"
    );
    app.world_mut()
        .trigger(bevy::ui_widgets::Activate { entity: button });
}

/// How many `LevelWon` messages the game has sent.
#[derive(Resource, Default)]
struct Wins(usize);

fn count_wins(mut won: MessageReader<game::play::LevelWon>, mut wins: ResMut<Wins>) {
    wins.0 += won.read().count();
}

/// Presses H and runs frames until the hint shows: its position and move.
fn ask_for_hint(app: &mut App) -> (Puzzle, pond_puzzles::rules::PuzzleMove) {
    press(app, KeyCode::KeyH);
    for _ in 0..2000 {
        app.update();
        if let Some(shown) = app.world().resource::<Hint>().shown.clone() {
            return shown;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("no hint");
}

/// A key pressed and released, as the window reports it.
fn press(app: &mut App, key: KeyCode) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        key_state(app, key, state);
    }
}

/// The node budget of Flood's exact search in the auto-play soak, where the
/// greedy line fits the level's limit.
const FLOOD_NODES: u64 = 20_000;

/// A move of `p` after which it can no longer be won.
fn a_losing_move(p: &Puzzle) -> PuzzleMove {
    use pond_puzzles::solve::{Budget, moves::winnable_map};
    winnable_map(p, &Budget::unlimited())
        .into_iter()
        .find(|(_, winnable)| *winnable == Some(false))
        .map(|(mv, _)| mv)
        .expect("a losing move")
}

/// Starts auto-play and runs frames until it ends; returns how it ended.
fn autoplay(app: &mut App, watch: Watch) -> Ending {
    app.world_mut().write_message(AutoplayCommand::Start(watch));
    for _ in 0..200_000 {
        app.update();
        if let Some(ending) = app
            .world()
            .get_resource::<Autoplay>()
            .and_then(|a| a.ending.clone())
        {
            settle(app);
            return ending;
        }
        // The solver runs on another thread: give it a moment while it thinks.
        if app
            .world()
            .get_resource::<Autoplay>()
            .is_some_and(|a| a.solution_len().is_none() && a.watch == Watch::Solution)
        {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
    panic!("auto-play did not end");
}

/// Types `text` as a player would: one key message a character (a space
/// as the space bar sends it, `Key::Space`, not as a character).
fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        let (key_code, logical_key) = match c {
            ' ' => (KeyCode::Space, Key::Space),
            _ => (
                KeyCode::Unidentified(bevy::input::keyboard::NativeKeyCode::Unidentified),
                Key::Character(c.to_string().into()),
            ),
        };
        for state in [ButtonState::Pressed, ButtonState::Released] {
            app.world_mut().write_message(KeyboardInput {
                key_code,
                logical_key: logical_key.clone(),
                state,
                text: Some(c.to_string().into()),
                repeat: false,
                window: Entity::PLACEHOLDER,
            });
            app.update();
        }
    }
}

/// A key's message as the window sends it: its code, its meaning, pressed
/// or let go, and the text it types.
fn key_event(
    key_code: KeyCode,
    logical_key: Key,
    state: ButtonState,
    text: Option<&str>,
) -> KeyboardInput {
    KeyboardInput {
        key_code,
        logical_key,
        state,
        text: text.map(Into::into),
        repeat: false,
        window: Entity::PLACEHOLDER,
    }
}

fn key_state(app: &mut App, key: KeyCode, state: ButtonState) {
    // The keys a text field reads by their meaning.
    let logical_key = match key {
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Enter => Key::Enter,
        KeyCode::Escape => Key::Escape,
        KeyCode::ControlLeft => Key::Control,
        KeyCode::ShiftLeft => Key::Shift,
        _ => Key::Unidentified(NativeKey::Unidentified),
    };
    app.world_mut().write_message(KeyboardInput {
        key_code: key,
        logical_key,
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
    app.update();
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// Runs frames (with time for the background task) until the screen is `s`.
fn until_screen(app: &mut App, s: Screen) {
    for _ in 0..2000 {
        if screen(app) == s {
            return;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("never reached {s:?}");
}

/// Every text on screen, spans included.
fn texts(app: &mut App) -> Vec<String> {
    let mut out: Vec<String> = app
        .world_mut()
        .query::<&Text>()
        .iter(app.world())
        .map(|t| t.0.clone())
        .collect();
    out.extend(
        app.world_mut()
            .query::<&TextSpan>()
            .iter(app.world())
            .map(|t| t.0.clone()),
    );
    out
}

/// A pack of the test's own in a data directory of its own, opened as
/// `pond play PACK [--level N]` opens it.
fn open_own_pack(text: &str, level: Option<usize>) -> (App, std::path::PathBuf) {
    let dir = temp_data_dir();
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mine.ron");
    std::fs::write(&path, text).unwrap();
    let mut app = app_with(game::GameOptions {
        data_dir: Some(dir.clone()),
        pack: Some(path),
        level,
        ..Default::default()
    });
    until_screen(
        &mut app,
        if level.is_some() {
            Screen::Play
        } else {
            Screen::Levels
        },
    );
    settle(&mut app);
    (app, dir)
}

/// Waits until both searches of the comparison have answered, then lets the
/// screen settle.
fn both_searches_in(app: &mut App) {
    use pond_puzzles::game::solver::compare::Comparison;
    use std::time::Duration;
    for _ in 0..2_000 {
        let both = app
            .world()
            .get_resource::<Comparison>()
            .is_some_and(|c| c.figures().iter().all(Option::is_some));
        if both {
            break;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    settle(app);
}
