//! The title's live pond: on each side of the pack cards, a small Hop pond
//! whose frogs play a solution, a jump at a time, then start again.

use super::{Spawned, spawn_board};
use crate::game::Screen;
use crate::game::play::Change;
use crate::game::puzzles;
use crate::game::theme::Art;
use crate::levels::parse_pack;
use crate::rules::{Puzzle, PuzzleMove};
use crate::solve::{Budget, Outcome, solve};
use bevy::prelude::*;

/// One of the title's ponds.
#[derive(Component)]
struct Showcase {
    start: Puzzle,
    moves: Vec<PuzzleMove>,
    step: usize,
    clock: f32,
    /// Where it sits and how small it is drawn.
    at: Vec3,
    scale: f32,
}

/// The board a showcase is drawing now.
#[derive(Component)]
struct ShowcaseBoard(Entity);

/// Seconds between jumps, and at the end before the pond starts again.
const BEAT: f32 = 1.4;
const REST: f32 = 3.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Title), spawn_showcases)
        .add_systems(Update, play.run_if(in_state(Screen::Title)));
}

fn lesson(level: usize) -> Option<(Puzzle, Vec<PuzzleMove>)> {
    let (_, text) = crate::levels::SHIPPED
        .iter()
        .find(|(n, _)| *n == "hop.ron")?;
    let pack = parse_pack("hop.ron", text).ok()?;
    let start = pack.levels.get(level)?.puzzle.clone();
    match solve(&start, Budget::unlimited(), None, false).outcome {
        Outcome::Solved { moves, .. } => Some((start, moves)),
        _ => None,
    }
}

fn spawn_showcases(mut commands: Commands, art: Res<Art>) {
    for (level, x, y) in [(22usize, -536.0, -70.0), (31, 536.0, 50.0)] {
        let Some((start, moves)) = lesson(level) else {
            continue;
        };
        let show = Showcase {
            start: start.clone(),
            moves,
            step: 0,
            clock: 0.0,
            at: Vec3::new(x, y, -5.0),
            scale: 0.44,
        };
        let board = draw(&mut commands, &art, &show, &start);
        commands.spawn((
            show,
            ShowcaseBoard(board.root),
            DespawnOnExit(Screen::Title),
        ));
    }
}

/// A showcase's board for `p`: the play board's own pieces, small, that
/// take no clicks and leave with the title.
fn draw(commands: &mut Commands, art: &Art, show: &Showcase, p: &Puzzle) -> Spawned {
    let board = spawn_board(commands, art, p, false);
    commands.entity(board.root).try_insert((
        Transform::from_translation(show.at).with_scale(Vec3::splat(show.scale)),
        DespawnOnExit(Screen::Title),
        Pickable::IGNORE,
    ));
    // Nothing on it answers the pointer: the cards are what the title is for.
    let root = board.root;
    commands.queue(move |world: &mut World| {
        let mut todo = vec![root];
        while let Some(e) = todo.pop() {
            if let Ok(mut entity) = world.get_entity_mut(e) {
                if let Some(children) = entity.get::<Children>() {
                    todo.extend(children.iter());
                }
                entity.insert(Pickable::IGNORE);
            }
        }
    });
    board
}

fn play(
    mut commands: Commands,
    time: Res<Time>,
    art: Res<Art>,
    mut shows: Query<(&mut Showcase, &mut ShowcaseBoard)>,
) {
    for (mut show, mut shown) in &mut shows {
        show.clock += time.delta_secs();
        let done = show.step >= show.moves.len();
        if show.clock < if done { REST } else { BEAT } {
            continue;
        }
        show.clock = 0.0;
        commands.entity(shown.0).try_despawn();
        if done {
            show.step = 0;
            let board = draw(&mut commands, &art, &show, &show.start);
            shown.0 = board.root;
            continue;
        }
        let mut before = show.start.clone();
        for &m in &show.moves[..show.step] {
            let _ = before.apply(m);
        }
        let mv = show.moves[show.step];
        let mut after = before.clone();
        let _ = after.apply(mv);
        show.step += 1;
        let board = draw(&mut commands, &art, &show, &after);
        puzzles::animate(
            &before,
            &after,
            &mut commands,
            &art,
            &board,
            Change::Played(mv),
        );
        shown.0 = board.root;
    }
}
