//! [`Position`]: a Pawn&Peak board with terrain, pieces, side to move, scores, exited pieces,
//! move counter and limit, and the outcome once the match is over.

use super::removed::Removed;
use super::rules::{self, MAX_SIZE, MIN_SIZE};
use super::types::{Piece, PieceKind, Side};
use super::zobrist;
use crate::game::{Outcome, Reason};
use crate::games::board::EditError;
use crate::games::board::Square;

/// A Pawn&Peak position (RULES.md PP-1, PP-9, PP-10).
///
/// Tiles are indexed by [`Square`] (`rank * 16 + file`); only files `< width` and ranks
/// `< height` are on the board. Heights are 0..=9 (D-2). Scores are points, the move counter and
/// limit are plies. `exited` lists, in order, the pieces that left the board past their far
/// edge (at most two: a second exit ends the match).
///
/// A position is `Copy` (about 600 bytes) so that search can keep one per ply.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub(super) width: u8,
    pub(super) height: u8,
    pub(super) heights: [u8; 256],
    /// Piece codes by tile (0: empty); write it through [`Position::put`] only, which keeps
    /// `men` with it.
    pub(super) board: [u8; 256],
    /// The tiles of each side's pieces (Red, Blue) as 256-bit sets, bit `i` for the tile of
    /// index `i` (four words, low first): the same pieces as `board`, found without reading
    /// the empty tiles.
    pub(super) men: [[u64; 4]; 2],
    pub(super) side: Side,
    pub(super) scores: [u16; 2],
    pub(super) exited: [u8; 2],
    pub(super) exited_len: u8,
    pub(super) count: u16,
    pub(super) limit: u16,
    pub(super) outcome: Option<Outcome>,
    /// Zobrist key of the pieces and the side to move, kept up to date by every change.
    pub(super) piece_key: u64,
    /// Rules taken away for a theme's test (empty in every real match).
    pub(super) removed: Removed,
}

impl Position {
    /// An empty, flat board of `width` × `height` tiles, Red to move, no score, counter 0 and the
    /// standard limit of 200.
    ///
    /// # Errors
    /// When either size is outside 3..=16 (D-1).
    pub fn empty(width: u8, height: u8) -> Result<Position, EditError> {
        for (name, v) in [("width", width), ("height", height)] {
            if !(MIN_SIZE..=MAX_SIZE).contains(&v) {
                return Err(EditError(format!(
                    "board {name} {v}: a whole number from {MIN_SIZE} to {MAX_SIZE} is expected (RULES.md D-1)"
                )));
            }
        }
        let mut p = Position {
            width,
            height,
            heights: [0; 256],
            board: [0; 256],
            men: [[0; 4]; 2],
            side: Side::Red,
            scores: [0, 0],
            exited: [0; 2],
            exited_len: 0,
            count: 0,
            limit: rules::STANDARD_MOVE_LIMIT,
            outcome: None,
            piece_key: 0,
            removed: Removed::NONE,
        };
        p.piece_key = p.compute_piece_key();
        Ok(p)
    }

    /// The standard-match template (D-3).
    #[must_use]
    pub fn standard() -> Position {
        rules::STANDARD_TEMPLATE
            .parse()
            .expect("the standard template is a valid position string")
    }

    /// Board width in files (3..=16).
    #[must_use]
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Board height in ranks (3..=16).
    #[must_use]
    pub fn height(&self) -> u8 {
        self.height
    }

    /// Whether a file and rank index pair is on the board.
    #[must_use]
    pub fn on_board(&self, file: i32, rank: i32) -> bool {
        (0..i32::from(self.width)).contains(&file) && (0..i32::from(self.height)).contains(&rank)
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

    /// The height of a tile (0..=9).
    #[must_use]
    pub fn height_at(&self, sq: Square) -> u8 {
        self.heights[sq.index()]
    }

    /// The piece on a tile.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }

    /// The occupied tiles with their piece codes, rank 1 first, files `a` first within a rank
    /// (the order of [`Position::squares`]), from the piece sets.
    #[inline]
    pub(super) fn occupied(&self) -> impl Iterator<Item = (Square, u8)> + '_ {
        let all = std::array::from_fn(|i| self.men[0][i] | self.men[1][i]);
        tiles_of(all).map(|sq| (sq, self.board[sq.index()]))
    }

    /// The tiles of `side`'s pieces with their codes, in the order of [`Position::occupied`].
    #[inline]
    pub(super) fn occupied_by(&self, side: Side) -> impl Iterator<Item = (Square, u8)> + '_ {
        tiles_of(self.men[side.index()]).map(|sq| (sq, self.board[sq.index()]))
    }

    /// Puts the piece of `code` (0: none) on `sq`, keeping the piece sets; the Zobrist key and
    /// the outcome are the caller's.
    #[inline]
    pub(super) fn put(&mut self, sq: Square, code: u8) {
        let (word, bit) = (sq.index() / 64, 1u64 << (sq.index() % 64));
        if let Some(p) = Piece::from_code(self.board[sq.index()]) {
            self.men[p.side.index()][word] &= !bit;
        }
        if let Some(p) = Piece::from_code(code) {
            self.men[p.side.index()][word] |= bit;
        }
        self.board[sq.index()] = code;
    }

    /// Every piece on the board with its square.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.squares()
            .filter_map(|s| self.piece_at(s).map(|p| (s, p)))
    }

    /// The side to move.
    #[must_use]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// A side's score in points.
    #[must_use]
    pub fn score(&self, side: Side) -> u16 {
        self.scores[side.index()]
    }

    /// The pieces that exited so far, in order (at most two).
    #[must_use]
    pub fn exited(&self) -> Vec<Piece> {
        self.exited[..usize::from(self.exited_len)]
            .iter()
            .filter_map(|&c| Piece::from_code(c))
            .collect()
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

    /// How many pieces a side has on the board.
    #[must_use]
    pub fn piece_count(&self, side: Side) -> usize {
        self.men[side.index()]
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum()
    }

    /// Whether a side has any piece on the board (`piece_count(side) > 0`, stopping early).
    pub(super) fn has_piece(&self, side: Side) -> bool {
        self.men[side.index()].iter().any(|&w| w != 0)
    }

    /// The rank index of a side's far edge: the top rank for Red, rank 1 (index 0) for Blue.
    #[must_use]
    pub fn far_rank(&self, side: Side) -> u8 {
        match side {
            Side::Red => self.height - 1,
            Side::Blue => 0,
        }
    }

    /// Distance of a square to a side's exit edge in ranks (PP-8.3): Red `H − rank`, Blue
    /// `rank − 1`, both 0 on the far rank.
    #[must_use]
    pub fn distance_to_exit(&self, side: Side, sq: Square) -> u8 {
        match side {
            Side::Red => self.height - 1 - sq.rank(),
            Side::Blue => sq.rank(),
        }
    }

    /// The Zobrist key of pieces and side to move, computed from scratch.
    #[must_use]
    pub(super) fn compute_piece_key(&self) -> u64 {
        let mut k = if self.side == Side::Blue {
            zobrist::SIDE
        } else {
            0
        };
        for sq in self.squares() {
            k ^= zobrist::piece(self.board[sq.index()], sq);
        }
        k
    }

    /// Recomputes the outcome from what the position shows (used after edits and parsing):
    /// two exits, a side to move without pieces, the counter at the limit, or no legal move
    /// (PP-8 in its order), and a Guardian listed first among the exited pieces (D-22).
    pub(super) fn refresh_outcome(&mut self) {
        self.outcome = None;
        self.outcome = self.derived_outcome();
    }

    fn derived_outcome(&self) -> Option<Outcome> {
        // PP-8.1: a first exit by a Guardian has won at once. Play lists that exit (D-22), and
        // a position string or an edit listing it first is that match, over too.
        if self.exited_len >= 1
            && let Some(first) = Piece::from_code(self.exited[0])
            && first.kind == PieceKind::Guardian
        {
            return Some(Outcome {
                winner: Some(first.side.into()),
                reason: Reason::GuardianExit,
            });
        }
        if self.exited_len >= 2 {
            return Some(self.score_outcome(Reason::TwoExits));
        }
        let mover = self.side;
        // PP-8.2: the side that acted (the opponent of the side to move) wins when the side to
        // move has no piece. The side that acted may itself have none (its last piece exited):
        // PP-8.2 lets the match go on, and the shared rule cases list moves there.
        if !self.has_piece(mover) {
            return Some(Outcome {
                winner: Some(mover.opponent().into()),
                reason: Reason::Elimination,
            });
        }
        if self.count >= self.limit {
            return Some(self.limit_outcome());
        }
        if !self.has_legal_move() {
            return Some(Outcome {
                winner: Some(mover.opponent().into()),
                reason: Reason::NoLegalMove,
            });
        }
        None
    }

    /// PP-8.1: the higher score wins, equal scores draw.
    pub(super) fn score_outcome(&self, reason: Reason) -> Outcome {
        let winner = match self.scores[0].cmp(&self.scores[1]) {
            std::cmp::Ordering::Greater => Some(Side::Red.into()),
            std::cmp::Ordering::Less => Some(Side::Blue.into()),
            std::cmp::Ordering::Equal => None,
        };
        Outcome { winner, reason }
    }

    /// PP-8.3 with D-10 and D-11: the result when the counter reaches the limit.
    pub(super) fn limit_outcome(&self) -> Outcome {
        let mut adv: [Option<(u8, u8)>; 2] = [None, None];
        for (sq, p) in self.pieces() {
            let d = self.distance_to_exit(p.side, sq);
            let s = p.kind.strength();
            let slot = &mut adv[p.side.index()];
            *slot = match *slot {
                Some((bd, bs)) if bd < d || (bd == d && bs >= s) => Some((bd, bs)),
                _ => Some((d, s)),
            };
        }
        Outcome {
            winner: rules::move_limit_winner(self.scores, adv).map(Into::into),
            reason: Reason::MoveLimit,
        }
    }
}

/// The tiles of a 256-bit set, lowest index first.
#[inline]
fn tiles_of(set: [u64; 4]) -> impl Iterator<Item = Square> {
    let (mut words, mut i) = (set, 0usize);
    std::iter::from_fn(move || {
        while i < 4 {
            let w = words[i];
            if w != 0 {
                words[i] = w & (w - 1);
                return Some(Square((i * 64) as u8 + w.trailing_zeros() as u8));
            }
            i += 1;
        }
        None
    })
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

impl Position {
    /// The Zobrist key of everything that decides the future: pieces, side to move, scores,
    /// exited pieces, counter, limit and outcome. Terrain is not in the key: it never changes
    /// during a match, so positions compared in one search share it.
    #[must_use]
    pub fn full_key(&self) -> u64 {
        let mut small = u64::from(self.count)
            | u64::from(self.limit) << 16
            | u64::from(self.scores[0]) << 32
            | u64::from(self.scores[1]) << 48;
        small = zobrist::mix(small);
        let ex = u64::from(self.exited[0])
            | u64::from(self.exited[1]) << 8
            | u64::from(self.exited_len) << 16
            | Outcome::code(self.outcome) << 20;
        self.piece_key ^ small ^ zobrist::mix(ex ^ 0x9e37_79b9)
    }
}
