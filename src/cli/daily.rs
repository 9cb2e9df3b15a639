//! `pond daily [--date YYYY-MM-DD]`: the codes of a day's levels, one a puzzle (today,
//! in UTC, by default), as the core's level of the day computes them.

use crate::levels::daily::{self, Date};
use clap::Args;
use std::process::ExitCode;

#[derive(Debug, Args)]
pub struct DailyArgs {
    /// The day, as 2026-11-23; today (UTC) when left out.
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = Date::parse)]
    date: Option<Date>,
}

use crate::game::daily::today;

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
