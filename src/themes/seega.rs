//! Seega's themes (RULES.md SG-2 to SG-6): how a move or an end shows each, and the move limit
//! raised to test the one rule that can be taken away.

use super::{Start, Theme, Themed, limit_raised};
use crate::challenge::PositionSpec;
use crate::game::{GameState, Reason};
use crate::games::board::Square;
use crate::games::seega::{Move, Position};

/// The themes, in RULES.md's order.
const THEMES: &[Theme] = &[
    Theme {
        id: "sg-2-placement",
        name: "Placement",
        shown_by: "a placement in the main line (SG-2)",
        taken_away: None,
        start: Start::InHand,
    },
    Theme {
        id: "sg-4-capture",
        name: "Custodian capture",
        shown_by: "a move of the main line that captures (SG-4)",
        taken_away: None,
        start: Start::Any,
    },
    Theme {
        id: "sg-4-refuge",
        name: "The refuge",
        shown_by: "a move of the main line onto the central refuge (SG-4: a piece there cannot be captured), or a capture that the piece on the refuge makes with the mover",
        taken_away: None,
        start: Start::Any,
    },
    Theme {
        id: "sg-5-chain",
        name: "Capture chain",
        shown_by: "a move of the main line that goes on with a capture chain (SG-5)",
        taken_away: None,
        start: Start::Chain,
    },
    Theme {
        id: "sg-6-elimination",
        name: "Elimination",
        shown_by: "the main line ends with the defender's last piece taken (SG-6)",
        taken_away: None,
        start: Start::Any,
    },
    Theme {
        id: "sg-6-blocked",
        name: "Blocked",
        shown_by: "the main line ends with the side to move blocked, the player ahead (SG-6)",
        taken_away: None,
        start: Start::Any,
    },
    Theme {
        id: "sg-6-move-limit",
        name: "Move limit",
        shown_by: "the main line ends at the move limit, the player ahead (SG-6, D-18)",
        taken_away: Some("with the limit raised"),
        start: Start::TightLimit,
    },
];

impl Themed for Position {
    const THEMES: &'static [Theme] = THEMES;

    fn shown_by_move(&self, mv: Move) -> Vec<(&'static str, String)> {
        let text = self.move_text(mv);
        let mut out = Vec::new();
        match mv {
            Move::Place(..) => out.push(("sg-2-placement", format!("{text} is a placement"))),
            Move::Step { to, captures, .. } => {
                if captures > 0 {
                    out.push((
                        "sg-4-capture",
                        format!("{text} captures {captures} piece(s)"),
                    ));
                }
                if self.chain().is_some() {
                    out.push((
                        "sg-5-chain",
                        format!("{text} goes on with the capture chain"),
                    ));
                }
                if to == self.refuge() {
                    out.push(("sg-4-refuge", format!("{text} goes onto the refuge {to}")));
                } else if captures > 0 && refuge_helps(self, to) {
                    let r = self.refuge();
                    out.push((
                        "sg-4-refuge",
                        format!("{text} captures with the piece on the refuge {r}"),
                    ));
                }
            }
        }
        out
    }

    fn shown_by_end(_start: &Position, reason: Reason) -> Vec<(&'static str, String)> {
        let id = match reason {
            Reason::Elimination => "sg-6-elimination",
            Reason::Blocked => "sg-6-blocked",
            Reason::MoveLimit => "sg-6-move-limit",
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

    fn without(_start: &Position, spec: &PositionSpec, id: &str) -> Option<Position> {
        (id == "sg-6-move-limit")
            .then(|| limit_raised(spec))
            .flatten()
    }
}

/// Whether a step to `to` in `pos` brackets an enemy piece against the mover's piece on the
/// refuge (SG-4: a piece on the refuge still helps capture).
fn refuge_helps(pos: &Position, to: Square) -> bool {
    let (r, mover) = (pos.refuge(), pos.side_to_move());
    let (tf, tr, rf, rr) = (to.file(), to.rank(), r.file(), r.rank());
    let lined = (tf == rf && tr.abs_diff(rr) == 2) || (tr == rr && tf.abs_diff(rf) == 2);
    let mid = Square::new(u8::midpoint(tf, rf), u8::midpoint(tr, rr));
    lined && pos.piece_at(r) == Some(mover) && pos.piece_at(mid) == Some(mover.opponent())
}
