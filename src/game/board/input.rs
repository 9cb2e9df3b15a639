//! The board's input: one set of pointer observers on the board's root (a
//! piece's pointer events bubble up to it) for clicks, hover and a piece's drag,
//! and the keyboard cursor (arrows move it, Enter clicks there). Each becomes
//! a `MoveRequested` from the player; nothing here changes the rules state.

use super::{BoardRoot, Clickable, Frog, Lily};
use crate::game::keys;
use crate::game::play::{
    Hint, MoveRejected, MoveRequested, PlayState, PlaySystems, Say, board_takes_input,
};
use crate::game::puzzles::{self, Clicked, Picked};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

pub use crate::game::puzzles::{HOVER_GROWTH, HOVER_LIFT, Hover};

/// The board's clickable pieces (not its root).
type Pieces = (With<Clickable>, Without<BoardRoot>);

/// How far past the board's edge a tap still falls on its water (world
/// units): farther, it is the window's margin, and says nothing.
const WATER_REACH: f32 = 30.0;

/// The keyboard's cursor on the board, in world units.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct KeyCursor(pub Option<Vec2>);

/// Where a dragged piece stood before the drag.
#[derive(Component)]
struct DragHome(Vec3);

/// What the picking saw of the pointer since its button went down: a click
/// on a piece, or a drag. A release it saw neither of is a tap it missed.
#[derive(Resource, Default, Debug, Clone, Copy)]
struct PointerSeen {
    clicked: bool,
    dragged: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KeyCursor>()
        .init_resource::<CursorKeys>()
        .init_resource::<PointerSeen>()
        .add_systems(OnEnter(crate::game::Screen::Play), clear_cursor)
        .add_systems(
            Update,
            (cursor_keys, missed_tap)
                .in_set(PlaySystems::Input)
                .run_if(board_takes_input),
        );
}

/// The root's observers: every piece's pointer events reach them, while the
/// board takes input (no menu or card over it); a piece still leaves its
/// hover and a carried frog still goes home when a menu opens.
pub(super) fn observe(commands: &mut Commands, root: Entity) {
    commands
        .entity(root)
        .observe(on_click.run_if(board_takes_input))
        .observe(on_over.run_if(board_takes_input))
        .observe(on_out)
        .observe(on_drag_start.run_if(board_takes_input))
        .observe(on_drag.run_if(board_takes_input))
        .observe(on_drop.run_if(board_takes_input))
        .observe(on_drag_end);
}

fn clear_cursor(mut cursor: ResMut<KeyCursor>, mut waiting: ResMut<CursorKeys>) {
    cursor.0 = None;
    waiting.0.clear();
}

/// A key of the board's cursor: an arrow's way, Tab (the next piece in
/// reading order; with Shift, the one before), or Enter.
#[derive(Debug, Clone, Copy, PartialEq)]
enum CursorKey {
    Arrow(Vec2),
    Tab { back: bool },
    Enter,
}

/// The cursor's keys pressed while the board animates, in order: played
/// once it is still (a piece in flight is no place for the ring), so keys
/// pressed faster than a jump lands are none of them lost.
#[derive(Resource, Debug, Default)]
struct CursorKeys(std::collections::VecDeque<CursorKey>);

/// The most cursor keys that wait for the board.
const WAITING_KEYS: usize = 8;

/// What a click needs: the rules state, the hint shown, the piece picked,
/// and where its request or its refusal goes.
#[derive(SystemParam)]
struct Clicks<'w> {
    state: Res<'w, PlayState>,
    hint: Option<Res<'w, Hint>>,
    pick: ResMut<'w, Picked>,
    moves: MessageWriter<'w, MoveRequested>,
    refused: MessageWriter<'w, MoveRejected>,
}

impl Clicks<'_> {
    /// Writes what a click on `target` (the entity `piece`) asks for, as the
    /// player's, or why it can do nothing.
    fn act(&mut self, target: Clickable, piece: Entity) {
        let puzzle = &self.state.puzzle;
        let hinted = self.hint.as_ref().and_then(|h| h.move_for(puzzle));
        match puzzles::click(puzzle, target, self.pick.0, hinted) {
            Ok(Clicked::Ask(request)) => {
                self.pick.set_if_neq(Picked(None));
                self.moves.write(MoveRequested::player(request));
            }
            Ok(Clicked::Pick(piece)) => {
                self.pick.set_if_neq(Picked(piece));
            }
            Err(why) => {
                self.pick.set_if_neq(Picked(None));
                self.refused.write(MoveRejected {
                    why,
                    mv: None,
                    piece: Some(piece),
                });
            }
        }
    }
}

fn on_click(
    click: On<Pointer<Click>>,
    clickables: Query<&Clickable>,
    mut clicks: Clicks,
    mut seen: ResMut<PointerSeen>,
) {
    seen.clicked = true;
    let piece = click.original_event_target();
    if let Ok(&target) = clickables.get(piece) {
        clicks.act(target, piece);
    }
}

fn on_over(
    over: On<Pointer<Over>>,
    mut commands: Commands,
    mut pieces: Query<&mut Transform, (With<Clickable>, Without<Hover>)>,
) {
    let piece = over.original_event_target();
    if let Ok(mut t) = pieces.get_mut(piece) {
        t.scale.x *= HOVER_GROWTH;
        t.scale.y *= HOVER_GROWTH;
        t.translation.z += HOVER_LIFT;
        commands.entity(piece).try_insert(Hover);
    }
}

fn on_out(
    out: On<Pointer<Out>>,
    mut commands: Commands,
    mut pieces: Query<&mut Transform, (With<Clickable>, With<Hover>)>,
) {
    let piece = out.original_event_target();
    if let Ok(mut t) = pieces.get_mut(piece) {
        t.scale.x /= HOVER_GROWTH;
        t.scale.y /= HOVER_GROWTH;
        t.translation.z -= HOVER_LIFT;
        commands.entity(piece).try_remove::<Hover>();
    }
}

/// A piece picked up by a drag (in a puzzle whose pieces are dragged)
/// follows the pointer.
fn on_drag_start(
    drag: On<Pointer<DragStart>>,
    mut commands: Commands,
    state: Res<PlayState>,
    frogs: Query<(&Clickable, &Transform), With<Frog>>,
    mut pick: ResMut<Picked>,
    mut seen: ResMut<PointerSeen>,
) {
    seen.dragged = true;
    let frog = drag.original_event_target();
    let Ok((&Clickable(piece), t)) = frogs.get(frog) else {
        return;
    };
    if !puzzles::dragged(&state.puzzle) {
        return;
    }
    pick.0 = Some(piece);
    // The pads under the frog must see the pointer while it is carried.
    commands
        .entity(frog)
        .try_insert((DragHome(t.translation), Pickable::IGNORE));
}

fn on_drag(
    drag: On<Pointer<Drag>>,
    mut frogs: Query<&mut Transform, With<DragHome>>,
    camera: Query<&Projection, With<Camera2d>>,
) {
    let Ok(mut t) = frogs.get_mut(drag.original_event_target()) else {
        return;
    };
    let scale = match camera.iter().next() {
        Some(Projection::Orthographic(o)) => o.scale,
        _ => 1.0,
    };
    t.translation.x += drag.delta.x * scale;
    t.translation.y -= drag.delta.y * scale;
    t.translation.z = 9.0;
}

/// Dropped on a pad: the jump is asked for; the rules decide.
fn on_drop(
    drop: On<Pointer<DragDrop>>,
    pads: Query<&Clickable>,
    carried: Query<(), With<DragHome>>,
    mut clicks: Clicks,
) {
    if carried.get(drop.dropped).is_err() {
        return;
    }
    let pad = drop.original_event_target();
    let Ok(&target) = pads.get(pad) else {
        return;
    };
    if clicks.pick.0 != Some(target.0) {
        clicks.act(target, pad);
    }
    clicks.pick.0 = None;
}

/// A frog let go anywhere goes home; a legal jump respawns the board anyway.
fn on_drag_end(
    end: On<Pointer<DragEnd>>,
    mut commands: Commands,
    mut frogs: Query<(&mut Transform, &DragHome)>,
    mut pick: ResMut<Picked>,
) {
    let frog = end.original_event_target();
    if let Ok((mut t, home)) = frogs.get_mut(frog) {
        t.translation = home.0;
        pick.0 = None;
        commands
            .entity(frog)
            .try_remove::<DragHome>()
            .insert(Pickable::default());
    }
}

/// A tap the picking missed: a press and release that came with the
/// pointer's move onto a piece, before the picking knew the pointer was
/// there (a touchscreen does this every time). On a release with no click
/// and no drag seen, the piece under the pointer is clicked.
#[allow(clippy::too_many_arguments)]
fn missed_tap(
    mouse: Res<ButtonInput<MouseButton>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    roots: Query<&GlobalTransform, With<BoardRoot>>,
    targets: Query<(Entity, &Transform), Pieces>,
    clickables: Query<&Clickable>,
    buttons: Query<&Interaction, With<Button>>,
    mut clicks: Clicks,
    mut say: MessageWriter<Say>,
    mut seen: ResMut<PointerSeen>,
    mut pressed_here: Local<bool>,
) {
    // Only a press made while the board takes input is a tap on it: the
    // release of a press on a menu's button that closed the menu is not.
    if mouse.just_pressed(MouseButton::Left) {
        *pressed_here = true;
    }
    if !mouse.just_released(MouseButton::Left) {
        return;
    }
    if !std::mem::take(&mut *pressed_here) {
        return;
    }
    let was = std::mem::take(&mut *seen);
    // Over a button, the interface has it.
    if was.clicked || was.dragged || buttons.iter().any(|i| *i != Interaction::None) {
        return;
    }
    let (Ok(window), Ok((camera, eye)), Ok(root)) =
        (windows.single(), cameras.single(), roots.single())
    else {
        return;
    };
    let Some(at) = window
        .cursor_position()
        .and_then(|c| camera.viewport_to_world_2d(eye, c).ok())
    else {
        return;
    };
    let spots: Vec<(Entity, Vec2)> = targets
        .iter()
        .map(|(e, t)| (e, t.translation.truncate()))
        .collect();
    let puzzle = &clicks.state.puzzle;
    let at = at - root.translation().truncate();
    match tap_target(at, &spots, puzzles::tap_reach(puzzle)) {
        Some(piece) => {
            if let Ok(&target) = clickables.get(piece) {
                clicks.act(target, piece);
            }
        }
        // The water between and around the pieces: nothing to move there.
        None if (at.abs() - puzzles::extent(puzzle) / 2.0).max_element() < WATER_REACH => {
            say.write(Say(format!(
                "Only water there. {}",
                puzzles::controls(puzzle)
            )));
        }
        None => {}
    }
}

/// The piece a tap at `at` (board units) lands on: the nearest, if the tap
/// is within `reach` of its centre.
fn tap_target<T: Copy>(at: Vec2, spots: &[(T, Vec2)], reach: f32) -> Option<T> {
    spots
        .iter()
        .filter(|(_, p)| (*p - at).length() <= reach)
        .min_by(|a, b| (a.1 - at).length().total_cmp(&(b.1 - at).length()))
        .map(|(c, _)| *c)
}

/// Arrows move the cursor to the nearest piece that way, Tab to the next
/// in reading order (Shift+Tab back); Enter clicks there.
/// Keys pressed while the board animates wait for it to be still.
#[allow(clippy::too_many_arguments)]
fn cursor_keys(
    keys: Res<ButtonInput<KeyCode>>,
    targets: Query<(Entity, &Clickable, &Transform, Has<Lily>), Without<BoardRoot>>,
    mut cursor: ResMut<KeyCursor>,
    mut waiting: ResMut<CursorKeys>,
    mut clicks: Clicks,
    anims: crate::game::play::BoardAnims,
    mut follow: Local<Option<(usize, Vec<Vec2>)>>,
    state: Res<crate::game::play::PlayState>,
    timeline: Res<crate::game::panels::ArrowsOnTimeline>,
) {
    // Shift with an arrow moves the search's timeline, not the ring; so do
    // the arrows alone once the board is the search's (`ArrowsOnTimeline`).
    let shift = crate::game::navigate::shift(&keys);
    if keys.just_pressed(KeyCode::Tab) {
        waiting.0.push_back(CursorKey::Tab { back: shift });
    } else if let Some(way) = keys::arrow(&keys, false).filter(|_| !shift && !timeline.0) {
        waiting.0.push_back(CursorKey::Arrow(way));
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter]) {
        waiting.0.push_back(CursorKey::Enter);
    }
    while waiting.0.len() > WAITING_KEYS {
        waiting.0.pop_back();
    }
    if !anims.is_empty() || waiting.0.is_empty() && cursor.0.is_none() {
        return;
    }
    let spots: Vec<(Entity, Clickable, Vec2, bool)> = targets
        .iter()
        .map(|(e, c, t, lily)| (e, *c, t.translation.truncate(), lily))
        .collect();
    if spots.is_empty() {
        return;
    }
    // The frog Enter moved (Swap, Hop) keeps the ring where it went, once
    // the board is still: it stayed on the pad the frog had left.
    // (Before the keys that waited for the move: they act from where the
    // ring is once it has followed, as they would a moment later.)
    if let Some((moves, before)) = follow.as_ref()
        && state.moves() != *moves
    {
        // The one piece standing on a pad where none stood before the move
        // (a frog that jumped; not an animal gone to the line outside the
        // prison, where Enter would take it back).
        let on_pad = |at: Vec2| spots.iter().any(|s| s.3 && (s.2 - at).length() < 1.0);
        let arrived: Vec<Vec2> = spots
            .iter()
            .filter(|s| !s.3 && on_pad(s.2) && !before.iter().any(|b| (*b - s.2).length() < 1.0))
            .map(|s| s.2)
            .collect();
        if let ([at], Some(_)) = (arrived.as_slice(), cursor.0) {
            cursor.0 = Some(*at);
        }
        *follow = None;
    }
    // A piece ringed that has gone (an animal out of the prison): once the
    // board is still, the ring moves to the nearest piece left, the one
    // Enter would take.
    if let Some(at) = cursor.0
        && !spots.iter().any(|s| (s.2 - at).length() < 1.0)
        && let Some(near) = spots
            .iter()
            .min_by(|a, b| (a.2 - at).length().total_cmp(&(b.2 - at).length()))
    {
        cursor.0 = Some(near.2);
    }
    while let Some(key) = waiting.0.pop_front() {
        match key {
            CursorKey::Arrow(way) => {
                cursor.0 = match cursor.0 {
                    // The first arrow lands on the piece nearest the middle
                    // (a frog, a tile, an animal rather than an empty pad).
                    None => spots
                        .iter()
                        .min_by(|a, b| {
                            (a.3, a.2.length())
                                .partial_cmp(&(b.3, b.2.length()))
                                .unwrap_or(std::cmp::Ordering::Equal)
                        })
                        .map(|s| s.2),
                    // Left and Right with nothing more that way go on
                    // in reading order: a folded Swap row's next line.
                    Some(at) => keys::nearest_toward(
                        at,
                        way,
                        keys::BOARD_SIDEWAYS,
                        spots.iter().map(|s| (s.2, s.2)),
                    )
                    .or_else(|| {
                        (way.y == 0.0)
                            .then(|| reading_neighbour(at, way.x < 0.0, spots.iter().map(|s| s.2)))
                            .flatten()
                    })
                    .or(Some(at)),
                };
            }
            CursorKey::Tab { back } => {
                cursor.0 = Some(tab_from(cursor.0, back, spots.iter().map(|s| s.2)));
            }
            CursorKey::Enter => {
                if let Some(at) = cursor.0
                    && let Some(&(piece, target, ..)) = spots
                        .iter()
                        .min_by(|a, b| (a.2 - at).length().total_cmp(&(b.2 - at).length()))
                {
                    clicks.act(target, piece);
                    let pieces = spots.iter().filter(|s| !s.3).map(|s| s.2).collect();
                    *follow = Some((state.moves(), pieces));
                }
                // What Enter did animates first; the keys after it wait.
                break;
            }
        }
    }
}

/// The board's places in reading order (rows from the top, each from the
/// left; a frog and its pad one place).
fn reading_order(places: impl Iterator<Item = Vec2>) -> Vec<Vec2> {
    // Rows from the top (world y is up), a pond's offset rows each a row.
    let mut order: Vec<Vec2> = places.collect();
    order.sort_by(|a, b| {
        let (ra, rb) = ((-a.y).round(), (-b.y).round());
        ra.total_cmp(&rb).then(a.x.total_cmp(&b.x))
    });
    // A frog and its pad stand at one place (side by side once sorted):
    // one stop.
    order.dedup_by(|a, b| (*a - *b).length() < 1.0);
    order
}

/// The place after `at` in reading order (before it with `back`), none
/// past the first or the last.
fn reading_neighbour(at: Vec2, back: bool, places: impl Iterator<Item = Vec2>) -> Option<Vec2> {
    let order = reading_order(places);
    let i = order.iter().position(|o| (*o - at).length() < 1.0)?;
    let j = if back { i.checked_sub(1)? } else { i + 1 };
    order.get(j).copied()
}

/// Tab's place from `at`: the next of the board's places in reading order
/// (rows from the top, each from the left), or with `back` the one before,
/// round from the last to the first; the first (or the last) from none.
fn tab_from(at: Option<Vec2>, back: bool, places: impl Iterator<Item = Vec2>) -> Vec2 {
    let order = reading_order(places);
    let n = order.len();
    let Some(first) = order.first().copied() else {
        return at.unwrap_or_default();
    };
    let here = at.and_then(|at| order.iter().position(|o| (*o - at).length() < 1.0));
    match (here, back) {
        (None, false) => first,
        (None, true) => order[n - 1],
        (Some(i), false) => order[(i + 1) % n],
        (Some(i), true) => order[(i + n - 1) % n],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tab goes through the board's places in reading order and round;
    /// Shift+Tab back; a frog on its pad is one stop.
    #[test]
    fn tab_walks_the_places_in_reading_order() {
        // A pond-like board: rows at y 100, 50 (offset) and 0.
        let places = [
            Vec2::new(0.0, 0.0),
            Vec2::new(-50.0, 100.0),
            Vec2::new(25.0, 50.0),
            Vec2::new(50.0, 100.0),
            Vec2::new(-25.0, 50.0),
            Vec2::new(25.0, 50.0),
        ];
        let mut at = None;
        let mut seen = Vec::new();
        for _ in 0..6 {
            let next = tab_from(at, false, places.into_iter());
            seen.push(next);
            at = Some(next);
        }
        assert_eq!(
            seen,
            [
                Vec2::new(-50.0, 100.0),
                Vec2::new(50.0, 100.0),
                Vec2::new(-25.0, 50.0),
                Vec2::new(25.0, 50.0),
                Vec2::new(0.0, 0.0),
                Vec2::new(-50.0, 100.0),
            ]
        );
        assert_eq!(
            tab_from(Some(Vec2::new(-50.0, 100.0)), true, places.into_iter()),
            Vec2::new(0.0, 0.0),
            "back from the first is the last"
        );
        assert_eq!(
            tab_from(None, true, places.into_iter()),
            Vec2::new(0.0, 0.0)
        );
    }

    #[test]
    fn a_tap_lands_on_the_piece_under_it_or_on_none() {
        let frogs = [
            (Clickable(0), Vec2::new(-84.0, 0.0)),
            (Clickable(2), Vec2::new(84.0, 0.0)),
        ];
        assert_eq!(
            tap_target(Vec2::new(-80.0, 20.0), &frogs, 36.0),
            Some(Clickable(0))
        );
        assert_eq!(
            tap_target(Vec2::new(90.0, -30.0), &frogs, 36.0),
            Some(Clickable(2))
        );
        // Water between the frogs.
        assert_eq!(tap_target(Vec2::new(0.0, 0.0), &frogs, 36.0), None);
        // A small tile, and the water beside it.
        let tiles = [(Clickable(3), Vec2::new(0.0, 200.0))];
        assert_eq!(
            tap_target(Vec2::new(5.0, 190.0), &tiles, 17.0),
            Some(Clickable(3))
        );
        assert_eq!(tap_target(Vec2::new(0.0, 180.0), &tiles, 17.0), None);
    }
}
