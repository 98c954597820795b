//! The starting positions New makes for Breakthrough (the standard 8 × 8 start, BT-1) and
//! Seega (the 5 × 5 placement start, 12 pieces in hand each, SG-1, SG-2).

use crate::challenge::{ChallengeGame, PositionSpec};
use crate::games::{breakthrough, seega};

/// The standard Breakthrough start: two full ranks of pawns per side, White to move.
#[must_use]
pub fn breakthrough_start() -> PositionSpec {
    breakthrough::Position::standard().to_spec()
}

/// The standard Seega start: an empty 5 × 5 board, every piece in hand, White to place.
#[must_use]
pub fn seega_start() -> PositionSpec {
    seega::Position::standard().to_spec()
}
