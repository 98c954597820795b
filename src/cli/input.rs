//! Where a command's position comes from: `--position "<string>"` with `--game`, or a
//! challenge file's starting position; and the rule set `--game` names, as the [`GameName`]
//! whose [`GameName::dispatch`] runs a subcommand's [`ForGame`] visitor.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use super::CliError;
pub use crate::challenge::ForGame;
use crate::challenge::{self, GameName, RuleSet};
use crate::games::pawn_peak;

/// The rule sets the CLI knows: `--game`'s values, each the [`GameName`] of the same name.
/// Without `--game`, Pawn&Peak (`GameName::default()`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GameArg {
    /// Pawn&Peak (RULES.md PP).
    PawnPeak,
    /// Breakthrough (RULES.md BT).
    Breakthrough,
    /// Seega (RULES.md SG).
    Seega,
}

/// What the subcommands need of a rule set beyond [`RuleSet`]: a challenge file's start with
/// the CLI's error. Every rule set has it, so a [`ForGame`] visitor may ask for it.
pub trait CliGame: RuleSet {
    /// A challenge file's challenge and starting position.
    ///
    /// # Errors
    /// Exit 2: the file is bad, or holds a challenge of another game.
    fn from_file(path: &Path) -> Result<(challenge::Challenge, Self), CliError> {
        challenge::load_valid_as(path).map_err(|e| CliError::bad_input(e.to_string()))
    }
}

impl<G: RuleSet> CliGame for G {}

impl From<GameArg> for GameName {
    fn from(g: GameArg) -> GameName {
        match g {
            GameArg::PawnPeak => GameName::PawnPeak,
            GameArg::Breakthrough => GameName::Breakthrough,
            GameArg::Seega => GameName::Seega,
        }
    }
}

/// A position from a challenge file or a position string.
#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    /// A challenge file (.ron or .json); its starting position is used.
    #[arg(value_name = "FILE", conflicts_with = "position")]
    pub file: Option<PathBuf>,
    /// A position string (RULES.md PP-10, BT-5, SG-7).
    #[arg(long, value_name = "STRING")]
    pub position: Option<String>,
    /// The rule set of --position (default pawn-peak); a FILE's own `game` field decides for a
    /// file.
    #[arg(long, value_enum)]
    pub game: Option<GameArg>,
    /// Print one JSON document on stdout.
    #[arg(long)]
    pub json: bool,
}

/// The loaded position and, for a file, its challenge.
pub struct Loaded<G = pawn_peak::Position> {
    /// The position to work on.
    pub position: G,
    /// The challenge, when the position came from a file.
    pub challenge: Option<challenge::Challenge>,
}

impl PositionArgs {
    /// The rule set to work with: a file's `game` field, else `--game`, else Pawn&Peak.
    ///
    /// # Errors
    /// Exit 2 when the file cannot be read, or `--game` names another game than the file's.
    pub fn game(&self) -> Result<GameName, CliError> {
        let asked = self.game.map(GameName::from);
        let Some(f) = &self.file else {
            return Ok(asked.unwrap_or_default());
        };
        let ch = challenge::load(f).map_err(|e| CliError::bad_input(e.to_string()))?;
        match asked {
            Some(g) if g != ch.game => Err(CliError::bad_input(format!(
                "{}: --game {} but the file's game is \"{}\"",
                f.display(),
                g.as_str(),
                ch.game.as_str()
            ))),
            _ => Ok(ch.game),
        }
    }

    /// Loads a position of rule set `G`.
    ///
    /// # Errors
    /// Exit 2 with the file, line and column or the field, and the reason.
    pub fn load_as<G: CliGame>(&self) -> Result<Loaded<G>, CliError> {
        match (&self.file, &self.position) {
            (Some(f), _) => {
                let (ch, pos) = G::from_file(f)?;
                Ok(Loaded {
                    position: pos,
                    challenge: Some(ch),
                })
            }
            (None, Some(s)) => {
                let pos: G = s
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

/// Parses a time limit in seconds for `--max-time`: a finite, non-negative number of seconds
/// that fits a duration.
///
/// # Errors
/// A message naming the value and why it is refused (clap turns it into exit 2).
pub fn parse_seconds(s: &str) -> Result<std::time::Duration, String> {
    let secs: f64 = s
        .parse()
        .map_err(|_| format!("'{s}' is not a number of seconds"))?;
    if !secs.is_finite() || secs < 0.0 {
        return Err(format!(
            "'{s}': a time limit is a finite, non-negative number of seconds"
        ));
    }
    std::time::Duration::try_from_secs_f64(secs)
        .map_err(|_| format!("'{s}' seconds is too long a time limit"))
}
