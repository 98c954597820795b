//! `peakforge moves [FILE] [MOVE…]`: every legal move once, sorted by move text, of the
//! position (after playing the given moves, if any).

use super::play::{Items, played};
use super::{CliError, EXIT_OK, print_json};
use crate::report::moves_report;

/// Arguments of `moves`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    items: Items,
}

pub fn run(a: &Args) -> Result<i32, CliError> {
    let end = played(&a.items)?;
    let report = moves_report(&end);
    if a.items.json {
        print_json(&report);
    } else {
        outln!(
            "{} to move, {} legal move(s)",
            report.side,
            report.moves.len()
        );
        for m in &report.moves {
            let mut line = format!("  {:<10} {:<8}", m.text, m.kind);
            if let Some(c) = m.cost {
                line += &format!(" cost {c}");
            }
            if let (Some(at), Some(de)) = (m.attack, m.defense) {
                line += &format!("  attack {at} vs defense {de}");
            }
            outln!("{}", line.trim_end());
        }
    }
    Ok(EXIT_OK)
}
