//! `peakforge play [FILE] MOVE…`: plays moves and prints the position and the state of the
//! match.

use std::path::PathBuf;

use super::{CliError, EXIT_OK, PositionArgs, print_json};
use crate::challenge::GameName;
use crate::games::AnyPosition;
use crate::report::{play_line, play_report};

/// A position (a challenge file or `--position`) and moves to play from it.
#[derive(clap::Args, Debug)]
pub struct Items {
    /// With --position: the moves. Without: a challenge file, then the moves. Moves are move
    /// text (`c3-c5`, `d4xd6`, `e10-exit`; Breakthrough `a2xb3`; Seega `c1+d2`, `c1-c2`),
    /// played in order.
    #[arg(value_name = "FILE|MOVE")]
    items: Vec<String>,
    /// A position string (RULES.md PP-10, BT-5, SG-7).
    #[arg(long, value_name = "STRING")]
    position: Option<String>,
    /// The rule set of --position (default pawn-peak); a FILE's own `game` field decides for a
    /// file.
    #[arg(long, value_parser = super::input::game_parser())]
    game: Option<GameName>,
    /// Print one JSON document on stdout.
    #[arg(long)]
    pub json: bool,
}

impl Items {
    /// The position's source, and the moves to play from it.
    fn input(&self) -> (PositionArgs, Vec<String>) {
        let (file, moves) = match (&self.position, self.items.split_first()) {
            (None, Some((f, rest))) => (Some(PathBuf::from(f)), rest.to_vec()),
            _ => (None, self.items.clone()),
        };
        let input = PositionArgs {
            file,
            position: self.position.clone(),
            game: self.game,
            json: self.json,
        };
        (input, moves)
    }

    /// The rule set: a file's `game` field, else `--game`, else Pawn&Peak.
    ///
    /// # Errors
    /// As [`PositionArgs::game`]; and a challenge file given with `--position` (whose items
    /// are all moves), which would otherwise be read as a move.
    fn check(&self) -> Result<(), CliError> {
        if self.position.is_some()
            && let Some(first) = self.items.first()
            && crate::challenge::Format::names_a_challenge_file(std::path::Path::new(first))
        {
            return Err(CliError::bad_input(format!(
                "{first}: a challenge file and --position cannot be given together (with \
                 --position every item is a move)"
            )));
        }
        Ok(())
    }
}

/// The position of rule set `G` after playing the items' moves from its start.
///
/// # Errors
/// Exit 2: bad input, or a move that is not legal where it is played (naming it and why).
pub fn played(a: &Items) -> Result<AnyPosition, CliError> {
    a.check()?;
    let (input, moves) = a.input();
    let loaded = input.load()?;
    let mut line = play_line(&loaded.position, &moves)
        .map_err(|(i, e)| CliError::bad_input(format!("move {} ('{}'): {e}", i + 1, moves[i])))?;
    Ok(line.pop().expect("a line has its start"))
}

/// Arguments of `play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    items: Items,
}

pub fn run(a: &Args) -> Result<i32, CliError> {
    let report = play_report(&played(&a.items)?);
    if a.items.json {
        print_json(&report);
    } else {
        outln!("{}", report.position);
        match (report.status, report.winner, report.reason) {
            ("finished", Some(w), Some(r)) => outln!("finished: {w} wins ({r})"),
            ("finished", None, Some(r)) => outln!("finished: draw ({r})"),
            _ => outln!("ongoing"),
        }
        if let Some(s) = report.score {
            outln!("score: red {} – blue {}", s.red, s.blue);
        }
    }
    Ok(EXIT_OK)
}
