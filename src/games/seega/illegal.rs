//! Why a move text is not a legal move of a Seega position (RULES.md SG-2, SG-3, SG-5, SG-7),
//! for the message of an illegal move: a placement onto the refuge, a taken tile or off the
//! board, the wrong number of tiles for the pieces in hand, a step while placing or a
//! placement while moving, a stone other than the chain piece during a chain, an empty or
//! foreign origin.

use super::position::Position;
use super::rules;
use crate::game::{GameState, origin_note};
use crate::games::board::Square;

/// A step's text separators (SG-7; `x` is accepted as in the other games).
const STEP_SEPARATORS: [char; 2] = ['-', 'x'];

impl Position {
    /// The fault of a placement-shaped text (`c1+d2`, `c1`) or a step-shaped one that does not
    /// fit the phase; `None` when the text is a step in the movement phase (the origin then
    /// tells, see [`Position::origin_fault`]) or no fault is found here.
    pub(super) fn phase_fault(&self, text: &str) -> Option<String> {
        let t = text.trim().to_ascii_lowercase();
        let side = self.side_to_move().name();
        let is_step = t.contains(STEP_SEPARATORS);
        if !self.placing() {
            let placement = !is_step && t.split('+').all(|s| Square::parse(s).is_ok());
            return placement.then(|| {
                "both hands are empty: the placement phase is over; a turn moves one stone one \
                 tile up, down, left or right, e.g. c1-c2 (SG-3)"
                    .to_string()
            });
        }
        let hand = self.in_hand(self.side_to_move());
        if is_step {
            return Some(format!(
                "the placement phase goes on ({side} has {hand} in hand): a turn places pieces \
                 on empty tiles, e.g. a1+b2; stones move once both hands are empty (SG-2)"
            ));
        }
        let names: Vec<&str> = t.split('+').collect();
        let mut squares = Vec::new();
        for name in &names {
            let sq = match Square::parse(name) {
                Ok(sq) => sq,
                Err(e) => return Some(e),
            };
            if !self.contains(sq) {
                return Some(origin_note(
                    &sq.to_string(),
                    (self.size(), self.size()),
                    None,
                    side,
                ));
            }
            if sq == self.refuge() {
                return Some(format!(
                    "{sq} is the central refuge: no piece is placed there (SG-2)"
                ));
            }
            if let Some(owner) = self.piece_at(sq) {
                return Some(format!(
                    "{sq} is taken: it holds {}'s stone; a piece is placed on an empty tile (SG-2)",
                    owner.name()
                ));
            }
            if squares.contains(&sq) {
                return Some(format!("{sq} is named twice: two pieces need two tiles"));
            }
            squares.push(sq);
        }
        let wanted = hand.min(rules::PLACED_PER_TURN);
        (squares.len() != usize::from(wanted)).then(|| match wanted {
            1 => format!(
                "{side} has one piece left in hand: name one empty tile, e.g. a1 (SG-7)"
            ),
            _ => format!(
                "{side} has {hand} pieces in hand and places {wanted} a turn: name {wanted} empty tiles joined by '+', e.g. a1+b2 (SG-2)"
            ),
        })
    }

    /// What is on the origin square of a step with no legal move from there: off the board,
    /// empty, the opponent's stone, a stone without a step, or, during a chain (SG-5), not the
    /// stone that must go on capturing.
    pub(super) fn origin_fault(&self, square: &str) -> String {
        let sq = match Square::parse(square) {
            Ok(sq) => sq,
            Err(e) => return e,
        };
        let side = self.side_to_move().name();
        if let Some(chain) = self.chain().filter(|&c| c != sq && self.contains(sq)) {
            let steps: Vec<String> = self
                .legal_moves()
                .into_iter()
                .map(|m| self.move_text(m))
                .collect();
            return format!(
                "{side}'s stone on {chain} must go on capturing (SG-5, D-17): only its capturing steps are legal: {}",
                steps.join(", ")
            );
        }
        let occupant = self
            .contains(sq)
            .then(|| self.piece_at(sq).map(|s| (s.name(), "stone")));
        origin_note(&sq.to_string(), (self.size(), self.size()), occupant, side)
    }
}
