//! The solver's moves on the board: arrows (or rings for a placement) with their labels, put
//! where the shaft crosses a tile edge so that no label covers a piece.

use eframe::egui::{Align2, Color32, Painter, Pos2, Stroke, vec2};

use super::board::Geometry;
use super::style;
use crate::board_view::{MoveMark, Shape};

pub(super) fn draw_move(painter: &Painter, geo: &Geometry, m: &MoveMark) {
    let color = style::arrow(m.style);
    let stroke = Stroke::new((geo.cell * 0.08).max(2.0), color);
    let at = match &m.shape {
        Shape::Arrow(from, end) => {
            let (a, b) = (geo.tile(*from).center(), geo.end(*from, *end));
            painter.circle_filled(a, geo.cell * 0.1, color);
            painter.arrow(a, b - a, stroke);
            // On the shaft where it crosses from one tile to the next, nearest its middle:
            // between two pieces, never on one (nor on a badge at a tile's corner).
            label_point(geo, a, b)
        }
        Shape::Ring(tiles) => {
            for &t in tiles {
                painter.circle_stroke(geo.tile(t).center(), geo.cell * 0.4, stroke);
            }
            match tiles.last() {
                Some(&t) => geo.tile(t).center() - vec2(0.0, 0.25 * geo.cell),
                None => return,
            }
        }
    };
    if !m.label.is_empty() {
        tag(painter, geo, at, &m.label, Align2::CENTER_CENTER, color);
    }
}

/// The point of the segment `a`–`b` where it crosses a tile edge, nearest its middle (the
/// middle itself when it crosses none).
fn label_point(geo: &Geometry, a: Pos2, b: Pos2) -> Pos2 {
    let mut best = 0.5_f32;
    let mut best_gap = f32::INFINITY;
    let d = b - a;
    for (start, delta, origin) in [(a.x, d.x, geo.tiles.min.x), (a.y, d.y, geo.tiles.min.y)] {
        if delta.abs() < f32::EPSILON {
            continue;
        }
        for k in 0..=32u8 {
            let line = origin + f32::from(k) * geo.cell;
            let t = (line - start) / delta;
            if t > 0.05 && t < 0.95 && (t - 0.5).abs() < best_gap {
                best_gap = (t - 0.5).abs();
                best = t;
            }
        }
    }
    a + d * best
}

/// Small text on a dark rounded background.
pub(super) fn tag(
    painter: &Painter,
    geo: &Geometry,
    at: Pos2,
    text: &str,
    anchor: Align2,
    color: Color32,
) {
    let galley = painter.layout_no_wrap(text.to_string(), geo.font(0.2), Color32::WHITE);
    let rect = anchor.anchor_size(at, galley.size()).expand(1.5);
    let bg = if color == Color32::BLACK {
        Color32::from_black_alpha(170)
    } else {
        color.gamma_multiply(0.9)
    };
    painter.rect_filled(rect, 3.0, bg);
    painter.galley(rect.min + vec2(1.5, 1.5), galley, Color32::WHITE);
}
