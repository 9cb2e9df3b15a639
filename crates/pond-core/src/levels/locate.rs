//! Finds where a value stands in a pack file, so that a mistake found after
//! parsing (a wrong character in a row, a pad off the board) is reported at its
//! line and column. Runs only on text the RON parser has accepted.

/// A line and column, both counted from 1 (columns in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pos {
    pub line: usize,
    pub col: usize,
}

/// The shape of a value, with positions.
#[derive(Debug)]
pub enum Node {
    /// `Name(field: value, ...)` or `(field: value)`.
    Struct {
        at: Pos,
        fields: Vec<(String, Node)>,
    },
    /// `[a, b]`, `(a, b)`, `Name(a)` or `{k: v}`: items in order, with
    /// where each item's text begins and ends (character offsets).
    Seq {
        at: Pos,
        items: Vec<Node>,
        spans: Vec<std::ops::Range<usize>>,
    },
    /// A string literal; `body` is where its first character stands.
    Str { at: Pos, body: Pos },
    /// A number, an identifier or a character literal.
    Atom { at: Pos },
}

impl Node {
    pub fn at(&self) -> Pos {
        match self {
            Node::Struct { at, .. } | Node::Seq { at, .. } | Node::Str { at, .. } => *at,
            Node::Atom { at } => *at,
        }
    }

    pub fn field(&self, name: &str) -> Option<&Node> {
        match self {
            Node::Struct { fields, .. } => fields.iter().find(|(n, _)| n == name).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn item(&self, i: usize) -> Option<&Node> {
        match self {
            Node::Seq { items, .. } => items.get(i),
            _ => None,
        }
    }

    /// Where each item's text begins and ends (character offsets), for a
    /// list.
    pub fn spans(&self) -> &[std::ops::Range<usize>] {
        match self {
            Node::Seq { spans, .. } => spans,
            _ => &[],
        }
    }

    /// The names of the fields leading to the value that starts at `pos`,
    /// or a character or two either side of it (the parser points just past
    /// a sign, or at the space before a value): `["levels", "random",
    /// "seed"]`, with where that value starts.
    pub fn path_to(&self, pos: Pos) -> Option<(Pos, Vec<String>)> {
        let mut all = Vec::new();
        self.paths(&mut Vec::new(), &mut all);
        all.into_iter()
            .filter(|(at, _)| at.line == pos.line && at.col.abs_diff(pos.col) <= 2)
            .min_by_key(|(at, _)| at.col.abs_diff(pos.col))
    }

    fn paths(&self, path: &mut Vec<String>, all: &mut Vec<(Pos, Vec<String>)>) {
        all.push((self.at(), path.clone()));
        match self {
            Node::Struct { fields, .. } => {
                for (name, value) in fields {
                    path.push(name.clone());
                    value.paths(path, all);
                    path.pop();
                }
            }
            Node::Seq { items, .. } => {
                for item in items {
                    item.paths(path, all);
                }
            }
            _ => {}
        }
    }

    /// Where character `i` of a string literal stands (escapes not counted).
    pub fn char_at(&self, i: usize) -> Pos {
        match self {
            Node::Str { body, .. } => Pos {
                line: body.line,
                col: body.col + i,
            },
            other => other.at(),
        }
    }
}

struct Scanner<'s> {
    chars: Vec<char>,
    i: usize,
    line: usize,
    col: usize,
    _src: &'s str,
}

/// Scans `src` into a tree of positions; None if it is not the shape expected
/// (it was accepted by the parser, so that would be a construct we skip).
pub fn scan(src: &str) -> Option<Node> {
    let mut s = Scanner {
        chars: src.chars().collect(),
        i: 0,
        line: 1,
        col: 1,
        _src: src,
    };
    s.skip_blank();
    // An optional `#![enable(...)]` attribute line.
    while s.peek() == Some('#') {
        while let Some(c) = s.peek() {
            s.bump();
            if c == ']' {
                break;
            }
        }
        s.skip_blank();
    }
    s.value(0)
}

impl Scanner<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn peek2(&self) -> Option<char> {
        self.chars.get(self.i + 1).copied()
    }

    fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            col: self.col,
        }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    fn skip_blank(&mut self) {
        loop {
            match (self.peek(), self.peek2()) {
                (Some(c), _) if c.is_whitespace() => {
                    self.bump();
                }
                (Some('/'), Some('/')) => {
                    while self.peek().is_some_and(|c| c != '\n') {
                        self.bump();
                    }
                }
                (Some('/'), Some('*')) => {
                    self.bump();
                    self.bump();
                    let mut depth = 1;
                    while depth > 0 {
                        match (self.bump(), self.peek()) {
                            (None, _) => return,
                            (Some('*'), Some('/')) => {
                                self.bump();
                                depth -= 1;
                            }
                            (Some('/'), Some('*')) => {
                                self.bump();
                                depth += 1;
                            }
                            _ => {}
                        }
                    }
                }
                _ => return,
            }
        }
    }

    fn ident(&mut self) -> String {
        let mut out = String::new();
        while let Some(c) = self.peek() {
            if c.is_alphanumeric() || c == '_' || c == '#' {
                out.push(c);
                self.bump();
            } else {
                break;
            }
        }
        out
    }

    fn value(&mut self, depth: usize) -> Option<Node> {
        if depth > 200 {
            return None;
        }
        self.skip_blank();
        let at = self.pos();
        match self.peek()? {
            '"' => {
                self.bump();
                let body = self.pos();
                loop {
                    match self.bump()? {
                        '\\' => {
                            self.bump();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
                Some(Node::Str { at, body })
            }
            'r' if matches!(self.peek2(), Some('"') | Some('#')) => {
                self.bump();
                let mut hashes = 0;
                while self.peek() == Some('#') {
                    self.bump();
                    hashes += 1;
                }
                self.bump();
                let body = self.pos();
                'outer: loop {
                    if self.bump()? == '"' {
                        for _ in 0..hashes {
                            if self.peek() != Some('#') {
                                continue 'outer;
                            }
                            self.bump();
                        }
                        break;
                    }
                }
                Some(Node::Str { at, body })
            }
            '\'' => {
                self.bump();
                while self.bump()? != '\'' {}
                Some(Node::Atom { at })
            }
            '[' => {
                self.bump();
                let (items, spans) = self.items(']', depth)?;
                Some(Node::Seq { at, items, spans })
            }
            '{' => {
                self.bump();
                let (items, spans) = self.items('}', depth)?;
                Some(Node::Seq { at, items, spans })
            }
            '(' => self.parens(at, depth),
            c if c.is_alphabetic() || c == '_' => {
                self.ident();
                self.skip_blank();
                if self.peek() == Some('(') {
                    self.parens(at, depth)
                } else {
                    Some(Node::Atom { at })
                }
            }
            _ => {
                while let Some(c) = self.peek() {
                    if c.is_alphanumeric() || "+-._".contains(c) {
                        self.bump();
                    } else {
                        break;
                    }
                }
                Some(Node::Atom { at })
            }
        }
    }

    /// After `(`: a struct body when it starts with `name:`, else a tuple.
    fn parens(&mut self, at: Pos, depth: usize) -> Option<Node> {
        self.bump();
        self.skip_blank();
        let save = (self.i, self.line, self.col);
        let name = self.ident();
        self.skip_blank();
        let is_struct = !name.is_empty() && self.peek() == Some(':') && self.peek2() != Some(':');
        (self.i, self.line, self.col) = save;
        if !is_struct {
            let (items, spans) = self.items(')', depth)?;
            return Some(Node::Seq { at, items, spans });
        }
        let mut fields = Vec::new();
        loop {
            self.skip_blank();
            if self.peek() == Some(')') {
                self.bump();
                break;
            }
            let name = self.ident();
            if name.is_empty() {
                return None;
            }
            self.skip_blank();
            if self.bump()? != ':' {
                return None;
            }
            let v = self.value(depth + 1)?;
            fields.push((name, v));
            self.skip_blank();
            match self.bump()? {
                ',' => {}
                ')' => break,
                _ => return None,
            }
        }
        Some(Node::Struct { at, fields })
    }

    #[allow(clippy::type_complexity)]
    fn items(
        &mut self,
        close: char,
        depth: usize,
    ) -> Option<(Vec<Node>, Vec<std::ops::Range<usize>>)> {
        let mut items = Vec::new();
        let mut spans = Vec::new();
        loop {
            self.skip_blank();
            if self.peek() == Some(close) {
                self.bump();
                return Some((items, spans));
            }
            let start = self.i;
            items.push(self.value(depth + 1)?);
            spans.push(start..self.i);
            self.skip_blank();
            match self.bump()? {
                ',' => {}
                ':' => {
                    // A map entry: keep the value, which is what errors point at.
                    items.pop();
                    items.push(self.value(depth + 1)?);
                    self.skip_blank();
                    match self.bump()? {
                        ',' => {}
                        c if c == close => return Some((items, spans)),
                        _ => return None,
                    }
                }
                c if c == close => return Some((items, spans)),
                _ => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_fields_items_and_characters() {
        let src = "// a pack\nPack(\n  name: \"x\",\n  levels: [\n    Swap(name: \"a\", row: \"LL_RR\"),\n    Hop(name: \"b\", layout: [\"o g\", r#\"g o\"#], finish: Some((1, 2))),\n  ],\n)\n";
        let root = scan(src).unwrap();
        let levels = root.field("levels").unwrap();
        let row = levels.item(0).unwrap().field("row").unwrap();
        assert_eq!(row.char_at(2), Pos { line: 5, col: 29 });
        let layout = levels.item(1).unwrap().field("layout").unwrap();
        assert_eq!(layout.item(1).unwrap().char_at(0), Pos { line: 6, col: 39 });
        let finish = levels.item(1).unwrap().field("finish").unwrap();
        assert_eq!(finish.at().line, 6);
    }

    #[test]
    fn survives_nonsense() {
        for src in ["", "(", "Pack(name: ", "[[[[", "\"open", "r#\"x", "/* open"] {
            let _ = scan(src);
        }
    }
}
