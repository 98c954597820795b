//! Issue 28 ("Trust, second round"), items 1 to 6: no input destroyed, both files or neither,
//! temporary files, D-22, a default limit, --allow-cooks. Items 7 to 10 are in
//! `tests/trust_words.rs`.

use std::fs;
use std::os::unix::fs::symlink;

mod common;
mod trust_support;

use trust_support::{err, names, root, scratch, tutorial_in};

#[test]
fn item1_an_output_that_is_an_input_is_refused_by_any_path_or_link() {
    let dir = scratch("input-out");
    let c = tutorial_in(&dir, "c.ron");
    let before = fs::read(&c).unwrap();
    fs::hard_link(&c, dir.join("hard.ron")).unwrap();
    symlink(&c, dir.join("soft.json")).unwrap();
    let run = |args: &[&str]| common::peakforge_in(&dir, args);
    for args in [
        // The two commands: both replaced the challenge (exit 0).
        &["solve", "c.ron", "--proof", "c.ron"][..],
        &["solve", "c.ron", "--proof", "./c.ron", "--force"],
        &["solve", "c.ron", "--proof", "hard.ron", "--force"],
        &["solve", "c.ron", "--proof", "soft.json", "--force"],
        &[
            "export", "c.ron", "-o", "out.ron", "--proof", "c.ron", "--force",
        ],
        &["export", "c.ron", "-o", "hard.ron", "--force"],
        &["render", "c.ron", "-o", "soft.json", "--force"],
    ] {
        let r = run(args);
        assert_eq!(r.status.code(), Some(2), "{args:?}: {}", err(&r));
        assert!(err(&r).contains("is the input"), "{args:?}: {}", err(&r));
        assert_eq!(fs::read(&c).unwrap(), before, "{args:?} changed the input");
    }
    assert_eq!(names(&dir), ["c.ron", "hard.ron", "soft.json"]);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn item1_solve_keeps_an_existing_proof_unless_force_and_leaves_no_stale_one() {
    let dir = scratch("proof-keep");
    tutorial_in(&dir, "c.ron");
    fs::write(dir.join("p.json"), "old proof").unwrap();
    let run = |args: &[&str]| common::peakforge_in(&dir, args);
    // Kept without --force (before: replaced).
    let r = run(&["solve", "c.ron", "--proof", "p.json"]);
    assert_eq!(r.status.code(), Some(2), "{}", err(&r));
    assert!(err(&r).contains("exists; pass --force"), "{}", err(&r));
    assert_eq!(fs::read_to_string(dir.join("p.json")).unwrap(), "old proof");
    // With --force and a win: replaced by the proof.
    let r = run(&["solve", "c.ron", "--proof", "p.json", "--force"]);
    assert_eq!(r.status.code(), Some(0), "{}", err(&r));
    assert!(
        fs::read_to_string(dir.join("p.json"))
            .unwrap()
            .contains("\"tree\"")
    );
    // With --force and no win: the earlier proof does not stay looking current (before: it
    // stayed, and the note said only "not written").
    fs::copy(root().join("challenges/05-support.ron"), dir.join("w2.ron")).unwrap();
    let no_win = [
        "solve",
        "w2.ron",
        "--proof",
        "p.json",
        "--force",
        "--max-moves",
        "1",
    ];
    let r = run(&no_win);
    assert_eq!(r.status.code(), Some(0), "{}", err(&r));
    assert!(String::from_utf8_lossy(&r.stdout).contains("no win"));
    assert!(
        err(&r).contains("earlier file there was removed"),
        "{}",
        err(&r)
    );
    assert!(!dir.join("p.json").exists(), "a stale proof was left");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn item4_the_position_after_a_guardians_first_exit_lists_it_and_reads_back_as_won() {
    let r = common::peakforge(&[
        "play",
        "--json",
        "--position",
        "3/G2/3/s2 - r 0:0 - 0/200",
        "a3-exit",
    ]);
    assert_eq!(r.status.code(), Some(0), "{}", err(&r));
    let played: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    // D-22 (before: `3/3/3/s2 - b 0:0 - 1/200`, a live position Blue wins in one).
    assert_eq!(played["position"], "3/3/3/s2 - b 0:0 G 1/200");
    assert_eq!(played["winner"], "red");
    // Read back: Red's won match, no move for anyone.
    let r = common::peakforge(&["play", "--json", "--position", "3/3/3/s2 - b 0:0 G 1/200"]);
    let back: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    assert_eq!(back["status"], "finished", "{back}");
    assert_eq!(back["winner"], "red");
    assert_eq!(back["reason"], "guardian_exit");
}

#[test]
fn item6_allow_cooks_keeps_the_status_cooked_and_changes_only_the_exit_code() {
    let cooked = root().join("tests/data/cooked/05-support-cooked.ron");
    let c = cooked.to_str().unwrap();
    let r = common::peakforge(&["verify", "--json", "--allow-cooks", c]);
    assert_eq!(r.status.code(), Some(0), "{}", err(&r));
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    // Before: "sound", which export then refused as cooked.
    assert_eq!(v[0]["status"], "cooked", "{v}");
    let r = common::peakforge(&["verify", "--allow-cooks", c]);
    let text = String::from_utf8_lossy(&r.stdout);
    assert!(text.contains(": cooked"), "{text}");
    assert!(
        text.contains("0 of 1 file(s) sound, 1 cooked (accepted"),
        "{text}"
    );
    let r = common::peakforge(&["verify", "--json", c]);
    assert_eq!(r.status.code(), Some(1));
}

#[test]
fn item5_every_searching_command_has_a_default_time_limit_said_in_its_help() {
    for cmd in [
        &["verify", "--help"][..],
        &["export", "--help"],
        &["library", "check", "--help"],
        &["solve", "--help"],
        &["render", "--help"],
        &["suggest", "--help"],
    ] {
        let r = common::peakforge(cmd);
        let help = String::from_utf8_lossy(&r.stdout).replace('\n', " ");
        assert!(help.contains("--max-time <SECS>"), "{cmd:?}: {help}");
        assert!(help.contains("0 for no limit"), "{cmd:?}: {help}");
        assert!(help.contains("[default: 120]"), "{cmd:?}: {help}");
    }
    let r = common::peakforge(&["suggest", "--help"]);
    let help = String::from_utf8_lossy(&r.stdout);
    assert!(help.contains("--max-total-time <SECS>"), "{help}");
    assert!(help.contains("[default: 600]"), "{help}");
    // 0 is "no limit", not an immediate stop.
    let first = root().join("challenges/01-terrain.ron");
    let r = common::peakforge(&["verify", "--max-time", "0", first.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(0), "{}", err(&r));
}

#[test]
fn item5_suggest_stops_at_its_overall_limit() {
    // The cooked tutorial has edits to verify; an overall limit of a millisecond stops them
    // (before: each edit had its own limit only, so 1,776 edits ran on).
    let cooked = root().join("tests/data/cooked/05-support-cooked.ron");
    let r = common::peakforge(&[
        "suggest",
        "--json",
        "--max-total-time",
        "0.001",
        cooked.to_str().unwrap(),
    ]);
    assert!(
        err(&r).contains("stopped at --max-total-time"),
        "{}",
        err(&r)
    );
    assert_eq!(r.status.code(), Some(3), "{}", err(&r));
}

#[test]
fn item3_leftovers_of_our_naming_are_removed_by_the_next_write_unless_locked() {
    use peakforge::challenge;
    let dir = scratch("leftovers");
    // A killed writer's file (nobody holds it), one a live writer holds, an earlier version's
    // `.NAME.XXXXXX` for the file written, and files of other names that are not ours.
    let dead = dir.join(".peakforge-Ab3dE6gH9j.tmp");
    let live = dir.join(".peakforge-LiveWriter.tmp");
    let old_style = dir.join(".a.ron.x1Y2z3");
    let theirs = [".peakforge-short.tmp", ".b.ron.x1Y2z3", "notes.tmp"];
    for p in [&dead, &live, &old_style] {
        fs::write(p, "part").unwrap();
    }
    for n in theirs {
        fs::write(dir.join(n), "keep").unwrap();
    }
    let held = fs::File::open(&live).unwrap();
    held.lock().unwrap();
    challenge::write_atomic(&dir.join("a.ron"), b"new").unwrap();
    let mut expected = vec![
        ".b.ron.x1Y2z3",
        ".peakforge-LiveWriter.tmp",
        ".peakforge-short.tmp",
    ];
    expected.extend(["a.ron", "notes.tmp"]);
    assert_eq!(names(&dir), expected);
    drop(held);
    // Replacing a file (linked under a temporary name, then renamed): nothing left either.
    // Another test of this binary starting a process forks it with a copy of our open files,
    // the lock with them, until the child's exec closes them: a loaded machine can stretch
    // that moment, so the next write may still find the file held; a few more writes later it
    // must be gone.
    let held_still = || names(&dir).iter().any(|n| n.starts_with(".peakforge-L"));
    for _ in 0..50 {
        challenge::write_atomic(&dir.join("a.ron"), b"newer").unwrap();
        if !held_still() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(fs::read_to_string(dir.join("a.ron")).unwrap(), "newer");
    assert!(!held_still());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn item3_a_name_of_255_bytes_is_written_and_replaced() {
    use peakforge::challenge;
    let dir = scratch("long-name");
    // Legal for the file system; the old temporary name `.NAME.XXXXXX` added 8 bytes.
    let name = format!("{}.ron", "n".repeat(251));
    let target = dir.join(&name);
    challenge::write_atomic(&target, b"one").unwrap();
    challenge::write_atomic(&target, b"two").unwrap();
    assert_eq!(fs::read_to_string(&target).unwrap(), "two");
    assert_eq!(names(&dir), [name]);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn item3_a_failed_rename_leaves_no_temporary_file() {
    use peakforge::challenge;
    let dir = scratch("failed-rename");
    let target = dir.join("a.ron");
    fs::write(&target, "old").unwrap();
    let staged = challenge::Staged::write(&target, b"new").unwrap();
    // The target turns into a folder before the commit: the rename fails.
    fs::remove_file(&target).unwrap();
    fs::create_dir(&target).unwrap();
    fs::write(target.join("inside"), "x").unwrap();
    assert!(staged.commit().is_err());
    assert_eq!(names(&dir), ["a.ron"]);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn item2_export_and_proof_neither_when_one_cannot_be_written_and_the_proof_first() {
    use std::os::unix::fs::{MetadataExt as _, PermissionsExt as _};
    let dir = scratch("both");
    tutorial_in(&dir, "c.ron");
    fs::create_dir(dir.join("locked")).unwrap();
    fs::set_permissions(dir.join("locked"), fs::Permissions::from_mode(0o555)).unwrap();
    let run = |args: &[&str]| common::peakforge_in(&dir, args);
    // The second target (the proof) cannot be written: neither file, and no report.
    let r = run(&[
        "export",
        "c.ron",
        "-o",
        "out.ron",
        "--proof",
        "locked/p.json",
    ]);
    let writable_anyway = fs::write(dir.join("locked/probe"), "").is_ok(); // root
    if !writable_anyway {
        assert_eq!(r.status.code(), Some(2), "{}", err(&r));
        assert!(err(&r).contains("not writable"), "{}", err(&r));
        assert!(
            r.stdout.is_empty(),
            "a report before the files were written"
        );
        assert!(!dir.join("out.ron").exists());
    }
    // Both written: the report names both, after both were committed; the proof was
    // committed first (its change time is not after the export's).
    let r = run(&[
        "export", "c.ron", "-o", "out.ron", "--proof", "p.json", "--force",
    ]);
    assert_eq!(r.status.code(), Some(0), "{}", err(&r));
    let said = String::from_utf8_lossy(&r.stdout);
    assert!(said.contains("to out.ron, proof to p.json"), "{said}");
    let changed = |n: &str| {
        let m = fs::metadata(dir.join(n)).unwrap();
        (m.ctime(), m.ctime_nsec())
    };
    assert!(changed("p.json") <= changed("out.ron"));
    fs::set_permissions(dir.join("locked"), fs::Permissions::from_mode(0o755)).unwrap();
    let _ = fs::remove_dir_all(&dir);
}
