//! Rules written from RULES.md for the certificate checker alone, sharing no code with the
//! engine (`src/games`) or the solver (`src/solver`): a second implementation, so that a
//! certificate checked here does not take the engine's word for any rule.

pub mod breakthrough;
