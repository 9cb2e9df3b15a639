//! What the game's typeface can draw. A character it has no glyph for (a
//! name in Chinese, an emoji) shows as an empty box, so `pond check` and the
//! level select say which characters of a name will not show.

use skrifa::{FontRef, MetadataProvider};
use std::sync::OnceLock;

/// Whether the game's typeface (Noto Sans, its regular face; the bold one
/// holds the same characters) has a glyph for `c`. White space always
/// shows (as space).
pub fn drawable(c: char) -> bool {
    static FONT: OnceLock<Option<FontRef<'static>>> = OnceLock::new();
    c.is_whitespace()
        || FONT
            .get_or_init(|| FontRef::new(notosans::REGULAR_TTF).ok())
            .as_ref()
            .is_some_and(|f| f.charmap().map(c).is_some())
}

#[cfg(test)]
mod tests {
    use super::drawable;

    #[test]
    fn latin_greek_and_cyrillic_show_and_cjk_and_emoji_do_not() {
        for c in "Aé ß Ωλ Жд 0-9 .,!?'".chars() {
            assert!(drawable(c), "{c:?}");
        }
        for c in "蛙かえる🐸".chars() {
            assert!(!drawable(c), "{c:?}");
        }
    }
}
