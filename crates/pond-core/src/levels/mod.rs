//! Level packs: the RON format players write, parsed with line and column
//! errors, checked against the rules and the size limits, and turned into
//! puzzles. Also the seeded generators behind `pond gen`.

pub mod code;
pub mod generate;
pub mod locate;
pub mod rng;

use crate::rules::Puzzle;
use crate::rules::escape::{Animal, Escape};
use crate::rules::flood::{Flood, MAX_COLOURS};
use crate::rules::hop::{Board, Hop, MAX_PADS, Shape};
use crate::rules::swap::{Cell, Swap, mirrored, parse_row};
use locate::{Node, Pos};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::Path;

/// Limits on what a pack may hold: these files come from strangers.
pub mod limits {
    /// Bytes in one pack file.
    pub const FILE_BYTES: usize = 1 << 20;
    pub const LEVELS: usize = 1000;
    /// Characters in a pack or level name.
    pub const NAME_CHARS: usize = 200;
    /// Cells in a Swap row (a thousand frogs a side is a fair request).
    pub const SWAP_CELLS: usize = 10_001;
    /// Rows and columns of a Hop layout (and at most 64 pads).
    pub const HOP_SIDE: usize = 16;
    pub const FLOOD_SIDE: usize = 100;
    pub const ESCAPE_SIDE: usize = 10;
    /// Animal types `a` to `l`; colours are the digits 1 to 9.
    pub const ESCAPE_TYPES: usize = 12;
}

/// A pack file as written.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Pack")]
pub struct PackFile {
    pub name: String,
    #[serde(default)]
    pub author: Option<String>,
    pub levels: Vec<LevelFile>,
}

/// One level as written.
#[derive(Debug, Clone, Serialize, Deserialize)]
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

fn is_false(b: &bool) -> bool {
    !*b
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
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

/// A pack ready to play.
#[derive(Debug, Clone, PartialEq)]
pub struct Pack {
    pub name: String,
    pub author: Option<String>,
    pub levels: Vec<Level>,
}

/// A mistake in a pack file: where it is and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackError {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
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
pub const SHIPPED: [(&str, &str); 5] = [
    ("swap.ron", include_str!("../../../../levels/swap.ron")),
    ("hop.ron", include_str!("../../../../levels/hop.ron")),
    ("pegs.ron", include_str!("../../../../levels/pegs.ron")),
    ("flood.ron", include_str!("../../../../levels/flood.ron")),
    ("escape.ron", include_str!("../../../../levels/escape.ron")),
];

/// Loads a pack from a path, or a shipped pack by its file name when no such
/// file exists (so `pond solve hop.ron` works from any directory).
pub fn load(path: &Path) -> Result<Pack, PackError> {
    if !path.exists()
        && let Some((name, text)) = SHIPPED.iter().find(|(name, _)| {
            path.as_os_str() == *name || path.ends_with(Path::new("levels").join(name))
        })
    {
        return parse_pack(name, text);
    }
    load_file(path)
}

/// Reads and checks a pack file from disk.
pub fn load_file(path: &Path) -> Result<Pack, PackError> {
    let file = path.display().to_string();
    let fail = |message: String| PackError {
        file: file.clone(),
        line: 0,
        col: 0,
        message,
    };
    let meta = std::fs::metadata(path).map_err(|e| fail(format!("cannot read the file: {e}")))?;
    if meta.len() > limits::FILE_BYTES as u64 {
        return Err(fail(format!(
            "the file is {} bytes; a pack may be at most {} bytes",
            meta.len(),
            limits::FILE_BYTES
        )));
    }
    let bytes = std::fs::read(path).map_err(|e| fail(format!("cannot read the file: {e}")))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        fail(format!(
            "the file is not UTF-8 text (bad byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })?;
    parse_pack(&file, &text)
}

/// Parses and checks a pack from text; `file` names it in errors.
pub fn parse_pack(file: &str, text: &str) -> Result<Pack, PackError> {
    let at = |pos: Pos, message: String| PackError {
        file: file.to_string(),
        line: pos.line,
        col: pos.col,
        message,
    };
    if text.len() > limits::FILE_BYTES {
        return Err(at(
            Pos { line: 0, col: 0 },
            format!(
                "the file is {} bytes; a pack may be at most {} bytes",
                text.len(),
                limits::FILE_BYTES
            ),
        ));
    }
    let options = ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .with_recursion_limit(64);
    let raw: PackFile = options.from_str(text).map_err(|e| {
        at(
            Pos {
                line: e.span.start.line,
                col: e.span.start.col,
            },
            e.code.to_string(),
        )
    })?;
    let tree = locate::scan(text);
    let root_pos = Pos { line: 1, col: 1 };
    let locate = |path: &Spot| -> Pos { path.find(tree.as_ref()).unwrap_or(root_pos) };
    if raw.name.chars().count() > limits::NAME_CHARS {
        return Err(at(
            locate(&Spot::root("name")),
            format!(
                "a pack name may have at most {} characters",
                limits::NAME_CHARS
            ),
        ));
    }
    if raw.levels.len() > limits::LEVELS {
        return Err(at(
            locate(&Spot::root("levels")),
            format!(
                "the pack has {} levels; a pack may have at most {}",
                raw.levels.len(),
                limits::LEVELS
            ),
        ));
    }
    let mut levels = Vec::with_capacity(raw.levels.len());
    for (i, level) in raw.levels.iter().enumerate() {
        let built = build_level(level).map_err(|(spot, message)| {
            let spot = Spot {
                level: Some(i),
                ..spot
            };
            at(locate(&spot), format!("level {}: {message}", i + 1))
        })?;
        levels.push(built);
    }
    Ok(Pack {
        name: raw.name,
        author: raw.author,
        levels,
    })
}

/// Where in the file a mistake is: a level, a field, an item of a list, a
/// character of a string.
#[derive(Debug, Clone, Default)]
pub struct Spot {
    level: Option<usize>,
    field: &'static str,
    item: Option<usize>,
    ch: Option<usize>,
}

impl Spot {
    fn root(field: &'static str) -> Spot {
        Spot {
            field,
            ..Spot::default()
        }
    }

    fn field(field: &'static str) -> Spot {
        Spot::root(field)
    }

    fn item(field: &'static str, item: usize) -> Spot {
        Spot {
            field,
            item: Some(item),
            ..Spot::default()
        }
    }

    fn ch(field: &'static str, item: Option<usize>, ch: usize) -> Spot {
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

type Built<T> = Result<T, (Spot, String)>;

fn check_name(name: &str) -> Built<()> {
    if name.chars().count() > limits::NAME_CHARS {
        return Err((
            Spot::field("name"),
            format!(
                "a level name may have at most {} characters",
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
            Puzzle::Swap(build_swap(row, goal.as_deref(), *jump_own)?),
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
            Puzzle::Hop(build_hop(*board, layout, *finish)?),
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
            Puzzle::Flood(build_flood(
                cells.as_deref(),
                random.as_ref(),
                *colours,
                *moves,
            )?),
        ),
        LevelFile::Escape { name, rows, grade } => {
            (name, grade, Puzzle::Escape(build_escape(rows)?))
        }
    };
    check_name(name)?;
    Ok(Level {
        name: name.clone(),
        grade: grade.clone(),
        puzzle,
    })
}

fn swap_row(text: &str, field: &'static str) -> Built<Vec<Cell>> {
    let len = text.chars().count();
    if len > limits::SWAP_CELLS {
        return Err((
            Spot::field(field),
            format!(
                "the row has {len} cells; a row may have at most {}",
                limits::SWAP_CELLS
            ),
        ));
    }
    if len == 0 {
        return Err((
            Spot::field(field),
            "the row is empty: expected L, R and _".into(),
        ));
    }
    if let Some((i, c)) = text
        .chars()
        .enumerate()
        .find(|&(_, c)| Cell::from_char(c).is_none())
    {
        return Err((
            Spot::ch(field, None, i),
            format!(
                "unexpected `{c}` in the row: expected L (a frog facing right), R (facing left) or _ (an empty pad)"
            ),
        ));
    }
    Ok(parse_row(text).unwrap_or_default())
}

fn build_swap(row: &str, goal: Option<&str>, jump_own: bool) -> Built<Swap> {
    let cells = swap_row(row, "row")?;
    let goal = match goal {
        None => mirrored(&cells),
        Some(g) => {
            let goal = swap_row(g, "goal")?;
            if goal.len() != cells.len() {
                return Err((
                    Spot::field("goal"),
                    format!(
                        "the goal has {} cells; expected {} like the row",
                        goal.len(),
                        cells.len()
                    ),
                ));
            }
            for kind in [Cell::L, Cell::R] {
                let count = |r: &[Cell]| r.iter().filter(|&&c| c == kind).count();
                if count(&goal) != count(&cells) {
                    return Err((
                        Spot::field("goal"),
                        format!(
                            "the goal has {} {} frogs; expected {} like the row",
                            count(&goal),
                            kind.to_char(),
                            count(&cells)
                        ),
                    ));
                }
            }
            goal
        }
    };
    Ok(Swap {
        cells,
        goal,
        jump_own,
    })
}

fn build_hop(shape: Shape, layout: &[String], finish: Option<(u8, u8)>) -> Built<Hop> {
    if layout.is_empty() {
        return Err((Spot::field("layout"), "the layout has no rows".into()));
    }
    if layout.len() > limits::HOP_SIDE {
        return Err((
            Spot::field("layout"),
            format!(
                "the layout has {} rows; at most {}",
                layout.len(),
                limits::HOP_SIDE
            ),
        ));
    }
    // (character index in the text, cell character) of each cell of each row.
    let rows: Vec<Vec<(usize, char)>> = layout
        .iter()
        .map(|r| r.chars().enumerate().filter(|(_, c)| *c != ' ').collect())
        .collect();
    for (r, row) in rows.iter().enumerate() {
        let expected = match shape {
            Shape::Pond => Some(5),
            Shape::Triangle => Some(r + 1),
            Shape::Square => None,
        };
        let width = expected.unwrap_or(rows[0].len());
        if row.len() > limits::HOP_SIDE
            || (expected.is_none() && row.len() != width)
            || expected.is_some_and(|w| w != row.len())
        {
            let why = match shape {
                Shape::Pond => "the Pond is 5 cells wide".to_string(),
                Shape::Triangle => format!("row {} of a triangle has {} cells", r + 1, r + 1),
                Shape::Square => format!("every row is as long as the first ({width} cells)"),
            };
            return Err((
                Spot::item("layout", r),
                format!(
                    "row {} has {} cells; expected {width}: {why}",
                    r + 1,
                    row.len()
                ),
            ));
        }
        for &(i, c) in row {
            if !"ogr.".contains(c) {
                return Err((
                    Spot::ch("layout", Some(r), i),
                    format!(
                        "unexpected `{c}`: expected o (empty pad), g (green frog), r (red frog) or . (no pad)"
                    ),
                ));
            }
        }
    }
    if shape == Shape::Pond && rows.len() != 5 {
        return Err((
            Spot::field("layout"),
            format!("the Pond has 5 rows, not {}", rows.len()),
        ));
    }
    let mut present = Vec::new();
    let mut red = None;
    let mut green = 0u64;
    let mut pads = 0usize;
    for (r, row) in rows.iter().enumerate() {
        let mut line = Vec::new();
        for (c, &(i, ch)) in row.iter().enumerate() {
            let pad = ch != '.';
            if pad && shape == Shape::Pond && (r + c) % 2 == 1 {
                return Err((
                    Spot::ch("layout", Some(r), i),
                    format!(
                        "row {}, cell {}: the Pond has no pad here (only cells with row + column even hold pads)",
                        r + 1,
                        c + 1
                    ),
                ));
            }
            if pad {
                if pads == MAX_PADS {
                    return Err((
                        Spot::ch("layout", Some(r), i),
                        format!("a board may have at most {MAX_PADS} pads"),
                    ));
                }
                match ch {
                    'g' => green |= 1u64 << pads,
                    'r' if red.is_some() => {
                        return Err((
                            Spot::ch("layout", Some(r), i),
                            "a second red frog: a board has at most one".into(),
                        ));
                    }
                    'r' => red = Some(pads as u8),
                    _ => {}
                }
                pads += 1;
            }
            line.push(pad);
        }
        present.push(line);
    }
    if green == 0 && red.is_none() {
        return Err((
            Spot::field("layout"),
            "the board has no frogs: expected at least one g or r".into(),
        ));
    }
    let board = Board::new(shape, &present);
    let finish = match finish {
        None => None,
        Some((r, c)) => match board.pad_at(r, c) {
            Some(p) => Some(p),
            None => {
                return Err((
                    Spot::field("finish"),
                    format!(
                        "there is no pad at row {r}, column {c} (counted from 0) for the last frog"
                    ),
                ));
            }
        },
    };
    Ok(Hop {
        board,
        green,
        red,
        finish,
    })
}

fn build_flood(
    cells: Option<&[String]>,
    random: Option<&RandomFlood>,
    colours: Option<u8>,
    moves: Option<u32>,
) -> Built<Flood> {
    let side_check = |w: usize, h: usize, spot: Spot| -> Built<()> {
        if w == 0 || h == 0 || w > limits::FLOOD_SIDE || h > limits::FLOOD_SIDE {
            return Err((
                spot,
                format!(
                    "the board is {w}x{h}; expected 1 to {} cells a side",
                    limits::FLOOD_SIDE
                ),
            ));
        }
        Ok(())
    };
    let colour_check = |k: u8, spot: Spot| -> Built<()> {
        if !(2..=MAX_COLOURS).contains(&k) {
            return Err((spot, format!("{k} colours; expected 2 to {MAX_COLOURS}")));
        }
        Ok(())
    };
    match (cells, random) {
        (Some(_), Some(_)) => Err((
            Spot::field("random"),
            "give either `cells` or `random`, not both".into(),
        )),
        (None, None) => Err((
            Spot::field("name"),
            "a Flood level needs `cells` or `random`".into(),
        )),
        (None, Some(r)) => {
            side_check(r.width as usize, r.height as usize, Spot::field("random"))?;
            colour_check(r.colours, Spot::field("random"))?;
            if let Some(k) = colours.filter(|&k| k != r.colours) {
                return Err((
                    Spot::field("colours"),
                    format!("`colours` is {k} but `random` has {}", r.colours),
                ));
            }
            let grid = rng::flood_cells(r.width, r.height, r.colours, r.seed);
            Ok(Flood::new(r.width, r.height, r.colours, grid, moves))
        }
        (Some(rows), None) => {
            let height = rows.len();
            let width = rows.first().map_or(0, |r| r.chars().count());
            side_check(width, height, Spot::field("cells"))?;
            let mut grid = Vec::with_capacity(width * height);
            for (r, row) in rows.iter().enumerate() {
                let len = row.chars().count();
                if len != width {
                    return Err((
                        Spot::item("cells", r),
                        format!(
                            "row {} has {len} cells; expected {width} like the first row",
                            r + 1
                        ),
                    ));
                }
                for (i, c) in row.chars().enumerate() {
                    let Some(d) = c.to_digit(10) else {
                        return Err((
                            Spot::ch("cells", Some(r), i),
                            format!("unexpected `{c}`: expected a colour digit 0 to 9"),
                        ));
                    };
                    if let Some(k) = colours
                        && d as u8 >= k
                    {
                        return Err((
                            Spot::ch("cells", Some(r), i),
                            format!(
                                "colour {d} is beyond the level's {k} colours (0 to {})",
                                k - 1
                            ),
                        ));
                    }
                    grid.push(d as u8);
                }
            }
            let k = match colours {
                Some(k) => {
                    colour_check(k, Spot::field("colours"))?;
                    k
                }
                None => grid.iter().max().map_or(2, |&m| (m + 1).max(2)),
            };
            Ok(Flood::new(width as u16, height as u16, k, grid, moves))
        }
    }
}

fn build_escape(rows: &[String]) -> Built<Escape> {
    if rows.is_empty() || rows.len() > limits::ESCAPE_SIDE {
        return Err((
            Spot::field("rows"),
            format!("{} rows; expected 1 to {}", rows.len(), limits::ESCAPE_SIDE),
        ));
    }
    let mut animals = Vec::new();
    let mut width = None;
    for (r, row) in rows.iter().enumerate() {
        let mut count = 0;
        let chars: Vec<char> = row.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            if chars[i] == ' ' {
                i += 1;
                continue;
            }
            let kind = chars[i];
            let colour = chars.get(i + 1).copied().unwrap_or(' ');
            let kind_ok =
                kind.is_ascii_lowercase() && ((kind as u8 - b'a') as usize) < limits::ESCAPE_TYPES;
            if !kind_ok {
                let last = (b'a' + limits::ESCAPE_TYPES as u8 - 1) as char;
                return Err((
                    Spot::ch("rows", Some(r), i),
                    format!("unexpected `{kind}`: expected an animal type letter a to {last}"),
                ));
            }
            if !('1'..='9').contains(&colour) {
                return Err((
                    Spot::ch("rows", Some(r), i + 1),
                    format!("expected a colour digit 1 to 9 after `{kind}`"),
                ));
            }
            if chars.get(i + 2).is_some_and(|&c| c != ' ') {
                return Err((
                    Spot::ch("rows", Some(r), i + 2),
                    "expected a space between animals (each is a letter and a digit, like a1)"
                        .into(),
                ));
            }
            animals.push(Animal {
                kind: kind as u8 - b'a',
                colour: colour as u8 - b'1',
            });
            count += 1;
            i += 2;
        }
        if count == 0 || count > limits::ESCAPE_SIDE {
            return Err((
                Spot::item("rows", r),
                format!(
                    "row {} has {count} animals; expected 1 to {}",
                    r + 1,
                    limits::ESCAPE_SIDE
                ),
            ));
        }
        match width {
            None => width = Some(count),
            Some(w) if w != count => {
                return Err((
                    Spot::item("rows", r),
                    format!(
                        "row {} has {count} animals; expected {w} like the first row",
                        r + 1
                    ),
                ));
            }
            _ => {}
        }
    }
    let cols = width.unwrap_or(0) as u8;
    Ok(Escape::new(rows.len() as u8, cols, animals))
}
