//! The progress file: what it keeps (levels solved, the fewest moves, stars
//! against the solver's shortest solution), read and written as RON in the
//! data directory. Writes are atomic (a temporary file, then a rename), so a
//! game killed at any moment leaves the last complete file; a damaged or
//! foreign file is moved aside and the game starts clean. The settings
//! file is read and written the same way (`settings.rs`).

mod settings;

pub use settings::{ANIMATION_SPEEDS, MAX_VOLUME, Settings};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The file's name in the data directory.
pub const FILE: &str = "progress.ron";
/// The largest progress or settings file read (a bigger one is not ours).
const MAX_BYTES: u64 = 8 << 20;

/// One level's record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelRecord {
    /// The fewest moves the player has won it in (with help, while
    /// `with_help` is set).
    pub best: usize,
    /// The solver's shortest solution, once known.
    #[serde(default)]
    pub shortest: Option<usize>,
    /// Solved only with help so far: the solver played some of its moves
    /// (or the player played a hint's). Stars are for the player's own moves.
    #[serde(default)]
    pub with_help: bool,
    /// What the level is (`levels::level_id`), so the record follows it in
    /// its pack; none in records of older files until their pack is read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<u64>,
    /// The seconds the best game took, where known (records of older files
    /// have none): of two wins in as many moves, the quicker is the best.
    /// It matters most where every win takes the same moves (Hop, Escape).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secs: Option<u32>,
}

/// A record whose level is no longer in its pack, kept by what the level is
/// (with its best's line) until the level comes back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetAside {
    pub record: LevelRecord,
    #[serde(default)]
    pub line: Option<String>,
}

impl LevelRecord {
    /// 3 stars for a shortest solution, 2 within a quarter more moves, else 1;
    /// None while the shortest is not known, and for a level solved only with
    /// help.
    pub fn stars(&self) -> Option<u8> {
        if self.with_help {
            return None;
        }
        Some(stars_for(self.best, self.shortest?))
    }
}

/// The stars of a win in `moves` when the shortest solution takes `shortest`.
pub fn stars_for(moves: usize, shortest: usize) -> u8 {
    if moves <= shortest {
        3
    } else if moves * 4 <= shortest * 5 {
        2
    } else {
        1
    }
}

/// The format's version, written in every file.
const VERSION: u32 = 1;

/// Everything kept between runs: pack file -> level number (from 1) -> record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Progress")]
pub struct ProgressFile {
    pub version: u32,
    pub levels: BTreeMap<String, BTreeMap<usize, LevelRecord>>,
    /// Seconds spent playing levels.
    #[serde(default)]
    pub seconds_played: u64,
    /// The moves of each level's best win (pack file -> level number from 1
    /// -> the moves as `pond solve` writes them, spaced), to watch again.
    #[serde(default)]
    pub best_lines: BTreeMap<String, BTreeMap<usize, String>>,
    /// The days (`YYYY-MM-DD`, UTC) on which a level of the day was won.
    #[serde(default)]
    pub daily_days: BTreeSet<String>,
    /// Each level of the day won, as `YYYY-MM-DD CODE`: the title marks a
    /// puzzle's level done on its day only (a code may come back another
    /// day).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub daily_wins: BTreeSet<String>,
    /// Records of levels taken out of their packs, by the level's id.
    #[serde(default)]
    pub set_aside: BTreeMap<u64, SetAside>,
}

/// The most moves a record holds, and the most seconds played: a value past
/// them is damage, not play.
pub const MOST_MOVES: usize = 1_000_000;
pub const MOST_SECONDS: u64 = 100 * 365 * 24 * 3600;
/// The longest best's line kept, in bytes.
pub const MOST_LINE_BYTES: usize = 64 * 1024;

impl ProgressFile {
    /// Brings every value into its range (a record of no moves or of more
    /// than `MOST_MOVES` is dropped, a shortest solution out of range
    /// forgotten, the time played capped); says so if anything changed.
    pub fn in_range(&mut self) -> Option<String> {
        let mut mended = 0;
        for records in self.levels.values_mut() {
            let before = records.len();
            records.retain(|_, r| (1..=MOST_MOVES).contains(&r.best));
            mended += before - records.len();
            for r in records.values_mut() {
                if r.shortest.is_some_and(|s| !(1..=r.best).contains(&s)) {
                    r.shortest = None;
                    mended += 1;
                }
            }
        }
        self.levels.retain(|_, records| !records.is_empty());
        // A best's line is kept only beside its record, and only as long as
        // a game can be.
        for (pack, lines) in &mut self.best_lines {
            let before = lines.len();
            lines.retain(|level, line| {
                line.len() <= MOST_LINE_BYTES
                    && self.levels.get(pack).is_some_and(|r| r.contains_key(level))
            });
            mended += before - lines.len();
        }
        self.best_lines.retain(|_, lines| !lines.is_empty());
        let before = self.set_aside.len();
        self.set_aside.retain(|_, s| {
            (1..=MOST_MOVES).contains(&s.record.best)
                && s.line.as_ref().is_none_or(|l| l.len() <= MOST_LINE_BYTES)
        });
        mended += before - self.set_aside.len();
        let before = self.daily_days.len();
        self.daily_days
            .retain(|d| crate::levels::daily::Date::parse(d).is_ok_and(|p| p.to_string() == *d));
        mended += before - self.daily_days.len();
        let before = self.daily_wins.len();
        self.daily_wins.retain(|w| {
            w.len() <= 256
                && w.split_once(' ').is_some_and(|(d, _)| {
                    crate::levels::daily::Date::parse(d).is_ok_and(|p| p.to_string() == d)
                })
        });
        mended += before - self.daily_wins.len();
        if self.seconds_played > MOST_SECONDS {
            self.seconds_played = MOST_SECONDS;
            mended += 1;
        }
        (mended > 0).then(|| {
            format!("{mended} value(s) of the progress file were out of range and were mended")
        })
    }
}

impl Default for ProgressFile {
    fn default() -> Self {
        ProgressFile {
            version: VERSION,
            levels: BTreeMap::new(),
            seconds_played: 0,
            best_lines: BTreeMap::new(),
            daily_days: BTreeSet::new(),
            daily_wins: BTreeSet::new(),
            set_aside: BTreeMap::new(),
        }
    }
}

impl ProgressFile {
    pub fn record(&self, pack: &str, level: usize) -> Option<&LevelRecord> {
        self.levels.get(pack)?.get(&(level + 1))
    }

    /// The first of a pack's levels not yet won that can be won: the one
    /// to play next.
    pub fn next_to_play(&self, pack: &str, levels: &[crate::levels::Level]) -> Option<usize> {
        (0..levels.len()).find(|&i| self.record(pack, i).is_none() && !levels[i].cannot_be_won())
    }

    /// Notes a win (`helped`: with the solver's help); true when it is a new
    /// best. A win of the player's own always beats one with help.
    pub fn won(&mut self, pack: &str, level: usize, moves: usize, helped: bool) -> bool {
        self.won_in(pack, level, moves, helped, None)
    }

    /// `won`, with the seconds the game took where known: a win in as many
    /// moves as the best is a new best when it was quicker.
    pub fn won_in(
        &mut self,
        pack: &str,
        level: usize,
        moves: usize,
        helped: bool,
        secs: Option<u32>,
    ) -> bool {
        let entry = self
            .levels
            .entry(pack.to_string())
            .or_default()
            .entry(level + 1)
            .or_insert(LevelRecord {
                best: usize::MAX,
                shortest: None,
                with_help: helped,
                id: None,
                secs: None,
            });
        let quicker = match (secs, entry.secs) {
            (Some(now), Some(best)) => now < best,
            (Some(_), None) => true,
            (None, _) => false,
        };
        let better = match (entry.with_help, helped) {
            // The first win of the player's own.
            (true, false) => true,
            // A helped win never replaces the player's own.
            (false, true) => false,
            _ => moves < entry.best || moves == entry.best && quicker,
        };
        if better {
            entry.best = moves;
            entry.with_help = helped;
            entry.secs = secs;
        }
        better
    }

    /// Notes the level's shortest solution, `moves` long (a record that has
    /// one keeps it).
    pub fn learn_shortest(&mut self, pack: &str, level: usize, moves: usize) {
        if let Some(r) = self
            .levels
            .get_mut(pack)
            .and_then(|l| l.get_mut(&(level + 1)))
            && r.shortest.is_none()
        {
            r.shortest = Some(moves);
        }
    }

    /// Notes what the level of a record is (`levels::level_id`).
    pub fn identify(&mut self, pack: &str, level: usize, id: u64) {
        if let Some(r) = self
            .levels
            .get_mut(pack)
            .and_then(|l| l.get_mut(&(level + 1)))
        {
            r.id = Some(id);
        }
    }

    /// Moves the pack's records (and their bests' lines) to where their
    /// levels are now: `ids` holds what each level of the pack is, in order.
    /// A record whose level has left the pack is set aside, and comes back
    /// when the level does (in this pack or another); a record of an older
    /// file, with no id yet, is taken to be the level now at its number.
    /// True when anything moved.
    pub fn follow(&mut self, pack: &str, ids: &[u64]) -> bool {
        let before = (
            self.levels.get(pack).cloned(),
            self.best_lines.get(pack).cloned(),
            self.set_aside.len(),
        );
        let records = self.levels.remove(pack).unwrap_or_default();
        let mut lines = self.best_lines.remove(pack).unwrap_or_default();
        // Known records by what their level is (a pack may hold the same
        // level twice: each copy keeps its own, in order).
        let mut known: BTreeMap<u64, Vec<SetAside>> = BTreeMap::new();
        let mut older = BTreeMap::new();
        for (n, record) in records {
            let kept = SetAside {
                record,
                line: lines.remove(&n),
            };
            match record.id {
                Some(id) => known.entry(id).or_default().push(kept),
                None => {
                    older.insert(n, kept);
                }
            }
        }
        let mut now = BTreeMap::new();
        let mut now_lines = BTreeMap::new();
        for (i, &id) in ids.iter().enumerate() {
            let n = i + 1;
            let found = known
                .get_mut(&id)
                .filter(|k| !k.is_empty())
                .map(|k| k.remove(0))
                .or_else(|| self.set_aside.remove(&id))
                .or_else(|| older.remove(&n));
            if let Some(mut kept) = found {
                kept.record.id = Some(id);
                now.insert(n, kept.record);
                if let Some(line) = kept.line {
                    now_lines.insert(n, line);
                }
            }
        }
        for (id, left) in known {
            for kept in left {
                self.set_aside.insert(id, kept);
            }
        }
        // Older records past the pack's end stay where they were.
        for (n, kept) in older {
            now.insert(n, kept.record);
            if let Some(line) = kept.line {
                now_lines.insert(n, line);
            }
        }
        if !now.is_empty() {
            self.levels.insert(pack.to_string(), now);
        }
        if !now_lines.is_empty() {
            self.best_lines.insert(pack.to_string(), now_lines);
        }
        before
            != (
                self.levels.get(pack).cloned(),
                self.best_lines.get(pack).cloned(),
                self.set_aside.len(),
            )
    }

    /// Keeps `moves` (spaced, in the notation of `pond solve`) as the line
    /// of the level's best win; call it when `won` says a win is a new best.
    /// Levels of `pack` with no record take a copy of the record (and its
    /// best's line) that `from` holds for the same level (by `ids`, what
    /// each level of `pack` is): a level won in the editor and then saved
    /// into a pack is won there too. True when any record was taken.
    pub fn adopt(&mut self, from: &str, pack: &str, ids: &[u64]) -> bool {
        let offered: Vec<(usize, LevelRecord)> = match self.levels.get(from) {
            Some(records) => records.iter().map(|(n, r)| (*n, *r)).collect(),
            None => return false,
        };
        let mut took = false;
        for (i, &id) in ids.iter().enumerate() {
            if self.record(pack, i).is_some() {
                continue;
            }
            let Some((n, record)) = offered.iter().find(|(_, r)| r.id == Some(id)) else {
                continue;
            };
            self.levels
                .entry(pack.to_string())
                .or_default()
                .insert(i + 1, *record);
            if let Some(line) = self.best_lines.get(from).and_then(|l| l.get(n)).cloned() {
                self.best_lines
                    .entry(pack.to_string())
                    .or_default()
                    .insert(i + 1, line);
            }
            took = true;
        }
        took
    }

    pub fn keep_best_line(&mut self, pack: &str, level: usize, moves: String) {
        if moves.len() <= MOST_LINE_BYTES {
            self.best_lines
                .entry(pack.to_string())
                .or_default()
                .insert(level + 1, moves);
        }
    }

    /// The moves of the level's best win, when they were kept.
    pub fn best_line(&self, pack: &str, level: usize) -> Option<&str> {
        self.best_lines
            .get(pack)?
            .get(&(level + 1))
            .map(String::as_str)
    }

    /// Notes that a level of the day was won on `day`.
    pub fn won_daily(&mut self, day: crate::levels::daily::Date) {
        self.daily_days.insert(day.to_string());
    }

    /// Notes that `code`, a level of the day `day`, was won (and the day).
    pub fn won_daily_level(&mut self, day: crate::levels::daily::Date, code: &str) {
        self.won_daily(day);
        self.daily_wins.insert(format!("{day} {code}"));
    }

    /// Whether `code` was won as a level of the day `day`.
    pub fn daily_won(&self, day: crate::levels::daily::Date, code: &str) -> bool {
        self.daily_wins.contains(&format!("{day} {code}"))
    }

    /// Days in a row, up to `today`, on which a level of the day was won; a
    /// streak that reaches yesterday still counts while today is not played.
    pub fn streak(&self, today: crate::levels::daily::Date) -> u32 {
        use crate::levels::daily::Date;
        let won = |days: i64| {
            self.daily_days
                .contains(&Date::from_unix_days(days).to_string())
        };
        let mut day = today.unix_days();
        if !won(day) {
            day -= 1;
        }
        let mut n = 0;
        while won(day) && n < 100_000 {
            n += 1;
            day -= 1;
        }
        n
    }

    pub fn solved_in(&self, pack: &str) -> usize {
        self.levels.get(pack).map_or(0, BTreeMap::len)
    }
}

/// How reading the progress file went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Loaded {
    Fresh,
    Read,
    /// The file was damaged or not ours; it was moved here.
    MovedAside(PathBuf, String),
}

/// Reads the progress file in `dir`. A missing file is a fresh start; one that
/// cannot be read as progress is renamed aside, never lost, never fatal.
pub fn load(dir: &Path) -> (ProgressFile, Loaded) {
    load_ron(dir, FILE)
}

/// Reads `dir/name` as RON: the default when the file is missing; when it is
/// too large, not text or not what is expected, the default, and the file is
/// moved aside (`NAME.damaged-SECONDS`) so that nothing is lost.
pub fn load_ron<T: DeserializeOwned + Default>(dir: &Path, name: &str) -> (T, Loaded) {
    // What a write cut short by a crash left behind.
    remove_stale_temps(dir, name, STALE_TEMP);
    let path = dir.join(name);
    let bytes = match std::fs::metadata(&path) {
        Err(_) => return (T::default(), Loaded::Fresh),
        Ok(_) => crate::levels::read_at_most(&path, MAX_BYTES as usize)
            .map_err(|e| format!("cannot read it: {e}"))
            .and_then(|b| b.ok_or_else(|| format!("it is over {MAX_BYTES} bytes"))),
    };
    let parsed = bytes.and_then(|b| read_ron::<T>(name, &b));
    match parsed {
        Ok(p) => (p, Loaded::Read),
        Err(why) => {
            let stamp = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs());
            let aside = dir.join(format!("{name}.damaged-{stamp}"));
            match std::fs::rename(&path, &aside) {
                Ok(()) => (T::default(), Loaded::MovedAside(aside, why)),
                Err(e) => (
                    T::default(),
                    Loaded::MovedAside(path, format!("{why}; it could not be moved: {e}")),
                ),
            }
        }
    }
}

/// Reads the bytes of a file named `name` as RON: what it holds, or why it
/// is not what is expected (not text, or not this RON).
pub fn read_ron<T: DeserializeOwned>(name: &str, bytes: &[u8]) -> Result<T, String> {
    let text = std::str::from_utf8(bytes).map_err(|_| "it is not text".to_string())?;
    ron::from_str::<T>(text).map_err(|e| format!("{name}:{e}"))
}

/// How old a temporary file of a save must be to be taken for one a crash
/// left (a save takes milliseconds).
pub const STALE_TEMP: std::time::Duration = std::time::Duration::from_secs(10);

/// Removes the temporary files of saves of `name` (`NAME.PID-N.tmp`) older
/// than `older_than`: a write cut short by a crash or a kill leaves one.
/// Returns how many it removed.
pub fn remove_stale_temps(dir: &Path, name: &str, older_than: std::time::Duration) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let prefix = format!("{name}.");
    let mut removed = 0;
    for entry in entries.filter_map(Result::ok) {
        let file = entry.file_name();
        let file = file.to_string_lossy();
        if !(file.starts_with(&prefix) && file.ends_with(".tmp")) {
            continue;
        }
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age >= older_than);
        if old && std::fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// Writes the progress file atomically.
pub fn save(dir: &Path, progress: &ProgressFile) -> std::io::Result<()> {
    save_ron(dir, FILE, progress)
}

/// Writes `value` as RON to `dir/name` atomically: a temporary file in the
/// same directory, flushed, then renamed over the old one.
pub fn save_ron<T: Serialize>(dir: &Path, name: &str, value: &T) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let text = ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default())
        .map_err(std::io::Error::other)?;
    // A temporary name of this write's own: two copies of the game saving at
    // once never write into each other's file (the last rename wins whole).
    static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = dir.join(format!("{name}.{}-{n}.tmp", std::process::id()));
    {
        use std::io::Write;
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, dir.join(name))
}

#[cfg(test)]
mod tests;
