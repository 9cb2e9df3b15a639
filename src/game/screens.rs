//! The screens: title (the packs), level select, and play (keys and the level
//! being played). Each is a state; leaving one despawns what it spawned.

use super::autoplay::{AutoplayCommand, PlayerInput, Watch};
use super::moves::{BoardCommand, MoveRequested, PlayState};
use super::overlay::{MenuOpen, PlayAction};
use super::packs::{Current, Packs, PendingPacks, add_code_level};
use super::progress::Progress;
use super::settings::ChangeSetting;
use super::theme::text;
use super::{GameOptions, Screen, theme};
use crate::levels::code::{DIFFICULTIES, LevelCode};
use crate::rules::flood::FloodMove;
use crate::rules::hop::Shape;
use crate::rules::{Puzzle, PuzzleMove};
use bevy::prelude::*;

/// Number keys 1 to 9, in order.
const DIGITS: [KeyCode; 9] = [
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
    KeyCode::Digit7,
    KeyCode::Digit8,
    KeyCode::Digit9,
];

/// What a menu button does.
#[derive(Component, Debug, Clone, Copy)]
enum MenuAction {
    OpenPack(usize),
    PlayLevel(usize),
    Back,
    Stats,
    /// A new random level like this pack's, of a difficulty from 1 to 5.
    Random(u8),
    /// Open the box to type or paste a level code.
    EnterCode,
    /// Make the next random level's board bigger or smaller (`true`: its
    /// size; `false`: its colours or kinds).
    Shape(bool, i8),
}

/// The size and colours (or kinds, or frogs) of the random levels the level
/// select makes, per puzzle.
#[derive(Resource, Debug, Clone, Copy)]
pub struct RandomShape {
    pub flood_size: u16,
    pub flood_colours: u8,
    pub escape_size: u8,
    pub escape_kinds: u8,
    pub hop_frogs: u8,
}

impl Default for RandomShape {
    fn default() -> Self {
        RandomShape {
            flood_size: 14,
            flood_colours: 6,
            escape_size: 4,
            escape_kinds: 4,
            hop_frogs: 8,
        }
    }
}

impl RandomShape {
    /// Steps a dimension for this puzzle, within what codes allow.
    fn step(&mut self, puzzle: &Puzzle, size: bool, by: i8) {
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
            _ => {}
        }
    }

    /// The words for each dimension this puzzle has.
    fn describe(&self, puzzle: &Puzzle) -> Vec<(bool, String)> {
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
            Puzzle::Swap(_) => Vec::new(),
        }
    }
}

/// The words of one dimension of the random levels, on the level select.
#[derive(Component)]
struct ShapeLabel(bool);

/// A random level being made in the background (a Flood limit takes the
/// solver up to a second): its code and level, or why not.
#[derive(Resource)]
struct MakingRandom(bevy::tasks::Task<Result<(String, crate::levels::Level), String>>);

/// The first level's puzzle of pack `pack`, if it loaded: what the random
/// levels of its level select are like.
fn first_puzzle(packs: &Packs, pack: usize) -> Option<Puzzle> {
    let pack = packs.0.get(pack)?.pack.as_ref().ok()?;
    pack.levels.first().map(|l| l.puzzle.clone())
}

/// The code of a new random level like `puzzle`, of difficulty `d` (1-5) and
/// the chosen shape, seeded from the clock.
fn random_code(puzzle: &Puzzle, d: u8, shape: &RandomShape) -> Option<LevelCode> {
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |t| t.as_micros() as u64 % 1_000_000);
    Some(match puzzle {
        Puzzle::Swap(_) => LevelCode::Swap {
            left: d + 1,
            right: d + 1 + (seed % 2) as u8,
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
fn make_level(commands: &mut Commands, code: LevelCode) {
    commands.insert_resource(level_task(code));
}

fn level_task(code: LevelCode) -> MakingRandom {
    let pool = bevy::tasks::AsyncComputeTaskPool::get_or_init(bevy::tasks::TaskPool::new);
    MakingRandom(pool.spawn(async move {
        let level = code.level()?;
        Ok((code.to_string(), level))
    }))
}

/// A code typed or pasted in the code box.
fn play_code(mut commands: Commands, mut codes: MessageReader<super::codes::PlayCode>) {
    if let Some(super::codes::PlayCode(code)) = codes.read().last().cloned() {
        make_level(&mut commands, code);
    }
}

fn receive_random(
    mut commands: Commands,
    making: Option<ResMut<MakingRandom>>,
    mut packs: ResMut<Packs>,
    mut current: ResMut<Current>,
    mut next: ResMut<NextState<Screen>>,
    mut entry: ResMut<super::codes::CodeEntry>,
) {
    let Some(mut making) = making else { return };
    let Some(made) = bevy::tasks::futures::check_ready(&mut making.0) else {
        return;
    };
    commands.remove_resource::<MakingRandom>();
    match made {
        Ok((code, level)) => {
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

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuFocus>()
        .init_resource::<RandomShape>()
        .add_systems(Update, open_when_loaded.run_if(in_state(Screen::Loading)))
        .add_systems(OnEnter(Screen::Title), spawn_title)
        .add_systems(OnEnter(Screen::Levels), spawn_levels)
        .add_systems(OnEnter(Screen::Stats), spawn_stats)
        .add_systems(
            Update,
            (
                (menu_buttons, menu_keys, menu_focus)
                    .run_if(super::codes::entry_closed)
                    .before(super::codes::CodeSystems),
                show_level_name,
                play_code,
                receive_random,
            )
                .run_if(
                    in_state(Screen::Title)
                        .or_else(in_state(Screen::Levels))
                        .or_else(in_state(Screen::Stats)),
                ),
        )
        .add_systems(
            Update,
            (play_keys, play_actions)
                .chain()
                .run_if(in_state(Screen::Play).and_then(resource_exists::<PlayState>)),
        );
}

/// Once the packs have loaded: the title, or what the command line opens.
fn open_when_loaded(
    mut commands: Commands,
    options: Option<Res<GameOptions>>,
    packs: Res<Packs>,
    pending: Res<PendingPacks>,
    mut current: ResMut<Current>,
    mut next: ResMut<NextState<Screen>>,
) {
    if !pending.is_empty() {
        return;
    }
    next.set(Screen::Title);
    let Some(options) = options else { return };
    if options.pack.is_none() && options.code.is_none() {
        return;
    }
    current.pack = 0;
    next.set(Screen::Levels);
    if let (Some(n), Some(Ok(pack))) = (options.level, packs.0.first().map(|e| &e.pack))
        && let Some(level) = n.checked_sub(1).and_then(|i| pack.levels.get(i))
    {
        current.level = n - 1;
        commands.insert_resource(PlayState::new(level.clone()));
        next.set(Screen::Play);
    }
}

fn button(action: MenuAction, width: f32, label: impl Bundle) -> impl Bundle {
    (
        Button,
        action,
        Node {
            width: px(width),
            padding: UiRect::axes(px(6), px(8)),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            justify_content: JustifyContent::Center,
            ..default()
        },
        BackgroundColor(theme::BUTTON),
        children![label],
    )
}

fn screen_root(screen: Screen) -> impl Bundle {
    (
        DespawnOnExit(screen),
        Node {
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            justify_content: JustifyContent::Center,
            row_gap: px(14),
            ..default()
        },
    )
}

fn pack_blurb(file: &str) -> &'static str {
    match file {
        "swap.ron" => "Frogs facing each other change sides",
        "hop.ron" => "Jump frogs off the pond until only the red one is left",
        "pegs.ron" => "Peg solitaire: English, European and triangle boards",
        "flood.ron" => "Flood the grid to one colour from the corner",
        "escape.ron" => "Animals leave the prison, each like the last",
        f if LevelCode::parse(f).is_ok() => "A level played by its code",
        _ => "A level pack",
    }
}

fn spawn_title(mut commands: Commands, packs: Res<Packs>, progress: Res<Progress>) {
    commands
        .spawn(screen_root(Screen::Title))
        .with_children(|ui| {
            // More packs than the shipped five (a dropped one, a code's
            // level): a smaller heading and rows, so all fit.
            let compact = packs.0.len() > 5;
            ui.spawn(text(
                "Pond Puzzles",
                if compact { 48.0 } else { 72.0 },
                theme::TEXT,
            ));
            ui.spawn((
                text(
                    "Pick a pack: click, keys 1 to 9, or arrows and Enter.",
                    22.0,
                    theme::TEXT_DIM,
                ),
                Node {
                    margin: UiRect::bottom(px(if compact { 6 } else { 16 })),
                    ..default()
                },
            ));
            if let Some(notice) = &progress.notice {
                ui.spawn((
                    Node {
                        max_width: px(900),
                        padding: UiRect::all(px(10)),
                        ..default()
                    },
                    BackgroundColor(theme::PANEL),
                    children![text(notice.clone(), 17.0, theme::WARN)],
                ));
            }
            for (i, entry) in packs.0.iter().enumerate() {
                let (name, blurb, solved) = match &entry.pack {
                    Ok(p) => (
                        p.name.clone(),
                        pack_blurb(&entry.file).to_string(),
                        format!(
                            "{}/{}",
                            progress.file.solved_in(&entry.file).min(p.levels.len()),
                            p.levels.len()
                        ),
                    ),
                    Err(_) => (
                        entry.file.clone(),
                        "This pack has a mistake: open it to see where".to_string(),
                        String::new(),
                    ),
                };
                let picture = entry
                    .pack
                    .as_ref()
                    .ok()
                    .and_then(|p| p.levels.first())
                    .map(|l| match &l.puzzle {
                        Puzzle::Swap(_) => Picture::Swap,
                        Puzzle::Hop(h) if h.board.shape == Shape::Pond => Picture::Pond,
                        Puzzle::Hop(_) => Picture::Pegs,
                        Puzzle::Flood(_) => Picture::Flood,
                        Puzzle::Escape(_) => Picture::Escape,
                    });
                ui.spawn((
                    Button,
                    MenuAction::OpenPack(i),
                    Node {
                        width: px(860),
                        padding: UiRect::axes(px(10), px(if compact { 2 } else { 6 })),
                        column_gap: px(14),
                        align_items: AlignItems::Center,
                        ..default()
                    },
                    BackgroundColor(theme::BUTTON),
                ))
                .with_children(|b| {
                    spawn_picture(b, picture);
                    b.spawn(Node {
                        flex_direction: FlexDirection::Column,
                        align_items: AlignItems::Center,
                        flex_grow: 1.0,
                        ..default()
                    })
                    .with_children(|t| {
                        t.spawn(text(name, 26.0, theme::TEXT));
                        t.spawn(text(blurb, 17.0, theme::TEXT_DIM));
                    });
                    b.spawn(Node {
                        width: px(80),
                        flex_direction: FlexDirection::Column,
                        align_items: AlignItems::Center,
                        flex_shrink: 0.0,
                        ..default()
                    })
                    .with_children(|t| {
                        t.spawn(text(solved, 22.0, theme::TEXT));
                        t.spawn(text("solved", 14.0, theme::TEXT_DIM));
                    });
                });
            }
            ui.spawn(Node {
                column_gap: px(12),
                ..default()
            })
            .with_children(|row| {
                row.spawn(button(
                    MenuAction::Stats,
                    240.0,
                    text("Statistics", 20.0, theme::TEXT),
                ));
                row.spawn(button(
                    MenuAction::EnterCode,
                    240.0,
                    text("Play a code (K)", 20.0, theme::TEXT),
                ));
            });
        });
}

/// The little picture of a pack's puzzle on the title.
#[derive(Debug, Clone, Copy)]
enum Picture {
    Swap,
    Pond,
    Pegs,
    Flood,
    Escape,
}

/// Draws a pack's picture with UI nodes: a row of frogs, a pond, a peg
/// cross, a flooded grid, or a prison of animals.
fn spawn_picture(ui: &mut ChildSpawnerCommands, picture: Option<Picture>) {
    const W: f32 = 112.0;
    const H: f32 = 56.0;
    let dot = |x: f32, y: f32, size: f32, colour: Color, round: bool| {
        (
            Node {
                position_type: PositionType::Absolute,
                left: px(x - size / 2.0),
                top: px(y - size / 2.0),
                width: px(size),
                height: px(size),
                border_radius: if round {
                    BorderRadius::MAX
                } else {
                    BorderRadius::all(px(2))
                },
                ..default()
            },
            BackgroundColor(colour),
        )
    };
    ui.spawn((
        Node {
            width: px(W),
            height: px(H),
            flex_shrink: 0.0,
            ..default()
        },
        BackgroundColor(theme::WATER),
    ))
    .with_children(|pic| match picture {
        Some(Picture::Swap) => {
            for i in 0..7 {
                let x = 10.0 + i as f32 * 15.3;
                pic.spawn(dot(x, H / 2.0, 13.0, theme::LILY, true));
                let frog = match i {
                    0..=2 => Some(theme::FROG_L),
                    4..=6 => Some(theme::FROG_R),
                    _ => None,
                };
                if let Some(c) = frog {
                    pic.spawn(dot(x, H / 2.0, 9.0, c, true));
                }
            }
        }
        Some(Picture::Pond) => {
            let rows: [&[f32]; 5] = [
                &[0.0, 2.0, 4.0],
                &[1.0, 3.0],
                &[0.0, 2.0, 4.0],
                &[1.0, 3.0],
                &[0.0, 2.0, 4.0],
            ];
            for (r, cols) in rows.iter().enumerate() {
                for &c in *cols {
                    let (x, y) = (W / 2.0 + (c - 2.0) * 11.0, 6.0 + r as f32 * 11.0);
                    pic.spawn(dot(x, y, 9.0, theme::LILY, true));
                    if (r + c as usize).is_multiple_of(3) {
                        pic.spawn(dot(x, y, 6.0, theme::FROG_GREEN, true));
                    }
                }
            }
            pic.spawn(dot(W / 2.0, 6.0 + 2.0 * 11.0, 6.0, theme::FROG_RED, true));
        }
        Some(Picture::Pegs) => {
            for r in 0..7 {
                for c in 0..7 {
                    if !(2..=4).contains(&r) && !(2..=4).contains(&c) {
                        continue;
                    }
                    let (x, y) = (W / 2.0 + (c as f32 - 3.0) * 7.6, 5.0 + r as f32 * 7.6);
                    let filled = !(r == 3 && c == 3);
                    pic.spawn(dot(
                        x,
                        y,
                        6.0,
                        if filled {
                            theme::FROG_GREEN
                        } else {
                            theme::LILY_DARK
                        },
                        true,
                    ));
                }
            }
        }
        Some(Picture::Flood) => {
            // The corner's colour spreading into a random-looking grid.
            for r in 0..6 {
                for c in 0..12 {
                    let flooded = r + c < 6 && (r * 7 + c * 3) % 5 != 4;
                    let k = if flooded {
                        1
                    } else {
                        (r * 5 + c * 7 + r * c) % 6
                    };
                    let (x, y) = (6.0 + c as f32 * 9.2, 5.0 + r as f32 * 9.2);
                    pic.spawn(dot(x, y, 8.6, theme::PALETTE[k], false));
                }
            }
        }
        Some(Picture::Escape) => {
            for r in 0..3 {
                for c in 0..4 {
                    let (x, y) = (22.0 + c as f32 * 15.0, 10.0 + r as f32 * 17.0);
                    pic.spawn(dot(
                        x,
                        y,
                        11.0,
                        theme::PALETTE[(r * 2 + c) % 4],
                        (r + c) % 2 == 0,
                    ));
                }
            }
            // The gate on the east side.
            for r in 0..3 {
                pic.spawn(dot(86.0, 10.0 + r as f32 * 17.0, 3.0, theme::LILY, false));
            }
        }
        None => {
            pic.spawn(dot(W / 2.0, H / 2.0, 20.0, theme::WARN, true));
        }
    });
}

fn spawn_stats(mut commands: Commands, packs: Res<Packs>, progress: Res<Progress>) {
    let file = &progress.file;
    let mut stars = 0;
    let mut moves = 0;
    let mut rows: Vec<String> = Vec::new();
    for entry in &packs.0 {
        let Ok(pack) = &entry.pack else { continue };
        let records = file.levels.get(&entry.file);
        let solved = records.map_or(0, |r| r.len()).min(pack.levels.len());
        let pack_stars: u32 = records.map_or(0, |r| {
            r.values().filter_map(|l| l.stars()).map(u32::from).sum()
        });
        let pack_moves: usize = records.map_or(0, |r| r.values().map(|l| l.best).sum());
        stars += pack_stars;
        moves += pack_moves;
        rows.push(format!(
            "{:<28} {:>3} of {:>3} solved   {:>3} stars   {:>5} moves",
            short(&pack.name, 28),
            solved,
            pack.levels.len(),
            pack_stars,
            pack_moves
        ));
    }
    let secs = file.seconds_played;
    let played = format!(
        "Time played: {} h {:02} min {:02} s.   Stars: {stars}.   Moves in best solutions: {moves}.",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    );
    commands
        .spawn(screen_root(Screen::Stats))
        .with_children(|ui| {
            ui.spawn(text("Statistics", 48.0, theme::TEXT));
            ui.spawn((
                Node {
                    flex_direction: FlexDirection::Column,
                    padding: UiRect::all(px(16)),
                    row_gap: px(6),
                    ..default()
                },
                BackgroundColor(theme::PANEL),
            ))
            .with_children(|panel| {
                for row in rows {
                    panel.spawn(text(row, 20.0, theme::TEXT));
                }
            });
            ui.spawn(text(played, 20.0, theme::TEXT_DIM));
            ui.spawn(button(
                MenuAction::Back,
                240.0,
                text("Back (Esc)", 20.0, theme::TEXT),
            ));
        });
}

fn spawn_levels(
    mut commands: Commands,
    packs: Res<Packs>,
    current: Res<Current>,
    progress: Res<Progress>,
    shape: Res<RandomShape>,
) {
    let Some(entry) = packs.0.get(current.pack) else {
        return;
    };
    commands
        .spawn(screen_root(Screen::Levels))
        .with_children(|ui| {
            match &entry.pack {
                Err(e) => {
                    ui.spawn(text(
                        format!("{} could not be loaded", entry.file),
                        34.0,
                        theme::WARN,
                    ));
                    ui.spawn((
                        Node {
                            max_width: px(900),
                            padding: UiRect::all(px(16)),
                            ..default()
                        },
                        BackgroundColor(theme::PANEL),
                        children![text(e.to_string(), 20.0, theme::TEXT)],
                    ));
                }
                Ok(pack) => {
                    ui.spawn(text(pack.name.clone(), 40.0, theme::TEXT));
                    // Big packs get smaller buttons, so every level fits on
                    // one screen of 1280x720.
                    let compact = pack.levels.len() > 24;
                    let (width, name_chars, gap) = if compact {
                        (118.0, 13, 6)
                    } else {
                        (180.0, 22, 8)
                    };
                    ui.spawn(Node {
                        flex_wrap: FlexWrap::Wrap,
                        justify_content: JustifyContent::Center,
                        max_width: px(1250),
                        column_gap: px(gap),
                        row_gap: px(gap),
                        ..default()
                    })
                    .with_children(|grid| {
                        for (i, level) in pack.levels.iter().enumerate() {
                            let record = progress.file.record(&entry.file, i);
                            let best = record.map(|r| r.best);
                            let stars = record
                                .and_then(|r| r.stars())
                                .map(|n| "*".repeat(n as usize))
                                .unwrap_or_default();
                            let number = match best {
                                Some(b) => format!("{}  {b} {stars}", i + 1),
                                None => format!("{}", i + 1),
                            };
                            let colour = if best.is_some() {
                                theme::WIN
                            } else {
                                theme::TEXT
                            };
                            // Compact buttons name the grade, when there is one.
                            let (name, grade) = match (&level.grade, compact) {
                                (Some(g), true) => (g.clone(), String::new()),
                                (g, _) => (
                                    short(&level.name, name_chars),
                                    g.clone().unwrap_or_default(),
                                ),
                            };
                            grid.spawn(button(
                                MenuAction::PlayLevel(i),
                                width,
                                (
                                    Node {
                                        flex_direction: FlexDirection::Column,
                                        align_items: AlignItems::Center,
                                        ..default()
                                    },
                                    children![
                                        text(number, if compact { 17.0 } else { 20.0 }, colour),
                                        text(name, 12.0, theme::TEXT),
                                        text(grade, 12.0, theme::TEXT_DIM),
                                    ],
                                ),
                            ));
                        }
                    });
                    // The full name of the level under the pointer or the
                    // keyboard's outline.
                    ui.spawn((
                        LevelName,
                        text("Point at a level to see its name.", 18.0, theme::TEXT_DIM),
                    ));
                    let first = pack.levels.first().map(|l| &l.puzzle);
                    let random =
                        first.is_some_and(|p| random_code(p, 1, &RandomShape::default()).is_some());
                    if let Some(puzzle) = first.filter(|_| random) {
                        let dims = shape.describe(puzzle);
                        if !dims.is_empty() {
                            ui.spawn(Node {
                                column_gap: px(8),
                                align_items: AlignItems::Center,
                                ..default()
                            })
                            .with_children(|row| {
                                row.spawn(text("Random levels:", 18.0, theme::TEXT_DIM));
                                for (size, words) in dims {
                                    row.spawn(button(
                                        MenuAction::Shape(size, -1),
                                        40.0,
                                        text("-", 18.0, theme::TEXT),
                                    ));
                                    row.spawn((
                                        ShapeLabel(size),
                                        Node {
                                            min_width: px(150),
                                            justify_content: JustifyContent::Center,
                                            ..default()
                                        },
                                        children![text(words, 18.0, theme::TEXT)],
                                    ));
                                    row.spawn(button(
                                        MenuAction::Shape(size, 1),
                                        40.0,
                                        text("+", 18.0, theme::TEXT),
                                    ));
                                }
                                row.spawn(text(
                                    "a new seed each time (K plays a code)",
                                    15.0,
                                    theme::TEXT_DIM,
                                ));
                            });
                        }
                    }
                    if random {
                        ui.spawn(Node {
                            column_gap: px(8),
                            align_items: AlignItems::Center,
                            ..default()
                        })
                        .with_children(|row| {
                            row.spawn(text("A new random level:", 18.0, theme::TEXT_DIM));
                            for (d, name) in DIFFICULTIES.iter().enumerate() {
                                row.spawn(button(
                                    MenuAction::Random(d as u8 + 1),
                                    110.0,
                                    text(*name, 16.0, theme::TEXT),
                                ));
                            }
                        });
                    }
                }
            }
            ui.spawn(button(
                MenuAction::Back,
                240.0,
                text("Back (Esc)", 20.0, theme::TEXT),
            ));
        });
}

fn short(name: &str, max: usize) -> String {
    if name.chars().count() <= max {
        name.to_string()
    } else {
        name.chars()
            .take(max.saturating_sub(3))
            .chain("...".chars())
            .collect()
    }
}

fn menu_buttons(
    mut commands: Commands,
    mut buttons: Query<(&Interaction, &MenuAction, &mut BackgroundColor), Changed<Interaction>>,
    packs: Res<Packs>,
    mut current: ResMut<Current>,
    mut next: ResMut<NextState<Screen>>,
) {
    for (interaction, action, mut colour) in &mut buttons {
        match interaction {
            Interaction::Hovered => colour.0 = theme::BUTTON_HOVER,
            Interaction::None => colour.0 = theme::BUTTON,
            Interaction::Pressed => {
                do_menu_action(*action, &mut commands, &packs, &mut current, &mut next);
            }
        }
    }
}

fn do_menu_action(
    action: MenuAction,
    commands: &mut Commands,
    packs: &Packs,
    current: &mut Current,
    next: &mut NextState<Screen>,
) {
    match action {
        MenuAction::OpenPack(i) => {
            current.pack = i;
            next.set(Screen::Levels);
        }
        MenuAction::PlayLevel(i) => {
            start_level(commands, packs, current, i, next);
        }
        MenuAction::Back => next.set(Screen::Title),
        MenuAction::Stats => next.set(Screen::Stats),
        MenuAction::EnterCode => {
            commands.queue(|world: &mut World| {
                let mut entry = world.resource_mut::<super::codes::CodeEntry>();
                entry.open = true;
                entry.error = None;
            });
        }
        MenuAction::Shape(size, by) => {
            let first = first_puzzle(packs, current.pack);
            if let Some(puzzle) = first {
                commands.queue(move |world: &mut World| {
                    world.resource_mut::<RandomShape>().step(&puzzle, size, by);
                    let words = world.resource::<RandomShape>().describe(&puzzle);
                    let mut labels = world.query::<(&ShapeLabel, &Children)>();
                    let texts: Vec<(Entity, String)> = labels
                        .iter(world)
                        .filter_map(|(l, c)| {
                            let w = words.iter().find(|(s, _)| *s == l.0)?;
                            Some((*c.first()?, w.1.clone()))
                        })
                        .collect();
                    for (e, w) in texts {
                        if let Some(mut t) = world.get_mut::<Text>(e) {
                            t.0 = w;
                        }
                    }
                });
            }
        }
        MenuAction::Random(d) => {
            let first = first_puzzle(packs, current.pack);
            if let Some(puzzle) = first {
                commands.queue(move |world: &mut World| {
                    let shape = *world.resource::<RandomShape>();
                    if let Some(code) = random_code(&puzzle, d, &shape) {
                        world.insert_resource(level_task(code));
                    }
                });
            }
        }
    }
}

/// The line under the level grid that names the level pointed at.
#[derive(Component)]
struct LevelName;

fn show_level_name(
    buttons: Query<(Entity, &Interaction, &MenuAction)>,
    focus: Res<MenuFocus>,
    packs: Res<Packs>,
    current: Res<Current>,
    mut line: Query<&mut Text, With<LevelName>>,
) {
    let pointed = buttons
        .iter()
        .find(|(_, i, _)| **i != Interaction::None)
        .or_else(|| {
            focus
                .0
                .and_then(|f| buttons.iter().find(|(e, _, _)| *e == f))
        })
        .and_then(|(_, _, a)| match a {
            MenuAction::PlayLevel(i) => Some(*i),
            _ => None,
        });
    let Some(Ok(pack)) = packs.0.get(current.pack).map(|e| &e.pack) else {
        return;
    };
    let Some(level) = pointed.and_then(|i| pack.levels.get(i)) else {
        return;
    };
    let grade = level
        .grade
        .as_deref()
        .map(|g| format!("  ({g})"))
        .unwrap_or_default();
    let words = format!("{}. {}{grade}", pointed.unwrap_or(0) + 1, level.name);
    for mut t in &mut line {
        if t.0 != words {
            t.0 = words.clone();
        }
    }
}

/// The menu button the keyboard is on (outlined); arrows move it to the
/// nearest button that way, Enter presses it.
#[derive(Resource, Default)]
struct MenuFocus(Option<Entity>);

fn menu_focus(
    mut commands: Commands,
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Query<(Entity, &MenuAction, &UiGlobalTransform)>,
    mut focus: ResMut<MenuFocus>,
    packs: Res<Packs>,
    mut current: ResMut<Current>,
    mut next: ResMut<NextState<Screen>>,
) {
    let way = super::keys::arrow(&keys, true);
    let at = |e: Entity| buttons.get(e).ok().map(|(_, _, t)| t.translation);
    let old = focus.0.filter(|&e| buttons.contains(e));
    if let Some(way) = way {
        let chosen = match old.and_then(at) {
            None => buttons
                .iter()
                .min_by(|a, b| {
                    (a.2.translation.y, a.2.translation.x)
                        .partial_cmp(&(b.2.translation.y, b.2.translation.x))
                        .unwrap_or(std::cmp::Ordering::Equal)
                })
                .map(|b| b.0),
            Some(from) => super::keys::nearest_toward(
                from,
                way,
                3.0,
                buttons.iter().map(|(e, _, t)| (e, t.translation)),
            )
            .or(old),
        };
        if let Some(e) = old {
            commands.entity(e).remove::<Outline>();
        }
        if let Some(e) = chosen {
            commands
                .entity(e)
                .insert(Outline::new(px(3), px(2), theme::HIGHLIGHT));
        }
        focus.0 = chosen;
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter])
        && let Some((_, &action, _)) = old.and_then(|e| buttons.get(e).ok())
    {
        do_menu_action(action, &mut commands, &packs, &mut current, &mut next);
    }
}

fn start_level(
    commands: &mut Commands,
    packs: &Packs,
    current: &mut Current,
    index: usize,
    next: &mut NextState<Screen>,
) -> bool {
    let Some(Ok(pack)) = packs.0.get(current.pack).map(|e| &e.pack) else {
        return false;
    };
    let Some(level) = pack.levels.get(index) else {
        return false;
    };
    current.level = index;
    commands.insert_resource(PlayState::new(level.clone()));
    next.set(Screen::Play);
    true
}

fn menu_keys(
    keys: Res<ButtonInput<KeyCode>>,
    screen: Res<State<Screen>>,
    packs: Res<Packs>,
    mut current: ResMut<Current>,
    mut next: ResMut<NextState<Screen>>,
) {
    match screen.get() {
        Screen::Title => {
            for (i, key) in DIGITS.iter().enumerate() {
                if keys.just_pressed(*key) && i < packs.0.len() {
                    current.pack = i;
                    next.set(Screen::Levels);
                }
            }
        }
        Screen::Levels | Screen::Stats if keys.just_pressed(KeyCode::Escape) => {
            next.set(Screen::Title)
        }
        _ => {}
    }
}

fn play_keys(
    keys: Res<ButtonInput<KeyCode>>,
    state: Res<PlayState>,
    menu: Res<MenuOpen>,
    mut board: MessageWriter<BoardCommand>,
    mut moves: MessageWriter<MoveRequested>,
    mut watch: MessageWriter<AutoplayCommand>,
    mut input: MessageWriter<PlayerInput>,
    mut actions: MessageWriter<PlayAction>,
) {
    let ctrl = super::keys::ctrl(&keys);
    for (key, action) in [
        (KeyCode::Escape, PlayAction::Menu),
        (KeyCode::KeyL, PlayAction::LevelSelect),
        (KeyCode::KeyT, PlayAction::Title),
        (KeyCode::Backspace, PlayAction::Replay),
        (KeyCode::KeyC, PlayAction::ColourBlind),
        (KeyCode::KeyA, PlayAction::AnimationSpeed),
        (KeyCode::KeyF, PlayAction::Fullscreen),
        (KeyCode::KeyV, PlayAction::Volume),
        (KeyCode::KeyM, PlayAction::Mute),
    ] {
        // Ctrl+C copies the code; no key with Ctrl does its plain action.
        if keys.just_pressed(key) && !ctrl {
            actions.write(action);
        }
    }
    // With the menu open, the board takes no input.
    if menu.0 {
        return;
    }
    if keys.just_pressed(KeyCode::KeyN) {
        actions.write(PlayAction::NextLevel);
    }
    if keys.just_pressed(KeyCode::KeyU) || (ctrl && keys.just_pressed(KeyCode::KeyZ)) {
        board.write(BoardCommand::Undo);
        input.write(PlayerInput);
    }
    if keys.just_pressed(KeyCode::KeyR) || (ctrl && keys.just_pressed(KeyCode::KeyY)) {
        board.write(BoardCommand::Redo);
        input.write(PlayerInput);
    }
    for (key, command) in [
        (KeyCode::KeyS, AutoplayCommand::Start(Watch::Solution)),
        (KeyCode::KeyW, AutoplayCommand::Start(Watch::Search)),
        (KeyCode::KeyH, AutoplayCommand::Hint),
        (KeyCode::Space, AutoplayCommand::Pause),
        (KeyCode::Period, AutoplayCommand::Step),
        (KeyCode::KeyX, AutoplayCommand::Stop),
        (KeyCode::Minus, AutoplayCommand::Slower),
        (KeyCode::Equal, AutoplayCommand::Faster),
    ] {
        if keys.just_pressed(key) && !ctrl {
            watch.write(command);
        }
    }
    if let Puzzle::Flood(f) = &state.puzzle {
        for (i, key) in DIGITS.iter().enumerate() {
            if keys.just_pressed(*key) && (i as u8) < f.colours {
                moves.write(MoveRequested(PuzzleMove::Flood(FloodMove {
                    colour: i as u8,
                })));
                input.write(PlayerInput);
            }
        }
    }
}

/// The banners' and the menu's buttons, and their keys.
fn play_actions(
    mut commands: Commands,
    mut actions: MessageReader<PlayAction>,
    packs: Res<Packs>,
    mut current: ResMut<Current>,
    mut menu: ResMut<MenuOpen>,
    mut next: ResMut<NextState<Screen>>,
    mut board: MessageWriter<BoardCommand>,
    mut input: MessageWriter<PlayerInput>,
    mut setting: MessageWriter<ChangeSetting>,
) {
    for action in actions.read() {
        match action {
            PlayAction::Menu => menu.0 = !menu.0,
            PlayAction::NextLevel => {
                let following = current.level + 1;
                if !start_level(&mut commands, &packs, &mut current, following, &mut next) {
                    next.set(Screen::Levels);
                }
            }
            PlayAction::Replay => {
                menu.0 = false;
                board.write(BoardCommand::Restart);
                input.write(PlayerInput);
            }
            PlayAction::Undo => {
                board.write(BoardCommand::Undo);
                input.write(PlayerInput);
            }
            PlayAction::LevelSelect => next.set(Screen::Levels),
            PlayAction::Title => next.set(Screen::Title),
            PlayAction::ColourBlind => {
                setting.write(ChangeSetting::ColourBlind);
            }
            PlayAction::AnimationSpeed => {
                setting.write(ChangeSetting::AnimationSpeed);
            }
            PlayAction::Fullscreen => {
                setting.write(ChangeSetting::Fullscreen);
            }
            PlayAction::Volume => {
                setting.write(ChangeSetting::Volume);
            }
            PlayAction::Mute => {
                setting.write(ChangeSetting::Mute);
            }
        }
    }
}
