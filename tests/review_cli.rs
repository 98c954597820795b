//! The reviewer's view on the command line (issue 15): `refutations` in `solve --json` and
//! `verify --json`, `difficulty` in `verify --json`, `--proof` for `solve` and `export`, limits
//! turning the review into `unknown`, and `suggest` repairing a cooked tutorial.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use peakforge::challenge::{self, Challenge};
use peakforge::solver::Control;
use peakforge::verify::{Status, verify_unchecked};
use serde_json::Value;

fn peakforge(args: &[&str]) -> Output {
    common::peakforge_in(Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)))
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("peakforge-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

const COOKED: &str = "tests/data/cooked/05-support-cooked.ron";

#[test]
fn solve_json_lists_every_non_key_first_move_with_its_refutation() {
    let out = peakforge(&["solve", "challenges/05-support.ron", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    assert_eq!(v["result"], "win");
    let moves = json(&peakforge(&[
        "moves",
        "challenges/05-support.ron",
        "--json",
    ]));
    let all = moves["moves"].as_array().unwrap().len();
    let refs = v["refutations"].as_array().unwrap();
    assert_eq!(refs.len() + 1, all, "every first move but the key");
    assert!(refs.iter().all(|r| r["move"] != "c4xc5"));
    for r in refs {
        assert!(r["defence"].is_string() || r["defence"].is_null());
        assert!(r["unique"].is_boolean());
    }
}

#[test]
fn an_unsound_position_refutes_every_first_move() {
    // Red cannot win in 1 here: every first move gets an entry.
    let pos = "s4/5/5/2G2/5 - r 0:0 - 0/200";
    let out = peakforge(&["solve", "--position", pos, "--max-moves", "1", "--json"]);
    let v = json(&out);
    assert_eq!(v["result"], "no_win", "{v}");
    let moves = json(&peakforge(&["moves", "--position", pos, "--json"]));
    assert_eq!(
        v["refutations"].as_array().unwrap().len(),
        moves["moves"].as_array().unwrap().len()
    );
}

#[test]
fn a_limit_on_the_review_is_unknown_not_a_guess() {
    // Enough nodes for the answer, not for the refutations: null, exit 3.
    let full = json(&peakforge(&[
        "solve",
        "challenges/15-final-exam.ron",
        "--json",
    ]));
    let nodes = full["nodes"].as_u64().unwrap();
    let limit = (nodes + 5).to_string();
    let out = peakforge(&[
        "solve",
        "challenges/15-final-exam.ron",
        "--json",
        "--max-nodes",
        &limit,
    ]);
    assert_eq!(out.status.code(), Some(3));
    let v = json(&out);
    assert_eq!(v["result"], "win");
    assert!(v["refutations"].is_null());
    let out = peakforge(&[
        "verify",
        "challenges/15-final-exam.ron",
        "--json",
        "--max-nodes",
        &limit,
    ]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(json(&out)[0]["status"], "unknown");
}

#[test]
fn verify_json_has_refutations_and_difficulty() {
    let out = peakforge(&["verify", "challenges", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    for e in json(&out).as_array().unwrap() {
        let d = &e["difficulty"];
        assert!(d["rating"].as_f64().unwrap() > 0.0, "{e}");
        let shortest = d["shortest_win"].as_u64().unwrap();
        assert!(shortest >= 1);
        assert_eq!(
            d["choices"].as_array().unwrap().len() as u64,
            shortest,
            "{e}"
        );
        let tries = e["refutations"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["unique"] == true)
            .count();
        assert_eq!(d["tries"].as_u64().unwrap() as usize, tries);
        assert!(d["proof_size"].is_u64());
    }
}

#[test]
fn solve_and_export_write_the_same_proof() {
    let a = temp("solve-proof.json");
    let out = peakforge(&[
        "solve",
        "challenges/09-blue-to-move.ron",
        "--proof",
        a.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    // It says what it wrote.
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains(&format!("proof: written to {}", a.display())),
        "{said}"
    );
    let b = temp("export-proof.json");
    let exported = temp("exported.ron");
    let out = peakforge(&[
        "export",
        "challenges/09-blue-to-move.ron",
        "-o",
        exported.to_str().unwrap(),
        "--proof",
        b.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pa: Value = serde_json::from_str(&std::fs::read_to_string(&a).unwrap()).unwrap();
    let pb: Value = serde_json::from_str(&std::fs::read_to_string(&b).unwrap()).unwrap();
    assert_eq!(pa, pb);
    assert_eq!(pa["game"], "pawn-peak");
    assert_eq!(pa["max_moves"], 2);
    assert!(pa["tree"]["play"] == "b3xd3", "{pa}");
    // No win: nothing written, exit 0 as before.
    let c = temp("none.json");
    let out = peakforge(&[
        "solve",
        "--position",
        "s4/5/5/2G2/5 - r 0:0 - 0/200",
        "--max-moves",
        "1",
        "--proof",
        c.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(!c.exists());
    assert!(!String::from_utf8_lossy(&out.stdout).contains("proof: written"));
}

fn load(p: &str) -> Challenge {
    challenge::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join(p)).unwrap()
}

#[test]
fn suggest_repairs_the_cooked_tutorial() {
    let cooked = load(COOKED);
    let report = verify_unchecked(COOKED, &cooked, Control::default());
    assert_eq!(report.status, Status::Cooked, "{:?}", report.messages());
    let out = peakforge(&["suggest", COOKED, "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    assert_eq!(v["status"], "cooked");
    let list = v["suggestions"].as_array().unwrap();
    assert!(!list.is_empty());
    assert!(
        list.iter().any(|s| s["edit"] == "remove Red Scout on e4"),
        "the piece that cooks it"
    );
    // Each offered edit, applied to the file model, verifies sound on its own.
    for s in list.iter().take(5) {
        let mut ch = cooked.clone();
        ch.position = serde_json::from_value(s["position"].clone()).unwrap();
        ch.goal = serde_json::from_value(s["goal"].clone()).unwrap();
        let r = verify_unchecked("edited", &ch, Control::default());
        assert_eq!(r.status, Status::Sound, "{}: {:?}", s["edit"], r.messages());
        assert_eq!(
            r.key_texts(),
            vec![s["key_move"].as_str().unwrap().to_string()]
        );
        assert_eq!(ch.solution, cooked.solution, "the intended line is kept");
    }
    // Best first: kinds in their order.
    let order = [
        "goal",
        "move_limit",
        "height",
        "remove_piece",
        "add_piece",
        "move_piece",
    ];
    let ranks: Vec<usize> = list
        .iter()
        .map(|s| order.iter().position(|k| s["kind"] == *k).unwrap())
        .collect();
    assert!(ranks.windows(2).all(|w| w[0] <= w[1]), "{ranks:?}");
}

#[test]
fn suggest_on_a_sound_challenge_offers_nothing() {
    let out = peakforge(&["suggest", "challenges/05-support.ron", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    assert_eq!(v["status"], "sound");
    assert!(v["suggestions"].as_array().unwrap().is_empty());
    let out = peakforge(&["suggest", "tests/data/bad/no-such-file.ron", "--json"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_goal_shorter_than_the_intended_line_says_so_beside_the_verdict() {
    // 05-support is won in 2 player moves along its intended line; a goal of 1 cannot be met.
    let mut ch = load("challenges/05-support.ron");
    assert_eq!(ch.goal.player_moves, 2);
    let sound = verify_unchecked("05", &ch, Control::default());
    assert_eq!(sound.status, Status::Sound, "{:?}", sound.messages());
    assert!(sound.line_problems.is_empty());
    ch.goal.player_moves = 1;
    let r = verify_unchecked("05-goal-1", &ch, Control::default());
    assert_eq!(r.status, Status::Unsound, "{:?}", r.messages());
    let words: Vec<String> = r.line_problems.iter().map(ToString::to_string).collect();
    assert_eq!(
        words,
        ["the intended line takes 2 player moves, more than the goal's 1 (goal.player_moves)"]
    );
    let messages = r.messages().join("\n");
    assert!(messages.contains("no forced win within 1"), "{messages}");
    assert!(messages.contains("takes 2 player moves"), "{messages}");
}

#[test]
fn export_json_says_the_verdict_and_the_files_written() {
    let out_file = temp("json-export.ron");
    let proof = temp("json-export.proof.json");
    let (o, p) = (out_file.to_str().unwrap(), proof.to_str().unwrap());
    let out = peakforge(&[
        "export",
        "challenges/05-support.ron",
        "-o",
        o,
        "--proof",
        p,
        "--json",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["status"], "sound");
    assert_eq!(v["file"], "challenges/05-support.ron");
    assert_eq!(v["key_moves"], serde_json::json!(["c4xc5"]));
    assert_eq!(v["written"], serde_json::json!([o, p]), "the export first");
    assert!(out_file.exists() && proof.exists());
    // Refused: the verdict and its reasons, nothing written, exit 1.
    let refused = temp("json-export-cooked.ron");
    let out = peakforge(&["export", COOKED, "-o", refused.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["status"], "cooked");
    assert_eq!(v["written"], serde_json::json!([]));
    assert!(!v["messages"].as_array().unwrap().is_empty());
    assert!(!refused.exists());
    // Bad input: the `{"error"}` document, exit 2.
    let out = peakforge(&["export", "challenges/05-support.ron", "-o", o, "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let v = json(&out);
    assert_eq!(v["exit"], 2);
    assert!(v["error"].as_str().unwrap().contains("exists"), "{v}");
}
