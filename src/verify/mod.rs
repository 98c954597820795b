//! Verifying a challenge (DESIGN.md "The solver's job", `verify`): is it sound (a forced win
//! within the goal, one key move, the intended line legal, forced and ending in the win)?
//!
//! One concern per file: `report` holds the typed result and its JSON, `finding` what was
//! found and its one wording, `line` the intended line's check, `record` an exported file's
//! verification record, `run` the search in the challenge's own rule set. Entry points take a
//! [`Checked`] challenge (validated once by whoever holds it) or a file.

mod finding;
mod line;
mod record;
mod report;
mod run;

use std::path::Path;

use crate::challenge::{self, ChallengeError, Checked};
pub use crate::challenge::{LineProblem, Status};
use crate::games::{Member, with_game};
use crate::solver::Control;
pub use finding::{Dual, Finding, MissingText, Moves, Stage, WhoWins};
pub use line::{LineCheck, check_line};
pub use record::{mismatches, record_for};
pub use report::VerifyReport;

/// The languages the game ships: a text missing in one is worth a warning.
pub const SHIPPED_LANGUAGES: [&str; 2] = ["en", "fr"];

/// Verifies a checked challenge, its themes included ([`crate::themes`]: a declared theme
/// the solution does not need makes the intended solution fail, `line_fails`); for an
/// exported file, also checks that its verification record still matches (a mismatch makes
/// it `invalid`). `file` names it in the report.
#[must_use]
pub fn verify(file: &str, checked: &Checked, control: Control<'_>) -> VerifyReport {
    let mut report = verify_without_themes(file, checked, control);
    if report.player_moves.is_some() && report.status != Status::Unknown {
        add_themes(&mut report, checked, control);
    }
    report
}

/// The themes of a verified challenge with a forced win, and the declared ones it does not
/// teach.
fn add_themes(report: &mut VerifyReport, checked: &Checked, control: Control<'_>) {
    match crate::themes::themes(checked, report, control) {
        Ok(taught) => {
            for id in &checked.challenge().teaches {
                if !taught.iter().any(|t| t.id == id) {
                    report.findings.push(Finding::NotTaught { id: id.clone() });
                    if report.status == Status::Sound {
                        report.status = Status::LineFails;
                    }
                }
            }
            report.themes = Some(taught);
        }
        Err(stop) => {
            report.status = Status::Unknown;
            report.findings.push(Finding::Stopped(Stage::Themes, stop));
        }
    }
}

/// [`verify`] without the themes: the verdict, the intended line, the record (what `suggest`
/// asks of each candidate edit).
#[must_use]
pub fn verify_without_themes(file: &str, checked: &Checked, control: Control<'_>) -> VerifyReport {
    let mut report = with_game!(checked.game(), G => {
        let start = G::own_position(checked.start()).expect("a start of its own game");
        run::verify_in(file, checked, start, control)
    });
    report
        .findings
        .extend(missing_texts(checked.challenge()).map(Finding::MissingText));
    if let Some(rec) = &checked.challenge().verification
        && report.status != Status::Unknown
    {
        let bad = mismatches(rec, &record_for(&report));
        if bad.is_empty() {
            report.findings.push(Finding::RecordMatches);
        } else {
            report.status = Status::Invalid;
            report.findings.extend(bad);
        }
    }
    report
}

/// The texts missing in a shipped language (an empty English title or tutorial never gets
/// here: validation refuses it).
pub fn missing_texts(ch: &challenge::Challenge) -> impl Iterator<Item = MissingText> + '_ {
    ch.texts().into_iter().flat_map(|(field, texts)| {
        SHIPPED_LANGUAGES
            .into_iter()
            .filter(|lang| texts.get(*lang).is_none_or(|t| t.trim().is_empty()))
            .map(move |lang| MissingText { field, lang })
    })
}

/// Verifies a challenge as read (not yet validated): an `invalid` report when it does not
/// validate (its problems named by field: there is no file text to give lines from).
#[must_use]
pub fn verify_unchecked(
    file: &str,
    ch: &challenge::Challenge,
    control: Control<'_>,
) -> VerifyReport {
    match challenge::validate(ch) {
        Ok(checked) => verify(file, &checked, control),
        Err(problems) => invalid_report(
            file,
            &ChallengeError::Invalid {
                path: Path::new(file).to_path_buf(),
                problems: problems.into_iter().map(|p| (None, p)).collect(),
            },
        ),
    }
}

/// Loads (one read), validates and verifies one challenge file.
#[must_use]
pub fn verify_file(path: &Path, control: Control<'_>) -> VerifyReport {
    let file = crate::excerpt::path_text(path);
    match challenge::load_valid(path) {
        Ok(checked) => verify(&file, &checked, control),
        Err(e) => invalid_report(&file, &e),
    }
}

/// The report for a file that could not be read or validated.
#[must_use]
pub fn invalid_report(file: &str, e: &ChallengeError) -> VerifyReport {
    let mut report = VerifyReport::unsolved(file, Status::Invalid, None);
    report.findings = e
        .to_string()
        .lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .map(Finding::Unreadable)
        .collect();
    report
}
