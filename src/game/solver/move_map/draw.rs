//! The move map's drawing: a badge on the board where each move is made,
//! with its tick, cross or three dots and the number left after it, dots
//! along a jump's arc, and the same marks in the corner of the buttons that
//! play a move.

use super::MoveMarks;
use super::legible::{MarkScale, NUMBER_PX, NumberTag, TAG_AT};
use crate::game::play::{BoardRoot, MoveRequested, Request, board_takes_input};
use crate::game::puzzles::{self, Picked};
use crate::game::theme::Art;
use crate::rules::PuzzleMove;
use crate::solve::moves::counts_ways;
use bevy::prelude::*;

/// A mark drawn on the board: the move it marks, and whether the level can
/// still be won after it (None: not known yet).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct MoveMarkBadge(pub PuzzleMove, pub Option<bool>);

/// A dot of a move's arc: the move it draws.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct ArcDot(pub PuzzleMove);

/// The materials and meshes of the marks, made once.
pub(super) struct MarkArt {
    win: Handle<ColorMaterial>,
    lose: Handle<ColorMaterial>,
    open: Handle<ColorMaterial>,
    bar: Handle<Mesh>,
    short_bar: Handle<Mesh>,
    dot: Handle<Mesh>,
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
            dot: meshes.add(Circle::new(1.6)),
            white: materials.add(Color::WHITE),
        }
    }
}

/// The marks' entities on the board: badges and arc dots.
type Drawn = Or<(With<MoveMarkBadge>, With<ArcDot>)>;

/// Draws the marks on the board whenever they change or the board is
/// spawned anew.
#[allow(clippy::too_many_arguments)]
pub(super) fn draw(
    mut commands: Commands,
    marks: Res<MoveMarks>,
    art: Res<Art>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut made: Local<Option<MarkArt>>,
    badges: Query<Entity, Drawn>,
    new_roots: Query<(), Added<BoardRoot>>,
    roots: Query<Entity, With<BoardRoot>>,
    mut hovered: ResMut<MarkHovered>,
) {
    if !marks.is_changed() && new_roots.is_empty() {
        return;
    }
    for b in &badges {
        commands.entity(b).try_despawn();
    }
    // (A mark taken away under the pointer tells of no leaving.)
    hovered.set_if_neq(MarkHovered(None));
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
            .map(|a| a.mark())
            .or_else(|| puzzles::map_spot(p, mark.mv))
        else {
            continue;
        };
        if let Some(arc) = arc {
            // Dots from the piece to where it lands, growing towards it.
            for k in 0..ARC_DOTS {
                let t = 0.12 + 0.8 * k as f32 / (ARC_DOTS - 1) as f32;
                if (t - arc.mark_at).abs() < 0.12 {
                    continue; // under the mark
                }
                let dot = 0.16 + 0.14 * t;
                // Each dot on a white rim: green on green frogs and pads
                // was hard to follow.
                for (material, grown, z) in [(&made.white, 0.05, 10.9), (&disc, 0.0, 11.0)] {
                    let d = (dot + grown) * size;
                    commands.spawn((
                        ArcDot(mark.mv),
                        Mesh2d(art.badge.clone()),
                        // (Hidden while another piece is picked.)
                        Visibility::default(),
                        MeshMaterial2d(material.clone()),
                        Transform::from_translation(arc.point(t).extend(z))
                            .with_scale(Vec3::new(d, d, 1.0)),
                        Pickable::IGNORE,
                        ChildOf(root),
                    ));
                }
            }
        }
        let number = super::number(&mark.left, counts);
        // A jump's number toward the pad it lands on, empty by the rules:
        // down and right it covered the frog jumped over on the peg boards.
        let tag_at = arc
            .and_then(|a| (a.to - at).try_normalize())
            .map_or(TAG_AT, |d| d * TAG_AT.length());
        commands
            .spawn((
                MoveMarkBadge(mark.mv, mark.left.winnable),
                MarkScale(size),
                Mesh2d(art.badge.clone()),
                Visibility::default(),
                MeshMaterial2d(disc),
                Transform::from_translation(at.extend(12.0)).with_scale(Vec3::new(size, size, 1.0)),
                // A click on a mark makes its move (a new player clicked
                // the dots, and the click fell through to an empty pad).
                Pickable::default(),
                ChildOf(root),
            ))
            .observe(play_the_marked_move.run_if(board_takes_input))
            .observe(grow_under_the_pointer)
            .observe(shrink_when_the_pointer_leaves)
            .with_children(|b| {
                b.spawn((
                    Mesh2d(art.badge_rim.clone()),
                    MeshMaterial2d(art.badge_rim_mat.clone()),
                    Transform::from_xyz(0.0, 0.0, 0.05),
                    Pickable::IGNORE,
                ));
                symbol.spawn(b, made);
                if let Some(n) = number {
                    // The number on a dark tag of its own, down and right,
                    // kept legible in a small window (`legible_marks`).
                    let n = n.to_string();
                    b.spawn((
                        NumberTag { size, at: tag_at },
                        Transform::from_translation(tag_at.extend(0.2)),
                        Visibility::default(),
                        Pickable::IGNORE,
                    ))
                    .with_children(|tag| {
                        tag.spawn((
                            Mesh2d(art.badge.clone()),
                            MeshMaterial2d(art.badge_mat.clone()),
                            Transform::from_scale(Vec3::new(
                                0.75 + 0.2 * n.len().saturating_sub(1) as f32,
                                0.75,
                                1.0,
                            )),
                            Pickable::IGNORE,
                        ));
                        tag.spawn((
                            Text2d::new(n),
                            TextFont {
                                font_size: FontSize::Px(NUMBER_PX),
                                ..default()
                            },
                            TextColor(Color::WHITE),
                            Transform::from_xyz(0.0, 0.5, 0.1),
                            Pickable::IGNORE,
                        ));
                    });
                }
            });
    }
}

/// A click on a mark makes the move it marks, as the player's: the same as
/// the piece's click and its pad's (or the animal's, or the frog's step).
fn play_the_marked_move(
    click: On<Pointer<Click>>,
    badges: Query<&MoveMarkBadge>,
    mut pick: ResMut<Picked>,
    mut moves: MessageWriter<MoveRequested>,
) {
    let Ok(badge) = badges.get(click.original_event_target()) else {
        return;
    };
    pick.set_if_neq(Picked(None));
    moves.write(MoveRequested::player(Request::Play(badge.0)));
}

/// The move whose mark is under the pointer: its arc alone shows, so that
/// which frog and which pad it is needs no tracing of dots (a new player
/// could not tell, on the English board, which pad a tick led to).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct MarkHovered(pub Option<PuzzleMove>);

/// A ring of the hovered mark's move, the hint's rings of it: the piece
/// that moves, and where a jump lands (hovering a mark, a new player looked
/// for the frog and the pad it meant; a click on the frog rang them, a
/// hover did not).
#[derive(Component)]
pub struct HoverRing;

/// Rings the move of the mark under the pointer, and takes the rings away
/// when the pointer leaves it or the marks are drawn anew.
pub(super) fn ring_the_hovered_move(
    mut commands: Commands,
    hovered: Res<MarkHovered>,
    marks: Res<MoveMarks>,
    art: Res<Art>,
    rings: Query<Entity, With<HoverRing>>,
    roots: Query<Entity, With<BoardRoot>>,
) {
    if !hovered.is_changed() {
        return;
    }
    for r in &rings {
        commands.entity(r).try_despawn();
    }
    let (Some(mv), Some((p, _))) = (hovered.0, &marks.shown) else {
        return;
    };
    for root in &roots {
        for (at, size) in puzzles::hint_rings(p, mv) {
            commands.spawn((
                HoverRing,
                art.ring(art.highlight_mat.clone(), at, 1.0, size, root),
            ));
        }
    }
}

/// The mark under the pointer grows (`legible_marks`) and rings its move.
fn grow_under_the_pointer(
    over: On<Pointer<Over>>,
    badges: Query<&MoveMarkBadge>,
    mut hovered: ResMut<MarkHovered>,
) {
    if let Ok(badge) = badges.get(over.original_event_target()) {
        hovered.set_if_neq(MarkHovered(Some(badge.0)));
    }
}

fn shrink_when_the_pointer_leaves(
    out: On<Pointer<Out>>,
    badges: Query<&MoveMarkBadge>,
    mut hovered: ResMut<MarkHovered>,
) {
    if let Ok(badge) = badges.get(out.original_event_target())
        && hovered.0 == Some(badge.0)
    {
        hovered.0 = None;
    }
}

/// A mark or a dot of its arc: whether it shows, and whether it takes the
/// pointer.
type MarkShown = (
    AnyOf<(&'static MoveMarkBadge, &'static ArcDot)>,
    &'static mut Visibility,
    Option<&'static mut Pickable>,
);

/// While a piece is picked (the first of a jump's two clicks), only its
/// own moves' marks show: where several jumps land on one pad, which mark
/// is which had to be read from the arcs.
pub(super) fn focus_on_picked(
    picked: Res<Picked>,
    marks: Res<MoveMarks>,
    hovered: Res<MarkHovered>,
    mut drawn: Query<MarkShown>,
) {
    if !picked.is_changed() && !marks.is_changed() && !hovered.is_changed() {
        return;
    }
    let Some((p, _)) = &marks.shown else {
        return;
    };
    for ((badge, dot), mut shown, pickable) in &mut drawn {
        let Some(mv) = badge.map(|b| b.0).or(dot.map(|d| d.0)) else {
            continue;
        };
        let own = match picked.0 {
            Some(piece) => puzzles::mover(p, mv).is_some_and(|(c, _)| c.0 == piece),
            None => true,
        } && hovered.0.is_none_or(|h| h == mv);
        shown.set_if_neq(match own {
            true => Visibility::Inherited,
            false => Visibility::Hidden,
        });
        // A hidden mark still takes the pointer (hidden Flood tiles must):
        // it lets the click through to the pad under it.
        if let (Some(_), Some(mut pickable)) = (badge, pickable) {
            pickable.set_if_neq(match own {
                true => Pickable::default(),
                false => Pickable::IGNORE,
            });
        }
    }
}

/// A mark on a button that plays a move (Flood's colours): the move, and
/// whether the level can still be won after it.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct ButtonMark(pub PuzzleMove, pub Option<bool>);

/// The marks drawn on buttons: the move's, and "all".
type OnButtons = Or<(With<ButtonMark>, With<LastOfItsKind>)>;

/// "all" on a button whose move takes the last pieces of their kind (a
/// Flood colour's last tiles).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct LastOfItsKind(pub PuzzleMove);

/// Marks the buttons that play a move (Flood's colours) in the corner: a
/// green disc with the fewest moves left after it ("win" where it finishes
/// the level; paler where another colour's is fewer: it can wait), a red
/// square with a cross, a grey disc while not known.
pub(super) fn draw_on_buttons(
    mut commands: Commands,
    marks: Res<MoveMarks>,
    buttons: Query<(Entity, &MoveRequested), With<Button>>,
    new_buttons: Query<(), (With<Button>, Added<MoveRequested>)>,
    badges: Query<Entity, OnButtons>,
) {
    if !marks.is_changed() && new_buttons.is_empty() {
        return;
    }
    for b in &badges {
        commands.entity(b).try_despawn();
    }
    let Some((p, map)) = &marks.shown else {
        return;
    };
    for (button, asked) in &buttons {
        let Request::Play(mv) = asked.request() else {
            continue;
        };
        let Some(mark) = map.mark(mv) else { continue };
        // A winning move that is not the fewest way on can wait: paler.
        let waits = super::can_wait(map, &mark.left);
        let (words, colour, round) = match mark.left.winnable {
            Some(true) => (
                match mark.left.shortest {
                    Some(0) => "win".to_string(),
                    Some(n) => n.to_string(),
                    None => "ok".to_string(),
                },
                // Paler than the fewest's, dark enough for its white
                // figure (lighter, a new player could hardly read it).
                match waits {
                    true => Color::srgb(0.34, 0.48, 0.38),
                    false => Color::srgb(0.16, 0.62, 0.30),
                },
                true,
            ),
            Some(false) => ("\u{d7}".to_string(), Color::srgb(0.80, 0.20, 0.18), false),
            // Three dots, "still thinking" (a "?" read as a help button).
            None => (
                "\u{b7}\u{b7}\u{b7}".to_string(),
                Color::srgb(0.45, 0.50, 0.55),
                true,
            ),
        };
        commands.spawn((
            ButtonMark(mv, mark.left.winnable),
            Node {
                position_type: PositionType::Absolute,
                // (At 22 pixels, 18 at 800x600, a new player found them
                // tiny.)
                top: px(-11),
                right: px(-9),
                min_width: px(26),
                height: px(26),
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
            BorderColor::all(match waits {
                true => Color::srgb(0.85, 0.88, 0.86),
                false => Color::WHITE,
            }),
            Pickable::IGNORE,
            ChildOf(button),
            children![(
                Text::new(words),
                TextFont {
                    font_size: FontSize::Px(15.0),
                    ..default()
                },
                TextColor(Color::WHITE),
                Pickable::IGNORE,
            )],
        ));
        // "all" centred on the button's lower edge (in a corner it met the
        // next button's number): the move takes the last of its kind.
        if last_of_its_kind(p, &mark.left, mv).is_some() {
            commands.spawn((
                LastOfItsKind(mv),
                Node {
                    position_type: PositionType::Absolute,
                    left: px(0),
                    right: px(0),
                    bottom: px(-9),
                    justify_content: JustifyContent::Center,
                    ..default()
                },
                Pickable::IGNORE,
                ChildOf(button),
                children![(
                    Node {
                        height: px(17),
                        padding: UiRect::horizontal(px(5)),
                        align_items: AlignItems::Center,
                        border_radius: BorderRadius::MAX,
                        ..default()
                    },
                    BackgroundColor(Color::WHITE),
                    Pickable::IGNORE,
                    children![(
                        Text::new("all"),
                        TextFont {
                            font_size: FontSize::Px(12.0),
                            ..default()
                        },
                        TextColor(Color::srgb(0.10, 0.22, 0.26)),
                        Pickable::IGNORE,
                    )],
                )],
            ));
        }
    }
}

/// Where a winning move's button says "all" (it takes the last pieces of
/// their kind; not the move that wins, which takes every last one), the
/// key's words for it.
pub(super) fn last_of_its_kind(
    p: &crate::rules::Puzzle,
    left: &crate::solve::moves::Left,
    mv: PuzzleMove,
) -> Option<&'static str> {
    let winning = left.winnable == Some(true) && left.shortest != Some(0);
    winning.then(|| puzzles::takes_the_last(p, mv)).flatten()
}

/// Dots of a move's arc.
const ARC_DOTS: usize = 11;

/// What a mark's disc carries: a tick, a cross (told apart by shape as well
/// as colour), or three dots while it is decided (a "?" there read as a
/// help button).
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
                for x in [-4.5, 0.0, 4.5] {
                    b.spawn((
                        Mesh2d(made.dot.clone()),
                        MeshMaterial2d(made.white.clone()),
                        Transform::from_xyz(x, 0.0, 0.1),
                        Pickable::IGNORE,
                    ));
                }
            }
        }
    }
}
