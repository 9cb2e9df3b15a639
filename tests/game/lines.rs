//! Games as lines in the game: Ctrl+C copies the game so far, a line typed
//! (or pasted) in the code box opens its level and replays its moves to
//! where the line ends, a line with a move that cannot be played replays the
//! moves before it and names that move, and a file's games (`pond replay`)
//! follow one another.

use super::*;
use pond_puzzles::game::codes::CodeEntry;
use pond_puzzles::game::play::PlayAction;
use pond_puzzles::game::{LineQueue, QueuedLines};
use pond_puzzles::levels::code::LevelCode;
use pond_puzzles::levels::game_line::GameLine;
use pond_puzzles::rules::PuzzleKind;

/// The solver's answer for a shipped level that is not Flood's.
fn solution(p: &Puzzle) -> Vec<PuzzleMove> {
    let report = solve::solve(p, Budget::nodes(20_000_000), None, false);
    report.outcome.moves().expect("solved").to_vec()
}

fn shipped(pack: &str, level: usize) -> Puzzle {
    let text = SHIPPED.iter().find(|(n, _)| *n == pack).unwrap().1;
    parse_pack(pack, text).unwrap().levels[level - 1]
        .puzzle
        .clone()
}

/// Types `line` in the code box on the title and plays it; the frames until
/// the replay has ended, and how it ended.
fn play_line(app: &mut App, line: &str) -> Ending {
    press(app, KeyCode::KeyK);
    assert!(app.world().resource::<CodeEntry>().open);
    type_text(app, line);
    press(app, KeyCode::Enter);
    until_screen(app, Screen::Play);
    for _ in 0..50_000 {
        app.update();
        if let Some(ending) = app
            .world()
            .get_resource::<Autoplay>()
            .and_then(|a| a.ending.clone())
        {
            settle(app);
            return ending;
        }
    }
    panic!("the replay did not end");
}

#[test]
fn a_typed_line_replays_its_game_and_ctrl_c_copies_a_game_under_way() {
    let start = shipped("hop.ron", 3);
    let moves = solution(&start);
    let code = LevelCode::parse("hop.3").unwrap();
    // The whole game: replayed to a win, every frog where the rules say.
    let mut app = app();
    let line = GameLine::new(code.clone(), &moves).to_string();
    assert_eq!(play_line(&mut app, &line), Ending::Won(moves.len()));
    let state = app.world().resource::<PlayState>();
    assert!(state.puzzle.is_won());
    assert_eq!(state.moves(), moves.len());
    assert_board_mirrors_rules(&mut app);
    // Copied on the won banner: the same words as a copy mid-game.
    app.world_mut().write_message(PlayAction::CopyGame);
    app.update();
    app.update();
    let said = texts(&mut app);
    let words = format!("Game copied (hop.3, {} moves)", moves.len());
    assert!(
        said.iter()
            .any(|t| t.contains(&words) || t.contains("the game is hop.3:")),
        "{said:?}"
    );

    // Cut in the middle: replayed to that position, and the player plays on
    // from there; Ctrl+C then copies the game with the player's move in it.
    let half = moves.len() / 2;
    let mut app = super::app();
    let cut = GameLine::new(code.clone(), &moves[..half]).to_string();
    assert_eq!(play_line(&mut app, &cut), Ending::Replayed(half));
    let mut at = start.clone();
    for mv in &moves[..half] {
        at.apply(*mv).unwrap();
    }
    assert_eq!(puzzle(&app), at);
    app.world_mut()
        .write_message(MoveRequested::player(Request::Play(moves[half])));
    settle(&mut app);
    assert_eq!(app.world().resource::<PlayState>().moves(), half + 1);
    // The replay's panel counts the player's move too.
    let said = texts(&mut app);
    let count = format!("Moves {}", half + 1);
    assert!(said.iter().any(|t| t.starts_with(&count)), "{said:?}");
    app.world_mut().write_message(PlayAction::CopyGame);
    app.update();
    app.update();
    let played = GameLine::new(code.clone(), &moves[..=half]).to_string();
    let said = texts(&mut app);
    assert!(
        said.iter().any(
            |t| t.contains(&format!("Game copied (hop.3, {} moves)", half + 1))
                || t.contains(&format!("the game is {played}"))
        ),
        "{said:?}"
    );
}

#[test]
fn a_line_with_a_move_that_cannot_be_played_replays_the_moves_before_it() {
    let start = shipped("swap.ron", 2);
    let moves = solution(&start);
    let mut line = GameLine::new(LevelCode::parse("swap.2").unwrap(), &moves[..3]);
    line.moves.push("99".into());
    line.moves.extend(moves[3..].iter().map(|m| m.to_string()));
    let mut app = app();
    assert_eq!(play_line(&mut app, &line.to_string()), Ending::Replayed(3));
    assert_eq!(app.world().resource::<PlayState>().moves(), 3);
    let said = texts(&mut app);
    assert!(
        said.iter()
            .any(|t| t.contains("move 4 '99' cannot be played") && t.contains("3 moves before")),
        "{said:?}"
    );
    assert_board_mirrors_rules(&mut app);

    // A frog's move the rules refuse is told in the board's colours, as a
    // click's refusal is, not in the notation's L and R.
    let mut after = start.clone();
    after.apply(moves[0]).unwrap();
    let stuck = (0..64)
        .map(|i| i.to_string())
        .find(|t| {
            after.parse_move(t).is_ok_and(|mv| {
                after
                    .clone()
                    .apply(mv)
                    .is_err_and(|e| e.0.contains("only moves"))
            })
        })
        .expect("a frog that cannot move");
    let mut app = super::app();
    let line = format!("swap.2: {} {stuck}", moves[0]);
    assert_eq!(play_line(&mut app, &line), Ending::Replayed(1));
    let said = texts(&mut app);
    assert!(
        said.iter().any(|t| t.contains("frog only moves")
            && !t.contains("L frog")
            && !t.contains("R frog")
            && t.contains("the move before it was replayed")),
        "{said:?}"
    );
}

/// A pasted game of a puzzle never played before is replayed in view: its
/// how-to card does not open over it (it opens the next time that puzzle is
/// played).
#[test]
fn a_pasted_game_is_not_hidden_behind_a_how_to_card() {
    use pond_puzzles::game::play::Menu;
    let moves = solution(&shipped("swap.ron", 2));
    let mut app = app_with(game::GameOptions {
        data_dir: Some(temp_data_dir()),
        teach: true,
        ..game::GameOptions::default()
    });
    let line = GameLine::new(LevelCode::parse("swap.2").unwrap(), &moves).to_string();
    assert_eq!(play_line(&mut app, &line), Ending::Won(moves.len()));
    assert_eq!(*app.world().resource::<State<Menu>>().get(), Menu::Closed);
    // A replay's win is no game of the player's: no record, and the banner
    // says so instead of counting stars.
    let progress = app
        .world()
        .resource::<pond_puzzles::game::progress::Progress>();
    assert!(progress.file.record("swap.ron", 2).is_none());
    let said = texts(&mut app);
    assert!(said.iter().any(|t| t.starts_with("a replay: ")), "{said:?}");
    // Played by the player, the puzzle's card opens as for any first game.
    start_level(&mut app, "swap.ron", 1);
    assert_eq!(*app.world().resource::<State<Menu>>().get(), Menu::HowTo);
}

/// `pond play --replay` with a move that cannot be played: once the moves
/// before it are replayed, the game says which move and why, as it does for
/// a pasted line (not only the terminal).
#[test]
fn the_command_lines_replay_says_where_its_line_stopped() {
    let moves = solution(&shipped("swap.ron", 2));
    let mut line = GameLine::new(LevelCode::parse("swap.2").unwrap(), &moves[..3]);
    line.moves.push("99".into());
    let (code, moves, stop) = pond_puzzles::cli::replay::open(&line.to_string()).unwrap();
    assert!(stop.is_some());
    let mut app = app_with(game::GameOptions {
        data_dir: Some(temp_data_dir()),
        code: Some(code),
        level: Some(1),
        replay: Some(moves),
        replay_stop: stop,
        speed: Some(pond_puzzles::game::solver::Speed::Instant),
        ..game::GameOptions::default()
    });
    let told =
        |t: &String| t.contains("move 4 '99' cannot be played") && t.contains("3 moves before");
    for _ in 0..20_000 {
        app.update();
        if texts(&mut app).iter().any(told) {
            break;
        }
    }
    assert_eq!(app.world().resource::<PlayState>().moves(), 3);
    let said = texts(&mut app);
    assert!(said.iter().any(told), "{said:?}");
}

/// `pond replay FILE`: the games follow one another, each on its own level,
/// and each is replayed to its end.
#[test]
fn a_files_games_are_replayed_one_after_another() {
    let lines: Vec<(usize, GameLine)> = [("swap.1", 1), ("hop.2", 2), ("escape.1", 3)]
        .iter()
        .enumerate()
        .map(|(i, (code, _))| {
            let code = LevelCode::parse(code).unwrap();
            let level = code.level().unwrap();
            (i + 1, GameLine::new(code, &solution(&level.puzzle)))
        })
        .collect();
    let first = lines[0].1.replay().unwrap();
    let mut app = app_with(game::GameOptions {
        data_dir: Some(temp_data_dir()),
        code: Some((first.code.to_string(), first.level.clone())),
        level: Some(1),
        replay: Some(first.moves.clone()),
        line_queue: Some(QueuedLines {
            first: 1,
            lines: lines[1..].to_vec(),
            pause: 0.0,
        }),
        speed: Some(pond_puzzles::game::solver::Speed::Instant),
        ..game::GameOptions::default()
    });
    let mut won = Vec::new();
    for _ in 0..100_000 {
        app.update();
        let ended = app
            .world()
            .get_resource::<Autoplay>()
            .and_then(|a| a.ending.clone());
        if let Some(Ending::Won(_)) = ended {
            let state = app.world().resource::<PlayState>();
            if won.last() != Some(&state.level.puzzle) {
                assert!(state.puzzle.is_won());
                won.push(state.level.puzzle.clone());
            }
        }
        let left = app
            .world()
            .get_resource::<LineQueue>()
            .map(|q| q.lines.len());
        if won.len() == 3 && left == Some(0) {
            break;
        }
    }
    let expected: Vec<Puzzle> = lines
        .iter()
        .map(|(_, l)| l.code.level().unwrap().puzzle)
        .collect();
    assert_eq!(won, expected);
}

/// The title shows the day's levels (one a puzzle) once they are made; a button opens
/// its level, a win by the player's own moves marks it and starts a streak,
/// and the win's moves are kept as the level's best line.
#[test]
fn the_title_marks_the_days_levels_won_and_counts_the_streak() {
    use pond_puzzles::game::daily::{DailyDone, DailyLevels};
    use pond_puzzles::game::progress::Progress;
    use pond_puzzles::levels::daily::{Date, daily_codes};
    let date = Date::new(2026, 11, 27).unwrap();
    let mut app = app_with(game::GameOptions {
        data_dir: Some(temp_data_dir()),
        daily: Some(date),
        ..Default::default()
    });
    let marks = |app: &mut App| -> Vec<(Entity, bool)> {
        app.world_mut()
            .query::<(&DailyDone, &ChildOf)>()
            .iter(app.world())
            .map(|(d, c)| (c.parent(), d.0))
            .collect()
    };
    for _ in 0..20_000 {
        app.update();
        if marks(&mut app).len() == PuzzleKind::ALL.len() {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let shown = marks(&mut app);
    assert_eq!(
        shown.len(),
        PuzzleKind::ALL.len(),
        "a level of the day a puzzle"
    );
    assert!(shown.iter().all(|(_, done)| !done));
    let codes: Vec<String> = daily_codes(date)
        .into_iter()
        .map(|(_, c)| c.unwrap().to_string())
        .collect();
    let held: Vec<String> = app
        .world()
        .resource::<DailyLevels>()
        .codes
        .iter()
        .map(|(_, c)| c.to_string())
        .collect();
    assert_eq!(held, codes);
    assert!(!texts(&mut app).iter().any(|t| t.contains("in a row")));
    // The buttons in the row's order (Swap's first), from the row itself.
    let in_order = |app: &mut App| -> Vec<(Entity, bool)> {
        let shown = marks(app);
        let row: Vec<Entity> = app
            .world_mut()
            .query::<&Children>()
            .iter(app.world())
            .find(|children| children.iter().any(|c| shown.iter().any(|(b, _)| *b == c)))
            .map(|children| children.iter().collect())
            .expect("the row of the day");
        row.iter()
            .filter_map(|e| shown.iter().find(|(b, _)| b == e).copied())
            .collect()
    };
    let first_button = in_order(&mut app)[0].0;
    activate(&mut app, first_button);
    until_screen(&mut app, Screen::Play);
    settle(&mut app);
    let start = puzzle(&app);
    assert!(matches!(start, Puzzle::Swap(_)), "{start:?}");
    // The play screen says whose level it is.
    let said = texts(&mut app);
    assert!(
        said.iter().any(|t| t.starts_with("Level of the day: ")),
        "{said:?}"
    );
    let moves = solution(&start);
    for mv in &moves {
        app.world_mut()
            .write_message(MoveRequested::player(Request::Play(*mv)));
        settle(&mut app);
    }
    assert!(puzzle(&app).is_won());
    let line: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    let progress = app.world().resource::<Progress>();
    assert_eq!(
        progress.file.best_line(&codes[0], 0),
        Some(line.join(" ").as_str())
    );
    assert_eq!(progress.file.streak(date), 1);
    press(&mut app, KeyCode::KeyT);
    until_screen(&mut app, Screen::Title);
    for _ in 0..5 {
        app.update();
    }
    let done: Vec<bool> = in_order(&mut app).into_iter().map(|(_, d)| d).collect();
    assert_eq!(done, [true, false, false, false]);
    // A won level's mark is drawn (a disc with a tick); the others show none.
    let drawn: Vec<(bool, bool)> = app
        .world_mut()
        .query::<(&DailyDone, &Node)>()
        .iter(app.world())
        .map(|(d, n)| (d.0, n.display != Display::None))
        .collect();
    assert_eq!(drawn.len(), 4);
    assert!(drawn.iter().all(|(won, shown)| won == shown), "{drawn:?}");
    assert!(
        texts(&mut app).iter().any(|t| t == "1 day in a row"),
        "{:?}",
        texts(&mut app)
    );
}

/// A level's best game is kept with its record and watched again from the
/// level select (W), move by move, to the same win.
#[test]
fn the_best_game_is_watched_again_from_the_level_select() {
    let mut app = app();
    start_level(&mut app, "swap.ron", 0);
    let start = puzzle(&app);
    // A move taken back is no part of the game kept.
    let moves = solution(&start);
    app.world_mut()
        .write_message(MoveRequested::player(Request::Play(moves[0])));
    settle(&mut app);
    app.world_mut()
        .write_message(MoveRequested::player(Request::Undo));
    settle(&mut app);
    for mv in &moves {
        app.world_mut()
            .write_message(MoveRequested::player(Request::Play(*mv)));
        settle(&mut app);
    }
    assert!(puzzle(&app).is_won());
    // The win's time is kept with the best and said on the banner.
    let record = *app
        .world()
        .resource::<pond_puzzles::game::progress::Progress>()
        .file
        .record("swap.ron", 0)
        .unwrap();
    assert!(record.secs.is_some_and(|s| s < 600), "{record:?}");
    let solved = format!("Solved in {} moves, 0:", moves.len());
    let said = texts(&mut app);
    assert!(said.iter().any(|t| t.starts_with(&solved)), "{said:?}");
    press(&mut app, KeyCode::KeyL);
    until_screen(&mut app, Screen::Levels);
    // "Watch best" is lit while the level pointed at has a best: the first
    // (before any is pointed at), not the second, never won (greyed, in
    // its place).
    let watch_shown = |app: &mut App| -> bool {
        let world = app.world_mut();
        let mut q = world.query::<(&Text, &ChildOf)>();
        let button = q
            .iter(world)
            .find(|(t, _)| t.0 == "Watch best (W)")
            .expect("the button")
            .1
            .parent();
        world.get::<Visibility>(button) != Some(&Visibility::Hidden)
            && world.get::<bevy::ui::InteractionDisabled>(button).is_none()
    };
    let pointed = |app: &mut App| -> String {
        texts(app)
            .into_iter()
            .find(|t| t.starts_with(|c: char| c.is_ascii_digit()) && t.contains(". "))
            .unwrap_or_default()
    };
    assert!(watch_shown(&mut app));
    // The pointer over a level's card (found by the name on it).
    let hover = |app: &mut App, name: &str, how: Interaction| {
        let world = app.world_mut();
        let mut q = world.query::<(&Text, &ChildOf)>();
        let column = q
            .iter(world)
            .find(|(t, _)| t.0 == name)
            .expect("the card")
            .1
            .parent();
        let card = world.get::<ChildOf>(column).unwrap().parent();
        world.entity_mut(card).insert(how);
        app.update();
        app.update();
    };
    hover(&mut app, "Two and one", Interaction::Hovered);
    assert!(
        pointed(&mut app).starts_with("2. "),
        "{:?}",
        texts(&mut app)
    );
    assert!(!watch_shown(&mut app), "no best of level 2 to watch");
    hover(&mut app, "Two and one", Interaction::None);
    hover(&mut app, "One and one", Interaction::Hovered);
    assert!(
        pointed(&mut app).starts_with("1. "),
        "{:?}",
        texts(&mut app)
    );
    assert!(pointed(&mut app).contains("W watches your best"));
    assert!(watch_shown(&mut app));
    press(&mut app, KeyCode::KeyW);
    until_screen(&mut app, Screen::Play);
    for _ in 0..50_000 {
        app.update();
        if app
            .world()
            .get_resource::<Autoplay>()
            .is_some_and(|a| a.ending.is_some())
        {
            break;
        }
    }
    settle(&mut app);
    let state = app.world().resource::<PlayState>();
    assert!(state.puzzle.is_won());
    let played: Vec<PuzzleMove> = state.done.iter().map(|(m, _)| *m).collect();
    assert_eq!(played, moves);
    assert_board_mirrors_rules(&mut app);
    // A replay's win has no time of the player's.
    let said = texts(&mut app);
    let solved = format!("Solved in {} moves!", moves.len());
    assert!(said.contains(&solved), "{said:?}");
}
