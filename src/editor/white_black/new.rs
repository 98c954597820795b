//! The starting positions New makes for Breakthrough (the standard 8 × 8 start, BT-1) and
//! Seega (the 5 × 5 placement start, 12 pieces in hand each, SG-1, SG-2).

use crate::challenge::{InHand, KindName, PieceSpec, PositionSpec};
use crate::games::breakthrough::Side;
use crate::games::{breakthrough, seega};

/// The standard Breakthrough start: two full ranks of pawns per side, White to move.
#[must_use]
pub fn breakthrough_start() -> PositionSpec {
    breakthrough_spec(&breakthrough::Position::standard())
}

/// The spec of a Breakthrough position (to draw it, or to start a challenge from it).
#[must_use]
pub fn breakthrough_spec(pos: &breakthrough::Position) -> PositionSpec {
    let pieces = pos
        .squares()
        .filter_map(|sq| {
            pos.pawn_at(sq)
                .map(|s| PieceSpec(sq.to_string(), s.into(), KindName::Pawn))
        })
        .collect();
    PositionSpec {
        width: pos.width(),
        height: pos.height(),
        terrain: None,
        pieces,
        side_to_move: pos.side_to_move().into(),
        scores: None,
        exited: None,
        in_hand: None,
        chain: None,
        move_counter: pos.move_count(),
        move_limit: pos.move_limit(),
    }
}

/// The standard Seega start: an empty 5 × 5 board, every piece in hand, White to place.
#[must_use]
pub fn seega_start() -> PositionSpec {
    seega_spec(&seega::Position::standard())
}

/// The spec of a Seega position (to draw it, or to start a challenge from it).
#[must_use]
pub fn seega_spec(pos: &seega::Position) -> PositionSpec {
    let pieces = pos
        .squares()
        .filter_map(|sq| {
            pos.piece_at(sq)
                .map(|s| PieceSpec(sq.to_string(), s.into(), KindName::Stone))
        })
        .collect();
    PositionSpec {
        width: pos.size(),
        height: pos.size(),
        terrain: None,
        pieces,
        side_to_move: pos.side_to_move().into(),
        scores: None,
        exited: None,
        in_hand: Some(InHand {
            white: pos.in_hand(Side::White),
            black: pos.in_hand(Side::Black),
        }),
        chain: pos.chain().map(|s| s.to_string()),
        move_counter: pos.move_count(),
        move_limit: pos.move_limit(),
    }
}
