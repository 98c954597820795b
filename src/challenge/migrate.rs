//! Older challenge formats and the explicit step that brings each to the current one.
//!
//! Version 0 (the prototype format, before the game shipped two languages): `title`,
//! `tutorial` and `hint` are plain English strings, there is no `game` field (Pawn&Peak is
//! implied) and no verification record. Migration wraps each text as `{"en": text}`.

use serde::Deserialize;

use super::model::{Challenge, FORMAT_VERSION, GameName, Goal, PositionSpec, Texts};

/// Just the version, read first to pick the model (other fields are ignored here).
#[derive(Deserialize)]
pub(super) struct VersionOnly {
    pub format_version: u32,
}

/// A version-0 challenge file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChallengeV0 {
    /// Always 0.
    pub format_version: u32,
    /// The identifier.
    pub id: String,
    /// The English title.
    pub title: String,
    /// The English tutorial text.
    pub tutorial: String,
    /// The English hint; empty for none.
    #[serde(default)]
    pub hint: String,
    /// The starting position (unchanged since version 0).
    pub position: PositionSpec,
    /// The goal (unchanged since version 0).
    pub goal: Goal,
    /// The intended solution (unchanged since version 0).
    #[serde(default)]
    pub solution: Vec<String>,
}

fn english(text: String) -> Texts {
    Texts::from([("en".to_string(), text)])
}

impl From<ChallengeV0> for Challenge {
    /// Version 0 → current: texts become language maps with the English text; the game is
    /// Pawn&Peak.
    fn from(v0: ChallengeV0) -> Challenge {
        Challenge {
            format_version: FORMAT_VERSION,
            id: v0.id,
            title: english(v0.title),
            tutorial: english(v0.tutorial),
            hint: if v0.hint.is_empty() {
                Texts::new()
            } else {
                english(v0.hint)
            },
            game: GameName::PawnPeak,
            position: v0.position,
            goal: v0.goal,
            solution: v0.solution,
            teaches: Vec::new(),
            verification: None,
        }
    }
}
