//! What a pack's level names may hold that loads but that its author would
//! want to hear of: a name left empty, and two levels of one name. Told as
//! warnings by `pond check` and shown by the game's level select.

use super::Pack;

/// A level the author should look at again: its index in the pack (from 0)
/// and why, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NameWarning {
    pub level: usize,
    pub message: String,
}

/// Every warning about the pack's level names, in the file's order.
pub fn name_warnings(pack: &Pack) -> Vec<NameWarning> {
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
        name_warnings(&pack)
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
    fn names_of_their_own_give_no_warning() {
        assert_eq!(
            warned(r#"Swap(name: "One", row: "L_R"), Swap(name: "one", row: "L_R")"#),
            []
        );
    }
}
