//! Known results: which side wins a whole match from its start, and in how many plies, with
//! perfect play on both sides, decided by the solver's own question ("does the side to move
//! force a win within *N* of its moves?") asked for growing *N*.
//!
//! For *N* = 1, 2, …: if the first side wins within *N*, it wins in 2*N* − 1 plies (the
//! smallest such *N* is its shortest win). Otherwise, if after *every* first move the second
//! side wins within *N* of its own moves, the second side wins in 2*N* plies (the first side
//! picks the reply that resists longest, and at *N* − 1 one reply still resisted). A game that
//! cannot be drawn (Breakthrough: every move advances a pawn, the limit is never reached) is
//! decided at some *N*; a draw shows as neither, up to the bound.
//!
//! ```
//! use peakforge::games::breakthrough::Position;
//! use peakforge::game::Player;
//! use peakforge::solver::known::{Decided, decide, SolverWins};
//! use peakforge::solver::Control;
//!
//! let start = Position::start(2, 4).unwrap();
//! let mut wins = SolverWins::new(Control::default());
//! let d = decide(&start, 20, &mut wins).unwrap();
//! assert_eq!(d, Some(Decided { winner: Player::Second, plies: 8 }));
//! ```

use crate::game::{GameState, Player};
use crate::solver::{Control, Prover, Stop, plain::PlainProver};

/// A decided match: the winner with perfect play, and the plies the match then lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decided {
    /// The side that forces the win.
    pub winner: Player,
    /// The plies played when the winner plays its fastest win and the loser resists longest.
    pub plies: u32,
}

/// "Does the side to move in `pos` force a win within `n` of its own moves?", answered by one
/// prover per side (so a prover's table serves the same side throughout).
pub trait WinsWithin<G: GameState> {
    /// The answer for the side to move in `pos`.
    ///
    /// # Errors
    /// [`Stop`] when a limit stopped the search.
    fn wins(&mut self, pos: &G, n: u32) -> Result<bool, Stop>;
    /// Nodes searched so far, both sides together.
    fn nodes(&self) -> u64;
}

/// [`WinsWithin`] by the solver ([`Prover`]: transposition table, move ordering, hooks).
pub struct SolverWins<'a, G: GameState> {
    sides: [Prover<'a, G>; 2],
}

impl<'a, G: GameState> SolverWins<'a, G> {
    /// Two provers, one per side, with the given controls.
    #[must_use]
    pub fn new(control: Control<'a>) -> Self {
        SolverWins {
            sides: [
                Prover::new(Player::First, control),
                Prover::new(Player::Second, control),
            ],
        }
    }
}

impl<G: GameState> WinsWithin<G> for SolverWins<'_, G> {
    fn wins(&mut self, pos: &G, n: u32) -> Result<bool, Stop> {
        self.sides[pos.to_move().index()].wins(pos, n)
    }
    fn nodes(&self) -> u64 {
        self.sides.iter().map(Prover::nodes).sum()
    }
}

/// [`WinsWithin`] by the plain alpha-beta of [`crate::solver::plain`] (depth-first, cut off at
/// the first refutation, no table, no ordering).
pub struct PlainWins<'a> {
    sides: [PlainProver<'a>; 2],
}

impl<'a> PlainWins<'a> {
    /// Two plain provers, one per side, with the given controls.
    #[must_use]
    pub fn new(control: Control<'a>) -> Self {
        PlainWins {
            sides: [
                PlainProver::new(Player::First, control),
                PlainProver::new(Player::Second, control),
            ],
        }
    }
}

impl<G: GameState> WinsWithin<G> for PlainWins<'_> {
    fn wins(&mut self, pos: &G, n: u32) -> Result<bool, Stop> {
        self.sides[pos.to_move().index()].wins(pos, n)
    }
    fn nodes(&self) -> u64 {
        self.sides.iter().map(PlainProver::nodes).sum()
    }
}

/// Decides the match from `start` (see the module docs), trying *N* up to `max_moves`; `None`
/// when neither side forces a win within that many of its moves.
///
/// # Errors
/// [`Stop`] when a limit stopped the search.
pub fn decide<G: GameState>(
    start: &G,
    max_moves: u32,
    wins: &mut impl WinsWithin<G>,
) -> Result<Option<Decided>, Stop> {
    decide_reporting(start, max_moves, wins, |_, _| {})
}

/// [`decide`], calling `undecided(n, nodes)` each time neither side is found to win within
/// `n` moves (with the nodes searched so far), for progress reports on long searches.
///
/// # Errors
/// [`Stop`] when a limit stopped the search.
pub fn decide_reporting<G: GameState, W: WinsWithin<G>>(
    start: &G,
    max_moves: u32,
    wins: &mut W,
    mut undecided: impl FnMut(u32, u64),
) -> Result<Option<Decided>, Stop> {
    let first = start.to_move();
    if let Some(o) = start.outcome() {
        return Ok(o.winner.map(|winner| Decided { winner, plies: 0 }));
    }
    let replies: Vec<G> = start
        .legal_moves()
        .into_iter()
        .map(|m| start.play(m))
        .collect();
    for n in 1..=max_moves {
        if wins.wins(start, n)? {
            return Ok(Some(Decided {
                winner: first,
                plies: 2 * n - 1,
            }));
        }
        let mut all = true;
        for after in &replies {
            let holds = match after.outcome() {
                Some(o) => o.winner == Some(first.opponent()),
                None => wins.wins(after, n)?,
            };
            if !holds {
                all = false;
                break;
            }
        }
        if all {
            return Ok(Some(Decided {
                winner: first.opponent(),
                plies: 2 * n,
            }));
        }
        undecided(n, wins.nodes());
    }
    Ok(None)
}
