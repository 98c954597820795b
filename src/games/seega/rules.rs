//! The numbers and decisions of Seega (RULES.md SG-1 to SG-9; **D-n** where the seed is
//! silent), in one place so that a designer can see them and later change them.

/// D-16: the board sizes (square boards); 5 × 5 is the standard board.
pub const SIZES: [u8; 3] = [5, 7, 9];
/// SG-1: the standard board size.
pub const STANDARD_SIZE: u8 = 5;
/// SG-2: pieces placed per placement turn (one when only one is left in hand, SG-7).
pub const PLACED_PER_TURN: u8 = 2;
/// The move limit of a new match (a template, not a rule: the seed has no limit, but the
/// movement phase can go on forever, so a match needs one; D-18 says how it ends there).
pub const STANDARD_MOVE_LIMIT: u16 = 200;

/// SG-1: the pieces each side starts with in hand on a `size` × `size` board: all tiles but
/// the refuge, shared equally (12, 24 or 40).
#[must_use]
pub fn pieces_per_side(size: u8) -> u8 {
    ((u16::from(size) * u16::from(size) - 1) / 2) as u8
}

/// D-17: a chain continues only with capturing moves of the same piece (`true`); `false`
/// would let the piece make any step.
pub const CHAIN_MUST_CAPTURE: bool = true;
