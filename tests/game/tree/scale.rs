//! The comparison's scale where the two searches are far apart (by powers
//! of ten), and its band while a watched search waits for the other's
//! figure.

use super::*;

/// Flood's first 12x12 level: the plain search reaches a thousand times the
/// solver's positions, so the bars go by powers of ten ("1", "10", "100",
/// "1k", "10k" under them, evenly apart) and the solver's bar is its
/// figure's share of the powers, not a sliver of a pixel or two.
#[test]
fn far_apart_searches_are_charted_by_powers_of_ten() {
    use pond_puzzles::game::solver::compare::Comparison;
    let mut app = searched_with_map(UVec2::new(1280, 720), "flood.ron", 11);
    super::plain::wait_for_both_searches(&mut app);
    settle(&mut app);
    let [plain, ours] = app.world().resource::<Comparison>().figures();
    let (plain, ours) = (
        plain.expect("plain").positions,
        ours.expect("ours").positions,
    );
    assert!(
        plain >= 100 * ours,
        "the level's searches are {plain} and {ours} positions: not far apart"
    );
    let nodes = laid_out(&mut app);
    let (solver, _) = compare_bar(&nodes, "Solver").expect("the solver's bar");
    let label = |words: &str| {
        nodes
            .iter()
            .filter(|n| n.text.as_deref() == Some(words))
            .filter_map(|n| n.ink)
            .find(|r| r.min.y >= solver.max.y - 2.0 && r.min.y < solver.max.y + 40.0)
    };
    // The powers of ten up to the plain search's under their marks (every
    // other one where the track is short), "1" at its start and the
    // greatest always, each mark as far from the next.
    let powers: Vec<String> = (0..)
        .map(|k| 10u64.pow(k))
        .take_while(|&p| p <= plain)
        .map(pond_puzzles::game::solver::tree_view::scale_words)
        .collect();
    assert!(powers.len() >= 4, "{powers:?}");
    let shown: Vec<(f32, f32)> = (powers.iter().enumerate())
        .filter_map(|(k, w)| label(w).map(|r| (k as f32, r.center().x)))
        .collect();
    let ends = (shown.first().map(|s| s.0), shown.last().map(|s| s.0));
    assert_eq!(
        ends,
        (Some(0.0), Some((powers.len() - 1) as f32)),
        "{powers:?}: shown {shown:?}"
    );
    assert!(shown.len() >= 3, "{powers:?}: shown {shown:?}");
    let per_power: Vec<f32> = (shown.windows(2))
        .map(|s| (s[1].1 - s[0].1) / (s[1].0 - s[0].0))
        .collect();
    assert!(
        (per_power.iter()).all(|g| (g - per_power[0]).abs() < 1.5 && *g > 15.0),
        "{powers:?}: shown {shown:?}"
    );
    // No straight scale's marks ("0", "5k", "20k").
    assert!(label("0").is_none(), "a 0 on a scale of powers");
    // The solver's bar its share of the powers.
    let bars: Vec<f32> = ["Plain", "Solver"]
        .iter()
        .map(|name| compare_bar(&nodes, name).expect("a bar").1)
        .collect();
    let want = (ours as f32).log10() / (plain as f32).log10();
    assert!(
        (bars[1] / bars[0] - want).abs() < 0.03,
        "bars {bars:?}: the solver's should be {want} of the plain search's"
    );
}

/// The English board watched before the comparison's plain search (run
/// unseen, seconds long) is in: the band says the watched search's count
/// so far and that the other is still searching (it stood empty for the
/// first seconds, nothing saying a comparison was coming), with no scale,
/// no bars and no ratio yet.
#[test]
fn a_search_watched_before_the_others_figure_says_it_is_coming() {
    use pond_puzzles::game::solver::compare::Comparison;
    let mut app = laid_app(UVec2::new(1280, 720));
    start_level(&mut app, "pegs.ron", 8);
    app.world_mut().resource_mut::<TreeViewOpen>().0 = true;
    settle(&mut app);
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    let figures = |app: &App| {
        app.world()
            .get_resource::<Comparison>()
            .map(|c| c.figures().map(|f| f.is_some()))
    };
    // The solver's unseen run is quick; the plain search's takes seconds.
    for _ in 0..2_000 {
        if figures(&app).is_some_and(|[_, ours]| ours) {
            break;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(
        figures(&app),
        Some([false, true]),
        "the plain search's figure should still be on its way"
    );
    assert!(
        app.world().resource::<Autoplay>().is_active(),
        "still watched"
    );
    assert!(shows(&mut app, "searching..."), "nothing says it is coming");
    assert!(shows(&mut app, " so far"), "no count of the watched search");
    assert!(!shows(&mut app, "times fewer"), "a ratio before the end");
    let nodes = laid_out(&mut app);
    for name in ["Plain", "Solver"] {
        let (_, length) = compare_bar(&nodes, name).expect("the band's rows");
        assert_eq!(length, 0.0, "{name}'s bar drawn before its scale is known");
    }
}
