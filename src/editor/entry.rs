//! Entering a move by clicking, in every game: click the piece, then its destination (or the
//! exit band past the edge); a Seega placement's one or two tiles in any order. The candidates
//! are the position's legal moves with the clicks each one takes ([`Drawn::clicks`]); the
//! board shows the squares clicked so far and, as labels, where the move being entered can
//! go (Pawn&Peak: with its cost). The line recorder and play-test both enter moves this way.

use crate::board_view::{BoardView, Drawn, End, Label, MarkKind};
use crate::game::GameState;
use crate::games::board::Square;
use crate::games::{AnyMove, AnyPosition};

/// One click of a move: a tile, or the exit band.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// A tile.
    Tile(Square),
    /// The exit band past the far edge.
    Exit,
}

/// A legal move as it is entered.
#[derive(Debug, Clone)]
pub struct Candidate {
    /// The move.
    pub mv: AnyMove,
    /// Its text.
    pub text: String,
    /// Its clicks, in order.
    pub picks: Vec<Pick>,
    /// Whether the clicks may come in any order (a placement).
    pub free: bool,
    /// Its label at its destination.
    pub label: Label,
}

/// The legal moves of `pos` as they are entered (none once the match is over).
#[must_use]
pub fn candidates(pos: &AnyPosition) -> Vec<Candidate> {
    if pos.outcome().is_some() {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let (tiles, free) = pos.clicks(m);
            let label = pos.label(m);
            let mut picks: Vec<Pick> = tiles.into_iter().map(Pick::Tile).collect();
            if matches!(label.at, End::Exit(_)) {
                picks.push(Pick::Exit);
            }
            Candidate {
                mv: m,
                text: pos.move_text(m),
                picks,
                free,
                label,
            }
        })
        .collect()
}

/// Whether the clicks `picked` begin candidate `c` (in its order, or any order when free);
/// `Some(true)` when they are the whole move.
fn matches(c: &Candidate, picked: &[Pick]) -> Option<bool> {
    let begins = if c.free {
        picked.len() <= c.picks.len() && picked.iter().all(|p| c.picks.contains(p))
    } else {
        c.picks.starts_with(picked)
    };
    begins.then_some(picked.len() == c.picks.len())
}

/// The move being entered: the clicks so far.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The clicks so far.
    pub picked: Vec<Pick>,
}

impl Entry {
    /// Forgets the clicks.
    pub fn clear(&mut self) {
        self.picked.clear();
    }

    /// The tiles clicked so far.
    #[must_use]
    pub fn tiles(&self) -> Vec<Square> {
        self.picked
            .iter()
            .filter_map(|p| match p {
                Pick::Tile(s) => Some(*s),
                Pick::Exit => None,
            })
            .collect()
    }

    /// A click among `moves`: extends the move being entered, or, when the clicks complete one
    /// legal move, clears them and returns it. A click that fits no move starts over
    /// from it (or clears the clicks); a tile clicked again clears them.
    pub fn click(&mut self, moves: &[Candidate], pick: Pick) -> Option<AnyMove> {
        if self.picked.contains(&pick) {
            self.picked.clear();
            return None;
        }
        let mut tried = self.picked.clone();
        tried.push(pick);
        for tried in [tried, vec![pick]] {
            let found: Vec<(&Candidate, bool)> = moves
                .iter()
                .filter_map(|c| matches(c, &tried).map(|whole| (c, whole)))
                .collect();
            if let Some((c, _)) = found.iter().find(|(_, whole)| *whole) {
                self.picked.clear();
                return Some(c.mv);
            }
            if !found.is_empty() {
                self.picked = tried;
                return None;
            }
        }
        self.picked.clear();
        None
    }

    /// The candidates the clicks so far begin but do not complete (none before a click).
    #[must_use]
    pub fn open<'a>(&self, moves: &'a [Candidate]) -> Vec<&'a Candidate> {
        if self.picked.is_empty() {
            return Vec::new();
        }
        moves
            .iter()
            .filter(|c| matches(c, &self.picked) == Some(false))
            .collect()
    }

    /// The move the exit band completes, if one does.
    #[must_use]
    pub fn exit<'a>(&self, moves: &'a [Candidate]) -> Option<&'a Candidate> {
        let mut with_exit = self.picked.clone();
        with_exit.push(Pick::Exit);
        moves.iter().find(|c| matches(c, &with_exit) == Some(true))
    }

    /// Marks the clicks on `view` and labels where the move being entered can go: one label
    /// per tile (the first candidate's), at the move's next click.
    pub fn show(&self, view: &mut BoardView, moves: &[Candidate]) {
        view.mark(&self.tiles(), MarkKind::Selected);
        for c in self.open(moves) {
            let next = c.picks.iter().find(|p| !self.picked.contains(p));
            let at = match next {
                Some(Pick::Tile(s)) => End::Tile(*s),
                Some(Pick::Exit) => c.label.at,
                None => continue,
            };
            if view.labels.iter().any(|l| l.at == at) {
                continue;
            }
            // The game's label belongs at the move's last click; elsewhere a plain dot.
            let label = if next == c.picks.last() {
                c.label.clone()
            } else {
                Label {
                    at,
                    text: String::new(),
                    detail: None,
                    kind: crate::board_view::LabelKind::Step,
                }
            };
            view.labels.push(Label { at, ..label });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameName;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn a_pawn_peak_exit_needs_the_band_and_a_step_its_tile() {
        let pos = AnyPosition::parse(GameName::PawnPeak, "3/G2/3/s2 - r 0:0 - 0/200").unwrap();
        let moves = candidates(&pos);
        let mut e = Entry::default();
        assert_eq!(
            e.click(&moves, Pick::Tile(sq("a3"))),
            None,
            "a piece alone is no move"
        );
        assert!(e.exit(&moves).is_some_and(|c| c.text == "a3-exit"));
        let mut view = BoardView::of(&pos);
        e.show(&mut view, &moves);
        assert!(
            view.labels
                .iter()
                .any(|l| matches!(l.at, End::Exit(_)) && l.text.starts_with("exit"))
        );
        assert!(
            view.labels
                .iter()
                .any(|l| l.at == End::Tile(sq("b3")) && !l.text.is_empty())
        );
        let exit = e.click(&moves, Pick::Exit).map(|m| pos.move_text(m));
        assert_eq!(exit.as_deref(), Some("a3-exit"));
        assert!(e.picked.is_empty());
    }

    #[test]
    fn a_seega_placement_takes_its_tiles_in_any_order_and_a_second_click_clears() {
        let pos = AnyPosition::parse(GameName::Seega, "5/5/5/5/5 w 12:12 - 0/200").unwrap();
        let moves = candidates(&pos);
        let mut e = Entry::default();
        assert_eq!(e.click(&moves, Pick::Tile(sq("b1"))), None);
        let placed = e
            .click(&moves, Pick::Tile(sq("a1")))
            .map(|m| pos.move_text(m));
        assert_eq!(placed.as_deref(), Some("a1+b1"));
        e.click(&moves, Pick::Tile(sq("b2")));
        assert_eq!(e.click(&moves, Pick::Tile(sq("b2"))), None);
        assert!(e.picked.is_empty() && e.open(&moves).is_empty());
    }
}
