//! A search tree written out: Graphviz's dot language, or an SVG picture
//! laid out here (leaves side by side, each parent over its children, one
//! row a depth). Both carry the same marks as the game's tree view.

use super::tree::{Mark, ROOT, SearchTree};
use crate::rules::PuzzleMove;
use std::fmt::Write;

/// One box of the picture: a node of the tree, or a move not tried.
struct Item {
    label: String,
    /// Words shown when the pointer rests on it (the untried moves).
    tip: Option<String>,
    /// Shown faintly: a move the search has not tried.
    untried: bool,
    mark: Mark,
    depth: u32,
    parent: Option<usize>,
    x: f32,
    /// The round of a best-first search it was reached in.
    round: Option<u32>,
}

/// The words for a branch the search gave up: a backtracking search has
/// proved it lost; a best-first or breadth-first search only set it aside
/// (`sets_aside`, as `Order::sets_aside`).
pub fn given_up_words(sets_aside: bool, positions: u64) -> String {
    let count = super::tree::counted(positions, "position", "positions");
    if sets_aside {
        format!("{count}, set aside")
    } else if positions == 1 {
        format!("{count}, lost")
    } else {
        format!("{count}, all lost")
    }
}

/// The colours of a best-first search's rounds, from its first bound to its
/// last: blue, violet, magenta, amber, yellow (told apart by their
/// lightness too, and none of them a mark's red, green or grey).
const ROUND_RAMP: [[u8; 3]; 5] = [
    [0x3f, 0x7f, 0xe0],
    [0x8a, 0x5c, 0xd8],
    [0xd0, 0x4f, 0xa6],
    [0xe8, 0x8a, 0x2e],
    [0xf0, 0xd0, 0x3c],
];

/// The colour of a node reached under bound `round`, on the ramp from the
/// search's first bound to its last (`rounds` as `SearchTree::rounds`).
pub fn round_colour(round: u32, rounds: &[(u32, u64)]) -> [u8; 3] {
    let first = rounds.first().map_or(round, |r| r.0);
    let last = rounds.last().map_or(round, |r| r.0);
    let t = if last > first {
        (round.clamp(first, last) - first) as f32 / (last - first) as f32
    } else {
        0.0
    };
    let at = t * (ROUND_RAMP.len() - 1) as f32;
    let i = (at.floor() as usize).min(ROUND_RAMP.len() - 2);
    let f = at - i as f32;
    let (a, b) = (ROUND_RAMP[i], ROUND_RAMP[i + 1]);
    std::array::from_fn(|k| (a[k] as f32 + (b[k] as f32 - a[k] as f32) * f).round() as u8)
}

fn hex([r, g, b]: [u8; 3]) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// A colour washed towards white, for a box's fill on the light paper.
fn washed([r, g, b]: [u8; 3]) -> [u8; 3] {
    let w = |c: u8| (c as f32 * 0.35 + 255.0 * 0.65).round() as u8;
    [w(r), w(g), w(b)]
}

/// A best-first search's rounds in words: "bound 10 (52 expanded), bound 11".
pub fn rounds_words(rounds: &[(u32, u64)]) -> String {
    rounds
        .iter()
        .enumerate()
        .map(|(i, &(bound, nodes))| match rounds.get(i + 1) {
            Some(&(_, next)) => format!("bound {bound} ({} expanded)", next - nodes),
            None => format!("bound {bound}"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The moves a search has not tried at a position, in a few words.
fn untried_words(untried: &[PuzzleMove], words: &dyn Fn(PuzzleMove) -> String) -> String {
    const SHOWN: usize = 3;
    let mut list: Vec<String> = untried.iter().take(SHOWN).map(|&mv| words(mv)).collect();
    if untried.len() > SHOWN {
        list.push(format!("{} more", untried.len() - SHOWN));
    }
    format!("not tried: {}", list.join(", "))
}

/// How many moves were not tried, as a box's label.
fn untried_count(n: usize) -> String {
    format!("{n} untried")
}

fn items(tree: &SearchTree, words: &dyn Fn(PuzzleMove) -> String) -> Vec<Item> {
    let aside = super::order(tree.start()).sets_aside();
    let mut out: Vec<Item> = Vec::new();
    // Depth first, each node's children (tried, then untried) after it.
    let mut stack: Vec<(u32, Option<usize>)> = vec![(ROOT, None)];
    while let Some((id, parent)) = stack.pop() {
        let n = tree.node(id);
        let mut label = match n.mv {
            Some(mv) => words(mv),
            None => "start".to_string(),
        };
        if n.folded {
            label = format!("{label} ({})", given_up_words(aside, tree.positions(id)));
        }
        out.push(Item {
            label,
            tip: None,
            untried: false,
            mark: n.mark,
            depth: n.depth,
            parent,
            x: 0.0,
            round: n.round,
        });
        let me = out.len() - 1;
        let untried = tree.untried(id);
        for c in n.children.iter().rev() {
            stack.push((*c, Some(me)));
        }
        // The moves not tried, in one faint box under their parent.
        if !untried.is_empty() {
            out.push(Item {
                label: untried_count(untried.len()),
                tip: Some(untried_words(&untried, words)),
                untried: true,
                mark: Mark::GivenUp,
                depth: n.depth + 1,
                parent: Some(me),
                x: 0.0,
                round: None,
            });
        }
    }
    layout(&mut out);
    out
}

/// Leaves side by side in the order met, each parent centred over its
/// children.
fn layout(items: &mut [Item]) {
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); items.len()];
    for (i, it) in items.iter().enumerate() {
        if let Some(p) = it.parent {
            children[p].push(i);
        }
    }
    // Left to right: the moves tried in the order tried, then the untried.
    for list in &mut children {
        list.sort_by_key(|&c| items[c].untried);
    }
    let mut next_leaf = 0.0f32;
    // Post-order without recursion.
    let mut stack = vec![(0usize, false)];
    while let Some((i, seen)) = stack.pop() {
        if items.is_empty() {
            break;
        }
        if children[i].is_empty() {
            items[i].x = next_leaf;
            next_leaf += 1.0;
        } else if seen {
            let first = items[children[i][0]].x;
            let last = items[*children[i].last().unwrap_or(&i)].x;
            items[i].x = (first + last) / 2.0;
        } else {
            stack.push((i, true));
            for &c in children[i].iter().rev() {
                stack.push((c, false));
            }
        }
    }
}

fn colour(it: &Item) -> &'static str {
    if it.untried {
        return "#a8b4bc";
    }
    match it.mark {
        Mark::Line => "#c8322c",
        Mark::GivenUp => "#1c2428",
        Mark::Solution => "#1e8a3c",
    }
}

/// The tree in Graphviz's dot language.
pub fn dot(tree: &SearchTree, title: &str, words: &dyn Fn(PuzzleMove) -> String) -> String {
    let items = items(tree, words);
    let rounds = tree.rounds();
    let mut s = String::new();
    let _ = writeln!(s, "digraph search {{");
    let label = if rounds.is_empty() {
        title.to_string()
    } else {
        format!(
            "{title}\nbest-first: each box filled in the colour of the round (the bound) it was reached in, blue the first, yellow the last\nrounds: {}",
            rounds_words(rounds)
        )
    };
    let _ = writeln!(s, "  label={};", quoted(&label));
    let _ = writeln!(s, "  labelloc=t;");
    let _ = writeln!(
        s,
        "  node [shape=box, style=rounded, fontname=\"sans-serif\"];"
    );
    for (i, it) in items.iter().enumerate() {
        let fill = match it.round {
            Some(r) if !it.untried => format!(
                ", style=\"rounded,filled\", fillcolor=\"{}\"",
                hex(washed(round_colour(r, rounds)))
            ),
            _ => String::new(),
        };
        let style = if it.untried {
            ", style=\"rounded,dashed\"".to_string()
        } else if it.mark == Mark::Solution {
            format!(", penwidth=3{fill}")
        } else {
            fill
        };
        let tip = it
            .tip
            .as_ref()
            .map(|t| format!(", tooltip={}", quoted(t)))
            .unwrap_or_default();
        let _ = writeln!(
            s,
            "  n{i} [label={}, color=\"{c}\", fontcolor=\"{c}\"{style}{tip}];",
            quoted(&it.label),
            c = colour(it)
        );
        if let Some(p) = it.parent {
            let _ = writeln!(s, "  n{p} -> n{i} [color=\"{}\"];", colour(it));
        }
    }
    let _ = writeln!(s, "}}");
    s
}

fn quoted(text: &str) -> String {
    let mut q = String::from("\"");
    for c in text.chars() {
        match c {
            '"' | '\\' => {
                q.push('\\');
                q.push(c);
            }
            '\n' => q.push_str("\\n"),
            c => q.push(c),
        }
    }
    q.push('"');
    q
}

fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Pixels between depths, and the narrowest and widest room a leaf gets.
const ROW: f32 = 64.0;
const SLOT: (f32, f32) = (56.0, 180.0);

/// The width of a label's box.
fn box_width(label: &str) -> f32 {
    (label.chars().count() as f32 * 7.0 + 14.0).max(30.0)
}
const TOP: f32 = 120.0;

/// The tree as an SVG picture, with a title and a key of its marks.
pub fn svg(tree: &SearchTree, title: &str, words: &dyn Fn(PuzzleMove) -> String) -> String {
    let items = items(tree, words);
    let rounds = tree.rounds();
    let top = if rounds.is_empty() { TOP } else { TOP + 44.0 };
    let slot = items
        .iter()
        .map(|i| box_width(&i.label) + 8.0)
        .fold(SLOT.0, f32::max)
        .min(SLOT.1);
    let leaves = items.iter().map(|i| i.x).fold(0.0f32, f32::max) + 1.0;
    let deepest = items.iter().map(|i| i.depth).max().unwrap_or(0) as f32;
    // The key of the rounds: each round's swatch, where it stands, and its words.
    let mut round_key = Vec::new();
    let mut key_end = 0.0f32;
    for (i, &(bound, nodes)) in rounds.iter().enumerate() {
        let words = match rounds.get(i + 1) {
            Some(&(_, next)) => format!("bound {bound}, {} expanded", next - nodes),
            None => format!("bound {bound}"),
        };
        let x = 20.0 + key_end;
        key_end += 18.0 + words.len() as f32 * 6.6 + 14.0;
        round_key.push((x, hex(washed(round_colour(bound, rounds))), words));
    }
    let width = (leaves * slot + 40.0).max(720.0).max(key_end + 40.0);
    let height = top + (deepest + 1.0) * ROW + 20.0;
    let at = |it: &Item| (20.0 + (it.x + 0.5) * slot, top + it.depth as f32 * ROW);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif">"#
    );
    let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#f4f1e6"/>"##);
    let _ = writeln!(
        s,
        r##"<text x="20" y="34" font-size="22" fill="#1c2428">{}</text>"##,
        escaped(title)
    );
    let stats = tree.stats();
    let _ = writeln!(
        s,
        r##"<text x="20" y="60" font-size="14" fill="#1c2428">{}, the deepest line {} moves</text>"##,
        stats.words(),
        stats.deepest
    );
    let key = [
        ("#1e8a3c", "the solution"),
        ("#c8322c", "the line being tried"),
        ("#1c2428", "given up"),
        ("#a8b4bc", "not tried"),
    ];
    for (i, (c, words)) in key.iter().enumerate() {
        let x = 20.0 + i as f32 * 170.0;
        let _ = writeln!(
            s,
            r##"<rect x="{x}" y="74" width="14" height="14" rx="3" fill="{c}"/><text x="{}" y="86" font-size="13" fill="#1c2428">{words}</text>"##,
            x + 20.0
        );
    }
    if !rounds.is_empty() {
        let _ = writeln!(
            s,
            r##"<text x="20" y="112" font-size="13" fill="#1c2428">Best-first: a box is filled in the colour of the round (the bound on the line's length) it was reached in:</text>"##
        );
        for (x, c, words) in &round_key {
            let _ = writeln!(
                s,
                r##"<rect x="{x:.1}" y="122" width="14" height="14" rx="3" fill="{c}" stroke="#1c2428" stroke-width="0.5"/><text x="{:.1}" y="134" font-size="12" fill="#1c2428">{words}</text>"##,
                x + 18.0
            );
        }
    }
    for it in &items {
        if let Some(p) = it.parent {
            let (x0, y0) = at(&items[p]);
            let (x1, y1) = at(it);
            let dash = if it.untried {
                r#" stroke-dasharray="4 4""#
            } else {
                ""
            };
            let w = if it.mark == Mark::Solution && !it.untried {
                3
            } else {
                1
            };
            let _ = writeln!(
                s,
                r#"<line x1="{x0:.1}" y1="{:.1}" x2="{x1:.1}" y2="{:.1}" stroke="{}" stroke-width="{w}"{dash}/>"#,
                y0 + 12.0,
                y1 - 12.0,
                colour(it)
            );
        }
    }
    for it in &items {
        let (x, y) = at(it);
        let c = colour(it);
        let fill = match it.round {
            _ if it.untried => "#f4f1e6".to_string(),
            Some(r) => hex(washed(round_colour(r, rounds))),
            None => "#ffffff".to_string(),
        };
        let w = box_width(&it.label);
        let _ = writeln!(
            s,
            r#"<rect x="{:.1}" y="{:.1}" width="{w:.1}" height="24" rx="6" fill="{fill}" stroke="{c}" stroke-width="{}"/>"#,
            x - w / 2.0,
            y - 12.0,
            if it.mark == Mark::Solution && !it.untried {
                3
            } else {
                1
            }
        );
        let tip = it
            .tip
            .as_ref()
            .map(|t| format!("<title>{}</title>", escaped(t)))
            .unwrap_or_default();
        let _ = writeln!(
            s,
            r#"<text x="{x:.1}" y="{:.1}" font-size="12" text-anchor="middle" fill="{c}">{tip}{}</text>"#,
            y + 4.0,
            escaped(&it.label)
        );
    }
    let _ = writeln!(s, "</svg>");
    s
}

#[cfg(test)]
#[path = "tree_draw_tests.rs"]
mod tests;
