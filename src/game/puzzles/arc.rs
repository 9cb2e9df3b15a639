//! A move drawn as an arc on the board (the move map's marks, the watched
//! search's dots): from the piece to where it lands, bowed to one side,
//! with the move's mark at a point along it that each puzzle chooses.

use bevy::math::Vec2;

/// A move's arc: from the piece to where it lands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MarkArc {
    pub from: Vec2,
    pub to: Vec2,
    /// How far the arc's middle stands to the left of its way, as a share
    /// of its length.
    pub bow: f32,
    /// Where along it (0 to 1) the move's mark stands.
    pub mark_at: f32,
}

impl MarkArc {
    /// An arc that bows well apart from the arc of the opposite move (a
    /// frog of a row jumping over another from either side), its mark at
    /// the middle.
    pub fn bowed(from: Vec2, to: Vec2) -> Self {
        MarkArc {
            from,
            to,
            bow: 0.28,
            mark_at: 0.5,
        }
    }

    /// A jump's arc, its mark near the pad it lands on: at the middle it
    /// stood beside a frog that had no part in the move on a board full of
    /// frogs. It bows by `bow` (a share of its length), over the frog
    /// jumped: bowed as far as a row's step, it crossed the frogs beside the
    /// jump (a jump and the opposite one over the same frog are never both
    /// legal: one needs the pad the other starts from empty). The jumps into
    /// one pad come from different sides, so their marks stand apart around
    /// it.
    pub fn near_landing(from: Vec2, to: Vec2, bow: f32) -> Self {
        MarkArc {
            from,
            to,
            bow,
            mark_at: 0.8,
        }
    }

    /// The point at `t` (0 to 1) along it: it bows to the left of the way
    /// it goes.
    pub fn point(&self, t: f32) -> Vec2 {
        let way = self.to - self.from;
        self.from + way * t + way.perp() * self.bow * 4.0 * t * (1.0 - t)
    }

    /// Where the move's mark stands.
    pub fn mark(&self) -> Vec2 {
        self.point(self.mark_at)
    }
}
