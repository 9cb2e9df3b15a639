//! What appears over the board when a level ends: confetti and a banner with
//! the way on for a win, a card with the way out for a dead end. They read
//! the rules state, never the entities.

use super::Screen;
use super::anim::{self, Decoration, DespawnWhenDone};
use super::play::{MoveApplied, PlayAction, PlayState, PlaySystems, SideColumn, SolverPanelOpen};
use super::solver::Autoplay;
use super::theme::{self, Art, text, widget};
use bevy::prelude::*;
use bevy_tweening::Lens;

#[derive(Component)]
struct Banner;

/// Pieces of confetti thrown per win.
const CONFETTI: usize = 70;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (celebrate, show_banner).in_set(PlaySystems::Present),
    );
}

/// A won level throws confetti over the board.
fn celebrate(
    mut commands: Commands,
    mut applied: MessageReader<MoveApplied>,
    state: Res<PlayState>,
    art: Res<Art>,
) {
    let Some(change) = applied.read().last() else {
        return;
    };
    if !state.puzzle.is_won() || change.before.is_won() {
        return;
    }
    // A fixed spread per move count: the same win throws the same confetti.
    let mut seed = 0x2545_F491_4F6C_DD1D_u64 ^ state.moves() as u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed >> 11) as f32 / (1u64 << 53) as f32
    };
    for i in 0..CONFETTI {
        let angle = std::f32::consts::FRAC_PI_2 + (next() - 0.5) * 2.2;
        let speed = 500.0 + 450.0 * next();
        let colour = art.palette[i % art.palette.len()].clone();
        commands.spawn((
            Mesh2d(art.tile.clone()),
            MeshMaterial2d(colour),
            Transform::from_xyz((next() - 0.5) * 200.0, -120.0, 20.0)
                .with_scale(Vec3::new(10.0, 16.0, 1.0)),
            anim::tween(
                1500,
                ConfettiLens {
                    start: Vec3::new((next() - 0.5) * 200.0, -120.0, 20.0 + i as f32 * 0.01),
                    velocity: Vec2::from_angle(angle) * speed,
                    spin: (next() - 0.5) * 20.0,
                },
            ),
            DespawnWhenDone,
            Decoration,
            Pickable::IGNORE,
            DespawnOnExit(Screen::Play),
        ));
    }
}

/// A piece of confetti: thrown up, falling back, turning.
#[derive(Debug, Clone, Copy)]
struct ConfettiLens {
    start: Vec3,
    velocity: Vec2,
    spin: f32,
}

impl Lens<Transform> for ConfettiLens {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        let t = ratio * 1.5;
        let gravity = -900.0;
        let p = self.velocity * t + Vec2::new(0.0, 0.5 * gravity * t * t);
        target.translation = self.start + p.extend(0.0);
        target.rotation = Quat::from_rotation_z(self.spin * t);
        let fade = 1.0 - ratio * ratio;
        target.scale = Vec3::new(10.0 * fade, 16.0 * fade, 1.0);
    }
}

/// The banner under the board: a win with the way on, or a dead end with the
/// way out. Shown again whenever the rules state changes.
fn show_banner(
    mut commands: Commands,
    state: Res<PlayState>,
    autoplay: Option<Res<Autoplay>>,
    panel: Res<SolverPanelOpen>,
    banners: Query<Entity, With<Banner>>,
    column: Query<Entity, With<SideColumn>>,
) {
    if !state.is_changed() {
        return;
    }
    for b in &banners {
        commands.entity(b).despawn();
    }
    let watching = autoplay.is_some_and(|a| a.is_active());
    let (title, colour, buttons): (String, Color, Vec<(&str, PlayAction)>) =
        if state.puzzle.is_won() {
            (
                format!("Solved in {} moves!", state.moves()),
                theme::WIN,
                vec![
                    ("Next level (N)", PlayAction::NextLevel),
                    ("Play again (Backspace)", PlayAction::Replay),
                    ("Levels (L)", PlayAction::LevelSelect),
                ],
            )
        } else if watching {
            return;
        } else if state.puzzle.is_dead_end() || state.puzzle.is_goal() {
            let words = if state.puzzle.is_goal() {
                "Finished, but over the move limit."
            } else {
                "No more moves."
            };
            (
                words.to_string(),
                theme::WARN,
                vec![
                    ("Undo (U)", PlayAction::Undo),
                    ("Restart", PlayAction::Replay),
                ],
            )
        } else {
            return;
        };
    // Only the banner's outermost entity is marked, so that despawning it
    // never meets a child that went with it.
    let card = (
        Name::new("Banner"),
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            padding: UiRect::all(px(14)),
            row_gap: px(10),
            border_radius: theme::PANEL_RADIUS,
            ..default()
        },
        theme::panel(),
    );
    let won = state.puzzle.is_won();
    let fill = |panel: &mut ChildSpawnerCommands| {
        panel.spawn(text(title.clone(), if won { 34.0 } else { 24.0 }, colour));
        panel
            .spawn(Node {
                column_gap: px(8),
                row_gap: px(8),
                flex_wrap: FlexWrap::Wrap,
                justify_content: JustifyContent::Center,
                ..default()
            })
            .with_children(|row| {
                for &(label, action) in &buttons {
                    row.spawn(widget::text_button(action, label, 20.0));
                }
            });
    };
    if won {
        // A won board is done: the banner sits over its middle.
        commands
            .spawn((
                Banner,
                DespawnOnExit(Screen::Play),
                Node {
                    position_type: PositionType::Absolute,
                    left: px(0),
                    // Centred over the board, which has the panel's room
                    // while the panel is folded.
                    right: px(if panel.0 { 330 } else { 0 }),
                    top: px(0),
                    bottom: px(0),
                    justify_content: JustifyContent::Center,
                    align_items: AlignItems::Center,
                    ..default()
                },
                Pickable::IGNORE,
            ))
            .with_children(|cover| {
                cover.spawn(card).with_children(fill);
            });
    } else if let Ok(column) = column.single() {
        // A dead end keeps the board in view: the way out is at the side.
        commands
            .spawn((Banner, card, ChildOf(column)))
            .with_children(fill);
    }
}
