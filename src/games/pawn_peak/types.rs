//! Small `Copy` types of Pawn&Peak: [`Side`], [`PieceKind`] and [`Piece`].

use crate::game::Player;

/// A side of Pawn&Peak (RULES.md PP-1.3): Red starts at the bottom and exits past the top rank;
/// Blue starts at the top and exits past rank 1.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
pub enum Side {
    /// Red, the bottom side; moves first in a standard match.
    Red,
    /// Blue, the top side.
    Blue,
}

impl Side {
    /// The other side.
    #[must_use]
    pub fn opponent(self) -> Side {
        match self {
            Side::Red => Side::Blue,
            Side::Blue => Side::Red,
        }
    }

    /// 0 for Red, 1 for Blue.
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The JSON name: `red` or `blue`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Side::Red => "red",
            Side::Blue => "blue",
        }
    }
}

impl From<Side> for Player {
    fn from(side: Side) -> Player {
        match side {
            Side::Red => Player::First,
            Side::Blue => Player::Second,
        }
    }
}

impl From<Player> for Side {
    fn from(p: Player) -> Side {
        match p {
            Player::First => Side::Red,
            Player::Second => Side::Blue,
        }
    }
}

/// A kind of piece (RULES.md PP-2).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
pub enum PieceKind {
    /// Scout (Éclaireur): strength 1, movement 5, exit value 1; has the special move PP-7.
    Scout,
    /// Protector (Protecteur): strength 2, movement 4, exit value 2; has the charge PP-6.4.
    Protector,
    /// Guardian (Gardien): strength 3, movement 3, exit value 3; wins by a first exit PP-8.1.
    Guardian,
}

impl PieceKind {
    /// All three kinds, weakest first.
    pub const ALL: [PieceKind; 3] = [PieceKind::Scout, PieceKind::Protector, PieceKind::Guardian];

    /// Base strength (PP-2): 1, 2 or 3. Also the exit value.
    #[must_use]
    pub fn strength(self) -> u8 {
        match self {
            PieceKind::Scout => 1,
            PieceKind::Protector => 2,
            PieceKind::Guardian => 3,
        }
    }

    /// Movement points per turn (PP-2): 5, 4 or 3.
    #[must_use]
    pub fn movement(self) -> u8 {
        match self {
            PieceKind::Scout => 5,
            PieceKind::Protector => 4,
            PieceKind::Guardian => 3,
        }
    }

    /// Points scored when the piece exits (PP-2, PP-5.3): its strength.
    #[must_use]
    pub fn exit_value(self) -> u8 {
        self.strength()
    }

    /// The upper-case letter (`S`, `P`, `G`).
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            PieceKind::Scout => 'S',
            PieceKind::Protector => 'P',
            PieceKind::Guardian => 'G',
        }
    }

    /// The English name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            PieceKind::Scout => "Scout",
            PieceKind::Protector => "Protector",
            PieceKind::Guardian => "Guardian",
        }
    }
}

/// A piece: a side and a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Whose piece it is.
    pub side: Side,
    /// What it is.
    pub kind: PieceKind,
}

impl Piece {
    /// A new piece.
    #[must_use]
    pub fn new(side: Side, kind: PieceKind) -> Piece {
        Piece { side, kind }
    }

    /// The letter in a position string (PP-10): upper case for Red, lower case for Blue.
    #[must_use]
    pub fn letter(self) -> char {
        match self.side {
            Side::Red => self.kind.letter(),
            Side::Blue => self.kind.letter().to_ascii_lowercase(),
        }
    }

    /// The piece a letter stands for (`S P G` Red, `s p g` Blue), or `None`.
    #[must_use]
    pub fn from_letter(c: char) -> Option<Piece> {
        let side = if c.is_ascii_uppercase() {
            Side::Red
        } else {
            Side::Blue
        };
        let kind = match c.to_ascii_uppercase() {
            'S' => PieceKind::Scout,
            'P' => PieceKind::Protector,
            'G' => PieceKind::Guardian,
            _ => return None,
        };
        Some(Piece { side, kind })
    }

    /// A code 1..=6 used by the board array and the Zobrist table (0 is an empty tile).
    #[must_use]
    pub(crate) fn code(self) -> u8 {
        1 + self.side.index() as u8 * 3 + self.kind as u8
    }

    /// The piece of a code from [`Piece::code`], or `None` for 0.
    #[must_use]
    pub(crate) fn from_code(code: u8) -> Option<Piece> {
        if code == 0 || code > 6 {
            return None;
        }
        let c = code - 1;
        let side = if c < 3 { Side::Red } else { Side::Blue };
        Some(Piece::new(side, PieceKind::ALL[usize::from(c % 3)]))
    }
}
