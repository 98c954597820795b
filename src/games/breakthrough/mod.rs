//! Breakthrough (RULES.md BT-1 to BT-5): pawns on a 2..16 × 4..16 board step forward straight
//! or diagonally and capture diagonally; the first pawn to reach the far rank wins.
//!
//! ```
//! use peakforge::game::GameState;
//! use peakforge::games::breakthrough::Position;
//! let p: Position = "4/1B2/W3/4 w 0/200".parse().unwrap();
//! let after = p.play(p.parse_move("a2xb3").unwrap());
//! assert_eq!(after.to_string(), "4/1W2/4/4 b 1/200");
//! assert_eq!(after.outcome().unwrap().reason.as_str(), "elimination");
//! ```

pub(crate) mod bitboard;
mod hooks;
mod movegen;
mod notation;
mod play;
mod position;
pub mod rules;

pub use crate::games::board::white_black::Side;
pub use movegen::Move;
pub use position::Position;

use crate::game::{GameState, Outcome, Player};

impl GameState for Position {
    type Move = Move;

    fn to_move(&self) -> Player {
        self.side_to_move().into()
    }

    fn describe_origin(&self, square: &str) -> Option<String> {
        let sq = match crate::games::board::Square::parse(square) {
            Ok(sq) => sq,
            Err(e) => return Some(e),
        };
        let occupant = self
            .contains(sq)
            .then(|| self.pawn_at(sq).map(|side| (side.name(), "pawn")));
        Some(crate::game::origin_note(
            &sq.to_string(),
            (self.width(), self.height()),
            occupant,
            self.side_to_move().name(),
        ))
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

    /// Moves onto the far rank first, then captures (of the most advanced pawns first), then
    /// the most advanced destinations, those the enemy cannot take at once first.
    fn move_priority(&self, mv: Move) -> i32 {
        self.priority(mv)
    }

    /// Moves onto the far rank, and captures of the last enemy pawn (see `hooks.rs`).
    fn win_in_one_candidates_into(&self, out: &mut Vec<Move>) {
        self.winning_moves_into(out);
    }

    /// Never: a move cannot bring the other side's pawn to its far rank nor take the mover's
    /// own last pawn, and the other side then always has a legal move (see `hooks.rs`).
    fn may_lose_at_once(&self) -> bool {
        false
    }

    /// The nearest pawn's ranks to go, or the enemy pawns to take, whichever is fewer; never,
    /// when the other side wins with its next move whatever the player does.
    fn moves_to_win_at_least(&self, player: Player) -> u32 {
        self.moves_to_win(player.into())
    }

    /// Pawns as two 96-bit sets, side, counter, limit, outcome (boards of up to 96 tiles).
    fn packed_key(&self) -> Option<[u64; 4]> {
        self.packed()
    }

    /// The board size, which the packed key leaves out.
    fn match_key(&self) -> u64 {
        self.size_key()
    }

    fn plies_left(&self) -> Option<u32> {
        Some(u32::from(
            self.move_limit().saturating_sub(self.move_count()),
        ))
    }

    fn side_name(&self, player: Player) -> &'static str {
        Side::from(player).name()
    }
}
