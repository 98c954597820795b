//! Legal moves of Pawn&Peak (RULES.md PP-3 to PP-7): cheapest paths by a bucket queue
//! (step costs are small integers), then normal moves, captures, exits and the Scout's special
//! move.

use std::ops::ControlFlow;

use super::moves::{CaptureTerms, Move, MoveKind};
use super::position::Position;
use super::removed::Removed;
use super::rules::{self, CHARGE_BONUS, CHARGE_COST, EXIT_STEP_COST, SUPPORT_PER_PIECE};
use super::sink::{AnyMove, Count, MoveSink};
use super::types::{Piece, PieceKind, Side};
use crate::games::board::Square;

const UNREACHED: u8 = u8::MAX;
/// The largest movement of any piece (a Scout's 5): bucket queue size.
const MAX_BUDGET: usize = 5;
/// Tiles within Manhattan distance [`MAX_BUDGET`] of a start, the start excluded (every step
/// costs at least 1): the most a [`Paths`] or one bucket of the queue can hold.
const MAX_REACHED: usize = 64;

/// Cheapest-path costs from one tile (PP-4), within a budget.
pub struct Reach {
    /// Cost to each tile; [`u8::MAX`] where not reached within the budget.
    pub dist: [u8; 256],
    /// The tiles reached (start excluded), in the order first reached.
    pub reached: [Square; 256],
    /// How many entries of `reached` are used.
    pub len: usize,
}

impl Reach {
    /// The reached tiles.
    #[must_use]
    pub fn tiles(&self) -> &[Square] {
        &self.reached[..self.len]
    }
}

/// The internal, smaller form of [`Reach`] that move generation uses: the same costs and the
/// same tiles in the same order, with room for the at most 60 tiles a budget of 5 can reach.
struct Paths {
    dist: [u8; 256],
    reached: [u8; MAX_REACHED],
    len: usize,
}

impl Position {
    #[inline]
    fn neighbours(&self, sq: Square) -> impl Iterator<Item = Square> {
        let (f, r, w, h) = (sq.file(), sq.rank(), self.width, self.height);
        let s = sq.0;
        [
            (f > 0).then(|| Square(s - 1)),
            (f + 1 < w).then(|| Square(s + 1)),
            (r > 0).then(|| Square(s - 16)),
            (r + 1 < h).then(|| Square(s + 16)),
        ]
        .into_iter()
        .flatten()
    }

    /// Cheapest path costs from `from` for a piece of `side` with `budget` points (PP-4):
    /// friendly tiles are never entered, enemy tiles are reached as destinations only (PP-6.1)
    /// and empty tiles are passed through.
    #[must_use]
    pub fn reach(&self, from: Square, side: Side, budget: u8) -> Reach {
        let p = self.paths(from, side, budget);
        let mut r = Reach {
            dist: p.dist,
            reached: [Square(0); 256],
            len: p.len,
        };
        for (d, &s) in r.reached.iter_mut().zip(&p.reached[..p.len]) {
            *d = Square(s);
        }
        r
    }

    /// [`Position::reach`] by a bucket queue (Dial's algorithm: step costs are the small
    /// integers 1..=10, the budget at most 5). Enemy tiles get a cost but are never expanded,
    /// so they are not queued.
    #[inline]
    fn paths(&self, from: Square, side: Side, budget: u8) -> Paths {
        let budget = usize::from(budget.min(MAX_BUDGET as u8));
        let mut p = Paths {
            dist: [UNREACHED; 256],
            reached: [0; MAX_REACHED],
            len: 0,
        };
        let mut buckets = [[0u8; MAX_REACHED]; MAX_BUDGET + 1];
        let mut blen = [0usize; MAX_BUDGET + 1];
        let (w, h) = (self.width, self.height);
        // Piece codes are 1..=3 for Red and 4..=6 for Blue (`Piece::code`).
        let friend_base = 1 + 3 * side.index() as u8;
        p.dist[from.index()] = 0;
        buckets[0][0] = from.0;
        blen[0] = 1;
        for c in 0..budget {
            let mut i = 0;
            while i < blen[c] {
                let s = buckets[c][i % MAX_REACHED];
                i += 1;
                if usize::from(p.dist[usize::from(s)]) != c {
                    continue; // stale entry: reached cheaper since
                }
                let hs = self.heights[usize::from(s)];
                let mut relax = |n: u8| {
                    let code = self.board[usize::from(n)];
                    if code.wrapping_sub(friend_base) < 3 {
                        return; // PP-4.3: never onto or through a friend
                    }
                    let nc = c + usize::from(rules::step_cost(hs, self.heights[usize::from(n)]));
                    let old = p.dist[usize::from(n)];
                    if nc <= budget && nc < usize::from(old) {
                        // The masks only spare bounds checks: at most 60 tiles are ever
                        // reached, and a bucket holds distinct tiles (MAX_REACHED).
                        if old == UNREACHED {
                            p.reached[p.len % MAX_REACHED] = n;
                            p.len += 1;
                        }
                        p.dist[usize::from(n)] = nc as u8;
                        if code == 0 && nc < budget {
                            // PP-4.3: only empty tiles are passed through. A tile reached
                            // with the whole budget spent is not queued: every step costs at
                            // least 1, so it could relax nothing.
                            buckets[nc][blen[nc] % MAX_REACHED] = n;
                            blen[nc] += 1;
                        }
                    }
                };
                let (f, r) = (s % 16, s / 16);
                if f > 0 {
                    relax(s - 1);
                }
                if f + 1 < w {
                    relax(s + 1);
                }
                if r > 0 {
                    relax(s - 16);
                }
                if r + 1 < h {
                    relax(s + 16);
                }
            }
        }
        p
    }

    /// The cost of the step that crosses the far edge (PP-5.1, D-4; nothing once that rule is
    /// taken away).
    fn exit_step(&self) -> u8 {
        if self.removed.has(Removed::EXIT_STEP) {
            0
        } else {
            EXIT_STEP_COST
        }
    }

    /// Number of `side`'s pieces orthogonally adjacent to `target`, not counting the piece on
    /// `skip` (PP-6.3, D-6, D-7).
    fn adjacent_count(&self, target: Square, side: Side, skip: Square) -> u8 {
        self.neighbours(target)
            .filter(|&n| n != skip || rules::MOVER_SUPPORTS_ITSELF)
            .filter(|&n| Piece::from_code(self.board[n.index()]).is_some_and(|p| p.side == side))
            .count() as u8
            * SUPPORT_PER_PIECE
    }

    /// Attack and defense of the piece on `from` capturing the piece on `to` at path cost `cost`
    /// (PP-6.2 to PP-6.4).
    #[must_use]
    pub fn capture_strengths(&self, from: Square, to: Square, cost: u8) -> (u8, u8) {
        self.capture_terms(from, to, cost)
            .map_or((0, 0), |t| (t.attack(), t.defense()))
    }

    /// The terms of the attack and defense of the piece on `from` capturing the piece on `to`
    /// at path cost `cost` (PP-6.2 to PP-6.4); `None` without a piece on both.
    #[must_use]
    pub fn capture_terms(&self, from: Square, to: Square, cost: u8) -> Option<CaptureTerms> {
        let (att, def) = (self.piece_at(from)?, self.piece_at(to)?);
        let charge = if att.kind == PieceKind::Protector
            && cost == CHARGE_COST
            && !self.removed.has(Removed::CHARGE)
        {
            CHARGE_BONUS
        } else {
            0
        };
        let counted = |rule, side, skip| {
            if self.removed.has(rule) {
                0
            } else {
                self.adjacent_count(to, side, skip)
            }
        };
        Some(CaptureTerms {
            strength: att.kind.strength(),
            support: counted(Removed::SUPPORT, att.side, from),
            charge,
            defender: def.kind.strength(),
            reinforcement: counted(Removed::REINFORCEMENT, def.side, to),
        })
    }

    /// Appends the legal moves of the piece on `from` (which must belong to the side to move)
    /// to `out`.
    pub fn piece_moves_into(&self, from: Square, out: &mut Vec<Move>) {
        if let Some(piece) = self.piece_at(from) {
            let _ = self.piece_moves(from, piece, out);
        }
    }

    /// The legal moves of `piece` on `from`, in order: normal moves and captures in the order
    /// their tiles were first reached, then the exit, then the Scout's special moves.
    #[inline]
    fn piece_moves<S: MoveSink>(&self, from: Square, piece: Piece, out: &mut S) -> ControlFlow<()> {
        let budget = piece.kind.movement();
        let paths = self.paths(from, piece.side, budget);
        let far = self.far_rank(piece.side);
        let mut exit_cost = if from.rank() == far { Some(0) } else { None };
        for &t in &paths.reached[..paths.len] {
            let to = Square(t);
            let cost = paths.dist[to.index()];
            if self.board[to.index()] == 0 {
                out.take(Move {
                    from,
                    to,
                    kind: MoveKind::Normal,
                    cost,
                    attack: 0,
                    defense: 0,
                })?;
                if to.rank() == far && exit_cost.is_none_or(|c| cost < c) {
                    exit_cost = Some(cost);
                }
            } else {
                let (attack, defense) = self.capture_strengths(from, to, cost);
                if attack >= defense {
                    out.take(Move {
                        from,
                        to,
                        kind: MoveKind::Capture,
                        cost,
                        attack,
                        defense,
                    })?;
                }
            }
        }
        // PP-5.1, D-4: one more point to cross the edge.
        let step = self.exit_step();
        if let Some(c) = exit_cost
            && c + step <= budget
        {
            out.take(Move {
                from,
                to: from,
                kind: MoveKind::Exit,
                cost: c + step,
                attack: 0,
                defense: 0,
            })?;
        }
        if piece.kind == PieceKind::Scout && !self.removed.has(Removed::SCOUT_SPECIAL) {
            self.scout_specials(from, &paths.dist, out)?;
        }
        ControlFlow::Continue(())
    }

    /// The exit of `piece` on `from` (PP-5.1, D-4), when it has one: the very move
    /// [`Position::piece_moves`] gives it, found with one point less of path search (a tile
    /// dearer than that cannot be crossed to the edge), towards the far rank only, and none of
    /// the other destinations.
    pub(super) fn exit_move(&self, from: Square, piece: Piece) -> Option<Move> {
        let budget = piece.kind.movement();
        let far = self.far_rank(piece.side);
        let step = self.exit_step();
        let cost = if from.rank() == far {
            0
        } else {
            let limit = budget.checked_sub(step)?;
            let best = self.edge_cost(from, far, 0, limit + 1);
            (best <= limit).then_some(best)?
        };
        (cost + step <= budget).then_some(Move {
            from,
            to: from,
            kind: MoveKind::Exit,
            cost: cost + step,
            attack: 0,
            defense: 0,
        })
    }

    /// The cheapest cost, below `bound`, of a path from `at` (reached at cost `spent`) through
    /// empty tiles to an empty tile of rank `far` (PP-4.2, PP-4.3); `bound` when there is none.
    /// A depth-first walk over every path cheaper than `bound`: each step costs at least 1
    /// and changes the rank by at most 1, so a tile from which rank `far` cannot be reached
    /// below the bound is not entered, and a path stops at the first tile of rank `far` (going
    /// on could only reach tiles of that rank at a higher cost). The walk may revisit tiles
    /// (a dearer path to them), which changes no minimum: it gives the cost of the cheapest
    /// path that [`Position::paths`] gives the tiles of rank `far`, for the small budgets of
    /// an exit (at most 4 points, PP-2) without its tables.
    fn edge_cost(&self, at: Square, far: u8, spent: u8, mut bound: u8) -> u8 {
        let h = self.heights[at.index()];
        for n in self.neighbours(at) {
            if self.board[n.index()] != 0 {
                continue; // PP-4.3: only empty tiles are passed through or reached here
            }
            let c = spent + rules::step_cost(h, self.heights[n.index()]);
            if c + n.rank().abs_diff(far) >= bound {
                continue;
            }
            bound = if n.rank() == far {
                c
            } else {
                self.edge_cost(n, far, c, bound)
            };
        }
        bound
    }

    /// PP-7: the Scout's diagonal steps and straight jumps of two onto empty tiles; D-9: a
    /// destination that a normal move reaches (`dist` below [`u8::MAX`]) is left to the normal
    /// move.
    #[inline]
    fn scout_specials<S: MoveSink>(
        &self,
        from: Square,
        dist: &[u8; 256],
        out: &mut S,
    ) -> ControlFlow<()> {
        const JUMPS: [(i32, i32); 8] = [
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
            (2, 0),
            (-2, 0),
            (0, 2),
            (0, -2),
        ];
        let (f, r) = (i32::from(from.file()), i32::from(from.rank()));
        for (df, dr) in JUMPS {
            let (tf, tr) = (f + df, r + dr);
            if !self.on_board(tf, tr) {
                continue;
            }
            let to = Square::new(tf as u8, tr as u8);
            if self.board[to.index()] != 0 {
                continue;
            }
            if df.abs() == 2 || dr.abs() == 2 {
                let mid = Square::new((f + df / 2) as u8, (r + dr / 2) as u8);
                if self.board[mid.index()] != 0 {
                    continue;
                }
            }
            if rules::SPECIAL_YIELDS_TO_NORMAL && dist[to.index()] != UNREACHED {
                continue;
            }
            out.take(Move {
                from,
                to,
                kind: MoveKind::Special,
                cost: 0,
                attack: 0,
                defense: 0,
            })?;
        }
        ControlFlow::Continue(())
    }

    /// Appends every legal move of the side to move to `out`; nothing once the match is over.
    pub fn moves_into(&self, out: &mut Vec<Move>) {
        if self.outcome.is_some() {
            return;
        }
        let _ = self.all_piece_moves(out);
    }

    /// The number of legal moves of the side to move (the length of the list
    /// [`Position::moves_into`] gives, without building it); 0 once the match is over.
    #[must_use]
    pub fn count_moves(&self) -> usize {
        if self.outcome.is_some() {
            return 0;
        }
        let mut n = Count(0);
        let _ = self.all_piece_moves(&mut n);
        n.0
    }

    /// Every move of every piece of the side to move, rank 1 first, files `a` first.
    #[inline]
    fn all_piece_moves<S: MoveSink>(&self, out: &mut S) -> ControlFlow<()> {
        for (sq, code) in self.occupied_by(self.side) {
            let piece = Piece::from_code(code).expect("a piece code");
            self.piece_moves(sq, piece, out)?;
        }
        ControlFlow::Continue(())
    }

    /// Whether `mv` is a legal move of this position (the match not over), by generating the
    /// moves of its piece only, until it is found.
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        struct Find(Move);
        impl MoveSink for Find {
            fn take(&mut self, mv: Move) -> ControlFlow<()> {
                if mv == self.0 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            }
        }
        if self.outcome.is_some() {
            return false;
        }
        match self.piece_at(mv.from) {
            Some(p) if p.side == self.side => {
                self.piece_moves(mv.from, p, &mut Find(mv)).is_break()
            }
            _ => false,
        }
    }

    /// Whether the side to move has any legal action, ignoring whether the match is over
    /// (PP-8.4). Stops at the first one.
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        self.has_plain_step() || self.all_piece_moves(&mut AnyMove).is_break()
    }

    /// Whether a piece of the side to move can step onto an empty orthogonal neighbour within
    /// its movement: that step is a legal normal move (PP-4), found without a path search.
    fn has_plain_step(&self) -> bool {
        let base = 1 + 3 * self.side.index() as u8;
        self.occupied_by(self.side).any(|(sq, code)| {
            let budget = PieceKind::ALL[usize::from(code - base)].movement();
            let h = self.heights[sq.index()];
            self.neighbours(sq).any(|n| {
                self.board[n.index()] == 0 && rules::step_cost(h, self.heights[n.index()]) <= budget
            })
        })
    }

    /// The number of leaves of the legal move tree at `depth` plies (perft); a finished position
    /// is a leaf. The last ply is counted in bulk ([`Position::count_moves`]) and the moves of
    /// the plies above share one buffer, so the count allocates nothing once the buffer has
    /// grown.
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        self.perft_with(depth, &mut Vec::new())
    }

    fn perft_with(&self, depth: u32, stack: &mut Vec<Move>) -> u64 {
        if depth == 0 || self.outcome.is_some() {
            return 1;
        }
        if depth == 1 {
            return self.count_moves() as u64;
        }
        let start = stack.len();
        let _ = self.all_piece_moves(stack);
        let end = stack.len();
        let mut n = 0;
        for i in start..end {
            let mv = stack[i];
            n += if depth == 2 {
                // The PP-8.4 test and the count in one pass: a child without a legal move is
                // finished (`after` would set NoLegalMove), hence one leaf.
                let child = self.after_unchecked(mv);
                if child.outcome.is_some() {
                    1
                } else {
                    let mut c = Count(0);
                    let _ = child.all_piece_moves(&mut c);
                    c.0.max(1) as u64
                }
            } else {
                self.after(mv).perft_with(depth - 1, stack)
            };
        }
        stack.truncate(start);
        n
    }
}
