//! Certificates anyone can check (docs/certificates.md): the strategy certificates of "who
//! wins" (`solve --proof` on a Breakthrough position without a move bound) and the bounded
//! proofs of `solve --proof FILE.json`, checked by `check-proof` with the plain rules of
//! [`plain`], which share no code with the engine or the solver.

pub mod bounded;
pub mod check;
pub mod format;
mod lookup;
pub mod plain;
mod walk;

use std::io::{BufRead, BufReader};
use std::path::Path;

pub use check::{CheckError, Checked, Claim};

/// Which kind of certificate a file held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A winner's strategy (binary, docs/certificates.md).
    Strategy,
    /// A length certificate: the loser's strategy that lasts the header's `survives` plies.
    Length,
    /// A bounded proof (JSON, `solver::proof`).
    Bounded,
}

/// Checks the certificate in `path`, whichever kind it is.
///
/// # Errors
/// [`CheckError::Read`] when the file cannot be read or is damaged (the message names the
/// file), [`CheckError::Refuted`] when it does not hold.
pub fn check_file(path: &Path) -> Result<(Kind, Checked), CheckError> {
    let named = |e: std::io::Error| {
        CheckError::Read(format::ReadError::Bad(format!("{}: {e}", path.display())))
    };
    let meta = std::fs::metadata(path).map_err(named)?;
    if !meta.is_file() {
        // A folder, a named pipe (reading would wait for a writer forever) or a device.
        return Err(named(std::io::Error::other(
            "not a regular file (a folder, a pipe or a device)",
        )));
    }
    let file = std::fs::File::open(path).map_err(named)?;
    let mut r = BufReader::with_capacity(1 << 16, file);
    let starts_json = r.fill_buf().map_err(named)?.first() == Some(&b'{');
    if starts_json {
        let doc: serde_json::Value = serde_json::from_reader(r).map_err(|e| {
            CheckError::Read(format::ReadError::Bad(format!(
                "{}: line {}, column {}: {}",
                path.display(),
                e.line(),
                e.column(),
                crate::challenge::json_reason(&e)
            )))
        })?;
        let named = |f: &str| doc.get(f).and_then(|v| v.as_str()).unwrap_or_default();
        let checked = bounded::check_bounded(&doc)
            .map_err(|e| e.claiming(Kind::Bounded, named("game"), named("position")))?;
        return Ok((Kind::Bounded, checked));
    }
    let (header, body) = format::read_header(r).map_err(|e| match e {
        format::ReadError::Io(e) => named(e),
        other => CheckError::Read(format::ReadError::Bad(format!(
            "{}: {other}",
            path.display()
        ))),
    })?;
    let kind = if header.survives.is_some() {
        Kind::Length
    } else {
        Kind::Strategy
    };
    let checked = check::check_strategy(&header, body)
        .map_err(|e| e.claiming(kind, &header.game, &header.position))?;
    Ok((kind, checked))
}
