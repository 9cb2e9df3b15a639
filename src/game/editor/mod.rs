//! The level editor: a level drawn cell by cell with the boards' own
//! pieces, the loader's own words for what it cannot accept (at the cell
//! they concern), the solvers' verdict after every edit (`verdict`), undo
//! and redo, saving into a pack of the player's own, and the level played
//! or solved from there and back. What its buttons and keys ask for is
//! done in `actions`; its panels are in `view` and `panels`; what each
//! puzzle's board can hold is the core's `levels::edit`, where each cell
//! is on the board is the puzzle's own (`puzzles::edit_spots`).

mod actions;
mod focus;
mod help;
mod history;
mod input;
mod name;
mod panels;
mod refusal;
mod save;
mod tune;
mod typing;
mod verdict;
mod view;

pub use actions::EditAction;
pub use focus::ButtonFocus;
pub use help::EditorHelp;
pub use name::{NameField, RowField, SeedField};
pub use save::{own_pack, save_target, save_target_words};
pub use tune::Tuning;
pub use verdict::EditVerdict;
pub use view::HoverRing;

use super::board::{self, BoardRoot};
use super::packs::{Current, Packs};
use super::settings::Settings;
use super::theme::Art;
use super::{GameOptions, Screen, puzzles};
use crate::levels::edit::Draft;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use history::Step;
use std::path::PathBuf;

/// Edits kept for undo.
const UNDO_MOST: usize = 200;
/// The pack of the player's own that "Save" adds to, in the data
/// directory's `packs/` folder.
pub const OWN_PACK: &str = "my-levels.ron";
/// Its name, when "Save" makes it.
pub(super) const OWN_PACK_NAME: &str = "My levels";
/// Pixels the editor's panels keep in a window `width` pixels wide: left
/// (the palette), right (the verdict), top (the title) and bottom (the
/// keys). Narrow windows get narrower panels, so the board keeps room.
/// The room the second line above the board takes (the row's or the seed's).
const SECOND_LINE: f32 = 46.0;

pub fn margins(width: f32) -> [f32; 4] {
    [
        (width * 0.2).clamp(200.0, 290.0),
        (width * 0.24).clamp(220.0, 330.0),
        80.0,
        90.0,
    ]
}

/// The level being edited, its history, and the palette's picks.
#[derive(Resource, Debug, Clone)]
pub struct Editor {
    pub draft: Draft,
    undo: Vec<Step>,
    redo: Vec<Step>,
    /// Which level the draft is a version of: a new level starts another,
    /// and undo and redo bring each version back with its own (a level
    /// saved is saved again in its own place, never over another's).
    lineage: u64,
    /// The most lineages begun so far.
    lineages: u64,
    /// One pick per row of the palette.
    pub picks: Vec<usize>,
    /// The pack the level came from (its place in the list), for "the same
    /// as level N"; and the level, when the pack is the player's own file
    /// (saving puts the level back in its place).
    pub from: Option<(usize, Option<usize>)>,
    /// The screen Esc goes back to.
    pub back: Screen,
    /// What the last save or refusal said, and whether it is a warning.
    pub notice: Option<(String, bool)>,
    /// Why a field did not take what was typed: shown under the fields,
    /// beside its cause (in the panel, it was far from the field).
    pub field_notice: Option<String>,
    /// The field with the keys was given more letters this frame than it
    /// holds: Enter waits (it would take the text without them).
    overflow: bool,
    /// Bumped by every change: a verdict for an older one is never shown.
    pub generation: u64,
    /// Whether the keys went to the name's field this frame.
    pub typing: bool,
    /// The code last copied (for tests and for a window with no clipboard).
    pub last_code: Option<String>,
    /// The seed that dealt the board shown (Flood's colours, Escape's
    /// animals), until the next edit.
    pub seed: Option<u64>,
    /// The keyboard's cell (row, column), ringed once an arrow is pressed;
    /// Enter or Space puts the brush there.
    pub cursor: Option<(usize, usize)>,
    /// The last cell a drag painted.
    stroke: Option<(usize, usize)>,
    /// Whether the mouse button went down on the board and is still down.
    stroking: bool,
    /// Where the pointer was in the last frame of the stroke, in the world.
    stroke_from: Option<Vec2>,
    /// Whether the stroke under way (a press and its drag) has its step in
    /// the history yet: its first change makes one.
    stroke_kept: bool,
    /// The pack "Save" puts the level in.
    pub into: SaveInto,
    /// The draft as it was opened or last saved: Back asks before it
    /// leaves a different one unsaved.
    kept: Draft,
    /// The button that has asked once before it throws an edit away (Back,
    /// or a "New level of" kind): pressed again, it goes on.
    asked: Option<actions::EditAction>,
    /// The name as it was when its field took the keys: the new name
    /// becomes a step of the history when the field lets the keys go, or
    /// when another change or a step of the history comes first.
    name_before: Option<String>,
    /// A level saved before its grade was counted: the board's generation,
    /// the file, the level's place in it and the pack's name (for a new
    /// pack's file).
    /// The grade is written in when it comes, if the board is still that.
    grade_due: Option<(u64, PathBuf, usize, String)>,
}

/// The pack "Save" puts the level in: the one it came from when that is the
/// player's own (else "My levels"), a pack of the player's chosen, or a new
/// one.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum SaveInto {
    #[default]
    Usual,
    Pack(PathBuf),
    New,
}

impl Editor {
    pub fn new(draft: Draft, from: Option<(usize, Option<usize>)>, back: Screen) -> Editor {
        Editor {
            kept: draft.clone(),
            asked: None,
            name_before: None,
            grade_due: None,
            draft,
            undo: Vec::new(),
            redo: Vec::new(),
            lineage: 0,
            lineages: 0,
            picks: Vec::new(),
            from,
            back,
            notice: None,
            field_notice: None,
            overflow: false,
            generation: 1,
            typing: false,
            last_code: None,
            seed: None,
            cursor: None,
            stroke: None,
            stroking: false,
            stroke_from: None,
            stroke_kept: false,
            into: SaveInto::Usual,
        }
    }

    /// Whether the draft differs from the level as opened or last saved.
    pub fn unsaved(&self) -> bool {
        self.draft != self.kept
    }

    /// Whether the draft holds edits a new level would replace: it is
    /// unsaved, and not itself one of the new levels as they come.
    fn edited(&self) -> bool {
        self.unsaved()
            && !crate::levels::edit::new_levels()
                .into_iter()
                .any(|(_, kind, pegs)| Draft::new_of(kind, pegs) == self.draft)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<EditAction>()
        .init_resource::<EditVerdict>()
        .init_resource::<Tuning>()
        .init_resource::<ButtonFocus>()
        .init_resource::<EditorHelp>()
        .add_systems(
            OnEnter(Screen::Edit),
            (
                // The shipped packs' grades are measured while the player
                // draws (the first peg verdict waited a second for them).
                || {
                    bevy::tasks::AsyncComputeTaskPool::get()
                        .spawn(async { crate::levels::pack_grade::measure_shipped() })
                        .detach();
                },
                open_editor,
                fresh_board,
                |mut f: ResMut<ButtonFocus>| f.0 = None,
                help::close_help,
            )
                .chain(),
        )
        .add_systems(
            OnExit(Screen::Edit),
            (board::layout::reset_camera, |mut t: ResMut<Tuning>| {
                t.clear()
            }),
        )
        .add_observer(super::theme::widget::activate::<EditAction>)
        .add_observer(typing::shifted_space)
        // What a field holds is read once the letters of the frame are in
        // it (Bevy applies them after `Update`): a name typed fast and
        // Enter in the same frame lost its last letters, a long seed its
        // last digits.
        .add_systems(
            PostUpdate,
            (name::sync_name, name::sync_row, name::sync_seed)
                .chain()
                .after(bevy::text::EditableTextSystems)
                .run_if(in_state(Screen::Edit)),
        )
        .add_systems(
            Update,
            (
                help::help_keys,
                focus::tab_focus,
                input::edit_keys,
                input::paint_input,
                actions::edit_actions,
                (
                    name::undo_typing,
                    name::fit_field_lines,
                    name::show_starts,
                    typing::fade_cut_fields,
                    refusal::say_full,
                    refusal::show_field_notice,
                )
                    .chain(),
                (
                    tune::receive,
                    respawn_board,
                    verdict::restart,
                    verdict::receive,
                    save::write_due_grade,
                )
                    .chain(),
                view::refresh,
                panels::show_ends,
                help::show_help,
                view::hover_ring,
                focus::show_ring,
                fit_camera,
            )
                .chain()
                .run_if(in_state(Screen::Edit)),
        )
        .add_systems(Update, actions::show_on_play.run_if(in_state(Screen::Play)))
        .add_systems(Update, keep_awake.run_if(in_state(Screen::Edit)))
        .add_plugins(view::plugin);
}

/// `pond edit`: the editor opens on the level named (or a new level of the
/// pack's puzzle, or of Swap) when there is no editor yet.
pub(super) fn open_editor(
    mut commands: Commands,
    editor: Option<Res<Editor>>,
    options: Option<Res<GameOptions>>,
    packs: Res<Packs>,
    current: Res<Current>,
) {
    if editor.is_some() {
        return;
    }
    let from_pack = options.as_ref().is_some_and(|o| o.pack.is_some());
    let pack = packs.0.get(current.pack).and_then(|e| e.pack.as_ref().ok());
    let draft = match (pack, options.as_ref().and_then(|o| o.level)) {
        (Some(p), Some(n)) if from_pack => p
            .levels
            .get(n.saturating_sub(1))
            .map(Draft::of_level)
            .unwrap_or_else(|| Draft::new_like(&p.levels[0].puzzle)),
        (Some(p), None) if from_pack && !p.levels.is_empty() => {
            Draft::new_like(&p.levels[0].puzzle)
        }
        _ => {
            let (_, kind, pegs) = crate::levels::edit::new_levels()[0];
            Draft::new_of(kind, pegs)
        }
    };
    // A level of the player's own pack is saved back in its place.
    let own = packs
        .0
        .get(current.pack)
        .filter(|e| e.own_file())
        .and(options.as_ref().and_then(|o| o.level))
        .filter(|&n| pack.is_some_and(|p| (1..=p.levels.len()).contains(&n)))
        .map(|n| n - 1);
    let from = from_pack.then_some((current.pack, own));
    commands.insert_resource(Editor::new(draft, from, Screen::Title));
}

/// The editor on a new level of the puzzle of `like`, or on a copy of the
/// level `level` of the pack `pack`; Esc comes back to `back`.
pub fn open(
    commands: &mut Commands,
    packs: &Packs,
    pack: usize,
    level: Option<usize>,
    back: Screen,
    next: &mut NextState<Screen>,
) {
    let Some(entry) = packs.0.get(pack) else {
        return;
    };
    let Ok(p) = &entry.pack else { return };
    let draft = match (level.and_then(|l| p.levels.get(l)), p.levels.first()) {
        (Some(l), _) => Draft::of_level(l),
        (None, Some(first)) => Draft::new_like(&first.puzzle),
        // A pack with no level yet: a level of the first puzzle offered.
        (None, None) => {
            let (_, kind, pegs) = crate::levels::edit::new_levels()[0];
            Draft::new_of(kind, pegs)
        }
    };
    let own = entry.own_file().then_some(level).flatten();
    let mut editor = Editor::new(draft, Some((pack, own)), back);
    // The player's own pack with no level saves its first one there.
    if p.levels.is_empty()
        && entry.own_file()
        && let Some(path) = entry.disk_path()
    {
        editor.into = SaveInto::Pack(path);
    }
    commands.insert_resource(editor);
    next.set(Screen::Edit);
}

fn fresh_board(
    mut commands: Commands,
    editor: Option<Res<Editor>>,
    art: Res<Art>,
    settings: Res<Settings>,
) {
    let Some(editor) = editor else { return };
    spawn(&mut commands, &art, &editor.draft, settings.colour_blind);
}

fn spawn(commands: &mut Commands, art: &Art, draft: &Draft, numbered: bool) {
    let drawn = draft.drawn();
    let b = board::spawn_pieces(commands, art, &drawn, numbered, Screen::Edit);
    view::spots(commands, b.root, &drawn);
}

/// After each change the board is drawn again.
fn respawn_board(
    mut commands: Commands,
    editor: Res<Editor>,
    tuning: Res<Tuning>,
    art: Res<Art>,
    settings: Res<Settings>,
    roots: Query<Entity, With<BoardRoot>>,
    mut shown: Local<(u64, bool, bool)>,
) {
    // A proposal shows on the board until it is taken or dropped.
    let proposal = tuning.proposal();
    let now = (editor.generation, settings.colour_blind, proposal.is_some());
    if *shown == now {
        return;
    }
    *shown = now;
    for root in &roots {
        commands.entity(root).try_despawn();
    }
    let draft = proposal.map_or(&editor.draft, |p| &p.draft);
    spawn(&mut commands, &art, draft, settings.colour_blind);
}

/// Keeps the board in the room between the panels.
fn fit_camera(
    editor: Res<Editor>,
    tuning: Res<Tuning>,
    window: Option<Single<Ref<Window>, With<PrimaryWindow>>>,
    mut camera: Query<(&mut Projection, &mut Transform), With<Camera2d>>,
) {
    let Some(window) = window else { return };
    // Measured again only when the board or the window changed.
    if !(editor.is_changed() || tuning.is_changed() || window.is_changed()) {
        return;
    }
    let size = Vec2::new(window.width(), window.height());
    let extent = puzzles::extent(&shown_draft(&editor, &tuning).drawn());
    let mut m = margins(size.x);
    // Under the name's line, a Swap level's row or a dealt board's seed.
    if editor.draft.row().is_some() || editor.draft.dealt() {
        m[2] += SECOND_LINE;
    }
    board::layout::aim_camera(&mut camera, size, m, extent);
}

/// The board on show: a proposal while there is one, else the draft.
pub fn shown_draft<'a>(editor: &'a Editor, tuning: &'a Tuning) -> &'a Draft {
    tuning.proposal().map_or(&editor.draft, |p| &p.draft)
}

/// A resting window (unfocused) draws on events only: while the solvers
/// think, each frame asks for the next, so their answer shows when it comes.
fn keep_awake(
    verdict: Res<EditVerdict>,
    tuning: Res<Tuning>,
    redraw: Option<ResMut<Messages<bevy::window::RequestRedraw>>>,
) {
    if (verdict.pending() || tuning.looking())
        && let Some(mut redraw) = redraw
    {
        redraw.write(bevy::window::RequestRedraw);
    }
}
