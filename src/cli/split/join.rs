//! The start's certificates joined from the jobs': which job files, checked to be the
//! jobs', and the records each strategy gives ([`Union`]).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::super::CliError;
use super::super::who_wins::{self, CertReport};
use super::tree::{Tree, Value, Walk};
use super::{JOBS_FILE, PLAN_FILE, Plan, io};
use crate::certify::format;
use crate::game::Player;
use crate::games::breakthrough::{Position, Side};
use crate::solver::breakthrough_proof::union::{Aim, Strategy, Union};

/// What makes the start's certificates from the jobs'.
pub(super) struct Certify<'a> {
    pub(super) dir: &'a Path,
    pub(super) plan: &'a Plan,
    pub(super) answers: &'a HashMap<String, Value>,
    pub(super) root: &'a Position,
    pub(super) winner: Player,
    /// The plies of perfect play (`--length`), which the certificates then claim.
    pub(super) plies: Option<u32>,
}

impl Certify<'_> {
    /// The job certificates `walk`'s strategy is joined from, with what each must be: a job
    /// the winner wins gives its strategy (its length certificate, for a length); a job the
    /// loser wins, reached by a winner's move that throws the win away, its strategy, to a
    /// length certificate.
    pub(super) fn sources(&self, walk: &Walk) -> Vec<(PathBuf, Expected<'_>)> {
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
                (who_wins::length_path(&cert), Claim::Survives(v.plies))
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
    pub(super) fn join(&self, mut walk: Walk, out: &Path) -> Result<Union, CliError> {
        // The records are kept in files beside the output: a join can outgrow memory.
        let beside = out
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        walk.union.spill_into(beside).map_err(|e| {
            io(
                beside,
                format!("cannot keep the join's records in this folder: {e}; nothing was written"),
            )
        })?;
        for (file, job) in self.sources(&walk) {
            let (h, body) = open_certificate(&file, &job)?;
            if self.plies.is_some() {
                let mut records = Strategy::default();
                format::read_all(&h, body, |r| records.insert(r)).map_err(|e| io(&file, e))?;
                let start: Position = job
                    .position
                    .parse()
                    .map_err(|e| io(&file, format!("the job's position: {e:?}")))?;
                walk.union
                    .offer_strategy(&start, &mut records)
                    .map_err(|e| io(&file, format!("the job's strategy does not hold: {e}")))?;
            } else {
                // Without lengths any record will do: a union of strategies wins.
                format::read_all(&h, body, |r| walk.union.offer(r, 0)).map_err(|e| io(&file, e))?;
                walk.union.run_when_large().map_err(|e| io(beside, e))?;
            }
        }
        Ok(walk.union)
    }

    /// Writes the start's certificate to `path` and, with `length`, its length certificate
    /// to `path.length`: the records above the jobs from `tree`, joined with the jobs'. Every
    /// job file either needs is opened and its header checked before anything is written (one
    /// missing or stale leaves no half output); they are joined one at a time (the memory of
    /// one join), each staged beside its file, and put in place together
    /// ([`who_wins::commit_pair`]).
    pub(super) fn write(
        &self,
        tree: &mut Tree<'_>,
        path: &Path,
        length: bool,
    ) -> Result<(CertReport, Option<CertReport>), CliError> {
        let mut walk = |aim| {
            let mut walk = Walk::new(aim, self.winner);
            tree.records_above(self.root, 0, self.winner, &mut walk)
                .map(|()| walk)
        };
        let win = walk(Aim::Win)?;
        let last = if length { Some(walk(Aim::Last)?) } else { None };
        for w in std::iter::once(&win).chain(&last) {
            for (file, job) in self.sources(w) {
                open_certificate(&file, &job)?;
            }
        }
        let (cert, report) = self.stage(path, &mut self.join(win, path)?)?;
        let length_path = who_wins::length_path(path);
        let (length, length_report) = match last {
            Some(w) => Some(self.stage(&length_path, &mut self.join(w, &length_path)?)?),
            None => None,
        }
        .unzip();
        who_wins::commit_pair(path, cert, length)?;
        Ok((report, length_report))
    }

    /// Stages the certificate of `union` (a winner's strategy or a length certificate).
    pub(super) fn stage(
        &self,
        path: &Path,
        union: &mut Union,
    ) -> Result<(crate::challenge::Staged, CertReport), CliError> {
        let lasting = union.aim() == Aim::Last;
        let survives = if lasting { self.plies } else { None };
        let mut header = super::super::who_wins::header(self.root, self.winner, survives);
        header.position.clone_from(&self.plan.position);
        if !lasting {
            header.plies = self.plies;
        }
        let records = union
            .records()
            .map_err(|e| io(path, format!("cannot keep the records: {e}")))?;
        let read = records.clone();
        let staged = super::super::who_wins::stage(path, header, records)?;
        match read.failed() {
            Some(why) => Err(io(path, why)),
            None => Ok(staged),
        }
    }
}

/// Refuses a certificate path that is one of the split's own files (a job's answer or
/// certificate, the plan, the job list): the merge reads them.
pub(super) fn refuse_split_files(dir: &Path, plan: &Plan, outs: &[&Path]) -> Result<(), CliError> {
    let mut inputs = vec![dir.join(PLAN_FILE), dir.join(JOBS_FILE)];
    for j in &plan.jobs {
        let cert = dir.join(format!("{}.cert", j.id));
        inputs.push(who_wins::length_path(&cert));
        inputs.push(cert);
        inputs.push(dir.join(format!("{}.json", j.id)));
    }
    let inputs: Vec<&Path> = inputs.iter().map(std::path::PathBuf::as_path).collect();
    for out in outs {
        super::super::out_file::refuse_inputs(out, &inputs)?;
    }
    Ok(())
}

/// What a job's certificate must be: of the job's position, won by `winner`, with the claim.
pub(super) struct Expected<'a> {
    pub(super) position: &'a str,
    pub(super) winner: &'a str,
    pub(super) claim: Claim,
}

/// What a job's certificate must claim: its plies (a winner's strategy; `None`: nothing to
/// check) or the plies its loser lasts (a length certificate).
#[derive(Clone, Copy)]
pub(super) enum Claim {
    Plies(Option<u32>),
    Survives(Option<u32>),
}

/// The header of the certificate `path`, checked to be the `job`'s, and its body to read.
pub(super) fn open_certificate(
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
