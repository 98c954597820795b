//! Move ordering for the proof search. Order changes the work done, never an answer.
//!
//! Player moves: the game's [`GameState::move_priority`] (exits, captures, advances first),
//! then the last move that won with as many player moves left (a killer move). Defences: the
//! game's priorities (unless [`GameState::PRIORITIZE_DEFENCES`] is `false`: generation order),
//! then the last defence that refuted a sibling with as many player moves left (refutations
//! are often the same: capture or block the piece that threatens).

use crate::game::GameState;

/// The last winning player move and the last refuting defence, per player moves left.
pub(crate) struct Killers<M> {
    win: Vec<Option<M>>,
    refute: Vec<Option<M>>,
    /// Scratch space for sorting: the priorities, [`sort_key`]s and a copy of the moves.
    prio: Vec<i32>,
    keys: Vec<u64>,
    copy: Vec<M>,
}

impl<M> Default for Killers<M> {
    fn default() -> Self {
        Killers {
            win: Vec::new(),
            refute: Vec::new(),
            prio: Vec::new(),
            keys: Vec::new(),
            copy: Vec::new(),
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

/// Puts `first` in front when it is in the list.
fn killer_first<M: Copy + Eq>(moves: &mut [M], first: Option<M>) {
    if let Some(k) = first
        && let Some(i) = moves.iter().position(|&m| m == k)
    {
        moves[..=i].rotate_right(1);
    }
}

/// One integer that sorts (ascending) by priority, highest first, then by index: the order
/// of a stable sort by priority, compared in one instruction.
fn sort_key(priority: i32, index: usize) -> u64 {
    // Flipping the sign bit maps i32 order onto u32 order; `!` makes it descending.
    let p = !((priority as u32) ^ 0x8000_0000);
    u64::from(p) << 32 | index as u64
}

/// Priority spans up to this wide are sorted by counting ([`Killers::by_priority`]).
const BUCKETS: usize = 64;

impl<M: Copy + Eq> Killers<M> {
    /// Sorts by the game's priority, highest first; equal priorities keep their order. Each
    /// priority is computed once. When the priorities span fewer than [`BUCKETS`] values (a
    /// game that keeps them small, as Pawn&Peak does), a counting sort places every move in
    /// one pass; otherwise the sort is over one integer per move ([`sort_key`]). Both give the
    /// order of a stable sort by priority.
    fn by_priority<G: GameState<Move = M>>(&mut self, pos: &G, moves: &mut [M]) {
        if moves.len() < 2 {
            return;
        }
        self.prio.clear();
        self.prio
            .extend(moves.iter().map(|&m| pos.move_priority(m)));
        self.sort_by_prio(moves);
    }

    /// Sorts `moves` by `self.prio` (one priority per move), highest first, stably.
    fn sort_by_prio(&mut self, moves: &mut [M]) {
        self.copy.clear();
        self.copy.extend_from_slice(moves);
        let (lo, hi) = self
            .prio
            .iter()
            .fold((i32::MAX, i32::MIN), |(lo, hi), &p| (lo.min(p), hi.max(p)));
        if i64::from(hi) - i64::from(lo) < BUCKETS as i64 {
            // Bucket b holds priority hi - b: the first position of each bucket, then each
            // move to the next free place of its bucket, in list order (stable).
            let bucket = |p: i32| (i64::from(hi) - i64::from(p)) as usize;
            let mut next = [0usize; BUCKETS];
            for &p in &self.prio {
                next[bucket(p)] += 1;
            }
            let mut start = 0;
            for n in &mut next {
                let count = *n;
                *n = start;
                start += count;
            }
            for (&m, &p) in self.copy.iter().zip(&self.prio) {
                let b = bucket(p);
                moves[next[b]] = m;
                next[b] += 1;
            }
            return;
        }
        self.keys.clear();
        self.keys
            .extend(self.prio.iter().enumerate().map(|(i, &p)| sort_key(p, i)));
        self.keys.sort_unstable();
        for (slot, &k) in moves.iter_mut().zip(&self.keys) {
            *slot = self.copy[(k & u64::from(u32::MAX)) as usize];
        }
    }

    /// Orders the player's moves with `n` player moves left (this one included).
    pub fn order_player<G: GameState<Move = M>>(&mut self, pos: &G, moves: &mut [M], n: u32) {
        let k = self.player_killer(n);
        self.order_player_with(pos, moves, k);
    }

    /// The killer for the player with `n` moves left: the last move that won.
    pub fn player_killer(&mut self, n: u32) -> Option<M> {
        *slot(&mut self.win, n)
    }

    /// The defender's killer with `n` player moves left after it: the last refutation.
    pub fn defence_killer(&mut self, n: u32) -> Option<M> {
        *slot(&mut self.refute, n)
    }

    /// [`Killers::order_player`] with the killer `k` (read before the node was searched).
    pub fn order_player_with<G: GameState<Move = M>>(
        &mut self,
        pos: &G,
        moves: &mut [M],
        k: Option<M>,
    ) {
        self.by_priority(pos, moves);
        killer_first(moves, k);
    }

    /// Orders the defences with the killer `k` (see [`Killers::defence_killer`]).
    pub fn order_defence_with<G: GameState<Move = M>>(
        &mut self,
        pos: &G,
        moves: &mut [M],
        k: Option<M>,
    ) {
        if G::PRIORITIZE_DEFENCES {
            self.by_priority(pos, moves);
        }
        killer_first(moves, k);
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

#[cfg(test)]
mod tests {
    use super::{Killers, sort_key};

    #[test]
    fn sort_keys_order_by_priority_descending_then_index() {
        let mut keys = [
            sort_key(5, 0),
            sort_key(-3, 1),
            sort_key(1000, 2),
            sort_key(5, 3),
            sort_key(i32::MIN, 4),
            sort_key(i32::MAX, 5),
        ];
        keys.sort_unstable();
        let order: Vec<u64> = keys.iter().map(|k| k & 0xffff_ffff).collect();
        assert_eq!(order, [5, 2, 0, 3, 1, 4]);
    }

    /// The counting sort (narrow spans) and the key sort (wide spans) both give the order of
    /// a stable sort by priority, highest first.
    #[test]
    fn both_sorts_are_a_stable_sort_by_priority() {
        for span in [1u64, 2, 7, 63, 64, 65, 1000, u64::from(u32::MAX)] {
            for len in [2usize, 3, 10, 100] {
                let mut k = Killers::<usize> {
                    // Scattered values (a multiplicative hash of the index) within the span.
                    prio: (0..len as u64)
                        .map(|i| {
                            let x = (i + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 20;
                            (i64::from(i32::MIN / 2) + (x % span) as i64) as i32
                        })
                        .collect(),
                    ..Killers::default()
                };
                let mut moves: Vec<usize> = (0..len).collect();
                let mut want = moves.clone();
                want.sort_by_key(|&i| std::cmp::Reverse(k.prio[i]));
                k.sort_by_prio(&mut moves);
                assert_eq!(moves, want, "span {span}, length {len}");
            }
        }
    }
}
