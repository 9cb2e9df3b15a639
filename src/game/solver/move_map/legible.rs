//! The move map's marks kept legible: a mark and its number grow to a
//! least size on the screen where the board is drawn small, and the mark
//! under the pointer grows a little more.

use super::{MarkHovered, MoveMarkBadge};
use crate::game::play::BoardRoot;
use bevy::prelude::*;

/// How much a mark grows under the pointer: it can be clicked.
const MARK_HOVER: f32 = 1.2;

/// A mark's number and its dark tag; `size` is the mark's scale on the
/// board.
#[derive(Component)]
pub(super) struct NumberTag {
    pub(super) size: f32,
    /// Where it stands from its mark's centre, in the mark's units.
    pub(super) at: Vec2,
}

/// A mark's own scale on the board (`Puzzle::mark_size`), before it grows
/// to stay legible or under the pointer.
#[derive(Component)]
pub(super) struct MarkScale(pub(super) f32);

/// Where a number's tag stands from its mark's centre, in the mark's units,
/// where the move has no arc (Escape's gates); a jump's or a step's stands
/// as far toward the pad it lands on.
pub(super) const TAG_AT: Vec2 = Vec2::new(12.0, -9.0);
/// The number's size in the mark's units.
pub(super) const NUMBER_PX: f32 = 11.0;
/// The least size of a number on the screen, in pixels: at 800x600 the
/// board is drawn smaller and the numbers came to about 8 pixels; at 12 a
/// new player still found them tiny on the 33- and 37-pad boards.
const LEAST_PX: f32 = 14.0;
/// A mark's rim's radius in the mark's units (`Art::badge_rim`).
const MARK_RADIUS: f32 = 11.5;
/// The least width of a mark on the screen, in pixels, rim and all: on
/// the 37-pad board at 1280x720 the marks came to about 26 pixels, on
/// Escape's gates 22, and a new player found them small.
const LEAST_MARK_PX: f32 = 32.0;

/// How much a number's tag grows so that its number stands at least
/// `LEAST_PX` high on a screen showing `world_per_px` world units a pixel.
fn tag_growth(size: f32, world_per_px: f32) -> f32 {
    (LEAST_PX * world_per_px / (NUMBER_PX * size)).max(1.0)
}

/// How much a mark may grow at most: the four marks of the jumps into the
/// English board's centre stand a little apart at its own size, and
/// touched grown by half (at 800x600).
const MARK_GROWTH_MOST: f32 = 1.25;

/// How much a mark of scale `size` grows so that it stands at least
/// `LEAST_MARK_PX` wide on a screen showing `world_per_px` world units a
/// pixel, as far as `MARK_GROWTH_MOST`.
fn mark_growth(size: f32, world_per_px: f32) -> f32 {
    (LEAST_MARK_PX * world_per_px / (2.0 * MARK_RADIUS * size)).clamp(1.0, MARK_GROWTH_MOST)
}

/// The board's root, not a mark nor a tag.
type BoardOnly = (With<BoardRoot>, Without<NumberTag>, Without<MarkScale>);
/// Marks or tags just made.
type NewMarks = Or<(Added<NumberTag>, Added<MarkScale>)>;

/// Grows the marks and their numbers' tags where the board is drawn small,
/// when a mark is made, the camera's scale changes (a window made smaller)
/// or the pointer comes onto a mark or leaves it (the mark under it grows
/// by `MARK_HOVER`: it can be clicked).
pub(super) fn legible_marks(
    camera: Query<Ref<Projection>, With<Camera2d>>,
    roots: Query<Ref<Transform>, BoardOnly>,
    new_marks: Query<(), NewMarks>,
    hovered: Res<MarkHovered>,
    mut marks: Query<
        (
            &MoveMarkBadge,
            &MarkScale,
            &mut Transform,
            Option<&Children>,
        ),
        Without<NumberTag>,
    >,
    mut tags: Query<(&NumberTag, &mut Transform), Without<MarkScale>>,
) {
    let (Some(projection), Some(root)) = (camera.iter().next(), roots.iter().next()) else {
        return;
    };
    if new_marks.is_empty()
        && !projection.is_changed()
        && !root.is_changed()
        && !hovered.is_changed()
    {
        return;
    }
    let world_per_px = match projection.as_ref() {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    for (badge, base, mut t, children) in &mut marks {
        // The marks stand on the board, drawn at the board's scale.
        let grown = mark_growth(base.0 * root.scale.y, world_per_px);
        let hover = if hovered.0 == Some(badge.0) {
            MARK_HOVER
        } else {
            1.0
        };
        let scale = base.0 * grown * hover;
        if (t.scale.x - scale).abs() > 1e-4 {
            t.scale = Vec3::new(scale, scale, 1.0);
        }
        for child in children.into_iter().flatten() {
            let Ok((tag, mut t)) = tags.get_mut(*child) else {
                continue;
            };
            let k = tag_growth(tag.size * grown * root.scale.y, world_per_px);
            // Grown, it stands a little further out, clear of the tick.
            let at = tag.at * (1.0 + 0.5 * (k - 1.0));
            if (t.scale.x - k).abs() > 0.01 || t.translation.truncate() != at {
                t.scale = Vec3::new(k, k, 1.0);
                t.translation = at.extend(t.translation.z);
            }
        }
    }
}
