//! A scroll bar for a part that scrolls (a screen, a card's body, an
//! editor's panel): shown only while what it scrolls is taller than its
//! room, its thumb dragged or moved by the wheel over the part.

use bevy::prelude::*;
use bevy::ui_widgets::{ControlOrientation, Scrollbar, ScrollbarThumb};

/// A scroll bar, in its own layer or beside what it scrolls, so that it
/// stays put while that scrolls.
#[derive(Component)]
struct Bar;

/// The bar's width, and its thumb's shortest length, in pixels.
const BAR_WIDTH: f32 = 10.0;
const THUMB_MIN: f32 = 40.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, show_bars);
}

/// A scroll bar for the node `target` that scrolls, placed by `node`: it
/// shows only while the target's content is taller than it (a screen, a
/// card's body), and its thumb drags it.
pub fn bar(target: Entity, node: Node) -> impl Bundle {
    (
        Bar,
        Name::new("Scroll bar"),
        Scrollbar::new(target, ControlOrientation::Vertical, THUMB_MIN),
        Node {
            width: px(BAR_WIDTH),
            flex_shrink: 0.0,
            border_radius: BorderRadius::MAX,
            ..node
        },
        Visibility::Hidden,
        BackgroundColor(super::PANEL.with_alpha(0.5)),
        children![(
            ScrollbarThumb {
                border_radius: BorderRadius::MAX,
                border: UiRect::ZERO,
            },
            BackgroundColor(super::TEXT_DIM.with_alpha(0.8)),
        )],
    )
}

/// A bar shows only while what it scrolls is taller than its room; hidden,
/// it keeps its room (a card's body beside it keeps its width, and its
/// words the lines they were laid out in).
fn show_bars(
    mut bars: Query<(&Scrollbar, &mut Visibility), With<Bar>>,
    roots: Query<&ComputedNode>,
) {
    for (bar, mut seen) in &mut bars {
        let Ok(root) = roots.get(bar.target) else {
            continue;
        };
        let shown = if root.content_size().y > root.size().y + 1.0 {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if *seen != shown {
            *seen = shown;
        }
    }
}
