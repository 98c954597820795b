//! Issue 14: what pipelines and reviewers rely on: saves that follow no planted link and keep
//! the file's mode, write errors on stdout that fail the command, bounded memory and limits
//! on every searching command.

use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt, symlink};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use peakforge::challenge;

mod common;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("peakforge-rel-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

fn mode(p: &Path) -> u32 {
    fs::metadata(p).unwrap().permissions().mode() & 0o777
}

#[test]
fn a_link_planted_at_the_old_temporary_name_redirects_nothing() {
    let dir = scratch("link");
    let victim = dir.join("victim.txt");
    fs::write(&victim, "precious").unwrap();
    let target = dir.join("out.ron");
    fs::write(&target, "old").unwrap();
    // The name the temporary file had before: `.NAME.tmp-<pid>`, guessable by anyone.
    let planted = dir.join(format!(".out.ron.tmp-{}", std::process::id()));
    symlink(&victim, &planted).unwrap();
    challenge::write_atomic(&target, b"new").unwrap();
    assert_eq!(fs::read_to_string(&victim).unwrap(), "precious");
    let meta = fs::symlink_metadata(&target).unwrap();
    assert!(
        meta.file_type().is_file(),
        "the output is a file, not the link"
    );
    assert_eq!(fs::read_to_string(&target).unwrap(), "new");
    // Only what was there: no temporary file left beside it.
    assert_eq!(
        names(&dir),
        [
            format!(".out.ron.tmp-{}", std::process::id()),
            "out.ron".into(),
            "victim.txt".into()
        ]
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_save_keeps_the_mode_of_the_file_it_replaces() {
    let dir = scratch("mode");
    for m in [0o600, 0o664, 0o640] {
        let f = dir.join(format!("c-{m:o}.ron"));
        fs::write(&f, "old").unwrap();
        fs::set_permissions(&f, fs::Permissions::from_mode(m)).unwrap();
        challenge::write_atomic(&f, b"new").unwrap();
        assert_eq!(mode(&f), m, "{}", f.display());
        assert_eq!(fs::read_to_string(&f).unwrap(), "new");
    }
    // A new file is not left with the temporary file's private mode: others may read it as
    // after `File::create` (umask 022 in tests: 0o644).
    let new = dir.join("new.ron");
    challenge::write_atomic(&new, b"x").unwrap();
    assert_ne!(mode(&new) & 0o044, 0, "mode {:o}", mode(&new));
    assert!(
        names(&dir).iter().all(|n| !n.starts_with('.')),
        "{:?}",
        names(&dir)
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_link_at_the_target_is_followed_and_a_device_is_never_replaced() {
    let dir = scratch("follow");
    let real = dir.join("real.ron");
    fs::write(&real, "old").unwrap();
    let link = dir.join("link.ron");
    symlink(&real, &link).unwrap();
    challenge::write_atomic(&link, b"new").unwrap();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(fs::read_to_string(&real).unwrap(), "new");
    let e = challenge::write_atomic(Path::new("/dev/full"), b"x").unwrap_err();
    assert!(e.to_string().contains("not a regular file"), "{e}");
    assert!(challenge::write_atomic(&dir, b"x").is_err());
    assert_eq!(names(&dir), ["link.ron", "real.ron"]);
    let _ = fs::remove_dir_all(&dir);
}

/// Runs the binary with stdout on `/dev/full` (every write fails: no space left).
fn to_dev_full(args: &[&str]) -> Output {
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    common::command()
        .args(args)
        .current_dir(root())
        .stdout(Stdio::from(full))
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

#[test]
fn a_failed_write_on_stdout_is_exit_2_with_a_message() {
    for args in [
        &["verify", "--json", "challenges"][..],
        &["verify", "challenges/01-terrain.ron"],
        &["solve", "challenges/01-terrain.ron", "--json"],
        &["solve", "challenges/01-terrain.ron"],
        &["schema"],
    ] {
        let out = to_dev_full(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("could not write the output"),
            "{args:?}: {err}"
        );
        assert!(err.contains("No space left"), "{args:?}: {err}");
        assert_eq!(err.matches("error:").count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn an_export_whose_report_cannot_be_printed_says_it_wrote_both_files() {
    // Issue 28 item 2: "exported … to OUT" is printed only after both files are committed
    // (the proof first, the export last), so a report that cannot be printed comes after the
    // files: exit 2, and the message names what was written (issue 14 had "nothing was
    // written", printing before the commit).
    let dir = scratch("export-dev-full");
    let out_file = dir.join("e.ron");
    let proof = dir.join("e.proof.json");
    let out = to_dev_full(&[
        "export",
        "challenges/05-support.ron",
        "-o",
        out_file.to_str().unwrap(),
        "--proof",
        proof.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("could not write the output"), "{err}");
    assert!(err.contains("the files were written"), "{err}");
    assert!(out_file.exists() && proof.exists());
    assert_eq!(names(&dir), ["e.proof.json", "e.ron"]);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_who_wins_answer_that_cannot_be_printed_names_its_certificates() {
    // The certificates are put in place before the answer is printed (the answer names
    // them): when stdout then fails, exit 2 says they were written whole.
    let dir = scratch("who-wins-dev-full");
    let cert = dir.join("w.cert");
    let c = cert.to_str().unwrap();
    for json in [false, true] {
        let mut args = vec![
            "solve",
            "--game",
            "breakthrough",
            "--position",
            "BBBB/BBBB/4/WWWW/WWWW w 0/1000",
            "--length",
            "--proof",
            c,
            "--force",
        ];
        if json {
            args.push("--json");
        }
        let out = to_dev_full(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("could not write the output"), "{err}");
        assert!(
            err.contains(&format!("written whole: {c}, {c}.length")),
            "{err}"
        );
        for f in [c.to_string(), format!("{c}.length")] {
            assert_eq!(
                peakforge(&["check-proof", &f]).status.code(),
                Some(0),
                "{f}"
            );
        }
    }
    let _ = fs::remove_dir_all(&dir);
}

/// The binary run in the crate's folder (paths such as `challenges/…` are relative to it).
fn peakforge(args: &[&str]) -> Output {
    common::peakforge_in(&root(), args)
}

/// The binary run with `args` (shell words) in the crate's folder under `ulimit -v kb`.
fn under_ulimit(kb: u32, args: &str) -> Output {
    let cmd = format!(
        "ulimit -v {kb} && exec '{}' {args}",
        env!("CARGO_BIN_EXE_peakforge")
    );
    Command::new("bash")
        .current_dir(root())
        .args(["-c", &cmd])
        .output()
        .unwrap()
}

/// The full-board win in 5 of `benches/full-board.txt` (line 20): its table grew past 64 MiB
/// within a second while tables took what their bound allowed; it now grows with the work
/// (4 MiB, then 8 bytes a store) and stays small.
fn win_in_5() -> String {
    let text = fs::read_to_string(root().join("benches/full-board.txt")).unwrap();
    let line = text.lines().nth(19).unwrap();
    line.split('#').next().unwrap().trim().to_string()
}

#[test]
fn under_a_memory_cap_of_the_system_a_search_answers_instead_of_aborting() {
    // 60 MB of address space: the default table bound (128 MiB) cannot be had. Before, the
    // failed allocation aborted the process (exit 134, no JSON).
    let pos = win_in_5();
    for extra in ["", "--max-memory 16"] {
        let out = under_ulimit(
            60000,
            &format!("solve --position '{pos}' --max-moves 5 --max-time 3 {extra} --json"),
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            matches!(out.status.code(), Some(0 | 3)),
            "{extra}: {:?} {err}",
            out.status
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert!(
            ["win", "unknown"].contains(&v["result"].as_str().unwrap()),
            "{v}"
        );
    }
}

#[test]
fn the_breakthrough_proof_benchmark_says_refusals_and_stops_by_its_exit_code() {
    // Before, a board the proof does not take and a search stopped by its cap both exited 0.
    let out = peakforge(&["bench", "--breakthrough", "--proof", "--board", "9x9"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(text.contains("at most 64 tiles, not 9×9"), "{text}");
    let out = peakforge(&[
        "bench",
        "--breakthrough",
        "--proof",
        "--board",
        "5x5",
        "--cap-secs",
        "0",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{text}");
    assert!(text.contains("stopped: time limit"), "{text}");
    // A negative size is the board's bad value, not an unknown option.
    let out = peakforge(&["bench", "--breakthrough", "--proof", "--board", "-1x5"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("'-1x5' for '--board"), "{err}");
    let out = peakforge(&["bench", "--breakthrough", "--proof", "--board", "3x4"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("black wins"), "{text}");
}

#[test]
fn a_proof_table_the_system_refuses_shrinks_instead_of_aborting() {
    // Before, a table bigger than `ulimit -v` allows aborted the process (signal 6).
    let out = under_ulimit(
        200000,
        "bench --breakthrough --proof --board 4x5 --table-mib 512",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{text} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("black wins"), "{text}");
    assert!(
        !text.contains("table 512 MiB"),
        "it took a smaller table: {text}"
    );
}

#[test]
fn under_a_tight_address_space_limit_threaded_commands_answer_instead_of_aborting() {
    // Before, glibc's per-thread arenas (64 MiB of address space each) could not be had
    // under `ulimit -v 60000`: `suggest` aborted (exit 134) on its first candidates.
    for (limit, args) in [
        (
            60000,
            "suggest tests/data/cooked/05-support-cooked.ron --max-memory 1 --json",
        ),
        (
            60000,
            "suggest tests/data/cooked/05-support-cooked.ron --json",
        ),
        (40000, "verify challenges --jobs 2 --json"),
    ] {
        let out = under_ulimit(limit, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            matches!(out.status.code(), Some(0 | 1 | 3)),
            "{args} under ulimit -v {limit}: {:?} {err}",
            out.status
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{args}: no JSON ({e}): {err}"));
        assert!(v.is_object() || v.is_array(), "{args}: not a report");
    }
}

#[test]
fn a_tiny_memory_budget_gives_the_same_answer() {
    // 1 MiB for the table and the move lists: slower, the same verdict and keys.
    let pos = win_in_5();
    let small = peakforge(&[
        "solve",
        "--position",
        &pos,
        "--max-moves",
        "3",
        "--max-memory",
        "1",
        "--json",
    ]);
    let normal = peakforge(&["solve", "--position", &pos, "--max-moves", "3", "--json"]);
    assert_eq!(small.status.code(), normal.status.code());
    let small: serde_json::Value = serde_json::from_slice(&small.stdout).unwrap();
    let normal: serde_json::Value = serde_json::from_slice(&normal.stdout).unwrap();
    for k in ["result", "player_moves", "key_moves", "line"] {
        assert_eq!(small[k], normal[k], "{k}");
    }
    // Every searching command takes the option; 0 is refused as usage.
    for cmd in ["solve", "verify", "export", "render"] {
        let out = peakforge(&[cmd, "--help"]);
        let help = String::from_utf8_lossy(&out.stdout);
        for opt in ["--max-memory", "--max-time", "--max-nodes"] {
            assert!(help.contains(opt), "{cmd} --help lacks {opt}");
        }
    }
    let out = peakforge(&["verify", "challenges", "--max-memory", "0"]);
    assert_eq!(out.status.code(), Some(2));
}

/// A valid Pawn&Peak challenge whose goal is far: its verification takes long.
const FAR_GOAL: &str = r#"(
    format_version: 1,
    id: "far",
    title: {"en": "Far", "fr": "Loin"},
    tutorial: {"en": "t", "fr": "t"},
    hint: {"en": "h", "fr": "h"},
    game: "pawn-peak",
    position: (
        width: 10,
        height: 10,
        terrain: ["0000000000","0000000000","0000000000","0000000000","0000000000","0000000000","0000000000","0000000000","0000000000","0000000000"],
        pieces: [("a1", Red, Guardian), ("b1", Red, Scout), ("c1", Red, Protector), ("j10", Blue, Guardian), ("i10", Blue, Scout), ("h10", Blue, Protector)],
        side_to_move: Red,
        scores: (red: 0, blue: 0),
        exited: [],
        move_counter: 0,
        move_limit: 200,
    ),
    goal: (player_moves: 100),
    solution: ["a1-a4"],
)
"#;

#[test]
fn export_and_render_stop_at_their_limits() {
    let dir = scratch("limits");
    let f = dir.join("far.ron");
    fs::write(&f, FAR_GOAL).unwrap();
    let out_file = dir.join("out.ron");
    let f_s = f.to_str().unwrap();
    let o_s = out_file.to_str().unwrap();
    let started = std::time::Instant::now();
    let out = peakforge(&["export", f_s, "-o", o_s, "--max-nodes", "20000"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(
        err.contains("not exported") && err.contains("node limit"),
        "{err}"
    );
    assert!(err.contains("--max-time"), "says how to go further: {err}");
    assert!(!out_file.exists());
    let out = peakforge(&["export", f_s, "-o", o_s, "--max-time", "0.5"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("time limit"));
    // render --solution for a position solves it: within the limits too.
    let pic = dir.join("p.svg");
    let pos = win_in_5();
    let out = peakforge(&[
        "render",
        "--position",
        &pos,
        "--solution",
        "-o",
        pic.to_str().unwrap(),
        "--max-nodes",
        "1000",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(
        err.contains("node limit") && err.contains("nothing was written"),
        "{err}"
    );
    assert!(!pic.exists());
    assert!(started.elapsed() < std::time::Duration::from_secs(30));
    let _ = fs::remove_dir_all(&dir);
}

/// Tutorial 1 with `n` Red Guardians on c4, one a line.
fn crowded(n: usize) -> String {
    let s = fs::read_to_string(root().join("challenges/01-terrain.ron")).unwrap();
    let i = s.find("pieces: [").unwrap();
    let j = i + s[i..].find("],").unwrap();
    let pieces: String = "(\"c4\",Red,Guardian),\n".repeat(n);
    format!("{}pieces: [\n{pieces}{}", &s[..i], &s[j..])
}

#[test]
fn forty_five_thousand_pieces_on_one_square_are_refused_at_once_in_a_few_lines() {
    let dir = scratch("crowd");
    let f = dir.join("crowd.ron");
    fs::write(&f, crowded(45_000)).unwrap();
    let started = std::time::Instant::now();
    let out = peakforge(&["verify", f.to_str().unwrap()]);
    // Before: minutes (the text rescanned per problem) and 4 MB of messages. A generous
    // guard, not a measurement: a linear pass takes well under a second.
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("line 29: position.pieces[1]: c4 already holds"),
        "{text}"
    );
    assert!(text.contains("line 38: position.pieces[10]:"), "{text}");
    assert!(!text.contains("position.pieces[11]"), "{text}");
    assert!(
        text.contains("position.pieces: and 44 989 more like it"),
        "{text}"
    );
    assert!(text.len() < 4_000, "{} bytes", text.len());
    let out = peakforge(&["verify", "--json", f.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v[0]["messages"].as_array().unwrap().len() <= 13, "{v}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn an_unreadable_folder_is_one_invalid_entry_and_dangling_links_follow_the_name_rules() {
    let dir = scratch("batch");
    fs::copy(root().join("challenges/01-terrain.ron"), dir.join("a.ron")).unwrap();
    fs::copy(
        root().join("challenges/02-exit-point.ron"),
        dir.join("z.ron"),
    )
    .unwrap();
    let sub = dir.join("m-sub");
    fs::create_dir(&sub).unwrap();
    fs::copy(root().join("challenges/01-terrain.ron"), sub.join("b.ron")).unwrap();
    fs::set_permissions(&sub, fs::Permissions::from_mode(0o000)).unwrap();
    symlink(dir.join("missing.ron"), dir.join("gone.ron")).unwrap();
    symlink(dir.join("missing.txt"), dir.join("notes.txt")).unwrap();
    // As root, without the capabilities that read any folder (so the mode counts).
    let bin = env!("CARGO_BIN_EXE_peakforge");
    let mut cmd = if fs::metadata("/proc/self").unwrap().uid() == 0 {
        let mut c = Command::new("setpriv");
        c.args(["--bounding-set", "-dac_override,-dac_read_search", bin]);
        c
    } else {
        Command::new(bin)
    };
    let out = cmd.args(["verify", "--json"]).arg(&dir).output().unwrap();
    fs::set_permissions(&sub, fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let entries: Vec<(String, String)> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let file = e["file"].as_str().unwrap();
            let name = Path::new(file).file_name().unwrap().to_string_lossy();
            (name.into_owned(), e["status"].as_str().unwrap().to_string())
        })
        .collect();
    let want = [
        ("a.ron", "sound"),
        ("gone.ron", "invalid"),
        ("m-sub", "invalid"),
        ("z.ron", "sound"),
    ];
    assert_eq!(
        entries,
        want.map(|(a, b)| (a.to_string(), b.to_string())),
        "{v}"
    );
    let sub_entry = v
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["file"].as_str().unwrap().ends_with("m-sub"))
        .unwrap();
    let why = sub_entry["messages"].to_string();
    assert!(
        why.contains("cannot read the folder") && why.contains("Permission denied"),
        "{why}"
    );
    let _ = fs::remove_dir_all(&dir);
}

/// Tutorial 1 as RON text and as JSON text.
fn tutorial_texts() -> (String, String) {
    let ron = fs::read_to_string(root().join("challenges/01-terrain.ron")).unwrap();
    let ch = challenge::parse(&ron, challenge::Format::Ron, Path::new("t.ron")).unwrap();
    (
        ron,
        challenge::to_text(&ch, challenge::Format::Json).unwrap(),
    )
}

/// The syntax error of a text: line, column, message.
fn fault(text: &str, format: challenge::Format) -> (usize, usize, String) {
    match challenge::parse(text, format, Path::new("f")) {
        Err(challenge::ChallengeError::Syntax {
            line,
            column,
            message,
            ..
        }) => (line, column, message),
        other => panic!("not a syntax error: {other:?}"),
    }
}

/// The 1-based line and column (in characters) where `needle` first occurs in `text`.
fn where_is(text: &str, needle: &str) -> (usize, usize) {
    let at = text.find(needle).unwrap();
    let line = text[..at].matches('\n').count() + 1;
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    (line, text[start..at].chars().count() + 1)
}

#[test]
fn json_that_the_schema_refuses_the_reader_refuses() {
    use challenge::Format::Json;
    let (_, json) = tutorial_texts();
    // The whole challenge as an array of its fields in order (top-level keys dropped).
    let body: Vec<String> = json
        .lines()
        .map(|l| match l.strip_prefix("  \"") {
            Some(rest) if !rest.starts_with(' ') => {
                format!("  {}", rest.split_once("\": ").unwrap().1)
            }
            _ => l.to_string(),
        })
        .collect();
    let mut positional = body.join("\n");
    positional.replace_range(0..1, "[");
    positional.pop();
    positional.push(']');
    let (line, column, m) = fault(&positional, Json);
    assert_eq!((line, column), (1, 1), "{m}");
    assert!(m.contains("expected an object with named fields"), "{m}");
    // One struct inside (the goal) by position.
    let nested = json.replace("\"goal\": {\n    \"player_moves\": 1\n  }", "\"goal\": [1]");
    assert_ne!(nested, json);
    let (line, column, m) = fault(&nested, Json);
    assert_eq!((line, column), where_is(&nested, "[1]"));
    assert!(m.starts_with("goal: expected an object"), "{m}");
    // Two English titles: an error naming the key, at the second one.
    let dup = json.replace("\"title\": {", "\"title\": {\n    \"en\": \"Other\",");
    let (line, column, m) = fault(&dup, Json);
    let second = dup.match_indices("\"en\"").nth(1).unwrap().0;
    assert_eq!(line, dup[..second].matches('\n').count() + 1);
    assert_eq!(column, 5);
    assert!(
        m.contains("title") && m.contains("the key \"en\" is given twice"),
        "{m}"
    );
}

#[test]
fn duplicate_text_keys_in_ron_are_an_error_too() {
    let (ron, _) = tutorial_texts();
    let dup = ron.replace("    hint: {", "    hint: {\n        \"fr\": \"x\",");
    let (line, _, m) = fault(&dup, challenge::Format::Ron);
    let second = dup.match_indices("\"fr\"").nth(3).unwrap().0;
    assert_eq!(line, dup[..second].matches('\n').count() + 1);
    assert!(
        m.contains("hint") && m.contains("the key \"fr\" is given twice"),
        "{m}"
    );
}

#[test]
fn malformed_numbers_and_shapes_are_named_in_the_files_terms_at_the_value() {
    use challenge::Format::{Json, Ron};
    let (ron, json) = tutorial_texts();
    // A float where a whole number is expected: the field and the value, at the value.
    let t = ron.replace("move_counter: 0", "move_counter: 1.5");
    let (line, column, m) = fault(&t, Ron);
    assert_eq!((line, column), where_is(&t, "1.5"));
    assert_eq!(
        m,
        "position.move_counter: expected a whole number, found `1.5`"
    );
    let t = json.replace("\"move_counter\": 0", "\"move_counter\": 1e2");
    let (line, column, m) = fault(&t, Json);
    assert_eq!((line, column), where_is(&t, "1e2"));
    assert_eq!(
        m,
        "position.move_counter: expected a whole number from 0 to 65535, found `1e2`"
    );
    // A struct without field names.
    let t = ron.replace("player_moves: 1,", "1,");
    let (line, column, m) = fault(&t, Ron);
    assert_eq!((line, column), where_is(&t, "1,\n    ),\n    solution"));
    assert!(m.starts_with("goal: expected a field name"), "{m}");
    assert!(m.ends_with("found `1`"), "{m}");
    // An empty file, in either format.
    for (text, format) in [("", Json), ("  \n", Json), ("", Ron)] {
        let (line, column, m) = fault(text, format);
        assert_eq!((line, column), (1, 1), "{m}");
        assert!(m.starts_with("the file is empty"), "{m}");
    }
    // Columns count characters in both formats, at the start of the value at fault.
    let r = ron.replace(
        "        \"en\": \"Read the terrain\",",
        "        \"x\": \"é\", \"en\": 37,",
    );
    let j = json.replace(
        "    \"en\": \"Read the terrain\",",
        "    \"x\": \"é\", \"en\": 37,",
    );
    let (rl, rc, _) = fault(&r, Ron);
    let (jl, jc, _) = fault(&j, Json);
    assert_eq!((rl, rc), where_is(&r, "37,"));
    assert_eq!((jl, jc), where_is(&j, "37,"));
}

#[test]
fn a_save_into_a_missing_folder_names_the_folder_not_a_temporary_file() {
    let dir = std::env::temp_dir().join(format!("peakforge-missing-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let target = dir.join("nope").join("tut.ron");
    let e = peakforge::challenge::write_atomic(&target, b"x")
        .unwrap_err()
        .to_string();
    assert!(e.contains("the folder does not exist"), "{e}");
    assert!(e.contains(&dir.join("nope").display().to_string()), "{e}");
    assert!(!e.contains(".tmp"), "no temporary file name: {e}");
}

/// Runs the binary with stdout and stderr both on `/dev/full`.
fn all_to_dev_full(args: &[&str]) -> Output {
    let full = || {
        fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap()
    };
    common::command()
        .args(args)
        .current_dir(root())
        .stdout(Stdio::from(full()))
        .stderr(Stdio::from(full()))
        .output()
        .unwrap()
}

#[test]
fn a_stderr_that_cannot_be_written_never_panics_and_help_that_cannot_be_printed_fails() {
    // Before: `eprintln!` panicked (exit 101) when stderr was full or a closed pipe.
    for args in [
        &["verify", "--json", "challenges"][..],
        &["solve", "challenges/22-sg-chain.ron", "--json"],
        &["verify", "no-such-file.ron"],
    ] {
        let out = all_to_dev_full(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
    // Help and the version printed nowhere are not a success (before: exit 0).
    for args in [&["--help"][..], &["--version"], &["verify", "--help"]] {
        assert_eq!(to_dev_full(args).status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn export_writes_the_challenge_and_its_proof_both_or_neither() {
    let dir = scratch("export-proof");
    let tutorial = root().join("challenges/15-final-exam.ron");
    let out = dir.join("out.ron");
    let run = |args: &[&str]| common::peakforge_in(&dir, args);
    let t = tutorial.to_str().unwrap();
    // The proof named as the export itself: refused, nothing written (before: the proof
    // silently replaced the export).
    let r = run(&[
        "export",
        t,
        "-o",
        "out.ron",
        "--proof",
        "./out.ron",
        "--force",
    ]);
    assert_eq!(r.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&r.stderr).contains("--proof names the file"));
    assert_eq!(names(&dir), Vec::<String>::new());
    // A proof that cannot be written (a folder): neither file (before: out.ron was written
    // while the message said "nothing was written").
    fs::create_dir(dir.join("p.json")).unwrap();
    let r = run(&["export", t, "-o", "out.ron", "--proof", "p.json", "--force"]);
    assert_eq!(r.status.code(), Some(2));
    assert_eq!(names(&dir), ["p.json"]);
    assert!(!out.exists());
    // Both good: both written, and no temporary file left.
    let r = run(&["export", t, "-o", "out.ron", "--proof", "proof.json"]);
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    assert_eq!(names(&dir), ["out.ron", "p.json", "proof.json"]);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_staged_save_has_no_name_in_the_folder_until_it_is_committed() {
    // An anonymous temporary file (O_TMPFILE): a kill before the commit leaves nothing.
    let dir = scratch("staged");
    let target = dir.join("a.ron");
    fs::write(&target, "old").unwrap();
    let staged = challenge::Staged::write(&target, b"new").unwrap();
    assert_eq!(
        names(&dir),
        ["a.ron"],
        "a temporary name appeared while staged"
    );
    drop(staged);
    assert_eq!(fs::read_to_string(&target).unwrap(), "old");
    challenge::Staged::write(&target, b"new")
        .unwrap()
        .commit()
        .unwrap();
    assert_eq!(names(&dir), ["a.ron"]);
    assert_eq!(fs::read_to_string(&target).unwrap(), "new");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn messages_name_no_rust_type_and_ron_gives_the_same_ranges_as_json() {
    use challenge::Format::{Json, Ron};
    let (ron, json) = tutorial_texts();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let json_with = |path: &[&str], v: serde_json::Value| {
        let mut t = value.clone();
        let mut at = &mut t;
        for k in path {
            at = match k.parse::<usize>() {
                Ok(i) => &mut at[i],
                Err(_) => &mut at[*k],
            };
        }
        *at = v;
        serde_json::to_string_pretty(&t).unwrap()
    };
    // Before, these named `struct InHand`, `PositionSpec`, `tuple struct PieceSpec`, or said
    // only "expected value".
    let rust_names = [
        "PositionSpec",
        "InHand",
        "Scores",
        "Goal",
        "PieceSpec",
        "ExitedSpec",
        "SideName",
        "KindName",
        "VerificationRecord",
        "struct",
        "enum",
        "sequence",
    ];
    let cases = [
        (
            json_with(&["position", "side_to_move"], 0.into()),
            Json,
            "`Red`, `Blue`",
        ),
        (
            json_with(&["position", "side_to_move"], true.into()),
            Json,
            "found `true`",
        ),
        (
            json_with(&["position", "scores"], "s".into()),
            Json,
            "the scores, an object",
        ),
        (
            json_with(&["position", "in_hand"], 4.into()),
            Json,
            "the pieces in hand, an object",
        ),
        (
            json_with(&["position"], "x".into()),
            Json,
            "the position, an object",
        ),
        (
            json_with(&["position", "terrain"], 5.into()),
            Json,
            "an array",
        ),
        (
            json_with(&["position", "pieces", "0", "2"], 1.into()),
            Json,
            "`Scout`",
        ),
        (
            ron.replace("side_to_move: Red", "side_to_move: \"Red\""),
            Ron,
            "without quotes",
        ),
        (
            ron.replace("move_counter: 0", "move_counter: 0, in_hand: 4"),
            Ron,
            "found `4`",
        ),
        (
            ron.replace("(\"c4\", Red, Guardian)", "(\"c4\", Red)"),
            Ron,
            "3 items, found 2",
        ),
    ];
    for (text, format, says) in &cases {
        let (_, _, m) = fault(text, *format);
        assert!(m.contains(says), "{format:?}: {m}");
        for name in rust_names {
            assert!(!m.contains(name), "{format:?}: {m}");
        }
    }
    // RON's out-of-range numbers name the range as JSON's do (the same message).
    // The least named is the least the check then allows (a goal or a limit of 0 is refused).
    for (key, big, least) in [
        ("width", "300", 0),
        ("move_counter", "70000", 0),
        ("move_limit", "70000", 1),
        ("player_moves", "5000000000", 1),
        ("player_moves", "-1", 1),
    ] {
        let r = regex_free_replace(&ron, &format!("{key}: "), big);
        let j = regex_free_replace(&json, &format!("\"{key}\": "), big);
        let (_, _, rm) = fault(&r, Ron);
        let (_, _, jm) = fault(&j, Json);
        assert_eq!(rm, jm, "{key}");
        let range = format!("expected a whole number from {least} to");
        assert!(rm.contains(&range), "{rm}");
    }
}

/// `text` with the number after the first `prefix` replaced by `by`.
fn regex_free_replace(text: &str, prefix: &str, by: &str) -> String {
    let at = text.find(prefix).unwrap() + prefix.len();
    let end = at + text[at..].find(|c: char| !c.is_ascii_digit()).unwrap();
    format!("{}{by}{}", &text[..at], &text[end..])
}

#[test]
fn a_megabyte_of_text_in_a_field_is_named_in_a_short_message() {
    // Before, the whole half-megabyte terrain row was echoed, and a move text as long.
    let (ron, _) = tutorial_texts();
    let long = "0".repeat(1 << 19);
    let dir = scratch("long-text");
    for (name, text) in [
        ("row", ron.replacen("\"00210\"", &format!("\"{long}\""), 1)),
        (
            "move",
            ron.replace("solution: [", &format!("solution: [\"c4-{long}\", ")),
        ),
    ] {
        let path = dir.join(format!("{name}.ron"));
        fs::write(&path, text).unwrap();
        let out = peakforge(&["verify", path.to_str().unwrap()]);
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(all.len() < 1000, "{name}: {} bytes", all.len());
        assert!(all.contains("characters)"), "{name}: {all}");
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_move_limit_of_zero_is_blamed_on_the_move_limit() {
    // Before, it said "position.move_counter: the counter 0 must be below the limit 0".
    let (ron, _) = tutorial_texts();
    let t = regex_free_replace(&ron, "move_limit: ", "0");
    let ch = challenge::parse(&t, challenge::Format::Ron, Path::new("f")).unwrap();
    let problems = challenge::validate(&ch).unwrap_err();
    assert!(
        problems
            .iter()
            .any(|p| p.field == "position.move_limit" && p.message.contains("0 plies")),
        "{problems:?}"
    );
    assert!(
        problems.iter().all(|p| p.field != "position.move_counter"),
        "{problems:?}"
    );
}

#[test]
fn an_unknown_solve_says_which_limit_stopped_it() {
    // Before, `"result": "unknown"` did not say whether the nodes, the time or the memory ran out.
    let pos = win_in_5();
    for (args, stop) in [
        (vec!["--max-nodes", "1000"], "node_limit"),
        (
            vec![
                "--max-memory",
                "1",
                "--max-nodes",
                "100000000",
                "--max-time",
                "0.3",
            ],
            "",
        ),
    ] {
        let mut all = vec!["solve", "--position", &pos, "--max-moves", "5", "--json"];
        all.extend(args);
        let out = peakforge(&all);
        assert_eq!(out.status.code(), Some(3));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["result"], "unknown");
        let by = v["stopped_by"].as_str().unwrap();
        if stop.is_empty() {
            assert!(["time_limit", "memory_limit"].contains(&by), "{by}");
        } else {
            assert_eq!(by, stop);
        }
    }
    let out = peakforge(&["solve", "--position", &pos, "--max-moves", "1", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["result"], "no_win");
    assert!(v["stopped_by"].is_null(), "{v}");
}

#[test]
fn a_list_where_a_challenge_or_its_texts_belong_is_named_a_list() {
    use challenge::Format::Ron;
    // Before: "found nothing", and RON's own "Expected opening `{`".
    let (_, _, m) = fault("[]", Ron);
    assert!(m.ends_with("found a list"), "{m}");
    let (line, column, m) = fault("(id: \"x\", title: [])", Ron);
    assert_eq!((line, column), (1, 18));
    assert_eq!(
        m,
        "title: expected texts by language, { \"en\": \"…\" }, found a list"
    );
}
