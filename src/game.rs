//! The [`GameState`] trait shared by every rule set, and the types the solver, the CLI and the
//! editor use to talk about any game: [`Player`] and [`Outcome`].

use std::fmt::{Debug, Display};
use std::hash::Hash;

/// One of the two sides, independent of the rule set: `First` is Red (Pawn&Peak) or White
/// (Breakthrough, Seega); `Second` is Blue or Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Red or White: the side at the bottom of the board.
    First,
    /// Blue or Black: the side at the top of the board.
    Second,
}

impl Player {
    /// The other side.
    #[must_use]
    pub fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for `First`, 1 for `Second`: an index into per-side arrays.
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Why a match ended, for every rule set (RULES.md PP-8, BT-3, BT-4, SG-6, SG-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// PP-8.1: a Guardian made the first exit of the match.
    GuardianExit,
    /// PP-8.1: two pieces in total have exited.
    TwoExits,
    /// PP-8.2, BT-3, SG-6: a side has no piece left.
    Elimination,
    /// PP-8.3, BT-4, SG-6: the move counter reached the limit.
    MoveLimit,
    /// PP-8.4, BT-3: the side to move has no legal move.
    NoLegalMove,
    /// BT-3: a pawn reached the far rank.
    Breakthrough,
    /// SG-6: the side to move is blocked; the side with more pieces wins.
    Blocked,
}

impl Reason {
    /// The name in the JSON contract (`guardian_exit`, `two_exits`, …).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::GuardianExit => "guardian_exit",
            Reason::TwoExits => "two_exits",
            Reason::Elimination => "elimination",
            Reason::MoveLimit => "move_limit",
            Reason::NoLegalMove => "no_legal_move",
            Reason::Breakthrough => "breakthrough",
            Reason::Blocked => "blocked",
        }
    }
}

/// How a finished match ended: the winner (`None` for a draw) and the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The side that won, or `None` for a draw.
    pub winner: Option<Player>,
    /// Why the match ended.
    pub reason: Reason,
}

impl Outcome {
    /// A small number that tells outcomes apart, for folding into position keys (0 = none).
    #[must_use]
    pub fn code(outcome: Option<Outcome>) -> u64 {
        match outcome {
            None => 0,
            Some(o) => 1 + (o.reason as u64) * 3 + o.winner.map_or(0, |w| 1 + w.index() as u64),
        }
    }
}

/// An error turning text into a move of a given position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text names a move that the position does not allow.
    #[error("{} is illegal here: {reason}", crate::excerpt::Excerpt(text))]
    Illegal {
        /// The text as given.
        text: String,
        /// Why the position does not allow it.
        reason: String,
    },
}

/// A position of a two-player, turn-based rule set: everything the solver, the CLI and the
/// editor need. Implemented by each rule set in `games/`.
///
/// A position carries its own outcome: once the match is over, [`GameState::outcome`] is `Some`
/// and [`GameState::legal_moves`] yields nothing.
pub trait GameState: Clone + Eq + Hash + Send + Sync + Display + Debug + 'static {
    /// One action of one side, small and `Copy`.
    type Move: Copy + Eq + Hash + Send + Sync + Debug + 'static;

    /// Whether the sides always alternate, one ply each. Seega's do not: a capture chain
    /// (SG-5) and the placement turn order (SG-2, SG-8) give one side several plies in a row.
    /// The solver counts a player's moves by who is to move either way; this only sets how
    /// many player moves the move limit leaves ([`crate::solver::default_bound`]).
    fn sides_alternate(&self) -> bool {
        true
    }

    /// The side to move.
    fn to_move(&self) -> Player;

    /// `Some` once the match is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Appends every legal move of the side to move to `out` (which is not cleared), each once;
    /// nothing when the match is over. Does not allocate when `out` has room.
    fn legal_moves_into(&self, out: &mut Vec<Self::Move>);

    /// The position after `mv`, which must be one of [`GameState::legal_moves_into`]'s moves.
    #[must_use]
    fn play(&self, mv: Self::Move) -> Self;

    /// A Zobrist-style key of everything that decides the future of the match from here
    /// (placement, side to move, counters, scores, outcome). Equal positions have equal keys.
    fn key(&self) -> u64;

    /// The move's text (RULES.md PP-11, BT-5, SG-7).
    fn move_text(&self, mv: Self::Move) -> String;

    /// The texts of `line`, moves played one after another from this position (each must be
    /// legal where it is played).
    fn line_texts(&self, line: &[Self::Move]) -> Vec<String> {
        let mut pos = self.clone();
        line.iter()
            .map(|&m| {
                let t = pos.move_text(m);
                pos = pos.play(m);
                t
            })
            .collect()
    }

    /// How promising a move looks for ordering the search: higher first (exits, captures,
    /// advances). The default treats every move alike.
    fn move_priority(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// Whether the solver also orders the *defences* by [`GameState::move_priority`] (`true`,
    /// the default), or tries them in generation order after the last refutation. Order never
    /// changes an answer, only the work.
    const PRIORITIZE_DEFENCES: bool = true;

    /// Plies left before the move limit ends the match, for games that have one.
    fn plies_left(&self) -> Option<u32> {
        None
    }

    /// Search hook: whether `mv` (a move of some position of this match) is a legal move of
    /// this one, when the game can tell without generating every move; `None` (the default)
    /// when it cannot. The solver then tries its killer move before generating the others
    /// (same order, same answers, less generation when the killer decides the node).
    fn is_legal_cheaply(&self, _mv: Self::Move) -> Option<bool> {
        None
    }

    /// Search hook for the mover's last move: appends to `out` (not cleared) a subset of the
    /// legal moves that holds every move winning within one move of the mover, that is
    /// ending the match in its favour at once, or leaving the opponent only replies that all
    /// end it in the mover's favour. Appending nothing says no move can. The default appends
    /// every legal move, which is always correct; leaving out a move that can win would make
    /// the solver miss wins.
    fn win_in_one_candidates_into(&self, out: &mut Vec<Self::Move>) {
        self.legal_moves_into(out);
    }

    /// Search hook for the mover's last move: `Some(w)` when the game can tell, without the
    /// solver playing the moves, whether some legal move wins within that one move (as for
    /// [`GameState::win_in_one_candidates_into`]: ending the match in the mover's favour at
    /// once, or leaving the opponent only replies that all end it so); `None` (the default)
    /// when the solver must try the candidates. A wrong `Some` would make the solver give
    /// wrong answers.
    fn wins_in_one_known(&self) -> Option<bool> {
        None
    }

    /// The two hooks above in one: [`GameState::wins_in_one_known`]'s answer when it has
    /// one, else `None` with [`GameState::win_in_one_candidates_into`]'s candidates in `out`.
    /// The solver calls this; a game whose two hooks share work (Pawn&Peak's last-move scan)
    /// does it once here. Must agree with the two.
    fn last_move_into(&self, out: &mut Vec<Self::Move>) -> Option<bool> {
        let known = self.wins_in_one_known();
        if known.is_none() {
            self.win_in_one_candidates_into(out);
        }
        known
    }

    /// Search hook (a conservative "maybe"): `false` only when no legal move of the side to
    /// move can end the match at once with the *opponent* winning. The solver uses it where
    /// the player has no move left and wins only if every defence ends the match in its
    /// favour. `true` (the default) is always correct.
    fn may_lose_at_once(&self) -> bool {
        true
    }

    /// Search hook (exact pruning): a lower bound on the moves within which `player` can
    /// force a win from this unfinished position, whoever is to move: `player` has no way to
    /// win against every defence with fewer of its own moves (`u32::MAX`: not at all). The
    /// solver fails a node at once when the bound exceeds the player moves left, so a bound
    /// that is too high would make it miss wins. The default, 0, never prunes.
    fn moves_to_win_at_least(&self, _player: Player) -> u32 {
        0
    }

    /// Search hook for compact transposition-table keys: an exact encoding of the position in
    /// 32 bytes, or `None` (the default) when it does not fit. Exact means: two positions with
    /// the same [`GameState::match_key`] are equal (`==`) or have the same future in every
    /// respect the solver asks about, if and only if their packed keys are equal. Without it
    /// the table stores whole positions.
    fn packed_key(&self) -> Option<[u64; 4]> {
        None
    }

    /// A key of what never changes during a match (board size, terrain), which
    /// [`GameState::packed_key`] leaves out. The default, 0, suits games whose packed key is
    /// `None` or covers everything.
    fn match_key(&self) -> u64 {
        0
    }

    /// The JSON name of a side: `red`/`blue` or `white`/`black`.
    fn side_name(&self, player: Player) -> &'static str;

    /// Every legal move in a new vector (see [`GameState::legal_moves_into`]).
    fn legal_moves(&self) -> Vec<Self::Move> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// What is on the square named `square` when no legal move starts there, for the message
    /// of an illegal move: e.g. `c3 is empty`, `c3 holds blue's scout; red is to move`. `None`
    /// when the game has nothing to add (the message then says only that no move starts there).
    fn describe_origin(&self, _square: &str) -> Option<String> {
        None
    }

    /// Why `text` is not a legal move of this unfinished position: the legal moves from the
    /// same square when there are some (the destination is the fault), otherwise what is on
    /// that square ([`GameState::describe_origin`]).
    fn why_illegal(&self, text: &str) -> String {
        let origin = text
            .trim()
            .split(['-', 'x', 'X', '+'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        let side = self.side_name(self.to_move());
        let mut from_origin: Vec<String> = self
            .legal_moves()
            .into_iter()
            .map(|m| self.move_text(m))
            .filter(|t| {
                t.strip_prefix(origin.as_str())
                    .is_some_and(|rest| rest.starts_with(['-', 'x', '+']))
            })
            .collect();
        from_origin.sort();
        if !from_origin.is_empty() {
            const SHOWN: usize = 12;
            let more = from_origin.len().saturating_sub(SHOWN);
            let mut list = from_origin[..from_origin.len().min(SHOWN)].join(", ");
            if more > 0 {
                list.push_str(&format!(" and {more} more"));
            }
            return format!("the legal moves from {origin} are {list}");
        }
        match self.describe_origin(&origin) {
            Some(d) => d,
            None => format!("no legal move of {side} starts on '{origin}'"),
        }
    }

    /// Finds the legal move whose text is `text`; either separator (`-` or `x`) is accepted.
    ///
    /// # Errors
    /// [`MoveError::Illegal`] when no legal move has that text, with the reason (the game's
    /// `why_illegal`: not move text, an empty square, the legal moves from that square, …).
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        let norm = |s: &str| s.trim().to_ascii_lowercase().replace('x', "-");
        let wanted = norm(text);
        if let Some(mv) = self
            .legal_moves()
            .into_iter()
            .find(|&m| norm(&self.move_text(m)) == wanted)
        {
            return Ok(mv);
        }
        let reason = match self.outcome() {
            Some(o) => format!("the match is over ({})", o.reason.as_str()),
            None => self.why_illegal(text),
        };
        Err(MoveError::Illegal {
            text: text.to_string(),
            reason,
        })
    }
}

/// What is on an origin square, for [`GameState::describe_origin`]: `c3 is off the 3×3 board`,
/// `c3 is empty`, `c3 holds blue's scout; red is to move`, `the scout on c3 has no legal move`.
/// `occupant` is the piece's side name and kind (lower case), `size` the board's width × height.
#[must_use]
pub fn origin_note(
    square: &str,
    size: (u8, u8),
    occupant: Option<Option<(&str, &str)>>,
    to_move: &str,
) -> String {
    match occupant {
        None => format!("{square} is off the {}×{} board", size.0, size.1),
        Some(None) => format!("{square} is empty"),
        Some(Some((side, kind))) if side != to_move => {
            format!("{square} holds {side}'s {kind}; {to_move} is to move")
        }
        Some(Some((_, kind))) => format!("the {kind} on {square} has no legal move"),
    }
}
