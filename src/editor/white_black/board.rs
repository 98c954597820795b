//! The Breakthrough and Seega board: plain tiles (no heights), file letters and rank numbers,
//! White and Black pieces as discs, the Seega refuge marked, and highlighted tiles (a problem's
//! place, the piece that must continue a capture chain), and the solver's moves as arrows (a
//! placement as rings on its tiles). Each tile is a clickable accessibility node named
//! `square c4`, its piece as its value.

use eframe::egui::{
    self, Align2, Color32, FontId, Rect, Role, Sense, Stroke, StrokeKind, WidgetInfo, pos2, vec2,
};

use super::record::move_squares;
use super::spec::{piece_at, refuge};
use crate::challenge::{GameName, PositionSpec, SideName};
use crate::editor::findings::MoveArrow;
use crate::games::pawn_peak::Square;

/// The largest tile, in points.
const MAX_CELL: f32 = 80.0;

/// What the board marks besides the pieces.
#[derive(Default)]
pub struct Marks<'a> {
    /// Tiles to point at (a problem's place).
    pub highlight: &'a [Square],
    /// The piece that must continue a capture chain (Seega).
    pub chain: Option<Square>,
    /// The squares clicked so far of a move being recorded.
    pub picked: &'a [Square],
    /// The squares that continue it.
    pub targets: &'a [Square],
    /// Moves to draw as arrows (the solver's findings).
    pub arrows: &'a [MoveArrow],
}

/// What happened on the board this frame.
#[derive(Debug, Default)]
pub struct Events {
    /// The tile clicked.
    pub clicked: Option<Square>,
    /// The tile under the pointer.
    pub hovered: Option<Square>,
}

/// A tile in words, e.g. `White Pawn`, `empty`, `refuge · empty`.
#[must_use]
pub fn tile_text(spec: &PositionSpec, game: GameName, sq: Square) -> String {
    let piece = piece_at(spec, sq).map_or_else(
        || "empty".to_string(),
        |s| format!("{s:?} {:?}", super::spec::kind_of(game)),
    );
    if game == GameName::Seega && refuge(spec) == Some(sq) {
        format!("refuge · {piece}")
    } else {
        piece
    }
}

/// Draws the board of `spec` in the space left in `ui`; returns the tiles clicked and hovered.
pub fn show(ui: &mut egui::Ui, spec: &PositionSpec, game: GameName, marks: &Marks<'_>) -> Events {
    let (w, h) = (spec.width.clamp(1, 16), spec.height.clamp(1, 16));
    let space = ui.available_rect_before_wrap();
    let cell = (space.width() / (f32::from(w) + 1.0))
        .min(space.height() / (f32::from(h) + 1.0))
        .clamp(8.0, MAX_CELL);
    let origin = space.min + vec2(0.6 * cell, 0.1 * cell);
    let painter = ui.painter().clone();
    let text_color = ui.visuals().text_color();
    let font = FontId::proportional((cell * 0.3).max(7.0));
    let board_id = ui.scope_id().with("white-black-board");
    let mut ev = Events::default();
    for rank in 0..h {
        for file in 0..w {
            let sq = Square::new(file, rank);
            let min = origin + vec2(f32::from(file), f32::from(h - 1 - rank)) * cell;
            let rect = Rect::from_min_size(min, vec2(cell, cell));
            let r = ui.interact(rect, board_id.with(sq.index()), Sense::click());
            r.widget_info(|| {
                let mut info = WidgetInfo::labeled(Role::Button, true, format!("square {sq}"));
                info.current_text_value = Some(tile_text(spec, game, sq));
                info
            });
            if r.clicked() {
                ev.clicked = Some(sq);
            }
            if r.hovered() {
                ev.hovered = Some(sq);
            }
            let light = (file + rank) % 2 == 1;
            let fill = if light {
                Color32::from_rgb(222, 200, 160)
            } else {
                Color32::from_rgb(180, 140, 95)
            };
            painter.rect_filled(rect.shrink(0.5), 2.0, fill);
            if game == GameName::Seega && refuge(spec) == Some(sq) {
                let s = Stroke::new(2.0, Color32::from_rgb(90, 60, 30));
                painter.line_segment(
                    [
                        rect.shrink(cell * 0.2).left_top(),
                        rect.shrink(cell * 0.2).right_bottom(),
                    ],
                    s,
                );
                painter.line_segment(
                    [
                        rect.shrink(cell * 0.2).right_top(),
                        rect.shrink(cell * 0.2).left_bottom(),
                    ],
                    s,
                );
            }
            if let Some(side) = piece_at(spec, sq) {
                let (disc, rim) = if side == SideName::Black {
                    (Color32::from_rgb(30, 30, 30), Color32::WHITE)
                } else {
                    (Color32::from_rgb(245, 245, 240), Color32::BLACK)
                };
                painter.circle(rect.center(), cell * 0.33, disc, Stroke::new(1.5, rim));
            }
            if marks.highlight.contains(&sq) {
                let stroke = Stroke::new(3.0, Color32::from_rgb(220, 40, 40));
                painter.rect_stroke(rect.shrink(2.0), 2.0, stroke, StrokeKind::Inside);
            }
            if marks.picked.contains(&sq) {
                let stroke = Stroke::new(3.0, Color32::from_rgb(40, 120, 230));
                painter.rect_stroke(rect.shrink(2.0), 2.0, stroke, StrokeKind::Inside);
            }
            if marks.targets.contains(&sq) {
                painter.circle_filled(rect.center(), cell * 0.12, Color32::from_rgb(40, 120, 230));
            }
            if marks.chain == Some(sq) {
                let stroke = Stroke::new(3.0, Color32::from_rgb(240, 170, 0));
                painter.circle_stroke(rect.center(), cell * 0.42, stroke);
            }
        }
    }
    let centre = |sq: Square| {
        origin
            + vec2(
                f32::from(sq.file()) + 0.5,
                f32::from(h - 1 - sq.rank()) + 0.5,
            ) * cell
    };
    for a in marks.arrows {
        draw_arrow(&painter, a, cell, &font, &centre);
    }
    for file in 0..w {
        let at = origin + vec2((f32::from(file) + 0.5) * cell, (f32::from(h) + 0.3) * cell);
        painter.text(
            at,
            Align2::CENTER_CENTER,
            char::from(b'a' + file),
            font.clone(),
            text_color,
        );
    }
    for rank in 0..h {
        let at = pos2(
            origin.x - 0.3 * cell,
            origin.y + (f32::from(h - 1 - rank) + 0.5) * cell,
        );
        painter.text(
            at,
            Align2::CENTER_CENTER,
            rank + 1,
            font.clone(),
            text_color,
        );
    }
    ui.advance_cursor_after_rect(Rect::from_min_size(
        space.min,
        vec2(f32::from(w) + 1.0, f32::from(h) + 1.0) * cell,
    ));
    ev
}

/// Draws one move: an arrow from its first square to its last, or rings on the tiles of a
/// placement; its label near the head.
fn draw_arrow(
    painter: &egui::Painter,
    a: &MoveArrow,
    cell: f32,
    font: &FontId,
    centre: &dyn Fn(Square) -> egui::Pos2,
) {
    let squares = move_squares(&a.text);
    let (Some(&first), Some(&last)) = (squares.first(), squares.last()) else {
        return;
    };
    let stroke = Stroke::new((cell * 0.08).max(2.0), a.color);
    let head = if a.text.contains('+') || squares.len() == 1 {
        for &sq in &squares {
            painter.circle_stroke(centre(sq), cell * 0.4, stroke);
        }
        centre(last)
    } else {
        let (from, to) = (centre(first), centre(last));
        painter.arrow(from, (to - from) * 0.85, stroke);
        from + (to - from) * 0.85
    };
    if !a.label.is_empty() {
        painter.text(
            head + vec2(0.0, -0.25 * cell),
            Align2::CENTER_CENTER,
            &a.label,
            font.clone(),
            a.color,
        );
    }
}
