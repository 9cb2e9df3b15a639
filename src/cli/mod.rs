//! The command line: one file per subcommand.

mod bench;
mod check;
mod daily;
mod gen_pack;
mod moves;
pub mod replay;
mod solve;

use crate::game::solver::{Speed, Watch};
use crate::game::{self, GameOptions};
use crate::rules::PuzzleKind;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Parser)]
#[command(
    name = "pond",
    version,
    about = "Pond Puzzles: classic puzzles to play, solve and watch solved, with exact solvers"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Save a screenshot of the title screen once it has settled, then exit.
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
    /// Keep progress in this directory instead of the platform's data
    /// directory (~/.local/share/pond-puzzles on Linux).
    #[arg(long)]
    pub data_dir: Option<PathBuf>,
    /// Print how long the first screen took to show and the frame times over
    /// the next SECONDS, then exit.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub frame_stats: Option<f64>,
}

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The pack to open (a shipped pack's name works from anywhere: `pegs` or `pegs.ron`).
    #[arg(required_unless_present_any = ["code", "replay"])]
    pack: Option<PathBuf>,
    /// Play the level of this code instead: a shipped one (`hop.12`) or a
    /// random one (`F14x14c6d3-4821`, `E4x4t4c4d2-77`, `S3v4`).
    #[arg(long, conflicts_with = "pack")]
    code: Option<String>,
    /// Replay a game's line (`CODE: M1 M2 ...`): open its level and play its
    /// moves as auto-play plays a solution (pause, step, faster, slower).
    #[arg(long, value_name = "LINE", conflicts_with_all = ["pack", "code", "autoplay"])]
    replay: Option<String>,
    /// Open this level (counted from 1) instead of the level select.
    #[arg(long)]
    level: Option<usize>,
    /// Save a screenshot once the screen has settled, then exit.
    #[arg(long)]
    screenshot: Option<PathBuf>,
    /// Start watching the solver at once: its solution, or its search.
    #[arg(long, value_enum)]
    autoplay: Option<WatchName>,
    /// Auto-play's speed: 0.25 to 16, or "instant".
    #[arg(long, value_parser = Speed::parse)]
    speed: Option<Speed>,
    /// Exit when auto-play (or a replay) ends, printing `won: N moves` (or
    /// how it ended); the status is 0 only on a win.
    #[arg(long)]
    exit_when_done: bool,
    /// Open the puzzle's how-to card over the level at once.
    #[arg(long, requires = "level")]
    how_to: bool,
    /// Play this many moves of the solver's solution before the level shows
    /// (a game under way, for pictures; they count as help).
    #[arg(long, requires = "level", default_value_t = 0)]
    moves: usize,
    /// Open the level with the search tree shown beside the board (G shows
    /// and hides it in the game).
    #[arg(long, requires = "level")]
    show_tree: bool,
    /// Keep progress in this directory instead of the platform's data
    /// directory (~/.local/share/pond-puzzles on Linux).
    #[arg(long)]
    data_dir: Option<PathBuf>,
    /// Print how long the first screen took to show and the frame times over
    /// the next SECONDS, then exit (with `--autoplay`, while it plays).
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    frame_stats: Option<f64>,
}

#[derive(Debug, Args)]
pub struct EditArgs {
    /// A pack to take a level from (a shipped pack's name works from
    /// anywhere: `pegs` or `pegs.ron`); without `--level`, a new level of
    /// its puzzle. Without a pack, a new Swap level.
    pack: Option<PathBuf>,
    /// Edit a copy of this level of the pack (counted from 1).
    #[arg(long, requires = "pack")]
    level: Option<usize>,
    /// Save a screenshot once the verdict is shown, then exit.
    #[arg(long)]
    screenshot: Option<PathBuf>,
    /// Keep progress, and save levels, in this directory instead of the
    /// platform's data directory (~/.local/share/pond-puzzles on Linux).
    #[arg(long)]
    data_dir: Option<PathBuf>,
    /// Print how long the first screen took to show and the frame times over
    /// the next SECONDS, then exit.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    frame_stats: Option<f64>,
}

#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The pack (a shipped pack's name works from anywhere: `pegs` or `pegs.ron`).
    pack: PathBuf,
    /// The level to draw (counted from 1).
    #[arg(long)]
    level: usize,
    /// The PNG file to write.
    out: PathBuf,
    /// Play this many moves of the solver's solution first (a game under
    /// way).
    #[arg(long, default_value_t = 0)]
    moves: usize,
}

/// What auto-play shows, as the command line names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum WatchName {
    Solution,
    Search,
    /// The plain search of the first programs: no memory, no pruning.
    Plain,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open a pack in the game, at its level select or at one level.
    Play(PlayArgs),
    /// Open the level editor: a new level, or a copy of a pack's level.
    Edit(EditArgs),
    /// Save a picture of a level, as the game shows it, to a PNG file (for a
    /// pack's README). It draws in a window of its own that closes by
    /// itself; with no display (a server, CI), run it under `xvfb-run -a`.
    Render(RenderArgs),
    /// Solve every level of a pack (or one) and print the moves and figures.
    Solve(solve::SolveArgs),
    /// Load and validate packs; warn about unsolvable levels.
    Check(check::CheckArgs),
    /// Mark every legal move of a level (after some moves) as keeping it
    /// winnable or losing it, with the fewest moves left after it.
    Moves(moves::MovesArgs),
    /// Generate a pack of levels from a seed and print it.
    Gen(gen_pack::GenArgs),
    /// Replay a file of games' lines (`CODE: M1 M2 ...`, one game a line)
    /// one after another in the game, as auto-play plays a solution.
    Replay(replay::ReplayArgs),
    /// Print the codes of a day's levels of the day, one a puzzle (today, UTC, by
    /// default).
    Daily(daily::DailyArgs),
    /// Run the solver workloads and print a table of timings.
    Bench(bench::BenchArgs),
    /// Write the game's sounds as WAV files into a directory, to listen to
    /// (the game plays them in builds with the `audio` feature).
    Sounds {
        /// The directory (made if missing).
        dir: std::path::PathBuf,
    },
    /// Save progress and settings over and over into a directory, as the
    /// game saves them, printing `saved N` after each: for the test that
    /// kills the game mid-write.
    #[command(hide = true)]
    SaveLoop {
        /// The data directory to write.
        dir: std::path::PathBuf,
        /// How many wins to save.
        #[arg(long, default_value_t = 1000)]
        count: usize,
    },
    /// Write the game's drawings, rendered as the game renders them, as PNG
    /// files into a directory (the visual test checks them).
    Art {
        /// The directory (made if missing).
        dir: std::path::PathBuf,
    },
}

/// The most seconds any option takes: about eleven days.
const MOST_SECONDS: f64 = 1e6;

/// A number of seconds from the command line: finite, from 0 to
/// `MOST_SECONDS` (a time budget of `inf` or `NaN` would be no budget, or a
/// panic).
pub(crate) fn seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if (0.0..=MOST_SECONDS).contains(&s) => Ok(s),
        _ => Err(format!(
            "expected a number of seconds from 0 to {MOST_SECONDS}, found \"{text}\""
        )),
    }
}

/// A puzzle as the command line names it: the names of `PuzzleKind`.
fn puzzle_kind() -> impl clap::builder::TypedValueParser<Value = PuzzleKind> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(PuzzleKind::ALL.map(PuzzleKind::name)).try_map(
        |name: String| PuzzleKind::from_name(&name).ok_or_else(|| format!("no puzzle {name}")),
    )
}

pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        None => play(GameOptions {
            teach: cli.screenshot.is_none() && cli.frame_stats.is_none(),
            daily: Some(crate::game::daily::today()),
            screenshot: cli.screenshot,
            data_dir: cli.data_dir,
            frame_stats: cli.frame_stats,
            ..GameOptions::default()
        }),
        Some(Command::Play(args)) => {
            let opened = match (args.code.as_deref(), args.replay.as_deref()) {
                (Some(code), _) => code_level(code).map(|c| (Some(c), None, None)),
                (None, Some(line)) => {
                    replay::open(line).map(|(c, m, stop)| (Some(c), Some(m), stop))
                }
                (None, None) => Ok((None, None, None)),
            };
            let (code, replay, replay_stop) = match opened {
                Ok(o) => o,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::FAILURE;
                }
            };
            if args.exit_when_done && args.autoplay.is_none() && replay.is_none() {
                eprintln!("error: --exit-when-done needs --autoplay or --replay");
                return ExitCode::FAILURE;
            }
            let level = if code.is_some() { Some(1) } else { args.level };
            if args.autoplay.is_some() && level.is_none() {
                eprintln!("error: --autoplay needs a level: --level N or --code CODE");
                return ExitCode::FAILURE;
            }
            let screenshot = args.screenshot.or(cli.screenshot);
            let frame_stats = args.frame_stats.or(cli.frame_stats);
            let teach = screenshot.is_none()
                && args.autoplay.is_none()
                && args.replay.is_none()
                && frame_stats.is_none();
            play(GameOptions {
                teach,
                how_to: args.how_to,
                moves: args.moves,
                pack: args.pack,
                code,
                level,
                screenshot,
                autoplay: args.autoplay.map(|w| match w {
                    WatchName::Solution => Watch::Solution,
                    WatchName::Search => Watch::Search,
                    WatchName::Plain => Watch::Plain,
                }),
                show_tree: args.show_tree,
                speed: args.speed,
                exit_when_done: args.exit_when_done,
                replay,
                replay_stop,
                line_queue: None,
                daily: Some(crate::game::daily::today()),
                data_dir: args.data_dir.or(cli.data_dir),
                frame_stats,
                edit: false,
            })
        }
        Some(Command::Edit(args)) => play(GameOptions {
            daily: Some(crate::game::daily::today()),
            pack: args.pack,
            level: args.level,
            screenshot: args.screenshot.or(cli.screenshot),
            data_dir: args.data_dir.or(cli.data_dir),
            frame_stats: args.frame_stats.or(cli.frame_stats),
            edit: true,
            ..GameOptions::default()
        }),
        Some(Command::Render(args)) => render(args),
        Some(Command::Solve(args)) => solve::run(args),
        Some(Command::Check(args)) => check::run(args),
        Some(Command::Moves(args)) => moves::run(args),
        Some(Command::Gen(args)) => gen_pack::run(args),
        Some(Command::Daily(args)) => daily::run(args),
        Some(Command::Replay(args)) => replay::run_file(args),
        Some(Command::Bench(args)) => bench::run(args),
        Some(Command::Sounds { dir }) => write_sounds(&dir),
        Some(Command::Art { dir }) => write_art(&dir),
        Some(Command::SaveLoop { dir, count }) => save_loop(&dir, count),
    }
}

/// Wins level after level of a pack named `stress.ron` (on from those
/// already won), and flips a
/// setting, saving both after each as the game does.
fn save_loop(dir: &std::path::Path, count: usize) -> ExitCode {
    use crate::game::progress;
    use crate::game::settings;
    use crate::save::Settings;
    use std::io::Write;
    let (mut record, _) = progress::load(dir);
    let mut chosen = Settings::default();
    // On from the wins already kept.
    let kept = record.levels.get("stress.ron").map_or(0, |l| l.len());
    for i in kept + 1..=kept + count {
        record.won("stress.ron", i, i, false);
        chosen.colour_blind = !chosen.colour_blind;
        let saved = progress::save(dir, &record)
            .and_then(|()| progress::save_ron(dir, settings::FILE, &chosen));
        if let Err(e) = saved {
            eprintln!("error: {}: {e}", dir.display());
            return ExitCode::FAILURE;
        }
        println!("saved {i}");
        let _ = std::io::stdout().flush();
    }
    ExitCode::SUCCESS
}

fn write_art(dir: &std::path::Path) -> ExitCode {
    use crate::game::theme::drawing::{self, ANIMALS, Layer};
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("error: {}: {e}", dir.display());
        return ExitCode::FAILURE;
    }
    let pond = [
        ("frog", drawing::FROG),
        ("lily", drawing::LILY),
        ("lotus", drawing::LOTUS),
        ("crown", drawing::CROWN),
        ("reeds", drawing::REEDS),
        ("stones", drawing::STONES),
        ("tile", drawing::TILE),
        ("star", drawing::STAR),
        ("star-empty", drawing::STAR_EMPTY),
    ];
    let animals = ANIMALS.iter().map(|a| (a.name, a.svg));
    for (name, svg) in pond.into_iter().chain(animals) {
        let path = dir.join(format!("{name}.png"));
        let written = drawing::render(svg, Layer::Whole, 128)
            .and_then(|p| p.save_png(&path).map_err(|e| e.to_string()));
        match written {
            Ok(()) => println!("{}", path.display()),
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

fn write_sounds(dir: &std::path::Path) -> ExitCode {
    use crate::game::sound::Sound;
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("error: cannot make {}: {e}", dir.display());
        return ExitCode::FAILURE;
    }
    for s in Sound::ALL {
        let path = dir.join(format!("{}.wav", format!("{s:?}").to_lowercase()));
        if let Err(e) = std::fs::write(&path, s.wav()) {
            eprintln!("error: cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
        println!("{}", path.display());
    }
    ExitCode::SUCCESS
}

/// The level of a code, with the code as written back.
fn code_level(code: &str) -> Result<(String, crate::levels::Level), String> {
    let c = crate::levels::code::LevelCode::parse(code)?;
    Ok((c.to_string(), c.level()?))
}

fn play(options: GameOptions) -> ExitCode {
    if let Some(pack) = &options.pack
        && let Err(e) = crate::levels::load(pack)
    {
        // The game shows the mistake too; say it where the command was typed.
        eprintln!("warning: {e}");
    }
    match game::run(options) {
        bevy::app::AppExit::Success => ExitCode::SUCCESS,
        bevy::app::AppExit::Error(_) => ExitCode::FAILURE,
    }
}

/// `pond render`: the level checked first (a mistake or a missing level is
/// said here, not drawn), then drawn by the game with nothing of the
/// player's (a data directory of its own, no how-to card) and saved.
fn render(args: RenderArgs) -> ExitCode {
    let pack = match crate::levels::load(&args.pack) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(e) = pick_levels(pack.levels.len(), Some(args.level)) {
        eprintln!("error: {}: {e}", args.pack.display());
        return ExitCode::FAILURE;
    }
    #[cfg(target_os = "linux")]
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        eprintln!(
            "error: pond render draws in a window, and there is no display here: run it as `xvfb-run -a pond render ...`"
        );
        return ExitCode::FAILURE;
    }
    let data = std::env::temp_dir().join(format!("pond-render-{}", std::process::id()));
    let status = play(GameOptions {
        pack: Some(args.pack),
        level: Some(args.level),
        moves: args.moves,
        screenshot: Some(args.out.clone()),
        data_dir: Some(data.clone()),
        teach: false,
        ..GameOptions::default()
    });
    let _ = std::fs::remove_dir_all(&data);
    if status == ExitCode::SUCCESS {
        eprintln!("wrote {}", args.out.display());
    }
    status
}

/// Picks levels by their 1-based number, or all of them.
fn pick_levels(count: usize, level: Option<usize>) -> Result<Vec<usize>, String> {
    match level {
        None => Ok((0..count).collect()),
        Some(n) if n >= 1 && n <= count => Ok(vec![n - 1]),
        Some(n) => Err(format!(
            "there is no level {n}: the pack has levels 1 to {count}"
        )),
    }
}
