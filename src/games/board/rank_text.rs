//! One rank of a placement field, shared by every rule set's position string (RULES.md PP-10,
//! BT-5, SG-7): files from `a`, a number (one or two digits) for that many empty tiles, a letter
//! for a piece.

use crate::games::board::PositionError;

/// The widest board of any rule set.
const MAX_WIDTH: usize = 16;

fn placement_error(column: usize, reason: impl Into<String>) -> PositionError {
    PositionError {
        field: "placement",
        column,
        reason: reason.into(),
    }
}

/// Reads one rank starting at column `col`: `empty` for each empty tile, `piece(letter)` for
/// each piece letter (`None` refuses the letter; `letters` names the allowed ones in the
/// message).
///
/// # Errors
/// The column of a zero count, an unknown letter, or a rank wider than 16 tiles.
pub(crate) fn parse_rank<T: Clone>(
    text: &str,
    col: usize,
    empty: T,
    piece: impl Fn(char) -> Option<T>,
    letters: &str,
) -> Result<Vec<T>, PositionError> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i] as char;
        if c.is_ascii_digit() {
            let mut j = i + 1;
            if j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
            let n: usize = text[i..j].parse().unwrap_or(0);
            if n == 0 {
                return Err(placement_error(
                    col + i,
                    "an empty-tile count must be 1 or more",
                ));
            }
            out.extend(std::iter::repeat_n(empty.clone(), n));
            i = j;
        } else if let Some(p) = piece(c) {
            out.push(p);
            i += 1;
        } else {
            let shown = text[i..].chars().next().unwrap_or('?');
            return Err(placement_error(
                col + i,
                format!("unknown letter '{shown}': pieces are {letters}"),
            ));
        }
        if out.len() > MAX_WIDTH {
            return Err(placement_error(
                col,
                format!("a rank is wider than {MAX_WIDTH} tiles"),
            ));
        }
    }
    Ok(out)
}
