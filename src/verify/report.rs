//! The result of verifying one challenge: typed ([`VerifyReport`]: its moves are moves, its
//! findings [`Finding`]s), turned into words only at the edges: `verify --json` through its
//! `Serialize` (the contract of DESIGN.md), the terminal and the editor through
//! [`Finding`]'s `Display`.

use serde::Serialize;

use super::finding::{Dual, Finding};
use crate::challenge::{LineProblem, Status};
use crate::difficulty::Difficulty;
use crate::game::GameState;
use crate::games::{AnyMove, AnyPosition};
use crate::solver::breakthrough_proof::PlyBounds;
use crate::solver::refute::{Refutation, RefutationText};
use crate::themes::Taught;

/// The result of verifying one challenge.
#[derive(Debug, Clone)]
pub struct VerifyReport {
    /// The file, as given.
    pub file: String,
    /// The verdict.
    pub status: Status,
    /// What the verification found, in order (the JSON's `messages` are their words).
    pub findings: Vec<Finding>,
    /// The starting position the moves below are played from (`None`: the file is invalid).
    pub start: Option<AnyPosition>,
    /// Every winning first move, sorted by text (empty when there is none, or the file is
    /// invalid).
    pub key_moves: Vec<AnyMove>,
    /// The main line found by the solver (empty without a proved win).
    pub main_line: Vec<AnyMove>,
    /// The shortest forced win in player moves, when there is one.
    pub player_moves: Option<u32>,
    /// Duals along the main line.
    pub duals: Vec<Dual>,
    /// The intended line's problems.
    pub line_problems: Vec<LineProblem>,
    /// Nodes searched by the solve and the intended line's check (the refutations and the proof
    /// tree are searched on top, within what is left of the limits).
    pub nodes: u64,
    /// Milliseconds taken.
    pub millis: u64,
    /// The refutation of every legal first move that is not a key move, sorted by move text
    /// (`crate::solver::refute`); `None` when not known (invalid file, or a limit stopped the
    /// solver).
    pub refutations: Option<Vec<Refutation<AnyMove>>>,
    /// The difficulty figures (`crate::difficulty`), when the challenge has a forced win.
    pub difficulty: Option<Difficulty>,
    /// The themes the challenge teaches (`crate::themes`), when it has a forced win and they
    /// were looked for.
    pub themes: Option<Vec<Taught>>,
    /// Nodes searched for the refutations and the proof's size, beyond `nodes` (for rates
    /// such as `bench`'s, whose time includes them).
    pub review_nodes: u64,
}

impl VerifyReport {
    /// A report with a status and nothing searched yet.
    #[must_use]
    pub fn unsolved(file: &str, status: Status, start: Option<AnyPosition>) -> VerifyReport {
        VerifyReport {
            file: file.to_string(),
            status,
            findings: Vec::new(),
            start,
            key_moves: Vec::new(),
            main_line: Vec::new(),
            player_moves: None,
            duals: Vec::new(),
            line_problems: Vec::new(),
            nodes: 0,
            millis: 0,
            refutations: None,
            difficulty: None,
            themes: None,
            review_nodes: 0,
        }
    }

    /// The findings in words: the JSON's `messages`.
    #[must_use]
    pub fn messages(&self) -> Vec<String> {
        self.findings.iter().map(ToString::to_string).collect()
    }

    /// The key moves' texts.
    #[must_use]
    pub fn key_texts(&self) -> Vec<String> {
        match &self.start {
            Some(s) => self.key_moves.iter().map(|&m| s.move_text(m)).collect(),
            None => Vec::new(),
        }
    }

    /// The main line's texts.
    #[must_use]
    pub fn main_line_texts(&self) -> Vec<String> {
        self.start
            .as_ref()
            .map(|s| s.line_texts(&self.main_line))
            .unwrap_or_default()
    }

    /// The refutations' texts, as the JSON prints them.
    #[must_use]
    pub fn refutation_texts(&self) -> Option<Vec<RefutationText>> {
        let start = self.start.as_ref()?;
        Some(crate::solver::refute::texts(
            start,
            self.refutations.as_ref()?,
        ))
    }

    /// The refutation of first move `mv`, when the report has one.
    #[must_use]
    pub fn refutation_of(&self, mv: AnyMove) -> Option<&Refutation<AnyMove>> {
        self.refutations.as_ref()?.iter().find(|r| r.mv == mv)
    }

    /// Every fault found, in the findings' own words: those that give the status first
    /// (a line that fails before a short solution), then the others in order.
    #[must_use]
    pub fn faults(&self) -> Vec<String> {
        let faults = self.findings.iter().filter(|f| f.is_fault());
        let (deciding, others): (Vec<_>, Vec<_>) = faults.partition(|f| f.decides(self.status));
        deciding
            .into_iter()
            .chain(others)
            .map(ToString::to_string)
            .collect()
    }

    /// The verdict's headline: the status word, then every fault ([`VerifyReport::faults`]):
    /// "invalid — line fails at move 2 (c2-a1): illegal; cooked: 2 winning first moves"; a
    /// first fault that begins with the status word stands for it: "cooked: 2 winning first
    /// moves (b3xc4, c2-c3)".
    #[must_use]
    pub fn headline(&self) -> String {
        headline_words(self.status.as_str(), &self.faults())
    }
}

/// The headline of a verdict `status` with these `faults`, in order (see
/// [`VerifyReport::headline`]).
fn headline_words(status: &str, faults: &[String]) -> String {
    let names_the_status = faults
        .first()
        .and_then(|first| first.strip_prefix(status))
        .is_some_and(|rest| rest.starts_with(':') || rest.starts_with(','));
    match faults {
        [] => status.to_string(),
        _ if names_the_status => faults.join("; "),
        _ => format!("{status} — {}", faults.join("; ")),
    }
}

/// `verify --json`'s entry (DESIGN.md): the report in words.
#[derive(Serialize)]
struct Json<'a> {
    file: &'a str,
    status: Status,
    messages: Vec<String>,
    key_moves: Vec<String>,
    main_line: Vec<String>,
    nodes: u64,
    millis: u64,
    refutations: Option<Vec<RefutationText>>,
    difficulty: Option<&'a Difficulty>,
    themes: Option<&'a [Taught]>,
    /// Who wins with perfect play and no move bound, when the bounded search found no forced
    /// win and the proof search decided it (Breakthrough); else `null`.
    who_wins: Option<WhoWinsJson>,
}

#[derive(Serialize)]
struct WhoWinsJson {
    /// `white` or `black`.
    winner: String,
    /// `player` or `defender`.
    side: &'static str,
    /// The plies of the match with perfect play; `null` when a limit stopped the length
    /// after the winner was proven.
    plies: Option<u32>,
    /// When a limit stopped the length: the plies proven so far, `{"at_least", "at_most"}`;
    /// else `null`.
    plies_range: Option<PlyBounds>,
}

impl Serialize for VerifyReport {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Json {
            file: &self.file,
            status: self.status,
            messages: self.messages(),
            key_moves: self.key_texts(),
            main_line: self.main_line_texts(),
            nodes: self.nodes,
            millis: self.millis,
            refutations: self.refutation_texts(),
            difficulty: self.difficulty.as_ref(),
            themes: self.themes.as_deref(),
            who_wins: self.findings.iter().find_map(|f| match f {
                Finding::WhoWins(w) => Some(WhoWinsJson {
                    winner: w.winner.to_lowercase(),
                    side: if w.player { "player" } else { "defender" },
                    plies: w.plies.known(),
                    plies_range: Some(w.plies).filter(|b| b.known().is_none()),
                }),
                _ => None,
            }),
        }
        .serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::headline_words;

    fn words(faults: &[&str]) -> Vec<String> {
        faults.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_headline_says_the_status_once() {
        assert_eq!(headline_words("sound", &[]), "sound");
        assert_eq!(
            headline_words(
                "cooked",
                &words(&["cooked: 2 winning first moves (a1-a2, b1-b2)"])
            ),
            "cooked: 2 winning first moves (a1-a2, b1-b2)"
        );
        assert_eq!(
            headline_words(
                "invalid",
                &words(&[
                    "cooked: 2 winning first moves (a1-a2, b1-b2)",
                    "short: a win in 1"
                ])
            ),
            "invalid — cooked: 2 winning first moves (a1-a2, b1-b2); short: a win in 1"
        );
        assert_eq!(
            headline_words(
                "unsound",
                &words(&["no forced win within 2 player move(s)"])
            ),
            "unsound — no forced win within 2 player move(s)"
        );
        // A status word that only begins a fault's first word is no repetition.
        assert_eq!(
            headline_words("cook", &words(&["cooked: 2 winning first moves"])),
            "cook — cooked: 2 winning first moves"
        );
    }
}
