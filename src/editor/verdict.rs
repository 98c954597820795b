//! The refutation of an unsound challenge's intended first move (the defence that holds
//! against it): the report's own, else the solver's longest defence, searched on the Verify
//! worker. The verdict's words are the report's ([`crate::verify::VerifyReport::headline`]).

use crate::challenge::Checked;
use crate::game::GameState;
use crate::games::{AnyMove, AnyPosition, with_position};
use crate::solver::refute::Refutation;
use crate::solver::{Control, Stop};
use crate::verify::VerifyReport;

use super::playtest::best_defence;

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

/// The solver's defence in `pos` (the defender to move) against a player with `left` moves
/// ([`best_defence`]), in any game.
///
/// # Errors
/// [`Stop`] when a limit stopped the search.
pub fn defence(
    pos: &AnyPosition,
    left: u32,
    control: Control<'_>,
) -> Result<Option<AnyMove>, Stop> {
    with_position!(pos, p => Ok(best_defence(p, left, control)?.map(AnyMove::from)))
}
