//! A pack's level select: a tile per level with its stars (or its mark when
//! solved with help), the random level buttons, and the name of the level
//! pointed at.

use super::random::{RandomKind, RandomShape, ShapeLabel, kinds_of, random_code, random_like};
use super::{MenuAction, MenuFocus, button, footer, screen_with_footer, scrolled_above_footer};
use crate::game::Screen;
use crate::game::packs::{Current, PackEntry, Packs};
use crate::game::progress::Progress;
use crate::game::theme::{self, Art, text, widget};
use crate::levels::code::DIFFICULTIES;
use crate::levels::{Pack, PackError};
use bevy::prelude::*;

/// Warnings about a pack's names shown over its levels; the rest are counted.
const SHOWN_WARNINGS: usize = 3;

pub(super) fn spawn_levels(
    mut commands: Commands,
    packs: Res<Packs>,
    current: Res<Current>,
    progress: Res<Progress>,
    shape: Res<RandomShape>,
    kind: Res<RandomKind>,
    art: Res<Art>,
) {
    let Some(entry) = packs.0.get(current.pack) else {
        return;
    };
    // The pack's buttons (New level, Back, ...) stay at the window's foot
    // while the levels scroll above them (at 800x600 they were below the
    // fold, a new player found).
    commands
        .spawn(screen_with_footer(Screen::Levels))
        .with_children(|screen| {
            screen
                .spawn(scrolled_above_footer(Screen::Levels))
                .with_children(|ui| match &entry.pack {
                    Err(e) => unloadable(ui, entry, e),
                    Ok(pack) => {
                        pack_head(ui, entry, pack);
                        level_grid(ui, entry, pack, &progress, &art);
                        random_rows(ui, pack, &shape, &kind);
                    }
                });
            screen
                .spawn(footer())
                .with_children(|ui| pack_buttons(ui, entry, &progress));
        });
}

/// A pack that could not be loaded: which, and why.
fn unloadable(ui: &mut ChildSpawnerCommands, entry: &PackEntry, e: &PackError) {
    ui.spawn(text(
        format!("{} could not be loaded", entry.file),
        34.0,
        theme::WARN,
    ));
    ui.spawn((
        Node {
            max_width: px(900),
            padding: UiRect::all(px(16)),
            border_radius: theme::PANEL_RADIUS,
            ..default()
        },
        theme::panel(),
        children![text(e.to_string(), 20.0, theme::TEXT)],
    ));
}

/// The pack's name, its author (a pack of the player's) and the first of
/// its names' warnings.
fn pack_head(ui: &mut ChildSpawnerCommands, entry: &PackEntry, pack: &Pack) {
    ui.spawn((
        text(theme::short(&pack.name, 60), 40.0, theme::TEXT),
        theme::fit_line(40.0, 22.0),
    ));
    let shipped = entry.origin == crate::game::packs::Origin::Shipped;
    if let Some(author) = pack.author.as_ref().filter(|_| !shipped) {
        ui.spawn((
            text(
                format!("by {}", theme::short(author, 60)),
                18.0,
                theme::TEXT_DIM,
            ),
            theme::fit_line(18.0, 12.0),
        ));
    }
    // What `pond check` warns of in the names, in the core's
    // words: an author with the game open sees it at once.
    let warnings = crate::levels::name_warnings(pack, &crate::typeface::drawable);
    for w in warnings.iter().take(SHOWN_WARNINGS) {
        ui.spawn((
            text(
                format!("level {}: {}", w.level + 1, w.message),
                16.0,
                theme::WARN,
            ),
            theme::fit_line(16.0, 11.0),
        ));
    }
    if warnings.len() > SHOWN_WARNINGS {
        ui.spawn(text(
            format!(
                "and {} (`pond check` lists every one)",
                crate::levels::count_of(
                    warnings.len() - SHOWN_WARNINGS,
                    "more warning",
                    "more warnings"
                )
            ),
            16.0,
            theme::WARN,
        ));
    }
}

/// A card per level, and the line under them that names the level pointed at.
fn level_grid(
    ui: &mut ChildSpawnerCommands,
    entry: &PackEntry,
    pack: &Pack,
    progress: &Progress,
    art: &Art,
) {
    // Big packs get smaller buttons, so every level fits on
    // one screen of 1280x720.
    let compact = pack.levels.len() > 24;
    let mixed = super::random::kinds_of(pack).len() > 1;
    use crate::levels::edit::puzzle_words;
    let (width, name_chars, gap) = if compact {
        (118.0, 17, 6)
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
        // The first level not yet won is the one to play next.
        let next = progress.file.next_to_play(&entry.file, &pack.levels);
        for (i, level) in pack.levels.iter().enumerate() {
            let record = progress.file.record(&entry.file, i);
            let best = record.map(|r| r.best);
            // Stars for the player's own wins; "with help" marks
            // a level solved only with the solver's help.
            let helped = record.is_some_and(|r| r.with_help);
            let mark = match helped {
                true => ", with help".to_string(),
                false => String::new(),
            };
            let stars = record.filter(|r| !r.with_help).and_then(|r| r.stars());
            // The best's time where one is kept (a win of the player's own).
            let time = record
                .filter(|r| !r.with_help)
                .and_then(|r| r.secs)
                .map_or(String::new(), |s| format!(" · {}", crate::levels::clock(s)));
            // Where every win takes as many moves, the best is how few were
            // taken back on the way.
            let same_length = crate::solve::moves::counts_ways(&level.puzzle);
            // (A helped win's count of moves taken back is not the
            // player's: "0 taken back helped" read as nonsense.)
            let best = match (best, record.and_then(|r| r.shortest)) {
                (Some(_), _) if helped && same_length => "won with help".to_string(),
                (Some(b), Some(s)) if same_length => {
                    format!("{} taken back{time}", b.saturating_sub(s))
                }
                (Some(b), _) => format!(
                    "{}{time}{mark}",
                    crate::levels::count_of(b, "move", "moves")
                ),
                (None, _) if next == Some(i) => "next to play".to_string(),
                (None, _) => mark.trim_start_matches(", ").to_string(),
            };
            let number = format!("{}", i + 1);
            let colour = match record {
                Some(r) if r.with_help => theme::HIGHLIGHT,
                Some(_) => theme::WIN,
                None if next == Some(i) => theme::HIGHLIGHT,
                None => theme::TEXT,
            };
            // Every card names its level and its grade; long
            // words shrink, or past that are cut: the line
            // under the grid names the level pointed at in
            // full.
            // (Big packs' cards have room for the name only:
            // their names say how hard, "3 frogs", "668 ways
            // out", and the line under the grid the grade.)
            // (A name too long for one line takes two.)
            let name = theme::short(&card_name(level), name_chars * 2);
            // A pack of several puzzles says each level's ("Flood, easy").
            let grade = match (compact, mixed, level.grade.as_deref()) {
                (true, ..) => String::new(),
                (false, true, Some(g)) => format!("{}, {g}", puzzle_words(&level.puzzle)),
                (false, true, None) => puzzle_words(&level.puzzle).to_string(),
                (false, false, g) => g.unwrap_or_default().to_string(),
            };
            // An empty line keeps its height: every card's stars in one row.
            let grade = match theme::short(&grade, name_chars) {
                g if g.is_empty() && !compact => "\u{a0}".to_string(),
                g => g,
            };
            grid.spawn(button(
                MenuAction::PlayLevel(i),
                width,
                (
                    Node {
                        flex_direction: FlexDirection::Column,
                        align_items: AlignItems::Center,
                        // The room a name fits in.
                        width: percent(100),
                        ..default()
                    },
                    children![
                        (
                            Node {
                                column_gap: px(6),
                                align_items: AlignItems::Center,
                                ..default()
                            },
                            children![
                                text(number, if compact { 17.0 } else { 20.0 }, colour),
                                widget::stars(
                                    &art.pictures,
                                    stars.unwrap_or(0),
                                    if compact { 13.0 } else { 16.0 },
                                ),
                            ],
                        ),
                        (text(best, 12.0, colour), theme::fit_line(12.0, 8.0)),
                        (
                            text(name, if compact { 10.0 } else { 12.0 }, theme::TEXT),
                            // A word longer than the card (a name typed
                            // without spaces) breaks inside it, not past
                            // the card's edge.
                            TextLayout::new(Justify::Center, LineBreak::WordOrCharacter),
                            Node {
                                max_width: percent(100),
                                ..default()
                            },
                        ),
                        text(grade, 12.0, theme::TEXT_DIM),
                    ],
                ),
            ));
        }
    });
    // The full name of the level under the pointer or the
    // keyboard's outline.
    let first_words = if pack.levels.is_empty() {
        "This pack has no levels yet: New level makes its first."
    } else {
        "Click a level to play it."
    };
    ui.spawn((
        LevelName,
        text(first_words, 18.0, theme::TEXT_DIM),
        TextLayout::justify(Justify::Center),
        Node {
            max_width: percent(94),
            ..default()
        },
    ));
}

/// The random levels' rows: which puzzle (a pack of several), their
/// dimensions, and a new one of each difficulty.
fn random_rows(ui: &mut ChildSpawnerCommands, pack: &Pack, shape: &RandomShape, kind: &RandomKind) {
    // A pack that mixes puzzles offers random levels of
    // each: the player picks which.
    let kinds = kinds_of(pack);
    let first = random_like(pack, kind);
    if kinds.len() > 1 {
        ui.spawn(wrapping_row()).with_children(|row| {
            row.spawn(text("Random levels of:", 18.0, theme::TEXT_DIM));
            let chosen = first.map(|p| p.kind());
            for k in kinds {
                let name = k.title();
                // The one chosen: a white rim, as the editor marks a choice
                // (it was "[Swap]", a look of its own).
                let on = chosen == Some(k);
                let node = Node {
                    width: px(110),
                    padding: UiRect::axes(px(6), px(8)),
                    justify_content: JustifyContent::Center,
                    border: UiRect::all(px(if on { 2.0 } else { 0.0 })),
                    ..default()
                };
                row.spawn((
                    widget::button(MenuAction::RandomOf(k), node, text(name, 18.0, theme::TEXT)),
                    BorderColor::all(theme::TEXT),
                ));
            }
        });
    }
    let random = first.is_some_and(|p| random_code(p, 1, &RandomShape::default()).is_some());
    if let Some(puzzle) = first.filter(|_| random) {
        let dims = shape.describe(puzzle);
        if !dims.is_empty() {
            ui.spawn(wrapping_row()).with_children(|row| {
                row.spawn(text("Random levels:", 18.0, theme::TEXT_DIM));
                // Each of the shape's numbers on a dark pill of its own,
                // its − and + inside it, so two pairs never read as one.
                for (size, words) in dims {
                    row.spawn((
                        Node {
                            column_gap: px(4),
                            padding: UiRect::all(px(4)),
                            margin: UiRect::horizontal(px(8)),
                            align_items: AlignItems::Center,
                            border_radius: theme::PANEL_RADIUS,
                            ..default()
                        },
                        BackgroundColor(theme::PANEL),
                    ))
                    .with_children(|pair| {
                        let less = pair
                            .spawn(button(
                                MenuAction::Shape(size, -1),
                                40.0,
                                text("\u{2212}", 20.0, theme::TEXT),
                            ))
                            .id();
                        pair.spawn((
                            ShapeLabel(size),
                            Node {
                                min_width: px(150),
                                padding: UiRect::horizontal(px(6)),
                                justify_content: JustifyContent::Center,
                                ..default()
                            },
                            children![text(words, 18.0, theme::TEXT)],
                        ));
                        let more = pair
                            .spawn(button(
                                MenuAction::Shape(size, 1),
                                40.0,
                                text("+", 20.0, theme::TEXT),
                            ))
                            .id();
                        // A number at its end greys its button that way.
                        for (b, by) in [(less, -1), (more, 1)] {
                            if shape.at_end(puzzle, size, by) {
                                pair.commands().entity(b).insert(widget::greyed());
                            }
                        }
                    });
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
        ui.spawn(wrapping_row()).with_children(|row| {
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

/// New level, edit a copy, watch the best, and back.
fn pack_buttons(ui: &mut ChildSpawnerCommands, entry: &PackEntry, progress: &Progress) {
    ui.spawn(wrapping_row()).with_children(|row| {
        // A pack with no level yet offers to make its first.
        if entry.pack.is_ok() {
            row.spawn(button(
                MenuAction::NewLevel,
                160.0,
                text("New level", 18.0, theme::TEXT),
            ));
        }
        if entry.pack.as_ref().is_ok_and(|p| !p.levels.is_empty()) {
            row.spawn(button(
                MenuAction::EditCopy,
                200.0,
                text("Edit a copy (E)", 18.0, theme::TEXT),
            ));
            // Shown when some level of the pack has a best kept.
            if progress.file.best_lines.contains_key(&entry.file) {
                row.spawn(button(
                    MenuAction::WatchBest,
                    200.0,
                    text("Watch best (W)", 18.0, theme::TEXT),
                ));
            }
        }
        row.spawn(button(
            MenuAction::Back,
            200.0,
            text("Back (Esc)", 18.0, theme::TEXT),
        ));
    });
}

/// The level last pointed at (or outlined by the keyboard) on the level
/// select: "Edit a copy" copies it.
#[derive(Resource, Default)]
pub(super) struct Pointed(pub Option<usize>);

/// The line under the level grid that names the level pointed at.
#[derive(Component)]
pub(super) struct LevelName;

pub(super) fn show_level_name(
    buttons: Query<(Entity, &Interaction, &MenuAction)>,
    focus: Res<MenuFocus>,
    packs: Res<Packs>,
    current: Res<Current>,
    mut line: Query<&mut Text, With<LevelName>>,
    mut last: ResMut<Pointed>,
    progress: Res<Progress>,
) {
    let level_of = |(_, _, a): (Entity, &Interaction, &MenuAction)| match a {
        MenuAction::PlayLevel(i) => Some(*i),
        _ => None,
    };
    // The keyboard's level first (the outline follows the pointer when it
    // moves, so the focus is whichever moved last), else the one pointed at.
    let focused = (focus.0)
        .and_then(|f| buttons.get(f).ok())
        .and_then(level_of);
    let pointed = focused.or_else(|| {
        buttons
            .iter()
            .filter(|(_, i, _)| **i != Interaction::None)
            .find_map(level_of)
    });
    let Some(Ok(pack)) = packs.0.get(current.pack).map(|e| &e.pack) else {
        return;
    };
    let Some(level) = pointed.and_then(|i| pack.levels.get(i)) else {
        return;
    };
    if last.0 != pointed {
        last.0 = pointed;
    }
    let grade = level
        .grade
        .as_deref()
        .map(|g| format!("  ({g})"))
        .unwrap_or_default();
    let index = pointed.unwrap_or(0);
    let best = packs
        .0
        .get(current.pack)
        .and_then(|e| progress.file.best_line(&e.file, index))
        .map_or(String::new(), |_| "  · W watches your best".to_string());
    let words = theme::short(&format!("{}. {}{grade}", index + 1, level.name), 140) + &best;
    for mut t in &mut line {
        if t.0 != words {
            t.0 = words.clone();
        }
    }
}

/// "Watch best" is lit only while the level pointed at (the first, before
/// any is) has a best kept: the button plays that level's best.
pub(super) fn show_watch_best(
    pointed: Res<Pointed>,
    packs: Res<Packs>,
    current: Res<Current>,
    progress: Res<Progress>,
    mut commands: Commands,
    buttons: Query<(Entity, &MenuAction, Has<bevy::ui::InteractionDisabled>)>,
) {
    let level = pointed.0.unwrap_or(0);
    let has_best = packs
        .0
        .get(current.pack)
        .is_some_and(|e| progress.file.best_line(&e.file, level).is_some());
    // Greyed, in its place, for a level with no best: the buttons beside
    // it never move as the pointer crosses the cards.
    for (entity, action, greyed) in &buttons {
        if *action == MenuAction::WatchBest && greyed == has_best {
            commands
                .entity(entity)
                .queue(move |mut b: EntityWorldMut| widget::set_greyed(&mut b, !has_best));
        }
    }
}

/// A row of the random levels' controls, wrapping in a narrow window.
fn wrapping_row() -> Node {
    Node {
        column_gap: px(8),
        row_gap: px(6),
        align_items: AlignItems::Center,
        justify_content: JustifyContent::Center,
        flex_wrap: FlexWrap::Wrap,
        max_width: percent(96),
        ..default()
    }
}

/// A level's name as its card shows it: what the name says beyond its
/// grade and its number within the grade ("Beginner 3 (4 frogs)" is "4
/// frogs", "5x5 Easy 1 (704 ways out)" is "5x5, 704 ways out"), or the
/// whole name when that is all it says.
fn card_name(level: &crate::levels::Level) -> String {
    let words: Vec<&str> = level.name.split_whitespace().collect();
    let mut kept = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let is_grade = level.grade.as_deref().is_some_and(|g| {
            let g: Vec<&str> = g.split_whitespace().collect();
            !g.is_empty()
                && words.len() >= i + g.len()
                && words[i..i + g.len()]
                    .iter()
                    .zip(&g)
                    .all(|(a, b)| a.trim_end_matches([',', ':']).eq_ignore_ascii_case(b))
        });
        if is_grade {
            i += level
                .grade
                .as_deref()
                .map_or(1, |g| g.split_whitespace().count());
            // Its number within the grade.
            if words.get(i).is_some_and(|w| {
                w.trim_end_matches([',', ':'])
                    .chars()
                    .all(|c| c.is_ascii_digit())
            }) {
                i += 1;
            }
            continue;
        }
        kept.push(words[i]);
        i += 1;
    }
    let rest = kept.join(" ");
    let rest = rest.trim_matches([',', ':', '-', ' ']);
    // "5x5 (704 ways out)" reads "5x5, 704 ways out"; "(4 frogs)" "4 frogs".
    let rest = match rest.strip_suffix(')').and_then(|r| r.split_once('(')) {
        Some((before, inside)) if before.trim().is_empty() => inside.trim().to_string(),
        Some((before, inside)) => format!("{}, {}", before.trim(), inside.trim()),
        None => rest.to_string(),
    };
    if rest.is_empty() {
        level.name.clone()
    } else {
        rest
    }
}
