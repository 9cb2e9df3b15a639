//! The list's entries the player adds: a level's code, the editor's
//! levels, the player's own packs on disk.

use super::*;

/// The code of the level being played, to share: a shipped level by pack
/// and number, a level opened by its code by that code; none for a pack of
/// the player's own.
pub fn level_code(packs: &Packs, current: &Current) -> Option<String> {
    let entry = packs.0.get(current.pack)?;
    levels::code::shipped_code(&entry.file, current.level)
        .map(|c| c.to_string())
        .or_else(|| {
            levels::code::LevelCode::parse(&entry.file)
                .ok()
                .map(|c| c.to_string())
        })
}

/// Adds the level of a code as a pack of one named by the code, in place of
/// the code played before it, and returns where it is in the list. The title
/// does not list it; progress is kept by its code.
pub fn add_code_level(packs: &mut Packs, order: usize, code: &str, level: levels::Level) -> usize {
    packs.0.retain(|e| e.file == code || !e.is_code());
    let order = order.min(packs.0.len());
    add_entry(
        packs,
        order,
        PackEntry {
            file: code.to_string(),
            pack: Ok(Pack {
                name: format!("Level code {code}"),
                author: None,
                levels: vec![level],
                places: Vec::new(),
            }),
            handle: None,
            disk: None,
            origin: Origin::Code,
        },
    )
}

/// The `.ron` files in the data directory's `packs/` folder, by name.
pub fn own_packs(dir: Option<&Path>) -> Vec<PathBuf> {
    let Some(dir) = dir else { return Vec::new() };
    let Ok(read) = std::fs::read_dir(dir.join("packs")) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = read
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron") && p.is_file())
        .collect();
    found.sort();
    found
}

/// The level played from the editor, as a pack of one in place of the one
/// played before it; where it is in the list.
pub fn add_edited_level(packs: &mut Packs, level: levels::Level) -> usize {
    packs.0.retain(|e| !e.is_code());
    let order = packs.0.len();
    add_entry(
        packs,
        order,
        PackEntry {
            file: EDITED.to_string(),
            pack: Ok(Pack {
                name: "The level editor".into(),
                author: None,
                levels: vec![level],
                places: Vec::new(),
            }),
            handle: None,
            disk: None,
            origin: Origin::Editor,
        },
    )
}

/// The player's pack at `path` read again after the editor saved into it
/// (listed on the title from now on); where it is in the list.
pub fn reload_own(packs: &mut Packs, path: &Path) -> usize {
    let full = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    let pack = levels::load_file(&full);
    if let Some(i) = packs.0.iter().position(|e| {
        e.disk
            .as_ref()
            .is_some_and(|(d, _)| d.canonicalize().ok().as_ref() == Some(&full))
    }) {
        packs.0[i].pack = named(pack, &packs.0[i].file);
        return i;
    }
    let order = packs.0.iter().filter(|e| !e.is_code()).count();
    let seen = modified(&full);
    add_entry(
        packs,
        order,
        PackEntry {
            file: full.display().to_string(),
            pack,
            handle: None,
            disk: Some((full, seen)),
            origin: Origin::Own,
        },
    )
}
