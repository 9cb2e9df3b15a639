//! Random levels on the level select: their shape (size, colours, kinds,
//! frogs) set with - and +, a difficulty button each, and the level made in
//! the background from its code; a code typed in the code box opens the
//! same way.

use super::start_level;
use crate::game::Screen;
use crate::game::packs::{Current, Packs, add_code_level};
use crate::levels::code::LevelCode;
use crate::rules::Puzzle;
use crate::rules::hop::Shape;
use bevy::prelude::*;

/// The size and colours (or kinds, or frogs) of the random levels the level
/// select makes, per puzzle.
#[derive(Resource, Debug, Clone, Copy)]
pub struct RandomShape {
    pub flood_size: u16,
    pub flood_colours: u8,
    pub escape_size: u8,
    pub escape_kinds: u8,
    pub hop_frogs: u8,
    pub swap_frogs: u8,
}

impl Default for RandomShape {
    fn default() -> Self {
        RandomShape {
            flood_size: 14,
            flood_colours: 6,
            escape_size: 4,
            escape_kinds: 4,
            hop_frogs: 8,
            swap_frogs: 3,
        }
    }
}

impl RandomShape {
    /// Steps a dimension for this puzzle, within what codes allow.
    pub(super) fn step(&mut self, puzzle: &Puzzle, size: bool, by: i8) {
        let at = |v: i32, lo: i32, hi: i32| (v + by as i32).clamp(lo, hi);
        match (puzzle, size) {
            (Puzzle::Flood(_), true) => self.flood_size = at(self.flood_size as i32, 4, 30) as u16,
            (Puzzle::Flood(_), false) => {
                self.flood_colours = at(self.flood_colours as i32, 3, 9) as u8
            }
            (Puzzle::Escape(_), true) => self.escape_size = at(self.escape_size as i32, 2, 6) as u8,
            (Puzzle::Escape(_), false) => {
                self.escape_kinds = at(self.escape_kinds as i32, 2, 9) as u8
            }
            (Puzzle::Hop(_), _) => self.hop_frogs = at(self.hop_frogs as i32, 3, 12) as u8,
            (Puzzle::Swap(_), _) => self.swap_frogs = at(self.swap_frogs as i32, 1, 10) as u8,
        }
    }

    /// The words for each dimension this puzzle has.
    pub(super) fn describe(&self, puzzle: &Puzzle) -> Vec<(bool, String)> {
        match puzzle {
            Puzzle::Flood(_) => vec![
                (true, format!("Board {0}x{0}", self.flood_size)),
                (false, format!("{} colours", self.flood_colours)),
            ],
            Puzzle::Escape(_) => vec![
                (true, format!("Prison {0}x{0}", self.escape_size)),
                (false, format!("{} types and colours", self.escape_kinds)),
            ],
            Puzzle::Hop(_) => vec![(true, format!("{} frogs", self.hop_frogs))],
            Puzzle::Swap(_) => vec![(true, format!("About {} frogs a side", self.swap_frogs))],
        }
    }
}

/// The words of one dimension of the random levels, on the level select.
#[derive(Component)]
pub(super) struct ShapeLabel(pub(super) bool);

/// A random level being made in the background (a Flood limit takes the
/// solver up to a second): its code and level, or why not.
#[derive(Resource)]
pub(super) struct MakingRandom(bevy::tasks::Task<Result<(String, crate::levels::Level), String>>);

/// The first level's puzzle of pack `pack`, if it loaded: what the random
/// levels of its level select are like.
pub(super) fn first_puzzle(packs: &Packs, pack: usize) -> Option<Puzzle> {
    let pack = packs.0.get(pack)?.pack.as_ref().ok()?;
    pack.levels.first().map(|l| l.puzzle.clone())
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
    Some(match puzzle {
        // Each side a frog more or not, by the seed; harder levels have a
        // frog more on the right and fewer empty pads to turn in.
        Puzzle::Swap(_) => LevelCode::Swap {
            left: shape.swap_frogs + (seed % 2) as u8,
            right: shape.swap_frogs + (seed / 2 % 2) as u8 + u8::from(d >= 4),
            gaps: [3, 2, 2, 1, 1][(d.clamp(1, 5) - 1) as usize],
        },
        Puzzle::Flood(_) => LevelCode::Flood {
            width: shape.flood_size,
            height: shape.flood_size,
            colours: shape.flood_colours,
            difficulty: d,
            seed,
        },
        Puzzle::Escape(_) => LevelCode::Escape {
            rows: shape.escape_size,
            cols: shape.escape_size,
            types: shape.escape_kinds,
            colours: shape.escape_kinds,
            difficulty: d,
            seed,
        },
        Puzzle::Hop(h) if h.board.shape == Shape::Pond => LevelCode::Hop {
            frogs: shape.hop_frogs,
            difficulty: d,
            seed,
        },
        Puzzle::Hop(_) => return None,
    })
}

/// Makes a code's level in the background (a Flood limit takes the solver up
/// to a second); `receive_random` opens it.
pub(super) fn make_level(commands: &mut Commands, code: LevelCode) {
    commands.insert_resource(level_task(code));
}

pub(super) fn level_task(code: LevelCode) -> MakingRandom {
    let pool = bevy::tasks::AsyncComputeTaskPool::get_or_init(bevy::tasks::TaskPool::new);
    MakingRandom(pool.spawn(async move {
        let level = code.level()?;
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
            commands.insert_resource(CameFrom {
                screen: *screen.get(),
                pack: current.pack,
            });
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
mod tests {
    use super::*;
    use crate::rules::swap::{Cell, Swap};

    /// Random Swap levels differ from seed to seed within a difficulty,
    /// follow the - and + of their size, and leave less room when harder.
    #[test]
    fn random_swap_levels_vary_with_the_seed_size_and_difficulty() {
        let swap = Puzzle::Swap(Swap::new(vec![Cell::L, Cell::Empty, Cell::R], false));
        let shape = RandomShape::default();
        let codes: std::collections::HashSet<String> = (0..4)
            .map(|seed| code_of_seed(&swap, 2, &shape, seed).unwrap().to_string())
            .collect();
        assert_eq!(codes.len(), 4, "{codes:?}");
        let gaps = |d: u8| match code_of_seed(&swap, d, &shape, 0) {
            Some(LevelCode::Swap { gaps, .. }) => gaps,
            _ => panic!(),
        };
        assert!(gaps(1) > gaps(3) && gaps(3) >= gaps(5));
        let mut bigger = shape;
        bigger.step(&swap, true, 2);
        let left = |s: &RandomShape| match code_of_seed(&swap, 3, s, 0) {
            Some(LevelCode::Swap { left, .. }) => left,
            _ => panic!(),
        };
        assert_eq!(left(&bigger), left(&shape) + 2);
        // Every one of them is a level that can be won.
        for d in 1..=5 {
            for seed in 0..4 {
                let code = code_of_seed(&swap, d, &shape, seed).unwrap();
                let level = code.level().unwrap();
                let report = crate::solve::solve(
                    &level.puzzle,
                    crate::solve::Budget::unlimited(),
                    None,
                    false,
                );
                assert!(report.outcome.moves().is_some(), "{code}");
            }
        }
    }
}
