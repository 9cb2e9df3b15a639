//! The title: a card per pack with its picture, progress and key, and the
//! buttons for statistics and a level code.

use super::{MenuAction, button, screen_root};
use crate::game::Screen;
use crate::game::daily::{DailyDone, DailyLevels};
use crate::game::packs::{Origin, PackEntry, Packs};
use crate::game::progress::Progress;
use crate::game::puzzles::{self, TITLE_H, TITLE_W};
use crate::game::theme::art::Pictures;
use crate::game::theme::{self, text};
use crate::rules::Puzzle;
use bevy::prelude::*;

/// The line under a pack's name: a pack of the player's with an author
/// says who wrote it, one without says which puzzles it holds; else a
/// pack of one puzzle says what the puzzle is
/// (the line of its how-to card), and a pack of several is a level pack.
fn pack_blurb(entry: &PackEntry, pack: &crate::levels::Pack) -> String {
    if entry.origin != Origin::Shipped
        && let Some(author) = &pack.author
    {
        return format!("A level pack by {author}");
    }
    // A pack the editor saved into reads as the player's, not as the
    // shipped pack of its first level's puzzle.
    if entry.origin == Origin::Own {
        let mut kinds: Vec<&str> = Vec::new();
        for level in &pack.levels {
            let title = puzzles::card(&level.puzzle).title;
            let kind = title.split([':', ',']).next().unwrap_or(title);
            if !kinds.contains(&kind) {
                kinds.push(kind);
            }
        }
        return match kinds.as_slice() {
            [] => "Levels of your own".to_string(),
            _ => format!("Levels of your own: {}", kinds.join(", ")),
        };
    }
    let mut cards = pack.levels.iter().map(|l| puzzles::card(&l.puzzle));
    match cards.next() {
        Some(first) if cards.all(|c| std::ptr::eq(c, first)) => first.blurb.to_string(),
        _ => "A level pack".to_string(),
    }
}

pub(super) fn spawn_title(
    mut commands: Commands,
    packs: Res<Packs>,
    progress: Res<Progress>,
    fonts: Res<theme::Fonts>,
    art: Res<theme::Art>,
) {
    let count = packs.listed().count();
    commands
        .spawn((screen_root(Screen::Title), TitleRoot { packs: count }))
        .with_children(|ui| {
            ui.spawn((
                TitleHeading,
                theme::heading(&fonts, "Pond Puzzles", 72.0, theme::TEXT),
            ));
            // The number keys as far as there are packs for them (it said
            // "1 to 9" over five packs).
            let keys = match count.min(9) {
                0 | 1 => "key 1".to_string(),
                n => format!("keys 1 to {n}"),
            };
            ui.spawn((
                text(
                    format!("Pick a pack: click, {keys}, or arrows and Enter."),
                    22.0,
                    theme::TEXT_DIM,
                ),
                PickLine,
                Node {
                    margin: UiRect::bottom(px(16)),
                    ..default()
                },
            ));
            if let Some(notice) = &progress.notice {
                ui.spawn((
                    Node {
                        max_width: px(900),
                        padding: UiRect::all(px(10)),
                        border_radius: theme::PANEL_RADIUS,
                        ..default()
                    },
                    theme::panel(),
                    children![text(notice.clone(), 17.0, theme::WARN)],
                ));
            }
            for (i, entry) in packs.listed() {
                spawn_pack_row(ui, i, entry, &progress, &art.pictures);
            }
            // The levels of the day, once made (`fill_daily_row`).
            ui.spawn((
                DailyRow,
                Node {
                    column_gap: px(10),
                    align_items: AlignItems::Center,
                    margin: UiRect::vertical(px(6)),
                    ..default()
                },
            ));
            spawn_buttons(ui);
        });
}

/// A pack's row on the title: its picture, name and blurb, and how many
/// of its levels are solved.
fn spawn_pack_row(
    ui: &mut ChildSpawnerCommands,
    i: usize,
    entry: &PackEntry,
    progress: &Progress,
    pictures: &Pictures,
) {
    let (name, blurb, solved) = match &entry.pack {
        Ok(p) => (
            p.name.clone(),
            pack_blurb(entry, p),
            format!(
                "{}/{}",
                progress.file.solved_in(&entry.file).min(p.to_solve()),
                p.to_solve()
            ),
        ),
        Err(_) => (
            entry.file.clone(),
            "This pack has a mistake: open it to see where".to_string(),
            String::new(),
        ),
    };
    let first = entry
        .pack
        .as_ref()
        .ok()
        .and_then(|p| p.levels.first())
        .map(|l| &l.puzzle);
    ui.spawn((
        PackRow,
        theme::widget::raised(
            MenuAction::OpenPack(i),
            theme::widget::ButtonColours::default(),
            Node {
                width: px(860),
                max_width: percent(96),
                flex_shrink: 0.0,
                padding: UiRect::axes(px(10), px(6)),
                column_gap: px(14),
                align_items: AlignItems::Center,
                border_radius: BorderRadius::all(px(12)),
                ..default()
            },
        ),
    ))
    .with_children(|b| {
        spawn_picture(b, first, pictures);
        b.spawn(Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            flex_grow: 1.0,
            ..default()
        })
        .with_children(|t| {
            t.spawn((
                text(theme::short(&name, 44), 26.0, theme::TEXT),
                theme::fit_line(26.0, 16.0),
            ));
            t.spawn((
                text(blurb, 17.0, theme::TEXT_DIM),
                theme::fit_line(17.0, 12.0),
            ));
        });
        b.spawn(Node {
            width: px(80),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            flex_shrink: 0.0,
            ..default()
        })
        .with_children(|t| {
            // A pack that did not load has nothing solved to count.
            if !solved.is_empty() {
                t.spawn(text(solved, 22.0, theme::TEXT));
                t.spawn(text("solved", 14.0, theme::TEXT_DIM));
            }
        });
    });
}

/// The title's buttons under the packs.
fn spawn_buttons(ui: &mut ChildSpawnerCommands) {
    ui.spawn(Node {
        column_gap: px(12),
        row_gap: px(8),
        flex_wrap: FlexWrap::Wrap,
        justify_content: JustifyContent::Center,
        max_width: percent(96),
        ..default()
    })
    .with_children(|row| {
        for (action, words) in [
            (MenuAction::Stats, "Statistics"),
            (MenuAction::EnterCode, "Play a code (K)"),
            (MenuAction::MakeLevel, "Make a level (E)"),
            (MenuAction::Settings, "Settings (S)"),
        ] {
            row.spawn(button(action, 180.0, text(words, 20.0, theme::TEXT)));
        }
    });
}

/// The title's root: how many packs it lists.
#[derive(Component)]
pub(super) struct TitleRoot {
    packs: usize,
}

/// The game's name at the top of the title.
#[derive(Component)]
pub(super) struct TitleHeading;

/// The line under the name that says how to pick a pack.
#[derive(Component)]
pub(super) struct PickLine;

/// A pack's row on the title.
#[derive(Component)]
pub(super) struct PackRow;

/// Those parts of the title that are smaller when room is short.
type TitlePart = AnyOf<(
    &'static TitleRoot,
    &'static PickLine,
    &'static PackRow,
    &'static DailyRow,
)>;

/// The title fits its window: with more packs than the shipped five (a
/// dropped one, one named on the command line) or in a short window
/// (800x600), a smaller heading and smaller rows and gaps, and with both
/// tighter still, so that every button shows without scrolling (six packs
/// at 800x600). Again whenever the window changes.
pub(super) fn fit_title(
    window: Option<Single<Ref<Window>, With<bevy::window::PrimaryWindow>>>,
    added: Query<(), Added<TitleRoot>>,
    mut parts: Query<(&mut Node, TitlePart)>,
    mut heading: Query<&mut TextFont, With<TitleHeading>>,
) {
    let resized = window.as_ref().is_some_and(|w| w.is_changed());
    if added.is_empty() && !resized {
        return;
    }
    let height = window.map_or(720.0, |w| w.height());
    let packs = parts
        .iter()
        .find_map(|(_, (root, ..))| root.map(|r| r.packs))
        .unwrap_or(0);
    let compact = packs > 5 || height < 680.0;
    // More packs than the shipped five in a short window: tighter still.
    let tight = packs > 5 && height < 680.0;
    let pick = |big: f32, small: f32| px(if compact { small } else { big });
    for (mut node, (root, line, row, daily)) in &mut parts {
        if root.is_some() {
            node.row_gap = if tight { px(4.0) } else { pick(14.0, 8.0) };
        } else if line.is_some() {
            node.margin.bottom = pick(16.0, 6.0);
        } else if row.is_some() {
            node.padding.top = pick(6.0, 2.0);
            node.padding.bottom = pick(6.0, 2.0);
        } else if daily.is_some() {
            node.margin = UiRect::vertical(pick(6.0, 2.0));
        }
    }
    for mut font in &mut heading {
        let size = FontSize::Px(match (tight, compact) {
            (true, _) => 40.0,
            (_, true) => 48.0,
            _ => 72.0,
        });
        if font.font_size != size {
            font.font_size = size;
        }
    }
}

/// The title's row of the levels of the day.
#[derive(Component)]
pub(super) struct DailyRow;

/// Fills the title's row once the day's levels are made: "Today's levels", a button
/// per puzzle (a filled disc on those won, an empty ring on the others) and
/// the streak of days in a row.
pub(super) fn fill_daily_row(
    mut commands: Commands,
    rows: Query<(Entity, Option<&Children>), With<DailyRow>>,
    daily: Option<Res<DailyLevels>>,
    progress: Res<Progress>,
) {
    let Some(daily) = daily else { return };
    for (row, children) in &rows {
        if children.is_some_and(|c| !c.is_empty()) {
            continue;
        }
        commands.entity(row).with_children(|r| {
            r.spawn(text("Today's levels", 20.0, theme::TEXT_DIM));
            for (i, (kind, code)) in daily.codes.iter().enumerate() {
                // Won by the player's own moves, today.
                let done = progress.file.daily_won(daily.date, &code.to_string());
                let name = kind.name();
                let name = format!("{}{}", name[..1].to_uppercase(), &name[1..]);
                r.spawn(theme::widget::button(
                    MenuAction::Daily(i),
                    Node {
                        width: px(132),
                        padding: UiRect::axes(px(8), px(8)),
                        column_gap: px(8),
                        align_items: AlignItems::Center,
                        justify_content: JustifyContent::Center,
                        ..default()
                    },
                    text(name, 20.0, theme::TEXT),
                ))
                .with_children(|b| {
                    // Won today: a green disc with a tick; else nothing (an
                    // empty ring read as a button of its own to a new
                    // player).
                    b.spawn((
                        DailyDone(done),
                        Node {
                            width: px(16),
                            height: px(16),
                            border_radius: BorderRadius::MAX,
                            display: if done { Display::Flex } else { Display::None },
                            ..default()
                        },
                        BackgroundColor(theme::WIN),
                    ))
                    .with_children(|disc| {
                        for (left, top, width, angle) in
                            [(2.5, 8.0, 6.0, 45.0_f32), (5.0, 6.5, 10.0, -50.0)]
                        {
                            disc.spawn((
                                Node {
                                    position_type: PositionType::Absolute,
                                    left: px(left),
                                    top: px(top),
                                    width: px(width),
                                    height: px(2.2),
                                    ..default()
                                },
                                UiTransform {
                                    rotation: Rot2::degrees(angle),
                                    ..default()
                                },
                                BackgroundColor(theme::INK),
                            ));
                        }
                    });
                });
            }
            let streak = progress.file.streak(daily.date);
            if streak > 0 {
                r.spawn(text(
                    format!(
                        "{streak} {} in a row",
                        crate::levels::noun(u64::from(streak), "day", "days")
                    ),
                    18.0,
                    theme::WIN,
                ));
            }
        });
    }
}

/// Draws a pack's picture with UI nodes, the puzzle's own (a row of frogs,
/// a pond, a peg cross, a flooded grid, a prison of animals), or a warning
/// dot for a pack that did not load.
fn spawn_picture(ui: &mut ChildSpawnerCommands, first: Option<&Puzzle>, pics: &Pictures) {
    ui.spawn((
        Node {
            width: px(TITLE_W),
            height: px(TITLE_H),
            flex_shrink: 0.0,
            ..default()
        },
        BackgroundColor(theme::WATER),
    ))
    .with_children(|pic| match first {
        Some(p) => puzzles::title_picture(p, pic, pics),
        None => {
            pic.spawn((
                Node {
                    position_type: PositionType::Absolute,
                    left: px(TITLE_W / 2.0 - 10.0),
                    top: px(TITLE_H / 2.0 - 10.0),
                    width: px(20),
                    height: px(20),
                    border_radius: BorderRadius::MAX,
                    ..default()
                },
                BackgroundColor(theme::WARN),
            ));
        }
    });
}
