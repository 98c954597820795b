//! The exhaustive AND/OR proof search: can the player (the side to move at the root) force a
//! win within `n` of its own moves?
//!
//! A ply counts as one of the player's `n` moves when the player makes it, whoever made the
//! ply before: after a Seega capture (SG-5) the same side moves again, and each chain step is
//! one player move (one on the move counter), or a free defence when the defender chains.
//!
//! Depth-first, with iterative deepening on `n` ([`Prover::shortest_win`]), and:
//! - the game's search hooks: at the player's last move,
//!   [`GameState::wins_in_one_known`] may answer at once, else
//!   [`GameState::win_in_one_candidates_into`] gives only the moves that can end the match at
//!   once (often none, without generating moves); where the player has no move left,
//!   [`GameState::may_lose_at_once`] skips the defences; anywhere,
//!   [`GameState::moves_to_win_at_least`] fails a node before its moves are generated when
//!   the player needs more moves than it has left. All three only leave out what cannot win,
//!   so the answers are those of a plain minimax ([`super::plain`]);
//! - move ordering ([`super::order`]): the game's priorities, then per depth the last winning
//!   player move and the last refuting defence first;
//! - a transposition table ([`super::table`]) of proven facts only, so answers never depend on
//!   its size.

use super::control::{Control, Meter, Stop};
use super::order::Killers;
use super::table::Table;
use crate::game::{GameState, Player};

/// Below this many player moves left, positions are not stored in the table: the hooks make
/// a last-move node cheaper than a table probe.
const MIN_STORED_DEPTH: u32 = 2;

/// A proof search for one player over one game.
///
/// Every position given to one prover should come from one match (one board and terrain);
/// the table is cleared when a position of another match arrives.
pub struct Prover<'a, G: GameState> {
    player: Player,
    table: Table<G>,
    pub(crate) meter: Meter<'a>,
    buffers: Vec<Vec<G::Move>>,
    killers: Killers<G::Move>,
    /// The working memory held (move lists and the levels of the path, estimated) and its
    /// bound ([`super::Limits::max_memory`]).
    working: usize,
    working_bound: Option<usize>,
}

/// The working memory of one level of the path besides its move list (estimated): the
/// positions a level keeps on the stack and its frames.
fn level_bytes<G>() -> usize {
    2 * std::mem::size_of::<G>() + 512
}

impl<'a, G: GameState> Prover<'a, G> {
    /// A prover for `player` with the given controls. Its table and working memory get an
    /// equal share of the memory among [`super::Limits::threads`] threads
    /// ([`super::Limits::memory_per_thread`]).
    pub fn new(player: Player, control: Control<'a>) -> Prover<'a, G> {
        let (table, working_bound) = control.limits.memory_per_thread();
        Prover {
            player,
            table: Table::new(table),
            meter: Meter::new(control),
            buffers: Vec::new(),
            killers: Killers::default(),
            working: 0,
            working_bound,
        }
    }

    /// The working memory the search holds now, in bytes (estimated: its move lists and the
    /// levels of the path searched so far).
    pub fn working_bytes(&self) -> usize {
        self.working
    }

    /// The memory the transposition table holds now, in bytes (its allocated buckets).
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Nodes searched so far: positions reached by playing a move.
    pub fn nodes(&self) -> u64 {
        self.meter.nodes
    }

    /// A prover for the same player and controls, with its own (empty) table, whose clock
    /// started with this one's: a helper thread of a root split.
    pub(crate) fn helper(&self) -> Prover<'a, G> {
        let mut p = Prover::new(self.player, self.meter.control);
        p.meter.start = self.meter.start;
        p
    }

    /// A move list filled by `fill`, from the pool of lists (one per level of the path);
    /// what the pool grows by counts against the working memory.
    ///
    /// # Errors
    /// [`Stop::MemoryLimit`] when the working memory passes its bound.
    fn moves(&mut self, fill: impl FnOnce(&mut Vec<G::Move>)) -> Result<Vec<G::Move>, Stop> {
        let mut v = match self.buffers.pop() {
            Some(v) => v,
            None => {
                self.working += level_bytes::<G>();
                Vec::new()
            }
        };
        v.clear();
        let before = v.capacity();
        fill(&mut v);
        self.working += (v.capacity() - before) * std::mem::size_of::<G::Move>();
        if self.working_bound.is_some_and(|b| self.working > b) {
            self.give_back(v);
            return Err(Stop::MemoryLimit);
        }
        Ok(v)
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
        self.table.enter_match(pos);
        let n = at_most_plies_left(pos, n);
        self.move_wins_in(pos, mv, n)
    }

    fn move_wins_in(&mut self, pos: &G, mv: G::Move, n: u32) -> Result<bool, Stop> {
        if n == 0 {
            return Ok(false);
        }
        let child = pos.play(mv);
        self.meter.tick()?;
        // The defence usually moves next; with no player move left (n == 1), the player still
        // wins if every defence ends the match in its favour (say, at the move limit). When
        // the player moves again (a Seega chain), that next ply is one of its `n - 1` moves.
        self.within(&child, n - 1)
    }

    /// Whether the player wins within `n` further player moves from `pos`, whoever is to
    /// move there: a ply counts against `n` when the player makes it, whether or not the
    /// player also made the ply before (GameState::SIDES_ALTERNATE).
    fn within(&mut self, pos: &G, n: u32) -> Result<bool, Stop> {
        match self.player_won(pos) {
            Some(w) => Ok(w),
            None if pos.to_move() == self.player => {
                if n == 0 {
                    Ok(false)
                } else {
                    self.wins_in(pos, n)
                }
            }
            None => self.defence_loses(pos, n),
        }
    }

    /// Whether the player wins within `n` further player moves from `pos`, whoever is to move
    /// there (the defender, or the player again after a Seega chain step; a finished `pos`
    /// answers whether the player won).
    ///
    /// # Errors
    /// [`Stop`] when a limit or cancel stopped the search.
    pub fn wins_from(&mut self, pos: &G, n: u32) -> Result<bool, Stop> {
        self.table.enter_match(pos);
        let n = at_most_plies_left(pos, n);
        self.within(pos, n)
    }

    /// What the table already proves, for each of `moves` from `pos`, about the position
    /// after it with `n` further player moves, without searching: `Some(true)` a win within
    /// `n`, `Some(false)` none, `None` not known (or the defender to move again: the table
    /// holds positions with the player to move only). A finished position answers whether
    /// the player won.
    pub(crate) fn known_after(&mut self, pos: &G, moves: &[G::Move], n: u32) -> Vec<Option<bool>> {
        // Every position after a move is of the same match as `pos`.
        self.table.enter_match(pos);
        moves
            .iter()
            .map(|&m| {
                let after = pos.play(m);
                if let Some(w) = self.player_won(&after) {
                    return Some(w);
                }
                if after.to_move() != self.player {
                    return None;
                }
                let n = at_most_plies_left(&after, n);
                if n == 0 {
                    return Some(false);
                }
                let e = self.table.get(&after)?;
                if e.win_at_most <= n {
                    Some(true)
                } else if e.fail_at_least >= n {
                    Some(false)
                } else {
                    None
                }
            })
            .collect()
    }

    /// Counts one node against the limits (for work done outside the search, such as
    /// building a proof tree).
    ///
    /// # Errors
    /// [`Stop`] when a limit or cancel says to stop.
    pub fn tick(&mut self) -> Result<(), Stop> {
        self.meter.tick()
    }

    /// The player this prover proves wins for.
    pub fn player(&self) -> Player {
        self.player
    }

    /// Whether the player, to move in `pos`, forces a win within `n` of its moves.
    ///
    /// # Errors
    /// [`Stop`] when a limit or cancel stopped the search.
    pub fn wins(&mut self, pos: &G, n: u32) -> Result<bool, Stop> {
        self.table.enter_match(pos);
        let n = at_most_plies_left(pos, n);
        self.wins_in(pos, n)
    }

    fn wins_in(&mut self, pos: &G, n: u32) -> Result<bool, Stop> {
        if let Some(w) = self.player_won(pos) {
            return Ok(w);
        }
        if pos.moves_to_win_at_least(self.player) > n {
            return Ok(false);
        }
        match n {
            0 => return Ok(false),
            1 => return self.wins_in_one(pos),
            _ => {}
        }
        if let Some(e) = self.table.get(pos) {
            if e.win_at_most <= n {
                return Ok(true);
            }
            if e.fail_at_least >= n {
                return Ok(false);
            }
        }
        // The killer first, before the other moves are generated, when the game can test it.
        let killer = self.killers.player_killer(n);
        let early = match killer {
            Some(k) if pos.is_legal_cheaply(k) == Some(true) => Some(self.move_wins_in(pos, k, n)),
            _ => None,
        };
        let result = match early {
            Some(Err(s)) => Err(s),
            Some(Ok(true)) => {
                self.killers.won(n, killer.expect("tried"));
                Ok(true)
            }
            tried => {
                let skip = tried.and(killer);
                let mut moves = self.moves(|v| pos.legal_moves_into(v))?;
                self.killers.order_player_with(pos, &mut moves, killer);
                if let Some(k) = skip {
                    // The killer is first (it is legal); it failed already.
                    debug_assert_eq!(moves.first(), Some(&k));
                    moves.remove(0);
                }
                let r = self.any_move_wins(pos, &moves, n);
                self.give_back(moves);
                r
            }
        };
        if let Ok(w) = result
            && n >= MIN_STORED_DEPTH
        {
            self.table.store(pos, n, w);
            self.meter.table_bytes = self.table.bytes();
        }
        result
    }

    /// The player's last move: only moves that can end the match at once (or leave only
    /// defences that do) can win; the game's hooks say which.
    fn wins_in_one(&mut self, pos: &G) -> Result<bool, Stop> {
        let mut known = None;
        let mut moves = self.moves(|v| known = pos.last_move_into(v))?;
        if let Some(w) = known {
            self.give_back(moves);
            return Ok(w);
        }
        self.killers.order_player(pos, &mut moves, 1);
        let result = self.any_move_wins(pos, &moves, 1);
        self.give_back(moves);
        result
    }

    /// Whether one of `moves` (in order) wins within `n` player moves; the first that does
    /// becomes the killer for `n`.
    fn any_move_wins(&mut self, pos: &G, moves: &[G::Move], n: u32) -> Result<bool, Stop> {
        for &m in moves {
            if self.move_wins_in(pos, m, n)? {
                self.killers.won(n, m);
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether every defence in `pos` (opponent to move, match not over) loses within `n`
    /// further player moves (with `n == 0`: every defence ends the match in the player's
    /// favour at once, or leaves the defender to move again in a position where that holds).
    fn defence_loses(&mut self, pos: &G, n: u32) -> Result<bool, Stop> {
        // The match is live, so the defender has a move; with no player move left, it must
        // end the match in the player's favour, which the game may rule out at once.
        if n == 0 && !pos.may_lose_at_once() {
            return Ok(false);
        }
        // The game may know that the player needs more moves than it has left.
        if pos.moves_to_win_at_least(self.player) > n {
            return Ok(false);
        }
        // The last refutation first, before the other defences are generated, when the game
        // can test it; the order stays that of the generated list with the killer in front.
        let killer = self.killers.defence_killer(n);
        let mut skip = None;
        if let Some(k) = killer
            && pos.is_legal_cheaply(k) == Some(true)
        {
            let child = pos.play(k);
            self.meter.tick()?;
            if !self.within(&child, n)? {
                self.killers.refuted(n, k);
                return Ok(false);
            }
            skip = Some(k);
        }
        let mut moves = self.moves(|v| pos.legal_moves_into(v))?;
        self.killers.order_defence_with(pos, &mut moves, killer);
        if skip.is_some() {
            debug_assert_eq!(moves.first().copied(), skip);
            moves.remove(0);
        }
        let mut result = Ok(true);
        for &r in &moves {
            let child = pos.play(r);
            if let Err(s) = self.meter.tick() {
                result = Err(s);
                break;
            }
            // Usually the player moves next; the defender again after a Seega chain step.
            let ok = self.within(&child, n);
            match ok {
                Ok(true) => {}
                Ok(false) => {
                    self.killers.refuted(n, r);
                    result = Ok(false);
                    break;
                }
                Err(s) => {
                    result = Err(s);
                    break;
                }
            }
        }
        self.give_back(moves);
        result
    }

    /// The fewest further player moves (0..=`max`) within which the player wins from `pos`,
    /// whoever is to move there (0 only when the defender is to move and every defence loses
    /// at once); `None` when it cannot within `max`. Iterative deepening.
    ///
    /// # Errors
    /// [`Stop`] when a limit or cancel stopped the search.
    pub fn shortest_win(&mut self, pos: &G, max: u32) -> Result<Option<u32>, Stop> {
        self.table.enter_match(pos);
        let max = at_most_plies_left(pos, max);
        if let Some(w) = self.player_won(pos) {
            return Ok(w.then_some(0));
        }
        let first = u32::from(pos.to_move() == self.player);
        for d in first..=max {
            self.meter.depth = d;
            if self.within(pos, d)? {
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
        self.table.enter_match(pos);
        let max = at_most_plies_left(pos, max);
        for d in 1..=max {
            if self.move_wins_in(pos, mv, d)? {
                return Ok(Some(d));
            }
        }
        Ok(None)
    }
}

/// `n` player moves, but no more than the plies left before the move limit: the player cannot
/// make more moves than that, so the answer is the same, and a huge goal (say `u32::MAX`, from a
/// file) costs no memory or time per unused move.
fn at_most_plies_left<G: GameState>(pos: &G, n: u32) -> u32 {
    pos.plies_left().map_or(n, |p| n.min(p))
}
