//! The file letters and rank numbers around the board, on their chips: beside the board, or,
//! zoomed in, pinned to the view's edges so the squares in view are always named.

use eframe::egui::{Align2, FontId, Painter, Pos2, Rect, Vec2, pos2};

use super::board::Geometry;

pub(super) fn draw_coordinates(painter: &Painter, geo: &Geometry) {
    let visuals = &painter.ctx().global_style().visuals;
    let (color, chip) = (visuals.text_color(), visuals.panel_fill);
    let size = label_size(geo.cell);
    for (p, text) in coordinate_spots(geo, painter.clip_rect()) {
        painter.rect_filled(
            Rect::from_center_size(p, Vec2::splat(size * 1.15)),
            3.0,
            chip.gamma_multiply(0.85),
        );
        painter.text(
            p,
            Align2::CENTER_CENTER,
            text,
            FontId::proportional(size),
            color,
        );
    }
}

/// The size of the file letters and rank numbers: in proportion to the tiles, but not as
/// large as a zoomed-in tile.
fn label_size(cell: f32) -> f32 {
    (cell * 0.3).clamp(7.0, 16.0)
}

/// Where each file letter and rank number is drawn, when its file or rank is in `seen`:
/// beside the board, or, when the board is zoomed past `seen`'s edge, pinned to that edge
/// over the tiles, so the squares in view are always named. A file or rank partly in view
/// is named in the middle of its visible part, when that part is as wide as the label.
fn coordinate_spots(geo: &Geometry, seen: Rect) -> Vec<(Pos2, String)> {
    let size = label_size(geo.cell);
    let inset = 0.6 * size + 2.0;
    // The middle of the part of [from, from + cell] within [lo, hi], if wide enough.
    let middle = |from: f32, lo: f32, hi: f32| {
        let (a, b) = (from.max(lo), (from + geo.cell).min(hi));
        (b - a >= 1.2 * size).then_some((a + b) / 2.0)
    };
    let mut spots = Vec::new();
    let y = (geo.tiles.max.y + 0.3 * geo.cell).min(seen.max.y - inset);
    for f in 0..geo.width {
        let left = geo.tiles.min.x + f32::from(f) * geo.cell;
        if let Some(x) = middle(left, seen.min.x, seen.max.x) {
            spots.push((pos2(x, y), char::from(b'a' + f).to_string()));
        }
    }
    let x = (geo.tiles.min.x - 0.3 * geo.cell).max(seen.min.x + inset);
    for r in 0..geo.height {
        let top = geo.tiles.min.y + f32::from(geo.height - 1 - r) * geo.cell;
        if let Some(y) = middle(top, seen.min.y, seen.max.y) {
            spots.push((pos2(x, y), (r + 1).to_string()));
        }
    }
    spots
}

#[cfg(test)]
mod tests {
    use super::*;
    use eframe::egui::vec2;

    /// A 10 × 10 board of 50-point tiles whose top-left tile is at `min`.
    fn board_at(min: Pos2) -> Geometry {
        Geometry {
            tiles: Rect::from_min_size(min, Vec2::splat(500.0)),
            cell: 50.0,
            width: 10,
            height: 10,
        }
    }

    fn texts(spots: &[(Pos2, String)]) -> Vec<&str> {
        spots.iter().map(|(_, t)| t.as_str()).collect()
    }

    #[test]
    fn a_board_in_view_is_named_beside_its_edges() {
        let geo = board_at(pos2(40.0, 20.0));
        let seen = Rect::from_min_size(Pos2::ZERO, vec2(600.0, 600.0));
        let spots = coordinate_spots(&geo, seen);
        assert_eq!(spots.len(), 20);
        for (p, text) in &spots {
            assert!(!geo.tiles.contains(*p), "{text} over the tiles");
            assert!(seen.contains(*p), "{text} out of view");
        }
    }

    #[test]
    fn a_zoomed_board_names_the_squares_in_view_at_the_views_edges() {
        // Zoomed in and panned: files e to h and ranks 3 to 6 are in view; d and rank 7 by a
        // sliver of 10 points (no room for a label), i and rank 2 by 30.
        let seen = Rect::from_min_size(Pos2::ZERO, vec2(240.0, 240.0));
        let geo = board_at(pos2(-190.0, -190.0));
        let spots = coordinate_spots(&geo, seen);
        assert_eq!(
            texts(&spots),
            ["e", "f", "g", "h", "i", "2", "3", "4", "5", "6"]
        );
        let (i, _) = &spots[4];
        assert!(
            (i.x - 225.0).abs() < 0.01,
            "i in the middle of its visible part"
        );
        for (p, text) in &spots {
            assert!(
                seen.shrink(label_size(geo.cell) / 2.0).contains(*p),
                "{text} at {p:?}"
            );
        }
        assert!(label_size(geo.cell * 4.0) <= 16.0, "no giant letters");
    }
}
