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

use crate::challenge::{Challenge, VerificationRecord};
use crate::verify::{Status, VerifyReport, record_any};

/// The words the Verify panel shows for a record that matches.
pub const MATCHES: &str = "matches";

/// What the stored record of `ch` says: `None` without a record; the report it stands for when
/// it matches (status sound, its key move and main line, no solving time); else why not.
///
/// # Errors
/// A sentence naming the first field that does not match.
pub fn check(ch: &Challenge, file: &str) -> Option<Result<VerifyReport, String>> {
    let rec = ch.verification.as_ref()?;
    Some(report_of(rec, ch, file))
}

fn report_of(rec: &VerificationRecord, ch: &Challenge, file: &str) -> Result<VerifyReport, String> {
    if rec.verdict != Status::Sound {
        return Err(format!(
            "its verdict is '{}', not sound",
            rec.verdict.as_str()
        ));
    }
    let report = VerifyReport {
        file: file.to_string(),
        status: Status::Sound,
        messages: vec![format!(
            "from the file's verification record (peakforge {}, {} nodes): it {MATCHES} the \
             challenge",
            rec.solver_version, rec.nodes
        )],
        key_moves: vec![rec.key_move.clone()],
        main_line: rec.main_line.clone(),
        player_moves: Some(rec.main_line.len().div_ceil(2) as u32),
        duals: Vec::new(),
        line_problems: Vec::new(),
        nodes: rec.nodes,
        millis: 0,
        refutations: None,
        difficulty: None,
        review_nodes: 0,
    };
    let now =
        record_any(&report, ch).map_err(|p| format!("the challenge has {} problem(s)", p.len()))?;
    if rec.rules_version != now.rules_version {
        return Err(format!(
            "it was made for rules '{}', this build has '{}'",
            rec.rules_version, now.rules_version
        ));
    }
    if rec.position_key != now.position_key {
        return Err(format!(
            "its position_key {} is not this start's {}",
            rec.position_key, now.position_key
        ));
    }
    if ch.solution.first() != Some(&rec.key_move) {
        return Err(format!(
            "its key move {} is not the intended line's first move",
            rec.key_move
        ));
    }
    let goal = usize::try_from(ch.goal.player_moves).unwrap_or(usize::MAX);
    if rec.main_line.first() != Some(&rec.key_move) || rec.main_line.len().div_ceil(2) > goal {
        return Err("its main line does not start with the key move within the goal".into());
    }
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
    use crate::verify::verify_any;

    fn exported() -> Challenge {
        let mut ch = challenge::load(std::path::Path::new("challenges/01-terrain.ron")).unwrap();
        let report = verify_any("t", &ch, Control::default());
        ch.verification = Some(record_any(&report, &ch).unwrap());
        ch
    }

    #[test]
    fn a_fresh_record_matches_and_a_changed_start_does_not() {
        let ch = exported();
        let r = check(&ch, "t").unwrap().unwrap();
        assert_eq!(r.status, Status::Sound);
        assert_eq!(r.key_moves, [ch.solution[0].clone()]);
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
