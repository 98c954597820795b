//! Seega (RULES.md SG-1 to SG-9): on a 5×5 (7×7, 9×9) board with a refuge in the centre, the
//! sides first place their pieces two by two, then step them orthogonally, capturing enemy
//! pieces by enclosing them, and go on capturing with the same piece.
//!
//! `moves --json` kinds: `special` for a placement, `move` for a step, `capture` for a step that
//! captures (its text is still `c1-c2`, SG-7). Seega keeps no score.
//!
//! ```
//! use peakforge::game::GameState;
//! use peakforge::games::seega::Position;
//! // White steps b1-b2 and encloses the Black piece on b3 against b4.
//! let p: Position = "5/1W3/1B3/5/1W2B w 0:0 - 0/200".parse().unwrap();
//! let q = p.play(p.parse_move("b1-b2").unwrap());
//! assert_eq!(q.to_string(), "5/1W3/5/1W3/4B b 0:0 - 1/200");
//! ```

mod illegal;
mod movegen;
mod moves;
mod notation;
mod play;
mod position;
pub mod rules;

pub use moves::Move;
pub use position::Position;

pub use crate::games::board::white_black::Side;

use crate::game::{GameState, MoveError, Outcome, Player};
use crate::games::board::Square;

/// Search tuning (move order only, never an answer): a step is tried before others by the
/// stones it takes (SG-4), as a capture may end the match by elimination or start a chain
/// (SG-5). Only the order matters, so any positive weight gives the same search; the node
/// counts `peakforge verify` gives for the Seega tutorials are with it.
const CAPTURE_WEIGHT: i32 = 100;

impl GameState for Position {
    type Move = Move;

    /// A chain (SG-5) or the placement order (SG-8) lets one side play several plies in a row.
    fn sides_alternate(&self) -> bool {
        false
    }

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

    /// Steps that capture most first; placements and quiet steps alike.
    fn move_priority(&self, mv: Move) -> i32 {
        match mv {
            Move::Step { captures, .. } => CAPTURE_WEIGHT * i32::from(captures),
            Move::Place(..) => 0,
        }
    }

    fn plies_left(&self) -> Option<u32> {
        Some(u32::from(
            self.move_limit().saturating_sub(self.move_count()),
        ))
    }

    fn side_name(&self, player: Player) -> &'static str {
        Side::from(player).name()
    }

    /// What is on a step's origin, and during a chain that another stone must go on
    /// capturing (SG-5).
    fn describe_origin(&self, square: &str) -> Option<String> {
        Some(self.origin_fault(square))
    }

    /// As the provided method, and a placement's two squares may come in either order. An
    /// illegal text's reason names the fault of a placement or of the phase (SG-2, SG-3, SG-7)
    /// before the provided [`GameState::why_illegal`] looks at a step's origin.
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let norm = |s: &str| {
            let s = s.trim().to_ascii_lowercase().replace('x', "-");
            match s.split_once('+') {
                // Squares in text order (SG-7), whatever order they came in.
                Some((a, b)) => match (Square::parse(a), Square::parse(b)) {
                    (Ok(a), Ok(b)) => Move::place(a, Some(b)).text(),
                    _ => s,
                },
                None => s,
            }
        };
        let wanted = norm(text);
        if let Some(mv) = self.legal_moves().into_iter().find(|&m| m.text() == wanted) {
            return Ok(mv);
        }
        let reason = match self.outcome() {
            Some(o) => format!("the match is over ({})", o.reason.as_str()),
            None => self
                .phase_fault(text)
                .unwrap_or_else(|| self.why_illegal(text)),
        };
        Err(MoveError::Illegal {
            text: text.to_string(),
            reason,
        })
    }
}
