//! Pawn&Peak's themes (RULES.md PP-4 to PP-9): how a move or an end shows each, and how each
//! rule that can be taken away is.

use super::{Start, Theme, Themed, limit_raised};
use crate::challenge::PositionSpec;
use crate::game::{GameState, Reason};
use crate::games::pawn_peak::{Move, MoveKind, Position, Removed, Side};

/// The themes, in RULES.md's order.
const THEMES: &[Theme] = &[
    Theme {
        id: "pp-4-terrain",
        name: "Terrain cost",
        shown_by: "a move of the main line whose cheapest path costs more than on flat terrain (PP-4.2)",
        taken_away: Some("with flat terrain"),
        start: Start::Terrain,
    },
    Theme {
        id: "pp-5-exit",
        name: "Exit with a point to spare",
        shown_by: "an exit in the main line (PP-5.1: one more point to cross the edge)",
        taken_away: Some("with the crossing free"),
        start: Start::Any,
    },
    Theme {
        id: "pp-6-support",
        name: "Capture with support",
        shown_by: "a capture of the main line with support (PP-6.3)",
        taken_away: Some("without support"),
        start: Start::Any,
    },
    Theme {
        id: "pp-6-reinforcement",
        name: "Capture against reinforcement",
        shown_by: "a capture of the main line of a reinforced piece (PP-6.3)",
        taken_away: Some("without reinforcement"),
        start: Start::Clustered,
    },
    Theme {
        id: "pp-6-charge",
        name: "Protector charge",
        shown_by: "a capture of the main line with the Protector's charge (PP-6.4)",
        taken_away: Some("without the charge"),
        start: Start::Any,
    },
    Theme {
        id: "pp-7-scout-special",
        name: "Scout special move",
        shown_by: "a Scout's special move in the main line (PP-7)",
        taken_away: Some("without the Scout's special move"),
        start: Start::Any,
    },
    Theme {
        id: "pp-8-guardian-exit",
        name: "Guardian first exit",
        shown_by: "the main line ends with a Guardian's first exit (PP-8.1)",
        taken_away: Some("with a Guardian's first exit only scoring"),
        start: Start::Any,
    },
    Theme {
        id: "pp-8-two-exits",
        name: "Two exits and the score",
        shown_by: "the main line ends with the match's second exit (PP-8.1)",
        taken_away: None,
        start: Start::OneExited,
    },
    Theme {
        id: "pp-8-elimination",
        name: "Elimination",
        shown_by: "the main line ends with the defender's last piece taken (PP-8.2)",
        taken_away: None,
        start: Start::Any,
    },
    Theme {
        id: "pp-8-move-limit",
        name: "Move limit",
        shown_by: "the main line ends at the move limit (PP-8.3)",
        taken_away: Some("with the limit raised"),
        start: Start::TightLimit,
    },
    Theme {
        id: "pp-8-no-legal-move",
        name: "No legal move",
        shown_by: "the main line ends with the defender left without a legal move (PP-8.4)",
        taken_away: None,
        start: Start::Boxed,
    },
    Theme {
        id: "pp-9-starting-score",
        name: "Starting score",
        shown_by: "a starting score that the main line's end counts (PP-9.1, D-10)",
        taken_away: Some("with the starting score at 0"),
        start: Start::Scores,
    },
];

impl Themed for Position {
    const THEMES: &'static [Theme] = THEMES;

    fn shown_by_move(&self, mv: Move) -> Vec<(&'static str, String)> {
        let text = self.move_text(mv);
        let mut out = Vec::new();
        // A special move ignores heights (PP-7.1); any other costs its cheapest path.
        if mv.kind != MoveKind::Special
            && self
                .flattened()
                .legal_moves()
                .iter()
                .all(|m| (m.from, m.to, m.kind, m.cost) != (mv.from, mv.to, mv.kind, mv.cost))
        {
            out.push((
                "pp-4-terrain",
                format!("{text} costs {} over the terrain", mv.cost),
            ));
        }
        match mv.kind {
            MoveKind::Exit => out.push((
                "pp-5-exit",
                format!("{text} exits with {} point(s) of movement", mv.cost),
            )),
            MoveKind::Special => out.push((
                "pp-7-scout-special",
                format!("{text} is a Scout's special move"),
            )),
            MoveKind::Capture => {
                if let Some(t) = self.capture_terms(mv.from, mv.to, mv.cost) {
                    let odds = format!("(attack {} against {})", t.attack(), t.defense());
                    if t.support > 0 {
                        out.push((
                            "pp-6-support",
                            format!("{text} captures with support {} {odds}", t.support),
                        ));
                    }
                    if t.reinforcement > 0 {
                        out.push((
                            "pp-6-reinforcement",
                            format!(
                                "{text} captures a piece reinforced by {} {odds}",
                                t.reinforcement
                            ),
                        ));
                    }
                    if t.charge > 0 {
                        out.push((
                            "pp-6-charge",
                            format!("{text} captures with the Protector's charge {odds}"),
                        ));
                    }
                }
            }
            _ => {}
        }
        out
    }

    fn shown_by_end(start: &Position, reason: Reason) -> Vec<(&'static str, String)> {
        let id = match reason {
            Reason::GuardianExit => "pp-8-guardian-exit",
            Reason::TwoExits => "pp-8-two-exits",
            Reason::Elimination => "pp-8-elimination",
            Reason::MoveLimit => "pp-8-move-limit",
            Reason::NoLegalMove => "pp-8-no-legal-move",
            Reason::Breakthrough | Reason::Blocked => return Vec::new(),
        };
        let mut out = vec![(
            id,
            format!(
                "the main line ends by {}",
                reason.as_str().replace('_', " ")
            ),
        )];
        let (red, blue) = (start.score(Side::Red), start.score(Side::Blue));
        if (red, blue) != (0, 0) && matches!(reason, Reason::TwoExits | Reason::MoveLimit) {
            out.push((
                "pp-9-starting-score",
                format!(
                    "the starting score {red}:{blue} counts when the match ends by {}",
                    reason.as_str().replace('_', " ")
                ),
            ));
        }
        out
    }

    fn without(start: &Position, spec: &PositionSpec, id: &str) -> Option<Position> {
        let removed = match id {
            "pp-4-terrain" => return Some(start.flattened()),
            "pp-5-exit" => Removed::EXIT_STEP,
            "pp-6-support" => Removed::SUPPORT,
            "pp-6-reinforcement" => Removed::REINFORCEMENT,
            "pp-6-charge" => Removed::CHARGE,
            "pp-7-scout-special" => Removed::SCOUT_SPECIAL,
            "pp-8-guardian-exit" => Removed::GUARDIAN_EXIT,
            "pp-8-move-limit" => return limit_raised(spec),
            "pp-9-starting-score" => {
                let mut spec = spec.clone();
                spec.scores = Some(Default::default());
                return <Position as crate::challenge::ChallengeGame>::from_spec(&spec).ok();
            }
            _ => return None,
        };
        Some(start.without(removed))
    }
}
