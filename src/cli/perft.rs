//! `peakforge perft --depth D`: the leaf count of the legal move tree (finished positions are
//! leaves).

use serde::Serialize;

use super::{CliError, EXIT_OK, PositionArgs, print_json};
use crate::game::GameState;

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

/// The number of leaves of the legal move tree of `pos` at `depth` plies; a finished position
/// is a leaf. Counts the last ply in bulk (the length of the move list).
pub fn perft<G: GameState>(pos: &G, depth: u32, buf: &mut Vec<Vec<G::Move>>) -> u64 {
    if depth == 0 || pos.outcome().is_some() {
        return 1;
    }
    let mut moves = buf.pop().unwrap_or_default();
    moves.clear();
    pos.legal_moves_into(&mut moves);
    let n = if depth == 1 {
        moves.len() as u64
    } else {
        moves
            .iter()
            .map(|&m| perft(&pos.play(m), depth - 1, buf))
            .sum()
    };
    buf.push(moves);
    n
}

pub fn run(a: &Args) -> Result<i32, CliError> {
    let loaded = a.input.load()?;
    let nodes = perft(&loaded.position, a.depth, &mut Vec::new());
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
