//! The command line (DESIGN.md "Command line"): one module per subcommand. Exit codes: 0
//! success, 1 a verification failed, 2 bad input or usage, 3 unknown (a limit was hit).

/// `println!` that never panics: a failed write (a closed pipe, a full disk) is kept by
/// [`out`] and makes the command exit 2 at the end.
macro_rules! outln {
    ($($t:tt)*) => {
        $crate::cli::out::line(format_args!($($t)*))
    };
}

/// `eprintln!` that never panics: a message that cannot be written on stderr (closed, or a
/// full disk) is dropped; the exit code still says what happened.
macro_rules! errln {
    ($($t:tt)*) => {
        $crate::cli::out::err_line(format_args!($($t)*))
    };
}

mod bench;
mod bench_breakthrough;
mod check_proof;
mod export;
mod generate;
mod input;
mod library;
mod limits;
mod moves;
pub mod out;
pub mod out_file;
mod perft;
mod play;
mod progress;
mod render;
mod schema;
mod solve;
mod split;
mod suggest;
mod verify;
mod who_wins;

use std::path::PathBuf;

use clap::{Parser, Subcommand};

pub use input::PositionArgs;

/// Exit code: success.
pub const EXIT_OK: i32 = 0;
/// Exit code: a verification failed.
pub const EXIT_FAILED: i32 = 1;
/// Exit code: bad input or usage.
pub const EXIT_BAD_INPUT: i32 = 2;
/// Exit code: a limit stopped the solver.
pub const EXIT_UNKNOWN: i32 = 3;

/// `n` plies in words: "1 ply", "26 plies".
pub(crate) fn plies(n: impl Into<u64>) -> String {
    match n.into() {
        1 => "1 ply".to_string(),
        n => format!("{n} plies"),
    }
}

/// A CLI failure: the message for stderr and the exit code.
#[derive(Debug)]
pub struct CliError {
    /// Exit code (2 for bad input).
    pub code: i32,
    /// What went wrong, naming the file, field or move.
    pub message: String,
}

impl CliError {
    /// A bad-input error (exit 2).
    pub fn bad_input(message: impl Into<String>) -> CliError {
        CliError {
            code: EXIT_BAD_INPUT,
            message: message.into(),
        }
    }
}

/// peakforge: author, solve and verify Pawn&Peak challenges.
///
/// With no subcommand, opens the editor on the bundled first tutorial.
#[derive(Parser, Debug)]
#[command(name = "peakforge", version, about, long_about = None)]
pub struct Cli {
    /// What to do; none opens the editor.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Close the editor window after this many seconds (for smoke runs).
    #[arg(long, value_name = "SECS")]
    pub close_after: Option<f32>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Open the editor on a challenge file.
    Edit {
        /// The challenge file to open.
        file: Option<PathBuf>,
        /// Close the editor window after this many seconds (for smoke runs).
        #[arg(long, value_name = "SECS")]
        close_after: Option<f32>,
    },
    /// List every legal move of a position.
    Moves(moves::Args),
    /// Play moves from a position and print the result.
    Play(play::Args),
    /// Count the leaves of the legal move tree to a depth.
    Perft(perft::Args),
    /// Solve a position: can the side to move force a win?
    Solve(solve::Args),
    /// Check a proof certificate of `solve --proof` with rules that share no code with the
    /// engine or the solver: nodes, plies, the verdict and the time.
    CheckProof(check_proof::Args),
    /// Verify challenge files (folders are searched recursively for .ron and .json; hidden
    /// files, a library's index, index.json, and proofs named NAME.proof.json are skipped).
    Verify(verify::Args),
    /// Suggest small edits that make a cooked or unsound challenge sound.
    Suggest(suggest::Args),
    /// Export a sound challenge with its verification record.
    Export(export::Args),
    /// Draw a position (and its solution) as SVG or PNG.
    Render(render::Args),
    /// Print the JSON Schema of challenge files.
    Schema(schema::Args),
    /// Benchmarks: perft leaves per second and challenge verification nodes per second.
    Bench(bench::Args),
    /// The Puzzle menu: check a library (index.json and its challenge files).
    Library(library::Args),
    /// Generate sound tutorial candidates that teach a theme (or variants of a tutorial).
    Generate(generate::Args),
}

/// Runs the command line with the process arguments; returns the exit code.
#[must_use]
pub fn main(open_editor: EditorEntry) -> i32 {
    crate::solver::headroom::fit_allocator_to_limits();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() {
                EXIT_BAD_INPUT
            } else {
                EXIT_OK
            };
            // Help or a usage error that cannot be printed is not a success either. A usage
            // error is put in words first (clap passes on Rust's number parser's own).
            let printed = if code == EXIT_OK {
                e.print()
                    .and_then(|()| std::io::Write::flush(&mut std::io::stdout()))
            } else {
                errln!("{}", usage_in_words(&e.render().to_string()).trim_end());
                Ok(())
            };
            if printed.is_err() {
                return EXIT_BAD_INPUT;
            }
            if code != EXIT_OK {
                // The error's first paragraph, its lines joined: clap lists the missing
                // arguments on the lines after "were not provided:".
                let text = usage_in_words(&e.render().to_string());
                let first: Vec<&str> = text
                    .lines()
                    .take_while(|l| !l.trim().is_empty())
                    .map(str::trim)
                    .collect();
                json_error(first.join(" ").trim_start_matches("error: "), code);
            }
            return code;
        }
    };
    let result = match cli.command {
        None => edit(open_editor, None, cli.close_after),
        Some(Command::Edit { file, close_after }) => {
            edit(open_editor, file, close_after.or(cli.close_after))
        }
        Some(Command::Moves(a)) => moves::run(&a),
        Some(Command::Play(a)) => play::run(&a),
        Some(Command::Perft(a)) => perft::run(&a),
        Some(Command::Solve(a)) => solve::run(&a),
        Some(Command::Verify(a)) => verify::run(&a),
        Some(Command::CheckProof(a)) => check_proof::run(&a),
        Some(Command::Bench(a)) => bench::run(&a),
        Some(Command::Export(a)) => export::run(&a),
        Some(Command::Suggest(a)) => suggest::run(&a),
        Some(Command::Schema(a)) => schema::run(&a),
        Some(Command::Render(a)) => render::run(&a),
        Some(Command::Library(a)) => library::run(&a),
        Some(Command::Generate(a)) => generate::run(&a),
    };
    let code = match result {
        Ok(code) => code,
        Err(e) => {
            errln!("error: {}", e.message);
            json_error(&e.message, e.code);
            e.code
        }
    };
    // A cut document is not a success, whatever the command found.
    match out::finish() {
        Ok(()) => code,
        Err(message) => {
            errln!("error: {message}");
            EXIT_BAD_INPUT
        }
    }
}

/// A usage error in words: Rust's number parser's messages (`invalid digit found in
/// string`) and ranges (`0 is not in 1..=256`) as a user reads them.
fn usage_in_words(text: &str) -> String {
    let mut out = text
        .replace("invalid digit found in string", "not a whole number")
        .replace(
            "cannot parse integer from empty string",
            "empty: a whole number is expected",
        )
        .replace(
            "number too large to fit in target type",
            "too large a number",
        )
        .replace(
            "number too small to fit in target type",
            "not a whole number of 0 or more",
        );
    // `N is not in A..=B` → `N is not a whole number from A to B` (at least A when B is the
    // type's largest).
    while let Some(at) = out.find("..=") {
        let start = out[..at]
            .rfind(|c: char| !c.is_ascii_digit())
            .map_or(0, |i| i + 1);
        let end = at
            + 3
            + out[at + 3..]
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(out.len() - at - 3);
        let (low, high) = (&out[start..at], &out[at + 3..end]);
        let words = if ["255", "65535", "4294967295", "18446744073709551615"].contains(&high) {
            format!("a whole number of at least {low}")
        } else {
            format!("a whole number from {low} to {high}")
        };
        let before = out[..start].trim_end_matches("in ").to_string();
        out = format!("{before}{words}{}", &out[end..]);
    }
    out
}

/// With `--json` among the arguments, a command that fails still prints one JSON document on
/// stdout (DESIGN.md "Command line"): `{"error": "<the message on stderr>", "exit": 2}`.
fn json_error(message: &str, code: i32) {
    if std::env::args_os().any(|a| a == "--json") {
        print_json(&serde_json::json!({"error": message, "exit": code}));
    }
}

/// How the binary opens the editor on a file (or the bundled first tutorial), closing it after
/// some seconds when given: the editor's entry in a build with the `editor` feature, a refusal
/// in the headless build. The command line never calls into the editor itself: `main.rs`
/// chooses.
///
/// # Errors
/// Why the editor could not run (no display, a bad file, no editor in this build).
pub type EditorEntry = fn(Option<PathBuf>, Option<f32>) -> Result<(), String>;

fn edit(
    open_editor: EditorEntry,
    file: Option<PathBuf>,
    close_after: Option<f32>,
) -> Result<i32, CliError> {
    open_editor(file, close_after)
        .map(|()| EXIT_OK)
        .map_err(CliError::bad_input)
}

pub(crate) fn refuse_overwrite(out: &std::path::Path, force: bool) -> Result<(), CliError> {
    out_file::refuse_existing(out, force)
}

/// Prints a value as pretty JSON on stdout, through [`out`] (a failed write makes the
/// command exit 2).
fn print_json<T: serde::Serialize>(value: &T) {
    match serde_json::to_string_pretty(value) {
        Ok(s) => outln!("{s}"),
        Err(e) => errln!("error: could not write JSON: {e}"),
    }
}
