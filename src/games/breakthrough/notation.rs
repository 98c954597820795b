//! The position string (RULES.md BT-5): `<placement> <side> <count>/<limit>`, read with
//! [`str::parse`] and written with `Display`.
//!
//! ```
//! use peakforge::games::breakthrough::Position;
//! let p: Position = "BBB/BBB/3/WWW/WWW w 0/200".parse().unwrap();
//! assert_eq!(p.to_string(), "BBB/BBB/3/WWW/WWW w 0/200");
//! assert_eq!(p, Position::start(3, 5).unwrap());
//! ```

use std::fmt;
use std::str::FromStr;

use super::position::Position;
use super::rules::{MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH};
use crate::games::board::PositionError;
use crate::games::board::placement::{self, err};

impl FromStr for Position {
    type Err = PositionError;

    /// # Errors
    /// The field (`position`, `placement`, `side`, `counter`), column and reason of the first
    /// fault; a position where both sides have a pawn on their far rank, or neither has a pawn.
    fn from_str(s: &str) -> Result<Position, PositionError> {
        let f = placement::exact_fields(s, &["placement", "side", "counter"])?;
        let (pcol, ptext) = f[0];
        let pl = placement::parse(
            ptext,
            pcol,
            MIN_WIDTH..=MAX_WIDTH,
            MIN_HEIGHT..=MAX_HEIGHT,
            "D-12",
        )?;
        let mut p =
            Position::empty(pl.width, pl.height).map_err(|e| err("placement", pcol, e.0))?;
        p.board = pl.board;
        p.side = placement::side(f[1].1, f[1].0)?;
        let (count, limit) = placement::counter(f[2].1, f[2].0)?;
        p.count = count;
        p.limit = limit;
        p.recount();
        if p.on_far_rank(p.side) && p.on_far_rank(p.side.opponent()) {
            return Err(err(
                "placement",
                pcol,
                "both sides have a pawn on their far rank: the match ended at the first (BT-3)",
            ));
        }
        if p.pawns == [0, 0] {
            return Err(err("placement", pcol, "neither side has a pawn"));
        }
        p.refresh_outcome();
        Ok(p)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        placement::write(f, self.width, self.height, &self.board)?;
        write!(
            f,
            " {} {}/{}",
            self.side.side_letter(),
            self.count,
            self.limit
        )
    }
}
