//! The rule sets: each implements [`crate::game::GameState`].

pub mod board;
pub mod breakthrough;
pub mod pawn_peak;
pub mod seega;
