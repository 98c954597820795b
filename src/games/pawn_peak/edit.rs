//! Edits of a [`Position`] (the editor, the parser and the challenge files): each keeps the
//! Zobrist key and the outcome right.

use super::position::Position;
use super::removed::Removed;
use super::rules::MAX_HEIGHT;
use super::types::{Piece, Side};
use super::zobrist;
use crate::games::board::{EditError, Square};

impl Position {
    /// Puts `piece` on `sq` (or empties it with `None`).
    ///
    /// # Errors
    /// When `sq` is off the board.
    pub fn set_piece(&mut self, sq: Square, piece: Option<Piece>) -> Result<(), EditError> {
        self.check_square(sq)?;
        let old = self.board[sq.index()];
        self.piece_key ^= zobrist::piece(old, sq);
        let new = piece.map_or(0, Piece::code);
        self.put(sq, new);
        self.piece_key ^= zobrist::piece(new, sq);
        self.refresh_outcome();
        Ok(())
    }

    /// Sets a tile's height.
    ///
    /// # Errors
    /// When `sq` is off the board or `h` is above 9 (D-2).
    pub fn set_height(&mut self, sq: Square, h: u8) -> Result<(), EditError> {
        self.check_square(sq)?;
        if h > MAX_HEIGHT {
            return Err(EditError(format!(
                "height {h} at {sq} is above {MAX_HEIGHT} (RULES.md D-2)"
            )));
        }
        self.heights[sq.index()] = h;
        self.refresh_outcome();
        Ok(())
    }

    /// Sets the side to move.
    pub fn set_side_to_move(&mut self, side: Side) {
        if side != self.side {
            self.side = side;
            self.piece_key ^= zobrist::SIDE;
        }
        self.refresh_outcome();
    }

    /// Sets both scores (Red, Blue).
    ///
    /// # Errors
    /// When a score is above [`super::rules::MAX_START_SCORE`].
    pub fn set_scores(&mut self, red: u16, blue: u16) -> Result<(), EditError> {
        let most = super::rules::MAX_START_SCORE;
        if red.max(blue) > most {
            return Err(EditError(format!(
                "a score of {} is above the most a side may start with, {most}",
                red.max(blue)
            )));
        }
        self.scores = [red, blue];
        self.refresh_outcome();
        Ok(())
    }

    /// Sets the exited pieces, in order.
    ///
    /// # Errors
    /// When more than two are given (a second exit ends the match, PP-8.1).
    pub fn set_exited(&mut self, pieces: &[Piece]) -> Result<(), EditError> {
        if pieces.len() > 2 {
            return Err(EditError(format!(
                "{} exited pieces given; at most two can have exited (PP-8.1)",
                pieces.len()
            )));
        }
        self.exited = [0; 2];
        for (i, p) in pieces.iter().enumerate() {
            self.exited[i] = p.code();
        }
        self.exited_len = pieces.len() as u8;
        self.refresh_outcome();
        Ok(())
    }

    /// Sets the move counter and limit (plies).
    ///
    /// # Errors
    /// When `count > limit` (PP-10).
    pub fn set_counter(&mut self, count: u16, limit: u16) -> Result<(), EditError> {
        if count > limit {
            return Err(EditError(format!(
                "move counter {count} is above the move limit {limit} (PP-10)"
            )));
        }
        self.count = count;
        self.limit = limit;
        self.refresh_outcome();
        Ok(())
    }

    /// This position with `rules` taken away as well, for the match that follows (a theme's
    /// test: [`Removed`]); its outcome is worked out again under the rules left.
    #[must_use]
    pub fn without(&self, rules: Removed) -> Position {
        let mut p = *self;
        p.removed = p.removed.with(rules);
        p.refresh_outcome();
        p
    }

    /// The rules taken away from this match (none in a real one).
    #[must_use]
    pub fn removed(&self) -> Removed {
        self.removed
    }

    /// This position on flat terrain (every height 0), for a theme's test of PP-4.
    #[must_use]
    pub fn flattened(&self) -> Position {
        let mut p = *self;
        p.heights = [0; 256];
        p.refresh_outcome();
        p
    }

    /// A copy of this position on a board of a new size, keeping the tiles that still fit
    /// (same file and rank from `a1`).
    ///
    /// # Errors
    /// When a size is outside 3..=16 (D-1).
    pub fn resized(&self, width: u8, height: u8) -> Result<Position, EditError> {
        let mut p = Position::empty(width, height)?;
        for sq in p.squares().collect::<Vec<_>>() {
            if self.contains(sq) {
                p.heights[sq.index()] = self.heights[sq.index()];
                p.put(sq, self.board[sq.index()]);
            }
        }
        p.side = self.side;
        p.scores = self.scores;
        p.exited = self.exited;
        p.exited_len = self.exited_len;
        p.count = self.count;
        p.limit = self.limit;
        p.piece_key = p.compute_piece_key();
        p.refresh_outcome();
        Ok(p)
    }

    fn check_square(&self, sq: Square) -> Result<(), EditError> {
        if self.contains(sq) {
            Ok(())
        } else {
            Err(EditError(format!(
                "square {sq} is off the {}×{} board",
                self.width, self.height
            )))
        }
    }
}
