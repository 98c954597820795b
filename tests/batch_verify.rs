//! Batch verification: the same verdict for each file alone, in a batch, in any order, with
//! any number of jobs and across shards; `--allow-cooks`.

mod common;

use std::path::PathBuf;

use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// One `verify --json` entry: (file, status, key moves, main line, nodes).
type Entry = (String, String, String, String, u64);

/// `verify --json` as entries, sorted by file.
fn verify(args: &[&str]) -> (i32, Vec<Entry>) {
    let out = common::peakforge(&[&["verify", "--json"][..], args].concat());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut rows: Vec<_> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["file"].as_str().unwrap().to_string(),
                r["status"].as_str().unwrap().to_string(),
                r["key_moves"].to_string(),
                r["main_line"].to_string(),
                r["nodes"].as_u64().unwrap(),
            )
        })
        .collect();
    rows.sort();
    (out.status.code().unwrap(), rows)
}

fn files() -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(root().join("challenges"))
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".ron"))
        .collect();
    v.sort();
    v
}

#[test]
fn verdicts_do_not_depend_on_batch_order_jobs_or_shards() {
    let f = files();
    let refs: Vec<&str> = f.iter().map(String::as_str).collect();
    let (code, batch) = verify(&[&["--jobs", "1"], refs.as_slice()].concat());
    assert_eq!(code, 0);
    let mut reversed = refs.clone();
    reversed.reverse();
    assert_eq!(
        verify(&[&["--jobs", "2"], reversed.as_slice()].concat()).1,
        batch,
        "reverse order, 2 jobs"
    );
    let alone: Vec<_> = refs.iter().flat_map(|p| verify(&[p]).1).collect();
    assert_eq!(alone, batch, "each file alone");
    let mut sharded: Vec<_> = (1..=3)
        .flat_map(|i| verify(&[&["--shard", &format!("{i}/3")], refs.as_slice()].concat()).1)
        .collect();
    sharded.sort();
    assert_eq!(sharded, batch, "three shards together");
}

#[test]
fn allow_cooks_accepts_a_cooked_challenge() {
    use peakforge::challenge;
    // Tutorial 1 with its second Red Guardian moved onto the far rank: two Guardians can make
    // the winning first exit.
    let mut ch = challenge::load(&root().join("challenges/01-terrain.ron")).unwrap();
    let other = ch
        .position
        .pieces
        .iter_mut()
        .find(|p| p.0 == "e3")
        .expect("tutorial 1 has a Guardian on e3");
    other.0 = "e5".into();
    ch.id = "cooked".into();
    let dir = std::env::temp_dir().join(format!("peakforge-cooks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("cooked.ron");
    challenge::save(&ch, &f).unwrap();
    let p = f.to_str().unwrap();
    let (code, rows) = verify(&[p]);
    assert_eq!((code, rows[0].1.as_str()), (1, "cooked"), "{rows:?}");
    // Passing, and still called cooked (issue 28 item 6: it said "sound", which export
    // then refused as cooked).
    let (code, rows) = verify(&["--allow-cooks", p]);
    assert_eq!((code, rows[0].1.as_str()), (0, "cooked"));
}

/// A symbolic link back to a parent folder is searched once, not until the OS refuses.
#[cfg(unix)]
#[test]
fn symlink_loops_are_searched_once() {
    let dir = std::env::temp_dir().join(format!("peakforge-loop-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("inner")).unwrap();
    std::fs::copy(
        root().join("challenges/01-terrain.ron"),
        dir.join("inner/a.ron"),
    )
    .unwrap();
    std::os::unix::fs::symlink(&dir, dir.join("inner/back")).unwrap();
    let (code, rows) = verify(&[dir.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert_eq!(rows.len(), 1, "one file, found once: {rows:?}");
    assert_eq!(rows[0].1, "sound");
    let _ = std::fs::remove_dir_all(dir);
}
