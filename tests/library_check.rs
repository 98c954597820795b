//! `peakforge library check`: each check on a purpose-made faulty library
//! (`tests/data/library/faulty`: one fault per entry, named after it), the JSON report, the
//! exit codes, and the shipped library passing.

mod common;

use std::path::Path;

use common::peakforge;
use serde_json::Value;

const FAULTY: &str = "tests/data/library/faulty";

fn check(dir: &str) -> (i32, Value) {
    let out = peakforge(&["library", "check", dir, "--json"]);
    let v: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    (out.status.code().unwrap_or(-1), v)
}

/// The entries (ids; "" for the library) that have a problem of `kind`, and its messages.
fn found(v: &Value, kind: &str) -> Vec<(String, String)> {
    v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["kind"] == kind)
        .map(|p| {
            (
                p["entry"].as_str().unwrap_or("").to_string(),
                p["message"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn entries_with(v: &Value, kind: &str) -> Vec<String> {
    let mut e: Vec<String> = found(v, kind).into_iter().map(|(e, _)| e).collect();
    e.dedup();
    e
}

#[test]
fn an_entry_without_its_file_is_missing_file() {
    let (code, v) = check(FAULTY);
    assert_eq!(code, 1);
    assert_eq!(entries_with(&v, "missing_file"), ["b-missing"]);
}

#[test]
fn a_file_no_entry_lists_is_unlisted_file() {
    let (_, v) = check(FAULTY);
    let f = found(&v, "unlisted_file");
    assert_eq!(f.len(), 1, "{f:?}");
    assert!(f[0].0.is_empty() && f[0].1.contains("z-extra.ron"), "{f:?}");
}

#[test]
fn ids_must_be_unique_the_files_own_and_not_a_templates() {
    let (_, v) = check(FAULTY);
    assert_eq!(entries_with(&v, "duplicate_id"), ["c-dup"]);
    // Two entries of one id are told apart by their place in the menu; a problem of the
    // library as a whole has none.
    let problems = v["problems"].as_array().unwrap();
    let dup: Vec<&Value> = problems
        .iter()
        .filter(|p| p["kind"] == "duplicate_id")
        .collect();
    assert!(
        dup.iter().all(|p| p["order"] == 4),
        "the second c-dup: {dup:?}"
    );
    for p in problems {
        assert_eq!(p["entry"].is_string(), p["order"].is_u64(), "{p}");
    }
    let m = found(&v, "id_mismatch");
    assert_eq!(m.len(), 1);
    assert!(m[0].0 == "e-id" && m[0].1.contains("e-other"), "{m:?}");
    assert_eq!(entries_with(&v, "placeholder_id"), ["new-challenge"]);
}

#[test]
fn titles_and_games_must_be_the_files() {
    let (_, v) = check(FAULTY);
    assert_eq!(entries_with(&v, "title_mismatch"), ["h-title"]);
    // It says which language differs and both texts (it said only that they differ).
    let m = found(&v, "title_mismatch");
    assert_eq!(
        m[0].1,
        "title.en: the entry says \"Another title\", h-title.ron says \"Read the terrain\" \
         (and 1 more language(s))"
    );
    assert_eq!(entries_with(&v, "game_mismatch"), ["i-game"]);
}

#[test]
fn a_placeholder_text_is_flagged() {
    let (_, v) = check(FAULTY);
    let f = found(&v, "placeholder_text");
    assert_eq!(f.len(), 1, "{f:?}");
    assert!(
        f[0].0 == "g-text" && f[0].1.starts_with("tutorial.fr"),
        "{f:?}"
    );
}

#[test]
fn orders_run_one_two_three_in_list_order() {
    let (_, v) = check(FAULTY);
    assert_eq!(entries_with(&v, "order"), ["j-order"]);
}

#[test]
fn a_language_of_the_library_missing_from_a_text_is_named() {
    let (_, v) = check(FAULTY);
    let f = found(&v, "missing_language");
    assert_eq!(f.len(), 1, "{f:?}");
    assert!(
        f[0].0 == "k-lang" && f[0].1.starts_with("title.fr"),
        "{f:?}"
    );
}

#[test]
fn a_tutorial_that_is_not_sound_is_named_with_its_verdict() {
    let (_, v) = check(FAULTY);
    let f = found(&v, "not_sound");
    assert_eq!(f.len(), 1, "{f:?}");
    assert!(
        f[0].0 == "l-cooked" && f[0].1.starts_with("cooked"),
        "{f:?}"
    );
}

#[test]
fn an_entry_without_themes_says_no_empty_themes_list() {
    let out = peakforge(&["library", "check", FAULTY]);
    let text = String::from_utf8_lossy(&out.stdout);
    let missing = text
        .lines()
        .find(|l| l.contains("b-missing"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        missing.ends_with("b-missing (pawn-peak): unreadable"),
        "{missing}"
    );
    assert!(!text.contains("themes: \n"), "{text}");
}

#[test]
fn a_mirror_image_and_a_copy_are_near_duplicates() {
    let (_, v) = check(FAULTY);
    let f = found(&v, "near_duplicate");
    assert!(
        f.iter()
            .any(|(e, m)| e == "m-mirror" && m.contains("a-ok") && m.contains("mirrored")),
        "{f:?}"
    );
    assert!(
        f.iter()
            .any(|(e, m)| e == "e-id" && m.contains("a-ok") && m.contains("the same start")),
        "{f:?}"
    );
    // Two different puzzles are not.
    assert!(
        !f.iter().any(|(_, m)| m.contains("a-ok and c-dup")),
        "{f:?}"
    );
}

#[test]
fn a_rating_that_falls_names_the_pair_and_an_exception_lists_it_as_excepted() {
    let (_, v) = check(FAULTY);
    let f = found(&v, "rating_falls");
    assert!(
        f.iter()
            .any(|(e, m)| e == "c-dup" && m.contains("after a-ok rated 4.5")),
        "{f:?}"
    );
    assert!(!f.iter().any(|(e, _)| e == "n-fall"), "n-fall is excepted");
    let excepted = v["excepted"].as_array().unwrap();
    assert!(
        excepted.iter().any(|x| x["entry"] == "n-fall"
            && x["kind"] == "rating_falls"
            && x["why"] == "a test of an excepted fall"),
        "{excepted:?}"
    );
}

#[test]
fn the_themes_no_tutorial_teaches_are_the_coverage_gaps() {
    let (_, v) = check(FAULTY);
    let cov = &v["coverage"]["pawn-peak"];
    let taught: Vec<&str> = cov["taught"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    let not: Vec<&str> = cov["not_taught"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    assert!(taught.contains(&"pp-4-terrain") && not.contains(&"pp-8-move-limit"));
    let gaps: Vec<String> = found(&v, "theme_not_taught")
        .into_iter()
        .map(|(_, m)| m)
        .collect();
    for t in &not {
        assert!(gaps.iter().any(|m| m.contains(t)), "{t}: {gaps:?}");
    }
    // Coverage goes by the files' games: the entry that calls itself Breakthrough is not one.
    assert!(
        v["coverage"].get("breakthrough").is_none(),
        "{}",
        v["coverage"]
    );
}

#[test]
fn an_index_that_is_not_json_is_bad_input_naming_line_and_column() {
    let dir = std::env::temp_dir().join(format!("peakforge-lib-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("index.json"),
        "{\"format_version\": 1,\n \"challenges\": [}\n",
    )
    .unwrap();
    let out = peakforge(&["library", "check", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("index.json") && err.contains("line 2"),
        "{err}"
    );
    assert_eq!(
        err.matches("line 2").count(),
        1,
        "the place said once: {err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_shipped_library_passes() {
    let (code, v) = check("challenges");
    assert_eq!(code, 0, "{}", v["problems"]);
    assert!(v["problems"].as_array().unwrap().is_empty());
    for (game, cov) in v["coverage"].as_object().unwrap() {
        let excepted: Vec<&Value> = v["excepted"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|x| x["kind"] == "theme_not_taught")
            .collect();
        for t in cov["not_taught"].as_array().unwrap() {
            assert!(
                excepted.iter().any(|x| x["theme"] == *t),
                "{game}: {t} is neither taught nor excepted"
            );
        }
    }
    assert!(Path::new("challenges/index.json").is_file());
}

/// A library of the first three shipped tutorials in a scratch folder.
fn small_copy(name: &str) -> std::path::PathBuf {
    use peakforge::library::index;
    let dir = std::env::temp_dir().join(format!("peakforge-lib-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (_, mut idx) = index::read(Path::new("challenges")).unwrap();
    idx.challenges.truncate(3);
    for e in &idx.challenges {
        std::fs::copy(Path::new("challenges").join(&e.file), dir.join(&e.file)).unwrap();
    }
    index::write(&idx, &dir.join(index::INDEX_FILE)).unwrap();
    dir
}

#[test]
fn a_proof_beside_its_challenge_is_not_an_unlisted_file() {
    // `verify` on a folder skips NAME.proof.json; `library check` goes by the same rule.
    let dir = small_copy("proof-beside");
    let d = dir.to_str().unwrap();
    let proof = dir.join("01-terrain.proof.json");
    let out = peakforge(&[
        "solve",
        &format!("{d}/01-terrain.ron"),
        "--proof",
        proof.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (_, v) = check(d);
    assert!(found(&v, "unlisted_file").is_empty(), "{v}");
    // A challenge no entry lists still is one, whatever the case of its extension.
    std::fs::copy(dir.join("01-terrain.ron"), dir.join("EXTRA.RON")).unwrap();
    let (_, v) = check(d);
    let f = found(&v, "unlisted_file");
    assert!(f.len() == 1 && f[0].1.contains("EXTRA.RON"), "{f:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file that is there but not a valid challenge is bad input (exit 2), named with its line
/// and column; a missing one is `missing_file`.
#[test]
fn an_entry_whose_file_is_not_a_challenge_is_invalid_file_and_exit_2() {
    let dir = small_copy("invalid");
    let second = dir.join("02-exit-point.ron");
    let text = std::fs::read_to_string(&second).unwrap();
    std::fs::write(&second, text.replacen("game:", "gmae:", 1)).unwrap();
    let (code, v) = check(dir.to_str().unwrap());
    assert_eq!(code, 2, "{v}");
    let f = found(&v, "invalid_file");
    assert_eq!(f.len(), 1, "{v}");
    assert_eq!(f[0].0, "02-exit-point");
    assert!(
        f[0].1.contains("02-exit-point.ron:") && f[0].1.contains("gmae"),
        "{f:?}"
    );
    assert!(found(&v, "missing_file").is_empty(), "{v}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A limit that stops the verifications: exit 3, and no theme called untaught on their
/// account (a stopped tutorial may teach it).
#[test]
fn a_limit_that_stops_the_verifications_is_exit_3_without_untaught_themes() {
    let dir = small_copy("limit");
    let out = peakforge(&[
        "library",
        "check",
        dir.to_str().unwrap(),
        "--json",
        "--max-nodes",
        "5",
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(3), "{v}");
    assert!(found(&v, "theme_not_taught").is_empty(), "{v}");
    assert!(
        v["entries"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["status"] == "unknown"),
        "{v}"
    );
    // Without the limit the same library says which themes it does not teach: exit 1.
    let (code, v) = check(dir.to_str().unwrap());
    assert_eq!(code, 1, "{v}");
    assert!(!found(&v, "theme_not_taught").is_empty(), "{v}");
    let _ = std::fs::remove_dir_all(&dir);
}
