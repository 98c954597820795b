//! Whole-board transforms of a challenge, in any game: its mirror image (files reversed) and
//! the board shifted by whole tiles, the pieces, the terrain and the intended line with them.
//! The line is carried move by move: each move's tiles are mapped, and the move of the new
//! position with those tiles is taken (so its text is the new position's own). What the
//! editor's Mirror and Shift, the generator's variants and the library's near-duplicate check
//! share.

use crate::board_view::Drawn;
use crate::challenge::{
    self, Challenge, Checked, InHand, PieceSpec, PositionSpec, Scores, SideName,
};
use crate::game::GameState;
use crate::games::board::Square;
use crate::games::{AnyMove, AnyPosition};

/// A map of squares (`None`: off the board).
pub type SquareMap<'a> = &'a dyn Fn(Square) -> Option<Square>;

/// `spec` with every piece, terrain height and the chain square moved by `map`; `None` when a
/// piece or the chain square falls off the board or a square does not parse. Terrain tiles
/// that fall off are lost; tiles nothing lands on get height 0.
#[must_use]
pub fn mapped_spec(spec: &PositionSpec, map: SquareMap<'_>) -> Option<PositionSpec> {
    let mut out = spec.clone();
    out.pieces = spec
        .pieces
        .iter()
        .map(|p| {
            let to = map(Square::parse(&p.0).ok()?)?;
            Some(PieceSpec(to.to_string(), p.1, p.2))
        })
        .collect::<Option<_>>()?;
    if let Some(c) = &spec.chain {
        out.chain = Some(map(Square::parse(c).ok()?)?.to_string());
    }
    if let Some(rows) = &spec.terrain {
        let (w, h) = (usize::from(spec.width), usize::from(spec.height));
        let mut grid = vec![vec![b'0'; w]; h];
        for (i, row) in rows.iter().enumerate() {
            let rank = u8::try_from(h.checked_sub(i + 1)?).ok()?;
            for (file, height) in row.bytes().enumerate() {
                let to = u8::try_from(file)
                    .ok()
                    .and_then(|f| map(Square::new(f, rank)));
                if let Some(to) =
                    to.filter(|t| usize::from(t.file()) < w && usize::from(t.rank()) < h)
                {
                    grid[h - 1 - usize::from(to.rank())][usize::from(to.file())] = height;
                }
            }
        }
        out.terrain = Some(
            grid.into_iter()
                .map(|r| String::from_utf8(r).unwrap_or_default())
                .collect(),
        );
    }
    Some(out)
}

/// The mirror map of a board `width` files wide: file `f` to `width - 1 - f`.
pub fn mirror_map(width: u8) -> impl Fn(Square) -> Option<Square> {
    move |sq| (sq.file() < width).then(|| Square::new(width - 1 - sq.file(), sq.rank()))
}

/// The shift map by `files` and `ranks` on a board of `width` × `height`.
pub fn shift_map(width: u8, height: u8, files: i8, ranks: i8) -> impl Fn(Square) -> Option<Square> {
    move |sq| {
        let f = sq.file().checked_add_signed(files).filter(|&f| f < width)?;
        let r = sq
            .rank()
            .checked_add_signed(ranks)
            .filter(|&r| r < height)?;
        Some(Square::new(f, r))
    }
}

/// The tiles of `mv` in `pos` (its clicks) and whether it leaves the board.
fn tiles_of(pos: &AnyPosition, mv: AnyMove) -> (Vec<Square>, bool) {
    let (mut tiles, free) = pos.clicks(mv);
    let exit = matches!(
        pos.shape(mv),
        crate::board_view::Shape::Arrow(_, crate::board_view::End::Exit(_))
    );
    if free {
        tiles.sort_by_key(|s| (s.file(), s.rank()));
    }
    (tiles, exit)
}

/// `line`, played from `from`, carried to `to` by `map`: at each step the move of `to`'s
/// position whose tiles are the mapped tiles; `None` when one has no such move.
#[must_use]
pub fn mapped_line(
    from: &AnyPosition,
    line: &[AnyMove],
    to: &AnyPosition,
    map: SquareMap<'_>,
) -> Option<Vec<AnyMove>> {
    let (mut a, mut b) = (from.clone(), to.clone());
    let mut out = Vec::with_capacity(line.len());
    for &m in line {
        let (tiles, exit) = tiles_of(&a, m);
        let mut want: Vec<Square> = tiles.iter().map(|&s| map(s)).collect::<Option<_>>()?;
        if a.clicks(m).1 {
            want.sort_by_key(|s| (s.file(), s.rank()));
        }
        let found = b
            .legal_moves()
            .into_iter()
            .find(|&n| tiles_of(&b, n) == (want.clone(), exit))?;
        out.push(found);
        a = a.play(m);
        b = b.play(found);
    }
    Some(out)
}

/// `checked` carried by `map` onto a board of the same size: its position mapped and its
/// intended line with it; `None` when a piece falls off, the result is not a valid challenge,
/// or a move of the line has no image. The verification record is dropped (it was made for
/// the position before).
#[must_use]
pub fn mapped(checked: &Checked, map: SquareMap<'_>) -> Option<Checked> {
    let ch = checked.challenge();
    let spec = mapped_spec(&ch.position, map)?;
    let mut out: Challenge = ch.clone();
    out.position = spec;
    out.verification = None;
    out.solution = Vec::new();
    let start = challenge::validate(&out).ok()?.start().clone();
    let line = mapped_line(checked.start(), checked.line(), &start, map)?;
    out.solution = start.line_texts(&line);
    // The part of the line that could not be read stays as written.
    out.solution
        .extend(ch.solution.iter().skip(checked.line().len()).cloned());
    challenge::validate(&out).ok()
}

/// The mirror image of `checked` (files reversed).
#[must_use]
pub fn mirrored(checked: &Checked) -> Option<Checked> {
    mapped(checked, &mirror_map(checked.challenge().position.width))
}

/// `checked` shifted by `files` and `ranks` (a piece that would fall off: `None`).
#[must_use]
pub fn shifted(checked: &Checked, files: i8, ranks: i8) -> Option<Checked> {
    let p = &checked.challenge().position;
    mapped(checked, &shift_map(p.width, p.height, files, ranks))
}

/// The map that turns a board of `height` ranks upside down.
pub fn flip_map(height: u8) -> impl Fn(Square) -> Option<Square> {
    move |sq| (sq.rank() < height).then(|| Square::new(sq.file(), height - 1 - sq.rank()))
}

/// The other side's name in the same game.
fn other(side: SideName) -> SideName {
    match side {
        SideName::Red => SideName::Blue,
        SideName::Blue => SideName::Red,
        SideName::White => SideName::Black,
        SideName::Black => SideName::White,
    }
}

/// `spec` with the sides swapped: the board upside down, each piece the other side's, the side
/// to move, the scores, the exited pieces and the pieces in hand swapped (the same puzzle for
/// the other side); `None` as [`mapped_spec`].
#[must_use]
pub fn recoloured_spec(spec: &PositionSpec) -> Option<PositionSpec> {
    let mut out = mapped_spec(spec, &flip_map(spec.height))?;
    for p in &mut out.pieces {
        p.1 = other(p.1);
    }
    out.side_to_move = other(spec.side_to_move);
    if let Some(s) = &mut out.scores {
        *s = Scores {
            red: s.blue,
            blue: s.red,
        };
    }
    if let Some(ex) = &mut out.exited {
        for e in ex.iter_mut() {
            e.0 = e.0.opponent();
        }
    }
    if let Some(h) = &mut out.in_hand {
        *h = InHand {
            white: h.black,
            black: h.white,
        };
    }
    Some(out)
}

/// `checked` for the other side (see [`recoloured_spec`]), its intended line with it.
#[must_use]
pub fn recoloured(checked: &Checked) -> Option<Checked> {
    let ch = checked.challenge();
    let mut out: Challenge = ch.clone();
    out.position = recoloured_spec(&ch.position)?;
    out.verification = None;
    out.solution = Vec::new();
    let start = challenge::validate(&out).ok()?.start().clone();
    let map = flip_map(ch.position.height);
    let line = mapped_line(checked.start(), checked.line(), &start, &map)?;
    out.solution = start.line_texts(&line);
    challenge::validate(&out).ok()
}
