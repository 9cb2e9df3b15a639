//! Statistics: levels solved, stars and moves per pack, and the time played.

use super::{MenuAction, button, screen_root};
use crate::game::Screen;
use crate::game::packs::Packs;
use crate::game::progress::Progress;
use crate::game::theme::{self, text};
use bevy::prelude::*;

pub(super) fn spawn_stats(mut commands: Commands, packs: Res<Packs>, progress: Res<Progress>) {
    let file = &progress.file;
    let mut stars = 0;
    let mut moves = 0;
    // A row per pack: its name, then its figures in columns of their own
    // (the typeface is proportional, so spaces cannot line them up).
    let mut rows: Vec<[String; 4]> = Vec::new();
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
        rows.push([
            theme::short(&pack.name, 34),
            format!("{solved} of {} solved", pack.levels.len()),
            format!("{pack_stars} stars"),
            format!("{pack_moves} moves"),
        ]);
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
