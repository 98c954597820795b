//! The decisions RULES.md takes for Breakthrough where the seed is silent (**D-n**), in one
//! place so that a designer can see them and later change them.

/// D-12: the narrowest board a challenge may use (the standard board is 8 × 8).
pub const MIN_WIDTH: u8 = 2;
/// D-12: the widest board a challenge may use.
pub const MAX_WIDTH: u8 = 16;
/// D-12: the lowest board a challenge may use: two home ranks per side need four ranks.
pub const MIN_HEIGHT: u8 = 4;
/// D-12: the highest board a challenge may use.
pub const MAX_HEIGHT: u8 = 16;
/// BT-1: the standard board's width and height.
pub const STANDARD_SIZE: u8 = 8;
/// BT-1: each side starts with this many of its nearest ranks full of pawns.
pub const HOME_RANKS: u8 = 2;
/// D-13: White moves first in a standard match (the seed does not say).
pub const FIRST_SIDE: super::Side = super::Side::White;
/// D-15: the move limit of the standard start (a template, not a rule: every move advances a
/// pawn one rank, so an 8 × 8 match ends within 2 × 88 = 176 plies and never reaches it).
pub const STANDARD_MOVE_LIMIT: u16 = 200;
/// D-14: the side to move with no legal move loses (`true`); `false` would make it a draw.
pub const NO_LEGAL_MOVE_LOSES: bool = true;
