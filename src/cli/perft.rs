//! `peakforge perft --depth D`: the leaf count of the legal move tree (finished positions are
//! leaves), counted by each rule set's own perft (for Pawn&Peak,
//! [`Position::perft`](crate::games::pawn_peak::Position::perft)).

use serde::Serialize;

use super::input::{CliGame, ForGame};
use super::{CliError, EXIT_OK, PositionArgs, print_json};

/// Arguments of `perft`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    input: PositionArgs,
    /// Depth in plies.
    #[arg(long, default_value_t = 1)]
    depth: u32,
}

#[derive(Serialize)]
struct Report {
    depth: u32,
    nodes: u64,
}

pub fn run(a: &Args) -> Result<i32, CliError> {
    a.input.game()?.dispatch(a)
}

impl ForGame for &Args {
    type Output = Result<i32, CliError>;

    fn run<G: CliGame>(self) -> Self::Output {
        let loaded = self.input.load_as::<G>()?;
        let nodes = loaded.position.perft_count(self.depth);
        if self.input.json {
            print_json(&Report {
                depth: self.depth,
                nodes,
            });
        } else {
            outln!("perft({}) = {nodes}", self.depth);
        }
        Ok(EXIT_OK)
    }
}
