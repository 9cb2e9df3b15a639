//! Statistics: levels solved, stars and moves per pack, and the time played.

use super::{MenuAction, button, screen_root};
use crate::game::Screen;
use crate::game::packs::Packs;
use crate::game::progress::{LevelRecord, Progress};
use crate::game::theme::{self, text};
use crate::levels::code::LevelCode;
use crate::levels::count_of;
use bevy::prelude::*;

pub(super) fn spawn_stats(mut commands: Commands, packs: Res<Packs>, progress: Res<Progress>) {
    let file = &progress.file;
    let mut stars = 0;
    let mut moves = 0;
    // A row per pack: its name, then its figures in columns of their own
    // (the typeface is proportional, so spaces cannot line them up).
    let mut rows: Vec<[String; 4]> = Vec::new();
    let mut row = |name: String, solved: String, records: &[&LevelRecord]| {
        let row_stars: u32 = records
            .iter()
            .filter_map(|l| l.stars())
            .map(u32::from)
            .sum();
        let row_moves: usize = records.iter().map(|l| l.best).sum();
        stars += row_stars;
        moves += row_moves;
        rows.push([
            name,
            solved,
            count_of(row_stars as usize, "star", "stars"),
            count_of(row_moves, "move", "moves"),
        ]);
    };
    for (_, entry) in packs.listed() {
        let Ok(pack) = &entry.pack else { continue };
        let records: Vec<&LevelRecord> = file
            .levels
            .get(&entry.file)
            .map_or(Vec::new(), |r| r.values().collect());
        // A level no one can win is not one to solve.
        let solved = records.len().min(pack.to_solve());
        row(
            theme::short(&pack.name, 34),
            format!("{solved} of {} solved", pack.to_solve()),
            &records,
        );
    }
    // Levels played by their codes (random ones too), kept by code: one row
    // for them all.
    let by_code: Vec<&LevelRecord> = file
        .levels
        .iter()
        .filter(|(f, _)| LevelCode::parse(f).is_ok_and(|c| !matches!(c, LevelCode::Shipped { .. })))
        .flat_map(|(_, r)| r.values())
        .collect();
    if !by_code.is_empty() {
        row(
            "Levels played by code".to_string(),
            format!("{} solved", by_code.len()),
            &by_code,
        );
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
                    display: Display::Grid,
                    grid_template_columns: vec![
                        GridTrack::auto(),
                        GridTrack::auto(),
                        GridTrack::auto(),
                        GridTrack::auto(),
                    ],
                    padding: UiRect::all(px(16)),
                    row_gap: px(6),
                    column_gap: px(28),
                    max_width: percent(96),
                    border_radius: theme::PANEL_RADIUS,
                    ..default()
                },
                theme::panel(),
            ))
            .with_children(|panel| {
                for row in rows {
                    for (i, cell) in row.into_iter().enumerate() {
                        // The name on the left, the figures on the right.
                        panel.spawn((
                            Node {
                                justify_self: if i == 0 {
                                    JustifySelf::Start
                                } else {
                                    JustifySelf::End
                                },
                                ..default()
                            },
                            children![text(cell, 20.0, theme::TEXT)],
                        ));
                    }
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
