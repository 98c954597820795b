//! The rectangle selection of the Select tool: a drag on the board spans a rectangle of tiles
//! (a click selects one tile), a drag that starts inside the selection moves its tiles (one
//! undo step, [`crate::document::clip::moved`]); Ctrl+C, Ctrl+X and Ctrl+V copy, cut and
//! paste it through the system clipboard in the clip's text form
//! ([`crate::document::clip::Clip`]), so that tiles go into another document too.

use super::board::BoardEvents;
use super::edit::Edit;
use crate::challenge::{GameName, PositionSpec};
use crate::document::clip::{self, Clip, Rect};
use crate::games::board::Square;

/// What a drag with the Select tool is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Drag {
    /// Spanning a new rectangle from this corner.
    Span(Square),
    /// Moving the selection's tiles: grabbed on this tile, now over that one.
    Move(Square, Square),
}

/// The selection and the drag going on.
#[derive(Debug, Default, Clone)]
pub struct Selection {
    /// The selected tiles.
    pub rect: Option<Rect>,
    drag: Option<Drag>,
}

impl Selection {
    /// The tiles to mark on the board: the selection, or where its tiles would land while
    /// they are dragged.
    #[must_use]
    pub fn marked(&self) -> Option<Rect> {
        let rect = self.rect?;
        match self.drag {
            Some(Drag::Move(from, over)) => Some(offset(rect, from, over).unwrap_or(rect)),
            _ => Some(rect),
        }
    }

    /// Follows the board's pointer events; returns the edit of a finished move.
    pub fn events(
        &mut self,
        ev: &BoardEvents,
        game: GameName,
        spec: &PositionSpec,
    ) -> Option<Edit> {
        if let Some(from) = ev.drag_from {
            self.drag = Some(match self.rect {
                Some(r) if r.contains(from) => Drag::Move(from, from),
                _ => Drag::Span(from),
            });
        }
        if let Some(over) = ev.drag_over {
            match &mut self.drag {
                Some(Drag::Span(corner)) => self.rect = Some(Rect::spanning(*corner, over)),
                Some(Drag::Move(_, now)) => *now = over,
                None => {}
            }
        }
        if ev.drag_stopped {
            let drag = self.drag.take();
            if let (Some(Drag::Move(from, to)), Some(rect)) = (drag, self.rect)
                && from != to
                && let Some(dest) = offset(rect, from, to)
            {
                let moved = clip::moved(game, spec, rect, dest.min).ok()?;
                self.rect = Some(dest);
                return Some(Edit::Spec(Box::new(moved)));
            }
        } else if let Some(sq) = ev.clicked.filter(|_| self.drag.is_none()) {
            self.rect = Some(Rect::spanning(sq, sq));
        }
        None
    }

    /// The selected tiles as a clip of `spec`, when tiles are selected.
    #[must_use]
    pub fn copy(&self, game: GameName, spec: &PositionSpec) -> Option<Clip> {
        Some(Clip::copy(game, spec, self.rect?))
    }

    /// Keeps the selection on a board of `width` × `height` (dropped when it no longer fits).
    pub fn fit(&mut self, width: u8, height: u8) {
        if self
            .rect
            .is_some_and(|r| r.max.file() >= width || r.max.rank() >= height)
        {
            *self = Selection::default();
        }
    }
}

/// `rect` moved by the step from `from` to `to`; `None` when it would leave the first
/// quadrant (below a1 or left of it).
fn offset(rect: Rect, from: Square, to: Square) -> Option<Rect> {
    let df = i16::from(to.file()) - i16::from(from.file());
    let dr = i16::from(to.rank()) - i16::from(from.rank());
    let at = |sq: Square| {
        let f = u8::try_from(i16::from(sq.file()) + df).ok()?;
        let r = u8::try_from(i16::from(sq.rank()) + dr).ok()?;
        (f < 16 && r < 16).then(|| Square::new(f, r))
    };
    Some(Rect {
        min: at(rect.min)?,
        max: at(rect.max)?,
    })
}
