//! What an author can set in a challenge file of each game, for the editor's palette and
//! position fields: the sides and piece kinds, whether tiles have terrain, the board sizes, the
//! game's own fields (scores and exited pieces, pieces in hand and the chain square) and its
//! standard start. Declared once per rule set ([`Authored`]) and asked of a [`GameName`]
//! through [`GameName::authoring`] and [`GameName::standard_spec`].

use super::model::{GameName, KindName, PositionSpec, SideName};
use super::placeholder::{NEW_ID, STANDARD_ID};
use super::validate::ChallengeGame;
use crate::games::{breakthrough, pawn_peak, seega, with_game};

/// The board sizes a game allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sizes {
    /// Any width and height within these bounds (inclusive).
    Rect {
        /// Fewest and most files.
        width: (u8, u8),
        /// Fewest and most ranks.
        height: (u8, u8),
    },
    /// Square boards of one of these sizes.
    Square(&'static [u8]),
}

/// What an author can set in a game's challenge files: each game's facts, declared once (one
/// [`Authored`] impl per rule set); the editor's palette, fields and New menu, the JSON
/// Schema's per-game rules and validation's per-game fields are all derived from it.
#[derive(Debug, Clone, Copy)]
pub struct Authoring {
    /// The game's name for people: `Pawn&Peak`.
    pub title: &'static str,
    /// The rules a start must follow, as RULES.md numbers them (the schema's descriptions).
    pub rules: &'static str,
    /// The sides, player's side first as files name them.
    pub sides: [SideName; 2],
    /// The piece kinds, in the palette's order.
    pub kinds: &'static [KindName],
    /// Whether tiles have a terrain height (the `terrain` rows).
    pub terrain: bool,
    /// The board sizes.
    pub sizes: Sizes,
    /// Whether the file has scores and exited pieces (Pawn&Peak).
    pub scores_and_exits: bool,
    /// The most pieces a side may have in hand on a board of this size, when the game has
    /// pieces in hand and a chain square (Seega).
    pub in_hand: Option<fn(u8) -> u8>,
    /// Whether a quarter turn of the board keeps the puzzle: the rules name no direction and
    /// the boards are square (Seega). Pawn&Peak and Breakthrough move towards an edge: only
    /// the mirror image (files reversed) and the sides swapped keep them.
    pub quarter_turns: bool,
    /// The editor's New buttons of this game, in order.
    pub new_starts: &'static [NewStart],
}

/// A start an author begins a new challenge from: one of the editor's New buttons.
#[derive(Debug, Clone, Copy)]
pub struct NewStart {
    /// The button's words: `New standard`.
    pub label: &'static str,
    /// What the start is, for the button's tooltip.
    pub hint: &'static str,
    /// The new challenge's id (a placeholder id: see `is_placeholder_id`).
    pub id: &'static str,
    /// The new challenge's title (a placeholder title).
    pub title: &'static str,
    /// The position.
    pub spec: fn() -> PositionSpec,
}

/// A rule set's [`Authoring`] and its standard start.
pub trait Authored: ChallengeGame {
    /// What an author can set.
    const AUTHORING: Authoring;
    /// The spec of the game's standard start.
    fn standard_spec() -> PositionSpec;
}

impl Authored for pawn_peak::Position {
    const AUTHORING: Authoring = Authoring {
        title: "Pawn&Peak",
        rules: "RULES.md PP-9.1, D-1, D-2",
        sides: [SideName::Red, SideName::Blue],
        kinds: &[KindName::Scout, KindName::Protector, KindName::Guardian],
        terrain: true,
        sizes: Sizes::Rect {
            width: (pawn_peak::rules::MIN_SIZE, pawn_peak::rules::MAX_SIZE),
            height: (pawn_peak::rules::MIN_SIZE, pawn_peak::rules::MAX_SIZE),
        },
        scores_and_exits: true,
        in_hand: None,
        quarter_turns: false,
        new_starts: &[
            NewStart {
                label: "New blank",
                hint: "An empty 5 × 5 board: place the pieces.",
                id: NEW_ID,
                title: "New challenge",
                spec: pawn_peak_blank,
            },
            NewStart {
                label: "New standard",
                hint: "The standard match set-up.",
                id: STANDARD_ID,
                title: "Standard match",
                spec: <pawn_peak::Position as Authored>::standard_spec,
            },
        ],
    };
    fn standard_spec() -> PositionSpec {
        pawn_peak::Position::standard().to_spec()
    }
}

impl Authored for breakthrough::Position {
    const AUTHORING: Authoring = Authoring {
        title: "Breakthrough",
        rules: "RULES.md BT-1, BT-4, D-12",
        sides: [SideName::White, SideName::Black],
        kinds: &[KindName::Pawn],
        terrain: false,
        sizes: Sizes::Rect {
            width: (
                breakthrough::rules::MIN_WIDTH,
                breakthrough::rules::MAX_WIDTH,
            ),
            height: (
                breakthrough::rules::MIN_HEIGHT,
                breakthrough::rules::MAX_HEIGHT,
            ),
        },
        scores_and_exits: false,
        in_hand: None,
        quarter_turns: false,
        new_starts: &[NewStart {
            label: "New Breakthrough",
            hint: "The standard 8 × 8 Breakthrough start.",
            id: "breakthrough",
            title: "Breakthrough challenge",
            spec: <breakthrough::Position as Authored>::standard_spec,
        }],
    };
    fn standard_spec() -> PositionSpec {
        breakthrough::Position::standard().to_spec()
    }
}

impl Authored for seega::Position {
    const AUTHORING: Authoring = Authoring {
        title: "Seega",
        rules: "RULES.md SG-1, SG-2, SG-5, D-16",
        sides: [SideName::White, SideName::Black],
        kinds: &[KindName::Stone],
        terrain: false,
        sizes: Sizes::Square(&seega::rules::SIZES),
        scores_and_exits: false,
        in_hand: Some(seega_hand),
        quarter_turns: true,
        new_starts: &[NewStart {
            label: "New Seega",
            hint: "The 5 × 5 Seega placement start: 12 pieces in hand each.",
            id: "seega",
            title: "Seega challenge",
            spec: <seega::Position as Authored>::standard_spec,
        }],
    };
    fn standard_spec() -> PositionSpec {
        seega::Position::standard().to_spec()
    }
}

/// An empty 5 × 5 Pawn&Peak board, for New blank.
fn pawn_peak_blank() -> PositionSpec {
    pawn_peak::Position::empty(5, 5)
        .expect("5 x 5 is a legal size")
        .to_spec()
}

/// The most Seega pieces per side on a board of `size` (the size clamped to 5..=9).
fn seega_hand(size: u8) -> u8 {
    seega::rules::pieces_per_side(size.clamp(5, 9))
}

impl GameName {
    /// What an author can set in this game's files.
    #[must_use]
    pub fn authoring(self) -> Authoring {
        with_game!(self, G => <G as Authored>::AUTHORING)
    }

    /// The spec of this game's standard start.
    #[must_use]
    pub fn standard_spec(self) -> PositionSpec {
        with_game!(self, G => <G as Authored>::standard_spec())
    }
}

/// The optional fields of a [`PositionSpec`] that only some games have: a game has one when
/// its [`Authoring`] says so. Validation refuses them in other games' files and the JSON Schema
/// forbids them there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OwnField {
    /// `terrain` (games with terrain heights).
    Terrain,
    /// `scores` (games with scores and exits).
    Scores,
    /// `exited` (games with scores and exits).
    Exited,
    /// `in_hand` (games with pieces in hand).
    InHand,
    /// `chain` (games with pieces in hand and capture chains).
    Chain,
}

impl OwnField {
    /// Every such field, in the file's order.
    pub const ALL: [OwnField; 5] = [
        OwnField::Terrain,
        OwnField::Scores,
        OwnField::Exited,
        OwnField::InHand,
        OwnField::Chain,
    ];

    /// Its name in files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            OwnField::Terrain => "terrain",
            OwnField::Scores => "scores",
            OwnField::Exited => "exited",
            OwnField::InHand => "in_hand",
            OwnField::Chain => "chain",
        }
    }

    /// Whether `spec` gives the field.
    #[must_use]
    pub fn given(self, spec: &PositionSpec) -> bool {
        match self {
            OwnField::Terrain => spec.terrain.is_some(),
            OwnField::Scores => spec.scores.is_some(),
            OwnField::Exited => spec.exited.is_some(),
            OwnField::InHand => spec.in_hand.is_some(),
            OwnField::Chain => spec.chain.is_some(),
        }
    }

    /// Whether a game with these facts has the field.
    #[must_use]
    pub fn belongs(self, authoring: &Authoring) -> bool {
        match self {
            OwnField::Terrain => authoring.terrain,
            OwnField::Scores | OwnField::Exited => authoring.scores_and_exits,
            OwnField::InHand | OwnField::Chain => authoring.in_hand.is_some(),
        }
    }

    /// Whether `game` has the field.
    #[must_use]
    pub fn of(self, game: GameName) -> bool {
        self.belongs(&game.authoring())
    }
}
