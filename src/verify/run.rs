//! The verification of a checked challenge in its own rule set: the solve and its review
//! (refutations, the proof's size, the difficulty), the main line's duals, the intended line's
//! check, the cook; every result kept typed in the [`VerifyReport`].

use super::finding::{Dual, Finding, Moves, Stage, WhoWins};
use super::line::check_line;
use super::report::VerifyReport;
use crate::challenge::{ChallengeGame, Checked, Status};
use crate::difficulty::difficulty;
use crate::game::GameState;
use crate::games::AnyPosition;
use crate::solver::breakthrough_proof::{PlyBounds, ProveError, Proven};
use crate::solver::refute::Refutation;
use crate::solver::{self, Control, Prover, Verdict};

/// Verifies `checked`, whose start in its own rule set is `start` (not the record, nor the
/// texts: see `super::verify`).
pub(super) fn verify_in<G: ChallengeGame>(
    file: &str,
    checked: &Checked,
    start: &G,
    control: Control<'_>,
) -> VerifyReport
where
    AnyPosition: From<G>,
{
    let any = |moves: &[G::Move]| moves.iter().copied().map(G::any_move).collect::<Vec<_>>();
    let goal = checked.goal();
    let (sol, review) = solver::solve_reviewed(start, Some(goal), solver::Proof::Size, control);
    let mut report = VerifyReport::unsolved(file, Status::Sound, Some(checked.start().clone()));
    report.key_moves = any(&sol.key_moves);
    report.main_line = any(&sol.line);
    report.player_moves = sol.player_moves;
    report.nodes = sol.nodes;
    report.millis = u64::try_from(sol.elapsed.as_millis()).unwrap_or(u64::MAX);
    let stopped = |mut report: VerifyReport, stage, stop| {
        report.status = Status::Unknown;
        report.findings.push(Finding::Stopped(stage, stop));
        report
    };
    let keys = Moves {
        at: checked.start().clone(),
        moves: report.key_moves.clone(),
    };
    match sol.verdict {
        Verdict::Unknown(stop) => return stopped(report, Stage::Solve, stop),
        _ => match review {
            Ok(review) => {
                // `nodes` stays the solve's and the line check's (the JSON field as before).
                report.review_nodes = review.nodes;
                report.refutations = Some(
                    review
                        .refutations
                        .iter()
                        .map(|r| Refutation {
                            mv: G::any_move(r.mv),
                            defence: r.defence.map(G::any_move),
                            unique: r.unique,
                        })
                        .collect(),
                );
                report.difficulty = difficulty(start, &sol, &review);
            }
            Err(stop) => return stopped(report, Stage::Review, stop),
        },
    }
    let own: Vec<G::Move> = checked
        .line()
        .iter()
        .filter_map(|&m| G::own_move(m))
        .collect();
    if sol.verdict == Verdict::NoWin {
        report.status = Status::Unsound;
        report.findings.push(Finding::NoWin { goal });
        // The designer's likely slip: a goal set shorter than the line played in.
        if let Some(p) = checked.longer_than_goal() {
            report.findings.push(Finding::Line(p.clone()));
            report.line_problems.push(p.clone());
        }
        let rest = Control {
            limits: control.limits.after(sol.nodes, sol.elapsed),
            ..control
        };
        if let Some(w) = who_wins(checked.start(), goal, rest) {
            report.review_nodes += w.1;
            report.findings.push(Finding::WhoWins(w.0));
        }
        return report;
    }
    let shortest = sol.player_moves.unwrap_or(goal);
    report.findings.push(Finding::Win {
        shortest,
        keys: keys.clone(),
    });
    if shortest < goal {
        report.findings.push(Finding::Short { shortest, goal });
    }
    duals(&mut report, start, &sol);
    let mut prover = Prover::new(start.to_move(), control);
    let line = check_line(
        start,
        &own,
        &checked.challenge().solution,
        checked.line_problem(),
        goal,
        &mut prover,
    );
    report.nodes += prover.nodes();
    let mut line = match line {
        Ok(line) => line,
        Err(stop) => return stopped(report, Stage::Line, stop),
    };
    // Found when the challenge was checked: first, as it explains the moves past the goal.
    line.problems
        .splice(0..0, checked.longer_than_goal().cloned());
    report.findings.extend(line.notes);
    report
        .findings
        .extend(line.problems.iter().cloned().map(Finding::Line));
    if line.problems.iter().any(|p| p.is_bad_input()) {
        report.status = Status::Invalid;
        report.line_problems = line.problems;
        return report;
    }
    if !line.problems.is_empty() {
        report.status = Status::LineFails;
    }
    report.line_problems = line.problems;
    if sol.key_moves.len() > 1 {
        if report.status == Status::Sound {
            report.status = Status::Cooked;
        }
        report.findings.push(Finding::Cooked { keys });
    }
    report
}

/// The main line's duals, each with the position it is found in.
fn duals<G: ChallengeGame>(report: &mut VerifyReport, start: &G, sol: &solver::Solution<G::Move>)
where
    AnyPosition: From<G>,
{
    let mut pos = start.clone();
    let mut ply = 0;
    for d in &sol.duals {
        while ply < d.ply {
            pos = pos.play(sol.line[ply]);
            ply += 1;
        }
        let dual = Dual {
            ply: d.ply,
            at: pos.clone().into(),
            played: G::any_move(d.played),
            alternatives: d.alternatives.iter().copied().map(G::any_move).collect(),
        };
        report.findings.push(Finding::Dual(dual.clone()));
        report.duals.push(dual);
    }
}

/// Who wins `start` with perfect play and no move bound, and the nodes it took: the proof
/// search's answer on Breakthrough, within what is left of the limits; with the length's
/// bounds when a limit stopped the length after the proof. `None` on other games, on
/// positions the proof search does not take, or when a limit stopped the proof itself: the
/// verdict stands without it.
fn who_wins(start: &AnyPosition, goal: u32, control: Control<'_>) -> Option<(WhoWins, u64)> {
    let AnyPosition::Breakthrough(p) = start else {
        return None;
    };
    let (winner, plies, nodes) = match solver::who_wins(p, true, control) {
        Ok(proof) => (
            proof.winner,
            PlyBounds::exact(proof.plies?),
            proof.proof_nodes + proof.length_nodes,
        ),
        Err(ProveError::Stopped {
            nodes,
            proven:
                Some(Proven {
                    winner,
                    plies: Some(bounds),
                }),
            ..
        }) => (winner, bounds, nodes),
        Err(_) => return None,
    };
    let player = winner == start.to_move();
    // The bounded search found no win within the goal: the player's win takes more plies.
    let plies = if player && plies.known().is_none() {
        PlyBounds {
            at_least: plies.at_least.max(2 * goal + 1),
            ..plies
        }
    } else {
        plies
    };
    let found = WhoWins {
        winner: start.side_word(winner),
        player,
        plies,
        goal,
    };
    Some((found, nodes))
}
