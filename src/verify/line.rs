//! The intended line's check: each player move still wins within the moves left, each defence
//! is noted when it is not one of the longest-resisting, and the line ends in the player's win.
//! Reading the line as moves is validation's ([`crate::challenge::Checked::line`]).

use super::finding::{Finding, Moves};
use crate::challenge::LineProblem;
use crate::games::Member;
use crate::solver::{self, Prover};

/// What the check of an intended line found: its problems (empty when the line works) and the
/// notes on its defences.
#[derive(Debug, Default)]
pub struct LineCheck {
    /// Why the line does not work.
    pub problems: Vec<LineProblem>,
    /// Defences that are not among the longest-resisting ([`Finding::WeakDefence`]).
    pub notes: Vec<Finding>,
}

/// Checks the intended line `line` (its moves as read from `start`, `texts` as written; a
/// `read_problem` where reading stopped) for a goal of `goal` player moves.
///
/// # Errors
/// [`solver::Stop`] when a limit stopped the search.
pub fn check_line<G: Member>(
    start: &G,
    line: &[G::Move],
    texts: &[String],
    read_problem: Option<&LineProblem>,
    goal: u32,
    prover: &mut Prover<'_, G>,
) -> Result<LineCheck, solver::Stop>
where
    crate::games::AnyPosition: From<G>,
{
    let mut check = LineCheck::default();
    if texts.is_empty() {
        check.problems.push(LineProblem::Empty);
        return Ok(check);
    }
    let player = start.to_move();
    let mut pos = start.clone();
    let mut k = 0u32; // player moves made before this ply (not every second ply: SG-5)
    for (i, &mv) in line.iter().enumerate() {
        let text = texts.get(i).cloned().unwrap_or_default();
        if pos.to_move() == player {
            let left = goal.saturating_sub(k);
            // A move past the goal is the line's length's fault, said once by the caller
            // (`Checked::longer_than_goal`).
            if left > 0 && !prover.move_wins(&pos, mv, left)? {
                check.problems.push(LineProblem::DoesNotWin {
                    index: i,
                    text,
                    left,
                });
            }
            k += 1;
        } else {
            let (best, _) = solver::longest_defences(&pos, goal.saturating_sub(k), prover)?;
            if !best.contains(&mv) {
                check.notes.push(Finding::WeakDefence {
                    index: i,
                    text,
                    best: Moves {
                        at: pos.clone().into(),
                        moves: best.into_iter().map(G::any_move).collect(),
                    },
                });
            }
        }
        pos = pos.play(mv);
    }
    if let Some(p) = read_problem {
        // The moves after it cannot be read.
        check.problems.push(p.clone());
        return Ok(check);
    }
    match pos.outcome() {
        Some(o) if o.winner == Some(player) => {}
        Some(o) => check
            .problems
            .push(LineProblem::EndsWithoutWin(o.reason.as_str())),
        None => check.problems.push(LineProblem::StopsEarly),
    }
    Ok(check)
}
