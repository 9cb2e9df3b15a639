//! The editor's view: its panels, built again when what they show changes
//! (what the side panels hold is `panels`), and the keys below the board;
//! on the board, a faint ring at every cell a click can change, a warning
//! ring at the cell a mistake concerns, the keyboard's cell, and the cell
//! under the pointer.

use super::{EditVerdict, Editor, Tuning, margins, panels};
use crate::game::Screen;
use crate::game::board::BoardRoot;
use crate::game::packs::Packs;
use crate::game::puzzles;
use crate::game::settings::Settings;
use crate::game::theme::{self, Art, text};
use crate::rules::Puzzle;
use bevy::prelude::*;

/// The outer radius of `Art::pad_ring`, in world units.
const RING_RADIUS: f32 = 39.0;

/// The editor's panels' root.
#[derive(Component)]
pub(super) struct EditorUi;

/// The ring at the cell under the pointer: where a click paints.
#[derive(Component)]
pub struct HoverRing;

/// The cell under the pointer, ringed in white: shown while the pointer is
/// over a cell of the board's room and no cell is the keyboard's (one ring
/// at a time) nor a proposal on show. Looked at only when the pointer
/// moved or the board changed.
#[allow(clippy::too_many_arguments)]
pub(super) fn hover_ring(
    mut commands: Commands,
    window: Option<Single<&Window, With<bevy::window::PrimaryWindow>>>,
    camera: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    (editor, tuning): (Res<Editor>, Res<Tuning>),
    (mats, art): (Option<Res<EditMats>>, Res<Art>),
    roots: Query<Entity, With<BoardRoot>>,
    mut rings: Query<(&mut Transform, &mut Visibility), With<HoverRing>>,
    mut last: Local<Option<Vec2>>,
) {
    let pointer = window.as_deref().and_then(|w| w.cursor_position());
    let moved = pointer != *last;
    *last = pointer;
    if !moved && !editor.is_changed() && !tuning.is_changed() && !rings.is_empty() {
        return;
    }
    let Some(mats) = mats else { return };
    let drawn = super::shown_draft(&editor, &tuning).drawn();
    let (spots, reach) = (puzzles::edit_spots(&drawn), puzzles::tap_reach(&drawn));
    let cell = window.as_deref().and_then(|w| {
        let cursor = w.cursor_position()?;
        let [left, right, top, bottom] = margins(w.width());
        let inside = cursor.x > left
            && cursor.x < w.width() - right
            && cursor.y > top
            && cursor.y < w.height() - bottom;
        inside.then(|| super::input::pointed_cell(Some(w), &camera, &spots, reach))?
    });
    let at = cell
        .filter(|_| editor.cursor.is_none() && tuning.proposal().is_none() && !editor.typing)
        .and_then(|c| spots.iter().find(|(s, _)| *s == c))
        .map(|&(c, at)| (at, puzzles::edit_spot_scale(&drawn, c)));
    let (at, scale) = at.map_or((None, 1.0), |(a, k)| (Some(a), k));
    let place = Transform::from_translation(at.unwrap_or_default().extend(3.2))
        .with_scale(Vec3::splat(reach * scale * 1.15 / RING_RADIUS));
    let shown = if at.is_some() {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    // The ring goes with its board when the board is drawn again: one anew.
    if rings.is_empty() {
        if let Some(root) = roots.iter().next() {
            commands.spawn((
                HoverRing,
                Mesh2d(art.pad_ring.clone()),
                MeshMaterial2d(mats.hover.clone()),
                place,
                shown,
                Pickable::IGNORE,
                ChildOf(root),
            ));
        }
        return;
    }
    for (mut t, mut v) in &mut rings {
        if *t != place {
            *t = place;
        }
        if *v != shown {
            *v = shown;
        }
    }
}

/// The ring at the cell a mistake concerns.
#[derive(Component)]
pub(super) struct MistakeRing;

/// The editor's materials on the board.
#[derive(Resource)]
pub(super) struct EditMats {
    spot: Handle<ColorMaterial>,
    warn: Handle<ColorMaterial>,
    hover: Handle<ColorMaterial>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Edit),
        super::name::spawn_name.after(super::open_editor),
    )
    .add_systems(Startup, make_mats)
    .add_systems(OnExit(Screen::Edit), super::verdict::stop);
}

fn make_mats(mut commands: Commands, mut mats: Option<ResMut<Assets<ColorMaterial>>>) {
    let Some(mats) = mats.as_mut() else { return };
    commands.insert_resource(EditMats {
        spot: mats.add(Color::srgba(0.85, 0.95, 0.9, 0.35)),
        warn: mats.add(theme::WARN),
        hover: mats.add(Color::srgba(1.0, 1.0, 1.0, 0.8)),
    });
}

/// A faint ring at every cell of the board a click can change that shows
/// no piece.
pub(super) fn spots(commands: &mut Commands, root: Entity, drawn: &Puzzle) {
    let reach = puzzles::tap_reach(drawn);
    let spots = puzzles::bare_spots(drawn);
    if spots.is_empty() {
        return;
    }
    commands.queue(move |world: &mut World| {
        let (Some(art), Some(mats)) = (
            world.get_resource::<Art>(),
            world.get_resource::<EditMats>(),
        ) else {
            return;
        };
        let (mesh, mat) = (art.pad_ring.clone(), mats.spot.clone());
        for at in spots {
            world.spawn((
                Mesh2d(mesh.clone()),
                MeshMaterial2d(mat.clone()),
                Transform::from_translation(at.extend(-0.5))
                    .with_scale(Vec3::splat(reach * 0.8 / RING_RADIUS)),
                Pickable::IGNORE,
                ChildOf(root),
            ));
        }
    });
}

/// What the panels show: when it changes, they are built again.
#[derive(PartialEq, Default)]
pub(super) struct Shown {
    generation: u64,
    /// Undo's and Redo's buttons (a rename is a step of the history with
    /// no new generation).
    history: (bool, bool),
    picks: Vec<usize>,
    verdict: Option<Vec<String>>,
    pending: bool,
    notice: Option<(String, bool)>,
    width: u32,
    tuning: (bool, Option<Result<Vec<String>, String>>),
    cursor: Option<(usize, usize)>,
    into: String,
}

/// The editor's keys, under the board: a phrase each.
const KEY_PHRASES: [&str; 9] = [
    "Click or drag to draw (or arrows, Enter)",
    "Tab the buttons",
    "Ctrl+Z undo",
    "Ctrl+Y redo",
    "Ctrl+S save",
    "Ctrl+C code",
    "Enter play",
    "Esc back",
    "? help",
];

#[allow(clippy::too_many_arguments)]
pub(super) fn refresh(
    mut commands: Commands,
    editor: Res<Editor>,
    verdict: Res<EditVerdict>,
    tuning: Res<Tuning>,
    packs: Res<Packs>,
    progress: Res<crate::game::progress::Progress>,
    settings: Res<Settings>,
    art: Res<Art>,
    mats: Option<Res<EditMats>>,
    window: Option<Single<Ref<Window>>>,
    ui: Query<Entity, With<EditorUi>>,
    rings: Query<Entity, With<MistakeRing>>,
    roots: Query<Entity, With<BoardRoot>>,
    mut shown: Local<Shown>,
) {
    // Nothing the panels show changed: not even their words are built.
    let changed = editor.is_changed()
        || verdict.is_changed()
        || tuning.is_changed()
        || packs.is_changed()
        || settings.is_changed()
        || mats.as_ref().is_some_and(|m| m.is_changed())
        || window.as_ref().is_some_and(|w| w.is_changed());
    if !changed && !ui.is_empty() {
        return;
    }
    let now = Shown {
        generation: editor.generation,
        history: editor.history(),
        picks: editor.picks.clone(),
        verdict: verdict.shown.as_ref().map(|v| v.words()),
        pending: verdict.pending(),
        notice: editor.notice.clone(),
        width: window.as_ref().map_or(0, |w| w.width() as u32),
        cursor: editor.cursor,
        into: super::save_target_words(&editor, &packs, progress.dir.as_deref()),
        tuning: (
            tuning.looking(),
            tuning
                .found
                .as_ref()
                .map(|f| f.as_ref().map(|p| p.verdict.words()).map_err(Clone::clone)),
        ),
    };
    if *shown == now && !ui.is_empty() {
        return;
    }
    *shown = now;
    for e in &ui {
        commands.entity(e).try_despawn();
    }
    // A ring goes with its board when the board is drawn again.
    for e in &rings {
        commands.entity(e).try_despawn();
    }
    // The mistake's ring on its cell, or a proposal's on the cells it
    // changes.
    let drawn = super::shown_draft(&editor, &tuning).drawn();
    let (cells, mat) = match (tuning.proposal(), mats.as_ref()) {
        (Some(p), _) => (p.changed.clone(), art.highlight_mat.clone()),
        (None, Some(m)) => (
            verdict.mistake.iter().filter_map(|m| m.cell).collect(),
            m.warn.clone(),
        ),
        (None, None) => (Vec::new(), art.highlight_mat.clone()),
    };
    let spots = puzzles::edit_spots(&drawn);
    if let Some(root) = roots.iter().next() {
        // The keyboard's cell, in the focus colour, a little larger.
        if let Some((c, at)) = editor
            .cursor
            .and_then(|c| spots.iter().find(|(s, _)| *s == c))
        {
            let k = puzzles::edit_spot_scale(&drawn, *c);
            commands.spawn((
                MistakeRing,
                Mesh2d(art.pad_ring.clone()),
                MeshMaterial2d(art.hint_mat.clone()),
                Transform::from_translation(at.extend(3.5)).with_scale(Vec3::splat(
                    puzzles::tap_reach(&drawn) * k * 1.25 / RING_RADIUS,
                )),
                Pickable::IGNORE,
                ChildOf(root),
            ));
        }
        for cell in cells {
            let Some((_, at)) = spots.iter().find(|(c, _)| *c == cell) else {
                continue;
            };
            let k = puzzles::edit_spot_scale(&drawn, cell);
            commands.spawn((
                MistakeRing,
                Mesh2d(art.pad_ring.clone()),
                MeshMaterial2d(mat.clone()),
                Transform::from_translation(at.extend(3.0)).with_scale(Vec3::splat(
                    puzzles::tap_reach(&drawn) * k * 1.1 / RING_RADIUS,
                )),
                Pickable::IGNORE,
                ChildOf(root),
            ));
        }
    }
    let palette = theme::palette(settings.colour_blind);
    let m = margins(window.as_ref().map_or(1280.0, |w| w.width()));
    commands
        .spawn((
            EditorUi,
            DespawnOnExit(Screen::Edit),
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                ..default()
            },
            Pickable::IGNORE,
        ))
        .with_children(|ui| {
            let height = window.as_ref().map_or(720.0, |w| w.height());
            panels::left_panel(ui, &editor, palette, settings.colour_blind, m, height);
            panels::right_panel(ui, &editor, &verdict, &tuning, &packs, &shown.into, m);
            // Between the panels, on as many lines as that takes, each
            // phrase whole on its line (a line broken inside "Ctrl+S save"
            // read as two keys).
            ui.spawn((
                Name::new("Editor keys"),
                Node {
                    position_type: PositionType::Absolute,
                    left: px(m[0]),
                    right: px(m[1]),
                    bottom: px(12),
                    justify_content: JustifyContent::Center,
                    flex_wrap: FlexWrap::Wrap,
                    column_gap: px(5),
                    ..default()
                },
                Pickable::IGNORE,
            ))
            .with_children(|line| {
                let last = KEY_PHRASES.len() - 1;
                for (i, phrase) in KEY_PHRASES.iter().enumerate() {
                    let words = if i == last {
                        phrase.to_string()
                    } else {
                        format!("{phrase} ·")
                    };
                    line.spawn((
                        text(words, 14.0, theme::TEXT_DIM),
                        TextLayout::no_wrap(),
                        Pickable::IGNORE,
                    ));
                }
            });
        });
}
