//! Random levels on the level select: their shape (size, colours, kinds,
//! frogs) set with - and +, a difficulty button each, and the level made in
//! the background from its code; a code typed in the code box opens the
//! same way.

use super::start_level;
use crate::game::Screen;
use crate::game::packs::{Current, Packs, add_code_level};
use crate::game::puzzles;
use crate::levels::code::LevelCode;
use crate::rules::{Puzzle, PuzzleKind};
use bevy::prelude::*;
use std::collections::HashMap;

/// The dimensions (size, colours, kinds, frogs) of the random levels the
/// level select makes, per puzzle, as set with - and +; a puzzle not set yet
/// has its own defaults.
#[derive(Resource, Debug, Clone, Default)]
pub struct RandomShape(HashMap<PuzzleKind, Vec<u16>>);

impl RandomShape {
    /// This puzzle's dimensions.
    pub fn of(&self, puzzle: &Puzzle) -> Vec<u16> {
        self.0.get(&puzzle.kind()).cloned().unwrap_or_else(|| {
            puzzles::dimensions(puzzle)
                .iter()
                .map(|d| d.default)
                .collect()
        })
    }

    /// Steps dimension `index` for this puzzle, within what codes allow.
    pub(super) fn step(&mut self, puzzle: &Puzzle, index: usize, by: i8) {
        let mut dims = self.of(puzzle);
        if let (Some(value), Some(d)) =
            (dims.get_mut(index), puzzles::dimensions(puzzle).get(index))
        {
            *value = (*value as i32 + by as i32).clamp(d.lo as i32, d.hi as i32) as u16;
        }
        self.0.insert(puzzle.kind(), dims);
    }

    /// Whether stepping dimension `index` by `by` would change nothing:
    /// the number is at its end that way (its button is greyed).
    pub(super) fn at_end(&self, puzzle: &Puzzle, index: usize, by: i8) -> bool {
        let (dims, value) = (puzzles::dimensions(puzzle), self.of(puzzle));
        match (dims.get(index), value.get(index)) {
            (Some(d), Some(&v)) => (by < 0 && v <= d.lo) || (by > 0 && v >= d.hi),
            _ => true,
        }
    }

    /// The words for each dimension this puzzle has, by index.
    pub(super) fn describe(&self, puzzle: &Puzzle) -> Vec<(usize, String)> {
        let dims = puzzles::dimensions(puzzle);
        self.of(puzzle)
            .into_iter()
            .zip(dims)
            .map(|(value, d)| (d.words)(value))
            .enumerate()
            .collect()
    }
}

/// The words of one dimension of the random levels, on the level select.
#[derive(Component)]
pub(super) struct ShapeLabel(pub(super) usize);

/// A random level being made in the background (a Flood limit takes the
/// solver up to a second): its code and level, or why not.
#[derive(Resource)]
pub(super) struct MakingRandom(bevy::tasks::Task<Result<(String, crate::levels::Level), String>>);

/// The first level's puzzle of pack `pack`, if it loaded: what the random
/// levels of its level select are like.
pub(super) fn first_puzzle(packs: &Packs, pack: usize, kind: &RandomKind) -> Option<Puzzle> {
    let pack = packs.0.get(pack)?.pack.as_ref().ok()?;
    random_like(pack, kind).cloned()
}

/// The puzzle of a pack that mixes puzzles whose random levels are offered:
/// the player's choice (none: the first level's).
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct RandomKind(pub Option<crate::rules::PuzzleKind>);

/// The level random levels are made like: the pack's first level of the
/// chosen puzzle, else its first level.
pub(super) fn random_like<'a>(
    pack: &'a crate::levels::Pack,
    kind: &RandomKind,
) -> Option<&'a Puzzle> {
    kind.0
        .and_then(|k| pack.levels.iter().find(|l| l.puzzle.kind() == k))
        .or(pack.levels.first())
        .map(|l| &l.puzzle)
}

/// The puzzles of a pack, in the order their first levels come.
pub(super) fn kinds_of(pack: &crate::levels::Pack) -> Vec<crate::rules::PuzzleKind> {
    let mut kinds = Vec::new();
    for l in &pack.levels {
        if !kinds.contains(&l.puzzle.kind()) {
            kinds.push(l.puzzle.kind());
        }
    }
    kinds
}

/// The code of a new random level like `puzzle`, of difficulty `d` (1-5) and
/// the chosen shape, seeded from the clock.
pub(super) fn random_code(puzzle: &Puzzle, d: u8, shape: &RandomShape) -> Option<LevelCode> {
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |t| t.as_micros() as u64 % 1_000_000);
    code_of_seed(puzzle, d, shape, seed)
}

/// The code of the random level like `puzzle` that `seed` gives.
fn code_of_seed(puzzle: &Puzzle, d: u8, shape: &RandomShape, seed: u64) -> Option<LevelCode> {
    puzzles::random_code(puzzle, &shape.of(puzzle), d, seed)
}

/// Makes a code's level in the background (a Flood limit takes the solver up
/// to a second); `receive_random` opens it.
pub(super) fn make_level(commands: &mut Commands, code: LevelCode) {
    commands.insert_resource(level_task(code));
}

pub(super) fn level_task(code: LevelCode) -> MakingRandom {
    let pool = bevy::tasks::AsyncComputeTaskPool::get_or_init(bevy::tasks::TaskPool::new);
    MakingRandom(pool.spawn(async move {
        let level = crate::game::memory::then_let_go(|| code.level())?;
        Ok((code.to_string(), level))
    }))
}

/// A code typed or pasted in the code box.
/// A shipped level's code (`flood.8`) opens that level in its own pack,
/// where it counts; any other code makes its level.
pub(super) fn play_code(
    mut commands: Commands,
    mut codes: MessageReader<crate::game::codes::PlayCode>,
    packs: Res<Packs>,
    mut current: ResMut<Current>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(crate::game::codes::PlayCode(code)) = codes.read().last().cloned() else {
        return;
    };
    if let Some((pack, level)) = shipped_level(&packs, &code) {
        current.pack = pack;
        if start_level(&mut commands, &packs, &mut current, level, &mut next) {
            return;
        }
    }
    make_level(&mut commands, code);
}

/// Where a shipped level's code points: its pack's place in the list, and
/// the level's index in it.
pub fn shipped_level(packs: &Packs, code: &LevelCode) -> Option<(usize, usize)> {
    let LevelCode::Shipped { pack, level } = code else {
        return None;
    };
    let file = format!("{pack}.ron");
    let at = packs.0.iter().position(|e| e.file == file)?;
    Some((at, level.checked_sub(1)?))
}

/// Where the player was when a level by code (typed, pasted or random)
/// was made: "Levels" (L) from that level goes back there.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CameFrom {
    pub screen: Screen,
    pub pack: usize,
}

pub(super) fn receive_random(
    mut commands: Commands,
    making: Option<ResMut<MakingRandom>>,
    mut packs: ResMut<Packs>,
    mut current: ResMut<Current>,
    mut next: ResMut<NextState<Screen>>,
    mut entry: ResMut<crate::game::codes::CodeEntry>,
    screen: Res<State<Screen>>,
) {
    let Some(mut making) = making else { return };
    let Some(made) = bevy::tasks::futures::check_ready(&mut making.0) else {
        return;
    };
    commands.remove_resource::<MakingRandom>();
    match made {
        Ok((code, level)) => {
            // From one game of a file to the next, "Levels" still goes back
            // where the player was before the first.
            if *screen.get() != Screen::Play {
                commands.insert_resource(CameFrom {
                    screen: *screen.get(),
                    pack: current.pack,
                });
            }
            let order = packs.0.len();
            current.pack = add_code_level(&mut packs, order, &code, level);
            start_level(&mut commands, &packs, &mut current, 0, &mut next);
        }
        Err(e) => {
            warn!("no level for that code: {e}");
            entry.open = true;
            entry.error = Some(e);
        }
    }
}

#[cfg(test)]
#[path = "random_tests.rs"]
mod tests;
