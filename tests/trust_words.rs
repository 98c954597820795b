//! Issue 28 ("Trust, second round"), items 7 to 10: batches and names, memory outside the
//! budget, small ones, words a user reads.

use std::fs;
use std::os::unix::fs::symlink;

mod common;
mod trust_support;

use trust_support::{err, names, root, scratch, tutorial_in};

#[test]
fn item7_a_file_deeper_than_path_max_is_reported_not_dropped() {
    let dir = scratch("deep");
    tutorial_in(&dir, "a.ron");
    // 40 folders of 120 bytes: deeper than PATH_MAX (4096), made one folder at a time
    // relative to the last (a path that long cannot be opened whole).
    use nix::fcntl::{OFlag, openat};
    use nix::sys::stat::{Mode, mkdirat};
    use std::io::Write as _;
    let name = "d".repeat(120);
    let mut at: std::os::fd::OwnedFd = fs::File::open(&dir).unwrap().into();
    for _ in 0..40 {
        mkdirat(&at, name.as_str(), Mode::from_bits_truncate(0o755)).unwrap();
        at = openat(
            &at,
            name.as_str(),
            OFlag::O_DIRECTORY | OFlag::O_RDONLY,
            Mode::empty(),
        )
        .unwrap();
    }
    let flags = OFlag::O_CREAT | OFlag::O_WRONLY;
    let file = openat(&at, "x.ron", flags, Mode::from_bits_truncate(0o644)).unwrap();
    fs::File::from(file).write_all(b"x").unwrap();
    let r = common::peakforge_in(&dir, &["verify", "--json", "."]);
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    let entries = v.as_array().unwrap();
    // Before: one entry, "1 of 1 file(s) sound", exit 0.
    assert_eq!(entries.len(), 2, "{v}");
    assert_eq!(r.status.code(), Some(2), "{v}");
    let deep = entries.iter().find(|e| e["status"] == "invalid").unwrap();
    assert!(
        deep.to_string().contains("longer than the system allows"),
        "{deep}"
    );
    let _ = std::process::Command::new("rm")
        .arg("-rf")
        .arg(&dir)
        .status();
}

#[test]
fn item7_names_print_unambiguously_and_verify_dash_says_what_it_reads() {
    use std::os::unix::ffi::OsStrExt as _;
    let dir = scratch("names");
    let a = dir.join(std::ffi::OsStr::from_bytes(b"bad\xff.ron"));
    let b = dir.join(std::ffi::OsStr::from_bytes(b"bad\xfe.ron"));
    let esc = dir.join("bad\u{1b}[2J.ron");
    for p in [&a, &b, &esc] {
        fs::write(p, "not a challenge").unwrap();
    }
    let r = common::peakforge_in(&dir, &["verify", "--json", "."]);
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    let files: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["file"].as_str().unwrap())
        .collect();
    // Before: both non-UTF-8 names were `bad\u{fffd}\u{fffd}.ron`-alike.
    assert!(files.contains(&"./bad\\xff.ron"), "{files:?}");
    assert!(files.contains(&"./bad\\xfe.ron"), "{files:?}");
    assert!(files.contains(&"./bad\\u{1b}[2J.ron"), "{files:?}");
    let r = common::peakforge_in(&dir, &["verify", "."]);
    assert!(!r.stdout.contains(&0x1b), "a raw ESC reached the terminal");
    assert!(!r.stderr.contains(&0x1b), "a raw ESC reached the terminal");
    // `verify -` says it does not read standard input (before: "-: No such file").
    let r = common::peakforge_in(&dir, &["verify", "-"]);
    assert_eq!(r.status.code(), Some(2));
    assert!(err(&r).contains("not standard input"), "{}", err(&r));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn item9_a_benchmark_of_missing_or_invalid_challenges_fails() {
    let dir = scratch("bench-bad");
    fs::write(dir.join("bad.ron"), "not a challenge").unwrap();
    for folder in [dir.to_str().unwrap(), "/nonexistent-peakforge-folder"] {
        let r = common::peakforge(&["bench", "--depth", "1", "--challenges", folder]);
        // Before: exit 0.
        assert_eq!(r.status.code(), Some(2), "{folder}: {}", err(&r));
        assert!(err(&r).contains("could not be benchmarked"), "{}", err(&r));
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn item9_the_reference_benchmark_script_reads_its_arguments_exactly() {
    let script = root().join("scripts/bench-vs-reference.sh");
    let run = |args: &[&str]| {
        std::process::Command::new("bash")
            .arg(&script)
            .args(args)
            .output()
            .unwrap()
    };
    // A leading zero is decimal (before: `08` was a bad octal number and a row of zeros);
    // a mistyped --ref fails (before: "skipped", exit 0).
    let r = run(&["--runs", "08", "--ref", "/nonexistent-reference"]);
    assert_eq!(r.status.code(), Some(2), "{}", err(&r));
    assert!(
        err(&r).contains("--ref /nonexistent-reference"),
        "{}",
        err(&r)
    );
    // An --only that matches no workload fails before the build (before: exit 0). Where the
    // reference programs are absent the script skips (exit 0) before it reads --only.
    if root().join("../shared/reference/pp.c").exists() {
        let r = run(&["--only", "nothing-like-it"]);
        assert_eq!(r.status.code(), Some(2), "{}", err(&r));
        assert!(err(&r).contains("matches no workload"), "{}", err(&r));
    }
    for bad in ["0", "00", "x", ""] {
        let r = run(&["--runs", bad]);
        assert_eq!(r.status.code(), Some(2), "--runs {bad:?}");
    }
}

#[test]
fn item9_a_window_error_names_no_path_of_the_build_machine() {
    let r = common::command()
        .args(["edit", "no-such-file.ron"])
        .env_remove("DISPLAY")
        .env("WAYLAND_DISPLAY", "wayland-peakforge-test")
        .output()
        .unwrap();
    let e = err(&r);
    assert_eq!(r.status.code(), Some(2), "{e}");
    assert!(e.contains("no display available"), "{e}");
    assert!(!e.contains(".cargo") && !e.contains(".rs:"), "{e}");
}

#[test]
fn item9_a_render_report_that_cannot_be_printed_says_the_picture_was_written() {
    let dir = scratch("render-full");
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let first = root().join("challenges/01-terrain.ron");
    let r = common::command()
        .args(["render", first.to_str().unwrap(), "-o", "p.svg"])
        .current_dir(&dir)
        .stdout(full)
        .output()
        .unwrap();
    // As export: exit 2, and the message says what is on disk (before: only "could not
    // write the output", with the picture written).
    assert_eq!(r.status.code(), Some(2), "{}", err(&r));
    assert!(err(&r).contains("p.svg was written"), "{}", err(&r));
    assert_eq!(names(&dir), ["p.svg"]);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn item8_a_picture_is_bounded_both_ways_and_within_the_memory_budget() {
    let dir = scratch("render-size");
    let run = |args: &[&str]| common::peakforge_in(&dir, args);
    // A 3 x 16 board at 4096: was 4096 pixels wide and over 20,000 high (the 2 x 16
    // Breakthrough board made 4096 x 23211, 754 MB resident).
    let tall = "1s1/3/3/3/3/3/3/3/3/3/3/3/3/3/3/1S1 - r 0:0 - 0/200";
    let r = run(&[
        "render",
        "--position",
        tall,
        "-o",
        "t.svg",
        "--size",
        "4096",
    ]);
    assert_eq!(r.status.code(), Some(0), "{}", err(&r));
    let svg = fs::read_to_string(dir.join("t.svg")).unwrap();
    let (w, h) = peakforge::render::pixel_size(&svg);
    assert!(w <= 4096 && (4000..=4096).contains(&h), "{w} x {h}");
    // A PNG over --max-memory is refused before any pixel is drawn.
    let r = run(&[
        "render",
        "--position",
        tall,
        "-o",
        "t.png",
        "--size",
        "4096",
        "--max-memory",
        "8",
    ]);
    assert_eq!(r.status.code(), Some(2), "{}", err(&r));
    assert!(err(&r).contains("more than --max-memory"), "{}", err(&r));
    assert!(!dir.join("t.png").exists());
    let _ = fs::remove_dir_all(&dir);
}

#[cfg(feature = "editor")]
#[test]
fn item8_the_editor_summarises_a_long_problem_list_as_the_command_line_does() {
    use peakforge::challenge;
    use peakforge::editor::{doc::Document, problems::Problems};
    let s = fs::read_to_string(root().join("challenges/01-terrain.ron")).unwrap();
    let i = s.find("pieces: [").unwrap();
    let j = i + s[i..].find("],").unwrap();
    let pieces = "(\"c4\",Red,Guardian),\n".repeat(5000);
    let text = format!("{}pieces: [\n{pieces}{}", &s[..i], &s[j..]);
    let ch = challenge::parse(
        &text,
        challenge::Format::Ron,
        std::path::Path::new("crowd.ron"),
    )
    .unwrap();
    let mut problems = Problems::default();
    problems.refresh(&Document::new(ch, None));
    // Before: one entry per piece (4,999 and more).
    assert!(problems.list.len() <= 30, "{} entries", problems.list.len());
    assert!(
        problems
            .list
            .iter()
            .any(|p| p.message.contains("more like it")),
        "{:?}",
        problems.list.last()
    );
}

/// Rust type names of the crate that a message must never hold. The compound ones anywhere;
/// the plain English ones (`Side`, `Status`, …) as a type is named: in backticks or after
/// `struct`/`enum`.
const COMPOUND_TYPES: &[&str] = &[
    "PositionSpec",
    "InHand",
    "VerificationRecord",
    "PieceSpec",
    "ExitedSpec",
    "SideName",
    "KindName",
    "PieceKind",
    "ChallengeV0",
    "VersionOnly",
    "GameName",
    "ParseIntError",
];
const PLAIN_TYPES: &[&str] = &["Challenge", "Side", "Status", "Goal", "Scores", "Texts"];

/// Why a message a user reads is not in the file's terms, if it is not.
fn not_in_file_terms(m: &str) -> Option<String> {
    for t in COMPOUND_TYPES {
        if m.contains(t) {
            return Some(format!("names the Rust type {t}"));
        }
    }
    for t in PLAIN_TYPES {
        for form in [format!("`{t}`"), format!("struct {t}"), format!("enum {t}")] {
            if m.contains(&form) {
                return Some(format!("names the Rust type {form}"));
            }
        }
    }
    for internal in [
        "..=",
        "os error",
        "invalid digit",
        "invalid type: map",
        "Expected end of string",
        "expected struct",
        "expected enum",
    ] {
        if m.contains(internal) {
            return Some(format!("holds `{internal}`"));
        }
    }
    None
}

#[test]
fn item10_every_bad_file_is_refused_in_the_files_terms() {
    let bad = root().join("tests/data/bad");
    let r = common::peakforge(&["verify", "--json", bad.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    let entries = v.as_array().unwrap();
    assert_eq!(
        entries.len(),
        fs::read_dir(&bad).unwrap().count(),
        "one entry a file"
    );
    let mut wrong = Vec::new();
    for e in entries {
        assert_eq!(e["status"], "invalid", "{e}");
        for m in e["messages"].as_array().unwrap() {
            let m = m.as_str().unwrap();
            if let Some(why) = not_in_file_terms(m) {
                wrong.push(format!("{}: {why}: {m}", e["file"]));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // What each new file of the corpus is refused with, in words.
    let said = |name: &str| {
        let e = entries
            .iter()
            .find(|e| e["file"].as_str().unwrap().ends_with(name))
            .unwrap();
        e["messages"].to_string()
    };
    assert!(said("side-not-a-side.ron").contains("`Green` is not a side"));
    assert!(said("kind-not-a-kind.ron").contains("`King` is not a piece kind"));
    assert!(said("board-too-narrow.ron").contains("a whole number from 3 to 16"));
    assert!(said("version-0-with-todays-fields.ron").contains("format_version: 0"));
    assert!(said("string-cut-by-the-end.ron").contains("the file ends inside it"));
    assert!(said("exited-without-side.ron").contains("an exited piece"));
}

#[test]
fn item10_command_errors_are_in_words_too() {
    let dir = scratch("words");
    tutorial_in(&dir, "c.ron");
    symlink("loop.svg", dir.join("loop.svg")).unwrap();
    let run = |args: &[&str]| common::peakforge_in(&dir, args);
    // A loop of links at -o (before: "a link to a missing file").
    let r = run(&["render", "c.ron", "-o", "loop.svg", "--force"]);
    assert_eq!(r.status.code(), Some(2));
    assert!(err(&r).contains("a loop of symbolic links"), "{}", err(&r));
    // A missing file (before: "(os error 2)").
    let r = run(&["solve", "missing.ron"]);
    assert_eq!(r.status.code(), Some(2));
    assert!(not_in_file_terms(&err(&r)).is_none(), "{}", err(&r));
    // verify --json without a path: the whole error in the document (before: cut at the
    // colon, "the following required arguments were not provided:").
    let r = run(&["verify", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    assert!(v["error"].as_str().unwrap().contains("<PATH>"), "{v}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn item10_usage_errors_are_in_words() {
    for (args, says) in [
        (
            &["solve", "--max-moves", "1a", "x.ron"][..],
            "'1a' for '--max-moves <N>': not a whole number",
        ),
        (
            &["solve", "--max-moves", "0", "x.ron"],
            "a whole number of at least 1",
        ),
        (
            &["verify", "--jobs", "0", "x.ron"],
            "a whole number from 1 to 256",
        ),
        (
            &["render", "x.ron", "-o", "y.svg", "--size", "10"],
            "a whole number from 64 to 4096",
        ),
    ] {
        let r = common::peakforge(args);
        assert_eq!(r.status.code(), Some(2), "{args:?}");
        let e = err(&r);
        // Before: "invalid digit found in string", "0 is not in 1..=256".
        assert!(e.contains(says), "{args:?}: {e}");
        assert!(not_in_file_terms(&e).is_none(), "{args:?}: {e}");
    }
}

#[test]
fn check_proof_under_little_address_space_never_panics_for_want_of_threads() {
    // Before: with too little room for one pool thread, the check fell into rayon's global
    // pool, which could not start its thread a core and panicked (exit 101).
    let dir = scratch("check-threads");
    let cert = dir.join("4x4.cert");
    let start = "BBBB/BBBB/WWWW/WWWW w 0/1000";
    let c = cert.to_str().unwrap();
    let args = common::solve_breakthrough(start, &["--proof", c]);
    assert_eq!(common::peakforge(&args).status.code(), Some(0));
    let run = |kib: u32| {
        let script = format!(
            "ulimit -v {kib}; RAYON_NUM_THREADS=8 exec {} check-proof --threads 1 {c}",
            env!("CARGO_BIN_EXE_peakforge")
        );
        std::process::Command::new("sh")
            .arg("-c")
            .arg(&script)
            .output()
            .unwrap()
    };
    for kib in (16_000..=40_000).step_by(1_000) {
        let r = run(kib);
        assert_ne!(r.status.code(), Some(101), "{kib} KiB: {}", err(&r));
        assert!(!err(&r).contains("panicked"), "{kib} KiB: {}", err(&r));
    }
    assert_eq!(run(60_000).status.code(), Some(0));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn item7_verify_runs_with_fewer_threads_when_the_system_refuses_them() {
    // 256 threads do not fit in 60 MB of address space: before, "--jobs: Resource
    // temporarily unavailable (os error 11)" and nothing verified; later, threads were
    // started until one was refused, and now and then one that had its stack found no room
    // for its signal stack and the process aborted ("failed to allocate an alternative
    // stack"). 24 files, so that more threads than fit are wanted.
    let dir = scratch("many-threads");
    let first = root().join("challenges/01-terrain.ron");
    for i in 0..24 {
        fs::copy(&first, dir.join(format!("c{i:02}.ron"))).unwrap();
    }
    let script = format!(
        "ulimit -v 60000; exec {} verify --jobs 256 {}",
        env!("CARGO_BIN_EXE_peakforge"),
        dir.display()
    );
    for _ in 0..10 {
        let r = std::process::Command::new("sh")
            .arg("-c")
            .arg(&script)
            .output()
            .unwrap();
        assert_eq!(r.status.code(), Some(0), "{}", err(&r));
        assert!(String::from_utf8_lossy(&r.stdout).contains("24 of 24 file(s) sound"));
    }
    let _ = fs::remove_dir_all(&dir);
}
