//! A file the parser refused, told in full: a bracket or string slip alone,
//! else each mistake of the pack's own fields and of each level parsed on
//! its own, at its line and column.

use super::locate::{Node, Pos};
use super::{LevelFile, PackError, Spot, build_level, ron_options, slips, words};
use serde::Deserialize;

/// The pack's own fields, its levels not read: to find a mistake among
/// them when a level's mistake stops the whole parse.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Pack")]
#[allow(dead_code)]
struct PackHead {
    name: String,
    #[serde(default)]
    author: Option<String>,
    levels: Vec<serde::de::IgnoredAny>,
}

/// Every mistake of a file the parser refused: a bracket or string slip
/// alone (nothing after it can be trusted), else the pack's own fields and
/// each level parsed on its own.
pub(crate) fn all(
    text: &str,
    tree: Option<&Node>,
    whole: &ron::error::SpannedError,
    at: &dyn Fn(Pos, String) -> PackError,
) -> Vec<PackError> {
    if let Some((pos, words)) = slips::find(text) {
        return vec![at(pos, words)];
    }
    let told = |e: &ron::error::SpannedError, base: Pos, node: Option<&Node>| {
        let pos = shifted(base, e.span.start.line, e.span.start.col);
        let pos = match &e.code {
            // The parser notices a missing field at the closing bracket;
            // the author looks for it at the opening one.
            ron::Error::MissingStructField { outer, .. } => node
                .and_then(|n| match outer.as_deref() {
                    Some("RandomFlood") => n.field("random").map(Node::at),
                    _ => Some(n.at()),
                })
                .unwrap_or(pos),
            _ => pos,
        };
        match tree.and_then(|t| t.path_to(pos)) {
            Some((value, path)) if path.last().is_some_and(|f| words::takes(f).is_some()) => (
                value,
                words::words(&e.code, path.last().map(String::as_str)),
            ),
            _ => (pos, words::words(&e.code, None)),
        }
    };
    let start = Pos { line: 1, col: 1 };
    let fallback = || {
        let (pos, words) = told(whole, start, tree);
        vec![at(pos, words)]
    };
    let Some(levels) = tree.and_then(|t| t.field("levels")) else {
        return fallback();
    };
    let Node::Seq { items, spans, .. } = levels else {
        return fallback();
    };
    let chars: Vec<char> = text.chars().collect();
    let mut errors = Vec::new();
    if let Err(e) = ron_options().from_str::<PackHead>(text) {
        let (pos, words) = told(&e, start, tree);
        // A mistake inside a level is told by the level's own parse.
        let in_level = items
            .iter()
            .zip(spans)
            .any(|(item, span)| item.at() <= pos && pos < end_of(&chars, span));
        if !in_level {
            errors.push(at(pos, words));
        }
    }
    for (i, (item, span)) in items.iter().zip(spans).enumerate() {
        let slice: String = chars[span.clone()].iter().collect();
        match ron_options().from_str::<LevelFile>(&slice) {
            Ok(level) => {
                if let Err((spot, message)) = build_level(&level) {
                    let spot = Spot {
                        level: Some(i),
                        ..spot
                    };
                    let pos = spot.find(tree).unwrap_or(item.at());
                    errors.push(at(pos, format!("level {}: {message}", i + 1)));
                }
            }
            Err(e) => {
                let (pos, words) = told(&e, item.at(), Some(item));
                errors.push(at(pos, format!("level {}: {words}", i + 1)));
            }
        }
    }
    if errors.is_empty() {
        return fallback();
    }
    errors
}

/// A position in a part of the file that starts at `base`, in the whole.
fn shifted(base: Pos, line: usize, col: usize) -> Pos {
    if line <= 1 {
        Pos {
            line: base.line,
            col: base.col + col.saturating_sub(1),
        }
    } else {
        Pos {
            line: base.line + line - 1,
            col,
        }
    }
}

/// The line and column just after the characters `span` of `chars`.
fn end_of(chars: &[char], span: &std::ops::Range<usize>) -> Pos {
    let mut pos = Pos { line: 1, col: 1 };
    for c in &chars[..span.end.min(chars.len())] {
        if *c == '\n' {
            pos.line += 1;
            pos.col = 1;
        } else {
            pos.col += 1;
        }
    }
    pos
}
