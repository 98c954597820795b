//! The walk over a strategy certificate, forward from the start, by progress, on every core.
//!
//! A winner's strategy must win on every line; its longest line is measured. A loser's
//! strategy (a length certificate) must make every line last a number of plies; its
//! shortest line is what counts. Both are walked the same way.
//!
//! Each ply moves a pawn one rank forward, and a capture removes a pawn, so the *progress* of
//! a position, the ranks its pawns have advanced plus the board's height for each pawn
//! taken, grows by one at least with every ply (a capture advances the taker one rank and
//! removes a pawn that had advanced fewer ranks than the height). The records the strategy
//! reaches are therefore visited in rounds of equal progress, lowest first: when a round
//! starts, every record that leads to one of its records was visited in an earlier round, so
//! its longest (or shortest) distance from the start is known. The records of a round do not
//! depend on each other. Each reached record is visited once: its move must be legal, then
//! every reply of the other side is followed to an end, or for survival until the winner's
//! distance shows it cannot win before the plies still to last run out, or to a record of
//! higher progress (checked, so a line cannot come back on itself whatever the rules did).
//!
//! A round's records are taken in the order of their numbers (the order of their keys), in
//! pieces, each on one core, so that memory is read in order rather than at random: the
//! records of a piece are played and the positions after the replies gathered as keys; those
//! keys, sorted, are then found among the records' sorted keys by one forward search (a
//! merge), which marks the records they reach (of higher progress: not of this round).
//!
//! The answer never depends on the threads: the records of each round, the distances and the
//! ends are the same in any order; when records of a round fail, the one with the lowest
//! number is reported (and, of its failures, the one found first in a fixed order).

use std::cell::RefCell;
use std::sync::atomic::{AtomicU16, Ordering::Relaxed};

use rayon::prelude::*;

use super::check::CheckError;
use super::lookup::{Cursor, Lookup};
use super::plain::breakthrough::{Board, End, Step};

/// The most records in a piece of a round: what their replies reach is held until it is
/// found, about six keys a record (a larger piece reads the keys more nearly in order).
const PIECE: usize = 1 << 20;

thread_local! {
    /// A thread's lists, kept between pieces (they are large).
    static SCRATCH: RefCell<Scratch> = RefCell::default();
}

/// The lists of one thread.
#[derive(Default)]
struct Scratch {
    /// The moves of a position.
    replies: Vec<Step>,
    /// The positions a piece reached, to be found.
    after: Vec<Reached>,
}

/// What a walk proves.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Aim {
    /// The winner's strategy wins on every line.
    Win,
    /// The loser's strategy makes every line last this many plies at least.
    Survive(u32),
}

/// What the walk found: the records reached, the positions of the other side whose every
/// move was followed and, of a winner's strategy, the longest line in plies.
pub(super) struct Walked {
    /// The longest line that ended (survival needs only that no line is too short).
    pub plies: u32,
    pub reached: u64,
    pub other_nodes: u64,
}

/// The shared state of a walk.
struct Walk<'a> {
    records: &'a Lookup,
    root: &'a Board,
    aim: Aim,
    /// Whether the records are White's moves.
    white_records: bool,
    /// Per record: 0 not reached yet, else the mark of its distance from the start (see
    /// [`Walk::mark`]).
    marks: Vec<AtomicU16>,
}

/// A position after a reply of the other side, to be found among the records.
#[derive(Clone, Copy)]
struct Reached {
    key: u128,
    /// Its distance from the start in plies.
    plies: u32,
    /// Its progress (see the module's text).
    progress: u32,
    /// The record whose reply led here (`u32::MAX`: the start).
    from: u32,
}

/// What one visit, or one round of them, found.
#[derive(Default)]
struct Round {
    /// The longest line that ended.
    longest: u32,
    other_nodes: u64,
    /// Records reached for the first time, with their progress.
    reached: Vec<(u32, u32)>,
    /// The failing record of lowest number (`u32::MAX`: the start), and why.
    failed: Option<(u32, CheckError)>,
}

impl Round {
    fn merge(mut self, o: Round) -> Round {
        self.longest = self.longest.max(o.longest);
        self.other_nodes += o.other_nodes;
        self.reached.extend(o.reached);
        self.fail_with(o.failed);
        self
    }

    /// Keeps the failure of the lower record; of one record, the one found first.
    fn fail_with(&mut self, f: Option<(u32, CheckError)>) {
        self.failed = match (self.failed.take(), f) {
            (Some(a), Some(b)) => Some(if a.0 <= b.0 { a } else { b }),
            (a, b) => a.or(b),
        };
    }

    /// The end of a line `plies` long.
    fn ends(&mut self, plies: u32) {
        self.longest = self.longest.max(plies);
    }
}

/// Walks the strategy in `records` from `root` (White wins when `white_wins`) for `aim`.
///
/// # Errors
/// [`CheckError::Refuted`] naming a position where the strategy fails.
pub(super) fn walk(
    records: &Lookup,
    root: &Board,
    white_wins: bool,
    aim: Aim,
) -> Result<Walked, CheckError> {
    let w = Walk {
        records,
        root,
        aim,
        white_records: white_wins == (aim == Aim::Win),
        marks: (0..records.len()).map(|_| AtomicU16::new(0)).collect(),
    };
    let walked = w.rounds();
    // The threads' lists are large: freed with the walk.
    rayon::broadcast(|_| SCRATCH.take());
    walked
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
    /// Walks the rounds of progress from the start's.
    fn rounds(&self) -> Result<Walked, CheckError> {
        let p = progress(self.records, self.records.key_of(self.root).0);
        let mut total = self.start(p)?;
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
            let Some(mut round) = rounds.get_mut(next).map(std::mem::take) else {
                break;
            };
            let p = next as u32;
            next += 1;
            reached += round.len() as u64;
            round.par_sort_unstable();
            let piece = (round.len() / (4 * rayon::current_num_threads())).clamp(16, PIECE);
            let done = round
                .par_chunks(piece)
                .map(|piece| self.visit_piece(piece, p))
                .reduce(Round::default, Round::merge);
            if let Some((_, e)) = done.failed {
                return Err(e);
            }
            total = total.merge(done);
        }
        Ok(Walked {
            plies: total.longest,
            reached,
            other_nodes: total.other_nodes,
        })
    }

    /// The plies still to last at `d` plies from the start (none for a winner's strategy).
    fn left(&self, d: u32) -> Option<u32> {
        match self.aim {
            Aim::Win => None,
            Aim::Survive(need) => Some(need.saturating_sub(d)),
        }
    }

    /// Whether, for survival, the line through `b` at `d` plies from the start lasts the
    /// plies still to last whatever both sides play: the winner needs at least `m` moves
    /// ([`Board::fewest_moves_to_win`]), so it wins at the `2m - 1`-th ply from here at the
    /// earliest when it is to move, the `2m`-th when the loser is, and a win at the last ply
    /// still to last is allowed. Such a position needs no record.
    fn lasts_anyway(&self, b: &Board, d: u32) -> bool {
        let Some(left) = self.left(d) else {
            return false;
        };
        let winner_white = !self.white_records;
        let m = b.fewest_moves_to_win(winner_white);
        let earliest = if b.white_to_move == winner_white {
            (2 * m).saturating_sub(1)
        } else {
            2 * m
        };
        left <= earliest
    }

    /// The mark of `d` plies from the start, which only grows as a record is reached again
    /// (0: not reached): the longest distance counts for a win, the shortest for survival.
    fn mark(&self, d: u32) -> u16 {
        // Lines are far shorter (at most the greatest progress, a few thousand plies).
        let d = u16::try_from(d).unwrap_or(u16::MAX).min(u16::MAX - 1);
        match self.aim {
            Aim::Win => d.saturating_add(1),
            Aim::Survive(_) => u16::MAX - d,
        }
    }

    /// The distance of record `i` from the start (it was reached).
    fn distance(&self, i: usize) -> u32 {
        let m = self.marks[i].load(Relaxed);
        u32::from(match self.aim {
            Aim::Win => m - 1,
            Aim::Survive(_) => u16::MAX - m,
        })
    }

    /// Marks record `i` reached at `d` plies from the start; into `r` when it is new.
    fn reach(&self, i: usize, d: u32, progress: u32, r: &mut Round) {
        if self.marks[i].fetch_max(self.mark(d), Relaxed) == 0 {
            r.reached.push((progress, i as u32));
        }
    }

    /// The start, of progress `p`: its record, a win at once of the winner, or the replies
    /// of the other side, found.
    fn start(&self, p: u32) -> Result<Round, CheckError> {
        let (b, mut r) = (self.root, Round::default());
        if b.white_to_move != self.white_records {
            let mut s = Scratch::default();
            self.other_position(b, 0, p, u32::MAX, &mut s, &mut r)?;
            self.find(&mut s.after, &mut r);
            return match r.failed.take() {
                Some((_, e)) => Err(e),
                None => Ok(r),
            };
        }
        if self.aim == Aim::Win && b.wins_at_once() {
            r.ends(1);
        } else if !self.lasts_anyway(b, 0) {
            let (key, _) = self.records.key_of(b);
            let i = self.records.find(key).ok_or_else(|| self.missing(b, 0))?;
            self.reach(i, 0, p, &mut r);
        }
        Ok(r)
    }

    /// Why `b`, `d` plies from the start, fails: it has no record.
    fn missing(&self, b: &Board, d: u32) -> CheckError {
        CheckError::refuted(match self.left(d) {
            None => format!(
                "a missing defence: the winner's position {}, {} from the start, has no record and no win at once",
                b.pawns_text(),
                crate::cli::plies(d)
            ),
            Some(need) => format!(
                "a missing defence: the loser's position {} has no record, {need} plies still to last",
                b.pawns_text()
            ),
        })
    }

    /// Visits the records `piece` of the round of progress `p`, then finds the records their
    /// replies reach.
    fn visit_piece(&self, piece: &[u32], p: u32) -> Round {
        SCRATCH.with_borrow_mut(|s| {
            s.after.clear();
            let mut r = Round::default();
            for &i in piece {
                if let Err(e) = self.visit(i, p, s, &mut r) {
                    r.fail_with(Some((i, e)));
                }
            }
            self.find(&mut s.after, &mut r);
            r
        })
    }

    /// Visits record `i`, of progress `p`: its move is legal and ends the line as the
    /// strategy may, or leads to a position whose every reply is gathered into `s.after`.
    fn visit(&self, i: u32, p: u32, s: &mut Scratch, r: &mut Round) -> Result<(), CheckError> {
        let at = self
            .records
            .board(i as usize, self.white_records)
            .ok_or_else(|| CheckError::refuted(format!("record {i}: its key is no position")))?;
        let d = self.distance(i as usize);
        match self.after_move(i, &at)? {
            None => {
                r.ends(d + 1);
                Ok(())
            }
            Some(next) => self.other_position(&next, d + 1, p, i, s, r),
        }
    }

    /// The position after the move of record `i` in `at`, `None` when it ends the line as
    /// the strategy may: a win of the winner, or for the loser a win thrown away by the
    /// winner.
    fn after_move(&self, i: u32, at: &Board) -> Result<Option<Board>, CheckError> {
        let step = self.records.step(i as usize, at)?;
        match at.play(step) {
            (_, Some(End::Win(w, _))) if w == self.white_records => Ok(None),
            (_, Some(e)) => Err(CheckError::refuted(match self.aim {
                Aim::Win => format!(
                    "a wrong end: {} in {} ends the match as {e:?}, not a win of the winner",
                    at.text(step),
                    at.pawns_text()
                ),
                Aim::Survive(_) => format!(
                    "a wrong end: the loser's {} in {} ends the match ({e:?})",
                    at.text(step),
                    at.pawns_text()
                ),
            })),
            (next, None) => Ok(Some(next)),
        }
    }

    /// `b`, the other side to move, `d` plies from the start, after record `from` of
    /// progress `p`: every reply leads to an end the strategy may reach or to a position of
    /// higher progress, gathered into `s.after` to be found.
    fn other_position(
        &self,
        b: &Board,
        d: u32,
        p: u32,
        from: u32,
        s: &mut Scratch,
        r: &mut Round,
    ) -> Result<(), CheckError> {
        if self.lasts_anyway(b, d) {
            return Ok(());
        }
        r.other_nodes += 1;
        b.moves(&mut s.replies);
        for &reply in &s.replies {
            let (next, end) = b.play(reply);
            if let Some(e) = end {
                return Err(self.wrong_end(b, reply, e, d));
            }
            if self.aim == Aim::Win && next.wins_at_once() {
                r.ends(d + 2);
                continue;
            }
            if self.lasts_anyway(&next, d + 1) {
                continue;
            }
            let (key, _) = self.records.key_of(&next);
            let q = progress(self.records, key);
            if q <= p {
                return Err(CheckError::refuted(format!(
                    "the line to {} does not advance (progress {q} after {p})",
                    next.pawns_text()
                )));
            }
            s.after.push(Reached {
                key,
                plies: d + 1,
                progress: q,
                from,
            });
        }
        Ok(())
    }

    /// Why the reply `m` in `b`, `d` plies from the start, fails: it ends the match.
    fn wrong_end(&self, b: &Board, m: Step, e: End, d: u32) -> CheckError {
        CheckError::refuted(match self.left(d) {
            None => format!(
                "a wrong end: the defence {} in {} ends the match as {e:?}",
                b.text(m),
                b.pawns_text()
            ),
            Some(need) => format!(
                "a path too short: the winner's {} in {} ends the match ({e:?}) with {} plies still to last",
                b.text(m),
                b.pawns_text(),
                need - 1
            ),
        })
    }

    /// Finds the records of the positions `after` (sorted by key, then found by a forward
    /// search) and marks them reached, into `r`.
    fn find(&self, after: &mut [Reached], r: &mut Round) {
        after.sort_unstable_by_key(|a| a.key);
        let mut at = self.records.cursor();
        for a in after.iter() {
            self.find_one(a, &mut at, r);
        }
    }

    /// Finds the record of `a` and marks it reached, or fails `a.from`.
    fn find_one(&self, a: &Reached, at: &mut Cursor, f: &mut Round) {
        match at.seek(a.key) {
            Some(j) => self.reach(j, a.plies, a.progress, f),
            None => {
                if f.failed.as_ref().is_none_or(|(i, _)| a.from < *i) {
                    f.failed = Some((a.from, self.missing_after(a)));
                }
            }
        }
    }

    /// Why the position `a` fails: it has no record. Named as the position itself, found
    /// again from the record that led there.
    fn missing_after(&self, a: &Reached) -> CheckError {
        let before = if a.from == u32::MAX {
            Some(self.root.clone())
        } else {
            self.records
                .board(a.from as usize, self.white_records)
                .and_then(|at| self.after_move(a.from, &at).ok().flatten())
        };
        let mut replies = Vec::new();
        if let Some(b) = before {
            b.moves(&mut replies);
            for reply in replies {
                let next = b.play(reply).0;
                if self.records.key_of(&next).0 == a.key {
                    return self.missing(&next, a.plies);
                }
            }
        }
        CheckError::refuted(format!("a missing defence: key {:#x} has no record", a.key))
    }
}
