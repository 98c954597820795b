//! The Puzzle menu's index, `challenges/index.json`, lists exactly the tutorial files of
//! `challenges/`, in order 1..N, with the id, the game and the titles of each file.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use peakforge::challenge::{Challenge, load};

fn challenges_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("challenges")
}

fn read_index() -> serde_json::Value {
    let path = challenges_dir().join("index.json");
    let text =
        fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}

fn ron_files() -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(challenges_dir())
        .expect("challenges/ is readable")
        .map(|e| {
            e.expect("directory entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| n.ends_with(".ron"))
        .collect();
    names.sort();
    names
}

fn texts(v: &serde_json::Value, what: &str) -> BTreeMap<String, String> {
    let obj = v
        .as_object()
        .unwrap_or_else(|| panic!("{what}: title must be an object"));
    obj.iter()
        .map(|(k, v)| {
            let s = v
                .as_str()
                .unwrap_or_else(|| panic!("{what}: title.{k} must be a string"));
            (k.clone(), s.to_string())
        })
        .collect()
}

/// Where an index entry disagrees with its challenge file: its id, its game (pipelines filter
/// by it) or its titles; one message per field.
fn entry_mismatches(entry: &serde_json::Value, ch: &Challenge, what: &str) -> Vec<String> {
    let mut out = Vec::new();
    if entry["id"].as_str() != Some(ch.id.as_str()) {
        out.push(format!(
            "{what}: id {} but the file's is {}",
            entry["id"], ch.id
        ));
    }
    if entry["game"].as_str() != Some(ch.game.as_str()) {
        out.push(format!(
            "{what}: game {} but the file's is \"{}\"",
            entry["game"],
            ch.game.as_str()
        ));
    }
    if texts(&entry["title"], what) != ch.title {
        out.push(format!("{what}: titles differ from the file's"));
    }
    out
}

#[test]
fn index_lists_every_challenge_in_order() {
    let index = read_index();
    assert_eq!(index["format_version"], 1, "index.json format_version");
    let entries = index["challenges"]
        .as_array()
        .expect("index.json has a `challenges` array");
    let files = ron_files();
    assert!(
        files.len() >= 15,
        "at least 15 tutorials, found {}",
        files.len()
    );

    let listed: Vec<String> = entries
        .iter()
        .map(|e| {
            e["file"]
                .as_str()
                .expect("entry has a `file` string")
                .to_string()
        })
        .collect();
    let mut listed_sorted = listed.clone();
    listed_sorted.sort();
    listed_sorted.dedup();
    assert_eq!(
        listed_sorted.len(),
        listed.len(),
        "a file is listed twice: {listed:?}"
    );
    assert_eq!(
        listed_sorted, files,
        "index.json must list exactly the .ron files of challenges/"
    );

    for (i, entry) in entries.iter().enumerate() {
        let file = entry["file"].as_str().unwrap();
        let what = format!("index.json entry {} ({file})", i + 1);
        assert_eq!(
            entry["order"].as_u64(),
            Some(i as u64 + 1),
            "{what}: orders must run 1..N in list order"
        );
        let ch = load(&challenges_dir().join(file))
            .unwrap_or_else(|e| panic!("{what}: cannot load: {e}"));
        let bad = entry_mismatches(entry, &ch, &what);
        assert!(bad.is_empty(), "{}", bad.join("\n"));
        assert_eq!(
            file.strip_suffix(".ron"),
            Some(ch.id.as_str()),
            "{what}: file name and id agree"
        );
        for lang in ["en", "fr"] {
            assert!(ch.title.contains_key(lang), "{what}: title in {lang}");
        }
    }
}

#[test]
fn menu_order_follows_file_names() {
    let index = read_index();
    let listed: Vec<String> = index["challenges"]
        .as_array()
        .expect("challenges array")
        .iter()
        .map(|e| e["file"].as_str().expect("file").to_string())
        .collect();
    assert_eq!(
        listed,
        ron_files(),
        "the menu order is the numbered file order"
    );
}

#[test]
fn an_entry_whose_game_disagrees_with_its_file_is_found() {
    let index = read_index();
    let entries = index["challenges"].as_array().expect("challenges array");
    let mut games_seen = Vec::new();
    for entry in entries {
        let file = entry["file"].as_str().expect("file");
        let ch = load(&challenges_dir().join(file)).expect("a shipped challenge loads");
        games_seen.push(ch.game);
        for wrong in peakforge::challenge::GAMES
            .into_iter()
            .filter(|&g| g != ch.game)
        {
            let mut changed = entry.clone();
            changed["game"] = wrong.as_str().into();
            let bad = entry_mismatches(&changed, &ch, file);
            assert!(
                bad.len() == 1 && bad[0].contains("game"),
                "{file} listed as {}: {bad:?}",
                wrong.as_str()
            );
        }
        let mut missing = entry.clone();
        missing
            .as_object_mut()
            .expect("entry object")
            .remove("game");
        assert_eq!(
            entry_mismatches(&missing, &ch, file).len(),
            1,
            "{file} without game"
        );
    }
    for g in peakforge::challenge::GAMES {
        assert!(
            games_seen.contains(&g),
            "the library has a {} tutorial",
            g.as_str()
        );
    }
}
