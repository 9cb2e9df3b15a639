//! A pack file's bytes made text, for the game's loader and the command line
//! alike: UTF-8 or a mistake with its line and column, a byte order mark read
//! past, and a file that cannot be read told in the same words everywhere.

use super::PackError;
use std::path::Path;

/// The byte order mark Windows editors write at the start of a UTF-8 file.
const BOM: char = '\u{FEFF}';

/// The text of `bytes` (a byte order mark read past), or where the first
/// byte that is not UTF-8 is, as a line and column of the text before it
/// (what an editor shows), and how to mend it.
pub fn decode(file: &str, bytes: Vec<u8>) -> Result<String, PackError> {
    // UTF-16 is the other encoding Windows editors offer ("Unicode").
    let utf16 = bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]);
    match String::from_utf8(bytes) {
        Ok(text) => Ok(without_bom(&text).to_string()),
        Err(e) => {
            let bad = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let before = std::str::from_utf8(&bytes[..bad]).unwrap_or_default();
            let before = without_bom(before);
            let line = before.matches('\n').count() + 1;
            let col = before
                .rsplit('\n')
                .next()
                .unwrap_or_default()
                .chars()
                .count()
                + 1;
            let what = if utf16 {
                "the file is UTF-16 text, not UTF-8".to_string()
            } else {
                format!(
                    "the byte 0x{:02X} here is not UTF-8 text (the file was saved in another encoding)",
                    bytes[bad]
                )
            };
            Err(PackError {
                file: file.to_string(),
                line,
                col,
                message: format!(
                    "{what}: save the file as UTF-8 (your editor's \"Save as\" offers the encoding)"
                ),
            })
        }
    }
}

/// `text` without a byte order mark at its start.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// What a file that cannot be read is told, by the game and `pond check`
/// alike.
pub fn cannot_read(file: &str, e: &std::io::Error) -> PackError {
    PackError {
        file: file.to_string(),
        line: 0,
        col: 0,
        message: format!("cannot read the file: {e}"),
    }
}

/// The bytes of the file at `path`, if it holds at most `most` of them: at
/// most `most + 1` are read, whatever the file is (a pipe or a device says
/// nothing of its length, and may never end).
pub fn read_at_most(path: &Path, most: usize) -> std::io::Result<Option<Vec<u8>>> {
    use std::io::Read;
    // A pipe with nobody writing to it would hold the open forever.
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if std::fs::metadata(path)?.file_type().is_fifo() {
            return Err(std::io::Error::other("it is a pipe, not a file"));
        }
    }
    let file = std::fs::File::open(path)?;
    let mut bytes = Vec::new();
    file.take(most as u64 + 1).read_to_end(&mut bytes)?;
    Ok((bytes.len() <= most).then_some(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_byte_is_told_by_line_and_column() {
        let bytes = b"Pack(\n  name: \"Caf\xE9\",\n".to_vec();
        let e = decode("p.ron", bytes).expect_err("not UTF-8");
        assert_eq!((e.line, e.col), (2, 13), "{e}");
        assert!(e.message.contains("0xE9"), "{e}");
        assert!(e.message.contains("save the file as UTF-8"), "{e}");
    }

    #[test]
    fn a_byte_order_mark_is_read_past() {
        let mut bytes = "\u{FEFF}Pack(".as_bytes().to_vec();
        assert_eq!(decode("p.ron", bytes.clone()).as_deref(), Ok("Pack("));
        // The mark takes no column of the line it is on.
        bytes.push(0xFF);
        let e = decode("p.ron", bytes).expect_err("not UTF-8");
        assert_eq!((e.line, e.col), (1, 6), "{e}");
    }

    #[test]
    fn utf16_is_named() {
        let e = decode("p.ron", vec![0xFF, 0xFE, b'P', 0]).expect_err("not UTF-8");
        assert_eq!((e.line, e.col), (1, 1), "{e}");
        assert!(e.message.starts_with("the file is UTF-16"), "{e}");
    }
}
