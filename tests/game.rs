//! The game without a window: the same `MoveRequested` messages a click
//! makes, frames run by hand, and the entities checked against the rules.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use pond_puzzles::game::moves::{BoardCommand, MoveRequested, PlayState};
use pond_puzzles::game::packs::{Current, Packs};
use pond_puzzles::game::{self, Screen};
use pond_puzzles::levels::{SHIPPED, parse_pack};
use pond_puzzles::rules::Puzzle;
use pond_puzzles::solve::{self, Budget};
use std::time::Duration;

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        AssetPlugin::default(),
        bevy::input::InputPlugin,
        bevy_tweening::TweeningPlugin,
    ))
    .init_asset::<Mesh>()
    .init_asset::<ColorMaterial>()
    .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        Duration::from_millis(50),
    ))
    .add_plugins(game::plugin);
    app.update();
    app
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

/// Runs frames until no animation is left.
fn settle(app: &mut App) {
    for _ in 0..200 {
        app.update();
    }
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

#[test]
fn a_whole_swap_level_is_won_through_messages() {
    let mut app = app();
    start_level(&mut app, "swap.ron", 4);
    let start = puzzle(&app);
    let report = solve::solve(&start, Budget::unlimited(), None, false);
    let moves = report.outcome.moves().unwrap().to_vec();
    for mv in &moves {
        app.world_mut().write_message(MoveRequested(*mv));
        settle(&mut app);
        let Puzzle::Swap(s) = puzzle(&app) else {
            panic!()
        };
        let frogs = s
            .cells
            .iter()
            .filter(|c| **c != pond_puzzles::rules::swap::Cell::Empty)
            .count();
        assert_eq!(count::<game::board::Frog>(&mut app), frogs);
    }
    assert!(puzzle(&app).is_won());
    assert_eq!(app.world().resource::<PlayState>().moves(), moves.len());
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
        .write_message(MoveRequested(pond_puzzles::rules::PuzzleMove::Hop(
            pond_puzzles::rules::hop::HopMove { from: 0, to: 12 },
        )));
    settle(&mut app);
    assert_eq!(puzzle(&app), before);
    assert_eq!(count::<game::board::Frog>(&mut app), frogs);
    let mv = before.legal_moves()[0];
    app.world_mut().write_message(MoveRequested(mv));
    settle(&mut app);
    assert_eq!(count::<game::board::Frog>(&mut app), frogs - 1);
    assert_eq!(count::<game::board::Lily>(&mut app), h.board.pads.len());
    let after = puzzle(&app);
    app.world_mut().write_message(BoardCommand::Undo);
    settle(&mut app);
    assert_eq!(puzzle(&app), before);
    assert_eq!(count::<game::board::Frog>(&mut app), frogs);
    app.world_mut().write_message(BoardCommand::Redo);
    settle(&mut app);
    assert_eq!(puzzle(&app), after);
}

#[test]
fn flood_and_escape_boards_mirror_the_rules() {
    let mut app = app();
    start_level(&mut app, "flood.ron", 0);
    let Puzzle::Flood(f) = puzzle(&app) else {
        panic!()
    };
    assert_eq!(count::<game::board::Tile>(&mut app), f.cells.len());
    let mv = puzzle(&app).legal_moves()[0];
    app.world_mut().write_message(MoveRequested(mv));
    settle(&mut app);
    assert_eq!(app.world().resource::<PlayState>().moves(), 1);
    assert_eq!(count::<game::board::Tile>(&mut app), f.cells.len());

    start_level(&mut app, "escape.ron", 0);
    assert_eq!(count::<game::board::Animal>(&mut app), 16);
    let mv = puzzle(&app).legal_moves()[0];
    app.world_mut().write_message(MoveRequested(mv));
    settle(&mut app);
    let Puzzle::Escape(e) = puzzle(&app) else {
        panic!()
    };
    assert_eq!(e.queue.len(), 1);
    assert_eq!(count::<game::board::Animal>(&mut app), 16);
}
