//! The loser's side of the length (docs/certificates.md "The length certificate"): a strategy
//! of the loser that makes the match last at least the proven number of plies against every
//! move of the winner. One move for every position it reaches with the loser to move before
//! that many plies are played, except where the winner's distance alone shows the match
//! lasts, under the same file keys and move codes as the winner's strategy
//! ([`super::strategy`]); after each of the loser's moves, every legal move of the winner is
//! followed.

use super::records::{Full, RecordTable, Records};
use super::strategy::{Decided, Strategy, decide};
use super::{Mv, Pawns, PlyBounds, Proof, ProveError, Search, Stop, WIN, fold};
use crate::games::breakthrough::Position;
use crate::solver::Control;

/// Proves `pos` with its length `L` and gives the loser's strategy that lasts `L` plies
/// (records of loser-to-move positions), within `max_bytes` (a compact table, docs/certificates.md).
///
/// # Errors
/// As [`super::prove`]; [`ProveError::Unsuited`] also for a finished match;
/// [`ProveError::Stopped`] with [`Stop::MemoryLimit`] past `max_bytes`.
pub fn survival(
    pos: &Position,
    max_bytes: usize,
    control: Control<'_>,
) -> Result<(Proof, Strategy), ProveError> {
    let mut d = decide(pos, control)?;
    let plies = d.length()?;
    let proven = d.proven(Some(PlyBounds::exact(plies)));
    let records = d
        .survived(plies, max_bytes)
        .map_err(|e| e.knowing(proven))?;
    Ok(d.written(Some(plies), records))
}

impl Decided<'_> {
    /// The plies of the match with perfect play; stopped, the error keeps the winner and
    /// the bounds proven so far.
    pub(super) fn length(&mut self) -> Result<u32, ProveError> {
        let (start, side, root) = (self.start, self.side, self.root);
        self.s.proven_length(start, side, root, self.winner)
    }

    /// The loser's records that last the proven length `plies`, within `max_bytes`.
    pub(super) fn survived(&mut self, plies: u32, max_bytes: usize) -> Result<Records, ProveError> {
        let (start, side) = (self.start, self.side);
        let lside = if self.root >= 1 { 1 - side } else { side };
        let mut out = self.record_table(max_bytes);
        self.s.survive(start, side, lside, plies, &mut out)?;
        Ok(out.into_records(|(m, _)| m))
    }
}

/// Records so far: per file key, the move code and the plies it was shown to last (the
/// loser's) or to win within (the winner's); a match lasts at most 4096 plies, within `u16`.
pub(super) type Kept = RecordTable<(u8, u16)>;

impl Search<'_> {
    /// Records the loser's strategy below `p` (`side` to move; `lside` the loser), which must
    /// last `need` more plies.
    fn survive(
        &mut self,
        p: Pawns,
        side: usize,
        lside: usize,
        need: u32,
        out: &mut Kept,
    ) -> Result<(), ProveError> {
        if self.lasts_anyway(p, side, lside, need) {
            return Ok(());
        }
        self.meter.tick().map_err(|e| self.stopped(e))?;
        if side != lside {
            for m in self.all_moves(p, side) {
                self.survive(self.child(p, side, m), lside, lside, need - 1, out)?;
            }
            return Ok(());
        }
        let (key, mirrored) = self.file_key(p);
        if out.get(key).is_some_and(|(_, n)| u32::from(n) >= need) {
            return Ok(());
        }
        let m = self
            .lasting_move(p, side, need)
            .map_err(|e| self.stopped(e))?
            .ok_or_else(|| ProveError::Internal("no move lasts the proven length".into()))?;
        // A need past u16 (never: at most 4096 plies) is kept as 0: walked again, never skipped.
        let kept = u16::try_from(need).unwrap_or(0);
        out.insert(key, (self.file_move(m, side, mirrored), kept))
            .map_err(|Full| self.stopped(Stop::MemoryLimit))?;
        if self.ends(p, side, m) {
            return Ok(()); // the loser wins: the line ends without the winner's win
        }
        self.survive(self.child(p, side, m), 1 - side, lside, need - 1, out)
    }

    /// Whether the match lasts `need` more plies from `p` (`side` to move; `lside` the
    /// loser) whatever both sides play, by the winner's distance (rule 5 of [`super::rules`]):
    /// the winner needs at least `m` moves, its nearest pawn's ranks to go or the loser's
    /// pawns if fewer, so it wins at ply `2m - 1` from here at the earliest when it is to move,
    /// `2m` when the loser is; ending at the last needed ply is allowed. The certificate's
    /// checker applies the same bound, so such positions need no record.
    fn lasts_anyway(&self, p: Pawns, side: usize, lside: usize, need: u32) -> bool {
        let wside = 1 - lside;
        let (winner, loser) = if wside == 0 { (p.w, p.b) } else { (p.b, p.w) };
        let m = self.rules.nearest(winner, wside).min(loser.count_ones());
        let earliest = if side == wside {
            (2 * m).saturating_sub(1)
        } else {
            2 * m
        };
        need <= earliest
    }

    /// A move of `side` (the loser) in `p` that wins at once (possible after a winner's
    /// move that throws the win away), else one after which the match lasts at least
    /// `need - 1` more plies (the winner, to move there, does not win within `need - 2`).
    /// `need` is at least 3 here: the winner's distance closes every line with less.
    fn lasting_move(&mut self, p: Pawns, side: usize, need: u32) -> Result<Option<Mv>, Stop> {
        // Any lasting move will do; this order keeps the strategy small (docs/certificates.md,
        // "Which moves the records keep"): captures of the winner's most advanced pawns
        // first, then the loser's own most advanced steps.
        let mut all = self.all_moves(p, side);
        let opp = if side == 0 { p.b } else { p.w };
        all.sort_by_key(|m| {
            let to = 1u64 << m.to;
            if to & opp != 0 {
                self.rules.nearest(to, 1 - side)
            } else {
                99 + self.rules.nearest(to, side)
            }
        });
        // After a winner's move that throws the win away the loser may win at once: the line
        // ends there without the winner's win.
        if let Some(&m) = all.iter().find(|&&m| self.ends(p, side, m)) {
            return Ok(Some(m));
        }
        let gamma = fold(WIN - i32::try_from(need).unwrap_or(i32::MAX) + 2);
        for m in all {
            if self.test(self.child(p, side, m), 1 - side, gamma)? < gamma {
                return Ok(Some(m));
            }
        }
        Ok(None)
    }
}
