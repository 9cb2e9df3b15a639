//! The picture of the position of the row under the pointer.

use super::*;

/// The row under the pointer shows its position in the column, as a small
/// picture (drawn again only when another row is hovered).
#[allow(clippy::too_many_arguments)]
pub(super) fn hover_picture(
    mut commands: Commands,
    view: Res<TreeViewState>,
    autoplay: Option<Res<Autoplay>>,
    rows: Query<(&TreeRow, &Interaction, &UiGlobalTransform, &ComputedNode)>,
    pictures: Query<Entity, With<TreePicture>>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    maps: Query<(&UiGlobalTransform, &ComputedNode), With<MapPicture>>,
    map_view: Res<MapView>,
    mut shown: Local<Option<(u32, Option<usize>)>>,
) {
    let row = rows.iter().find_map(|(row, interaction, at, node)| {
        (*interaction != Interaction::None && view.words)
            .then(|| view.slots.get(row.0).copied().flatten())
            .flatten()
            .map(|id| (id, at.translation.y * node.inverse_scale_factor()))
    });
    // Or the map's cell under the pointer, beside the pointer.
    let cursor = windows.single().ok().and_then(|w| w.cursor_position());
    let cursor_y = cursor.map(|c| c.y);
    let on_map = map_view.hovered.filter(|_| !view.words && row.is_none());
    let hovered = row.or_else(|| Some((on_map?.0?, cursor_y?)));
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
    // Over the map, the picture keeps within it, clear of the lines under it
    // (the hovered cell's reason).
    let map = maps
        .single()
        .ok()
        .filter(|_| on_map.is_some())
        .map(|(at, node)| {
            let scale = node.inverse_scale_factor();
            let (middle, half) = (at.translation.y * scale, node.size().y * scale / 2.0);
            (middle - half, middle + half)
        });
    let (left, top) = map
        .and_then(|(top, bottom)| {
            place_on_map(
                window.width(),
                (top, bottom),
                cursor.map_or(0.0, |c| c.x),
                y,
            )
        })
        .unwrap_or_else(|| place(window.width(), window.height(), y));
    let dots = puzzles::sketch(&position);
    // What the move into this position changed, ringed: the frog that
    // landed, the animal that came out (a flood's many cells go unringed).
    let moved = match depth {
        0 => Vec::new(),
        _ => arrived(
            &puzzles::sketch(&tree.position(tree.node(id).parent)),
            &dots,
        ),
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
            // Over the map: nothing of it shows through.
            theme::solid_panel(),
        ))
        .with_children(|p| {
            p.spawn((
                Node {
                    width: px(PICTURE),
                    height: px(PICTURE),
                    ..default()
                },
                Pickable::IGNORE,
            ))
            .with_children(|stage| {
                for d in dots {
                    let corner = if d.round {
                        BorderRadius::MAX
                    } else {
                        BorderRadius::ZERO
                    };
                    stage.spawn((
                        Node {
                            position_type: PositionType::Absolute,
                            left: percent((d.at.x - d.size / 2.0) * 100.0),
                            top: percent((d.at.y - d.size / 2.0) * 100.0),
                            width: percent(d.size * 100.0),
                            height: percent(d.size * 100.0),
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
            let words = match depth {
                0 => "the start".to_string(),
                1 => "after 1 move".to_string(),
                n => format!("after {n} moves"),
            };
            p.spawn((text(words, 13.0, theme::TEXT_DIM), Pickable::IGNORE));
        });
}

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
const CARD: (f32, f32) = (PICTURE + 16.0, PICTURE + 42.0);

/// The card's left edge, centred across the search's column.
fn centred(width: f32) -> f32 {
    ((panels::tree_width(width) - CARD.0) / 2.0).max(0.0)
}

/// Where the picture of a position stands for a pointer at height `y`: in
/// the search's column (never over the board), centred across it, a couple
/// of rows below the pointer or, where the window has no room below, above
/// it: the rows beside the pointer stay in sight.
pub(super) fn place(width: f32, height: f32, y: f32) -> (f32, f32) {
    /// Between the pointer and the picture: about two rows of words.
    const GAP: f32 = 44.0;
    let h = CARD.1;
    let left = centred(width);
    let below = y + GAP;
    let top = if below + h <= height - 8.0 {
        below
    } else {
        (y - GAP - h).max(8.0)
    };
    (left, top)
}

/// Where the picture stands for a pointer at `x`, `y` over the map (from
/// `top` to `bottom` of the window): within the map, so the lines under it
/// (the hovered cell's reason) stay in sight, and off the pointer: in the
/// half of the map above or below it, or else beside it. None where the
/// map is too short to hold it.
pub(super) fn place_on_map(
    width: f32,
    (top, bottom): (f32, f32),
    x: f32,
    y: f32,
) -> Option<(f32, f32)> {
    /// Between the pointer and the picture.
    const CLEAR: f32 = 16.0;
    let (w, h) = CARD;
    if bottom - top < h {
        return None;
    }
    let column = panels::tree_width(width);
    let at = if y < (top + bottom) / 2.0 {
        bottom - h
    } else {
        top
    };
    if y + CLEAR < at || y - CLEAR > at + h {
        return Some((centred(width), at));
    }
    // Beside the pointer, at the column's other side; in a column too
    // narrow for that, just past its edge (over the board's margin, only
    // while the pointer rests on the map).
    // (The column's panel stands 14 pixels in, `column` - 10 wide.)
    let left = if x < column / 2.0 { column - w } else { 18.0 };
    let left = if x + CLEAR < left || x - CLEAR > left + w {
        left
    } else {
        column + 8.0
    };
    Some((left, (y - h / 2.0).clamp(top, bottom - h)))
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

    /// Over the map, the picture keeps within the map (the lines under it
    /// stay in sight) and off the pointer, in every window where the map
    /// can hold it; a map too short gives way to the column's place.
    #[test]
    fn over_the_map_the_picture_keeps_within_it_and_off_the_pointer() {
        let (w, h) = CARD;
        for width in [800.0, 1280.0, 1920.0] {
            let column = panels::tree_width(width);
            for (top, bottom) in [(140.0, 465.0), (120.0, 330.0), (100.0, 100.0 + h)] {
                for y in (top as i32..bottom as i32).step_by(5).map(|y| y as f32) {
                    for x in [10.0, column * 0.3, column * 0.7, column - 10.0] {
                        let (left, at) =
                            place_on_map(width, (top, bottom), x, y).expect("the map holds it");
                        assert!(
                            at >= top && at + h <= bottom,
                            "{top}..{bottom} at {y}: {at}"
                        );
                        let past = left == column + 8.0;
                        assert!(
                            left >= 0.0 && (left + w <= column || past),
                            "{width}: {left}"
                        );
                        // Only a column too narrow to hold it beside the
                        // pointer lets it past its edge.
                        assert!(!past || column < 2.0 * w + 40.0, "{width}: past the column");
                        let over = (left..left + w).contains(&x) && (at..at + h).contains(&y);
                        assert!(
                            !over,
                            "{width}, {x}, {y}: at {left}, {at} covers the pointer"
                        );
                    }
                }
            }
            assert_eq!(
                place_on_map(width, (100.0, 100.0 + h - 1.0), 10.0, 150.0),
                None
            );
        }
    }

    /// In every window the picture keeps to the column and clears the
    /// pointer's rows, wherever the pointer is.
    #[test]
    fn the_picture_keeps_to_the_column_and_off_the_pointer() {
        for (width, height) in [(800.0, 600.0), (1280.0, 720.0), (1920.0, 1080.0)] {
            let column = panels::tree_width(width);
            for y in (0..height as i32).step_by(7).map(|y| y as f32) {
                let (left, top) = place(width, height, y);
                let (right, bottom) = (left + CARD.0, top + CARD.1);
                assert!(left >= 0.0 && right <= column, "{width}: {left}..{right}");
                assert!(
                    top >= 0.0 && bottom <= height,
                    "{height} at {y}: {top}..{bottom}"
                );
                // The pointer's row and the rows beside it stay in sight.
                assert!(
                    y + 40.0 < top || y - 40.0 > bottom,
                    "at {y}: {top}..{bottom} covers the pointer's rows"
                );
            }
        }
    }
}
