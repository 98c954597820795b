//! The root split: the player's first moves tried on several threads (rayon), each thread
//! with its own prover and table. Each move's answer is exact whoever computes it, so the key
//! moves never depend on the number of threads; the node count does.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::control::{Shared, Stop};
use super::search::Prover;
use crate::game::GameState;

/// The moves of `moves` (the player's, in `pos`) that win within `n` player moves, in the
/// order given, tried on `threads` threads: `prover` (whose table is warm) and helpers.
/// Every thread's nodes are added to `prover`'s count.
///
/// # Errors
/// [`Stop`] when a limit or cancel stopped any thread.
pub(crate) fn winning_moves<G: GameState>(
    pos: &G,
    moves: &[G::Move],
    n: u32,
    prover: &mut Prover<'_, G>,
    threads: usize,
) -> Result<Vec<G::Move>, Stop> {
    let pool = (threads > 1 && moves.len() > 1)
        .then(|| super::threads::pool(threads, "peakforge-solver"))
        .flatten()
        .filter(|pool| pool.current_num_threads() > 1);
    let Some(pool) = pool else {
        // One thread (or no thread pool to be had): in order, on this thread.
        let mut out = Vec::new();
        for &m in moves {
            if prover.move_wins(pos, m, n)? {
                out.push(m);
            }
        }
        return Ok(out);
    };
    let shared = Arc::new(Shared::default());
    // As many provers as the pool has threads (the system may have given fewer).
    let threads = pool.current_num_threads();
    let mut helpers: Vec<Prover<'_, G>> = (1..threads).map(|_| prover.helper()).collect();
    for p in std::iter::once(&mut *prover).chain(helpers.iter_mut()) {
        p.meter.attach(Arc::clone(&shared));
    }
    let next = AtomicUsize::new(0);
    let wins: Vec<AtomicBool> = moves.iter().map(|_| AtomicBool::new(false)).collect();
    pool.scope(|s| {
        for p in std::iter::once(&mut *prover).chain(helpers.iter_mut()) {
            let (next, wins, shared) = (&next, &wins, &shared);
            s.spawn(move |_| {
                // Take the next untried move until none is left or a thread stopped.
                while shared.stopped().is_none() {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&m) = moves.get(i) else { break };
                    match p.move_wins(pos, m, n) {
                        Ok(w) => wins[i].store(w, Ordering::Relaxed),
                        Err(stop) => shared.raise(stop),
                    }
                }
            });
        }
    });
    prover.meter.detach();
    prover.meter.nodes += helpers.iter().map(Prover::nodes).sum::<u64>();
    if let Some(stop) = shared.stopped() {
        return Err(stop);
    }
    Ok(moves
        .iter()
        .zip(&wins)
        .filter(|(_, w)| w.load(Ordering::Relaxed))
        .map(|(&m, _)| m)
        .collect())
}
