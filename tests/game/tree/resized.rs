//! The column in a window resized by the player.

use super::*;

/// A won English search's column in a window made narrow and then wide
/// again stands as tall as in a window that was wide all along: the
/// narrow window's taller keys' line, read in the frame before the layout
/// caught up, held it at its narrow height (its "Done" bar, its widths'
/// switch and the solver's savings gone).
#[test]
fn a_column_made_wide_again_takes_its_wide_height() {
    let height = |resized: bool| {
        let first = match resized {
            true => UVec2::new(800, 600),
            false => UVec2::new(1280, 720),
        };
        let mut app = laid_app(first);
        start_level(&mut app, "pegs.ron", 7);
        app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
        settle(&mut app);
        search_to_its_end(&mut app);
        if resized {
            super::super::window::fit::resize(&mut app, UVec2::new(1280, 720));
            settle(&mut app);
        }
        column_of(&laid_out(&mut app)).rect.height()
    };
    let (wide, resized) = (height(false), height(true));
    assert!(
        (wide - resized).abs() < 1.5,
        "{resized} resized, {wide} wide all along"
    );
}
