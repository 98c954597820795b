//! `solve --merge DIR`: the jobs' answers read, the start decided, its certificates joined.

use std::collections::HashMap;
use std::path::Path;

use super::super::{CliError, EXIT_OK, print_json};
use super::join::{Certify, refuse_split_files};
use super::tree::{Tree, Value};
use super::{PLAN_FILE, Plan, io};
use crate::game::{GameState, Player};
use crate::games::breakthrough::{Position, Side};

/// The work the jobs report: their nodes and their times in milliseconds, summed.
#[derive(Default)]
struct Work {
    nodes: u64,
    millis: u64,
}

/// The answers of the plan's jobs, by position, from their `job-N.json`, and their work.
fn answers(
    dir: &Path,
    plan: &Plan,
    length: bool,
) -> Result<(HashMap<String, Value>, Work), CliError> {
    let mut out = HashMap::new();
    let mut work = Work::default();
    // Jobs a limit stopped: all named at the end, not the first alone.
    let mut stopped = Vec::new();
    for j in &plan.jobs {
        let path = dir.join(format!("{}.json", j.id));
        let text = std::fs::read_to_string(&path).map_err(|e| io(&path, e))?;
        if text.trim().is_empty() {
            return Err(io(
                &path,
                "empty: the job wrote no answer (did its command run? `peakforge` must be on \
                 the PATH where jobs.txt runs); run the job again",
            ));
        }
        let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| io(&path, e))?;
        // Another plan's answer in this job's place (its jobs run in the wrong folder).
        if let Some(p) = v["position"].as_str().filter(|&p| p != j.position) {
            return Err(io(
                &path,
                format!(
                    "the answer of {p}, not of the job's {}; run the job again",
                    j.position
                ),
            ));
        }
        let winner = match v["winner"].as_str() {
            Some("white") => Player::First,
            Some("black") => Player::Second,
            _ => {
                let why = match (v["error"].as_str(), v["stopped_by"].as_str()) {
                    (Some(e), _) => format!("no winner: the job failed: {e}"),
                    (None, Some(limit)) => {
                        stopped.push(format!("{} (no winner: {limit})", j.id));
                        continue;
                    }
                    (None, None) => "no winner: the job has not answered".to_string(),
                };
                return Err(io(&path, format!("{why}; run it again")));
            }
        };
        let plies = match (length, v["plies"].as_u64()) {
            (false, _) => None,
            (true, Some(n)) => Some(u32::try_from(n).map_err(|e| io(&path, e))?),
            (true, None) => match v["stopped_by"].as_str() {
                Some(limit) => {
                    stopped.push(format!("{} (no length: {limit})", j.id));
                    continue;
                }
                None => {
                    return Err(io(
                        &path,
                        "no length: the job was run without --length; run it again as \
                         jobs.txt says",
                    ));
                }
            },
        };
        work.nodes += v["nodes"].as_u64().unwrap_or(0);
        work.millis += v["millis"].as_u64().unwrap_or(0);
        out.insert(j.position.clone(), Value { winner, plies });
    }
    if let Some(first) = stopped.first() {
        // The question is open, as for a solve a limit stopped (exit 3).
        let more = match stopped.len() {
            1 => String::new(),
            n => format!(" and {} more", n - 1),
        };
        return Err(CliError {
            code: super::super::EXIT_UNKNOWN,
            message: format!(
                "{}: {} of {} jobs stopped by a limit before answering: {first}{more}; run \
                 them again with larger limits (their lines in jobs.txt have them)",
                dir.display(),
                stopped.len(),
                plan.jobs.len()
            ),
        });
    }
    Ok((out, work))
}

/// The plan in `dir` and its start, its job ids checked; `length` when the merge asks for
/// the plies.
fn read_plan(dir: &Path, length: bool) -> Result<(Plan, Position), CliError> {
    let plan_path = dir.join(PLAN_FILE);
    let text = std::fs::read_to_string(&plan_path).map_err(|e| io(&plan_path, e))?;
    let plan: Plan = serde_json::from_str(&text).map_err(|e| io(&plan_path, e))?;
    let root: Position = plan
        .position
        .parse()
        .map_err(|e| io(&plan_path, format!("position: {e:?}")))?;
    // Job ids name files in the folder: `job-` and digits, each once (a plan edited by hand
    // could name a file elsewhere, or count a job twice).
    let mut ids = std::collections::HashSet::new();
    for j in &plan.jobs {
        let digits = j.id.strip_prefix("job-").unwrap_or_default();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(io(
                &plan_path,
                format!("job id {:?}: not job-N (the plan was changed)", j.id),
            ));
        }
        if !ids.insert(&j.id) {
            return Err(io(
                &plan_path,
                format!("job {} is listed twice (the plan was changed)", j.id),
            ));
        }
    }
    if length && !plan.length {
        return Err(io(
            &plan_path,
            "the jobs were split without --length: they answer the winner only (split again \
             with --length for the plies)",
        ));
    }
    Ok((plan, root))
}

/// Combines the answers (and with `proof`, the certificates) of the jobs in `dir`; `proof`
/// is the certificate's path and whether `--force` lets it replace an existing file.
///
/// # Errors
/// A missing or unreadable plan, answer or certificate; an output that is one of the split's
/// files, or exists without `--force` (exit 2).
pub(in crate::cli) fn merge(
    dir: &Path,
    json: bool,
    length: bool,
    proof: Option<(&Path, bool)>,
) -> Result<i32, CliError> {
    let t = std::time::Instant::now();
    let (plan, root) = read_plan(dir, length)?;
    if let Some((path, force)) = proof {
        // FILE.length too without --length: an earlier one there is removed with --force.
        let length_path = super::super::who_wins::length_path(path);
        let outs = [path, length_path.as_path()];
        refuse_split_files(dir, &plan, &outs)?;
        for out in outs {
            super::super::out_file::check(out, &[], force)?;
        }
    }
    let (answers, work) = answers(dir, &plan, length)?;
    let mut tree = Tree {
        depth: plan.depth,
        length,
        answers: &answers,
        memo: HashMap::new(),
    };
    let Value { winner, plies } = tree.value(&root, 0)?;
    let (written, length_written) = match proof {
        Some((path, _)) => {
            let certify = Certify {
                dir,
                plan: &plan,
                answers: &answers,
                root: &root,
                winner,
                plies,
            };
            let (cert, length_cert) = certify.write(&mut tree, path, length)?;
            (Some(cert), length_cert)
        }
        None => (None, None),
    };
    let me = root.to_move();
    let report = serde_json::json!({
        "question": "who_wins",
        "position": plan.position,
        "result": if winner == me { "win" } else { "no_win" },
        "side_to_move": Side::from(me).name(),
        "winner": Side::from(winner).name(),
        "plies": plies,
        "jobs": plan.jobs.len(),
        "nodes": work.nodes,
        "job_millis": work.millis,
        "millis": t.elapsed().as_millis() as u64,
        "certificate": written,
        "length_certificate": length_written,
    });
    if json {
        print_json(&report);
    } else {
        let within = plies.map_or(String::new(), |n| format!(" in {}", super::super::plies(n)));
        outln!(
            "who wins: {} wins with perfect play{within} ({} jobs merged)",
            Side::from(winner).name(),
            plan.jobs.len()
        );
        super::super::who_wins::print_certificates(written.as_ref(), length_written.as_ref());
    }
    super::super::who_wins::finish_printing(written.as_ref(), length_written.as_ref())?;
    Ok(EXIT_OK)
}
