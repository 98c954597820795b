//! `peakforge bench`: deterministic benchmarks printing nodes, nodes per second and time, for
//! the README's figures. Perft (bulk-counted leaves) on the standard template and on a rugged
//! terrain position, and full verification of every challenge under a folder.

use std::path::PathBuf;
use std::time::Instant;

use super::verify::collect;
use super::{CliError, EXIT_OK};
use crate::games::pawn_peak::{Position, rules};
use crate::solver::Control;
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
}

pub fn run(a: &Args) -> Result<i32, CliError> {
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
    for f in &files {
        let s = Instant::now();
        let r = verify_file(f, Control::default());
        let secs = s.elapsed().as_secs_f64();
        nodes += r.nodes;
        outln!(
            "verify {}: {} nodes {} in {:.1} ms = {:.2} M nodes/s",
            f.display(),
            r.status.as_str(),
            r.nodes,
            secs * 1e3,
            r.nodes as f64 / secs.max(1e-9) / 1e6
        );
    }
    outln!(
        "verify total: {} file(s), {nodes} nodes in {:.1} ms",
        files.len(),
        t.elapsed().as_secs_f64() * 1e3
    );
    Ok(EXIT_OK)
}

/// CPU time of this thread in seconds (Linux `/proc/thread-self/schedstat`), if available.
fn cpu_seconds() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 / 1e9)
}
