//! Auto-play and the solvers in the game: every shipped level won by auto-play
//! and by its watched search, a solve from mid-level, a hint, a cancel on
//! leaving, and a storm of input while the board moves.

use super::*;

#[test]
fn a_stale_board_is_caught_by_the_mirror_check() {
    let mut app = app();
    for (pack, level) in [
        ("swap.ron", 0),
        ("hop.ron", 0),
        ("flood.ron", 0),
        ("escape.ron", 0),
    ] {
        start_level(&mut app, pack, level);
        assert_board_mirrors_rules(&mut app);
        // The rules move on behind the board's back: no message, no respawn.
        let mv = puzzle(&app).legal_moves()[0];
        let mut state = app.world_mut().resource_mut::<PlayState>();
        let undo = state.puzzle.apply(mv).unwrap();
        state.done.push((mv, undo));
        let wrong = board_mismatches(&mut app);
        assert!(!wrong.is_empty(), "{pack}: a stale board passed the check");
    }
}

#[test]
fn every_shipped_level_is_won_by_auto_play() {
    let mut app = app();
    app.insert_resource(Speed::Instant);
    let mut played = 0;
    for (file, text) in SHIPPED {
        let pack = parse_pack(file, text).unwrap();
        for (index, level) in pack.levels.iter().enumerate() {
            let label = format!("{file} level {}", index + 1);
            let budget = shipped_budget(&level.puzzle).unwrap_or_else(Budget::unlimited);
            app.insert_resource(SolverBudget(budget));
            start_level(&mut app, file, index);
            let ending = autoplay(&mut app, Watch::Solution);
            let reported = app
                .world()
                .resource::<Autoplay>()
                .solution_len()
                .unwrap_or_else(|| panic!("{label}: {ending}"));
            assert_eq!(ending, Ending::Won(reported), "{label}");
            assert!(puzzle(&app).is_won(), "{label}");
            assert_eq!(
                app.world().resource::<PlayState>().moves(),
                reported,
                "{label}"
            );
            assert_board_mirrors_rules(&mut app);
            played += 1;
        }
    }
    assert!(played > 150);
}

#[test]
fn solve_wins_from_the_middle_of_a_level() {
    let mut app = app();
    app.insert_resource(Speed::Instant);
    // Flood: any colour keeps an easy level winnable within its slack.
    start_level(&mut app, "flood.ron", 0);
    for mv in puzzle(&app).legal_moves().into_iter().rev().take(2) {
        app.world_mut().write_message(MoveRequested::player(mv));
        settle(&mut app);
    }
    assert_eq!(app.world().resource::<PlayState>().moves(), 2);
    let ending = autoplay(&mut app, Watch::Solution);
    let solution = app.world().resource::<Autoplay>().solution_len().unwrap();
    assert_eq!(ending, Ending::Won(2 + solution));
    assert!(puzzle(&app).is_won());

    // Hop: after a first move that still wins, the search wins from there;
    // after one that loses, Solve says so and leaves the board as it was.
    start_level(&mut app, "hop.ron", 30);
    let start = puzzle(&app);
    let outcome_after = |mv| {
        let mut p = start.clone();
        p.apply(mv).unwrap();
        solve::solve(&p, Budget::unlimited(), None, false).outcome
    };
    let moves = start.legal_moves();
    let good = moves
        .iter()
        .copied()
        .find(|&mv| matches!(outcome_after(mv), solve::Outcome::Solved { .. }))
        .unwrap();
    app.world_mut().write_message(MoveRequested::player(good));
    settle(&mut app);
    let ending = autoplay(&mut app, Watch::Search);
    assert!(matches!(ending, Ending::Won(_)), "{ending}");
    assert!(puzzle(&app).is_won());
    assert_eq!(app.world().resource::<PlayState>().done[0].0, good);
    assert_board_mirrors_rules(&mut app);

    // Level 31 has no first move that loses: the first pond that has one.
    assert!(
        !moves
            .iter()
            .any(|&mv| matches!(outcome_after(mv), solve::Outcome::Unsolvable))
    );
    let pack = parse_pack("hop.ron", SHIPPED[1].1).unwrap();
    let (level, bad) = (0..pack.levels.len())
        .find_map(|i| {
            let start = &pack.levels[i].puzzle;
            start.legal_moves().into_iter().find_map(|mv| {
                let mut p = start.clone();
                p.apply(mv).unwrap();
                let lost = matches!(
                    solve::solve(&p, Budget::unlimited(), None, false).outcome,
                    solve::Outcome::Unsolvable
                );
                lost.then_some((i, mv))
            })
        })
        .expect("a pond with a first move that loses");
    start_level(&mut app, "hop.ron", level);
    app.world_mut().write_message(MoveRequested::player(bad));
    settle(&mut app);
    let lost = puzzle(&app);
    assert_eq!(autoplay(&mut app, Watch::Solution), Ending::Unsolvable);
    assert_eq!(puzzle(&app), lost);
}

/// At a watched speed the board goes through the search one move at a
/// time; at "instant" it goes where the search has got to each frame (a
/// move tried and taken back within a frame is not made on the board), by
/// the same kind of changes.
#[test]
fn the_search_is_watched_move_by_move_and_ends_won() {
    use game::play::Change;
    for speed in [Speed::Times(16.0), Speed::Instant] {
        let mut app = app();
        app.init_resource::<Changes>();
        app.add_systems(Last, record_changes);
        app.insert_resource(speed);
        start_level(&mut app, "pegs.ron", 0);
        let start = puzzle(&app);
        app.world_mut().resource_mut::<Changes>().0.clear();
        let ending = autoplay(&mut app, Watch::Search);
        assert!(matches!(ending, Ending::Won(_)), "{speed:?}: {ending}");
        // Each change starts where the one before ended, each undo takes
        // back the last move still on the board, and the last change
        // leaves the board won.
        let changes = std::mem::take(&mut app.world_mut().resource_mut::<Changes>().0);
        let (mut at, mut line) = (start, Vec::new());
        let (mut played, mut undone) = (0u64, 0u64);
        for (i, (before, change)) in changes.iter().enumerate() {
            assert_eq!(
                before, &at,
                "{speed:?}: change {i} does not start where the board was"
            );
            match *change {
                Change::Played(mv) => {
                    let undo = at.apply(mv).expect("a legal move");
                    line.push((mv, undo));
                    played += 1;
                }
                Change::Undone(mv) => {
                    let (last, undo) = line.pop().expect("a move to undo");
                    assert_eq!(last, mv, "{speed:?}: change {i} undoes another move");
                    at.undo(&undo);
                    undone += 1;
                }
                other => panic!("{speed:?}: change {i}: the search made {other:?}"),
            }
        }
        assert!(
            at.is_won(),
            "{speed:?}: the last change leaves the board unwon"
        );
        assert_eq!(at, puzzle(&app));
        // The Latin cross's search backtracks before it finds the way; the
        // counters count the search's steps: every one a change of the
        // board when watched, and at "instant" the same line in fewer.
        let a = app.world().resource::<Autoplay>();
        let (tried, back) = (a.stats.tried, a.stats.backtracks);
        assert!(back > 0, "the search never took a move back");
        if speed == Speed::Instant {
            assert!(
                played <= tried && undone <= back,
                "{played} {undone} {tried} {back}"
            );
            // (Fewer where a frame holds a move and its taking back, as
            // it does on a fast machine: not asserted.)
            assert_eq!(played - undone, tried - back, "the same line");
        } else {
            assert_eq!((tried, back), (played, undone));
        }
        assert_board_mirrors_rules(&mut app);
    }
}

/// At "instant" the board is the search's position at every frame: the
/// search changes it each frame, and a jump's animation begun each frame
/// never got past its start (a jumped frog still on its pad beside "6
/// frogs left"). The English board's plain search, frame by frame.
#[test]
fn at_instant_the_board_is_the_searchs_position_every_frame() {
    let mut app = app();
    app.insert_resource(Speed::Instant);
    start_level(&mut app, "pegs.ron", 7);
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Plain));
    let mut changed = 0;
    for frame in 0..40 {
        let before = puzzle(&app);
        app.update();
        if puzzle(&app) == before {
            continue;
        }
        changed += 1;
        let wrong = board_mismatches(&mut app);
        assert!(wrong.is_empty(), "frame {frame}: {wrong:#?}");
    }
    assert!(
        changed > 10,
        "the search moved the board in {changed} frames"
    );
}

#[test]
fn leaving_a_level_cancels_its_solver() {
    let mut app = app();
    app.insert_resource(SolverBudget(Budget::time(Duration::from_secs(600))));
    // The biggest Flood board: its exact search runs for minutes.
    let last = parse_pack(
        "flood.ron",
        SHIPPED.iter().find(|(n, _)| *n == "flood.ron").unwrap().1,
    )
    .unwrap()
    .levels
    .len()
        - 1;
    start_level(&mut app, "flood.ron", last);
    let longest_frame = |app: &mut App| {
        let mut longest = Duration::ZERO;
        let start = Instant::now();
        while start.elapsed() < Duration::from_millis(300) {
            let frame = Instant::now();
            app.update();
            longest = longest.max(frame.elapsed());
        }
        longest
    };
    let quiet = longest_frame(&mut app);
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Solution));
    app.update();
    let running = app
        .world()
        .resource::<Autoplay>()
        .job()
        .expect("the solver runs")
        .running();
    // Frames go on while it searches: the longest, beside the longest with no
    // solver, is printed, not judged (no timed assertions), for the notes.
    let busy = longest_frame(&mut app);
    println!("longest frame: {quiet:?} with no solver, {busy:?} while it searched");
    assert!(
        running.load(Ordering::Acquire),
        "the solver was still searching"
    );
    let left = Instant::now();
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Levels);
    app.update();
    assert!(app.world().get_resource::<Autoplay>().is_none());
    while running.load(Ordering::Acquire) {
        assert!(
            left.elapsed() < Duration::from_secs(5),
            "the solver still runs after leaving"
        );
        std::thread::sleep(Duration::from_millis(1));
    }
    println!("solver stopped {:?} after leaving", left.elapsed());
}

#[test]
fn a_storm_of_input_during_auto_play_leaves_board_and_rules_agreeing() {
    let mut app = app();
    app.insert_resource(Speed::Times(16.0));
    let keys = [
        KeyCode::KeyU,
        KeyCode::KeyR,
        KeyCode::KeyS,
        KeyCode::KeyW,
        KeyCode::KeyH,
        KeyCode::Space,
        KeyCode::Period,
        KeyCode::KeyX,
        KeyCode::Minus,
        KeyCode::Equal,
        KeyCode::Backspace,
        KeyCode::Digit1,
        KeyCode::Digit3,
    ];
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z ^ (z >> 31)
    };
    for (pack, level) in [
        ("hop.ron", 20),
        ("flood.ron", 5),
        ("escape.ron", 30),
        ("swap.ron", 6),
    ] {
        start_level(&mut app, pack, level);
        app.world_mut()
            .write_message(AutoplayCommand::Start(Watch::Search));
        for frame in 0..600 {
            let r = next();
            match r % 7 {
                0 => {
                    let key = keys[(r >> 8) as usize % keys.len()];
                    press(&mut app, key);
                }
                1 => {
                    // A click: a legal or an illegal move, as the board makes them.
                    let moves = puzzle(&app).legal_moves();
                    if let Some(&mv) = moves.get((r >> 8) as usize % (moves.len() + 1)) {
                        app.world_mut().write_message(MoveRequested::player(mv));
                    } else {
                        app.world_mut().write_message(MoveRequested::player(
                            pond_puzzles::rules::PuzzleMove::Hop(
                                pond_puzzles::rules::hop::HopMove { from: 0, to: 2 },
                            ),
                        ));
                    }
                }
                2 if frame % 50 == 0 => {
                    app.world_mut()
                        .write_message(AutoplayCommand::Start(Watch::Solution));
                }
                _ => {}
            }
            app.update();
        }
        // Whatever happened, once still, the board is the rules state's.
        app.world_mut().write_message(AutoplayCommand::Stop);
        settle(&mut app);
        assert_board_mirrors_rules(&mut app);
        let state = app.world().resource::<PlayState>();
        let mut replay = state.level.puzzle.clone();
        for (mv, _) in &state.done {
            replay.apply(*mv).unwrap();
        }
        assert_eq!(replay, state.puzzle);
    }
}

#[test]
fn a_hint_is_a_move_of_a_solution_and_a_lost_position_is_told() {
    // The first pond with a first move that loses (the solver proves the
    // position after it cannot be won).
    let pack = parse_pack("hop.ron", SHIPPED[1].1).unwrap();
    assert_eq!(SHIPPED[1].0, "hop.ron");
    let losing = |start: &Puzzle| {
        start.legal_moves().into_iter().find(|&m| {
            let mut p = start.clone();
            p.apply(m).unwrap();
            matches!(
                solve::solve(&p, Budget::unlimited(), None, false).outcome,
                solve::Outcome::Unsolvable
            )
        })
    };
    let (level, bad) = (0..pack.levels.len())
        .find_map(|i| losing(&pack.levels[i].puzzle).map(|m| (i, m)))
        .expect("a pond has a first move that loses");
    let mut app = app();
    start_level(&mut app, "hop.ron", level);
    let (at, mv) = ask_for_hint(&mut app);
    assert_eq!(at, puzzle(&app));
    let mut after = at.clone();
    after.apply(mv).unwrap();
    assert!(matches!(
        solve::solve(&after, Budget::unlimited(), None, false).outcome,
        solve::Outcome::Solved { .. }
    ));
    app.update();
    // A ring on the frog to jump and one on the pad it lands on, and no other.
    let (Puzzle::Hop(h), PuzzleMove::Hop(jump)) = (&at, mv) else {
        panic!("{mv:?}")
    };
    let round = |v: Vec2| ((v.x * 10.0).round() as i32, (v.y * 10.0).round() as i32);
    let mut rings: Vec<(i32, i32)> = app
        .world_mut()
        .query_filtered::<&Transform, With<HintMark>>()
        .iter(app.world())
        .map(|t| round(t.translation.truncate()))
        .collect();
    rings.sort();
    let mut want = vec![
        round(game::puzzles::hop_pos(h, jump.from)),
        round(game::puzzles::hop_pos(h, jump.to)),
    ];
    want.sort();
    assert_eq!(rings, want);

    // A move that loses: the background check says it could be won one move back.
    assert_eq!(puzzle(&app), pack.levels[level].puzzle);
    app.world_mut().write_message(MoveRequested::player(bad));
    settle(&mut app);
    assert_eq!(count::<HintMark>(&mut app), 0);
    let mut verdict = None;
    for _ in 0..2000 {
        app.update();
        verdict = app.world().resource::<Solvability>().verdict;
        if verdict.is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(verdict, Some((1, Verdict::Lost { back: Some(1) })));
}

/// Search, watched at "instant", runs at the solver's own pace and ends in a
/// win on every shipped level (the solver's budget is the game's own; Flood's
/// exact search gets the node budget the solution test gives it). The board
/// shows where the search is at each frame, and mirrors the rules at the end.
#[test]
fn every_shipped_levels_search_at_instant_ends_in_a_win() {
    let mut app = app();
    app.insert_resource(Speed::Instant);
    let mut played = 0;
    for (file, text) in SHIPPED {
        let pack = parse_pack(file, text).unwrap();
        for (index, level) in pack.levels.iter().enumerate() {
            let label = format!("{file} level {}", index + 1);
            let budget = shipped_budget(&level.puzzle)
                .unwrap_or_else(|| SolverBudget::from_world(app.world_mut()).0);
            app.insert_resource(SolverBudget(budget));
            start_level(&mut app, file, index);
            let ending = autoplay(&mut app, Watch::Search);
            assert!(matches!(ending, Ending::Won(_)), "{label}: {ending}");
            assert!(puzzle(&app).is_won(), "{label}");
            assert_board_mirrors_rules(&mut app);
            played += 1;
        }
    }
    assert!(played > 150);
}

/// A solution played to a win ends the watch with the banner: the panel's
/// "Solution: won in 3 moves" came a pause (up to a second) behind it.
#[test]
fn a_solution_played_to_a_win_ends_the_watch_with_the_banner() {
    use pond_puzzles::game::panels::WonCard;
    let mut app = app();
    start_level(&mut app, "swap.ron", 0);
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Solution));
    let mut frames = 0;
    while count::<WonCard>(&mut app) == 0 {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(2));
        frames += 1;
        assert!(frames < 1000, "no win");
    }
    let moves = app.world().resource::<PlayState>().moves();
    assert_eq!(
        app.world().resource::<Autoplay>().ending,
        Some(Ending::Won(moves)),
        "the banner before the watch's end"
    );
}

/// The watched search's marks on an Escape board stand on animals: the
/// animals that may leave (faint dots), never a spot an animal has left (a
/// disc for the move tried last stood on an empty row, read as a stray
/// dot by a new player).
#[test]
fn the_searchs_marks_on_an_escape_board_stand_on_animals() {
    use pond_puzzles::game::board::Animal;
    use pond_puzzles::game::solver::SearchMark;
    let mut app = app();
    app.insert_resource(Speed::Times(4.0));
    start_level(&mut app, "escape.ron", 1);
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    let (mut checked, mut seen) = (0, 0);
    for frame in 0..4_000 {
        app.update();
        let (tried, active) = {
            let a = app.world().resource::<Autoplay>();
            let tried = a.log.iter().filter(|s| !s.back).count();
            (tried, a.is_active())
        };
        if !active || checked >= 3 {
            break;
        }
        // Paused after a move tried, the board still: the marks then.
        if tried > 2 * checked + 2 {
            app.world_mut().write_message(AutoplayCommand::Pause);
            settle(&mut app);
            let world = app.world_mut();
            let animals: Vec<Vec2> = world
                .query_filtered::<&Transform, With<Animal>>()
                .iter(world)
                .map(|t| t.translation.truncate())
                .collect();
            let marks: Vec<Vec2> = world
                .query_filtered::<(&Transform, &Mesh2d), With<SearchMark>>()
                .iter(world)
                .map(|(t, _)| t.translation.truncate())
                .collect();
            // (A dead end has none: no animal may leave.)
            seen += marks.len();
            // Within a third of the animals' least spacing.
            let spacing = (animals.iter().enumerate())
                .flat_map(|(i, a)| animals[i + 1..].iter().map(move |b| (*a - *b).length()))
                .fold(f32::MAX, f32::min);
            for m in &marks {
                let near = (animals.iter().map(|a| (*a - *m).length())).fold(f32::MAX, f32::min);
                assert!(
                    near < spacing / 3.0,
                    "frame {frame}: a mark at {m} stands {near} from any animal ({spacing} apart)"
                );
            }
            checked += 1;
            app.world_mut().write_message(AutoplayCommand::Pause);
        }
    }
    assert!(checked >= 3, "paused {checked} times");
    assert!(seen > 0, "no marks seen");
}

/// The "?" card over the board holds a watched search where it stands,
/// its time watched too, and it goes on when the card closes (it went on
/// unseen behind the card while a player read it). (The menu pauses it,
/// for the player to resume.)
#[test]
fn a_card_over_the_board_holds_the_watched_search() {
    use game::play::{Menu, PlayAction};
    let mut app = app();
    start_level(&mut app, "pegs.ron", 7);
    app.world_mut()
        .write_message(AutoplayCommand::Start(Watch::Search));
    let moved = |app: &App| app.world().resource::<PlayState>().moves();
    let run_until = |app: &mut App, done: &dyn Fn(&App) -> bool| {
        for _ in 0..20_000 {
            app.update();
            if done(app) {
                return;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    };
    run_until(&mut app, &|app| moved(app) >= 2);
    {
        let action = PlayAction::HowTo;
        app.world_mut().write_message(action);
        settle(&mut app);
        assert_ne!(*app.world().resource::<State<Menu>>().get(), Menu::Closed);
        let watched = app.world().resource::<Autoplay>().watched;
        let at = puzzle(&app);
        for _ in 0..300 {
            app.update();
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(puzzle(&app), at, "the board moved under {action:?}");
        assert_eq!(app.world().resource::<Autoplay>().watched, watched);
        app.world_mut().write_message(action);
        settle(&mut app);
        assert_eq!(*app.world().resource::<State<Menu>>().get(), Menu::Closed);
        let before = app.world().resource::<Autoplay>().stats.tried;
        run_until(&mut app, &|app| {
            app.world().resource::<Autoplay>().stats.tried > before
        });
        let a = app.world().resource::<Autoplay>();
        assert!(
            a.stats.tried > before,
            "the search stood still after {action:?}: {:?} paused {}",
            a.ending,
            a.paused
        );
        assert!(a.watched > watched);
    }
}
