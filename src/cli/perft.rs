//! `peakforge perft --depth D`: the leaf count of the legal move tree (finished positions are
//! leaves), counted by each rule set's own perft (for Pawn&Peak,
//! [`Position::perft`](crate::games::pawn_peak::Position::perft)).

use serde::Serialize;

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
    let loaded = a.input.load()?;
    let nodes = loaded.position.perft(a.depth);
    if a.input.json {
        print_json(&Report {
            depth: a.depth,
            nodes,
        });
    } else {
        outln!("perft({}) = {nodes}", a.depth);
    }
    Ok(EXIT_OK)
}
