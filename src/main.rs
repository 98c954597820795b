//! The `peakforge` binary: the command line, and the editor when run without a subcommand (or
//! with `edit`). This is the one place that chooses between them: the headless build
//! (`--no-default-features`) has no editor code at all.

fn main() {
    std::process::exit(peakforge::cli::main(open_editor));
}

/// The editor on `file` (or the bundled first tutorial).
#[cfg(feature = "editor")]
fn open_editor(file: Option<std::path::PathBuf>, close_after: Option<f32>) -> Result<(), String> {
    peakforge::editor::run(file, close_after).map_err(|e| format!("{e:#}"))
}

/// The headless build's answer to `edit`.
#[cfg(not(feature = "editor"))]
fn open_editor(_file: Option<std::path::PathBuf>, _close_after: Option<f32>) -> Result<(), String> {
    Err("this build has no editor (built with --no-default-features); use the subcommands: peakforge --help".to_string())
}
