//! The `pond` command line, run as a user runs it.

use std::path::PathBuf;
use std::process::{Command, Output};

fn pond(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pond"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("pond runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Plays `moves` (in the solver's notation) on level `level` (from 1) of a
/// shipped pack through the rules, and tells whether they win it.
fn wins(pack: &str, level: usize, moves: &[&str]) -> bool {
    let pack = pond_puzzles::levels::load(std::path::Path::new(pack)).expect("the pack loads");
    let mut p = pack.levels[level - 1].puzzle.clone();
    for text in moves {
        let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        p.apply(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    p.is_won()
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pond-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn solve_json_has_the_documented_fields() {
    let out = pond(&["solve", "levels/swap.ron", "--level", "5", "--json"]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1);
    let v: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(v["level"], 5);
    assert_eq!(v["puzzle"], "swap");
    assert_eq!(v["solvable"], true);
    assert_eq!(v["moves"], 15);
    assert_eq!(v["optimal"], true);
    let solution: Vec<&str> = v["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().expect("a move in the notation"))
        .collect();
    assert_eq!(solution.len(), 15);
    assert!(wins("levels/swap.ron", 5, &solution), "{solution:?}");
    assert!(v["nodes"].as_u64().unwrap() >= 15);
    assert!(v["millis"].is_number());
}

#[test]
fn solve_prints_moves_and_figures() {
    let out = pond(&["solve", "levels/swap.ron", "--level", "1"]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    assert!(text.contains("solved in 3 moves (optimal)"), "{text}");
    let moves: Vec<&str> = text
        .lines()
        .nth(1)
        .map(|l| l.split_whitespace().collect())
        .unwrap_or_default();
    assert_eq!(moves.len(), 3, "{text}");
    assert!(wins("levels/swap.ron", 1, &moves), "{text}");
}

/// The trace is the search itself: each move taken back is the last one
/// tried and not yet taken back, at its depth, some are taken back, and the
/// moves still standing at the end are the solution printed, which wins.
#[test]
fn trace_shows_moves_tried_and_taken_back() {
    let out = pond(&["solve", "levels/hop.ron", "--level", "40", "--trace"]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    let mut line: Vec<(String, String)> = Vec::new();
    let (mut tried, mut back) = (0, 0);
    for l in text.lines() {
        let words: Vec<&str> = l.split_whitespace().collect();
        match words.as_slice() {
            ["try", depth, mv] => {
                tried += 1;
                line.push((depth.to_string(), mv.to_string()));
            }
            ["back", depth, mv] => {
                back += 1;
                let last = line.pop();
                assert_eq!(last, Some((depth.to_string(), mv.to_string())), "{l}");
            }
            _ => {}
        }
    }
    assert!(tried > 0 && back > 0, "{tried} tried, {back} taken back");
    let solved = text
        .lines()
        .position(|l| l.contains("solved in"))
        .expect("the trace ends solved");
    let solution: Vec<&str> = text
        .lines()
        .nth(solved + 1)
        .map(|l| l.split_whitespace().collect())
        .unwrap_or_default();
    let standing: Vec<&str> = line.iter().map(|(_, mv)| mv.as_str()).collect();
    assert_eq!(standing, solution, "{text}");
    assert!(wins("levels/hop.ron", 40, &solution));
}

#[test]
fn a_missing_level_is_a_clear_error() {
    let out = pond(&["solve", "levels/swap.ron", "--level", "999"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no level 999"));
}

#[test]
fn check_passes_shipped_packs_and_fails_broken_ones() {
    let out = pond(&["check", "levels/swap.ron", "levels/escape.ron"]);
    assert!(out.status.success(), "{out:?}");
    let broken = temp_file(
        "broken.ron",
        "Pack(\n  name: \"b\",\n  levels: [Swap(name: \"s\", row: \"LQ_R\")],\n)\n",
    );
    let out = pond(&["check", "levels/swap.ron", broken.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("broken.ron:3:"), "{err}");
    assert!(err.contains("`Q`"), "{err}");
}

#[test]
fn check_warns_about_unsolvable_levels_but_passes() {
    let pack = temp_file(
        "stuck.ron",
        "Pack(name: \"s\", levels: [Escape(name: \"no way\", rows: [\"a1\", \"b2\"])])",
    );
    let path = pack.to_str().unwrap();
    let out = pond(&["check", path]);
    assert!(out.status.success());
    let line = format!(
        "warning: {path}:1:26: level 1 \"no way\": the solver proves it unsolvable: no line of moves reaches the goal, so no player can win it"
    );
    assert!(
        stdout(&out).lines().any(|l| l == line),
        "no line {line:?} in:\n{}",
        stdout(&out)
    );
}

/// `check` tells every mistake of a file, each with its place, and counts
/// them.
#[test]
fn check_lists_every_mistake_of_a_file() {
    let pack = temp_file(
        "three.ron",
        "Pack(\n  name: \"t\", levls: 2,\n  levels: [\n    Swap(name: \"a\", row: \"LX_R\"),\n    Escape(name: \"b\", rows: [\"a1 b\"]),\n  ],\n)\n",
    );
    let path = pack.to_str().unwrap();
    let out = pond(&["check", path]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines,
        [
            format!(
                "error: {path}:2:14: a pack has no field `levls`; its fields are `name`, `author` and `levels` (did you mean `levels`?)"
            ),
            format!(
                "error: {path}:4:28: level 1: unexpected `X` in the row: expected L (a frog facing right), R (facing left) or _ (an empty pad)"
            ),
            format!("error: {path}:5:35: level 2: expected a colour digit 1 to 9 after `b`"),
            format!("{path}: 3 errors"),
        ]
    );
}

#[test]
fn gen_prints_a_pack_that_loads() {
    for args in [
        vec!["gen", "swap", "--seed", "3", "--count", "4"],
        vec!["gen", "hop", "--seed", "3", "--count", "4"],
        vec![
            "gen",
            "flood",
            "--seed",
            "3",
            "--count",
            "2",
            "--width",
            "6",
            "--height",
            "6",
            "--colours",
            "4",
        ],
        vec!["gen", "escape", "--seed", "3", "--count", "5"],
    ] {
        let out = pond(&args);
        assert!(out.status.success(), "{args:?}: {out:?}");
        let text = stdout(&out);
        let pack = pond_puzzles::levels::parse_pack("gen.ron", &text).unwrap();
        assert!(!pack.levels.is_empty(), "{args:?}");
        // The same seed prints the same pack.
        assert_eq!(stdout(&pond(&args)), text);
    }
}

#[test]
fn a_bad_level_code_is_refused_with_what_was_expected() {
    for (code, words) in [
        ("nope.1", "no shipped pack `nope`"),
        ("hop.99", "1 to 40"),
        ("F14x14c6d3", "needs `-SEED`"),
        ("Z9", "expected PACK.LEVEL"),
    ] {
        let out = pond(&["play", "--code", code]);
        assert!(!out.status.success(), "{code}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(words), "{code}: {err}");
    }
    let out = pond(&["play", "swap.ron", "--autoplay", "solution"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("needs a level"));
}

/// Every number on the command line has a range: out of it (or not a number
/// at all) is a clear error from the parser, never a panic.
#[test]
fn numbers_out_of_range_are_clear_errors() {
    for args in [
        &["solve", "levels/swap.ron", "--seconds", "inf"][..],
        &["solve", "levels/swap.ron", "--seconds", "NaN"],
        &["solve", "levels/swap.ron", "--seconds=-1"],
        &["solve", "levels/swap.ron", "--seconds", "1e20"],
        &["check", "levels/swap.ron", "--seconds", "inf"],
        &["gen", "flood", "--seed", "1", "--think", "1e20"],
        &["play", "swap.ron", "--frame-stats", "NaN"],
    ] {
        let out = pond(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("expected a number of seconds from 0 to 1000000"),
            "{args:?}: {err}"
        );
    }
    let out = pond(&["gen", "flood", "--seed", "1", "--slack", "4294967295"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("0..=1000"), "{err}");
}

/// `solve` holds a level to its move limit as `check` does: a Flood level
/// whose limit is under its shortest solution cannot be won, and both say so.
#[test]
fn solve_and_check_agree_on_a_limit_under_the_optimum() {
    let pack = temp_file(
        "limit.ron",
        r#"Pack(name: "Limits", levels: [
            Flood(name: "None allowed", cells: ["011", "021", "221"], moves: Some(0)),
            Flood(name: "Enough", cells: ["011", "021", "221"], moves: Some(5)),
        ])"#,
    );
    let path = pack.to_str().unwrap();
    let out = pond(&["solve", path, "--json"]);
    assert!(out.status.success(), "{out:?}");
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["solvable"], false, "{}", lines[0]);
    assert_eq!(lines[0]["limit"], 0);
    assert_eq!(lines[0]["within_limit"], false);
    assert_eq!(lines[1]["solvable"], true, "{}", lines[1]);
    assert_eq!(lines[1]["within_limit"], true);
    let text = stdout(&pond(&["solve", path, "--level", "1"]));
    assert!(
        text.contains("over the level's limit of 0 moves: it cannot be won"),
        "{text}"
    );
    let check = stdout(&pond(&["check", path]));
    assert!(
        check.contains("None allowed") && check.contains("cannot be won"),
        "{check}"
    );
    assert!(!check.contains("Enough"), "{check}");
}

/// `check` counts in words ("1 level", "2 levels") and warns of a pack with
/// no level at all.
#[test]
fn check_counts_in_words_and_warns_of_an_empty_pack() {
    let empty = temp_file("empty.ron", r#"Pack(name: "Nothing", levels: [])"#);
    let out = pond(&["check", empty.to_str().unwrap()]);
    let text = stdout(&out);
    assert!(out.status.success(), "{out:?}");
    assert!(
        text.contains("warning: ") && text.contains("the pack holds no level"),
        "{text}"
    );
    assert!(text.trim_end().ends_with(": no levels"), "{text}");
    let one = temp_file(
        "one.ron",
        r#"Pack(name: "One", levels: [Swap(name: "A", row: "L_R")])"#,
    );
    let text = stdout(&pond(&["check", one.to_str().unwrap()]));
    assert!(
        text.trim_end()
            .ends_with(": 1 level, all sound and solvable"),
        "{text}"
    );
}

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
            said.contains("wrote ") && said.contains("move orders"),
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

/// `check` warns of a level won before any move and of a limit far above the
/// shortest solution, in these words; `--strict` fails on warnings.
#[test]
fn check_warns_of_levels_won_at_the_start_and_loose_limits_and_strict_fails() {
    let pack = temp_file(
        "warnings.ron",
        r#"Pack(name: "w", levels: [
  Swap(name: "same", row: "L_R", goal: Some("L_R")),
  Flood(name: "one colour", cells: ["00", "00"], colours: Some(2)),
  Flood(name: "loose", cells: ["01", "10"], moves: Some(40)),
  Flood(name: "fair", cells: ["01", "10"], moves: Some(4)),
])"#,
    );
    let path = pack.to_str().expect("a path in words");
    let out = pond(&["check", path]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    for line in [
        format!(
            "warning: {path}:2:3: level 1 \"same\": it is won before any move (its start is already its goal)"
        ),
        format!(
            "warning: {path}:3:3: level 2 \"one colour\": it is won before any move (its start is already its goal)"
        ),
        format!(
            "warning: {path}:4:3: level 3 \"loose\": the limit of 40 moves is 38 more than the shortest solution's 2: it hardly limits anything"
        ),
        format!("{path}: 4 levels, 3 warnings"),
    ] {
        assert!(
            text.lines().any(|l| l == line),
            "no line {line:?} in:\n{text}"
        );
    }
    assert!(!text.contains("\"fair\""), "{text}");
    let strict = pond(&["check", "--strict", path]);
    assert_eq!(strict.status.code(), Some(1), "{strict:?}");
    let shipped = pond(&["check", "--strict", "levels/swap.ron"]);
    assert!(shipped.status.success(), "{shipped:?}");
}

/// `pond render` says what is wrong before it opens a window: a level the
/// pack does not have, a broken pack, no display to draw in. (The picture
/// itself is taken by the window test, which has a display.)
#[test]
fn render_refuses_clearly_before_drawing() {
    let out = pond(&["render", "hop.ron", "--level", "99", "/tmp/none.png"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "error: hop.ron: there is no level 99: the pack has levels 1 to 40"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_pond"))
        .args(["render", "hop.ron", "--level", "3", "/tmp/none.png"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("pond runs");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "error: pond render draws in a window, and there is no display here: run it as `xvfb-run -a pond render ...`"
    );
    assert!(!std::path::Path::new("/tmp/none.png").exists());
}

/// A level with no name and two levels of one name load, but `check` warns
/// of them, each at its level, and counts them.
#[test]
fn check_warns_of_empty_and_repeated_level_names() {
    let pack = temp_file(
        "names.ron",
        r#"Pack(name: "n", levels: [
  Swap(name: "Twin", row: "L_R"),
  Swap(name: "", row: "LL_R"),
  Swap(name: "Twin", row: "L_RR"),
])"#,
    );
    let path = pack.to_str().expect("a path in words");
    let out = pond(&["check", path]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    for line in [
        format!(
            "warning: {path}:3:3: level 2 \"\": its name is empty: the level select shows a card with no name; give it one"
        ),
        format!(
            "warning: {path}:4:3: level 3 \"Twin\": it has the same name as level 1: the level select shows two cards alike; give each level a name of its own"
        ),
        format!("{path}: 3 levels, 2 warnings"),
    ] {
        assert!(
            text.lines().any(|l| l == line),
            "no line {line:?} in:\n{text}"
        );
    }
    let strict = pond(&["check", "--strict", path]);
    assert_eq!(strict.status.code(), Some(1), "{strict:?}");
}

/// A pack saved by a Windows editor (a byte order mark first) is read; one
/// saved in another encoding than UTF-8 is refused with the line and column
/// of its first such byte and how to mend it.
#[test]
fn check_reads_a_byte_order_mark_and_places_a_byte_not_in_utf8() {
    let pack = "Pack(name: \"b\", levels: [\n  Swap(name: \"Caf\u{E9}\", row: \"L_R\"),\n])";
    let marked = temp_file("marked.ron", &format!("\u{FEFF}{pack}"));
    let out = pond(&["check", marked.to_str().expect("a path in words")]);
    assert!(out.status.success(), "{out:?}");
    assert!(stdout(&out).contains("1 level, all sound"), "{out:?}");

    let latin1 = temp_file("latin1.ron", "");
    let bytes: Vec<u8> = pack.chars().map(|c| c as u32 as u8).collect();
    std::fs::write(&latin1, bytes).expect("the file is written");
    let path = latin1.to_str().expect("a path in words");
    let out = pond(&["check", path]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with(&format!(
            "error: {path}:2:18: the byte 0xE9 here is not UTF-8 text"
        )),
        "{err}"
    );
    assert!(err.contains("save the file as UTF-8"), "{err}");
}

/// `pond check --replay`: a line of a shipped level's solution (as `pond
/// solve --json` gives it) is legal and won; cut short it is legal and not
/// finished.
#[test]
fn check_replay_says_a_solution_is_legal_and_won() {
    let out = pond(&["solve", "levels/pegs.ron", "--level", "8", "--json"]);
    assert!(out.status.success(), "{out:?}");
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let moves: Vec<&str> = v["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().expect("a move in the notation"))
        .collect();
    let line = format!("pegs.8: {}", moves.join(" "));
    let out = pond(&["check", "--replay", &line]);
    assert!(out.status.success(), "{out:?}");
    let said = format!("pegs.8: legal, {} moves, won", moves.len());
    assert_eq!(stdout(&out).trim(), said);
    let cut = format!("pegs.8: {}", moves[..3].join(" "));
    let out = pond(&["check", "--replay", &cut]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(stdout(&out).trim(), "pegs.8: legal, 3 moves, not finished");
}

/// A line that stops being legal names the move, counted from 1, and why;
/// the status is 1.
#[test]
fn check_replay_names_the_first_move_that_cannot_be_played() {
    let out = pond(&["check", "--replay", "pegs.8: 4-16 7-9 4-16 0-8"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let text = stdout(&out);
    assert!(
        text.contains("pegs.8: not legal: move 3 `4-16` cannot be played: an illegal move"),
        "{text}"
    );
    assert!(
        text.contains("pegs.8: the 2 moves before it can be replayed, and leave it not finished"),
        "{text}"
    );
    let out = pond(&["check", "--replay", "hop.3: 10-6 2"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        stdout(&out).contains("move 2 `2` cannot be played: a move of another puzzle"),
        "{out:?}"
    );
    let out = pond(&["check", "--replay", "swap.1: left"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        stdout(&out).contains("move 1 `left` cannot be played: not a move of this level"),
        "{out:?}"
    );
    for (line, words) in [
        ("nope.3: 1 2", "no shipped pack `nope`"),
        ("swap.99: 1", "levels 1 to"),
    ] {
        let out = pond(&["check", "--replay", line]);
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(words), "{line}: {err}");
    }
}

/// `pond daily`: a date's codes, one a puzzle, the first four as the core
/// pins them (a puzzle added later comes after them); a bad date is refused
/// in words; with no date, today's.
#[test]
fn daily_prints_the_codes_of_a_day() {
    use pond_puzzles::rules::PuzzleKind;
    let out = pond(&["daily", "--date", "2026-11-23"]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    assert!(
        text.starts_with(
            "2026-11-23\nswap S4v3g2\nhop H8d3-773380\nflood F14x14c6d3-658052\nescape E4x4t4c4d3-407214\n"
        ),
        "{text}"
    );
    assert_eq!(text.lines().count(), 1 + PuzzleKind::ALL.len(), "{text}");
    for (date, words) in [
        ("2026-02-30", "has days 1 to 28"),
        ("23/11/2026", "expected a date as YYYY-MM-DD"),
    ] {
        let out = pond(&["daily", "--date", date]);
        assert!(!out.status.success(), "{out:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(words), "{date}: {err}");
    }
    let out = pond(&["daily"]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1 + PuzzleKind::ALL.len(), "{text}");
    assert!(
        pond_puzzles::levels::daily::Date::parse(lines[0]).is_ok(),
        "{text}"
    );
    for (line, kind) in lines[1..].iter().zip(PuzzleKind::ALL) {
        let kind = format!("{} ", kind.name());
        assert!(line.starts_with(&kind), "{text}");
        let code = &line[kind.len()..];
        let out = pond(&["check", "--replay", code]);
        assert!(out.status.success(), "{code}: {out:?}");
    }
}

/// `pond play --replay`: a line whose code is unknown is refused before any
/// window opens, and `--exit-when-done` needs something that ends.
#[test]
fn play_replay_refuses_a_bad_line_before_opening() {
    let out = pond(&["play", "--replay", "nope.1: 1 2"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no shipped pack `nope`"), "{err}");
    let out = pond(&["play", "--code", "S3v4", "--exit-when-done"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("needs --autoplay or --replay"), "{err}");
    let out = pond(&["play", "--replay", "swap.1: 1", "--code", "S3v4"]);
    assert!(!out.status.success(), "{out:?}");
}

/// `pond moves --json`: the position's line, then one per legal move, each
/// move's mark replayed: a winnable move with `shortest` N is followed by a
/// solution of N moves, a losing one has no solution.
#[test]
fn moves_marks_every_legal_move_and_refuses_an_illegal_after() {
    let o = pond(&["moves", "hop.ron", "--level", "12", "--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    let position = &lines[0];
    for key in ["won", "winnable", "shortest", "legal", "ways"] {
        assert!(position.get(key).is_some(), "position lacks {key}");
    }
    let legal = position["legal"].as_u64().unwrap() as usize;
    assert_eq!(lines.len(), 1 + legal);
    let pack = pond_puzzles::levels::load(std::path::Path::new("hop.ron")).unwrap();
    let start = pack.levels[11].puzzle.clone();
    assert_eq!(start.legal_moves().len(), legal);
    let mut winning = 0;
    for m in &lines[1..] {
        let mut after = start.clone();
        let mv = after.parse_move(m["move"].as_str().unwrap()).unwrap();
        after.apply(mv).unwrap();
        let solved = pond_puzzles::solve::solve(
            &after,
            pond_puzzles::solve::Budget::unlimited(),
            None,
            false,
        );
        match m["winnable"].as_bool() {
            Some(true) => {
                winning += 1;
                let n = solved.outcome.moves().expect("winnable").len();
                assert_eq!(m["shortest"].as_u64(), Some(n as u64), "{m}");
                assert!(m["ways"].as_u64().is_some_and(|w| w >= 1), "{m}");
            }
            Some(false) => assert!(solved.outcome.moves().is_none(), "{m}"),
            None => panic!("undecided on a small pond: {m}"),
        }
    }
    assert!(
        winning > 0 && winning < legal,
        "a pond with both kinds of move"
    );
    assert_eq!(position["winnable"], serde_json::json!(true));

    // In words, after a move; a move that cannot be played is refused with
    // its index.
    let o = pond(&["moves", "swap.ron", "--level", "2", "--after", "1"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.contains("after 1 move: winnable"), "{text}");
    let o = pond(&["moves", "swap.ron", "--level", "2", "--after", "1 1"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("move 2 of 2 (`1`)"), "{err}");
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

/// A reader that stops after one line (`pond solve ... | head -1`) ends the
/// command quietly: no panic, no "failed printing" on the error output.
#[test]
fn a_reader_that_stops_early_ends_the_command_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_pond"))
        .args(["solve", "levels/flood.ron"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pond runs");
    let mut first = String::new();
    let mut out = BufReader::new(child.stdout.take().expect("its output"));
    out.read_line(&mut first).expect("a first line");
    assert!(first.starts_with("level 1 "), "{first}");
    drop(out);
    let done = child.wait_with_output().expect("pond ends");
    let err = String::from_utf8_lossy(&done.stderr);
    assert!(
        !err.contains("panicked") && !err.contains("failed printing"),
        "{err}"
    );
    assert!(
        !done.status.success(),
        "it stopped before printing every level"
    );
}
