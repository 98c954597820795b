//! The board view ([`crate::board_view`]) of a challenge file's position as written, valid or not (the editor draws a board
//! being authored before it is a legal start): the tiles of its size, its terrain rows (a row
//! or digit that does not read is drawn flat), the pieces that name a square on the board and
//! a side and kind of the game, the refuge and the chain square.

use crate::board_view::{BoardView, Disc, Drawn, MarkKind, Palette, pawn_peak_disc, plain_disc};
use crate::challenge::{GameName, KindName, PositionSpec, SideName};
use crate::games::board::Square;
use crate::games::pawn_peak::Piece;
use crate::games::{breakthrough, pawn_peak, seega, with_game};

/// What a rule set's pieces and board look like as a file names them: implemented once per
/// rule set, beside its [`Drawn`].
pub trait Look: Drawn {
    /// Whether moves can leave the board.
    const EXITS: bool;
    /// The sides' colours.
    const PALETTE: Palette;
    /// The disc of a piece a file puts on `square`; `None` when the side or kind is not of
    /// this game.
    fn disc_of(square: Square, side: SideName, kind: KindName) -> Option<Disc>;
    /// The refuge of a `width` × `height` board, if the game has one.
    fn refuge_of(_width: u8, _height: u8) -> Option<Square> {
        None
    }
}

/// The view of `spec` read as a position of `game` (sizes clamped to 1..=16 tiles).
#[must_use]
pub fn of_spec(game: GameName, spec: &PositionSpec) -> BoardView {
    with_game!(game, G => build::<G>(spec))
}

fn build<G: Look>(spec: &PositionSpec) -> BoardView {
    let (width, height) = (spec.width.clamp(1, 16), spec.height.clamp(1, 16));
    let mut view = BoardView {
        width,
        height,
        exits: G::EXITS,
        palette: G::PALETTE,
        ..BoardView::default()
    };
    view.terrain = spec.terrain.as_ref().map(|rows| {
        view.squares()
            .iter()
            .map(|s| {
                let row = usize::from(height - 1 - s.rank());
                rows.get(row)
                    .and_then(|r| r.as_bytes().get(usize::from(s.file())))
                    .filter(|b| b.is_ascii_digit())
                    .map_or(0, |b| b - b'0')
            })
            .collect()
    });
    for p in &spec.pieces {
        if let Ok(sq) = Square::parse(&p.0)
            && view.contains(sq)
            && view.piece_at(sq).is_none()
            && let Some(d) = G::disc_of(sq, p.1, p.2)
        {
            view.pieces.push(d);
        }
    }
    view.marks
        .extend(G::refuge_of(width, height).map(|s| (s, MarkKind::Refuge)));
    if let Some(sq) = spec.chain.as_deref().and_then(|c| Square::parse(c).ok())
        && view.contains(sq)
    {
        view.marks.push((sq, MarkKind::Chain));
    }
    view
}

/// The sides' colours in `game`.
#[must_use]
pub fn palette_of(game: GameName) -> Palette {
    with_game!(game, G => <G as Look>::PALETTE)
}

/// A piece of `game` in words (`Red Scout (strength 1, movement 5)`, `White Pawn`); `None`
/// when the side or kind is not of the game.
#[must_use]
pub fn piece_words(game: GameName, side: SideName, kind: KindName) -> Option<String> {
    with_game!(game, G => G::disc_of(Square::new(0, 0), side, kind).map(|d| d.name))
}

impl Look for pawn_peak::Position {
    const EXITS: bool = true;
    const PALETTE: Palette = Palette::RedBlue;
    fn disc_of(square: Square, side: SideName, kind: KindName) -> Option<Disc> {
        let piece = Piece::new(side.pawn_peak()?, kind.pawn_peak()?);
        Some(pawn_peak_disc(square, piece))
    }
}
impl Look for breakthrough::Position {
    const EXITS: bool = false;
    const PALETTE: Palette = Palette::WhiteBlack;
    fn disc_of(square: Square, side: SideName, kind: KindName) -> Option<Disc> {
        (kind == KindName::Pawn)
            .then_some(())
            .and(side.white_black())
            .map(|s| plain_disc(square, s.into(), "Pawn"))
    }
}
impl Look for seega::Position {
    const EXITS: bool = false;
    const PALETTE: Palette = Palette::WhiteBlack;
    fn disc_of(square: Square, side: SideName, kind: KindName) -> Option<Disc> {
        (kind == KindName::Stone)
            .then_some(())
            .and(side.white_black())
            .map(|s| plain_disc(square, s.into(), "Stone"))
    }
    fn refuge_of(width: u8, height: u8) -> Option<Square> {
        (width == height && width % 2 == 1).then(|| Square::new(width / 2, height / 2))
    }
}
