//! A rectangle of tiles lifted from a board, in any game: its terrain heights (in a game with
//! terrain) and its pieces, with squares counted from the rectangle's bottom-left tile (`a1`).
//! Copy, cut, paste and move of the editor's selection, headless. Its text form (what goes to
//! the system clipboard, so that it pastes into another document or another editor) is RON:
//!
//! ```text
//! (game: "pawn-peak", width: 2, height: 1, terrain: Some(["12"]), pieces: [("b1", Red, Scout)])
//! ```

use serde::{Deserialize, Serialize};

use super::spec_edit;
use crate::challenge::{GameName, PieceSpec, PositionSpec};
use crate::games::board::Square;

/// A rectangle of tiles, both corners included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rect {
    /// The bottom-left tile.
    pub min: Square,
    /// The top-right tile.
    pub max: Square,
}

impl Rect {
    /// The rectangle spanned by two opposite corners, in any order.
    #[must_use]
    pub fn spanning(a: Square, b: Square) -> Rect {
        Rect {
            min: Square::new(a.file().min(b.file()), a.rank().min(b.rank())),
            max: Square::new(a.file().max(b.file()), a.rank().max(b.rank())),
        }
    }

    /// Files and ranks it covers.
    #[must_use]
    pub fn size(self) -> (u8, u8) {
        (
            self.max.file() - self.min.file() + 1,
            self.max.rank() - self.min.rank() + 1,
        )
    }

    /// Whether it covers `sq`.
    #[must_use]
    pub fn contains(self, sq: Square) -> bool {
        (self.min.file()..=self.max.file()).contains(&sq.file())
            && (self.min.rank()..=self.max.rank()).contains(&sq.rank())
    }

    /// Its tiles, rank by rank from the bottom.
    #[must_use]
    pub fn squares(self) -> Vec<Square> {
        (self.min.rank()..=self.max.rank())
            .flat_map(|r| (self.min.file()..=self.max.file()).map(move |f| Square::new(f, r)))
            .collect()
    }

    /// In words: `b2–d4`, or `c3` for one tile.
    #[must_use]
    pub fn words(self) -> String {
        if self.min == self.max {
            self.min.to_string()
        } else {
            format!("{}\u{2013}{}", self.min, self.max)
        }
    }
}

/// Tiles lifted from a board (see the module's text form).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clip {
    /// The game it was lifted from.
    pub game: GameName,
    /// Files.
    pub width: u8,
    /// Ranks.
    pub height: u8,
    /// One row of digits per rank, top rank first (a game with terrain).
    pub terrain: Option<Vec<String>>,
    /// The pieces, squares counted from the rectangle's bottom-left tile.
    pub pieces: Vec<PieceSpec>,
}

impl Clip {
    /// The tiles of `rect` on `spec` (a board of `game`).
    #[must_use]
    pub fn copy(game: GameName, spec: &PositionSpec, rect: Rect) -> Clip {
        let (width, height) = rect.size();
        let terrain = game.authoring().terrain.then(|| {
            (0..height)
                .rev()
                .map(|dr| {
                    (0..width)
                        .map(|df| {
                            let sq = Square::new(rect.min.file() + df, rect.min.rank() + dr);
                            char::from(b'0' + spec_edit::height_at(spec, sq))
                        })
                        .collect()
                })
                .collect()
        });
        let pieces = spec
            .pieces
            .iter()
            .filter_map(|p| {
                let sq = Square::parse(&p.0).ok().filter(|&s| rect.contains(s))?;
                let at = Square::new(sq.file() - rect.min.file(), sq.rank() - rect.min.rank());
                Some(PieceSpec(at.to_string(), p.1, p.2))
            })
            .collect();
        Clip {
            game,
            width,
            height,
            terrain,
            pieces,
        }
    }

    /// The text form (RON, one line).
    #[must_use]
    pub fn to_text(&self) -> String {
        ron::to_string(self).unwrap_or_default()
    }

    /// Reads a clip's text form.
    ///
    /// # Errors
    /// A sentence when `text` is not a clip of tiles (the clipboard holds something else).
    pub fn from_text(text: &str) -> Result<Clip, String> {
        let clip: Clip = ron::from_str(text.trim())
            .map_err(|_| "the clipboard holds no tiles copied in peakforge".to_string())?;
        if clip.width == 0 || clip.height == 0 || clip.width > 16 || clip.height > 16 {
            return Err("the clipboard's tiles have no size a board can hold".into());
        }
        Ok(clip)
    }

    /// `spec` (a board of `game`) with the clip's tiles put with their bottom-left tile on
    /// `at`: the tiles it covers lose their pieces and take the clip's (and its heights when
    /// both games have terrain); what falls beyond the board's edge is left out.
    ///
    /// # Errors
    /// A sentence when the clip holds pieces of another game.
    pub fn paste(
        &self,
        game: GameName,
        spec: &PositionSpec,
        at: Square,
    ) -> Result<PositionSpec, String> {
        if self.game != game && !self.pieces.is_empty() {
            return Err(format!(
                "the tiles hold {} pieces: they cannot go on a {} board",
                self.game.as_str(),
                game.as_str()
            ));
        }
        let target = |df: u8, dr: u8| {
            let (f, r) = (at.file().checked_add(df)?, at.rank().checked_add(dr)?);
            (f < spec.width && r < spec.height).then(|| Square::new(f, r))
        };
        let mut out = spec.clone();
        let covered: Vec<Square> = (0..self.height)
            .flat_map(|dr| (0..self.width).filter_map(move |df| target(df, dr)))
            .collect();
        out.pieces
            .retain(|p| Square::parse(&p.0).map_or(true, |s| !covered.contains(&s)));
        for p in &self.pieces {
            let Ok(rel) = Square::parse(&p.0) else {
                continue;
            };
            if let Some(sq) = target(rel.file(), rel.rank()) {
                out.pieces.push(PieceSpec(sq.to_string(), p.1, p.2));
            }
        }
        if let (Some(rows), true) = (&self.terrain, game.authoring().terrain) {
            let mut changes = Vec::new();
            for (i, row) in rows.iter().enumerate() {
                let dr = self
                    .height
                    .saturating_sub(1 + u8::try_from(i).unwrap_or(u8::MAX));
                for (df, b) in row.bytes().enumerate() {
                    let df = u8::try_from(df).unwrap_or(u8::MAX);
                    if let (Some(sq), true) = (target(df, dr), b.is_ascii_digit()) {
                        changes.push((sq, b - b'0'));
                    }
                }
            }
            out = spec_edit::with_heights(&out, &changes);
        }
        Ok(out)
    }
}

/// `spec` with the tiles of `rect` emptied: no piece, height 0.
#[must_use]
pub fn cleared(game: GameName, spec: &PositionSpec, rect: Rect) -> PositionSpec {
    let mut out = spec.clone();
    out.pieces
        .retain(|p| Square::parse(&p.0).map_or(true, |s| !rect.contains(s)));
    if game.authoring().terrain {
        let zero: Vec<(Square, u8)> = rect.squares().into_iter().map(|s| (s, 0)).collect();
        out = spec_edit::with_heights(&out, &zero);
    }
    out
}

/// `spec` with the tiles of `rect` moved so that its bottom-left tile lands on `to` (cut, then
/// pasted: one change).
///
/// # Errors
/// As [`Clip::paste`].
pub fn moved(
    game: GameName,
    spec: &PositionSpec,
    rect: Rect,
    to: Square,
) -> Result<PositionSpec, String> {
    let clip = Clip::copy(game, spec, rect);
    clip.paste(game, &cleared(game, spec, rect), to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::challenge;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn tutorial() -> challenge::Challenge {
        challenge::load(std::path::Path::new("challenges/01-terrain.ron")).unwrap()
    }

    #[test]
    fn a_clip_survives_its_text_form_and_pastes_where_it_was() {
        let ch = tutorial();
        let rect = Rect::spanning(sq("d4"), sq("a1"));
        let clip = Clip::copy(ch.game, &ch.position, rect);
        let back = Clip::from_text(&clip.to_text()).unwrap();
        assert_eq!(back, clip);
        let same = clip.paste(ch.game, &ch.position, rect.min).unwrap();
        let sorted = |s: &PositionSpec| {
            let mut p = s.pieces.clone();
            p.sort_by(|a, b| a.0.cmp(&b.0));
            (p, s.terrain.clone())
        };
        assert_eq!(sorted(&same), sorted(&ch.position));
        assert!(Clip::from_text("hello").is_err());
    }

    #[test]
    fn moving_a_rectangle_carries_its_pieces_and_heights_and_empties_where_it_was() {
        let ch = tutorial();
        let p = &ch.position;
        let piece = p.pieces[0].clone();
        let at = Square::parse(&piece.0).unwrap();
        let rect = Rect::spanning(at, at);
        let to = Square::new((at.file() + 1) % p.width, at.rank());
        let h = spec_edit::height_at(p, at);
        let moved = moved(ch.game, p, rect, to).unwrap();
        assert_eq!(
            spec_edit::piece_at(&moved, to),
            Some(spec_edit::Stamp {
                side: piece.1,
                kind: piece.2
            })
        );
        assert_eq!(spec_edit::piece_at(&moved, at), None);
        assert_eq!(spec_edit::height_at(&moved, to), h);
        assert_eq!(spec_edit::height_at(&moved, at), 0);
    }

    #[test]
    fn pieces_of_another_game_are_refused_and_the_edge_cuts_a_paste() {
        let ch = tutorial();
        let clip = Clip::copy(ch.game, &ch.position, Rect::spanning(sq("a1"), sq("e5")));
        let bt = challenge::GameName::Breakthrough;
        assert!(clip.paste(bt, &bt.standard_spec(), sq("a1")).is_err());
        let corner = Square::new(ch.position.width - 1, ch.position.height - 1);
        let pasted = clip.paste(ch.game, &ch.position, corner).unwrap();
        assert!(pasted.pieces.iter().all(|p| {
            let s = Square::parse(&p.0).unwrap();
            s.file() < ch.position.width && s.rank() < ch.position.height
        }));
    }
}
