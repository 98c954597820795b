//! [`Side`]: White or Black, the two sides of Breakthrough (and of Seega, which reuses it).

use crate::game::Player;

/// A side: White (`W`) starts at the bottom and moves up; Black (`B`) starts at the top and
/// moves down (RULES.md BT-1, SG-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// White, the bottom side; moves first (D-13, SG-2).
    White,
    /// Black, the top side.
    Black,
}

impl Side {
    /// The other side.
    #[must_use]
    pub fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The code of its pieces on a board array: 1 White, 2 Black (0 is an empty tile).
    #[must_use]
    pub fn code(self) -> u8 {
        self as u8 + 1
    }

    /// The side of a board code 1 or 2.
    #[must_use]
    pub fn from_code(code: u8) -> Option<Side> {
        match code {
            1 => Some(Side::White),
            2 => Some(Side::Black),
            _ => None,
        }
    }

    /// The letter of its pieces in a position string: `W` or `B`.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Side::White => 'W',
            Side::Black => 'B',
        }
    }

    /// The side-to-move field of a position string: `w` or `b`.
    #[must_use]
    pub fn side_letter(self) -> char {
        self.letter().to_ascii_lowercase()
    }

    /// The JSON name: `white` or `black`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

impl From<Side> for Player {
    fn from(side: Side) -> Player {
        match side {
            Side::White => Player::First,
            Side::Black => Player::Second,
        }
    }
}

impl From<Player> for Side {
    fn from(p: Player) -> Side {
        match p {
            Player::First => Side::White,
            Player::Second => Side::Black,
        }
    }
}
