//! The position string (RULES.md PP-10): `<placement> <heights> <side> <red>:<blue> <exited>
//! <count>/<limit>`, read with [`str::parse`] and written with `Display`.

use std::fmt;
use std::str::FromStr;

use super::position::Position;
use super::rules::{MAX_HEIGHT, MAX_SIZE, MIN_SIZE};
use super::types::{Piece, Side};
use crate::games::board::rank_text::parse_rank;
use crate::games::board::text_fields::{exact_fields, whole_number};
use crate::games::board::{PositionError, Square};

fn err(field: &'static str, column: usize, reason: impl Into<String>) -> PositionError {
    PositionError {
        field,
        column,
        reason: reason.into(),
    }
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Position, PositionError> {
        let f = exact_fields(
            s,
            &[
                "placement",
                "heights",
                "side",
                "scores",
                "exited",
                "counter",
            ],
        )?;
        let mut p = read_placement(f[0])?;
        read_heights(&mut p, f[1])?;
        p.side = read_side(f[2])?;
        read_scores(&mut p, f[3])?;
        read_exited(&mut p, f[4])?;
        read_counter(&mut p, f[5])?;
        p.piece_key = p.compute_piece_key();
        p.refresh_outcome();
        Ok(p)
    }
}

/// A field of the string: the column where it starts (from 1) and its text.
type Field<'a> = (usize, &'a str);

/// The placement field: the board's size and its pieces, on flat terrain.
fn read_placement((pcol, ptext): Field<'_>) -> Result<Position, PositionError> {
    let mut ranks = Vec::new();
    let mut col = pcol;
    for r in ptext.split('/') {
        ranks.push((
            col,
            parse_rank(
                r,
                col,
                None,
                |c| Piece::from_letter(c).map(Some),
                "S P G (Red) and s p g (Blue)",
            )?,
        ));
        col += r.len() + 1;
    }
    let height = ranks.len();
    let width = ranks[0].1.len();
    for (n, what) in [(height, "ranks"), (width, "files")] {
        if !(usize::from(MIN_SIZE)..=usize::from(MAX_SIZE)).contains(&n) {
            return Err(err(
                "placement",
                pcol,
                format!("{n} {what}; a board has {MIN_SIZE} to {MAX_SIZE} (D-1)"),
            ));
        }
    }
    for (i, (c, r)) in ranks.iter().enumerate() {
        if r.len() != width {
            return Err(err(
                "placement",
                *c,
                format!(
                    "rank {} has {} tiles but the top rank has {width}: ranks must be equal",
                    height - i,
                    r.len()
                ),
            ));
        }
    }
    let mut p =
        Position::empty(width as u8, height as u8).map_err(|e| err("placement", pcol, e.0))?;
    for (i, (_, r)) in ranks.iter().enumerate() {
        let rank = (height - 1 - i) as u8;
        for (file, piece) in r.iter().enumerate() {
            p.put(Square::new(file as u8, rank), piece.map_or(0, Piece::code));
        }
    }
    Ok(p)
}

/// The heights field: `-` (flat) or one row of digits per rank, top rank first.
fn read_heights(p: &mut Position, (hcol, htext): Field<'_>) -> Result<(), PositionError> {
    if htext == "-" {
        return Ok(());
    }
    let (width, height) = (usize::from(p.width()), usize::from(p.height()));
    let rows: Vec<&str> = htext.split('/').collect();
    if rows.len() != height {
        return Err(err(
            "heights",
            hcol,
            format!("{} rows of heights for {height} ranks", rows.len()),
        ));
    }
    let mut col = hcol;
    for (i, row) in rows.iter().enumerate() {
        if row.chars().count() != width {
            return Err(err(
                "heights",
                col,
                format!(
                    "rank {} has {} heights; the board is {width} wide",
                    height - i,
                    row.chars().count()
                ),
            ));
        }
        let rank = (height - 1 - i) as u8;
        for (file, c) in row.chars().enumerate() {
            let h = c.to_digit(10).ok_or_else(|| {
                err(
                    "heights",
                    col + file,
                    format!("'{c}' is not a height digit 0..{MAX_HEIGHT}"),
                )
            })?;
            p.heights[Square::new(file as u8, rank).index()] = h as u8;
        }
        col += row.len() + 1;
    }
    Ok(())
}

/// The side field: `r` or `b`.
fn read_side((scol, stext): Field<'_>) -> Result<Side, PositionError> {
    match stext {
        "r" => Ok(Side::Red),
        "b" => Ok(Side::Blue),
        _ => Err(err(
            "side",
            scol,
            format!("{} is not a side: r or b", crate::excerpt::Excerpt(stext)),
        )),
    }
}

/// The scores field: `<red>:<blue>`.
fn read_scores(p: &mut Position, (sccol, sctext): Field<'_>) -> Result<(), PositionError> {
    let (red, blue) = sctext
        .split_once(':')
        .ok_or_else(|| err("scores", sccol, format!("'{sctext}' is not <red>:<blue>")))?;
    let num = |t: &str, c: usize| -> Result<u16, PositionError> {
        whole_number(t).map_err(|r| err("scores", c, format!("score {r}")))
    };
    let scores = [num(red, sccol)?, num(blue, sccol + red.len() + 1)?];
    p.set_scores(scores[0], scores[1])
        .map_err(|e| err("scores", sccol, e.0))
}

/// The exited field: `-` or the letters of the pieces that exited, in order.
fn read_exited(p: &mut Position, (ecol, etext): Field<'_>) -> Result<(), PositionError> {
    if etext == "-" {
        return Ok(());
    }
    let mut ex = Vec::new();
    for (i, c) in etext.chars().enumerate() {
        ex.push(
            Piece::from_letter(c)
                .ok_or_else(|| err("exited", ecol + i, format!("'{c}' is not a piece letter")))?,
        );
    }
    p.set_exited(&ex).map_err(|e| err("exited", ecol, e.0))
}

/// The counter field: `<count>/<limit>`.
fn read_counter(p: &mut Position, (ccol, ctext): Field<'_>) -> Result<(), PositionError> {
    let (count, limit) = ctext
        .split_once('/')
        .ok_or_else(|| err("counter", ccol, format!("'{ctext}' is not <count>/<limit>")))?;
    let lcol = ccol + count.len() + 1;
    let count =
        whole_number(count).map_err(|r| err("counter", ccol, format!("move counter {r}")))?;
    let limit = whole_number(limit).map_err(|r| err("counter", lcol, format!("move limit {r}")))?;
    p.set_counter(count, limit)
        .map_err(|e| err("counter", ccol, e.0))
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in (0..self.height).rev() {
            let mut empty = 0;
            for file in 0..self.width {
                match self.piece_at(Square::new(file, r)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", p.letter())?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if r > 0 {
                f.write_str("/")?;
            }
        }
        f.write_str(" ")?;
        if self.squares().all(|s| self.height_at(s) == 0) {
            f.write_str("-")?;
        } else {
            for r in (0..self.height).rev() {
                for file in 0..self.width {
                    write!(f, "{}", self.height_at(Square::new(file, r)))?;
                }
                if r > 0 {
                    f.write_str("/")?;
                }
            }
        }
        let side = match self.side {
            Side::Red => 'r',
            Side::Blue => 'b',
        };
        write!(f, " {side} {}:{} ", self.scores[0], self.scores[1])?;
        let ex = self.exited();
        if ex.is_empty() {
            f.write_str("-")?;
        } else {
            for p in ex {
                write!(f, "{}", p.letter())?;
            }
        }
        write!(f, " {}/{}", self.count, self.limit)
    }
}
