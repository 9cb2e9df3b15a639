//! The watched search drawn on the board: the move it tried last as a line
//! of dots from where the piece stood to where it went (where it has such a
//! line: Escape's animal and Flood's colour are seen moving), the moves it has not tried
//! yet from the position on the board as faint dots, and a move it took back
//! as a cross that shrinks away where the move was. Drawn again when the
//! search moves on, at most ten times a second, with a bounded number of
//! marks.

use super::{Autoplay, LogStep};
use crate::game::play::{BoardRoot, PlayState, PlaySystems};
use crate::game::puzzles;
use crate::game::theme::Art;
use crate::rules::{Puzzle, PuzzleMove};
use bevy::prelude::*;

/// A mark of the search on the board.
#[derive(Component)]
pub struct SearchMark;

/// A cross of a move taken back: its seconds left.
#[derive(Component)]
struct Fading(f32);

/// Dots along a move's arc.
const DOTS: usize = 9;
/// Untried moves drawn at most.
const UNTRIED_MOST: usize = 24;
/// Seconds between two drawings.
const EVERY: f32 = 0.1;
/// Seconds a cross takes to shrink away.
const FADE: f32 = 0.45;

struct Looks {
    tried: Handle<ColorMaterial>,
    untried: Handle<ColorMaterial>,
    back: Handle<ColorMaterial>,
    bar: Handle<Mesh>,
}

pub(super) fn plugin(app: &mut App) {
    // After the board is respawned: the marks go under the root that stays.
    app.add_systems(
        Update,
        (draw, fade)
            .chain()
            .in_set(PlaySystems::Present)
            .after(crate::game::play::BoardRespawn),
    );
}

/// What the marks show: the position, the move tried last into it, the
/// moves not tried from it, the move just taken back from it.
#[derive(PartialEq, Default)]
struct Shown {
    at: Option<Puzzle>,
    tried: Option<PuzzleMove>,
    untried: Vec<PuzzleMove>,
    back: Option<PuzzleMove>,
}

#[allow(clippy::too_many_arguments)]
fn draw(
    mut commands: Commands,
    autoplay: Option<Res<Autoplay>>,
    state: Res<PlayState>,
    art: Res<Art>,
    time: Res<Time>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    marks: Query<Entity, (With<SearchMark>, Without<Fading>)>,
    roots: Query<Entity, With<BoardRoot>>,
    new_roots: Query<(), Added<BoardRoot>>,
    mut looks: Local<Option<Looks>>,
    mut last: Local<(f32, Shown)>,
) {
    let now = time.elapsed_secs();
    let want = autoplay
        .as_deref()
        .filter(|a| a.is_active() && a.watch.searches() && a.solution_len().is_none())
        .map(|a| shown(a, &state))
        .unwrap_or_default();
    if want == last.1 && new_roots.is_empty() {
        return;
    }
    if want.at.is_some() && now - last.0 < EVERY && new_roots.is_empty() {
        return;
    }
    for m in &marks {
        commands.entity(m).try_despawn();
    }
    let back_before = last.1.back;
    *last = (now, want);
    let Shown {
        at: Some(p),
        tried,
        untried,
        back,
    } = &last.1
    else {
        return;
    };
    let Some(root) = roots.iter().next() else {
        return;
    };
    let looks = looks.get_or_insert_with(|| Looks {
        tried: materials.add(Color::srgb(1.0, 0.45, 0.36)),
        untried: materials.add(Color::srgba(0.95, 0.97, 1.0, 0.75)),
        back: materials.add(Color::srgb(0.78, 0.16, 0.14)),
        bar: meshes.add(Rectangle::new(1.0, 0.22)),
    });
    let size = puzzles::mark_size(p);
    let mut dots = |mv: PuzzleMove, from: &Puzzle, material: &Handle<ColorMaterial>, scale: f32| {
        match puzzles::mark_arc(from, mv) {
            Some(arc) => {
                for k in 0..DOTS {
                    let t = 0.1 + 0.8 * k as f32 / (DOTS - 1) as f32;
                    let d = scale * (0.2 + 0.16 * t) * size;
                    commands.spawn((
                        SearchMark,
                        Mesh2d(art.badge.clone()),
                        MeshMaterial2d(material.clone()),
                        Transform::from_translation(arc.point(t).extend(13.0))
                            .with_scale(Vec3::new(d, d, 1.0)),
                        Pickable::IGNORE,
                        ChildOf(root),
                    ));
                }
            }
            None => {
                if let Some(at) = puzzles::mark_spot(from, mv) {
                    let d = scale * 0.5 * size;
                    commands.spawn((
                        SearchMark,
                        Mesh2d(art.badge.clone()),
                        MeshMaterial2d(material.clone()),
                        Transform::from_translation(at.extend(13.0))
                            .with_scale(Vec3::new(d, d, 1.0)),
                        Pickable::IGNORE,
                        ChildOf(root),
                    ));
                }
            }
        }
    };
    for &mv in untried.iter().take(UNTRIED_MOST) {
        dots(mv, p, &looks.untried, 0.75);
    }
    if let Some(mv) = tried {
        // Drawn on the position before it: where the piece came from to
        // where it went. A move with no arc (an animal gone out of the
        // prison, a colour poured) is seen in the piece's own move: a disc
        // where it stood read as a stray dot on an empty row.
        if let Some(undo) = state.done.last().map(|(_, u)| u) {
            let mut before = p.clone();
            before.undo(undo);
            if puzzles::mark_arc(&before, *mv).is_some() {
                dots(*mv, &before, &looks.tried, 1.0);
            }
        }
    }
    // A move just taken back: a cross where it was, shrinking away.
    if let Some(mv) = back
        && *back != back_before
        && let Some(at) = puzzles::mark_arc(p, *mv)
            .map(|a| a.mark())
            .or_else(|| puzzles::mark_spot(p, *mv))
    {
        commands
            .spawn((
                SearchMark,
                Fading(FADE),
                Transform::from_translation(at.extend(14.0)),
                Visibility::default(),
                Pickable::IGNORE,
                ChildOf(root),
            ))
            .with_children(|c| {
                for angle in [45.0f32, -45.0] {
                    c.spawn((
                        Mesh2d(looks.bar.clone()),
                        MeshMaterial2d(looks.back.clone()),
                        Transform::from_rotation(Quat::from_rotation_z(angle.to_radians()))
                            .with_scale(Vec3::splat(size * 0.9)),
                        Pickable::IGNORE,
                    ));
                }
            });
    }
}

/// The marks for where the search and the board stand, when they agree.
fn shown(a: &Autoplay, state: &PlayState) -> Shown {
    let Some(tree) = a.tree.as_ref() else {
        return Shown::default();
    };
    let line = tree.line();
    let Some(&here) = line.last() else {
        return Shown::default();
    };
    // The board shows the end of the search's line (it may be a move
    // behind while a move is animated).
    if state.done.len() < a.base() || state.done.len() - a.base() != line.len() - 1 {
        return Shown::default();
    }
    let back = a
        .log
        .last()
        .filter(|_| a.log.len() < super::autoplay::LOG_MOST)
        .filter(|s: &&LogStep| s.back && s.depth as usize == line.len())
        .map(|s| s.mv);
    Shown {
        at: Some(state.puzzle.clone()),
        tried: tree.node(here).mv,
        untried: tree.untried(here),
        back,
    }
}

/// Crosses shrink away, then go.
fn fade(
    mut commands: Commands,
    time: Res<Time>,
    mut crosses: Query<(Entity, &mut Fading, &mut Transform)>,
) {
    for (e, mut f, mut t) in &mut crosses {
        f.0 -= time.delta_secs();
        if f.0 <= 0.0 {
            commands.entity(e).try_despawn();
        } else {
            t.scale = Vec3::splat((f.0 / FADE).max(0.05));
        }
    }
}
