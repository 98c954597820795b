//! Changing a challenge file's [`PositionSpec`] tile by tile, in any game: pieces, terrain
//! heights, moving a piece, resizing. The spec is edited as written, so that a board that is
//! not valid yet can still be drawn and fixed; squares are compared parsed (`C3` is `c3`), and
//! entries that do not parse are left alone for the problems list to report.

use crate::challenge::{KindName, PieceSpec, PositionSpec, SideName};
use crate::games::board::Square;

/// A piece as a file names it: its side and kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Stamp {
    /// The side.
    pub side: SideName,
    /// The kind.
    pub kind: KindName,
}

impl Stamp {
    /// The piece in words, as the palette names it: `Red Scout`, `White Pawn`.
    #[must_use]
    pub fn name(self) -> String {
        format!("{:?} {:?}", self.side, self.kind)
    }
}

/// The first piece on `sq`, if any.
#[must_use]
pub fn piece_at(spec: &PositionSpec, sq: Square) -> Option<Stamp> {
    spec.pieces
        .iter()
        .find(|p| Square::parse(&p.0) == Ok(sq))
        .map(|p| Stamp {
            side: p.1,
            kind: p.2,
        })
}

/// `spec` with `sq` emptied and then, when `piece` is given, holding it.
#[must_use]
pub fn with_piece(spec: &PositionSpec, sq: Square, piece: Option<Stamp>) -> PositionSpec {
    let mut out = spec.clone();
    out.pieces.retain(|p| Square::parse(&p.0) != Ok(sq));
    if let Some(p) = piece {
        out.pieces.push(PieceSpec(sq.to_string(), p.side, p.kind));
    }
    out
}

/// `spec` with the piece of `from` moved to the empty tile `to`.
///
/// # Errors
/// When `from` holds no piece or `to` holds one.
pub fn moved(spec: &PositionSpec, from: Square, to: Square) -> Result<PositionSpec, String> {
    let piece = piece_at(spec, from).ok_or_else(|| format!("{from} holds no piece to move"))?;
    if let Some(other) = piece_at(spec, to) {
        return Err(format!(
            "{to} already holds a {}: erase it first",
            other.name().to_lowercase()
        ));
    }
    Ok(with_piece(&with_piece(spec, from, None), to, Some(piece)))
}

/// The height of `sq` as the terrain rows give it (0 when absent or unreadable).
#[must_use]
pub fn height_at(spec: &PositionSpec, sq: Square) -> u8 {
    tile_height(spec, sq.file(), sq.rank())
}

/// The height of the tile on `file` and `rank` (0-based, from a1) as the terrain rows give it
/// (0 when absent or unreadable). By index, not [`Square`], which holds boards up to 16 × 16
/// only: a hand-written file may give a larger size, which the problems list then reports.
fn tile_height(spec: &PositionSpec, file: u8, rank: u8) -> u8 {
    if rank >= spec.height {
        return 0;
    }
    let row = usize::from(spec.height - 1 - rank);
    spec.terrain
        .as_ref()
        .and_then(|rows| rows.get(row))
        .and_then(|r| r.as_bytes().get(usize::from(file)))
        .filter(|b| b.is_ascii_digit())
        .map_or(0, |b| b - b'0')
}

/// `spec` with the tiles of `changes` at their new heights (0..=9); the terrain rows are made
/// whole (one digit per tile) first.
#[must_use]
pub fn with_heights(spec: &PositionSpec, changes: &[(Square, u8)]) -> PositionSpec {
    let mut out = spec.clone();
    let mut grid: Vec<Vec<u8>> = (0..spec.height)
        .map(|r| {
            (0..spec.width)
                .map(|f| b'0' + tile_height(spec, f, spec.height - 1 - r))
                .collect()
        })
        .collect();
    for &(sq, h) in changes {
        if sq.file() < spec.width && sq.rank() < spec.height {
            grid[usize::from(spec.height - 1 - sq.rank())][usize::from(sq.file())] =
                b'0' + h.min(9);
        }
    }
    out.terrain = Some(
        grid.into_iter()
            .map(|r| String::from_utf8(r).unwrap_or_default())
            .collect(),
    );
    out
}

/// `spec` on a `width` × `height` board, keeping the tiles that still fit (same file and rank
/// from a1): the pieces and the chain off the board are dropped, the terrain rows cut or
/// padded with height 0.
#[must_use]
pub fn resized(spec: &PositionSpec, width: u8, height: u8) -> PositionSpec {
    let fits = |t: &str| Square::parse(t).is_ok_and(|s| s.file() < width && s.rank() < height);
    let mut out = spec.clone();
    out.width = width;
    out.height = height;
    out.pieces
        .retain(|p| fits(&p.0) || Square::parse(&p.0).is_err());
    if out.chain.as_deref().is_some_and(|c| !fits(c)) {
        out.chain = None;
    }
    if spec.terrain.is_some() {
        out.terrain = Some(
            (0..height)
                .rev()
                .map(|r| {
                    (0..width)
                        .map(|f| {
                            let inside = f < spec.width && r < spec.height;
                            char::from(b'0' + if inside { tile_height(spec, f, r) } else { 0 })
                        })
                        .collect()
                })
                .collect(),
        );
    }
    out
}

/// The pieces a resize to `width` × `height` would drop.
#[must_use]
pub fn dropped_by_resize(spec: &PositionSpec, width: u8, height: u8) -> Vec<String> {
    let kept = resized(spec, width, height);
    spec.pieces
        .iter()
        .filter(|p| !kept.pieces.contains(p))
        .map(|p| format!("{} {:?} {:?}", p.0, p.1, p.2))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::challenge::GameName;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn placing_twice_on_a_square_keeps_one_piece_and_erase_empties_it() {
        let spec = GameName::Seega.standard_spec();
        let white = Stamp {
            side: SideName::White,
            kind: KindName::Stone,
        };
        let black = Stamp {
            side: SideName::Black,
            kind: KindName::Stone,
        };
        let two = with_piece(
            &with_piece(&spec, sq("c3"), Some(white)),
            sq("c3"),
            Some(black),
        );
        assert_eq!(two.pieces.len(), 1);
        assert_eq!(piece_at(&two, sq("c3")), Some(black));
        assert!(with_piece(&two, sq("c3"), None).pieces.is_empty());
    }

    #[test]
    fn shrinking_drops_the_pieces_off_the_board_and_cuts_the_terrain() {
        let spec = GameName::Breakthrough.standard_spec();
        let small = resized(&spec, 8, 6);
        assert!(small.pieces.iter().all(|p| p.1 == SideName::White));
        assert_eq!(dropped_by_resize(&spec, 8, 6).len(), 16);
        assert!(dropped_by_resize(&spec, 9, 9).is_empty());
        let mut pp = GameName::PawnPeak.standard_spec();
        pp = with_heights(&pp, &[(sq("a1"), 3), (sq("b2"), 9)]);
        let cut = resized(&pp, 3, 3);
        assert_eq!(
            cut.terrain.as_deref(),
            Some(&["000".to_string(), "090".into(), "300".into()][..])
        );
        assert_eq!(height_at(&resized(&cut, 4, 4), sq("b2")), 9);
    }

    #[test]
    fn moving_onto_a_piece_is_refused() {
        let spec = GameName::Breakthrough.standard_spec();
        assert!(
            moved(&spec, sq("a1"), sq("a2"))
                .unwrap_err()
                .contains("a2 already holds")
        );
        let m = moved(&spec, sq("a2"), sq("a4")).unwrap();
        assert!(piece_at(&m, sq("a4")).is_some() && piece_at(&m, sq("a2")).is_none());
    }
}
