//! The checker of length certificates (docs/certificates.md "The length certificate"): the
//! loser's strategy, checked with the plain rules of [`super::plain`] to make the match last at
//! least the header's `survives` plies against every move of the winner. Together with the
//! winner's strategy whose longest line is that many plies (its `plies` claim), it proves the
//! length of the match with perfect play.

use super::check::{CheckError, Checked};
use super::format::Header;
use super::lookup::Lookup;
use super::plain::breakthrough::{Board, End};

/// Checks the loser's strategy in `records` from `root` (winner White when `white_wins`):
/// every line lasts `need` plies at least.
///
/// # Errors
/// [`CheckError::Refuted`] naming the position where the strategy fails.
pub(super) fn check(
    records: &Lookup,
    root: &Board,
    white_wins: bool,
    need: u32,
    header: &Header,
) -> Result<Checked, CheckError> {
    let mut w = Survive {
        records,
        white_wins,
        done: vec![0; records.len()],
        reached: 0,
        winner_nodes: 0,
    };
    // The move limit is the winner's certificate's concern: a draw is no win of the winner.
    let mut start = root.clone();
    start.count = 0;
    start.limit = u32::MAX;
    if start.white_to_move == white_wins {
        w.winner_node(&start, need)?;
    } else {
        w.loser_node(&start, need)?;
    }
    Ok(Checked {
        winner: header.winner.clone(),
        records: header.records,
        reached: w.reached,
        loser_nodes: w.winner_nodes,
        plies: need,
    })
}

/// The walk over the loser's strategy.
struct Survive<'a> {
    records: &'a Lookup,
    /// Whether the winner is White.
    white_wins: bool,
    /// Per record: the most plies it was shown to last (0: not reached).
    done: Vec<u32>,
    reached: u64,
    /// Positions with the winner to move whose every move was followed.
    winner_nodes: u64,
}

impl Survive<'_> {
    /// `b`, the loser to move, must last `need` more plies.
    fn loser_node(&mut self, b: &Board, need: u32) -> Result<(), CheckError> {
        if need == 0 {
            return Ok(());
        }
        let Some((i, at)) = self.records.record(b) else {
            return Err(CheckError::Refuted(format!(
                "a missing defence: the loser's position {} has no record, {need} plies still to last",
                b.pawns_text()
            )));
        };
        if self.done[i] >= need {
            return Ok(());
        }
        self.reached += u64::from(self.done[i] == 0);
        let step = self.records.step(i, &at)?;
        let (next, end) = at.play(step);
        match end {
            None => {}
            // After a winner's move that threw the win away: the line ends, not won by the
            // winner.
            Some(End::Win(w, _)) if w != self.white_wins => {
                self.done[i] = u32::MAX;
                return Ok(());
            }
            Some(e) => {
                return Err(CheckError::Refuted(format!(
                    "a wrong end: the loser's {} in {} ends the match ({e:?})",
                    at.text(step),
                    at.pawns_text()
                )));
            }
        }
        self.winner_node(&next, need - 1)?;
        self.done[i] = self.done[i].max(need);
        Ok(())
    }

    /// `b`, the winner to move, must last `need` more plies: every move is followed.
    fn winner_node(&mut self, b: &Board, need: u32) -> Result<(), CheckError> {
        if need <= 1 {
            return Ok(());
        }
        self.winner_nodes += 1;
        let mut moves = Vec::new();
        b.moves(&mut moves);
        for m in moves {
            let (next, end) = b.play(m);
            if let Some(e) = end {
                return Err(CheckError::Refuted(format!(
                    "a path too short: the winner's {} in {} ends the match ({e:?}) with {} plies still to last",
                    b.text(m),
                    b.pawns_text(),
                    need - 1
                )));
            }
            self.loser_node(&next, need - 1)?;
        }
        Ok(())
    }
}
