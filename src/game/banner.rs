//! What appears over the board when a level ends: confetti and a banner with
//! the way on for a win, a card with the way out for a dead end. They read
//! the rules state, never the entities.

use super::Screen;
use super::anim::{self, Decoration, DespawnWhenDone};
use super::packs::{Current, Packs};
use super::panels::{self, BoardEdge, SideColumn, SolverPanelOpen, TreeViewOpen, WonCard};
use super::play::{LevelWon, PlayAction, PlayState, PlaySystems};
use super::progress::{Progress, stars_for};
use super::solver::Autoplay;
use super::theme::{self, Art, text, widget};
use bevy::prelude::*;
use bevy_tweening::Lens;

#[derive(Component)]
struct Banner;

/// The won banner's distance from the window's bottom: above the controls.
const WON_BANNER_BOTTOM: f32 = 58.0;
/// The room the won banner takes at the bottom, which the board leaves.
pub const WON_BANNER_ROOM: f32 = 250.0;

/// Pieces of confetti thrown per win.
const CONFETTI: usize = 70;

/// The row of a win's stars, filled in once the shortest solution is known.
#[derive(Component)]
struct WinStars {
    shown: bool,
    compact: bool,
}

/// A star of a win growing in, after its delay in seconds.
#[derive(Component)]
struct StarIn(f32);

pub(super) fn plugin(app: &mut App) {
    // The stars ask for frames (a windowless app has no such message).
    app.add_message::<bevy::window::RequestRedraw>();
    app.add_systems(
        Update,
        (celebrate, show_banner, banner_room, show_stars, grow_stars)
            .chain()
            .in_set(PlaySystems::Present),
    );
}

/// The width the won banner takes on one row of buttons.
const BANNER_WIDTH: f32 = 580.0;

/// Whether the won banner is drawn small: the board's span (between the
/// search tree's column and the solver panel's), which it takes, is
/// narrower than its row of buttons, so that the tree's column keeps its
/// whole height beside it.
fn compact(width: f32, wide: bool, tree: bool) -> bool {
    let (left, right) = panels::board_span(width, wide, tree);
    width - left - right < BANNER_WIDTH
}

/// The won banner is centred under the board, where its centre shows (the
/// search tree's column and the solver panel end above it). In a narrow
/// window it keeps its width, left of the solver panel when that is open.
fn banner_room(
    aim: Res<panels::CameraAim>,
    panel: Res<SolverPanelOpen>,
    tree: Res<TreeViewOpen>,
    state: Option<Res<super::play::PlayState>>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut banners: Query<&mut Node, (With<Banner>, Without<BoardEdge>)>,
) {
    let width = windows.single().map_or(1280.0, Window::width);
    // The banner keeps clear of the solver panel's column.
    let wide = state
        .as_ref()
        .map_or(panel.0, |s| panel.column_wide(&s.puzzle));
    let room = panels::board_span(width, wide, tree.0);
    let (left, right) = panels::under_board(width, aim.across, BANNER_WIDTH, room).unwrap_or(room);
    for mut node in &mut banners {
        if node.position_type != PositionType::Absolute {
            continue;
        }
        if (node.left, node.right) != (px(left), px(right)) {
            (node.left, node.right) = (px(left), px(right));
        }
    }
}

/// The banner's stars: this win's, against the shortest solution once the
/// background search has found it; they grow in one after another.
fn show_stars(
    mut commands: Commands,
    state: Res<PlayState>,
    progress: Res<Progress>,
    packs: Res<Packs>,
    current: Res<Current>,
    art: Res<Art>,
    mut rows: Query<(Entity, &mut WinStars)>,
) {
    // A replay's win keeps no record (`progress::record_wins`): no stars.
    let replayed = state.replayed;
    for (row, mut stars) in &mut rows {
        if stars.shown {
            continue;
        }
        let (star_px, words_px) = if stars.compact {
            (26.0, 15.0)
        } else {
            (40.0, 18.0)
        };
        if replayed {
            stars.shown = true;
            commands.entity(row).with_child(text(
                "a replay: your own games' records stay as they were",
                words_px,
                theme::TEXT_DIM,
            ));
            continue;
        }
        let Some(entry) = packs.0.get(current.pack) else {
            continue;
        };
        let shortest = progress
            .file
            .record(&entry.file, current.level)
            .and_then(|r| r.shortest);
        // Where every win takes as many moves (Hop, Escape), the win is
        // scored by the moves it played in all, those taken back too: its
        // shortest is the win itself.
        let same_length = crate::solve::moves::counts_ways(&state.level.puzzle);
        let (moves, shortest) = match same_length {
            true => (state.moves() + state.taken_back, Some(state.moves())),
            false => (state.moves(), shortest),
        };
        // A level won at its start needs no search: its shortest is no move
        // (and no win is recorded, since no move was made).
        let shortest = shortest.or_else(|| state.level.puzzle.is_won().then_some(0));
        let Some(shortest) = shortest else {
            // The search for the shortest gave up (a big board): the win
            // says why it has no stars.
            if progress.finding_shortest(&entry.file, current.level) {
                continue;
            }
            stars.shown = true;
            let words = if state.helped {
                "solved with help, no stars"
            } else {
                "no stars: the shortest solution is not known"
            };
            commands
                .entity(row)
                .with_child(text(words, words_px, theme::TEXT_DIM));
            continue;
        };
        stars.shown = true;
        let earned = if state.helped {
            0
        } else {
            stars_for(moves, shortest)
        };
        commands.entity(row).with_children(|r| {
            for i in 0..3u8 {
                r.spawn((
                    Name::new("Win star"),
                    ImageNode::new(if i < earned {
                        art.pictures.star.clone()
                    } else {
                        art.pictures.star_empty.clone()
                    }),
                    Node {
                        width: px(star_px),
                        height: px(star_px),
                        ..default()
                    },
                    UiTransform::from_scale(Vec2::ZERO),
                    StarIn(0.15 + 0.25 * i as f32),
                ));
            }
            let back = state.taken_back;
            let words = if state.helped && same_length {
                "solved with help, no stars".to_string()
            } else if state.helped {
                format!("shortest {shortest}: solved with help, no stars")
            } else if same_length && back == 0 {
                "no move taken back: perfect!".to_string()
            } else if same_length {
                format!(
                    "{} taken back",
                    crate::levels::count_of(back, "move", "moves")
                )
            } else if moves <= shortest {
                format!("shortest {shortest}: perfect!")
            } else {
                format!("shortest {shortest}")
            };
            r.spawn(text(words, words_px, theme::TEXT_DIM));
        });
    }
}

/// Seconds a star takes to grow, once its delay is over.
const STAR_GROWS: f32 = 0.35;

/// Each star grows to its size; while one grows, the next frame is asked
/// for (a resting game draws none unasked: the stars stayed a dot over
/// their words until the next event).
fn grow_stars(
    time: Res<Time>,
    mut stars: Query<(&mut StarIn, &mut UiTransform)>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let mut growing = false;
    for (mut star, mut t) in &mut stars {
        if star.0 <= -STAR_GROWS {
            continue;
        }
        star.0 -= time.delta_secs();
        let k = (-star.0 / STAR_GROWS).clamp(0.0, 1.0);
        let s = k + 0.35 * (k * std::f32::consts::PI).sin();
        t.scale = Vec2::splat(s);
        growing = true;
    }
    if growing {
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// A won level throws confetti over the board.
fn celebrate(mut commands: Commands, mut won: MessageReader<LevelWon>, art: Res<Art>) {
    let Some(win) = won.read().last().copied() else {
        return;
    };
    // A fixed spread per move count: the same win throws the same confetti.
    let mut seed = 0x2545_F491_4F6C_DD1D_u64 ^ win.moves as u64;
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
            // Unseen until thrown: a first frame with every piece at its
            // start drew them as one striped bar across the board.
            Transform::from_xyz((next() - 0.5) * 200.0, -120.0, 20.0).with_scale(Vec3::ZERO),
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
        // Grown from nothing as the pieces fly apart (never a row of them
        // at their start), then faded as they fall.
        let grow = (ratio * 12.0).min(1.0);
        let fade = grow * (1.0 - ratio * ratio);
        target.scale = Vec3::new(10.0 * fade, 16.0 * fade, 1.0);
    }
}

/// The banner under the board: a win with the way on, or a dead end with the
/// way out. Shown again whenever the rules state changes.
#[allow(clippy::too_many_arguments)]
fn show_banner(
    mut commands: Commands,
    state: Res<PlayState>,
    autoplay: Option<Res<Autoplay>>,
    panel: Res<SolverPanelOpen>,
    tree: Res<TreeViewOpen>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    banners: Query<Entity, With<Banner>>,
    column: Query<Entity, With<SideColumn>>,
    (mut was_compact, mut was_at_moment): (Local<bool>, Local<bool>),
    (packs, current): (Res<Packs>, Res<Current>),
    timeline: Option<Res<crate::game::solver::tree_view::TreeViewState>>,
) {
    // A won banner is drawn anew when its span grows or shrinks past its
    // row of buttons (the tree opened or closed, the window resized).
    let width = windows.single().map_or(1280.0, |w| w.width());
    let small = compact(width, panel.column_wide(&state.puzzle), tree.0);
    let resized = small != *was_compact && state.puzzle.is_won();
    *was_compact = small;
    // A moment of the search's timeline on the board is the search's: no
    // way out of its dead ends offered as the player's (and offered again
    // once the player plays from there).
    let at_moment = timeline.as_ref().is_some_and(|t| t.scrubbed.is_some());
    let left_moment = std::mem::replace(&mut *was_at_moment, at_moment) != at_moment;
    if !state.is_changed() && !resized && !left_moment {
        return;
    }
    for b in &banners {
        commands.entity(b).try_despawn();
    }
    let watching = autoplay.as_deref().is_some_and(Autoplay::is_active) || at_moment;
    // A win the solver played (its watch is still on at the winning move,
    // or has just ended with it): its time is not the player's.
    let by_solver = state.helped
        && autoplay
            .as_deref()
            .is_some_and(|a| a.is_active() || a.won_at(state.moves()));
    // A level played from the editor: its way on is back there.
    let edited = packs
        .0
        .get(current.pack)
        .is_some_and(|e| e.origin == super::packs::Origin::Editor);
    let Some((title, colour, buttons)) = banner_words(&state, small, watching, by_solver, edited)
    else {
        return;
    };
    // Only the banner's outermost entity is marked, so that despawning it
    // never meets a child that went with it.
    let won = state.puzzle.is_won();
    let big = won && !small;
    // A dead end's card, beside the board, is low: it keeps clear of a wide
    // board below it, which then stays where it stood.
    let card = (
        Name::new("Banner"),
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            padding: UiRect::all(px(if big { 14 } else { 8 })),
            row_gap: px(if big { 10 } else { 4 }),
            border_radius: theme::PANEL_RADIUS,
            ..default()
        },
        theme::panel(),
    );
    let fill = |panel: &mut ChildSpawnerCommands| {
        panel.spawn(text(title.clone(), if big { 34.0 } else { 24.0 }, colour));
        if won {
            panel.spawn((
                WinStars {
                    shown: false,
                    compact: small,
                },
                // Its words go under the stars where the row is narrow.
                Node {
                    column_gap: px(6),
                    row_gap: px(4),
                    align_items: AlignItems::Center,
                    justify_content: JustifyContent::Center,
                    flex_wrap: FlexWrap::Wrap,
                    min_height: px(if small { 26 } else { 40 }),
                    ..default()
                },
            ));
        }
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
                    if won && small {
                        row.spawn(widget::small_text_button(action, label, 16.0));
                    } else {
                        row.spawn(widget::text_button(action, label, 20.0));
                    }
                }
            });
    };
    if won {
        // The winning position stays in view: the board moves up (the
        // camera keeps room below it) and the banner sits under it.
        commands
            .spawn((
                Banner,
                DespawnOnExit(Screen::Play),
                Node {
                    position_type: PositionType::Absolute,
                    left: px(14),
                    // Centred under the board, which has the panel's room
                    // while the panel is folded.
                    right: px(if panel.0 { 330 } else { 14 }),
                    bottom: px(WON_BANNER_BOTTOM),
                    justify_content: JustifyContent::Center,
                    ..default()
                },
                Pickable::IGNORE,
            ))
            .with_children(|cover| {
                cover
                    .spawn((card, BoardEdge::Bottom, WonCard))
                    .with_children(fill);
            });
    } else if let Ok(column) = column.single() {
        // A dead end keeps the board in view: the way out is at the side.
        commands
            .spawn((Banner, card, ChildOf(column)))
            .with_children(fill);
    }
}

/// A button of the banner: its words and what it asks for.
type BannerButton = (&'static str, PlayAction);

/// The banner's title, its colour and its buttons: a win's, or a dead
/// end's; none while a watch plays or the level goes on. `small`: the
/// keys are left to the keys' line; `by_solver`: the solver played the
/// win; `edited`: a level played from the editor, where the way on is back
/// to it (there is no next level nor a list of them).
fn banner_words(
    state: &PlayState,
    small: bool,
    watching: bool,
    by_solver: bool,
    edited: bool,
) -> Option<(String, Color, Vec<BannerButton>)> {
    if state.puzzle.is_won() {
        Some((
            {
                let moves = crate::levels::count_of(state.moves(), "move", "moves");
                // The player's time, not a replay's nor the solver's (the
                // solver's panel says how long it was watched).
                match state.took.filter(|_| !state.replayed && !by_solver) {
                    Some(secs) => format!("Solved in {moves}, {}!", crate::levels::clock(secs)),
                    None if by_solver && !state.replayed => format!("Solver won in {moves}!"),
                    None => format!("Solved in {moves}!"),
                }
            },
            theme::WIN,
            // Small, the keys are left to the keys' line.
            if edited {
                let back = if small {
                    "Back to the editor"
                } else {
                    "Back to the editor (Esc)"
                };
                let again = if small {
                    "Play again"
                } else {
                    "Play again (Backspace)"
                };
                vec![(back, PlayAction::LevelSelect), (again, PlayAction::Replay)]
            } else if small {
                vec![
                    ("Next level", PlayAction::NextLevel),
                    ("Play again", PlayAction::Replay),
                    ("Levels", PlayAction::LevelSelect),
                ]
            } else {
                vec![
                    ("Next level (N)", PlayAction::NextLevel),
                    ("Play again (Backspace)", PlayAction::Replay),
                    ("Levels (L)", PlayAction::LevelSelect),
                ]
            },
        ))
    } else if watching {
        None
    } else if state.puzzle.is_stuck() {
        let words = if state.puzzle.is_goal() {
            "Finished, but over the move limit."
        } else if state.puzzle.is_dead_end() {
            "No more moves."
        } else {
            "Out of moves."
        };
        Some((
            words.to_string(),
            theme::WARN,
            vec![
                ("Undo (U)", PlayAction::Undo),
                ("Restart", PlayAction::Replay),
            ],
        ))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A win's stars ask for frames until they are grown, and then no
    /// more: a resting game draws them whole, then rests.
    #[test]
    fn the_stars_ask_for_frames_until_they_are_grown() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_message::<bevy::window::RequestRedraw>()
            .add_systems(Update, grow_stars);
        let star = app
            .world_mut()
            .spawn((StarIn(0.05), UiTransform::from_scale(Vec2::ZERO)))
            .id();
        let asked = |app: &mut App| {
            let mut m = app
                .world_mut()
                .resource_mut::<Messages<bevy::window::RequestRedraw>>();
            let n = m.len();
            m.clear();
            n
        };
        let mut frames = 0;
        while asked(&mut app) > 0 || frames == 0 {
            std::thread::sleep(std::time::Duration::from_millis(10));
            app.update();
            frames += 1;
            assert!(frames < 500, "still asking after {frames} frames");
        }
        let scale = app.world().get::<UiTransform>(star).unwrap().scale;
        assert!(
            (scale - Vec2::ONE).abs().max_element() < 1e-3,
            "{scale} when it stops asking"
        );
        assert!(frames > 3, "asked for {frames} frames");
    }

    /// Confetti start unseen and grow as they fly apart: at the throw no
    /// piece has a size (a first frame drew them all at their start, one
    /// striped bar across the board), and by the time they are full size
    /// they are far apart.
    #[test]
    fn confetti_are_never_a_row_at_their_start() {
        let mut world = World::new();
        let pieces: Vec<Entity> = (0..8)
            .map(|_| world.spawn(Transform::default()).id())
            .collect();
        let lens = |i: usize| ConfettiLens {
            start: Vec3::new(i as f32 * 10.0, -120.0, 20.0),
            velocity: Vec2::from_angle(1.0 + i as f32 * 0.1) * 500.0,
            spin: 1.0,
        };
        let at = |world: &mut World, ratio: f32| -> Vec<Transform> {
            for (i, &e) in pieces.iter().enumerate() {
                let mut entity = world.entity_mut(e);
                let target = entity.get_mut::<Transform>().unwrap();
                lens(i).lerp(target, ratio);
            }
            pieces
                .iter()
                .map(|&e| *world.get::<Transform>(e).unwrap())
                .collect()
        };
        assert!(at(&mut world, 0.0).iter().all(|t| t.scale.x == 0.0));
        let grown = at(&mut world, 0.1);
        assert!(grown.iter().all(|t| t.scale.x > 9.0));
        assert!(grown.iter().all(|t| t.translation.y > -120.0 + 40.0));
    }
}
