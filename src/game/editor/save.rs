//! Saving: the level into the pack chosen ("My levels" at first, any pack
//! in the data directory's `packs/`, or a new one), in its place when it
//! came from there, and the pack listed.

use super::{Editor, OWN_PACK, OWN_PACK_NAME, SaveInto};
use crate::game::packs::{self, Packs};
use crate::game::progress::Progress;
use crate::levels::LOST_GRADE;
use bevy::prelude::*;
use std::path::PathBuf;

/// "Another pack": the next pack of the player's to save into (or a new one).
pub(super) fn next_pack(editor: &mut Editor, packs: &Packs, progress: &Progress) {
    let Some(dir) = progress.dir.as_deref() else {
        return;
    };
    let choices = save_choices(dir);
    let now = save_target(editor, packs, dir);
    let at = choices.iter().position(|c| same_file(c, &now));
    let next = choices[at.map_or(0, |i| (i + 1) % choices.len())].clone();
    editor.into = next.map_or(SaveInto::New, SaveInto::Pack);
    editor.notice = None;
}

/// Saves the level into the pack chosen (in place of the level it was
/// copied from, when it came from there), and lists the pack.
pub(super) fn save(
    editor: &mut Editor,
    verdict: &super::EditVerdict,
    packs: &mut Packs,
    progress: &Progress,
) {
    let Some(dir) = progress.dir.clone() else {
        editor.notice = Some((
            "There is no data directory to save in (see --data-dir).".into(),
            true,
        ));
        return;
    };
    let (path, name) = match save_target(editor, packs, &dir) {
        Some(path) => (path, OWN_PACK_NAME.to_string()),
        None => new_pack(&dir),
    };
    // The level goes back in its place in the pack it came from.
    let replace = match editor.from {
        Some((p, Some(level)))
            if packs
                .0
                .get(p)
                .and_then(|e| e.disk_path())
                .is_some_and(|d| same_file(&Some(d), &Some(path.clone()))) =>
        {
            Some(level)
        }
        _ => None,
    };
    // A level added beside one of the same name takes a number ("My level
    // 2"): the level select and `pond check` tell the levels apart.
    let renamed = replace.is_none() && unique_name(editor, &path);
    // Its grade as the level select will show it, when the verdict on the
    // board shown is known; a level no one can win says so there.
    let shown = verdict
        .shown
        .as_ref()
        .filter(|_| verdict.generation == editor.generation);
    let (grade, known) = saved_grade(shown);
    let lost = grade.as_deref() == Some(LOST_GRADE);
    match crate::levels::edit::save_into(&path, &name, &editor.draft, replace, grade.as_deref()) {
        Ok(at) => {
            // Still counting: the grade is written in when it comes.
            editor.grade_due =
                (!known).then(|| (editor.generation, path.clone(), at, name.clone()));
            let pack = packs::reload_own(packs, &path);
            editor.into = SaveInto::Pack(path.clone());
            editor.saved((pack, Some(at)));
            let named = match renamed {
                true => format!(", named \"{}\"", editor.draft.name),
                false => String::new(),
            };
            // Saved all the same, but said: a level no one can win.
            let lost_words = if lost { " It cannot be won." } else { "" };
            // The pack by its name, and its file's on a line of its own
            // (its whole path wrapped badly in a narrow panel, a new player
            // found, and the file's name broke at its hyphen).
            let file = path.file_name().map_or_else(
                || path.display().to_string(),
                |f| f.to_string_lossy().into(),
            );
            let pack_name = packs
                .0
                .get(pack)
                .and_then(|e| e.pack.as_ref().ok())
                .map_or(name, |p| p.name.clone());
            // A short name keeps to one line (it broke as "My / levels").
            let pack_name = if pack_name.chars().count() <= 24 {
                pack_name.replace(' ', "\u{a0}")
            } else {
                pack_name
            };
            editor.notice = Some((
                format!(
                    "Saved as level {} of \"{pack_name}\"{named},\nin the file {file}.{lost_words}",
                    at + 1,
                ),
                lost,
            ));
        }
        Err(e) => editor.notice = Some((format!("Not saved: {e}"), true)),
    }
}

/// The grade a level is saved with, from the verdict on its board, and
/// whether it is final: "cannot be won" for a level no one can win, else
/// the level select's words (the shipped pack's where it grades the level,
/// else the game's) once counted; none while the verdict is still coming.
fn saved_grade(shown: Option<&crate::levels::verdict::Verdict>) -> (Option<String>, bool) {
    match shown {
        Some(v) if matches!(v.answer, crate::levels::verdict::Answer::Lost { .. }) => {
            (Some(LOST_GRADE.to_string()), true)
        }
        Some(v) => (
            v.pack_grade
                .as_ref()
                .map(|(g, ..)| g.clone())
                .or(v.grade.clone()),
            v.graded,
        ),
        None => (None, false),
    }
}

/// A level saved while its grade was still being counted gets it in its
/// file once counted, if the board is still the one saved (a level saved
/// at once after an edit had no grade on the level select).
pub(super) fn write_due_grade(
    mut editor: ResMut<Editor>,
    verdict: Res<super::EditVerdict>,
    mut packs: ResMut<Packs>,
) {
    let Some((generation, ..)) = editor.grade_due else {
        return;
    };
    if generation != editor.generation {
        editor.grade_due = None;
        return;
    }
    let shown = verdict
        .shown
        .as_ref()
        .filter(|_| verdict.generation == generation);
    // A level that proves lost is due its "cannot be won" as much as a
    // level that can be won is due its counted grade.
    let (grade, true) = saved_grade(shown) else {
        return;
    };
    let Some((_, path, at, name)) = editor.grade_due.take() else {
        return;
    };
    let Some(grade) = grade else {
        return;
    };
    if crate::levels::edit::save_into(&path, &name, &editor.draft, Some(at), Some(&grade)).is_ok() {
        packs::reload_own(&mut packs, &path);
    }
}

/// Gives the draft a name no level of the pack at `path` has, by a number
/// after it ("My level 2"), when its own is taken; true if it did.
fn unique_name(editor: &mut Editor, path: &std::path::Path) -> bool {
    let Ok(pack) = crate::levels::load_file(path) else {
        return false;
    };
    let taken = |name: &str| pack.levels.iter().any(|l| l.name == name);
    let name = editor.draft.name.clone();
    if !taken(&name) {
        return false;
    }
    // The number it takes in the pack first ("My level 8" as level 8), so
    // that names and places agree while the pack grows one level at a time.
    let Some(free) = std::iter::once(pack.levels.len() + 1)
        .chain(2..)
        .map(|n| format!("{name} {n}"))
        .find(|n| !taken(n))
        .filter(|n| n.chars().count() <= crate::levels::limits::NAME_CHARS)
    else {
        return false;
    };
    editor.draft.name = free;
    true
}

/// The pack "Save" adds to when none was chosen.
pub fn own_pack(dir: &std::path::Path) -> PathBuf {
    dir.join("packs").join(OWN_PACK)
}

/// The file "Save" writes: the pack chosen, else the player's pack the
/// level came from, else "My levels"; None for a new pack.
pub fn save_target(editor: &Editor, packs: &Packs, dir: &std::path::Path) -> Option<PathBuf> {
    match &editor.into {
        SaveInto::Pack(path) => Some(path.clone()),
        SaveInto::New => None,
        SaveInto::Usual => Some(
            editor
                .from
                .and_then(|(p, level)| level.and(packs.0.get(p)))
                .filter(|e| e.own_file())
                .and_then(|e| e.disk_path())
                .unwrap_or_else(|| own_pack(dir)),
        ),
    }
}

/// The packs a level can be saved into, in turn: "My levels" (made by the
/// first save), every pack in the data directory's `packs/` folder, and a
/// new pack (None).
fn save_choices(dir: &std::path::Path) -> Vec<Option<PathBuf>> {
    let mine = own_pack(dir);
    let mut choices: Vec<Option<PathBuf>> = vec![Some(mine.clone())];
    choices.extend(
        packs::own_packs(Some(dir))
            .into_iter()
            .filter(|p| !same_file(&Some(p.clone()), &Some(mine.clone())))
            .map(Some),
    );
    choices.push(None);
    choices
}

/// Whether two choices name the same file (or are both a new pack).
fn same_file(a: &Option<PathBuf>, b: &Option<PathBuf>) -> bool {
    let full = |p: &PathBuf| p.canonicalize().unwrap_or_else(|_| p.clone());
    match (a, b) {
        (Some(a), Some(b)) => full(a) == full(b),
        (None, None) => true,
        _ => false,
    }
}

/// A new pack's file and name: the first of "My levels 2", "My levels 3"...
/// whose file is not there yet.
fn new_pack(dir: &std::path::Path) -> (PathBuf, String) {
    (2..)
        .map(|n| {
            (
                dir.join("packs").join(format!("my-levels-{n}.ron")),
                format!("{OWN_PACK_NAME} {n}"),
            )
        })
        .find(|(path, _)| !path.exists())
        .expect("a free name")
}

/// The words for the pack "Save" writes into.
pub fn save_target_words(editor: &Editor, packs: &Packs, dir: Option<&std::path::Path>) -> String {
    let Some(dir) = dir else {
        return "nowhere (no data directory)".into();
    };
    let Some(path) = save_target(editor, packs, dir) else {
        return "a new pack".into();
    };
    let listed = packs.0.iter().find(|e| {
        e.disk_path()
            .is_some_and(|d| same_file(&Some(d), &Some(path.clone())))
    });
    match listed.map(|e| &e.pack) {
        Some(Ok(p)) => pack_words(p),
        _ if path.exists() => unlisted_words(&path),
        // As a listed pack is said ("My levels (1 level)").
        _ => format!("{OWN_PACK_NAME} (no levels yet)"),
    }
}

/// A pack said by its name and its levels: "Hand pack (2 levels)".
fn pack_words(p: &crate::levels::Pack) -> String {
    format!(
        "{} ({})",
        p.name,
        crate::levels::count_of(p.levels.len(), "level", "levels")
    )
}

/// The most bytes of a pack the game has not listed yet that are read to
/// say it by its name.
const UNLISTED_READ: u64 = 1 << 20;

/// A pack on disk that the game does not list yet (written while it runs):
/// said as a listed one is where it reads, else by its file's name (before
/// its first save here it said "hand.ron", after it "Hand pack (2 levels)").
/// The file is read again only when it changed (its length or its time of
/// change): the panels are built again at every edit.
fn unlisted_words(path: &std::path::Path) -> String {
    type Seen = (
        std::path::PathBuf,
        Option<std::time::SystemTime>,
        u64,
        String,
    );
    static LAST: std::sync::Mutex<Option<Seen>> = std::sync::Mutex::new(None);
    let meta = std::fs::metadata(path).ok();
    let len = meta.as_ref().map_or(u64::MAX, |m| m.len());
    let changed = meta.as_ref().and_then(|m| m.modified().ok());
    let mut last = LAST.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((p, t, l, words)) = last.as_ref()
        && p == path
        && *t == changed
        && changed.is_some()
        && *l == len
    {
        return words.clone();
    }
    let small = meta.is_some_and(|m| m.len() <= UNLISTED_READ);
    let words = match small.then(|| crate::levels::load_file(path)) {
        Some(Ok(p)) => pack_words(&p),
        _ => path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
    };
    *last = Some((path.to_path_buf(), changed, len, words.clone()));
    words
}
