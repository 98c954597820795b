//! `peakforge suggest FILE [--json]`: small edits that repair a cooked or unsound challenge,
//! each proved sound by the solver, best first (`crate::suggest`).

use std::path::PathBuf;

use serde::Serialize;

use super::{CliError, EXIT_FAILED, EXIT_OK, EXIT_UNKNOWN, print_json};
use crate::challenge::{Goal, PositionSpec};
use crate::difficulty::Difficulty;
use crate::solver::Control;
use crate::suggest::{EditKind, suggest};
use crate::verify::Status;

/// Arguments of `suggest`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The challenge file to repair.
    file: PathBuf,
    /// Print one JSON document on stdout.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: super::limits::LimitArgs,
    /// Stop the whole search for repairs after this many seconds (the edits not verified by
    /// then count as unknown; what was found is printed). 0 for no limit. `--max-time` is
    /// each edit's own limit.
    #[arg(long, value_name = "SECS", default_value = "600",
          value_parser = super::input::parse_seconds)]
    max_total_time: std::time::Duration,
}

/// One repair as `suggest --json` prints it.
#[derive(Serialize)]
struct Entry {
    /// What the edit does, in words.
    edit: String,
    kind: EditKind,
    /// The unique key move after the edit.
    key_move: String,
    difficulty: Option<Difficulty>,
    /// The challenge's position and goal after the edit (the file model's fields).
    position: PositionSpec,
    goal: Goal,
}

#[derive(Serialize)]
struct Report {
    file: String,
    /// The challenge's status as it is.
    status: Status,
    suggestions: Vec<Entry>,
    /// Candidate edits verified; `unknown` of them were stopped by a limit (not offered).
    tried: usize,
    unknown: usize,
    millis: u64,
}

pub fn run(a: &Args) -> Result<i32, CliError> {
    let ch = super::input::load_file(&a.file, None)?.challenge().clone();
    let file = a.file.display().to_string();
    // The edits are verified in parallel: the memory budget is shared by the searches at once.
    let stop = std::sync::atomic::AtomicBool::new(false);
    let control = Control {
        limits: a.limits.limits(rayon::current_num_threads(), None),
        cancel: Some(&stop),
        ..Control::default()
    };
    let found = within(a.max_total_time, &stop, || suggest(&file, &ch, control));
    if stop.load(std::sync::atomic::Ordering::Relaxed) {
        errln!(
            "note: {file}: the search for repairs stopped at --max-total-time ({} s); the \
             edits not verified by then count as unknown",
            a.max_total_time.as_secs_f64()
        );
    }
    if found.original.status == Status::Invalid {
        return Err(CliError::bad_input(format!(
            "{file}: invalid: {}",
            found.original.messages().join("; ")
        )));
    }
    let report = Report {
        file,
        status: found.original.status,
        suggestions: found
            .suggestions
            .iter()
            .map(|s| Entry {
                edit: s.edit.text.clone(),
                kind: s.edit.kind,
                key_move: s.report.key_texts().into_iter().next().unwrap_or_default(),
                difficulty: s.report.difficulty.clone(),
                position: s.edit.challenge.position.clone(),
                goal: s.edit.challenge.goal,
            })
            .collect(),
        tried: found.tried,
        unknown: found.unknown,
        millis: found.elapsed.as_millis() as u64,
    };
    if a.json {
        print_json(&report);
    } else {
        outln!("{}: {}", report.file, report.status.as_str());
        for e in &report.suggestions {
            let rating = e.difficulty.as_ref().map_or(0.0, |d| d.rating);
            outln!("  {}: sound, key {}, rating {rating}", e.edit, e.key_move);
        }
        outln!(
            "{} repair(s) of {} edit(s) tried ({} unknown), {} ms",
            report.suggestions.len(),
            report.tried,
            report.unknown,
            report.millis
        );
    }
    Ok(
        if report.status == Status::Sound || !report.suggestions.is_empty() {
            EXIT_OK
        } else if report.unknown > 0 || report.status == Status::Unknown {
            EXIT_UNKNOWN
        } else {
            EXIT_FAILED
        },
    )
}

/// Runs `work`, raising `stop` after `total` (not at all when `total` is zero): one limit
/// for the whole of `suggest`, whatever the number of edits.
fn within<T>(
    total: std::time::Duration,
    stop: &std::sync::atomic::AtomicBool,
    work: impl FnOnce() -> T,
) -> T {
    if total.is_zero() {
        return work();
    }
    let (done, wait) = std::sync::mpsc::channel::<()>();
    std::thread::scope(|s| {
        s.spawn(move || {
            if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(total) {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        });
        let out = work();
        drop(done);
        out
    })
}
