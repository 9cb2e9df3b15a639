//! The level of the day: for a calendar date, each puzzle's random-level code,
//! the same for every player, machine and build. The caller passes the date
//! (the core reads no clock). Documented in `levels/README.md`:
//!
//! 1. D is the date's day number: days since 1970-01-01 in the proleptic
//!    Gregorian calendar (negative before it), and P the puzzle's number:
//!    Swap 0, Hop 1, Flood 2, Escape 3.
//! 2. The first seed tried is the first output of SplitMix64 seeded with
//!    `D * 4 + P` (two's complement, wrapping), modulo 1,000,000.
//! 3. The seed gives the puzzle's middle-difficulty code (`DAILY_SHAPE`); it is
//!    the day's when its level is graded `tricky` (difficulty 3) and the
//!    solver, within a fixed node budget, finds a line of moves that wins it.
//!    Otherwise the seed plus one is tried, and so on.

use super::code::{DIFFICULTIES, LevelCode};
use super::rng::SplitMix64;
use super::{Coded, Level};
use crate::rules::{Puzzle, PuzzleKind};
use crate::solve::{self, Budget};
use std::fmt;

/// The middle difficulty, 1 to 5: `tricky`.
pub const DAILY_DIFFICULTY: u8 = 3;
/// Seeds are below this, so that codes stay short to type.
pub const SEED_RANGE: u64 = 1_000_000;
/// Seeds tried after the first before a day's level is given up on (none
/// of the pinned weeks needs more than a few).
const MOST_STEPS: u64 = 200;
/// The solver's nodes for its proof: a count, not a time, so every machine
/// decides alike.
const PROOF_NODES: u64 = 2_000_000;

/// A calendar date (proleptic Gregorian), years 1 to 9999.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: i32,
    pub month: u8,
    pub day: u8,
}

impl Date {
    /// The date, if it is one.
    pub fn new(year: i32, month: u8, day: u8) -> Result<Date, String> {
        if !(1..=9999).contains(&year) {
            return Err(format!("the year must be 1 to 9999, found {year}"));
        }
        if !(1..=12).contains(&month) {
            return Err(format!("the month must be 1 to 12, found {month}"));
        }
        let last = days_in_month(year, month);
        if day < 1 || day > last {
            return Err(format!(
                "{year:04}-{month:02} has days 1 to {last}, not {day}"
            ));
        }
        Ok(Date { year, month, day })
    }

    /// Reads `YYYY-MM-DD`, as `2026-11-23`.
    pub fn parse(text: &str) -> Result<Date, String> {
        let text = text.trim();
        let bad = || format!("expected a date as YYYY-MM-DD (as 2026-11-23), found `{text}`");
        let parts: Vec<&str> = text.split('-').collect();
        let [y, m, d] = parts[..] else {
            return Err(bad());
        };
        let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
        if !(digits(y, 4) && digits(m, 2) && digits(d, 2)) {
            return Err(bad());
        }
        let (Ok(y), Ok(m), Ok(d)) = (y.parse(), m.parse(), d.parse()) else {
            return Err(bad());
        };
        Date::new(y, m, d).map_err(|e| format!("`{text}` is no date: {e}"))
    }

    /// The date `days` days after 1970-01-01 (Hinnant's `civil_from_days`).
    /// Days outside years 1 to 9999 are held to them.
    pub fn from_unix_days(days: i64) -> Date {
        let days = days.clamp(
            Date::FIRST.unix_days(),
            Date {
                year: 9999,
                month: 12,
                day: 31,
            }
            .unix_days(),
        );
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Date { year, month, day }
    }

    /// The first date taken.
    const FIRST: Date = Date {
        year: 1,
        month: 1,
        day: 1,
    };

    /// Days since 1970-01-01, negative before it (Hinnant's `days_from_civil`).
    pub fn unix_days(self) -> i64 {
        let month = i64::from(self.month);
        let year = i64::from(self.year) - i64::from(month <= 2);
        let era = year.div_euclid(400);
        let yoe = year.rem_euclid(400);
        let mp = (month + 9) % 12;
        let doy = (153 * mp + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

fn days_in_month(year: i32, month: u8) -> u8 {
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// The puzzle's number in the mixing: its place in `PuzzleKind::ALL`.
fn puzzle_number(kind: PuzzleKind) -> u64 {
    PuzzleKind::ALL.iter().position(|&k| k == kind).unwrap_or(0) as u64
}

/// The first seed tried for a puzzle on a date: seeded by `D * 4 + P` for
/// the first four puzzles; a puzzle from the fifth on takes `P mod 4` with
/// `P / 4` in the bits from 56 up, so that no two puzzles' days meet.
pub fn first_seed(date: Date, kind: PuzzleKind) -> u64 {
    let p = puzzle_number(kind);
    let mixed = (date.unix_days() as u64)
        .wrapping_mul(4)
        .wrapping_add(p % 4)
        ^ ((p / 4) << 56);
    SplitMix64::new(mixed).next_u64() % SEED_RANGE
}

/// The middle-difficulty code a seed gives, in the game's default shape of
/// each puzzle's random levels (each puzzle's `Coded::daily_code`): Swap 3
/// or 4 frogs a side and 2 empty pads; Hop 8 frogs; Flood 14x14, 6 colours;
/// Escape 4x4, 4 types and 4 colours.
pub fn code_of_seed(kind: PuzzleKind, seed: u64) -> LevelCode {
    crate::each_kind!(kind, P => <P as Coded>::daily_code(seed, DAILY_DIFFICULTY))
}

/// True when the level is graded at the middle difficulty (Swap's codes
/// carry no grade: its shape is its difficulty) and the solver wins it.
fn fit_for_the_day(level: &Level) -> bool {
    let middle = DIFFICULTIES[DAILY_DIFFICULTY as usize - 1];
    let graded = crate::each_kind!(level.puzzle.kind(), P => <P as Coded>::GRADED);
    (!graded || level.grade.as_deref() == Some(middle)) && proved_winnable(&level.puzzle)
}

/// The solver's proof: a line of moves, found within a node budget, that
/// wins the level when replayed on it.
pub fn proved_winnable(puzzle: &Puzzle) -> bool {
    // A quick answer (Flood's fast one) often fits the limit already.
    let moves = solve::quick_line(puzzle).unwrap_or_else(|| {
        let report = solve::solve(puzzle, Budget::nodes(PROOF_NODES), None, false);
        report
            .outcome
            .moves()
            .map(<[_]>::to_vec)
            .unwrap_or_default()
    });
    let mut state = puzzle.clone();
    state.play_all(&moves).is_ok() && state.is_won()
}

/// The day's level of one puzzle: its code and the level it gives.
pub fn daily(date: Date, kind: PuzzleKind) -> Result<(LevelCode, Level), String> {
    let first = first_seed(date, kind);
    for step in 0..=MOST_STEPS {
        let code = code_of_seed(kind, (first + step) % SEED_RANGE);
        if let Ok(level) = code.level()
            && fit_for_the_day(&level)
        {
            return Ok((code, level));
        }
    }
    Err(format!(
        "no {} level for {date}: {MOST_STEPS} seeds from {first} were tried",
        kind.name()
    ))
}

/// The four codes of a day, in the order of `PuzzleKind::ALL`.
pub fn daily_codes(date: Date) -> Vec<(PuzzleKind, Result<LevelCode, String>)> {
    PuzzleKind::ALL
        .into_iter()
        .map(|k| (k, daily(date, k).map(|(code, _)| code)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(date: Date) -> Vec<String> {
        daily_codes(date)
            .into_iter()
            .map(|(k, c)| {
                c.unwrap_or_else(|e| panic!("{date} {}: {e}", k.name()))
                    .to_string()
            })
            .collect()
    }

    #[test]
    fn dates_are_read_and_counted() {
        let d = Date::parse("2026-11-23").unwrap();
        assert_eq!(d, Date::new(2026, 11, 23).unwrap());
        assert_eq!(d.to_string(), "2026-11-23");
        assert_eq!(Date::new(1970, 1, 1).unwrap().unix_days(), 0);
        assert_eq!(Date::new(2000, 3, 1).unwrap().unix_days(), 11_017);
        assert_eq!(Date::new(1969, 12, 31).unwrap().unix_days(), -1);
        // 2026-11-23 00:00 UTC is 1,795,392,000 seconds after the epoch.
        assert_eq!(Date::from_unix_days(1_795_392_000 / 86_400), d);
        // Every day of four centuries goes there and back.
        for days in -400 * 366..400 * 366 {
            let date = Date::from_unix_days(days);
            assert_eq!(date.unix_days(), days);
            assert_eq!(Date::new(date.year, date.month, date.day), Ok(date));
        }
        for (text, words) in [
            ("2026-02-29", "days 1 to 28"),
            ("2024-13-01", "month must be 1 to 12"),
            ("2026-11-23x", "YYYY-MM-DD"),
            ("26-11-23", "YYYY-MM-DD"),
            ("tomorrow", "YYYY-MM-DD"),
            ("0000-01-01", "year must be 1 to 9999"),
            ("2026-+1-01", "YYYY-MM-DD"),
        ] {
            let e = Date::parse(text).unwrap_err();
            assert!(e.contains(words), "{text}: {e}");
        }
        assert!(Date::parse("2024-02-29").is_ok());
    }

    /// A week's codes stay as they were: a puzzle added after these four
    /// adds its code after theirs and changes none of them.
    #[test]
    fn one_week_of_days_is_pinned_to_its_codes() {
        let week: [(&str, [&str; 4]); 7] = [
            (
                "2026-11-23",
                [
                    "S4v3g2",
                    "H8d3-773380",
                    "F14x14c6d3-658052",
                    "E4x4t4c4d3-407214",
                ],
            ),
            (
                "2026-11-24",
                [
                    "S3v3g2",
                    "H8d3-614694",
                    "F14x14c6d3-966159",
                    "E4x4t4c4d3-741038",
                ],
            ),
            (
                "2026-11-25",
                [
                    "S4v4g2",
                    "H8d3-739517",
                    "F14x14c6d3-733431",
                    "E4x4t4c4d3-446203",
                ],
            ),
            (
                "2026-11-26",
                [
                    "S4v4g2",
                    "H8d3-839926",
                    "F14x14c6d3-465466",
                    "E4x4t4c4d3-296769",
                ],
            ),
            (
                "2026-11-27",
                [
                    "S4v4g2",
                    "H8d3-718569",
                    "F14x14c6d3-936758",
                    "E4x4t4c4d3-358330",
                ],
            ),
            (
                "2026-11-28",
                [
                    "S4v4g2",
                    "H8d3-459202",
                    "F14x14c6d3-850218",
                    "E4x4t4c4d3-366306",
                ],
            ),
            (
                "2026-11-29",
                [
                    "S3v3g2",
                    "H8d3-833327",
                    "F14x14c6d3-36480",
                    "E4x4t4c4d3-931053",
                ],
            ),
        ];
        let got: Vec<(&str, Vec<String>)> = week
            .iter()
            .map(|(day, _)| {
                let all = codes(Date::parse(day).unwrap());
                assert_eq!(all.len(), crate::rules::PuzzleKind::ALL.len(), "{day}");
                (*day, all[..4].to_vec())
            })
            .collect();
        let expected: Vec<(&str, Vec<String>)> = week
            .iter()
            .map(|(day, c)| (*day, c.map(String::from).to_vec()))
            .collect();
        assert_eq!(got, expected);
    }

    #[test]
    fn a_day_gives_the_same_codes_and_days_differ() {
        let day = Date::new(2026, 11, 23).unwrap();
        assert_eq!(codes(day), codes(day));
        let next = codes(Date::new(2026, 11, 24).unwrap());
        let today = codes(day);
        // Swap has four codes of the middle shape: days may share one.
        for i in 1..4 {
            assert_ne!(today[i], next[i], "{}", PuzzleKind::ALL[i].name());
        }
        let seeds: Vec<u64> = PuzzleKind::ALL
            .into_iter()
            .map(|k| first_seed(day, k))
            .collect();
        assert!(seeds.iter().all(|&s| s < SEED_RANGE));
        assert_ne!(seeds[1], seeds[2]);
    }

    #[test]
    fn each_days_level_is_solvable_and_of_the_middle_grade() {
        for days in 0..7 {
            let date = Date::from_unix_days(Date::new(2026, 11, 23).unwrap().unix_days() + days);
            for kind in PuzzleKind::ALL {
                let (code, level) = daily(date, kind).unwrap();
                // The code alone gives the level again, as a player's copy does.
                let again = LevelCode::parse(&code.to_string()).and_then(|c| c.level());
                assert_eq!(again.as_ref(), Ok(&level), "{code}");
                assert!(proved_winnable(&level.puzzle), "{code}");
                if crate::each_kind!(kind, P => <P as Coded>::GRADED) {
                    assert_eq!(level.grade.as_deref(), Some("tricky"), "{code}");
                }
            }
        }
    }
}
