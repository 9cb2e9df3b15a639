//! A watched search's screen says little: about 60 words with the solver's
//! panel open and the map closed (the screen the W key shows), its path
//! the newest steps only (twelve lines of them made 90 words, six 60 to 69).

use super::*;
use pond_puzzles::game::panels::SolverPanelOpen;

/// The words the window shows: every laid-out text's words that carry a
/// letter or a figure.
fn words_shown(app: &mut App) -> Vec<String> {
    super::window::laid_out(app)
        .into_iter()
        .filter(|n| n.rect.width() > 0.0 && n.rect.height() > 0.0)
        .filter_map(|n| n.text)
        .flat_map(|t| {
            t.split_whitespace()
                .filter(|w| w.chars().any(char::is_alphanumeric))
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn a_watched_search_shows_about_sixty_words() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "pegs.ron", 7);
    app.world_mut().resource_mut::<SolverPanelOpen>().0 = true;
    settle(&mut app);
    // Deep enough that the path has more steps than the panel lists.
    super::search_paused_at(&mut app, Watch::Search, 14);
    let words = words_shown(&mut app);
    assert!(
        words.iter().any(|w| w == "untried"),
        "no path shown: {words:?}"
    );
    println!("{} words shown", words.len());
    assert!(words.len() <= 65, "{} words: {words:?}", words.len());
}

/// The same with the search's map open beside the board (G): the map's
/// key, its bar and the race under it, the timeline's buttons and the
/// solver's panel stay within about 60 words too.
#[test]
fn a_watched_search_with_its_map_shows_about_sixty_words() {
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "pegs.ron", 7);
    app.world_mut().resource_mut::<SolverPanelOpen>().0 = true;
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    super::search_paused_at(&mut app, Watch::Search, 14);
    let words = words_shown(&mut app);
    assert!(words.iter().any(|w| w == "Done"), "no map shown: {words:?}");
    println!("{} words shown: {words:?}", words.len());
    assert!(words.len() <= 65, "{} words: {words:?}", words.len());
}
