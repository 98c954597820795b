//! `peakforge check-proof FILE`: checks a certificate of `solve --proof` (a winner's strategy
//! or a bounded proof) with the plain rules of [`crate::certify`], and prints what it checked.
//! Exit 0 when it holds, 1 when it does not (the message says where), 2 when the file cannot
//! be read or is damaged.

use std::time::Instant;

use serde::Serialize;

use super::{CliError, EXIT_FAILED, EXIT_OK, print_json};
use crate::certify::{self, CheckError, Kind};

/// Arguments of `check-proof`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The certificate: a strategy certificate or a bounded proof (JSON).
    file: std::path::PathBuf,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
    /// Threads for a winner's strategy (1..=256; default: one per core). The verdict, the
    /// counts and the reason never depend on it.
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
}

#[derive(Serialize)]
struct Report {
    /// Whether the certificate holds (DESIGN.md's contract: `valid`, `nodes`, `verdict`,
    /// `problems`).
    valid: bool,
    file: String,
    /// The rule set and the position the certificate starts from, as its header or document
    /// names them (`null` only when a refusal comes before they are read).
    game: Option<String>,
    position: Option<String>,
    /// `holds` or `refuted`.
    verdict: &'static str,
    /// `strategy`, `length` (the loser lasts `plies` plies) or `bounded`, as the file
    /// claims it.
    kind: Option<&'static str>,
    winner: Option<String>,
    /// Records in the file (strategy) or tree nodes (bounded).
    records: Option<u64>,
    /// Positions checked: records reached and positions with the loser to move.
    nodes: Option<u64>,
    /// The longest match the certificate allows, in plies.
    plies: Option<u32>,
    /// Why it does not hold.
    reason: Option<String>,
    /// The contract's list of what is wrong: the reason, or nothing when it holds.
    problems: Vec<String>,
    millis: u64,
}

pub fn run(a: &Args) -> Result<i32, CliError> {
    let t = Instant::now();
    // Threads the system will not start: fewer, down to this thread alone.
    let threads = crate::solver::threads::asked_or_cores(a.threads);
    let pool = crate::solver::threads::pool(threads, "peakforge-check");
    let result = match pool {
        Some(pool) => pool.install(|| certify::check_file(&a.file)),
        None => certify::check_file(&a.file),
    };
    let millis = t.elapsed().as_millis() as u64;
    let file = a.file.display().to_string();
    let (report, code) = match result {
        Err(CheckError::Read(e)) => {
            // Every damage is named with the file, once (some messages already start with it).
            let why = e.to_string();
            let prefix = format!("{file}: ");
            return Err(CliError::bad_input(if why.starts_with(&prefix) {
                why
            } else {
                format!("{prefix}{why}")
            }));
        }
        Err(CheckError::Refuted { why, claim }) => (
            Report {
                valid: false,
                file,
                verdict: "refuted",
                game: claim.as_ref().map(|c| c.game.clone()),
                position: claim.as_ref().map(|c| c.position.clone()),
                kind: claim.as_ref().map(|c| kind_name(c.kind)),
                winner: None,
                records: None,
                nodes: None,
                plies: None,
                problems: vec![why.clone()],
                reason: Some(why),
                millis,
            },
            EXIT_FAILED,
        ),
        Ok((kind, c)) => (
            Report {
                valid: true,
                file,
                verdict: "holds",
                game: Some(c.game.clone()),
                position: Some(c.position.clone()),
                kind: Some(kind_name(kind)),
                winner: Some(c.winner.clone()),
                records: Some(c.records),
                nodes: Some(c.reached + c.other_nodes),
                plies: Some(c.plies),
                reason: None,
                problems: Vec::new(),
                millis,
            },
            EXIT_OK,
        ),
    };
    if a.json {
        print_json(&report);
    } else if let Some(why) = &report.reason {
        // The reason on stderr, the verdict once, on stdout.
        errln!("{}: {why}", report.file);
        match (&report.game, &report.position) {
            (Some(game), Some(position)) => outln!("refuted: {game} {position} ({millis} ms)"),
            _ => outln!("refuted ({millis} ms)"),
        }
    } else {
        let winner = report.winner.as_deref().unwrap_or_default();
        let plies = report.plies.unwrap_or(0);
        let what = if report.kind == Some("length") {
            let loser = if winner == "white" { "black" } else { "white" };
            format!(
                "against every move of {winner} (the winner), {loser} lasts {} at least",
                super::plies(plies)
            )
        } else {
            format!("{winner} wins, longest line {}", super::plies(plies))
        };
        outln!(
            "holds: {} {}: {what}; {} records, {} nodes checked; {:.3} s",
            report.game.as_deref().unwrap_or_default(),
            report.position.as_deref().unwrap_or_default(),
            report.records.unwrap_or(0),
            report.nodes.unwrap_or(0),
            millis as f64 / 1000.0
        );
    }
    Ok(code)
}

/// How the JSON names a kind of certificate.
fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Strategy => "strategy",
        Kind::Length => "length",
        Kind::Bounded => "bounded",
    }
}
