//! What the fuzz targets (`fuzz/`, cargo-fuzz) feed their inputs to, and
//! what `tests/fuzz_regressions.rs` replays every saved input through on a
//! plain `cargo test`: one function per target, each checking the
//! properties that must hold for any input (no panic is the first).

use crate::levels::code::LevelCode;
use crate::levels::edit::Draft;
use crate::levels::{parse_pack, parse_pack_all};
use crate::rules::Puzzle;
use crate::solve::{self, Budget};

/// The most bytes of an input worth trying: a pack may be 1 MiB, but the
/// loader refuses more before reading it as a pack.
pub const MOST_BYTES: usize = 1 << 20;

/// Any bytes as a pack file: loaded or refused with a place in the file.
pub fn pack(bytes: &[u8]) {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    match parse_pack_all("fuzz.ron", text) {
        Ok(pack) => {
            // A pack that loads has levels the rules can play.
            assert_eq!(pack.places.len(), pack.levels.len());
            for level in &pack.levels {
                let _ = level.puzzle.legal_moves();
                let _ = level.puzzle.is_won();
            }
        }
        Err(all) => {
            // Every mistake told has words, a place in the file, and the
            // first is the one `parse_pack` gives.
            assert!(!all.is_empty());
            let lines = text.lines().count().max(1);
            for e in &all {
                assert!(!e.message.is_empty());
                assert!(e.line <= lines + 1, "line {} of {lines}: {e}", e.line);
                for inner in ["LevelFile", "RandomFlood", "PackFile", "PackHead"] {
                    assert!(text.contains(inner) || !e.message.contains(inner), "{e}");
                }
            }
            assert_eq!(parse_pack("fuzz.ron", text).err().as_ref(), all.first());
        }
    }
}

/// A pack, then each of its levels (up to 8) solved under 5,000 nodes; any
/// answer found is replayed through the rules.
pub fn pack_then_solve(bytes: &[u8]) {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let Ok(pack) = parse_pack("fuzz.ron", text) else {
        return;
    };
    for level in pack.levels.iter().take(8) {
        let report = solve::solve(&level.puzzle, Budget::nodes(5_000), None, false);
        if let Some(moves) = report.outcome.moves() {
            let mut p: Puzzle = level.puzzle.clone();
            for &mv in moves {
                p.apply(mv).expect("a solver's move is legal");
            }
        }
    }
}

/// Any text as a level code: parsed or refused in words; a board code that
/// parses prints back to a code that parses to the same board, and its
/// level (if the loader takes it) is drawn as it checks.
pub fn code(text: &str) {
    match LevelCode::parse(text) {
        Err(e) => assert!(!e.is_empty()),
        Ok(LevelCode::Board(d)) => {
            let again = Draft::from_code(&d.code()).expect("a code read back");
            assert_eq!(again.board, d.board);
            if let Ok(level) = d.check() {
                assert_eq!(level.puzzle, d.drawn());
            }
        }
        // Random codes are made by the solvers (seconds for the largest):
        // the parse is what strangers reach.
        Ok(_) => {}
    }
}

/// Any text as a move, on a position of each puzzle: parsed and played, or
/// refused in words.
pub fn moves(text: &str) {
    // The first level of each shipped pack, read once.
    static FIRSTS: std::sync::OnceLock<Vec<Puzzle>> = std::sync::OnceLock::new();
    let firsts = FIRSTS.get_or_init(|| {
        crate::levels::SHIPPED
            .iter()
            .filter_map(|(f, t)| parse_pack(f, t).ok())
            .filter_map(|p| p.levels.first().map(|l| l.puzzle.clone()))
            .collect()
    });
    for first in firsts {
        let mut puzzle = first.clone();
        match puzzle.parse_move(text) {
            Ok(mv) => {
                let _ = puzzle.apply(mv);
            }
            Err(e) => assert!(!e.0.is_empty()),
        }
    }
}

/// Any bytes as the progress file: read or refused in words; once read and
/// brought into range, every value is in its range (mending it again
/// changes nothing), the sums the game shows do not overflow, a win can be
/// noted on it, and it is written and read back the same.
pub fn progress(bytes: &[u8]) {
    use crate::save::{self, MOST_MOVES, MOST_SECONDS, ProgressFile};
    let mut p = match save::read_ron::<ProgressFile>(save::FILE, bytes) {
        Ok(p) => p,
        Err(why) => {
            assert!(!why.is_empty());
            return;
        }
    };
    let _ = p.in_range();
    assert_eq!(p.in_range(), None, "mended twice");
    assert!(p.seconds_played <= MOST_SECONDS);
    let mut moves = 0usize;
    for records in p.levels.values() {
        assert!(!records.is_empty());
        for r in records.values() {
            assert!((1..=MOST_MOVES).contains(&r.best), "{r:?}");
            assert!(r.shortest.is_none_or(|s| (1..=r.best).contains(&s)));
            if let Some(stars) = r.stars() {
                assert!((1..=3).contains(&stars));
            }
            moves = moves.checked_add(r.best).expect("the moves' sum fits");
        }
    }
    let text = ron::ser::to_string(&p).expect("progress writes");
    let back: ProgressFile = save::read_ron(save::FILE, text.as_bytes()).expect("and reads back");
    assert_eq!(back, p);
    if let Some((pack, records)) = p.levels.iter().next() {
        let (pack, level) = (pack.clone(), records.keys().next().copied().unwrap_or(1));
        p.won(&pack, level.saturating_sub(1), 1, false);
        assert_eq!(
            p.record(&pack, level.saturating_sub(1)).map(|r| r.best),
            Some(1)
        );
    }
}

/// Any bytes as the settings file: read or refused in words; once brought
/// into range, the speed and the loudness the game takes from it are in
/// theirs, and it is written and read back the same.
pub fn settings(bytes: &[u8]) {
    use crate::save::{self, ANIMATION_SPEEDS, MAX_VOLUME, Settings};
    let mut s = match save::read_ron::<Settings>("settings.ron", bytes) {
        Ok(s) => s,
        Err(why) => {
            assert!(!why.is_empty());
            return;
        }
    };
    let _ = s.in_range();
    assert_eq!(s.in_range(), None, "mended twice");
    assert!((s.animation as usize) < ANIMATION_SPEEDS.len());
    assert!(s.volume <= MAX_VOLUME);
    assert!(ANIMATION_SPEEDS.contains(&s.animation_speed()));
    assert!((0.0..=1.0).contains(&s.loudness()));
    let text = ron::ser::to_string(&s).expect("settings write");
    let back: Settings = save::read_ron("settings.ron", text.as_bytes()).expect("and read back");
    assert_eq!(back, s);
}
