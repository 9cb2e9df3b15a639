//! `docs/ADDING-A-PUZZLE.md` is true: every file it names exists, and every
//! file of the core, the command line and the game that names a puzzle's
//! variant outside the puzzles' own places (a file or folder called after a
//! puzzle) is named on the page, so a fifth puzzle's author meets no file
//! the page does not list.

use pond_puzzles::rules::PuzzleKind;
use std::path::{Path, PathBuf};

const PAGE: &str = "docs/ADDING-A-PUZZLE.md";
/// The names of the peg boards' own files and folders (played by Hop),
/// besides each puzzle's name.
const OWN_MORE: [&str; 2] = ["pegs", "english"];
/// The variants named after the peg boards, besides each puzzle's title.
const VARIANTS_MORE: [&str; 1] = ["Pegs"];

/// The names a puzzle's own files and folders are called by: every
/// puzzle's, and the peg boards'.
fn own_names() -> Vec<String> {
    let kinds = PuzzleKind::ALL.iter().map(|k| k.name().to_string());
    kinds.chain(OWN_MORE.map(String::from)).collect()
}

/// The variants named after a puzzle: every puzzle's title, and the peg
/// boards'.
fn variants() -> Vec<String> {
    let kinds = PuzzleKind::ALL.iter().map(|k| k.title());
    kinds.chain(VARIANTS_MORE.map(String::from)).collect()
}
/// Where the code that a new puzzle may touch lives.
const ROOTS: [&str; 3] = ["crates/pond-core/src", "src/cli", "src/game"];

/// Every file and folder under `dir`, as paths relative to `root`, outside
/// the build's and Git's folders.
fn walk(root: &Path, dir: &Path, found: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || name == "target" {
            continue;
        }
        if let Ok(rel) = path.strip_prefix(root) {
            found.push(rel.to_string_lossy().replace('\\', "/"));
        }
        if path.is_dir() {
            walk(root, &path, found);
        }
    }
}

/// The page's code spans that name a file or a folder: `rules/mod.rs`,
/// `levels/edit/`, `sound.rs`; not the example puzzle's own (`ferry`).
fn named_paths(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| !s.contains(char::is_whitespace) && !s.contains("ferry"))
        .filter(|s| s.ends_with(".rs") || s.ends_with('/'))
        .map(str::to_string)
        .collect()
}

/// Whether `path` (relative to a root) is a puzzle's own: a file or folder
/// on its way called after a puzzle (`swap.rs`, `flood/`, `hop_tests.rs`).
fn own(path: &str) -> bool {
    path.split('/').any(|part| {
        let stem = part.strip_suffix(".rs").unwrap_or(part);
        own_names()
            .iter()
            .any(|p| stem == p || stem.starts_with(&format!("{p}_")))
    })
}

/// Whether `path` holds tests only.
fn tests_only(path: &str) -> bool {
    path.split('/').any(|p| p == "tests" || p == "tests.rs") || path.ends_with("_tests.rs")
}

/// Whether a line of code names a variant called after a puzzle
/// (`Puzzle::Flood`, `DraftBoard::Swap`), other than a key's code.
fn names_a_variant(line: &str) -> bool {
    let code = line.trim_start();
    if code.starts_with("//") {
        return false;
    }
    for variant in variants() {
        let needle = format!("::{variant}");
        let mut from = 0;
        while let Some(i) = code[from..].find(&needle) {
            let at = from + i;
            let after = code[at + needle.len()..].chars().next();
            let before: String = code[..at]
                .chars()
                .rev()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            let ends = after.is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
            let typed = before.starts_with(|c: char| c.is_ascii_uppercase());
            if ends && typed && before != "KeyCode" {
                return true;
            }
            from = at + needle.len();
        }
    }
    false
}

/// The files under the roots that name a puzzle's variant outside the
/// puzzles' own places, relative to their root.
fn spread(repo: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for root in ROOTS {
        let base = repo.join(root);
        let mut files = Vec::new();
        walk(&base, &base, &mut files);
        for rel in files {
            if !rel.ends_with(".rs") || own(&rel) || tests_only(&rel) {
                continue;
            }
            let text = std::fs::read_to_string(base.join(&rel)).unwrap_or_default();
            if text.lines().any(names_a_variant) {
                out.push(format!("{root}/{rel}"));
            }
        }
    }
    out
}

/// Whether the page's `named` path stands for `path`: its end (a file), or
/// a folder on its way (`levels/edit/`).
fn stands_for(named: &str, path: &str) -> bool {
    let with_slash = format!("/{path}");
    match named.strip_suffix('/') {
        Some(folder) => with_slash.contains(&format!("/{folder}/")),
        None => with_slash.ends_with(&format!("/{named}")),
    }
}

#[test]
fn the_page_on_adding_a_puzzle_names_every_file_it_touches_and_only_files_that_exist() {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(repo.join(PAGE)).expect("the page");
    let named = named_paths(&text);
    assert!(named.len() >= 10, "the page names only {named:?}");
    let mut all = Vec::new();
    walk(&repo, &repo, &mut all);
    let gone: Vec<&String> = named
        .iter()
        .filter(|n| {
            !all.iter()
                .any(|p| stands_for(n, p) || stands_for(n, &format!("{p}/")))
        })
        .collect();
    assert!(gone.is_empty(), "{PAGE} names what is not there: {gone:?}");
    let spread = spread(&repo);
    assert!(
        spread.iter().any(|p| p.ends_with("rules/mod.rs")),
        "the registration was not found: {spread:?}"
    );
    let unlisted: Vec<&String> = spread
        .iter()
        .filter(|p| !named.iter().any(|n| stands_for(n, p)))
        .collect();
    assert!(
        unlisted.is_empty(),
        "these files name a puzzle and {PAGE} does not list them: {unlisted:?}"
    );
}

/// Each puzzle's whole core is one folder: no file or folder of the core
/// called after a puzzle lies outside `puzzles/` (its name's folder there).
#[test]
fn each_puzzles_core_is_one_folder() {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let base = repo.join("crates/pond-core/src");
    let mut found = Vec::new();
    walk(&base, &base, &mut found);
    let kinds: Vec<String> = PuzzleKind::ALL
        .iter()
        .map(|k| k.name().to_string())
        .collect();
    for kind in &kinds {
        assert!(
            found.contains(&format!("puzzles/{kind}/mod.rs")),
            "no folder puzzles/{kind}/"
        );
    }
    let outside: Vec<&String> = found
        .iter()
        .filter(|p| own(p) && !p.starts_with("puzzles/"))
        .collect();
    assert!(
        outside.is_empty(),
        "a puzzle's files outside puzzles/: {outside:?}"
    );
    assert!(
        found.len() > 50,
        "the core was not found: {} files",
        found.len()
    );
}

#[test]
fn a_variant_is_told_from_a_key_a_comment_and_a_longer_name() {
    assert!(names_a_variant("        Puzzle::Flood(f) => f.limit,"));
    assert!(names_a_variant("matches!(d, DraftBoard::Hop { .. })"));
    assert!(!names_a_variant("if keys.pressed(KeyCode::Escape) {"));
    assert!(!names_a_variant("    // a Puzzle::Swap level"));
    assert!(!names_a_variant("Sound::HopLanded"));
    assert!(!names_a_variant("rules::swap::row_text"));
    assert!(own("puzzles/swap/rules.rs") && own("solve/flood/mod.rs") && own("hop_tests.rs"));
    assert!(!own("levels/edit/palette.rs"));
    assert!(stands_for("levels/edit/", "levels/edit/resize.rs"));
    assert!(stands_for("tune.rs", "crates/pond-core/src/levels/tune.rs"));
    assert!(!stands_for(
        "code.rs",
        "crates/pond-core/src/levels/edit/decode.rs"
    ));
}
