//! The challenge file model (format version 1), one serde model written as RON or JSON.
//! DESIGN.md "Files": terrain as one text row per rank, top rank first; pieces as
//! `(square, side, kind)`. One model for every rule set: the `game` field says which, and
//! the fields one game has no use for (terrain, scores and exited pieces outside Pawn&Peak;
//! pieces in hand and the chain outside Seega) are absent from its files.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use crate::games::GameName;
use crate::games::breakthrough::Side as WhiteBlack;
use crate::games::pawn_peak::{PieceKind, Side};

/// The newest format version this build reads and writes: 2, which adds `teaches`. A file of
/// version 1 (the same fields without `teaches`) is read as it is and keeps its version.
pub const FORMAT_VERSION: u32 = 2;

/// The oldest format version read without migration (version 0 is migrated: `migrate`).
pub const FIRST_CURRENT_VERSION: u32 = 1;

/// The format version that brought `teaches`.
pub const TEACHES_VERSION: u32 = 2;

/// Text in several languages: language code (`en`, `fr`, …) to text. English is required.
pub type Texts = BTreeMap<String, String>;

impl JsonSchema for GameName {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "GameName".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "The rule set: \"pawn-peak\" (RULES.md PP), \"breakthrough\" (BT) or \"seega\" (SG).",
            "type": "string",
            "enum": crate::games::GAMES.iter().map(|g| g.as_str()).collect::<Vec<_>>()
        })
    }
}

/// A challenge as a file holds it: possibly invalid until validation says otherwise
/// (`crate::challenge::validate`). Doc comments here become the JSON Schema's descriptions, so
/// they use plain text, not rustdoc links.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(transform = super::schema::per_game_rules)]
pub struct Challenge {
    /// The file format version: 2 (with `teaches`) or 1 (without).
    pub format_version: u32,
    /// A stable identifier, e.g. `t01-terrain` (letters, digits, `-`, `_`).
    pub id: String,
    /// The title per language.
    #[serde(deserialize_with = "super::strict::unique_texts")]
    pub title: Texts,
    /// The tutorial text shown before the player starts, per language.
    #[serde(deserialize_with = "super::strict::unique_texts")]
    pub tutorial: Texts,
    /// A hint per language.
    #[serde(default, deserialize_with = "super::strict::unique_texts")]
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
    /// The themes the challenge teaches (format version 2): ids of the rules its solution
    /// needs, e.g. `pp-6-support` (README "Themes"); verification checks each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teaches: Vec<String>,
    /// The verification record an export adds; absent in a file being authored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verification: Option<VerificationRecord>,
}

impl Challenge {
    /// The challenge's texts by field: `title`, `tutorial`, `hint`.
    #[must_use]
    pub fn texts(&self) -> [(&'static str, &Texts); 3] {
        [
            ("title", &self.title),
            ("tutorial", &self.tutorial),
            ("hint", &self.hint),
        ]
    }
}

/// A side as a file names it: `Red`/`Blue` in Pawn&Peak, `White`/`Black` in Breakthrough and
/// Seega (validation refuses the other game's names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum SideName {
    /// Pawn&Peak's bottom side.
    Red,
    /// Pawn&Peak's top side.
    Blue,
    /// Breakthrough's and Seega's bottom side.
    White,
    /// Breakthrough's and Seega's top side.
    Black,
}

impl SideName {
    /// The Pawn&Peak side it names, if it is `Red` or `Blue`.
    #[must_use]
    pub fn pawn_peak(self) -> Option<Side> {
        match self {
            SideName::Red => Some(Side::Red),
            SideName::Blue => Some(Side::Blue),
            _ => None,
        }
    }

    /// The Breakthrough/Seega side it names, if it is `White` or `Black`.
    #[must_use]
    pub fn white_black(self) -> Option<WhiteBlack> {
        match self {
            SideName::White => Some(WhiteBlack::White),
            SideName::Black => Some(WhiteBlack::Black),
            _ => None,
        }
    }
}

impl From<Side> for SideName {
    fn from(s: Side) -> SideName {
        match s {
            Side::Red => SideName::Red,
            Side::Blue => SideName::Blue,
        }
    }
}

impl From<WhiteBlack> for SideName {
    fn from(s: WhiteBlack) -> SideName {
        match s {
            WhiteBlack::White => SideName::White,
            WhiteBlack::Black => SideName::Black,
        }
    }
}

/// A piece kind as a file names it: `Scout`/`Protector`/`Guardian` in Pawn&Peak, `Pawn` in
/// Breakthrough, `Stone` in Seega (validation refuses the other games' kinds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum KindName {
    /// Pawn&Peak's Scout.
    Scout,
    /// Pawn&Peak's Protector.
    Protector,
    /// Pawn&Peak's Guardian.
    Guardian,
    /// Breakthrough's only piece.
    Pawn,
    /// Seega's only piece.
    Stone,
}

impl KindName {
    /// The Pawn&Peak kind it names, if it is one.
    #[must_use]
    pub fn pawn_peak(self) -> Option<PieceKind> {
        match self {
            KindName::Scout => Some(PieceKind::Scout),
            KindName::Protector => Some(PieceKind::Protector),
            KindName::Guardian => Some(PieceKind::Guardian),
            _ => None,
        }
    }
}

impl From<PieceKind> for KindName {
    fn from(k: PieceKind) -> KindName {
        match k {
            PieceKind::Scout => KindName::Scout,
            PieceKind::Protector => KindName::Protector,
            PieceKind::Guardian => KindName::Guardian,
        }
    }
}

/// A piece on the board: `("c3", Red, Scout)`, `("b2", White, Pawn)`, `("c3", Black, Stone)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PieceSpec(pub String, pub SideName, pub KindName);

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

/// Pieces in hand at the start of a Seega challenge (RULES.md SG-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct InHand {
    /// White's pieces in hand.
    pub white: u8,
    /// Black's pieces in hand.
    pub black: u8,
}

/// The starting position of a challenge (RULES.md PP-9.1; BT-1, BT-4; SG-1, SG-2, SG-5). The
/// optional fields belong to one game each and are left out of other games' files: written
/// without `Some(…)`, absent when `None`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PositionSpec {
    /// Files: 3 to 16 (Pawn&Peak, D-1), 2 to 16 (Breakthrough, D-12), 5, 7 or 9 (Seega, D-16).
    pub width: u8,
    /// Ranks: 3 to 16 (Pawn&Peak), 4 to 16 (Breakthrough), equal to the width (Seega).
    pub height: u8,
    /// Pawn&Peak only, required there: one string of `width` digits 0..9 per rank, top rank
    /// first.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "super::plain"
    )]
    #[schemars(with = "Vec<String>")]
    pub terrain: Option<Vec<String>>,
    /// The pieces on the board.
    pub pieces: Vec<PieceSpec>,
    /// The side to move: the player.
    pub side_to_move: SideName,
    /// Pawn&Peak only: the scores so far (0:0 when absent).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "super::plain"
    )]
    #[schemars(with = "Scores")]
    pub scores: Option<Scores>,
    /// Pawn&Peak only: the pieces that already exited, in order (at most one at a challenge's
    /// start).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "super::plain"
    )]
    #[schemars(with = "Vec<ExitedSpec>")]
    pub exited: Option<Vec<ExitedSpec>>,
    /// Seega only: the pieces each side still has to place (none when absent).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "super::plain"
    )]
    #[schemars(with = "InHand")]
    pub in_hand: Option<InHand>,
    /// Seega only: the square of the piece that must go on capturing (SG-5), when a chain is
    /// under way.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "super::plain"
    )]
    #[schemars(with = "String")]
    pub chain: Option<String>,
    /// Plies played so far.
    #[serde(default)]
    pub move_counter: u16,
    /// The move limit in plies (200 in a standard match).
    pub move_limit: u16,
}

/// The challenge's goal (PP-9.2; the same for every game).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Goal {
    /// Win within at most this many of the player's own moves (and before the move limit).
    pub player_moves: u32,
}

/// A challenge's verdict: what `verify --json` prints as `status`, and what an exported file's
/// verification record says (`sound`). Written in snake case (`line_fails`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A forced win within the goal, a unique key move, and the intended line works.
    Sound,
    /// More than one winning first move.
    Cooked,
    /// No forced win within the goal.
    Unsound,
    /// The intended line is not legal, not forced, or does not end in the win.
    LineFails,
    /// The file could not be read or is not a valid challenge.
    Invalid,
    /// A limit or cancel stopped the solver.
    Unknown,
}

impl Status {
    /// The JSON name.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Sound => "sound",
            Status::Cooked => "cooked",
            Status::Unsound => "unsound",
            Status::LineFails => "line_fails",
            Status::Invalid => "invalid",
            Status::Unknown => "unknown",
        }
    }

    /// The status for the screen: `line fails` for `line_fails`.
    #[must_use]
    pub fn words(self) -> String {
        self.as_str().replace('_', " ")
    }
}

/// What an export records about the verification (DESIGN.md "Files").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VerificationRecord {
    /// The verdict: `sound` for an exported file.
    pub verdict: Status,
    /// The unique key move.
    pub key_move: String,
    /// The main line, key move first.
    pub main_line: Vec<String>,
    /// The peakforge version that verified it.
    pub solver_version: String,
    /// The rules version the verdict holds for, e.g. `pawn-peak-2026-11-06.1` (`RULES_VERSION`).
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
