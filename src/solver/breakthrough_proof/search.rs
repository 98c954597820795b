//! The proof search itself (see the module docs of `breakthrough_proof`): the fail-soft test
//! of a position's score against a threshold, the move order, a move played on the pawn sets,
//! and the length by tests from the proof's bound.

use arrayvec::ArrayVec;

use super::table::Key;
use super::{
    MAX_PLIES, Mv, NO_MOVE, Order, Pawns, PlyBounds, ProveError, Proven, Search, Stop, WIN,
    child_gamma, ranks_to_go, up,
};
use crate::game::Player;

impl Search<'_> {
    /// The error of a search stopped by `stop`.
    pub(super) fn stopped(&self, stop: Stop) -> ProveError {
        ProveError::Stopped {
            stop,
            nodes: self.meter.nodes,
            proven: None,
        }
    }

    /// A fail-soft test of the score of the unfinished position `p` (`side` to move: 0
    /// White) against `gamma`: a value `v` with `score ≥ v ≥ gamma` when the score is at
    /// least `gamma`, and `score ≤ v < gamma` when it is not (see the module docs).
    pub(super) fn test(&mut self, p: Pawns, side: usize, gamma: i32) -> Result<i32, Stop> {
        let g = self.geo;
        let (me, opp) = if side == 0 { (p.w, p.b) } else { (p.b, p.w) };
        // Rule 1: a win at once.
        if me & g.last[side] != 0 || (opp.count_ones() == 1 && g.attacks(me, side) & opp != 0) {
            return Ok(WIN - 1);
        }
        // Rule 3: O's pawns that win at O's next move unless taken.
        let threats = opp & g.last[1 - side];
        if threats.count_ones() > 1 {
            return Ok(2 - WIN);
        }
        // Rule 4: the table, under the smaller of the position and its mirror image; its
        // bucket is loaded while the bounds are worked out.
        let (key, mirrored) = self.table_key(p, side);
        self.table.prefetch(key);
        // Rules 2 and 5-7: bounds from the pawns alone.
        let (lo, hi) = self.rules.bounds(&g, me, opp, side);
        let (mut lo, mut hi) = (lo.max(2 - WIN), hi.min(WIN - 3));
        if lo >= gamma {
            return Ok(lo);
        }
        if hi < gamma {
            return Ok(hi);
        }
        let mut best = NO_MOVE;
        if let Some(e) = self.table.get(key) {
            lo = lo.max(i32::from(e.lo));
            hi = hi.min(i32::from(e.hi));
            if lo >= gamma {
                return Ok(lo);
            }
            if hi < gamma {
                return Ok(hi);
            }
            best = e.best;
            if best != NO_MOVE && mirrored {
                best = self.mirror_move(Mv::from_code(best)).code();
            }
        }
        self.meter.tick()?;
        let before = self.meter.nodes;
        let mut moves = self.moves(p, side, threats, best);
        let n = moves.len();
        let cg = child_gamma(gamma);
        // The best value found: the moves rule 3 leaves out lose in 2 plies, and no move
        // does worse (the score is at least 2 - WIN).
        let mut value = 2 - WIN;
        let mut found = NO_MOVE;
        // Enhanced transposition cutoff (see `cutoff`).
        if n > 1
            && let Some((v, m)) = self.cutoff(p, side, &moves, cg)
        {
            value = v.max(gamma);
            found = m;
        }
        for i in 0..if found == NO_MOVE { n } else { 0 } {
            // Selection: the best remaining move by priority.
            let mut j = i;
            for k in i + 1..n {
                if moves[k] > moves[j] {
                    j = k;
                }
            }
            moves.swap(i, j);
            let m = Mv::unpack(moves[i]);
            let cv = self.test(self.child(p, side, m), 1 - side, cg)?;
            let v = up(-cv);
            if cv < cg {
                // The child fails its test, so this move reaches gamma.
                value = v.max(gamma);
                found = m.code();
                let h = &mut self.history[side][usize::from(m.to) * 3 + usize::from(m.kind)];
                *h = h.saturating_add(1);
                break;
            }
            value = value.max(v);
        }
        let holds = found != NO_MOVE;
        if !holds {
            value = value.min(gamma - 1).min(hi);
        }
        // No score lies strictly between the slowest loss and the slowest win: a bound there
        // is moved to the next score (lower bounds up, upper bounds down).
        if value > MAX_PLIES - WIN && value < WIN - MAX_PLIES {
            value = if holds {
                WIN - MAX_PLIES
            } else {
                MAX_PLIES - WIN
            };
        }
        let work = self.meter.nodes - before;
        let stored_best = if found != NO_MOVE && mirrored {
            self.mirror_move(Mv::from_code(found)).code()
        } else {
            found
        };
        self.table.store(key, value, holds, stored_best, work);
        Ok(value)
    }

    /// The moves of `p` (`side` to move), each packed with its priority above its code (see
    /// `priority`); with one threat (rule 3), only its captures.
    #[inline]
    fn moves(&self, p: Pawns, side: usize, threats: u64, best: u8) -> ArrayVec<u32, { 64 * 3 }> {
        let g = self.geo;
        let (me, opp) = if side == 0 { (p.w, p.b) } else { (p.b, p.w) };
        let mut moves = ArrayVec::<u32, { 64 * 3 }>::new();
        let t = g.targets(me, opp, side);
        let order = Order::new(&g, me, opp, side);
        for (k, &targets) in t.iter().enumerate() {
            // Rule 3: with one threat, only its captures (it can be taken only diagonally).
            let mut rest = if threats != 0 {
                if k == 0 { 0 } else { targets & threats }
            } else {
                targets
            };
            while rest != 0 {
                let to = rest.trailing_zeros();
                rest &= rest - 1;
                let m = Mv {
                    to: to as u8,
                    kind: k as u8,
                };
                moves.push(m.pack(self.priority(m, &order, best)));
            }
        }
        moves
    }

    /// Enhanced transposition cutoff: the first move whose child the table already shows
    /// failing `cg` ends the search before any child is searched, with the bound it gives (to
    /// be raised to γ) and the move's code. The children's buckets are asked for together, so
    /// their loads overlap (which made it pay at every position, not only at those searched
    /// before).
    #[inline]
    fn cutoff(&mut self, p: Pawns, side: usize, moves: &[u32], cg: i32) -> Option<(i32, u8)> {
        let mut keys = ArrayVec::<Key, { 64 * 3 }>::new();
        for &c in moves {
            let (k2, _) = self.table_key(self.child(p, side, Mv::unpack(c)), 1 - side);
            self.table.prefetch(k2);
            keys.push(k2);
        }
        for (&c, &k2) in moves.iter().zip(&keys) {
            if let Some(e) = self.table.get(k2)
                && i32::from(e.hi) < cg
            {
                return Some((up(-i32::from(e.hi)), Mv::unpack(c).code()));
            }
        }
        None
    }

    /// The order of moves: the table's best move, then by kind (below) and the most advanced
    /// destination, then the history (how often the move refuted before); 24 bits.
    pub(super) fn priority(&self, m: Mv, o: &Order, best: u8) -> u32 {
        if m.code() == best {
            return 0xff_ffff;
        }
        let g = &self.geo;
        let rank = u32::from(m.to) / g.width;
        let progress = if o.side == 0 {
            rank
        } else {
            g.height - 1 - rank
        };
        let to = 1u64 << m.to;
        let hist = self.history[o.side][usize::from(m.to) * 3 + usize::from(m.kind)].min(0xffff);
        // A diagonal step leaves a tile from which the mover covered its destination.
        let defended = if m.kind == 0 {
            o.covered
        } else {
            o.covered_twice
        } & to
            != 0;
        // A capture (the most advanced first); a safe step; a step onto an attacked tile
        // that a pawn of ours covers (a trade); an unprotected step into an attack.
        let base = if o.opp & to != 0 {
            64 + 4 * progress
        } else if o.attacked & to == 0 {
            32 + progress
        } else if defended {
            16 + progress
        } else {
            progress
        };
        base << 16 | hist
    }

    /// The table's key of `p` (`side` to move): that of the smaller of the position and its
    /// mirror image (rule 4), and whether it is the mirror image's.
    #[inline]
    pub(super) fn table_key(&self, p: Pawns, side: usize) -> (Key, bool) {
        let ((w, b), mirrored) = p.canonical();
        (self.table.key(w, b, side), mirrored)
    }

    /// The pawns after move `m` of `side`.
    #[inline]
    pub(super) fn child(&self, p: Pawns, side: usize, m: Mv) -> Pawns {
        let to = 1u64 << m.to;
        let from = self.geo.origin(to, side, usize::from(m.kind));
        let mto = 1u64 << self.mirror_tile[usize::from(m.to)];
        let mfrom = 1u64 << self.mirror_tile[from.trailing_zeros() as usize];
        if side == 0 {
            Pawns {
                w: p.w ^ from ^ to,
                b: p.b & !to,
                mw: p.mw ^ mfrom ^ mto,
                mb: p.mb & !mto,
            }
        } else {
            Pawns {
                w: p.w & !to,
                b: p.b ^ from ^ to,
                mw: p.mw & !mto,
                mb: p.mb ^ mfrom ^ mto,
            }
        }
    }

    /// The same move on the mirrored board.
    pub(super) fn mirror_move(&self, m: Mv) -> Mv {
        Mv {
            to: self.mirror_tile[usize::from(m.to)],
            kind: [0, 2, 1][usize::from(m.kind)],
        }
    }

    /// The plies of the match from an unfinished position, given the proof's fail-soft
    /// value `root` (a lower bound on the score when ≥ 1, an upper bound otherwise): tests on
    /// the side of the bound the proof left open (MTD(f)), each a fail-soft test that moves
    /// the bound, until the score is known; each answered in part by the proof's table.
    /// Stopped, it gives the bounds proven so far.
    pub(super) fn length(
        &mut self,
        p: Pawns,
        side: usize,
        root: i32,
    ) -> Result<u32, (Stop, PlyBounds)> {
        let (mut lo, mut hi) = if root >= 1 {
            (root, WIN - 1)
        } else {
            (1 - WIN, root)
        };
        while lo < hi {
            // The mover wins: does it win faster than `lo` says? It loses: does it last as
            // long as `hi` says?
            let gamma = if root >= 1 { lo + 1 } else { hi };
            let v = self
                .test(p, side, gamma)
                .map_err(|e| (e, self.bounds_so_far(p, side, lo, hi)))?;
            if v >= gamma {
                lo = v;
            } else {
                hi = v;
            }
        }
        Ok(plies_of(lo))
    }

    /// [`Self::length`] of a position `winner` wins; stopped, the error keeps the winner and
    /// the bounds proven so far.
    pub(super) fn proven_length(
        &mut self,
        p: Pawns,
        side: usize,
        root: i32,
        winner: Player,
    ) -> Result<u32, ProveError> {
        self.length(p, side, root).map_err(|(e, plies)| {
            self.stopped(e).knowing(Proven {
                winner,
                plies: Some(plies),
            })
        })
    }

    /// The plies proven for `p` (`side` to move) by the tests so far, `lo ≤ score ≤ hi`,
    /// by the rules on the pawns alone (the side the tests leave open), and by the ranks the
    /// pawns have to go.
    fn bounds_so_far(&self, p: Pawns, side: usize, lo: i32, hi: i32) -> PlyBounds {
        let (me, opp) = if side == 0 { (p.w, p.b) } else { (p.b, p.w) };
        let (rlo, rhi) = self.rules.all_bounds(&self.geo, me, opp, side);
        let (lo, hi) = (lo.max(rlo), hi.min(rhi));
        debug_assert!(lo <= hi && (lo > 0) == (hi > 0), "bounds {lo}..{hi}");
        let b = ply_bounds(lo, hi);
        PlyBounds {
            at_most: b.at_most.min(ranks_to_go(&self.geo, p.w, p.b)),
            ..b
        }
    }
}

/// The plies of the score `v` (a win or a loss in that many plies).
fn plies_of(v: i32) -> u32 {
    (if v > 0 { WIN - v } else { v + WIN }) as u32
}

/// The plies of the scores `lo ≤ score ≤ hi`, both on one side of 0: a win's plies fall as
/// its score rises, a loss's rise with it.
fn ply_bounds(lo: i32, hi: i32) -> PlyBounds {
    let (a, b) = (plies_of(lo), plies_of(hi));
    PlyBounds {
        at_least: a.min(b),
        at_most: a.max(b),
    }
}
