//! What a verification found, typed: each [`Finding`] holds its moves as moves (with the
//! position they are played in) and has one wording, its `Display`, which `verify`'s messages,
//! the editor's verdict and its Problems list all use.

use std::fmt;

use crate::challenge::{LineProblem, Status};
use crate::game::GameState;
use crate::games::{AnyMove, AnyPosition};
use crate::solver::Stop;
use crate::solver::breakthrough_proof::PlyBounds;

/// Moves of one position, worded as their texts joined by ", ".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moves {
    /// The position they are played in.
    pub at: AnyPosition,
    /// The moves.
    pub moves: Vec<AnyMove>,
}

impl Moves {
    /// The moves' texts.
    #[must_use]
    pub fn texts(&self) -> Vec<String> {
        self.moves.iter().map(|&m| self.at.move_text(m)).collect()
    }
}

impl fmt::Display for Moves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.texts().join(", "))
    }
}

/// A dual of the main line: at `ply` (0-based, a player move of the main line, played in
/// position `at`), besides `played`, the `alternatives` also win.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dual {
    /// Index of the player's move in the main line.
    pub ply: usize,
    /// The position before it.
    pub at: AnyPosition,
    /// The main line's move there.
    pub played: AnyMove,
    /// The other winning moves there.
    pub alternatives: Vec<AnyMove>,
}

impl Dual {
    /// The other winning moves, as [`Moves`].
    #[must_use]
    pub fn alternatives(&self) -> Moves {
        Moves {
            at: self.at.clone(),
            moves: self.alternatives.clone(),
        }
    }
}

/// Where in a verification the solver was stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// The search for a forced win.
    Solve,
    /// The refutations of the other first moves and the proof's size.
    Review,
    /// The check of the intended line.
    Line,
    /// The themes' tests without their rules.
    Themes,
}

/// A text the game ships in every language that a challenge lacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MissingText {
    /// `title`, `tutorial` or `hint`.
    pub field: &'static str,
    /// The language code.
    pub lang: &'static str,
}

/// Who wins with perfect play and no move bound ([`crate::solver::who_wins`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WhoWins {
    /// The winner's name (`White`, `Black`).
    pub winner: String,
    /// Whether the winner is the challenge's player (else the defender).
    pub player: bool,
    /// The plies of the match with perfect play: exact, or the bounds proven when a limit
    /// stopped the length after the winner was proven.
    pub plies: PlyBounds,
    /// The challenge's goal, in player moves.
    pub goal: u32,
}

impl fmt::Display for WhoWins {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = if self.player {
            "the player"
        } else {
            "the defender"
        };
        let span = |text: fn(u32) -> u32| match self.plies.known() {
            Some(n) => text(n).to_string(),
            None => format!(
                "{} to {}",
                text(self.plies.at_least),
                text(self.plies.at_most)
            ),
        };
        write!(
            f,
            "with perfect play and no move bound, {} ({who}) wins in {} plies",
            self.winner,
            span(|n| n)
        )?;
        if self.player {
            write!(
                f,
                " ({} player moves, past the goal's {})",
                span(|n| n.div_ceil(2)),
                self.goal
            )?;
        } else {
            f.write_str(": no goal makes this start sound")?;
        }
        if self.plies.known().is_none() {
            f.write_str(" (a limit stopped the length; the winner is proven)")?;
        }
        Ok(())
    }
}

/// One thing a verification found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finding {
    /// The file could not be read or is not a valid challenge: one line of the reason.
    Unreadable(String),
    /// A limit or cancel stopped the solver.
    Stopped(Stage, Stop),
    /// No forced win within the goal.
    NoWin {
        /// The goal, in player moves.
        goal: u32,
    },
    /// A forced win: the shortest, in player moves, and every winning first move.
    Win {
        /// The shortest forced win.
        shortest: u32,
        /// The key moves.
        keys: Moves,
    },
    /// A win shorter than the goal asks.
    Short {
        /// The shortest forced win.
        shortest: u32,
        /// The goal.
        goal: u32,
    },
    /// A second winning player move in the main line.
    Dual(Dual),
    /// A defence of the intended line that is not one of the longest-resisting.
    WeakDefence {
        /// Its place in the line (0-based).
        index: usize,
        /// The move text as written.
        text: String,
        /// The longest-resisting defences there.
        best: Moves,
    },
    /// The intended line does not work.
    Line(LineProblem),
    /// More than one winning first move.
    Cooked {
        /// Every key move.
        keys: Moves,
    },
    /// A theme the file declares (`teaches`) that its solution does not need.
    NotTaught {
        /// The theme's id.
        id: String,
    },
    /// Who wins the start with perfect play and no move bound (Breakthrough, when the
    /// bounded search found no forced win within the goal): the proof search's answer.
    WhoWins(WhoWins),
    /// A cooked challenge that `verify --allow-cooks` accepts.
    CookAccepted,
    /// A text missing in a language the game ships.
    MissingText(MissingText),
    /// An exported file's verification record matches what verification finds now.
    RecordMatches,
    /// The editor's report from an opened file's record, which fits the challenge (nothing
    /// was searched).
    StoredRecord {
        /// The peakforge version that wrote it.
        solver_version: String,
        /// The nodes it says were searched.
        nodes: u64,
    },
    /// An exported file's verification record differs from what verification finds now.
    RecordDiffers {
        /// The record's field.
        what: &'static str,
        /// What the record says.
        recorded: String,
        /// What verification gives now.
        now: String,
    },
}

impl Finding {
    /// Whether the finding is one of the reasons the challenge is not sound (what a verdict's
    /// headline names), rather than a description or a note.
    #[must_use]
    pub fn is_fault(&self) -> bool {
        matches!(
            self,
            Finding::Unreadable(_)
                | Finding::Stopped(..)
                | Finding::NoWin { .. }
                | Finding::Short { .. }
                | Finding::Line(_)
                | Finding::Cooked { .. }
                | Finding::NotTaught { .. }
                | Finding::RecordDiffers { .. }
        )
    }

    /// Whether this fault is one that gives a verdict of `status` (a headline names it
    /// first).
    #[must_use]
    pub fn decides(&self, status: Status) -> bool {
        matches!(
            (status, self),
            (Status::Unsound, Finding::NoWin { .. })
                | (Status::Cooked, Finding::Cooked { .. })
                | (
                    Status::LineFails,
                    Finding::Line(_) | Finding::NotTaught { .. }
                )
                | (Status::Invalid, Finding::Line(_) | Finding::Unreadable(_))
                | (Status::Unknown, Finding::Stopped(..))
        )
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Finding::Unreadable(line) => f.write_str(line),
            Finding::Stopped(stage, stop) => {
                let during = match stage {
                    Stage::Solve => "",
                    Stage::Review => " on the refutations and the proof",
                    Stage::Line => " checking the intended line",
                    Stage::Themes => " testing the themes without their rules",
                };
                write!(f, "the solver stopped{during}: {}", stop.describe())
            }
            Finding::NoWin { goal } => write!(f, "no forced win within {goal} player move(s)"),
            Finding::Win { shortest, keys } => {
                write!(f, "forced win in {shortest} player move(s); key: {keys}")
            }
            Finding::Short { shortest, goal } => write!(
                f,
                "short solution: a win in {shortest} player move(s), fewer than the goal's {goal}"
            ),
            Finding::Dual(d) => write!(
                f,
                "dual at ply {}: besides {}, also {} win",
                d.ply + 1,
                d.at.move_text(d.played),
                d.alternatives()
            ),
            Finding::WeakDefence { index, text, best } => write!(
                f,
                "solution[{index}] ({}): not a longest-resisting defence (those are: {best})",
                crate::excerpt::cut(text)
            ),
            Finding::Line(p) => p.fmt(f),
            Finding::Cooked { keys } => write!(
                f,
                "cooked: {} winning first moves ({keys})",
                keys.moves.len()
            ),
            Finding::WhoWins(w) => w.fmt(f),
            Finding::CookAccepted => f.write_str("cooked, accepted by --allow-cooks"),
            Finding::NotTaught { id } => write!(
                f,
                "teaches: {id} is declared, but the solution does not need it (README \"Themes\")"
            ),
            Finding::MissingText(MissingText { field, lang }) => {
                let why = if *lang == "en" {
                    "a player who asks for a hint gets none"
                } else {
                    "the game ships French too"
                };
                write!(f, "warning: {field}.{lang} is missing: {why}")
            }
            Finding::RecordMatches => f.write_str("the verification record matches"),
            Finding::StoredRecord {
                solver_version,
                nodes,
            } => write!(
                f,
                "from the file's verification record (peakforge {solver_version}, {nodes} nodes): \
                 it matches the challenge"
            ),
            Finding::RecordDiffers {
                what,
                recorded,
                now,
            } => write!(
                f,
                "verification.{what}: the record says '{recorded}' but verification now gives '{now}'"
            ),
        }
    }
}
