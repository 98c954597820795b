//! `peakforge verify PATH…`: verifies challenge files; folders are searched recursively for
//! `.ron` and `.json` files, in sorted order.

use rayon::prelude::*;
use std::path::{Path, PathBuf};

use super::{CliError, EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK, EXIT_UNKNOWN, print_json};
use crate::solver::Control;
use crate::verify::{Status, VerifyReport, invalid_report, verify_file};

/// Arguments of `verify`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Challenge files or folders.
    #[arg(value_name = "PATH", required = true)]
    paths: Vec<PathBuf>,
    /// Print one JSON document (an array, one entry per file) on stdout.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: super::limits::LimitArgs,
    /// Files verified at once (threads); each file is verified on its own, so verdicts do not
    /// depend on it. Default: the number of cores.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: Option<u16>,
    /// Verify only shard I of N (1-based): the files whose position in the sorted list is
    /// I modulo N, so that a CI matrix can split a library across machines.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    shard: Option<(usize, usize)>,
    /// Accept cooked challenges (several key moves) as passing: the exit code counts them so;
    /// their status stays `cooked` (and `export` still refuses them).
    #[arg(long)]
    allow_cooks: bool,
}

fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let (i, n) = s
        .split_once('/')
        .ok_or_else(|| format!("'{s}' is not I/N"))?;
    let i: usize = i
        .parse()
        .map_err(|_| format!("'{i}' is not a whole number"))?;
    let n: usize = n
        .parse()
        .map_err(|_| format!("'{n}' is not a whole number"))?;
    if n == 0 || i == 0 || i > n {
        return Err(format!("shard {i}/{n}: need 1 <= I <= N"));
    }
    Ok((i, n))
}

/// Every challenge file under the paths: files as given, folders searched recursively for
/// regular files named `.ron` or `.json` in any case (but not [`crate::library::INDEX_FILE`] nor a proof
/// named with [`crate::library::PROOF_ENDING`]), hidden entries
/// (names starting with `.`) left out, each folder's entries sorted by name. A folder
/// reached again through a symbolic link (a loop, or two links to one folder) is searched once.
/// What cannot be read is listed too, to get its own `invalid` entry (see [`collect_entries`]).
///
/// # Errors
/// None today (the `Result` is kept for callers).
pub fn collect(paths: &[PathBuf]) -> Result<Vec<PathBuf>, CliError> {
    Ok(collect_entries(paths).into_iter().map(|(p, _)| p).collect())
}

/// As [`collect`], each path with why it could not be searched when it is a folder that
/// could not be read (the rest of the batch is searched all the same). A path inside a folder
/// that cannot be looked at (a dangling symbolic link) follows the name rules of files; a
/// path given by name is always listed.
#[must_use]
pub fn collect_entries(paths: &[PathBuf]) -> Vec<(PathBuf, Option<String>)> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for p in paths {
        walk(p, &mut out, &mut seen, true);
    }
    out
}

fn walk(
    p: &Path,
    out: &mut Vec<(PathBuf, Option<String>)>,
    seen: &mut std::collections::HashSet<PathBuf>,
    given: bool,
) {
    let meta = match std::fs::metadata(p) {
        Ok(m) => m,
        // A path longer than the system takes (deeper than PATH_MAX): its own entry, never
        // dropped (before, a batch said "1 of 1 file(s) sound" without it).
        Err(e) if e.raw_os_error() == Some(libc::ENAMETOOLONG) => {
            let why = "cannot read: the path is longer than the system allows (PATH_MAX)";
            return out.push((p.to_path_buf(), Some(why.to_string())));
        }
        Err(_) => {
            // A path that cannot be looked at (missing, a dangling link) gets its own
            // `invalid` entry in the report: given by name, or named as a challenge file.
            if given || crate::library::names_a_challenge(p) {
                out.push((p.to_path_buf(), None));
            }
            return;
        }
    };
    if meta.is_dir() {
        let real = std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
        if !seen.insert(real) {
            return;
        }
        let unreadable = |e: std::io::Error| Some(format!("cannot read the folder: {e}"));
        let listing = match std::fs::read_dir(p) {
            Ok(l) => l,
            Err(e) => return out.push((p.to_path_buf(), unreadable(e))),
        };
        let mut entries = Vec::new();
        for e in listing {
            match e {
                Ok(e) => entries.push(e.path()),
                Err(e) => return out.push((p.to_path_buf(), unreadable(e))),
            }
        }
        // Hidden entries (`.git`, an editor's `.name.XXXXXX.tmp`) are not part of a library.
        entries.retain(|e| {
            e.file_name()
                .is_some_and(|n| !n.as_encoded_bytes().starts_with(b"."))
        });
        // The work folder of `solve --split` (its plan, job answers and certificates): no
        // challenge is kept there.
        if super::split::is_split_folder(&entries) {
            return;
        }
        entries.sort();
        for e in entries {
            walk(&e, out, seen, false);
        }
    } else if given || (meta.is_file() && crate::library::names_a_challenge(p)) {
        out.push((p.to_path_buf(), None));
    }
}

/// The exit code of a batch: 2 if any file is invalid, else 1 if any failed (a cooked file
/// passes with `allow_cooks`, `verify --allow-cooks`: the files keep their status, only the
/// exit code changes), else 3 if any is unknown, else 0.
#[must_use]
pub fn batch_exit_code(reports: &[VerifyReport], allow_cooks: bool) -> i32 {
    let has = |s: &[Status]| reports.iter().any(|r| s.contains(&r.status));
    let failed: &[Status] = if allow_cooks {
        &[Status::Unsound, Status::LineFails]
    } else {
        &[Status::Cooked, Status::Unsound, Status::LineFails]
    };
    if has(&[Status::Invalid]) {
        EXIT_BAD_INPUT
    } else if has(failed) {
        EXIT_FAILED
    } else if has(&[Status::Unknown]) {
        EXIT_UNKNOWN
    } else {
        EXIT_OK
    }
}

pub fn run(a: &Args) -> Result<i32, CliError> {
    if a.paths.iter().any(|p| p.as_os_str() == "-") {
        return Err(CliError::bad_input(
            "-: verify reads challenge files and folders, not standard input; save the \
             challenge to a .ron or .json file and give its path",
        ));
    }
    let mut files = collect_entries(&a.paths);
    if files.is_empty() {
        return Err(CliError::bad_input(format!(
            "no challenge files (.ron, .json) under {}",
            a.paths
                .iter()
                .map(|p| crate::excerpt::path_text(p))
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    if let Some((i, n)) = a.shard {
        files = files
            .into_iter()
            .enumerate()
            .filter(|(k, _)| k % n == i - 1)
            .map(|(_, f)| f)
            .collect();
    }
    // Never more threads than files; fewer when the system would not start them (a process
    // limit, little address space), down to this thread alone; never a failed batch.
    let threads = crate::solver::threads::asked_or_cores(a.jobs).min(files.len());
    let pool = crate::solver::threads::pool(threads, "peakforge-verify");
    let workers = pool
        .as_ref()
        .map_or(1, rayon::ThreadPool::current_num_threads);
    // Files run in parallel (--jobs), each file's search on one thread with an equal share of
    // the memory budget: --jobs N shares one budget.
    let limits = a.limits.limits(workers.min(files.len()), None);
    let bar = super::progress::bar(files.len(), "files");
    let verify_one = |(f, unreadable): &(PathBuf, Option<String>)| {
        let r = match unreadable {
            // One entry for a folder that could not be read; the rest are verified.
            Some(why) => invalid_report(
                &crate::excerpt::path_text(f),
                &crate::challenge::ChallengeError::Io {
                    path: f.clone(),
                    source: std::io::Error::other(why.clone()),
                },
            ),
            None => verify_file(
                f,
                Control {
                    limits,
                    ..Control::default()
                },
            ),
        };
        if let Some(b) = &bar {
            b.inc(1);
        }
        r
    };
    // Each file on its own; collected in the sorted order of `files`, whatever finishes first.
    let mut reports: Vec<VerifyReport> = match &pool {
        Some(pool) => pool.install(|| files.par_iter().map(verify_one).collect()),
        None => files.iter().map(verify_one).collect(),
    };
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if a.allow_cooks {
        // The status stays `cooked` (export refuses it); the finding says it was accepted and
        // the exit code counts it as passing.
        for r in &mut reports {
            if r.status == Status::Cooked {
                r.findings.push(crate::verify::Finding::CookAccepted);
            }
        }
    }
    if a.json {
        print_json(&reports);
    } else {
        for r in &reports {
            outln!(
                "{}: {} ({} nodes, {} ms)",
                r.file,
                r.status.as_str(),
                r.nodes,
                r.millis
            );
            for m in r.messages() {
                outln!("    {m}");
            }
        }
        let count = |s: Status| reports.iter().filter(|r| r.status == s).count();
        let cooked = count(Status::Cooked);
        if a.allow_cooks && cooked > 0 {
            outln!(
                "{} of {} file(s) sound, {cooked} cooked (accepted: --allow-cooks)",
                count(Status::Sound),
                reports.len()
            );
        } else {
            outln!(
                "{} of {} file(s) sound",
                count(Status::Sound),
                reports.len()
            );
        }
    }
    Ok(batch_exit_code(&reports, a.allow_cooks))
}
