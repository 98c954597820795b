//! Runs every rule case of `../shared/cases/` (falling back to the committed copy in
//! `tests/data/`; D-22 applied to the one case written before it) and of our own
//! `tests/data/pp-cases.json` through the library.

use peakforge::games::pawn_peak::Position;
use peakforge::report::{moves_report, play_line, play_report};
use serde_json::Value;
use std::path::PathBuf;

mod common;

/// The shared cases (with D-22, see [`common::shared_pawn_peak_cases`]) and ours.
fn cases() -> Vec<Value> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut cases = common::shared_pawn_peak_cases();
    let ours = root.join("tests/data/pp-cases.json");
    if ours.exists() {
        let more: Vec<Value> =
            serde_json::from_str(&std::fs::read_to_string(&ours).unwrap()).unwrap();
        cases.extend(more);
    }
    cases
}

/// Checks one case; returns a description of each mismatch.
pub fn check_case(case: &Value) -> Vec<String> {
    let id = case["id"].as_str().unwrap_or("?");
    let mut bad = Vec::new();
    let start: Position = match case["position"].as_str().unwrap_or("").parse() {
        Ok(p) => p,
        Err(e) => return vec![format!("{id}: position does not parse: {e}")],
    };
    let moves: Vec<String> = case["play"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|m| m.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    let line = match play_line(&start, &moves) {
        Ok(l) => l,
        Err((i, e)) => return vec![format!("{id}: move {} fails: {e}", i + 1)],
    };
    let end = line.last().unwrap();
    let got = serde_json::to_value(moves_report(end)).unwrap();
    if got["moves"] != case["expect"]["moves"] {
        bad.push(format!(
            "{id}: moves differ\n  expected {}\n  got      {}",
            case["expect"]["moves"], got["moves"]
        ));
    }
    if let Some(exp) = case["expect"].get("play") {
        let got = serde_json::to_value(play_report(end)).unwrap();
        if &got != exp {
            bad.push(format!(
                "{id}: play differs\n  expected {exp}\n  got      {got}"
            ));
        }
    }
    bad
}

#[test]
fn every_rule_case_passes() {
    let mut failures = Vec::new();
    let mut n = 0;
    for c in &cases() {
        n += 1;
        failures.extend(check_case(c));
    }
    assert!(n >= 10, "expected the shared cases, found {n}");
    assert!(
        failures.is_empty(),
        "{} failing:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
