//! Why a challenge fails, in words: the verdict headline naming every finding of a report
//! (cooked, the intended line failing at move k, unsound, a short solution, the solver
//! stopping), not only the status word; and the refutation of an unsound challenge's intended
//! first move (the defence that holds, from the solver's longest defence).

use crate::challenge::Challenge;
use crate::game::GameState;
use crate::solver::Control;
use crate::verify::{LineProblem, Status, VerifyReport};

use super::playtest::PositionText;
use crate::challenge::validate;

/// Every finding of `report` for a challenge whose goal is `goal` player moves, in words, in a
/// fixed order: unsound, cooked, each intended-line problem (with its move number, 1-based),
/// a short solution, the solver stopping. Empty for a sound report without notes.
#[must_use]
pub fn findings(report: &VerifyReport, goal: u32) -> Vec<String> {
    let mut out = Vec::new();
    if report.status == Status::Unsound {
        out.push(format!("no forced win within {goal} move(s)"));
    }
    if report.key_moves.len() > 1 {
        out.push(format!(
            "cooked: {} winning first moves",
            report.key_moves.len()
        ));
    }
    for p in &report.line_problems {
        out.push(line_finding(p));
    }
    if let Some(k) = report.player_moves.filter(|&k| k < goal) {
        out.push(format!("short: a win in {k}"));
    }
    if report.status == Status::Unknown {
        out.push("unknown: the solver stopped".to_string());
    }
    if report.status == Status::Invalid && report.line_problems.is_empty() && out.is_empty() {
        out.push("invalid: see the messages".to_string());
    }
    out
}

/// An intended-line problem as a headline finding: "line fails at move 2 (b4-exit): illegal".
#[must_use]
pub fn line_finding(p: &LineProblem) -> String {
    match p {
        LineProblem::Empty => "no intended line".to_string(),
        LineProblem::Illegal { index, text, .. } => {
            format!("line fails at move {} ({text}): illegal", index + 1)
        }
        LineProblem::AfterTheEnd { index, text } => {
            format!(
                "line fails at move {} ({text}): the match is over",
                index + 1
            )
        }
        LineProblem::DoesNotWin { index, text, .. } => {
            format!("line fails at move {} ({text}): does not win", index + 1)
        }
        LineProblem::EndsWithoutWin(reason) => format!("line ends in {reason} without a win"),
        LineProblem::StopsEarly => "line stops before the win".to_string(),
    }
}

/// The headline: the status word, then every finding: "invalid — cooked: 2 winning first
/// moves; line fails at move 3 (c2-a1): illegal".
#[must_use]
pub fn headline(report: &VerifyReport, goal: u32) -> String {
    let found = findings(report, goal);
    if found.is_empty() {
        report.status.as_str().to_string()
    } else {
        format!("{} — {}", report.status.as_str(), found.join("; "))
    }
}

/// The refutation of an unsound challenge's intended first move as the report lists it
/// (`VerifyReport::refutations`, issue 15): the move and its defence; `None` when the report
/// has none for it.
#[must_use]
pub fn from_report(report: &VerifyReport, ch: &Challenge) -> Option<(String, Option<String>)> {
    let start = validate(ch).ok()?;
    let first = start.move_text_of(ch.solution.first()?)?;
    report
        .refutations
        .iter()
        .flatten()
        .find(|r| start.move_text_of(&r.mv).as_deref() == Some(first.as_str()))
        .map(|r| (first.clone(), r.defence.clone()))
}

/// The refutation of an unsound challenge's intended first move, searched here when the
/// report has none (the solver stopped on the refutations): the move, and the defence
/// that holds against it (the solver's longest defence with the moves left; `None` when the
/// move itself ends the match). `None` without a legal intended first move.
///
#[must_use]
pub fn refute_intended(ch: &Challenge, control: Control<'_>) -> Option<(String, Option<String>)> {
    let start = validate(ch).ok()?;
    let first = ch.solution.first()?;
    let text = start.move_text_of(first)?;
    let after = start.after(&text)?;
    if after.outcome().is_some() {
        return Some((text, None));
    }
    // A side moving again (a Seega capture chain) has no defence to show here.
    if after.to_move() == start.to_move() {
        return None;
    }
    let left = ch.goal.player_moves.saturating_sub(1);
    let defence = after.defence(left, control).ok().flatten();
    Some((text, defence))
}
