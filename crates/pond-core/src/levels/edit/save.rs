//! Saving a draft into a pack of the player's own, whole and atomically.

use super::Draft;
use crate::levels::{generate, limits};

/// The comment at the top of a pack the editor writes.
const HEADER: &str = "A pack of levels made in Pond Puzzles' level editor.\nThe format: levels/README.md in the game's sources.";

/// Adds `level` to the pack file at `path`, or puts it in place of the
/// pack's level `replace` (from 0); a new pack named `pack_name` when there
/// is no file yet. The file is written whole beside the old one and renamed
/// over it, so a pack is never half written. A pack the player wrote keeps
/// its text (its comments, its header, its layout): only the level's own
/// text is put in or added. The level is written with `grade` (the
/// solvers' verdict, in the level select's words), but a level put in place
/// of one its author graded keeps the author's word. Returns the level's
/// place in the pack (from 0).
pub fn save_into(
    path: &std::path::Path,
    pack_name: &str,
    level: &Draft,
    replace: Option<usize>,
    grade: Option<&str>,
) -> Result<usize, String> {
    level.check().map_err(|m| m.message)?;
    let mut old_text = None;
    let mut pack = if path.exists() {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        crate::levels::parse_pack(&path.display().to_string(), &text).map_err(|e| {
            format!("{e}; the pack has a mistake, so the level was not added to it")
        })?;
        let file = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .from_str::<crate::levels::PackFile>(&text)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        old_text = Some(text);
        file
    } else {
        crate::levels::PackFile {
            name: pack_name.to_string(),
            author: None,
            levels: Vec::new(),
        }
    };
    let mut file = level.to_file();
    *file.grade_mut() = grade.map(str::to_string);
    let at = match replace {
        Some(i) if i < pack.levels.len() => {
            if let Some(author) = pack.levels[i].grade_mut().take() {
                *file.grade_mut() = Some(author);
            }
            pack.levels[i] = file;
            i
        }
        _ => {
            if pack.levels.len() >= limits::LEVELS {
                return Err(format!(
                    "the pack has {} levels already, the most a pack may have",
                    limits::LEVELS
                ));
            }
            pack.levels.push(file);
            pack.levels.len() - 1
        }
    };
    // The author's text with the level's put in, when it reads back as the
    // pack meant; else the pack written whole.
    let text = old_text
        .and_then(|t| spliced(&t, &generate::level_text(&pack.levels[at]), replace))
        .filter(|t| reads_as(t, &pack))
        .unwrap_or_else(|| generate::write_pack(&pack, HEADER));
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot make the folder {}: {e}", dir.display()))?;
    }
    let tmp = path.with_extension(format!("ron.tmp-{}", std::process::id()));
    let written = std::fs::File::create(&tmp).and_then(|mut f| {
        use std::io::Write;
        f.write_all(text.as_bytes())?;
        f.sync_all()
    });
    if let Err(e) = written.and_then(|()| std::fs::rename(&tmp, path)) {
        let _ = std::fs::remove_file(&tmp);
        return Err(format!("cannot write {}: {e}", path.display()));
    }
    Ok(at)
}

/// `text` (a pack file) with `level` in place of its level `replace`, or
/// added after its last level, everything else as it was; None when the
/// text has no level to place it by.
fn spliced(text: &str, level: &str, replace: Option<usize>) -> Option<String> {
    let root = crate::levels::locate::scan(text)?;
    let spans = root.field("levels")?.spans();
    // The spans count characters; the text is cut at bytes.
    let byte = |c: usize| text.char_indices().nth(c).map_or(text.len(), |(b, _)| b);
    let (cut, put) = match replace {
        Some(i) if i < spans.len() => (byte(spans[i].start)..byte(spans[i].end), level.to_string()),
        _ => {
            let last = spans.last()?;
            let (start, end) = (byte(last.start), byte(last.end));
            // At the last level's indent, on a line of its own.
            let line = text[..start].rfind('\n').map_or(0, |n| n + 1);
            let indent: String = text[line..start]
                .chars()
                .take_while(|c| c.is_whitespace())
                .collect();
            match after_line(text, end) {
                // The rest of the last level's line (its comma, a comment)
                // stays with it: the level goes on the line below.
                Some((line_end, comma, newline)) => {
                    let mut out = String::with_capacity(text.len() + level.len() + 8);
                    out.push_str(&text[..end]);
                    if !comma {
                        out.push(',');
                    }
                    out.push_str(&text[end..line_end]);
                    out.push_str(newline);
                    out.push_str(&indent);
                    // A level of many lines, in the file's line breaks.
                    out.push_str(&level.replace('\n', newline));
                    if comma {
                        out.push(',');
                    }
                    out.push_str(&text[line_end..]);
                    return Some(out);
                }
                None => (end..end, format!(",\n{indent}{level}")),
            }
        }
    };
    let mut out = String::with_capacity(text.len() + put.len());
    out.push_str(&text[..cut.start]);
    out.push_str(&put);
    out.push_str(&text[cut.end..]);
    Some(out)
}

/// The end of the line a level ends on at byte `end` (before its line
/// break), whether a comma follows the level there, and the line break the
/// file uses; None unless the rest of the line is only a comma, spaces and
/// a `//` comment (another level, or the list's end, on the same line).
fn after_line(text: &str, end: usize) -> Option<(usize, bool, &'static str)> {
    let rest = &text[end..];
    let (mut line_end, mut newline) = match rest.find('\n') {
        Some(n) => (end + n, "\n"),
        None => (text.len(), "\n"),
    };
    if text[..line_end].ends_with('\r') {
        line_end -= 1;
        newline = "\r\n";
    }
    let on_line = text[end..line_end].trim_start();
    let comma = on_line.starts_with(',');
    let after = on_line.strip_prefix(',').unwrap_or(on_line).trim_start();
    (after.is_empty() || after.starts_with("//")).then_some((line_end, comma, newline))
}

/// Whether `text` reads as the pack `want` (its name, author and levels).
fn reads_as(text: &str, want: &crate::levels::PackFile) -> bool {
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str::<crate::levels::PackFile>(text)
        .is_ok_and(|got| got == *want)
}
