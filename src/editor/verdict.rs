//! The refutation of an unsound challenge's intended first move (the defence that holds
//! against it): the report's own, else the solver's longest defence, searched on the Verify
//! worker. The verdict's words are the report's ([`crate::verify::VerifyReport::headline`]).

use crate::challenge::Checked;
use crate::game::GameState;
use crate::games::{AnyMove, AnyPosition, with_position};
use crate::solver::breakthrough_proof::ProveError;
use crate::solver::refute::Refutation;
use crate::solver::{self, Control, Stop};
use crate::verify::VerifyReport;

use std::time::Instant;

use super::playtest::{best_defence, defence_and_length};

/// The refutation of the intended first move of `checked`: the report's, else searched here
/// when the report has none (the solver stopped on the refutations): the defence that holds
/// against it (the solver's longest defence with the moves left; `None` when the move itself
/// ends the match). `None` without a legal intended first move, or when the player moves
/// again after it (a Seega capture chain: no defence to show).
#[must_use]
pub fn refute_intended(
    report: &VerifyReport,
    checked: &Checked,
    control: Control<'_>,
) -> Option<Refutation<AnyMove>> {
    let first = checked.intended_key()?;
    if let Some(r) = report.refutation_of(first) {
        return Some(*r);
    }
    let start = checked.start();
    let after = start.play(first);
    let none = Refutation {
        mv: first,
        defence: None,
        unique: false,
    };
    if after.outcome().is_some() {
        return Some(none);
    }
    if after.to_move() == start.to_move() {
        return None;
    }
    let left = checked.goal().saturating_sub(1);
    let defence = defence(&after, left, control).ok().flatten();
    Some(Refutation { defence, ..none })
}

/// The solver's defence in `pos` (the defender to move) against a player with `left` moves,
/// in any game: the bounded [`best_defence`]. On Breakthrough, when that defence holds out
/// past `left` (or the bounded search stopped), the proof search, which decides the match
/// without a move bound, picks the move of perfect play instead ([`solver::perfect_move`]): a
/// move that wins the match, the fastest, when the defender has one; else the move that
/// resists longest (which holds out past `left` too). A bounded defence that wins the match at
/// once is played as it is. When the proof search does not take the position, or stops, the
/// bounded answer stands.
///
/// # Errors
/// [`Stop`] when a limit stopped the search.
pub fn defence(
    pos: &AnyPosition,
    left: u32,
    control: Control<'_>,
) -> Result<Option<AnyMove>, Stop> {
    let AnyPosition::Breakthrough(p) = pos else {
        return with_position!(pos, p => Ok(best_defence(p, left, control)?.map(AnyMove::from)));
    };
    let t = Instant::now();
    let bounded = defence_and_length(p, left, control);
    if matches!(bounded, Ok(None)) || matches!(bounded, Ok(Some((_, n))) if n != u32::MAX) {
        // No legal move, or the player wins within `left` whatever the defence: the bounded
        // search's longest resistance is the answer.
        return Ok(bounded?.map(|(m, _)| AnyMove::from(m)));
    }
    if let Ok(Some((m, _))) = bounded
        && p.play(m)
            .outcome()
            .is_some_and(|o| o.winner == Some(p.to_move()))
    {
        // The defence wins the match at once: no move of perfect play does better.
        return Ok(Some(AnyMove::from(m)));
    }
    let rest = Control {
        limits: control.limits.after(0, t.elapsed()),
        ..control
    };
    match (solver::perfect_move(p, rest), bounded) {
        (Ok((m, _)), _) => Ok(Some(AnyMove::from(m))),
        (Err(ProveError::Stopped { stop, .. }), Err(_)) => Err(stop),
        (Err(_), bounded) => Ok(bounded?.map(|(m, _)| AnyMove::from(m))),
    }
}
