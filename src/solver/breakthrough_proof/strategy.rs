//! The winner's strategy of a proven position, for certificates (docs/certificates.md), and a
//! winning move of the side to move ([`best_move`]).
//!
//! The strategy holds one move for every position it reaches with the winner to move, except
//! those the winner wins at once (rule 1 of [`super`]: a pawn one rank from the far rank, or a
//! capture of the loser's last pawn); after each of the winner's moves, every legal move of the
//! loser is followed. Positions are kept under their *file key* (below), the smaller of the
//! position's and its mirror image's, so a position and its mirror image share one record.
//!
//! File key (the certificate's, docs/certificates.md): with `n` = width × height tiles and the
//! tiles numbered `rank * width + file` (rank 0 is White's home rank, file 0 is `a`), the key is
//! `white + black · 2^n` for the sets `white`, `black` of the tiles holding each side's pawns.
//! Move code: the moving pawn's tile, plus 64 × the direction (0 straight, 1 towards file `a`,
//! 2 towards the last file).

use super::records::{Full, RecordTable, Records};
use super::{
    Mv, NO_MOVE, Pawns, PlyBounds, Proof, ProveError, Proven, Search, Stop, child_gamma,
    prepare_live,
};
use crate::game::Player;
use crate::games::breakthrough::{Move, Position};
use crate::solver::Control;
use arrayvec::ArrayVec;

/// The winner's strategy (see the module docs).
#[derive(Debug, Clone)]
pub struct Strategy {
    /// The side that wins.
    pub winner: Player,
    /// Files and ranks of the board.
    pub width: u32,
    /// Ranks of the board.
    pub height: u32,
    /// Every record: the file key of a winner-to-move position and the move code of the
    /// winner's move there (in the orientation of the key), sorted by key, each key once.
    pub records: Records,
}

/// Proves `pos` and gives the winner's strategy (see the module docs) with the proof's figures
/// (the walk's searches are counted in `length_nodes`; `plies` is `None`), its records
/// within `max_bytes` (a compact table, docs/certificates.md).
///
/// # Errors
/// As [`super::prove`]; [`ProveError::Unsuited`] also for a finished match;
/// [`ProveError::Stopped`] with [`Stop::MemoryLimit`] past `max_bytes`.
pub fn strategy(
    pos: &Position,
    max_bytes: usize,
    control: Control<'_>,
) -> Result<(Proof, Strategy), ProveError> {
    let mut d = decide(pos, control)?;
    let records = d.walked(max_bytes)?;
    Ok(d.written(None, records))
}

/// Both certificates of `pos` from one search and its table: the winner's strategy and, with
/// `length`, the loser's strategy that lasts the proven plies ([`super::survival`]), the
/// winner's then winning within them (`fastest.rs`). The winner's strategy is handed to
/// `keep` (to be written out) as soon as it is walked, with the figures so far, and dropped
/// before the loser's walk, which on a large board takes as much memory again. The proof's
/// figures returned cover the whole work, `plies` given with `length`.
///
/// # Errors
/// As [`strategy`], and what `keep` returns.
pub fn certificates<T, E: From<ProveError>>(
    pos: &Position,
    length: bool,
    max_bytes: usize,
    control: Control<'_>,
    keep: impl FnOnce(&Proof, Strategy) -> Result<T, E>,
) -> Result<(Proof, T, Option<Strategy>), E> {
    let mut d = decide(pos, control)?;
    if !length {
        let proven = d.proven(None);
        let records = d.walked(max_bytes).map_err(|e| e.knowing(proven))?;
        let (proof, winner) = d.written(None, records);
        let kept = keep(&proof, winner)?;
        return Ok((proof, kept, None));
    }
    let plies = d.length()?;
    let proven = d.proven(Some(PlyBounds::exact(plies)));
    let fastest = d
        .walked_within(plies, max_bytes)
        .map_err(|e| e.knowing(proven))?;
    let (proof, winner) = d.written(Some(plies), fastest);
    let kept = keep(&proof, winner)?;
    let loser = d
        .survived(plies, max_bytes)
        .map_err(|e| e.knowing(proven))?;
    let (proof, loser) = d.written(Some(plies), loser);
    Ok((proof, kept, Some(loser)))
}

/// A live position proven: its search (the table kept for what follows), start and side to
/// move, the root's value, the winner, and the nodes the proof took.
pub(super) struct Decided<'a> {
    pub(super) s: Box<Search<'a>>,
    pub(super) start: Pawns,
    pub(super) side: usize,
    pub(super) root: i32,
    pub(super) winner: Player,
    proof_nodes: u64,
}

/// Proves the live position `pos`: who wins.
pub(super) fn decide<'a>(pos: &Position, control: Control<'a>) -> Result<Decided<'a>, ProveError> {
    let (mut s, start, side) = prepare_live(pos, control, "there is no strategy to write")?;
    let me: Player = pos.side_to_move().into();
    let root = s.test(start, side, 1).map_err(|e| s.stopped(e))?;
    Ok(Decided {
        proof_nodes: s.meter.nodes,
        winner: if root >= 1 { me } else { me.opponent() },
        s,
        start,
        side,
        root,
    })
}

impl Decided<'_> {
    /// What is proven: the winner, and `plies`.
    pub(super) const fn proven(&self, plies: Option<PlyBounds>) -> Proven {
        Proven {
            winner: self.winner,
            plies,
        }
    }

    /// The winner's side, and where its strategy starts: the start with the winner to move
    /// (0 plies in), else every position after a loser's first move (1 ply in).
    pub(super) fn winner_starts(&self) -> (usize, u32, Vec<Pawns>) {
        let (start, side) = (self.start, self.side);
        if self.root >= 1 {
            return (side, 0, vec![start]);
        }
        let after = self.s.all_moves(start, side);
        let starts = after.iter().map(|&r| self.s.child(start, side, r));
        (1 - side, 1, starts.collect())
    }

    /// The winner's records, within `max_bytes`.
    fn walked(&mut self, max_bytes: usize) -> Result<Records, ProveError> {
        let (wside, _, starts) = self.winner_starts();
        let mut out = self.record_table(max_bytes);
        for p in starts {
            self.s.walk(p, wside, &mut out)?;
        }
        Ok(out.into_records(|m| m))
    }

    /// An empty table for a strategy's records within `max_bytes`, sized for as many records
    /// as the proof took nodes: a strategy holds about one record per proof node (the 6 × 5
    /// start: 66.8 M records, 68.9 M nodes), so a large walk starts at its size.
    pub(super) fn record_table<V: Copy + Default>(&self, max_bytes: usize) -> RecordTable<V> {
        let tiles = self.s.geo.width * self.s.geo.height;
        let expected = usize::try_from(self.proof_nodes).unwrap_or(usize::MAX);
        RecordTable::new(tiles, max_bytes, expected)
    }

    /// The search's answer so far and the strategy of `records`, for a winner's strategy and
    /// a loser's alike.
    pub(super) fn written(&self, plies: Option<u32>, records: Records) -> (Proof, Strategy) {
        let proof = Proof {
            winner: self.winner,
            plies,
            proof_nodes: self.proof_nodes,
            length_nodes: self.s.meter.nodes - self.proof_nodes,
            table_bytes: self.s.table.bytes(),
        };
        let strategy = Strategy {
            winner: self.winner,
            width: self.s.geo.width,
            height: self.s.geo.height,
            records,
        };
        (proof, strategy)
    }
}

/// A winning move of the side to move of `pos`, or `None` when it loses (Breakthrough has no
/// draw where the proof search applies).
///
/// # Errors
/// As [`super::prove`]; [`ProveError::Unsuited`] also for a finished match.
pub fn best_move(pos: &Position, control: Control<'_>) -> Result<Option<Move>, ProveError> {
    let (mut s, start, side) = prepare_live(pos, control, "no move to play")?;
    if s.test(start, side, 1).map_err(|e| s.stopped(e))? < 1 {
        return Ok(None);
    }
    let m = if let Some(m) = s.win_at_once(start, side) {
        m
    } else {
        s.winning_move(start, side, 1, None)
            .map_err(|e| s.stopped(e))?
            .ok_or_else(lost_proof)?
    };
    Ok(Some(s.to_move(start, side, m)))
}

/// A proven win whose winning move the search could not find again: a bug, reported.
pub(super) fn lost_proof() -> ProveError {
    ProveError::Internal("a proven win has no winning move".into())
}

impl Search<'_> {
    /// Every legal move of `side` in `p`.
    pub(super) fn all_moves(&self, p: Pawns, side: usize) -> ArrayVec<Mv, { 64 * 3 }> {
        let (me, opp) = if side == 0 { (p.w, p.b) } else { (p.b, p.w) };
        let mut out = ArrayVec::new();
        for (k, &targets) in self.geo.targets(me, opp, side).iter().enumerate() {
            let mut rest = targets;
            while rest != 0 {
                let to = rest.trailing_zeros();
                rest &= rest - 1;
                out.push(Mv {
                    to: to as u8,
                    kind: k as u8,
                });
            }
        }
        out
    }

    /// A move of `side` that wins at once in `p` (rule 1), if there is one.
    pub(super) fn win_at_once(&self, p: Pawns, side: usize) -> Option<Mv> {
        self.all_moves(p, side)
            .into_iter()
            .find(|&m| self.ends(p, side, m))
    }

    /// Whether move `m` of `side` in `p` ends the match, won by `side`: it reaches the far
    /// rank or takes the opponent's last pawn (rule 1, move by move).
    pub(super) fn ends(&self, p: Pawns, side: usize, m: Mv) -> bool {
        let to = 1u64 << m.to;
        let opp = if side == 0 { p.b } else { p.w };
        to & self.geo.goal[side] != 0 || (opp.count_ones() == 1 && to & opp != 0)
    }

    /// A move of `side` in `p` that reaches `gamma` (1: any win; `WIN - k`: a win within `k`
    /// plies), where `p` is proven to reach it: `first` if given, else the table's best move,
    /// then the others, most advanced first, each until a child fails its test.
    pub(super) fn winning_move(
        &mut self,
        p: Pawns,
        side: usize,
        gamma: i32,
        first: Option<Mv>,
    ) -> Result<Option<Mv>, Stop> {
        let cg = child_gamma(gamma);
        let best = first.map_or_else(|| self.table_best(p, side), Mv::code);
        let mut moves = self.all_moves(p, side);
        // The table's best move, then the most advanced first, a capture before a step onto
        // the same rank: a threat near the goal leaves the loser few replies that do not lose
        // at once, which keeps the strategy small (docs/certificates.md).
        let opp = if side == 0 { p.b } else { p.w };
        moves.sort_by_key(|m| {
            let to = 1u64 << m.to;
            2 * self.rules.nearest(to, side) + u32::from(to & opp == 0)
        });
        if let Some(i) = moves.iter().position(|m| m.code() == best) {
            moves[..=i].rotate_right(1);
        }
        for m in moves {
            let cv = self.test(self.child(p, side, m), 1 - side, cg)?;
            if cv < cg {
                return Ok(Some(m));
            }
        }
        Ok(None)
    }

    /// The table's best move of `p` (`side` to move) in `p`'s orientation, or `NO_MOVE`.
    fn table_best(&self, p: Pawns, side: usize) -> u8 {
        let (key, mirrored) = self.table_key(p, side);
        let best = self.table.get(key).map_or(NO_MOVE, |e| e.best);
        if best != NO_MOVE && mirrored {
            self.mirror_move(Mv::from_code(best)).code()
        } else {
            best
        }
    }

    /// The file key of `p` (see the module docs) and whether it is the mirror image's.
    pub(super) fn file_key(&self, p: Pawns) -> (u128, bool) {
        let n = self.geo.width * self.geo.height;
        let key = |w: u64, b: u64| u128::from(w) | u128::from(b) << n;
        let (a, m) = (key(p.w, p.b), key(p.mw, p.mb));
        if m < a { (m, true) } else { (a, false) }
    }

    /// The move code of `m` (see the module docs), on the mirrored board when `mirrored`.
    pub(super) fn file_move(&self, m: Mv, side: usize, mirrored: bool) -> u8 {
        let m = if mirrored { self.mirror_move(m) } else { m };
        let from = self
            .geo
            .origin(1u64 << m.to, side, usize::from(m.kind))
            .trailing_zeros() as u8;
        from | m.kind << 6
    }

    /// Records the strategy below `p` (`side`, the winner, to move; a position it wins).
    fn walk(&mut self, p: Pawns, side: usize, out: &mut RecordTable<u8>) -> Result<(), ProveError> {
        if self.win_at_once(p, side).is_some() {
            return Ok(());
        }
        let (key, mirrored) = self.file_key(p);
        if out.get(key).is_some() {
            return Ok(());
        }
        self.meter.tick().map_err(|e| self.stopped(e))?;
        let m = self
            .winning_move(p, side, 1, None)
            .map_err(|e| self.stopped(e))?
            .ok_or_else(lost_proof)?;
        out.insert(key, self.file_move(m, side, mirrored))
            .map_err(|Full| self.stopped(Stop::MemoryLimit))?;
        let c = self.child(p, side, m);
        for r in self.all_moves(c, 1 - side) {
            self.walk(self.child(c, 1 - side, r), side, out)?;
        }
        Ok(())
    }
}

/// The certificate record of the move `m` in `pos` (see the module docs): the file key of
/// `pos` and the move code, on the mirrored board when the mirror image's key is smaller.
/// `None` on boards of more than 64 tiles.
#[must_use]
pub fn record(pos: &Position, m: Move) -> Option<(u128, u8)> {
    let (plain, mirror) = keys(pos)?;
    Some((plain.min(mirror), code(pos.width(), mirror < plain, m)))
}

/// The legal move of `pos` whose record's code is `code`, if there is one (the keys are
/// made once, not once a move).
#[must_use]
pub fn move_of_code(pos: &Position, code_wanted: u8) -> Option<Move> {
    use crate::game::GameState as _;
    let (plain, mirror) = keys(pos)?;
    let mirrored = mirror < plain;
    pos.legal_moves()
        .into_iter()
        .find(|&m| code(pos.width(), mirrored, m) == code_wanted)
}

/// The code of `m` on a board `width` files wide, in the mirror image when `mirrored`: the
/// from tile and the direction (0 straight, 1 to a lower file, 2 to a higher one).
fn code(width: u8, mirrored: bool, m: Move) -> u8 {
    let file = |f: u8| if mirrored { width - 1 - f } else { f };
    let (ff, tf) = (file(m.from.file()), file(m.to.file()));
    let dir: u8 = match tf.cmp(&ff) {
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Less => 1,
        std::cmp::Ordering::Greater => 2,
    };
    let from = u32::from(m.from.rank()) * u32::from(width) + u32::from(ff);
    from as u8 | dir << 6
}

/// The file key of `pos` in a certificate (the smaller of its own and its mirror image's);
/// `None` on boards of more than 64 tiles.
#[must_use]
pub fn key(pos: &Position) -> Option<u128> {
    let (plain, mirror) = keys(pos)?;
    Some(plain.min(mirror))
}

/// The keys of `pos` and of its mirror image.
fn keys(pos: &Position) -> Option<(u128, u128)> {
    let (geo, [w, b]) = pos.bitboards()?;
    let n = geo.width * geo.height;
    let key = |w: u64, b: u64| u128::from(w) | u128::from(b) << n;
    Some((key(w, b), key(geo.mirror(w), geo.mirror(b))))
}
