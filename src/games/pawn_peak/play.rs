//! Playing a move: the action itself (PP-4 to PP-7), then the end-of-action checks in the order
//! of RULES.md PP-8.

use super::moves::{Move, MoveKind};
use super::position::Position;
use super::removed::Removed;
use super::types::{Piece, PieceKind};
use super::zobrist;
use crate::game::{Outcome, Reason};

impl Position {
    fn lift(&mut self, sq: super::Square) -> u8 {
        let code = self.board[sq.index()];
        self.piece_key ^= zobrist::piece(code, sq);
        self.put(sq, 0);
        code
    }

    fn drop_piece(&mut self, sq: super::Square, code: u8) {
        self.put(sq, code);
        self.piece_key ^= zobrist::piece(code, sq);
    }

    /// The position after `mv`, a legal move of this position (RULES.md PP-8). The counter goes
    /// up by one and the opponent is to move even when the move ends the match; the outcome is
    /// then set.
    #[must_use]
    pub fn after(&self, mv: Move) -> Position {
        let mut p = self.after_unchecked(mv);
        // PP-8.4 the turn passes; no legal move loses.
        if p.outcome.is_none() && !p.has_legal_move() {
            p.outcome = Some(Outcome {
                winner: Some(self.side.into()),
                reason: Reason::NoLegalMove,
            });
        }
        p
    }

    /// [`Position::after`] up to PP-8.3 and the turn passing, without the PP-8.4 test: the
    /// caller must test for a legal move (bulk counting does, by counting the moves).
    #[must_use]
    pub(super) fn after_unchecked(&self, mv: Move) -> Position {
        let mut p = *self;
        let mover = self.side;
        let code = p.lift(mv.from);
        let piece = Piece::from_code(code).expect("a legal move starts on a piece");
        let mut outcome: Option<Outcome> = None;
        match mv.kind {
            MoveKind::Normal | MoveKind::Special => p.drop_piece(mv.to, code),
            MoveKind::Capture => {
                // PP-6.5: the captured piece leaves the board; no points.
                p.lift(mv.to);
                p.drop_piece(mv.to, code);
            }
            MoveKind::Exit => {
                // PP-8.1 exit end.
                if p.exited_len == 0
                    && piece.kind == PieceKind::Guardian
                    && !p.removed.has(Removed::GUARDIAN_EXIT)
                {
                    // D-22: the exited field lists the Guardian (no points), so the position
                    // string reads back as this side's won match.
                    p.exited[0] = code;
                    p.exited_len = 1;
                    outcome = Some(Outcome {
                        winner: Some(mover.into()),
                        reason: Reason::GuardianExit,
                    });
                } else {
                    // Starting scores are at most MAX_START_SCORE, so this cannot reach u16::MAX.
                    p.scores[mover.index()] =
                        p.scores[mover.index()].saturating_add(u16::from(piece.kind.exit_value()));
                    p.exited[usize::from(p.exited_len)] = code;
                    p.exited_len += 1;
                    if p.exited_len >= 2 {
                        outcome = Some(p.score_outcome(Reason::TwoExits));
                    }
                }
            }
        }
        // PP-8.2 elimination.
        if outcome.is_none() && !p.has_piece(mover.opponent()) {
            outcome = Some(Outcome {
                winner: Some(mover.into()),
                reason: Reason::Elimination,
            });
        }
        // PP-8.3 move limit; the counter always goes up.
        p.count += 1;
        if outcome.is_none() && p.count >= p.limit {
            outcome = Some(p.limit_outcome());
        }
        // The turn passes (PP-8.4 is the caller's).
        p.side = mover.opponent();
        p.piece_key ^= zobrist::SIDE;
        p.outcome = outcome;
        p
    }
}
