//! A win's stars: shown once the shortest solution is known, each growing
//! in after the one before it.

use crate::game::packs::{Current, Packs};
use crate::game::play::PlayState;
use crate::game::progress::{Progress, stars_for};
use crate::game::theme::{self, Art, text};
use bevy::prelude::*;

/// The row of a win's stars, filled in once the shortest solution is known.
#[derive(Component)]
pub(super) struct WinStars {
    pub(super) shown: bool,
    pub(super) compact: bool,
}

/// A star of a win growing in, after its delay in seconds.
#[derive(Component)]
pub(super) struct StarIn(f32);

/// The banner's stars: this win's, against the shortest solution once the
/// background search has found it; they grow in one after another.
pub(super) fn show_stars(
    mut commands: Commands,
    state: Res<PlayState>,
    progress: Res<Progress>,
    (packs, current): (Res<Packs>, Res<Current>),
    art: Res<Art>,
    autoplay: Option<Res<crate::game::solver::Autoplay>>,
    mut rows: Query<(Entity, &mut WinStars)>,
) {
    // A win the solver played to its end: "help" read as the player's.
    let help = match autoplay.is_some_and(|a| a.won_at(state.moves())) {
        true => "played for you",
        false => "solved with help",
    };
    // A replay's win keeps no record (`progress::record_wins`): no stars.
    let replayed = state.replayed;
    for (row, mut stars) in &mut rows {
        if stars.shown {
            continue;
        }
        let (star_px, words_px) = if stars.compact {
            (26.0, 15.0)
        } else {
            (40.0, 18.0)
        };
        if replayed {
            stars.shown = true;
            commands.entity(row).with_child(text(
                "a replay: your own games' records stay as they were",
                words_px,
                theme::TEXT_DIM,
            ));
            continue;
        }
        let Some(entry) = packs.0.get(current.pack) else {
            continue;
        };
        let shortest = progress
            .file
            .record(&entry.file, current.level)
            .and_then(|r| r.shortest);
        // Where every win takes as many moves (Hop, Escape), the win is
        // scored by the moves it played in all, those taken back too: its
        // shortest is the win itself.
        let same_length = crate::solve::moves::counts_ways(&state.level.puzzle);
        let (moves, shortest) = match same_length {
            true => (state.moves() + state.taken_back, Some(state.moves())),
            false => (state.moves(), shortest),
        };
        // A level won at its start needs no search: its shortest is no move
        // (and no win is recorded, since no move was made).
        let shortest = shortest.or_else(|| state.level.puzzle.is_won().then_some(0));
        let Some(shortest) = shortest else {
            // The search for the shortest gave up (a big board): the win
            // says why it has no stars.
            if progress.finding_shortest(&entry.file, current.level) {
                continue;
            }
            stars.shown = true;
            let words = if state.helped {
                format!("{help}, no stars")
            } else {
                "no stars: the shortest solution is not known".to_string()
            };
            commands
                .entity(row)
                .with_child(text(words, words_px, theme::TEXT_DIM));
            continue;
        };
        stars.shown = true;
        let earned = stars_for(moves, shortest);
        commands.entity(row).with_children(|r| {
            // A win with help earns none and shows none (three grey
            // outlines beside its words read at a glance as three stars).
            for i in (0..3u8).filter(|_| !state.helped) {
                r.spawn((
                    Name::new("Win star"),
                    ImageNode::new(if i < earned {
                        art.pictures.star.clone()
                    } else {
                        art.pictures.star_empty.clone()
                    }),
                    Node {
                        width: px(star_px),
                        height: px(star_px),
                        ..default()
                    },
                    UiTransform::from_scale(Vec2::ZERO),
                    StarIn(0.15 + 0.25 * i as f32),
                ));
            }
            let back = state.taken_back;
            let words = if state.helped && same_length {
                format!("{help}, no stars")
            } else if state.helped {
                format!("shortest {shortest}: {help}, no stars")
            } else if same_length && back == 0 {
                "no move taken back: perfect!".to_string()
            } else if same_length {
                format!(
                    "{} taken back",
                    crate::levels::count_of(back, "move", "moves")
                )
            } else if moves <= shortest {
                format!("shortest {shortest}: perfect!")
            } else {
                format!("shortest {shortest}")
            };
            r.spawn(text(words, words_px, theme::TEXT_DIM));
        });
    }
}

/// Seconds a star takes to grow, once its delay is over.
const STAR_GROWS: f32 = 0.35;

/// Each star grows to its size; while one grows, the next frame is asked
/// for (a resting game draws none unasked: the stars stayed a dot over
/// their words until the next event).
pub(super) fn grow_stars(
    time: Res<Time>,
    mut stars: Query<(&mut StarIn, &mut UiTransform)>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let mut growing = false;
    for (mut star, mut t) in &mut stars {
        if star.0 <= -STAR_GROWS {
            continue;
        }
        star.0 -= time.delta_secs();
        let k = (-star.0 / STAR_GROWS).clamp(0.0, 1.0);
        let s = k + 0.35 * (k * std::f32::consts::PI).sin();
        t.scale = Vec2::splat(s);
        growing = true;
    }
    if growing {
        redraw.write(bevy::window::RequestRedraw);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A win's stars ask for frames until they are grown, and then no
    /// more: a resting game draws them whole, then rests.
    #[test]
    fn the_stars_ask_for_frames_until_they_are_grown() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_message::<bevy::window::RequestRedraw>()
            .add_systems(Update, grow_stars);
        let star = app
            .world_mut()
            .spawn((StarIn(0.05), UiTransform::from_scale(Vec2::ZERO)))
            .id();
        let asked = |app: &mut App| {
            let mut m = app
                .world_mut()
                .resource_mut::<Messages<bevy::window::RequestRedraw>>();
            let n = m.len();
            m.clear();
            n
        };
        let mut frames = 0;
        while asked(&mut app) > 0 || frames == 0 {
            std::thread::sleep(std::time::Duration::from_millis(10));
            app.update();
            frames += 1;
            assert!(frames < 500, "still asking after {frames} frames");
        }
        let scale = app.world().get::<UiTransform>(star).unwrap().scale;
        assert!(
            (scale - Vec2::ONE).abs().max_element() < 1e-3,
            "{scale} when it stops asking"
        );
        assert!(frames > 3, "asked for {frames} frames");
    }
}
