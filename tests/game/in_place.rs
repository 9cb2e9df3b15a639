//! Boards brought in place after a change. Flood: the tiles a move leaves
//! as they were are the same entities, the changed ones take their new look,
//! the region's line follows the region, colour-blind numbers follow their
//! tiles, and an undo brings it all back; the wave that animates a move is
//! one child of the board. Escape: the animal that leaves (or comes back)
//! is the one that walks, every other stays the entity it was, and each
//! takes the click of its new place.

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
        .map(|(e, at, c, label)| {
            // A label: the tile's number.
            let number = label.and_then(|l| app.world().get::<Text2d>(l).map(|t| t.0.clone()));
            (at, (e, c, number))
        })
        .collect()
}

/// The pieces of the line around the flooded region: the rectangles of
/// its mesh, in the line's material.
fn edges(app: &mut App) -> usize {
    let edge = app.world().resource::<Art>().region_edge_mat.id();
    let meshes: Vec<Handle<Mesh>> = app
        .world_mut()
        .query::<(&MeshMaterial2d<ColorMaterial>, &Mesh2d)>()
        .iter(app.world())
        .filter(|(m, _)| m.id() == edge)
        .map(|(_, mesh)| mesh.0.clone())
        .collect();
    assert_eq!(meshes.len(), 1, "the line is one mesh");
    let mesh = app.world().resource::<Assets<Mesh>>().get(&meshes[0]);
    let corners = mesh.expect("the line's mesh").count_vertices();
    assert_eq!(corners % 4, 0);
    corners / 4
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
        start.cells.len() + 5,
        "the tiles, the slab and its shadow, the line, the tiles' picture, the wave"
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

/// The animals: where each stands (rounded) and its click mark, by entity.
fn animals(app: &mut App) -> BTreeMap<Entity, ((i32, i32), u32)> {
    app.world_mut()
        .query_filtered::<(Entity, &Transform, &Clickable), With<game::board::Animal>>()
        .iter(app.world())
        .map(|(e, t, c)| {
            let at = (
                t.translation.x.round() as i32,
                t.translation.y.round() as i32,
            );
            (e, (at, c.0))
        })
        .collect()
}

fn rounded(v: Vec2) -> (i32, i32) {
    (v.x.round() as i32, v.y.round() as i32)
}

/// A click, by the keys, at `at` on the board.
fn click_at(app: &mut App, at: Vec2) {
    app.world_mut().resource_mut::<game::board::KeyCursor>().0 = Some(at);
    press(app, KeyCode::Enter);
    settle(app);
}

fn escape(app: &App) -> pond_puzzles::rules::escape::Escape {
    let Puzzle::Escape(e) = puzzle(app) else {
        panic!("an Escape level")
    };
    e
}

/// The entity standing at `at`.
fn standing_at(app: &mut App, at: Vec2) -> Entity {
    let at = rounded(at);
    animals(app)
        .into_iter()
        .find(|(_, (p, _))| *p == at)
        .map(|(e, _)| e)
        .expect("an animal there")
}

#[test]
fn an_escape_move_walks_one_animal_and_keeps_the_others() {
    let mut app = app();
    start_level(&mut app, "escape.ron", 2);
    press(&mut app, KeyCode::KeyC);
    settle(&mut app);
    let first = animals(&mut app);
    let start = escape(&app);
    assert_eq!(first.len(), start.animals.len());
    // Two moves by clicks on the animals at the rows' east ends.
    let mut walkers = Vec::new();
    for _ in 0..2 {
        let e = escape(&app);
        let PuzzleMove::Escape(mv) = puzzle(&app).legal_moves()[0] else {
            panic!()
        };
        let col = e.left[mv.row as usize] - 1;
        let at = game::puzzles::escape_pos(&e, mv.row, col);
        let walker = standing_at(&mut app, at);
        click_at(&mut app, at);
        let after = escape(&app);
        assert_eq!(after.queue.len(), e.queue.len() + 1, "the click played");
        assert_board_mirrors_rules(&mut app);
        let now = animals(&mut app);
        assert_eq!(
            now.keys().collect::<Vec<_>>(),
            first.keys().collect::<Vec<_>>(),
            "the same animals, none spawned anew"
        );
        let slot = after.queue.len() - 1;
        assert_eq!(
            now[&walker],
            (
                rounded(game::puzzles::queue_pos(&after, slot)),
                game::puzzles::QUEUE_LAST.0
            ),
            "the animal that left stands last in line and is taken back by a click"
        );
        for (e, (at, click)) in &now {
            if *e != walker && !walkers.contains(e) {
                assert_eq!(first[e], (*at, *click), "an animal that stayed");
            }
        }
        walkers.push(walker);
    }
    // The first out is no longer last: its click is its slot's.
    let line = animals(&mut app);
    assert_ne!(line[&walkers[0]].1, game::puzzles::QUEUE_LAST.0);
    // Colour-blind numbers went with their animals.
    for &w in &walkers {
        let badge = app.world().get::<Children>(w).map_or(0, |k| k.len());
        assert_eq!(badge, 2, "an animal keeps its eyes and its badge");
    }
    // A click on the last in line takes it back home, and the one before
    // is last again.
    let e = escape(&app);
    click_at(&mut app, game::puzzles::queue_pos(&e, 1));
    assert_eq!(escape(&app).queue.len(), 1, "the click took it back");
    assert_board_mirrors_rules(&mut app);
    let back = animals(&mut app);
    assert_eq!(back[&walkers[1]], first[&walkers[1]], "home again");
    assert_eq!(back[&walkers[0]].1, game::puzzles::QUEUE_LAST.0);
    app.world_mut()
        .write_message(MoveRequested::player(Request::Undo));
    settle(&mut app);
    assert_eq!(
        animals(&mut app),
        first,
        "the undo brings every animal back"
    );
    assert_board_mirrors_rules(&mut app);
}

#[test]
fn an_undo_during_escapes_celebration_walks_as_a_move() {
    let mut app = app();
    start_level(&mut app, "escape.ron", 0);
    let found = solve::solve(&puzzle(&app), Budget::unlimited(), None, false);
    let moves = found.outcome.moves().expect("a solvable level").to_vec();
    for mv in moves {
        app.world_mut().write_message(MoveRequested::player(mv));
        settle(&mut app);
    }
    assert!(puzzle(&app).is_won());
    let e = escape(&app);
    let last = standing_at(&mut app, game::puzzles::queue_pos(&e, e.queue.len() - 1));
    // The celebration: the animals leap, decorations that moves do not wait
    // for.
    let mut leaping = false;
    for _ in 0..10 {
        app.update();
        if app.world().get::<game::play::Decoration>(last).is_some() {
            leaping = true;
            break;
        }
    }
    assert!(leaping, "the freed animals celebrate");
    app.world_mut()
        .write_message(MoveRequested::player(Request::Undo));
    app.update();
    app.update();
    assert!(
        app.world().get::<bevy_tweening::TweenAnim>(last).is_some()
            && app.world().get::<game::play::Decoration>(last).is_none(),
        "the animal taken back walks home, a walk that moves wait for"
    );
    settle(&mut app);
    assert_board_mirrors_rules(&mut app);
    // Won again, and restarted while the animals leap: every one walks
    // home, none left leaping at a slot of the line.
    let kept = animals(&mut app);
    app.world_mut()
        .write_message(MoveRequested::player(Request::Redo));
    settle(&mut app);
    assert!(puzzle(&app).is_won());
    for _ in 0..10 {
        app.update();
        if app.world().get::<game::play::Decoration>(last).is_some() {
            break;
        }
    }
    assert!(app.world().get::<game::play::Decoration>(last).is_some());
    app.world_mut()
        .write_message(MoveRequested::player(Request::Restart));
    settle(&mut app);
    assert_eq!(escape(&app).queue.len(), 0);
    assert_board_mirrors_rules(&mut app);
    assert_eq!(
        animals(&mut app).keys().collect::<Vec<_>>(),
        kept.keys().collect::<Vec<_>>(),
        "the same animals"
    );
}

/// At instant speed a search's changes land several in a frame: the board
/// is brought from the state it shows (before the first of them) to the
/// last, whatever came between.
#[test]
fn several_changes_in_one_frame_bring_the_board_to_the_last() {
    use game::play::Mover;
    let mut app = app();
    app.insert_resource(Speed::Instant);
    for (pack, level) in [("flood.ron", 12), ("escape.ron", 2)] {
        start_level(&mut app, pack, level);
        let line = solution_on_board(&app);
        // Three forward, one back, then two more: as a search tries a line.
        let mut requests: Vec<Request> = line[..3].iter().map(|&m| m.into()).collect();
        requests.push(Request::Undo);
        requests.extend(line[2..4].iter().map(|&m| Request::from(m)));
        for r in requests {
            app.world_mut()
                .write_message(MoveRequested::new(r, Mover::Solver));
        }
        app.update();
        assert_eq!(
            app.world().resource::<PlayState>().moves(),
            4,
            "{pack}: every change in one frame"
        );
        settle(&mut app);
        assert_board_mirrors_rules(&mut app);
    }
}

/// Each tile's visibility, by entity, and the pictures'.
fn shown(app: &mut App) -> (Vec<(Entity, Visibility)>, Vec<Visibility>) {
    let tiles = app
        .world_mut()
        .query_filtered::<(Entity, &Visibility), With<Tile>>()
        .iter(app.world())
        .map(|(e, v)| (e, *v))
        .collect();
    let pictures = app
        .world_mut()
        .query_filtered::<&Visibility, With<game::puzzles::TilePicture>>()
        .iter(app.world())
        .copied()
        .collect();
    (tiles, pictures)
}

/// At rest the tiles are drawn by one picture of the board, not one by
/// one (the renderer's work a frame grows with every entity it draws); a
/// hovered tile is drawn on its own, grown over the picture; in a win's
/// swell every tile is, and the picture is not.
#[test]
fn flood_tiles_at_rest_are_one_picture_a_hovered_or_swelling_tile_is_drawn_alone() {
    let mut app = app();
    start_level(&mut app, "flood.ron", 0);
    let (tiles, pictures) = shown(&mut app);
    assert!(tiles.len() >= 36);
    assert!(
        tiles.iter().all(|t| t.1 == Visibility::Hidden),
        "tiles at rest are not drawn"
    );
    assert_eq!(pictures, [Visibility::Inherited], "one picture, drawn");
    assert_board_mirrors_rules(&mut app);
    let picture = picture_entity(&mut app);
    // A hovered tile outside the flooded region.
    let flooded = |app: &App, e: Entity| app.world().get::<game::puzzles::Flooded>(e).is_some();
    let hovered = (tiles.iter().map(|t| t.0))
        .find(|&e| !flooded(&app, e))
        .expect("a tile outside the region");
    app.world_mut()
        .entity_mut(hovered)
        .insert(game::puzzles::Hover);
    app.update();
    for (e, v) in shown(&mut app).0 {
        let want = if e == hovered {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        assert_eq!(v, want, "only the hovered tile is drawn alone");
    }
    app.world_mut()
        .entity_mut(hovered)
        .remove::<game::puzzles::Hover>();
    app.update();
    assert!(shown(&mut app).0.iter().all(|t| t.1 == Visibility::Hidden));
    // A tile inside it is no move, and grown it stood past the region's
    // line: the picture draws it, flat, hovered or not.
    let inside: Vec<Entity> = (tiles.iter().map(|t| t.0))
        .filter(|&e| flooded(&app, e))
        .collect();
    let region = match puzzle(&app) {
        Puzzle::Flood(f) => f.region().len(),
        _ => panic!("a Flood level"),
    };
    assert_eq!(inside.len(), region, "the region's tiles are marked");
    app.world_mut()
        .entity_mut(inside[0])
        .insert(game::puzzles::Hover);
    app.update();
    assert!(
        shown(&mut app).0.iter().all(|t| t.1 == Visibility::Hidden),
        "a hovered tile of the region is not drawn over its line"
    );
    app.world_mut()
        .entity_mut(inside[0])
        .remove::<game::puzzles::Hover>();
    // Won by the moves that grow the region most; the swell after the last.
    let mut swelled = false;
    for _ in 0..40 {
        if puzzle(&app).is_won() {
            break;
        }
        let grown = |mv: PuzzleMove| {
            let mut p = puzzle(&app);
            p.apply(mv).expect("a legal move");
            let Puzzle::Flood(f) = p else { panic!() };
            f.region().len()
        };
        let mv = (puzzle(&app).legal_moves().into_iter())
            .max_by_key(|&mv| grown(mv))
            .expect("a move");
        app.world_mut().write_message(MoveRequested::player(mv));
        for _ in 0..200 {
            app.update();
            let (tiles, pictures) = shown(&mut app);
            let moving: Vec<Entity> = app
                .world_mut()
                .query_filtered::<Entity, (With<Tile>, With<bevy_tweening::TweenAnim>)>()
                .iter(app.world())
                .collect();
            if moving.len() == tiles.len() {
                swelled = true;
                assert!(
                    tiles.iter().all(|t| t.1 == Visibility::Inherited),
                    "the swelling tiles are drawn"
                );
                assert_eq!(
                    pictures,
                    [Visibility::Hidden],
                    "the picture is not, in the swell"
                );
            }
        }
        settle(&mut app);
        assert_board_mirrors_rules(&mut app);
        let Puzzle::Flood(f) = puzzle(&app) else {
            panic!("a Flood level")
        };
        let marked = (tiles.iter().map(|t| t.0))
            .filter(|&e| flooded(&app, e))
            .count();
        assert_eq!(marked, f.region().len(), "the marks follow the region");
    }
    assert!(puzzle(&app).is_won(), "won by the greedy moves");
    assert!(swelled, "the win's swell was seen");
    let (tiles, pictures) = shown(&mut app);
    assert!(
        tiles.iter().all(|t| t.1 == Visibility::Hidden),
        "at rest again"
    );
    assert_eq!(pictures, [Visibility::Inherited]);
    assert_eq!(
        picture_entity(&mut app),
        picture,
        "the moves changed the picture in place"
    );
}

fn picture_entity(app: &mut App) -> Entity {
    app.world_mut()
        .query_filtered::<Entity, With<game::puzzles::TilePicture>>()
        .single(app.world())
        .expect("one picture")
}

/// An animal ringed by the keyboard leaves: the ring moves to an animal
/// still in the prison (the one Enter takes), not an empty cell; and Shift
/// with an arrow (the search's timeline) leaves the ring where it is.
#[test]
fn the_ring_follows_to_an_animal_left_when_the_ringed_one_leaves() {
    use game::board::{Animal, KeyCursor};
    let mut app = app();
    start_level(&mut app, "escape.ron", 0);
    let animals: Vec<Vec2> = app
        .world_mut()
        .query_filtered::<&Transform, With<Animal>>()
        .iter(app.world())
        .map(|t| t.translation.truncate())
        .collect();
    let mut left_from = None;
    for at in animals {
        app.world_mut().resource_mut::<KeyCursor>().0 = Some(at);
        press(&mut app, KeyCode::Enter);
        settle(&mut app);
        if app.world().resource::<PlayState>().moves() == 1 {
            left_from = Some(at);
            break;
        }
    }
    let from = left_from.expect("an animal the keyboard let out");
    let ring = app
        .world()
        .resource::<KeyCursor>()
        .0
        .expect("the ring stays on the board");
    assert_ne!(ring, from, "the ring stayed on the empty cell");
    let on_animal = app
        .world_mut()
        .query_filtered::<&Transform, With<Animal>>()
        .iter(app.world())
        .any(|t| (t.translation.truncate() - ring).length() < 1.0);
    assert!(on_animal, "the ring is not on an animal");
    // Shift+Right: the timeline's key, not the ring's.
    key_state(&mut app, KeyCode::ShiftLeft, ButtonState::Pressed);
    press(&mut app, KeyCode::ArrowRight);
    key_state(&mut app, KeyCode::ShiftLeft, ButtonState::Released);
    settle(&mut app);
    assert_eq!(app.world().resource::<KeyCursor>().0, Some(ring));
}

/// A frog the keyboard moved keeps the ring where it went (Swap: it stayed
/// on the pad the frog left, now empty, where Enter does nothing).
#[test]
fn the_ring_follows_a_frog_the_keyboard_moved() {
    use game::board::{Frog, KeyCursor};
    let mut app = app();
    start_level(&mut app, "swap.ron", 1);
    let frogs = |app: &mut App| -> Vec<Vec2> {
        app.world_mut()
            .query_filtered::<&Transform, With<Frog>>()
            .iter(app.world())
            .map(|t| t.translation.truncate())
            .collect()
    };
    let mut moved_from = None;
    for at in frogs(&mut app) {
        app.world_mut().resource_mut::<KeyCursor>().0 = Some(at);
        press(&mut app, KeyCode::Enter);
        settle(&mut app);
        if app.world().resource::<PlayState>().moves() == 1 {
            moved_from = Some(at);
            break;
        }
    }
    let from = moved_from.expect("a frog the keyboard moved");
    let ring = app
        .world()
        .resource::<KeyCursor>()
        .0
        .expect("the ring stays on the board");
    assert_ne!(ring, from, "the ring stayed on the pad the frog left");
    assert!(
        frogs(&mut app).iter().any(|f| (*f - ring).length() < 1.0),
        "the ring is not on a frog"
    );
    assert_board_mirrors_rules(&mut app);
}
