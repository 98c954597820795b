//! The rule sets: each implements [`crate::game::GameState`].

pub mod breakthrough;
pub mod pawn_peak;
mod rank_text;
pub mod seega;
mod text_fields;
pub mod zobrist;
