//! The one place that maps a challenge's `game` ([`GameName`]) to its position type:
//! [`GameName::dispatch`] runs a [`ForGame`] visitor with `pawn_peak::Position`,
//! `breakthrough::Position` or `seega::Position`. A generic function cannot be passed as a
//! value, so the work is a trait with a generic method; verification, validation, the CLI and
//! the editor each give it theirs.
//!
//! ```
//! use peakforge::challenge::{ForGame, GameName, RuleSet};
//! struct Name;
//! impl ForGame for Name {
//!     type Output = &'static str;
//!     fn run<G: RuleSet>(self) -> &'static str {
//!         G::GAME.as_str()
//!     }
//! }
//! assert_eq!(GameName::Seega.dispatch(Name), "seega");
//! ```

use std::fmt::Display;
use std::str::FromStr;

use super::model::GameName;
use super::validate::ChallengeGame;
use crate::games::{breakthrough, pawn_peak, seega};
use crate::render::Picture;
use crate::report::Describe;

/// Everything the library knows of a rule set, as a visitor sees it: its challenge files
/// ([`ChallengeGame`]), its reports ([`Describe`]), its pictures ([`Picture`]), its position
/// string (`FromStr`, RULES.md PP-10, BT-5, SG-7) and its perft.
pub trait RuleSet: ChallengeGame + Describe + Picture + FromStr<Err: Display> {
    /// Perft: the leaf count of the legal move tree to `depth` plies (finished positions are
    /// leaves), by the rule set's own counter.
    fn perft_count(&self, depth: u32) -> u64;
}

impl RuleSet for pawn_peak::Position {
    fn perft_count(&self, depth: u32) -> u64 {
        self.perft(depth)
    }
}

impl RuleSet for breakthrough::Position {
    fn perft_count(&self, depth: u32) -> u64 {
        self.perft(depth)
    }
}

impl RuleSet for seega::Position {
    fn perft_count(&self, depth: u32) -> u64 {
        self.perft(depth)
    }
}

/// Work to do with one rule set, run by [`GameName::dispatch`] with the position type the
/// game names.
pub trait ForGame {
    /// What the work returns.
    type Output;
    /// Does the work with rule set `G`.
    fn run<G: RuleSet>(self) -> Self::Output;
}

impl GameName {
    /// Runs `work` with this game's position type: the one place that maps a game to a type.
    pub fn dispatch<W: ForGame>(self, work: W) -> W::Output {
        match self {
            GameName::PawnPeak => work.run::<pawn_peak::Position>(),
            GameName::Breakthrough => work.run::<breakthrough::Position>(),
            GameName::Seega => work.run::<seega::Position>(),
        }
    }
}
