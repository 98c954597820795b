//! `peakforge bench`: deterministic benchmarks printing nodes, nodes per second and time, for
//! the figures of docs/speed.md. Perft (bulk-counted leaves) on the standard template and on a rugged
//! terrain position, and full verification of every challenge under a folder.

use std::path::PathBuf;
use std::time::Instant;

use super::verify::collect;
use super::{CliError, EXIT_OK};
use crate::game::GameState;
use crate::games::pawn_peak::{Position, rules};
use crate::solver::{Control, Limits, Solution, plain, solve};
use crate::verify::verify_file;

/// A rugged 10 × 10 terrain with the standard pieces (heights 0–9).
pub const RUGGED: &str = "2spggps2/10/10/10/10/10/10/10/10/2SPGGPS2 0123443210/1234554321/2345665432/3456776543/4567887654/4567887654/3456776543/2345665432/1234554321/0123443210 r 0:0 - 0/200";

/// Arguments of `bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Perft depth in plies.
    #[arg(long, default_value_t = 4)]
    depth: u32,
    /// Challenges to verify (files or folders).
    #[arg(long, value_name = "PATH", default_value = "challenges")]
    challenges: Vec<PathBuf>,
    /// Run the solver benchmark instead: the full-board positions, then every tutorial.
    #[arg(long)]
    solver: bool,
    /// Solver benchmark: the positions file.
    #[arg(long, value_name = "FILE", default_value = "benches/full-board.txt")]
    positions: PathBuf,
    /// Solver benchmark: the plain minimax's time cap per position, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    plain_secs: f64,
    /// Run the Breakthrough known-results benchmark instead (see `bench_breakthrough`).
    #[arg(long)]
    breakthrough: bool,
    /// Breakthrough benchmark: boards up to this many tiles.
    #[arg(long, value_name = "TILES", default_value_t = 25)]
    max_tiles: u16,
    /// Breakthrough benchmark: the time cap of each search, in seconds.
    #[arg(long, value_name = "SECS", default_value = "300", value_parser = super::input::parse_seconds)]
    cap_secs: std::time::Duration,
    /// Breakthrough benchmark: the plain alpha-beta's time cap, in seconds (default: the
    /// cap of `--cap-secs`).
    #[arg(long, value_name = "SECS", value_parser = super::input::parse_seconds)]
    plain_cap_secs: Option<std::time::Duration>,
    /// Breakthrough benchmark: the solver's transposition-table memory in MiB per side (two
    /// tables; default 128); with `--proof`, the proof's one table (default 2^tiles bytes,
    /// 1 MiB to 512 MiB: 32 MiB on 5 × 5). Answers never depend on it.
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u32).range(1..=65536))]
    table_mib: Option<u32>,
    /// Breakthrough benchmark: only this board, `WxH` (e.g. `5x5`), instead of every board up
    /// to `--max-tiles`.
    #[arg(
        long,
        value_name = "WxH",
        allow_hyphen_values = true,
        value_parser = super::bench_breakthrough::parse_board
    )]
    board: Option<(u8, u8)>,
    /// Breakthrough benchmark: decide each board with the proof search only (who wins, without
    /// a move bound; `games::breakthrough::proof`).
    #[arg(long, requires = "breakthrough")]
    proof: bool,
    /// Breakthrough proof search: the length (plies with perfect play) too.
    #[arg(long, requires = "proof")]
    length: bool,
    /// Solver benchmark: the node count the solver must total on the positions (a behaviour
    /// checksum, checked in CI): another total exits 1, naming both. A search change that
    /// alters it says so in its commit and updates the figure in `.ci/run`.
    #[arg(
        long,
        value_name = "NODES",
        requires = "solver",
        conflicts_with = "threads"
    )]
    expect_nodes: Option<u64>,
    /// Solver benchmark: threads for the solver's key moves (the plain minimax uses one).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
}

pub fn run(a: &Args) -> Result<i32, CliError> {
    if a.solver {
        return run_solver(a);
    }
    if a.breakthrough {
        return Ok(super::bench_breakthrough::run(
            &super::bench_breakthrough::Options {
                max_area: a.max_tiles,
                cap: a.cap_secs,
                plain_cap: a.plain_cap_secs.unwrap_or(a.cap_secs),
                table_bytes: a.table_mib.map(|m| (m as usize) << 20),
                board: a.board,
                proof: a.proof.then_some(a.length),
            },
        ));
    }
    for (name, s) in [
        ("standard template (D-3)", rules::STANDARD_TEMPLATE),
        ("rugged terrain", RUGGED),
    ] {
        let pos: Position = s.parse().map_err(|e| CliError::bad_input(format!("{e}")))?;
        // Repeat short counts until a second has passed, so the rate is a measurement.
        let (t, cpu0) = (Instant::now(), cpu_seconds());
        let (mut leaves, mut runs) = (0u64, 0u32);
        while runs == 0 || t.elapsed().as_secs_f64() < 1.0 {
            leaves = pos.perft(a.depth);
            runs += 1;
        }
        let secs = t.elapsed().as_secs_f64();
        let total = leaves as f64 * f64::from(runs);
        // On a shared machine the wall clock counts time spent waiting for a core; the thread's
        // own CPU time (Linux) gives the one-core rate.
        let cpu = match (cpu0, cpu_seconds()) {
            (Some(a), Some(b)) if b > a => {
                format!(", {:.2} M leaves per CPU second", total / (b - a) / 1e6)
            }
            _ => String::new(),
        };
        outln!(
            "perft {name}: depth {} leaves {leaves} x {runs} run(s) in {:.3} s = {:.2} M leaves/s{cpu}",
            a.depth,
            secs,
            total / secs / 1e6
        );
    }
    let files = collect(&a.challenges)?;
    let (mut nodes, t) = (0u64, Instant::now());
    let mut invalid = Vec::new();
    for f in &files {
        let s = Instant::now();
        let r = verify_file(f, Control::default());
        if r.status == crate::verify::Status::Invalid {
            invalid.push(r.file.clone());
        }
        let secs = s.elapsed().as_secs_f64();
        // The time includes the refutations and the proof's size: so do the nodes.
        let searched = r.nodes + r.review_nodes;
        nodes += searched;
        outln!(
            "verify {}: {} nodes {} in {:.1} ms = {:.2} M nodes/s",
            f.display(),
            r.status.as_str(),
            searched,
            secs * 1e3,
            searched as f64 / secs.max(1e-9) / 1e6
        );
    }
    outln!(
        "verify total: {} file(s), {nodes} nodes in {:.1} ms",
        files.len(),
        t.elapsed().as_secs_f64() * 1e3
    );
    Ok(unverified(&invalid))
}

/// Exit 2 when a challenge of the benchmark could not be read or is invalid (a mistyped
/// `--challenges` is not a benchmark of nothing), naming them; else 0.
fn unverified(invalid: &[String]) -> i32 {
    if invalid.is_empty() {
        return EXIT_OK;
    }
    errln!(
        "error: {} challenge file(s) could not be benchmarked (missing or invalid): {}",
        invalid.len(),
        invalid.join(", ")
    );
    super::EXIT_BAD_INPUT
}

/// CPU time of this thread in seconds (Linux `/proc/thread-self/schedstat`), if available.
pub(super) fn cpu_seconds() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 / 1e9)
}

/// The bound of a solver benchmark line: `max=N` in its comment, else 3.
const SOLVER_DEFAULT_MAX: u32 = 3;

/// `bench --solver`: for each position of the positions file (one position string a line,
/// `#` starts a comment; `max=N` in the comment sets the bound, default 3), the solver's full
/// answer (verdict, shortest win, every key move, main line) and then the plain minimax
/// ([`plain::solve`]: verdict, shortest, keys) under a time cap; then every challenge fully
/// verified. Node counts are deterministic: a behaviour checksum for commits that change the
/// search.
fn run_solver(a: &Args) -> Result<i32, CliError> {
    let text = std::fs::read_to_string(&a.positions)
        .map_err(|e| CliError::bad_input(format!("{}: {e}", a.positions.display())))?;
    let cap = Limits {
        max_time: Some(std::time::Duration::from_secs_f64(a.plain_secs.max(0.0))),
        ..Limits::default()
    };
    let (mut ours_total, mut plain_total) = (0u64, 0u64);
    for (i, line) in text.lines().enumerate() {
        let (body, comment) = line.split_once('#').unwrap_or((line, ""));
        let body = body.trim();
        if body.is_empty() {
            continue;
        }
        let pos: Position = body.parse().map_err(|e| {
            CliError::bad_input(format!("{}:{}: {e}", a.positions.display(), i + 1))
        })?;
        let max = comment
            .split_whitespace()
            .find_map(|w| w.strip_prefix("max=")?.parse().ok())
            .unwrap_or(SOLVER_DEFAULT_MAX);
        let threads = Limits {
            threads: Some(usize::from(a.threads)),
            ..Limits::default()
        };
        let cpu0 = cpu_seconds();
        let ours = solve(
            &pos,
            Some(max),
            Control {
                limits: threads,
                ..Control::default()
            },
        );
        // This thread's CPU time: the one-core cost on a shared machine (with several
        // threads, the helpers' time is not in it).
        let cpu = match (cpu0, cpu_seconds()) {
            (Some(a), Some(b)) => format!(", {:.1} ms CPU on this thread", (b - a) * 1e3),
            _ => String::new(),
        };
        let base = plain::solve(
            &pos,
            Some(max),
            Control {
                limits: cap,
                ..Control::default()
            },
        );
        ours_total += ours.nodes;
        plain_total += base.nodes;
        // The plain minimax answers verdict, shortest and keys: compare with the solver's
        // nodes for the same answer (before its main line and duals), and with all of them.
        let capped = if base.verdict.as_str() == "unknown" {
            "> "
        } else {
            ""
        };
        let ratio = format!(
            "{capped}{:.0}x (solver's answer {} nodes; {capped}{:.0}x with its main line and duals)",
            base.nodes as f64 / ours.answer_nodes.max(1) as f64,
            ours.answer_nodes,
            base.nodes as f64 / ours.nodes.max(1) as f64
        );
        outln!("line {} (max {max}):", i + 1);
        outln!("  solver {}{cpu}", solver_summary(&pos, &ours));
        outln!("  plain  {}", solver_summary(&pos, &base));
        outln!("  plain/solver nodes: {ratio}");
    }
    outln!("solver total: {ours_total} nodes; plain total: {plain_total} nodes (capped)");
    if let Some(expected) = a.expect_nodes
        && expected != ours_total
    {
        eprintln!(
            "peakforge: the solver's node checksum changed: {ours_total} nodes on {}, \
             expected {expected}; a search change that alters it must say so (and update the \
             figure in .ci/run)",
            a.positions.display()
        );
        return Ok(super::EXIT_FAILED);
    }
    let files = collect(&a.challenges)?;
    let mut invalid = Vec::new();
    for f in &files {
        let s = Instant::now();
        let r = verify_file(f, Control::default());
        if r.status == crate::verify::Status::Invalid {
            invalid.push(r.file.clone());
        }
        outln!(
            "verify {}: {} nodes {} in {:.1} ms",
            f.display(),
            r.status.as_str(),
            r.nodes,
            s.elapsed().as_secs_f64() * 1e3
        );
    }
    Ok(unverified(&invalid))
}

/// `win shortest 2 keys 1 nodes 11057 in 17.0 ms (0.65 M nodes/s) [j8-j9]`.
fn solver_summary(pos: &Position, s: &Solution<<Position as GameState>::Move>) -> String {
    let secs = s.elapsed.as_secs_f64();
    let keys: Vec<String> = s.key_moves.iter().map(|&m| pos.move_text(m)).collect();
    let shown = if keys.len() > 6 {
        format!("{} ...", keys[..6].join(" "))
    } else {
        keys.join(" ")
    };
    format!(
        "{:<7} shortest {} keys {:>3} nodes {:>10} in {:>9.1} ms ({:.2} M nodes/s) [{shown}]",
        s.verdict.as_str(),
        s.player_moves.map_or("-".to_string(), |d| d.to_string()),
        keys.len(),
        s.nodes,
        secs * 1e3,
        s.nodes as f64 / secs.max(1e-9) / 1e6
    )
}
