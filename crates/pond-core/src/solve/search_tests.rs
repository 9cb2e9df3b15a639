//! The search's budget: a watcher's time is not charged to it, and a node
//! budget stops at that node.

use super::*;

/// A watcher that holds the search back (as the game does, to show each
/// move) takes no time from its budget: the budget counts the search's
/// own time.
#[test]
fn a_watched_search_is_not_charged_for_the_watching() {
    // The last pond of the shipped pack: a search of about 150 positions.
    let (file, text) = crate::levels::SHIPPED[1];
    let pack = crate::levels::parse_pack(file, text).unwrap();
    let p = pack.levels.last().unwrap().puzzle.clone();
    let watching = Duration::from_millis(1);
    let budget = Duration::from_millis(40);
    let mut events = 0u64;
    let mut sink = |e: &SolverEvent<PuzzleMove>| {
        if matches!(e, SolverEvent::Tried { .. } | SolverEvent::TakenBack { .. }) {
            events += 1;
            std::thread::sleep(watching);
        }
    };
    let report = solve(&p, Budget::time(budget), Some(&mut sink), true);
    assert!(
        matches!(report.outcome, Outcome::Solved { .. }),
        "{:?}",
        report.outcome
    );
    // The watching alone took longer than the budget.
    assert!(watching * events as u32 > budget, "{events} events");
}

#[test]
fn a_node_budget_stops_at_that_node_however_fast_nodes_come() {
    for budget in [1, 63, 64, 65, 1000, 4097, 100_000] {
        let mut search: Search<'_, u8> = Search::new(Budget::nodes(budget));
        let mut entered = 0u64;
        while search.node(0) {
            entered += 1;
            if entered.is_multiple_of(97) {
                // Slow nodes now and then change how often the clock is read.
                std::thread::sleep(Duration::from_micros(50));
            }
            assert!(entered < 2 * budget + 10, "never stopped");
        }
        assert_eq!(search.nodes, budget);
        assert_eq!(search.stopped, Some(StopReason::Nodes));
    }
}
