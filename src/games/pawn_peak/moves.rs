//! A Pawn&Peak move as a value (RULES.md PP-3 to PP-7, PP-11): its kind, its squares and cost,
//! the terms of a capture, and its text.

use crate::games::board::Square;

/// What a move does (PP-3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// PP-4: a move along the cheapest path to an empty tile.
    Normal,
    /// PP-6: a move onto an enemy piece, which is removed.
    Capture,
    /// PP-5: the piece leaves the board past its far edge.
    Exit,
    /// PP-7: a Scout's diagonal step or straight jump of two, ignoring heights.
    Special,
}

impl MoveKind {
    /// The JSON name: `move`, `capture`, `exit` or `special`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            MoveKind::Normal => "move",
            MoveKind::Capture => "capture",
            MoveKind::Exit => "exit",
            MoveKind::Special => "special",
        }
    }
}

/// One Pawn&Peak action with what the rules computed for it.
///
/// What makes up a capture's attack and defense (PP-6.2 to PP-6.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CaptureTerms {
    /// The attacker's strength.
    pub strength: u8,
    /// Its support: the attacker's other pieces next to the target (PP-6.3).
    pub support: u8,
    /// The Protector's charge bonus (PP-6.4).
    pub charge: u8,
    /// The defender's strength.
    pub defender: u8,
    /// Its reinforcement: the defender's other pieces next to it (PP-6.3).
    pub reinforcement: u8,
}

impl CaptureTerms {
    /// The attack: strength + support + charge.
    #[must_use]
    pub fn attack(self) -> u8 {
        self.strength + self.support + self.charge
    }

    /// The defense: strength + reinforcement.
    #[must_use]
    pub fn defense(self) -> u8 {
        self.defender + self.reinforcement
    }
}

/// `to` equals `from` for an exit. `cost` is in movement points (0 for a special move);
/// `attack` and `defense` are set for captures only (PP-6.2), 0 otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The tile the piece starts on.
    pub from: Square,
    /// The destination (the target for a capture; `from` for an exit).
    pub to: Square,
    /// What the move does.
    pub kind: MoveKind,
    /// The cheapest path's cost; for an exit, the cost to the edge tile plus the crossing step.
    pub cost: u8,
    /// Attack of a capture: strength + support + charge.
    pub attack: u8,
    /// Defense of a capture: strength + reinforcement.
    pub defense: u8,
}

impl Move {
    /// The move text (PP-11): `c3-c5`, `d4xd6`, `e10-exit`.
    #[must_use]
    pub fn text(&self) -> String {
        match self.kind {
            MoveKind::Normal | MoveKind::Special => format!("{}-{}", self.from, self.to),
            MoveKind::Capture => format!("{}x{}", self.from, self.to),
            MoveKind::Exit => format!("{}-exit", self.from),
        }
    }
}
