//! peakforge: the rules engine, exhaustive solver, challenge files and command line of the
//! Pawn&Peak puzzle authoring tool.
//!
//! ```
//! use peakforge::games::pawn_peak::Position;
//! use peakforge::game::GameState;
//! let p: Position = "3/G2/3/s2 - r 0:0 - 0/200".parse().unwrap();
//! let exit = p.parse_move("a3-exit").unwrap();
//! assert_eq!(p.play(exit).outcome().unwrap().reason.as_str(), "guardian_exit");
//! ```

pub mod board_view;
pub mod certify;
pub mod challenge;
pub mod cli;
pub mod difficulty;
pub mod document;
#[cfg(feature = "editor")]
pub mod editor;
pub mod excerpt;
pub mod game;
pub mod games;
pub mod generate;
pub mod library;
pub mod render;
pub mod report;
pub mod solver;
pub mod suggest;
pub mod themes;
pub mod verify;
