//! [`Position`]: a Breakthrough board with pawns, side to move, move counter and limit, and the
//! outcome once the match is over (RULES.md BT-1, BT-3, BT-4).

use super::rules::{self, MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH};
use crate::game::{Outcome, Reason};
use crate::games::board::white_black::Side;
use crate::games::board::white_black_zobrist as zobrist;
use crate::games::board::{EditError, Square};

/// A Breakthrough position.
///
/// Tiles are indexed by [`Square`] (`rank * 16 + file`); only files `< width` and ranks
/// `< height` are on the board, and tiles off the board always hold 0. The board holds side
/// codes (0 empty, 1 White, 2 Black). `Copy` (about 320 bytes), so search keeps one per ply.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub(super) width: u8,
    pub(super) height: u8,
    pub(super) board: [u8; 256],
    pub(super) pawns: [u8; 2],
    pub(super) side: Side,
    pub(super) count: u16,
    pub(super) limit: u16,
    pub(super) outcome: Option<Outcome>,
    /// Zobrist key of the pawns and the side to move, kept up to date by every change.
    pub(super) piece_key: u64,
    /// On boards of at most [`BITS_TILES`] tiles, each side's pawns as a set of tile numbers
    /// `rank * width + file` (White's first); all 0 on bigger boards. Kept with the board.
    pub(super) bits: [u128; 2],
}

/// Boards with at most this many tiles keep their pawns as bit sets too ([`Position::bits`]).
pub(super) const BITS_TILES: u16 = 128;

impl Position {
    /// An empty board of `width` × `height` tiles, White to move (D-13), counter 0, the
    /// standard limit. Its outcome is not set until pawns are placed (see [`Position::start`]).
    ///
    /// # Errors
    /// When the width is outside 2..=16 or the height outside 4..=16 (D-12).
    pub fn empty(width: u8, height: u8) -> Result<Position, EditError> {
        if !(MIN_WIDTH..=MAX_WIDTH).contains(&width) {
            return Err(EditError(format!(
                "board width {width}: a whole number from {MIN_WIDTH} to {MAX_WIDTH} is expected (RULES.md D-12)"
            )));
        }
        if !(MIN_HEIGHT..=MAX_HEIGHT).contains(&height) {
            return Err(EditError(format!(
                "board height {height}: a whole number from {MIN_HEIGHT} to {MAX_HEIGHT} is expected (RULES.md D-12)"
            )));
        }
        Ok(Position {
            width,
            height,
            board: [0; 256],
            pawns: [0, 0],
            side: rules::FIRST_SIDE,
            count: 0,
            limit: rules::STANDARD_MOVE_LIMIT,
            outcome: None,
            piece_key: 0,
            bits: [0, 0],
        })
    }

    /// The start of a `width` × `height` match: each side's two nearest ranks full of pawns
    /// (BT-1), White to move (D-13), counter 0 of the standard limit.
    ///
    /// # Errors
    /// As [`Position::empty`].
    pub fn start(width: u8, height: u8) -> Result<Position, EditError> {
        let mut p = Position::empty(width, height)?;
        for f in 0..width {
            for r in 0..rules::HOME_RANKS {
                p.board[Square::new(f, r).index()] = Side::White.code();
                p.board[Square::new(f, height - 1 - r).index()] = Side::Black.code();
            }
        }
        p.recount();
        p.refresh_outcome();
        Ok(p)
    }

    /// The standard 8 × 8 start (BT-1).
    #[must_use]
    pub fn standard() -> Position {
        Position::start(rules::STANDARD_SIZE, rules::STANDARD_SIZE).expect("8 × 8 is a valid board")
    }

    /// Board width in files (2..=16).
    #[must_use]
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Board height in ranks (4..=16).
    #[must_use]
    pub fn height(&self) -> u8 {
        self.height
    }

    /// Whether `sq` is on the board.
    #[must_use]
    pub fn contains(&self, sq: Square) -> bool {
        sq.file() < self.width && sq.rank() < self.height
    }

    /// Every square of the board, rank 1 first, files `a` first within a rank.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.height).flat_map(move |r| (0..self.width).map(move |f| Square::new(f, r)))
    }

    /// The pawn on a tile, by its side.
    #[must_use]
    pub fn pawn_at(&self, sq: Square) -> Option<Side> {
        Side::from_code(self.board[sq.index()])
    }

    /// The side to move.
    #[must_use]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// How many pawns a side has.
    #[must_use]
    pub fn pawn_count(&self, side: Side) -> u8 {
        self.pawns[side.index()]
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

    /// The rank index a side's pawns advance by: +1 for White, −1 for Black.
    #[must_use]
    pub(super) fn forward(side: Side) -> i8 {
        match side {
            Side::White => 1,
            Side::Black => -1,
        }
    }

    /// The rank index of a side's far rank (BT-3): the top rank for White, rank 1 for Black.
    #[must_use]
    pub fn far_rank(&self, side: Side) -> u8 {
        match side {
            Side::White => self.height - 1,
            Side::Black => 0,
        }
    }

    /// Ranks between a square and a side's far rank.
    #[must_use]
    pub fn distance_to_far_rank(&self, side: Side, sq: Square) -> u8 {
        self.far_rank(side).abs_diff(sq.rank())
    }

    // ----- edits (the parser, tests, an editor); each keeps counts, key and outcome right ---

    /// Puts a pawn of `side` on `sq` (or empties it with `None`).
    ///
    /// # Errors
    /// When `sq` is off the board.
    pub fn set_pawn(&mut self, sq: Square, side: Option<Side>) -> Result<(), EditError> {
        if !self.contains(sq) {
            return Err(EditError(format!(
                "square {sq} is off the {}×{} board",
                self.width, self.height
            )));
        }
        self.board[sq.index()] = side.map_or(0, Side::code);
        self.recount();
        self.refresh_outcome();
        Ok(())
    }

    /// Sets the side to move.
    pub fn set_side_to_move(&mut self, side: Side) {
        self.side = side;
        self.recount();
        self.refresh_outcome();
    }

    /// Sets the move counter and limit (plies).
    ///
    /// # Errors
    /// When `count > limit` (BT-5).
    pub fn set_counter(&mut self, count: u16, limit: u16) -> Result<(), EditError> {
        if count > limit {
            return Err(EditError(format!(
                "move counter {count} is above the move limit {limit} (BT-5)"
            )));
        }
        self.count = count;
        self.limit = limit;
        self.refresh_outcome();
        Ok(())
    }

    /// The bit of `sq` in [`Position::bits`]; 0 on boards of more than [`BITS_TILES`] tiles.
    #[inline]
    pub(super) fn tile_bit(&self, sq: Square) -> u128 {
        if self.has_bits() {
            1 << (u32::from(sq.rank()) * u32::from(self.width) + u32::from(sq.file()))
        } else {
            0
        }
    }

    /// Whether the board is small enough to keep [`Position::bits`].
    #[inline]
    pub(super) fn has_bits(&self) -> bool {
        u16::from(self.width) * u16::from(self.height) <= BITS_TILES
    }

    /// Recomputes pawn counts, bit sets and the Zobrist key from the board.
    pub(super) fn recount(&mut self) {
        self.pawns = [0, 0];
        self.bits = [0, 0];
        let mut k = if self.side == Side::Black {
            zobrist::SIDE
        } else {
            0
        };
        let squares: Vec<Square> = self.squares().collect();
        for sq in squares {
            let code = self.board[sq.index()];
            if let Some(s) = Side::from_code(code) {
                self.pawns[s.index()] += 1;
                self.bits[s.index()] |= self.tile_bit(sq);
            }
            k ^= zobrist::piece(code, sq);
        }
        self.piece_key = k;
    }

    /// Whether a side has a pawn on its far rank.
    pub(super) fn on_far_rank(&self, side: Side) -> bool {
        let r = self.far_rank(side);
        (0..self.width).any(|f| self.board[Square::new(f, r).index()] == side.code())
    }

    /// Recomputes the outcome from what the position shows (after edits and parsing), in the
    /// order of BT-3 and BT-4: a pawn on its far rank, a side without pawns, the counter at the
    /// limit, the side to move without a legal move.
    pub(super) fn refresh_outcome(&mut self) {
        self.outcome = None;
        self.outcome = self.derived_outcome();
    }

    fn derived_outcome(&self) -> Option<Outcome> {
        let won = |side: Side, reason| {
            Some(Outcome {
                winner: Some(side.into()),
                reason,
            })
        };
        // BT-3: the side that just moved is checked first; it is the one that can have won.
        for side in [self.side.opponent(), self.side] {
            if self.on_far_rank(side) {
                return won(side, Reason::Breakthrough);
            }
        }
        for side in [self.side, self.side.opponent()] {
            if self.pawns[side.index()] == 0 {
                return won(side.opponent(), Reason::Elimination);
            }
        }
        if self.count >= self.limit {
            return Some(Outcome {
                winner: None,
                reason: Reason::MoveLimit,
            });
        }
        if !self.has_legal_move() {
            return Some(self.no_legal_move_outcome());
        }
        None
    }

    /// BT-3 with D-14: the side to move has no legal move.
    pub(super) fn no_legal_move_outcome(&self) -> Outcome {
        Outcome {
            winner: rules::NO_LEGAL_MOVE_LOSES.then(|| self.side.opponent().into()),
            reason: Reason::NoLegalMove,
        }
    }

    /// The Zobrist key of everything that decides the future: pawns, side to move, counter,
    /// limit and outcome.
    #[must_use]
    pub fn full_key(&self) -> u64 {
        let small =
            u64::from(self.count) | u64::from(self.limit) << 16 | Outcome::code(self.outcome) << 32;
        self.piece_key ^ zobrist::mix(small)
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
