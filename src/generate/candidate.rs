//! One candidate: a start whose forced win the solver proved, written as a challenge file with
//! the solver's main line as the intended line and placeholder texts for the designer to fill
//! in (marked [`TO_WRITE`]: the library check flags them), then admitted only when the full
//! verification says it is sound and teaches every theme asked.

use serde::Serialize;

use crate::challenge::{
    self, Challenge, Checked, FORMAT_VERSION, GameName, Goal, PositionSpec, Status, TO_WRITE, Texts,
};
use crate::difficulty::Difficulty;
use crate::game::GameState;
use crate::solver::{self, Control, Stop, Verdict};
use crate::verify::{VerifyReport, verify};

/// An admitted candidate.
#[derive(Debug, Clone)]
pub struct Candidate {
    /// The trial that found it.
    pub trial: u64,
    /// The challenge, checked.
    pub checked: Checked,
    /// Its verification (sound, with its themes and difficulty).
    pub report: VerifyReport,
}

/// A candidate as `generate --json` lists it.
#[derive(Debug, Clone, Serialize)]
pub struct Listed {
    /// The file written (or that would be, without `--out`).
    pub file: String,
    /// Whether `file` was written (`false` without `--out`: the candidates are only listed).
    pub written: bool,
    /// The start as a position string.
    pub position: String,
    /// The key move.
    pub key_move: String,
    /// The themes it teaches (as its verification found them).
    pub themes: Vec<&'static str>,
    /// Its rating ([`crate::difficulty::rating`]; 0 without difficulty figures).
    pub rating: f64,
    /// Its difficulty figures.
    pub difficulty: Option<Difficulty>,
}

impl Candidate {
    /// The file name of the candidate: its id and `.ron`.
    #[must_use]
    pub fn file_name(&self) -> String {
        format!("{}.ron", self.checked.challenge().id)
    }

    /// The candidate as listed, its file in `dir`.
    #[must_use]
    pub fn listed(&self, dir: &str) -> Listed {
        Listed {
            file: if dir.is_empty() {
                self.file_name()
            } else {
                format!("{}/{}", dir.trim_end_matches('/'), self.file_name())
            },
            written: !dir.is_empty(),
            position: self.checked.start().to_string(),
            key_move: self
                .report
                .key_texts()
                .into_iter()
                .next()
                .unwrap_or_default(),
            themes: self.report.themes.iter().flatten().map(|t| t.id).collect(),
            rating: self.report.difficulty.as_ref().map_or(0.0, |d| d.rating),
            difficulty: self.report.difficulty.clone(),
        }
    }
}

/// Why a trial's start was not admitted (for the counts a run reports), or the limit that
/// stopped its search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rejected {
    /// Not a valid start of a challenge (finished, or refused by the game's rules).
    Invalid,
    /// The cheap filter found no move of the theme's kind.
    Filtered,
    /// No forced win in exactly the goal's moves with one key move.
    NotSound,
    /// Sound, but it does not teach every theme asked.
    Themes,
    /// The same puzzle as an earlier candidate or a library entry.
    Duplicate,
    /// A limit stopped a search.
    Stopped(Stop),
}

/// The placeholder texts of a generated challenge teaching `themes` in `moves` player moves.
fn texts(themes: &[&str], side: &str, moves: u32) -> (Texts, Texts, Texts) {
    let names: Vec<&str> = themes
        .iter()
        .filter_map(|id| crate::themes::find(id).map(|(_, t)| t.name))
        .collect();
    let list = names.join(", ");
    let text =
        |en: String, fr: String| Texts::from([("en".to_string(), en), ("fr".to_string(), fr)]);
    (
        text(format!("{TO_WRITE} {list}"), format!("{TO_WRITE} {list}")),
        text(
            format!("{TO_WRITE} Teach {list}. {side} to play and win in {moves}."),
            format!("{TO_WRITE} Enseigner : {list}. Gagner en {moves} coup(s)."),
        ),
        text(
            format!("{TO_WRITE} A hint."),
            format!("{TO_WRITE} Un indice."),
        ),
    )
}

/// The challenge of a generated start `spec` of `game` with the goal `moves` and the line
/// `solution`, teaching `themes`, named `id`.
#[must_use]
pub fn challenge_of(
    game: GameName,
    spec: PositionSpec,
    moves: u32,
    solution: Vec<String>,
    themes: &[&str],
    id: String,
    side: &str,
) -> Challenge {
    let (title, tutorial, hint) = texts(themes, side, moves);
    Challenge {
        format_version: FORMAT_VERSION,
        id,
        title,
        tutorial,
        hint,
        game,
        position: spec,
        goal: Goal {
            player_moves: moves,
        },
        solution,
        teaches: themes.iter().map(ToString::to_string).collect(),
        verification: None,
    }
}

/// `checked` with its difficulty noted at the end of its hint's placeholders, for the
/// designer who sorts the candidates ("rating 5.5: …"); a hint that is no placeholder is kept.
#[must_use]
pub fn noted(checked: Checked, report: &VerifyReport) -> Checked {
    let Some(d) = &report.difficulty else {
        return checked;
    };
    let mut ch = checked.challenge().clone();
    let note = format!(
        "rating {}: shortest win {}, proof size {}, {} tr{}",
        d.rating,
        d.shortest_win,
        d.proof_size,
        d.tries,
        if d.tries == 1 { "y" } else { "ies" }
    );
    for text in ch.hint.values_mut() {
        if text.starts_with(TO_WRITE) {
            *text = format!("{text} ({note})");
        }
    }
    challenge::validate(&ch).unwrap_or(checked)
}

/// Whether `ch` (its solution empty) has a forced win in exactly its goal with one key move:
/// then `ch` with the solver's main line as its intended line, checked.
///
/// # Errors
/// [`Rejected`] with the reason.
pub fn solved(mut ch: Challenge, control: Control<'_>) -> Result<Checked, Rejected> {
    let checked = challenge::validate(&ch).map_err(|_| Rejected::Invalid)?;
    let start = checked.start();
    let goal = ch.goal.player_moves;
    let sol = solver::solve(start, Some(goal), control);
    match sol.verdict {
        Verdict::Unknown(stop) => return Err(Rejected::Stopped(stop)),
        Verdict::NoWin => return Err(Rejected::NotSound),
        Verdict::Win => {}
    }
    if sol.key_moves.len() != 1 || sol.player_moves != Some(goal) {
        return Err(Rejected::NotSound);
    }
    ch.solution = start.line_texts(&sol.line);
    challenge::validate(&ch).map_err(|_| Rejected::Invalid)
}

/// The full verification of `checked`: admitted when sound and teaching every theme asked.
///
/// # Errors
/// [`Rejected`] with the reason.
pub fn admitted(checked: &Checked, control: Control<'_>) -> Result<VerifyReport, Rejected> {
    let report = verify(&format!("{}.ron", checked.challenge().id), checked, control);
    match report.status {
        Status::Sound => Ok(report),
        Status::Unknown => Err(Rejected::Stopped(Stop::TimeLimit)),
        // A declared theme it does not teach fails its line: not admitted.
        Status::LineFails
            if report
                .findings
                .iter()
                .any(|f| matches!(f, crate::verify::Finding::NotTaught { .. })) =>
        {
            Err(Rejected::Themes)
        }
        _ => Err(Rejected::NotSound),
    }
}
