//! The rows of words' scroll line: a thin track at the rows' right edge
//! and, on it, the part of the outline the rows show. A narrow column
//! (800x600) has no room for the line of words that says which rows show,
//! and showed a few rows with nothing to say that others lay above or below.

use super::*;

/// The track, shown while the outline has more rows than fit.
#[derive(Component)]
pub struct RowsScroll;

/// The part of the track the rows shown stand for.
#[derive(Component)]
pub struct RowsThumb;

/// The track and its thumb, inside the rows' room (laid over its right
/// edge: it takes no room from the rows).
pub(super) fn rows_scroll() -> impl Bundle {
    (
        RowsScroll,
        Node {
            position_type: PositionType::Absolute,
            right: px(0),
            top: px(0),
            width: px(4),
            height: percent(100),
            border_radius: BorderRadius::all(px(2)),
            display: Display::None,
            ..default()
        },
        BackgroundColor(Color::srgba(1.0, 1.0, 1.0, 0.10)),
        Pickable::IGNORE,
        children![(
            RowsThumb,
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                top: percent(0),
                height: percent(100),
                border_radius: BorderRadius::all(px(2)),
                ..default()
            },
            BackgroundColor(Color::srgba(1.0, 1.0, 1.0, 0.55)),
            Pickable::IGNORE,
        )],
    )
}

/// Where the rows shown stand in the whole outline, as a share of the
/// track: (top, height), both from 0 to 1. None where every row shows.
pub(super) fn thumb_span(first: usize, fit: usize, total: usize) -> Option<(f32, f32)> {
    if fit == 0 || total <= fit {
        return None;
    }
    let total = total as f32;
    let height = (fit as f32 / total).max(0.08);
    let top = (first as f32 / total).min(1.0 - height);
    Some((top, height))
}

/// Shows the track where rows are out of sight, its thumb over the rows
/// shown.
pub(super) fn show_rows_scroll(
    view: Res<TreeViewState>,
    mut tracks: Query<&mut Node, (With<RowsScroll>, Without<RowsThumb>)>,
    mut thumbs: Query<&mut Node, (With<RowsThumb>, Without<RowsScroll>)>,
) {
    let span = match view.words {
        true => thumb_span(view.first, view.slots.len(), view.total),
        false => None,
    };
    let display = match span {
        Some(_) => Display::Flex,
        None => Display::None,
    };
    for mut node in &mut tracks {
        if node.display != display {
            node.display = display;
        }
    }
    let Some((top, height)) = span else { return };
    for mut node in &mut thumbs {
        let (top, height) = (percent(top * 100.0), percent(height * 100.0));
        if node.top != top || node.height != height {
            node.top = top;
            node.height = height;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::thumb_span;

    #[test]
    fn the_thumb_stands_for_the_rows_shown() {
        assert_eq!(thumb_span(0, 6, 6), None);
        assert_eq!(thumb_span(0, 6, 3), None);
        assert_eq!(thumb_span(0, 6, 12), Some((0.0, 0.5)));
        assert_eq!(thumb_span(6, 6, 12), Some((0.5, 0.5)));
        // A long outline keeps a thumb one can see, inside the track.
        let (top, height) = thumb_span(999, 6, 1000).expect("a thumb");
        assert!(height >= 0.08 && top + height <= 1.0 + f32::EPSILON);
    }
}
