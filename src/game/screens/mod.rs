//! The screens: the title (the packs), a pack's level select, statistics,
//! and the play screen's keys. Each is a state; leaving one despawns what it
//! spawned. The buttons of the menu screens send a `MenuAction`.

mod fade;
mod focus;
mod levels;
mod menu_keys;
mod play;
mod random;
pub mod scroll;
mod setup;
mod stats;
mod title;

pub use random::RandomShape;

use super::packs::{Current, Packs, PendingPacks};
use super::play::PlayState;
use super::theme::widget;
use super::{GameOptions, Screen, editor, theme};
use bevy::input_focus::tab_navigation::{TabGroup, TabIndex};
use bevy::prelude::*;
use focus::{MenuFocus, menu_focus};
use levels::{show_level_name, spawn_levels};
use menu_keys::menu_keys;
use random::{
    RandomKind, ShapeLabel, first_puzzle, level_task, play_code, random_code, receive_random,
};
use stats::spawn_stats;
use title::spawn_title;

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

/// What a button of the title, the level select or the statistics does.
#[derive(Message, Component, Debug, Clone, Copy, PartialEq, Eq)]
#[require(TabIndex)]
enum MenuAction {
    OpenPack(usize),
    PlayLevel(usize),
    Back,
    Stats,
    /// A new random level like this pack's, of a difficulty from 1 to 5.
    Random(u8),
    /// Open the box to type or paste a level code.
    EnterCode,
    /// Step one dimension of the next random level (by its index: the
    /// puzzle's size, then its colours or kinds) up or down.
    Shape(usize, i8),
    /// In a pack that mixes puzzles: random levels of this one.
    RandomOf(crate::rules::PuzzleKind),
    /// The level editor, on a new level of the pack's puzzle.
    NewLevel,
    /// The level editor, on a copy of the level pointed at (or the first).
    EditCopy,
    /// The level of the day of this puzzle (its place in the day's list).
    Daily(usize),
    /// The player's best game of the level pointed at, replayed.
    WatchBest,
    /// The settings screen.
    Settings,
    /// A setting changed (on the settings screen).
    Setting(crate::game::options::ChangeSetting),
    /// The level editor on a new level, from the title.
    MakeLevel,
}

pub(super) fn plugin(app: &mut App) {
    app.add_observer(widget::activate::<MenuAction>)
        .init_resource::<MenuFocus>()
        .init_resource::<levels::Pointed>()
        .init_resource::<RandomShape>()
        .init_resource::<RandomKind>()
        .add_message::<MenuAction>()
        .add_systems(Update, open_when_loaded.run_if(in_state(Screen::Loading)))
        .add_systems(OnEnter(Screen::Title), spawn_title)
        .add_systems(
            Update,
            (title::fill_daily_row, title::fit_title).run_if(in_state(Screen::Title)),
        )
        .add_systems(
            OnEnter(Screen::Levels),
            (spawn_levels, |mut p: ResMut<levels::Pointed>| p.0 = None),
        )
        .add_systems(OnEnter(Screen::Stats), spawn_stats)
        .add_systems(
            Update,
            setup::spawn_settings.run_if(in_state(Screen::Settings)),
        )
        .add_systems(
            Update,
            (
                (menu_keys, menu_focus, menu_actions)
                    .chain()
                    .run_if(super::codes::entry_closed)
                    .before(super::codes::CodeSystems),
                (show_level_name, levels::show_watch_best),
            )
                .run_if(
                    in_state(Screen::Title)
                        .or_else(in_state(Screen::Levels))
                        .or_else(in_state(Screen::Stats))
                        .or_else(in_state(Screen::Settings)),
                ),
        )
        // A code opens its level from the play screen too: the next game of
        // a file of games (`pond replay`).
        .add_systems(
            Update,
            (play_code, receive_random).run_if(
                in_state(Screen::Title)
                    .or_else(in_state(Screen::Levels))
                    .or_else(in_state(Screen::Stats))
                    .or_else(in_state(Screen::Play)),
            ),
        )
        .add_plugins((play::plugin, fade::plugin, scroll::plugin));
}

/// Once the packs have loaded: the title, or what the command line opens.
/// The shipped packs come first, in their order, whatever else was named:
/// the keys 1 to 5 always open the same five.
fn open_when_loaded(
    mut commands: Commands,
    options: Option<Res<GameOptions>>,
    mut packs: ResMut<Packs>,
    pending: Res<PendingPacks>,
    mut current: ResMut<Current>,
    mut next: ResMut<NextState<Screen>>,
) {
    if !pending.is_empty() {
        return;
    }
    let rank = |file: &str| {
        crate::levels::SHIPPED
            .iter()
            .position(|(name, _)| *name == file)
            .unwrap_or(crate::levels::SHIPPED.len())
    };
    packs.0.sort_by_key(|e| rank(&e.file));
    next.set(Screen::Title);
    let Some(options) = options else { return };
    // `pond edit`: the editor, on the pack named if any.
    if options.edit {
        if let Some(path) = &options.pack {
            let named = crate::game::packs::shipped_twin(path)
                .map_or_else(|| path.display().to_string(), str::to_string);
            if let Some(index) = packs
                .0
                .iter()
                .position(|e| e.file == named)
                .or_else(|| packs.0.iter().position(|e| rank(&e.file) == rank(&named)))
            {
                current.pack = index;
            }
        }
        next.set(Screen::Edit);
        return;
    }
    let named = match (&options.pack, &options.code) {
        (Some(path), _) => crate::game::packs::shipped_twin(path)
            .map_or_else(|| path.display().to_string(), str::to_string),
        (None, Some((code, _))) => code.clone(),
        (None, None) => return,
    };
    // A shipped level's code opens that level in its pack.
    let shipped = crate::levels::code::LevelCode::parse(&named)
        .ok()
        .and_then(|c| random::shipped_level(&packs, &c));
    if let Some((pack, level)) = shipped {
        current.pack = pack;
        next.set(Screen::Levels);
        if let Some(Ok(p)) = packs.0.get(pack).map(|e| &e.pack)
            && let Some(l) = p.levels.get(level)
        {
            current.level = level;
            let mut state = PlayState::new(l.clone());
            play_opening(&mut state, options.moves);
            commands.insert_resource(state);
            next.set(Screen::Play);
        }
        return;
    }
    // A shipped pack named by its file is that pack.
    let Some(index) = packs
        .0
        .iter()
        .position(|e| e.file == named)
        .or_else(|| packs.0.iter().position(|e| rank(&e.file) == rank(&named)))
    else {
        return;
    };
    current.pack = index;
    next.set(Screen::Levels);
    if let (Some(n), Some(Ok(pack))) = (options.level, packs.0.get(index).map(|e| &e.pack))
        && let Some(level) = n.checked_sub(1).and_then(|i| pack.levels.get(i))
    {
        current.level = n - 1;
        let mut state = PlayState::new(level.clone());
        play_opening(&mut state, options.moves);
        commands.insert_resource(state);
        next.set(Screen::Play);
    }
}

/// `--moves N`: the first moves of the solver's solution, played before the
/// level shows (for pictures of a game under way); they count as help.
fn play_opening(state: &mut PlayState, moves: usize) {
    if moves == 0 {
        return;
    }
    let budget = crate::solve::Budget {
        time: Some(std::time::Duration::from_secs(10)),
        ..crate::solve::Budget::unlimited()
    };
    let line = match crate::solve::solve(&state.puzzle, budget, None, false).outcome {
        crate::solve::Outcome::Solved { moves, .. } => moves,
        crate::solve::Outcome::OutOfBudget { best: Some(b), .. } => b,
        _ => return,
    };
    for &mv in line.iter().take(moves) {
        match state.puzzle.apply(mv) {
            Ok(undo) => state.done.push((mv, undo)),
            Err(_) => break,
        }
    }
    state.helped = true;
}

/// A menu button `width` pixels wide.
fn button(action: MenuAction, width: f32, label: impl Bundle) -> impl Bundle {
    widget::button(
        action,
        Node {
            width: px(width),
            padding: UiRect::axes(px(6), px(8)),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            justify_content: JustifyContent::Center,
            ..default()
        },
        label,
    )
}

/// A menu screen's root: a column, centred when it fits the window and
/// scrolled (`scroll`) when it does not.
fn screen_root(screen: Screen) -> impl Bundle {
    (
        scrolled_part(screen),
        // Its buttons are Tab's, in the order they were built.
        TabGroup::new(0),
        Node {
            width: percent(100),
            height: percent(100),
            ..scrolled_node()
        },
    )
}

/// A menu screen's root with a row of buttons at the window's foot that
/// stays in sight while the rest scrolls above it: its children are the
/// part that scrolls (`scrolled_above_footer`), then the `footer`.
fn screen_with_footer(screen: Screen) -> impl Bundle {
    (
        DespawnOnExit(screen),
        TabGroup::new(0),
        Node {
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            ..default()
        },
    )
}

/// The part of a `screen_with_footer` screen that scrolls: it takes the
/// room the footer leaves.
fn scrolled_above_footer(screen: Screen) -> impl Bundle {
    (
        scrolled_part(screen),
        Node {
            width: percent(100),
            flex_grow: 1.0,
            min_height: px(0),
            ..scrolled_node()
        },
    )
}

/// The footer of a `screen_with_footer` screen: its row of buttons, on a
/// band that sets it apart from what scrolls behind its edge.
fn footer() -> impl Bundle {
    (
        Node {
            flex_shrink: 0.0,
            justify_content: JustifyContent::Center,
            padding: UiRect::axes(px(10), px(8)),
            ..default()
        },
        BackgroundColor(crate::game::theme::PANEL.with_alpha(0.5)),
    )
}

/// What a part of a menu screen that scrolls is, besides its node.
fn scrolled_part(screen: Screen) -> impl Bundle {
    (
        DespawnOnExit(screen),
        scroll::ScreenRoot,
        children![scroll::spacer()],
    )
}

/// The node of a part of a menu screen that scrolls: a column, centred.
fn scrolled_node() -> Node {
    Node {
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Center,
        justify_content: JustifyContent::FlexStart,
        row_gap: px(14),
        padding: UiRect::vertical(px(10)),
        overflow: Overflow::scroll_y(),
        ..default()
    }
}

/// What the menu buttons (pressed, or Enter on the focused one) ask for.
#[allow(clippy::too_many_arguments)]
fn menu_actions(
    mut commands: Commands,
    mut actions: MessageReader<MenuAction>,
    packs: Res<Packs>,
    pointed: Res<levels::Pointed>,
    progress: Res<crate::game::progress::Progress>,
    kind: Res<RandomKind>,
    mut current: ResMut<Current>,
    mut next: ResMut<NextState<Screen>>,
) {
    for &action in actions.read() {
        let (pack, back) = (current.pack, Screen::Levels);
        match action {
            MenuAction::NewLevel => {
                editor::open(&mut commands, &packs, pack, None, back, &mut next)
            }
            MenuAction::EditCopy => {
                let level = Some(pointed.0.unwrap_or(0));
                editor::open(&mut commands, &packs, pack, level, back, &mut next);
            }
            MenuAction::WatchBest => {
                let level = pointed.0.unwrap_or(0);
                let line = packs
                    .0
                    .get(pack)
                    .and_then(|e| progress.file.best_line(&e.file, level));
                if let Some(line) = line {
                    let moves = line.split_whitespace().map(str::to_string).collect();
                    if start_level(&mut commands, &packs, &mut current, level, &mut next) {
                        commands.insert_resource(super::codes::PastedLine(moves));
                    }
                }
            }
            _ => do_menu_action(
                action,
                &mut commands,
                &packs,
                &kind,
                &mut current,
                &mut next,
            ),
        }
    }
}

fn do_menu_action(
    action: MenuAction,
    commands: &mut Commands,
    packs: &Packs,
    kind: &RandomKind,
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
        // The editor's and the best's actions are the caller's.
        MenuAction::NewLevel | MenuAction::EditCopy | MenuAction::WatchBest => {}
        MenuAction::Stats => next.set(Screen::Stats),
        MenuAction::Settings => next.set(Screen::Settings),
        MenuAction::Setting(change) => {
            commands.queue(move |world: &mut World| {
                world.write_message(change);
            });
        }
        MenuAction::MakeLevel => {
            let (_, kind, pegs) = crate::levels::edit::new_levels()[0];
            let draft = crate::levels::edit::Draft::new_of(kind, pegs);
            commands.insert_resource(editor::Editor::new(draft, None, Screen::Title));
            next.set(Screen::Edit);
        }
        MenuAction::Daily(i) => {
            commands.queue(move |world: &mut World| {
                let code = world
                    .get_resource::<crate::game::daily::DailyLevels>()
                    .and_then(|d| d.codes.get(i).map(|(_, c)| c.clone()));
                if let Some(code) = code {
                    world.write_message(super::codes::PlayCode(code));
                }
            });
        }
        MenuAction::EnterCode => {
            commands.queue(|world: &mut World| {
                let mut entry = world.resource_mut::<super::codes::CodeEntry>();
                entry.open = true;
                entry.error = None;
            });
        }
        MenuAction::RandomOf(kind) => {
            commands.insert_resource(RandomKind(Some(kind)));
            next.set(Screen::Levels);
        }
        MenuAction::Shape(size, by) => {
            let first = first_puzzle(packs, current.pack, kind);
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
                    // The − or + of a number now at its end greys; the
                    // other comes back.
                    let shape = world.resource::<RandomShape>().clone();
                    let mut buttons = world.query::<(Entity, &MenuAction)>();
                    let ends: Vec<(Entity, bool)> = buttons
                        .iter(world)
                        .filter_map(|(e, a)| match a {
                            MenuAction::Shape(s, by) => Some((e, shape.at_end(&puzzle, *s, *by))),
                            _ => None,
                        })
                        .collect();
                    for (e, end) in ends {
                        if let Ok(mut b) = world.get_entity_mut(e) {
                            crate::game::theme::widget::set_greyed(&mut b, end);
                        }
                    }
                });
            }
        }
        MenuAction::Random(d) => {
            let first = first_puzzle(packs, current.pack, kind);
            if let Some(puzzle) = first {
                commands.queue(move |world: &mut World| {
                    let shape = world.resource::<RandomShape>().clone();
                    if let Some(code) = random_code(&puzzle, d, &shape) {
                        world.insert_resource(level_task(code));
                    }
                });
            }
        }
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
