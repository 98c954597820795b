//! Zobrist keys for Pawn&Peak positions: one random 64-bit number per (piece code, square),
//! one for the side to move, generated at compile time by SplitMix64 from a fixed seed (so keys
//! are the same on every run and machine).

use crate::games::board::Square;

use crate::games::board::zobrist::{piece_table, splitmix};

static PIECES: [[u64; 256]; 7] = piece_table(0);

/// The key of the side to move being Blue.
pub const SIDE: u64 = splitmix(0xB10E);

/// The key of piece code `code` (0 = empty, which has key 0) on `sq`.
#[inline]
#[must_use]
pub fn piece(code: u8, sq: Square) -> u64 {
    PIECES[usize::from(code)][sq.index()]
}

/// A bijective 64-bit mixer, for folding small fields into the key.
#[inline]
#[must_use]
pub fn mix(x: u64) -> u64 {
    splitmix(x)
}
