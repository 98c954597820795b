//! The static bounds of the proof search: proven bounds `lo ≤ score ≤ hi` on the score of an
//! unfinished position (side to move S, opponent O) read from its pawns alone, before any
//! move is generated (rules 5–7 of the module docs of [`super`]). Each is argued here and
//! checked by search (`tests/breakthrough_proof.rs`: every position of the small boards, and
//! random positions of larger ones, against the exact score of a search that knows no rule).
//!
//! Coordinates below are in the frame of the pawn's own side: its rank `r` counts up towards
//! its far rank `H - 1`, its *distance* is `H - 1 - r` (the moves it needs to get there).
//!
//! # Rule 5: distances
//! Every move advances one pawn one rank and takes at most one pawn. So S needs at least
//! `m_S = min(d_S, |O|)` moves to win (`d_S` its nearest pawn's distance, `|O|` O's pawns),
//! winning at ply `2 m_S - 1` at the earliest: `score ≤ WIN - (2 m_S - 1)`; and O needs at
//! least `m_O = min(d_O, |S|)`, winning at ply `2 m_O` at the earliest: `score ≥ 2 m_O - WIN`.
//!
//! # Rule 6: a win in 3 plies
//! When S cannot win at once and O has no pawn one rank from its far rank: if S has a move
//! onto its last rank before the far rank (a pawn at distance 2 stepping or taking forward)
//! whose destination no O pawn attacks, S wins in 3 plies. After that move O cannot win at
//! once (no O pawn is one rank from its goal, and S's moved pawn cannot be taken, so S keeps
//! a pawn), and only taking the moved pawn stops it winning next (rule 3), which O cannot.
//! With rule 1 failed, the score is then exactly `WIN - 3`.
//!
//! # Rule 7: an unstoppable runner
//! An S pawn at rank `r`, file `f`, distance `d`, with S to move, walks straight to its far
//! rank in `d` moves (plies `1, 3, …, 2d - 1`) if nothing takes it or stands in its way, while
//! S moves nothing else. Before S's `k`-th step O has moved `k - 1` times; O takes the pawn at
//! O's `k`-th move (the pawn on rank `r + k`) only with a pawn on rank `r + k + 1`, file `f ± 1`,
//! reached by a pawn from rank `r + D`, file `f'` in `j ≤ k - 1` moves: `D = k + 1 + j`, so
//! `j ≤ (D - 2) / 2` and `|f' - f| ≤ j + 1 ≤ ⌊D / 2⌋` (D ≥ 2). O blocks step `k + 1` with a pawn
//! on rank `r + k + 1`, file `f`, after `j ≤ k` moves: `|f' - f| ≤ j ≤ ⌊(D - 1) / 2⌋`, inside the
//! former (and `f' = f` for `D = 1`). So if no O pawn stands in that *cone* and no S pawn on
//! the pawn's file ahead of it, the pawn cannot be stopped, O cannot take S's last pawn, and O
//! can win first (at ply `2m < 2d - 1`, `m ≥ d_O`) only when `d_O < d`: with `d_O ≥ d`,
//! `score ≥ WIN - (2d - 1)`.
//! The same for an O runner at distance `d'` with S to move first: S takes it at S's `k`-th
//! move (the runner on rank `r + k - 1`, moved `k - 1` times) only with a pawn on rank `r + k`,
//! reached from rank `r + D` in `j ≤ k - 1` moves: `D = k + j`, `|f' - f| ≤ j + 1 ≤ ⌈D / 2⌉`
//! (D ≥ 1); S blocks O's `k`-th step with a pawn on rank `r + k` after `j ≤ k` moves:
//! `|f' - f| ≤ ⌊D / 2⌋`, inside. With that cone free of S pawns, the runner's file ahead free
//! of O pawns, and `d_S > d'` (S's fastest win, at ply `2m - 1` with `m ≥ d_S`, comes after
//! ply `2d'`), `score ≤ 2d' - WIN`.

use super::WIN;
use crate::games::breakthrough::bitboard::Geometry;

/// The masks of the rules, per board size.
pub(super) struct Rules {
    /// Per side and tile: the tiles at each distance from that side's far rank.
    by_distance: [[u64; 16]; 2],
    /// `cone[side][enemy_first][tile]`: the enemy tiles that could stop a runner of `side`
    /// on `tile` (rule 7), when `side` moves first (0) or the enemy does (1).
    cone: Box<[[[u64; 64]; 2]; 2]>,
    /// `path[side][tile]`: the tiles ahead of `tile` on its file, towards `side`'s far rank.
    path: [[u64; 64]; 2],
}

impl Rules {
    pub(super) fn new(g: &Geometry) -> Rules {
        let (w, h) = (g.width as i32, g.height as i32);
        let mut by_distance = [[0u64; 16]; 2];
        let mut cone = Box::new([[[0u64; 64]; 2]; 2]);
        let mut path = [[0u64; 64]; 2];
        let bit = |rank: i32, file: i32| 1u64 << (rank * w + file);
        for side in 0..2 {
            // The rank of a tile `up` ranks further towards the far rank of `side`.
            let ahead = |rank: i32, up: i32| if side == 0 { rank + up } else { rank - up };
            for rank in 0..h {
                let dist = if side == 0 { h - 1 - rank } else { rank };
                for file in 0..w {
                    let t = (rank * w + file) as usize;
                    by_distance[side][dist as usize] |= bit(rank, file);
                    for big_d in 1..=dist {
                        let r2 = ahead(rank, big_d);
                        path[side][t] |= bit(r2, file);
                        let reach = [if big_d == 1 { 0 } else { big_d / 2 }, (big_d + 1) / 2];
                        for (first, &span) in reach.iter().enumerate() {
                            for f2 in (file - span).max(0)..=(file + span).min(w - 1) {
                                cone[side][first][t] |= bit(r2, f2);
                            }
                        }
                    }
                }
            }
        }
        Rules {
            by_distance,
            cone,
            path,
        }
    }

    /// The distance of the nearest pawn of `pawns` (of `side`) to its far rank; 16 if none.
    #[inline]
    pub(super) fn nearest(&self, pawns: u64, side: usize) -> u32 {
        let d = &self.by_distance[side];
        (0..16).find(|&i| d[i] & pawns != 0).unwrap_or(16) as u32
    }

    /// The distance of the nearest unstoppable runner of `pawns` (of `side`, `first` = 0
    /// when it moves first) no further than `max`, against the enemy's `enemy` (rule 7).
    #[inline]
    fn runner(&self, pawns: u64, enemy: u64, side: usize, first: usize, max: u32) -> Option<u32> {
        for d in 1..=max.min(15) {
            let mut at = pawns & self.by_distance[side][d as usize];
            while at != 0 {
                let t = at.trailing_zeros() as usize;
                at &= at - 1;
                if self.cone[side][first][t] & enemy == 0 && self.path[side][t] & pawns == 0 {
                    return Some(d);
                }
            }
        }
        None
    }

    /// Proven bounds `(lo, hi)` on the score of any unfinished position: rules 1–3 of
    /// [`super`] (a win at once, then the two-ply bounds and a double threat), then 5–7.
    pub(super) fn all_bounds(&self, g: &Geometry, me: u64, opp: u64, side: usize) -> (i32, i32) {
        if me & g.last[side] != 0 || (opp.count_ones() == 1 && g.attacks(me, side) & opp != 0) {
            return (WIN - 1, WIN - 1);
        }
        if (opp & g.last[1 - side]).count_ones() > 1 {
            return (2 - WIN, 2 - WIN);
        }
        let (lo, hi) = self.bounds(g, me, opp, side);
        (lo.max(2 - WIN), hi.min(WIN - 3))
    }

    /// Proven bounds `(lo, hi)` on the score of an unfinished position where S (`me`,
    /// `side`) cannot win at once (rule 1 failed), by rules 5–7.
    pub(super) fn bounds(&self, g: &Geometry, me: u64, opp: u64, side: usize) -> (i32, i32) {
        let d_s = self.nearest(me, side);
        let d_o = self.nearest(opp, 1 - side);
        // Rule 5.
        let m_s = d_s.min(opp.count_ones()) as i32;
        let m_o = d_o.min(me.count_ones()) as i32;
        let mut hi = WIN - (2 * m_s - 1);
        let mut lo = 2 * m_o - WIN;
        // Rule 6.
        if d_o >= 2 {
            let movers = me & self.by_distance[side][2];
            if movers != 0 {
                let empty = g.full & !(me | opp);
                let [s, l, r] = g.steps(movers, side);
                let dest = (s & empty) | ((l | r) & (empty | opp));
                if dest & !g.attacks(opp, 1 - side) != 0 {
                    return (WIN - 3, WIN - 3);
                }
            }
        }
        // Rule 7, S's runner, then O's.
        if let Some(d) = self.runner(me, opp, side, 0, d_o) {
            lo = lo.max(WIN - (2 * d as i32 - 1));
        }
        if d_s >= 2
            && let Some(d) = self.runner(opp, me, 1 - side, 1, d_s - 1)
        {
            hi = hi.min(2 * d as i32 - WIN);
        }
        (lo, hi)
    }
}
