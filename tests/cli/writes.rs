//! What the command line writes: files that always load, the search as
//! words and as a picture, the command that makes a pack again, and a
//! replay file read line by line.

use super::*;

/// `pond gen` writes the whole command in the pack's header: run again, it
/// makes the same pack.
#[test]
fn gen_writes_the_command_that_makes_the_pack_again() {
    for args in [
        &[
            "gen",
            "escape",
            "--seed",
            "3",
            "--count",
            "2",
            "--rows",
            "3",
            "--cols",
            "5",
            "--types",
            "6",
            "--colours",
            "5",
            "--name",
            "It's mine",
        ][..],
        &[
            "gen", "flood", "--seed", "5", "--count", "2", "--width", "6", "--height", "5",
        ],
        &[
            "gen",
            "swap",
            "--seed",
            "1",
            "--count",
            "3",
            "--max-side",
            "4",
        ],
    ] {
        let first = pond(args);
        assert!(first.status.success(), "{first:?}");
        let text = stdout(&first);
        let command = text
            .split("Made by `")
            .nth(1)
            .and_then(|rest| rest.split('`').next())
            .unwrap_or_else(|| panic!("no command in the header: {text}"));
        let again = Command::new("sh")
            .arg("-c")
            .arg(command.replacen("pond", env!("CARGO_BIN_EXE_pond"), 1))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("sh runs");
        assert!(again.status.success(), "{command}: {again:?}");
        assert_eq!(stdout(&again), text, "{command}");
    }
}

/// `--plain` runs the first programs' search (more positions, the same
/// verdict) and `--tree` writes its tree as a picture or a graph.
#[test]
fn solve_plain_and_tree_write_the_search() {
    let json = |extra: &[&str]| {
        let mut args = vec!["solve", "levels/pegs.ron", "--level", "8", "--json"];
        args.extend(extra);
        let out = pond(&args);
        assert!(out.status.success(), "{out:?}");
        serde_json::from_str::<serde_json::Value>(stdout(&out).trim()).expect("a JSON line")
    };
    let ours = json(&[]);
    let plain = json(&["--plain"]);
    assert_eq!(plain["search"], "plain");
    assert_eq!(ours["search"], "solver");
    assert_eq!(plain["solvable"], true);
    assert!(
        plain["nodes"].as_u64() > ours["nodes"].as_u64().map(|n| n * 100),
        "{plain} {ours}"
    );
    let svg = std::env::temp_dir().join(format!("pond-tree-{}.svg", std::process::id()));
    let dot = svg.with_extension("dot");
    for path in [&svg, &dot] {
        let out = pond(&[
            "solve",
            "levels/hop.ron",
            "--level",
            "40",
            "--tree",
            path.to_str().expect("a path in words"),
        ]);
        assert!(out.status.success(), "{out:?}");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(
            said.contains("wrote ") && said.contains(" dead ends"),
            "{said}"
        );
    }
    let svg = std::fs::read_to_string(&svg).expect("the picture was written");
    assert!(svg.starts_with("<svg"));
    assert!(
        svg.contains("the solution") && svg.contains("given up"),
        "the key"
    );
    // Given-up nodes and the solution's, in their colours.
    assert!(svg.matches(r##"stroke="#1c2428""##).count() > 100);
    assert!(svg.matches(r##"stroke="#1e8a3c""##).count() >= 10);
    let dot = std::fs::read_to_string(&dot).expect("the graph was written");
    assert!(dot.starts_with("digraph search {") && dot.contains(" -> "));
    let out = pond(&["solve", "levels/hop.ron", "--tree", "tree.png"]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("neither .svg"),
        "{out:?}"
    );
}

/// `--map` writes the map of the whole search: its cells in their marks'
/// colours, the share done, its key; the plain search's map shows more of
/// the search searched, ours more of it cut.
#[test]
fn solve_map_writes_the_whole_search_as_a_picture() {
    let base = std::env::temp_dir().join(format!("pond-map-{}", std::process::id()));
    let write = |extra: &[&str], name: &str| {
        let path = base.with_file_name(format!("pond-map-{}-{name}.svg", std::process::id()));
        let mut args = vec!["solve", "levels/hop.ron", "--level", "12", "--map"];
        args.push(path.to_str().expect("a path in words"));
        args.extend(extra);
        let out = pond(&args);
        assert!(out.status.success(), "{out:?}");
        let said = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(
            said.contains("wrote ") && said.contains("ways to play"),
            "{said}"
        );
        let svg = std::fs::read_to_string(&path).expect("the map was written");
        std::fs::remove_file(&path).ok();
        svg
    };
    let ours = write(&[], "ours");
    let plain = write(&["--plain"], "plain");
    for svg in [&ours, &plain] {
        assert!(svg.starts_with("<svg"));
        // The solution's cells, in its green, and the key.
        assert!(svg.matches(r##"fill="#6cd46a""##).count() >= 2, "{svg}");
        assert!(svg.contains("not tried") && svg.contains("dead end"));
    }
    // The plain search searched branches through; the solver cut some.
    let lost = |svg: &str| svg.matches(r##"fill="#8fa4b8""##).count();
    assert!(lost(&plain) > 0, "the plain search loses branches");
    let out = pond(&["solve", "levels/hop.ron", "--map", "map.png"]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("the map is a picture"),
        "{out:?}"
    );
}

/// Killed mid-write, a hundred times at moments of chance: the progress and
/// settings files always load (never moved aside as damaged), and no win the
/// game had finished saving is lost (at most the one being written).
#[test]
fn killed_mid_write_the_files_always_load_and_lose_at_most_the_last_record() {
    use pond_puzzles::game::progress::{self, Loaded};
    use pond_puzzles::game::settings;
    use pond_puzzles::save::Settings;
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let dir = std::env::temp_dir().join(format!("pond-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    let mut confirmed = 0usize;
    for round in 0..100 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pond"))
            .args(["save-loop", dir.to_str().expect("a path in words")])
            .args(["--count", "100000"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("pond runs");
        let mut lines = BufReader::new(child.stdout.take().expect("its output"));
        // Wait for a few saves of this run, then kill at once or a moment on.
        let wanted = 1 + next(8) as usize;
        let mut seen = 0;
        let mut line = String::new();
        while seen < wanted {
            line.clear();
            if lines.read_line(&mut line).unwrap_or(0) == 0 {
                break;
            }
            if let Some(n) = line.trim().strip_prefix("saved ") {
                confirmed = n.parse().expect("a count");
                seen += 1;
            }
        }
        std::thread::sleep(std::time::Duration::from_micros(next(3000)));
        child.kill().expect("SIGKILL");
        let _ = child.wait();
        // Saves printed after the last line read were finished too.
        let (record, loaded) = progress::load(&dir);
        assert!(matches!(loaded, Loaded::Read), "round {round}: {loaded:?}");
        let levels = record.levels.get("stress.ron").map_or(0, |l| l.len());
        assert!(
            levels >= confirmed,
            "round {round}: {levels} wins kept, {confirmed} were saved"
        );
        confirmed = levels;
        let (_, loaded): (Settings, Loaded) = progress::load_ron(&dir, settings::FILE);
        assert!(
            matches!(loaded, Loaded::Read),
            "round {round}: settings {loaded:?}"
        );
        let aside = std::fs::read_dir(&dir)
            .expect("the directory")
            .filter_map(Result::ok)
            .filter(|e| e.file_name().to_string_lossy().contains("damaged"))
            .count();
        assert_eq!(aside, 0, "round {round}: a file was moved aside as damaged");
    }
    assert!(confirmed >= 100, "{confirmed} wins in all");
    // The temporary files of the writes cut short are cleared (at the next
    // start, once they are a few seconds old; here at once).
    for name in [progress::FILE, settings::FILE] {
        progress::remove_stale_temps(&dir, name, std::time::Duration::ZERO);
    }
    let mut left: Vec<String> = std::fs::read_dir(&dir)
        .expect("the directory")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["progress.ron", "settings.ron"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `pond replay FILE`: every line that cannot be read is told by file and
/// line before any window opens, and a file with no game is refused.
#[test]
fn replay_file_tells_each_bad_line_and_refuses_a_file_with_no_game() {
    let file = temp_file(
        "games.txt",
        "# a class's games\n\nnope.3: 1 2\n   \nswap.99: 1\nZ9\n",
    );
    let out = pond(&["replay", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    let name = file.display().to_string();
    for (line, words) in [(3, "no shipped pack `nope`"), (5, "swap"), (6, "`Z9`")] {
        assert!(
            err.lines()
                .any(|l| l.starts_with(&format!("{name}:{line}: error: ")) && l.contains(words)),
            "line {line}: {err}"
        );
    }
    assert!(err.contains("no game to replay"), "{err}");
    let out = pond(&["replay", "/no/such/file.txt"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("cannot read"),
        "{out:?}"
    );
}

/// `pond bench --flood N --flood-size S` solves N boards of S x S, and
/// `--export-flood` writes them one a line (S x S digits), their solutions
/// with `--flood-moves`, for another solver to run on the same boards.
#[test]
fn bench_solves_flood_boards_of_the_size_asked() {
    let boards = temp_file("bench-boards.txt", "");
    let moves = temp_file("bench-moves.txt", "");
    let (b, m) = (boards.to_str().unwrap(), moves.to_str().unwrap());
    let out = pond(&[
        "bench",
        "--flood",
        "3",
        "--flood-size",
        "9",
        "--export-flood",
        b,
        "--flood-moves",
        m,
    ]);
    assert!(out.status.success(), "{out:?}");
    let table = stdout(&out);
    let row = table
        .lines()
        .find(|l| l.contains("flood optimal 9x9 k6"))
        .unwrap_or_else(|| panic!("no 9x9 row: {table}"));
    assert!(row.contains(" 3 "), "three boards: {row}");
    let written = std::fs::read_to_string(&boards).unwrap();
    let lines: Vec<&str> = written.lines().collect();
    assert_eq!(lines.len(), 3);
    for line in &lines {
        assert_eq!(line.len(), 81, "{line}");
        assert!(line.bytes().all(|c| (b'1'..=b'6').contains(&c)), "{line}");
    }
    let solved = std::fs::read_to_string(&moves).unwrap();
    assert_eq!(solved.lines().count(), 3);
    assert!(solved.lines().all(|l| !l.is_empty()), "{solved}");
    // Out of its range: refused in words.
    let out = pond(&["bench", "--flood", "1", "--flood-size", "41"]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("41"),
        "{out:?}"
    );
}

/// `pond bench --flood-file F` solves the boards of a file in the format
/// `--export-flood` writes (that of the published sets), with the same
/// moves as the run that wrote them; a line that is not a board is refused
/// with its line, its column and what was expected.
#[test]
fn bench_solves_the_flood_boards_of_a_file() {
    let boards = temp_file("bench-file-boards.txt", "");
    let (first, again) = (
        temp_file("bench-file-first.txt", ""),
        temp_file("bench-file-again.txt", ""),
    );
    let b = boards.to_str().unwrap();
    let out = pond(&[
        "bench",
        "--flood",
        "4",
        "--flood-size",
        "8",
        "--export-flood",
        b,
        "--flood-moves",
        first.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    // A published set's lines end in CR LF.
    let crlf = std::fs::read_to_string(&boards)
        .unwrap()
        .replace('\n', "\r\n");
    std::fs::write(&boards, crlf).unwrap();
    let out = pond(&[
        "bench",
        "--flood-file",
        b,
        "--flood-moves",
        again.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    assert!(
        stdout(&out).contains("flood optimal bench-file-boards.txt"),
        "{out:?}"
    );
    let read = |p: &std::path::Path| std::fs::read_to_string(p).unwrap();
    assert_eq!(read(&again).lines().count(), 4);
    assert_eq!(read(&again), read(&first));
    let bad = temp_file("bench-file-bad.txt", "1234\n12a4\n");
    let out = pond(&["bench", "--flood-file", bad.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("bench-file-bad.txt:2:3: expected a colour"),
        "{err}"
    );
    let bad = temp_file("bench-file-oblong.txt", "123456\n");
    let out = pond(&["bench", "--flood-file", bad.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(":1:1: expected a square board"), "{err}");
}
