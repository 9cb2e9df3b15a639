//! Every input the fuzz targets kept (`fuzz/regressions/TARGET/`), replayed
//! through the same functions on a plain `cargo test`, without nightly:
//! what once broke stays fixed.

use std::path::Path;

fn each(target: &str, run: impl Fn(&[u8])) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/regressions")
        .join(target);
    let mut n = 0;
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        run(&bytes);
        n += 1;
    }
    n
}

#[test]
fn every_kept_fuzz_input_is_handled() {
    use pond_core::fuzzing;
    let text = |f: fn(&str)| {
        move |b: &[u8]| {
            if let Ok(t) = std::str::from_utf8(b) {
                f(t)
            }
        }
    };
    let counts = [
        each("pack", fuzzing::pack),
        each("pack_then_solve", fuzzing::pack_then_solve),
        each("code", text(fuzzing::code)),
        each("moves", text(fuzzing::moves)),
        each("progress", fuzzing::progress),
        each("settings", fuzzing::settings),
    ];
    // Each folder holds at least its seeds.
    assert!(counts.iter().all(|&n| n > 0), "{counts:?}");
}
