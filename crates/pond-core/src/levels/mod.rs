//! Level packs: the RON format players write, parsed with line and column
//! errors, checked against the rules and the size limits, and turned into
//! puzzles (each puzzle's fields by its own file: `swap`, `hop`, `flood`,
//! `escape`). Also the seeded generators behind `pond gen`.

pub mod code;
pub mod daily;
mod dyn_value;
pub mod edit;
#[cfg(test)]
mod edit_tests;
pub mod game_line;
pub mod generate;
pub mod locate;
mod names;
pub mod pack_grade;
mod refusals;
pub mod rng;
mod slips;
mod text;
pub mod tune;
pub mod verdict;
#[cfg(test)]
mod verdict_tests;
mod words;

use crate::puzzles::escape::{level as escape, level_gen as escape_gen};
use crate::puzzles::flood::{level as flood, level_gen as flood_gen};
use crate::puzzles::hop::{level as hop, level_gen as hop_gen};
use crate::puzzles::swap::{level as swap, level_gen as swap_gen};
use crate::rules::Puzzle;
use crate::rules::hop::Shape;
use locate::Node;
pub use locate::Pos;

/// What the level codes know of a puzzle; each puzzle's level file
/// implements it.
pub trait Coded: crate::solve::Solve {
    /// Whether its random levels carry a grade (a Swap row's shape is its
    /// difficulty).
    const GRADED: bool;

    /// The day's level's code from its seed, at `difficulty`, in the game's
    /// default shape of the puzzle's random levels.
    fn daily_code(seed: u64, difficulty: u8) -> code::LevelCode;

    /// The first letter of its random levels' codes (`S3v4`).
    const LETTER: char;

    /// Its random level's code from the code's text before `-` (in capitals,
    /// starting with `LETTER`) and the seed after it, or what is wrong.
    fn read_code(head: &str, seed: Option<u64>) -> Result<code::RandomCode, String>;
}
pub use names::{NameWarning, name_warnings};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::Path;
pub use text::{cannot_read, decode, read_at_most, without_bom};
pub use words::{capitalised, clock, count_of, noun};

/// Limits on what a pack may hold: these files come from strangers.
pub mod limits {
    /// Bytes in one pack file.
    pub const FILE_BYTES: usize = 1 << 20;
    pub const LEVELS: usize = 1000;
    /// Characters in a pack or level name.
    pub const NAME_CHARS: usize = 200;
    /// Cells in a Swap row: the longest a level code makes (40 frogs a side
    /// and 5 empty pads). A longer row cannot be seen whole in a window: at
    /// this length each pad is about 14 pixels wide at 1280. (The solvers
    /// take far longer rows; `pond bench` plays a thousand frogs a side.)
    pub const SWAP_CELLS: usize = 85;
    /// Rows and columns of a Hop layout (and at most 64 pads).
    pub const HOP_SIDE: usize = 16;
    pub const FLOOD_SIDE: usize = 100;
    pub const ESCAPE_SIDE: usize = 10;
    /// Animal types `a` to `l`; colours are the digits 1 to 9.
    pub const ESCAPE_TYPES: usize = 12;
}

/// A pack file as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Pack")]
pub struct PackFile {
    pub name: String,
    #[serde(default)]
    pub author: Option<String>,
    pub levels: Vec<LevelFile>,
}

/// One level as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum LevelFile {
    Swap {
        name: String,
        row: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        goal: Option<String>,
        #[serde(default, skip_serializing_if = "is_false")]
        jump_own: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        grade: Option<String>,
    },
    Hop {
        name: String,
        board: Shape,
        layout: Vec<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        finish: Option<(u8, u8)>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        grade: Option<String>,
    },
    Flood {
        name: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cells: Option<Vec<String>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        random: Option<RandomFlood>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        colours: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        moves: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        grade: Option<String>,
    },
    Escape {
        name: String,
        rows: Vec<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        grade: Option<String>,
    },
}

impl LevelFile {
    /// The level's grade, as its file says it (any words).
    pub fn grade_mut(&mut self) -> &mut Option<String> {
        match self {
            LevelFile::Swap { grade, .. }
            | LevelFile::Hop { grade, .. }
            | LevelFile::Flood { grade, .. }
            | LevelFile::Escape { grade, .. } => grade,
        }
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomFlood {
    pub width: u16,
    pub height: u16,
    pub colours: u8,
    pub seed: u64,
}

/// A level ready to play.
#[derive(Debug, Clone, PartialEq)]
pub struct Level {
    pub name: String,
    pub grade: Option<String>,
    pub puzzle: Puzzle,
}

/// The grade of a level no one can win, as the level editor saves it (the
/// level select shows it under the level's name).
pub const LOST_GRADE: &str = "cannot be won";

impl Level {
    /// Graded as a level no one can win: it is not counted among the
    /// levels a player has to solve to finish its pack.
    pub fn cannot_be_won(&self) -> bool {
        self.grade.as_deref() == Some(LOST_GRADE)
    }
}

/// A pack ready to play.
#[derive(Debug, Clone, PartialEq)]
pub struct Pack {
    pub name: String,
    pub author: Option<String>,
    pub levels: Vec<Level>,
    /// Where each level begins in its file (empty for a pack made in the
    /// game), for messages that point.
    pub places: Vec<Pos>,
}

/// A mistake in a pack file: where it is and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackError {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl Pack {
    /// How many of its levels can be won: the levels that finish the pack.
    pub fn to_solve(&self) -> usize {
        self.levels.iter().filter(|l| !l.cannot_be_won()).count()
    }
}

impl fmt::Display for PackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(
                f,
                "{}:{}:{}: {}",
                self.file, self.line, self.col, self.message
            )
        }
    }
}

impl std::error::Error for PackError {}

/// The packs that ship with the game, embedded so that `pond` runs anywhere:
/// (file name, text).
pub const SHIPPED: &[(&str, &str)] = &[
    ("swap.ron", include_str!("../../../../levels/swap.ron")),
    ("hop.ron", include_str!("../../../../levels/hop.ron")),
    ("pegs.ron", include_str!("../../../../levels/pegs.ron")),
    ("flood.ron", include_str!("../../../../levels/flood.ron")),
    ("escape.ron", include_str!("../../../../levels/escape.ron")),
];

/// Loads a pack from a path, or a shipped pack by its file name when no such
/// file exists (so `pond solve hop.ron` works from any directory). The
/// first mistake, if any (`load_all` gives every one).
pub fn load(path: &Path) -> Result<Pack, PackError> {
    load_all(path).map_err(first)
}

/// As `load`, with every mistake the file holds.
pub fn load_all(path: &Path) -> Result<Pack, Vec<PackError>> {
    if !path.exists()
        && let Some((name, text)) = shipped_named(path)
    {
        return parse_pack_all(name, text);
    }
    load_file_all(path)
}

/// The shipped pack that `path` names: its file name (`pegs.ron`), that
/// name without `.ron` (`pegs`), or its place in a `levels` folder.
pub fn shipped_named(path: &Path) -> Option<&'static (&'static str, &'static str)> {
    SHIPPED.iter().find(|(name, _)| {
        path.as_os_str() == *name
            || path.as_os_str() == name.trim_end_matches(".ron")
            || path.ends_with(Path::new("levels").join(name))
    })
}

/// Reads and checks a pack file from disk: its first mistake, if any.
pub fn load_file(path: &Path) -> Result<Pack, PackError> {
    load_file_all(path).map_err(first)
}

fn first(all: Vec<PackError>) -> PackError {
    let mut all = all.into_iter();
    all.next().unwrap_or_else(|| PackError {
        file: String::new(),
        line: 0,
        col: 0,
        message: "the pack could not be read".to_string(),
    })
}

/// Reads and checks a pack file from disk, with every mistake it holds.
pub fn load_file_all(path: &Path) -> Result<Pack, Vec<PackError>> {
    let file = path.display().to_string();
    let fail = |message: String| {
        vec![PackError {
            file: file.clone(),
            line: 0,
            col: 0,
            message,
        }]
    };
    let bytes = read_at_most(path, limits::FILE_BYTES)
        .map_err(|e| vec![cannot_read(&file, &e)])?
        .ok_or_else(|| {
            fail(format!(
                "the file is over {} bytes, the most a pack may be",
                limits::FILE_BYTES
            ))
        })?;
    let text = decode(&file, bytes).map_err(|e| vec![e])?;
    parse_pack_all(&file, &text)
}

/// Parses and checks a pack from text; `file` names it in errors. The first
/// mistake found, if any (`parse_pack_all` gives every one).
pub fn parse_pack(file: &str, text: &str) -> Result<Pack, PackError> {
    parse_pack_all(file, text).map_err(first)
}

/// Parses and checks a pack from text: every mistake the file holds, in the
/// file's order, where the parse can go on past one (a level's mistake does
/// not hide the next level's; an unclosed bracket or string hides all after
/// it).
pub fn parse_pack_all(file: &str, text: &str) -> Result<Pack, Vec<PackError>> {
    let at = |pos: Pos, message: String| PackError {
        file: file.to_string(),
        line: pos.line,
        col: pos.col,
        message,
    };
    // Windows editors start a UTF-8 file with a byte order mark; lines and
    // columns count from after it, as an editor shows them.
    let text = without_bom(text);
    if text.len() > limits::FILE_BYTES {
        return Err(vec![at(
            Pos { line: 0, col: 0 },
            format!(
                "the file is {} bytes; a pack may be at most {} bytes",
                text.len(),
                limits::FILE_BYTES
            ),
        )]);
    }
    let tree = locate::scan(text);
    let raw: PackFile = match ron_options().from_str(text) {
        Ok(raw) => raw,
        Err(e) => return Err(refusals::all(text, tree.as_ref(), &e, &at)),
    };
    let root_pos = Pos { line: 1, col: 1 };
    let locate = |path: &Spot| -> Pos { path.find(tree.as_ref()).unwrap_or(root_pos) };
    let mut errors = Vec::new();
    if raw.name.chars().count() > limits::NAME_CHARS {
        errors.push(at(
            locate(&Spot::root("name")),
            format!(
                "the pack's name has {} characters; a name may have at most {}",
                raw.name.chars().count(),
                limits::NAME_CHARS
            ),
        ));
    }
    if raw.levels.len() > limits::LEVELS {
        return Err(vec![at(
            locate(&Spot::root("levels")),
            format!(
                "the pack has {} levels; a pack may have at most {}",
                raw.levels.len(),
                limits::LEVELS
            ),
        )]);
    }
    let mut levels = Vec::with_capacity(raw.levels.len());
    let mut places = Vec::with_capacity(raw.levels.len());
    for (i, level) in raw.levels.iter().enumerate() {
        let place = Spot {
            level: Some(i),
            ..Spot::default()
        };
        places.push(locate(&place));
        match build_level(level) {
            Ok(built) => levels.push(built),
            Err((spot, message)) => {
                let spot = Spot {
                    level: Some(i),
                    ..spot
                };
                errors.push(at(locate(&spot), format!("level {}: {message}", i + 1)));
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Pack {
        name: raw.name,
        author: raw.author,
        levels,
        places,
    })
}

fn ron_options() -> ron::Options {
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .with_recursion_limit(64)
}

/// Where in the file a mistake is: a level, a field, an item of a list, a
/// character of a string.
#[derive(Debug, Clone, Default)]
pub struct Spot {
    level: Option<usize>,
    pub(crate) field: &'static str,
    pub(crate) item: Option<usize>,
    ch: Option<usize>,
}

impl Spot {
    fn root(field: &'static str) -> Spot {
        Spot {
            field,
            ..Spot::default()
        }
    }

    pub(crate) fn field(field: &'static str) -> Spot {
        Spot::root(field)
    }

    pub(crate) fn item(field: &'static str, item: usize) -> Spot {
        Spot {
            field,
            item: Some(item),
            ..Spot::default()
        }
    }

    pub(crate) fn ch(field: &'static str, item: Option<usize>, ch: usize) -> Spot {
        Spot {
            field,
            item,
            ch: Some(ch),
            ..Spot::default()
        }
    }

    fn find(&self, tree: Option<&Node>) -> Option<Pos> {
        let root = tree?;
        let mut node = root;
        if let Some(l) = self.level {
            node = root.field("levels")?.item(l)?;
        }
        let Some(field) = node.field(self.field) else {
            return Some(node.at());
        };
        // `Some(x)` wraps the value in one more layer.
        let field = match field {
            Node::Seq { items, .. } if items.len() == 1 && self.item.is_none() => &items[0],
            other => other,
        };
        let target = match self.item {
            Some(i) => field.item(i).unwrap_or(field),
            None => field,
        };
        Some(match self.ch {
            Some(c) => target.char_at(c),
            None => target.at(),
        })
    }
}

pub(crate) type Built<T> = Result<T, (Spot, String)>;

/// What a level is, as a number: the FNV-1a hash of its board code (its
/// board, goal and limit; not its name). Progress is kept by it, so that a
/// level's record follows it when its pack is reordered, grows or renames
/// it. The same in every build: the code and the hash are both fixed.
pub fn level_id(level: &Level) -> u64 {
    edit::Draft::of_level(level)
        .code()
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        })
}

fn check_name(name: &str) -> Built<()> {
    if name.chars().count() > limits::NAME_CHARS {
        return Err((
            Spot::field("name"),
            format!(
                "the name has {} characters; a name may have at most {}",
                name.chars().count(),
                limits::NAME_CHARS
            ),
        ));
    }
    Ok(())
}

fn build_level(level: &LevelFile) -> Built<Level> {
    let (name, grade, puzzle) = match level {
        LevelFile::Swap {
            name,
            row,
            goal,
            jump_own,
            grade,
        } => (
            name,
            grade,
            Puzzle::Swap(swap::build_swap(row, goal.as_deref(), *jump_own)?),
        ),
        LevelFile::Hop {
            name,
            board,
            layout,
            finish,
            grade,
        } => (
            name,
            grade,
            Puzzle::Hop(hop::build_hop(*board, layout, *finish)?),
        ),
        LevelFile::Flood {
            name,
            cells,
            random,
            colours,
            moves,
            grade,
        } => (
            name,
            grade,
            Puzzle::Flood(flood::build_flood(
                cells.as_deref(),
                random.as_ref(),
                *colours,
                *moves,
            )?),
        ),
        LevelFile::Escape { name, rows, grade } => {
            (name, grade, Puzzle::Escape(escape::build_escape(rows)?))
        }
    };
    check_name(name)?;
    Ok(Level {
        name: name.clone(),
        grade: grade.clone(),
        puzzle,
    })
}

/// One level as a pack file writes it (on one line, but for its rows,
/// which go one a line at the indent of a level in a pack).
pub fn level_text(level: &LevelFile) -> String {
    match level {
        LevelFile::Swap {
            name,
            row,
            goal,
            jump_own,
            grade,
        } => swap_gen::text(name, row, goal.as_deref(), *jump_own, grade),
        LevelFile::Hop {
            name,
            board,
            layout,
            finish,
            grade,
        } => hop_gen::text(name, *board, layout, *finish, grade),
        LevelFile::Flood {
            name,
            cells,
            random,
            colours,
            moves,
            grade,
        } => flood_gen::text(
            name,
            cells.as_deref(),
            random.as_ref(),
            *colours,
            *moves,
            grade,
        ),
        LevelFile::Escape { name, rows, grade } => escape_gen::text(name, rows, grade),
    }
}
