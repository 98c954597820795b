//! The JSON Schema (drift, and every shipped challenge validates against it with an independent
//! validator) and `export` (refuses unsound challenges and overwriting; its record is checked by
//! `verify`).

mod common;

use common::peakforge;
use std::path::PathBuf;

use peakforge::challenge::{self, Format, challenge_schema_text};
use serde_json::json;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("peakforge-export-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

/// A validator of the generated schema.
fn schema_validator() -> jsonschema::Validator {
    let schema: serde_json::Value = serde_json::from_str(&challenge_schema_text()).unwrap();
    jsonschema::validator_for(&schema).expect("the schema is valid JSON Schema")
}

/// A challenge file as the JSON a pipeline would read.
fn as_json(ch: &challenge::Challenge) -> serde_json::Value {
    serde_json::from_str(&challenge::to_text(ch, Format::Json).unwrap()).unwrap()
}

/// A shipped challenge as JSON.
fn shipped_json(file: &str) -> serde_json::Value {
    as_json(&challenge::load(&root().join("challenges").join(file)).unwrap())
}

#[test]
fn committed_schema_matches_the_model() {
    let committed = std::fs::read_to_string(root().join("schemas/challenge.schema.json")).unwrap();
    assert!(
        committed == challenge_schema_text(),
        "schemas/challenge.schema.json drifted: run `peakforge schema > schemas/challenge.schema.json`"
    );
    let out = peakforge(&["schema"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), committed);
}

#[test]
fn every_shipped_challenge_validates_against_the_schema() {
    let validator = schema_validator();
    let mut n = 0;
    for e in std::fs::read_dir(root().join("challenges")).unwrap() {
        let f = e.unwrap().path();
        if f.extension().is_none_or(|x| x != "ron") {
            continue;
        }
        let json = as_json(&challenge::load(&f).unwrap());
        let errors: Vec<String> = validator
            .iter_errors(&json)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{}: {errors:?}", f.display());
        n += 1;
    }
    assert!(n >= 6);
    // And the validator does reject what the model rejects.
    let bad = serde_json::json!({"format_version": 1, "id": "x", "title": {}, "tutorial": {}, "colour": 1});
    assert!(!validator.is_valid(&bad));
}

#[test]
fn export_writes_a_record_that_verify_checks() {
    let src = root().join("challenges/05-support.ron");
    let out = tmp("support.json");
    let _ = std::fs::remove_file(&out);
    let o = peakforge(&["export", src.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let ch = challenge::load(&out).unwrap();
    let rec = ch.verification.clone().expect("an export has a record");
    assert_eq!(rec.verdict.as_str(), "sound");
    assert_eq!(rec.key_move, "c4xc5");
    assert_eq!(
        peakforge(&["verify", out.to_str().unwrap()]).status.code(),
        Some(0)
    );
    // No overwrite without --force.
    let o = peakforge(&["export", src.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--force"));
    // A record that no longer matches (the key edited) is caught.
    let mut edited = ch.clone();
    edited.verification.as_mut().unwrap().key_move = "c4-c3".into();
    let bad = tmp("edited.ron");
    challenge::save(&edited, &bad).unwrap();
    let o = peakforge(&["verify", "--json", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(
        v[0]["messages"]
            .to_string()
            .contains("verification.key_move"),
        "{v}"
    );
}

#[test]
fn export_refuses_an_unsound_challenge() {
    let mut ch = challenge::load(&root().join("challenges/05-support.ron")).unwrap();
    ch.goal.player_moves = 1; // the win takes 2
    let src = tmp("unsound.ron");
    challenge::save(&ch, &src).unwrap();
    let out = tmp("unsound-out.ron");
    let _ = std::fs::remove_file(&out);
    let o = peakforge(&["export", src.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("unsound"));
    assert!(!out.exists(), "nothing is written for a refused export");
}

/// The schema is read by pipeline engineers in other languages: its descriptions are plain
/// text, without rustdoc link syntax.
#[test]
fn schema_descriptions_have_no_rustdoc_links() {
    let text = challenge_schema_text();
    for link in ["[`", "`]"] {
        assert!(
            !text.contains(link),
            "rustdoc link syntax {link:?} in the schema"
        );
    }
}

/// An invalid intended line refuses the export with exit 2, the message naming the file.
#[test]
fn export_of_an_invalid_challenge_names_the_file() {
    let src = root().join("tests/data/bad/illegal-line.ron");
    let out = tmp("never-written.ron");
    let o = peakforge(&["export", src.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("illegal-line.ron") && err.contains("a3-c1"),
        "{err}"
    );
    assert!(!out.exists());
}

/// The schema says per game (`if`/`then` on `game`) what validation refuses: each change below
/// to a shipped challenge (as JSON) is refused by both the schema and validation, and the
/// unchanged file is accepted by both, so each refusal is the change's.
#[test]
fn the_schema_refuses_other_games_fields_sides_and_kinds() {
    let validator = schema_validator();
    let validates = |v: &serde_json::Value| -> bool {
        let ch: challenge::Challenge = serde_json::from_value(v.clone()).unwrap();
        challenge::validate(&ch).is_ok()
    };
    // (file, JSON pointer of the changed value, the value); the field is the pointer's second
    // segment.
    let cases = [
        ("17-bt-race.ron", "/position/terrain", json!(["0000"])),
        (
            "17-bt-race.ron",
            "/position/scores",
            json!({"red": 0, "blue": 0}),
        ),
        ("17-bt-race.ron", "/position/exited", json!([])),
        (
            "17-bt-race.ron",
            "/position/in_hand",
            json!({"white": 0, "black": 0}),
        ),
        ("17-bt-race.ron", "/position/chain", json!("a1")),
        ("17-bt-race.ron", "/position/side_to_move", json!("Red")),
        ("17-bt-race.ron", "/position/pieces/0/2", json!("Stone")),
        ("20-sg-custodian.ron", "/position/terrain", json!(["00000"])),
        ("20-sg-custodian.ron", "/position/pieces/0/2", json!("Pawn")),
        ("20-sg-custodian.ron", "/position/height", json!(7)),
        (
            "01-terrain.ron",
            "/position/in_hand",
            json!({"white": 1, "black": 1}),
        ),
        (
            "11-second-exit.ron",
            "/position/exited/0/1",
            json!("Guardian"),
        ),
    ];
    for (file, pointer, value) in cases {
        let field = pointer.split('/').nth(2).expect("/position/<field>…");
        let good = shipped_json(file);
        assert!(validator.is_valid(&good), "{file} as shipped");
        assert!(validates(&good), "{file} as shipped");
        let mut bad = good.clone();
        let (parent, key) = pointer.rsplit_once('/').unwrap();
        let slot = bad
            .pointer_mut(parent)
            .unwrap_or_else(|| panic!("{file}: {parent}"));
        match slot {
            serde_json::Value::Array(items) => items[key.parse::<usize>().unwrap()] = value,
            obj => obj[key] = value,
        }
        let errors: Vec<String> = validator
            .iter_errors(&bad)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(
            errors.iter().any(|e| e.contains(field)),
            "{file} with {pointer}: the schema should refuse it naming {field}: {errors:?}"
        );
        assert!(
            !validates(&bad),
            "{file} with {pointer}: validation refuses it too"
        );
    }
}

/// A Pawn&Peak file (with or without `game`, which defaults to it) needs its terrain.
#[test]
fn the_schema_requires_terrain_of_a_pawn_peak_file() {
    let validator = schema_validator();
    let mut v = shipped_json("01-terrain.ron");
    assert!(validator.is_valid(&v));
    v["position"].as_object_mut().unwrap().remove("terrain");
    assert!(!validator.is_valid(&v), "no terrain, game pawn-peak");
    v.as_object_mut().unwrap().remove("game");
    assert!(!validator.is_valid(&v), "no terrain, no game");
}

/// The rules every game shares (version, id, English texts, language keys, goal, starting
/// scores) are in the schema as in validation: each change is refused by both.
#[test]
fn the_schema_refuses_what_validation_refuses_for_every_game() {
    let validator = schema_validator();
    let validates = |v: &serde_json::Value| {
        serde_json::from_value::<challenge::Challenge>(v.clone())
            .is_ok_and(|ch| challenge::validate(&ch).is_ok())
    };
    type Change = fn(&mut serde_json::Value);
    let changes: [(&str, Change); 8] = [
        ("format_version", |v| v["format_version"] = json!(3)),
        ("id", |v| v["id"] = json!("../../etc/passwd")),
        ("title.en missing", |v| {
            v["title"].as_object_mut().unwrap().remove("en");
        }),
        ("tutorial.en blank", |v| v["tutorial"]["en"] = json!("  ")),
        ("empty language key", |v| v["title"][""] = json!("x")),
        ("goal 0", |v| v["goal"]["player_moves"] = json!(0)),
        ("score", |v| v["position"]["scores"]["red"] = json!(10_000)),
        ("language key", |v| v["hint"]["English"] = json!("x")),
    ];
    let good = shipped_json("11-second-exit.ron");
    assert!(validator.is_valid(&good) && validates(&good));
    for (what, change) in changes {
        let mut bad = good.clone();
        change(&mut bad);
        assert!(
            !validator.is_valid(&bad),
            "{what}: the schema should refuse it"
        );
        assert!(!validates(&bad), "{what}: validation refuses it too");
    }
    // What the schema cannot say: a goal beyond the plies left before the move limit.
    let mut far = good.clone();
    far["goal"]["player_moves"] = json!(1_000_000_000);
    assert!(!validates(&far), "a goal no match can reach");
}
