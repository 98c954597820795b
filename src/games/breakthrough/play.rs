//! Playing a move (RULES.md BT-2) and the checks after it (BT-3, BT-4), in this order: a pawn
//! on the far rank, the opponent without pawns, the counter at the limit, the opponent without
//! a legal move.

use super::movegen::Move;
use super::position::Position;
use crate::game::{Outcome, Reason};
use crate::games::board::white_black_zobrist as zobrist;

impl Position {
    /// The position after `mv`, a legal move of this position. The counter goes up by one and
    /// the opponent is to move even when the move ends the match; the outcome is then set.
    #[must_use]
    pub fn after(&self, mv: Move) -> Position {
        let mut p = *self;
        let mover = self.side;
        let code = mover.code();
        let enemy = mover.opponent();
        p.board[mv.from.index()] = 0;
        p.piece_key ^= zobrist::piece(code, mv.from);
        p.bits[mover.index()] ^= self.tile_bit(mv.from) | self.tile_bit(mv.to);
        if mv.capture {
            // BT-2: the captured pawn leaves; the capturer takes its place.
            p.board[mv.to.index()] = 0;
            p.piece_key ^= zobrist::piece(enemy.code(), mv.to);
            p.pawns[enemy.index()] -= 1;
            p.bits[enemy.index()] ^= self.tile_bit(mv.to);
        }
        p.board[mv.to.index()] = code;
        p.piece_key ^= zobrist::piece(code, mv.to);
        let won = |reason| {
            Some(Outcome {
                winner: Some(mover.into()),
                reason,
            })
        };
        // BT-3: a pawn on the far rank wins at once, then a side without pawns loses.
        let mut outcome = None;
        if mv.to.rank() == self.far_rank(mover) {
            outcome = won(Reason::Breakthrough);
        } else if p.pawns[enemy.index()] == 0 {
            outcome = won(Reason::Elimination);
        }
        // BT-4 with D-15: the counter always goes up; reaching the limit draws.
        p.count += 1;
        if outcome.is_none() && p.count >= p.limit {
            outcome = Some(Outcome {
                winner: None,
                reason: Reason::MoveLimit,
            });
        }
        p.side = enemy;
        p.piece_key ^= zobrist::SIDE;
        // BT-3 with D-14: the side now to move without a legal move loses.
        if outcome.is_none() && !p.has_legal_move() {
            outcome = Some(p.no_legal_move_outcome());
        }
        p.outcome = outcome;
        p
    }
}
