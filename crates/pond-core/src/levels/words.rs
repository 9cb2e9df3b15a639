//! The RON parser's refusals in an author's words: the field and what it
//! takes (with its range), never the program's own type names.

use crate::rules::PuzzleKind;
use ron::error::Error;

/// What a field takes, as the format page says it.
pub(crate) fn takes(field: &str) -> Option<String> {
    if field == "levels" {
        let each: Vec<String> = PuzzleKind::ALL
            .iter()
            .map(|k| format!("{}(...)", k.title()))
            .collect();
        return Some(format!("a list of levels in [ ], each {}", or_list(&each)));
    }
    Some(
        match field {
            "name" | "author" | "grade" => "a string in double quotes",
            "row" | "goal" => "a string of L, R and _ in double quotes, like \"LL_RR\"",
            "layout" | "rows" | "cells" => "a list of strings, like [\"...\", \"...\"]",
            "board" => "Pond, Square or Triangle",
            "finish" => "a (row, column) pair, each a whole number from 0 to 15",
            "random" => "(width: W, height: H, colours: C, seed: S)",
            "jump_own" => "true or false",
            "width" | "height" => "a whole number from 1 to 100",
            "colours" => "a whole number from 2 to 10",
            "moves" => "a whole number from 0 to 4294967295",
            "seed" => "a whole number from 0 to 18446744073709551615",
            _ => return None,
        }
        .to_string(),
    )
}

/// Whether `name` is a puzzle's title, as a level's variant is written.
fn is_puzzle(name: &str) -> bool {
    PuzzleKind::ALL.iter().any(|k| k.title() == name)
}

/// What a struct of the file is, for "every Swap level needs one".
fn what(outer: Option<&str>) -> String {
    match outer {
        Some("Pack" | "PackFile" | "PackHead") => "a pack".to_string(),
        Some("RandomFlood") => "`random`".to_string(),
        Some(level) if is_puzzle(level) => {
            let an = level.starts_with(['A', 'E', 'I', 'O', 'U']);
            format!("{} {level} level", if an { "an" } else { "a" })
        }
        _ => "this part".to_string(),
    }
}

/// `a`, `b` or `c`.
fn either(names: &[&str]) -> String {
    listed(names, "or")
}

/// `a`, `b` and `c` (with `joint` "and").
fn listed(names: &[&str], joint: &str) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    match quoted.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} {joint} {last}", rest.join(", ")),
    }
}

/// `a, b, c or d`, as a sentence lists things.
pub(crate) fn or_list(items: &[String]) -> String {
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// The name in `names` nearest to `found` (by edits), if near enough.
fn nearest<'a>(found: &str, names: &[&'a str]) -> Option<&'a str> {
    let distance = |a: &str, b: &str| {
        let a: Vec<char> = a.to_lowercase().chars().collect();
        let b: Vec<char> = b.to_lowercase().chars().collect();
        let mut row: Vec<usize> = (0..=b.len()).collect();
        for (i, ca) in a.iter().enumerate() {
            let mut prev = row[0];
            row[0] = i + 1;
            for (j, cb) in b.iter().enumerate() {
                let here = row[j + 1];
                row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(here + 1);
                prev = here;
            }
        }
        row[b.len()]
    };
    names
        .iter()
        .map(|n| (distance(found, n), *n))
        .filter(|(d, n)| *d <= 2.max(n.len() / 3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, n)| n)
}

/// The parser's error `code`, met at the value of `field` (when known).
pub(crate) fn words(code: &Error, field: Option<&str>) -> String {
    let known = field.and_then(|f| takes(f).map(|t| (f, t)));
    // A value of the wrong kind: what the field takes says it all.
    let wants = |generic: &str| match &known {
        Some((f, t)) => format!("`{f}` takes {t}"),
        None => generic.to_string(),
    };
    let with_field = |generic: &str| match &known {
        Some((f, t)) => format!("{generic}: `{f}` takes {t}"),
        None => generic.to_string(),
    };
    match code {
        Error::MissingStructField { field, outer } => {
            let mut out = format!(
                "the field `{field}` is missing: {} needs it",
                what(outer.as_deref())
            );
            if let Some(t) = takes(field) {
                out.push_str(&format!(" ({t})"));
            }
            out
        }
        Error::NoSuchStructField {
            expected,
            found,
            outer,
        } => {
            let mut out = format!(
                "{} has no field `{found}`; its fields are {}",
                what(outer.as_deref()),
                listed(expected, "and")
            );
            if let Some(near) = nearest(found, expected) {
                out.push_str(&format!(" (did you mean `{near}`?)"));
            }
            out
        }
        Error::DuplicateStructField { field, outer } => {
            format!(
                "the field `{field}` is given twice in {}",
                what(outer.as_deref())
            )
        }
        Error::NoSuchEnumVariant {
            expected, found, ..
        } => {
            let kind = if expected.contains(&"Pond") {
                "a board shape"
            } else if expected.iter().any(|e| is_puzzle(e)) {
                "a puzzle of this game"
            } else {
                "expected here"
            };
            let mut out = format!("`{found}` is not {kind}: expected {}", either(expected));
            if let Some(near) = nearest(found, expected) {
                out.push_str(&format!(" (did you mean `{near}`?)"));
            }
            out
        }
        Error::ExpectedDifferentStructName { expected, found } => match *expected {
            "Pack" => format!("a pack file starts with `Pack(`, not `{found}(`"),
            "RandomFlood" => format!(
                "`random` takes {} with no name before the `(` (found `{found}`)",
                takes("random").unwrap_or_default()
            ),
            other => format!("expected `{other}(`, found `{found}(`"),
        },
        Error::ExpectedNamedStructLike("Pack") => {
            "a pack file starts with `Pack(` (see the format page, levels/README.md)".to_string()
        }
        Error::IntegerOutOfBounds => with_field("this number is out of range"),
        Error::ExpectedInteger | Error::InvalidIntegerDigit { .. } | Error::ExpectedFloat => {
            wants("expected a whole number")
        }
        Error::ExpectedString | Error::ExpectedByteString => {
            wants("expected a string in double quotes")
        }
        Error::ExpectedArray => wants("expected a list in square brackets [ ]"),
        Error::ExpectedBoolean => wants("expected true or false"),
        Error::InvalidValueForType { expected, found } => {
            with_field(&format!("{found} is not {}", plain_type(expected)))
        }
        Error::ExpectedDifferentLength { expected, found } => with_field(&format!(
            "{} given where {} is expected",
            super::count_of(*found, "value is", "values are"),
            plain_type(expected)
        )),
        Error::ExpectedStructLike | Error::ExpectedNamedStructLike(_) => {
            wants("expected a `(` here")
        }
        Error::ExpectedComma => {
            "a `,` is missing here (between two fields, or two items of a list)".to_string()
        }
        Error::ExpectedMapColon => "a `:` is missing after the field's name".to_string(),
        Error::ExpectedIdentifier => {
            let titles: Vec<String> = PuzzleKind::ALL.iter().map(|k| k.title()).collect();
            wants(&format!(
                "expected a field's name here (or a puzzle's: {})",
                titles.join(", ")
            ))
        }
        Error::InvalidIdentifier(found) | Error::SuggestRawIdentifier(found) => {
            wants(&format!("`{found}` is not a name"))
        }
        Error::ExpectedStructLikeEnd => with_field("expected a `)` here"),
        Error::ExpectedArrayEnd => with_field("expected a `]` here"),
        Error::ExpectedStringEnd => "the string is not closed: a `\"` is missing".to_string(),
        Error::Eof => "the file ends too soon: a value or a bracket is missing".to_string(),
        Error::TrailingCharacters => "there is more text after the pack's closing `)`".to_string(),
        Error::UnexpectedChar(c) => format!("`{c}` is not expected here"),
        Error::InvalidEscape(what) => {
            format!("{what} (in a string, `\\` starts an escape such as `\\\"` or `\\\\`)")
        }
        Error::ExceededRecursionLimit => {
            "brackets are nested too deep (a pack needs four levels of them)".to_string()
        }
        Error::Message(m) => plain_message(m),
        other => plain_message(&other.to_string()),
    }
}

/// serde's names of types ("u8", "a tuple of size 2") as an author reads them.
fn plain_type(expected: &str) -> String {
    match expected {
        "u8" => "a whole number from 0 to 255".to_string(),
        "u16" => "a whole number from 0 to 65535".to_string(),
        "u32" => "a whole number from 0 to 4294967295".to_string(),
        "u64" => "a whole number from 0 to 18446744073709551615".to_string(),
        "a tuple of size 2" => "a pair (a, b)".to_string(),
        other => other.to_string(),
    }
}

/// Any message left: the program's type names put in the file's terms.
fn plain_message(message: &str) -> String {
    message
        .replace("`LevelFile`", "a level")
        .replace("`RandomFlood`", "`random`")
        .replace("`PackFile`", "`Pack`")
        .replace("enum `Shape`", "the board shapes")
        .replace("`Shape`", "the board shapes")
}

/// `words` with a capital first letter: "swap" as "Swap".
pub fn capitalised(words: &str) -> String {
    let mut letters = words.chars();
    letters
        .next()
        .map(|first| first.to_uppercase().chain(letters).collect())
        .unwrap_or_default()
}

/// A count and its noun, singular for one: "1 colour", "3 colours".
pub fn count_of(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", noun(n as u64, one, many))
}

/// Seconds as a clock shows them: "0:42", "1:05", "1:02:09".
pub fn clock(secs: u32) -> String {
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// The noun for a count written some other way (grouped digits): `one`
/// for 1, `many` for any other.
pub fn noun<'a>(n: u64, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_reads_as_a_clock() {
        assert_eq!(clock(0), "0:00");
        assert_eq!(clock(42), "0:42");
        assert_eq!(clock(65), "1:05");
        assert_eq!(clock(3729), "1:02:09");
        assert_eq!(clock(u32::MAX), "1193046:28:15");
    }

    #[test]
    fn no_type_name_of_the_program_is_said() {
        let e = Error::NoSuchEnumVariant {
            expected: &["Pond", "Square", "Triangle"],
            found: "Circel".into(),
            outer: Some("Shape".into()),
        };
        assert_eq!(
            words(&e, Some("board")),
            "`Circel` is not a board shape: expected `Pond`, `Square` or `Triangle`"
        );
        let e = Error::MissingStructField {
            field: "seed",
            outer: Some("RandomFlood".into()),
        };
        assert_eq!(
            words(&e, None),
            "the field `seed` is missing: `random` needs it (a whole number from 0 to 18446744073709551615)"
        );
        assert_eq!(
            words(&Error::IntegerOutOfBounds, Some("seed")),
            "this number is out of range: `seed` takes a whole number from 0 to 18446744073709551615"
        );
        let e = Error::NoSuchStructField {
            expected: &["name", "author", "levels"],
            found: "authr".into(),
            outer: Some("Pack".into()),
        };
        assert_eq!(
            words(&e, None),
            "a pack has no field `authr`; its fields are `name`, `author` and `levels` (did you mean `author`?)"
        );
    }
}
