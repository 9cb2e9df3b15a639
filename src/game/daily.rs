//! The levels of the day in the game: the codes (one a puzzle) of the date the game
//! opened on (UTC), made in the background at start, shown on the title
//! with a mark on those won and the streak of days in a row; a win of one
//! of them (the player's own) marks the day.

use crate::levels::code::LevelCode;
use crate::levels::daily::{self, Date};
use crate::rules::PuzzleKind;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, TaskPool};
use std::time::{SystemTime, UNIX_EPOCH};

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

/// The day's levels, once made: the date and each puzzle's code (a puzzle
/// whose level could not be made is left out).
#[derive(Resource, Debug, Clone)]
pub struct DailyLevels {
    pub date: Date,
    pub codes: Vec<(PuzzleKind, LevelCode)>,
}

impl DailyLevels {
    /// True when `file` (a level played by its code) is one of the day's.
    pub fn holds(&self, file: &str) -> bool {
        self.codes.iter().any(|(_, c)| c.to_string() == file)
    }
}

/// The mark of a level of the day on the title: won or not.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct DailyDone(pub bool);

/// The day's levels being made.
#[derive(Resource)]
pub struct MakingDaily(Task<DailyLevels>);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, start)
        .add_systems(Update, receive.run_if(resource_exists::<MakingDaily>));
}

/// The game's options name the day (the windowed game: today); the proofs
/// that its levels can be won take a moment, so they are made aside.
fn start(mut commands: Commands, options: Option<Res<super::GameOptions>>) {
    let Some(date) = options.and_then(|o| o.daily) else {
        return;
    };
    let pool = AsyncComputeTaskPool::get_or_init(TaskPool::new);
    commands.insert_resource(MakingDaily(pool.spawn(async move {
        let codes = daily::daily_codes(date)
            .into_iter()
            .filter_map(|(kind, code)| match code {
                Ok(code) => Some((kind, code)),
                Err(e) => {
                    warn!("{e}");
                    None
                }
            })
            .collect();
        DailyLevels { date, codes }
    })));
}

fn receive(mut commands: Commands, mut making: ResMut<MakingDaily>) {
    if let Some(levels) = bevy::tasks::futures::check_ready(&mut making.0) {
        commands.remove_resource::<MakingDaily>();
        commands.insert_resource(levels);
    }
}
