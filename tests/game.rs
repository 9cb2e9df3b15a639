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

/// A data directory of the test's own, new and empty: no test reads or
/// writes the player's.
fn temp_data_dir() -> std::path::PathBuf {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("pond-test-{}-{n}", std::process::id()));
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
        ))
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

/// Which nodes show (none of them or their ancestors hidden), as a window's
/// game computes it: the interface's picking picks only what shows.
fn nodes_shown(
    mut nodes: Query<(Entity, &mut InheritedVisibility), With<Node>>,
    up: Query<(&Visibility, Option<&ChildOf>)>,
) {
    for (entity, mut inherited) in &mut nodes {
        let mut at = Some(entity);
        let mut shows = true;
        while let Some(e) = at {
            let Ok((visibility, parent)) = up.get(e) else {
                break;
            };
            shows &= *visibility != Visibility::Hidden;
            at = parent.map(ChildOf::parent);
        }
        let want = if shows {
            InheritedVisibility::VISIBLE
        } else {
            InheritedVisibility::HIDDEN
        };
        if *inherited != want {
            *inherited = want;
        }
    }
}

/// The camera's projection for its window, as Bevy's render camera system
/// would compute it (a headless game has none): the pointer's place on the
/// window maps to the world through it.
fn camera_matrices(
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut cameras: Query<(&mut Camera, &mut Projection)>,
) {
    // The window's scale factor, as the render camera takes it (a big
    // window draws the game bigger by it).
    let scale = windows.single().map_or(1.0, |w| w.scale_factor());
    for (mut camera, mut projection) in &mut cameras {
        if let Some(info) = camera.computed.target_info.as_mut()
            && info.scale_factor != scale
        {
            info.scale_factor = scale;
        }
        let Some(size) = camera.logical_viewport_size() else {
            continue;
        };
        projection.update(size.x, size.y);
        camera.computed.clip_from_view = projection.get_clip_from_view();
    }
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

#[test]
fn a_whole_swap_level_is_won_through_messages() {
    let mut app = app();
    start_level(&mut app, "swap.ron", 4);
    let start = puzzle(&app);
    let report = solve::solve(&start, Budget::unlimited(), None, false);
    let moves = report.outcome.moves().unwrap().to_vec();
    for mv in &moves {
        app.world_mut().write_message(MoveRequested::player(*mv));
        settle(&mut app);
        assert_board_mirrors_rules(&mut app);
    }
    assert!(puzzle(&app).is_won());
    assert_eq!(app.world().resource::<PlayState>().moves(), moves.len());
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

#[test]
fn rejected_moves_change_nothing_and_undo_redo_restore() {
    let mut app = app();
    start_level(&mut app, "hop.ron", 0);
    let before = puzzle(&app);
    let frogs = count::<game::board::Frog>(&mut app);
    let Puzzle::Hop(h) = &before else { panic!() };
    // A jump between two pads that are not on a line is refused.
    app.world_mut()
        .write_message(MoveRequested::player(pond_puzzles::rules::PuzzleMove::Hop(
            pond_puzzles::rules::hop::HopMove { from: 0, to: 12 },
        )));
    settle(&mut app);
    assert_eq!(puzzle(&app), before);
    assert_eq!(count::<game::board::Frog>(&mut app), frogs);
    let mv = before.legal_moves()[0];
    app.world_mut().write_message(MoveRequested::player(mv));
    settle(&mut app);
    assert_eq!(count::<game::board::Frog>(&mut app), frogs - 1);
    assert_eq!(count::<game::board::Lily>(&mut app), h.board.pads.len());
    let after = puzzle(&app);
    app.world_mut()
        .write_message(MoveRequested::player(Request::Undo));
    settle(&mut app);
    assert_eq!(puzzle(&app), before);
    assert_eq!(count::<game::board::Frog>(&mut app), frogs);
    app.world_mut()
        .write_message(MoveRequested::player(Request::Redo));
    settle(&mut app);
    assert_eq!(puzzle(&app), after);
    assert_board_mirrors_rules(&mut app);
}

#[test]
fn flood_and_escape_boards_mirror_the_rules() {
    let mut app = app();
    start_level(&mut app, "flood.ron", 0);
    let Puzzle::Flood(f) = puzzle(&app) else {
        panic!()
    };
    assert_eq!(count::<game::board::Tile>(&mut app), f.cells.len());
    assert_board_mirrors_rules(&mut app);
    let mv = puzzle(&app).legal_moves()[0];
    app.world_mut().write_message(MoveRequested::player(mv));
    settle(&mut app);
    assert_eq!(app.world().resource::<PlayState>().moves(), 1);
    assert_eq!(count::<game::board::Tile>(&mut app), f.cells.len());
    // Each tile in its cell, in its colour, the flooded region flat.
    assert_board_mirrors_rules(&mut app);
    app.world_mut()
        .write_message(MoveRequested::player(Request::Undo));
    settle(&mut app);
    assert_board_mirrors_rules(&mut app);

    start_level(&mut app, "escape.ron", 0);
    assert_eq!(count::<game::board::Animal>(&mut app), 16);
    let mv = puzzle(&app).legal_moves()[0];
    app.world_mut().write_message(MoveRequested::player(mv));
    settle(&mut app);
    let Puzzle::Escape(e) = puzzle(&app) else {
        panic!()
    };
    assert_eq!(e.queue.len(), 1);
    assert_eq!(count::<game::board::Animal>(&mut app), 16);
    assert_board_mirrors_rules(&mut app);
    // Taken back, the animal walks home.
    app.world_mut()
        .write_message(MoveRequested::player(Request::Undo));
    settle(&mut app);
    assert_board_mirrors_rules(&mut app);
}

/// The renderer draws a board's pieces in order of depth and batches runs
/// of one look: Flood's tiles, in depth order, come in one run per look
/// (colour, flooded or not), not in the cells' order where neighbours of
/// different colours broke every batch (a 100x100 board drew 10,000 times
/// a frame).
#[test]
fn flood_tiles_lie_in_depth_by_their_look_so_each_look_is_one_batch() {
    let mut app = app();
    start_level(&mut app, "flood.ron", 12);
    let mv = puzzle(&app).legal_moves()[0];
    app.world_mut().write_message(MoveRequested::player(mv));
    settle(&mut app);
    let world = app.world_mut();
    // (All under the board's root: their own depths order them.)
    let mut q = world.query_filtered::<(
        &Transform,
        &MeshMaterial2d<ColorMaterial>,
        &Mesh2d,
    ), With<game::board::Tile>>();
    let mut tiles: Vec<(f32, AssetId<ColorMaterial>, AssetId<Mesh>)> = q
        .iter(world)
        .map(|(t, m, mesh)| (t.translation.z, m.0.id(), mesh.0.id()))
        .collect();
    tiles.sort_by(|a, b| a.0.total_cmp(&b.0));
    let looks: std::collections::HashSet<_> = tiles.iter().map(|t| (t.1, t.2)).collect();
    let runs = 1 + tiles
        .windows(2)
        .filter(|w| (w[0].1, w[0].2) != (w[1].1, w[1].2))
        .count();
    assert!(looks.len() >= 4, "{} looks", looks.len());
    assert_eq!(runs, looks.len(), "one run of depth per look");
    // Tiles of one look share one depth, apart from the others'.
    for w in tiles.windows(2) {
        assert_eq!((w[0].1, w[0].2) == (w[1].1, w[1].2), w[0].0 == w[1].0);
    }
}

/// How many `LevelWon` messages the game has sent.
#[derive(Resource, Default)]
struct Wins(usize);

fn count_wins(mut won: MessageReader<game::play::LevelWon>, mut wins: ResMut<Wins>) {
    wins.0 += won.read().count();
}

/// A win is one message, sent by the move that wins; a refused request
/// afterwards (or before) leaves the rules state unmarked, so nothing that
/// watches it (the progress record, its save) runs again.
#[test]
fn a_win_is_one_message_and_a_refused_request_changes_nothing() {
    let mut app = app();
    app.init_resource::<Wins>()
        .add_systems(Update, count_wins.after(game::play::PlaySystems::Apply));
    start_level(&mut app, "swap.ron", 0);
    let line = solution_on_board(&app);
    let last_change = |app: &App| app.world().resource_ref::<PlayState>().last_changed();
    // Refused before the win: an undo with nothing to undo.
    let before = last_change(&app);
    app.world_mut()
        .write_message(MoveRequested::player(Request::Undo));
    settle(&mut app);
    assert_eq!(last_change(&app), before, "a refused undo marked the state");
    for &mv in &line {
        app.world_mut().write_message(MoveRequested::player(mv));
        settle(&mut app);
    }
    assert!(puzzle(&app).is_won());
    assert_eq!(app.world().resource::<Wins>().0, 1);
    let saved = |app: &App| {
        let dir = app
            .world()
            .resource::<game::GameOptions>()
            .data_dir
            .clone()
            .unwrap();
        std::fs::metadata(dir.join(game::progress::FILE))
            .and_then(|m| m.modified())
            .expect("the win was saved")
    };
    let (changed, written) = (last_change(&app), saved(&app));
    // Every frog of the won row, clicked: each refused.
    let won = puzzle(&app);
    let clicks: Vec<PuzzleMove> = (0..line.len() as u32 + 4)
        .filter_map(|pad| won.parse_move(&pad.to_string()).ok())
        .collect();
    assert!(!clicks.is_empty());
    for mv in clicks {
        app.world_mut().write_message(MoveRequested::player(mv));
        settle(&mut app);
    }
    assert_eq!(
        last_change(&app),
        changed,
        "a refused move marked the state"
    );
    assert_eq!(saved(&app), written, "a refused move saved progress again");
    assert_eq!(app.world().resource::<Wins>().0, 1);
    // Undone and played again, the win is a second win, and a second message.
    app.world_mut()
        .write_message(MoveRequested::player(Request::Undo));
    settle(&mut app);
    app.world_mut()
        .write_message(MoveRequested::player(Request::Redo));
    settle(&mut app);
    assert_eq!(app.world().resource::<Wins>().0, 2);
}

#[test]
fn a_win_with_the_solvers_help_is_marked_and_earns_no_stars() {
    let mut app = app();
    app.insert_resource(Speed::Instant);
    start_level(&mut app, "swap.ron", 1);
    let start = puzzle(&app);
    let line = solve::solve(&start, Budget::unlimited(), None, false)
        .outcome
        .moves()
        .unwrap()
        .to_vec();
    // The player's first move, then the solver's.
    app.world_mut()
        .write_message(MoveRequested::player(line[0]));
    settle(&mut app);
    assert!(!app.world().resource::<PlayState>().helped);
    assert_eq!(autoplay(&mut app, Watch::Solution), Ending::Won(line.len()));
    assert!(app.world().resource::<PlayState>().helped);
    let record = |app: &App| {
        *app.world()
            .resource::<game::progress::Progress>()
            .file
            .record("swap.ron", 1)
            .expect("recorded")
    };
    let r = record(&app);
    assert!(r.with_help, "{r:?}");
    assert_eq!(r.stars(), None);
    // The level select marks it.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Levels);
    app.update();
    app.update();
    assert!(
        texts(&mut app).iter().any(|t| t.contains("helped")),
        "{:?}",
        texts(&mut app)
    );

    // Again, alone: a restart forgets the help, and the win is the player's.
    start_level(&mut app, "swap.ron", 1);
    for &mv in &line[..2] {
        app.world_mut().write_message(MoveRequested::player(mv));
        settle(&mut app);
    }
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Solution));
    settle(&mut app);
    assert!(app.world().resource::<PlayState>().helped);
    press(&mut app, KeyCode::Backspace);
    settle(&mut app);
    let state = app.world().resource::<PlayState>();
    assert_eq!(state.moves(), 0);
    assert!(!state.helped, "a restart starts a fresh attempt");
    for &mv in &line {
        app.world_mut().write_message(MoveRequested::player(mv));
        settle(&mut app);
    }
    assert!(puzzle(&app).is_won());
    let r = record(&app);
    assert!(!r.with_help, "{r:?}");
    assert_eq!(r.best, line.len());
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

#[test]
fn every_puzzle_lists_the_same_keys_each_a_button_too_and_a_silent_build_offers_no_volume() {
    let mut app = app();
    let shared = [
        "U undo",
        "R redo",
        "H hint",
        "Backspace restart",
        "N next",
        "Esc menu",
    ];
    // Every shipped pack (a new puzzle's too).
    for (pack, _) in SHIPPED {
        start_level(&mut app, pack, 0);
        let texts = texts(&mut app);
        for key in shared {
            assert!(texts.iter().any(|t| t == key), "{pack}: {key}: {texts:?}");
        }
    }
    // Each key of the line is a button too, for a player with no keyboard:
    // a tap undoes, redoes, restarts and opens the menu.
    let (before, after) = one_move_played(&mut app);
    tap_button(&mut app, "U undo");
    assert_eq!(puzzle(&app), before);
    tap_button(&mut app, "R redo");
    assert_eq!(puzzle(&app), after);
    tap_button(&mut app, "Backspace restart");
    assert_eq!(puzzle(&app), before);
    assert_board_mirrors_rules(&mut app);
    tap_button(&mut app, "Esc menu");
    let menu = texts(&mut app);
    assert!(menu.iter().any(|t| t.contains("Resume")), "{menu:?}");
    let offered = |word: &str| menu.iter().any(|t| t.contains(word));
    assert_eq!(offered("Volume"), cfg!(feature = "audio"), "{menu:?}");
    assert_eq!(offered("Sound:"), cfg!(feature = "audio"), "{menu:?}");
    // T goes to the title from a level select too.
    press(&mut app, KeyCode::KeyL);
    until_screen(&mut app, Screen::Levels);
    press(&mut app, KeyCode::KeyT);
    until_screen(&mut app, Screen::Title);
}

#[test]
fn the_solver_panel_starts_folded_and_unfolds_for_auto_play() {
    use pond_puzzles::game::panels::SolverPanelOpen;
    let mut app = app();
    start_level(&mut app, "swap.ron", 0);
    assert!(!app.world().resource::<SolverPanelOpen>().0);
    assert!(texts(&mut app).iter().any(|t| t == "Solver  +"));
    // Its keys work folded: S starts auto-play, which unfolds it.
    press(&mut app, KeyCode::KeyS);
    app.update();
    assert!(app.world().get_resource::<Autoplay>().is_some());
    assert!(app.world().resource::<SolverPanelOpen>().0);
    assert!(texts(&mut app).iter().any(|t| t == "Solver  -"));
}

#[test]
fn restarting_a_won_level_touches_no_entity_that_is_gone() {
    let mut app = app();
    app.insert_resource(Speed::Instant);
    start_level(&mut app, "swap.ron", 1);
    assert!(matches!(
        autoplay(&mut app, Watch::Solution),
        Ending::Won(_)
    ));
    // The win's banner is up; Backspace plays again, U undoes nothing.
    press(&mut app, KeyCode::Backspace);
    settle(&mut app);
    assert_eq!(app.world().resource::<PlayState>().moves(), 0);
    press(&mut app, KeyCode::KeyU);
    settle(&mut app);
    assert_board_mirrors_rules(&mut app);
}

#[test]
fn refusals_and_hints_speak_of_colours_and_rings_not_pad_numbers() {
    use pond_puzzles::rules::PuzzleMove;
    let mut app = app();
    let refused = |app: &mut App| {
        app.update();
        app.update();
        texts(app)
            .into_iter()
            .find(|t| t.starts_with("Not allowed"))
            .expect("a refusal is told")
    };
    // Swap: a frog that cannot move is refused in the board's colours.
    start_level(&mut app, "swap.ron", 5);
    let Puzzle::Swap(s) = puzzle(&app) else {
        panic!()
    };
    let legal = puzzle(&app).legal_moves();
    let stuck = (0..s.cells.len() as u32)
        .find(|&from| {
            s.cells[from as usize] != pond_puzzles::rules::swap::Cell::Empty
                && !legal.contains(&PuzzleMove::Swap(pond_puzzles::rules::swap::SwapMove {
                    from,
                }))
        })
        .unwrap();
    app.world_mut()
        .write_message(MoveRequested::player(PuzzleMove::Swap(
            pond_puzzles::rules::swap::SwapMove { from: stuck },
        )));
    let words = refused(&mut app);
    assert!(words.contains("yellow frog only moves right"), "{words}");
    assert!(!words.contains("pad "), "{words}");
    // Hop: a jump off any line says how frogs jump, not which pads.
    start_level(&mut app, "hop.ron", 0);
    app.world_mut()
        .write_message(MoveRequested::player(PuzzleMove::Hop(
            pond_puzzles::rules::hop::HopMove { from: 0, to: 12 },
        )));
    let words = refused(&mut app);
    assert!(!words.chars().any(|c| c.is_ascii_digit()), "{words}");
    // A hint points at the rings.
    start_level(&mut app, "hop.ron", 3);
    ask_for_hint(&mut app);
    app.update();
    let hint = texts(&mut app)
        .into_iter()
        .find(|t| t.starts_with("Hint:"))
        .expect("the hint is told");
    assert!(
        hint.contains("ringed frog") && !hint.contains("pad 0"),
        "{hint}"
    );
    // What it costs is said before the hint is played.
    assert!(hint.contains("costs this win its stars"), "{hint}");
}

#[test]
fn clicking_the_pad_a_hint_rings_plays_the_hinted_jump() {
    let mut app = app();
    start_level(&mut app, "hop.ron", 3);
    let (at, mv) = ask_for_hint(&mut app);
    let (Puzzle::Hop(h), pond_puzzles::rules::PuzzleMove::Hop(jump)) = (&at, mv) else {
        panic!()
    };
    // Nothing picked: Enter (a click) on the ringed empty pad.
    assert_eq!(app.world().resource::<game::puzzles::Picked>().0, None);
    app.world_mut().resource_mut::<game::board::KeyCursor>().0 =
        Some(game::puzzles::hop_pos(h, jump.to));
    press(&mut app, KeyCode::Enter);
    settle(&mut app);
    let state = app.world().resource::<PlayState>();
    assert_eq!(state.done.iter().map(|d| d.0).collect::<Vec<_>>(), [mv]);
    assert!(state.helped);
    assert_board_mirrors_rules(&mut app);
}

#[test]
fn playing_the_hinted_move_counts_as_help() {
    let mut app = app();
    start_level(&mut app, "hop.ron", 3);
    let (_, mv) = ask_for_hint(&mut app);
    app.world_mut().write_message(MoveRequested::player(mv));
    settle(&mut app);
    assert_eq!(app.world().resource::<PlayState>().moves(), 1);
    assert!(app.world().resource::<PlayState>().helped);
}

#[test]
fn headless_games_keep_their_files_in_a_directory_of_their_own() {
    let mut app = app();
    let dir = app
        .world()
        .resource::<game::progress::Progress>()
        .dir
        .clone()
        .unwrap();
    assert!(dir.starts_with(std::env::temp_dir()), "{}", dir.display());
    assert_ne!(Some(dir.clone()), game::progress::default_dir());
    // A setting changed is written there (and so nowhere else).
    start_level(&mut app, "flood.ron", 0);
    press(&mut app, KeyCode::KeyC);
    assert!(dir.join(game::settings::FILE).exists());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_damaged_settings_file_is_moved_aside_and_told() {
    let dir = temp_data_dir();
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join(game::settings::FILE),
        "Settings(colour_blind: maybe)",
    )
    .unwrap();
    let app = app_with(game::GameOptions {
        data_dir: Some(dir.clone()),
        ..Default::default()
    });
    assert_eq!(
        *app.world().resource::<game::settings::Settings>(),
        game::settings::Settings::default()
    );
    assert!(!dir.join(game::settings::FILE).exists());
    let aside: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("settings.ron.damaged-"))
        .collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
    let notice = app
        .world()
        .resource::<game::progress::Progress>()
        .notice
        .clone()
        .unwrap_or_default();
    assert!(
        notice.contains("settings file could not be read"),
        "{notice}"
    );
    // Too large a file is not read at all, and is moved aside too.
    std::fs::write(dir.join(game::settings::FILE), vec![b' '; 9 << 20]).unwrap();
    let app = app_with(game::GameOptions {
        data_dir: Some(dir.clone()),
        ..Default::default()
    });
    assert!(!dir.join(game::settings::FILE).exists());
    drop(app);
    std::fs::remove_dir_all(&dir).ok();
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

/// Where the board's pieces stand and how they look, as the rules state says
/// they should: each frog on its pad in its colour, each tile in its cell's
/// colour, each animal in its cell or its queue slot with its kind and colour.
/// Returns what disagrees (nothing, for a board that mirrors the rules).
fn board_mismatches(app: &mut App) -> Vec<String> {
    use game::board::{Animal, BoardRoot, Frog, Tile};
    use game::puzzles::{escape_pos, flood_pos, hop_pos, queue_pos, swap_pos};
    use game::theme::Art;
    type Piece = (Vec2, AssetId<ColorMaterial>, Option<AssetId<Mesh>>);
    fn pieces<C: Component>(app: &mut App) -> Vec<Piece> {
        app.world_mut()
            .query_filtered::<(&Transform, &MeshMaterial2d<ColorMaterial>, &Mesh2d), With<C>>()
            .iter(app.world())
            .map(|(t, m, mesh)| (t.translation.truncate(), m.id(), Some(mesh.id())))
            .collect()
    }
    /// A piece as words, with its place rounded, for comparing as sets.
    fn words(pieces: &[Piece], with_mesh: bool) -> Vec<String> {
        let mut out: Vec<String> = pieces
            .iter()
            .map(|(at, m, mesh)| {
                let mesh = if with_mesh {
                    format!(" {mesh:?}")
                } else {
                    String::new()
                };
                // Rounded to a tenth, and -0.0 written as 0.0.
                let (x, y) = (
                    (at.x * 10.0).round() / 10.0 + 0.0,
                    (at.y * 10.0).round() / 10.0 + 0.0,
                );
                format!("({x:.1}, {y:.1}) {m:?}{mesh}")
            })
            .collect();
        out.sort();
        out
    }
    let art = app.world().resource::<Art>();
    let colour = |c: u8| art.palette[c as usize % art.palette.len()].id();
    let (kind, expected): (&str, Vec<Piece>) = match puzzle(app) {
        Puzzle::Swap(s) => {
            let n = s.cells.len();
            let frogs = s.cells.iter().enumerate().filter_map(|(i, c)| {
                let m = match c {
                    pond_puzzles::rules::swap::Cell::L => art.l_mat.id(),
                    pond_puzzles::rules::swap::Cell::R => art.r_mat.id(),
                    pond_puzzles::rules::swap::Cell::Empty => return None,
                };
                Some((swap_pos(i, n), m, None))
            });
            ("frog", frogs.collect())
        }
        Puzzle::Hop(h) => {
            let frogs = (0..h.board.pads.len() as u8).filter_map(|pad| {
                let m = if h.red == Some(pad) {
                    art.red_mat.id()
                } else if h.green >> pad & 1 == 1 {
                    art.green_mat.id()
                } else {
                    return None;
                };
                Some((hop_pos(&h, pad), m, None))
            });
            ("frog", frogs.collect())
        }
        Puzzle::Flood(f) => {
            // The flooded region is flat colour, the rest bevelled tiles.
            let flooded: Vec<u32> = f.region();
            let tiles = f.cells.iter().enumerate();
            let tiles = tiles.map(|(i, &c)| {
                let m = if flooded.contains(&(i as u32)) {
                    colour(c)
                } else {
                    art.tile_mats[c as usize % art.tile_mats.len()].id()
                };
                (flood_pos(&f, i), m, None)
            });
            ("tile", tiles.collect())
        }
        Puzzle::Escape(e) => {
            let look = |row: u8, col: u8| {
                let a = e.animal(row, col);
                let kind = a.kind as usize % art.animals.len();
                let bodies = &art.animal_mats[kind];
                (
                    bodies[a.colour as usize % bodies.len()].id(),
                    Some(art.animals[kind].id()),
                )
            };
            let mut animals = Vec::new();
            for row in 0..e.rows {
                for col in 0..e.left[row as usize] {
                    let (m, mesh) = look(row, col);
                    animals.push((escape_pos(&e, row, col), m, mesh));
                }
            }
            for (slot, &(row, col)) in e.queue.iter().enumerate() {
                let (m, mesh) = look(row, col);
                animals.push((queue_pos(&e, slot), m, mesh));
            }
            ("animal", animals)
        }
    };
    let shown = match kind {
        "frog" => pieces::<Frog>(app),
        "tile" => pieces::<Tile>(app),
        _ => pieces::<Animal>(app),
    };
    let with_mesh = kind == "animal";
    let (want, have) = (words(&expected, with_mesh), words(&shown, with_mesh));
    let mut wrong: Vec<String> = want
        .iter()
        .filter(|w| !have.contains(w))
        .map(|w| format!("no {kind} at {w}"))
        .collect();
    wrong.extend(
        have.iter()
            .filter(|h| !want.contains(h))
            .map(|h| format!("a {kind} at {h} that the rules do not have")),
    );
    if let Puzzle::Flood(f) = puzzle(app) {
        wrong.extend(picture_mismatches(app, &f));
    }
    let roots = count::<BoardRoot>(app);
    if roots != 1 {
        wrong.push(format!("{roots} boards"));
    }
    wrong
}

/// Flood's tiles at rest are drawn by one picture whose texture holds each
/// cell's look: its colour (red) and whether it is flooded (green).
fn picture_mismatches(app: &mut App, f: &pond_puzzles::rules::flood::Flood) -> Vec<String> {
    let materials: Vec<Handle<game::puzzles::TilesMaterial>> = app
        .world_mut()
        .query_filtered::<&MeshMaterial2d<game::puzzles::TilesMaterial>, With<game::puzzles::TilePicture>>()
        .iter(app.world())
        .map(|m| m.0.clone())
        .collect();
    let [material] = materials.as_slice() else {
        return vec![format!("{} tile pictures", materials.len())];
    };
    let world = app.world();
    let Some(m) = world
        .resource::<Assets<game::puzzles::TilesMaterial>>()
        .get(material)
    else {
        return vec!["the tile picture has no material".into()];
    };
    let Some(texels) =
        (world.resource::<Assets<Image>>().get(&m.looks)).and_then(|i| i.data.clone())
    else {
        return vec!["the tile picture has no texture".into()];
    };
    let flooded: std::collections::HashSet<u32> = f.region().into_iter().collect();
    let mut wrong = Vec::new();
    if texels.len() != f.cells.len() * 4 {
        wrong.push(format!(
            "{} texels for {} cells",
            texels.len() / 4,
            f.cells.len()
        ));
    }
    for (i, (&c, texel)) in f.cells.iter().zip(texels.chunks(4)).enumerate() {
        let inside = flooded.contains(&(i as u32));
        if (texel[0], texel[1] == 255) != (c, inside) {
            wrong.push(format!(
                "the picture's cell {i} is ({}, {}), the rules' ({c}, {inside})",
                texel[0], texel[1]
            ));
        }
    }
    wrong
}

/// The board's pieces agree with the rules state, place by place.
fn assert_board_mirrors_rules(app: &mut App) {
    let wrong = board_mismatches(app);
    assert!(
        wrong.is_empty(),
        "the board is not the rules state: {wrong:#?}"
    );
}

/// Flood's exact search is bounded, as the game's clock bounds it: where
/// the greedy line already fits the limit, a small budget (the biggest boards
/// then play their best line found); elsewhere enough for the search to
/// prove its answer. None for the other puzzles.
fn shipped_budget(p: &Puzzle) -> Option<Budget> {
    let Puzzle::Flood(f) = p else {
        return None;
    };
    let fast = solve::flood::solve_fast(f).len() as u32;
    Some(if f.limit.is_none_or(|l| fast <= l) {
        Budget::nodes(FLOOD_NODES)
    } else {
        Budget::nodes(1_000_000)
    })
}

/// Every change the rules state went through, as the game told it.
#[derive(Resource, Default)]
struct Changes(Vec<(Puzzle, game::play::Change)>);

fn record_changes(mut applied: MessageReader<game::play::MoveApplied>, mut seen: ResMut<Changes>) {
    seen.0
        .extend(applied.read().map(|m| (m.before.clone(), m.change)));
}

#[test]
fn arrows_and_enter_play_a_move_like_a_click() {
    let mut app = app();
    start_level(&mut app, "swap.ron", 0);
    press(&mut app, KeyCode::ArrowRight);
    press(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(app.world().resource::<PlayState>().moves(), 1);
    assert_board_mirrors_rules(&mut app);
    // Hop: Enter on a frog picks it; Enter on a pad beyond jumps.
    start_level(&mut app, "hop.ron", 0);
    let start = puzzle(&app);
    let Puzzle::Hop(h) = &start else { panic!() };
    let legal = start.legal_moves();
    let pond_puzzles::rules::PuzzleMove::Hop(jump) = legal[0] else {
        panic!()
    };
    let at = |pad: u8| game::puzzles::hop_pos(h, pad);
    app.world_mut().resource_mut::<game::board::KeyCursor>().0 = Some(at(jump.from));
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        app.world().resource::<game::puzzles::Picked>().0,
        Some(u32::from(jump.from))
    );
    app.world_mut().resource_mut::<game::board::KeyCursor>().0 = Some(at(jump.to));
    press(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(app.world().resource::<PlayState>().done[0].0, legal[0]);
}

#[test]
fn a_win_is_kept_in_the_data_directory_across_runs() {
    let dir = std::env::temp_dir().join(format!("pond-data-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let options = game::GameOptions {
        data_dir: Some(dir.clone()),
        ..Default::default()
    };
    let mut app = app_with(options.clone());
    app.insert_resource(Speed::Instant);
    start_level(&mut app, "swap.ron", 1);
    assert_eq!(autoplay(&mut app, Watch::Solution), Ending::Won(5));
    let on_disk = std::fs::read_to_string(dir.join(game::progress::FILE)).unwrap();
    assert!(on_disk.contains("swap.ron"), "{on_disk}");
    drop(app);

    let mut app = app_with(options);
    let progress = app.world().resource::<game::progress::Progress>();
    let record = progress.file.record("swap.ron", 1).expect("kept");
    assert_eq!(record.best, 5);
    // The statistics screen counts it.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Stats);
    app.update();
    app.update();
    let texts: Vec<String> = app
        .world_mut()
        .query::<&Text>()
        .iter(app.world())
        .map(|t| t.0.clone())
        .collect();
    assert!(
        texts.iter().any(|t| t.contains("1 of 16 solved")),
        "{texts:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn colour_blind_mode_numbers_the_colours_and_is_kept() {
    let dir = std::env::temp_dir().join(format!("pond-settings-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let options = game::GameOptions {
        data_dir: Some(dir.clone()),
        ..Default::default()
    };
    let mut app = app_with(options.clone());
    start_level(&mut app, "flood.ron", 0);
    assert_eq!(count::<Text2d>(&mut app), 0);
    press(&mut app, KeyCode::KeyC);
    settle(&mut app);
    assert!(
        app.world()
            .resource::<game::settings::Settings>()
            .colour_blind
    );
    let Puzzle::Flood(f) = puzzle(&app) else {
        panic!()
    };
    // Every tile carries its colour's number, as the palette counts them.
    assert_eq!(count::<Text2d>(&mut app), f.cells.len());
    let mut labels: Vec<((i32, i32), String)> = app
        .world_mut()
        .query::<(&Text2d, &ChildOf)>()
        .iter(app.world())
        .map(|(t, parent)| (parent.parent(), t.0.clone()))
        .collect::<Vec<_>>()
        .into_iter()
        .map(|(tile, text)| {
            // The number stands on its tile.
            let at = app
                .world()
                .get::<Transform>(tile)
                .expect("a tile")
                .translation;
            ((at.x.round() as i32, at.y.round() as i32), text)
        })
        .collect();
    labels.sort();
    let mut want: Vec<((i32, i32), String)> = f
        .cells
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let at = game::puzzles::flood_pos(&f, i);
            ((at.x.round() as i32, at.y.round() as i32), format!("{c}"))
        })
        .collect();
    want.sort();
    assert_eq!(labels, want);
    assert_board_mirrors_rules(&mut app);
    // A: the player's moves animate faster (1.5x after normal).
    press(&mut app, KeyCode::KeyA);
    assert_eq!(
        app.world()
            .resource::<game::settings::Settings>()
            .animation_speed(),
        1.5
    );
    let mv = puzzle(&app).legal_moves()[0];
    app.world_mut().write_message(MoveRequested::player(mv));
    app.update();
    app.update();
    let speeds: Vec<f64> = app
        .world_mut()
        .query::<&bevy_tweening::TweenAnim>()
        .iter(app.world())
        .map(|t| t.speed)
        .collect();
    assert!(
        !speeds.is_empty() && speeds.iter().all(|&s| s == 1.5),
        "{speeds:?}"
    );
    settle(&mut app);
    // V: the volume steps up (7 to 8 to 10, then round to silent); O mutes,
    // and a muted game is silent whatever the volume.
    press(&mut app, KeyCode::KeyV);
    press(&mut app, KeyCode::KeyV);
    press(&mut app, KeyCode::KeyO);
    let s = *app.world().resource::<game::settings::Settings>();
    assert_eq!((s.volume, s.muted), (10, true));
    assert_eq!(s.loudness(), 0.0);
    press(&mut app, KeyCode::KeyV);
    press(&mut app, KeyCode::KeyV);
    let s = *app.world().resource::<game::settings::Settings>();
    assert_eq!((s.volume, s.muted), (2, false));
    assert!((s.loudness() - 0.2).abs() < 1e-6);
    let saved = std::fs::read_to_string(dir.join(game::settings::FILE)).unwrap();
    assert!(saved.contains("colour_blind: true"), "{saved}");
    assert!(saved.contains("animation: 3"), "{saved}");
    assert!(saved.contains("volume: 2"), "{saved}");
    drop(app);
    let app = app_with(options);
    let s = *app.world().resource::<game::settings::Settings>();
    assert!(s.colour_blind);
    assert_eq!((s.volume, s.muted), (2, false));
    std::fs::remove_dir_all(&dir).ok();
}

/// Types `text` as a player would: one key message a character.
fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        for state in [ButtonState::Pressed, ButtonState::Released] {
            app.world_mut().write_message(KeyboardInput {
                key_code: KeyCode::Unidentified(bevy::input::keyboard::NativeKeyCode::Unidentified),
                logical_key: Key::Character(c.to_string().into()),
                state,
                text: Some(c.to_string().into()),
                repeat: false,
                window: Entity::PLACEHOLDER,
            });
            app.update();
        }
    }
}

fn key_state(app: &mut App, key: KeyCode, state: ButtonState) {
    // The keys a text field reads by their meaning.
    let logical_key = match key {
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Enter => Key::Enter,
        KeyCode::Escape => Key::Escape,
        KeyCode::ControlLeft => Key::Control,
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

/// With the search's column open, the "?" card explains the search map:
/// a swatch for each of its marks, what it means and how the map is read;
/// without it, the card keeps to the puzzle.
#[test]
fn the_question_mark_card_explains_the_map_when_it_is_shown() {
    use game::play::Menu;
    let mut app = app();
    start_level(&mut app, "pegs.ron", 7);
    let explains = |app: &mut App| texts(app).iter().any(|t| t.starts_with("The search map:"));
    press(&mut app, KeyCode::Slash);
    settle(&mut app);
    assert_eq!(*app.world().resource::<State<Menu>>().get(), Menu::HowTo);
    assert!(!explains(&mut app), "the map explained with no map shown");
    press(&mut app, KeyCode::Escape);
    settle(&mut app);
    app.world_mut()
        .resource_mut::<game::panels::TreeViewOpen>()
        .0 = true;
    settle(&mut app);
    press(&mut app, KeyCode::Slash);
    settle(&mut app);
    assert!(explains(&mut app), "the map's card");
    // Each mark with what it means (how lost, cut, dead end and set aside
    // differ), not only its word as the column's key has it.
    // ("Set aside" only where the search sets lines aside: not on the
    // English board's depth-first search.)
    use pond_puzzles::solve::map::{MapMark, key_all, key_meaning};
    let words = texts(&mut app);
    for mark in key_all() {
        let word = key_meaning(mark);
        let shown = words.iter().any(|t| t == word);
        let set_aside = matches!(mark, MapMark::SetAside(_));
        assert_eq!(shown, !set_aside, "{word:?} in the key: {shown}");
    }
}

/// The first level of a puzzle opens its how-to card, which holds the board
/// still; Enter closes it, and it does not open by itself again (the
/// settings remember it, across a restart of the game); `?` opens it again.
#[test]
fn the_how_to_card_opens_the_first_time_and_on_the_question_mark() {
    use game::play::Menu;
    let dir = temp_data_dir();
    let options = game::GameOptions {
        data_dir: Some(dir.clone()),
        teach: true,
        ..Default::default()
    };
    let menu = |app: &App| *app.world().resource::<State<Menu>>().get();
    let mut app = app_with(options.clone());
    start_level(&mut app, "escape.ron", 0);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::HowTo);
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.contains("share its colour or its kind"))
    );
    press(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::Closed);
    let taught = app.world().resource::<game::settings::Settings>().taught;
    assert_ne!(taught, 0);
    // Another Escape level: no card.
    start_level(&mut app, "escape.ron", 1);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::Closed);
    press(&mut app, KeyCode::Slash);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::HowTo);
    press(&mut app, KeyCode::Escape);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::Closed);
    // A Swap level is new to the player: its own card.
    start_level(&mut app, "swap.ron", 0);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::HowTo);
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.contains("Yellow frogs only move right"))
    );
    drop(app);
    // After a restart, the settings remember both.
    let mut app = app_with(options);
    start_level(&mut app, "escape.ron", 2);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::Closed);
    drop(app);
    std::fs::remove_dir_all(&dir).ok();
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

/// A level whose start is its goal is won with no move, and that is its
/// shortest solution: the win gives it, not "not known".
#[test]
fn a_level_won_at_its_start_has_a_shortest_of_no_move() {
    let (mut app, dir) = open_own_pack(
        "Pack(name: \"Mine\", levels: [Swap(name: \"Empty\", row: \"___\")])",
        Some(1),
    );
    let said = texts(&mut app);
    assert!(said.iter().any(|t| t == "shortest 0: perfect!"), "{said:?}");
    assert!(said.iter().all(|t| !t.contains("not known")), "{said:?}");
    drop(app);
    std::fs::remove_dir_all(&dir).ok();
}

/// Escape's bar says which animal may go out next.
#[test]
fn escape_tells_the_rule_for_the_next_animal_out() {
    let mut app = app();
    start_level(&mut app, "escape.ron", 2);
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.contains("any animal may go out first"))
    );
    let Puzzle::Escape(e) = puzzle(&app) else {
        panic!()
    };
    let row = e.rows - 1;
    let out = e.animal(row, e.cols - 1);
    app.world_mut()
        .write_message(MoveRequested::player(PuzzleMove::Escape(
            pond_puzzles::rules::escape::EscapeMove { row },
        )));
    settle(&mut app);
    let (colour, kind) = out.describe_parts();
    let want = format!("next out: a {colour} animal or a {kind}");
    assert!(texts(&mut app).iter().any(|t| t.contains(&want)), "{want}");
    // Colour-blind mode says the colour's number too, as the badges show it.
    press(&mut app, KeyCode::KeyC);
    settle(&mut app);
    let want = format!("next out: a {colour} ({}) animal", out.colour + 1);
    let said = texts(&mut app);
    assert!(said.iter().any(|t| t.contains(&want)), "{want}: {said:?}");
    // There, a colour is named as its palette shows it: the rules' seventh,
    // pink, is dark blue in that palette.
    let pack = parse_pack(
        "p.ron",
        r#"Pack(name: "p", levels: [Escape(name: "e", rows: ["b1 a7", "a1 b2"])])"#,
    )
    .unwrap();
    app.world_mut()
        .insert_resource(PlayState::new(pack.levels[0].clone()));
    settle(&mut app);
    app.world_mut()
        .write_message(MoveRequested::player(PuzzleMove::Escape(
            pond_puzzles::rules::escape::EscapeMove { row: 0 },
        )));
    settle(&mut app);
    let want = "next out: a dark blue (7) animal";
    let said = texts(&mut app);
    assert!(said.iter().any(|t| t.contains(want)), "{want}: {said:?}");
    // And a hint too: every animal of this prison is the seventh colour.
    let pack = parse_pack(
        "p.ron",
        r#"Pack(name: "p", levels: [Escape(name: "e", rows: ["b7 a7"])])"#,
    )
    .unwrap();
    app.world_mut()
        .insert_resource(PlayState::new(pack.levels[0].clone()));
    settle(&mut app);
    ask_for_hint(&mut app);
    settle(&mut app);
    let said = texts(&mut app);
    let hint = said.iter().find(|t| t.starts_with("Hint:"));
    assert!(
        hint.is_some_and(|h| h.contains("dark blue (7)") && !h.contains("pink")),
        "{said:?}"
    );
}

/// A normal run through every screen and puzzle leaves no warning or error
/// of the game's own in the log. The app's schedules run on this thread, so
/// that a subscriber of this test's own sees what the systems log.
#[test]
fn a_run_through_every_screen_logs_no_warning_of_the_games_own() {
    use bevy::ecs::schedule::{ScheduleLabel, SingleThreadedExecutor};
    use bevy::log::tracing::{self, Level};
    use bevy::log::tracing_subscriber::{self, Layer, layer::SubscriberExt};
    use std::sync::{Arc, Mutex};

    struct Catch(Arc<Mutex<Vec<String>>>);
    impl<S: tracing::Subscriber> Layer<S> for Catch {
        fn on_event(
            &self,
            event: &tracing::Event<'_>,
            _: tracing_subscriber::layer::Context<'_, S>,
        ) {
            let m = event.metadata();
            if *m.level() <= Level::WARN && m.target().starts_with("pond_puzzles") {
                self.0.lock().unwrap().push(format!(
                    "{} {} {}:{}",
                    m.level(),
                    m.target(),
                    m.file().unwrap_or("?"),
                    m.line().unwrap_or(0)
                ));
            }
        }
    }
    let caught = Arc::new(Mutex::new(Vec::new()));
    let subscriber = tracing_subscriber::registry().with(Catch(caught.clone()));
    tracing::subscriber::with_default(subscriber, || {
        let mut app = app();
        for label in [
            First.intern(),
            PreUpdate.intern(),
            StateTransition.intern(),
            Update.intern(),
            PostUpdate.intern(),
            Last.intern(),
        ] {
            app.edit_schedule(label, |s| {
                s.set_executor(SingleThreadedExecutor::new());
            });
        }
        app.insert_resource(Speed::Instant);
        for (pack, level) in [
            ("swap.ron", 1),
            ("hop.ron", 0),
            ("pegs.ron", 0),
            ("flood.ron", 0),
            ("escape.ron", 0),
        ] {
            start_level(&mut app, pack, level);
            // The menu and the how-to card, opened and closed.
            for key in [
                KeyCode::Escape,
                KeyCode::Escape,
                KeyCode::Slash,
                KeyCode::Enter,
            ] {
                press(&mut app, key);
                settle(&mut app);
            }
            let ending = autoplay(&mut app, Watch::Solution);
            assert!(matches!(ending, Ending::Won(_)), "{pack}: {ending:?}");
            settle(&mut app);
            // Undo, restart after the win, then the level select and back.
            for key in [KeyCode::KeyU, KeyCode::Backspace, KeyCode::KeyL] {
                press(&mut app, key);
                settle(&mut app);
            }
            until_screen(&mut app, Screen::Levels);
            press(&mut app, KeyCode::KeyT);
            until_screen(&mut app, Screen::Title);
        }
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Stats);
        settle(&mut app);
        press(&mut app, KeyCode::KeyT);
        until_screen(&mut app, Screen::Title);
    });
    let caught = caught.lock().unwrap();
    assert!(caught.is_empty(), "the game logged: {caught:#?}");
}

/// The lines of the top bar and the solver panel say what is so after the
/// paths a player takes: the next level (N), a pause, a restart after a
/// stopped solution, a refused colour, a won prison.
#[test]
fn the_bar_and_the_panel_follow_the_player() {
    let mut app = app();
    // N from a level: the next level's bar has its move counter at once, and
    // Escape's rule for the first animal out.
    start_level(&mut app, "hop.ron", 1);
    press(&mut app, KeyCode::KeyN);
    settle(&mut app);
    let third = parse_pack("hop.ron", SHIPPED[1].1).unwrap().levels[2].clone();
    assert_eq!(app.world().resource::<PlayState>().level.name, third.name);
    let Puzzle::Hop(h) = &third.puzzle else {
        panic!()
    };
    let counter = format!("Moves: 0   {} frogs left", h.frogs());
    assert!(texts(&mut app).contains(&counter), "{:?}", texts(&mut app));
    start_level(&mut app, "escape.ron", 1);
    press(&mut app, KeyCode::KeyN);
    settle(&mut app);
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t == "Moves: 0   any animal may go out first"),
        "{:?}",
        texts(&mut app)
    );

    // Pause turns into Resume while paused, and back.
    start_level(&mut app, "swap.ron", 4);
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Solution));
    for _ in 0..20 {
        app.update();
    }
    let labels = |app: &mut App| {
        let t = texts(app);
        (
            t.iter().any(|t| t == "Pause"),
            t.iter().any(|t| t == "Resume"),
        )
    };
    assert_eq!(labels(&mut app), (true, false));
    press(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(labels(&mut app), (false, true));
    press(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(labels(&mut app), (true, false));

    // Stop, then Backspace: the panel no longer tells of the stopped
    // solution and its moves.
    press(&mut app, KeyCode::KeyX);
    settle(&mut app);
    assert!(texts(&mut app).iter().any(|t| t.contains("stopped")));
    press(&mut app, KeyCode::Backspace);
    settle(&mut app);
    assert_eq!(app.world().resource::<PlayState>().moves(), 0);
    let shown = texts(&mut app);
    assert!(!shown.iter().any(|t| t.contains("stopped")), "{shown:?}");
    assert!(
        shown
            .iter()
            .any(|t| t.starts_with("Solve plays a solution")),
        "{shown:?}"
    );

    // Flood: the current colour, refused in the palette's numbers.
    start_level(&mut app, "flood.ron", 0);
    let Puzzle::Flood(f) = puzzle(&app) else {
        panic!()
    };
    let current = f.region_colour();
    app.world_mut()
        .write_message(MoveRequested::player(PuzzleMove::Flood(
            pond_puzzles::rules::flood::FloodMove { colour: current },
        )));
    settle(&mut app);
    let want = format!("Not allowed: the flood is colour {current} already: pick another colour.");
    assert!(texts(&mut app).contains(&want), "{:?}", texts(&mut app));
    // The buttons, the keys and the level file number the colours alike,
    // from 0: the key of a colour's digit floods with that colour.
    let shown = texts(&mut app);
    for c in 0..f.colours {
        assert!(shown.contains(&c.to_string()), "no button {c}: {shown:?}");
    }
    assert!(!shown.contains(&f.colours.to_string()), "{shown:?}");
    let digits = [
        KeyCode::Digit0,
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
    ];
    let other = (0..4u8).find(|&c| c != current && c < f.colours).unwrap();
    press(&mut app, digits[other as usize]);
    settle(&mut app);
    let Puzzle::Flood(after) = puzzle(&app) else {
        panic!()
    };
    assert_eq!(
        after.region_colour(),
        other,
        "key {other} flooded another colour"
    );

    // A won prison asks for no next animal.
    start_level(&mut app, "escape.ron", 0);
    assert_eq!(autoplay(&mut app, Watch::Solution), Ending::Won(16));
    settle(&mut app);
    let bar: Vec<String> = texts(&mut app)
        .into_iter()
        .filter(|t| t.starts_with("Moves:"))
        .collect();
    assert_eq!(bar, ["Moves: 16"]);
}

/// A click that can do nothing says why, in the player's words: an empty
/// pad, a frog with no jump, an animal not at the east end of its row. The
/// keyboard's Enter clicks where the cursor is, as a click does.
#[test]
fn every_click_that_does_nothing_says_why() {
    let mut app = app();
    let click_at = |app: &mut App, at: Vec2| {
        app.world_mut().resource_mut::<game::board::KeyCursor>().0 = Some(at);
        press(app, KeyCode::Enter);
        settle(app);
    };
    let refusal = |app: &mut App| {
        texts(app)
            .into_iter()
            .find(|t| t.starts_with("Not allowed: "))
    };
    // Swap: the empty pad.
    start_level(&mut app, "swap.ron", 0);
    let Puzzle::Swap(s) = puzzle(&app) else {
        panic!()
    };
    let empty = s
        .cells
        .iter()
        .position(|c| *c == pond_puzzles::rules::swap::Cell::Empty)
        .unwrap();
    click_at(&mut app, game::puzzles::swap_pos(empty, s.cells.len()));
    assert_eq!(puzzle(&app), Puzzle::Swap(s));
    assert_eq!(
        refusal(&mut app).as_deref(),
        Some("Not allowed: that pad is empty; click a frog to move it.")
    );

    // Hop: a frog with no jump, and an empty pad with no frog picked.
    let pack = parse_pack("hop.ron", SHIPPED[1].1).unwrap();
    let (level, h, stuck) = pack
        .levels
        .iter()
        .enumerate()
        .find_map(|(i, l)| {
            let Puzzle::Hop(h) = &l.puzzle else {
                return None;
            };
            let moves = l.puzzle.legal_moves();
            (0..h.board.pads.len() as u8)
                .find(|&pad| {
                    h.occupied() >> pad & 1 == 1
                        && !moves.iter().any(|m| match m {
                            PuzzleMove::Hop(j) => j.from == pad,
                            _ => false,
                        })
                })
                .map(|pad| (i, h.clone(), pad))
        })
        .expect("a pond with a frog that cannot jump");
    start_level(&mut app, "hop.ron", level);
    click_at(&mut app, game::puzzles::hop_pos(&h, stuck));
    assert_eq!(app.world().resource::<game::puzzles::Picked>().0, None);
    assert_eq!(
        refusal(&mut app).as_deref(),
        Some(
            "Not allowed: this frog has no jump: it needs a frog beside it and an empty pad just beyond."
        )
    );
    let pad = (0..h.board.pads.len() as u8)
        .find(|&p| h.occupied() >> p & 1 == 0)
        .unwrap();
    click_at(&mut app, game::puzzles::hop_pos(&h, pad));
    assert_eq!(
        refusal(&mut app).as_deref(),
        Some("Not allowed: that pad is empty; click a frog first, then the pad it jumps to.")
    );
    assert_eq!(app.world().resource::<PlayState>().moves(), 0);

    // Escape: an animal behind another in its row.
    start_level(&mut app, "escape.ron", 0);
    let Puzzle::Escape(e) = puzzle(&app) else {
        panic!()
    };
    assert!(e.cols > 1);
    click_at(&mut app, game::puzzles::escape_pos(&e, 1, 0));
    assert_eq!(puzzle(&app), Puzzle::Escape(e.clone()));
    assert_eq!(
        refusal(&mut app).as_deref(),
        Some("Not allowed: only the animal at the east end of row 2 can leave, through its gate.")
    );
    // The one at the east end goes out.
    click_at(&mut app, game::puzzles::escape_pos(&e, 1, e.cols - 1));
    assert_eq!(app.world().resource::<PlayState>().moves(), 1);
}

/// Flood's move limit used up short of one colour: the same card as a dead
/// end, saying so, with the way out (undo, restart).
#[test]
fn flood_out_of_moves_shows_the_way_out() {
    let mut app = app();
    start_level(&mut app, "flood.ron", 0);
    let limit = puzzle(&app).moves_left().expect("a limit");
    assert!(limit > 0);
    for _ in 0..limit {
        let p = puzzle(&app);
        // A move that leaves the board more than one colour.
        let mv = p
            .legal_moves()
            .into_iter()
            .find(|&m| {
                let mut q = p.clone();
                q.apply(m).unwrap();
                !q.is_goal()
            })
            .expect("a move short of the goal");
        app.world_mut().write_message(MoveRequested::player(mv));
        settle(&mut app);
    }
    let p = puzzle(&app);
    assert_eq!(p.moves_left(), Some(0));
    assert!(p.is_stuck() && !p.is_goal());
    let shown = texts(&mut app);
    for want in ["Out of moves.", "Undo (U)", "Restart"] {
        assert!(shown.iter().any(|t| t == want), "{want}: {shown:?}");
    }
    // Undone, the card goes.
    app.world_mut()
        .write_message(MoveRequested::player(Request::Undo));
    settle(&mut app);
    assert!(!texts(&mut app).iter().any(|t| t == "Out of moves."));
}

/// A piece under the pointer when the level is won celebrates from its own
/// size and ends it there, not grown by the hover (a tile left grown stood a
/// pixel out of Flood's outline).
#[test]
fn a_hovered_piece_ends_the_celebration_at_its_own_size() {
    use game::puzzles::{HOVER_GROWTH, Hover, Tile};
    let mut app = app();
    start_level(&mut app, "flood.ron", 0);
    let line = solution_on_board(&app);
    let (last, before) = line.split_last().expect("a move");
    for &mv in before {
        app.world_mut().write_message(MoveRequested::player(mv));
        settle(&mut app);
    }
    app.world_mut().write_message(MoveRequested::player(*last));
    app.update();
    app.update();
    // The pointer rests on a tile of the board the win left.
    let tile = app
        .world_mut()
        .query_filtered::<Entity, With<Tile>>()
        .iter(app.world())
        .next()
        .expect("a tile");
    let mut t = app.world_mut().get_mut::<Transform>(tile).unwrap();
    t.scale.x *= HOVER_GROWTH;
    t.scale.y *= HOVER_GROWTH;
    app.world_mut().entity_mut(tile).insert(Hover);
    settle(&mut app);
    assert!(puzzle(&app).is_won());
    let scales: Vec<f32> = app
        .world_mut()
        .query_filtered::<&Transform, With<Tile>>()
        .iter(app.world())
        .map(|t| t.scale.x)
        .collect();
    assert!(scales.len() > 1);
    assert!(
        scales.iter().all(|&s| (s - scales[0]).abs() < 1e-3),
        "a tile ended grown: {scales:?}"
    );
}

/// The Esc menu's buttons, each with its place from the top.
fn menu_rows(app: &mut App) -> Vec<(Entity, usize)> {
    app.world_mut()
        .query::<(Entity, &game::menus::MenuRow)>()
        .iter(app.world())
        .map(|(e, r)| (e, r.0))
        .collect()
}

/// The pointer resting on one of the Esc menu's buttons while Tab rings
/// another: only the ringed one looks chosen (the button under the resting
/// pointer looks as the others), until the pointer moves again.
#[test]
fn a_resting_pointer_and_the_keyboards_ring_never_light_two_buttons() {
    use game::theme::widget::ButtonColours;
    let mut app = app();
    start_level(&mut app, "swap.ron", 1);
    press(&mut app, KeyCode::Escape);
    settle(&mut app);
    let rows = menu_rows(&mut app);
    let row = |n: usize| rows.iter().find(|r| r.1 == n).expect("a row").0;
    let looks_hovered = |app: &App, e: Entity| {
        let colours = app.world().get::<ButtonColours>(e).expect("colours");
        let now = app.world().get::<BackgroundColor>(e).expect("a fill").0;
        now == colours.hover
    };
    app.world_mut()
        .entity_mut(row(2))
        .insert(Interaction::Hovered);
    settle(&mut app);
    assert!(looks_hovered(&app, row(2)), "the pointer's button lights");
    press(&mut app, KeyCode::Tab);
    settle(&mut app);
    let ringed: Vec<Entity> = app
        .world_mut()
        .query_filtered::<Entity, (With<Outline>, With<game::play::PlayAction>)>()
        .iter(app.world())
        .collect();
    assert_eq!(ringed, [row(0)]);
    assert!(
        !looks_hovered(&app, row(2)),
        "two buttons look chosen: the pointer's and the ringed one"
    );
    // The pointer moves: its button lights again.
    app.world_mut().write_message(CursorMoved {
        window: Entity::PLACEHOLDER,
        position: Vec2::new(5.0, 5.0),
        delta: None,
    });
    settle(&mut app);
    assert!(looks_hovered(&app, row(2)));
}

/// The Esc menu has a keyboard focus: Down (or Tab) from none takes the
/// first button, Up the last; Enter presses the one focused, outlined alone.
#[test]
fn the_esc_menu_is_played_by_keyboard() {
    use game::play::Menu;
    let mut app = app();
    start_level(&mut app, "swap.ron", 1);
    let menu = |app: &App| *app.world().resource::<State<Menu>>().get();
    let outlined = |app: &mut App| {
        app.world_mut()
            .query_filtered::<(), (With<Outline>, With<game::play::PlayAction>)>()
            .iter(app.world())
            .count()
    };
    press(&mut app, KeyCode::Escape);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::Open);
    assert_eq!(outlined(&mut app), 0, "a focus before any key");
    press(&mut app, KeyCode::ArrowDown);
    settle(&mut app);
    assert_eq!(outlined(&mut app), 1);
    // The pointer over the second button takes the outline; back over the
    // first, it comes back.
    let rows = menu_rows(&mut app);
    let row = |n: usize| rows.iter().find(|r| r.1 == n).expect("a row").0;
    for n in [1, 0] {
        app.world_mut()
            .entity_mut(row(n))
            .insert(Interaction::Hovered);
        settle(&mut app);
        app.world_mut().entity_mut(row(n)).insert(Interaction::None);
        let lit: Vec<Entity> = app
            .world_mut()
            .query_filtered::<Entity, (With<Outline>, With<game::play::PlayAction>)>()
            .iter(app.world())
            .collect();
        assert_eq!(lit, [row(n)], "row {n} under the pointer");
    }
    // The first: Resume.
    press(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(menu(&app), Menu::Closed);
    // Opened again, Up takes the last: the title.
    press(&mut app, KeyCode::Escape);
    settle(&mut app);
    press(&mut app, KeyCode::ArrowUp);
    press(&mut app, KeyCode::Tab);
    press(&mut app, KeyCode::ArrowUp);
    settle(&mut app);
    assert_eq!(outlined(&mut app), 1);
    press(&mut app, KeyCode::Space);
    until_screen(&mut app, Screen::Title);
    // On the title, Tab takes the first button, and the next.
    settle(&mut app);
    let ringed = |app: &mut App| {
        app.world_mut()
            .query_filtered::<Entity, (With<Outline>, With<Button>)>()
            .iter(app.world())
            .collect::<Vec<_>>()
    };
    assert!(ringed(&mut app).is_empty());
    press(&mut app, KeyCode::Tab);
    settle(&mut app);
    let first = ringed(&mut app);
    assert_eq!(first.len(), 1);
    press(&mut app, KeyCode::Tab);
    settle(&mut app);
    let second = ringed(&mut app);
    assert_eq!(second.len(), 1);
    assert_ne!(first, second);
    // The pointer coming over another button takes the outline with it: one
    // focus, never two buttons lit.
    let other = app
        .world_mut()
        .query_filtered::<Entity, (With<Button>, With<bevy::ui_widgets::Button>)>()
        .iter(app.world())
        .find(|e| *e != second[0] && *e != first[0])
        .expect("a third button on the title");
    app.world_mut()
        .entity_mut(other)
        .insert(Interaction::Hovered);
    settle(&mut app);
    assert_eq!(
        ringed(&mut app),
        [other],
        "the outline stayed off the pointer"
    );
}
