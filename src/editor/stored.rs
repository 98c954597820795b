//! The verification record stored in an opened file (an export), checked without solving:
//! it "matches" when the challenge it sits in is the one it was made for, so that the editor
//! shows its verdict at once and Export is enabled without verifying again.
//!
//! The record holds while its verdict is `sound`, its rules version is this build's, its
//! `position_key` is the Zobrist key of the challenge's start, its key move is the intended
//! line's first move and its main line fits the goal. The editor drops the record at the
//! first edit of the position, goal or line ([`super::doc::Document::apply`]), so a record
//! still present after those checks vouches for the content as it is. (`peakforge verify`
//! solves again and compares every field.)

use crate::challenge::{Challenge, Checked, VerificationRecord, read_line};
use crate::game::GameState;
use crate::verify::{Finding, Status, VerifyReport};

/// The words the Verify panel shows for a record that matches.
pub const MATCHES: &str = "matches";

/// What the stored record of `ch` says: `None` without a record; the report it stands for when
/// it matches (status sound, its key move and main line, no solving time); else why not.
/// `checked` is `ch` as validation checked it, or its problem count.
///
/// # Errors
/// A sentence naming the first field that does not match.
pub fn check(
    ch: &Challenge,
    checked: Result<&Checked, usize>,
    file: &str,
) -> Option<Result<VerifyReport, String>> {
    let rec = ch.verification.as_ref()?;
    Some(match checked {
        Ok(checked) => report_of(rec, checked, file),
        Err(n) => Err(format!("the challenge has {n} problem(s)")),
    })
}

fn report_of(
    rec: &VerificationRecord,
    checked: &Checked,
    file: &str,
) -> Result<VerifyReport, String> {
    if rec.verdict != Status::Sound {
        return Err(format!(
            "its verdict is '{}', not sound",
            rec.verdict.as_str()
        ));
    }
    let rules = crate::challenge::RULES_VERSION;
    if rec.rules_version != rules {
        return Err(format!(
            "it was made for rules '{}', this build has '{rules}'",
            rec.rules_version
        ));
    }
    let start = checked.start();
    let key = format!("{:016x}", start.key());
    if rec.position_key != key {
        return Err(format!(
            "its position_key {} is not this start's {key}",
            rec.position_key
        ));
    }
    let intended = checked.intended_key();
    if intended.is_none_or(|m| start.move_text(m) != rec.key_move) {
        return Err(format!(
            "its key move {} is not the intended line's first move",
            rec.key_move
        ));
    }
    let (line, problem) = read_line(start, &rec.main_line);
    let goal = usize::try_from(checked.goal()).unwrap_or(usize::MAX);
    if problem.is_some() || line.first() != intended.as_ref() || line.len().div_ceil(2) > goal {
        return Err("its main line does not start with the key move within the goal".into());
    }
    let mut report = VerifyReport::unsolved(file, Status::Sound, Some(start.clone()));
    report.findings = vec![Finding::StoredRecord {
        solver_version: rec.solver_version.clone(),
        nodes: rec.nodes,
    }];
    report.key_moves = intended.into_iter().collect();
    report.player_moves = u32::try_from(line.len().div_ceil(2)).ok();
    report.main_line = line;
    report.nodes = rec.nodes;
    Ok(report)
}

/// `ch` without its verification record: what a record vouches for, and what the editor
/// compares when it asks whether two challenges are the same content.
#[must_use]
pub fn content(ch: &Challenge) -> Challenge {
    Challenge {
        verification: None,
        ..ch.clone()
    }
}

/// Whether `a` and `b` are the same challenge but for their verification records.
#[must_use]
pub fn same_content(a: &Challenge, b: &Challenge) -> bool {
    content(a) == content(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::challenge;
    use crate::solver::Control;
    use crate::verify::{record_for, verify_unchecked};

    fn exported() -> Challenge {
        let mut ch = challenge::load(std::path::Path::new("challenges/01-terrain.ron")).unwrap();
        let report = verify_unchecked("t", &ch, Control::default());
        ch.verification = Some(record_for(&report));
        ch
    }

    fn check(ch: &Challenge, file: &str) -> Option<Result<VerifyReport, String>> {
        let checked = challenge::validate(ch);
        super::check(ch, checked.as_ref().map_err(Vec::len), file)
    }

    #[test]
    fn a_fresh_record_matches_and_a_changed_start_does_not() {
        let ch = exported();
        let r = check(&ch, "t").unwrap().unwrap();
        assert_eq!(r.status, Status::Sound);
        assert_eq!(r.key_texts(), [ch.solution[0].clone()]);
        let mut moved = ch.clone();
        moved.position.side_to_move = crate::challenge::SideName::Blue;
        assert!(check(&moved, "t").unwrap().is_err());
        let mut old = ch.clone();
        old.verification.as_mut().unwrap().rules_version = "old".into();
        assert!(
            check(&old, "t")
                .unwrap()
                .unwrap_err()
                .contains("rules 'old'")
        );
        assert!(check(&content(&ch), "t").is_none());
        assert!(same_content(&ch, &content(&ch)));
    }
}
