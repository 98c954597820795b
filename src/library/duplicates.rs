//! Near-duplicates in a library: two tutorials of one game that are the same puzzle, either
//! the same start (with the same goal) up to the board's mirror image, or the same pieces and
//! the same intended line on a shifted board (terrain and board size aside).

use crate::challenge::Checked;
use crate::document::transform::{mapped_line, mirrored};
use crate::games::AnyPosition;
use crate::games::board::Square;

/// Why `a` and `b` are the same puzzle, when they are.
#[must_use]
pub fn same_puzzle(a: &Checked, b: &Checked) -> Option<&'static str> {
    if a.game() != b.game() || a.goal() != b.goal() {
        return None;
    }
    if a.start() == b.start() {
        return Some("the same start");
    }
    if mirrored(a).is_some_and(|m| m.start() == b.start()) {
        return Some("the same start, mirrored");
    }
    shifted_copy(a, b).then_some("the same pieces and intended line on a shifted board")
}

/// The pieces of a challenge as (square, side, kind) sorted, moved by `(df, dr)`.
fn pieces(c: &Checked, df: i16, dr: i16) -> Option<Vec<(Square, String)>> {
    let mut out: Vec<(Square, String)> = c
        .challenge()
        .position
        .pieces
        .iter()
        .map(|p| {
            let sq = Square::parse(&p.0).ok()?;
            let f = u8::try_from(i16::from(sq.file()) + df).ok()?;
            let r = u8::try_from(i16::from(sq.rank()) + dr).ok()?;
            Some((Square::new(f, r), format!("{:?} {:?}", p.1, p.2)))
        })
        .collect::<Option<_>>()?;
    out.sort_by_key(|(s, k)| (s.file(), s.rank(), k.clone()));
    Some(out)
}

/// Whether `b` is `a` on a shifted board: the same pieces moved by one shift, and `a`'s
/// intended line, carried by that shift, is `b`'s.
fn shifted_copy(a: &Checked, b: &Checked) -> bool {
    let (Some(sa), Some(sb)) = (lowest(a), lowest(b)) else {
        return false;
    };
    let df = i16::from(sb.file()) - i16::from(sa.file());
    let dr = i16::from(sb.rank()) - i16::from(sa.rank());
    if (df, dr) == (0, 0) || pieces(a, df, dr) != pieces(b, 0, 0) {
        return false;
    }
    let map = |sq: Square| {
        let f = u8::try_from(i16::from(sq.file()) + df).ok()?;
        let r = u8::try_from(i16::from(sq.rank()) + dr).ok()?;
        Some(Square::new(f, r))
    };
    let carried = mapped_line(a.start(), a.line(), b.start(), &map);
    !a.line().is_empty()
        && carried.as_deref() == Some(b.line())
        && same_counters(a.start(), b.start())
}

/// The first piece's square in (file, rank) order.
fn lowest(c: &Checked) -> Option<Square> {
    c.challenge()
        .position
        .pieces
        .iter()
        .filter_map(|p| Square::parse(&p.0).ok())
        .min_by_key(|s| (s.file(), s.rank()))
}

/// Whether two starts have the same side to move and plies left.
fn same_counters(a: &AnyPosition, b: &AnyPosition) -> bool {
    use crate::game::GameState;
    a.to_move() == b.to_move() && a.plies_left() == b.plies_left()
}
