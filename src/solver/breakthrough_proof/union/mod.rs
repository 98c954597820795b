//! Strategies made one: the certificates of `solve --split` jobs joined into the start's by
//! `solve --merge --length`, each position keeping the record of the strategy that does best
//! from it, so that the joined strategy keeps the bound the start's length needs.
//!
//! Every record offered comes with its *bound* from its position: for a winner's strategy
//! ([`Aim::Win`]) the longest line to the winner's win that following it allows; for a
//! loser's ([`Aim::Last`]) the fewest plies the match lasts following it, by the lines it
//! plays out and, where it has no record, by the winner's distance (the bound the checker
//! applies: the winner needs as many moves as its nearest pawn's ranks to go or the loser's
//! pawns, whichever is fewer). A position two strategies hold keeps the better record: the
//! smaller bound for a win, the greater for a length.
//!
//! Why the joined strategy keeps them: from a position whose record came from strategy S
//! with bound b, S's move and any reply lead to positions where S's bound is b less two
//! plies or better (a win within b − 2, or a match that lasts b − 2 at least), and the joined
//! strategy there does at least as well as S (it kept the best record, or the winner's
//! distance closes the line); by induction on the plies to go, the joined strategy keeps b:
//! it wins within b, or the match lasts b at least. A union without this choice (any record of a shared position) wins
//! but can run a line past a bound: one board can come back a ply sooner or later in another
//! job, a capture having taken a pawn that had gone further.
//!
//! The records offered are kept as sorted runs (`runs.rs`), in memory or, after
//! [`Union::spill_into`], in files: the memory of a join is one strategy's walk, not the
//! union's, so certificates bigger than memory can be joined.

mod runs;

use std::collections::HashMap;

pub use runs::Merged;
use runs::{Entry, Runs};

use super::strategy::{key, move_of_code, record};
use crate::game::{GameState, Player};
use crate::games::breakthrough::{Move, Position};

/// A bound the match never reaches: a line the winner never wins.
pub const NEVER: u32 = u32::MAX;

/// What the joined strategy is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aim {
    /// The winner's strategy: the smaller bound (plies to win within) is kept.
    Win,
    /// The loser's strategy of a length certificate: the greater bound (plies it lasts).
    Last,
}

/// Records offered so far: each key's best record is kept (in sorted runs).
pub struct Union {
    aim: Aim,
    winner: Player,
    /// Records offered since the last run was made, in the order offered.
    pending: Vec<Entry>,
    runs: Runs,
}

/// Records offered that are made a run once a strategy is walked (about 100 MB).
const RUN: usize = 1 << 22;

impl Union {
    /// An empty union of strategies for `aim`, the match won by `winner`, held in memory.
    #[must_use]
    pub fn new(aim: Aim, winner: Player) -> Self {
        Self {
            aim,
            winner,
            pending: Vec::new(),
            runs: Runs::new(aim),
        }
    }

    /// Keeps the records offered from now on in files without a name in `dir` (gone with the
    /// process, however it ends), so that a union bigger than memory can be joined.
    ///
    /// # Errors
    /// No such file can be made in `dir`.
    pub fn spill_into(&mut self, dir: &std::path::Path) -> std::io::Result<()> {
        self.runs.spill_into(dir)
    }

    /// Offers the record `(key, code)` whose strategy does within `bound` from its position;
    /// kept when it does better than the records of its position offered before it.
    pub fn offer(&mut self, record: (u128, u8), bound: u32) {
        self.pending.push(Entry::new(record, bound));
    }

    /// Makes the records offered since the last run a run once they are many: call it after
    /// offering many with [`Union::offer`].
    ///
    /// # Errors
    /// The records cannot be kept (a spill file cannot be written).
    pub fn run_when_large(&mut self) -> Result<(), String> {
        if self.pending.len() >= RUN {
            self.make_run()
                .map_err(|e| format!("cannot keep the records: {e}"))?;
        }
        Ok(())
    }

    /// Offers every record of the strategy `records` that its lines reach from `start`, each
    /// with its bound. A winner's strategy is the winner's records; a loser's, the loser's
    /// (a length certificate, or the strategy of a job the loser wins).
    ///
    /// # Errors
    /// A strategy that does not hold from `start`: a missing record or a move that is not
    /// legal there (the job's certificate is not the one its answer claims).
    pub fn offer_strategy(
        &mut self,
        start: &Position,
        records: &mut Strategy,
    ) -> Result<(), String> {
        let mut walk = Walk {
            aim: self.aim,
            winner: self.winner,
            records,
            won_at_once: HashMap::default(),
            found: Vec::new(),
        };
        walk.from(start)?;
        self.pending.append(&mut walk.found);
        drop(walk);
        self.run_when_large()
    }

    /// Makes the records offered since the last run a run.
    fn make_run(&mut self) -> std::io::Result<()> {
        self.runs.add(std::mem::take(&mut self.pending))
    }

    /// What the union is for.
    #[must_use]
    pub const fn aim(&self) -> Aim {
        self.aim
    }

    /// The records kept, sorted by key, each key once: an iterator that can be read again
    /// (cloned) from any point. A spill file that cannot be read ends it early, and
    /// [`Merged::failed`] (of it or any clone) says why.
    ///
    /// # Errors
    /// The last run cannot be written.
    pub fn records(&mut self) -> std::io::Result<Merged> {
        self.make_run()?;
        Ok(self.runs.merged())
    }
}

/// A fast hash of keys made of positions (no attacker chooses them).
type Hash = foldhash::fast::FixedState;

/// A strategy to walk: its records by key, each with room for the bound the walk gives it
/// (24 bytes an entry: the key in halves, the code, the bound).
#[derive(Default)]
pub struct Strategy {
    map: HashMap<[u64; 2], Slot, Hash>,
}

#[derive(Clone, Copy)]
struct Slot {
    code: u8,
    /// Whether `bound` is the walk's (the record was reached and walked).
    walked: bool,
    bound: u32,
}

/// A key in halves.
const fn halves(key: u128) -> [u64; 2] {
    [(key >> 64) as u64, key as u64]
}

impl Strategy {
    /// Adds the record `(key, code)`.
    pub fn insert(&mut self, (key, code): (u128, u8)) {
        let slot = Slot {
            code,
            walked: false,
            bound: 0,
        };
        self.map.insert(halves(key), slot);
    }
}

/// One strategy's walk: the bound of each of its records.
struct Walk<'a> {
    aim: Aim,
    winner: Player,
    /// The strategy, whose slots keep the bounds of the records walked.
    records: &'a mut Strategy,
    /// The bound of each position without a record where the recorder wins at once.
    won_at_once: HashMap<[u64; 2], u32, Hash>,
    /// Each record reached, with its bound.
    found: Vec<Entry>,
}

impl Walk<'_> {
    /// The side whose records the strategy holds.
    fn recorder(&self) -> Player {
        match self.aim {
            Aim::Win => self.winner,
            Aim::Last => self.winner.opponent(),
        }
    }

    /// Walks from `start`, whichever side is to move.
    fn from(&mut self, start: &Position) -> Result<(), String> {
        if start.outcome().is_some() {
            return Ok(());
        }
        if start.to_move() == self.recorder() {
            self.own(start)?;
        } else {
            self.other(start)?;
        }
        Ok(())
    }

    /// The bound from `pos`, the recorder to move. Positions with a record keep their bound
    /// once walked; positions without one are ends (a win at once, kept too, or the
    /// winner's distance, made again when met again).
    fn own(&mut self, pos: &Position) -> Result<u32, String> {
        let k = halves(key(pos).ok_or("a board of more than 64 tiles")?);
        let slot = self.records.map.get(&k).copied();
        if let Some(s) = slot.filter(|s| s.walked) {
            return Ok(s.bound);
        }
        if let Some(&b) = self.won_at_once.get(&k) {
            return Ok(b);
        }
        if let Some(m) = winning_at_once(pos) {
            return Ok(match self.aim {
                // The checker wins at once for the winner, record or not.
                Aim::Win => 1,
                // The loser's win ends the line without the winner's: a record of it.
                Aim::Last => {
                    self.keep(pos, m, NEVER)?;
                    self.won_at_once.insert(k, NEVER);
                    NEVER
                }
            });
        }
        let Some(slot) = slot else {
            return match self.aim {
                Aim::Last => Ok(distance(pos, self.winner)),
                Aim::Win => Err(format!("no record for {pos}")),
            };
        };
        let m = move_of_code(pos, slot.code)
            .ok_or_else(|| format!("the record of {pos} is not a legal move"))?;
        let after = pos.play(m);
        let b = match after.outcome() {
            Some(o) if o.winner == Some(self.recorder()) => {
                if self.aim == Aim::Win {
                    1
                } else {
                    NEVER
                }
            }
            Some(_) => {
                return Err(format!("{m:?} in {pos} ends the match against its side"));
            }
            None => self.other(&after)?.saturating_add(1),
        };
        let b = self.with_distance(pos, b);
        self.keep(pos, m, b)?;
        if let Some(s) = self.records.map.get_mut(&k) {
            s.walked = true;
            s.bound = b;
        }
        Ok(b)
    }

    /// The bound from `pos`, the other side to move: the worst of its moves for the
    /// recorder.
    fn other(&mut self, pos: &Position) -> Result<u32, String> {
        let mut worst = None::<u32>;
        for r in pos.legal_moves() {
            let next = pos.play(r);
            let b = match next.outcome() {
                // The other side's win: allowed to end a loser's line (its length so far),
                // never a winner's.
                Some(_) if self.aim == Aim::Last => 1,
                Some(_) => return Err(format!("the defence {r:?} in {pos} ends the match")),
                None => self.own(&next)?.saturating_add(1),
            };
            worst = Some(match (self.aim, worst) {
                (_, None) => b,
                (Aim::Win, Some(w)) => w.max(b),
                (Aim::Last, Some(w)) => w.min(b),
            });
        }
        let b = worst.ok_or_else(|| format!("no move in {pos}"))?;
        Ok(self.with_distance(pos, b))
    }

    /// A loser's bound raised to the winner's distance from `pos` (a line lasts that long
    /// whatever is played); a winner's as it is.
    fn with_distance(&self, pos: &Position, b: u32) -> u32 {
        match self.aim {
            Aim::Win => b,
            Aim::Last => b.max(distance(pos, self.winner)),
        }
    }

    fn keep(&mut self, pos: &Position, m: Move, bound: u32) -> Result<(), String> {
        let rec = record(pos, m).ok_or("a board of more than 64 tiles")?;
        self.found.push(Entry::new(rec, bound));
        Ok(())
    }
}

/// A move of the side to move in `pos` that wins at once, if it has one.
#[must_use]
pub fn winning_at_once(pos: &Position) -> Option<Move> {
    let me = pos.to_move();
    pos.legal_moves()
        .into_iter()
        .find(|&m| pos.play(m).outcome().is_some_and(|o| o.winner == Some(me)))
}

/// The fewest plies before `winner` can win from `pos`: it needs as many moves as its nearest
/// pawn's ranks to go, or the loser's pawns if fewer, and wins at the `2m − 1`-th ply at the
/// earliest when it is to move, the `2m`-th when the loser is.
#[must_use]
pub fn distance(pos: &Position, winner: Player) -> u32 {
    let Some((geo, [w, b])) = pos.bitboards() else {
        return 0;
    };
    let white = winner == Player::First;
    let (mine, theirs) = if white { (w, b) } else { (b, w) };
    let to_go = (0..geo.width * geo.height)
        .filter(|&s| mine >> s & 1 == 1)
        .map(|s| {
            let rank = s / geo.width;
            if white { geo.height - 1 - rank } else { rank }
        })
        .min()
        .unwrap_or(u32::MAX);
    let m = to_go.min(theirs.count_ones());
    if pos.to_move() == winner {
        (2 * m).saturating_sub(1)
    } else {
        2 * m
    }
}
