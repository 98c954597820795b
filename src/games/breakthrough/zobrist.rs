//! Zobrist keys shared by Breakthrough and Seega: one random 64-bit number per (side, square),
//! one for the side to move, generated at compile time by SplitMix64 from a fixed seed.

use crate::games::pawn_peak::Square;

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

const fn table() -> [[u64; 256]; 3] {
    let mut t = [[0u64; 256]; 3];
    let mut code = 1;
    while code < 3 {
        let mut sq = 0;
        while sq < 256 {
            t[code][sq] = splitmix(0xB7_0000 | (code as u64) << 8 | sq as u64);
            sq += 1;
        }
        code += 1;
    }
    t
}

static PIECES: [[u64; 256]; 3] = table();

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
