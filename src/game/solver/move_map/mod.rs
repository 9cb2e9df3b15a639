//! The move map (M, or the panel's Moves button): every legal move of the
//! position on the board marked where the player would make it, green with a
//! tick where the level can still be won after it, red with a cross where it
//! cannot, grey with a question mark while not decided; beside a winning
//! move, what is left after it (the fewest moves in Swap and Flood, the ways
//! to win in Hop and Escape). The marks are decided in the background, a
//! quick pass over every move first and then, for the moves it left open, a
//! long one, within the memory every search shares. Playing with the map on
//! is help, as a hint is.

use super::{Autoplay, SolverBudget};
use crate::game::play::BoardRoot;
use crate::game::play::{MoveRequested, PlayState, PlaySystems, Request};
use crate::game::puzzles;
use crate::game::settings::Settings;
use crate::game::theme::Art;
use crate::levels::count_of;
use crate::rules::{Puzzle, PuzzleMove};
use crate::solve::Budget;
use crate::solve::moves::{Left, MoveMap, MoveMark, WAYS_CAP, Ways, counts_ways, left_of};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, TaskPool};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The quick pass's time for all the moves together.
const QUICK: Duration = Duration::from_millis(100);
/// The long pass's time for each move the quick one left open.
const LONG: Duration = Duration::from_secs(20);

/// The marks of the position on the board, as far as decided.
#[derive(Resource, Default)]
pub struct MoveMarks {
    /// The position marked and its map (moves not decided yet are
    /// `Left::UNKNOWN`); None while the quick pass runs, or with the map off.
    pub shown: Option<(Puzzle, MoveMap)>,
    /// The position being decided.
    deciding: Option<Puzzle>,
    running: Option<Running>,
}

struct Running {
    /// Each batch of marks as it is decided: the move's index and its mark.
    marks: Mutex<Receiver<Vec<(usize, Left)>>>,
    cancel: Arc<AtomicBool>,
    _task: Task<()>,
}

/// A search left behind stops: its task would run on to its end otherwise.
impl Drop for Running {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

impl MoveMarks {
    /// Whether marks are still being decided.
    pub fn pending(&self) -> bool {
        self.running.is_some()
    }

    /// The words of the bar for the marks shown: how many moves keep the
    /// level winnable, and what is left from here.
    pub fn words(&self) -> Option<String> {
        let (p, map) = self.shown.as_ref()?;
        if map.won {
            return None;
        }
        let n = map.moves.len();
        let mut words = match (map.left.winnable, map.undecided()) {
            (Some(false), _) => "no move keeps it winnable".to_string(),
            (_, 0) => format!(
                "{} of {} keep it winnable",
                map.winning(),
                count_of(n, "move", "moves")
            ),
            (_, open) => format!(
                "{} of {} keep it winnable, {open} not known yet",
                map.winning(),
                count_of(n, "move", "moves")
            ),
        };
        if counts_ways(p) {
            match map.left.ways {
                Some(Ways::Exactly(w)) => words += &format!(" · ways to win: {w}"),
                Some(Ways::Many) => words += &format!(" · ways to win: {WAYS_CAP}+"),
                None => {}
            }
        } else if let Some(s) = map.left.shortest {
            words += &format!(" · fewest moves from here: {s}");
        }
        Some(words)
    }

    fn stop(&mut self) {
        self.running = None;
        self.deciding = None;
    }
}

/// A mark drawn on the board: the move it marks, and whether the level can
/// still be won after it (None: not known yet).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct MoveMarkBadge(pub PuzzleMove, pub Option<bool>);

/// A dot of a move's arc.
#[derive(Component)]
pub struct ArcDot;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MoveMarks>().add_systems(
        Update,
        (
            follow.in_set(PlaySystems::Solver),
            (draw, draw_on_buttons)
                .in_set(PlaySystems::Present)
                .after(crate::game::play::BoardRespawn),
        ),
    );
}

/// Starts deciding the marks of the position on the board when it changes
/// (a move, undo, redo, restart, a jump from the tree, a reload), reads what
/// has been decided, and stops with the map off or while auto-play plays.
fn follow(
    settings: Res<Settings>,
    mut state: ResMut<PlayState>,
    autoplay: Option<Res<Autoplay>>,
    budget: Res<SolverBudget>,
    mut marks: ResMut<MoveMarks>,
) {
    let on = settings.move_map && !autoplay.is_some_and(|a| a.is_active());
    if !on {
        if marks.shown.is_some() || marks.deciding.is_some() {
            marks.stop();
            marks.shown = None;
        }
        return;
    }
    // Playing with the map on is help (set without a change: nothing that
    // follows the board has to run again for it).
    if !state.helped && !state.puzzle.is_won() {
        state.bypass_change_detection().helped = true;
    }
    let marked = marks.shown.as_ref().map(|(p, _)| p);
    let current = marks.deciding.as_ref().or(marked);
    if current != Some(&state.puzzle) {
        marks.stop();
        marks.shown = None;
        start(&mut marks, &state.puzzle, &budget.0);
    }
    read(&mut marks);
}

fn start(marks: &mut MoveMarks, puzzle: &Puzzle, shared: &Budget) {
    let cancel = Arc::new(AtomicBool::new(false));
    let budget = Budget {
        cancel: Some(cancel.clone()),
        ..shared.clone()
    };
    let (send, receive) = channel();
    let p = puzzle.clone();
    let pool = AsyncComputeTaskPool::get_or_init(TaskPool::new);
    let task = pool.spawn(async move {
        crate::game::memory::then_let_go(|| decide(&p, &budget, |batch| send.send(batch).is_ok()))
    });
    marks.deciding = Some(puzzle.clone());
    marks.running = Some(Running {
        marks: Mutex::new(receive),
        cancel,
        _task: task,
    });
}

/// Decides the marks of `p`'s moves: the quick pass's all at once, then each
/// of the long pass's as it comes. `send` returns false once nobody reads.
fn decide(p: &Puzzle, budget: &Budget, mut send: impl FnMut(Vec<(usize, Left)>) -> bool) {
    let moves = if p.is_won() || p.is_stuck() {
        Vec::new()
    } else {
        p.legal_moves()
    };
    let after: Vec<Option<Puzzle>> = moves
        .iter()
        .map(|&mv| {
            let mut a = p.clone();
            a.apply(mv).ok().map(|_| a)
        })
        .collect();
    let each = QUICK / moves.len().max(1) as u32;
    let quick: Vec<(usize, Left)> = after
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let left = match a {
                Some(a) => left_of(
                    a,
                    &Budget {
                        time: Some(each),
                        ..budget.clone()
                    },
                ),
                None => Left::UNKNOWN,
            };
            (i, left)
        })
        .collect();
    let counts = counts_ways(p);
    let open: Vec<usize> = quick
        .iter()
        .filter(|(_, l)| !complete(l, counts))
        .map(|&(i, _)| i)
        .collect();
    if !send(quick) {
        return;
    }
    for i in open {
        let Some(a) = &after[i] else { continue };
        let cancelled = budget
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed));
        if cancelled {
            return;
        }
        let left = left_of(
            a,
            &Budget {
                time: Some(LONG),
                ..budget.clone()
            },
        );
        if !send(vec![(i, left)]) {
            return;
        }
    }
}

/// A mark with nothing left to decide.
fn complete(left: &Left, counts: bool) -> bool {
    match left.winnable {
        Some(false) => true,
        Some(true) => left.shortest.is_some() && (!counts || left.ways.is_some()),
        None => false,
    }
}

/// Takes in the marks decided since the last frame.
fn read(marks: &mut ResMut<MoveMarks>) {
    let Some(running) = marks.running.as_ref() else {
        return;
    };
    let mut batches = Vec::new();
    let Ok(receiver) = running.marks.lock() else {
        return;
    };
    let finished = loop {
        match receiver.try_recv() {
            Ok(b) => batches.push(b),
            Err(TryRecvError::Empty) => break false,
            Err(TryRecvError::Disconnected) => break true,
        }
    };
    drop(receiver);
    // Polling is not a change; only new marks are.
    if finished {
        marks.bypass_change_detection().running = None;
    }
    if batches.is_empty() {
        return;
    }
    let Some(p) = marks.deciding.clone() else {
        return;
    };
    let shown = marks
        .bypass_change_detection()
        .shown
        .get_or_insert_with(|| {
            let moves = if p.is_won() || p.is_stuck() {
                Vec::new()
            } else {
                p.legal_moves()
            };
            let moves = moves
                .into_iter()
                .map(|mv| MoveMark {
                    mv,
                    left: Left::UNKNOWN,
                })
                .collect();
            (
                p.clone(),
                MoveMap {
                    won: p.is_won(),
                    left: Left::UNKNOWN,
                    moves,
                },
            )
        });
    for (i, left) in batches.into_iter().flatten() {
        if let Some(m) = shown.1.moves.get_mut(i) {
            m.left = left;
        }
    }
    shown.1.left = crate::solve::moves::position_left(&shown.0, shown.1.won, &shown.1.moves);
    marks.set_changed();
}

/// The materials and meshes of the marks, made once.
struct MarkArt {
    win: Handle<ColorMaterial>,
    lose: Handle<ColorMaterial>,
    open: Handle<ColorMaterial>,
    bar: Handle<Mesh>,
    short_bar: Handle<Mesh>,
    white: Handle<ColorMaterial>,
}

impl MarkArt {
    fn new(meshes: &mut Assets<Mesh>, materials: &mut Assets<ColorMaterial>) -> Self {
        MarkArt {
            win: materials.add(Color::srgb(0.16, 0.62, 0.30)),
            lose: materials.add(Color::srgb(0.80, 0.20, 0.18)),
            open: materials.add(Color::srgb(0.45, 0.50, 0.55)),
            bar: meshes.add(Rectangle::new(12.0, 3.0)),
            short_bar: meshes.add(Rectangle::new(6.0, 3.0)),
            white: materials.add(Color::WHITE),
        }
    }
}

/// The marks' entities on the board: badges and arc dots.
type Drawn = Or<(With<MoveMarkBadge>, With<ArcDot>)>;

/// Draws the marks on the board whenever they change or the board is
/// spawned anew.
#[allow(clippy::too_many_arguments)]
fn draw(
    mut commands: Commands,
    marks: Res<MoveMarks>,
    art: Res<Art>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut made: Local<Option<MarkArt>>,
    badges: Query<Entity, Drawn>,
    new_roots: Query<(), Added<BoardRoot>>,
    roots: Query<Entity, With<BoardRoot>>,
) {
    if !marks.is_changed() && new_roots.is_empty() {
        return;
    }
    for b in &badges {
        commands.entity(b).despawn();
    }
    let Some((p, map)) = &marks.shown else {
        return;
    };
    let Some(root) = roots.iter().next() else {
        return;
    };
    let made = made.get_or_insert_with(|| MarkArt::new(&mut meshes, &mut materials));
    let size = puzzles::mark_size(p);
    let counts = counts_ways(p);
    for mark in &map.moves {
        let (disc, symbol) = match mark.left.winnable {
            Some(true) => (made.win.clone(), Symbol::Tick),
            Some(false) => (made.lose.clone(), Symbol::Cross),
            None => (made.open.clone(), Symbol::Open),
        };
        let arc = puzzles::mark_arc(p, mark.mv);
        let Some(at) = arc
            .map(|(from, to)| arc_point(from, to, 0.5))
            .or_else(|| puzzles::mark_spot(p, mark.mv))
        else {
            continue;
        };
        if let Some((from, to)) = arc {
            // Dots from the piece to where it lands, growing towards it.
            for k in 0..ARC_DOTS {
                let t = 0.12 + 0.8 * k as f32 / (ARC_DOTS - 1) as f32;
                if (t - 0.5).abs() < 0.12 {
                    continue; // under the mark
                }
                let dot = 0.16 + 0.14 * t;
                commands.spawn((
                    ArcDot,
                    Mesh2d(art.badge.clone()),
                    MeshMaterial2d(disc.clone()),
                    Transform::from_translation(arc_point(from, to, t).extend(11.0))
                        .with_scale(Vec3::new(dot * size, dot * size, 1.0)),
                    Pickable::IGNORE,
                    ChildOf(root),
                ));
            }
        }
        let number = match (mark.left.winnable, counts) {
            (Some(true), false) => mark.left.shortest.map(|s| s.to_string()),
            (Some(true), true) => mark.left.ways.map(|w| match w {
                Ways::Exactly(n) => n.to_string(),
                Ways::Many => "1k+".to_string(),
            }),
            _ => None,
        };
        commands
            .spawn((
                MoveMarkBadge(mark.mv, mark.left.winnable),
                Mesh2d(art.badge.clone()),
                MeshMaterial2d(disc),
                Transform::from_translation(at.extend(12.0)).with_scale(Vec3::new(size, size, 1.0)),
                Pickable::IGNORE,
                ChildOf(root),
            ))
            .with_children(|b| {
                b.spawn((
                    Mesh2d(art.badge_rim.clone()),
                    MeshMaterial2d(art.badge_rim_mat.clone()),
                    Transform::from_xyz(0.0, 0.0, 0.05),
                    Pickable::IGNORE,
                ));
                symbol.spawn(b, made);
                if let Some(n) = number {
                    // The number on a dark badge of its own, down and right.
                    b.spawn((
                        Mesh2d(art.badge.clone()),
                        MeshMaterial2d(art.badge_mat.clone()),
                        Transform::from_xyz(12.0, -9.0, 0.2).with_scale(Vec3::new(
                            0.75 + 0.2 * n.len().saturating_sub(1) as f32,
                            0.75,
                            1.0,
                        )),
                        Pickable::IGNORE,
                    ));
                    b.spawn((
                        Text2d::new(n),
                        TextFont {
                            font_size: FontSize::Px(11.0),
                            ..default()
                        },
                        TextColor(Color::WHITE),
                        Transform::from_xyz(12.0, -8.5, 0.3),
                        Pickable::IGNORE,
                    ));
                }
            });
    }
}

/// A mark on a button that plays a move (Flood's colours): the move, and
/// whether the level can still be won after it.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct ButtonMark(pub PuzzleMove, pub Option<bool>);

/// Marks the buttons that play a move (Flood's colours) in the corner: a
/// green disc with the fewest moves left after it ("win" where it finishes
/// the level), a red square with a cross, a grey disc while not known.
fn draw_on_buttons(
    mut commands: Commands,
    marks: Res<MoveMarks>,
    buttons: Query<(Entity, &MoveRequested), With<Button>>,
    new_buttons: Query<(), (With<Button>, Added<MoveRequested>)>,
    badges: Query<Entity, With<ButtonMark>>,
) {
    if !marks.is_changed() && new_buttons.is_empty() {
        return;
    }
    for b in &badges {
        commands.entity(b).despawn();
    }
    let Some((_, map)) = &marks.shown else {
        return;
    };
    for (button, asked) in &buttons {
        let Request::Play(mv) = asked.request() else {
            continue;
        };
        let Some(mark) = map.mark(mv) else { continue };
        let (words, colour, round) = match mark.left.winnable {
            Some(true) => (
                match mark.left.shortest {
                    Some(0) => "win".to_string(),
                    Some(n) => n.to_string(),
                    None => "ok".to_string(),
                },
                Color::srgb(0.16, 0.62, 0.30),
                true,
            ),
            Some(false) => ("\u{d7}".to_string(), Color::srgb(0.80, 0.20, 0.18), false),
            None => ("?".to_string(), Color::srgb(0.45, 0.50, 0.55), true),
        };
        commands.spawn((
            ButtonMark(mv, mark.left.winnable),
            Node {
                position_type: PositionType::Absolute,
                top: px(-9),
                right: px(-9),
                min_width: px(22),
                height: px(22),
                padding: UiRect::horizontal(px(4)),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                border: UiRect::all(px(1.5)),
                border_radius: if round {
                    BorderRadius::MAX
                } else {
                    BorderRadius::all(px(3))
                },
                ..default()
            },
            BackgroundColor(colour),
            BorderColor::all(Color::WHITE),
            Pickable::IGNORE,
            ChildOf(button),
            children![(
                Text::new(words),
                TextFont {
                    font_size: FontSize::Px(13.0),
                    ..default()
                },
                TextColor(Color::WHITE),
                Pickable::IGNORE,
            )],
        ));
    }
}

/// Dots of a move's arc.
const ARC_DOTS: usize = 11;

/// A point of the arc from `from` to `to` at `t` (0 to 1): it bows to the
/// left of the way it goes, so the jumps over one frog from opposite sides
/// bow apart and each mark stands alone.
pub(super) fn arc_point(from: Vec2, to: Vec2, t: f32) -> Vec2 {
    let way = to - from;
    let side = way.perp() * 0.28;
    from + way * t + side * 4.0 * t * (1.0 - t)
}

/// What a mark's disc carries: a tick, a cross (told apart by shape as well
/// as colour), or a question mark.
#[derive(Clone, Copy)]
enum Symbol {
    Tick,
    Cross,
    Open,
}

impl Symbol {
    fn spawn(self, b: &mut ChildSpawnerCommands, made: &MarkArt) {
        let bar = |mesh: &Handle<Mesh>, at: Vec2, angle: f32| {
            (
                Mesh2d(mesh.clone()),
                MeshMaterial2d(made.white.clone()),
                Transform::from_translation(at.extend(0.1))
                    .with_rotation(Quat::from_rotation_z(angle.to_radians())),
                Pickable::IGNORE,
            )
        };
        match self {
            Symbol::Tick => {
                b.spawn(bar(&made.short_bar, Vec2::new(-3.0, -1.0), -45.0));
                b.spawn(bar(&made.bar, Vec2::new(2.2, 1.2), 50.0));
            }
            Symbol::Cross => {
                b.spawn(bar(&made.bar, Vec2::ZERO, 45.0));
                b.spawn(bar(&made.bar, Vec2::ZERO, -45.0));
            }
            Symbol::Open => {
                b.spawn((
                    Text2d::new("?"),
                    TextFont {
                        font_size: FontSize::Px(13.0),
                        ..default()
                    },
                    TextColor(Color::WHITE),
                    Transform::from_xyz(0.0, 0.5, 0.1),
                    Pickable::IGNORE,
                ));
            }
        }
    }
}
