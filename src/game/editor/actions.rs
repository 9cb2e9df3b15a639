//! What the editor is asked to do (`EditAction`, from its buttons, keys and
//! clicks) and how each is done: drawing, the palette's picks, the board's
//! size and options, harder and easier, undo and redo, saving, the board's
//! code, playing the level or watching it solved, and leaving.

use super::{EditVerdict, Editor, Tuning, save};
use crate::game::Screen;
use crate::game::packs::{self, Current, Packs};
use crate::game::play::PlayState;
use crate::game::progress::Progress;
use crate::game::solver::{AutoplayCommand, Watch};
use crate::levels::edit::{Draft, Setting};
use crate::rules::PuzzleKind;
use bevy::prelude::*;

/// What the editor's buttons, keys and clicks ask for.
#[derive(Message, Component, Debug, Clone, Copy, PartialEq)]
#[require(bevy::input_focus::tab_navigation::TabIndex)]
pub enum EditAction {
    /// Put the brush on a cell (row, column): a new step of the history.
    Paint(usize, usize),
    /// Put it on one more cell of the stroke under way (a press and its
    /// drag): the stroke's first change is its step in the history.
    Drag(usize, usize),
    /// Pick choice `.1` of the palette's row `.0`.
    Pick(usize, usize),
    /// Step the board's dimension `.0` by `.1`.
    Step(usize, i32),
    Setting(Setting),
    /// A new level of a puzzle (Hop: the peg board when true).
    New(PuzzleKind, bool),
    /// Flood: take the move limit a grade sets (by index, easiest first).
    Limit(usize),
    /// Look for a board one grade harder (true) or easier.
    Tune(bool),
    /// Take the proposal shown.
    TakeProposal,
    /// Keep the board as it was.
    DropProposal,
    Undo,
    Redo,
    Save,
    /// The next pack of the player's to save into (or a new one).
    SaveInto,
    /// The board's code to the clipboard.
    CopyCode,
    Play,
    ShowMe,
    Back,
    /// The "?" card, open or closed.
    Help,
}

/// Once the play screen shows a level opened by "Show me", auto-play starts.
#[derive(Resource)]
pub(super) struct ShowOnPlay;

/// How an unsaved draft's warning ends: Save keeps it, or, while the
/// draft is no level yet (Save is greyed), what to mend first.
fn save_keeps(editor: &Editor) -> String {
    match editor.draft.check() {
        Ok(_) => ", Save keeps it.".into(),
        Err(m) => format!(". It cannot be saved until it is a level: {}", m.message),
    }
}

/// The seed before a session's first deal: five digits from the clock
/// (short enough to type into "Deal from seed").
fn first_seed() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    10_000 + (now % 89_000) as u64
}

/// Everything the editor is asked to do.
#[allow(clippy::too_many_arguments)]
pub(super) fn edit_actions(
    mut commands: Commands,
    mut actions: MessageReader<EditAction>,
    mut editor: ResMut<Editor>,
    verdict: Res<EditVerdict>,
    mut tuning: ResMut<Tuning>,
    mut packs: ResMut<Packs>,
    mut current: ResMut<Current>,
    progress: Res<Progress>,
    mut next: ResMut<NextState<Screen>>,
    mut clipboard: Option<ResMut<bevy::clipboard::Clipboard>>,
    mut seed: Local<u64>,
    mut help: ResMut<super::EditorHelp>,
) {
    for &action in actions.read() {
        // Back and "New level of" ask once; anything else between takes
        // the question back.
        let asked = editor.asked.take() == Some(action);
        match action {
            // (Their buttons are greyed; these are their keys.)
            EditAction::Play | EditAction::ShowMe | EditAction::Save | EditAction::CopyCode
                if tuning.proposal().is_some() =>
            {
                editor.notice = Some((
                    "First Take it or Keep mine: the board shown is a proposal.".into(),
                    true,
                ));
            }
            EditAction::Paint(r, c) | EditAction::Drag(r, c) => {
                paint(&mut editor, r, c, matches!(action, EditAction::Paint(..)));
            }
            EditAction::Pick(row, choice) => {
                if editor.picks.len() <= row {
                    editor.picks.resize(row + 1, 0);
                }
                editor.picks[row] = choice;
            }
            EditAction::Step(i, by) => {
                // A move limit raised from none starts at the easiest
                // grade's, when the verdict knows it (from none to 1 made
                // the level lost at the first press).
                let from_none = by > 0
                    && editor
                        .draft
                        .dimensions()
                        .get(i)
                        .is_some_and(|&(name, n)| name == "move limit" && n == 0);
                let easiest = verdict
                    .shown
                    .as_ref()
                    .filter(|_| verdict.generation == editor.generation)
                    .and_then(|v| v.limits)
                    .map(|l| l[0]);
                match easiest.filter(|_| from_none) {
                    Some(limit) => editor.change(true, |d| d.set_limit(limit)),
                    None => editor.change(true, |d| d.step(i, by)),
                };
            }
            // A new board of another shape lets the one drawn go: asked
            // first, as "New level of" asks (a helper's frogs went without a
            // word when it tried Square on a Hop level).
            EditAction::Setting(s)
                if !asked && editor.edited() && editor.draft.replaces_board(s) =>
            {
                let label = editor
                    .draft
                    .settings()
                    .into_iter()
                    .find(|(_, _, set)| *set == s)
                    .map_or_else(|| "it".to_string(), |(label, ..)| label);
                editor.asked = Some(action);
                let keeps = save_keeps(&editor);
                editor.notice = Some((
                    format!("Not saved: \"{label}\" again starts a new board without it{keeps}"),
                    true,
                ));
            }
            EditAction::Setting(s) => {
                let new_board = editor.draft.replaces_board(s);
                // The first of a run of seeds comes from the clock: each
                // start of the game deals boards of its own.
                if *seed == 0 {
                    *seed = first_seed();
                }
                *seed += 1;
                let seed = *seed;
                let changed = editor.change(true, |d| d.apply(s, seed));
                if changed && s == Setting::Shuffle {
                    editor.seed = Some(seed);
                }
                if changed && new_board {
                    editor.notice = Some((
                        "A new board: Undo (Ctrl+Z) brings back the one before.".into(),
                        false,
                    ));
                }
            }
            EditAction::New(kind, pegs) if !asked && editor.edited() => {
                let label = crate::levels::edit::new_levels()
                    .into_iter()
                    .find(|&(_, k, p)| (k, p) == (kind, pegs))
                    .map_or("it", |(label, ..)| label);
                editor.asked = Some(action);
                let keeps = save_keeps(&editor);
                editor.notice = Some((
                    format!("Not saved: \"{label}\" again starts a new level without it{keeps}"),
                    true,
                ));
            }
            EditAction::New(kind, pegs) => new_level(&mut editor, kind, pegs),
            EditAction::Limit(grade) => {
                if let Some(limits) = verdict.shown.as_ref().and_then(|v| v.limits) {
                    let limit = limits[grade.min(4)];
                    editor.change(true, |d| d.set_limit(limit));
                }
            }
            EditAction::Tune(harder) => tuning.start(&editor, harder),
            EditAction::TakeProposal => take_proposal(&mut editor, &mut tuning),
            EditAction::DropProposal => tuning.clear(),
            EditAction::Undo => editor.travel(true),
            EditAction::Redo => editor.travel(false),
            EditAction::Save => save::save(&mut editor, &verdict, &mut packs, &progress),
            EditAction::SaveInto => save::next_pack(&mut editor, &packs, &progress),
            EditAction::CopyCode => copy_code(&mut editor, &mut clipboard),
            EditAction::Play | EditAction::ShowMe => match editor.draft.check() {
                Ok(level) => {
                    let at = packs::add_edited_level(&mut packs, level);
                    current.pack = at;
                    current.level = 0;
                    commands.insert_resource(PlayState::new(
                        packs.0[at].pack.as_ref().expect("just made").levels[0].clone(),
                    ));
                    if action == EditAction::ShowMe {
                        commands.insert_resource(ShowOnPlay);
                    }
                    next.set(Screen::Play);
                }
                Err(m) => {
                    editor.notice = Some((format!("It cannot be played yet: {}", m.message), true));
                }
            },
            // Back (Esc) over a proposal keeps the board: the proposal
            // goes, the editor stays (it left at once).
            EditAction::Back if tuning.proposal().is_some() => tuning.clear(),
            EditAction::Back if editor.unsaved() && !asked => {
                editor.asked = Some(action);
                let keeps = save_keeps(&editor);
                editor.notice = Some((
                    format!("Not saved: Back again leaves without it{keeps}"),
                    true,
                ));
            }
            EditAction::Back => next.set(editor.back),
            EditAction::Help => help.0 = !help.0,
        }
    }
}

/// The brush on a cell: a press (`press`) starts a stroke, its drag goes
/// on with it, and the stroke's first change is its step in the history.
fn paint(editor: &mut Editor, r: usize, c: usize, press: bool) {
    let brush = editor.draft.brush(&editor.picks);
    if press {
        editor.stroke_kept = false;
    }
    let keep = !editor.stroke_kept;
    if editor.change(keep, |d| d.paint(r, c, brush)) {
        editor.stroke_kept = true;
    }
}

/// A new level of a puzzle, in place of the draft: it comes from no pack.
fn new_level(editor: &mut Editor, kind: PuzzleKind, pegs: bool) {
    let fresh = Draft::new_of(kind, pegs);
    if editor.change(true, |d| {
        let changed = *d != fresh;
        *d = fresh;
        changed
    }) {
        editor.picks.clear();
        editor.begin_level();
        // (A Tab's ring and Enter make one without a click: say it can be
        // taken back.)
        editor.notice = Some((
            "A new level: Undo (Ctrl+Z) brings back the one before.".into(),
            false,
        ));
    }
}

/// The board "Harder" or "Easier" proposed becomes the draft.
fn take_proposal(editor: &mut Editor, tuning: &mut Tuning) {
    if let Some(p) = tuning.proposal().cloned() {
        tuning.clear();
        editor.change(true, |d| {
            let changed = *d != p.draft;
            *d = p.draft;
            changed
        });
    }
}

/// The board's code to the clipboard, or in the notice where there is no
/// clipboard; a draft that is not a level yet has none.
fn copy_code(editor: &mut Editor, clipboard: &mut Option<ResMut<bevy::clipboard::Clipboard>>) {
    editor.notice = Some(match editor.draft.check() {
        Err(m) => (format!("No code yet: {}", m.message), true),
        Ok(_) => {
            let code = editor.draft.code();
            let copied = clipboard.as_mut().map(|c| c.set_text(code.clone()));
            match copied {
                Some(Ok(())) => (
                    format!(
                        "The board's code ({} characters) is copied: Ctrl+V on the title plays it.",
                        code.len()
                    ),
                    false,
                ),
                _ => (format!("No clipboard here; the code is {code}"), true),
            }
        }
    });
    editor.last_code = Some(editor.draft.code());
}

/// "Show me": the solution plays as soon as the level shows.
pub(super) fn show_on_play(
    mut commands: Commands,
    show: Option<Res<ShowOnPlay>>,
    mut asked: MessageWriter<AutoplayCommand>,
) {
    if show.is_some() {
        commands.remove_resource::<ShowOnPlay>();
        asked.write(AutoplayCommand::Start(Watch::Solution));
    }
}
