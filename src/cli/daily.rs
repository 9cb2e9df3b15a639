//! `pond daily [--date YYYY-MM-DD]`: the codes of a day's four levels (today,
//! in UTC, by default), as the core's level of the day computes them.

use crate::levels::daily::{self, Date};
use clap::Args;
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

#[derive(Debug, Args)]
pub struct DailyArgs {
    /// The day, as 2026-11-23; today (UTC) when left out.
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = Date::parse)]
    date: Option<Date>,
}

/// Seconds in a day: UNIX time counts no leap seconds.
const DAY_SECONDS: i64 = 86_400;

/// Today's date in UTC, from the system clock.
pub fn today() -> Date {
    let seconds = match SystemTime::now().duration_since(UNIX_EPOCH) {
        Ok(after) => after.as_secs() as i64,
        // A clock set before 1970 still names a day.
        Err(e) => -(e.duration().as_secs() as i64),
    };
    Date::from_unix_days(seconds.div_euclid(DAY_SECONDS))
}

pub fn run(args: DailyArgs) -> ExitCode {
    let date = args.date.unwrap_or_else(today);
    println!("{date}");
    let mut found = true;
    for (kind, code) in daily::daily_codes(date) {
        match code {
            Ok(code) => println!("{} {code}", kind.name()),
            Err(e) => {
                eprintln!("error: {e}");
                found = false;
            }
        }
    }
    if found {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
