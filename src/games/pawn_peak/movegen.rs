//! Legal moves of Pawn&Peak (RULES.md PP-3 to PP-7): cheapest paths by a bucket queue
//! (step costs are small integers), then normal moves, captures, exits and the Scout's special
//! move.

use super::position::Position;
use super::rules::{self, CHARGE_BONUS, CHARGE_COST, EXIT_STEP_COST, SUPPORT_PER_PIECE};
use super::types::{Piece, PieceKind, Side, Square};

/// What a move does (PP-3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// PP-4: a move along the cheapest path to an empty tile.
    Normal,
    /// PP-6: a move onto an enemy piece, which is removed.
    Capture,
    /// PP-5: the piece leaves the board past its far edge.
    Exit,
    /// PP-7: a Scout's diagonal step or straight jump of two, ignoring heights.
    Special,
}

impl MoveKind {
    /// The JSON name: `move`, `capture`, `exit` or `special`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            MoveKind::Normal => "move",
            MoveKind::Capture => "capture",
            MoveKind::Exit => "exit",
            MoveKind::Special => "special",
        }
    }
}

/// One Pawn&Peak action with what the rules computed for it.
///
/// `to` equals `from` for an exit. `cost` is in movement points (0 for a special move);
/// `attack` and `defense` are set for captures only (PP-6.2), 0 otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The tile the piece starts on.
    pub from: Square,
    /// The destination (the target for a capture; `from` for an exit).
    pub to: Square,
    /// What the move does.
    pub kind: MoveKind,
    /// The cheapest path's cost; for an exit, the cost to the edge tile plus the crossing step.
    pub cost: u8,
    /// Attack of a capture: strength + support + charge.
    pub attack: u8,
    /// Defense of a capture: strength + reinforcement.
    pub defense: u8,
}

impl Move {
    /// The move text (PP-11): `c3-c5`, `d4xd6`, `e10-exit`.
    #[must_use]
    pub fn text(&self) -> String {
        match self.kind {
            MoveKind::Normal | MoveKind::Special => format!("{}-{}", self.from, self.to),
            MoveKind::Capture => format!("{}x{}", self.from, self.to),
            MoveKind::Exit => format!("{}-exit", self.from),
        }
    }
}

const UNREACHED: u8 = u8::MAX;
/// The largest movement of any piece (a Scout's 5): bucket queue size.
const MAX_BUDGET: usize = 5;

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
        let budget = budget.min(MAX_BUDGET as u8);
        let mut r = Reach {
            dist: [UNREACHED; 256],
            reached: [Square(0); 256],
            len: 0,
        };
        let mut buckets = [[Square(0); 64]; MAX_BUDGET + 1];
        let mut blen = [0usize; MAX_BUDGET + 1];
        r.dist[from.index()] = 0;
        buckets[0][0] = from;
        blen[0] = 1;
        for c in 0..=usize::from(budget) {
            let mut i = 0;
            while i < blen[c] {
                let sq = buckets[c][i];
                i += 1;
                if usize::from(r.dist[sq.index()]) != c {
                    continue; // stale entry: reached cheaper since
                }
                if sq != from && self.board[sq.index()] != 0 {
                    continue; // PP-4.3: no path passes through a piece
                }
                let h = self.heights[sq.index()];
                for n in self.neighbours(sq) {
                    if let Some(p) = Piece::from_code(self.board[n.index()])
                        && p.side == side
                    {
                        continue;
                    }
                    let nc = c + usize::from(rules::step_cost(h, self.heights[n.index()]));
                    if nc <= usize::from(budget) && nc < usize::from(r.dist[n.index()]) {
                        if r.dist[n.index()] == UNREACHED {
                            r.reached[r.len] = n;
                            r.len += 1;
                        }
                        r.dist[n.index()] = nc as u8;
                        buckets[nc][blen[nc]] = n;
                        blen[nc] += 1;
                    }
                }
            }
        }
        r
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
        let (Some(att), Some(def)) = (self.piece_at(from), self.piece_at(to)) else {
            return (0, 0);
        };
        let charge = if att.kind == PieceKind::Protector && cost == CHARGE_COST {
            CHARGE_BONUS
        } else {
            0
        };
        let support = self.adjacent_count(to, att.side, from);
        let reinforcement = self.adjacent_count(to, def.side, to);
        (
            att.kind.strength() + support + charge,
            def.kind.strength() + reinforcement,
        )
    }

    /// Appends the legal moves of the piece on `from` (which must belong to the side to move)
    /// to `out`.
    pub fn piece_moves_into(&self, from: Square, out: &mut Vec<Move>) {
        let Some(piece) = self.piece_at(from) else {
            return;
        };
        let budget = piece.kind.movement();
        let reach = self.reach(from, piece.side, budget);
        let far = self.far_rank(piece.side);
        let mut exit_cost = if from.rank() == far { Some(0) } else { None };
        for &to in reach.tiles() {
            let cost = reach.dist[to.index()];
            if self.board[to.index()] == 0 {
                out.push(Move {
                    from,
                    to,
                    kind: MoveKind::Normal,
                    cost,
                    attack: 0,
                    defense: 0,
                });
                if to.rank() == far && exit_cost.is_none_or(|c| cost < c) {
                    exit_cost = Some(cost);
                }
            } else {
                let (attack, defense) = self.capture_strengths(from, to, cost);
                if attack >= defense {
                    out.push(Move {
                        from,
                        to,
                        kind: MoveKind::Capture,
                        cost,
                        attack,
                        defense,
                    });
                }
            }
        }
        // PP-5.1, D-4: one more point to cross the edge.
        if let Some(c) = exit_cost
            && c + EXIT_STEP_COST <= budget
        {
            out.push(Move {
                from,
                to: from,
                kind: MoveKind::Exit,
                cost: c + EXIT_STEP_COST,
                attack: 0,
                defense: 0,
            });
        }
        if piece.kind == PieceKind::Scout {
            self.scout_specials(from, &reach, out);
        }
    }

    /// PP-7: the Scout's diagonal steps and straight jumps of two onto empty tiles; D-9: a
    /// destination that a normal move reaches is left to the normal move.
    fn scout_specials(&self, from: Square, reach: &super::movegen::Reach, out: &mut Vec<Move>) {
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
            if rules::SPECIAL_YIELDS_TO_NORMAL && reach.dist[to.index()] != UNREACHED {
                continue;
            }
            out.push(Move {
                from,
                to,
                kind: MoveKind::Special,
                cost: 0,
                attack: 0,
                defense: 0,
            });
        }
    }

    /// Appends every legal move of the side to move to `out`; nothing once the match is over.
    pub fn moves_into(&self, out: &mut Vec<Move>) {
        if self.outcome.is_some() {
            return;
        }
        self.all_piece_moves(out);
    }

    fn all_piece_moves(&self, out: &mut Vec<Move>) {
        for r in 0..self.height {
            for f in 0..self.width {
                let sq = Square::new(f, r);
                if Piece::from_code(self.board[sq.index()]).is_some_and(|p| p.side == self.side) {
                    self.piece_moves_into(sq, out);
                }
            }
        }
    }

    /// Whether the side to move has any legal action, ignoring whether the match is over
    /// (PP-8.4).
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        let mut v = Vec::new();
        self.all_piece_moves(&mut v);
        !v.is_empty()
    }
}
