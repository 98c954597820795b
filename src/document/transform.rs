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

/// The quarter turn (clockwise) of a square board `size` tiles a side: the top-left tile goes
/// to the top right.
pub fn quarter_turn_map(size: u8) -> impl Fn(Square) -> Option<Square> {
    move |sq| {
        (sq.file() < size && sq.rank() < size).then(|| Square::new(sq.rank(), size - 1 - sq.file()))
    }
}

/// A whole-board transform the editor offers, with what each game allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transform {
    /// The mirror image, files reversed (every game: no rule tells left from right).
    Mirror,
    /// The board upside down with the sides swapped: the same puzzle for the other side
    /// (every game).
    SwapSides,
    /// A quarter turn clockwise (square boards of games whose rules name no direction:
    /// [`crate::challenge::Authoring::quarter_turns`]).
    QuarterTurn,
    /// Every piece, tile and the chain square moved by whole tiles (files, ranks); tiles
    /// shifted off are lost and the tiles left get height 0; refused when a piece would fall
    /// off.
    Shift(i8, i8),
}

impl Transform {
    /// Whether `ch`'s game and board allow it, or why not.
    ///
    /// # Errors
    /// A sentence saying why the game does not allow it.
    pub fn allowed(self, ch: &Challenge) -> Result<(), String> {
        let p = &ch.position;
        match self {
            Transform::QuarterTurn if !ch.game.authoring().quarter_turns => Err(format!(
                "{} moves towards an edge: a quarter turn would change the rules' directions \
                 (Mirror and Swap sides keep the puzzle)",
                ch.game.as_str()
            )),
            Transform::QuarterTurn if p.width != p.height => {
                Err("a quarter turn needs a square board".into())
            }
            _ => Ok(()),
        }
    }
}

/// `ch` with `t` applied, and whether its intended line came along (carried move by move when
/// `checked` is `ch` checked; else, or when a move has no image, the line is emptied).
///
/// # Errors
/// A sentence when the game does not allow `t` or a piece would fall off the board.
pub fn transformed(
    ch: &Challenge,
    checked: Option<&Checked>,
    t: Transform,
) -> Result<(Challenge, bool), String> {
    t.allowed(ch)?;
    let p = &ch.position;
    let (w, h) = (p.width, p.height);
    let carried = match (t, checked) {
        (Transform::SwapSides, Some(c)) => recoloured(c),
        (Transform::Mirror, Some(c)) => mirrored(c),
        (Transform::QuarterTurn, Some(c)) => mapped(c, &quarter_turn_map(w)),
        (Transform::Shift(f, r), Some(c)) => shifted(c, f, r),
        (_, None) => None,
    };
    if let Some(c) = carried {
        return Ok((c.challenge().clone(), true));
    }
    let spec = match t {
        Transform::SwapSides => recoloured_spec(p),
        Transform::Mirror => mapped_spec(p, &mirror_map(w)),
        Transform::QuarterTurn => mapped_spec(p, &quarter_turn_map(w)),
        Transform::Shift(f, r) => mapped_spec(p, &shift_map(w, h, f, r)),
    }
    .ok_or_else(|| "a piece would fall off the board (or a square does not parse)".to_string())?;
    let mut out = ch.clone();
    out.position = spec;
    out.verification = None;
    out.solution.clear();
    Ok((out, ch.solution.is_empty()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn load(p: &str) -> Challenge {
        challenge::load(Path::new(p)).unwrap()
    }

    #[test]
    fn mirror_twice_is_the_challenge_and_its_line_comes_along() {
        let ch = load("challenges/01-terrain.ron");
        let checked = challenge::validate(&ch).unwrap();
        let (m, carried) = transformed(&ch, Some(&checked), Transform::Mirror).unwrap();
        assert!(carried);
        assert_ne!(m.position, ch.position);
        let back = challenge::validate(&m).unwrap();
        let (again, _) = transformed(&m, Some(&back), Transform::Mirror).unwrap();
        assert_eq!(again.position.pieces.len(), ch.position.pieces.len());
        assert_eq!(again.solution, ch.solution);
        assert_eq!(again.position.terrain, ch.position.terrain);
    }

    #[test]
    fn a_quarter_turn_only_where_the_game_allows_it() {
        let pp = load("challenges/01-terrain.ron");
        let why = Transform::QuarterTurn.allowed(&pp).unwrap_err();
        assert!(why.contains("edge"), "{why}");
        let game = challenge::GameName::Seega;
        let mut sg = crate::document::doc::template_for(game, game.standard_spec(), "sg", "S");
        sg.position.pieces = vec![
            PieceSpec("a1".into(), SideName::White, challenge::KindName::Pawn),
            PieceSpec("b1".into(), SideName::Black, challenge::KindName::Pawn),
        ];
        assert!(Transform::QuarterTurn.allowed(&sg).is_ok());
        let (turned, _) = transformed(&sg, None, Transform::QuarterTurn).unwrap();
        // a1 (bottom left) goes to the top left, b1 beside it below.
        assert_eq!(turned.position.pieces[0].0, "a5");
        assert_eq!(turned.position.pieces[1].0, "a4");
        let four = (0..3).fold(turned, |c, _| {
            transformed(&c, None, Transform::QuarterTurn).unwrap().0
        });
        assert_eq!(four.position, sg.position);
    }

    #[test]
    fn a_shift_that_drops_a_piece_is_refused_and_one_that_fits_moves_everything() {
        let ch = load("challenges/01-terrain.ron");
        let checked = challenge::validate(&ch).unwrap();
        let w = i8::try_from(ch.position.width).unwrap();
        assert!(transformed(&ch, Some(&checked), Transform::Shift(w, 0)).is_err());
        let spec = mapped_spec(&ch.position, &shift_map(5, 5, 1, 0));
        let moved = spec.map(|s| s.pieces.len());
        assert!(moved.is_none() || moved == Some(ch.position.pieces.len()));
    }
}
