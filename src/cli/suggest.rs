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
    let control = Control {
        limits: a.limits.limits(rayon::current_num_threads(), None),
        ..Control::default()
    };
    let found = suggest(&file, &ch, control);
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
