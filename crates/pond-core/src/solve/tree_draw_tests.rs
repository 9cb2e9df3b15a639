//! Tests of `tree_draw`.

use super::*;
use crate::levels::parse_pack;
use crate::solve::plain::solve_plain;
use crate::solve::{Budget, SolverEvent};

#[test]
fn the_picture_and_the_graph_hold_every_node_and_mark() {
    let pack = parse_pack(
        "t",
        r#"Pack(name: "", levels: [Swap(name: "", row: "LL_RR")])"#,
    )
    .expect("the pack loads");
    let p = &pack.levels[0].puzzle;
    let mut tree = SearchTree::new(p, usize::MAX);
    let mut sink = |e: &SolverEvent<PuzzleMove>| tree.feed(e).expect("events fit");
    solve_plain(p, Budget::unlimited(), Some(&mut sink), true);
    let words = |mv: PuzzleMove| format!("pad {mv}");
    let g = dot(&tree, "LL_RR \"plain\"", &words);
    let ids = tree.walk(|_| true);
    let untried = ids
        .iter()
        .filter(|&&id| !tree.untried(id).is_empty())
        .count();
    assert!(untried > 0, "the plain search stops at its first answer");
    let nodes = ids.len() + untried;
    assert_eq!(g.matches("[label=").count(), nodes);
    assert_eq!(g.matches(" -> ").count(), nodes - 1);
    assert!(g.contains(r#"label="LL_RR \"plain\"";"#), "{g}");
    assert!(g.contains("#1e8a3c") && g.contains("#1c2428"), "{g}");
    let pic = svg(&tree, "LL_RR <plain>", &words);
    assert!(pic.starts_with("<svg") && pic.trim_end().ends_with("</svg>"));
    assert!(pic.contains("LL_RR &lt;plain&gt;"));
    assert_eq!(pic.matches("<line ").count(), nodes - 1);
    assert!(pic.contains(&format!("{} positions", tree.stats().positions)));
    assert!(
        pic.contains("untried<") && pic.contains("<title>not tried: pad "),
        "{pic}"
    );
}

#[test]
fn given_up_words_count_and_say_what_flood_does() {
    assert_eq!(given_up_words(false, 412), "412 positions, all lost");
    assert_eq!(given_up_words(false, 1), "1 position, lost");
    assert_eq!(given_up_words(true, 9), "9 positions, set aside");
}
