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
            theme::short(&pack.name, 28),
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
                    border_radius: theme::PANEL_RADIUS,
                    ..default()
                },
                theme::panel(),
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
