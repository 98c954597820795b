//! Legal moves (RULES.md BT-2): a pawn steps one tile straight or diagonally forward onto an
//! empty tile, or captures diagonally forward onto an enemy pawn. The move text (BT-5) and
//! perft.

use super::position::Position;
use crate::games::board::Square;

/// A Breakthrough move: a pawn from `from` to `to`, capturing when `capture`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The pawn's square.
    pub from: Square,
    /// Its destination, one rank forward.
    pub to: Square,
    /// Whether an enemy pawn stands on `to` (always a diagonal move).
    pub capture: bool,
}

impl Move {
    /// The move text (BT-5): `a2-a3` for a move, `a2xb3` for a capture.
    #[must_use]
    pub fn text(self) -> String {
        let sep = if self.capture { 'x' } else { '-' };
        format!("{}{sep}{}", self.from, self.to)
    }

    /// `move` or `capture`, as `moves --json` names the kind.
    #[must_use]
    pub fn kind_name(self) -> &'static str {
        if self.capture { "capture" } else { "move" }
    }
}

impl Position {
    /// Calls `f` with every legal move of the side to move (BT-2) until it returns `false`;
    /// returns whether every call returned `true`. Ignores the outcome: the caller checks it.
    pub(super) fn each_move(&self, mut f: impl FnMut(Move) -> bool) -> bool {
        (0..self.height).all(|r| self.rank_moves(r, &mut f))
    }

    /// [`Position::each_move`] for the pawns of the side to move on rank index `r` only.
    pub(super) fn rank_moves(&self, r: u8, f: &mut impl FnMut(Move) -> bool) -> bool {
        let side = self.side;
        let own = side.code();
        let enemy = side.opponent().code();
        let dr = Position::forward(side);
        let w = i16::from(self.width);
        let to_rank = i16::from(r) + i16::from(dr);
        if !(0..i16::from(self.height)).contains(&to_rank) {
            return true;
        }
        let to_rank = to_rank as u8;
        for file in 0..self.width {
            let from = Square::new(file, r);
            if self.board[from.index()] != own {
                continue;
            }
            for df in [-1i16, 0, 1] {
                let tf = i16::from(file) + df;
                if !(0..w).contains(&tf) {
                    continue;
                }
                let to = Square::new(tf as u8, to_rank);
                let there = self.board[to.index()];
                // BT-2: onto an empty tile straight or diagonally; capture only diagonally.
                let mv = if there == 0 {
                    Move {
                        from,
                        to,
                        capture: false,
                    }
                } else if there == enemy && df != 0 {
                    Move {
                        from,
                        to,
                        capture: true,
                    }
                } else {
                    continue;
                };
                if !f(mv) {
                    return false;
                }
            }
        }
        true
    }

    /// Appends every legal move to `out`; nothing once the match is over.
    pub fn moves_into(&self, out: &mut Vec<Move>) {
        if self.outcome.is_some() {
            return;
        }
        self.each_move(|m| {
            out.push(m);
            true
        });
    }

    /// Whether the side to move has a legal move (the outcome aside).
    #[must_use]
    pub(super) fn has_legal_move(&self) -> bool {
        !self.each_move(|_| false)
    }

    /// The number of legal moves (the outcome aside).
    fn count_moves(&self) -> u64 {
        let mut n = 0;
        self.each_move(|_| {
            n += 1;
            true
        });
        n
    }

    /// Perft: the leaf count of the legal move tree to `depth` plies; finished positions are
    /// leaves. Boards of at most 64 tiles are counted on bitboards (`bitboard.rs`).
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 || self.outcome.is_some() {
            return 1;
        }
        if let Some((g, [white, black])) = self.bitboards() {
            let plies_left = u32::from(self.limit - self.count);
            return g.perft(white, black, self.side_index(), depth, plies_left);
        }
        if depth == 1 {
            return self.count_moves();
        }
        let mut moves = Vec::with_capacity(48);
        self.moves_into(&mut moves);
        moves.iter().map(|&m| self.after(m).perft(depth - 1)).sum()
    }
}
