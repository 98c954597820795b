//! `peakforge generate`: every candidate of a fixed seed is sound and teaches its theme as
//! `verify` (run on the written file, not the generator's own bookkeeping) says; the same seed
//! writes the same bytes; the shards' files together are the whole run's; a theme that cannot
//! be taught on the board asked ends at once with a message and exit code; bad arguments exit 2;
//! placeholders are flagged, and `--like` variants keep the tutorial's themes.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use common::peakforge;
use serde_json::Value;

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("peakforge-gen-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The files of `dir`, sorted, with their bytes.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = fs::read_dir(dir)
        .map(|rd| {
            rd.map(|e| {
                let e = e.unwrap();
                (
                    e.file_name().to_string_lossy().into_owned(),
                    fs::read(e.path()).unwrap(),
                )
            })
            .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// The small, fast request the tests share: one theme, a win in one on 4 x 4.
const THEME: &str = "pp-5-exit";
const BASE: [&str; 11] = [
    "generate", "--theme", THEME, "--moves", "1", "--size", "4x4", "--pieces", "3", "--seed", "7",
];

fn generate(out: &Path, extra: &[&str]) -> std::process::Output {
    let mut args: Vec<&str> = BASE.to_vec();
    let dir = out.to_str().unwrap();
    args.extend(["--out", dir]);
    args.extend(extra);
    peakforge(&args)
}

fn verify_json(file: &Path) -> Value {
    let out = peakforge(&["verify", "--json", file.to_str().unwrap()]);
    let v: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    assert_eq!(out.status.code(), Some(0), "{v}");
    v
}

/// The entry of `verify --json`'s answer (one file: an object or a one-entry list).
fn entry(v: &Value) -> &Value {
    v.as_array().map_or(v, |a| &a[0])
}

/// Every file of `dir` (there are `count`) verifies sound and teaches `theme`, as
/// `verify --json` says.
fn assert_all_teach(dir: &Path, theme: &str, count: usize) {
    let written = files(dir);
    assert_eq!(written.len(), count, "{written:?}");
    for (name, _) in &written {
        let v = verify_json(&dir.join(name));
        let e = entry(&v);
        assert_eq!(e["status"], "sound", "{name}: {e}");
        let themes: Vec<&str> = e["themes"]
            .as_array()
            .unwrap_or_else(|| panic!("{name}: no themes in {e}"))
            .iter()
            .filter_map(|t| t["id"].as_str())
            .collect();
        assert!(themes.contains(&theme), "{name}: {themes:?}");
    }
}

#[test]
fn every_candidate_verifies_sound_and_teaches_the_theme() {
    let dir = scratch("sound");
    let out = generate(&dir, &["--count", "2"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_all_teach(&dir, THEME, 2);
}

/// The themes the random starts once missed (a reinforced defender in one, a defender boxed
/// in by terrain in two, a Seega placement, a capture chain in one and in two): each candidate of seed 1 on 5 x 5
/// verifies sound and teaches its theme. No `--game`: the theme's id names its game.
#[test]
fn the_themes_that_need_a_set_up_start_are_found_and_verify() {
    for (game, theme, moves) in [
        ("pawn-peak", "pp-6-reinforcement", "1"),
        ("pawn-peak", "pp-8-no-legal-move", "2"),
        ("seega", "sg-2-placement", "1"),
        ("seega", "sg-2-placement", "2"),
        ("seega", "sg-5-chain", "1"),
        ("seega", "sg-5-chain", "2"),
    ] {
        let dir = scratch(&format!("{theme}-{moves}"));
        let out = peakforge(&[
            "generate",
            "--theme",
            theme,
            "--moves",
            moves,
            "--size",
            "5x5",
            "--count",
            "2",
            "--seed",
            "1",
            "--out",
            dir.to_str().unwrap(),
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{theme} in {moves}: {err}");
        assert_all_teach(&dir, theme, 2);
        let first = files(&dir).remove(0).0;
        let text = std::fs::read_to_string(dir.join(first)).unwrap();
        assert!(text.contains(&format!("game: \"{game}\"")), "{text}");
    }
}

/// No Breakthrough start ends with the defender without a legal move (its most advanced pawn
/// always has one): the run says so at once, with exit 1, whatever the board.
#[test]
fn a_theme_that_can_never_be_taught_says_why_at_once() {
    let started = std::time::Instant::now();
    let out = peakforge(&[
        "generate",
        "--game",
        "breakthrough",
        "--theme",
        "bt-3-no-legal-move",
        "--moves",
        "2",
        "--size",
        "5x5",
        "--tries",
        "100000000",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("bt-3-no-legal-move cannot be taught in breakthrough")
            && err.contains("always has a legal move"),
        "{err}"
    );
    assert!(started.elapsed().as_secs() < 30, "it searched");
    // With --json the failure is one JSON document on stdout, as for every command.
    let out = peakforge(&[
        "generate",
        "--game",
        "breakthrough",
        "--theme",
        "bt-3-no-legal-move",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(v["exit"], 1, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("always has a legal move"),
        "{v}"
    );
}

#[test]
fn the_same_seed_writes_the_same_bytes() {
    let (a, b) = (scratch("seed-a"), scratch("seed-b"));
    for d in [&a, &b] {
        let out = generate(d, &["--count", "2"]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let (fa, fb) = (files(&a), files(&b));
    assert!(!fa.is_empty());
    assert_eq!(fa, fb);
    // Another seed, other candidates.
    let c = scratch("seed-c");
    let out = peakforge(&[
        "generate",
        "--theme",
        THEME,
        "--moves",
        "1",
        "--size",
        "4x4",
        "--pieces",
        "3",
        "--seed",
        "8",
        "--count",
        "2",
        "--out",
        c.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_ne!(fa, files(&c));
}

#[test]
fn the_shards_together_are_the_whole_run() {
    let (whole, one, two) = (scratch("whole"), scratch("shard1"), scratch("shard2"));
    // Every candidate among the first 60 trials: --count is no limit here.
    let span = ["--count", "1000", "--tries", "60"];
    let _ = generate(&whole, &span);
    let mut parts = Vec::new();
    for (dir, shard) in [(&one, "1/2"), (&two, "2/2")] {
        let mut args = span.to_vec();
        args.extend(["--shard", shard]);
        let _ = generate(dir, &args);
        parts.extend(files(dir));
    }
    parts.sort();
    let whole = files(&whole);
    assert!(!whole.is_empty(), "the whole run found nothing");
    assert!(files(&one).len() < whole.len(), "one shard found them all");
    assert_eq!(parts, whole);
}

#[test]
fn a_theme_without_room_ends_at_once_with_a_message() {
    // A Scout's special move needs an empty square: a full 3 x 3 board has none.
    let out = peakforge(&[
        "generate",
        "--theme",
        "pp-7-scout-special",
        "--moves",
        "1",
        "--size",
        "3x3",
        "--pieces",
        "9",
        "--count",
        "1",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("pp-7-scout-special") && err.contains("3x3"),
        "{err}"
    );
    // More pieces than tiles is bad input.
    let out = peakforge(&[
        "generate",
        "--theme",
        "pp-5-exit",
        "--size",
        "3x3",
        "--pieces",
        "10",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("--pieces"), "{err}");
}

#[test]
fn bad_arguments_exit_2() {
    for args in [
        &["generate", "--theme", "no-such-theme"][..],
        &["generate", "--theme", THEME, "--size", "2x2"],
        &["generate", "--theme", THEME, "--size", "five"],
        &["generate", "--theme", THEME, "--shard", "3/2"],
        &["generate", "--theme", THEME, "--moves", "0"],
        &[
            "generate",
            "--game",
            "seega",
            "--theme",
            "sg-4-capture",
            "--size",
            "6x6",
        ],
        // A theme of another game than the one asked.
        &["generate", "--game", "pawn-peak", "--theme", "bt-2-capture"],
        &["generate"],
    ] {
        let out = peakforge(args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn like_variants_stay_sound_and_keep_the_tutorials_themes() {
    let tutorial = "challenges/01-terrain.ron";
    let original = verify_json(Path::new(tutorial));
    let wanted: Vec<String> = entry(&original)["themes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap().to_string())
        .collect();
    assert!(!wanted.is_empty());
    let dir = scratch("like");
    let out = peakforge(&[
        "generate",
        "--like",
        tutorial,
        "--count",
        "2",
        "--json",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let listed: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(listed["changes"].as_array().unwrap().len(), 2, "{listed}");
    assert_eq!(listed["admitted"], 2);
    let written = files(&dir);
    assert_eq!(written.len(), 2);
    for (name, bytes) in &written {
        let e = verify_json(&dir.join(name));
        let e = entry(&e);
        assert_eq!(e["status"], "sound", "{name}: {e}");
        let themes: Vec<&str> = e["themes"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|t| t["id"].as_str())
            .collect();
        for t in &wanted {
            assert!(themes.contains(&t.as_str()), "{name} lost {t}: {themes:?}");
        }
        // The tutorial's texts describe the original: marked for the designer to rewrite.
        let text = String::from_utf8_lossy(bytes);
        assert!(text.contains("\"[to write]"), "{name}");
        assert_ne!(bytes, &fs::read(tutorial).unwrap());
    }
}

#[test]
fn candidates_carry_placeholders_and_their_rating_and_no_duplicates() {
    let dir = scratch("placeholders");
    let out = generate(&dir, &["--count", "3", "--json"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let list = v["candidates"].as_array().unwrap();
    assert_eq!(list.len(), 3);
    assert_eq!(v["admitted"], 3);
    assert!(v["tried"].as_u64().unwrap() >= 3);
    let mut starts = Vec::new();
    for c in list {
        assert!(c["rating"].as_f64().unwrap() > 0.0, "{c}");
        assert!(
            c["themes"].as_array().unwrap().iter().any(|t| t == THEME),
            "{c}"
        );
        starts.push(c["position"].as_str().unwrap().to_string());
        let file = fs::read_to_string(c["file"].as_str().unwrap()).unwrap();
        assert!(
            file.contains("[to write]") && file.contains("rating "),
            "{file}"
        );
    }
    starts.sort();
    starts.dedup();
    assert_eq!(starts.len(), 3);
    // A library holding the first candidate: a run against it does not offer it again.
    let lib = scratch("placeholders-lib");
    let first = Path::new(list[0]["file"].as_str().unwrap());
    let name = first.file_name().unwrap().to_str().unwrap();
    fs::copy(first, lib.join(name)).unwrap();
    let id = name.trim_end_matches(".ron");
    fs::write(
        lib.join("index.json"),
        format!(
            r#"{{"format_version": 1, "challenges": [{{"order": 1, "id": "{id}", "file": "{name}", "game": "pawn-peak", "title": {{"en": "x"}}}}]}}"#
        ),
    )
    .unwrap();
    let again = scratch("placeholders-again");
    let library = lib.to_str().unwrap();
    let out = generate(&again, &["--count", "3", "--json", "--library", library]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let w: Value = serde_json::from_slice(&out.stdout).unwrap();
    let positions: Vec<&str> = w["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["position"].as_str().unwrap())
        .collect();
    assert!(!positions.contains(&starts_first(list)), "{positions:?}");
    assert!(w["rejected"]["duplicate"].as_u64().unwrap() >= 1, "{w}");
    // The library check flags the placeholders left in.
    let check = peakforge(&["library", "check", lib.to_str().unwrap(), "--json"]);
    let c: Value = serde_json::from_slice(&check.stdout).unwrap();
    let text = c["problems"].to_string();
    assert!(text.contains("placeholder"), "{text}");
}

fn starts_first(list: &[Value]) -> &str {
    list[0]["position"].as_str().unwrap()
}

/// A second run into the same folder: refused before anything is written (the existing files
/// unchanged, the message names `--force`), then overwritten with `--force`.
#[test]
fn a_rerun_into_the_same_folder_needs_force() {
    let dir = scratch("rerun");
    let first = generate(&dir, &["--count", "2"]);
    assert_eq!(first.status.code(), Some(0));
    let before = files(&dir);
    assert!(!before.is_empty());
    let again = generate(&dir, &["--count", "2"]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));
    assert_eq!(files(&dir), before);
    let forced = generate(&dir, &["--count", "2", "--force"]);
    assert_eq!(
        forced.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&forced.stderr)
    );
    assert_eq!(files(&dir), before, "the same seed writes the same files");
}

/// With `--library`, no variant is what the library check calls a near-duplicate of an entry:
/// the tutorial's own mirror image, offered without it, is left out.
#[test]
fn like_with_a_library_leaves_out_its_near_duplicates() {
    use peakforge::library::duplicates::same_puzzle;
    let tutorial = "challenges/05-support.ron";
    let original = peakforge::challenge::load_valid(Path::new(tutorial)).unwrap();
    let near = |dir: &Path| -> usize {
        files(dir)
            .iter()
            .filter(|(name, _)| {
                let c = peakforge::challenge::load_valid(&dir.join(name)).unwrap();
                same_puzzle(&original, &c).is_some()
            })
            .count()
    };
    let run = |name: &str, extra: &[&str]| -> PathBuf {
        let dir = scratch(name);
        let mut args = vec!["generate", "--like", tutorial, "--count", "20"];
        args.extend(extra);
        args.extend(["--out", dir.to_str().unwrap()]);
        let out = peakforge(&args);
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        dir
    };
    let without = run("like-alone", &[]);
    assert!(
        near(&without) > 0,
        "no near-duplicate offered without --library"
    );
    let with = run("like-library", &["--library", "challenges"]);
    assert!(!files(&with).is_empty());
    assert_eq!(near(&with), 0);
}

#[test]
fn without_out_the_candidates_are_listed_and_said_not_written() {
    let dir = scratch("no-out");
    let mut args: Vec<&str> = BASE.to_vec();
    args.push("--json");
    let out = common::peakforge_in(&dir, &args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let c = &v["candidates"][0];
    assert_eq!(c["written"], false, "{v}");
    assert!(!dir.join(c["file"].as_str().unwrap()).exists());
    let text = common::peakforge_in(&dir, &BASE);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("not written (--out FOLDER writes them"),
        "{text}"
    );
    // With --out, written.
    let out = generate(&dir, &["--json"]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["candidates"][0]["written"], true, "{v}");
}

#[test]
fn a_theme_or_size_of_no_use_says_what_would_do() {
    use peakforge::challenge::GameName;
    use peakforge::generate::{board_problem, themes_of};
    let other = themes_of(GameName::PawnPeak, &["bt-2-capture".into()]).unwrap_err();
    assert_eq!(
        other.to_string(),
        "--theme bt-2-capture: a theme of breakthrough, not of pawn-peak: give --game breakthrough"
    );
    let none = themes_of(GameName::PawnPeak, &["nope".into()]).unwrap_err();
    assert!(
        none.to_string()
            .starts_with("--theme nope: no game has this theme; pawn-peak's themes are "),
        "{none}"
    );
    assert_eq!(
        board_problem(GameName::Seega, (6, 6), 4).as_deref(),
        Some("--size 6x6: a seega board is square, 5, 7 or 9 tiles a side")
    );
}
