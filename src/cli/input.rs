//! Where a command's position comes from: `--position "<string>"` with `--game`, or a
//! challenge file's starting position; and the dispatch that runs a subcommand with the rule
//! set `--game` names ([`GameArg::dispatch`], [`ForGame`]).

use std::fmt::Display;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use clap::{Args, ValueEnum};

use super::CliError;
use crate::challenge::{self, ChallengeGame, GameName};
use crate::games::{breakthrough, pawn_peak, seega};
use crate::render::Picture;
use crate::report::Describe;

/// The rule sets the CLI knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum GameArg {
    /// Pawn&Peak (RULES.md PP).
    #[default]
    PawnPeak,
    /// Breakthrough (RULES.md BT).
    Breakthrough,
    /// Seega (RULES.md SG).
    Seega,
}

/// What the subcommands need of a rule set beyond [`Describe`], [`ChallengeGame`] and
/// [`Picture`]: reading a position string, perft.
pub trait CliGame: Describe + ChallengeGame + Picture + FromStr<Err: Display> {
    /// The `--game` value, for messages.
    const NAME: &'static str;

    /// A challenge file's challenge and starting position.
    ///
    /// # Errors
    /// Exit 2: the file is bad, or holds a challenge of another game.
    fn from_file(path: &Path) -> Result<(challenge::Challenge, Self), CliError> {
        challenge::load_valid_as(path).map_err(|e| CliError::bad_input(e.to_string()))
    }

    /// Perft: the leaf count of the legal move tree to `depth` plies.
    fn perft_count(&self, depth: u32) -> u64;
}

impl CliGame for pawn_peak::Position {
    const NAME: &'static str = "pawn-peak";

    fn perft_count(&self, depth: u32) -> u64 {
        pawn_peak::Position::perft(self, depth)
    }
}

impl CliGame for breakthrough::Position {
    const NAME: &'static str = "breakthrough";

    fn perft_count(&self, depth: u32) -> u64 {
        breakthrough::Position::perft(self, depth)
    }
}

impl CliGame for seega::Position {
    const NAME: &'static str = "seega";

    fn perft_count(&self, depth: u32) -> u64 {
        seega::Position::perft(self, depth)
    }
}

/// A subcommand's work for one rule set, run by [`GameArg::dispatch`] with the type `--game`
/// names (a generic function cannot be passed as a value, so the work is a trait).
pub trait ForGame {
    /// What the work returns.
    type Output;
    /// Does the work with rule set `G`.
    fn run<G: CliGame>(self) -> Self::Output;
}

impl GameArg {
    /// Runs `work` with this rule set's position type: the one place that maps `--game` to a
    /// type.
    pub fn dispatch<W: ForGame>(self, work: W) -> W::Output {
        match self {
            GameArg::PawnPeak => work.run::<pawn_peak::Position>(),
            GameArg::Breakthrough => work.run::<breakthrough::Position>(),
            GameArg::Seega => work.run::<seega::Position>(),
        }
    }
}

impl From<GameName> for GameArg {
    fn from(g: GameName) -> GameArg {
        match g {
            GameName::PawnPeak => GameArg::PawnPeak,
            GameName::Breakthrough => GameArg::Breakthrough,
            GameName::Seega => GameArg::Seega,
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
    pub fn game(&self) -> Result<GameArg, CliError> {
        let Some(f) = &self.file else {
            return Ok(self.game.unwrap_or_default());
        };
        let ch = challenge::load(f).map_err(|e| CliError::bad_input(e.to_string()))?;
        let game = GameArg::from(ch.game);
        match self.game {
            Some(g) if g != game => Err(CliError::bad_input(format!(
                "{}: --game {} but the file's game is \"{}\"",
                f.display(),
                g.to_possible_value()
                    .map_or(String::new(), |v| v.get_name().to_string()),
                ch.game.as_str()
            ))),
            _ => Ok(game),
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
