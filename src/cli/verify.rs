//! `peakforge verify PATH…`: verifies challenge files; folders are searched recursively for
//! `.ron` and `.json` files, in sorted order.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::{CliError, EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK, EXIT_UNKNOWN, print_json};
use crate::solver::{Control, Limits};
use crate::verify::{Status, VerifyReport, verify_file};

/// Arguments of `verify`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Challenge files or folders.
    #[arg(value_name = "PATH", required = true)]
    paths: Vec<PathBuf>,
    /// Print one JSON document (an array, one entry per file) on stdout.
    #[arg(long)]
    json: bool,
    /// Give up on a file (status `unknown`) after this many nodes.
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Give up on a file (status `unknown`) after this many seconds.
    #[arg(long, value_name = "SECS")]
    max_time: Option<f64>,
}

/// Every challenge file under the paths: files as given, folders searched recursively for
/// `.ron` and `.json`, each folder's entries sorted by name.
///
/// # Errors
/// A path that does not exist or cannot be read (exit 2).
pub fn collect(paths: &[PathBuf]) -> Result<Vec<PathBuf>, CliError> {
    let mut out = Vec::new();
    for p in paths {
        walk(p, &mut out, true)?;
    }
    Ok(out)
}

fn walk(p: &Path, out: &mut Vec<PathBuf>, given: bool) -> Result<(), CliError> {
    let meta =
        std::fs::metadata(p).map_err(|e| CliError::bad_input(format!("{}: {e}", p.display())))?;
    if meta.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(p)
            .map_err(|e| CliError::bad_input(format!("{}: {e}", p.display())))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        for e in entries {
            walk(&e, out, false)?;
        }
    } else if given || matches!(p.extension().and_then(|e| e.to_str()), Some("ron" | "json")) {
        out.push(p.to_path_buf());
    }
    Ok(())
}

/// The exit code of a batch: 2 if any file is invalid, else 1 if any failed, else 3 if any is
/// unknown, else 0.
#[must_use]
pub fn batch_exit_code(reports: &[VerifyReport]) -> i32 {
    let has = |s: &[Status]| reports.iter().any(|r| s.contains(&r.status));
    if has(&[Status::Invalid]) {
        EXIT_BAD_INPUT
    } else if has(&[Status::Cooked, Status::Unsound, Status::LineFails]) {
        EXIT_FAILED
    } else if has(&[Status::Unknown]) {
        EXIT_UNKNOWN
    } else {
        EXIT_OK
    }
}

pub fn run(a: &Args) -> Result<i32, CliError> {
    let files = collect(&a.paths)?;
    let limits = Limits {
        max_nodes: a.max_nodes,
        max_time: a
            .max_time
            .filter(|t| t.is_finite() && *t >= 0.0)
            .map(Duration::from_secs_f64),
        table_entries: None,
    };
    let reports: Vec<VerifyReport> = files
        .iter()
        .map(|f| {
            verify_file(
                f,
                Control {
                    limits,
                    ..Control::default()
                },
            )
        })
        .collect();
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
            for m in &r.messages {
                outln!("    {m}");
            }
        }
        let sound = reports.iter().filter(|r| r.status == Status::Sound).count();
        outln!("{sound} of {} file(s) sound", reports.len());
    }
    Ok(batch_exit_code(&reports))
}
