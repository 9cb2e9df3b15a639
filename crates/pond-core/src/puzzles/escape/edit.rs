//! The editor's Escape board: a prison of rows and columns, one animal in
//! each cell.

use super::edit_code;
use crate::levels::edit::part::{Brush, DraftBoard, DraftPart, Editable};
use crate::levels::edit::{Choice, PaletteRow, Setting, choice, set};
use crate::levels::{LevelFile, Spot, generate, limits, rng};
use crate::rules::Puzzle;
use crate::rules::escape::{Animal, Escape};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EscapeDraft {
    pub rows: u8,
    pub cols: u8,
    /// Row-major, west to east.
    pub animals: Vec<Animal>,
}

/// The most colours the palette offers.
const MOST_COLOURS: u32 = 9;

/// How many shuffles of one seed are tried for one that can be won, and
/// the work each may take to decide (a 10x10 prison decides in far less).
const SHUFFLE_TRIES: usize = 32;
const SHUFFLE_NODES: u64 = 20_000;

impl EscapeDraft {
    /// A new number of rows and columns, keeping the animals both sizes
    /// have and filling the new cells with the kinds and colours in use.
    fn resize(&mut self, nr: usize, nc: usize) {
        let (r0, c0) = (self.rows as usize, self.cols as usize);
        let kinds = self.animals.iter().map(|a| a.kind).max().unwrap_or(0) + 1;
        let colours = self.animals.iter().map(|a| a.colour).max().unwrap_or(0) + 1;
        let old = std::mem::take(&mut self.animals);
        self.animals = (0..nr * nc)
            .map(|i| {
                let (r, c) = (i / nc, i % nc);
                if r < r0 && c < c0 {
                    old[r * c0 + c]
                } else {
                    Animal {
                        kind: (i % kinds as usize) as u8,
                        colour: ((i / kinds as usize) % colours as usize) as u8,
                    }
                }
            })
            .collect();
        (self.rows, self.cols) = (nr as u8, nc as u8);
    }

    /// The number of kinds (`kinds`) or colours in use stepped by `by`.
    fn step_parts(&mut self, kinds: bool, now: u32, by: i32) {
        let most = if kinds {
            limits::ESCAPE_TYPES as u32
        } else {
            MOST_COLOURS
        };
        let n = crate::levels::edit::moved(now, by, 1, most) as u8;
        for (i, animal) in self.animals.iter_mut().enumerate() {
            let part = if kinds {
                &mut animal.kind
            } else {
                &mut animal.colour
            };
            if *part >= n {
                *part = (i % n as usize) as u8;
            }
        }
        // A new kind or colour appears at once, on the last animal.
        if n as u32 > now
            && let Some(last) = self.animals.last_mut()
        {
            if kinds {
                last.kind = n - 1;
            } else {
                last.colour = n - 1;
            }
        }
    }
}

impl DraftPart for EscapeDraft {
    fn code(&self) -> String {
        edit_code::code(self.rows, self.cols, &self.animals)
    }

    fn to_file(&self, name: String) -> LevelFile {
        LevelFile::Escape {
            name,
            rows: self
                .animals
                .chunks(self.cols as usize)
                .map(|r| r.iter().map(|a| a.code()).collect::<Vec<_>>().join(" "))
                .collect(),
            grade: None,
        }
    }

    fn cell_of(&self, spot: &Spot, ch: usize) -> Option<(usize, usize)> {
        Some((spot.item?, ch / 3))
    }

    fn drawn(&self) -> Puzzle {
        Puzzle::Escape(Escape::new(self.rows, self.cols, self.animals.clone()))
    }

    /// The first row's pick is the kind, the second's the colour.
    fn paint(&mut self, row: usize, col: usize, brush: Brush) -> bool {
        let a = Animal {
            kind: brush.pick(0) as u8,
            colour: brush.pick(1) as u8,
        };
        if row >= self.rows as usize || col >= self.cols as usize {
            return false;
        }
        set(self.animals.get_mut(row * self.cols as usize + col), a)
    }

    fn palette(&self) -> Vec<PaletteRow> {
        let dims = self.dimensions();
        let (kinds, colours) = (dims[2].1 as u8 + 1, dims[3].1 as u8 + 1);
        let kinds = kinds.min(limits::ESCAPE_TYPES as u8);
        vec![
            PaletteRow {
                title: "Animal",
                choices: (0..kinds)
                    .map(|k| choice(Animal { kind: k, colour: 0 }.describe_parts().1))
                    .collect(),
            },
            PaletteRow {
                title: "Colour",
                choices: (0..colours.min(MOST_COLOURS as u8))
                    .map(|c| Choice {
                        label: Animal { kind: 0, colour: c }.describe_parts().0.into(),
                        colour: Some(c),
                    })
                    .collect(),
            },
        ]
    }

    fn dimensions(&self) -> Vec<(&'static str, u32)> {
        let most = |part: fn(&Animal) -> u8| {
            self.animals
                .iter()
                .map(part)
                .max()
                .map_or(1, |k| k as u32 + 1)
        };
        vec![
            ("rows", self.rows as u32),
            ("columns", self.cols as u32),
            ("kinds", most(|a| a.kind)),
            ("colours", most(|a| a.colour)),
        ]
    }

    fn step(&mut self, index: usize, by: i32) {
        let side = |v: u8| {
            crate::levels::edit::moved(v as u32, by, 1, limits::ESCAPE_SIDE as u32) as usize
        };
        let now = self.dimensions().get(index).map_or(0, |d| d.1);
        match index {
            0 => self.resize(side(self.rows), self.cols as usize),
            1 => self.resize(self.rows as usize, side(self.cols)),
            2 | 3 => self.step_parts(index == 2, now, by),
            _ => {}
        }
    }

    /// Two different animals swapped.
    fn neighbours(&self) -> Vec<(DraftBoard, Vec<(usize, usize)>)> {
        let mut out: Vec<(DraftBoard, Vec<(usize, usize)>)> = Vec::new();
        let cols = self.cols as usize;
        for i in 0..self.animals.len() {
            for j in i + 1..self.animals.len() {
                if self.animals[i] == self.animals[j] {
                    continue;
                }
                let mut e = self.clone();
                e.animals.swap(i, j);
                out.push((
                    DraftBoard::of(e),
                    vec![(i / cols, i % cols), (j / cols, j % cols)],
                ));
            }
        }
        out
    }

    fn settings(&self) -> Vec<(String, Option<bool>, Setting)> {
        vec![("Shuffle".into(), None, Setting::Shuffle)]
    }

    /// The animals shuffled from `seed`: the first of the seed's next
    /// [`SHUFFLE_TRIES`] shuffles that can be won, so that a seed deals a
    /// level to play (a shuffle at random is often stuck at once); the
    /// first shuffle where none of them can be won or none is decided in
    /// its share of the work. The same seed always deals the same board.
    fn shuffle(&mut self, seed: u64) -> bool {
        use crate::solve::moves::Marks;
        let mut rng = rng::SplitMix64::new(seed);
        let start = self.animals.clone();
        let mut first = None;
        for _ in 0..SHUFFLE_TRIES {
            let mut animals = start.clone();
            rng.shuffle(&mut animals);
            let e = Escape::new(self.rows, self.cols, animals);
            if e.winnable(&crate::solve::Budget::nodes(SHUFFLE_NODES)) == Some(true) {
                self.animals = e.animals;
                return true;
            }
            first.get_or_insert(e.animals);
        }
        self.animals = first.unwrap_or(start);
        true
    }

    fn dealt(&self) -> bool {
        true
    }

    /// An animal of the same kind and colour twice: one note, however
    /// many (a row added to a full prison repeats a whole row, and a note
    /// for each animal filled the panel).
    fn warnings(&self) -> Vec<String> {
        let mut twice = Vec::new();
        let mut seen = std::collections::HashMap::new();
        let cols = self.cols as usize;
        for (i, a) in self.animals.iter().enumerate() {
            let at = (i / cols + 1, i % cols + 1);
            if let Some(first) = seen.insert((a.kind, a.colour), at) {
                twice.push((a, at, first));
            }
        }
        match twice.as_slice() {
            [] => Vec::new(),
            [(a, at, (r, c))] => vec![format!(
                "the {} at row {}, column {} is also at row {r}, column {c}",
                a.describe(),
                at.0,
                at.1
            )],
            [(_, at, _), ..] => vec![format!(
                "{} animals are on the board twice, the first at row {}, column {}",
                twice.len(),
                at.0,
                at.1
            )],
        }
    }
}

impl Editable for Escape {
    const NEW: &'static [(&'static str, bool)] = &[("Escape", false)];
    const CODE: &'static str = "BE";

    /// The first deal of the seeds from 1 on that the game grades easy (it
    /// has many ways out): a new level to build on (the first deal could
    /// not be won, and the first that could was graded fiendish). The first
    /// that can be won where none of the seeds tried is easy.
    fn start(_pegs: bool) -> DraftBoard {
        use crate::solve::moves::Marks;
        let deal = |seed| generate::deal(&mut rng::SplitMix64::new(seed), 4, 4, 4, 4);
        let easy = super::level::ESCAPE_WAYS[0];
        let winnable = |e: &Escape| e.winnable(&crate::solve::Budget::nodes(200_000)) == Some(true);
        let e = (1..=64)
            .map(deal)
            .find(|e| winnable(e) && crate::solve::escape::count_solutions(e, easy) == Some(easy))
            .or_else(|| (1..=64).map(deal).find(winnable))
            .unwrap_or_else(|| deal(1));
        DraftBoard::of(EscapeDraft {
            rows: e.rows,
            cols: e.cols,
            animals: e.animals,
        })
    }

    fn draft(&self) -> DraftBoard {
        DraftBoard::of(EscapeDraft {
            rows: self.rows,
            cols: self.cols,
            animals: self.animals.clone(),
        })
    }

    fn read_code(parts: &[&str]) -> Result<DraftBoard, String> {
        Ok(DraftBoard::of(edit_code::board(parts)?))
    }
}
