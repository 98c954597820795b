//! The reference solver: a plain minimax, depth-first, with no transposition table, no move
//! ordering and none of the game's search hooks. It answers the same questions as
//! [`super::solve`] (verdict, shortest win, key moves; no main line) by the definition alone,
//! for differential tests and as the benchmark's baseline.
//!
//! The player wins "within `n` player moves" with a move `m` when `m` ends the match in its
//! favour, or every defence either ends the match in its favour at once or leaves a position
//! where the player wins within `n - 1`. A ply counts as a player move when the player makes
//! it, whoever moved before: each step of a Seega capture chain (SG-5) is one player move, and
//! a defender's chain steps are all defences.
//!
//! ```
//! use peakforge::games::pawn_peak::Position;
//! use peakforge::solver::{Control, Verdict, plain};
//!
//! // A Red Guardian on the top rank exits and wins at once (PP-8.1).
//! let pos: Position = "1G1/3/1g1 - r 0:0 - 0/200".parse().unwrap();
//! let sol = plain::solve(&pos, Some(1), Control::default());
//! assert_eq!(sol.verdict, Verdict::Win);
//! assert_eq!(sol.player_moves, Some(1));
//! ```

use super::control::{Control, Meter, Stop};
use super::{Solution, Verdict, sorted_by_text};
use crate::game::{GameState, Player};

/// A plain minimax for one player: counts nodes (positions reached by a move) and honours
/// the same limits and cancel as the solver.
pub struct PlainProver<'a> {
    player: Player,
    meter: Meter<'a>,
}

impl<'a> PlainProver<'a> {
    /// A plain prover for `player` with the given controls (the table setting is ignored).
    #[must_use]
    pub fn new(player: Player, control: Control<'a>) -> PlainProver<'a> {
        PlainProver {
            player,
            meter: Meter::new(control),
        }
    }

    /// Nodes searched so far.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.meter.nodes
    }

    /// Whether `mv` from `pos` (player to move) wins within `n` player moves, `mv` included.
    ///
    /// # Errors
    /// [`Stop`] when a limit or cancel stopped the search.
    pub fn move_wins<G: GameState>(&mut self, pos: &G, mv: G::Move, n: u32) -> Result<bool, Stop> {
        if n == 0 {
            return Ok(false);
        }
        let child = pos.play(mv);
        self.meter.tick()?;
        self.wins(&child, n - 1)
    }

    /// Whether the player wins within `n` further player moves from `pos`, whoever is to
    /// move: some player move wins within `n` (`mv` counted), or every defence leaves a
    /// position where the player wins within `n` (a defender moving twice in a row, a Seega
    /// chain, just moves again).
    ///
    /// # Errors
    /// [`Stop`] when a limit or cancel stopped the search.
    pub fn wins<G: GameState>(&mut self, pos: &G, n: u32) -> Result<bool, Stop> {
        if let Some(o) = pos.outcome() {
            return Ok(o.winner == Some(self.player));
        }
        if pos.to_move() == self.player {
            for m in pos.legal_moves() {
                if self.move_wins(pos, m, n)? {
                    return Ok(true);
                }
            }
            return Ok(false);
        }
        for r in pos.legal_moves() {
            let c = pos.play(r);
            self.meter.tick()?;
            if !self.wins(&c, n)? {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// Solves `pos` by plain minimax: the verdict, the shortest win (iterative deepening) and every
/// key move (each root move tried with the full bound). `line` and `duals` stay empty.
#[must_use]
pub fn solve<G: GameState>(
    pos: &G,
    max_moves: Option<u32>,
    control: Control<'_>,
) -> Solution<G::Move> {
    let max = super::bound(pos, max_moves);
    let mut p = PlainProver::new(pos.to_move(), control);
    let mut sol = Solution::unsolved(max);
    let r = (|| -> Result<(), Stop> {
        if pos.outcome().is_some() {
            return Ok(());
        }
        let moves = sorted_by_text(pos, pos.legal_moves());
        for d in 1..=max {
            p.meter.depth = d;
            if p.wins(pos, d)? {
                sol.player_moves = Some(d);
                break;
            }
        }
        if sol.player_moves.is_none() {
            return Ok(());
        }
        sol.verdict = Verdict::Win;
        for &m in &moves {
            if p.move_wins(pos, m, max)? {
                sol.key_moves.push(m);
            }
        }
        Ok(())
    })();
    if let Err(stop) = r {
        sol.verdict = Verdict::Unknown(stop);
    }
    sol.nodes = p.nodes();
    sol.elapsed = p.meter.start.elapsed();
    sol
}
