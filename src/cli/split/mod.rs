//! `solve --split DEPTH --out DIR` and `solve --merge DIR`: who wins a Breakthrough position
//! as separate jobs. The split writes the positions `DEPTH` plies from the start (each once)
//! as jobs: `DIR/plan.json` (the start, the depth, each job's position and command line) and
//! `DIR/jobs.txt`, one ordinary `peakforge solve` command a line, to run in `DIR` with any
//! batch engine (`parallel < jobs.txt`, a Slurm array, a CI matrix, or `bash jobs.txt`). Each
//! job writes its answer (`job-N.json`) and its certificate (`job-N.cert`). The merge reads the
//! answers, decides the start by minimax over the first `DEPTH` plies, and with `--proof FILE`
//! writes the start's certificate: the winner's moves above the jobs, and the records of the
//! jobs they reach (a union of strategies stays one: every record's lines end in a win or in
//! a record, whichever job it came from). Split with `--length`, every job answers its plies
//! too, and `--merge --length` gives the start's by minimax (the winner as fast as it can,
//! the loser as long as it can) and with `--proof` both certificates of the start, joined
//! so that they keep the plies ([`crate::solver::breakthrough_proof::union`]).

mod join;
mod merge;
mod tree;

pub(super) use merge::merge;

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{CliError, EXIT_OK, print_json};
use crate::game::GameState;
use crate::games::breakthrough::Position;

/// `DIR/plan.json`.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct Plan {
    pub(super) game: String,
    pub(super) position: String,
    pub(super) depth: u32,
    /// Whether the jobs answer the plies of perfect play too (`--split --length`); plans
    /// written before it lack the field and answer the winner only.
    #[serde(default)]
    pub(super) length: bool,
    pub(super) jobs: Vec<Job>,
}

/// One job of a plan.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct Job {
    /// `job-N`: its answer is `job-N.json`, its certificate `job-N.cert`.
    pub(super) id: String,
    pub(super) position: String,
    /// The job's `peakforge` arguments, to run in the plan's folder.
    pub(super) args: Vec<String>,
}

/// Whether a folder whose entries are `entries` is the work folder of a split: it holds the
/// plan and the job list that `split` writes.
pub(super) fn is_split_folder(entries: &[std::path::PathBuf]) -> bool {
    let named = |name: &str| entries.iter().any(|e| e.file_name() == Some(name.as_ref()));
    named(PLAN_FILE) && named(JOBS_FILE)
}

/// The plan of a split, in its folder.
pub(super) const PLAN_FILE: &str = "plan.json";

/// The job list of a split, one command a line.
pub(super) const JOBS_FILE: &str = "jobs.txt";

pub(super) fn io(path: &Path, e: impl std::fmt::Display) -> CliError {
    CliError::bad_input(format!("{}: {e}", path.display()))
}

/// Writes the jobs of `pos` at `depth` plies into `dir`, each with the options `carried`
/// (the splitting command's limits and table; `--length` when `length`).
///
/// # Errors
/// A position the proof search does not take (a finished match, a move limit that could
/// come first), a folder that cannot be written or that is not empty (exit 2).
pub(super) fn split(
    pos: &Position,
    depth: u32,
    dir: &Path,
    json: bool,
    length: bool,
    carried: &[String],
) -> Result<i32, CliError> {
    let plan_path = dir.join(PLAN_FILE);
    // Jobs the proof search would not take would each answer nothing.
    if let Some(why) = crate::solver::breakthrough_proof::unsuited(pos) {
        return Err(CliError::bad_input(format!(
            "--split answers who wins by the proof search, which does not take this \
             position: {why}"
        )));
    }
    // Answers or certificates left from other work would be merged as this plan's.
    match std::fs::read_dir(dir).map(|mut entries| entries.next().is_some()) {
        Ok(false) => {}
        Ok(true) => {
            return Err(io(
                dir,
                "the folder is not empty; split into a new or empty folder",
            ));
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotADirectory => {
            return Err(io(dir, "not a folder; split into a new or empty folder"));
        }
        Err(e) => return Err(io(dir, e)),
    }
    std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    let mut frontier = Vec::new();
    let mut seen = std::collections::HashSet::new();
    collect(pos, depth, &mut frontier, &mut seen);
    let jobs: Vec<Job> = frontier
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let id = format!("job-{:05}", i + 1);
            let args = [
                "solve",
                "--game",
                "breakthrough",
                "--position",
                p,
                "--json",
                "--proof",
            ]
            .iter()
            .map(|s| (*s).to_string())
            // Run again (a job a limit stopped), a job replaces what it wrote before.
            .chain([format!("{id}.cert"), "--force".to_string()])
            .chain(length.then(|| "--length".to_string()))
            .chain(carried.iter().cloned())
            .collect();
            Job {
                id,
                position: p.clone(),
                args,
            }
        })
        .collect();
    let lines: String = jobs
        .iter()
        .map(|j| {
            let quoted: Vec<String> = j.args.iter().map(|a| format!("'{a}'")).collect();
            format!("peakforge {} > {}.json\n", quoted.join(" "), j.id)
        })
        .collect();
    let plan = Plan {
        game: "breakthrough".into(),
        position: pos.to_string(),
        depth,
        length,
        jobs,
    };
    let text = serde_json::to_string_pretty(&plan).map_err(|e| io(&plan_path, e))?;
    // The plan first: a split interrupted between the two leaves no job list to run.
    crate::challenge::write_atomic(&plan_path, format!("{text}\n").as_bytes())
        .map_err(|e| io(&plan_path, e))?;
    crate::challenge::write_atomic(&dir.join(JOBS_FILE), lines.as_bytes())
        .map_err(|e| io(dir, e))?;
    if json {
        print_json(&serde_json::json!({"jobs": plan.jobs.len(), "depth": depth,
            "plan": plan_path.display().to_string()}));
    } else {
        outln!(
            "{} jobs at {} in {} (run them in that folder: parallel < jobs.txt)",
            plan.jobs.len(),
            super::plies(depth),
            dir.display()
        );
    }
    Ok(EXIT_OK)
}

/// The unfinished positions `depth` plies below `pos`, each once, in the order first met.
fn collect(
    pos: &Position,
    depth: u32,
    out: &mut Vec<String>,
    seen: &mut std::collections::HashSet<String>,
) {
    if pos.outcome().is_some() {
        return;
    }
    if depth == 0 {
        let s = pos.to_string();
        if seen.insert(s.clone()) {
            out.push(s);
        }
        return;
    }
    for m in pos.legal_moves() {
        collect(&pos.play(m), depth - 1, out, seen);
    }
}
