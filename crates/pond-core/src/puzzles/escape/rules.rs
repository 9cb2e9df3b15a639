//! Escape: animals leave a prison row by row, each sharing colour or type with
//! the last one out.

use crate::rules::{MoveError, Rules, parse_index, refuse};
use serde::{Deserialize, Serialize};

/// Animal types, by letter: `a` is a crab, `b` a dinosaur, and so on.
pub const TYPE_NAMES: [&str; 12] = [
    "crab", "dinosaur", "dog", "penguin", "cat", "rabbit", "fish", "duck", "turtle", "snail",
    "mouse", "elephant",
];
/// Colours, by digit: `1` is red, `2` blue, and so on.
pub const COLOUR_NAMES: [&str; 9] = [
    "red", "blue", "green", "yellow", "purple", "orange", "pink", "brown", "grey",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Animal {
    /// 0 for type `a`.
    pub kind: u8,
    /// 0 for colour `1`.
    pub colour: u8,
}

impl Animal {
    pub fn shares_with(self, other: Animal) -> bool {
        self.kind == other.kind || self.colour == other.colour
    }

    pub fn code(self) -> String {
        format!("{}{}", (b'a' + self.kind) as char, self.colour + 1)
    }

    pub fn describe(self) -> String {
        let (colour, kind) = self.describe_parts();
        format!("{colour} {kind}")
    }

    /// Its colour's name and its kind's: ("blue", "dinosaur").
    pub fn describe_parts(self) -> (&'static str, &'static str) {
        let colour = COLOUR_NAMES
            .get(self.colour as usize)
            .copied()
            .unwrap_or("plain");
        let kind = TYPE_NAMES
            .get(self.kind as usize)
            .copied()
            .unwrap_or("beast");
        (colour, kind)
    }
}

/// The prison: rows of animals written west to east, the exit on the east.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Escape {
    pub rows: u8,
    pub cols: u8,
    /// Row-major, west to east.
    pub animals: Vec<Animal>,
    /// How many animals are still in each row (they leave from the east end).
    pub left: Vec<u8>,
    /// The freedom queue: the cells `(row, col)` of the animals that left, in order.
    pub queue: Vec<(u8, u8)>,
}

/// The animal at the east end of a row leaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EscapeMove {
    pub row: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EscapeUndo {
    pub row: u8,
}

impl Escape {
    pub fn new(rows: u8, cols: u8, animals: Vec<Animal>) -> Escape {
        Escape {
            rows,
            cols,
            animals,
            left: vec![cols; rows as usize],
            queue: Vec::new(),
        }
    }

    pub fn animal(&self, row: u8, col: u8) -> Animal {
        self.animals[row as usize * self.cols as usize + col as usize]
    }

    /// The animal that would leave the row next.
    pub fn front(&self, row: u8) -> Option<Animal> {
        let left = *self.left.get(row as usize)?;
        (left > 0).then(|| self.animal(row, left - 1))
    }

    pub fn last_out(&self) -> Option<Animal> {
        self.queue.last().map(|&(r, c)| self.animal(r, c))
    }

    pub fn remaining(&self) -> usize {
        self.left.iter().map(|&l| l as usize).sum()
    }
}

impl Rules for Escape {
    type Move = EscapeMove;
    type Undo = EscapeUndo;

    const NOTATION: &'static str = "a row number, as `1`";
    const WRITTEN_AS: &'static str = "a number";

    fn in_notation(text: &str) -> bool {
        crate::rules::is_number(text)
    }

    crate::rules::variant_glue!(Escape);

    fn legal_moves(&self, out: &mut Vec<EscapeMove>) {
        out.clear();
        let last = self.last_out();
        for row in 0..self.rows {
            if let Some(a) = self.front(row)
                && last.is_none_or(|l| a.shares_with(l))
            {
                out.push(EscapeMove { row });
            }
        }
    }

    fn apply(&mut self, mv: EscapeMove) -> Result<EscapeUndo, MoveError> {
        if mv.row >= self.rows {
            return refuse(format!("there is no row {}", mv.row));
        }
        let Some(animal) = self.front(mv.row) else {
            return refuse(format!("row {} is empty", mv.row));
        };
        if let Some(last) = self.last_out()
            && !animal.shares_with(last)
        {
            let l = last.describe();
            let (colour, kind) = l.split_once(' ').unwrap_or((&l, ""));
            return refuse(format!(
                "the queue's last animal is a {l}: this one must be {colour} or a {kind}"
            ));
        }
        self.left[mv.row as usize] -= 1;
        self.queue.push((mv.row, self.left[mv.row as usize]));
        Ok(EscapeUndo { row: mv.row })
    }

    fn undo(&mut self, undo: &EscapeUndo) {
        if let Some(&(row, col)) = self.queue.last()
            && row == undo.row
        {
            self.queue.pop();
            self.left[row as usize] = col + 1;
        }
    }

    /// Every animal leaves, one a move.
    fn moves_to_win(&self) -> Option<u32> {
        Some(self.remaining() as u32)
    }

    fn is_goal(&self) -> bool {
        self.remaining() == 0
    }

    fn move_text(mv: EscapeMove) -> String {
        mv.row.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<EscapeMove, MoveError> {
        let row = parse_index(text, "row")?;
        if row >= self.rows as usize {
            return refuse(format!("rows are numbered 0 to {}", self.rows - 1));
        }
        Ok(EscapeMove { row: row as u8 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deal(rows: &[&str]) -> Escape {
        let mut animals = Vec::new();
        for r in rows {
            for code in r.split_whitespace() {
                let b = code.as_bytes();
                animals.push(Animal {
                    kind: b[0] - b'a',
                    colour: b[1] - b'1',
                });
            }
        }
        let cols = rows[0].split_whitespace().count() as u8;
        Escape::new(rows.len() as u8, cols, animals)
    }

    #[test]
    fn east_end_leaves_first_and_must_match() {
        let mut e = deal(&["a1 b2", "c3 a3"]);
        let mut moves = Vec::new();
        e.legal_moves(&mut moves);
        assert_eq!(moves.len(), 2);
        e.apply(EscapeMove { row: 0 }).unwrap(); // b2 leaves
        assert_eq!(e.last_out().unwrap().code(), "b2");
        let err = e.apply(EscapeMove { row: 1 }).unwrap_err(); // a3 shares nothing
        assert!(err.0.contains("blue dinosaur"), "{err}");
        assert!(err.0.contains("must be blue or a dinosaur"), "{err}");
        assert_eq!(e.remaining(), 3);
    }

    #[test]
    fn undo_puts_the_last_animal_back() {
        let mut e = deal(&["a1 b1", "c1 d1"]);
        let before = e.clone();
        let u1 = e.apply(EscapeMove { row: 1 }).unwrap();
        let u2 = e.apply(EscapeMove { row: 1 }).unwrap();
        e.undo(&u2);
        e.undo(&u1);
        assert_eq!(e, before);
    }

    #[test]
    fn goal_and_dead_end() {
        let mut e = deal(&["a1", "b2"]);
        e.apply(EscapeMove { row: 0 }).unwrap();
        assert!(e.is_dead_end());
        let mut e = deal(&["a1", "a2"]);
        e.apply(EscapeMove { row: 0 }).unwrap();
        e.apply(EscapeMove { row: 1 }).unwrap();
        assert!(e.is_goal());
        assert!(!e.is_dead_end());
        assert!(e.apply(EscapeMove { row: 1 }).is_err());
    }

    #[test]
    fn notation_round_trips() {
        let e = deal(&["a1", "b2", "c3"]);
        for row in 0..3 {
            let m = EscapeMove { row };
            assert_eq!(e.parse_move(&Escape::move_text(m)).unwrap(), m);
        }
        assert!(e.parse_move("3").is_err());
    }
}
