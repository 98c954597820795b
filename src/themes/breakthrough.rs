//! Breakthrough's themes (RULES.md BT-2, BT-3): how a move or an end shows each. No rule of
//! Breakthrough is taken away: without captures, or without the far rank, it is another game.

use super::{Start, Theme, Themed};
use crate::challenge::PositionSpec;
use crate::game::{GameState, Reason};
use crate::games::breakthrough::{Move, Position};

/// Why no Breakthrough start can end with the defender left without a legal move while it
/// has a pawn (BT-2, BT-3, D-12): its most advanced pawn is not on its far rank (the match
/// would be over), no pawn of its own stands on the rank in front (it would be more
/// advanced), and a board is at least 2 files wide, so one of its forward diagonals is on the
/// board and holds nothing (a step) or an enemy pawn (a capture).
pub const NO_LEGAL_MOVE: &str = "a Breakthrough side with a pawn always has a legal move: its most advanced pawn has a forward diagonal on the board (at least 2 files, D-12) that is empty (a step) or holds an enemy pawn (a capture), since no pawn of its own is further forward (BT-2); the match ends by breakthrough or elimination instead (BT-3)";

/// The themes, in RULES.md's order.
const THEMES: &[Theme] = &[
    Theme {
        id: "bt-2-capture",
        name: "Diagonal capture",
        shown_by: "a capture in the main line (BT-2)",
        taken_away: None,
        start: Start::Any,
    },
    Theme {
        id: "bt-3-breakthrough",
        name: "Reach the far rank",
        shown_by: "the main line ends with a pawn on the far rank (BT-3)",
        taken_away: None,
        start: Start::Any,
    },
    Theme {
        id: "bt-3-elimination",
        name: "Elimination",
        shown_by: "the main line ends with the defender's last pawn taken (BT-3)",
        taken_away: None,
        start: Start::Any,
    },
    Theme {
        id: "bt-3-no-legal-move",
        name: "No legal move",
        shown_by: "the main line ends with the defender left without a legal move (BT-3, D-14)",
        taken_away: None,
        start: Start::Never(NO_LEGAL_MOVE),
    },
];

impl Themed for Position {
    const THEMES: &'static [Theme] = THEMES;

    fn shown_by_move(&self, mv: Move) -> Vec<(&'static str, String)> {
        if mv.capture {
            vec![(
                "bt-2-capture",
                format!("{} is a capture", self.move_text(mv)),
            )]
        } else {
            Vec::new()
        }
    }

    fn shown_by_end(_start: &Position, reason: Reason) -> Vec<(&'static str, String)> {
        let id = match reason {
            Reason::Breakthrough => "bt-3-breakthrough",
            Reason::Elimination => "bt-3-elimination",
            Reason::NoLegalMove => "bt-3-no-legal-move",
            _ => return Vec::new(),
        };
        vec![(
            id,
            format!(
                "the main line ends by {}",
                reason.as_str().replace('_', " ")
            ),
        )]
    }

    fn without(_start: &Position, _spec: &PositionSpec, _id: &str) -> Option<Position> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::challenge::{ChallengeGame, GameName};
    use crate::generate::setup::{Shape, random_spec, trial_rng};

    /// NO_LEGAL_MOVE's claim, tried: in random live starts of several sizes, and after each of
    /// their moves, a side to move of a match that goes on has a legal move (rule BT-3).
    #[test]
    fn a_side_with_a_pawn_always_has_a_legal_move() {
        let mut positions = 0;
        for (size, pieces) in [((2, 4), 3), ((3, 5), 6), ((5, 5), 10), ((8, 8), 24)] {
            let shape = Shape {
                game: GameName::Breakthrough,
                size,
                pieces,
                moves: 1,
            };
            for k in 0..400 {
                let spec = random_spec(shape, &[], &mut trial_rng(3, k)).unwrap();
                let Ok(start) = Position::from_spec(&spec) else {
                    continue;
                };
                let mut all = vec![start];
                all.extend(start.legal_moves().into_iter().map(|m| start.play(m)));
                for p in all.iter().filter(|p| p.outcome().is_none()) {
                    positions += 1;
                    assert!(!p.legal_moves().is_empty(), "{p}");
                }
            }
        }
        assert!(positions > 1000, "only {positions} live positions drawn");
    }
}
