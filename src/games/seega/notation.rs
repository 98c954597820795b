//! The position string (RULES.md SG-7): `<placement> <side> <white in hand>:<black in hand>
//! <chain> <count>/<limit>`, read with [`str::parse`] and written with `Display`.
//!
//! ```
//! use peakforge::games::seega::Position;
//! let p: Position = "5/5/5/5/5 w 12:12 - 0/200".parse().unwrap();
//! assert_eq!(p, Position::standard());
//! assert_eq!(p.to_string(), "5/5/5/5/5 w 12:12 - 0/200");
//! ```

use std::fmt;
use std::str::FromStr;

use super::position::Position;
use super::rules;
use crate::games::board::placement::{self, err, whole_number};
use crate::games::board::{PositionError, Square};

impl FromStr for Position {
    type Err = PositionError;

    /// # Errors
    /// The field (`position`, `placement`, `side`, `hands`, `chain`, `counter`), column and
    /// reason of the first fault, including positions play cannot reach: a board that is not
    /// 5×5, 7×7 or 9×9, the refuge taken or more pieces in hand than free tiles while placing,
    /// the side to move without a piece in hand while placing, a chain while placing or on a
    /// piece that cannot capture.
    fn from_str(s: &str) -> Result<Position, PositionError> {
        let f = placement::exact_fields(s, &["placement", "side", "hands", "chain", "counter"])?;
        let (pcol, ptext) = f[0];
        let pl = placement::parse(ptext, pcol, 5..=9, 5..=9, "D-16")?;
        if pl.width != pl.height || !rules::SIZES.contains(&pl.width) {
            return Err(err(
                "placement",
                pcol,
                format!(
                    "a {}×{} board; Seega is played on 5×5, 7×7 or 9×9 (D-16)",
                    pl.width, pl.height
                ),
            ));
        }
        let mut p = Position::start(pl.width).map_err(|e| err("placement", pcol, e.0))?;
        p.board = pl.board;
        p.side = placement::side(f[1].1, f[1].0)?;
        // Hands.
        let (hcol, htext) = f[2];
        let (w, b) = htext.split_once(':').ok_or_else(|| {
            err(
                "hands",
                hcol,
                format!("'{htext}' is not <white in hand>:<black in hand>"),
            )
        })?;
        let most = rules::pieces_per_side(p.size);
        let hand = |t: &str, c: usize| -> Result<u8, PositionError> {
            whole_number(t)
                .ok()
                .filter(|&n| n <= u16::from(most))
                .map(|n| n as u8)
                .ok_or_else(|| {
                    err(
                        "hands",
                        c,
                        format!("'{t}' is not a number of pieces from 0 to {most}"),
                    )
                })
        };
        p.hands = [hand(w, hcol)?, hand(b, hcol + w.len() + 1)?];
        let (count, limit) = placement::counter(f[4].1, f[4].0)?;
        p.count = count;
        p.limit = limit;
        p.recount();
        if p.placing() {
            if p.board[p.refuge().index()] != 0 {
                return Err(err(
                    "placement",
                    pcol,
                    format!(
                        "a piece on the refuge {} while pieces are still in hand (SG-2)",
                        p.refuge()
                    ),
                ));
            }
            let free = p.squares().filter(|s| p.board[s.index()] == 0).count() - 1;
            let held = usize::from(p.hands[0]) + usize::from(p.hands[1]);
            if held > free {
                return Err(err(
                    "hands",
                    hcol,
                    format!("{held} pieces in hand but only {free} free tiles (SG-2)"),
                ));
            }
            if p.hands[p.side.index()] == 0 {
                return Err(err(
                    "side",
                    f[1].0,
                    "the side to move has no piece in hand while the other places (SG-8)",
                ));
            }
        } else if p.pieces == [0, 0] {
            return Err(err("placement", pcol, "no piece on the board or in hand"));
        }
        // Chain.
        let (ccol, ctext) = f[3];
        if ctext != "-" {
            let n = p.size;
            let sq = Square::parse(ctext)
                .ok()
                .filter(|&sq| p.contains(sq))
                .ok_or_else(|| {
                    err(
                        "chain",
                        ccol,
                        format!("{ctext} is not a square of the {n} × {n} board"),
                    )
                })?;
            if p.placing() {
                return Err(err("chain", ccol, "no chain in the placement phase (SG-5)"));
            }
            if !p.contains(sq) || p.board[sq.index()] != p.side.code() {
                return Err(err(
                    "chain",
                    ccol,
                    format!("{sq} does not hold a piece of the side to move"),
                ));
            }
            if !p.can_capture_from(sq) {
                return Err(err(
                    "chain",
                    ccol,
                    format!(
                        "the piece on {sq} cannot capture: a chain goes on with captures only (SG-5)"
                    ),
                ));
            }
            p.chain = Some(sq);
        }
        p.refresh_outcome();
        Ok(p)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        placement::write(f, self.size, self.size, &self.board)?;
        write!(
            f,
            " {} {}:{} ",
            self.side.side_letter(),
            self.hands[0],
            self.hands[1]
        )?;
        match self.chain {
            Some(sq) => write!(f, "{sq}")?,
            None => f.write_str("-")?,
        }
        write!(f, " {}/{}", self.count, self.limit)
    }
}
