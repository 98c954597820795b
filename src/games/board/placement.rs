//! The placement field of a position string with `W`/`B` pieces (RULES.md BT-5, SG-7; the same
//! shape as PP-10): ranks from the top down separated by `/`, files from `a`, a number (one or
//! two digits) for that many empty tiles. Shared by Breakthrough and Seega.

use std::fmt;

use crate::excerpt::Excerpt;
use std::ops::RangeInclusive;

use super::white_black::Side;
use crate::games::board::rank_text::parse_rank;
use crate::games::board::{PositionError, Square};

/// A board read from a placement field: its size and a board array of side codes (0 empty,
/// 1 White, 2 Black) indexed by [`Square`].
#[derive(Debug, Clone)]
pub(crate) struct Placement {
    pub width: u8,
    pub height: u8,
    pub board: [u8; 256],
}

pub(crate) fn err(field: &'static str, column: usize, reason: impl Into<String>) -> PositionError {
    PositionError {
        field,
        column,
        reason: reason.into(),
    }
}

pub(crate) use crate::games::board::text_fields::{exact_fields, whole_number};

/// `<count>/<limit>`, each digits only, `count ≤ limit`.
pub(crate) fn counter(text: &str, col: usize) -> Result<(u16, u16), PositionError> {
    let (c, l) = text.split_once('/').ok_or_else(|| {
        err(
            "counter",
            col,
            format!("{} is not <count>/<limit>", Excerpt(text)),
        )
    })?;
    let count = whole_number(c).map_err(|r| err("counter", col, format!("move counter {r}")))?;
    let limit = whole_number(l)
        .map_err(|r| err("counter", col + c.len() + 1, format!("move limit {r}")))?;
    if count > limit {
        return Err(err(
            "counter",
            col,
            format!("move counter {count} is above the move limit {limit}"),
        ));
    }
    Ok((count, limit))
}

/// The side-to-move field: `w` or `b`.
pub(crate) fn side(text: &str, col: usize) -> Result<Side, PositionError> {
    match text {
        "w" => Ok(Side::White),
        "b" => Ok(Side::Black),
        _ => Err(err(
            "side",
            col,
            format!("{} is not a side: w or b", Excerpt(text)),
        )),
    }
}

/// Reads a placement field that starts at column `col`, with the allowed widths and heights
/// (`rule` names the rule that sets them, for messages).
pub(crate) fn parse(
    text: &str,
    col: usize,
    widths: RangeInclusive<u8>,
    heights: RangeInclusive<u8>,
    rule: &str,
) -> Result<Placement, PositionError> {
    let mut ranks = Vec::new();
    let mut c = col;
    for r in text.split('/') {
        ranks.push((
            c,
            parse_rank(
                r,
                c,
                0,
                |l| match l {
                    'W' => Some(Side::White.code()),
                    'B' => Some(Side::Black.code()),
                    _ => None,
                },
                "W (White) and B (Black)",
            )?,
        ));
        c += r.len() + 1;
    }
    let height = ranks.len();
    let width = ranks[0].1.len();
    let fits =
        |v: usize, range: &RangeInclusive<u8>| u8::try_from(v).is_ok_and(|v| range.contains(&v));
    if !fits(height, &heights) {
        return Err(err(
            "placement",
            col,
            format!(
                "{height} ranks; this game's boards have from {} to {} ranks ({rule})",
                heights.start(),
                heights.end()
            ),
        ));
    }
    if !fits(width, &widths) {
        return Err(err(
            "placement",
            col,
            format!(
                "{width} files; this game's boards have from {} to {} files ({rule})",
                widths.start(),
                widths.end()
            ),
        ));
    }
    let mut board = [0u8; 256];
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
        let rank = (height - 1 - i) as u8;
        for (file, &code) in r.iter().enumerate() {
            board[Square::new(file as u8, rank).index()] = code;
        }
    }
    Ok(Placement {
        width: width as u8,
        height: height as u8,
        board,
    })
}

/// Writes a placement field.
pub(crate) fn write(
    f: &mut fmt::Formatter<'_>,
    width: u8,
    height: u8,
    board: &[u8; 256],
) -> fmt::Result {
    for r in (0..height).rev() {
        let mut empty = 0;
        for file in 0..width {
            match Side::from_code(board[Square::new(file, r).index()]) {
                None => empty += 1,
                Some(s) => {
                    if empty > 0 {
                        write!(f, "{empty}")?;
                        empty = 0;
                    }
                    write!(f, "{}", s.letter())?;
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
    Ok(())
}

/// The placement field as text (see [`write`]), for building a position string.
pub(crate) fn text(width: u8, height: u8, board: &[u8; 256]) -> String {
    struct Field<'a>(u8, u8, &'a [u8; 256]);
    impl fmt::Display for Field<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write(f, self.0, self.1, self.2)
        }
    }
    Field(width, height, board).to_string()
}
