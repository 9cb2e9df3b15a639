//! The title: a card per pack with its picture, progress and key, and the
//! buttons for statistics and a level code.

use super::{MenuAction, button, screen_root};
use crate::game::Screen;
use crate::game::packs::Packs;
use crate::game::progress::Progress;
use crate::game::theme::art::Pictures;
use crate::game::theme::{self, text};
use crate::rules::Puzzle;
use crate::rules::hop::Shape;
use bevy::prelude::*;

fn pack_blurb(file: &str) -> &'static str {
    match file {
        "swap.ron" => "Frogs facing each other change sides",
        "hop.ron" => "Jump frogs off the pond until only the red one is left",
        "pegs.ron" => "Peg solitaire: English, European and triangle boards",
        "flood.ron" => "Flood the grid to one colour from the corner",
        "escape.ron" => "Animals leave the prison, each like the last",
        _ => "A level pack",
    }
}

pub(super) fn spawn_title(
    mut commands: Commands,
    packs: Res<Packs>,
    progress: Res<Progress>,
    fonts: Res<theme::Fonts>,
    art: Res<theme::Art>,
) {
    commands
        .spawn(screen_root(Screen::Title))
        .with_children(|ui| {
            // More packs than the shipped five (a dropped one, one named on
            // the command line): a smaller heading and rows, so all fit.
            let compact = packs.listed().count() > 5;
            ui.spawn(theme::heading(
                &fonts,
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
                        border_radius: theme::PANEL_RADIUS,
                        ..default()
                    },
                    theme::panel(),
                    children![text(notice.clone(), 17.0, theme::WARN)],
                ));
            }
            for (i, entry) in packs.listed() {
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
                ui.spawn(theme::widget::raised(
                    MenuAction::OpenPack(i),
                    theme::widget::ButtonColours::default(),
                    Node {
                        width: px(860),
                        max_width: percent(96),
                        flex_shrink: 0.0,
                        padding: UiRect::axes(px(10), px(if compact { 2 } else { 6 })),
                        column_gap: px(14),
                        align_items: AlignItems::Center,
                        border_radius: BorderRadius::all(px(12)),
                        ..default()
                    },
                ))
                .with_children(|b| {
                    spawn_picture(b, picture, &art.pictures);
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
fn spawn_picture(ui: &mut ChildSpawnerCommands, picture: Option<Picture>, pics: &Pictures) {
    const W: f32 = 112.0;
    const H: f32 = 56.0;
    // A square `size` wide centred on (x, y) of the picture.
    let square = |x: f32, y: f32, size: f32| Node {
        position_type: PositionType::Absolute,
        left: px(x - size / 2.0),
        top: px(y - size / 2.0),
        width: px(size),
        height: px(size),
        ..default()
    };
    let image = |image: &Handle<Image>, x: f32, y: f32, size: f32, tint: Color, turn: f32| {
        (
            ImageNode::new(image.clone()).with_color(tint),
            square(x, y, size),
            UiTransform {
                rotation: Rot2::radians(turn),
                ..default()
            },
        )
    };
    let dot = |x: f32, y: f32, size: f32, colour: Color, round: bool| {
        (
            Node {
                border_radius: if round {
                    BorderRadius::MAX
                } else {
                    BorderRadius::all(px(2))
                },
                ..square(x, y, size)
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
                pic.spawn(image(&pics.lily, x, H / 2.0, 17.0, Color::WHITE, i as f32));
                // A UI node turns clockwise: east is a quarter turn.
                let frog = match i {
                    0..=2 => Some((theme::FROG_L, std::f32::consts::FRAC_PI_2)),
                    4..=6 => Some((theme::FROG_R, -std::f32::consts::FRAC_PI_2)),
                    _ => None,
                };
                if let Some((c, turn)) = frog {
                    pic.spawn(image(&pics.frog, x, H / 2.0, 15.0, c, turn));
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
                    pic.spawn(image(&pics.lily, x, y, 12.0, Color::WHITE, c + r as f32));
                    if (r + c as usize).is_multiple_of(3) {
                        pic.spawn(image(&pics.frog, x, y, 11.0, theme::FROG_GREEN, 0.0));
                    }
                }
            }
            pic.spawn(image(
                &pics.frog,
                W / 2.0,
                6.0 + 2.0 * 11.0,
                11.0,
                theme::FROG_RED,
                0.0,
            ));
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
                            theme::LILY
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
            // The classic deal's crab, dinosaur, dog and penguin.
            for r in 0..2 {
                pic.spawn(dot(48.0, 14.0 + r as f32 * 27.0, 0.0, theme::WATER, false));
                for c in 0..4 {
                    let (x, y) = (14.0 + c as f32 * 23.0, 14.0 + r as f32 * 27.0);
                    let colour = theme::PALETTE[(r * 2 + c) % 4];
                    if let Some((body, detail)) = pics.animals.get((c + r * 3) % 4) {
                        pic.spawn(image(body, x, y, 26.0, colour, 0.0));
                        pic.spawn(image(detail, x, y, 26.0, Color::WHITE, 0.0));
                    }
                }
            }
        }
        None => {
            pic.spawn(dot(W / 2.0, H / 2.0, 20.0, theme::WARN, true));
        }
    });
}
