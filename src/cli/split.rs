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

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::who_wins::CertReport;
use super::{CliError, EXIT_OK, print_json};
use crate::certify::format;
use crate::game::{GameState, Player, Reason};
use crate::games::breakthrough::{Move, Position, Side};
use crate::solver::breakthrough_proof::record;
use crate::solver::breakthrough_proof::union::{Aim, NEVER, Union};

/// `DIR/plan.json`.
#[derive(Debug, Serialize, Deserialize)]
struct Plan {
    game: String,
    position: String,
    depth: u32,
    /// Whether the jobs answer the plies of perfect play too (`--split --length`); plans
    /// written before it lack the field and answer the winner only.
    #[serde(default)]
    length: bool,
    jobs: Vec<Job>,
}

/// One job of a plan.
#[derive(Debug, Serialize, Deserialize)]
struct Job {
    /// `job-N`: its answer is `job-N.json`, its certificate `job-N.cert`.
    id: String,
    position: String,
    /// The job's `peakforge` arguments, to run in the plan's folder.
    args: Vec<String>,
}

/// Whether a folder whose entries are `entries` is the work folder of a split: it holds the
/// plan and the job list that `split` writes.
pub(super) fn is_split_folder(entries: &[std::path::PathBuf]) -> bool {
    let named = |name: &str| entries.iter().any(|e| e.file_name() == Some(name.as_ref()));
    named(PLAN_FILE) && named(JOBS_FILE)
}

/// The plan of a split, in its folder.
const PLAN_FILE: &str = "plan.json";

/// The job list of a split, one command a line.
const JOBS_FILE: &str = "jobs.txt";

fn io(path: &Path, e: impl std::fmt::Display) -> CliError {
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
    crate::challenge::write_atomic(&dir.join(JOBS_FILE), lines.as_bytes())
        .map_err(|e| io(dir, e))?;
    crate::challenge::write_atomic(&plan_path, format!("{text}\n").as_bytes())
        .map_err(|e| io(&plan_path, e))?;
    if json {
        print_json(&serde_json::json!({"jobs": plan.jobs.len(), "depth": depth,
            "plan": plan_path.display().to_string()}));
    } else {
        outln!(
            "{} jobs at {depth} plies in {} (run them in that folder: parallel < jobs.txt)",
            plan.jobs.len(),
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

/// What a job answered, or what the split tree above the jobs gives a position: the winner,
/// and the plies of perfect play when the plan asks for them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Value {
    winner: Player,
    plies: Option<u32>,
}

/// The answers of the plan's jobs, by position, from their `job-N.json`.
fn answers(dir: &Path, plan: &Plan, length: bool) -> Result<HashMap<String, Value>, CliError> {
    let mut out = HashMap::new();
    for j in &plan.jobs {
        let path = dir.join(format!("{}.json", j.id));
        let text = std::fs::read_to_string(&path).map_err(|e| io(&path, e))?;
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
                    (None, Some(limit)) => format!("no winner ({limit}): the job has not answered"),
                    (None, None) => "no winner: the job has not answered".to_string(),
                };
                return Err(io(&path, format!("{why}; run it again")));
            }
        };
        let plies = match (length, v["plies"].as_u64()) {
            (false, _) => None,
            (true, Some(n)) => Some(u32::try_from(n).map_err(|e| io(&path, e))?),
            (true, None) => {
                let why = match v["stopped_by"].as_str() {
                    Some(limit) => format!(
                        "no length ({limit}): the job proved the winner, not the plies; run it \
                         again with larger limits (its line in jobs.txt has them)"
                    ),
                    None => "no length: the job was run without --length; run it again as \
                             jobs.txt says"
                        .to_string(),
                };
                return Err(io(&path, why));
            }
        };
        out.insert(j.position.clone(), Value { winner, plies });
    }
    Ok(out)
}

/// The split tree above the jobs: minimax of the jobs' answers. With lengths, the winner
/// wins as fast as it can and the loser lasts as long as it can: a position's plies are one
/// more than the fewest of the moves that win it, or, when none does, the most of all.
struct Tree<'a> {
    depth: u32,
    length: bool,
    answers: &'a HashMap<String, Value>,
    memo: HashMap<String, Value>,
}

impl Tree<'_> {
    fn value(&mut self, pos: &Position, d: u32) -> Result<Value, CliError> {
        if let Some(o) = pos.outcome() {
            let winner = o
                .winner
                .ok_or_else(|| CliError::bad_input("a line of the split is drawn"))?;
            return Ok(Value {
                winner,
                plies: self.length.then_some(0),
            });
        }
        let s = pos.to_string();
        if d == self.depth {
            return self
                .answers
                .get(&s)
                .copied()
                .ok_or_else(|| CliError::bad_input(format!("no job answers the position {s}")));
        }
        if let Some(&v) = self.memo.get(&s) {
            return Ok(v);
        }
        let me = pos.to_move();
        let (mut fastest, mut longest) = (None::<u32>, 0);
        for m in pos.legal_moves() {
            let child = self.value(&pos.play(m), d + 1)?;
            let plies = child.plies.unwrap_or(0) + 1;
            if child.winner == me {
                fastest = Some(fastest.map_or(plies, |f| f.min(plies)));
                if !self.length {
                    break;
                }
            } else {
                longest = longest.max(plies);
            }
        }
        let v = Value {
            winner: if fastest.is_some() { me } else { me.opponent() },
            plies: self.length.then(|| fastest.unwrap_or(longest)),
        };
        self.memo.insert(s, v);
        Ok(v)
    }

    /// The records above the jobs of the start's strategy that `walk` is for, and the jobs
    /// its lines reach: at the recording side's positions one move, at the other side's
    /// every move.
    fn records_above(
        &mut self,
        pos: &Position,
        d: u32,
        winner: Player,
        walk: &mut Walk,
    ) -> Result<(), CliError> {
        if self.reached_job(pos, d, walk) {
            return Ok(());
        }
        let moves = pos.legal_moves();
        let aim = walk.union.aim();
        let recorder = match aim {
            Aim::Win => winner,
            Aim::Last => winner.opponent(),
        };
        if pos.to_move() != recorder {
            for m in moves {
                self.records_above(&pos.play(m), d + 1, winner, walk)?;
            }
            return Ok(());
        }
        let Some((m, bound)) = self.recorded_move(pos, d, winner, &moves, aim)? else {
            return Ok(());
        };
        walk.record(pos, m, bound)?;
        self.records_above(&pos.play(m), d + 1, winner, walk)
    }

    /// The move a strategy for `aim` records at `pos` and its bound there: the winner's
    /// winning move (the fastest, with lengths; none where it wins at once, which the checker
    /// plays itself), or the loser's move that lasts longest (the fastest win, after a
    /// winner's move that threw the win away).
    fn recorded_move(
        &mut self,
        pos: &Position,
        d: u32,
        winner: Player,
        moves: &[Move],
        aim: Aim,
    ) -> Result<Option<(Move, u32)>, CliError> {
        let v = self.value(pos, d)?;
        let plies = v.plies.unwrap_or(0);
        Ok(Some(match aim {
            Aim::Win => {
                let at_once = moves.iter().any(|&m| {
                    pos.play(m).outcome().is_some_and(|o| {
                        matches!(o.reason, Reason::Breakthrough | Reason::Elimination)
                    })
                });
                if at_once {
                    return Ok(None);
                }
                (self.pick(pos, d, winner, moves, false)?, plies)
            }
            Aim::Last if v.winner != winner => (self.pick(pos, d, v.winner, moves, false)?, NEVER),
            Aim::Last => (self.pick(pos, d, winner, moves, true)?, plies),
        }))
    }

    /// Whether `pos` ends the walk: a finished match, or a job's position (noted in `walk`).
    fn reached_job(&self, pos: &Position, d: u32, walk: &mut Walk) -> bool {
        if pos.outcome().is_some() {
            return true;
        }
        if d == self.depth {
            walk.jobs.insert(pos.to_string());
            return true;
        }
        false
    }

    /// Of `moves`, one after which `won_by` wins: the first, or with lengths the one of the
    /// fewest plies (the most when `longest`).
    fn pick(
        &mut self,
        pos: &Position,
        d: u32,
        won_by: Player,
        moves: &[Move],
        longest: bool,
    ) -> Result<Move, CliError> {
        let mut found: Option<(Move, Option<u32>)> = None;
        for &m in moves {
            let v = self.value(&pos.play(m), d + 1)?;
            let worse =
                |(_, p): (Move, Option<u32>)| if longest { p >= v.plies } else { p <= v.plies };
            if v.winner != won_by || found.is_some_and(worse) {
                continue;
            }
            found = Some((m, v.plies));
            if !self.length {
                break;
            }
        }
        found
            .map(|(m, _)| m)
            .ok_or_else(|| CliError::bad_input("the split's answers contradict each other"))
    }
}

/// A walk above the jobs: the records it offers the start's certificate, and the jobs it
/// reaches.
struct Walk {
    union: Union,
    jobs: std::collections::HashSet<String>,
}

impl Walk {
    fn new(aim: Aim, winner: Player) -> Self {
        Self {
            union: Union::new(aim, winner),
            jobs: std::collections::HashSet::new(),
        }
    }

    /// Offers the record of `m` in `pos`, which wins within (lasts) `bound` plies.
    fn record(&mut self, pos: &Position, m: Move, bound: u32) -> Result<(), CliError> {
        let rec =
            record(pos, m).ok_or_else(|| CliError::bad_input("a board of more than 64 tiles"))?;
        self.union.offer(rec, bound);
        Ok(())
    }
}

/// Combines the answers (and with `proof`, the certificates) of the jobs in `dir`.
///
/// # Errors
/// A missing or unreadable plan, answer or certificate (exit 2).
pub(super) fn merge(
    dir: &Path,
    json: bool,
    length: bool,
    proof: Option<&Path>,
) -> Result<i32, CliError> {
    let plan_path = dir.join(PLAN_FILE);
    let text = std::fs::read_to_string(&plan_path).map_err(|e| io(&plan_path, e))?;
    let plan: Plan = serde_json::from_str(&text).map_err(|e| io(&plan_path, e))?;
    let root: Position = plan
        .position
        .parse()
        .map_err(|e| io(&plan_path, format!("position: {e:?}")))?;
    if length && !plan.length {
        return Err(io(
            &plan_path,
            "the jobs were split without --length: they answer the winner only (split again \
             with --length for the plies)",
        ));
    }
    let answers = answers(dir, &plan, length)?;
    let mut tree = Tree {
        depth: plan.depth,
        length,
        answers: &answers,
        memo: HashMap::new(),
    };
    let Value { winner, plies } = tree.value(&root, 0)?;
    let (mut written, mut length_written) = (None, None);
    if let Some(path) = proof {
        let length_path = super::who_wins::length_path(path);
        refuse_split_files(dir, &plan, &[path, &length_path])?;
        let certify = Certify {
            dir,
            plan: &plan,
            answers: &answers,
            root: &root,
            winner,
            plies,
        };
        let aims: &[Aim] = if length {
            &[Aim::Win, Aim::Last]
        } else {
            &[Aim::Win]
        };
        let mut walks = Vec::new();
        for &aim in aims {
            let mut walk = Walk::new(aim, winner);
            tree.records_above(&root, 0, winner, &mut walk)?;
            walks.push(walk);
        }
        // Every job file either certificate needs is opened and its header checked before
        // anything is written: one missing or stale leaves no half output.
        for walk in &walks {
            for (file, job) in certify.sources(walk) {
                open_certificate(&file, &job)?;
            }
        }
        // One certificate at a time (the memory of one join), each staged beside its file:
        // both are put in place only once both are written.
        let mut staged = Vec::new();
        for (walk, out) in walks.into_iter().zip([path, length_path.as_path()]) {
            let union = certify.join(walk)?;
            staged.push(certify.stage(out, &union)?);
        }
        let mut reports = Vec::new();
        for (file, report) in staged {
            file.commit()
                .map_err(|e| CliError::bad_input(e.to_string()))?;
            reports.push(report);
        }
        let mut reports = reports.into_iter();
        written = reports.next();
        length_written = reports.next();
    }
    let me = root.to_move();
    let report = serde_json::json!({
        "question": "who_wins",
        "result": if winner == me { "win" } else { "no_win" },
        "side_to_move": Side::from(me).name(),
        "winner": Side::from(winner).name(),
        "plies": plies,
        "jobs": plan.jobs.len(),
        "certificate": written,
        "length_certificate": length_written,
    });
    if json {
        print_json(&report);
    } else {
        let within = plies.map_or(String::new(), |n| format!(" in {n} plies"));
        outln!(
            "who wins: {} wins with perfect play{within} ({} jobs merged)",
            Side::from(winner).name(),
            plan.jobs.len()
        );
        super::who_wins::print_certificates(written.as_ref(), length_written.as_ref());
    }
    Ok(EXIT_OK)
}

/// What makes the start's certificates from the jobs'.
struct Certify<'a> {
    dir: &'a Path,
    plan: &'a Plan,
    answers: &'a HashMap<String, Value>,
    root: &'a Position,
    winner: Player,
    /// The plies of perfect play (`--length`), which the certificates then claim.
    plies: Option<u32>,
}

impl Certify<'_> {
    /// The job certificates `walk`'s strategy is joined from, with what each must be: a job
    /// the winner wins gives its strategy (its length certificate, for a length); a job the
    /// loser wins, reached by a winner's move that throws the win away, its strategy, to a
    /// length certificate.
    fn sources(&self, walk: &Walk) -> Vec<(PathBuf, Expected<'_>)> {
        let lasting = walk.union.aim() == Aim::Last;
        let mut out = Vec::new();
        for j in self
            .plan
            .jobs
            .iter()
            .filter(|j| walk.jobs.contains(&j.position))
        {
            let Some(&v) = self.answers.get(&j.position) else {
                continue;
            };
            let ours = v.winner == self.winner;
            if !ours && !lasting {
                continue;
            }
            let cert = self.dir.join(format!("{}.cert", j.id));
            let (file, claim) = if ours && lasting {
                (
                    super::who_wins::length_path(&cert),
                    Claim::Survives(v.plies),
                )
            } else {
                (cert, Claim::Plies(v.plies))
            };
            let job = Expected {
                position: &j.position,
                winner: Side::from(v.winner).name(),
                claim,
            };
            out.push((file, job));
        }
        out
    }

    /// Joins the start's winner's strategy (or its length certificate: `walk` for
    /// [`Aim::Last`]): `walk`'s records above the jobs and the strategies of
    /// [`Certify::sources`]. With lengths, each position keeps the record that does best
    /// from it ([`Union`]), and the certificate then claims the plies.
    fn join(&self, mut walk: Walk) -> Result<Union, CliError> {
        for (file, job) in self.sources(&walk) {
            let records = read_records(&file, &job)?;
            if self.plies.is_some() {
                let start: Position = job
                    .position
                    .parse()
                    .map_err(|e| io(&file, format!("the job's position: {e:?}")))?;
                walk.union
                    .offer_strategy(&start, &records)
                    .map_err(|e| io(&file, format!("the job's strategy does not hold: {e}")))?;
            } else {
                // Without lengths any record will do: a union of strategies wins.
                for (k, c) in records {
                    walk.union.offer((k, c), 0);
                }
            }
        }
        Ok(walk.union)
    }

    /// Stages the certificate of `union` (a winner's strategy or a length certificate).
    fn stage(
        &self,
        path: &Path,
        union: &Union,
    ) -> Result<(crate::challenge::Staged, CertReport), CliError> {
        let lasting = union.aim() == Aim::Last;
        let survives = if lasting { self.plies } else { None };
        let mut header = super::who_wins::header(self.root, self.winner, survives);
        header.position.clone_from(&self.plan.position);
        if !lasting {
            header.plies = self.plies;
        }
        super::who_wins::stage(path, header, union.records().into_iter())
    }
}

/// Refuses a certificate path that is one of the split's own files (a job's answer or
/// certificate, the plan, the job list): the merge reads them.
fn refuse_split_files(dir: &Path, plan: &Plan, outs: &[&Path]) -> Result<(), CliError> {
    let mut inputs = vec![dir.join(PLAN_FILE), dir.join(JOBS_FILE)];
    for j in &plan.jobs {
        let cert = dir.join(format!("{}.cert", j.id));
        inputs.push(super::who_wins::length_path(&cert));
        inputs.push(cert);
        inputs.push(dir.join(format!("{}.json", j.id)));
    }
    let inputs: Vec<&Path> = inputs.iter().map(std::path::PathBuf::as_path).collect();
    for out in outs {
        super::out_file::refuse_inputs(out, &inputs)?;
    }
    Ok(())
}

/// What a job's certificate must be: of the job's position, won by `winner`, with the claim.
struct Expected<'a> {
    position: &'a str,
    winner: &'a str,
    claim: Claim,
}

/// What a job's certificate must claim: its plies (a winner's strategy; `None`: nothing to
/// check) or the plies its loser lasts (a length certificate).
#[derive(Clone, Copy)]
enum Claim {
    Plies(Option<u32>),
    Survives(Option<u32>),
}

/// The records of the certificate `path`, which must be the `job`'s.
fn read_records(path: &Path, job: &Expected<'_>) -> Result<HashMap<u128, u8>, CliError> {
    let (h, body) = open_certificate(path, job)?;
    let mut out = HashMap::new();
    format::read_all(&h, body, |(k, m)| {
        out.insert(k, m);
    })
    .map_err(|e| io(path, e))?;
    Ok(out)
}

/// The header of the certificate `path`, checked to be the `job`'s, and its body to read.
fn open_certificate(
    path: &Path,
    job: &Expected<'_>,
) -> Result<(format::Header, std::io::BufReader<std::fs::File>), CliError> {
    let file = std::fs::File::open(path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            io(
                path,
                "no certificate: the job did not write it (a limit stops a job before its \
                 certificate: its JSON says which); run the job again",
            )
        } else {
            io(path, e)
        }
    })?;
    let (h, body) = format::read_header(std::io::BufReader::new(file)).map_err(|e| io(path, e))?;
    let (field, claimed, wanted) = match job.claim {
        Claim::Plies(p) => ("plies", h.plies, p),
        Claim::Survives(p) => ("survives", h.survives, p),
    };
    let said = |n: Option<u32>| n.map_or("none".to_string(), |n| n.to_string());
    let wrong = if h.position != job.position {
        Some(format!(
            "it is the certificate of {}, not of the job's {}",
            h.position, job.position
        ))
    } else if h.winner != job.winner {
        Some(format!("its winner is {}, not {}", h.winner, job.winner))
    } else if wanted.is_some() && claimed != wanted {
        Some(format!(
            "its header claims {field} {}; the job answered {}",
            said(claimed),
            said(wanted)
        ))
    } else {
        None
    };
    if let Some(why) = wrong {
        return Err(io(path, format!("{why} (run the job again)")));
    }
    Ok((h, body))
}
