//! The CLI contract (DESIGN.md "Command line"): the shared rule cases through `moves --json`
//! and `play --json`, and exit code 2 with a message naming the place for bad input.

mod common;

use common::peakforge;
use std::process::Command;

use serde_json::Value;

#[test]
fn cli_agrees_with_every_shared_case() {
    // D-22 applied to the one case written before it (see the helper).
    for case in common::shared_pawn_peak_cases() {
        let id = case["id"].as_str().unwrap();
        let pos = case["position"].as_str().unwrap();
        let moves: Vec<&str> = case["play"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        let mut play_args = vec!["play", "--json", "--position", pos];
        play_args.extend(&moves);
        let out = peakforge(&play_args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{id}: play failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let played: Value = serde_json::from_slice(&out.stdout).unwrap();
        if let Some(exp) = case["expect"].get("play") {
            assert_eq!(&played, exp, "{id}: play --json");
        }
        // `moves` plays the same moves first: the guardian exit is not visible in the string.
        let mut moves_args = vec!["moves", "--json", "--position", pos];
        moves_args.extend(&moves);
        let out = peakforge(&moves_args);
        let listed: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(
            listed["moves"], case["expect"]["moves"],
            "{id}: moves --json"
        );
    }
}

fn assert_bad_input(args: &[&str], needles: &[&str]) {
    let out = peakforge(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{args:?} should exit 2; stderr: {err}"
    );
    for n in needles {
        assert!(
            err.contains(n),
            "{args:?}: stderr should mention {n:?}: {err}"
        );
    }
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
}

#[test]
fn malformed_position_strings_exit_2_naming_the_field() {
    assert_bad_input(
        &["moves", "--position", "3/3 - r 0:0 - 0/200"],
        &["placement", "ranks"],
    );
    assert_bad_input(
        &["moves", "--position", "3/4/3 - r 0:0 - 0/200"],
        &["placement", "rank"],
    );
    assert_bad_input(
        &["moves", "--position", "3/3/2X - r 0:0 - 0/200"],
        &["placement", "'X'"],
    );
    assert_bad_input(
        &["moves", "--position", "3/3/G1s 000/000/00a r 0:0 - 0/200"],
        &["heights"],
    );
    assert_bad_input(
        &["moves", "--position", "3/3/G1s - x 0:0 - 0/200"],
        &["side"],
    );
    assert_bad_input(
        &["moves", "--position", "3/3/G1s - r 0-0 - 0/200"],
        &["scores"],
    );
    assert_bad_input(
        &["moves", "--position", "3/3/G1s - r 0:0 Q 0/200"],
        &["exited"],
    );
    assert_bad_input(
        &["moves", "--position", "3/3/G1s - r 0:0 - 9/8"],
        &["counter", "above"],
    );
    assert_bad_input(&["moves", "--position", "3/3/G1s - r 0:0 -"], &["6 fields"]);
    assert_bad_input(
        &["moves", "--position", "17/3/G1s - r 0:0 - 0/200"],
        &["placement"],
    );
    // Another game's position without --game: the error says which game to give.
    let bt = "BBBBB/BBBBB/5/WWWWW/WWWWW w 0/1000";
    assert_bad_input(
        &["solve", "--position", bt],
        &["6 fields", "add --game breakthrough"],
    );
    // With --game given, no guess: the game asked is the one meant.
    let out = peakforge(&["solve", "--game", "seega", "--position", bt]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("add --game"));
}

#[test]
fn illegal_move_exits_2_naming_the_move() {
    assert_bad_input(
        &["play", "--position", "3/3/G1s - r 0:0 - 0/200", "a1-c3"],
        &["a1-c3", "illegal", "the legal moves from a1 are", "a1-a2"],
    );
    let why = [
        ("b2-b3", "b2 is empty"),
        ("c1-c2", "c1 holds blue's scout; red is to move"),
        ("d9-d8", "d9 is off the 3×3 board"),
    ];
    for (mv, reason) in why {
        assert_bad_input(
            &["play", "--position", "3/3/G1s - r 0:0 - 0/200", mv],
            &[mv, reason],
        );
    }
    let bt = [
        ("b3-b4", "b3 holds black's pawn; white is to move"),
        ("c3-c4", "c3 is empty"),
        ("e9-e8", "e9 is off the 4×4 board"),
        ("a2-c4", "the legal moves from a2 are a2-a3, a2xb3"),
    ];
    for (mv, reason) in bt {
        assert_bad_input(
            &[
                "play",
                "--game",
                "breakthrough",
                "--position",
                "4/1B2/W3/4 w 0/200",
                mv,
            ],
            &[mv, reason],
        );
    }
    assert_bad_input(
        &["play", "--position", "3/3/G1s - r 0:0 - 0/200", "zz"],
        &["zz"],
    );
}

#[test]
fn missing_file_and_usage_errors_exit_2() {
    // A missing file in a batch is an `invalid` entry of the report (the batch goes on), exit 2.
    let out = peakforge(&["verify", "--json", "/nonexistent/x.ron"]);
    assert_eq!(out.status.code(), Some(2));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v[0]["status"], "invalid");
    // Every entry has the same keys, whatever its status.
    for key in ["key_moves", "main_line"] {
        assert_eq!(v[0][key], Value::Array(vec![]), "{key}: {v}");
    }
    assert!(
        v[0]["messages"].to_string().contains("/nonexistent/x.ron"),
        "{v}"
    );
    let empty = std::env::temp_dir().join(format!("peakforge-empty-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    assert_bad_input(
        &["verify", empty.to_str().unwrap()],
        &["no challenge files"],
    );
    // With --json, still one document on stdout: the error and the exit code.
    let v = common::peakforge_json(&["verify", "--json", empty.to_str().unwrap()], 2);
    assert!(
        v["error"].as_str().unwrap().contains("no challenge files"),
        "{v}"
    );
    assert_eq!(v["exit"], 2);
    assert_bad_input(
        &[
            "solve",
            "--max-time",
            "1e30",
            "--position",
            "3/3/G1s - r 0:0 - 0/200",
        ],
        &["1e30"],
    );
    assert_bad_input(
        &["verify", "--jobs", "0", empty.to_str().unwrap()],
        &["--jobs"],
    );
    assert_bad_input(&["moves"], &["--position"]);
    assert_bad_input(&["no-such-command"], &["no-such-command"]);
}

#[test]
fn perft_prints_json_contract() {
    let out = peakforge(&[
        "perft",
        "--json",
        "--depth",
        "1",
        "--position",
        "3/3/G1s - r 0:0 - 0/200",
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let moves = peakforge(&["moves", "--json", "--position", "3/3/G1s - r 0:0 - 0/200"]);
    let m: Value = serde_json::from_slice(&moves.stdout).unwrap();
    assert_eq!(v["depth"], 1);
    assert_eq!(
        v["nodes"].as_u64().unwrap() as usize,
        m["moves"].as_array().unwrap().len()
    );
}

#[test]
fn solve_json_contract_and_limits() {
    // Red Guardian one step from exiting first: a win in 1, key a2-exit among others.
    let out = peakforge(&[
        "solve",
        "--json",
        "--max-moves",
        "1",
        "--position",
        "3/G2/3/s2 - r 0:0 - 0/200",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["result"], "win");
    assert_eq!(v["player_moves"], 1);
    assert!(
        v["key_moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m == "a3-exit")
    );
    // The standard template cannot be solved in a handful of nodes: unknown, exit 3.
    let v = common::peakforge_json(
        &[
            "solve",
            "--json",
            "--max-nodes",
            "2000",
            "--position",
            "2spggps2/10/10/10/10/10/10/10/10/2SPGGPS2 - r 0:0 - 0/200",
        ],
        3,
    );
    assert_eq!(v["result"], "unknown");
    assert_eq!(v["nodes"], 2000, "stopped at the node limit exactly: {v}");
    // One shape for every result: `player_moves` is there, null without a proved win.
    assert_eq!(v.get("player_moves"), Some(&Value::Null), "{v}");
}

#[test]
fn close_after_belongs_to_the_editor_only() {
    let help = |args: &[&str]| String::from_utf8_lossy(&peakforge(args).stdout).to_string();
    assert!(help(&["edit", "--help"]).contains("--close-after"));
    assert!(help(&["--help"]).contains("--close-after"));
    for sub in ["moves", "solve", "verify", "render"] {
        assert!(
            !help(&[sub, "--help"]).contains("--close-after"),
            "{sub} --help"
        );
    }
    let o = peakforge(&[
        "solve",
        "--close-after",
        "1",
        "--position",
        "3/3/G1s - r 0:0 - 0/200",
    ]);
    assert_eq!(o.status.code(), Some(2), "not an option of solve");
}

#[test]
fn a_bound_of_zero_player_moves_is_bad_input() {
    assert_bad_input(
        &[
            "solve",
            "--max-moves",
            "0",
            "--position",
            "3/3/G1s - r 0:0 - 0/200",
        ],
        &["--max-moves", "0"],
    );
}

#[test]
fn play_json_has_one_shape_for_every_game() {
    // Pawn&Peak keeps a score (PP-8.1); Breakthrough keeps none: the key is there, null.
    let v = common::peakforge_json(
        &[
            "play",
            "--json",
            "--game",
            "breakthrough",
            "--position",
            "BB/2/2/WW w 0/100",
            "a1-a2",
        ],
        0,
    );
    assert_eq!(v.get("score"), Some(&Value::Null), "{v}");
    assert_eq!(v["status"], "ongoing", "{v}");
    let out = peakforge(&[
        "play",
        "--json",
        "--position",
        "S3/4/4/3p - r 0:2 p 10/200",
        "a4-exit",
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["score"]["red"], 1, "a Scout exit scores 1 (PP-8.1): {v}");
}

#[test]
fn json_errors_are_one_document_on_stdout() {
    // A bad move, a bad position, a usage error: stderr says why, stdout holds
    // {"error", "exit"} when --json was asked for.
    for (args, needle) in [
        (
            vec![
                "play",
                "--json",
                "--position",
                "3/G2/s2 - r 0:0 - 0/200",
                "a2-a2",
            ],
            "a2-a2",
        ),
        (vec!["solve", "--json", "--position", "bad"], "position"),
        (vec!["verify", "--json", "--bogus", "x"], "--bogus"),
        (vec!["perft", "--json"], "--position"),
    ] {
        let v = common::peakforge_json(&args, 2);
        let e = v["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{args:?}: {v}"));
        assert!(e.contains(needle), "{args:?}: {e}");
        assert_eq!(v["exit"], 2, "{args:?}");
    }
    // Without --json, stdout stays empty.
    let out = peakforge(&["solve", "--position", "bad"]);
    assert!(out.stdout.is_empty());
}

#[test]
fn square_names_have_one_spelling() {
    // 'a02' is not a2 written oddly: the message says what is wrong with it.
    assert_bad_input(
        &["play", "--position", "3/G2/s2 - r 0:0 - 0/200", "a02-a3"],
        &["a02", "leading 0"],
    );
    // The legal moves listed in a message are sorted.
    let out = peakforge(&["play", "--position", "3/G2/s2 - r 0:0 - 0/200", "a2-a2"]);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    let list = err.split(" are ").nth(1).expect(&err).trim();
    let moves: Vec<&str> = list.split(", ").collect();
    let mut sorted = moves.clone();
    sorted.sort_unstable();
    assert!(moves.len() > 3 && moves == sorted, "{err}");
}

#[test]
fn verify_searches_folders_for_regular_visible_challenge_files() {
    let root = env!("CARGO_MANIFEST_DIR");
    let dir = std::env::temp_dir().join(format!("peakforge-walk-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join(".hidden")).unwrap();
    let tutorial = std::fs::read(format!("{root}/challenges/05-support.ron")).unwrap();
    std::fs::write(dir.join("UPPER.RON"), &tutorial).unwrap();
    std::fs::write(dir.join(".hidden/x.ron"), b"not a challenge").unwrap();
    std::fs::write(dir.join(".draft.ron"), b"not a challenge").unwrap();
    // A proof kept beside its challenge (any case of its ending) is not a challenge.
    let proof = dir.join("UPPER.Proof.JSON");
    let solve = common::peakforge(&[
        "solve",
        "--proof",
        proof.to_str().unwrap(),
        &format!("{root}/challenges/05-support.ron"),
    ]);
    assert!(solve.status.success() && proof.exists());
    let fifo = dir.join("pipe.ron");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    let v = common::peakforge_json(&["verify", "--json", dir.to_str().unwrap()], 0);
    let files: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["file"].as_str().unwrap())
        .collect();
    assert_eq!(files.len(), 1, "{v}");
    assert!(files[0].ends_with("UPPER.RON"), "{v}");
    if made {
        // Given by name, a pipe is refused at once rather than read forever.
        let v = common::peakforge_json(&["verify", "--json", fifo.to_str().unwrap()], 2);
        assert!(v.to_string().contains("not a regular file"), "{v}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn export_keeps_links_and_refuses_a_format_its_reader_would_not_expect() {
    let root = env!("CARGO_MANIFEST_DIR");
    let src = format!("{root}/challenges/05-support.ron");
    let dir = std::env::temp_dir().join(format!("peakforge-export-link-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // RON into a .json name would not read back: refused, nothing written.
    let out = dir.join("out.json");
    assert_bad_input(
        &[
            "export",
            &src,
            "-o",
            out.to_str().unwrap(),
            "--format",
            "ron",
        ],
        &["--format", ".json"],
    );
    assert!(!out.exists());
    // --force through a symbolic link replaces the file it names and keeps the link.
    let target = dir.join("target.ron");
    std::fs::write(&target, b"old").unwrap();
    let link = dir.join("link.ron");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let o = peakforge(&["export", &src, "-o", link.to_str().unwrap(), "--force"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        std::fs::read_to_string(&target)
            .unwrap()
            .contains("verification")
    );
    // A folder is never replaced by a file.
    let folder = dir.join("folder.ron");
    std::fs::create_dir(&folder).unwrap();
    assert_bad_input(
        &["export", &src, "-o", folder.to_str().unwrap(), "--force"],
        &["not a regular file"],
    );
    assert!(folder.is_dir());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_and_position_together_are_bad_input() {
    // With --position every item is a move: a file name there is a mistake, said as such.
    for cmd in ["moves", "play"] {
        assert_bad_input(
            &[
                cmd,
                "challenges/05-support.ron",
                "--position",
                "3/G2/s2 - r 0:0 - 0/200",
            ],
            &["05-support.ron", "--position"],
        );
    }
}

#[test]
fn solve_notes_an_intended_line_that_fails_and_answers_from_the_start() {
    let out = common::peakforge(&["solve", "tests/data/editor-cooked-illegal.ron", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("note: tests/data/editor-cooked-illegal.ron: move 2 of the intended line")
            && err.contains("verify checks the line"),
        "{err}"
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    assert_eq!(v["result"], "win");
    // A file whose line holds says nothing on stderr.
    let out = common::peakforge(&["solve", "challenges/05-support.ron", "--json"]);
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}
