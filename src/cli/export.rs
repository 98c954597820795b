//! `peakforge export FILE -o OUT [--format ron|json] [--force] [--json]`: verifies a challenge
//! and, when it is sound, writes it with its verification record. Refuses (exit 1) a challenge
//! that is not sound, (exit 3) one whose verification a limit stopped, and (exit 2) an existing
//! OUT without `--force`. With `--json`: `verify --json`'s entry and `"written"`, the files
//! put in place (none when refused).

use std::path::PathBuf;

use clap::ValueEnum;

use super::{CliError, EXIT_FAILED, EXIT_OK, EXIT_UNKNOWN};
use crate::challenge::{self, Format};
use crate::game::GameState;
use crate::games::with_position;
use crate::solver::Control;
use crate::verify::{Status, VerifyReport, record_for, verify};

/// The output format of `export`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// RON, for people.
    Ron,
    /// JSON, for pipelines.
    Json,
}

/// Arguments of `export`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The challenge to export.
    file: PathBuf,
    /// Where to write the exported challenge.
    #[arg(short, long, value_name = "OUT")]
    output: PathBuf,
    /// The output format; default: by OUT's extension (`.json` is JSON, else RON).
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
    /// Overwrite OUT (and the --proof file) if it exists.
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    limits: super::limits::LimitArgs,
    /// Also write the proof certificate (the solution tree, as `solve --proof`) to this JSON
    /// file.
    #[arg(long, value_name = "FILE.json")]
    proof: Option<PathBuf>,
    /// Print `verify --json`'s entry for FILE with `"written"`, the files put in place (empty
    /// when nothing was exported), instead of a sentence.
    #[arg(long)]
    json: bool,
}

/// `export --json`: the verification and what was written.
#[derive(serde::Serialize)]
struct Exported<'a> {
    #[serde(flatten)]
    report: &'a VerifyReport,
    /// The files put in place, the export first; empty when refused.
    written: &'a [String],
}

/// `--json`'s document: the report and the files written.
fn print_exported(report: &VerifyReport, written: &[String]) {
    super::print_json(&Exported { report, written });
}

pub fn run(a: &Args) -> Result<i32, CliError> {
    let checked = super::input::load_file(&a.file, None)?.without_record();
    let start = checked.start().clone();
    let mut ch = checked.challenge().clone();
    let inputs = [a.file.as_path()];
    super::out_file::check(&a.output, &inputs, a.force)?;
    if let Some(p) = &a.proof {
        super::out_file::check(p, &inputs, a.force)?;
        if super::out_file::same_target(p, &a.output) {
            return Err(CliError::bad_input(format!(
                "{}: --proof names the file -o writes; give the proof its own file",
                p.display()
            )));
        }
    }
    let format = format_of(a)?;
    let file = a.file.display().to_string();
    let control = Control {
        limits: a.limits.limits(1, None),
        ..Control::default()
    };
    let report = verify(&file, &checked, control);
    if let Some(refused) = refusal(&file, &report) {
        // Bad input prints the `{"error"}` document instead (cli::json_error).
        if a.json && refused.is_ok() {
            print_exported(&report, &[]);
        }
        return refused;
    }
    ch.verification = Some(record_for(&report));
    let text = challenge::to_text(&ch, format).map_err(CliError::bad_input)?;
    let mut files = vec![(a.output.as_path(), text.into_bytes())];
    if let Some(path) = &a.proof {
        let game = start.game().as_str();
        let goal = ch.goal.player_moves;
        let limits = a.limits.limits(1, None);
        let cert = with_position!(&start, p => {
            let mut prover = crate::solver::Prover::new(p.to_move(), Control { limits, ..Control::default() });
            crate::solver::proof::certificate(p, game, goal, &mut prover)
        });
        match cert {
            Ok(Some(cert)) => files.push((path.as_path(), super::solve::certificate_text(&cert)?)),
            // A sound challenge has a win: no certificate means a limit stopped its search.
            _ => {
                errln!(
                    "error: {file}: not exported: the proof's search was stopped by a limit; \
                     raise --max-time, --max-nodes or --max-memory (nothing was written)"
                );
                if a.json {
                    print_exported(&report, &[]);
                }
                return Ok(EXIT_UNKNOWN);
            }
        }
    }
    // The export and its proof are both staged (written and synced beside their targets)
    // before either takes its place: a file that cannot be written leaves both as they were.
    // Then the proof is committed first and the export last, so an export never stands
    // beside a proof older than itself after a kill between the two renames (a reader treats
    // an export without its matching proof as unproved); the report is printed after both.
    let files: Vec<(&std::path::Path, &[u8])> =
        files.iter().map(|(p, b)| (*p, b.as_slice())).collect();
    let staged = challenge::stage_all(&files).map_err(|e| CliError::bad_input(e.to_string()))?;
    for s in staged.into_iter().rev() {
        s.commit().map_err(|e| CliError::bad_input(e.to_string()))?;
    }
    let written: Vec<String> = files.iter().map(|(p, _)| p.display().to_string()).collect();
    if a.json {
        print_exported(&report, &written);
    } else {
        outln!(
            "exported {} ({}, key {}) to {}{}",
            file,
            report.status.as_str(),
            report.key_texts().join(", "),
            a.output.display(),
            a.proof
                .as_ref()
                .map(|p| format!(", proof to {}", p.display()))
                .unwrap_or_default()
        );
    }
    super::out::finish_after_writing(&written).map_err(CliError::bad_input)?;
    Ok(EXIT_OK)
}

/// The format `-o` is written in: `--format`, else the output's extension; refused when they
/// differ (readers go by the extension).
fn format_of(a: &Args) -> Result<Format, CliError> {
    let format = match a.format {
        Some(FormatArg::Ron) => Format::Ron,
        Some(FormatArg::Json) => Format::Json,
        None => Format::of_path(&a.output),
    };
    if format != Format::of_path(&a.output) {
        // Readers (verify, the editor, the game) go by the extension: such a file could not
        // be read back.
        return Err(CliError::bad_input(format!(
            "{}: --format {} does not match the file's extension (.json is read as JSON, \
             any other as RON); name it .json for JSON or .ron for RON",
            a.output.display(),
            if format == Format::Json {
                "json"
            } else {
                "ron"
            }
        )));
    }
    Ok(format)
}

/// What `export` answers for a verdict other than sound (`None` for sound): exit 2 for an
/// invalid file, 3 when a limit stopped the verification, 1 otherwise, each with the reasons.
fn refusal(file: &str, report: &VerifyReport) -> Option<Result<i32, CliError>> {
    match report.status {
        Status::Sound => None,
        Status::Invalid => Some(Err(CliError::bad_input(format!(
            "{file}: invalid: {}",
            report.messages().join("; ")
        )))),
        Status::Unknown => {
            errln!(
                "error: {file}: not exported: only a sound challenge is exported, and its \
                 verification was stopped before an answer ({}); raise --max-time, \
                 --max-nodes or --max-memory",
                report.messages().join("; ")
            );
            Some(Ok(EXIT_UNKNOWN))
        }
        s => {
            errln!(
                "error: {file}: not exported: its verdict is {}:",
                s.as_str()
            );
            for m in report.messages() {
                errln!("    {m}");
            }
            Some(Ok(EXIT_FAILED))
        }
    }
}
