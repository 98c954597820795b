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
use crate::games::board::Square;
use crate::games::board::white_black::Side;

/// Boards with at most this many tiles have a packed key (two bits per tile, 96 each side).
pub(super) const PACKED_TILES: u16 = 96;

// Search tuning of Breakthrough's move order (it never changes an answer, only the work). The
// values were set by hand; what measured them is `peakforge bench --breakthrough` on the small
// boards of docs/breakthrough.md (with this order and the other hooks, 4 × 5 took 8.7 M
// nodes, against 85.6 M with the generic hooks alone).
/// A move onto the far rank wins at once (BT-3): always first.
const FAR_RANK_PRIORITY: i32 = 1000;
/// Per rank the moved pawn still has to go: nearer the far rank first.
const RANK_TO_GO_WEIGHT: i32 = 4;
/// Base bonus of a capture: captures before quiet advances.
const CAPTURE_PRIORITY: i32 = 200;
/// Per rank the captured pawn still had to go: taking the most advanced enemy pawn first.
const CAPTURED_RANK_WEIGHT: i32 = 8;
/// A destination the enemy can take at once comes after the safe ones.
const ATTACKED_PENALTY: i32 = 30;

impl Position {
    /// Ranks between `side`'s most advanced pawn and its far rank; `None` without pawns.
    #[must_use]
    pub(super) fn nearest_to_far_rank(&self, side: Side) -> Option<u8> {
        let bits = self.bits[side.index()];
        if self.has_bits() {
            // White's most advanced pawn has the highest tile number, Black's the lowest.
            let w = u32::from(self.width);
            return match side {
                _ if bits == 0 => None,
                Side::White => Some(self.height - 1 - ((127 - bits.leading_zeros()) / w) as u8),
                Side::Black => Some((bits.trailing_zeros() / w) as u8),
            };
        }
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

    /// A lower bound on the moves within which `side` can force a win (see the module docs):
    /// each of its moves brings one pawn one rank nearer its far rank, or takes one enemy
    /// pawn, and the other side's moves do neither. `u32::MAX` when the other side wins with
    /// its next move whatever `side` does: it has a pawn one rank from its far rank (which
    /// always has a move there: a forward diagonal on the board is empty or holds a pawn to
    /// take) and is to move, or `side` is to move, cannot win at once, and cannot take every
    /// such pawn with one move (only a capture stops one).
    #[must_use]
    pub(super) fn moves_to_win(&self, side: Side) -> u32 {
        let race = self.nearest_to_far_rank(side).map_or(u32::MAX, u32::from);
        let bound = race.min(u32::from(self.pawns[side.opponent().index()]));
        if bound <= 1 || !self.has_bits() {
            return bound;
        }
        let enemy = side.opponent();
        let w = u32::from(self.width);
        let last = match enemy {
            Side::White => u32::from(self.height) - 2,
            Side::Black => 1,
        };
        let threats = self.bits[enemy.index()] & ((1u128 << w) - 1) << (last * w);
        let unstoppable = threats != 0
            && (self.side == enemy
                || threats.count_ones() > 1
                || !self.can_take(side, threats.trailing_zeros()));
        if unstoppable { u32::MAX } else { bound }
    }

    /// Whether a pawn of `side` stands where it can take the pawn on tile number `t` (see
    /// [`Position::bits`]) with one diagonal step forward.
    fn can_take(&self, side: Side, t: u32) -> bool {
        let w = u32::from(self.width);
        let (file, rank) = (t % w, t / w);
        let behind = match side {
            Side::White => rank.checked_sub(1),
            Side::Black => (rank + 1 < u32::from(self.height)).then_some(rank + 1),
        };
        let Some(r) = behind else { return false };
        let own = self.bits[side.index()];
        [file.checked_sub(1), (file + 1 < w).then_some(file + 1)]
            .into_iter()
            .flatten()
            .any(|f| own >> (r * w + f) & 1 == 1)
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
        if self.has_bits() && self.pawns[side.opponent().index()] > 1 {
            let w = u32::from(self.width);
            let rank = ((1u128 << w) - 1) << (u32::from(last_rank) * w);
            if self.bits[side.index()] & rank == 0 {
                return;
            }
        }
        if self.pawns[side.opponent().index()] == 1 {
            // Every capture takes the last pawn; moves from the last rank reach the far one.
            self.each_move(|m| !(m.capture || m.from.rank() == last_rank) || keep(m));
        } else {
            self.rank_moves(last_rank, &mut keep);
        }
    }

    /// The search's order of moves (higher first; see `GameState::move_priority`).
    #[must_use]
    pub(super) fn priority(&self, mv: Move) -> i32 {
        let side = self.side;
        let left = i32::from(self.distance_to_far_rank(side, mv.to));
        if left == 0 {
            return FAR_RANK_PRIORITY;
        }
        let mut p = -RANK_TO_GO_WEIGHT * left;
        if mv.capture {
            // The taken pawn's ranks still to go: the nearer its goal, the more urgent.
            let its_left = i32::from(self.distance_to_far_rank(side.opponent(), mv.to));
            p += CAPTURE_PRIORITY - CAPTURED_RANK_WEIGHT * its_left;
        }
        // A pawn the enemy can take on arrival comes after those it cannot.
        let ahead = i16::from(mv.to.rank()) + i16::from(Position::forward(side));
        if (0..i16::from(self.height)).contains(&ahead) {
            let enemy = side.opponent().code();
            let attacked = [-1i16, 1].into_iter().any(|df| {
                let f = i16::from(mv.to.file()) + df;
                (0..i16::from(self.width)).contains(&f)
                    && self.board[Square::new(f as u8, ahead as u8).index()] == enemy
            });
            if attacked {
                p -= ATTACKED_PENALTY;
            }
        }
        p
    }

    /// An exact 32-byte encoding of the pawns, side to move, counter, limit and outcome, for
    /// boards of at most [`PACKED_TILES`] tiles (the board size is [`Position::size_key`]).
    #[must_use]
    pub(super) fn packed(&self) -> Option<[u64; 4]> {
        if u16::from(self.width) * u16::from(self.height) > PACKED_TILES {
            return None;
        }
        let [white, black] = self.bits;
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
