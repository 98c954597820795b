//! Zobrist keys for Pawn&Peak positions: one random 64-bit number per (piece code, square),
//! one for the side to move, generated at compile time by SplitMix64 from a fixed seed (so keys
//! are the same on every run and machine).

use super::types::Square;

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

const fn table() -> [[u64; 256]; 7] {
    let mut t = [[0u64; 256]; 7];
    let mut code = 1;
    while code < 7 {
        let mut sq = 0;
        while sq < 256 {
            t[code][sq] = splitmix((code as u64) << 16 | sq as u64);
            sq += 1;
        }
        code += 1;
    }
    t
}

static PIECES: [[u64; 256]; 7] = table();

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
