//! The challenge file model (format version 1), one serde model written as RON or JSON.
//! DESIGN.md "Files": terrain as one text row per rank, top rank first; pieces as
//! `(square, side, kind)`.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::games::pawn_peak::{PieceKind, Side};

/// The format version this build writes.
pub const FORMAT_VERSION: u32 = 1;

/// Text in several languages: language code (`en`, `fr`, …) to text. English is required.
pub type Texts = BTreeMap<String, String>;

/// Which rule set a challenge is for; written as a string (`"pawn-peak"`), so that RON and
/// JSON spell it alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(try_from = "String", into = "String")]
pub enum GameName {
    /// Pawn&Peak (RULES.md PP): `"pawn-peak"`.
    #[default]
    PawnPeak,
}

impl JsonSchema for GameName {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "GameName".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "The rule set: \"pawn-peak\" (RULES.md PP).",
            "type": "string",
            "enum": ["pawn-peak"]
        })
    }
}

impl GameName {
    /// The name in files and on the command line.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            GameName::PawnPeak => "pawn-peak",
        }
    }
}

impl From<GameName> for String {
    fn from(g: GameName) -> String {
        g.as_str().to_string()
    }
}

impl TryFrom<String> for GameName {
    type Error = String;

    fn try_from(s: String) -> Result<GameName, String> {
        match s.as_str() {
            "pawn-peak" => Ok(GameName::PawnPeak),
            _ => Err(format!("unknown game '{s}': expected \"pawn-peak\"")),
        }
    }
}

/// A challenge as a file holds it: possibly invalid until [`crate::challenge::validate`] says
/// otherwise.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Challenge {
    /// The file format version; [`FORMAT_VERSION`] for files this build writes.
    pub format_version: u32,
    /// A stable identifier, e.g. `t01-terrain` (letters, digits, `-`, `_`).
    pub id: String,
    /// The title per language.
    pub title: Texts,
    /// The tutorial text shown before the player starts, per language.
    pub tutorial: Texts,
    /// A hint per language.
    #[serde(default)]
    pub hint: Texts,
    /// The rule set.
    #[serde(default)]
    pub game: GameName,
    /// The starting position.
    pub position: PositionSpec,
    /// What the player must achieve.
    pub goal: Goal,
    /// The intended solution: move texts, player and defence alternating, player first.
    #[serde(default)]
    pub solution: Vec<String>,
    /// The verification record an export adds; absent in a file being authored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verification: Option<VerificationRecord>,
}

/// A piece on the board: `("c3", Red, Scout)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PieceSpec(pub String, pub Side, pub PieceKind);

/// A piece that already exited: `(Blue, Protector)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ExitedSpec(pub Side, pub PieceKind);

/// The scores at the start, in points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct Scores {
    /// Red's points.
    pub red: u16,
    /// Blue's points.
    pub blue: u16,
}

/// The starting position of a Pawn&Peak challenge (RULES.md PP-9.1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PositionSpec {
    /// Files, 3..=16.
    pub width: u8,
    /// Ranks, 3..=16.
    pub height: u8,
    /// One string of `width` digits 0..9 per rank, top rank first.
    pub terrain: Vec<String>,
    /// The pieces on the board.
    pub pieces: Vec<PieceSpec>,
    /// The side to move: the player.
    pub side_to_move: Side,
    /// The scores so far.
    #[serde(default)]
    pub scores: Scores,
    /// The pieces that already exited, in order (at most one at a challenge's start).
    #[serde(default)]
    pub exited: Vec<ExitedSpec>,
    /// Plies played so far.
    #[serde(default)]
    pub move_counter: u16,
    /// The move limit in plies (200 in a standard match).
    pub move_limit: u16,
}

/// The challenge's goal (PP-9.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Goal {
    /// Win within at most this many of the player's own moves (and before the move limit).
    pub player_moves: u32,
}

/// What an export records about the verification (DESIGN.md "Files").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VerificationRecord {
    /// `sound`.
    pub verdict: String,
    /// The unique key move.
    pub key_move: String,
    /// The main line, key move first.
    pub main_line: Vec<String>,
    /// The peakforge version that verified it.
    pub solver_version: String,
    /// The rules version the verdict holds for ([`RULES_VERSION`]).
    pub rules_version: String,
    /// Nodes the solver searched.
    pub nodes: u64,
    /// The Zobrist key of the starting position, 16 hex digits: ties the record to the
    /// position it was made for.
    pub position_key: String,
}

/// The version of the rules this build implements: the guide's date (RULES.md, seeds) and our
/// revision of the D-decisions.
pub const RULES_VERSION: &str = "pawn-peak-2026-11-06.1";
