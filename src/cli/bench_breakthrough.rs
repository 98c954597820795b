//! `peakforge bench --breakthrough`: the known results of small Breakthrough boards (which side
//! wins from the start, in how many plies; [`crate::known`]), decided by the solver and by the
//! plain alpha-beta, with nodes, nodes per second and time for each.

use std::time::{Duration, Instant};

use super::bench::cpu_seconds;
use super::{EXIT_BAD_INPUT, EXIT_OK, EXIT_UNKNOWN};
use crate::game::GameState;
use crate::games::breakthrough::{Position, Side};
use crate::solver::breakthrough_proof::{ProveError, prove};
use crate::solver::known::{Decided, PlainWins, SolverWins, WinsWithin, decide_reporting};
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

/// What `bench --breakthrough` runs: the boards, the caps and the solver's table.
pub struct Options {
    /// Boards up to this many tiles.
    pub max_area: u16,
    /// The solver's time cap per board.
    pub cap: Duration,
    /// The plain alpha-beta's time cap per board.
    pub plain_cap: Duration,
    /// The solver's table memory per side, in bytes (`None`: the default).
    pub table_bytes: Option<usize>,
    /// Only this board (width, height), whatever its area.
    pub board: Option<(u8, u8)>,
    /// `Some(length)`: the proof search only (`games::breakthrough::proof`), with the length
    /// when `length`.
    pub proof: Option<bool>,
}

/// Reads `WxH` (e.g. `5x5`): a board width and height within D-12.
///
/// # Errors
/// A message naming the fault, for clap.
pub fn parse_board(s: &str) -> Result<(u8, u8), String> {
    let (w, h) = s
        .split_once(['x', 'X', '×'])
        .ok_or_else(|| format!("'{s}' is not WxH (e.g. 5x5)"))?;
    let num = |t: &str| {
        t.trim()
            .parse::<u8>()
            .map_err(|_| format!("'{t}' is not a size"))
    };
    let (w, h) = (num(w)?, num(h)?);
    Position::start(w, h).map_err(|e| e.0)?;
    Ok((w, h))
}

/// One search's answer and cost, as a table cell.
fn cell<G: GameState>(
    start: &G,
    wins: &mut impl WinsWithin<G>,
    max_moves: u32,
    label: &str,
) -> (String, String) {
    let (t, cpu0) = (Instant::now(), cpu_seconds());
    let d = decide_reporting(start, max_moves, wins, |n, nodes| {
        errln!(
            "{label}: neither side wins within {n} moves ({nodes} nodes, {:.1} s)",
            t.elapsed().as_secs_f64()
        );
    });
    let secs = t.elapsed().as_secs_f64();
    let answer = match d {
        Ok(Some(Decided { winner, plies })) => {
            format!("{} in {}", Side::from(winner).name(), super::plies(plies))
        }
        Ok(None) => format!("no win within {max_moves} moves"),
        Err(stop) => format!("stopped: {}", stop.describe()),
    };
    let n = wins.nodes();
    // On a shared machine the wall clock counts waiting for a core; CPU time (Linux) does not.
    let cpu = match (cpu0, cpu_seconds()) {
        (Some(a), Some(b)) => format!(", {:.3} s CPU", b - a),
        _ => String::new(),
    };
    let cost = format!(
        "{n} nodes in {secs:.3} s{cpu} ({:.2} M nodes/s)",
        n as f64 / secs.max(1e-9) / 1e6
    );
    (answer, cost)
}

/// The proof search's answer and cost, as one line, and the exit code it earns: 0 answered,
/// [`EXIT_BAD_INPUT`] a board the proof does not take, [`EXIT_UNKNOWN`] stopped by a limit.
fn proof_cell(start: &Position, length: bool, control: Control<'_>) -> (String, i32) {
    let (t, cpu0) = (Instant::now(), cpu_seconds());
    let r = prove(start, length, control);
    let secs = t.elapsed().as_secs_f64();
    let cpu = match (cpu0, cpu_seconds()) {
        (Some(a), Some(b)) => format!(", {:.3} s CPU", b - a),
        _ => String::new(),
    };
    match r {
        Ok(p) => {
            let plies = p
                .plies
                .map(|n| format!(" in {}", super::plies(n)))
                .unwrap_or_default();
            let line = format!(
                "{} wins{plies}; proof {} nodes, length {} nodes, table {} MiB; {secs:.3} s{cpu}\nnodes {}",
                Side::from(p.winner).name(),
                p.proof_nodes,
                p.length_nodes,
                p.table_bytes >> 20,
                p.proof_nodes + p.length_nodes
            );
            (line, EXIT_OK)
        }
        Err(e) => {
            let code = match e {
                ProveError::Unsuited(_) | ProveError::Internal(_) => EXIT_BAD_INPUT,
                ProveError::Stopped { .. } => EXIT_UNKNOWN,
            };
            (format!("{e}; {secs:.3} s{cpu}"), code)
        }
    }
}

/// Prints, for each board up to `max_area` tiles (or the one board asked for), the solver's
/// and the plain alpha-beta's answer, each under its cap. Returns the exit code: with
/// `--proof`, the worst of the boards' ([`EXIT_BAD_INPUT`] above [`EXIT_UNKNOWN`] above 0);
/// otherwise 0 (the known-results table reports what each search reached).
pub fn run(o: &Options) -> i32 {
    let mut exit = EXIT_OK;
    let control = |cap, table_bytes| Control {
        limits: Limits {
            max_time: Some(cap),
            table_bytes,
            ..Limits::default()
        },
        ..Control::default()
    };
    let boards: Vec<(u8, u8)> = match o.board {
        Some(b) => vec![b],
        None => BOARDS
            .into_iter()
            .filter(|&(w, h)| u16::from(w) * u16::from(h) <= o.max_area)
            .collect(),
    };
    for (w, h) in boards {
        let start = Position::start(w, h).expect("the benchmark boards are valid (D-12)");
        if let Some(length) = o.proof {
            let (line, code) = proof_cell(&start, length, control(o.cap, o.table_bytes));
            outln!("{w}x{h} proof: {line}");
            // Bad input outranks a stop, a stop an answer.
            if exit != EXIT_BAD_INPUT && code != EXIT_OK {
                exit = code;
            }
            continue;
        }
        // Every move advances a pawn one rank: no match lasts longer than this.
        let max_moves = u32::from(w) * 2 * u32::from(h - 2) + 1;
        let mut ours = SolverWins::new(control(o.cap, o.table_bytes));
        let (answer, cost) = cell(&start, &mut ours, max_moves, &format!("{w}x{h} solver"));
        outln!("{w}x{h} solver: {answer}; {cost}");
        let mut base = PlainWins::new(control(o.plain_cap, None));
        let (answer, cost) = cell(&start, &mut base, max_moves, &format!("{w}x{h} plain"));
        outln!("{w}x{h} plain:  {answer}; {cost}");
    }
    exit
}
