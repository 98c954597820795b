//! Reading and changing a Breakthrough or Seega [`PositionSpec`] square by square. Squares are
//! compared parsed, so that a piece written `C3` or `c3` is the same piece; entries that do not
//! parse are left alone for the problems list to report.

use crate::challenge::{GameName, KindName, PieceSpec, PositionSpec, SideName};
use crate::games::pawn_peak::Square;

/// The one piece kind of `game` (`Pawn` in Breakthrough, `Stone` in Seega and otherwise).
#[must_use]
pub fn kind_of(game: GameName) -> KindName {
    match game {
        GameName::Breakthrough => KindName::Pawn,
        _ => KindName::Stone,
    }
}

/// The side of the first piece on `sq`, if any.
#[must_use]
pub fn piece_at(spec: &PositionSpec, sq: Square) -> Option<SideName> {
    spec.pieces
        .iter()
        .find(|p| Square::parse(&p.0) == Ok(sq))
        .map(|p| p.1)
}

/// `spec` with `sq` emptied and then, when `side` is given, holding a piece of `kind`.
#[must_use]
pub fn with_piece(
    spec: &PositionSpec,
    sq: Square,
    side: Option<SideName>,
    kind: KindName,
) -> PositionSpec {
    let mut out = spec.clone();
    out.pieces.retain(|p| Square::parse(&p.0) != Ok(sq));
    if let Some(side) = side {
        out.pieces.push(PieceSpec(sq.to_string(), side, kind));
    }
    out
}

/// `spec` on a `width` × `height` board: the pieces (and the chain) off the board are dropped.
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
    out
}

/// The Seega refuge: the centre tile of an odd square board (SG-1); `None` otherwise.
#[must_use]
pub fn refuge(spec: &PositionSpec) -> Option<Square> {
    (spec.width == spec.height && spec.width % 2 == 1)
        .then(|| Square::new(spec.width / 2, spec.height / 2))
}

/// The square of the piece that must go on capturing (SG-5), when the chain field names one.
#[must_use]
pub fn chain_square(spec: &PositionSpec) -> Option<Square> {
    Square::parse(spec.chain.as_deref()?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::white_black::new;

    #[test]
    fn placing_twice_on_a_square_keeps_one_piece_and_erase_empties_it() {
        let spec = new::seega_start();
        let c3 = Square::parse("c3").unwrap();
        let one = with_piece(&spec, c3, Some(SideName::White), KindName::Stone);
        let two = with_piece(&one, c3, Some(SideName::Black), KindName::Stone);
        assert_eq!(two.pieces.len(), 1);
        assert_eq!(piece_at(&two, c3), Some(SideName::Black));
        assert!(
            with_piece(&two, c3, None, KindName::Stone)
                .pieces
                .is_empty()
        );
    }

    #[test]
    fn shrinking_drops_the_pieces_off_the_board() {
        let spec = new::breakthrough_start();
        let small = resized(&spec, 8, 6);
        assert!(small.pieces.iter().all(|p| p.1 == SideName::White));
        assert_eq!(refuge(&new::seega_start()), Square::parse("c3").ok());
    }
}
