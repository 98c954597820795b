//! Zobrist tables shared by every rule set: random 64-bit numbers per (piece code, square),
//! generated at compile time by SplitMix64 from fixed seeds, so keys are the same on every run
//! and machine.

/// SplitMix64: a bijective 64-bit mixer (also used to fold small fields into keys).
#[must_use]
pub const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// A table of `N` piece codes × 256 squares: code 0 (empty) has key 0, code `c` on square `s`
/// has `splitmix(salt | c << 16 | s)`. Each rule set uses its own `salt`.
#[must_use]
pub const fn piece_table<const N: usize>(salt: u64) -> [[u64; 256]; N] {
    let mut t = [[0u64; 256]; N];
    let mut code = 1;
    while code < N {
        let mut sq = 0;
        while sq < 256 {
            t[code][sq] = splitmix(salt | (code as u64) << 16 | sq as u64);
            sq += 1;
        }
        code += 1;
    }
    t
}
