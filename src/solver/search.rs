//! The exhaustive AND/OR proof search: can the player (the side to move at the root) force a
//! win within `n` of its own moves? A transposition table keyed by the whole position caches
//! proven facts only, so answers never depend on its size.

use std::collections::HashMap;

use super::control::{Control, DEFAULT_TABLE_BYTES, Meter, Stop};
use crate::game::{GameState, Player};

/// What the table knows of a position with the player to move: a win within `win_at_most`
/// player moves is proven (`u32::MAX` when none is), and no win within `fail_at_least` is
/// proven (0 when nothing is).
#[derive(Clone, Copy, Debug)]
struct Entry {
    win_at_most: u32,
    fail_at_least: u32,
}

const _: () = assert!(std::mem::size_of::<Entry>() == 8);

/// A proof search for one player over one game.
pub struct Prover<'a, G: GameState> {
    player: Player,
    table: HashMap<G, Entry>,
    capacity: usize,
    pub(crate) meter: Meter<'a>,
    buffers: Vec<Vec<G::Move>>,
}

impl<'a, G: GameState> Prover<'a, G> {
    /// A prover for `player` with the given controls.
    pub fn new(player: Player, control: Control<'a>) -> Prover<'a, G> {
        let bytes = control.limits.table_bytes.unwrap_or(DEFAULT_TABLE_BYTES);
        let capacity = bytes / Self::bytes_per_entry();
        Prover {
            player,
            table: HashMap::new(),
            capacity,
            meter: Meter::new(control),
            buffers: Vec::new(),
        }
    }

    /// The most memory one table entry can take: the position, the entry and a control byte,
    /// times 16/7 for the hash table's load factor and power-of-two growth.
    fn bytes_per_entry() -> usize {
        (std::mem::size_of::<(G, Entry)>() + 1) * 16 / 7
    }

    /// The memory the transposition table holds now, in bytes (its allocated buckets).
    pub fn table_bytes(&self) -> usize {
        let buckets = (self.table.capacity() * 8 / 7).next_power_of_two();
        if self.table.capacity() == 0 {
            0
        } else {
            buckets * (std::mem::size_of::<(G, Entry)>() + 1)
        }
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.meter.nodes
    }

    fn moves(&mut self, pos: &G) -> Vec<G::Move> {
        let mut v = self.buffers.pop().unwrap_or_default();
        v.clear();
        pos.legal_moves_into(&mut v);
        v.sort_by_key(|&m| std::cmp::Reverse(pos.move_priority(m)));
        v
    }

    fn give_back(&mut self, v: Vec<G::Move>) {
        self.buffers.push(v);
    }

    fn player_won(&self, pos: &G) -> Option<bool> {
        pos.outcome().map(|o| o.winner == Some(self.player))
    }

    /// Whether `mv` from `pos` (player to move) wins within `n` player moves, `mv` included.
    ///
    /// # Errors
    /// [`Stop`] when a limit or cancel stopped the search.
    pub fn move_wins(&mut self, pos: &G, mv: G::Move, n: u32) -> Result<bool, Stop> {
        if n == 0 {
            return Ok(false);
        }
        let child = pos.play(mv);
        self.meter.tick()?;
        match self.player_won(&child) {
            Some(w) => Ok(w),
            // The defence moves next; with no player move left (n == 1), the player still wins
            // if every defence ends the match in its favour (say, at the move limit).
            None => self.defence_loses(&child, n - 1),
        }
    }

    /// Whether the player, to move in `pos`, forces a win within `n` of its moves.
    ///
    /// # Errors
    /// [`Stop`] when a limit or cancel stopped the search.
    pub fn wins(&mut self, pos: &G, n: u32) -> Result<bool, Stop> {
        if let Some(w) = self.player_won(pos) {
            return Ok(w);
        }
        if n == 0 {
            return Ok(false);
        }
        if let Some(e) = self.table.get(pos) {
            if e.win_at_most <= n {
                return Ok(true);
            }
            if e.fail_at_least >= n {
                return Ok(false);
            }
        }
        let moves = self.moves(pos);
        let mut result = Ok(false);
        for &m in &moves {
            match self.move_wins(pos, m, n) {
                Ok(true) => {
                    result = Ok(true);
                    break;
                }
                Ok(false) => {}
                Err(s) => {
                    result = Err(s);
                    break;
                }
            }
        }
        self.give_back(moves);
        if let Ok(w) = result {
            self.store(pos, n, w);
        }
        result
    }

    /// Whether every defence in `pos` (opponent to move, match not over) loses within `n`
    /// further player moves (with `n == 0`: every defence ends the match in the player's
    /// favour at once).
    fn defence_loses(&mut self, pos: &G, n: u32) -> Result<bool, Stop> {
        let moves = self.moves(pos);
        let mut result = Ok(true);
        for &r in &moves {
            let child = pos.play(r);
            if let Err(s) = self.meter.tick() {
                result = Err(s);
                break;
            }
            let ok = match self.player_won(&child) {
                Some(w) => Ok(w),
                None if n == 0 => Ok(false),
                None => self.wins(&child, n),
            };
            match ok {
                Ok(true) => {}
                other => {
                    result = other;
                    break;
                }
            }
        }
        self.give_back(moves);
        result
    }

    /// The fewest player moves (1..=`max`) within which the player, to move in `pos`, wins;
    /// `None` when it cannot within `max`.
    ///
    /// # Errors
    /// [`Stop`] when a limit or cancel stopped the search.
    pub fn shortest_win(&mut self, pos: &G, max: u32) -> Result<Option<u32>, Stop> {
        for d in 1..=max {
            self.meter.depth = d;
            if self.wins(pos, d)? {
                return Ok(Some(d));
            }
        }
        Ok(None)
    }

    /// The fewest player moves within which `mv` wins (1..=`max`), or `None`.
    ///
    /// # Errors
    /// [`Stop`] when a limit or cancel stopped the search.
    pub fn shortest_win_by(&mut self, pos: &G, mv: G::Move, max: u32) -> Result<Option<u32>, Stop> {
        for d in 1..=max {
            if self.move_wins(pos, mv, d)? {
                return Ok(Some(d));
            }
        }
        Ok(None)
    }

    fn store(&mut self, pos: &G, n: u32, win: bool) {
        if self.capacity == 0 {
            return; // the table is off
        }
        if self.table.len() >= self.capacity {
            self.table.clear();
        }
        let e = self.table.entry(pos.clone()).or_insert(Entry {
            win_at_most: u32::MAX,
            fail_at_least: 0,
        });
        if win {
            e.win_at_most = e.win_at_most.min(n);
        } else {
            e.fail_at_least = e.fail_at_least.max(n);
        }
        self.meter.table_bytes = self.table_bytes();
    }
}
