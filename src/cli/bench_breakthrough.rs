//! `peakforge bench --breakthrough`: the known results of small Breakthrough boards (which side
//! wins from the start, in how many plies; [`crate::known`]), decided by the solver and by the
//! plain alpha-beta, with nodes, nodes per second and time for each.

use std::time::{Duration, Instant};

use crate::game::GameState;
use crate::games::breakthrough::{Position, Side};
use crate::known::{Decided, PlainWins, SolverWins, WinsWithin, decide};
use crate::solver::{Control, Limits};

/// The boards, width × height, two rows of pawns each side, smallest first.
pub const BOARDS: [(u8, u8); 10] = [
    (2, 4),
    (3, 4),
    (4, 4),
    (5, 4),
    (2, 5),
    (3, 5),
    (4, 5),
    (2, 6),
    (5, 5),
    (3, 6),
];

/// One search's answer and cost, as a table cell.
fn cell<G: GameState>(
    start: &G,
    wins: &mut impl WinsWithin<G>,
    max_moves: u32,
) -> (String, String) {
    let t = Instant::now();
    let d = decide(start, max_moves, wins);
    let secs = t.elapsed().as_secs_f64();
    let answer = match d {
        Ok(Some(Decided { winner, plies })) => {
            format!("{} in {plies} plies", Side::from(winner).name())
        }
        Ok(None) => format!("no win within {max_moves} moves"),
        Err(stop) => format!("stopped: {}", stop.describe()),
    };
    let n = wins.nodes();
    let cost = format!(
        "{n} nodes in {:.3} s ({:.2} M nodes/s)",
        secs,
        n as f64 / secs.max(1e-9) / 1e6
    );
    (answer, cost)
}

/// Prints, for each board up to `max_area` tiles, the solver's and the plain alpha-beta's
/// answer, each capped at `cap` seconds.
pub fn run(max_area: u16, cap: Duration) {
    let control = Control {
        limits: Limits {
            max_time: Some(cap),
            ..Limits::default()
        },
        ..Control::default()
    };
    for (w, h) in BOARDS {
        if u16::from(w) * u16::from(h) > max_area {
            continue;
        }
        let start = Position::start(w, h).expect("the benchmark boards are valid (D-12)");
        // Every move advances a pawn one rank: no match lasts longer than this.
        let max_moves = u32::from(w) * 2 * u32::from(h - 2) + 1;
        let (ours, ours_cost) = cell(&start, &mut SolverWins::new(control), max_moves);
        outln!("{w}x{h} solver: {ours}; {ours_cost}");
        let (base, base_cost) = cell(&start, &mut PlainWins::new(control), max_moves);
        outln!("{w}x{h} plain:  {base}; {base_cost}");
    }
}
