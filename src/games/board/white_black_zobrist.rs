//! Zobrist keys shared by Breakthrough and Seega: one random 64-bit number per (side, square),
//! one for the side to move, generated at compile time by SplitMix64 from a fixed seed.

use crate::games::board::Square;

use crate::games::board::zobrist::{piece_table, splitmix};

static PIECES: [[u64; 256]; 3] = piece_table(0xB7 << 32);

/// The key of Black being to move.
pub const SIDE: u64 = splitmix(0xB1AC);

/// The key of board code `code` (0 = empty, key 0; 1 White; 2 Black) on `sq`.
#[inline]
#[must_use]
pub fn piece(code: u8, sq: Square) -> u64 {
    PIECES[usize::from(code)][sq.index()]
}

/// A bijective 64-bit mixer, for folding small fields (counters, outcome) into the key.
#[inline]
#[must_use]
pub fn mix(x: u64) -> u64 {
    splitmix(x)
}
