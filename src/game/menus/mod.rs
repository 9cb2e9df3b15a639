//! The menu that Esc opens over a level (the `Menu` sub-state of the play
//! screen): resume, restart, the settings, the level select and the title.
//! While it is open the board takes no input. The keyboard has a focus on
//! it (outlined): Up and Down go round a column, Left and Right across,
//! Tab through all in the keyboard's order; Enter or Space presses; the
//! pointer coming over a button takes the outline with it.

use super::navigate;
use super::play::{Menu, PlayAction, PlaySystems};
use super::settings::Settings;
use super::solver::Autoplay;
use super::theme::{self, text, widget};
use bevy::input_focus::tab_navigation::{TabGroup, TabIndex, TabNavigation};
use bevy::math::CompassOctant;
use bevy::prelude::*;

#[derive(Component)]
struct MenuPanel;

/// A button of the menu: its place from the top.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MenuRow(pub usize);

/// The column of the menu a button stands in: 0 the left, 1 the right.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MenuColumn(pub u8);

/// The menu's button the keyboard is on, from the top (none until an
/// arrow or Tab is pressed; kept while the menu is built again after a
/// setting changed).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct MenuFocus(pub Option<usize>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuFocus>()
        .add_systems(
            OnEnter(Menu::Open),
            (pause_autoplay, |mut f: ResMut<MenuFocus>| f.0 = None),
        )
        .add_systems(
            Update,
            (show_menu, menu_keys, ring_focus)
                .chain()
                .in_set(PlaySystems::Present),
        );
}

/// Up and Down (Tab, Shift+Tab) move the focus round the menu's buttons;
/// Enter or Space presses the one focused. Tab goes by Bevy's tab order
/// (the rows' `TabIndex`, the keyboard's order), the arrows by a navigation
/// map of the menu's two columns (`navigate::columns`).
#[allow(clippy::too_many_arguments)]
fn menu_keys(
    keys: Res<ButtonInput<KeyCode>>,
    menu: Option<Res<State<Menu>>>,
    rows: Query<(Entity, &MenuRow, &PlayAction)>,
    columns: Query<&MenuColumn>,
    panel: Query<Entity, With<MenuPanel>>,
    tabs: TabNavigation,
    pointed: Query<(&MenuRow, &Interaction), Changed<Interaction>>,
    mut focus: ResMut<MenuFocus>,
    mut actions: MessageWriter<PlayAction>,
) {
    if menu.is_none_or(|m| *m.get() != Menu::Open) {
        return;
    }
    // One focus: the keyboard's, once shown, follows the pointer to the
    // button it comes over (never two buttons lit at once).
    if focus.0.is_some()
        && let Some((row, _)) = pointed.iter().find(|(_, i)| **i == Interaction::Hovered)
    {
        focus.0 = Some(row.0);
    }
    let from = focus
        .0
        .and_then(|i| rows.iter().find(|r| r.1.0 == i))
        .map(|r| r.0);
    let next = if keys.just_pressed(KeyCode::Tab) {
        let back = navigate::shift(&keys);
        let group = panel.iter().next();
        group.and_then(|g| navigate::tab(&tabs, g, from, back, |_| true))
    } else if let Some(way) = navigate::arrow(&keys) {
        // (The rows in the keyboard's order, sorted only on an arrow.)
        let mut ordered: Vec<(usize, Entity)> = rows.iter().map(|(e, r, _)| (r.0, e)).collect();
        ordered.sort_unstable();
        let ordered: Vec<Entity> = ordered.into_iter().map(|(_, e)| e).collect();
        match (way, from) {
            (CompassOctant::South, None) => ordered.first().copied(),
            (CompassOctant::North, None) => ordered.last().copied(),
            (way, Some(e)) => {
                // Up and Down round a column, Left and Right across to the
                // other column's button at about the same height.
                let column = |c: u8| -> Vec<Entity> {
                    (ordered.iter().copied())
                        .filter(|&e| columns.get(e).is_ok_and(|m| m.0 == c))
                        .collect()
                };
                navigate::along(&navigate::columns(&column(0), &column(1)), e, way)
            }
            _ => None,
        }
    } else {
        None
    };
    if let Some(row) = next.and_then(|e| rows.get(e).ok()) {
        focus.0 = Some(row.1.0);
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space])
        && let Some(i) = focus.0
        && let Some((.., &action)) = rows.iter().find(|(_, r, _)| r.0 == i)
    {
        actions.write(action);
    }
}

/// The focused button outlined, and only it.
fn ring_focus(
    mut commands: Commands,
    focus: Res<MenuFocus>,
    rows: Query<(Entity, &MenuRow, Has<Outline>)>,
    new: Query<(), Added<MenuRow>>,
) {
    if !focus.is_changed() && new.is_empty() {
        return;
    }
    for (e, row, ringed) in &rows {
        let want = focus.0 == Some(row.0);
        if want && !ringed {
            commands
                .entity(e)
                .try_insert(Outline::new(px(3), px(2), theme::HIGHLIGHT));
        } else if !want && ringed {
            commands.entity(e).try_remove::<Outline>();
        }
    }
}

/// The solver waits while the menu is open.
fn pause_autoplay(autoplay: Option<ResMut<Autoplay>>) {
    if let Some(mut a) = autoplay {
        a.paused = true;
    }
}

/// The menu over the board: resume, restart, the level select, the title.
fn show_menu(
    mut commands: Commands,
    menu: Option<Res<State<Menu>>>,
    settings: Res<Settings>,
    panels: Query<Entity, With<MenuPanel>>,
) {
    let Some(menu) = menu else { return };
    if !menu.is_changed() && !settings.is_changed() {
        return;
    }
    for p in &panels {
        commands.entity(p).try_despawn();
    }
    if *menu.get() != Menu::Open {
        return;
    }
    commands
        .spawn((
            MenuPanel,
            // Tab goes round its buttons alone.
            TabGroup::modal(),
            Name::new("Menu"),
            DespawnOnExit(Menu::Open),
            // Covers the window, so the board takes no clicks while it is open.
            theme::cover(),
            GlobalZIndex(10),
        ))
        .with_children(|cover| {
            cover
                .spawn((
                    Node {
                        flex_direction: FlexDirection::Column,
                        align_items: AlignItems::Center,
                        padding: UiRect::axes(px(22), px(16)),
                        row_gap: px(10),
                        border_radius: theme::PANEL_RADIUS,
                        ..default()
                    },
                    theme::solid_panel(),
                ))
                .with_children(|panel| {
                    panel.spawn(text("Paused", 30.0, theme::TEXT));
                    panel
                        .spawn(Node {
                            column_gap: px(20),
                            align_items: AlignItems::FlexStart,
                            ..default()
                        })
                        .with_children(|columns| {
                            let rows = menu_rows(&settings);
                            // The game's buttons at the left, then the ways
                            // out under them; the settings at the right. The
                            // keyboard's order: game, settings, ways out.
                            let mut number = 0;
                            let mut numbered = Vec::new();
                            for section in &rows {
                                numbered.push(number);
                                number += section.1.len();
                            }
                            columns.spawn(column()).with_children(|left| {
                                section(left, &rows[0], (numbered[0], 0), false);
                                section(left, &rows[2], (numbered[2], 0), true);
                            });
                            columns.spawn(column()).with_children(|right| {
                                section(right, &rows[1], (numbered[1], 1), false);
                            });
                        });
                });
        });
}

/// A section of the menu: its caption and its buttons.
type Section = (&'static str, Vec<(String, PlayAction)>);

/// The menu's sections, in the keyboard's order: the game, the settings
/// (each saying how it is now), and the ways out of the level.
fn menu_rows(settings: &Settings) -> [Section; 3] {
    let set = super::settings::rows(settings)
        .into_iter()
        .map(|(label, change)| (label, PlayAction::Setting(change)))
        .collect();
    let owned = |rows: &[(&str, PlayAction)]| -> Vec<(String, PlayAction)> {
        rows.iter().map(|&(l, a)| (l.to_string(), a)).collect()
    };
    [
        (
            "Game",
            owned(&[
                ("Resume (Esc)", PlayAction::Menu),
                ("Restart level (Backspace)", PlayAction::Replay),
                ("Copy game (Ctrl+C)", PlayAction::CopyGame),
                ("How to play (?)", PlayAction::HowTo),
            ]),
        ),
        ("Settings", set),
        (
            "Leave",
            owned(&[
                ("Edit a copy (E)", PlayAction::EditCopy),
                ("Level select (L)", PlayAction::LevelSelect),
                ("Title screen (T)", PlayAction::Title),
            ]),
        ),
    ]
}

/// A column of the menu.
fn column() -> Node {
    Node {
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Stretch,
        row_gap: px(4),
        width: px(260),
        ..default()
    }
}

/// A section's caption and its buttons, numbered for the keyboard from
/// `first`; `below` one already in its column, a little apart from it.
fn section(
    column: &mut ChildSpawnerCommands,
    (caption, rows): &Section,
    (first, side): (usize, u8),
    below: bool,
) {
    column.spawn((
        text(*caption, 15.0, theme::TEXT_DIM),
        Node {
            margin: UiRect::new(px(4), px(0), px(if below { 10.0 } else { 0.0 }), px(2)),
            ..default()
        },
    ));
    for (i, (label, action)) in rows.iter().enumerate() {
        column.spawn((
            widget::text_button(*action, label, 17.0),
            MenuRow(first + i),
            MenuColumn(side),
            TabIndex((first + i) as i32),
        ));
    }
}
