//! The winner's side of the length (docs/certificates.md "The length certificate"): a
//! strategy of the winner that wins within the proven number of plies against every move of
//! the loser, so that its certificate can claim them (the header's `plies`) and the checker
//! verifies that no line is longer. The same records as [`super::strategy`]'s, each move
//! chosen to win within the plies still allowed: chosen again when its position is met with
//! fewer, the move kept before tried first.

use super::records::{Full, Records};
use super::strategy::{Decided, lost_proof};
use super::survival::Kept;
use super::{Pawns, ProveError, Search, Stop, WIN};

impl Decided<'_> {
    /// The winner's records that win within `plies` of the start, within `max_bytes`.
    pub(super) fn walked_within(
        &mut self,
        plies: u32,
        max_bytes: usize,
    ) -> Result<Records, ProveError> {
        let (wside, used, starts) = self.winner_starts();
        let mut out = self.record_table(max_bytes);
        for p in starts {
            self.s
                .win_within(p, wside, plies.saturating_sub(used), &mut out)?;
        }
        Ok(out.into_records(|(m, _)| m))
    }
}

impl Search<'_> {
    /// Records the strategy below `p` (`side`, the winner, to move), which wins within
    /// `allowed` plies (proven).
    fn win_within(
        &mut self,
        p: Pawns,
        side: usize,
        allowed: u32,
        out: &mut Kept,
    ) -> Result<(), ProveError> {
        if self.win_at_once(p, side).is_some() {
            return Ok(());
        }
        let (key, mirrored) = self.file_key(p);
        let kept = out.get(key);
        if kept.is_some_and(|(_, k)| u32::from(k) <= allowed) {
            return Ok(()); // its move wins within as many plies or fewer
        }
        self.meter.tick().map_err(|e| self.stopped(e))?;
        let gamma = WIN - i32::try_from(allowed).unwrap_or(i32::MAX);
        // A move kept for more plies is tried first: if it also wins within these, the
        // records below it stay in use.
        let again = kept.and_then(|(code, _)| {
            self.all_moves(p, side)
                .into_iter()
                .find(|&m| self.file_move(m, side, mirrored) == code)
        });
        let m = self
            .winning_move(p, side, gamma, again)
            .map_err(|e| self.stopped(e))?
            .ok_or_else(lost_proof)?;
        // `allowed` is at most the proven length (a match lasts at most 4096 plies).
        let kept = u16::try_from(allowed)
            .map_err(|_| ProveError::Internal(format!("a length of {allowed} plies")))?;
        out.insert(key, (self.file_move(m, side, mirrored), kept))
            .map_err(|Full| self.stopped(Stop::MemoryLimit))?;
        let c = self.child(p, side, m);
        for r in self.all_moves(c, 1 - side) {
            self.win_within(
                self.child(c, 1 - side, r),
                side,
                allowed.saturating_sub(2),
                out,
            )?;
        }
        Ok(())
    }
}
