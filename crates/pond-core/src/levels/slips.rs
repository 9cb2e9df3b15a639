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
}

/// The first bracket, string or comment slip in `text`, with where to point.
pub(crate) fn find(text: &str) -> Option<(Pos, String)> {
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
        if let Err(slip) = w.blank() {
            return Some(slip);
        }
        let at = w.pos();
        let Some(c) = w.peek(0) else { break };
        match c {
            '"' => {
                w.bump();
                if let Err(slip) = w.string(at) {
                    return Some(slip);
                }
                field_due = false;
                last_word = None;
            }
            'r' if matches!(w.peek(1), Some('"' | '#')) => {
                // A raw string: r"..." or r#"..."#.
                w.bump();
                let mut hashes = 0;
                while w.peek(0) == Some('#') {
                    w.bump();
                    hashes += 1;
                }
                if w.bump() != Some('"') {
                    continue;
                }
                'raw: loop {
                    match w.bump() {
                        None => {
                            return Some((
                                at,
                                format!(
                                    "the string opened at {}:{} is not closed (the file ends inside it)",
                                    at.line, at.col
                                ),
                            ));
                        }
                        Some('"') => {
                            for _ in 0..hashes {
                                if w.peek(0) != Some('#') {
                                    continue 'raw;
                                }
                                w.bump();
                            }
                            break;
                        }
                        Some(_) => {}
                    }
                }
                field_due = false;
            }
            '\'' => {
                // A character literal, 'x' or '\n'; a lone quote is left to
                // the parser.
                w.bump();
                if w.peek(0) == Some('\\') {
                    w.bump();
                }
                w.bump();
                if w.peek(0) == Some('\'') {
                    w.bump();
                }
                field_due = false;
            }
            '(' | '[' | '{' => {
                w.bump();
                let mut fields = false;
                if c == '(' {
                    // A struct body starts with `name:`.
                    let save = (w.i, w.line, w.col);
                    if w.blank().is_ok() {
                        let name = w.word();
                        let _ = w.blank();
                        fields =
                            !name.is_empty() && w.peek(0) == Some(':') && w.peek(1) != Some(':');
                    }
                    (w.i, w.line, w.col) = save;
                }
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
                match stack.pop() {
                    None => {
                        return Some((
                            at,
                            format!(
                                "this `{c}` closes nothing: every bracket before it is closed already"
                            ),
                        ));
                    }
                    Some(open) if closer(open.ch) != c => {
                        return Some((
                            at,
                            format!(
                                "{} is not closed: a `{}` is missing before this `{c}`",
                                owner(&open),
                                closer(open.ch)
                            ),
                        ));
                    }
                    Some(_) => {}
                }
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
                    return Some((
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
    let open = stack.pop()?;
    Some((
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
