//! [`Drawn`] for each rule set (what its positions look like) and for [`AnyPosition`], and the
//! discs of each game's pieces: the one place that knows how a game is drawn.

use super::{Disc, Drawn, End, Label, LabelKind, Palette, Shape};
use crate::game::Player;
use crate::games::board::Square;
use crate::games::pawn_peak::{self, MoveKind, Piece};
use crate::games::{AnyPosition, breakthrough, seega, with_position};

/// A Pawn&Peak piece as drawn.
pub fn pawn_peak_disc(square: Square, p: Piece) -> Disc {
    Disc {
        square,
        side: p.side.into(),
        letter: p.kind.letter().to_string(),
        badge: Some(format!("{}/{}", p.kind.strength(), p.kind.movement())),
        name: format!(
            "{} {} (strength {}, movement {})",
            capitalised(p.side.name()),
            p.kind.name(),
            p.kind.strength(),
            p.kind.movement()
        ),
    }
}

/// A White or Black piece without letter: `White Pawn`, `Black Stone`.
pub fn plain_disc(square: Square, side: Player, kind: &str) -> Disc {
    Disc {
        square,
        side,
        letter: String::new(),
        badge: None,
        name: format!(
            "{} {kind}",
            if side == Player::First {
                "White"
            } else {
                "Black"
            }
        ),
    }
}

fn capitalised(word: &str) -> String {
    let mut c = word.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

impl Drawn for pawn_peak::Position {
    fn facts(&self) -> Option<String> {
        use pawn_peak::Side;
        let exited: Vec<String> = self
            .exited()
            .iter()
            .map(|p| {
                format!(
                    "{} {}",
                    capitalised(p.side.name()),
                    capitalised(p.kind.name())
                )
            })
            .collect();
        let exited = if exited.is_empty() {
            "none".to_string()
        } else {
            exited.join(", ")
        };
        Some(format!(
            "Score Red {} : {} Blue · exited: {exited} · move {} of {}",
            self.score(Side::Red),
            self.score(Side::Blue),
            self.move_count(),
            self.move_limit()
        ))
    }
    fn board_size(&self) -> (u8, u8) {
        (self.width(), self.height())
    }
    fn terrain_at(&self, sq: Square) -> Option<u8> {
        Some(self.height_at(sq))
    }
    fn has_exits(&self) -> bool {
        true
    }
    fn palette(&self) -> Palette {
        Palette::RedBlue
    }
    fn discs(&self) -> Vec<Disc> {
        self.pieces().map(|(sq, p)| pawn_peak_disc(sq, p)).collect()
    }
    fn shape(&self, mv: pawn_peak::Move) -> Shape {
        if mv.kind == MoveKind::Exit {
            let side = self
                .piece_at(mv.from)
                .map_or(self.side_to_move(), |p| p.side);
            Shape::Arrow(mv.from, End::Exit(side.into()))
        } else {
            Shape::Arrow(mv.from, End::Tile(mv.to))
        }
    }
    fn label(&self, mv: pawn_peak::Move) -> Label {
        let at = match self.shape(mv) {
            Shape::Arrow(_, end) => end,
            Shape::Ring(_) => End::Tile(mv.to),
        };
        let (text, detail, kind) = match mv.kind {
            MoveKind::Exit => (format!("exit {}", mv.cost), None, LabelKind::Step),
            MoveKind::Special => ("sp".to_string(), None, LabelKind::Step),
            MoveKind::Normal => (mv.cost.to_string(), None, LabelKind::Step),
            MoveKind::Capture => (
                mv.cost.to_string(),
                Some(format!("{} vs {}", mv.attack, mv.defense)),
                LabelKind::Capture,
            ),
        };
        Label {
            at,
            text,
            detail,
            kind,
        }
    }
}

impl Drawn for breakthrough::Position {
    fn board_size(&self) -> (u8, u8) {
        (self.width(), self.height())
    }
    fn discs(&self) -> Vec<Disc> {
        self.squares()
            .filter_map(|sq| self.pawn_at(sq).map(|s| plain_disc(sq, s.into(), "Pawn")))
            .collect()
    }
    fn shape(&self, mv: breakthrough::Move) -> Shape {
        Shape::Arrow(mv.from, End::Tile(mv.to))
    }
    fn label(&self, mv: breakthrough::Move) -> Label {
        Label {
            at: End::Tile(mv.to),
            text: String::new(),
            detail: None,
            kind: if mv.capture {
                LabelKind::Capture
            } else {
                LabelKind::Step
            },
        }
    }
}

impl Drawn for seega::Position {
    fn board_size(&self) -> (u8, u8) {
        (self.size(), self.size())
    }
    fn refuge(&self) -> Option<Square> {
        Some(seega::Position::refuge(self))
    }
    fn chain(&self) -> Option<Square> {
        seega::Position::chain(self)
    }
    fn discs(&self) -> Vec<Disc> {
        self.squares()
            .filter_map(|sq| self.piece_at(sq).map(|s| plain_disc(sq, s.into(), "Stone")))
            .collect()
    }
    fn shape(&self, mv: seega::Move) -> Shape {
        match mv {
            seega::Move::Place(a, b) => Shape::Ring([Some(a), b].into_iter().flatten().collect()),
            seega::Move::Step { from, to, .. } => Shape::Arrow(from, End::Tile(to)),
        }
    }
}

impl Drawn for AnyPosition {
    fn facts(&self) -> Option<String> {
        with_position!(self, p => p.facts())
    }
    fn board_size(&self) -> (u8, u8) {
        with_position!(self, p => p.board_size())
    }
    fn terrain_at(&self, sq: Square) -> Option<u8> {
        with_position!(self, p => p.terrain_at(sq))
    }
    fn has_exits(&self) -> bool {
        with_position!(self, p => p.has_exits())
    }
    fn palette(&self) -> Palette {
        with_position!(self, p => p.palette())
    }
    fn refuge(&self) -> Option<Square> {
        with_position!(self, p => Drawn::refuge(p))
    }
    fn chain(&self) -> Option<Square> {
        with_position!(self, p => Drawn::chain(p))
    }
    fn discs(&self) -> Vec<Disc> {
        with_position!(self, p => p.discs())
    }
    fn shape(&self, mv: crate::games::AnyMove) -> Shape {
        crate::games::with_position_and_move!(self, mv, p, m => p.shape(m), Shape::Ring(Vec::new()))
    }
    fn clicks(&self, mv: crate::games::AnyMove) -> (Vec<Square>, bool) {
        crate::games::with_position_and_move!(self, mv, p, m => p.clicks(m), (Vec::new(), false))
    }
    fn label(&self, mv: crate::games::AnyMove) -> Label {
        crate::games::with_position_and_move!(self, mv, p, m => p.label(m), Label {
            at: End::Exit(Player::First),
            text: String::new(),
            detail: None,
            kind: LabelKind::Step,
        })
    }
}
