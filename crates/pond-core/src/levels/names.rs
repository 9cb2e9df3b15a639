//! What a pack's level names may hold that loads but that its author would
//! want to hear of: a name left empty, two levels of one name, and
//! characters the game's typeface cannot draw. Told as warnings by `pond
//! check` and shown by the game's level select.

use super::Pack;

/// A level the author should look at again: its index in the pack (from 0)
/// and why, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NameWarning {
    pub level: usize,
    pub message: String,
}

/// Every warning about the pack's level names, in the file's order;
/// `drawable` says whether the game's typeface has a character.
pub fn name_warnings(pack: &Pack, drawable: &dyn Fn(char) -> bool) -> Vec<NameWarning> {
    let mut out = Vec::new();
    let mut first_of: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for (i, level) in pack.levels.iter().enumerate() {
        // Spaces alone show the same blank card as nothing.
        let name = level.name.trim();
        if name.is_empty() {
            out.push(NameWarning {
                level: i,
                message:
                    "its name is empty: the level select shows a card with no name; give it one"
                        .into(),
            });
            continue;
        }
        let mut lost: Vec<char> = Vec::new();
        for c in name.chars() {
            if !drawable(c) && !lost.contains(&c) {
                lost.push(c);
            }
        }
        if !lost.is_empty() {
            // By code point too: the game cannot draw the character itself.
            let shown: Vec<String> = lost
                .iter()
                .take(8)
                .map(|&c| format!("U+{:04X} '{c}'", c as u32))
                .collect();
            out.push(NameWarning {
                level: i,
                message: format!(
                    "its name has {} the game's typeface cannot draw ({}{}): the game shows {} as an empty box",
                    super::count_of(lost.len(), "character", "characters"),
                    shown.join(", "),
                    if lost.len() > 8 { ", ..." } else { "" },
                    if lost.len() == 1 { "it" } else { "each" }
                ),
            });
        }
        if let Some(&first) = first_of.get(name) {
            out.push(NameWarning {
                level: i,
                message: format!(
                    "it has the same name as level {}: the level select shows two cards alike; give each level a name of its own",
                    first + 1
                ),
            });
        } else {
            first_of.insert(name, i);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::levels::parse_pack;

    fn warned(levels: &str) -> Vec<(usize, String)> {
        let text = format!("Pack(name: \"p\", levels: [{levels}])");
        let pack = parse_pack("p.ron", &text).expect("the pack loads");
        // As a typeface of Latin letters alone would.
        name_warnings(&pack, &|c: char| c.is_ascii())
            .into_iter()
            .map(|w| (w.level, w.message))
            .collect()
    }

    #[test]
    fn empty_and_twice_used_names_are_warned_of() {
        let all = warned(
            r#"Swap(name: "", row: "L_R"), Swap(name: "Twin", row: "L_R"),
               Swap(name: "  ", row: "L_R"), Swap(name: "Twin", row: "LL_R"),
               Swap(name: "Twin", row: "LL_RR"), Swap(name: "Other", row: "L_R")"#,
        );
        let levels: Vec<usize> = all.iter().map(|(l, _)| *l).collect();
        assert_eq!(levels, [0, 2, 3, 4], "{all:?}");
        assert!(all[0].1.starts_with("its name is empty"), "{all:?}");
        assert!(all[2].1.contains("same name as level 2"), "{all:?}");
        assert!(all[3].1.contains("same name as level 2"), "{all:?}");
    }

    #[test]
    fn characters_the_typeface_lacks_are_named() {
        let all = warned(r#"Swap(name: "Frog \u{86d9}\u{86d9}!", row: "L_R")"#);
        assert_eq!(all.len(), 1, "{all:?}");
        assert!(
            all[0].1.starts_with(
                "its name has 1 character the game's typeface cannot draw (U+86D9 '\u{86d9}')"
            ),
            "{all:?}"
        );
    }

    #[test]
    fn the_shipped_packs_names_are_each_their_own() {
        for (file, text) in crate::levels::SHIPPED {
            let pack = parse_pack(file, text).expect("a shipped pack loads");
            assert_eq!(name_warnings(&pack, &|_| true), [], "{file}");
        }
    }

    #[test]
    fn names_of_their_own_give_no_warning() {
        assert_eq!(
            warned(r#"Swap(name: "One", row: "L_R"), Swap(name: "one", row: "L_R")"#),
            []
        );
    }
}
