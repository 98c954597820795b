//! Verifying a challenge (DESIGN.md "The solver's job", `verify`): is it sound (a forced win
//! within the goal, one key move, the intended line legal, forced and ending in the win)?

use std::path::Path;

use serde::Serialize;

use crate::challenge::{
    self, Challenge, ChallengeError, ChallengeGame, RULES_VERSION, VerificationRecord,
};
use crate::difficulty::{Difficulty, difficulty};
use crate::game::GameState;
use crate::games::{AnyPosition, with_position};
use crate::solver::refute::{self, RefutationText};
use crate::solver::{self, Control, Prover, Solution, Verdict};

pub use crate::challenge::Status;

/// The result of verifying one challenge.
#[derive(Debug, Clone, Serialize)]
pub struct VerifyReport {
    /// The file, as given.
    pub file: String,
    /// The verdict.
    pub status: Status,
    /// What the verification found, in plain sentences.
    pub messages: Vec<String>,
    /// Every winning first move, sorted (empty when there is none, or the file is invalid:
    /// every entry has the same keys).
    pub key_moves: Vec<String>,
    /// The main line found by the solver (empty without a proved win).
    pub main_line: Vec<String>,
    /// The shortest forced win in player moves, when there is one (the editor lists a short
    /// solution from it; the messages say it in words for the command line).
    #[serde(skip)]
    pub player_moves: Option<u32>,
    /// Duals along the main line, as move texts (also in the messages, in words).
    #[serde(skip)]
    pub duals: Vec<DualText>,
    /// The intended line's problems, typed (also in the messages, in words).
    #[serde(skip)]
    pub line_problems: Vec<LineProblem>,
    /// Nodes searched by the solve and the intended line's check (the refutations and the proof
    /// tree are searched on top, within what is left of the limits).
    pub nodes: u64,
    /// Milliseconds taken.
    pub millis: u64,
    /// The refutation of every legal first move that is not a key move, sorted by move text
    /// (`crate::solver::refute`); `null` when not known (invalid file, or a limit stopped the
    /// solver).
    pub refutations: Option<Vec<RefutationText>>,
    /// The difficulty figures (`crate::difficulty`), when the challenge has a forced win;
    /// `null` otherwise.
    pub difficulty: Option<Difficulty>,
    /// Nodes searched for the refutations and the proof's size, beyond `nodes` (for rates
    /// such as `bench`'s, whose time includes them).
    #[serde(skip)]
    pub review_nodes: u64,
}

/// A dual of the main line in move texts: at `ply` (0-based, a player move of the main line),
/// besides `played`, the `alternatives` also win.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DualText {
    /// Index of the player's move in the main line.
    pub ply: usize,
    /// The main line's move there.
    pub played: String,
    /// The other winning moves there.
    pub alternatives: Vec<String>,
}

/// What is wrong with a challenge's intended line (`solution`), found by [`check_line`]; its
/// `Display` is the message `verify` prints. `index` is the 0-based place in the line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineProblem {
    /// The challenge has no intended line.
    Empty,
    /// The move at `index` is malformed or illegal where it is played: bad input, not a failed
    /// verification.
    Illegal {
        /// Its place in the line.
        index: usize,
        /// The move text as written.
        text: String,
        /// Why it is refused (RULES.md PP-11, BT-5, SG-7; the legal moves from its square).
        reason: String,
    },
    /// The match was already over before the move at `index`.
    AfterTheEnd {
        /// Its place in the line.
        index: usize,
        /// The move text as written.
        text: String,
    },
    /// The player's move at `index` does not force a win within the player moves `left`.
    DoesNotWin {
        /// Its place in the line.
        index: usize,
        /// The move text as written.
        text: String,
        /// Player moves left for the goal, this one included.
        left: u32,
    },
    /// The line ends the match without the player's win, for this reason (`move_limit`, …).
    EndsWithoutWin(&'static str),
    /// The line stops before the match is won.
    StopsEarly,
}

impl LineProblem {
    /// Whether the problem is bad input (an illegal or malformed move: the file is invalid)
    /// rather than a line that does not work.
    #[must_use]
    pub fn is_bad_input(&self) -> bool {
        matches!(self, LineProblem::Illegal { .. })
    }

    /// The place in the line of the move at fault, when one is.
    #[must_use]
    pub fn index(&self) -> Option<usize> {
        match self {
            LineProblem::Illegal { index, .. }
            | LineProblem::AfterTheEnd { index, .. }
            | LineProblem::DoesNotWin { index, .. } => Some(*index),
            LineProblem::Empty | LineProblem::EndsWithoutWin(_) | LineProblem::StopsEarly => None,
        }
    }
}

impl std::fmt::Display for LineProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LineProblem::Empty => write!(f, "the challenge has no intended solution"),
            LineProblem::Illegal {
                index,
                text,
                reason,
            } => write!(
                f,
                "illegal move in the intended line: solution[{index}] ({}): {reason}",
                crate::excerpt::cut(text)
            ),
            LineProblem::AfterTheEnd { index, text } => {
                write!(
                    f,
                    "solution[{index}] ({}): the match is already over",
                    crate::excerpt::cut(text)
                )
            }
            LineProblem::DoesNotWin { index, text, left } => write!(
                f,
                "solution[{index}] ({}): does not force a win within the {left} player move(s) left",
                crate::excerpt::cut(text)
            ),
            LineProblem::EndsWithoutWin(reason) => {
                write!(f, "the line ends in {reason} without the player's win")
            }
            LineProblem::StopsEarly => write!(f, "the line stops before the match is won"),
        }
    }
}

/// The move `text`, at `index` of the intended line, where it is played from `pos`; or why it
/// cannot be played there: malformed or illegal ([`LineProblem::Illegal`]), or the match
/// already over ([`LineProblem::AfterTheEnd`]). Searches nothing.
///
/// # Errors
/// That problem; the moves after it cannot be read.
pub fn line_move<G: GameState>(pos: &G, index: usize, text: &str) -> Result<G::Move, LineProblem> {
    let mv = pos.parse_move(text).map_err(|e| LineProblem::Illegal {
        index,
        text: text.to_string(),
        reason: e.to_string(),
    })?;
    if pos.outcome().is_some() {
        return Err(LineProblem::AfterTheEnd {
            index,
            text: text.to_string(),
        });
    }
    Ok(mv)
}

/// The first problem that replaying `line` from `start` meets ([`line_move`]), without any
/// search: what can be said of an intended line while it is edited.
#[must_use]
pub fn line_legality<G: GameState>(start: &G, line: &[String]) -> Option<LineProblem> {
    let mut pos = start.clone();
    for (index, text) in line.iter().enumerate() {
        match line_move(&pos, index, text) {
            Ok(mv) => pos = pos.play(mv),
            Err(p) => return Some(p),
        }
    }
    None
}

/// Checks the intended line of a challenge move by move: legal; each player move still wins
/// within the moves left; a note where a defence is not one of the longest-resisting; ends in
/// the player's win. Returns the problems (empty when the line works) and notes. An illegal
/// move ends the check (the moves after it cannot be read).
///
/// # Errors
/// [`solver::Stop`] when a limit stopped the search.
pub fn check_line<G: GameState>(
    start: &G,
    line: &[String],
    goal: u32,
    prover: &mut Prover<'_, G>,
) -> Result<(Vec<LineProblem>, Vec<String>), solver::Stop> {
    let mut problems = Vec::new();
    let mut notes = Vec::new();
    let player = start.to_move();
    let mut pos = start.clone();
    if line.is_empty() {
        problems.push(LineProblem::Empty);
        return Ok((problems, notes));
    }
    let mut k = 0u32; // player moves made before this ply (not every second ply: SG-5)
    for (i, text) in line.iter().enumerate() {
        let mv = match line_move(&pos, i, text) {
            Ok(m) => m,
            Err(p) => {
                problems.push(p);
                return Ok((problems, notes));
            }
        };
        if pos.to_move() == player {
            let left = goal.saturating_sub(k);
            if !prover.move_wins(&pos, mv, left)? {
                problems.push(LineProblem::DoesNotWin {
                    index: i,
                    text: text.clone(),
                    left,
                });
            }
            k += 1;
        } else {
            let (best, _) = solver::longest_defences(&pos, goal.saturating_sub(k), prover)?;
            if !best.contains(&mv) {
                let names: Vec<String> = best.iter().map(|&m| pos.move_text(m)).collect();
                notes.push(format!(
                    "solution[{i}] ({text}): not a longest-resisting defence (those are: {})",
                    names.join(", ")
                ));
            }
        }
        pos = pos.play(mv);
    }
    match pos.outcome() {
        Some(o) if o.winner == Some(player) => {}
        Some(o) => problems.push(LineProblem::EndsWithoutWin(o.reason.as_str())),
        None => problems.push(LineProblem::StopsEarly),
    }
    Ok((problems, notes))
}

/// The verification record of a sound report, for `export`.
#[must_use]
pub fn record_for<G: GameState>(report: &VerifyReport, start: &G) -> VerificationRecord {
    VerificationRecord {
        verdict: report.status,
        key_move: report.key_moves.first().cloned().unwrap_or_default(),
        main_line: report.main_line.clone(),
        solver_version: env!("CARGO_PKG_VERSION").to_string(),
        rules_version: RULES_VERSION.to_string(),
        nodes: report.nodes,
        position_key: format!("{:016x}", start.key()),
    }
}

/// Where an exported file's record no longer matches what verification finds now (the file
/// was edited after export, or the rules changed): one message per difference.
fn record_mismatches(rec: &VerificationRecord, now: &VerificationRecord) -> Vec<String> {
    let pairs: [(&str, String, String); 5] = [
        (
            "verdict",
            rec.verdict.as_str().to_string(),
            now.verdict.as_str().to_string(),
        ),
        ("key_move", rec.key_move.clone(), now.key_move.clone()),
        (
            "main_line",
            rec.main_line.join(" "),
            now.main_line.join(" "),
        ),
        (
            "rules_version",
            rec.rules_version.clone(),
            now.rules_version.clone(),
        ),
        (
            "position_key",
            rec.position_key.clone(),
            now.position_key.clone(),
        ),
    ];
    pairs
        .into_iter()
        .filter(|(_, a, b)| a != b)
        .map(|(what, a, b)| {
            format!("verification.{what}: the record says '{a}' but verification now gives '{b}'")
        })
        .collect()
}

/// Verifies a challenge already validated into `start`; for an exported file, also checks that
/// its verification record still matches (a mismatch makes it `invalid`).
#[must_use]
pub fn verify_challenge<G: ChallengeGame>(
    file: &str,
    ch: &Challenge,
    start: &G,
    control: Control<'_>,
) -> VerifyReport {
    let mut report = verify_unrecorded(file, ch, start, control);
    // The game's guide ships in English and French: a missing text is worth a warning (an
    // empty English title or tutorial never gets here: validation refuses it).
    for (name, texts) in [
        ("title", &ch.title),
        ("tutorial", &ch.tutorial),
        ("hint", &ch.hint),
    ] {
        for (lang, why) in [
            ("en", "a player who asks for a hint gets none"),
            ("fr", "the game ships French too"),
        ] {
            if texts.get(lang).is_none_or(|t| t.trim().is_empty()) {
                report
                    .messages
                    .push(format!("warning: {name}.{lang} is missing: {why}"));
            }
        }
    }
    if let Some(rec) = &ch.verification
        && report.status != Status::Unknown
    {
        let bad = record_mismatches(rec, &record_for(&report, start));
        if bad.is_empty() {
            report
                .messages
                .push("the verification record matches".to_string());
        } else {
            report.status = Status::Invalid;
            report.messages.extend(bad);
        }
    }
    report
}

/// Verifies a challenge already validated into `start`, a position of any game (see
/// [`verify_challenge`]).
#[must_use]
pub fn verify_start(
    file: &str,
    ch: &Challenge,
    start: &AnyPosition,
    control: Control<'_>,
) -> VerifyReport {
    with_position!(start, p => verify_challenge(file, ch, p, control))
}

/// Verifies a challenge as read (not yet validated) with the rule set its `game` field names;
/// an `invalid` report when it does not validate (its problems named by field: there is no
/// file text to give lines from). `file` names it in the report.
#[must_use]
pub fn verify_any(file: &str, ch: &Challenge, control: Control<'_>) -> VerifyReport {
    match challenge::validate(ch) {
        Ok(start) => verify_start(file, ch, &start, control),
        Err(problems) => invalid_report(
            file,
            &ChallengeError::Invalid {
                path: Path::new(file).to_path_buf(),
                problems: problems.into_iter().map(|p| (None, p)).collect(),
            },
        ),
    }
}

/// The verification record of `report` for `ch`, a challenge of any game (its `game` field
/// says which rules build its start).
///
/// # Errors
/// The challenge's problems when it does not validate.
pub fn record_any(
    report: &VerifyReport,
    ch: &Challenge,
) -> Result<VerificationRecord, Vec<challenge::Problem>> {
    challenge::validate(ch).map(|start| record_for(report, &start))
}

fn verify_unrecorded<G: ChallengeGame>(
    file: &str,
    ch: &Challenge,
    start: &G,
    control: Control<'_>,
) -> VerifyReport {
    let goal = ch.goal.player_moves;
    let (sol, review): (Solution<_>, _) =
        solver::solve_reviewed(start, Some(goal), solver::Proof::Size, control);
    let mut report = VerifyReport {
        file: file.to_string(),
        status: Status::Sound,
        messages: Vec::new(),
        key_moves: sol.key_moves.iter().map(|&m| start.move_text(m)).collect(),
        main_line: start.line_texts(&sol.line),
        player_moves: sol.player_moves,
        duals: Vec::new(),
        line_problems: Vec::new(),
        nodes: sol.nodes,
        millis: sol.elapsed.as_millis() as u64,
        refutations: None,
        difficulty: None,
        review_nodes: 0,
    };
    if !matches!(sol.verdict, Verdict::Unknown(_)) {
        match review {
            Ok(review) => {
                // `nodes` stays the solve's and the line check's (the JSON field as before).
                report.review_nodes = review.nodes;
                report.refutations = Some(refute::texts(start, &review.refutations));
                report.difficulty = difficulty(start, &sol, &review);
            }
            Err(stop) => {
                report.status = Status::Unknown;
                report.messages.push(format!(
                    "the solver stopped on the refutations and the proof: {}",
                    stop.describe()
                ));
                return report;
            }
        }
    }
    match sol.verdict {
        Verdict::Unknown(stop) => {
            report.status = Status::Unknown;
            report
                .messages
                .push(format!("the solver stopped: {}", stop.describe()));
            return report;
        }
        Verdict::NoWin => {
            report.status = Status::Unsound;
            report
                .messages
                .push(format!("no forced win within {goal} player move(s)"));
            return report;
        }
        Verdict::Win => {}
    }
    let shortest = sol.player_moves.unwrap_or(goal);
    report.messages.push(format!(
        "forced win in {shortest} player move(s); key: {}",
        report.key_moves.join(", ")
    ));
    if shortest < goal {
        report.messages.push(format!(
            "short solution: a win in {shortest} player move(s), fewer than the goal's {goal}"
        ));
    }
    for d in &sol.duals {
        let mut pos = start.clone();
        for &m in &sol.line[..d.ply] {
            pos = pos.play(m);
        }
        let alts: Vec<String> = d.alternatives.iter().map(|&m| pos.move_text(m)).collect();
        report.messages.push(format!(
            "dual at ply {}: besides {}, also {} win",
            d.ply + 1,
            pos.move_text(d.played),
            alts.join(", ")
        ));
        report.duals.push(DualText {
            ply: d.ply,
            played: pos.move_text(d.played),
            alternatives: alts,
        });
    }
    let mut prover = Prover::new(start.to_move(), control);
    let line_result = check_line(start, &ch.solution, goal, &mut prover);
    report.nodes += prover.nodes();
    match line_result {
        Err(stop) => {
            report.status = Status::Unknown;
            report.messages.push(format!(
                "the solver stopped checking the intended line: {}",
                stop.describe()
            ));
            return report;
        }
        Ok((problems, notes)) => {
            report.messages.extend(notes);
            report
                .messages
                .extend(problems.iter().map(LineProblem::to_string));
            if problems.iter().any(LineProblem::is_bad_input) {
                report.status = Status::Invalid;
                report.line_problems = problems;
                return report;
            }
            if !problems.is_empty() {
                report.status = Status::LineFails;
            }
            report.line_problems = problems;
        }
    }
    if sol.key_moves.len() > 1 {
        if report.status == Status::Sound {
            report.status = Status::Cooked;
        }
        report.messages.push(format!(
            "cooked: {} winning first moves ({})",
            sol.key_moves.len(),
            report.key_moves.join(", ")
        ));
    }
    report
}

/// Loads (one read), validates and verifies one challenge file, of whichever game its `game`
/// field names.
#[must_use]
pub fn verify_file(path: &Path, control: Control<'_>) -> VerifyReport {
    let file = path.display().to_string();
    match challenge::load_valid(path) {
        Ok((ch, start)) => verify_start(&file, &ch, &start, control),
        Err(e) => invalid_report(&file, &e),
    }
}

/// A report with a status and nothing searched yet.
fn unsolved_report(file: &str, status: Status) -> VerifyReport {
    VerifyReport {
        file: file.to_string(),
        status,
        messages: Vec::new(),
        key_moves: Vec::new(),
        main_line: Vec::new(),
        player_moves: None,
        duals: Vec::new(),
        line_problems: Vec::new(),
        nodes: 0,
        millis: 0,
        refutations: None,
        difficulty: None,
        review_nodes: 0,
    }
}

/// The report for a file that could not be read or validated.
#[must_use]
pub fn invalid_report(file: &str, e: &ChallengeError) -> VerifyReport {
    let mut report = unsolved_report(file, Status::Invalid);
    report.messages = e
        .to_string()
        .lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    report
}
