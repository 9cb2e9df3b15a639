//! The check that each entity stands where the rules state says (the board
//! mirrors the rules, and its picture the board), and the shared budget of
//! the shipped levels' solves.

use super::*;

/// Where the board's pieces stand and how they look, as the rules state says
/// they should: each frog on its pad in its colour, each tile in its cell's
/// colour, each animal in its cell or its queue slot with its kind and colour.
/// Returns what disagrees (nothing, for a board that mirrors the rules).
pub(super) fn board_mismatches(app: &mut App) -> Vec<String> {
    use game::board::{Animal, BoardRoot, Frog, Tile};
    use game::puzzles::{escape_pos, flood_pos, hop_pos, queue_pos, swap_pos};
    use game::theme::Art;
    type Piece = (Vec2, AssetId<ColorMaterial>, Option<AssetId<Mesh>>);
    fn pieces<C: Component>(app: &mut App) -> Vec<Piece> {
        app.world_mut()
            .query_filtered::<(&Transform, &MeshMaterial2d<ColorMaterial>, &Mesh2d), With<C>>()
            .iter(app.world())
            .map(|(t, m, mesh)| (t.translation.truncate(), m.id(), Some(mesh.id())))
            .collect()
    }
    /// A piece as words, with its place rounded, for comparing as sets.
    fn words(pieces: &[Piece], with_mesh: bool) -> Vec<String> {
        let mut out: Vec<String> = pieces
            .iter()
            .map(|(at, m, mesh)| {
                let mesh = if with_mesh {
                    format!(" {mesh:?}")
                } else {
                    String::new()
                };
                // Rounded to a tenth, and -0.0 written as 0.0.
                let (x, y) = (
                    (at.x * 10.0).round() / 10.0 + 0.0,
                    (at.y * 10.0).round() / 10.0 + 0.0,
                );
                format!("({x:.1}, {y:.1}) {m:?}{mesh}")
            })
            .collect();
        out.sort();
        out
    }
    let art = app.world().resource::<Art>();
    let colour = |c: u8| art.palette[c as usize % art.palette.len()].id();
    let (kind, expected): (&str, Vec<Piece>) = match puzzle(app) {
        Puzzle::Swap(s) => {
            let n = s.cells.len();
            let frogs = s.cells.iter().enumerate().filter_map(|(i, c)| {
                let m = match c {
                    pond_puzzles::rules::swap::Cell::L => art.l_mat.id(),
                    pond_puzzles::rules::swap::Cell::R => art.r_mat.id(),
                    pond_puzzles::rules::swap::Cell::Empty => return None,
                };
                Some((swap_pos(i, n), m, None))
            });
            ("frog", frogs.collect())
        }
        Puzzle::Hop(h) => {
            let frogs = (0..h.board.pads.len() as u8).filter_map(|pad| {
                let m = if h.red == Some(pad) {
                    art.red_mat.id()
                } else if h.green >> pad & 1 == 1 {
                    art.green_mat.id()
                } else {
                    return None;
                };
                Some((hop_pos(&h, pad), m, None))
            });
            ("frog", frogs.collect())
        }
        Puzzle::Flood(f) => {
            // The flooded region is flat colour, the rest bevelled tiles.
            let flooded: Vec<u32> = f.region();
            let tiles = f.cells.iter().enumerate();
            let tiles = tiles.map(|(i, &c)| {
                let m = if flooded.contains(&(i as u32)) {
                    colour(c)
                } else {
                    art.tile_mats[c as usize % art.tile_mats.len()].id()
                };
                (flood_pos(&f, i), m, None)
            });
            ("tile", tiles.collect())
        }
        Puzzle::Escape(e) => {
            let look = |row: u8, col: u8| {
                let a = e.animal(row, col);
                let kind = a.kind as usize % art.animals.len();
                let bodies = &art.animal_mats[kind];
                (
                    bodies[a.colour as usize % bodies.len()].id(),
                    Some(art.animals[kind].id()),
                )
            };
            let mut animals = Vec::new();
            for row in 0..e.rows {
                for col in 0..e.left[row as usize] {
                    let (m, mesh) = look(row, col);
                    animals.push((escape_pos(&e, row, col), m, mesh));
                }
            }
            for (slot, &(row, col)) in e.queue.iter().enumerate() {
                let (m, mesh) = look(row, col);
                animals.push((queue_pos(&e, slot), m, mesh));
            }
            ("animal", animals)
        }
    };
    let shown = match kind {
        "frog" => pieces::<Frog>(app),
        "tile" => pieces::<Tile>(app),
        _ => pieces::<Animal>(app),
    };
    let with_mesh = kind == "animal";
    let (want, have) = (words(&expected, with_mesh), words(&shown, with_mesh));
    let mut wrong: Vec<String> = want
        .iter()
        .filter(|w| !have.contains(w))
        .map(|w| format!("no {kind} at {w}"))
        .collect();
    wrong.extend(
        have.iter()
            .filter(|h| !want.contains(h))
            .map(|h| format!("a {kind} at {h} that the rules do not have")),
    );
    if let Puzzle::Flood(f) = puzzle(app) {
        wrong.extend(picture_mismatches(app, &f));
    }
    let roots = count::<BoardRoot>(app);
    if roots != 1 {
        wrong.push(format!("{roots} boards"));
    }
    wrong
}

/// Flood's tiles at rest are drawn by one picture whose texture holds each
/// cell's look: its colour (red) and whether it is flooded (green).
pub(super) fn picture_mismatches(
    app: &mut App,
    f: &pond_puzzles::rules::flood::Flood,
) -> Vec<String> {
    let materials: Vec<Handle<game::puzzles::TilesMaterial>> = app
        .world_mut()
        .query_filtered::<&MeshMaterial2d<game::puzzles::TilesMaterial>, With<game::puzzles::TilePicture>>()
        .iter(app.world())
        .map(|m| m.0.clone())
        .collect();
    let [material] = materials.as_slice() else {
        return vec![format!("{} tile pictures", materials.len())];
    };
    let world = app.world();
    let Some(m) = world
        .resource::<Assets<game::puzzles::TilesMaterial>>()
        .get(material)
    else {
        return vec!["the tile picture has no material".into()];
    };
    let Some(texels) =
        (world.resource::<Assets<Image>>().get(&m.looks)).and_then(|i| i.data.clone())
    else {
        return vec!["the tile picture has no texture".into()];
    };
    let flooded: std::collections::HashSet<u32> = f.region().into_iter().collect();
    let mut wrong = Vec::new();
    if texels.len() != f.cells.len() * 4 {
        wrong.push(format!(
            "{} texels for {} cells",
            texels.len() / 4,
            f.cells.len()
        ));
    }
    for (i, (&c, texel)) in f.cells.iter().zip(texels.chunks(4)).enumerate() {
        let inside = flooded.contains(&(i as u32));
        if (texel[0], texel[1] == 255) != (c, inside) {
            wrong.push(format!(
                "the picture's cell {i} is ({}, {}), the rules' ({c}, {inside})",
                texel[0], texel[1]
            ));
        }
    }
    wrong
}

/// The board's pieces agree with the rules state, place by place.
pub(super) fn assert_board_mirrors_rules(app: &mut App) {
    let wrong = board_mismatches(app);
    assert!(
        wrong.is_empty(),
        "the board is not the rules state: {wrong:#?}"
    );
}

/// Flood's exact search is bounded, as the game's clock bounds it: where
/// the greedy line already fits the limit, a small budget (the biggest boards
/// then play their best line found); elsewhere enough for the search to
/// prove its answer. None for the other puzzles.
pub(super) fn shipped_budget(p: &Puzzle) -> Option<Budget> {
    let Puzzle::Flood(f) = p else {
        return None;
    };
    let fast = solve::flood::solve_fast(f).len() as u32;
    Some(if f.limit.is_none_or(|l| fast <= l) {
        Budget::nodes(FLOOD_NODES)
    } else {
        Budget::nodes(1_000_000)
    })
}

/// Every change the rules state went through, as the game told it.
#[derive(Resource, Default)]
pub(super) struct Changes(pub(super) Vec<(Puzzle, game::play::Change)>);

pub(super) fn record_changes(
    mut applied: MessageReader<game::play::MoveApplied>,
    mut seen: ResMut<Changes>,
) {
    seen.0
        .extend(applied.read().map(|m| (m.before.clone(), m.change)));
}
