//! Where a command's position comes from: `--position "<string>"` with `--game`, or a
//! challenge file's starting position (the file read once); either way an [`AnyPosition`], the
//! game as a value.

use std::path::{Path, PathBuf};

use clap::Args;

use super::CliError;
use crate::challenge::{self, Challenge, Checked, GameName, LineProblem};
use crate::games::{AnyPosition, GAMES};

/// `--game`'s parser: a [`GameName`] by its name (`pawn-peak`, `breakthrough`, `seega`).
#[must_use]
pub fn game_parser() -> impl clap::builder::TypedValueParser<Value = GameName> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(GAMES.iter().map(|g| g.as_str()))
        .try_map(|s| s.parse::<GameName>())
}

/// A challenge file, read once and checked, for `--game` `asked` (a
/// file of another game is refused).
///
/// # Errors
/// Exit 2: the file cannot be read, is invalid, or holds another game than `--game` names.
pub fn load_file(path: &Path, asked: Option<GameName>) -> Result<Checked, CliError> {
    let bad = |e: challenge::ChallengeError| CliError::bad_input(e.to_string());
    let (ch, text) = challenge::load_with_text(path).map_err(bad)?;
    if let Some(g) = asked
        && g != ch.game
    {
        return Err(CliError::bad_input(format!(
            "{}: --game {} but the file's game is \"{}\"",
            path.display(),
            g.as_str(),
            ch.game.as_str()
        )));
    }
    challenge::validate(&ch).map_err(|problems| bad(challenge::invalid_in(path, &text, problems)))
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
    #[arg(long, value_parser = game_parser())]
    pub game: Option<GameName>,
    /// Print one JSON document on stdout.
    #[arg(long)]
    pub json: bool,
}

/// The loaded position and, for a file, its challenge.
pub struct Loaded {
    /// The position to work on, of the file's game or `--game`'s.
    pub position: AnyPosition,
    /// The challenge, when the position came from a file.
    pub challenge: Option<Challenge>,
    /// The file's intended line's problem found without a search (an illegal move, more
    /// player moves than the goal), when it has one (`verify` reports it; `solve`, which
    /// reads only the start, notes it on stderr).
    pub line_problem: Option<LineProblem>,
}

impl PositionArgs {
    /// Loads the position: a file's start (its `game` field decides; `--game` must agree), or
    /// `--position` read as `--game`'s (default Pawn&Peak).
    ///
    /// # Errors
    /// Exit 2 with the file, line and column or the field, and the reason.
    pub fn load(&self) -> Result<Loaded, CliError> {
        match (&self.file, &self.position) {
            (Some(f), _) => {
                let checked = load_file(f, self.game)?;
                let line_problem = checked
                    .line_problem()
                    .or(checked.longer_than_goal())
                    .cloned();
                let (ch, pos) = checked.into_parts();
                Ok(Loaded {
                    position: pos,
                    challenge: Some(ch),
                    line_problem,
                })
            }
            (None, Some(s)) => {
                let game = self.game.unwrap_or_default();
                let pos = AnyPosition::parse(game, s).map_err(|e| {
                    // Without --game, a position of another game says which to give.
                    let other = crate::games::GAMES.into_iter().find(|&g| {
                        self.game.is_none() && g != game && AnyPosition::parse(g, s).is_ok()
                    });
                    let hint = other.map_or(String::new(), |g| {
                        format!(" (it reads as a {g} position: add --game {g})")
                    });
                    CliError::bad_input(format!("--position: {e}{hint}"))
                })?;
                Ok(Loaded {
                    position: pos,
                    challenge: None,
                    line_problem: None,
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
    let limit = std::time::Duration::try_from_secs_f64(secs)
        .map_err(|_| format!("'{s}' seconds is too long a time limit"))?;
    // A limit under a nanosecond is the shortest there is, not none (0 alone means none).
    Ok(if secs > 0.0 && limit.is_zero() {
        std::time::Duration::from_nanos(1)
    } else {
        limit
    })
}

#[cfg(test)]
mod tests {
    use super::parse_seconds;
    use std::time::Duration;

    #[test]
    fn a_time_limit_is_kept_as_given_and_only_zero_means_none() {
        assert_eq!(parse_seconds("0"), Ok(Duration::ZERO));
        assert_eq!(parse_seconds("1.5"), Ok(Duration::from_millis(1500)));
        // Before: under a nanosecond rounded to zero, which is no limit at all.
        assert_eq!(parse_seconds("1e-12"), Ok(Duration::from_nanos(1)));
        assert_eq!(parse_seconds("5e-324"), Ok(Duration::from_nanos(1)));
        for bad in ["-1", "nan", "inf", "1e300", "soon"] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
    }
}
