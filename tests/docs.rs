//! The project's pages link to each other: every relative link of every
//! Markdown page names a file that exists, and a link to a heading
//! (`PAGE.md#heading`) names a heading of that page.

use std::path::{Path, PathBuf};

/// Every Markdown page of the project, outside the build's and Git's folders.
fn pages(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !name.starts_with('.') && name != "target" {
                pages(&path, found);
            }
        } else if name.ends_with(".md") {
            found.push(path);
        }
    }
}

/// The targets of a page's links and pictures, `[text](target)`, outside
/// code spans and blocks.
fn links(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut in_block = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block {
            continue;
        }
        let mut in_code = false;
        let mut rest = line;
        while let Some(i) = rest.find(['`', ']']) {
            let (mark, after) = (rest.as_bytes()[i], &rest[i + 1..]);
            rest = after;
            if mark == b'`' {
                in_code = !in_code;
            } else if !in_code
                && after.starts_with('(')
                && let Some(end) = after.find(')')
            {
                found.push(after[1..end].to_string());
                rest = &after[end..];
            }
        }
    }
    found
}

/// A heading's anchor as GitHub makes it: lower case, spaces to hyphens,
/// other punctuation dropped.
fn anchor(heading: &str) -> String {
    (heading.trim().to_lowercase().chars())
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(text: &str) -> Vec<String> {
    (text.lines())
        .filter_map(|l| l.strip_prefix('#'))
        .map(|l| anchor(l.trim_start_matches('#')))
        .collect()
}

#[test]
fn every_link_of_every_page_names_a_file_and_a_heading_that_exist() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    pages(root, &mut found);
    assert!(
        found.iter().any(|p| p.ends_with("docs/PLAYING.md")),
        "the pages were not found under {}",
        root.display()
    );
    let mut broken = Vec::new();
    let mut checked = 0;
    for page in &found {
        let text = std::fs::read_to_string(page).unwrap();
        for target in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (file, heading) = target.split_once('#').unwrap_or((&target, ""));
            let path = if file.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(file)
            };
            let shown = page.strip_prefix(root).unwrap().display();
            if !path.exists() {
                broken.push(format!("{shown}: {target}: no such file"));
            } else if !heading.is_empty() {
                let linked = std::fs::read_to_string(&path).unwrap_or_default();
                if !anchors(&linked).iter().any(|a| a == heading) {
                    broken.push(format!("{shown}: {target}: no such heading"));
                }
            }
        }
    }
    assert!(
        checked > 50,
        "only {checked} links found: the reading of links is broken"
    );
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn a_link_is_read_outside_code_and_a_heading_gives_its_anchor() {
    let text = "See [a](b.md) and `[c](d.md)`, ![e](f.png).\n```\n[g](h.md)\n```\n";
    assert_eq!(links(text), ["b.md", "f.png"]);
    assert_eq!(anchor(" Move notation"), "move-notation");
    assert_eq!(anchor("Sound (optional)"), "sound-optional");
}
