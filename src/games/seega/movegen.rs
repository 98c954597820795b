//! Legal moves (RULES.md SG-2, SG-3, SG-5) and custodian captures (SG-4).

use super::moves::Move;
use super::position::Position;
use super::rules;
use crate::games::board::Square;

/// Up, down, left, right as (file, rank) steps.
const DIRECTIONS: [(i8, i8); 4] = [(0, 1), (0, -1), (-1, 0), (1, 0)];

impl Position {
    /// The square one step from `sq` in direction `d`, if on the board.
    pub(super) fn step(&self, sq: Square, d: (i8, i8)) -> Option<Square> {
        let f = sq.file().checked_add_signed(d.0)?;
        let r = sq.rank().checked_add_signed(d.1)?;
        (f < self.size && r < self.size).then(|| Square::new(f, r))
    }

    /// SG-4: the enemy pieces a piece of the side to move would capture on arriving at `to`
    /// from `from` (`from` is empty by then): in each direction, an enemy piece next to `to`
    /// and not on the refuge, with an own piece right behind it. Calls `f` with each.
    pub(super) fn captures_from(&self, from: Square, to: Square, mut f: impl FnMut(Square)) {
        let own = self.side.code();
        let enemy = self.side.opponent().code();
        let refuge = self.refuge();
        for d in DIRECTIONS {
            let Some(n) = self.step(to, d) else { continue };
            if self.board[n.index()] != enemy || n == refuge {
                continue;
            }
            let Some(b) = self.step(n, d) else { continue };
            if b != from && self.board[b.index()] == own {
                f(n);
            }
        }
    }

    fn capture_count(&self, from: Square, to: Square) -> u8 {
        let mut n = 0;
        self.captures_from(from, to, |_| n += 1);
        n
    }

    /// Calls `f` with every step of the piece on `from` (SG-3), only capturing ones when
    /// `captures_only` (SG-5, D-17), until `f` returns `false`; returns whether all returned
    /// `true`.
    fn each_step_of(
        &self,
        from: Square,
        captures_only: bool,
        f: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        for d in DIRECTIONS {
            let Some(to) = self.step(from, d) else {
                continue;
            };
            if self.board[to.index()] != 0 {
                continue;
            }
            let captures = self.capture_count(from, to);
            if captures_only && captures == 0 {
                continue;
            }
            if !f(Move::Step { from, to, captures }) {
                return false;
            }
        }
        true
    }

    /// Calls `f` with every legal move of the side to move until it returns `false`; returns
    /// whether every call returned `true`. Ignores the outcome: the caller checks it.
    fn each_move(&self, mut f: impl FnMut(Move) -> bool) -> bool {
        if self.placing() {
            // SG-2: two pieces (one when one is left, SG-7) on empty tiles, never the refuge.
            let refuge = self.refuge();
            let empty: Vec<Square> = self
                .squares()
                .filter(|&s| s != refuge && self.board[s.index()] == 0)
                .collect();
            let hand = self.hands[self.side.index()];
            if hand >= rules::PLACED_PER_TURN {
                for (i, &a) in empty.iter().enumerate() {
                    for &b in &empty[i + 1..] {
                        if !f(Move::place(a, Some(b))) {
                            return false;
                        }
                    }
                }
            } else if hand == 1 {
                for &a in &empty {
                    if !f(Move::place(a, None)) {
                        return false;
                    }
                }
            }
            return true;
        }
        if let Some(from) = self.chain {
            // SG-5, D-17: the same piece, capturing moves only.
            return self.each_step_of(from, rules::CHAIN_MUST_CAPTURE, &mut f);
        }
        let own = self.side.code();
        for from in self.squares() {
            if self.board[from.index()] == own && !self.each_step_of(from, false, &mut f) {
                return false;
            }
        }
        true
    }

    /// Appends every legal move to `out`; nothing once the match is over.
    pub fn moves_into(&self, out: &mut Vec<Move>) {
        if self.outcome.is_some() {
            return;
        }
        self.each_move(|m| {
            out.push(m);
            true
        });
    }

    /// Whether the side to move has a legal move (the outcome aside).
    #[must_use]
    pub(super) fn has_legal_move(&self) -> bool {
        !self.each_move(|_| false)
    }

    /// Whether the piece on `sq` (of the side to move) has a capturing step (SG-5).
    pub(super) fn can_capture_from(&self, sq: Square) -> bool {
        !self.each_step_of(sq, true, &mut |_| false)
    }

    /// Perft: the leaf count of the legal move tree to `depth` plies; finished positions are
    /// leaves.
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 || self.outcome.is_some() {
            return 1;
        }
        let mut moves = Vec::new();
        self.moves_into(&mut moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|&m| self.after(m).perft(depth - 1)).sum()
    }
}
