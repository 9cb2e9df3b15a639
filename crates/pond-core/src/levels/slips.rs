//! Bracket and string slips, told in the author's terms. The RON parser
//! meets an unclosed bracket or string only later, where something else
//! fails to fit ("Expected comma" at the next level, "Expected identifier"
//! at the end of the file); this pass walks the file's brackets and strings
//! itself and says what is unclosed and where it was opened. It runs only on
//! a file the parser refused.

use super::locate::Pos;

/// An open bracket: its character, where it stands, and what it belongs to
/// (`Swap` for `Swap(`, `levels` for `levels: [`).
struct Open {
    ch: char,
    at: Pos,
    of: Option<String>,
    /// A struct's body (`(name: ...)`), where a field name is expected after
    /// each comma.
    fields: bool,
}

fn closer(open: char) -> char {
    match open {
        '(' => ')',
        '[' => ']',
        _ => '}',
    }
}

fn owner(open: &Open) -> String {
    match &open.of {
        Some(of) => format!(
            "the `{}` of `{of}` opened at {}:{}",
            open.ch, open.at.line, open.at.col
        ),
        None => format!(
            "the `{}` opened at {}:{}",
            open.ch, open.at.line, open.at.col
        ),
    }
}

struct Walk {
    chars: Vec<char>,
    i: usize,
    line: usize,
    col: usize,
}

impl Walk {
    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.i + ahead).copied()
    }

    fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            col: self.col,
        }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek(0)?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    /// Spaces and comments; an error when a block comment never ends.
    fn blank(&mut self) -> Result<(), (Pos, String)> {
        loop {
            match (self.peek(0), self.peek(1)) {
                (Some(c), _) if c.is_whitespace() => {
                    self.bump();
                }
                (Some('/'), Some('/')) => {
                    while self.peek(0).is_some_and(|c| c != '\n') {
                        self.bump();
                    }
                }
                (Some('/'), Some('*')) => {
                    let at = self.pos();
                    self.bump();
                    self.bump();
                    let mut depth = 1;
                    while depth > 0 {
                        match (self.bump(), self.peek(0)) {
                            (None, _) => {
                                return Err((
                                    at,
                                    format!(
                                        "the comment opened at {}:{} is not closed: a `*/` is missing",
                                        at.line, at.col
                                    ),
                                ));
                            }
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
                _ => return Ok(()),
            }
        }
    }

    fn word(&mut self) -> String {
        let mut out = String::new();
        while let Some(c) = self.peek(0) {
            if c.is_alphanumeric() || c == '_' {
                out.push(c);
                self.bump();
            } else {
                break;
            }
        }
        out
    }

    /// After an opening `"`: to its closing one. A string of a pack never
    /// spans lines, so one that runs past its line (or one closed just
    /// before more text) most likely lost its closing quote.
    fn string(&mut self, at: Pos) -> Result<(), (Pos, String)> {
        let unclosed = |why: &str| {
            (
                at,
                format!(
                    "the string opened at {}:{} is not closed: a `\"` is missing ({why})",
                    at.line, at.col
                ),
            )
        };
        loop {
            match self.bump() {
                None => return Err(unclosed("the file ends inside it")),
                Some('\n') => return Err(unclosed("it runs past the end of its line")),
                Some('\\') => {
                    self.bump();
                }
                Some('"') => break,
                Some(_) => {}
            }
        }
        // What follows a closed string: a comma, a bracket, a colon, the end
        // of the line or a comment.
        let mut ahead = 0;
        while self.peek(ahead).is_some_and(|c| c == ' ' || c == '\t') {
            ahead += 1;
        }
        match self.peek(ahead) {
            None | Some(',' | ')' | ']' | '}' | ':' | '\n' | '\r' | '/') => Ok(()),
            Some(_) => {
                let next = Pos {
                    line: self.line,
                    col: self.col + ahead,
                };
                // `"One" row: ...` or `"a" Swap(...`: a field or a value
                // follows, so the comma between them is what is missing.
                let word: String = self.chars[self.i + ahead..]
                    .iter()
                    .take_while(|c| c.is_alphanumeric() || **c == '_')
                    .collect();
                let mut after = self.i + ahead + word.chars().count();
                while self
                    .chars
                    .get(after)
                    .is_some_and(|c| *c == ' ' || *c == '\t')
                {
                    after += 1;
                }
                if !word.is_empty() && matches!(self.chars.get(after), Some(':' | '(')) {
                    return Err((next, format!("a `,` is missing before `{word}`")));
                }
                Err(unclosed(&format!(
                    "text goes on after it at {}:{}",
                    next.line, next.col
                )))
            }
        }
    }

    /// After the `r` of a raw string (`r"..."` or `r#"..."#`) that opens at
    /// `at`: to its end. False when no `"` follows the hashes, so that it is
    /// no string.
    fn raw_string(&mut self, at: Pos) -> Result<bool, (Pos, String)> {
        self.bump();
        let mut hashes = 0;
        while self.peek(0) == Some('#') {
            self.bump();
            hashes += 1;
        }
        if self.bump() != Some('"') {
            return Ok(false);
        }
        'raw: loop {
            match self.bump() {
                None => {
                    return Err((
                        at,
                        format!(
                            "the string opened at {}:{} is not closed (the file ends inside it)",
                            at.line, at.col
                        ),
                    ));
                }
                Some('"') => {
                    for _ in 0..hashes {
                        if self.peek(0) != Some('#') {
                            continue 'raw;
                        }
                        self.bump();
                    }
                    break;
                }
                Some(_) => {}
            }
        }
        Ok(true)
    }

    /// A character literal, 'x' or '\n'; a lone quote is left to the parser.
    fn char_literal(&mut self) {
        self.bump();
        if self.peek(0) == Some('\\') {
            self.bump();
        }
        self.bump();
        if self.peek(0) == Some('\'') {
            self.bump();
        }
    }

    /// Whether a struct body (`name:`) follows the `(` just read; nothing
    /// is taken from the text.
    fn fields_follow(&mut self) -> bool {
        let save = (self.i, self.line, self.col);
        let mut fields = false;
        if self.blank().is_ok() {
            let name = self.word();
            let _ = self.blank();
            fields = !name.is_empty() && self.peek(0) == Some(':') && self.peek(1) != Some(':');
        }
        (self.i, self.line, self.col) = save;
        fields
    }
}

/// The closing bracket `c` at `at` against the innermost open one: a slip
/// when it closes nothing or another kind of bracket.
fn close(stack: &mut Vec<Open>, c: char, at: Pos) -> Result<(), (Pos, String)> {
    match stack.pop() {
        None => Err((
            at,
            format!("this `{c}` closes nothing: every bracket before it is closed already"),
        )),
        Some(open) if closer(open.ch) != c => Err((
            at,
            format!(
                "{} is not closed: a `{}` is missing before this `{c}`",
                owner(&open),
                closer(open.ch)
            ),
        )),
        Some(_) => Ok(()),
    }
}

/// The first bracket, string or comment slip in `text`, with where to point.
pub(crate) fn find(text: &str) -> Option<(Pos, String)> {
    walk(text).err()
}

/// Walks `text` to its end: the first slip as the error.
fn walk(text: &str) -> Result<(), (Pos, String)> {
    let mut w = Walk {
        chars: text.chars().collect(),
        i: 0,
        line: 1,
        col: 1,
    };
    let mut stack: Vec<Open> = Vec::new();
    // The last field name (`levels:`) or struct name (`Swap`) read, for the
    // bracket that follows it.
    let mut last_word: Option<String> = None;
    // Just after `(` of a struct or a comma inside one: a field name is due.
    let mut field_due = false;
    loop {
        w.blank()?;
        let at = w.pos();
        let Some(c) = w.peek(0) else { break };
        match c {
            '"' => {
                w.bump();
                w.string(at)?;
                field_due = false;
                last_word = None;
            }
            'r' if matches!(w.peek(1), Some('"' | '#')) => {
                if !w.raw_string(at)? {
                    continue;
                }
                field_due = false;
            }
            '\'' => {
                w.char_literal();
                field_due = false;
            }
            '(' | '[' | '{' => {
                w.bump();
                // A struct body starts with `name:`.
                let fields = c == '(' && w.fields_follow();
                stack.push(Open {
                    ch: c,
                    at,
                    of: last_word.take(),
                    fields,
                });
                field_due = fields;
            }
            ')' | ']' | '}' => {
                w.bump();
                close(&mut stack, c, at)?;
                field_due = false;
                last_word = None;
            }
            ',' => {
                w.bump();
                field_due = stack.last().is_some_and(|o| o.fields);
                last_word = None;
            }
            ':' => {
                w.bump();
                field_due = false;
            }
            c if c.is_alphabetic() || c == '_' => {
                let word = w.word();
                let _ = w.blank();
                if field_due
                    && w.peek(0) == Some('(')
                    && let Some(open) = stack.last()
                {
                    // `Swap(name: "a", row: "LL_RR",  Hop(...)`: a field
                    // name was due and a new value began: the struct before
                    // it was never closed.
                    return Err((
                        at,
                        format!(
                            "{} is not closed: a `{}` is missing before `{word}`",
                            owner(open),
                            closer(open.ch)
                        ),
                    ));
                }
                field_due = false;
                last_word = Some(word);
            }
            _ => {
                w.bump();
                field_due = false;
            }
        }
    }
    let Some(open) = stack.pop() else {
        return Ok(());
    };
    Err((
        w.pos(),
        format!(
            "{} is not closed: a `{}` is missing at the end of the file",
            owner(&open),
            closer(open.ch)
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::find;

    fn slip(text: &str) -> String {
        let (at, words) = find(text).expect("a slip");
        format!("{}:{}: {words}", at.line, at.col)
    }

    #[test]
    fn sound_text_has_no_slip() {
        for (_, text) in crate::levels::SHIPPED {
            assert_eq!(find(text).map(|s| s.1), None);
        }
    }

    #[test]
    fn each_slip_says_what_is_open_and_where() {
        assert_eq!(
            slip("Pack(name: \"a\", levels: [\n  Hop(name: \"b\", layout: [\"g\", \"r\"))\n])"),
            "2:35: the `[` of `layout` opened at 2:26 is not closed: a `]` is missing before this `)`"
        );
        assert_eq!(
            slip(
                "Pack(name: \"a\", levels: [\n  Swap(name: \"b\", row: \"L_R\",\n  Swap(name: \"c\", row: \"L_R\"),\n])"
            ),
            "3:3: the `(` of `Swap` opened at 2:7 is not closed: a `)` is missing before `Swap`"
        );
        assert_eq!(
            slip("Pack(name: \"a\", levels: [\n  Swap(name: \"b\", row: \"L_R\"),\n)"),
            "3:1: the `[` of `levels` opened at 1:25 is not closed: a `]` is missing before this `)`"
        );
        assert_eq!(
            slip("Pack(name: \"a, levels: [])\n"),
            "1:12: the string opened at 1:12 is not closed: a `\"` is missing (it runs past the end of its line)"
        );
        assert_eq!(
            slip("Pack(name: \"a, levels: \"x\"])"),
            "1:12: the string opened at 1:12 is not closed: a `\"` is missing (text goes on after it at 1:25)"
        );
        assert_eq!(
            slip("Pack(name: \"a\" levels: [])"),
            "1:16: a `,` is missing before `levels`"
        );
        assert_eq!(
            slip("Pack(name: \"a\", levels: [])\n)"),
            "2:1: this `)` closes nothing: every bracket before it is closed already"
        );
        assert_eq!(
            slip("Pack(name: \"a\", levels: [\n"),
            "2:1: the `[` of `levels` opened at 1:25 is not closed: a `]` is missing at the end of the file"
        );
        assert_eq!(
            slip("/* a note\nPack(name: \"a\", levels: [])"),
            "1:1: the comment opened at 1:1 is not closed: a `*/` is missing"
        );
    }
}
