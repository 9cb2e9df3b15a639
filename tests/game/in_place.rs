//! Flood's board brought in place after a change: the tiles a move leaves
//! as they were are the same entities, the changed ones take their new look,
//! the region's line follows the region, colour-blind numbers follow their
//! tiles, and an undo brings it all back; the wave that animates a move is
//! one child of the board.

use super::*;
use game::board::{Clickable, Tile};
use game::theme::Art;
use std::collections::{BTreeMap, HashSet};

/// A tile: its entity, where it stands, its colour as clicked, its badge.
type Found = (Entity, (i32, i32), u32, Option<Entity>);

/// The tiles by where they stand: entity, colour clicked, label if any.
fn tiles(app: &mut App) -> BTreeMap<(i32, i32), (Entity, u32, Option<String>)> {
    let found: Vec<Found> = app
        .world_mut()
        .query_filtered::<(Entity, &Transform, &Clickable, Option<&Children>), With<Tile>>()
        .iter(app.world())
        .map(|(e, t, c, kids)| {
            let at = (
                t.translation.x.round() as i32,
                t.translation.y.round() as i32,
            );
            (e, at, c.0, kids.and_then(|k| k.first().copied()))
        })
        .collect();
    found
        .into_iter()
        .map(|(e, at, c, badge)| {
            // A label: a badge with its rim and its number.
            let number = badge.and_then(|b| {
                let kids = app.world().get::<Children>(b)?;
                kids.iter()
                    .find_map(|k| app.world().get::<Text2d>(k).map(|t| t.0.clone()))
            });
            (at, (e, c, number))
        })
        .collect()
}

/// The pieces of the line around the flooded region.
fn edges(app: &mut App) -> usize {
    let edge = app.world().resource::<Art>().region_edge_mat.id();
    app.world_mut()
        .query::<&MeshMaterial2d<ColorMaterial>>()
        .iter(app.world())
        .filter(|m| m.id() == edge)
        .count()
}

/// The sides of the flooded region's cells that meet another colour or
/// the board's edge.
fn perimeter(f: &pond_puzzles::rules::flood::Flood) -> usize {
    let region: HashSet<u32> = f.region().into_iter().collect();
    let (w, h) = (f.width as i32, f.height as i32);
    let inside = |x: i32, y: i32| {
        x >= 0 && y >= 0 && x < w && y < h && region.contains(&((y * w + x) as u32))
    };
    region
        .iter()
        .map(|&i| {
            let (x, y) = (i as i32 % w, i as i32 / w);
            [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .iter()
                .filter(|(dx, dy)| !inside(x + dx, y + dy))
                .count()
        })
        .sum()
}

#[test]
fn a_flood_move_brings_the_board_in_place_and_an_undo_brings_it_back() {
    let mut app = app();
    start_level(&mut app, "flood.ron", 12);
    press(&mut app, KeyCode::KeyC);
    settle(&mut app);
    let Puzzle::Flood(start) = puzzle(&app) else {
        panic!()
    };
    let first = tiles(&mut app);
    assert_eq!(first.len(), start.cells.len());
    assert_eq!(edges(&mut app), perimeter(&start));
    // The move that grows the region most.
    let grown = |mv: PuzzleMove| {
        let mut p = puzzle(&app);
        p.apply(mv).expect("a legal move");
        let Puzzle::Flood(f) = p else { panic!() };
        f.region().len()
    };
    let mv = puzzle(&app)
        .legal_moves()
        .into_iter()
        .max_by_key(|&mv| grown(mv))
        .expect("a move");
    app.world_mut().write_message(MoveRequested::player(mv));
    app.update();
    // The wave and the region's line are one child each of the board, their
    // pieces theirs: let go, each goes at once, not piece by piece from
    // among the board's tiles.
    let children = app
        .world_mut()
        .query_filtered::<&Children, With<game::board::BoardRoot>>()
        .single(app.world())
        .expect("one board")
        .len();
    assert_eq!(
        children,
        start.cells.len() + 4,
        "the tiles, the slab and its shadow, the line, the wave"
    );
    settle(&mut app);
    let Puzzle::Flood(after) = puzzle(&app) else {
        panic!()
    };
    assert!(after.region().len() > start.region().len());
    let moved = tiles(&mut app);
    assert_eq!(
        moved.values().map(|t| t.0).collect::<HashSet<_>>(),
        first.values().map(|t| t.0).collect::<HashSet<_>>(),
        "the same tiles, none spawned anew"
    );
    assert_board_mirrors_rules(&mut app);
    for (i, &c) in after.cells.iter().enumerate() {
        let at = flood_pos_rounded(&after, i);
        let (_, clicked, number) = &moved[&at];
        assert_eq!(*clicked, u32::from(c), "tile {i} is clicked as its colour");
        assert_eq!(
            number.as_deref(),
            Some(c.to_string().as_str()),
            "tile {i}'s number"
        );
    }
    assert_eq!(
        edges(&mut app),
        perimeter(&after),
        "the line follows the region"
    );
    assert_ne!(perimeter(&after), perimeter(&start));
    app.world_mut()
        .write_message(MoveRequested::player(Request::Undo));
    settle(&mut app);
    assert_eq!(tiles(&mut app), first, "the undo brings every tile back");
    assert_eq!(edges(&mut app), perimeter(&start));
    assert_board_mirrors_rules(&mut app);
}

fn flood_pos_rounded(f: &pond_puzzles::rules::flood::Flood, i: usize) -> (i32, i32) {
    let at = game::puzzles::flood_pos(f, i);
    (at.x.round() as i32, at.y.round() as i32)
}
