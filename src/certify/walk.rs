//! The walk over a winner's strategy, forward from the start, by progress, on every core.
//!
//! Each ply moves a pawn one rank forward, and a capture removes a pawn, so the *progress* of
//! a position, the ranks its pawns have advanced plus the board's height for each pawn
//! taken, grows by one at least with every ply (a capture advances the taker one rank and
//! removes a pawn that had advanced fewer ranks than the height). The records the strategy
//! reaches are therefore visited in rounds of equal progress, lowest first: when a round
//! starts, every record that leads to one of its records was visited in an earlier round, so
//! its longest distance from the start is known. The records of a round do not depend on each
//! other and are visited in parallel. Each reached record is visited once: its move must be
//! legal, then every reply of the loser is followed to a win at once of the winner or to a
//! record of higher progress (checked, so a line cannot come back on itself whatever the
//! rules did). The longest line is the longest distance to an end.
//!
//! The answer never depends on the threads: the records of each round, the distances and the
//! ends are the same in any order; when records of a round fail, the one with the lowest
//! number is reported.

use std::sync::atomic::{AtomicU16, Ordering::Relaxed};

use rayon::prelude::*;

use super::check::CheckError;
use super::lookup::Lookup;
use super::plain::breakthrough::{Board, End, Step};

/// What the walk found: the longest line in plies, the records reached, the positions with
/// the loser to move whose every reply was followed.
pub(super) struct Walked {
    pub plies: u32,
    pub reached: u64,
    pub loser_nodes: u64,
}

/// The shared state of a walk.
struct Walk<'a> {
    records: &'a Lookup,
    root: &'a Board,
    white_wins: bool,
    /// Per record: 0 not reached yet, else its longest distance from the start in plies + 1.
    distance: Vec<AtomicU16>,
}

/// What one visit, or one round of them, found.
#[derive(Default)]
struct Round {
    /// The longest line that ended.
    longest: u32,
    loser_nodes: u64,
    /// Records reached for the first time, with their progress.
    reached: Vec<(u32, u32)>,
    /// The failing record of lowest number, and why.
    failed: Option<(usize, CheckError)>,
}

impl Round {
    fn merge(mut self, o: Round) -> Round {
        self.longest = self.longest.max(o.longest);
        self.loser_nodes += o.loser_nodes;
        self.reached.extend(o.reached);
        self.failed = match (self.failed, o.failed) {
            (Some(a), Some(b)) => Some(if a.0 <= b.0 { a } else { b }),
            (a, b) => a.or(b),
        };
        self
    }
}

/// Reusable lists of one thread.
#[derive(Default)]
struct Scratch {
    replies: Vec<Step>,
    /// The replies after which a record is looked up, their keys in `keys`.
    open: Vec<Step>,
    keys: Vec<u128>,
    found: Vec<Option<usize>>,
    known: Vec<u16>,
}

/// Walks the winner's strategy in `records` from `root` (White wins when `white_wins`).
///
/// # Errors
/// [`CheckError::Refuted`] naming a position where the strategy fails.
pub(super) fn walk(records: &Lookup, root: &Board, white_wins: bool) -> Result<Walked, CheckError> {
    let distance = (0..records.len()).map(|_| AtomicU16::new(0)).collect();
    let w = Walk {
        records,
        root,
        white_wins,
        distance,
    };
    let mut s = Scratch::default();
    let mut total = Round::default();
    let p = progress(records, records.key_of(root).0);
    if root.white_to_move == white_wins {
        w.winner_position(root, p, &mut total)?;
    } else {
        w.loser_position(root, 0, p, &mut s, &mut total)?;
    }
    let mut rounds: Vec<Vec<u32>> = Vec::new();
    let mut reached = 0;
    let mut next = 0;
    loop {
        for (p, i) in std::mem::take(&mut total.reached) {
            let p = p as usize;
            if rounds.len() <= p {
                rounds.resize_with(p + 1, Vec::new);
            }
            rounds[p].push(i);
        }
        let Some(round) = rounds.get_mut(next).map(std::mem::take) else {
            break;
        };
        next += 1;
        reached += round.len() as u64;
        let done = round
            .par_iter()
            .fold(
                || (Round::default(), Scratch::default()),
                |(mut r, mut s), &i| {
                    if let Err(e) = w.visit(i as usize, next as u32 - 1, &mut s, &mut r) {
                        r = r.merge(Round {
                            failed: Some((i as usize, e)),
                            ..Round::default()
                        });
                    }
                    (r, s)
                },
            )
            .map(|(r, _)| r)
            .reduce(Round::default, Round::merge);
        if let Some((_, e)) = done.failed {
            return Err(e);
        }
        total = total.merge(done);
    }
    Ok(Walked {
        plies: total.longest,
        reached,
        loser_nodes: total.loser_nodes,
    })
}

/// The progress of the position of `key` (see the module's text).
fn progress(records: &Lookup, key: u128) -> u32 {
    let (w, h) = records.size();
    let tiles = w * h;
    let row = (1u128 << w) - 1;
    let (mut sum, mut pawns) = (0, 0);
    for r in 0..h {
        let white = ((key >> (r * w)) & row).count_ones();
        let black = ((key >> (tiles + r * w)) & row).count_ones();
        sum += white * r as u32 + black * (h - 1 - r) as u32;
        pawns += white + black;
    }
    sum + h as u32 * (tiles as u32 - pawns.min(tiles as u32))
}

impl Walk<'_> {
    /// The distance of record `i` from the start (it was reached).
    fn distance(&self, i: usize) -> u32 {
        u32::from(self.distance[i].load(Relaxed)) - 1
    }

    /// Marks record `i` reached at `d` plies from the start; into `r` when it is new.
    fn reach(&self, i: usize, d: u32, progress: u32, r: &mut Round) {
        let d = u16::try_from(d + 1).unwrap_or(u16::MAX);
        if self.distance[i].fetch_max(d, Relaxed) == 0 {
            r.reached.push((progress, i as u32));
        }
    }

    /// The start `b`, the winner to move, of progress `p`: a win at once, or its record is
    /// reached.
    fn winner_position(&self, b: &Board, p: u32, r: &mut Round) -> Result<(), CheckError> {
        if b.wins_at_once() {
            r.longest = 1;
            return Ok(());
        }
        let (key, _) = self.records.key_of(b);
        let i = self.records.find(key).ok_or_else(|| self.missing(b))?;
        self.reach(i, 0, p, r);
        Ok(())
    }

    fn missing(&self, b: &Board) -> CheckError {
        CheckError::Refuted(format!(
            "a missing defence: the position {} (from the start {}) has no record and no win at once",
            b.pawns_text(),
            self.root.to_text()
        ))
    }

    /// Visits record `i`, of progress `p`: its move is legal and leads to a win of the winner
    /// or to a position whose every reply is followed.
    fn visit(&self, i: usize, p: u32, s: &mut Scratch, r: &mut Round) -> Result<(), CheckError> {
        let d = self.distance(i);
        let at = self
            .records
            .board(i, self.white_wins)
            .ok_or_else(|| CheckError::Refuted(format!("record {i}: its key is no position")))?;
        let step = self.records.step(i, &at)?;
        match at.play(step) {
            (_, Some(End::Win(w, _))) if w == self.white_wins => {
                r.longest = r.longest.max(d + 1);
                Ok(())
            }
            (_, Some(e)) => Err(CheckError::Refuted(format!(
                "a wrong end: {} in {} ends the match as {e:?}, not a win of the winner",
                at.text(step),
                at.pawns_text()
            ))),
            (next, None) => self.loser_position(&next, d + 1, p, s, r),
        }
    }

    /// `b`, the loser to move, `d` plies from the start, after a record of progress `p`: every
    /// reply ends in a win at once of the winner or reaches a record of higher progress. The
    /// positions after the replies are found first, then their records all at once
    /// ([`Lookup::find_each`]).
    fn loser_position(
        &self,
        b: &Board,
        d: u32,
        p: u32,
        s: &mut Scratch,
        r: &mut Round,
    ) -> Result<(), CheckError> {
        r.loser_nodes += 1;
        b.moves(&mut s.replies);
        s.open.clear();
        s.keys.clear();
        for &reply in &s.replies {
            let (next, end) = b.play(reply);
            if let Some(e) = end {
                return Err(CheckError::Refuted(format!(
                    "a wrong end: the defence {} in {} ends the match as {e:?}",
                    b.text(reply),
                    b.pawns_text()
                )));
            }
            if next.wins_at_once() {
                r.longest = r.longest.max(d + 2);
                continue;
            }
            let (key, _) = self.records.key_of(&next);
            s.keys.push(key);
            s.open.push(reply);
        }
        self.records.find_each(&s.keys, &mut s.found);
        // Read first, all of them, so that the cache misses overlap; most are reached already
        // at this distance or farther.
        s.known.clear();
        let distance = |j: &Option<usize>| j.map_or(0, |j| self.distance[j].load(Relaxed));
        s.known.extend(s.found.iter().map(distance));
        for (n, (&reply, &key)) in s.open.iter().zip(&s.keys).enumerate() {
            let Some(j) = s.found[n] else {
                return Err(self.missing(&b.play(reply).0));
            };
            let q = progress(self.records, key);
            if q <= p {
                return Err(CheckError::Refuted(format!(
                    "the line to {} does not advance (progress {q} after {p})",
                    b.play(reply).0.pawns_text()
                )));
            }
            if u32::from(s.known[n]) >= d + 2 {
                continue;
            }
            self.reach(j, d + 1, q, r);
        }
        Ok(())
    }
}
