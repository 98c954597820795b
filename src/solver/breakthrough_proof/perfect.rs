//! The move of perfect play ([`perfect_move`]): for the side that wins, the first move by
//! text that wins fastest; for the side that loses, the first move by text that resists
//! longest. What the editor's play-test defence plays on Breakthrough (it wins when it can,
//! else it makes the player's win as long as it can be made).

use super::{Mv, Pawns, Proof, ProveError, Search, WIN, fold, prepare_live};
use crate::game::{GameState, Player};
use crate::games::board::Square;
use crate::games::breakthrough::{Move, Position};
use crate::solver::Control;

/// The move of perfect play in `pos` (see the module docs) with the proof of `pos`: its
/// winner and its length in plies (`plies` is always `Some`).
///
/// # Errors
/// As [`super::prove`]; [`ProveError::Unsuited`] also for a finished match.
pub fn perfect_move(pos: &Position, control: Control<'_>) -> Result<(Move, Proof), ProveError> {
    let (mut s, start, side) = prepare_live(pos, control, "no move to play")?;
    let root = s.test(start, side, 1).map_err(|e| s.stopped(e))?;
    let proof_nodes = s.meter.nodes;
    let plies = s.length(start, side, root).map_err(|(e, _)| s.stopped(e))?;
    let me: Player = pos.side_to_move().into();
    let wins = root >= 1;
    let mut moves: Vec<(String, Mv, Move)> = s
        .all_moves(start, side)
        .into_iter()
        .map(|m| {
            let mv = s.to_move(start, side, m);
            (pos.move_text(mv), m, mv)
        })
        .collect();
    moves.sort_by(|a, b| a.0.cmp(&b.0));
    let mut chosen = None;
    for (_, m, mv) in moves {
        if s.is_perfect(start, side, m, wins, plies)
            .map_err(|e| s.stopped(e))?
        {
            chosen = Some(mv);
            break;
        }
    }
    let mv =
        chosen.ok_or_else(|| ProveError::Internal("no move keeps the proven length".into()))?;
    let proof = Proof {
        winner: if wins { me } else { me.opponent() },
        plies: Some(plies),
        proof_nodes,
        length_nodes: s.meter.nodes - proof_nodes,
        table_bytes: s.table.bytes(),
    };
    Ok((mv, proof))
}

impl Search<'_> {
    /// The move `m` as the engine's move.
    pub(super) fn to_move(&self, p: Pawns, side: usize, m: Mv) -> Move {
        let to = 1u64 << m.to;
        let from = self.geo.origin(to, side, usize::from(m.kind));
        let width = self.geo.width;
        let square = |t: u32| Square::new((t % width) as u8, (t / width) as u8);
        let opp = if side == 0 { p.b } else { p.w };
        Move {
            from: square(from.trailing_zeros()),
            to: square(u32::from(m.to)),
            capture: opp & to != 0,
        }
    }

    /// Whether `m` of `side` in `p`, whose score is a win (`wins`) or a loss in `plies`
    /// plies, keeps that score: its child lasts `plies - 1` plies.
    fn is_perfect(
        &mut self,
        p: Pawns,
        side: usize,
        m: Mv,
        wins: bool,
        plies: u32,
    ) -> Result<bool, super::Stop> {
        if self.ends(p, side, m) {
            // A move that ends the match wins in one ply: the fastest there is.
            return Ok(wins && plies == 1);
        }
        let rest = i32::try_from(plies).unwrap_or(i32::MAX) - 1;
        let c = self.child(p, side, m);
        if wins {
            // The child (the loser to move) must lose within `rest` plies: its score is at
            // most `rest - WIN`, so it fails the test "≥ rest + 1 - WIN".
            let gamma = fold(rest + 1 - WIN);
            Ok(self.test(c, 1 - side, gamma)? < gamma)
        } else {
            // The child (the winner to move) must need `rest` plies: its score is at most
            // `WIN - rest`, so it fails the test "≥ WIN - rest + 1".
            let gamma = fold(WIN - rest + 1);
            Ok(self.test(c, 1 - side, gamma)? < gamma)
        }
    }
}
