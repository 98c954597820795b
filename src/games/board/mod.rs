//! The vocabulary every rule set shares (RULES.md PP-1.1, BT-1, SG-1): a [`Square`] of a board
//! of at most 16 × 16 tiles, and the errors of a position string ([`PositionError`]) and of a
//! board edit ([`EditError`]); the text layer of position strings (`text_fields`, `rank_text`,
//! `placement` for White/Black boards), the White/Black [`white_black::Side`] of Breakthrough
//! and Seega, and Zobrist tables. Each rule set imports these; none imports a sibling.

use std::fmt;

use crate::excerpt::Excerpt;

pub(crate) mod placement;
pub(crate) mod rank_text;
pub(crate) mod text_fields;
pub mod white_black;
pub(crate) mod white_black_zobrist;
pub mod zobrist;

/// A tile of the board, by file (column, `a` = 0) and rank (row, rank 1 = 0), as one index
/// `rank * 16 + file`: boards are at most 16 × 16 (PP-1.1, BT-1, SG-1, D-1). `a1` is the bottom-left tile as
/// Red sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

impl Square {
    /// The square on file `file` (0 = `a`) and rank index `rank` (0 = rank 1); both < 16.
    #[must_use]
    pub fn new(file: u8, rank: u8) -> Square {
        debug_assert!(file < 16 && rank < 16);
        Square(rank * 16 + file)
    }

    /// The file index, 0 for `a`.
    #[must_use]
    pub fn file(self) -> u8 {
        self.0 % 16
    }

    /// The rank index, 0 for rank 1.
    #[must_use]
    pub fn rank(self) -> u8 {
        self.0 / 16
    }

    /// The array index.
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Parses `a1` … `p16`.
    ///
    /// # Errors
    /// A message saying what is wrong when the text is not a square name.
    pub fn parse(text: &str) -> Result<Square, String> {
        let mut chars = text.chars();
        let f = chars
            .next()
            .ok_or_else(|| "empty square name".to_string())?;
        if !('a'..='p').contains(&f) {
            return Err(format!(
                "{} is not a square: the file must be a letter a..p",
                Excerpt(text)
            ));
        }
        // Digits only, no sign and no leading zero: one spelling per square (PP-11).
        let digits = chars.as_str();
        if digits.starts_with('0') && !digits.is_empty() {
            return Err(format!(
                "{} is not a square: the rank is written without a leading 0",
                Excerpt(text)
            ));
        }
        let rank: u8 = Some(digits)
            .filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|d| d.parse().ok())
            .ok_or_else(|| {
                format!(
                    "{} is not a square: the rank must be a number 1..16",
                    Excerpt(text)
                )
            })?;
        if !(1..=16).contains(&rank) {
            return Err(format!(
                "{} is not a square: the rank must be 1..16",
                Excerpt(text)
            ));
        }
        Ok(Square::new(f as u8 - b'a', rank - 1))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// Why a position string was refused: the field (`placement`, `heights`, `side`, `scores`,
/// `exited`, `counter`, or `position` for the string as a whole), the 1-based column where the problem starts, and the reason.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("position string, field '{field}' (column {column}): {reason}")]
pub struct PositionError {
    /// The field at fault, by its name in RULES.md PP-10, BT-5 or SG-7.
    pub field: &'static str,
    /// 1-based character column in the string.
    pub column: usize,
    /// What is wrong.
    pub reason: String,
}

/// An error in a board edit (size out of range, a square off the board, a height above 9).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct EditError(pub String);
