//! A jump in the player's words: which frog (by its part of the board, and
//! by its place among frogs the same words would name) and which way.

use crate::rules::Rules;
use crate::rules::hop::{Hop, HopMove};

pub(super) fn step_words(h: &Hop, m: HopMove) -> String {
    let Some((who, way)) = jump_words(h, m) else {
        return "a frog jumps".into();
    };
    // Frogs that the same words would name (two "centre frog jumps up"
    // of the English board's nine centre pads): each said by its place
    // among them, so the rows of one position's moves all differ.
    let mut legal = Vec::new();
    h.legal_moves(&mut legal);
    let mut alike: Vec<(u8, u8)> = legal
        .iter()
        .filter(|o| {
            o.from != m.from && jump_words(h, **o).is_some_and(|(w, y)| w == who && y == way)
        })
        .filter_map(|o| h.board.pads.get(o.from as usize).copied())
        .collect();
    match (alike.is_empty(), h.board.pads.get(m.from as usize)) {
        (false, Some(&here)) => {
            alike.push(here);
            let (before, after) = among_words(&alike, here);
            let frog = [before, who, after].into_iter().filter(|w| !w.is_empty());
            format!("{} jumps {way}", frog.collect::<Vec<_>>().join(" "))
        }
        _ => format!("{who} jumps {way}"),
    }
}

/// A jump's frog and its way in words ("top frog", "down-left"), before
/// any word that tells it from a frog of the same words.
fn jump_words(h: &Hop, m: HopMove) -> Option<(String, String)> {
    let (&(r0, c0), &(r1, c1)) = (
        h.board.pads.get(m.from as usize)?,
        h.board.pads.get(m.to as usize)?,
    );
    // Which frog, by its part of the board (on a board of green frogs
    // only, the peg boards, the colour tells nothing).
    let who = match h.red {
        None => format!("{} frog", place_words(&h.board.pads, (r0, c0))),
        Some(red) if red == m.from => "red".into(),
        Some(_) => "green".into(),
    };
    let up_down = match r1.cmp(&r0) {
        std::cmp::Ordering::Less => "up",
        std::cmp::Ordering::Greater => "down",
        std::cmp::Ordering::Equal => "",
    };
    let left_right = match c1.cmp(&c0) {
        std::cmp::Ordering::Less => "left",
        std::cmp::Ordering::Greater => "right",
        std::cmp::Ordering::Equal => "",
    };
    let way = match (up_down, left_right) {
        ("", lr) => lr.to_string(),
        (ud, "") => ud.to_string(),
        (ud, lr) => format!("{ud}-{lr}"),
    };
    Some((who, way))
}

/// A frog's place among frogs that the same words name: a phrase said
/// after the frog's words ("nearer the top", "in the middle"; among more
/// than three in a line, "second from the top"; a one-word one would go
/// before them). Only the rows where the rows tell them apart,
/// only the columns where those do, both where neither does alone.
fn among_words(alike: &[(u8, u8)], (r, c): (u8, u8)) -> (String, String) {
    let distinct = |f: fn(&(u8, u8)) -> u8| {
        let mut v: Vec<u8> = alike.iter().map(f).collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let (rows, cols) = (distinct(|p| p.0), distinct(|p| p.1));
    let rank = |values: &[u8], v: u8, ends: [&str; 2], from: [&str; 2]| -> Option<String> {
        let n = values.len();
        let i = values.iter().position(|&x| x == v)?;
        const NTH: [&str; 6] = ["second", "third", "fourth", "fifth", "sixth", "seventh"];
        match n {
            0 | 1 => None,
            _ if i == 0 => Some(ends[0].into()),
            _ if i == n - 1 => Some(ends[1].into()),
            3 => Some("in the middle".into()),
            _ => {
                let (k, end) = if i < n - 1 - i {
                    (i, from[0])
                } else {
                    (n - 1 - i, from[1])
                };
                Some(match NTH.get(k - 1) {
                    Some(nth) => format!("{nth} from the {end}"),
                    None => "inner".into(),
                })
            }
        }
    };
    let unique = |values: &[u8]| values.len() == alike.len();
    // Phrases after the frog's words ("upper bottom-left frog" read as a
    // contradiction to a new player; "bottom-left frog nearer the top"
    // does not).
    let row = rank(
        &rows,
        r,
        ["nearer the top", "nearer the bottom"],
        ["top", "bottom"],
    );
    let col = rank(
        &cols,
        c,
        ["nearer the left", "nearer the right"],
        ["left", "right"],
    );
    let (row, col) = if unique(&rows) {
        (row, None)
    } else if unique(&cols) {
        (None, col)
    } else {
        (row, col)
    };
    // Both in the middle: one "in the middle".
    let col = col.filter(|c| !(c == "in the middle" && row.as_deref() == Some(c)));
    // A word ("upper", "left-hand") before the frog's words, a phrase
    // ("in the middle", "second from the top") after them.
    let (before, after): (Vec<String>, Vec<String>) = [row, col]
        .into_iter()
        .flatten()
        .partition(|w| !w.contains(' '));
    (before.join(" "), after.join(" and "))
}

/// A pad's part of its board in a word or two: "top-left", "centre",
/// "bottom" (the board's rows and columns in thirds).
fn place_words(pads: &[(u8, u8)], (r, c): (u8, u8)) -> String {
    let third = |v: u8, all: &mut dyn Iterator<Item = u8>| {
        let (lo, hi) = all.fold((u8::MAX, 0), |(lo, hi), x| (lo.min(x), hi.max(x)));
        let span = (hi.saturating_sub(lo) as u32 + 1) as f32;
        (((v.saturating_sub(lo)) as f32 + 0.5) / span * 3.0).floor() as u8
    };
    let row = third(r, &mut pads.iter().map(|p| p.0));
    let col = third(c, &mut pads.iter().map(|p| p.1));
    let up_down = ["top", "", "bottom"][row.min(2) as usize];
    let left_right = ["left", "", "right"][col.min(2) as usize];
    match (up_down, left_right) {
        ("", "") => "centre".into(),
        ("", lr) => lr.into(),
        (ud, "") => ud.into(),
        (ud, lr) => format!("{ud}-{lr}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::puzzles::GamePuzzle;
    use crate::levels::{SHIPPED, parse_pack};
    use crate::rules::Puzzle;

    /// A jump's words name the frog's colour only where colours tell frogs
    /// apart: on a pond with its red frog, not on a board of green pegs.
    #[test]
    fn a_jumps_words_name_a_colour_only_beside_a_red_frog() {
        use crate::rules::Rules;
        for (file, text) in SHIPPED {
            let pack = parse_pack(file, text).expect("shipped");
            for level in &pack.levels {
                let Puzzle::Hop(h) = &level.puzzle else {
                    continue;
                };
                let mut moves = Vec::new();
                h.legal_moves(&mut moves);
                for m in moves {
                    let words = h.step_words(m);
                    let said = words.split(' ').any(|w| w == "green" || w == "red");
                    assert_eq!(said, h.red.is_some(), "{file} {}: {words}", level.name);
                }
            }
        }
    }

    /// On a board of pegs a jump says which frog by its part of the board
    /// (the English board's arms and centre), so rows of sibling jumps
    /// differ.
    #[test]
    fn a_pegs_jump_names_the_frogs_part_of_the_board() {
        let english: Vec<(u8, u8)> = (0..7u8)
            .flat_map(|r| (0..7u8).map(move |c| (r, c)))
            .filter(|&(r, c)| (2..5).contains(&r) || (2..5).contains(&c))
            .collect();
        for (pad, words) in [
            ((0, 3), "top"),
            ((3, 3), "centre"),
            ((3, 0), "left"),
            ((6, 4), "bottom"),
            ((4, 6), "right"),
            ((1, 2), "top"),
            ((2, 1), "left"),
            ((5, 5), "bottom-right"),
        ] {
            assert_eq!(place_words(&english, pad), words, "{pad:?}");
        }
    }

    /// The moves of one position are said in words that all differ (the
    /// English board's nine centre pads all "centre"): along random games
    /// on every shipped pond and peg board, and on a centre where three
    /// frogs may jump up.
    #[test]
    fn one_positions_moves_are_said_in_words_that_differ() {
        use crate::rules::Rules;
        let differ = |h: &Hop, what: &str| {
            let mut moves = Vec::new();
            h.legal_moves(&mut moves);
            let mut said: Vec<String> = moves.iter().map(|&m| h.step_words(m)).collect();
            let all = said.join(" / ");
            said.sort();
            said.dedup();
            assert_eq!(said.len(), moves.len(), "{what}: {all}");
            moves
        };
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut positions = 0;
        for (file, text) in SHIPPED {
            let pack = parse_pack(file, text).expect("shipped");
            for level in &pack.levels {
                let Puzzle::Hop(start) = &level.puzzle else {
                    continue;
                };
                for game in 0..8 {
                    let mut h = start.clone();
                    loop {
                        positions += 1;
                        let what = format!("{file} {} game {game}", level.name);
                        let moves = differ(&h, &what);
                        if moves.is_empty() {
                            break;
                        }
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        let m = moves[(seed % moves.len() as u64) as usize];
                        h.apply(m).expect("legal");
                    }
                }
            }
        }
        assert!(positions > 1000, "{positions} positions");
        // The English board with its centre's bottom two rows full, the
        // rows above empty: three centre frogs jump up side by side.
        let mut h = Hop::english_central();
        h.green = (0..h.board.pads.len())
            .filter(|&p| h.board.pads[p].0 >= 3)
            .fold(0, |set, p| set | 1 << p);
        let words: Vec<String> = {
            let mut moves = Vec::new();
            h.legal_moves(&mut moves);
            moves.iter().map(|&m| h.step_words(m)).collect()
        };
        for w in [
            "centre frog nearer the left jumps up",
            "centre frog in the middle jumps up",
            "centre frog nearer the right jumps up",
        ] {
            assert!(words.iter().any(|x| x == w), "{w} in {words:?}");
        }
        differ(&h, "the English board's lower half");
    }
}
