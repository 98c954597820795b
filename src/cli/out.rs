//! Standard output that reports its failures: every write of a command goes through
//! [`line()`] or [`bytes()`], which keep the first error (a full disk, `/dev/full`, a closed
//! pipe); [`finish`] flushes and turns such an error into exit 2 with a message on stderr, so
//! a pipeline never takes a cut document for a success.

use std::io::Write as _;
use std::sync::Mutex;

/// The first error writing standard output, if any.
static FAILED: Mutex<Option<std::io::Error>> = Mutex::new(None);

fn record(r: std::io::Result<()>) {
    if let Err(e) = r
        && let Ok(mut first) = FAILED.lock()
        && first.is_none()
    {
        *first = Some(e);
    }
}

/// Writes `args` and a newline on stdout (what `outln!` does); an error is kept for
/// [`finish`]. After a failed write nothing more is written (the document is cut anyway).
pub fn line(args: std::fmt::Arguments<'_>) {
    if failed() || REPORTED.load(std::sync::atomic::Ordering::Relaxed) {
        return;
    }
    let mut out = std::io::stdout().lock();
    record(out.write_fmt(args).and_then(|()| out.write_all(b"\n")));
}

/// Writes `args` and a newline on stderr (what `errln!` does), ignoring a failed write:
/// `eprintln!` would panic (exit 101) when stderr is closed or full.
pub fn err_line(args: std::fmt::Arguments<'_>) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_fmt(args).and_then(|()| err.write_all(b"\n"));
}

/// Writes `b` on stdout as it is; an error is kept for [`finish`].
pub fn bytes(b: &[u8]) {
    if failed() || REPORTED.load(std::sync::atomic::Ordering::Relaxed) {
        return;
    }
    record(std::io::stdout().lock().write_all(b));
}

/// Whether a write to stdout has failed.
#[must_use]
pub fn failed() -> bool {
    FAILED.lock().map_or(true, |f| f.is_some())
}

/// Whether [`finish`] has reported a failure (it is reported once).
static REPORTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Flushes stdout and gives the first write error, as the message for stderr. Once it has
/// given one, later calls give nothing (and write nothing more).
///
/// # Errors
/// `could not write the output: <reason>` when any write or the flush failed.
pub fn finish() -> Result<(), String> {
    use std::sync::atomic::Ordering;
    if REPORTED.load(Ordering::Relaxed) {
        return Ok(());
    }
    record(std::io::stdout().lock().flush());
    match FAILED.lock().ok().and_then(|mut f| f.take()) {
        Some(e) => {
            REPORTED.store(true, Ordering::Relaxed);
            Err(format!(
                "could not write the output ({e}): what was printed is incomplete"
            ))
        }
        None => Ok(()),
    }
}

/// [`finish`] after a command put `files` in place: a failure says they were written whole,
/// so a pipeline knows only the printed answer is cut, not the files.
///
/// # Errors
/// `could not write the output: …; the files were written: …` when stdout failed.
pub fn finish_after_writing(files: &[String]) -> Result<(), String> {
    match finish() {
        Err(e) if !files.is_empty() => Err(format!(
            "{e}; the files were written whole: {}",
            files.join(", ")
        )),
        other => other,
    }
}
