//! Short level codes that give the same level on every machine: a shipped
//! level by pack and number (`hop.12`), or a random level by its puzzle, size,
//! difficulty and seed (`F14x14c6d3-4821`, `E4x4t4c4d2-77`, `H8d3-5`, `S3v4`). Random
//! levels are checked by the solver: always solvable, within their difficulty.

use super::{Level, SHIPPED, parse_pack, words};
use crate::rules::PuzzleKind;
use std::fmt;

pub use super::escape::EscapeCode;
pub use super::flood::FloodCode;
pub use super::hop::HopCode;
pub use super::swap::SwapCode;

/// Difficulties, 1 (easiest) to 5.
pub const DIFFICULTIES: [&str; 5] = ["easy", "fair", "tricky", "hard", "fiendish"];
/// A level's code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LevelCode {
    /// A shipped pack (by file name without `.ron`) and a level from 1.
    Shipped { pack: String, level: usize },
    /// A random level of one puzzle, by its own code (`SwapCode`, ...).
    Random(RandomCode),
    /// A whole board, as the level editor shares it (`BS-LLOR`, ...).
    Board(Box<super::edit::Draft>),
}

/// One puzzle's code of a random level: its fields and seed.
pub trait RandomPart: RandomAny + fmt::Debug + Send + Sync {
    /// The code as a player types it (`S3v4`, `H8d3-5`).
    fn text(&self) -> String;
    /// The level it stands for: the same on every machine.
    fn level(&self) -> Result<Level, String>;
}

super::dyn_value::dyn_value!(RandomCode, RandomPart, RandomAny);

impl LevelCode {
    /// The code of a random level of one puzzle.
    pub fn random(part: impl RandomPart + 'static) -> LevelCode {
        LevelCode::Random(RandomCode::of(part))
    }

    /// The random level's code as its own type, if it is one.
    pub fn random_as<T: 'static>(&self) -> Option<&T> {
        match self {
            LevelCode::Random(r) => r.get(),
            _ => None,
        }
    }
}

impl fmt::Display for LevelCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LevelCode::Shipped { pack, level } => write!(f, "{pack}.{level}"),
            LevelCode::Random(r) => f.write_str(&r.text()),
            LevelCode::Board(d) => f.write_str(&d.code()),
        }
    }
}

/// `v` when it is from `lo` to `hi`, else what is wrong, in words.
pub(crate) fn in_range(v: u64, lo: u64, hi: u64, what: &str) -> Result<u64, String> {
    if (lo..=hi).contains(&v) {
        Ok(v)
    } else {
        Err(format!("{what} must be {lo} to {hi}, found {v}"))
    }
}

/// The seed a random level's code needs.
pub(crate) fn seeded(seed: Option<u64>) -> Result<u64, String> {
    seed.ok_or_else(|| "a random level needs `-SEED` at the end".to_string())
}

/// How one puzzle reads its random levels' codes (`Coded::read_code`).
type ReadCode = fn(&str, Option<u64>) -> Result<RandomCode, String>;

/// Each puzzle's letter of its random codes and first part of its board
/// codes, with its title.
fn forms() -> Vec<(char, &'static str, String)> {
    use super::Coded;
    use super::edit::Editable;
    PuzzleKind::ALL
        .into_iter()
        .map(|k| {
            let (letter, board) = crate::each_kind!(k, T => (T::LETTER, <T as Editable>::CODE));
            (letter, board, k.title())
        })
        .collect()
}

/// Reads the numbers of `text` after each of `tags`, in order: `F14x14c6d3`
/// with tags "F","x","c","d" gives [14, 14, 6, 3].
pub(crate) fn fields(text: &str, tags: &[char]) -> Option<Vec<u64>> {
    let mut rest = text;
    let mut out = Vec::new();
    for &tag in tags {
        rest = rest.strip_prefix(tag)?;
        let end = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        out.push(rest[..end].parse().ok()?);
        rest = &rest[end..];
    }
    rest.is_empty().then_some(out)
}

impl LevelCode {
    pub fn parse(code: &str) -> Result<LevelCode, String> {
        let code = code.trim();
        // A board code carries the board itself.
        let upper = code.get(..3).map(|h| h.to_ascii_uppercase());
        let forms = forms();
        if upper.is_some_and(|h| forms.iter().any(|f| h == format!("{}-", f.1))) {
            return super::edit::Draft::from_code(code)
                .map(|d| LevelCode::Board(Box::new(d)))
                .map_err(|e| format!("board code: {e}"));
        }
        let bad = |what: &str| format!("level code `{code}`: {what}");
        if let Some((pack, level)) = code.split_once('.') {
            let level = level
                .parse::<usize>()
                .map_err(|_| bad("expected PACK.LEVEL, as `hop.12`"))?;
            let file = format!("{pack}.ron");
            if !SHIPPED.iter().any(|(n, _)| *n == file) {
                let names: Vec<&str> = SHIPPED
                    .iter()
                    .map(|(n, _)| n.trim_end_matches(".ron"))
                    .collect();
                return Err(bad(&format!(
                    "no shipped pack `{pack}`; the packs are {}",
                    names.join(", ")
                )));
            }
            return Ok(LevelCode::Shipped {
                pack: pack.to_string(),
                level,
            });
        }
        let (head, seed) = match code.split_once('-') {
            Some((h, s)) => (
                h,
                Some(
                    s.parse::<u64>()
                        .map_err(|_| bad("the seed after `-` must be a number"))?,
                ),
            ),
            None => (code, None),
        };
        // A random level's code is a letter and a number (`S3v4`, `H8d3`):
        // anything else ("hello") is not a code of one puzzle, so the answer
        // names every form instead of one puzzle's.
        let letter = head
            .chars()
            .next()
            .filter(|_| head.chars().nth(1).is_some_and(|c| c.is_ascii_digit()))
            .map(|c| c.to_ascii_uppercase());
        for kind in PuzzleKind::ALL {
            let (own, read): (char, ReadCode) = crate::each_kind!(kind, T => (<T as super::Coded>::LETTER, <T as super::Coded>::read_code));
            if letter == Some(own) {
                return read(&head.to_ascii_uppercase(), seed)
                    .map(LevelCode::Random)
                    .map_err(|e| bad(&e));
            }
        }
        let random: Vec<String> = forms.iter().map(|f| format!("{} ({})", f.0, f.2)).collect();
        let boards: Vec<String> = forms.iter().map(|f| format!("{}-", f.1)).collect();
        Err(bad(&format!(
            "expected PACK.LEVEL (as `hop.12`), a random level: {}, or a board: {}",
            words::or_list(&random),
            words::or_list(&boards)
        )))
    }

    /// The level this code stands for: the same on every machine.
    pub fn level(&self) -> Result<Level, String> {
        match *self {
            LevelCode::Shipped { ref pack, level } => {
                let file = format!("{pack}.ron");
                let text = SHIPPED
                    .iter()
                    .find(|(n, _)| *n == file)
                    .map(|(_, t)| *t)
                    .ok_or_else(|| format!("no shipped pack `{pack}`"))?;
                let p = parse_pack(&file, text).map_err(|e| e.to_string())?;
                let count = p.levels.len();
                level
                    .checked_sub(1)
                    .and_then(|i| p.levels.into_iter().nth(i))
                    .ok_or_else(|| format!("{file} has levels 1 to {count}, not {level}"))
            }
            LevelCode::Random(ref r) => r.level(),
            LevelCode::Board(ref d) => d.check().map_err(|m| format!("board code: {}", m.message)),
        }
    }
}

/// The code of level `index` (from 0) of a shipped pack file, if it is one.
pub fn shipped_code(file: &str, index: usize) -> Option<LevelCode> {
    let name = std::path::Path::new(file).file_name()?.to_str()?;
    SHIPPED
        .iter()
        .any(|(n, _)| *n == name)
        .then(|| LevelCode::Shipped {
            pack: name.trim_end_matches(".ron").to_string(),
            level: index + 1,
        })
}

#[cfg(test)]
#[path = "code_tests.rs"]
mod tests;
