//! [`Position`]: a Seega board with the refuge, pieces on the board and in hand, side to move,
//! the chain (the piece that must go on capturing), move counter and limit, and the outcome
//! once the match is over (RULES.md SG-1, SG-2, SG-5, SG-6).

use super::rules;
use crate::game::{Outcome, Reason};
use crate::games::board::white_black::Side;
use crate::games::board::white_black_zobrist as zobrist;
use crate::games::board::{EditError, Square};

/// A Seega position.
///
/// Tiles are indexed by [`Square`] (`rank * 16 + file`); only files and ranks `< size` are on
/// the board, and tiles off the board always hold 0. The board holds side codes (0 empty,
/// 1 White, 2 Black). `Copy`, so search keeps one per ply.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub(super) size: u8,
    pub(super) board: [u8; 256],
    /// Pieces on the board, White's and Black's.
    pub(super) pieces: [u8; 2],
    /// Pieces in hand (placement phase, SG-2), White's and Black's.
    pub(super) hands: [u8; 2],
    pub(super) side: Side,
    /// SG-5: the piece that must go on capturing, if any.
    pub(super) chain: Option<Square>,
    pub(super) count: u16,
    pub(super) limit: u16,
    pub(super) outcome: Option<Outcome>,
    /// Zobrist key of the pieces and the side to move, kept up to date by every change.
    pub(super) piece_key: u64,
}

impl Position {
    /// The start of a match on a `size` × `size` board (5, 7 or 9; D-16): an empty board, every
    /// piece in hand, White to place (SG-2), counter 0 of the standard limit.
    ///
    /// # Errors
    /// When `size` is not 5, 7 or 9.
    pub fn start(size: u8) -> Result<Position, EditError> {
        if !rules::SIZES.contains(&size) {
            return Err(EditError(format!(
                "a Seega board is 5×5, 7×7 or 9×9 (RULES.md D-16), not {size}×{size}"
            )));
        }
        let n = rules::pieces_per_side(size);
        let mut p = Position {
            size,
            board: [0; 256],
            pieces: [0, 0],
            hands: [n, n],
            side: Side::White,
            chain: None,
            count: 0,
            limit: rules::STANDARD_MOVE_LIMIT,
            outcome: None,
            piece_key: 0,
        };
        p.recount();
        Ok(p)
    }

    /// The standard 5 × 5 start.
    #[must_use]
    pub fn standard() -> Position {
        Position::start(rules::STANDARD_SIZE).expect("5 × 5 is a Seega board")
    }

    /// Board width and height (5, 7 or 9).
    #[must_use]
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The refuge: the centre tile (SG-1).
    #[must_use]
    pub fn refuge(&self) -> Square {
        Square::new(self.size / 2, self.size / 2)
    }

    /// Whether `sq` is on the board.
    #[must_use]
    pub fn contains(&self, sq: Square) -> bool {
        sq.file() < self.size && sq.rank() < self.size
    }

    /// Every square of the board, rank 1 first, files `a` first within a rank.
    pub fn squares(&self) -> impl Iterator<Item = Square> + use<> {
        let n = self.size;
        (0..n).flat_map(move |r| (0..n).map(move |f| Square::new(f, r)))
    }

    /// The piece on a tile, by its side.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Side> {
        Side::from_code(self.board[sq.index()])
    }

    /// The side to move.
    #[must_use]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// How many pieces a side has on the board.
    #[must_use]
    pub fn on_board(&self, side: Side) -> u8 {
        self.pieces[side.index()]
    }

    /// How many pieces a side has in hand.
    #[must_use]
    pub fn in_hand(&self, side: Side) -> u8 {
        self.hands[side.index()]
    }

    /// Whether the placement phase goes on (SG-2): a piece is still in hand.
    #[must_use]
    pub fn placing(&self) -> bool {
        self.hands != [0, 0]
    }

    /// SG-5: the piece that must go on capturing, if any.
    #[must_use]
    pub fn chain(&self) -> Option<Square> {
        self.chain
    }

    /// The move counter: plies played so far.
    #[must_use]
    pub fn move_count(&self) -> u16 {
        self.count
    }

    /// The move limit in plies.
    #[must_use]
    pub fn move_limit(&self) -> u16 {
        self.limit
    }

    /// The outcome, once the match is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Recomputes piece counts and the Zobrist key from the board.
    pub(super) fn recount(&mut self) {
        self.pieces = [0, 0];
        let mut k = if self.side == Side::Black {
            zobrist::SIDE
        } else {
            0
        };
        for sq in self.squares() {
            let code = self.board[sq.index()];
            if let Some(s) = Side::from_code(code) {
                self.pieces[s.index()] += 1;
            }
            k ^= zobrist::piece(code, sq);
        }
        self.piece_key = k;
    }

    /// SG-6 and D-18: the side with more pieces on the board wins, equal counts draw.
    pub(super) fn count_outcome(&self, reason: Reason) -> Outcome {
        let winner = match self.pieces[0].cmp(&self.pieces[1]) {
            std::cmp::Ordering::Greater => Some(Side::White.into()),
            std::cmp::Ordering::Less => Some(Side::Black.into()),
            std::cmp::Ordering::Equal => None,
        };
        Outcome { winner, reason }
    }

    /// SG-6: in the movement phase, a side without pieces on the board has lost (the side to
    /// move is checked first: the side that just moved cannot have lost its last piece).
    pub(super) fn elimination(&self) -> Option<Outcome> {
        if self.placing() {
            return None;
        }
        [self.side, self.side.opponent()]
            .into_iter()
            .find(|s| self.pieces[s.index()] == 0)
            .map(|loser| Outcome {
                winner: Some(loser.opponent().into()),
                reason: Reason::Elimination,
            })
    }

    /// Recomputes the outcome from what the position shows (after parsing), in the order of
    /// SG-6: elimination, the move limit (D-18), the side to move blocked.
    pub(super) fn refresh_outcome(&mut self) {
        self.outcome = None;
        self.outcome = self.elimination().or_else(|| {
            if self.count >= self.limit {
                Some(self.count_outcome(Reason::MoveLimit))
            } else if !self.has_legal_move() {
                Some(self.count_outcome(Reason::Blocked))
            } else {
                None
            }
        });
    }

    /// The Zobrist key of everything that decides the future: pieces, side to move, pieces in
    /// hand, chain, counter, limit and outcome.
    #[must_use]
    pub fn full_key(&self) -> u64 {
        let small = u64::from(self.count)
            | u64::from(self.limit) << 16
            | u64::from(self.hands[0]) << 32
            | u64::from(self.hands[1]) << 40
            | u64::from(self.chain.map_or(0, |s| u16::from(s.0) + 1)) << 48
            | Outcome::code(self.outcome) << 57;
        self.piece_key ^ zobrist::mix(small ^ 0x5EE6_A000)
    }
}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // Equal positions have equal keys, so the key alone is a valid hash.
        state.write_u64(self.full_key());
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({self})")
    }
}
