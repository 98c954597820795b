//! The files a command writes (`export -o` and `--proof`, `solve --proof`, `render -o`): one
//! policy for all of them, so that no command destroys what it reads.
//!
//! - An output that is one of the command's inputs (the same file by any path or link: the
//!   same device and inode) is refused, `--force` or not ([`refuse_inputs`]).
//! - An existing output is kept unless `--force` ([`refuse_existing`]).
//! - An output that cannot be written (a folder, or a file in a missing folder) is refused
//!   before any work ([`refuse_unwritable`]).
//! - Two outputs of one command naming one file are refused ([`same_target`]).
//! - An output the command did not write this time, because there was nothing to write (no
//!   win to prove), is not left looking current: with `--force` it is removed, else it was
//!   refused before any work ([`remove_stale`]).
//!
//! The bytes themselves are written by [`crate::challenge::Staged`] (staged, then committed
//! in one rename).

use std::path::{Path, PathBuf};

use super::CliError;

/// Why an output was not written when a limit stopped the search (said inside "not written
/// (…)").
pub const STOPPED: &str = "a limit stopped the solver";

/// The checks of one output file before a command does any work: not one of `inputs` (by
/// device and inode, whatever the path), and not an existing file unless `force`.
///
/// # Errors
/// Exit 2, naming the file and why.
pub fn check(out: &Path, inputs: &[&Path], force: bool) -> Result<(), CliError> {
    refuse_inputs(out, inputs)?;
    refuse_unwritable(out)?;
    refuse_existing(out, force)
}

/// Refuses an output that cannot be written where it names, before the work that would
/// otherwise be lost with it: what [`crate::challenge::Staged`] would refuse (something that
/// is not a regular file, a file in a folder that does not exist).
///
/// # Errors
/// Exit 2, naming the path and why.
pub fn refuse_unwritable(out: &Path) -> Result<(), CliError> {
    match crate::challenge::Staged::refusal(out) {
        Some(why) => Err(CliError::bad_input(format!(
            "{}: {why}; give a file's path in an existing folder (nothing was done)",
            out.display()
        ))),
        None => Ok(()),
    }
}

/// Refuses an output that is one of the inputs: the same file (device and inode) by any path,
/// symbolic or hard link.
///
/// # Errors
/// Exit 2, naming both paths.
pub fn refuse_inputs(out: &Path, inputs: &[&Path]) -> Result<(), CliError> {
    for input in inputs {
        if same_target(out, input) {
            return Err(CliError::bad_input(format!(
                "{}: is the input {} (the same file); an output never replaces its input: \
                 give another path (nothing was written)",
                out.display(),
                input.display()
            )));
        }
    }
    Ok(())
}

/// Refuses an existing output without `force`.
///
/// # Errors
/// Exit 2: `OUT: exists; pass --force to overwrite it`.
pub fn refuse_existing(out: &Path, force: bool) -> Result<(), CliError> {
    // A dangling link counts too: writing would create the file it names.
    if !force && std::fs::symlink_metadata(out).is_ok() {
        return Err(CliError::bad_input(format!(
            "{}: exists; pass --force to overwrite it",
            out.display()
        )));
    }
    Ok(())
}

/// Whether two paths name one file: the same device and inode when both exist; else the same
/// path once links and `..` are resolved (of the path, or of its folder for a file not yet
/// written).
#[must_use]
pub fn same_target(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt as _;
    if a == b {
        return true;
    }
    if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
        return x.dev() == y.dev() && x.ino() == y.ino();
    }
    matches!((resolve(a), resolve(b)), (Some(x), Some(y)) if x == y)
}

/// The absolute path a write to `p` lands on, following links of the path (or of its folder
/// for a file that does not exist yet).
fn resolve(p: &Path) -> Option<PathBuf> {
    std::fs::canonicalize(p).ok().or_else(|| {
        let dir = p.parent().filter(|d| !d.as_os_str().is_empty());
        let dir = std::fs::canonicalize(dir.unwrap_or(Path::new("."))).ok()?;
        Some(dir.join(p.file_name()?))
    })
}

/// An output the command has nothing to write to this time (say, `solve --proof` without a
/// win): an existing file there is from an earlier run, and is removed (the command had
/// `--force`, else [`refuse_existing`] stopped it). Says so on stderr, with `why`.
///
/// # Errors
/// Exit 2 when the old file cannot be removed, naming it.
pub fn remove_stale(out: &Path, why: &str) -> Result<(), CliError> {
    match std::fs::symlink_metadata(out) {
        Ok(m) if m.is_file() => {
            std::fs::remove_file(out).map_err(|e| {
                CliError::bad_input(format!(
                    "{}: not written ({why}), and the earlier file there could not be \
                     removed: {}",
                    out.display(),
                    crate::challenge::io_reason(&e)
                ))
            })?;
            errln!(
                "note: {}: not written ({why}); the earlier file there was removed",
                out.display()
            );
        }
        _ => errln!("note: {}: not written ({why})", out.display()),
    }
    Ok(())
}
