//! The board: entities spawned from the rules state under one root, respawned
//! whole after each change (the only place a board is spawned), with the
//! change animated by the puzzle's own code (`puzzles`); its input, its
//! marks (hint, pick, cursor, refusal) and the camera that keeps it in view.

mod input;
pub mod layout;
mod marks;
mod showcase;

pub use crate::game::puzzles::{Animal, Clickable, FreedomQueue, Frog, Lily, Place, Spawned, Tile};
pub use input::KeyCursor;
pub use marks::HintMark;

use super::Screen;
use super::play::{MoveApplied, Mover, PlayState, PlaySystems};
use super::puzzles::{self, Picked};
use super::settings::Settings;
use super::theme::Art;
use bevy::prelude::*;
use std::collections::HashMap;

pub use crate::game::play::BoardRoot;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<layout::CameraAim>()
        .add_systems(OnEnter(Screen::Play), spawn_fresh)
        .add_systems(OnExit(Screen::Play), layout::reset_camera)
        .add_systems(
            Update,
            (
                respawn.in_set(crate::game::play::BoardRespawn),
                layout::fit_camera,
            )
                .chain()
                .in_set(PlaySystems::Present),
        )
        .add_systems(
            PostUpdate,
            layout::keep_scenery_clear
                .after(bevy::ui::UiSystems::Layout)
                .after(bevy::transform::TransformSystems::Propagate)
                .run_if(in_state(Screen::Play).or_else(in_state(Screen::Edit))),
        )
        .add_plugins((input::plugin, marks::plugin, showcase::plugin));
}

fn spawn_fresh(
    mut commands: Commands,
    state: Option<Res<PlayState>>,
    art: Res<Art>,
    settings: Res<Settings>,
) {
    let Some(state) = state else { return };
    spawn_board(&mut commands, &art, &state.puzzle, settings.colour_blind);
}

/// Spawns the board of `p` under a new root. `numbered`: colour-blind mode's
/// numbers on Flood's tiles and Escape's animals.
pub fn spawn_board(
    commands: &mut Commands,
    art: &Art,
    p: &crate::rules::Puzzle,
    numbered: bool,
) -> Spawned {
    let board = spawn_pieces(commands, art, p, numbered, Screen::Play);
    input::observe(commands, board.root);
    board
}

/// Spawns the pieces of `p` under a new root that lives while `screen` is
/// shown (the level editor draws its board with the same pieces).
pub fn spawn_pieces(
    commands: &mut Commands,
    art: &Art,
    p: &crate::rules::Puzzle,
    numbered: bool,
    screen: Screen,
) -> Spawned {
    let root = commands
        .spawn((
            BoardRoot,
            Name::new("Board"),
            Transform::from_xyz(0.0, -20.0, 0.0),
            Visibility::default(),
            DespawnOnExit(screen),
        ))
        .id();
    let mut board = Spawned {
        root,
        places: HashMap::new(),
    };
    puzzles::spawn(p, commands, art, &mut board, numbered);
    board
}

/// After each change, and when colour-blind mode changes, the board is
/// respawned from the rules state, or brought in place where the puzzle
/// does that (`puzzles::refresh`); a change is then animated on it.
#[allow(clippy::too_many_arguments)]
fn respawn(
    mut commands: Commands,
    mut applied: MessageReader<MoveApplied>,
    state: Res<PlayState>,
    art: Res<Art>,
    settings: Res<Settings>,
    mut numbered: Local<Option<bool>>,
    roots: Query<Entity, With<BoardRoot>>,
    mut pick: ResMut<Picked>,
    mut pieces: puzzles::Refresh,
    speed: Option<Res<super::options::Speed>>,
) {
    // Several changes may land in one frame (a search watched at instant
    // speed): the board shows the state before the first of them, and the
    // last is the one animated.
    let changes: Vec<&MoveApplied> = applied.read().collect();
    let shown = changes.first().map(|c| &c.before);
    let change = changes.last().copied();
    let was = numbered.replace(settings.colour_blind);
    let mode_changed = was.is_some_and(|was| was != settings.colour_blind);
    if change.is_none() && !mode_changed {
        return;
    }
    pick.0 = None;
    let kept = match (shown, roots.single()) {
        (Some(shown), Ok(root)) if !mode_changed => {
            let mut board = Spawned {
                root,
                places: HashMap::new(),
            };
            puzzles::refresh(
                shown,
                &state.puzzle,
                &mut commands,
                &art,
                &mut board,
                settings.colour_blind,
                &mut pieces,
            )
            .then_some(board)
        }
        _ => None,
    };
    let board = match kept {
        Some(board) => board,
        None => {
            for root in &roots {
                commands.entity(root).try_despawn();
            }
            spawn_board(&mut commands, &art, &state.puzzle, settings.colour_blind)
        }
    };
    let Some(change) = change else { return };
    // At "instant" the solver's changes come every frame: an animation
    // begun each frame never got past its start, and the board showed the
    // position before the search's last move beside a count after it (a
    // jumped frog still there beside "6 frogs left"). The board shows the
    // position itself.
    if change.by == Mover::Solver && speed.as_deref() == Some(&super::options::Speed::Instant) {
        return;
    }
    puzzles::animate(
        &change.before,
        &state.puzzle,
        &mut commands,
        &art,
        &board,
        change.change,
    );
}
