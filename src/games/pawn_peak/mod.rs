//! Pawn&Peak (RULES.md PP-1 to PP-11): a 3..16-wide board with terrain heights, Scouts,
//! Protectors and Guardians that move along cheapest paths, capture with support and score by
//! exiting past the far edge.

mod movegen;
mod notation;
mod play;
mod position;
pub mod rules;
mod types;
mod zobrist;

pub use movegen::{Move, MoveKind, Reach};
pub use notation::PositionError;
pub use position::{EditError, Position};
pub use types::{Piece, PieceKind, Side, Square};

use crate::game::{GameState, Outcome, Player};

impl GameState for Position {
    type Move = Move;

    fn to_move(&self) -> Player {
        self.side_to_move().into()
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        self.moves_into(out);
    }

    fn play(&self, mv: Move) -> Position {
        self.after(mv)
    }

    fn key(&self) -> u64 {
        self.full_key()
    }

    fn move_text(&self, mv: Move) -> String {
        mv.text()
    }

    /// Exits first, then captures (stronger victims first), then moves that advance most.
    fn move_priority(&self, mv: Move) -> i32 {
        match mv.kind {
            MoveKind::Exit => 1000,
            MoveKind::Capture => 500 + i32::from(mv.defense),
            MoveKind::Normal | MoveKind::Special => {
                let side = self.side_to_move();
                i32::from(self.distance_to_exit(side, mv.from))
                    - i32::from(self.distance_to_exit(side, mv.to))
            }
        }
    }

    fn plies_left(&self) -> Option<u32> {
        Some(u32::from(
            self.move_limit().saturating_sub(self.move_count()),
        ))
    }

    fn side_name(player: Player) -> &'static str {
        Side::from(player).name()
    }
}

impl crate::report::Describe for Position {
    fn move_info(&self, mv: Move) -> crate::report::MoveInfo {
        let capture = mv.kind == MoveKind::Capture;
        crate::report::MoveInfo {
            text: mv.text(),
            kind: mv.kind.name(),
            cost: (mv.kind != MoveKind::Special).then_some(mv.cost),
            attack: capture.then_some(mv.attack),
            defense: capture.then_some(mv.defense),
        }
    }

    fn scores(&self) -> Option<[u16; 2]> {
        Some([self.score(Side::Red), self.score(Side::Blue)])
    }
}
