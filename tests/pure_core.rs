//! The rules, the solvers and the pack format never import Bevy.

use std::fs;
use std::path::Path;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn rules_solve_and_levels_import_no_bevy() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    for dir in ["rules", "solve", "levels"] {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() >= 12, "found only {files:?}");
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            assert!(
                !code.contains("bevy"),
                "{}:{} imports Bevy: {line}",
                file.display(),
                n + 1
            );
        }
    }
}
