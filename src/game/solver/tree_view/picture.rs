//! The picture of the position of the row under the pointer.

use super::*;

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
    mut shown: Local<Option<(u32, Option<usize>)>>,
) {
    let row = rows.iter().find_map(|(row, interaction, at, node)| {
        (*interaction != Interaction::None && view.words)
            .then(|| view.slots.get(row.0).copied().flatten())
            .flatten()
            .map(|id| (id, at.translation.y * node.inverse_scale_factor()))
    });
    // Or the map's cell under the pointer, beside the pointer.
    let cursor_y = windows
        .single()
        .ok()
        .and_then(|w| w.cursor_position())
        .map(|c| c.y);
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
    // Never over the level's bar: no higher than the column under it.
    let below = match column.iter().next().map(|n| n.top) {
        Some(Val::Px(top)) => top,
        _ => 8.0,
    };
    let (left, top) = beside(window.width(), window.height(), y, below);
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
            p.spawn((
                Node {
                    width: px(size),
                    height: px(size),
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
    (size + 16.0, size + 42.0)
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

    /// In every window the picture stands beside the column (nothing of
    /// the map or the rows is covered), within the window, below the
    /// level's bar, and level with the pointer wherever the pointer is.
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
