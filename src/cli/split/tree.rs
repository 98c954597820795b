//! The split tree above the jobs: the minimax of the jobs' answers, and the walks that give
//! the start's certificates their records above the jobs.

use std::collections::HashMap;

use super::super::CliError;
use crate::game::{GameState, Player};
use crate::games::breakthrough::{Move, Position};
use crate::solver::breakthrough_proof::record;
use crate::solver::breakthrough_proof::union::{Aim, NEVER, Union, winning_at_once};

/// What a job answered, or what the split tree above the jobs gives a position: the winner,
/// and the plies of perfect play when the plan asks for them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Value {
    pub(super) winner: Player,
    pub(super) plies: Option<u32>,
}

/// The split tree above the jobs: minimax of the jobs' answers. With lengths, the winner
/// wins as fast as it can and the loser lasts as long as it can: a position's plies are one
/// more than the fewest of the moves that win it, or, when none does, the most of all.
pub(super) struct Tree<'a> {
    pub(super) depth: u32,
    pub(super) length: bool,
    pub(super) answers: &'a HashMap<String, Value>,
    pub(super) memo: HashMap<String, Value>,
}

impl Tree<'_> {
    pub(super) fn value(&mut self, pos: &Position, d: u32) -> Result<Value, CliError> {
        if let Some(o) = pos.outcome() {
            let winner = o
                .winner
                .ok_or_else(|| CliError::bad_input("a line of the split is drawn"))?;
            return Ok(Value {
                winner,
                plies: self.length.then_some(0),
            });
        }
        let s = pos.to_string();
        if d == self.depth {
            return self
                .answers
                .get(&s)
                .copied()
                .ok_or_else(|| CliError::bad_input(format!("no job answers the position {s}")));
        }
        if let Some(&v) = self.memo.get(&s) {
            return Ok(v);
        }
        let me = pos.to_move();
        let (mut fastest, mut longest) = (None::<u32>, 0);
        for m in pos.legal_moves() {
            let child = self.value(&pos.play(m), d + 1)?;
            let plies = child.plies.unwrap_or(0) + 1;
            if child.winner == me {
                fastest = Some(fastest.map_or(plies, |f| f.min(plies)));
                if !self.length {
                    break;
                }
            } else {
                longest = longest.max(plies);
            }
        }
        let v = Value {
            winner: if fastest.is_some() { me } else { me.opponent() },
            plies: self.length.then(|| fastest.unwrap_or(longest)),
        };
        self.memo.insert(s, v);
        Ok(v)
    }

    /// The records above the jobs of the start's strategy that `walk` is for, and the jobs
    /// its lines reach: at the recording side's positions one move, at the other side's
    /// every move.
    pub(super) fn records_above(
        &mut self,
        pos: &Position,
        d: u32,
        winner: Player,
        walk: &mut Walk,
    ) -> Result<(), CliError> {
        if self.reached_job(pos, d, walk) {
            return Ok(());
        }
        let moves = pos.legal_moves();
        let aim = walk.union.aim();
        let recorder = match aim {
            Aim::Win => winner,
            Aim::Last => winner.opponent(),
        };
        if pos.to_move() != recorder {
            for m in moves {
                self.records_above(&pos.play(m), d + 1, winner, walk)?;
            }
            return Ok(());
        }
        let Some((m, bound)) = self.recorded_move(pos, d, winner, &moves, aim)? else {
            return Ok(());
        };
        walk.record(pos, m, bound)?;
        self.records_above(&pos.play(m), d + 1, winner, walk)
    }

    /// The move a strategy for `aim` records at `pos` and its bound there: the winner's
    /// winning move (the fastest, with lengths; none where it wins at once, which the checker
    /// plays itself), or the loser's move that lasts longest (the fastest win, after a
    /// winner's move that threw the win away).
    pub(super) fn recorded_move(
        &mut self,
        pos: &Position,
        d: u32,
        winner: Player,
        moves: &[Move],
        aim: Aim,
    ) -> Result<Option<(Move, u32)>, CliError> {
        let v = self.value(pos, d)?;
        let plies = v.plies.unwrap_or(0);
        Ok(Some(match aim {
            // A win at once needs no record: the checker plays it.
            Aim::Win if winning_at_once(pos).is_some() => return Ok(None),
            Aim::Win => (self.pick(pos, d, winner, moves, false)?, plies),
            Aim::Last if v.winner != winner => (self.pick(pos, d, v.winner, moves, false)?, NEVER),
            Aim::Last => (self.pick(pos, d, winner, moves, true)?, plies),
        }))
    }

    /// Whether `pos` ends the walk: a finished match, or a job's position (noted in `walk`).
    pub(super) fn reached_job(&self, pos: &Position, d: u32, walk: &mut Walk) -> bool {
        if pos.outcome().is_some() {
            return true;
        }
        if d == self.depth {
            walk.jobs.insert(pos.to_string());
            return true;
        }
        false
    }

    /// Of `moves`, one after which `won_by` wins: the first, or with lengths the one of the
    /// fewest plies (the most when `longest`).
    pub(super) fn pick(
        &mut self,
        pos: &Position,
        d: u32,
        won_by: Player,
        moves: &[Move],
        longest: bool,
    ) -> Result<Move, CliError> {
        let mut found: Option<(Move, Option<u32>)> = None;
        for &m in moves {
            let v = self.value(&pos.play(m), d + 1)?;
            let worse =
                |(_, p): (Move, Option<u32>)| if longest { p >= v.plies } else { p <= v.plies };
            if v.winner != won_by || found.is_some_and(worse) {
                continue;
            }
            found = Some((m, v.plies));
            if !self.length {
                break;
            }
        }
        found
            .map(|(m, _)| m)
            .ok_or_else(|| CliError::bad_input("the split's answers contradict each other"))
    }
}

/// A walk above the jobs: the records it offers the start's certificate, and the jobs it
/// reaches.
pub(super) struct Walk {
    pub(super) union: Union,
    pub(super) jobs: std::collections::HashSet<String>,
}

impl Walk {
    pub(super) fn new(aim: Aim, winner: Player) -> Self {
        Self {
            union: Union::new(aim, winner),
            jobs: std::collections::HashSet::new(),
        }
    }

    /// Offers the record of `m` in `pos`, which wins within (lasts) `bound` plies.
    pub(super) fn record(&mut self, pos: &Position, m: Move, bound: u32) -> Result<(), CliError> {
        let rec =
            record(pos, m).ok_or_else(|| CliError::bad_input("a board of more than 64 tiles"))?;
        self.union.offer(rec, bound);
        Ok(())
    }
}
