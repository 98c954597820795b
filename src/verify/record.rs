//! An exported file's verification record (DESIGN.md "Files"): made from a sound report, and
//! checked again against what verification finds now.

use super::finding::Finding;
use super::report::VerifyReport;
use crate::challenge::{RULES_VERSION, VerificationRecord};
use crate::game::GameState;

/// The verification record of a report (sound, for `export`).
#[must_use]
pub fn record_for(report: &VerifyReport) -> VerificationRecord {
    VerificationRecord {
        verdict: report.status,
        key_move: report.key_texts().into_iter().next().unwrap_or_default(),
        main_line: report.main_line_texts(),
        solver_version: env!("CARGO_PKG_VERSION").to_string(),
        rules_version: RULES_VERSION.to_string(),
        nodes: report.nodes,
        position_key: report
            .start
            .as_ref()
            .map(|s| format!("{:016x}", s.key()))
            .unwrap_or_default(),
    }
}

/// Where an exported file's record no longer matches what verification finds now (the file
/// was edited after export, or the rules changed): one finding per difference.
#[must_use]
pub fn mismatches(rec: &VerificationRecord, now: &VerificationRecord) -> Vec<Finding> {
    let pairs: [(&str, String, String); 5] = [
        (
            "verdict",
            rec.verdict.as_str().to_string(),
            now.verdict.as_str().to_string(),
        ),
        ("key_move", rec.key_move.clone(), now.key_move.clone()),
        (
            "main_line",
            rec.main_line.join(" "),
            now.main_line.join(" "),
        ),
        (
            "rules_version",
            rec.rules_version.clone(),
            now.rules_version.clone(),
        ),
        (
            "position_key",
            rec.position_key.clone(),
            now.position_key.clone(),
        ),
    ];
    pairs
        .into_iter()
        .filter(|(_, a, b)| a != b)
        .map(|(what, recorded, now)| Finding::RecordDiffers {
            what,
            recorded,
            now,
        })
        .collect()
}
