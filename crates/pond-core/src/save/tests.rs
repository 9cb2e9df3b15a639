//! The progress file's tests: values out of range mended, streaks, best
//! lines, records that follow their levels, stars, and files written
//! atomically or moved aside when damaged.

use super::*;

/// Values no play can make (a best of u64::MAX moves, a shortest longer
/// than the best, centuries played) are mended on load and said.
#[test]
fn values_out_of_range_are_mended_and_said() {
    let text = format!(
        r#"(version: 1, levels: {{"a.ron": {{1: (best: {}), 2: (best: 5, shortest: Some(9)), 3: (best: 7, shortest: Some(4))}}}}, seconds_played: {})"#,
        u64::MAX,
        u64::MAX
    );
    let mut p: ProgressFile = ron::from_str(&text).unwrap();
    let said = p.in_range().expect("the mending is said");
    assert!(said.contains("3 value(s)"), "{said}");
    let records = &p.levels["a.ron"];
    assert!(!records.contains_key(&1));
    assert_eq!(records[&2].shortest, None);
    assert_eq!(records[&3].shortest, Some(4));
    assert_eq!(p.seconds_played, MOST_SECONDS);
    assert_eq!(p.in_range(), None, "mended once");
}

/// The streak counts the days in a row up to today, or up to yesterday
/// while today is not played yet; a gap ends it.
#[test]
fn the_streak_counts_days_in_a_row_up_to_today() {
    use crate::levels::daily::Date;
    let day = |d: u8| Date::new(2026, 11, d).unwrap();
    let mut p = ProgressFile::default();
    assert_eq!(p.streak(day(27)), 0);
    for d in [20, 22, 23, 24] {
        p.won_daily(day(d));
    }
    assert_eq!(p.streak(day(24)), 3);
    assert_eq!(p.streak(day(25)), 3, "today not played yet");
    assert_eq!(p.streak(day(26)), 0, "yesterday was missed");
    p.won_daily(day(25));
    p.won_daily(day(25));
    assert_eq!(p.streak(day(25)), 4);
    // Across a month's end.
    let mut q = ProgressFile::default();
    q.won_daily(Date::new(2026, 11, 30).unwrap());
    q.won_daily(Date::new(2026, 12, 1).unwrap());
    assert_eq!(q.streak(Date::new(2026, 12, 1).unwrap()), 2);
}

/// A best's line is kept beside its record and read back from the file;
/// a line with no record, or a day that is no date, is mended away.
#[test]
fn best_lines_and_days_are_kept_and_mended() {
    let dir = temp_dir("lines");
    let mut p = ProgressFile::default();
    assert!(p.won("swap.ron", 0, 3, false));
    p.keep_best_line("swap.ron", 0, "1 3 2".into());
    let day = crate::levels::daily::Date::new(2026, 11, 27).unwrap();
    p.won_daily_level(day, "S4v4g2");
    save(&dir, &p).unwrap();
    let (read, _) = load(&dir);
    assert_eq!(read, p);
    // The day's level is marked won on its day, not on another day that
    // has the same code.
    assert!(read.daily_won(day, "S4v4g2"));
    let next = crate::levels::daily::Date::new(2026, 11, 28).unwrap();
    assert!(!read.daily_won(next, "S4v4g2"));
    assert_eq!(read.streak(day), 1);
    assert_eq!(read.best_line("swap.ron", 0), Some("1 3 2"));
    let text = r#"(version: 1, levels: {"a.ron": {1: (best: 5)}}, best_lines: {"a.ron": {1: "1 2", 2: "3"}}, daily_days: ["2026-11-27", "2026-02-30", "soon"], daily_wins: ["2026-11-27 S3v3g2", "later S3v3g2", "2026-11-27"])"#;
    let mut q: ProgressFile = ron::from_str(text).unwrap();
    assert!(q.in_range().unwrap().contains("5 value(s)"));
    assert_eq!(q.daily_wins.len(), 1);
    assert_eq!(q.best_line("a.ron", 0), Some("1 2"));
    assert_eq!(q.best_line("a.ron", 1), None);
    assert_eq!(q.daily_days.len(), 1);
    // A file of the round before, with neither, reads as before.
    let old: ProgressFile =
        ron::from_str(r#"(version: 1, levels: {"a.ron": {1: (best: 5)}})"#).unwrap();
    assert!(old.best_lines.is_empty() && old.daily_days.is_empty());
}

/// Records follow their levels when a pack is reordered, grows or loses
/// a level (set aside, and back when the level is); records of an older
/// file are taken to be the levels now at their numbers.
#[test]
fn records_follow_their_levels_in_the_pack() {
    let mut p = ProgressFile::default();
    // An older file: no ids. Levels 1 and 2 won, 2 with its best's line.
    p.won("a.ron", 0, 7, false);
    p.won("a.ron", 1, 9, false);
    p.keep_best_line("a.ron", 1, "1 2 3".into());
    assert!(p.follow("a.ron", &[10, 20, 30]));
    assert_eq!(p.record("a.ron", 0).unwrap().id, Some(10));
    assert!(!p.follow("a.ron", &[10, 20, 30]), "nothing to move");
    // A level inserted at the top: each record moves down with its level.
    assert!(p.follow("a.ron", &[5, 10, 20, 30]));
    assert_eq!(p.record("a.ron", 0), None);
    assert_eq!(p.record("a.ron", 1).map(|r| r.best), Some(7));
    assert_eq!(p.record("a.ron", 2).map(|r| r.best), Some(9));
    assert_eq!(p.best_line("a.ron", 2), Some("1 2 3"));
    assert_eq!(p.best_line("a.ron", 1), None);
    // Reordered, and level 20 taken out: set aside, not lost.
    assert!(p.follow("a.ron", &[30, 10]));
    assert_eq!(p.record("a.ron", 1).map(|r| r.best), Some(7));
    assert_eq!(p.solved_in("a.ron"), 1);
    assert_eq!(p.set_aside[&20].record.best, 9);
    // Back in, at another place: its record and line come back.
    assert!(p.follow("a.ron", &[20, 30, 10]));
    assert_eq!(p.record("a.ron", 0).map(|r| r.best), Some(9));
    assert_eq!(p.best_line("a.ron", 0), Some("1 2 3"));
    assert!(p.set_aside.is_empty());
    // The file keeps it all.
    let dir = temp_dir("follow");
    save(&dir, &p).unwrap();
    assert_eq!(load(&dir).0, p);
}

/// A level won where it was made (the editor's one place) and then saved
/// into a pack is won there too; a level already won there, or another
/// level, takes nothing.
#[test]
fn a_level_won_before_it_was_saved_is_won_in_its_pack() {
    let mut p = ProgressFile::default();
    p.won("(editor)", 0, 11, false);
    p.identify("(editor)", 0, 77);
    p.keep_best_line("(editor)", 0, "1 2".into());
    assert!(
        !p.adopt("(editor)", "mine.ron", &[5, 6]),
        "no such level there"
    );
    assert_eq!(p.solved_in("mine.ron"), 0);
    assert!(p.adopt("(editor)", "mine.ron", &[5, 77]));
    assert_eq!(p.record("mine.ron", 1).map(|r| r.best), Some(11));
    assert_eq!(p.best_line("mine.ron", 1), Some("1 2"));
    assert_eq!(p.record("mine.ron", 0), None);
    // Kept where it was won too; taken once.
    assert_eq!(p.record("(editor)", 0).map(|r| r.best), Some(11));
    assert!(!p.adopt("(editor)", "mine.ron", &[5, 77]));
    // A level won in the pack keeps its own record.
    p.won("other.ron", 0, 4, false);
    assert!(!p.adopt("(editor)", "other.ron", &[77]));
    assert_eq!(p.record("other.ron", 0).map(|r| r.best), Some(4));
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pond-progress-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_win_with_help_earns_no_stars_until_one_of_the_players_own() {
    let mut p = ProgressFile::default();
    assert!(p.won("hop.ron", 2, 5, true));
    let shortest = |p: &mut ProgressFile| {
        p.levels
            .get_mut("hop.ron")
            .unwrap()
            .get_mut(&3)
            .unwrap()
            .shortest = Some(5);
    };
    shortest(&mut p);
    let r = *p.record("hop.ron", 2).unwrap();
    assert!(r.with_help);
    assert_eq!(r.stars(), None, "a shortest win with help earns nothing");
    assert_eq!(p.solved_in("hop.ron"), 1, "it counts as solved");
    // A longer win of the player's own replaces it and earns stars.
    assert!(p.won("hop.ron", 2, 9, false));
    let r = *p.record("hop.ron", 2).unwrap();
    assert_eq!((r.best, r.with_help, r.stars()), (9, false, Some(1)));
    // A shorter win with help changes nothing after that.
    assert!(!p.won("hop.ron", 2, 5, true));
    assert_eq!(p.record("hop.ron", 2).unwrap().best, 9);
    // Old files, without the field, read as the player's own wins.
    let old = "Progress(version: 1, levels: {\"swap.ron\": {1: (best: 3, shortest: Some(3))}})";
    let read: ProgressFile = ron::from_str(old).unwrap();
    assert_eq!(read.record("swap.ron", 0).unwrap().stars(), Some(3));
}

#[test]
fn progress_round_trips_and_keeps_the_best() {
    let dir = temp_dir("round");
    let mut p = ProgressFile::default();
    assert!(p.won("hop.ron", 0, 9, false));
    assert!(!p.won("hop.ron", 0, 11, false));
    assert!(p.won("hop.ron", 0, 7, false));
    p.won("flood.ron", 4, 20, false);
    p.levels
        .get_mut("hop.ron")
        .unwrap()
        .get_mut(&1)
        .unwrap()
        .shortest = Some(7);
    save(&dir, &p).unwrap();
    let (back, how) = load(&dir);
    assert_eq!(how, Loaded::Read);
    assert_eq!(back, p);
    assert_eq!(back.record("hop.ron", 0).unwrap().best, 7);
    assert_eq!(back.record("hop.ron", 0).unwrap().stars(), Some(3));
    assert_eq!(back.record("flood.ron", 4).unwrap().stars(), None);
    assert_eq!(back.solved_in("hop.ron"), 1);
    std::fs::remove_dir_all(&dir).ok();
}

/// Of two wins in as many moves (every win of a Hop level takes as many),
/// the quicker is the best; fewer moves beat any time; the time is kept
/// and read back, and a file without times reads as before.
#[test]
fn a_quicker_win_in_as_many_moves_is_a_new_best() {
    let dir = temp_dir("quicker");
    let mut p = ProgressFile::default();
    assert!(p.won_in("hop.ron", 4, 9, false, Some(95)));
    assert!(!p.won_in("hop.ron", 4, 9, false, Some(120)));
    assert!(!p.won_in("hop.ron", 4, 9, false, None));
    assert!(p.won_in("hop.ron", 4, 9, false, Some(61)));
    assert_eq!(p.record("hop.ron", 4).unwrap().secs, Some(61));
    assert!(!p.won_in("hop.ron", 4, 10, false, Some(5)));
    // A win with no time beats one in as many moves with none.
    assert!(p.won("swap.ron", 0, 3, false));
    assert!(!p.won("swap.ron", 0, 3, false));
    assert!(p.won_in("swap.ron", 0, 3, false, Some(40)));
    save(&dir, &p).unwrap();
    let (back, _) = load(&dir);
    assert_eq!(back, p);
    assert_eq!(back.record("hop.ron", 4).unwrap().secs, Some(61));
    let old = "Progress(version: 1, levels: {\"swap.ron\": {1: (best: 3, shortest: Some(3))}})";
    let read: ProgressFile = ron::from_str(old).unwrap();
    assert_eq!(read.record("swap.ron", 0).unwrap().secs, None);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn stars_follow_the_shortest_solution() {
    let r = |best, shortest| LevelRecord {
        with_help: false,
        best,
        shortest: Some(shortest),
        id: None,
        secs: None,
    };
    assert_eq!(r(20, 20).stars(), Some(3));
    assert_eq!(r(25, 20).stars(), Some(2));
    assert_eq!(r(26, 20).stars(), Some(1));
}

#[test]
fn a_writer_killed_mid_write_leaves_the_old_file() {
    let dir = temp_dir("killed");
    let mut p = ProgressFile::default();
    p.won("swap.ron", 2, 15, false);
    save(&dir, &p).unwrap();
    // A later write that died halfway: only its temporary file exists.
    let mut later = p.clone();
    later.won("swap.ron", 3, 24, false);
    let text = ron::ser::to_string(&later).unwrap();
    std::fs::write(dir.join(format!("{FILE}.tmp")), &text[..text.len() / 2]).unwrap();
    let (back, how) = load(&dir);
    assert_eq!(how, Loaded::Read);
    assert_eq!(back, p);
    // The next save replaces the half-written temporary file.
    save(&dir, &later).unwrap();
    assert_eq!(load(&dir).0, later);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_damaged_or_foreign_file_is_moved_aside() {
    for (i, junk) in [
        &b"Progress(version: 1, levels: {\"hop.ron\": {1: (best: "[..],
        b"\xff\xfe not text",
        b"(version: 1, levels: {}, cheats: true)",
        b"",
    ]
    .iter()
    .enumerate()
    {
        let dir = temp_dir(&format!("damaged{i}"));
        std::fs::write(dir.join(FILE), junk).unwrap();
        let (p, how) = load(&dir);
        assert_eq!(p, ProgressFile::default());
        let Loaded::MovedAside(aside, _) = how else {
            panic!("{how:?}")
        };
        assert_eq!(std::fs::read(&aside).unwrap(), *junk);
        assert!(!dir.join(FILE).exists());
        // And the game goes on: a save works.
        save(&dir, &p).unwrap();
        assert_eq!(load(&dir).1, Loaded::Read);
        std::fs::remove_dir_all(&dir).ok();
    }
}

/// A level graded as one no one can win is neither the next to play nor
/// counted among the levels that finish its pack.
#[test]
fn a_level_that_cannot_be_won_is_not_one_to_solve() {
    let text = r#"Pack(name: "P", levels: [
        Swap(name: "a", row: "L_R"),
        Swap(name: "b", row: "LL_R", grade: Some("cannot be won")),
        Swap(name: "c", row: "L_R"),
    ])"#;
    let pack = crate::levels::parse_pack("p.ron", text).expect("the pack loads");
    assert!(pack.levels[1].cannot_be_won());
    assert_eq!(pack.to_solve(), 2);
    let mut p = ProgressFile::default();
    assert_eq!(p.next_to_play("p.ron", &pack.levels), Some(0));
    p.won("p.ron", 0, 1, false);
    assert_eq!(p.next_to_play("p.ron", &pack.levels), Some(2), "b skipped");
    p.won("p.ron", 2, 1, false);
    assert_eq!(p.next_to_play("p.ron", &pack.levels), None, "finished");
}
