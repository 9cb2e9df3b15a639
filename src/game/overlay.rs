//! What appears over the board: the celebration of a won level (confetti and
//! a banner with the way on), the dead-end banner with the way out, and the
//! menu that Esc opens. The banners read the rules state, never the entities.

use super::Screen;
use super::anim::{self, Decoration, DespawnWhenDone};
use super::autoplay::Autoplay;
use super::hud::SideColumn;
use super::moves::{MoveApplied, PlayState};
use super::theme::{self, Art, text};
use bevy::prelude::*;
use bevy_tweening::Lens;

/// What a button of a banner or of the menu does.
#[derive(Message, Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayAction {
    NextLevel,
    Replay,
    Undo,
    LevelSelect,
    Title,
    /// Opens or closes the menu.
    Menu,
    /// Colour-blind mode on or off.
    ColourBlind,
    /// The next animation speed.
    AnimationSpeed,
    Fullscreen,
    Volume,
    Mute,
}

/// Whether the menu (Esc) is open; the board takes no input meanwhile.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MenuOpen(pub bool);

#[derive(Component)]
struct Banner;

#[derive(Component)]
struct MenuPanel;

/// Pieces of confetti thrown per win.
const CONFETTI: usize = 70;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlayAction>()
        .init_resource::<MenuOpen>()
        .add_systems(OnEnter(Screen::Play), (close_menu, show_banner))
        .add_systems(
            Update,
            (celebrate, show_banner, action_buttons, show_menu)
                .run_if(in_state(Screen::Play).and_then(resource_exists::<PlayState>)),
        );
}

fn close_menu(mut menu: ResMut<MenuOpen>) {
    menu.0 = false;
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

fn banner_button(label: &str, action: PlayAction) -> impl Bundle {
    (
        Button,
        action,
        Node {
            padding: UiRect::axes(px(18), px(10)),
            ..default()
        },
        BackgroundColor(theme::BUTTON),
        children![text(label, 20.0, theme::TEXT)],
    )
}

/// The banner under the board: a win with the way on, or a dead end with the
/// way out. Shown again whenever the rules state changes.
fn show_banner(
    mut commands: Commands,
    state: Res<PlayState>,
    autoplay: Option<Res<Autoplay>>,
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
    let card = (
        Banner,
        Name::new("Banner"),
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            padding: UiRect::all(px(14)),
            row_gap: px(10),
            ..default()
        },
        BackgroundColor(theme::PANEL),
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
                    row.spawn(banner_button(label, action));
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
                    right: px(330),
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
        commands.spawn((card, ChildOf(column))).with_children(fill);
    }
}

fn action_buttons(
    mut buttons: Query<(&Interaction, &PlayAction, &mut BackgroundColor), Changed<Interaction>>,
    mut actions: MessageWriter<PlayAction>,
) {
    for (interaction, action, mut colour) in &mut buttons {
        match interaction {
            Interaction::Pressed => {
                actions.write(*action);
            }
            Interaction::Hovered => colour.0 = theme::BUTTON_HOVER,
            Interaction::None => colour.0 = theme::BUTTON,
        }
    }
}

/// The menu over the board: resume, restart, the level select, the title.
fn show_menu(
    mut commands: Commands,
    menu: Res<MenuOpen>,
    settings: Res<super::settings::Settings>,
    panels: Query<Entity, With<MenuPanel>>,
    autoplay: Option<ResMut<Autoplay>>,
) {
    if !menu.is_changed() && !settings.is_changed() {
        return;
    }
    for p in &panels {
        commands.entity(p).despawn();
    }
    if !menu.0 {
        return;
    }
    if let Some(mut a) = autoplay {
        a.paused = true;
    }
    commands
        .spawn((
            MenuPanel,
            Name::new("Menu"),
            DespawnOnExit(Screen::Play),
            // Covers the window, so the board takes no clicks while it is open.
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
            BackgroundColor(Color::srgba(0.0, 0.05, 0.08, 0.6)),
            GlobalZIndex(10),
        ))
        .with_children(|cover| {
            cover
                .spawn((
                    Node {
                        flex_direction: FlexDirection::Column,
                        align_items: AlignItems::Stretch,
                        padding: UiRect::all(px(20)),
                        row_gap: px(8),
                        width: px(420),
                        ..default()
                    },
                    BackgroundColor(theme::PANEL),
                ))
                .with_children(|panel| {
                    panel.spawn((
                        text("Paused", 36.0, theme::TEXT),
                        Node {
                            align_self: AlignSelf::Center,
                            ..default()
                        },
                    ));
                    let colour_blind = if settings.colour_blind {
                        "Colour-blind mode: on (C)"
                    } else {
                        "Colour-blind mode: off (C)"
                    };
                    let speed = format!("Animation speed: {}x (A)", settings.animation_speed());
                    let fullscreen = if settings.fullscreen {
                        "Fullscreen: on (F)"
                    } else {
                        "Fullscreen: off (F)"
                    };
                    let volume = format!(
                        "Volume: {}/{} (V)",
                        settings.volume.min(super::settings::MAX_VOLUME),
                        super::settings::MAX_VOLUME
                    );
                    let mute = match (cfg!(feature = "audio"), settings.muted) {
                        (false, _) => "Sound: not in this build (M)",
                        (true, true) => "Sound: muted (M)",
                        (true, false) => "Sound: on (M)",
                    };
                    for (label, action) in [
                        ("Resume (Esc)", PlayAction::Menu),
                        ("Restart level (Backspace)", PlayAction::Replay),
                        (colour_blind, PlayAction::ColourBlind),
                        (speed.as_str(), PlayAction::AnimationSpeed),
                        (fullscreen, PlayAction::Fullscreen),
                        (volume.as_str(), PlayAction::Volume),
                        (mute, PlayAction::Mute),
                        ("Level select (L)", PlayAction::LevelSelect),
                        ("Title screen (T)", PlayAction::Title),
                    ] {
                        panel.spawn(banner_button(label, action));
                    }
                });
        });
}
