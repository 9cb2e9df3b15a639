//! The picture of the position of the row under the pointer.

use super::*;

/// The board's pieces (pads, frogs, tiles, animals), where they stand.
type Pieces<'w, 's> = Query<'w, 's, &'static GlobalTransform, With<puzzles::Clickable>>;
/// The board's camera, to find the pieces on the window.
type Camera2dAt<'w, 's> =
    Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<Camera2d>>;

/// The row or the map's cell under the pointer shows its position as a
/// small picture beside the column (drawn again only when another is
/// hovered).
#[allow(clippy::too_many_arguments)]
pub(super) fn hover_picture(
    mut commands: Commands,
    view: Res<TreeViewState>,
    autoplay: Option<Res<Autoplay>>,
    rows: Query<(&TreeRow, &Interaction, &UiGlobalTransform, &ComputedNode)>,
    pictures: Query<Entity, With<TreePicture>>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    map_view: Res<MapView>,
    column: Query<&Node, With<TreeColumn>>,
    board: (Pieces, Camera2dAt),
    art: Res<theme::Art>,
    (keys, menu): (
        Res<ButtonInput<KeyCode>>,
        Option<Res<State<crate::game::play::Menu>>>,
    ),
    mut shown: Local<Option<(u32, Option<usize>)>>,
    mut hidden_at: Local<Option<Vec2>>,
) {
    let row = rows.iter().find_map(|(row, interaction, at, node)| {
        (*interaction != Interaction::None && view.words)
            .then(|| view.slots.get(row.0).copied().flatten())
            .flatten()
            .map(|id| (id, at.translation.y * node.inverse_scale_factor()))
    });
    // Or the map's cell under the pointer, beside the pointer.
    let cursor = windows.single().ok().and_then(|w| w.cursor_position());
    // A key pressed puts the picture away until the pointer moves: it stood
    // over the board while the keys stepped the timeline or stopped the
    // search.
    if keys.get_just_pressed().next().is_some() {
        *hidden_at = cursor;
    } else if hidden_at.is_some() && *hidden_at != cursor {
        *hidden_at = None;
    }
    let on_map = map_view.hovered.filter(|_| !view.words && row.is_none());
    let hovered = row.or_else(|| Some((on_map?.0?, cursor?.y)));
    // Nor under the menu or a card (it stood over the menu's buttons).
    let menu_open = menu.is_some_and(|m| *m.get() != crate::game::play::Menu::Closed);
    let hovered = hovered.filter(|_| hidden_at.is_none() && !menu_open);
    let tree = match &view.scrubbed {
        Some((_, t)) => Some(t),
        None => autoplay.as_deref().and_then(|a| a.tree.as_ref()),
    };
    let key = hovered.map(|(id, _)| (id, view.scrubbed.as_ref().map(|s| s.0)));
    if key == *shown && (key.is_none() || !pictures.is_empty()) {
        return;
    }
    *shown = key;
    for p in &pictures {
        commands.entity(p).try_despawn();
    }
    let (Some((id, y)), Some(tree)) = (hovered, tree) else {
        return;
    };
    let Ok(window) = windows.single() else { return };
    let position = tree.position(id);
    let depth = tree.node(id).depth;
    // Never over the level's bar: no higher than the column under it.
    let below = match column.iter().next().map(|n| n.top) {
        Some(Val::Px(top)) => top,
        _ => 8.0,
    };
    let (left, top) = beside(window.width(), window.height(), y, below);
    let top = clear_of(
        &pieces_on_window(&board.0, &board.1),
        (left, top),
        card(window.width()),
        (y, below, window.height()),
    );
    let size = picture_size(window.width());
    let dots = puzzles::sketch(&position);
    // What the move into this position changed, ringed: the frog that
    // landed, the animal that came out (a flood's many cells go unringed).
    let parent = (depth > 0).then(|| tree.position(tree.node(id).parent));
    let step =
        (parent.as_ref()).and_then(|before| Some(puzzles::step_words(before, tree.node(id).mv?)));
    let moved = match &parent {
        None => Vec::new(),
        Some(before) => arrived(&puzzles::sketch(before), &dots),
    };
    commands
        .spawn((
            TreePicture,
            Name::new("Position picture"),
            DespawnOnExit(Screen::Play),
            GlobalZIndex(20),
            Pickable::IGNORE,
            Node {
                position_type: PositionType::Absolute,
                left: px(left),
                top: px(top),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                padding: UiRect::all(px(8)),
                row_gap: px(4),
                border_radius: theme::PANEL_RADIUS,
                ..default()
            },
            // Over the board's edge: nothing of it shows through.
            theme::solid_panel(),
        ))
        .with_children(|p| {
            // A board lower than it is wide (a row of pads) shows only the
            // band its dots take: its card had a row of dots over empty
            // room twice as high.
            let (from, to) = band(&dots, &moved, size);
            p.spawn((
                Node {
                    width: px(size),
                    height: px(to - from),
                    overflow: Overflow::clip(),
                    ..default()
                },
                Pickable::IGNORE,
            ))
            .with_children(|clip| {
                clip.spawn((
                    Node {
                        position_type: PositionType::Absolute,
                        top: px(-from),
                        width: px(size),
                        height: px(size),
                        ..default()
                    },
                    Pickable::IGNORE,
                ))
                .with_children(|stage| {
                    for d in dots {
                        if let Some(kind) = d.kind.filter(|_| d.size * size >= ANIMAL_LEAST) {
                            animal(stage, &art.pictures, kind, &d, size);
                            continue;
                        }
                        let corner = if d.round {
                            BorderRadius::MAX
                        } else {
                            BorderRadius::ZERO
                        };
                        let (left, top, side) = dot_place(&d, size);
                        stage.spawn((
                            Node {
                                position_type: PositionType::Absolute,
                                left,
                                top,
                                width: side.0,
                                height: side.1,
                                border_radius: corner,
                                ..default()
                            },
                            BackgroundColor(d.colour),
                            Pickable::IGNORE,
                        ));
                    }
                    for d in &moved {
                        let ring = d.size * RING;
                        stage.spawn((
                            Node {
                                position_type: PositionType::Absolute,
                                left: percent((d.at.x - ring / 2.0) * 100.0),
                                top: percent((d.at.y - ring / 2.0) * 100.0),
                                width: percent(ring * 100.0),
                                height: percent(ring * 100.0),
                                border: UiRect::all(px(2)),
                                border_radius: BorderRadius::MAX,
                                ..default()
                            },
                            BorderColor::all(theme::WIN),
                            Pickable::IGNORE,
                        ));
                    }
                });
            });
            // The move that led here, in full: a narrow column cut its
            // row short ("green nearer the top ..."), and the map's cell
            // named no move.
            if let Some(words) = &step {
                p.spawn((
                    text(words.clone(), 13.0, theme::TEXT),
                    TextLayout::justify(Justify::Center),
                    Node {
                        max_width: px(size.max(CAPTION_LEAST)),
                        ..default()
                    },
                    Pickable::IGNORE,
                ));
            }
            let words = match depth {
                0 => "the start".to_string(),
                1 => "after 1 move".to_string(),
                n => format!("after {n} moves"),
            };
            p.spawn((text(words, 13.0, theme::TEXT_DIM), Pickable::IGNORE));
        });
}

/// The band of a picture `size` wide that its dots and rings take, from
/// its top down, in pixels (a few pixels kept round them): the whole
/// picture unless they leave a fifth of it empty.
fn band(dots: &[puzzles::Dot], rings: &[puzzles::Dot], size: f32) -> (f32, f32) {
    let reach = (dots.iter().map(|d| (d, d.size / 2.0)))
        .chain(rings.iter().map(|d| (d, d.size * RING / 2.0)));
    let (mut low, mut high) = (f32::INFINITY, f32::NEG_INFINITY);
    for (d, half) in reach {
        low = low.min(d.at.y - half);
        high = high.max(d.at.y + half);
    }
    if !(low.is_finite() && high.is_finite()) || high - low > 0.8 {
        return (0.0, size);
    }
    let from = (low * size - 4.0).floor().max(0.0);
    (from, (high * size + 4.0).ceil().min(size))
}

/// The least width in pixels at which a dot with an animal's kind is
/// drawn as that animal (a smaller one stays a dot of its colour).
const ANIMAL_LEAST: f32 = 12.0;

/// The animal of kind `kind` at dot `d` of a picture `size` wide: its
/// body in the dot's colour and its face in white, a little bigger than
/// the dot (the drawing leaves a margin round the animal).
fn animal(
    stage: &mut ChildSpawnerCommands,
    pics: &theme::art::Pictures,
    kind: u8,
    d: &puzzles::Dot,
    size: f32,
) {
    let Some((body, detail)) = pics.animals.get(kind as usize % pics.animals.len().max(1)) else {
        return;
    };
    let (at, side) = (d.at * size, d.size * size * 1.15);
    for (image, tint) in [(body, d.colour), (detail, Color::WHITE)] {
        stage.spawn((puzzles::image(image, at, side, tint, 0.0), Pickable::IGNORE));
    }
}

/// The least width the move's words under the picture wrap in.
const CAPTION_LEAST: f32 = 140.0;

/// A ring's width around the dot it marks, in the dot's widths.
const RING: f32 = 1.9;

/// The most dots a move's rings mark: past that (a flood's region) the
/// rings would hide the picture.
const MOST_RINGS: usize = 3;

/// The dots of `after` that `before` has not (at that place, in that
/// colour): what a move brought. None past `MOST_RINGS`.
fn arrived(before: &[puzzles::Dot], after: &[puzzles::Dot]) -> Vec<puzzles::Dot> {
    let new: Vec<puzzles::Dot> = after
        .iter()
        .filter(|d| {
            !before
                .iter()
                .any(|b| b.at.distance(d.at) < 1e-4 && b.colour == d.colour && b.size == d.size)
        })
        .cloned()
        .collect();
    if new.len() > MOST_RINGS {
        Vec::new()
    } else {
        new
    }
}

/// The picture's card: the picture, its line of words and the panel's
/// padding, wide and high.
fn card(width: f32) -> (f32, f32) {
    let size = picture_size(width);
    (size + 16.0, size + 54.0)
}

/// The picture's side: smaller in a narrow window, where it stands over
/// more of the board.
fn picture_size(width: f32) -> f32 {
    if width < 1000.0 { 104.0 } else { 150.0 }
}

/// Where the picture of a position stands for a pointer at height `y`
/// (over a row of words or a cell of the map): just past the search's
/// column, at the pointer's height, so that the whole map and every row
/// stay in sight; it covers the board's edge only while the pointer rests
/// on the column. Its top is no higher than `below` (the column's top,
/// under the level's bar, which it would cover).
pub(super) fn beside(width: f32, height: f32, y: f32, below: f32) -> (f32, f32) {
    // (The column's panel stands 14 pixels in, `tree_width` - 10 wide.)
    let left = panels::tree_width(width) + 10.0;
    let h = card(width).1;
    let top = (y - h / 2.0).clamp(below, (height - h - 8.0).max(below));
    (left, top)
}

/// Where a dot of the picture stands in a picture `size` pixels wide: its
/// left, its top and its width and height. A square one (a Flood cell) has
/// its edges on whole pixels, so that cells side by side meet: placed by
/// shares, a dark line of the picture's ground showed between some columns.
fn dot_place(d: &puzzles::Dot, size: f32) -> (Val, Val, (Val, Val)) {
    let half = d.size / 2.0;
    if d.round {
        let side = percent(d.size * 100.0);
        let corner = (d.at - Vec2::splat(half)) * 100.0;
        return (percent(corner.x), percent(corner.y), (side, side));
    }
    let low = ((d.at - Vec2::splat(half)) * size).floor();
    let high = ((d.at + Vec2::splat(half)) * size).ceil();
    (
        px(low.x),
        px(low.y),
        (px(high.x - low.x), px(high.y - low.y)),
    )
}

/// Where the board's pieces (pads, frogs, tiles, animals) stand on the
/// window: their centres, in logical pixels.
fn pieces_on_window(pieces: &Pieces, camera: &Camera2dAt) -> Vec<Vec2> {
    let Some((camera, at)) = camera.iter().next() else {
        return Vec::new();
    };
    pieces
        .iter()
        .filter_map(|t| camera.world_to_viewport(at, t.translation()).ok())
        .collect()
}

/// Pixels around a piece's centre that the picture keeps clear of: two
/// fifths of the least distance between two pieces' centres (a pad's half
/// width, about), from up to a few hundred of them.
fn piece_radius(pieces: &[Vec2]) -> f32 {
    let some = &pieces[..pieces.len().min(300)];
    let least = (some.iter().enumerate())
        .flat_map(|(i, a)| some[i + 1..].iter().map(move |b| a.distance(*b)))
        .filter(|&d| d > 2.0)
        .fold(f32::INFINITY, f32::min);
    if least.is_finite() { least * 0.4 } else { 0.0 }
}

/// The picture's top, `top` moved up or down where that covers none of
/// the board's pieces (`pieces`, their centres): it stays level with the
/// pointer (`y`), below the column's top (`below`) and inside the window
/// (`height`). Over the map's lower half, the picture stood over the
/// English board's left arm, with water free above it.
pub(super) fn clear_of(
    pieces: &[Vec2],
    (left, top): (f32, f32),
    (w, h): (f32, f32),
    (y, below, height): (f32, f32, f32),
) -> f32 {
    let clear = piece_radius(pieces);
    let covered = |t: f32| {
        let (x0, x1) = (left - clear, left + w + clear);
        let (y0, y1) = (t - clear, t + h + clear);
        (pieces.iter())
            .filter(|p| p.x > x0 && p.x < x1 && p.y > y0 && p.y < y1)
            .count()
    };
    if covered(top) == 0 {
        return top;
    }
    // Every top in reach, a few pixels apart: the nearest the top asked for
    // that covers none (a board that fills the room leaves it where asked).
    let lowest = (height - h - 8.0).max(below);
    let mut best: Option<f32> = None;
    let mut t = below;
    while t <= lowest {
        let nearer = best.is_none_or(|b| (t - top).abs() < (b - top).abs());
        if nearer && (t..=t + h).contains(&y) && covered(t) == 0 {
            best = Some(t);
        }
        t += 4.0;
    }
    best.unwrap_or(top)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A move's picture rings what it brought on every shipped level's
    /// first move: one dot for a jump or a swap (the frog that landed, on
    /// the many pond, peg and row levels), none past a few (a flood's
    /// region) and nothing a move took away.
    #[test]
    fn a_moves_picture_rings_what_it_brought() {
        use crate::levels::{SHIPPED, parse_pack};
        let mut seen = 0;
        for (file, text) in SHIPPED {
            for level in parse_pack(file, text).expect("shipped").levels {
                let before = level.puzzle.clone();
                let Some(&mv) = before.legal_moves().first() else {
                    continue;
                };
                let mut after = before.clone();
                assert!(after.apply(mv).is_ok());
                let (old, new) = (puzzles::sketch(&before), puzzles::sketch(&after));
                let rings = arrived(&old, &new);
                assert!(rings.len() <= MOST_RINGS, "{file} {}", level.name);
                for r in &rings {
                    assert!(!old.iter().any(|o| o.at == r.at && o.colour == r.colour));
                }
                // (A jump or a swap: the one frog that landed.)
                seen += usize::from(rings.len() == 1);
            }
        }
        assert!(seen > 40, "{seen} levels");
    }

    /// On every shipped level, before and after its first move, a dot
    /// drawn as an animal (one with a kind) is big enough to be told apart
    /// in the smaller picture (the one of a narrow window); Escape's
    /// levels have such dots (`puzzles::escape`'s tests say which).
    #[test]
    fn a_picture_draws_its_animals_big_enough() {
        use crate::levels::{SHIPPED, parse_pack};
        let mut seen = 0;
        for (file, text) in SHIPPED {
            for level in parse_pack(file, text).expect("shipped").levels {
                let mut after = level.puzzle.clone();
                if let Some(&mv) = after.legal_moves().first() {
                    assert!(after.apply(mv).is_ok());
                }
                for position in [level.puzzle.clone(), after] {
                    for d in puzzles::sketch(&position)
                        .iter()
                        .filter(|d| d.kind.is_some())
                    {
                        let side = d.size * picture_size(800.0);
                        assert!(side >= ANIMAL_LEAST, "{file} {}: {side}", level.name);
                        seen += 1;
                    }
                }
            }
        }
        assert!(seen > 100, "{seen} animals");
    }

    /// In every window the picture stands beside the column (nothing of
    /// the map or the rows is covered), within the window, below the
    /// level's bar, and level with the pointer wherever the pointer is.
    /// The picture moves up or down off the board's pieces where water is
    /// free, still level with the pointer; where no place is free of
    /// them, it stays where it was asked.
    #[test]
    fn the_picture_keeps_clear_of_the_pieces_where_it_can() {
        let (w, h) = (166.0, 200.0);
        // A cross: an arm of pads 60 pixels apart from x 400 on, between y
        // 380 and 440, and a narrow upright from x 560 on; the picture
        // stands at x 350, the column's top at y 140.
        let mut pieces = Vec::new();
        for x in [400.0, 460.0, 520.0] {
            for y in [380.0, 440.0] {
                pieces.push(Vec2::new(x, y));
            }
        }
        for y in [140.0, 200.0, 260.0, 320.0, 500.0, 560.0, 620.0] {
            pieces.push(Vec2::new(580.0, y));
        }
        let clear = piece_radius(&pieces);
        assert_eq!(clear, 24.0);
        let asked = 300.0 - h / 2.0;
        let top = clear_of(&pieces, (350.0, asked), (w, h), (300.0, 140.0, 720.0));
        assert!(top + h + clear <= 380.0, "over the arm: {top}");
        assert!(
            (top..=top + h).contains(&300.0),
            "not level with the pointer: {top}"
        );
        // Below the arm, the same.
        let asked = 520.0 - h / 2.0;
        let top = clear_of(&pieces, (350.0, asked), (w, h), (520.0, 140.0, 720.0));
        assert!(top - clear >= 440.0, "over the arm: {top}");
        // A board of pieces everywhere: where it was asked.
        let full: Vec<Vec2> = (0..40)
            .flat_map(|i| {
                (0..40).map(move |j| Vec2::new(300.0 + 10.0 * i as f32, 100.0 + 16.0 * j as f32))
            })
            .collect();
        let top = clear_of(&full, (350.0, asked), (w, h), (520.0, 140.0, 720.0));
        assert_eq!(top, asked);
    }

    /// On every shipped level, before and after its first move, the
    /// picture shows the band its dots take: every dot inside it, and on
    /// the boards of one row (some levels) a band under half the picture.
    #[test]
    fn the_picture_keeps_to_the_band_of_its_dots() {
        use crate::levels::{SHIPPED, parse_pack};
        let size = picture_size(1280.0);
        let mut low = 0;
        for (file, text) in SHIPPED {
            for level in parse_pack(file, text).expect("shipped").levels {
                let dots = puzzles::sketch(&level.puzzle);
                let (from, to) = band(&dots, &[], size);
                assert!(0.0 <= from && from < to && to <= size, "{from} {to}");
                for d in &dots {
                    let (top, bottom) = (
                        (d.at.y - d.size / 2.0) * size,
                        (d.at.y + d.size / 2.0) * size,
                    );
                    assert!(
                        top >= from - 0.5 && bottom <= to + 0.5,
                        "{file} {}: {top}..{bottom} outside {from}..{to}",
                        level.name
                    );
                }
                low += usize::from(to - from < size / 2.0);
            }
        }
        assert!(low > 5, "{low} levels in a low band");
    }

    /// A row of square cells (Flood's, 14 a row) meets edge to edge on
    /// whole pixels: no line of the ground between two of them.
    #[test]
    fn square_dots_side_by_side_meet() {
        let px_of = |v: Val| match v {
            Val::Px(p) => p,
            other => panic!("{other:?}"),
        };
        let size = 150.0;
        let side = 1.0 / 14.0;
        let cells: Vec<(f32, f32)> = (0..14)
            .map(|i| {
                let d = puzzles::Dot {
                    at: Vec2::new((i as f32 + 0.5) * side, 0.5),
                    size: side,
                    colour: Color::WHITE,
                    round: false,
                    kind: None,
                };
                let (left, _, (width, _)) = dot_place(&d, size);
                (px_of(left), px_of(left) + px_of(width))
            })
            .collect();
        for pair in cells.windows(2) {
            assert!(pair[0].1 >= pair[1].0, "a gap: {pair:?}");
            assert_eq!(pair[0].0.fract(), 0.0, "{pair:?}");
        }
        assert!(cells[0].0 >= 0.0 && cells[13].1 <= size, "{cells:?}");
    }

    #[test]
    fn the_picture_stands_beside_the_column_level_with_the_pointer() {
        for (width, height) in [(800.0, 600.0), (1280.0, 720.0), (1920.0, 1080.0)] {
            let (w, h) = card(width);
            let column_right = 14.0 + panels::tree_width(width) - 10.0;
            // The column's top, under the level's bar.
            let below = 120.0;
            for y in (below as i32..height as i32).step_by(7).map(|y| y as f32) {
                let (left, top) = beside(width, height, y, below);
                assert!(left > column_right, "{width}: {left} over the column");
                assert!(left + w < width / 2.0, "{width}: {left} far from it");
                assert!(top >= below && top + h <= height, "{height} at {y}: {top}");
                assert!(
                    (top..=top + h).contains(&y) || y > height - h / 2.0,
                    "at {y}: {top}..{} is not level with the pointer",
                    top + h
                );
            }
        }
    }
}
