//! What the board's pointer events do in the edit mode, in every game: brush strokes (set,
//! raise, lower, with the brush size), flood fill, placing and erasing pieces, and dragging a
//! piece to move it. One stroke (button down to button up) is one undo step.

use super::board::BoardEvents;
use super::edit::Edit;
use super::spec_edit;
use super::terrain;
use super::tools::{Tool, Tools};
use crate::board_view::BoardView;
use crate::challenge::PositionSpec;
use crate::games::board::Square;

/// The edit mode's pointer state between frames.
#[derive(Default)]
pub struct Canvas {
    /// Counts strokes, to name each one's undo group.
    stroke: u64,
    /// Tiles already raised or lowered in this stroke (each once per stroke).
    stepped: Vec<Square>,
    /// A piece being dragged: its square, and the tile under the pointer.
    pub dragging: Option<(Square, Option<Square>)>,
}

impl Canvas {
    /// The edits that `ev` asks for on the board `pos` (drawn from `spec`) with `tools`, each
    /// with its undo group. Terrain tools do nothing on a board without terrain.
    pub fn edits(
        &mut self,
        ev: &BoardEvents,
        pos: &BoardView,
        spec: &PositionSpec,
        tools: &Tools,
    ) -> Vec<(Edit, Option<String>)> {
        let mut out = Vec::new();
        if ev.stroke_start {
            self.stroke += 1;
            self.stepped.clear();
        }
        let group = Some(format!("stroke {}", self.stroke));
        if let Some(sq) = ev.secondary {
            out.push((Edit::Piece(sq, None), None));
        }
        if self.drag(ev, pos, tools, &mut out) {
            return out;
        }
        match tools.tool {
            Tool::Paint | Tool::Raise | Tool::Lower if pos.terrain.is_some() => {
                if let Some(sq) = ev.held {
                    let tiles = terrain::brush(pos, sq, tools.size);
                    let changes = match tools.tool {
                        Tool::Paint => terrain::set(pos, &tiles, tools.height),
                        _ => {
                            let fresh: Vec<Square> = tiles
                                .into_iter()
                                .filter(|t| !self.stepped.contains(t))
                                .collect();
                            self.stepped.extend(&fresh);
                            terrain::step(pos, &fresh, tools.tool == Tool::Raise)
                        }
                    };
                    push_heights(&mut out, changes, group);
                }
            }
            Tool::Fill if pos.terrain.is_some() => {
                if let Some(sq) = ev.clicked {
                    push_heights(&mut out, terrain::fill(pos, sq, tools.height), None);
                }
            }
            Tool::Erase => {
                if let Some(sq) = ev.held
                    && pos.piece_at(sq).is_some()
                {
                    out.push((Edit::Piece(sq, None), group));
                }
            }
            Tool::Place(piece) => {
                if let Some(sq) = ev.clicked {
                    let new = (spec_edit::piece_at(spec, sq) != Some(piece)).then_some(piece);
                    out.push((Edit::Piece(sq, new), None));
                }
            }
            _ => {}
        }
        out
    }

    /// Dragging a piece with the Move or Place tool: remembers it while the button is down and
    /// moves it on release over another tile. True while a piece drag owns the pointer.
    fn drag(
        &mut self,
        ev: &BoardEvents,
        pos: &BoardView,
        tools: &Tools,
        out: &mut Vec<(Edit, Option<String>)>,
    ) -> bool {
        if !tools.tool.drags_pieces() {
            self.dragging = None;
            return false;
        }
        if let Some(from) = ev.drag_from
            && pos.piece_at(from).is_some()
        {
            self.dragging = Some((from, Some(from)));
        }
        let Some((from, over)) = &mut self.dragging else {
            return tools.tool == Tool::Move;
        };
        if ev.drag_over.is_some() {
            *over = ev.drag_over;
        }
        if ev.drag_stopped {
            if let Some(to) = *over
                && to != *from
            {
                out.push((Edit::MovePiece(*from, to), None));
            }
            self.dragging = None;
        }
        true
    }

    /// The square of the piece being dragged, for the board to draw it under the pointer.
    #[must_use]
    pub fn dragged(&self) -> Option<Square> {
        self.dragging.map(|(from, _)| from)
    }
}

fn push_heights(
    out: &mut Vec<(Edit, Option<String>)>,
    changes: Vec<(Square, u8)>,
    group: Option<String>,
) {
    match changes.as_slice() {
        [] => {}
        [(sq, h)] => out.push((Edit::Height(*sq, *h), group)),
        _ => out.push((Edit::Heights(changes), group)),
    }
}
