//! Document edits as values (STYLE.md "actions as values"): the panels return [`Edit`]s, the
//! app applies them after drawing, and the history keeps a snapshot before each one.

use super::spec_edit::Stamp;
use crate::challenge::{Challenge, PositionSpec};
use crate::games::board::Square;

/// Which multilingual text of the challenge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TextField {
    /// The title.
    Title,
    /// The tutorial text.
    Tutorial,
    /// The hint.
    Hint,
}

impl TextField {
    /// All three, in the panel's order.
    pub const ALL: [TextField; 3] = [TextField::Title, TextField::Tutorial, TextField::Hint];

    /// The label shown in the panel.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            TextField::Title => "Title",
            TextField::Tutorial => "Tutorial",
            TextField::Hint => "Hint",
        }
    }
}

/// One change to the document.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// Paint a tile's height.
    Height(Square, u8),
    /// Put a piece on a tile, or empty it.
    Piece(Square, Option<Stamp>),
    /// Paint several tiles at once (a brush larger than one tile, fill, flatten, raise, lower).
    Heights(Vec<(Square, u8)>),
    /// Move the piece of the first square to the second, which must be empty.
    MovePiece(Square, Square),
    /// Change the board size, keeping the tiles that fit.
    Resize(u8, u8),
    /// The goal: win within this many player moves.
    Goal(u32),
    /// The challenge id.
    Id(String),
    /// A text in one language.
    Text(TextField, &'static str, String),
    /// Append a move to the intended line.
    PushMove(String),
    /// Remove the last move of the intended line.
    PopMove,
    /// Empty the intended line.
    ClearLine,
    /// Keep the first moves of the intended line, delete the rest, then append a move when
    /// given (recording a different move from an earlier point of the line).
    CutLine(usize, Option<String>),
    /// Replace the whole starting position (a field of the position: side to move, scores,
    /// exited pieces, pieces in hand, chain, move counter and limit).
    Spec(Box<PositionSpec>),
    /// Replace the whole challenge (New, Open).
    Replace(Box<Challenge>),
}

impl Edit {
    /// Edits of the same group made one after the other share one undo step (a brush stroke,
    /// typing in one field). `None`: never merged.
    #[must_use]
    pub fn group(&self) -> Option<String> {
        match self {
            Edit::Height(..) | Edit::Piece(..) | Edit::Heights(..) | Edit::MovePiece(..) => None,
            Edit::Goal(..) => Some("goal".into()),
            Edit::Id(..) => Some("id".into()),
            Edit::Text(f, lang, _) => Some(format!("{f:?}.{lang}")),
            _ => None,
        }
    }

    /// Whether the edit changes the starting position (and so resets play mode).
    #[must_use]
    pub fn changes_board(&self) -> bool {
        matches!(
            self,
            Edit::Height(..)
                | Edit::Piece(..)
                | Edit::Heights(..)
                | Edit::MovePiece(..)
                | Edit::Resize(..)
                | Edit::Spec(..)
                | Edit::Replace(..)
        )
    }
}
