//! A checked challenge: a [`Challenge`] that passed validation, with its starting position and
//! its intended line read as moves. Built only by [`super::validate`], so whoever holds one
//! holds a valid challenge; the editor caches one per document revision and every panel reads
//! it, the command line builds one per file.

use super::intended::{LineProblem, longer_than_goal, read_line};
use super::model::{Challenge, GameName};
use crate::game::GameState;
use crate::games::{AnyMove, AnyPosition};

/// A valid challenge with its starting position (see the module documentation).
#[derive(Debug, Clone, PartialEq)]
pub struct Checked {
    challenge: Challenge,
    start: AnyPosition,
    /// The intended line's moves up to the first that cannot be played.
    line: Vec<AnyMove>,
    /// Why the intended line cannot be read further, when it cannot.
    line_problem: Option<LineProblem>,
    /// The line holds more player moves than the goal, when it does.
    too_long: Option<LineProblem>,
}

impl Checked {
    /// Only validation builds one: `start` is the checked start of `challenge`.
    pub(super) fn new(challenge: Challenge, start: AnyPosition) -> Checked {
        let (line, line_problem) = read_line(&start, &challenge.solution);
        let too_long = longer_than_goal(&start, &line, challenge.goal.player_moves);
        Checked {
            challenge,
            start,
            line,
            line_problem,
            too_long,
        }
    }

    /// The challenge as the file holds it.
    #[must_use]
    pub fn challenge(&self) -> &Challenge {
        &self.challenge
    }

    /// The starting position, of the challenge's game.
    #[must_use]
    pub fn start(&self) -> &AnyPosition {
        &self.start
    }

    /// The challenge's game.
    #[must_use]
    pub fn game(&self) -> GameName {
        self.start.game()
    }

    /// The goal: win within this many player moves.
    #[must_use]
    pub fn goal(&self) -> u32 {
        self.challenge.goal.player_moves
    }

    /// The intended line's moves, up to the first that cannot be played (all of them when
    /// [`Checked::line_problem`] is `None`).
    #[must_use]
    pub fn line(&self) -> &[AnyMove] {
        &self.line
    }

    /// Why the intended line cannot be read to its end: an illegal move, or one after the
    /// match is over. The other problems of a line (it does not win, it stops early) take a
    /// search: the verifier's.
    #[must_use]
    pub fn line_problem(&self) -> Option<&LineProblem> {
        self.line_problem.as_ref()
    }

    /// [`LineProblem::LongerThanGoal`] when the readable line holds more player moves than
    /// the goal: found without a search, so the editor lists it while the line is edited.
    #[must_use]
    pub fn longer_than_goal(&self) -> Option<&LineProblem> {
        self.too_long.as_ref()
    }

    /// The intended first move, when the line has a legal one.
    #[must_use]
    pub fn intended_key(&self) -> Option<AnyMove> {
        self.line.first().copied()
    }

    /// The positions along the readable intended line: the start, then the position after
    /// each of [`Checked::line`]'s moves.
    #[must_use]
    pub fn line_positions(&self) -> Vec<AnyPosition> {
        let mut out = Vec::with_capacity(self.line.len() + 1);
        out.push(self.start.clone());
        for &m in &self.line {
            let next = out[out.len() - 1].play(m);
            out.push(next);
        }
        out
    }

    /// The same challenge without its verification record (which validation does not look
    /// at): what `export` verifies before it writes a new record.
    #[must_use]
    pub fn without_record(&self) -> Checked {
        let mut c = self.clone();
        c.challenge.verification = None;
        c
    }

    /// The challenge and its start, taken apart.
    #[must_use]
    pub fn into_parts(self) -> (Challenge, AnyPosition) {
        (self.challenge, self.start)
    }
}
