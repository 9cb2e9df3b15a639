//! The line under the map's bar at a win says what the picture shows: by
//! the positions searched, their count; by the orders of moves, the share
//! of them the win never needed.

use super::*;

/// A Swap row's win: its map by the positions searched is mostly its
/// winning line, and "over 99% of the ways to play never needed" stood
/// under it (a new player read the two as saying opposite things).
#[test]
fn a_wins_figure_speaks_of_what_the_map_shows() {
    let mut app = searched_with_map(UVec2::new(1280, 720), "swap.ron", 3);
    assert!(matches!(
        app.world().resource::<Autoplay>().ending,
        Some(Ending::Won(_))
    ));
    let positions = (app.world().resource::<Autoplay>().tree.as_ref())
        .expect("the search's tree")
        .stats()
        .positions;
    let said = figure(&mut app);
    assert_eq!(said, format!("Won: {positions} positions searched"));
    // By the orders of moves: the share the win spared, or took.
    press(&mut app, KeyCode::KeyB);
    settle(&mut app);
    let said = figure(&mut app);
    assert!(
        said.starts_with("Won early: ") && said.ends_with(" of the ways to play never needed")
            || said.starts_with("Won, with "),
        "{said}"
    );
}
