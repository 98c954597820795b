//! [`Move`]: a Seega placement or step, and its move text (RULES.md SG-7).

use crate::games::board::Square;

/// A Seega move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// SG-2: pieces from hand onto one or two empty tiles (two squares sorted by file, then
    /// rank; the second is `None` when only one piece was left in hand).
    Place(Square, Option<Square>),
    /// SG-3: a piece one tile up, down, left or right; `captures` is how many enemy pieces it
    /// takes (SG-4), fixed by the position it is played from.
    Step {
        /// The piece's square.
        from: Square,
        /// Its destination.
        to: Square,
        /// Enemy pieces it captures (0 to 3: the tile it came from is now empty).
        captures: u8,
    },
}

/// The order of squares in placement text: by file, then rank.
pub(super) fn text_order(sq: Square) -> (u8, u8) {
    (sq.file(), sq.rank())
}

impl Move {
    /// A placement of one or two pieces, the squares put in text order.
    #[must_use]
    pub fn place(a: Square, b: Option<Square>) -> Move {
        match b {
            Some(b) if text_order(b) < text_order(a) => Move::Place(b, Some(a)),
            _ => Move::Place(a, b),
        }
    }

    /// The move text (SG-7): `c1+d2`, `c1` (one piece left in hand), `c1-c2`.
    #[must_use]
    pub fn text(self) -> String {
        match self {
            Move::Place(a, None) => a.to_string(),
            Move::Place(a, Some(b)) => format!("{a}+{b}"),
            Move::Step { from, to, .. } => format!("{from}-{to}"),
        }
    }

    /// The kind `moves --json` prints: `special` for a placement (it is neither a move nor a
    /// capture of the board's pieces), `capture` for a step that captures, `move` for the
    /// other steps.
    #[must_use]
    pub fn kind_name(self) -> &'static str {
        match self {
            Move::Place(..) => "special",
            Move::Step { captures: 0, .. } => "move",
            Move::Step { .. } => "capture",
        }
    }
}
