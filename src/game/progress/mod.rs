//! The player's progress as the game keeps it: the file (`pond_core::save`)
//! opened when the game starts, the time played counted, each win recorded as it
//! comes, and the level's shortest solution looked up in the background for
//! the stars.

pub use crate::save::*;

use super::packs::{Current, Packs};
use super::play::{LevelWon, PlayState, PlaySystems};
use super::{GameOptions, Screen};
use crate::solve::{self, Budget, Outcome};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, TaskPool};
use std::path::PathBuf;
use std::time::Duration;

pub use super::options::DataOpened;

/// The platform's data directory for the game (on Linux
/// `$XDG_DATA_HOME/pond-puzzles` when that is an absolute path, else
/// `~/.local/share/pond-puzzles`); `--data-dir` chooses another.
pub fn default_dir() -> Option<PathBuf> {
    dirs::data_dir().map(|d| d.join("pond-puzzles"))
}

/// The progress in play, and where it is saved (None: kept in memory only,
/// as in tests).
#[derive(Resource, Default)]
pub struct Progress {
    pub file: ProgressFile,
    pub dir: Option<PathBuf>,
    /// Something to tell the player about the file, once.
    pub notice: Option<String>,
    /// The searches for won levels' shortest solutions: the pack, the
    /// level, and the search (the level's id, and what it found).
    shortest: Vec<(String, usize, ShortestTask)>,
    /// Playing time not yet a whole second.
    unsaved_seconds: f64,
}

impl Progress {
    /// Whether the shortest solution of this level is being looked for.
    pub fn finding_shortest(&self, file: &str, level: usize) -> bool {
        self.shortest
            .iter()
            .any(|(f, l, _)| f == file && *l == level)
    }
}

/// The memory the search for a won level's shortest solution may hold.
const SHORTEST_MEMORY: usize = 1 << 30;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Progress>()
        .add_systems(Startup, open.in_set(DataOpened))
        .add_systems(OnExit(Screen::Play), save_time)
        .add_systems(
            Update,
            (count_time, record_wins, receive_shortest)
                .chain()
                .in_set(PlaySystems::Present),
        )
        // After every change of the packs this frame (a reload among them),
        // before the level select they show is built again the next.
        .add_systems(PostUpdate, follow_levels);
}

/// A search for a won level's shortest solution: the level's id and the
/// length found (none when not proven within its budget).
type ShortestTask = Task<(u64, Option<usize>)>;

/// When packs are read (at start, on a reload, a pack dropped in), each
/// pack's records move to where their levels are now (`ProgressFile::follow`):
/// a level moved, inserted above or renamed keeps its stars.
fn follow_levels(packs: Res<Packs>, mut progress: ResMut<Progress>) {
    if !packs.is_changed() {
        return;
    }
    let mut moved = false;
    for entry in &packs.0 {
        if let Ok(pack) = &entry.pack {
            let ids: Vec<u64> = pack.levels.iter().map(crate::levels::level_id).collect();
            let file = &mut progress.bypass_change_detection().file;
            moved |= file.follow(&entry.file, &ids);
            // A level won in the editor before it was saved here.
            if entry.own_file() {
                moved |= file.adopt(super::packs::EDITED, &entry.file, &ids);
            }
        }
    }
    if moved {
        progress.set_changed();
        persist(&mut progress);
    }
}

fn open(mut commands: Commands, options: Option<Res<GameOptions>>, mut progress: ResMut<Progress>) {
    let Some(options) = options else { return };
    let Some(dir) = options.data_dir.clone().or_else(default_dir) else {
        progress.notice = Some("No data directory: progress is not saved.".into());
        return;
    };
    let (file, loaded) = load(&dir);
    if let Loaded::MovedAside(aside, why) = &loaded {
        let words = format!(
            "The progress file could not be read ({why}); it was moved to {} and the game starts clean.",
            aside.display()
        );
        warn!("{words}");
        progress.notice = Some(words);
    }
    progress.file = file;
    if let Some(words) = progress.file.in_range() {
        warn!("{words}");
        progress.notice = Some(words);
    }
    commands.insert_resource(super::options::DataDir(Some(dir.clone())));
    progress.dir = Some(dir);
}

/// Time in a level counts as played; it is written with the next save (a
/// win, or leaving the level).
fn count_time(time: Res<Time<Real>>, mut progress: ResMut<Progress>) {
    let p = progress.bypass_change_detection();
    p.unsaved_seconds += time.delta_secs_f64();
    let whole = p.unsaved_seconds.floor();
    p.file.seconds_played = p.file.seconds_played.saturating_add(whole as u64);
    p.unsaved_seconds -= whole;
}

fn save_time(mut progress: ResMut<Progress>) {
    persist(&mut progress);
}

fn persist(progress: &mut Progress) {
    if let Some(dir) = progress.dir.clone()
        && let Err(e) = save(&dir, &progress.file)
    {
        let words = format!("Progress could not be saved in {}: {e}", dir.display());
        warn!("{words}");
        progress.notice = Some(words);
    }
}

/// A win is written down at once, and the level's shortest solution is
/// looked up in the background for the stars. A game's line replayed to its
/// win (a pasted game, a best watched again) is no game of the player's: it
/// keeps no record; a replay stopped and played on to a win is a helped one.
fn record_wins(
    mut won: MessageReader<LevelWon>,
    state: Res<PlayState>,
    packs: Res<Packs>,
    current: Res<Current>,
    mut progress: ResMut<Progress>,
    memory: Res<crate::game::memory::SearchMemory>,
    daily: Option<Res<crate::game::daily::DailyLevels>>,
) {
    let Some(win) = won.read().last().copied() else {
        return;
    };
    if state.replayed {
        return;
    }
    let Some(entry) = packs.0.get(current.pack) else {
        return;
    };
    let file = entry.file.clone();
    let level = current.level;
    let id = crate::levels::level_id(&state.level);
    let mut places = vec![(file.clone(), level)];
    if entry.origin == super::packs::Origin::Editor {
        // (The editor's one place holds the record of the level played now:
        // `follow_levels` set aside the one before, when it was replaced.)
        // The same level saved in a pack of the player's is won there too.
        places.extend(same_level_in_own_packs(&packs, id));
    }
    let moves: Vec<String> = state.done.iter().map(|(mv, _)| mv.to_string()).collect();
    // Where every win takes as many moves, a win is as good as the moves
    // it played in all (those taken back too), and its shortest is known.
    let same_length = crate::solve::moves::counts_ways(&state.level.puzzle);
    let score = match same_length {
        true => win.moves + win.taken_back,
        false => win.moves,
    };
    for (file, level) in &places {
        if progress
            .file
            .won_in(file, *level, score, win.helped, Some(win.secs))
        {
            progress.file.keep_best_line(file, *level, moves.join(" "));
        }
        progress.file.identify(file, *level, id);
        if same_length {
            progress.file.learn_shortest(file, *level, win.moves);
        }
    }
    // A level of the day won by the player's own moves marks the day.
    if let Some(daily) = daily
        && daily.holds(&file)
        && !win.helped
    {
        progress.file.won_daily_level(daily.date, &file);
    }
    let known = progress
        .file
        .record(&file, level)
        .is_some_and(|r| r.shortest.is_some());
    persist(&mut progress);
    if !known {
        let start = state.level.puzzle.clone();
        let shared = Some(memory.0.clone());
        let pool = AsyncComputeTaskPool::get_or_init(TaskPool::new);
        let task = pool.spawn(async move {
            // The solver's own budget: a time, and the memory its tables may
            // hold, within what the game's searches share.
            let budget = Budget {
                time: Some(Duration::from_secs(5)),
                memory: Some(SHORTEST_MEMORY),
                shared,
                ..Budget::default()
            };
            let report =
                crate::game::memory::then_let_go(|| solve::solve(&start, budget, None, false));
            let found = match report.outcome {
                Outcome::Solved {
                    moves,
                    optimal: true,
                } => Some(moves.len()),
                _ => None,
            };
            (id, found)
        });
        progress.shortest.push((file, level, task));
    }
}

/// Where the level `id` is in the player's own packs: (file, level).
fn same_level_in_own_packs(packs: &Packs, id: u64) -> Vec<(String, usize)> {
    packs
        .0
        .iter()
        .filter(|e| e.own_file())
        .filter_map(|e| Some((e, e.pack.as_ref().ok()?)))
        .flat_map(|(e, pack)| {
            pack.levels
                .iter()
                .enumerate()
                .filter(move |(_, l)| crate::levels::level_id(l) == id)
                .map(move |(i, _)| (e.file.clone(), i))
        })
        .collect()
}

fn receive_shortest(mut progress: ResMut<Progress>) {
    if progress.shortest.is_empty() {
        return;
    }
    let mut done = Vec::new();
    let p = progress.bypass_change_detection();
    p.shortest.retain_mut(
        |(file, level, task)| match bevy::tasks::futures::check_ready(task) {
            Some(found) => {
                done.push((file.clone(), *level, found));
                false
            }
            None => true,
        },
    );
    if done.is_empty() {
        return;
    }
    for (file, level, (id, found)) in done {
        // Only on the level it was found for (its pack may have moved it).
        if let Some(n) = found
            && let Some(r) = progress
                .file
                .levels
                .get_mut(&file)
                .and_then(|l| l.get_mut(&(level + 1)))
            && r.id.is_none_or(|i| i == id)
        {
            r.shortest = Some(n);
        }
        // Every other record of the same level (the editor's level saved in
        // a pack) learns it too.
        if let Some(n) = found {
            for r in progress
                .file
                .levels
                .values_mut()
                .flat_map(|l| l.values_mut())
            {
                if r.id == Some(id) && r.shortest.is_none() {
                    r.shortest = Some(n);
                }
            }
        }
    }
    persist(&mut progress);
}
