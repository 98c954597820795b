//! Where a command's position comes from: `--position "<string>"` with `--game`, or a
//! challenge file's starting position.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::CliError;
use crate::challenge;
use crate::games::pawn_peak::Position;

/// The rule sets the CLI knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum GameArg {
    /// Pawn&Peak (RULES.md PP).
    #[default]
    PawnPeak,
}

/// A position from a challenge file or a position string.
#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    /// A challenge file (.ron or .json); its starting position is used.
    #[arg(value_name = "FILE", conflicts_with = "position")]
    pub file: Option<PathBuf>,
    /// A position string (RULES.md PP-10).
    #[arg(long, value_name = "STRING")]
    pub position: Option<String>,
    /// The rule set of --position.
    #[arg(long, value_enum, default_value_t = GameArg::PawnPeak)]
    pub game: GameArg,
    /// Print one JSON document on stdout.
    #[arg(long)]
    pub json: bool,
}

/// The loaded position and, for a file, its challenge.
pub struct Loaded {
    /// The position to work on.
    pub position: Position,
    /// The challenge, when the position came from a file.
    pub challenge: Option<challenge::Challenge>,
}

impl PositionArgs {
    /// Loads the position.
    ///
    /// # Errors
    /// Exit 2 with the file, line and column or the field, and the reason.
    pub fn load(&self) -> Result<Loaded, CliError> {
        match (&self.file, &self.position) {
            (Some(f), _) => {
                let (ch, pos) =
                    challenge::load_valid(f).map_err(|e| CliError::bad_input(e.to_string()))?;
                Ok(Loaded {
                    position: pos,
                    challenge: Some(ch),
                })
            }
            (None, Some(s)) => {
                let pos: Position = s
                    .parse()
                    .map_err(|e| CliError::bad_input(format!("--position: {e}")))?;
                Ok(Loaded {
                    position: pos,
                    challenge: None,
                })
            }
            (None, None) => Err(CliError::bad_input(
                "give a challenge FILE or --position \"<position string>\"",
            )),
        }
    }
}
