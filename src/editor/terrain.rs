//! The terrain tools' arithmetic, apart from the UI: which tiles a brush covers, raise and
//! lower (clamped to 0–9, D-2), flood fill and flatten. Each returns the tiles to change with
//! their new heights, for one [`super::edit::Edit::Heights`].

use crate::board_view::BoardView;
use crate::games::board::Square;

/// The highest tile (D-2).
pub const MAX_HEIGHT: u8 = 9;
/// The largest brush size.
pub const MAX_BRUSH: u8 = 3;

/// The tiles a square brush of `size` (1–3) centred on `center` covers: size 1 is the tile
/// itself, 2 a 3 × 3 square, 3 a 5 × 5 square, cut at the board's edges.
#[must_use]
pub fn brush(pos: &BoardView, center: Square, size: u8) -> Vec<Square> {
    let r = i16::from(size.clamp(1, MAX_BRUSH) - 1);
    let mut out = Vec::new();
    for df in -r..=r {
        for dr in -r..=r {
            let f = i16::from(center.file()) + df;
            let k = i16::from(center.rank()) + dr;
            if (0..i16::from(pos.width)).contains(&f) && (0..i16::from(pos.height)).contains(&k) {
                out.push(Square::new(f as u8, k as u8));
            }
        }
    }
    out
}

/// The tiles of `tiles` whose height differs from `h`, each with `h`.
#[must_use]
pub fn set(pos: &BoardView, tiles: &[Square], h: u8) -> Vec<(Square, u8)> {
    let h = h.min(MAX_HEIGHT);
    tiles
        .iter()
        .filter(|&&sq| pos.height_at(sq).unwrap_or(0) != h)
        .map(|&sq| (sq, h))
        .collect()
}

/// The tiles of `tiles` raised (`up`) or lowered by one, clamped to 0–9; tiles already at the
/// bound are left out.
#[must_use]
pub fn step(pos: &BoardView, tiles: &[Square], up: bool) -> Vec<(Square, u8)> {
    tiles
        .iter()
        .filter_map(|&sq| {
            let h = pos.height_at(sq).unwrap_or(0);
            let new = if up {
                (h + 1).min(MAX_HEIGHT)
            } else {
                h.saturating_sub(1)
            };
            (new != h).then_some((sq, new))
        })
        .collect()
}

/// The tiles connected to `start` (orthogonally, PP-4.1) through tiles of the same height as
/// `start`, `start` included.
#[must_use]
pub fn connected(pos: &BoardView, start: Square) -> Vec<Square> {
    let h = pos.height_at(start).unwrap_or(0);
    let mut seen = vec![false; usize::from(pos.width) * usize::from(pos.height)];
    let index =
        |sq: Square| usize::from(sq.rank()) * usize::from(pos.width) + usize::from(sq.file());
    let mut stack = vec![start];
    seen[index(start)] = true;
    let mut out = Vec::new();
    while let Some(sq) = stack.pop() {
        out.push(sq);
        let (f, r) = (i16::from(sq.file()), i16::from(sq.rank()));
        for (nf, nr) in [(f - 1, r), (f + 1, r), (f, r - 1), (f, r + 1)] {
            if !(0..i16::from(pos.width)).contains(&nf) || !(0..i16::from(pos.height)).contains(&nr)
            {
                continue;
            }
            let n = Square::new(nf as u8, nr as u8);
            if !seen[index(n)] && pos.height_at(n).unwrap_or(0) == h {
                seen[index(n)] = true;
                stack.push(n);
            }
        }
    }
    out
}

/// Flood fill: the region of [`connected`] tiles around `start` set to `h`.
#[must_use]
pub fn fill(pos: &BoardView, start: Square, h: u8) -> Vec<(Square, u8)> {
    set(pos, &connected(pos, start), h)
}

/// Flatten: every tile of the board set to `h`.
#[must_use]
pub fn flatten(pos: &BoardView, h: u8) -> Vec<(Square, u8)> {
    let all = pos.squares();
    set(pos, &all, h)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::pawn_peak::Position;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn brush_is_cut_at_the_edges() {
        let pos = BoardView::of(&Position::empty(5, 5).unwrap());
        assert_eq!(brush(&pos, sq("c3"), 1), vec![sq("c3")]);
        assert_eq!(brush(&pos, sq("c3"), 2).len(), 9);
        assert_eq!(brush(&pos, sq("c3"), 3).len(), 25);
        assert_eq!(brush(&pos, sq("a1"), 2).len(), 4);
        assert_eq!(brush(&pos, sq("a1"), 3).len(), 9);
    }

    #[test]
    fn raise_and_lower_are_clamped() {
        let mut pos = Position::empty(3, 3).unwrap();
        pos.set_height(sq("a1"), 9).unwrap();
        let pos = BoardView::of(&pos);
        let tiles = [sq("a1"), sq("b1")];
        assert_eq!(step(&pos, &tiles, true), vec![(sq("b1"), 1)]);
        assert_eq!(step(&pos, &tiles, false), vec![(sq("a1"), 8)]);
    }

    #[test]
    fn fill_stops_at_other_heights() {
        let mut pos = Position::empty(3, 3).unwrap();
        for s in ["b1", "b2", "b3"] {
            pos.set_height(sq(s), 2).unwrap();
        }
        let pos = BoardView::of(&pos);
        let filled = fill(&pos, sq("a1"), 5);
        let mut tiles: Vec<String> = filled.iter().map(|(s, _)| s.to_string()).collect();
        tiles.sort();
        assert_eq!(tiles, ["a1", "a2", "a3"]);
        assert_eq!(flatten(&pos, 2).len(), 6);
    }
}
