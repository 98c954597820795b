//! The JSON documents of the CLI contract (DESIGN.md "Command line") for `moves` and `play`,
//! built from any [`GameState`].

use serde::Serialize;

use crate::game::{GameState, MoveError};
use crate::games::{
    AnyPosition, breakthrough, pawn_peak, seega, with_position, with_position_and_move,
};

/// One legal move as `moves --json` prints it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveInfo {
    /// Move text (RULES.md PP-11).
    #[serde(rename = "move")]
    pub text: String,
    /// `move`, `capture`, `exit` or `special`.
    pub kind: &'static str,
    /// Cheapest path cost in movement points; absent for a special move (and for games without
    /// costs).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<u8>,
    /// Attack of a capture (PP-6.2).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attack: Option<u8>,
    /// Defense of a capture (PP-6.2).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defense: Option<u8>,
}

/// `moves --json`: the side to move and every legal move once, sorted by move text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MovesReport {
    /// `red`/`blue` or `white`/`black`.
    pub side: &'static str,
    /// The legal moves, sorted by move text.
    pub moves: Vec<MoveInfo>,
}

/// Both sides' scores in `play --json`, named by the game's side names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Score {
    /// Red's (or White's) points.
    pub red: u16,
    /// Blue's (or Black's) points.
    pub blue: u16,
}

/// `play --json`: the position after the moves and the state of the match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayReport {
    /// The position string after the last move.
    pub position: String,
    /// `ongoing` or `finished`.
    pub status: &'static str,
    /// The winner's side name, or `None` (null) for a draw or an ongoing match.
    pub winner: Option<&'static str>,
    /// Why the match ended, or `None` (null) while ongoing.
    pub reason: Option<&'static str>,
    /// The scores, for games that keep one (Pawn&Peak, PP-7); `None` (null) for Breakthrough
    /// and Seega, which keep none: the key is always there, so the document has one shape.
    pub score: Option<Score>,
}

/// Rule-set details for reports, beyond [`GameState`].
pub trait Describe: GameState {
    /// The move as `moves --json` describes it.
    fn move_info(&self, mv: Self::Move) -> MoveInfo {
        MoveInfo {
            text: self.move_text(mv),
            kind: "move",
            cost: None,
            attack: None,
            defense: None,
        }
    }

    /// Scores (first side, second side), for games that keep one.
    fn scores(&self) -> Option<[u16; 2]> {
        None
    }
}

/// The `moves` report of a position.
pub fn moves_report<G: Describe>(pos: &G) -> MovesReport {
    let mut moves: Vec<MoveInfo> = pos
        .legal_moves()
        .into_iter()
        .map(|m| pos.move_info(m))
        .collect();
    moves.sort_by(|a, b| a.text.cmp(&b.text));
    MovesReport {
        side: pos.side_name(pos.to_move()),
        moves,
    }
}

/// Plays `moves` (move texts) from `start`, returning every position on the way (the start
/// first).
///
/// # Errors
/// The index of the first move that is not legal where it is played, and why.
pub fn play_line<G: GameState>(start: &G, moves: &[String]) -> Result<Vec<G>, (usize, MoveError)> {
    let mut line = vec![start.clone()];
    for (i, text) in moves.iter().enumerate() {
        let pos = line.last().expect("the line starts with the start");
        let mv = pos.parse_move(text).map_err(|e| (i, e))?;
        let next = pos.play(mv);
        line.push(next);
    }
    Ok(line)
}

/// The `play` report of a position.
pub fn play_report<G: Describe>(pos: &G) -> PlayReport {
    let outcome = pos.outcome();
    PlayReport {
        position: pos.to_string(),
        status: if outcome.is_some() {
            "finished"
        } else {
            "ongoing"
        },
        winner: outcome.and_then(|o| o.winner).map(|w| pos.side_name(w)),
        reason: outcome.map(|o| o.reason.as_str()),
        score: pos.scores().map(|[red, blue]| Score { red, blue }),
    }
}

/// `moves --json`: kind `move`, `capture`, `exit` or `special`, with the cost (not for a
/// special move, PP-5) and a capture's attack and defense (PP-6.2); `play --json`: the scores.
impl Describe for pawn_peak::Position {
    fn move_info(&self, mv: pawn_peak::Move) -> MoveInfo {
        let capture = mv.kind == pawn_peak::MoveKind::Capture;
        MoveInfo {
            text: mv.text(),
            kind: mv.kind.name(),
            cost: (mv.kind != pawn_peak::MoveKind::Special).then_some(mv.cost),
            attack: capture.then_some(mv.attack),
            defense: capture.then_some(mv.defense),
        }
    }

    fn scores(&self) -> Option<[u16; 2]> {
        Some([
            self.score(pawn_peak::Side::Red),
            self.score(pawn_peak::Side::Blue),
        ])
    }
}

/// A move of a game without costs, attacks or scores: its text and kind only.
fn plain_move_info(text: String, kind: &'static str) -> MoveInfo {
    MoveInfo {
        text,
        kind,
        cost: None,
        attack: None,
        defense: None,
    }
}

/// `moves --json`: kind `move` or `capture`; Breakthrough has no costs, attacks or scores.
impl Describe for breakthrough::Position {
    fn move_info(&self, mv: breakthrough::Move) -> MoveInfo {
        plain_move_info(mv.text(), mv.kind_name())
    }
}

/// `moves --json`: kind `special` (a placement, SG-2), `move` or `capture` (SG-4); no costs or
/// scores.
impl Describe for seega::Position {
    fn move_info(&self, mv: seega::Move) -> MoveInfo {
        plain_move_info(mv.text(), mv.kind_name())
    }
}

/// Each rule set's own description, through the game enum.
impl Describe for AnyPosition {
    fn move_info(&self, mv: Self::Move) -> MoveInfo {
        with_position_and_move!(self, mv, p, m => p.move_info(m), plain_move_info(String::new(), "move"))
    }

    fn scores(&self) -> Option<[u16; 2]> {
        with_position!(self, p => p.scores())
    }
}
