//! What appears over the board when a level ends: confetti and a banner with
//! the way on for a win, a card with the way out for a dead end. They read
//! the rules state, never the entities.

use super::Screen;
use super::anim::{self, Decoration, DespawnWhenDone};
use super::packs::{Current, Packs};
use super::panels::{self, BoardEdge, SideColumn, SolverPanelOpen, TreeViewOpen, WonCard};
use super::play::{LevelWon, PlayAction, PlayState, PlaySystems, WinShown};
use super::solver::Autoplay;
use super::theme::{self, Art, text, widget};
use bevy::prelude::*;
use bevy_tweening::Lens;
use stars::{WinStars, grow_stars, show_stars};

mod stars;

#[derive(Component)]
struct Banner;

/// The won banner's distance from the window's bottom: above the controls.
const WON_BANNER_BOTTOM: f32 = 58.0;
/// The room the won banner takes at the bottom, which the board leaves.
pub const WON_BANNER_ROOM: f32 = 250.0;

/// The won banner comes once the board has made its room (it came with the
/// board's move, over the board's last row, a jolt): when the board stands,
/// after `ROOM_LEAST` seconds at least, or after `ROOM_MOST` while the
/// board still eases into its place.
const ROOM_LEAST: f32 = 0.1;
const ROOM_MOST: f32 = 0.3;

/// The won banner grows from this share of its size in `POP_SECS`, slowing
/// as it comes.
const POP_FROM: f32 = 0.9;
const POP_SECS: f32 = 0.25;

/// A won banner growing to its size: the seconds since it came.
#[derive(Component, Default)]
struct PopIn(f32);

/// Pieces of confetti thrown per win.
const CONFETTI: usize = 70;

pub(super) fn plugin(app: &mut App) {
    // The stars ask for frames (a windowless app has no such message).
    app.add_message::<bevy::window::RequestRedraw>();
    app.add_systems(
        Update,
        (
            celebrate,
            show_banner,
            banner_room,
            pop_in,
            show_stars,
            grow_stars,
        )
            .chain()
            .in_set(PlaySystems::Present),
    );
}

/// The width the won banner takes on one row of buttons.
const BANNER_WIDTH: f32 = 580.0;

/// The banner's title's size: smaller for a long title in a small banner,
/// so that it keeps to one line ("The plain search won in 11 moves!"
/// wrapped at 800x600).
fn title_size(title: &str, big: bool, room: f32) -> f32 {
    if big {
        return 34.0;
    }
    let letters = title.chars().count().max(1) as f32;
    (room / (letters * LETTER_WIDTH)).clamp(16.0, 24.0)
}

/// A letter's width, about, against the font's size (Noto Sans's mean over
/// English text).
const LETTER_WIDTH: f32 = 0.56;

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
    let (left, right) = banner_span(width, aim.across, wide, tree.0);
    for mut node in &mut banners {
        if node.position_type != PositionType::Absolute {
            continue;
        }
        if (node.left, node.right) != (px(left), px(right)) {
            (node.left, node.right) = (px(left), px(right));
        }
    }
}

/// The won banner's room across (from the window's left and right): under
/// the board, between the side panels.
fn banner_span(width: f32, across: f32, wide: bool, tree: bool) -> (f32, f32) {
    let room = panels::board_span(width, wide, tree);
    panels::under_board(width, across, BANNER_WIDTH, room).unwrap_or(room)
}

/// The won banner grows to its size, slowing as it comes (an ease out).
fn pop_in(
    mut commands: Commands,
    time: Res<Time>,
    mut growing: Query<(Entity, &mut PopIn, &mut UiTransform)>,
) {
    for (entity, mut pop, mut transform) in &mut growing {
        pop.0 += time.delta_secs();
        let t = (pop.0 / POP_SECS).min(1.0);
        let left = (1.0 - t).powi(3);
        transform.scale = Vec2::splat(1.0 - (1.0 - POP_FROM) * left);
        if t >= 1.0 {
            commands.entity(entity).remove::<PopIn>();
        }
    }
}

/// A won level throws confetti over the board, with its banner, once the
/// winning move has landed.
fn celebrate(
    mut commands: Commands,
    mut won: MessageReader<LevelWon>,
    shown: Res<WinShown>,
    mut pending: Local<Option<LevelWon>>,
    art: Res<Art>,
) {
    if let Some(win) = won.read().last() {
        *pending = Some(*win);
    }
    if !shown.0 {
        return;
    }
    let Some(win) = pending.take() else {
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
    shown: Res<WinShown>,
    (aim, time, mut room): (Res<panels::CameraAim>, Res<Time>, Local<Option<f32>>),
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
    let at_moment = crate::game::solver::board_is_the_searchs(
        timeline.as_deref(),
        autoplay.as_deref(),
        state.moves(),
    );
    let left_moment = std::mem::replace(&mut *was_at_moment, at_moment) != at_moment;
    // A win's banner waits for the winning move to land, then for the
    // board to make its room.
    if shown.is_changed() {
        *room = shown.0.then_some(0.0);
    }
    let mut room_made = false;
    if let Some(waited) = room.as_mut() {
        *waited += time.delta_secs();
        if *waited >= ROOM_MOST || (*waited >= ROOM_LEAST && !aim.moving) {
            *room = None;
            room_made = true;
        }
    }
    if !state.is_changed() && !resized && !left_moment && !shown.is_changed() && !room_made {
        return;
    }
    for b in &banners {
        commands.entity(b).try_despawn();
    }
    if state.puzzle.is_won() && (!shown.0 || room.is_some()) {
        return;
    }
    let watching = autoplay.as_deref().is_some_and(Autoplay::is_active) || at_moment;
    // A win the solver played (its watch is still on at the winning move,
    // or has just ended with it): its time is not the player's.
    let by_solver = state.helped
        && autoplay
            .as_deref()
            .is_some_and(|a| a.is_active() || a.won_at(state.moves()));
    // Which watch played it, named as the panel names it: the plain one's
    // win is not the solver's, and a watched search's is the search's
    // ("Solver won" over the panel's "Search: won" read as two players).
    // With the moves it played after the player's own (the player's are
    // not its: "The solver won in 8 moves!" over "your 1, then its 7").
    let by_solver = by_solver.then(|| {
        use crate::game::solver::Watch;
        let who = match autoplay.as_deref().map(|a| a.watch) {
            Some(Watch::Plain) => "The plain search",
            Some(Watch::Search) => "The search",
            _ => "The solver",
        };
        (who, autoplay.as_deref().map_or(0, |a| a.base()))
    });
    // A level played from the editor: its way on is back there.
    let edited = packs.from_editor(&current);
    let Some((title, colour, buttons)) = banner_words(&state, small, watching, by_solver, edited)
    else {
        return;
    };
    // Only the banner's outermost entity is marked, so that despawning it
    // never meets a child that went with it.
    let won = state.puzzle.is_won();
    let big = won && !small;
    // The room for the title's line, inside the banner's padding.
    let (left, right) = banner_span(width, aim.across, panel.column_wide(&state.puzzle), tree.0);
    let title_room = width - left - right - 2.0 * 8.0;
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
        // Begun at the size its letters suggest, then fitted to its line
        // as laid out (the estimate alone wrapped or cut some titles).
        panel.spawn((
            text(title.clone(), title_size(&title, big, title_room), colour),
            theme::fit_line(if big { 34.0 } else { 24.0 }, 14.0),
        ));
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
                // They come where the player may be clicking the board
                // or its buttons: a moment before they take a press.
                for &(label, action) in &buttons {
                    let mut button = if won && small {
                        row.spawn(widget::small_text_button(action, label, 16.0))
                    } else {
                        row.spawn(widget::text_button(action, label, 20.0))
                    };
                    button.insert(widget::Arming::default());
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
                    .spawn((
                        card,
                        BoardEdge::Bottom,
                        WonCard,
                        PopIn::default(),
                        UiTransform::from_scale(Vec2::splat(POP_FROM)),
                    ))
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
/// keys are left to the keys' line; `by_solver`: which search played the
/// win and the moves the player had made before it (none: the player);
/// `edited`: a level played from the editor, where the way on is back to
/// it (there is no next level nor a list of them).
fn banner_words(
    state: &PlayState,
    small: bool,
    watching: bool,
    by_solver: Option<(&str, usize)>,
    edited: bool,
) -> Option<(String, Color, Vec<BannerButton>)> {
    if state.puzzle.is_won() {
        Some((
            {
                let moves = crate::levels::count_of(state.moves(), "move", "moves");
                // The player's time, not a replay's nor the solver's (the
                // solver's panel says how long it was watched).
                match (by_solver, state.took) {
                    _ if state.replayed => format!("Solved in {moves}!"),
                    (Some((who, 0)), _) => format!("{who} won in {moves}!"),
                    (Some((who, base)), _) => {
                        let its = state.moves().saturating_sub(base);
                        let its = crate::levels::count_of(its, "more move", "more moves");
                        format!("{who} won in {its}!")
                    }
                    (None, Some(secs)) => {
                        format!("Solved in {moves}, {}!", crate::levels::clock(secs))
                    }
                    (None, None) => format!("Solved in {moves}!"),
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
        // Stuck before a move (a level made so): nothing to undo or
        // restart, only the way out.
        let ways = match (state.done.is_empty(), edited) {
            (false, _) => vec![
                ("Undo (U)", PlayAction::Undo),
                ("Restart", PlayAction::Replay),
            ],
            (true, true) => vec![("Back to the editor", PlayAction::LevelSelect)],
            (true, false) => vec![("Levels", PlayAction::LevelSelect)],
        };
        Some((words.to_string(), theme::WARN, ways))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
