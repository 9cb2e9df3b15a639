//! The grade a saved level gets in its file: "cannot be won" for a level no
//! one can win (not one its pack needs solved), and a grade counted after
//! the save written in when it comes.

use super::*;

/// A Flood level in the editor (saving into `dir`) with its move limit
/// brought down to its shortest solution, the verdict on it known: one step
/// more and it cannot be won.
fn flood_limit_at_its_shortest(dir: std::path::PathBuf) -> App {
    let mut app = editing("flood.ron", 2, dir);
    let needs = verdict(&mut app);
    let pond_puzzles::levels::verdict::Answer::Won { moves, .. } = needs.answer else {
        panic!("the shipped level can be won: {needs:?}");
    };
    let shortest = moves.len() as u32;
    let limit = editor(&app).draft.dimensions()[3].1;
    for _ in 0..(limit - shortest) {
        act(&mut app, EditAction::Step(3, -1));
    }
    verdict(&mut app);
    app
}

/// Runs frames until the verdict comes, and checks that it is "lost".
fn verdict_is_lost(app: &mut App) {
    let v = verdict(app);
    let lost = matches!(v.answer, pond_puzzles::levels::verdict::Answer::Lost { .. });
    assert!(lost, "{v:?}");
}

/// A level that no one can win is saved all the same, and said to be so:
/// in the notice, and on the level select (its grade says it).
#[test]
fn a_level_that_cannot_be_won_is_saved_as_one() {
    let dir = temp_data_dir();
    let mut app = flood_limit_at_its_shortest(dir.clone());
    // The move limit brought under the shortest solution.
    act(&mut app, EditAction::Step(3, -1));
    verdict_is_lost(&mut app);
    act(&mut app, EditAction::Save);
    let notice = editor(&app).notice.expect("the save is told");
    assert!(notice.0.ends_with(" It cannot be won."), "{notice:?}");
    let file = dir.join("packs").join("my-levels.ron");
    let pack = pond_puzzles::levels::load_file(&file).expect("the saved pack loads");
    assert_eq!(pack.levels[0].grade.as_deref(), Some("cannot be won"));
    // Its card on the level select says so (it showed nothing there).
    let own = app
        .world()
        .resource::<Packs>()
        .0
        .iter()
        .position(|e| e.own_file())
        .expect("My levels listed");
    app.world_mut().resource_mut::<game::packs::Current>().pack = own;
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Levels);
    until_screen(&mut app, Screen::Levels);
    settle(&mut app);
    let words = texts(&mut app);
    assert!(words.iter().any(|t| t == "cannot be won"), "{words:?}");
    // Nor is it one the pack needs solved: the title counts none to solve
    // ("0/1" could never be finished).
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    until_screen(&mut app, Screen::Title);
    settle(&mut app);
    let words = texts(&mut app);
    assert!(words.iter().any(|t| t == "0/0"), "{words:?}");
    assert!(!words.iter().any(|t| t == "0/1"), "{words:?}");
}

/// A level saved before its grade is counted gets its grade in its file
/// when the count ends (a level saved at once after an edit showed no
/// grade on the level select), unless the board changed meanwhile.
#[test]
fn a_level_saved_before_its_grade_is_counted_gets_it_when_counted() {
    let dir = temp_data_dir();
    // The English board: its ways and grade take seconds to count.
    let mut app = editing("pegs.ron", 8, dir.clone());
    act(&mut app, EditAction::Save);
    let counted = |app: &App| {
        app.world()
            .resource::<EditVerdict>()
            .shown
            .as_ref()
            .is_some_and(|v| v.graded)
    };
    assert!(!counted(&app), "saved before the count ended");
    let file = dir.join("packs").join("my-levels.ron");
    let grade = |file: &std::path::Path| {
        pond_puzzles::levels::load_file(file).expect("saved").levels[0]
            .grade
            .clone()
    };
    assert_eq!(grade(&file), None, "no grade yet");
    let v = verdict(&mut app);
    app.update();
    let expected = v.pack_grade.clone().map(|(g, ..)| g).or(v.grade.clone());
    assert!(expected.is_some(), "{v:?}");
    assert_eq!(grade(&file), expected, "written in when counted");
    // Saved again and changed before the count ends: the grade of a board
    // that is no longer the one saved is not written.
    let dir = temp_data_dir();
    let mut app = editing("pegs.ron", 8, dir.clone());
    act(&mut app, EditAction::Save);
    assert!(!counted(&app));
    let saved = editor(&app).draft;
    act(&mut app, EditAction::Pick(0, 0));
    act(&mut app, EditAction::Paint(3, 3));
    assert_ne!(editor(&app).draft, saved, "the board changed");
    verdict(&mut app);
    app.update();
    assert_eq!(grade(&dir.join("packs").join("my-levels.ron")), None);
}

/// A level saved before the verdict's first answer comes, which then
/// proves lost, gets "cannot be won" in its file, as a level that can be
/// won gets its counted grade.
#[test]
fn a_level_saved_before_it_proves_lost_gets_its_grade_when_it_does() {
    let dir = temp_data_dir();
    let mut app = flood_limit_at_its_shortest(dir.clone());
    // The last step under the shortest solution and the save in one frame:
    // no verdict on the new board yet.
    app.world_mut().write_message(EditAction::Step(3, -1));
    act(&mut app, EditAction::Save);
    let notice = editor(&app).notice.expect("the save is told");
    assert!(notice.0.starts_with("Saved as level 1"), "{notice:?}");
    assert!(!notice.0.contains("cannot be won"), "{notice:?}");
    let file = dir.join("packs").join("my-levels.ron");
    let grade = || {
        pond_puzzles::levels::load_file(&file)
            .expect("saved")
            .levels[0]
            .grade
            .clone()
    };
    // (The verdict may come, and its grade be written, in that same frame:
    // the notice is what shows the save came first.)
    verdict_is_lost(&mut app);
    app.update();
    assert_eq!(grade().as_deref(), Some("cannot be won"));
}
