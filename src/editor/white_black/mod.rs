//! Editing Breakthrough and Seega challenges (RULES.md BT, SG): boards of White and Black
//! pieces without terrain, edited directly as the file's `PositionSpec`
//! (`crate::challenge::PositionSpec`) so that an invalid board can still be shown and fixed.
//! New documents (`new`), reading and changing the spec (`spec`), the board (`board`), the
//! palette and fields (`panel`), recording a line by clicking (`record`) and the
//! Seega status (`status`).

pub mod board;
pub mod new;
pub mod panel;
pub mod record;
pub mod spec;
pub mod status;
