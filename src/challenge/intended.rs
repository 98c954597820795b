//! The intended line of a challenge (`solution`), read as moves: each move text must name a
//! legal move where it is played. What can be said of the line without any search is here
//! (its [`LineProblem::Illegal`] and [`LineProblem::AfterTheEnd`] moves); whether it wins is
//! the verifier's (`crate::verify`), which reports the other [`LineProblem`]s.

use crate::game::GameState;

/// What is wrong with a challenge's intended line (`solution`); its `Display` is the one
/// wording every output uses. `index` is the 0-based place in the line (the words say the
/// 1-based move number).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineProblem {
    /// The challenge has no intended line.
    Empty,
    /// The move at `index` is malformed or illegal where it is played: bad input, not a failed
    /// verification.
    Illegal {
        /// Its place in the line.
        index: usize,
        /// The move text as written.
        text: String,
        /// Why it is refused (RULES.md PP-11, BT-5, SG-7; the legal moves from its square).
        reason: String,
    },
    /// The match was already over before the move at `index`.
    AfterTheEnd {
        /// Its place in the line.
        index: usize,
        /// The move text as written.
        text: String,
    },
    /// The player's move at `index` does not force a win within the player moves `left`.
    DoesNotWin {
        /// Its place in the line.
        index: usize,
        /// The move text as written.
        text: String,
        /// Player moves left for the goal, this one included.
        left: u32,
    },
    /// The line holds more player moves than the goal allows: it cannot be a solution, however
    /// its moves are chosen.
    LongerThanGoal {
        /// The player moves in the line.
        moves: u32,
        /// The goal's player moves.
        goal: u32,
    },
    /// The line ends the match without the player's win, for this reason (`move_limit`, …).
    EndsWithoutWin(&'static str),
    /// The line stops before the match is won.
    StopsEarly,
}

impl LineProblem {
    /// Whether the problem is bad input (an illegal or malformed move: the file is invalid)
    /// rather than a line that does not work.
    #[must_use]
    pub fn is_bad_input(&self) -> bool {
        matches!(self, LineProblem::Illegal { .. })
    }

    /// The challenge's field at fault when it is not a move of the line: the goal of a line
    /// longer than the goal.
    #[must_use]
    pub fn field(&self) -> Option<&'static str> {
        matches!(self, LineProblem::LongerThanGoal { .. }).then_some("goal.player_moves")
    }

    /// The place in the line of the move at fault, when one is.
    #[must_use]
    pub fn index(&self) -> Option<usize> {
        match self {
            LineProblem::Illegal { index, .. }
            | LineProblem::AfterTheEnd { index, .. }
            | LineProblem::DoesNotWin { index, .. } => Some(*index),
            LineProblem::Empty
            | LineProblem::LongerThanGoal { .. }
            | LineProblem::EndsWithoutWin(_)
            | LineProblem::StopsEarly => None,
        }
    }
}

impl std::fmt::Display for LineProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = |index: &usize, text: &str| {
            format!(
                "move {} of the intended line (solution[{index}], {})",
                index + 1,
                crate::excerpt::cut(text)
            )
        };
        match self {
            LineProblem::Empty => write!(f, "the challenge has no intended line"),
            LineProblem::Illegal {
                index,
                text,
                reason,
            } => write!(f, "{}: illegal: {reason}", at(index, text)),
            LineProblem::AfterTheEnd { index, text } => {
                write!(f, "{}: the match is already over", at(index, text))
            }
            LineProblem::DoesNotWin { index, text, left } => write!(
                f,
                "{}: does not force a win within the {left} player move(s) left",
                at(index, text)
            ),
            LineProblem::LongerThanGoal { moves, goal } => write!(
                f,
                "the intended line takes {moves} player moves, more than the goal's {goal} \
                 (goal.player_moves)"
            ),
            LineProblem::EndsWithoutWin(reason) => {
                write!(
                    f,
                    "the intended line ends in {reason} without the player's win"
                )
            }
            LineProblem::StopsEarly => {
                write!(f, "the intended line stops before the match is won")
            }
        }
    }
}

/// The move `text`, at `index` of the intended line, where it is played from `pos`; or why it
/// cannot be played there: malformed or illegal ([`LineProblem::Illegal`]), or the match
/// already over ([`LineProblem::AfterTheEnd`]). Searches nothing.
///
/// # Errors
/// That problem; the moves after it cannot be read.
pub fn line_move<G: GameState>(pos: &G, index: usize, text: &str) -> Result<G::Move, LineProblem> {
    if pos.outcome().is_some() {
        return Err(LineProblem::AfterTheEnd {
            index,
            text: text.to_string(),
        });
    }
    pos.parse_move(text).map_err(|e| LineProblem::Illegal {
        index,
        text: text.to_string(),
        reason: e.to_string(),
    })
}

/// The intended line `texts` read from `start` as moves: every move up to the first problem
/// ([`line_move`]), and that problem. Searches nothing.
#[must_use]
pub fn read_line<G: GameState>(start: &G, texts: &[String]) -> (Vec<G::Move>, Option<LineProblem>) {
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(texts.len());
    for (index, text) in texts.iter().enumerate() {
        match line_move(&pos, index, text) {
            Ok(mv) => {
                pos = pos.play(mv);
                moves.push(mv);
            }
            Err(p) => return (moves, Some(p)),
        }
    }
    (moves, None)
}

/// [`LineProblem::LongerThanGoal`] when `line`, played from `start`, holds more player moves
/// than `goal` (counted by replaying it: not every second ply is the player's, SG-5). Searches
/// nothing: the editor lists it while the line is edited, and an unsound verdict says it.
pub fn longer_than_goal<G: GameState>(
    start: &G,
    line: &[G::Move],
    goal: u32,
) -> Option<LineProblem> {
    let player = start.to_move();
    let mut pos = start.clone();
    let mut moves = 0u32;
    for &mv in line {
        if pos.to_move() == player {
            moves += 1;
        }
        pos = pos.play(mv);
    }
    (moves > goal).then_some(LineProblem::LongerThanGoal { moves, goal })
}
