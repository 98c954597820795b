//! `solve` on a Breakthrough position without a move bound (no `--max-moves`, no challenge
//! goal): who wins with perfect play, by the proof search ([`crate::solver::who_wins`]); with
//! `--length` the plies of the match with perfect play; with `--proof FILE` the winner's
//! strategy as a certificate (docs/certificates.md) that `check-proof` checks.

use std::path::Path;
use std::time::Instant;

use serde::Serialize;

use super::{CliError, EXIT_OK, EXIT_UNKNOWN, print_json};
use crate::certify::format::{self, Header};
use crate::game::{GameState, Player};
use crate::games::breakthrough::{Position, Side};
use crate::solver::breakthrough_proof::{self, PlyBounds, ProveError, default_table_bytes};
use crate::solver::{Control, Limits, Stop};

/// What `solve` asks.
pub(super) struct Ask<'a> {
    pub json: bool,
    pub length: bool,
    pub proof: Option<&'a Path>,
    /// `--table-mib`: the table's size asked for, if any.
    pub table_mib: Option<u32>,
    pub limits: Limits,
}

#[derive(Serialize)]
struct Report {
    /// Always `who_wins`: the question answered (no move bound).
    question: &'static str,
    /// The position answered (a `--split` job's answer names the job by it).
    position: String,
    /// `win` (the side to move wins), `no_win` (the opponent wins: there is no draw) or
    /// `unknown` (a limit stopped the proof; one met after it keeps the winner).
    result: &'static str,
    side_to_move: &'static str,
    /// `white` or `black`; `null` on `unknown`.
    winner: Option<&'static str>,
    /// The plies of the match with perfect play (`--length`); else, or when a limit
    /// stopped the length, `null`.
    plies: Option<u32>,
    /// With `--length`, when a limit stopped the length after the proof: the plies proven
    /// so far, `{"at_least", "at_most"}`; else `null`.
    plies_range: Option<PlyBounds>,
    nodes: u64,
    millis: u64,
    stopped_by: Option<&'static str>,
    /// The certificate written (`--proof`); else `null`.
    certificate: Option<CertReport>,
    /// With `--length --proof FILE`: the length certificate `FILE.length` (the loser's
    /// strategy that lasts `plies` plies); else `null`.
    length_certificate: Option<CertReport>,
}

#[derive(Serialize)]
pub(super) struct CertReport {
    path: String,
    records: u64,
    bytes: u64,
    millis: u64,
}

/// Why the search gave no answer: the proof search's error, or a certificate that could not
/// be written.
enum Failed {
    Prove(ProveError),
    Write(CliError),
}

impl From<ProveError> for Failed {
    fn from(e: ProveError) -> Self {
        Failed::Prove(e)
    }
}

/// Answers who wins `pos`, or `None` when the proof search does not apply (more than 64
/// tiles, or a move limit that could come first): the caller then solves the bounded question.
///
/// # Errors
/// A certificate that cannot be written (exit 2).
pub(super) fn run(pos: &Position, ask: &Ask<'_>) -> Result<Option<i32>, CliError> {
    let t = Instant::now();
    let tiles = u32::from(pos.width()) * u32::from(pos.height());
    let (table_share, _) = ask.limits.memory_per_thread();
    let table = match ask.table_mib {
        None => default_table_bytes(tiles).min(table_share),
        Some(mib) if (mib as usize) << 20 <= table_share => (mib as usize) << 20,
        Some(mib) => {
            return Err(CliError::bad_input(format!(
                "--table-mib {mib} does not fit in the table's share of the memory budget \
                 ({} MiB: 7/8 of --max-memory, less when the system has less memory free): \
                 raise --max-memory or lower --table-mib",
                table_share >> 20
            )));
        }
    };
    let limits = Limits {
        table_bytes: Some(table),
        ..ask.limits
    };
    // The strategy's records take what the table leaves of the memory budget.
    let cap = ask
        .limits
        .max_memory
        .map_or(usize::MAX, |m| m.saturating_sub(table));
    let control = || Control {
        limits,
        ..Control::default()
    };
    let mut nodes = 0;
    let mut plies = None;
    let mut certificate = None;
    let mut survival = None;
    let answer = (|| -> Result<Player, Failed> {
        let Some(path) = ask.proof else {
            let p = breakthrough_proof::prove(pos, ask.length, control())?;
            nodes += p.proof_nodes + p.length_nodes;
            plies = p.plies;
            return Ok(p.winner);
        };
        // Both certificates from one search and its table; the winner's is staged before the
        // loser's walk, its records freed.
        let (p, staged, loser) =
            breakthrough_proof::certificates(pos, ask.length, cap, control(), |p, s| {
                // With the length, the winner's strategy wins within it: the certificate
                // claims it.
                let h = Header {
                    plies: p.plies,
                    ..header(pos, s.winner, None)
                };
                stage(path, h, s.records.iter()).map_err(Failed::Write)
            })?;
        nodes += p.proof_nodes + p.length_nodes;
        plies = p.plies;
        certificate = Some((path, staged));
        survival = loser.map(|l| (length_path(path), l, p.plies));
        Ok(p.winner)
    })();
    let answer = match answer {
        Err(Failed::Write(e)) => return Err(e),
        Err(Failed::Prove(e)) => Err(e),
        Ok(w) => Ok(w),
    };
    let mut plies_range = None;
    let (winner, stopped) = match answer {
        Err(ProveError::Unsuited(_)) => return Ok(None),
        // A bug, said as one (exit 2): never answered by another search instead.
        Err(e @ ProveError::Internal(_)) => return Err(CliError::bad_input(e.to_string())),
        Err(ProveError::Stopped {
            stop,
            nodes: n,
            proven,
        }) => {
            nodes += n;
            // A limit met after the proof keeps the winner, and the length's bounds.
            let bounds = proven.and_then(|k| k.plies);
            plies = bounds.and_then(PlyBounds::known);
            plies_range = bounds.filter(|b| b.known().is_none());
            (proven.map(|k| k.winner), Some(stop))
        }
        Ok(w) => (Some(w), None),
    };
    let me: Player = pos.side_to_move().into();
    let result = match winner {
        None => "unknown",
        Some(w) if w == me => "win",
        Some(_) => "no_win",
    };
    let millis = t.elapsed().as_millis() as u64;
    let length_cert = match (survival, winner) {
        (Some((path, s, plies)), Some(w)) => {
            Some(stage(&path, header(pos, w, plies), s.records.iter())?)
        }
        _ => None,
    };
    let (cert, length_cert) = match certificate {
        Some((path, (staged, report))) => {
            let (length_staged, length_report) = length_cert.unzip();
            commit_pair(path, staged, length_staged)?;
            (Some(report), length_report)
        }
        None => (None, None),
    };
    if let (Some(path), Some(_)) = (ask.proof, stopped) {
        // Nothing written: an earlier file there (kept only with --force) must not pass for
        // this search's.
        let why = super::out_file::STOPPED;
        super::out_file::remove_stale(path, why)?;
        if ask.length || std::fs::symlink_metadata(length_path(path)).is_ok() {
            super::out_file::remove_stale(&length_path(path), why)?;
        }
    }
    let report = Report {
        question: "who_wins",
        position: pos.to_string(),
        result,
        side_to_move: pos.side_to_move().name(),
        winner: winner.map(|w| Side::from(w).name()),
        plies,
        plies_range,
        nodes,
        millis,
        stopped_by: stopped.map(Stop::as_str),
        certificate: cert,
        length_certificate: length_cert,
    };
    if ask.json {
        print_json(&report);
    } else {
        print_human(pos, &report, stopped);
    }
    finish_printing(
        report.certificate.as_ref(),
        report.length_certificate.as_ref(),
    )?;
    Ok(Some(if stopped.is_some() {
        EXIT_UNKNOWN
    } else {
        EXIT_OK
    }))
}

fn print_human(pos: &Position, r: &Report, stopped: Option<Stop>) {
    let Some(winner) = r.winner else {
        let why = stopped.map_or("", Stop::describe);
        outln!("unknown: {why} ({} nodes, {} ms)", r.nodes, r.millis);
        return;
    };
    let role = if r.result == "win" {
        "the side to move"
    } else {
        "the side not to move"
    };
    let mut line = format!("who wins: {winner} ({role}) wins with perfect play");
    if let Some(p) = r.plies {
        line += &format!(" in {}", super::plies(p));
    }
    if let Some(b) = r.plies_range {
        line += &format!(
            " in {} to {} plies (the length is not known)",
            b.at_least, b.at_most
        );
    }
    outln!("{line}; {} to move", pos.side_name(pos.to_move()));
    print_certificates(r.certificate.as_ref(), r.length_certificate.as_ref());
    match stopped {
        // The proof was finished; a limit stopped what came after it.
        Some(s) => outln!(
            "stopped: {} ({} nodes, {} ms)",
            s.describe(),
            r.nodes,
            r.millis
        ),
        None => outln!("{} nodes, {} ms", r.nodes, r.millis),
    }
}

/// A line for each certificate written.
pub(super) fn print_certificates(certificate: Option<&CertReport>, length: Option<&CertReport>) {
    for (what, c) in [("certificate", certificate), ("length certificate", length)] {
        if let Some(c) = c {
            outln!(
                "{what}: {} ({} records, {} bytes, written in {} ms)",
                c.path,
                c.records,
                c.bytes,
                c.millis
            );
        }
    }
}

/// Stdout flushed once the answer is printed; when it cannot be (a full disk, a closed pipe:
/// exit 2), the message says the certificates were put in place whole before.
///
/// # Errors
/// The output could not be written.
pub(super) fn finish_printing(
    certificate: Option<&CertReport>,
    length: Option<&CertReport>,
) -> Result<(), CliError> {
    let written: Vec<String> = [certificate, length]
        .into_iter()
        .flatten()
        .map(|c| c.path.clone())
        .collect();
    super::out::finish_after_writing(&written).map_err(CliError::bad_input)
}

/// The length certificate's path: the certificate's with `.length` added.
pub(super) fn length_path(path: &Path) -> std::path::PathBuf {
    let mut p = path.as_os_str().to_owned();
    p.push(".length");
    p.into()
}

/// The header of a certificate of `pos` won by `winner`; `survives` for a length certificate.
pub(super) fn header(pos: &Position, winner: Player, survives: Option<u32>) -> Header {
    Header {
        game: "breakthrough".into(),
        position: pos.to_string(),
        winner: Side::from(winner).name().into(),
        width: pos.width().into(),
        height: pos.height().into(),
        mirror: true,
        records: 0,
        plies: None,
        blake3: String::new(),
        survives,
    }
}

/// Puts a certificate and its length certificate (if any) in place. The earlier
/// `FILE.length` goes first: an interruption between the two leaves the new certificate
/// alone, never beside an earlier length certificate (of another position or claim); and a
/// certificate written without one leaves none (the command had `--force`, else it was
/// refused before any work).
///
/// # Errors
/// A file that cannot be removed or put in place (exit 2), naming it.
pub(super) fn commit_pair(
    path: &Path,
    cert: crate::challenge::Staged,
    length: Option<crate::challenge::Staged>,
) -> Result<(), CliError> {
    let length_path = length_path(path);
    if std::fs::symlink_metadata(&length_path).is_ok_and(|m| m.is_file()) {
        std::fs::remove_file(&length_path).map_err(|e| cannot_write(&length_path, &e))?;
        if length.is_none() {
            errln!(
                "note: {}: removed: it was the length certificate of an earlier certificate \
                 there ({} has none: no --length)",
                length_path.display(),
                path.display()
            );
        }
    }
    cert.commit().map_err(|e| cannot_write(path, &e))?;
    if let Some(l) = length {
        l.commit().map_err(|e| cannot_write(&length_path, &e))?;
    }
    Ok(())
}

/// Stages a strategy certificate beside `path` ([`crate::challenge::Staged`]): in place once
/// committed, gone if dropped.
///
/// # Errors
/// The file cannot be written (exit 2).
pub(super) fn stage(
    path: &Path,
    header: Header,
    records: impl Iterator<Item = format::Record> + Clone,
) -> Result<(crate::challenge::Staged, CertReport), CliError> {
    let t = Instant::now();
    let count = records.clone().count();
    let mut out = Vec::new();
    format::write(&mut out, header, records)
        .map_err(|e| cannot_write(path, &crate::challenge::io_reason(&e)))?;
    let staged = crate::challenge::Staged::write(path, &out).map_err(|e| cannot_write(path, &e))?;
    let report = CertReport {
        path: path.display().to_string(),
        records: count as u64,
        bytes: out.len() as u64,
        millis: t.elapsed().as_millis() as u64,
    };
    Ok((staged, report))
}

fn cannot_write(path: &Path, e: &dyn std::fmt::Display) -> CliError {
    CliError::bad_input(format!(
        "{}: cannot write the certificate: {e}",
        path.display()
    ))
}
