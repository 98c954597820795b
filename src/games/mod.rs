//! The rule sets: each implements [`crate::game::GameState`].

pub mod pawn_peak;
