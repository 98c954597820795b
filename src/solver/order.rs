//! Move ordering for the proof search. Order changes the work done, never an answer.
//!
//! Player moves: the game's [`GameState::move_priority`] (exits, captures, advances first),
//! then the last move that won with as many player moves left (a killer move). Defences: the
//! game's priorities, then the last defence that refuted a sibling with as many player moves
//! left (refutations are often the same: capture or block the piece that threatens).

use crate::game::GameState;

/// The last winning player move and the last refuting defence, per player moves left.
pub(crate) struct Killers<M> {
    win: Vec<Option<M>>,
    refute: Vec<Option<M>>,
}

impl<M> Default for Killers<M> {
    fn default() -> Self {
        Killers {
            win: Vec::new(),
            refute: Vec::new(),
        }
    }
}

fn slot<M>(v: &mut Vec<Option<M>>, n: u32) -> &mut Option<M> {
    let i = n as usize;
    if v.len() <= i {
        v.resize_with(i + 1, || None);
    }
    &mut v[i]
}

/// Sorts by the game's priority (highest first, stable), then puts `first` in front when it
/// is in the list.
fn order<G: GameState>(pos: &G, moves: &mut [G::Move], first: Option<G::Move>) {
    if moves.len() > 1 {
        moves.sort_by_key(|&m| std::cmp::Reverse(pos.move_priority(m)));
    }
    if let Some(k) = first
        && let Some(i) = moves.iter().position(|&m| m == k)
    {
        moves[..=i].rotate_right(1);
    }
}

impl<M: Copy + Eq> Killers<M> {
    /// Orders the player's moves with `n` player moves left (this one included).
    pub fn order_player<G: GameState<Move = M>>(&mut self, pos: &G, moves: &mut [M], n: u32) {
        let k = *slot(&mut self.win, n);
        order(pos, moves, k);
    }

    /// Orders the defences with `n` player moves left after them.
    pub fn order_defence<G: GameState<Move = M>>(&mut self, pos: &G, moves: &mut [M], n: u32) {
        let k = *slot(&mut self.refute, n);
        order(pos, moves, k);
    }

    /// `m` won with `n` player moves left.
    pub fn won(&mut self, n: u32, m: M) {
        *slot(&mut self.win, n) = Some(m);
    }

    /// `r` refuted with `n` player moves left after it.
    pub fn refuted(&mut self, n: u32, r: M) {
        *slot(&mut self.refute, n) = Some(r);
    }
}
