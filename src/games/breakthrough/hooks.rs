//! What the solver's search hooks ([`crate::game::GameState`]) know of Breakthrough, and why
//! each answer is exact.
//!
//! One fact carries them all: the side to move in an unfinished position always has a legal
//! move. Its most advanced pawn is not on its far rank (the match would be over, BT-3) and has
//! a forward diagonal on the board (width ≥ 2, D-12), which is empty (a move) or holds an enemy
//! pawn (a capture): a friend there would be more advanced (BT-2). So no match ends by
//! `no_legal_move` (BT-3, D-14; `tests/breakthrough_rules.rs` checks it exhaustively on 3 × 4),
//! and a side wins only by moving a pawn onto its far rank or by taking the last enemy pawn,
//! both with one of its own moves.

use super::movegen::Move;
use super::position::Position;
use super::side::Side;
use crate::games::pawn_peak::Square;

/// Boards with at most this many tiles have a packed key (two bits per tile, 96 each side).
pub(super) const PACKED_TILES: u16 = 96;

impl Position {
    /// Ranks between `side`'s most advanced pawn and its far rank; `None` without pawns.
    #[must_use]
    pub(super) fn nearest_to_far_rank(&self, side: Side) -> Option<u8> {
        let code = side.code();
        let far = self.far_rank(side);
        (0..self.height).find(|&d| {
            let rank = if side == Side::White {
                far - d
            } else {
                far + d
            };
            (0..self.width).any(|f| self.board[Square::new(f, rank).index()] == code)
        })
    }

    /// A lower bound on the moves `side` must make to win (see the module docs): each of its
    /// moves brings one pawn one rank nearer its far rank, or takes one enemy pawn; the
    /// other side's moves do neither.
    #[must_use]
    pub(super) fn moves_to_win(&self, side: Side) -> u32 {
        let race = self.nearest_to_far_rank(side).map_or(u32::MAX, u32::from);
        race.min(u32::from(self.pawns[side.opponent().index()]))
    }

    /// Appends to `out` every legal move that ends the match in the mover's favour at once:
    /// onto the far rank, or taking the last enemy pawn (no reply can then win for the
    /// mover: see the module docs).
    pub(super) fn winning_moves_into(&self, out: &mut Vec<Move>) {
        if self.outcome.is_some() {
            return;
        }
        let side = self.side;
        let far = self.far_rank(side);
        let last_rank = if side == Side::White {
            far - 1
        } else {
            far + 1
        };
        let mut keep = |m: Move| {
            out.push(m);
            true
        };
        if self.pawns[side.opponent().index()] == 1 {
            // Every capture takes the last pawn; moves from the last rank reach the far one.
            self.each_move(|m| !(m.capture || m.from.rank() == last_rank) || keep(m));
        } else {
            self.rank_moves(last_rank, &mut keep);
        }
    }

    /// An exact 32-byte encoding of the pawns, side to move, counter, limit and outcome, for
    /// boards of at most [`PACKED_TILES`] tiles (the board size is [`Position::size_key`]).
    #[must_use]
    pub(super) fn packed(&self) -> Option<[u64; 4]> {
        if u16::from(self.width) * u16::from(self.height) > PACKED_TILES {
            return None;
        }
        let (mut white, mut black) = (0u128, 0u128);
        for (i, sq) in self.squares().enumerate() {
            match Side::from_code(self.board[sq.index()]) {
                Some(Side::White) => white |= 1 << i,
                Some(Side::Black) => black |= 1 << i,
                None => {}
            }
        }
        let meta = u64::from(self.side == Side::Black)
            | u64::from(self.count) << 1
            | u64::from(self.limit) << 17
            | crate::game::Outcome::code(self.outcome) << 33;
        Some([
            white as u64,
            (white >> 64) as u64 | (black as u64) << 32,
            (black >> 32) as u64,
            meta,
        ])
    }

    /// What [`Position::packed`] leaves out: the board size.
    #[must_use]
    pub(super) fn size_key(&self) -> u64 {
        u64::from(self.width) << 8 | u64::from(self.height)
    }
}
