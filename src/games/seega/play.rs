//! Playing a move (RULES.md SG-2 to SG-5) and the checks after it, in this order: elimination
//! (SG-6), the counter and the move limit (D-18), the turn order (SG-8) or the chain (SG-5),
//! the side to move blocked (SG-6).

use super::moves::Move;
use super::position::Position;
use crate::game::Reason;
use crate::games::board::Square;
use crate::games::board::white_black_zobrist as zobrist;

impl Position {
    fn put(&mut self, sq: Square, code: u8) {
        self.piece_key ^= zobrist::piece(self.board[sq.index()], sq);
        self.board[sq.index()] = code;
        self.piece_key ^= zobrist::piece(code, sq);
    }

    /// The position after `mv`, a legal move of this position. The counter goes up by one even
    /// when the move ends the match; the outcome is then set.
    #[must_use]
    pub fn after(&self, mv: Move) -> Position {
        let mut p = *self;
        let mover = self.side;
        let own = mover.code();
        let enemy = mover.opponent();
        let mut next = enemy;
        p.chain = None;
        match mv {
            Move::Place(a, b) => {
                // SG-2: pieces from hand onto the board.
                for sq in std::iter::once(a).chain(b) {
                    p.put(sq, own);
                    p.hands[mover.index()] -= 1;
                    p.pieces[mover.index()] += 1;
                }
                // SG-8: the opponent places next if it has pieces in hand, else the same side
                // again; once both hands are empty, the side that placed last moves first.
                if p.hands[enemy.index()] == 0 {
                    next = mover;
                }
            }
            Move::Step { from, to, .. } => {
                // SG-3, then SG-4: captures by the moved piece only, all directions at once.
                let mut taken = 0;
                self.captures_from(from, to, |n| {
                    p.put(n, 0);
                    taken += 1;
                });
                p.put(from, 0);
                p.put(to, own);
                p.pieces[enemy.index()] -= taken;
                // SG-5, D-17: after a capture, the same piece goes on while it can capture.
                if taken > 0 && p.can_capture_from(to) {
                    p.chain = Some(to);
                    next = mover;
                }
            }
        }
        if next != p.side {
            p.piece_key ^= zobrist::SIDE;
        }
        p.side = next;
        // SG-6: a side left without pieces in the movement phase loses at once.
        p.outcome = p.elimination();
        // D-18: the counter always goes up; at the limit the match ends as when blocked.
        p.count += 1;
        if p.outcome.is_none() && p.count >= p.limit {
            p.outcome = Some(p.count_outcome(Reason::MoveLimit));
        }
        // SG-6: the side to move without a legal move: more pieces on the board wins.
        if p.outcome.is_none() && !p.has_legal_move() {
            p.outcome = Some(p.count_outcome(Reason::Blocked));
        }
        p
    }
}
